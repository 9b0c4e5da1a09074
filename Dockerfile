# Rami in a container: `docker compose up` (compose.yaml) runs it on PostgreSQL with two processes;
# alone, `docker run --env-file .env -v rami-data:/data IMAGE` runs it on an SQLite file in /data.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# The locked requirements only, with their hashes (pip refuses any package whose hash differs).
COPY requirements.txt .
RUN python -m pip install --require-hashes -r requirements.txt

# A user of its own: the bot never runs as root. Its SQLite file, when it uses one, is on the volume.
RUN useradd --system --create-home --uid 10001 rami && mkdir /data && chown rami /data
COPY --chown=rami . .
USER rami

ENV RAMI_DB_PATH=/data/rami.sqlite3
VOLUME ["/data"]

CMD ["python", "bot.py"]
