"""A tournament's start time (``Settings.starts_at``) and ``start_due``: the tournament starts as its
organiser would start it once the time comes, or with too few entrants waits for the organiser."""

from __future__ import annotations

import dataclasses
import json

from rummy import tournament as T
from tests.rummy.tournament_support import ORGANISER, signed_up

AT = 1_800_000_000.0


def timed(players: int) -> T.Tournament:
    t = signed_up(players)
    return dataclasses.replace(t, settings=dataclasses.replace(t.settings, starts_at=AT))


def test_nothing_is_due_before_the_time_or_without_one() -> None:
    assert T.start_due(timed(4), AT - 1) is None
    assert T.start_due(signed_up(4), AT + 10**6) is None


def test_at_its_time_it_starts_as_the_organiser_would() -> None:
    """Round 1 is paired from the time it came, exactly as the organiser's start pairs it."""
    due = T.start_due(timed(4), AT + 5)
    assert due is not None and due.stage is T.Stage.PLAYING and not due.waiting
    assert due == T.start(timed(4), ORGANISER, now=AT + 5)
    assert due.rounds[0].started_at == AT + 5
    assert T.start_due(due, AT + 60) is None  # started: nothing more is due


def test_with_too_few_entrants_it_waits_for_the_organiser() -> None:
    """One entrant at the time: still signing up, ``waiting``; nothing more is due after, and the
    organiser's own start (once a second player came) clears it."""
    waiting = T.start_due(timed(1), AT)
    assert waiting is not None and waiting.waiting and waiting.stage is T.Stage.SIGN_UP
    assert T.start_due(waiting, AT + 3600) is None
    more = T.sign_up(waiting, 555, "Late")
    started = T.start(more, ORGANISER, now=AT + 3600)
    assert started.stage is T.Stage.PLAYING and not started.waiting


def test_the_start_time_and_the_wait_round_trip() -> None:
    """Both are in the document; a document written before ``waiting`` existed reads as not waiting."""
    waiting = T.start_due(timed(1), AT)
    assert waiting is not None
    assert T.loads(T.dumps(waiting)) == waiting and T.loads(T.dumps(waiting)).settings.starts_at == AT
    older = json.loads(T.dumps(timed(1)))
    del older["waiting"]
    assert T.tournament_from_json(older).waiting is False
