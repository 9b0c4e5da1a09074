"""Each person's final place in a finished tournament, as ``/stats`` keeps it (issue 31).

:func:`final_places` reads them from the tournament's final standings: every person ranked
(withdrawn after playing included; removed ones are not ranked), never a computer entrant, with
the tournament's name, how many the standings ranked and when it finished. The tournament service
writes them when its save finishes the event (:meth:`~service.tournament_tables.TournamentCore`),
and again at start-up for a finished tournament without any (a crash came in between); the store
keeps the first write of each, so either changes nothing the second time.
"""

from __future__ import annotations

from datetime import datetime

from data import TournamentPlace
from rummy import tournament as T
from service.tournament_model import TournamentSnapshot

__all__ = ["final_places"]


def final_places(snap: TournamentSnapshot, finished_at: datetime) -> list[TournamentPlace]:
    """The places to record for a finished tournament (none before its end)."""
    t = snap.tournament
    if t.stage is not T.Stage.FINISHED:
        return []
    ranked = T.standings(t)
    places = []
    for s in ranked:
        entrant = t.entrant(s.player)
        if s.player <= 0 or entrant is None or entrant.computer:
            continue
        places.append(
            TournamentPlace(
                snap.tournament_id, s.player, snap.guild_id, t.settings.name, s.place, len(ranked), finished_at
            )
        )
    return places
