"""One family of errors. Every ``str()`` is a sentence a player can read as is.

An error may also carry a ``key`` and ``params`` so that a user interface can show the same
sentence in another language (it looks ``key`` up in its catalog and falls back to ``str()``).
"""

from __future__ import annotations

from collections.abc import Mapping


class RummyError(Exception):
    """Base of every error the rules package raises on purpose. ``str()`` stays the English
    sentence; ``key`` (or None) and ``params`` name it for translations."""

    def __init__(self, *args: object, key: str | None = None, params: Mapping[str, object] | None = None) -> None:
        super().__init__(*args)
        self.key = key
        self.params: dict[str, object] = dict(params or {})


class BadCard(RummyError, ValueError):
    """A token that is not a card."""

    def __init__(self, token: str, why: str | None = None, *, why_key: str | None = None, **params: object) -> None:
        """``why_key`` names ``why`` for translations (key ``bad_card_<why_key>``, with ``params``);
        a card with no reason is ``bad_card``. The token is quoted as ``card`` in every one."""
        self.token = token
        self.why = why
        msg = f"{token.strip()!r} is not a card"
        if why:
            msg += f": {why}"
        else:
            msg += " (try 7H, 10S, QD, AC, 7♥ or JK for a joker)"
        key = None if why and not why_key else f"bad_card_{why_key}" if why_key else "bad_card"
        super().__init__(msg, key=key, params={"card": repr(token.strip()), **params})


class BadRules(RummyError, ValueError):
    """A house-rule combination that cannot work."""


class IllegalAction(RummyError):
    """An action the rules refuse. The state is left unchanged."""


class NotYourTurn(IllegalAction):
    pass


class WrongPhase(IllegalAction):
    """E.g. discarding before drawing, or drawing twice."""


class CardNotInHand(IllegalAction):
    pass


class InvalidMeld(IllegalAction):
    pass


class CannotLayOff(IllegalAction):
    pass


class CannotSwap(IllegalAction):
    pass


class OpeningTooLow(IllegalAction):
    pass


class CannotDiscard(IllegalAction):
    pass


class GameOver(IllegalAction):
    pass


class CannotEndDeal(IllegalAction):
    """A proposal to end a deal that goes nowhere, or an answer to one, that the table refuses."""
