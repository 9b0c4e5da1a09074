"""The JSON text the database stores: compact, text as it is, written by orjson (the documents are
written at every action, and orjson is about ten times faster than the standard library)."""

from __future__ import annotations

import json
from typing import Any

import orjson


def compact_json(value: Any, *, sort_keys: bool = False) -> str:
    """``value`` as compact JSON text. What orjson refuses (an integer past 64 bits, e.g. a test's
    seed) the standard library writes, in the same form."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS if sort_keys else None).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value, sort_keys=sort_keys, separators=(",", ":"), ensure_ascii=False)
