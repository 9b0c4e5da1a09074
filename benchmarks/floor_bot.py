"""The load benchmark's floors: discord.py bots that do nothing but answer ``/ping``.

Two floors, picked by ``FLOOR`` in the environment:

* ``pong`` (the default): answers "pong". What any discord.py bot costs on this machine.
* ``hand``: answers with what our bot's first reply to a move is, a private hand: the embed and the
  components of a real one (``benchmarks/floor_hand.json``, captured from the bot once), built once
  at start as a stopped :class:`discord.ui.View`, as the bot sends its hand. Then, as the turn line
  does, it edits one message of the channel (posted at the channel's first action). No game, no
  database: what the bot costs above this floor is its own work, not discord.py's cost of sending
  an embed, a view and an edit.

Run as ``python benchmarks/floor_bot.py`` with ``DISCORD_TOKEN`` set (and, against the fake Discord,
``FAKE_DISCORD_URL`` plus ``tests/e2e/sitecustomize`` first on ``PYTHONPATH``).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger("floor_bot")

HAND = Path(__file__).with_name("floor_hand.json")  # {"embed": {...}, "components": [rows]}
BUTTON, SELECT = 2, 3  # Discord's component types (an action row is 1)


def hand_view(rows: list[dict[str, Any]]) -> discord.ui.View:
    """The hand's buttons and selects as discord.py items, in their rows, in a stopped view (so
    discord.py keeps nothing of it, as the bot's :func:`cogs.ui.components.persistent`)."""
    view = discord.ui.View(timeout=None)
    for number, row in enumerate(rows):
        for c in row["components"]:
            item: discord.ui.Item[Any]
            if c["type"] == BUTTON:
                item = discord.ui.Button(
                    style=discord.ButtonStyle(c["style"]),
                    label=c.get("label"),
                    custom_id=c.get("custom_id"),
                    disabled=c.get("disabled", False),
                    emoji=c.get("emoji", {}).get("name"),
                    row=number,
                )
            elif c["type"] == SELECT:
                item = discord.ui.Select(
                    custom_id=c["custom_id"],
                    placeholder=c.get("placeholder"),
                    min_values=c.get("min_values", 1),
                    max_values=c.get("max_values", 1),
                    options=[discord.SelectOption(**_option(o)) for o in c["options"]],
                    disabled=c.get("disabled", False),
                    row=number,
                )
            else:
                raise ValueError(f"component type {c['type']} is not in a hand")
            view.add_item(item)
    view.stop()
    return view


def _option(option: dict[str, Any]) -> dict[str, Any]:
    out = {k: option[k] for k in ("label", "value", "description", "default") if k in option}
    if "emoji" in option:
        out["emoji"] = option["emoji"].get("name")
    return out


class FloorBot(discord.Client):
    """One global slash command, synced at start-up."""

    def __init__(self, shape: str) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        if shape == "hand":
            canned = json.loads(HAND.read_text(encoding="utf-8"))
            self.embed = discord.Embed.from_dict(canned["embed"])
            self.view = hand_view(canned["components"])
            self.turn_lines: dict[int, int] = {}  # channel id -> its message
            self.edits: set[asyncio.Task[None]] = set()
            self.tree.command(name="ping", description="Answer a hand")(self.hand)
        else:
            self.tree.command(name="ping", description="Answer pong")(self.ping)

    async def ping(self, interaction: discord.Interaction) -> None:
        """Answer "pong"."""
        await interaction.response.send_message("pong")

    async def hand(self, interaction: discord.Interaction) -> None:
        """Answer with the canned private hand, then edit the channel's message (in the background,
        as the turn line is written after the mover's reply)."""
        await interaction.response.send_message(embed=self.embed, view=self.view, ephemeral=True)
        channel = interaction.channel
        if isinstance(channel, discord.abc.Messageable):
            task = asyncio.create_task(self.turn_line(channel, interaction.user.display_name))
            self.edits.add(task)
            task.add_done_callback(self.edits.discard)

    async def turn_line(self, channel: discord.abc.Messageable, who: str) -> None:
        assert isinstance(channel, discord.abc.Snowflake)
        text = f"**{who}** played. Next to play: someone else."
        message_id = self.turn_lines.get(channel.id)
        try:
            if message_id is None:
                self.turn_lines[channel.id] = (await channel.send(text)).id
            else:
                await discord.PartialMessage(channel=channel, id=message_id).edit(content=text)  # type: ignore[arg-type]
        except discord.HTTPException:
            log.exception("the turn line of channel %s", channel.id)

    async def setup_hook(self) -> None:
        """Sync the global commands."""
        synced = await self.tree.sync()
        log.info("synced %d command(s)", len(synced))


def main() -> None:
    """Run until killed."""
    discord.utils.setup_logging(level=logging.INFO)
    FloorBot(os.environ.get("FLOOR", "pong")).run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
