"""A throwaway PostgreSQL cluster for the tests and the storage benchmark: ``initdb`` in a temporary
folder, a server on a unix socket in that folder (no TCP port, so runs side by side never collide),
trust authentication, and everything removed at :meth:`Cluster.stop`.

``initdb`` refuses to run as root, so as root the cluster belongs to the ``postgres`` user (Debian's
package creates it) and its commands run through ``runuser -u postgres --``. The binaries are
looked for in ``RAMI_PG_BIN`` if set, then in Debian's ``/usr/lib/postgresql/<n>/bin``, then on
``PATH``. ``durable=False`` turns fsync off (tests: nothing to keep after the run); the benchmark
keeps PostgreSQL's defaults (``fsync = on``, ``synchronous_commit = on``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Cluster", "find_binaries"]

_TOOLS = ("initdb", "pg_ctl")


def find_binaries() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None if PostgreSQL is not installed."""
    candidates: list[Path] = []
    if os.environ.get("RAMI_PG_BIN"):
        candidates.append(Path(os.environ["RAMI_PG_BIN"]))
    debian = Path("/usr/lib/postgresql")
    if debian.is_dir():
        versions = sorted((p for p in debian.iterdir() if p.name.isdigit()), key=lambda p: int(p.name), reverse=True)
        candidates.extend(p / "bin" for p in versions)
    found = shutil.which("initdb")
    if found is not None:
        candidates.append(Path(found).resolve().parent)
    for folder in candidates:
        if all((folder / tool).is_file() for tool in _TOOLS):
            return folder
    return None


@dataclass
class Cluster:
    """One running server. :meth:`start` makes it, :meth:`url` names a database, :meth:`stop` ends it."""

    bin: Path
    root: Path
    user: str | None  # the system user the server runs as (None: this one)

    @property
    def socket_dir(self) -> Path:
        return self.root / "socket"

    @classmethod
    def start(cls, *, durable: bool = False, bin: Path | None = None) -> Cluster:
        """initdb, then start the server and wait until it accepts connections."""
        folder = bin if bin is not None else find_binaries()
        if folder is None:
            raise FileNotFoundError("PostgreSQL's initdb and pg_ctl were not found (apt-get install postgresql)")
        root = Path(tempfile.mkdtemp(prefix="rami-pg-"))
        user = "postgres" if os.geteuid() == 0 else None
        cluster = cls(folder, root, user)
        try:
            (root / "socket").mkdir()
            if user is not None:
                shutil.chown(root, user)
                shutil.chown(root / "socket", user)
            data = str(root / "data")
            cluster._run("initdb", "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
            options = [f"-k {root / 'socket'}", "-c listen_addresses=''", "-c max_connections=200"]
            if not durable:
                options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
            cluster._run("pg_ctl", "-D", data, "-l", str(root / "log"), "-w", "-o", " ".join(options), "start")
        except BaseException:
            cluster.stop()
            raise
        return cluster

    def url(self, database: str = "postgres") -> str:
        """The asyncpg/libpq URL of a database of this cluster (over its unix socket)."""
        return f"postgresql://postgres@/{database}?host={self.socket_dir}"

    def stop(self) -> None:
        """Stop the server (fast: connections are cut) and remove its folder. Idempotent."""
        if (self.root / "data" / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.root / "data"), "-m", "fast", "-w", "stop", check=False)
        shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, tool: str, *args: str, check: bool = True) -> None:
        command = [str(self.bin / tool), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=self.root)
        if check and done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr.strip() or done.stdout.strip()}")
