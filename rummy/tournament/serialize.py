"""The tournament as one versioned JSON document, and back, exactly.

``schema`` is :data:`TOURNAMENT_SCHEMA`; a document of another schema is refused with
:class:`~rummy.serialize.SchemaError`. The settings are checked again when read (as built), so a
document this version no longer accepts fails loudly rather than plays other rules.
"""

from __future__ import annotations

import json
from typing import Any

from rummy.serialize import SchemaError
from rummy.table_options import TableOptions
from rummy.tournament.model import (
    Entrant,
    EntrantStatus,
    Format,
    PlayerResult,
    Round,
    Settings,
    Stage,
    Table,
    TableResult,
    Tournament,
)

TOURNAMENT_SCHEMA = 1


def _settings_doc(s: Settings) -> dict[str, Any]:
    return {
        "name": s.name,
        "preset": s.preset,
        "house_rules": dict(s.house_rules),
        "format": s.format.value,
        "rounds": s.rounds,
        "table_size": s.table_size,
        "fill_with_computers": s.fill_with_computers,
        "round_minutes": s.round_minutes,
        "starts_at": s.starts_at,
        "options": s.options.to_json(),
    }


def _settings(d: dict[str, Any]) -> Settings:
    return Settings(
        d["name"],
        d["preset"],
        Format(d["format"]),
        d["rounds"],
        d["table_size"],
        dict(d["house_rules"]),
        d["fill_with_computers"],
        d["round_minutes"],
        d["starts_at"],
        TableOptions.from_json(d["options"]),
    )


def _result_doc(r: TableResult) -> dict[str, Any]:
    return {
        "players": [[p.player, p.place, p.game_points, p.forfeited] for p in r.players],
        "fillers": list(r.filler_places),
        "timed_out": r.timed_out,
    }


def _result(d: dict[str, Any]) -> TableResult:
    return TableResult(
        tuple(PlayerResult(int(p), int(place), int(pts), bool(f)) for p, place, pts, f in d["players"]),
        tuple(int(x) for x in d["fillers"]),
        bool(d["timed_out"]),
    )


def _round_doc(r: Round) -> dict[str, Any]:
    return {
        "number": r.number,
        "byes": list(r.byes),
        "started_at": r.started_at,
        "tables": [
            {
                "number": t.number,
                "players": list(t.players),
                "fillers": t.fillers,
                "result": _result_doc(t.result) if t.result else None,
            }
            for t in r.tables
        ],
    }


def _round(d: dict[str, Any]) -> Round:
    tables = tuple(
        Table(t["number"], tuple(t["players"]), t["fillers"], _result(t["result"]) if t["result"] else None)
        for t in d["tables"]
    )
    return Round(d["number"], tables, tuple(d["byes"]), d["started_at"])


def tournament_to_json(t: Tournament) -> dict[str, Any]:
    """The tournament as a JSON-ready dict, with ``schema`` set to :data:`TOURNAMENT_SCHEMA`."""
    return {
        "schema": TOURNAMENT_SCHEMA,
        "settings": _settings_doc(t.settings),
        "organiser": t.organiser,
        "seed": t.seed,
        "entrants": [
            {"id": e.id, "name": e.name, "computer": e.computer, "status": e.status.value, "level": e.level}
            for e in t.entrants
        ],
        "stage": t.stage.value,
        "paused": t.paused,
        "rounds": [_round_doc(r) for r in t.rounds],
        "seeding": list(t.seeding),
        "computers_added": t.computers_added,
        "waiting": t.waiting,
    }


def tournament_from_json(data: dict[str, Any]) -> Tournament:
    if data.get("schema") != TOURNAMENT_SCHEMA:
        raise SchemaError(f"tournament document schema {data.get('schema')!r} is not {TOURNAMENT_SCHEMA}")
    return Tournament(
        _settings(data["settings"]),
        data["organiser"],
        data["seed"],
        tuple(
            Entrant(e["id"], e["name"], e["computer"], EntrantStatus(e["status"]), e["level"]) for e in data["entrants"]
        ),
        Stage(data["stage"]),
        data["paused"],
        tuple(_round(r) for r in data["rounds"]),
        tuple(data["seeding"]),
        data["computers_added"],
        bool(data.get("waiting", False)),  # absent from the documents written before the start time
    )


def dumps(t: Tournament) -> str:
    return json.dumps(tournament_to_json(t), separators=(",", ":"), ensure_ascii=False)


def loads(text: str) -> Tournament:
    return tournament_from_json(json.loads(text))
