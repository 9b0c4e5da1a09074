"""Decoded tables kept between actions, so a row is decoded once per change, not once per read.

One version of a game is read many times (the change itself, then the timers' ``next_step``, the
board redraw and any ``/hand``), and each read would decode the same document
(:meth:`Table.from_json`). :class:`TableCache` keeps, per game, the last :class:`~rummy.table.Table`
decoded or committed, with the ``version`` and the exact ``state_json`` it stands for. The
database stays the source of truth: every use starts from a row just read, and the cached table
is used only when that row's version *and* document are the ones cached, so a change made by
another process, a restart, or a row rewritten behind our back is simply a miss (decoded again).

Two kinds of use:

* :meth:`TableCache.shared` for readers: the cached object itself, shared by every reader of
  that version. Readers never change a table (views, rendering, advice, timers' planning).
* :meth:`TableCache.private` for a change: a copy that only the caller holds (made with
  :meth:`~rummy.table.Table.copy`, which shares nothing a move changes), so a table a reader
  still holds (a reply being rendered, advice computed in a thread) never changes under it.
  After the commit, :meth:`TableCache.put` makes the changed table the shared one of the new
  version. A change that fails (refused by the rules, or a write that did not
  commit) never reaches ``put``: the cache keeps the last committed state, like the database.
"""

from __future__ import annotations

from collections import OrderedDict

import orjson

from data import GameRow, PlayerResult, compact_json
from rummy.table import Table

DEFAULT_SIZE = 2048  # games kept decoded at most (the least recently used are dropped)


def load_table(row: GameRow) -> Table:
    """Decode a row's document into a new table (what the cache does on a miss)."""
    return Table.from_json(orjson.loads(row.state_json))


def dump_table(table: Table) -> str:
    """The document stored for a table (compact JSON, see :func:`data.compact_json`)."""
    return compact_json(table.to_json())


def results_of(table: Table) -> list[PlayerResult]:
    """The leaderboard rows of a finished table. A seat a computer player took over from a person
    (:meth:`~rummy.table.Table.take_over`) is that person's, as if they had left the game then:
    ranked after every other seat (as a player who leaves is), whatever the computer player made
    of it, so nobody's rating moves for the computer player's play there."""
    assert table.game is not None and table.game.outcome is not None
    standings = table.game.outcome.standings
    taken = {s.seat for s in standings if table.taken_over(s.seat)}
    kept = [s.rank for s in standings if s.seat not in taken]
    out = []
    for standing in standings:
        player = table.players[standing.seat]
        left = standing.seat in taken
        rank = len(kept) + 1 if left else 1 + sum(1 for r in kept if r < standing.rank)
        out.append(
            PlayerResult(
                user_id=int(player.id) if left else table.leaderboard_id(standing.seat),
                display_name=player.name,
                is_bot=player.is_bot and not left,
                bot_level=None if left else player.bot_level,
                seat=standing.seat,
                rank=rank,
                won=rank == 1 and not left,
                deals_won=standing.deals_won,
                rummies=standing.rummies,
                final_score=standing.score,
                deals=table.game.eliminated.get(standing.seat, len(table.game.history)),
            )
        )
    return out


class TableCache:
    """The last decoded table of each recent game, keyed by game id (see the module doc)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        if size < 1:
            raise ValueError("the cache holds at least one table")
        self.size = size
        self._entries: OrderedDict[int, tuple[Table, GameRow]] = OrderedDict()  # the row it was decoded from
        self._active: dict[int, int] = {}  # channel id -> its active game's id, among the entries
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    def shared(self, row: GameRow) -> Table:
        """The table of ``row`` for reading only: cached if the row is the cached version."""
        entry = self._entries.get(row.id)
        if entry is not None and entry[1].version == row.version and entry[1].state_json == row.state_json:
            self._entries.move_to_end(row.id)
            self.hits += 1
            return entry[0]
        self.misses += 1
        table = load_table(row)
        self._store(row, table)
        return table

    def private(self, row: GameRow) -> Table:
        """A table of ``row`` nobody else holds, to change: a copy (:meth:`Table.copy`) of the cached
        table when the row is the cached version, else of the table decoded from the row (which is
        cached for readers)."""
        return self.shared(row).copy()

    def put(self, row: GameRow, table: Table) -> None:
        """``table`` is what ``row`` (just committed) holds: share it from now on; the caller
        must not change it any more."""
        self._store(row, table)

    def active_row(self, channel_id: int, game_id: int | None = None) -> GameRow | None:
        """The last row seen (read or committed here) of the channel's active game, if cached and,
        given ``game_id``, that game. It may be stale if another process wrote since: a change
        started from it is refused by the version check of its commit."""
        found = self._active.get(channel_id)
        if found is None or (game_id is not None and found != game_id):
            return None
        return self._entries[found][1]

    def drop(self, game_id: int) -> bool:
        """Forget a game; returns whether it was cached."""
        entry = self._entries.pop(game_id, None)
        if entry is not None and self._active.get(entry[1].channel_id) == game_id:
            del self._active[entry[1].channel_id]
        return entry is not None

    def _store(self, row: GameRow, table: Table) -> None:
        self.drop(row.id)
        self._entries[row.id] = (table, row)
        if row.status.is_active:
            self._active[row.channel_id] = row.id
        while len(self._entries) > self.size:
            self.drop(next(iter(self._entries)))
