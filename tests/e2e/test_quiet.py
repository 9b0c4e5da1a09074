"""A quiet channel (issue 22, point 1): a whole ``basic`` game played by buttons, through the real
process and the fake Discord, costs at most one new public message per person's turn on average,
never passes Discord's limit of 5 new messages per 5 seconds in the channel, never sends an empty
public message or edit, and still tells every move: each discard is read in the channel."""

from __future__ import annotations

from collections import Counter

import pytest

from rummy.cards import Card
from tests.e2e.conftest import World
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1"}
DISCORD_LIMIT = 5  # new messages per channel in any 5 seconds


@pytest.mark.parametrize("people", [2, 4])
async def test_a_whole_game_by_buttons_is_quiet(world: World, rami: BotProcess, people: int) -> None:
    d, channel = world.driver, world.channel
    session = TableSession(d, world.db, channel, world.players[:people], style="buttons", seed=people)
    await session.open("basic", SHORT)
    await session.start()
    started = len(d.state.writes)
    await session.play_to_end()
    await session.check_final_scores()
    await rami.stop()  # whatever was still to go out has gone

    actions = world.db.actions(session.game_id)
    turns = sum(1 for a in actions if a.kind == "draw" and a.actor_id is not None)
    writes = [w for w in d.state.writes[started:] if w.public and w.channel_id == channel.id]
    created = sum(1 for w in writes if w.kind == "create")
    edits = sum(1 for w in writes if w.kind == "edit")
    print(f"{people} people: {turns} turns, {created} new public messages, {edits} edits")
    assert turns > 0 and created <= turns, (created, turns)
    assert edits > 0  # the moves are told by editing the turn's message
    assert d.state.created_per_window(channel.id) <= DISCORD_LIMIT
    assert not [w for w in d.state.writes if w.public and w.kind != "delete" and w.empty]

    names = {u.id: u.name for u in session.people}
    told = "\n".join(m.text for m in d.public_messages(channel))
    discards = Counter(
        f"{names[a.actor_id]} discarded {Card.parse(a.payload['card']).pretty}."
        for a in actions
        if a.kind == "discard" and a.actor_id is not None
    )
    for sentence, times in discards.items():
        assert told.count(sentence) >= times, sentence
    assert_no_leak(d, world.db, session.game_id, session.snapshots)
