"""A throwaway bot that exercises what the fake Discord must support; run by the fake's self-tests.

Run as ``python tests/fakediscord/echo_bot.py`` with ``DISCORD_TOKEN``, ``FAKE_DISCORD_URL``,
``ECHO_GUILD_ID`` (one guild id, or several separated by commas) and the sitecustomize folder first
on ``PYTHONPATH``. It syncs one guild command group, ``/echo``, to each guild, whose subcommands cover
replies, ephemerals, options, autocomplete, a persistent view, a select, a modal, deferral,
follow-ups, edits, threads, an unknown route, and which shard and process answered. It shards as
discord.py's ``AutoShardedBot``: ``ECHO_SHARD_COUNT`` and ``ECHO_SHARDS`` (ids separated by commas)
choose the shards, all of those the fake recommends when unset.
"""

from __future__ import annotations

import asyncio
import logging
import os

import discord
from discord import app_commands
from discord.ext import commands

log = logging.getLogger("echo_bot")

FRUITS = ["apple", "apricot", "banana", "cherry", "grape", "kiwi", "lemon", "mango", "melon", "orange", "peach"]


class PingView(discord.ui.View):
    """A persistent view: it survives restarts because it is registered in ``setup_hook``."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Ping", style=discord.ButtonStyle.primary, custom_id="echo:ping")
    async def ping(self, interaction: discord.Interaction, button: discord.ui.Button[PingView]) -> None:
        """Answer only the clicker."""
        await interaction.response.send_message(f"pong for {interaction.user.name}", ephemeral=True)

    @discord.ui.select(
        custom_id="echo:choose",
        placeholder="Choose letters",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"],
    )
    async def choose(self, interaction: discord.Interaction, select: discord.ui.Select[PingView]) -> None:
        """Answer only the chooser with what they chose."""
        await interaction.response.send_message(f"chose {', '.join(select.values)}", ephemeral=True)


class CountView(discord.ui.View):
    """An ephemeral counter that redraws its own message (callback type 7)."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.count = 0

    @discord.ui.button(label="Count", custom_id="echo:count")
    async def count_up(self, interaction: discord.Interaction, button: discord.ui.Button[CountView]) -> None:
        """Increment and redraw."""
        self.count += 1
        await interaction.response.edit_message(content=f"count {self.count}", view=self)


class NameModal(discord.ui.Modal, title="Your name"):
    """A one-field modal."""

    name: discord.ui.TextInput[NameModal] = discord.ui.TextInput(label="Name", custom_id="echo:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        """Greet."""
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


echo = app_commands.Group(name="echo", description="Echo things back")
deep = app_commands.Group(name="deep", description="A subcommand group", parent=echo)


@echo.command(name="say")
@app_commands.describe(
    text="What to say",
    times="How many times",
    private="Only you see it",
    target="Who it is for",
    where="Which channel it is about",
)
async def say(
    interaction: discord.Interaction,
    text: str,
    times: app_commands.Range[int, 1, 5] = 1,
    private: bool = False,
    target: discord.Member | None = None,
    where: discord.TextChannel | None = None,
) -> None:
    """Say something back."""
    parts = [text] * times
    if target is not None:
        parts.append(f"to {target.display_name}")
    if where is not None:
        parts.append(f"about #{where.name}")
    await interaction.response.send_message(" ".join(parts), ephemeral=private)


@echo.command(name="pick")
@app_commands.describe(fruit="A fruit")
async def pick(interaction: discord.Interaction, fruit: str) -> None:
    """Pick a fruit (with autocomplete)."""
    await interaction.response.send_message(f"picked {fruit}")


@pick.autocomplete("fruit")
async def fruit_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Fruits starting with what was typed."""
    return [app_commands.Choice(name=f, value=f) for f in FRUITS if f.startswith(current.lower())][:25]


@echo.command(name="buttons")
async def buttons(interaction: discord.Interaction) -> None:
    """A public message with a persistent button and a select."""
    await interaction.response.send_message("Press a button", view=PingView())


@echo.command(name="count")
async def count(interaction: discord.Interaction) -> None:
    """An ephemeral counter."""
    await interaction.response.send_message("count 0", view=CountView(), ephemeral=True)


@echo.command(name="later")
async def later(interaction: discord.Interaction) -> None:
    """Defer, think, then answer through a follow-up."""
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.2)
    await interaction.followup.send("done later")


@echo.command(name="edit")
async def edit(interaction: discord.Interaction) -> None:
    """Reply, follow up, then edit the original reply."""
    await interaction.response.send_message("first")
    await interaction.followup.send("second", ephemeral=True)
    await interaction.edit_original_response(content="first (edited)")


@echo.command(name="modal")
async def modal(interaction: discord.Interaction) -> None:
    """Open a modal."""
    await interaction.response.send_modal(NameModal())


@echo.command(name="locale")
async def locale(interaction: discord.Interaction) -> None:
    """Tell the user's and the guild's locales."""
    guild_locale = interaction.guild_locale.value if interaction.guild_locale else "none"
    await interaction.response.send_message(f"{interaction.locale.value} {guild_locale}", ephemeral=True)


@echo.command(name="thread")
async def thread(interaction: discord.Interaction) -> None:
    """Open a private thread, add the caller, and post in it."""
    assert isinstance(interaction.channel, discord.TextChannel)
    await interaction.response.defer(ephemeral=True, thinking=True)
    new = await interaction.channel.create_thread(name=f"game of {interaction.user.name}")
    await new.add_user(interaction.user)
    await new.send(f"welcome {interaction.user.mention}")
    await interaction.followup.send(f"opened {new.mention}")


@echo.command(name="shard")
async def shard(interaction: discord.Interaction) -> None:
    """Say which shard the guild is on and which process answers."""
    shard_id = interaction.guild.shard_id if interaction.guild is not None else None
    await interaction.response.send_message(f"shard {shard_id} pid {os.getpid()}")


@echo.command(name="weird")
async def weird(interaction: discord.Interaction) -> None:
    """Call a route the fake does not implement."""
    try:
        await interaction.client.fetch_premium_sticker_packs()
    except discord.NotFound as exc:
        await interaction.response.send_message(f"not found: {exc.status} {exc.code}")
    else:
        await interaction.response.send_message("found?")


@deep.command(name="inner")
@app_commands.describe(value="A number")
async def inner(interaction: discord.Interaction, value: int) -> None:
    """A subcommand inside a group."""
    await interaction.response.send_message(f"deep {value * 2}")


class EchoBot(commands.AutoShardedBot):
    """Syncs ``/echo`` to its guilds and re-registers the persistent view at start-up."""

    def __init__(self, guild_ids: list[int], shard_count: int | None, shard_ids: list[int] | None) -> None:
        manual = {} if shard_ids is None else {"shard_ids": shard_ids}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            shard_count=shard_count,
            **manual,
        )
        self.guild_ids = guild_ids

    async def setup_hook(self) -> None:
        """Register the persistent view, then sync the guild commands."""
        self.add_view(PingView())
        for guild_id in self.guild_ids:
            guild = discord.Object(guild_id)
            self.tree.add_command(echo, guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d command(s)", len(synced))

    async def on_ready(self) -> None:
        """Log readiness."""
        log.info("echo bot ready as %s", self.user)


def main() -> None:
    """Run the bot until killed."""
    discord.utils.setup_logging(level=logging.INFO)
    guilds = [int(g) for g in os.environ["ECHO_GUILD_ID"].split(",")]
    count = os.environ.get("ECHO_SHARD_COUNT")
    shards = os.environ.get("ECHO_SHARDS")
    bot = EchoBot(guilds, int(count) if count else None, [int(s) for s in shards.split(",")] if shards else None)
    bot.run(os.environ["DISCORD_TOKEN"], log_handler=None)


if __name__ == "__main__":
    main()
