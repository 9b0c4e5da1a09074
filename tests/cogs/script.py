"""Scripted players for cog tests: the engine's computer player picks a legal move, the cogs play it.

The move is picked from the user's own view (``rummy.ai.choose_action``) and then typed as a
slash command, so every step goes through parsing, the service, storage and rendering.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence

from rummy import actions as act
from rummy.ai import choose_action
from rummy.table import Table, TableStatus
from rummy.view import view_for
from service.cache import load_table
from tests.cogs.conftest import CHANNEL, Harness, Result, User


def command_for(action: act.Action) -> tuple[str, dict[str, object]]:
    """The slash command (path and options) a person would type for ``action``."""
    if isinstance(action, act.Draw):
        return "draw", {"source": action.source.value}
    if isinstance(action, act.Meld):
        return "meld", {"cards": " | ".join(" ".join(str(c) for c in group) for group in action.melds)}
    if isinstance(action, act.LayOff):
        return "layoff", {"cards": " ".join(str(c) for c in action.cards), "meld": action.target + 1}
    if isinstance(action, act.Swap):
        return "swap", {"meld": action.target + 1, "card": str(action.card)}
    return "discard", {"card": str(action.card)}


async def play_game(
    h: Harness,
    users: Sequence[User],
    *,
    seed: int = 0,
    level: str = "normal",
    max_actions: int = 5000,
    after: Callable[[Result], Awaitable[None]] | None = None,
    until: Callable[[Table], bool] | None = None,
) -> int:
    """Play the channel's game to its end (or ``until`` the table says so); every scripted move
    must be accepted. Returns the number of moves."""
    rng = random.Random(seed)
    by_id = {str(u.id): u for u in users}
    for count in range(max_actions):
        row = await h.db.games.get_active(CHANNEL)
        if row is None:
            return count
        table = load_table(row)
        if until is not None and until(table):
            return count
        assert table.status is TableStatus.PLAYING and table.game is not None and table.turn is not None
        user = by_id[table.players[table.turn].id]
        view = view_for(table.game, table.turn)
        path, options = command_for(choose_action(view, level, rng))
        result = await h.slash(user, path, **options)
        after_row = await h.db.games.get(row.id)
        assert after_row is not None and after_row.version > row.version, f"/{path} {options} refused: {result.text}"
        if after is not None:
            await after(result)
    raise AssertionError(f"the game did not end in {max_actions} actions")
