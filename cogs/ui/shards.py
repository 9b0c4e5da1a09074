"""Which of the bot's shards this process runs, and so which servers' games are its own.

Discord gives every server to one shard: ``shard_id = (guild_id >> 22) % shard_count``. A deployment
of several processes gives each its own shard ids (``RAMI_SHARDS``) out of one count
(``RAMI_SHARD_COUNT``); a process then resumes, times and plays only the games of its servers, and
only the process that runs shard 0 syncs the commands. With neither set, discord.py shards on its own
and the one process runs every shard.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord gives a server to, out of ``shard_count``."""
    return (guild_id >> 22) % shard_count


@dataclass(frozen=True)
class Shards:
    """``count`` shards in all (None: Discord's recommendation) and the ``ids`` run here (None: all)."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.count is not None and self.count < 1:
            raise ValueError(f"a shard count is at least 1, not {self.count}")
        if self.ids is not None:
            if self.count is None:
                raise ValueError("shard ids need a shard count")
            if not self.ids or any(not 0 <= i < self.count for i in self.ids):
                raise ValueError(f"shard ids run from 0 to {self.count - 1}, not {self.ids}")

    @property
    def all(self) -> bool:
        """Whether this process runs every shard (then every server is its own)."""
        return self.ids is None or self.count is None or len(set(self.ids)) == self.count

    @property
    def syncs(self) -> bool:
        """Whether this process syncs the commands: the one that runs shard 0, so it happens once."""
        return self.ids is None or 0 in self.ids

    def owns(self, guild_id: int) -> bool:
        """Whether the server's events come to this process (its games are this process's to run)."""
        if self.all:
            return True
        assert self.count is not None and self.ids is not None
        return shard_of(guild_id, self.count) in self.ids

    def __str__(self) -> str:
        if self.count is None:
            return "automatic"
        if self.ids is None:
            return f"all of {self.count}"
        return f"{','.join(map(str, self.ids))} of {self.count}"


def parse_shards(count: str, ids: str) -> Shards:
    """``RAMI_SHARD_COUNT`` and ``RAMI_SHARDS`` (``"0-3"``, ``"0,2"``, ``"1"``; blank: unset) as
    :class:`Shards`; a :class:`ValueError` whose text is one line naming the variable otherwise."""
    count, ids = count.strip(), ids.strip()
    total: int | None = None
    if count:
        if not count.isdigit() or int(count) < 1:
            raise ValueError(f"RAMI_SHARD_COUNT must be a number of shards (1 or more), not {count!r}.")
        total = int(count)
    if not ids:
        return Shards(total)
    if total is None:
        raise ValueError("RAMI_SHARDS needs RAMI_SHARD_COUNT: how many shards the bot has in all.")
    chosen: list[int] = []
    for part in ids.split(","):
        low, dash, high = part.strip().partition("-")
        low, high = low.strip(), high.strip() if dash else low.strip()
        if not (low.isdigit() and high.isdigit()) or int(low) > int(high):
            raise ValueError(f"RAMI_SHARDS must be shard ids like 0-3 or 0,2, not {ids!r}.")
        chosen += range(int(low), int(high) + 1)
    if max(chosen) >= total:
        last = total - 1
        raise ValueError(f"RAMI_SHARDS must be shard ids from 0 to {last} (RAMI_SHARD_COUNT={total}), not {ids!r}.")
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"RAMI_SHARDS names a shard twice: {ids!r}.")
    return Shards(total, tuple(chosen))
