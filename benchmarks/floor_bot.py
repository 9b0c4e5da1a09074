"""The load benchmark's floor: a discord.py bot that does nothing but answer ``/ping`` with "pong".

Run as ``python benchmarks/floor_bot.py`` with ``DISCORD_TOKEN`` set (and, against the fake Discord,
``FAKE_DISCORD_URL`` plus ``tests/e2e/sitecustomize`` first on ``PYTHONPATH``). Whatever the real bot
costs above this floor is the bot's own.
"""

from __future__ import annotations

import logging
import os

import discord
from discord import app_commands

log = logging.getLogger("floor_bot")


class FloorBot(discord.Client):
    """One global slash command, synced at start-up."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.command(name="ping", description="Answer pong")(self.ping)

    async def ping(self, interaction: discord.Interaction) -> None:
        """Answer "pong"."""
        await interaction.response.send_message("pong")

    async def setup_hook(self) -> None:
        """Sync the global commands."""
        synced = await self.tree.sync()
        log.info("synced %d command(s)", len(synced))


def main() -> None:
    """Run until killed."""
    discord.utils.setup_logging(level=logging.INFO)
    FloorBot().run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
