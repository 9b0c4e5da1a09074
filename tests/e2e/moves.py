"""Type or click one rules-engine action as a Discord user would: a slash command, or the private hand's buttons.

The test decides *what* to play with the rules engine (from the seat's own view); this module only
turns that decision into interactions. With ``"slash"`` the user types ``/draw``, ``/meld``, ``/layoff``,
``/swap`` and ``/discard``; with ``"buttons"`` they redraw their private hand with its Refresh button (or
open it from the public "My hand" button) and use its draw buttons, meld builder, lay-off selects and
discard select. A meld that pins a joker, or that the builder's ``custom_id`` cannot carry, is typed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rummy import actions as act
from rummy.cards import Card
from service.catalog import CATALOG, text
from tests.fakediscord import Driver, FakeChannel, FakeUser, InteractionResult, RecordedMessage

# "Your hand", "Votre main": a hand in any language
HAND_TITLES = tuple(CATALOG[lang]["hand_title"].split("(")[0].strip() for lang in CATALOG)
BUILDER_ID_ROOM = 80  # the builder's custom_id holds the picked cards: keep well under 100 characters


def card_text(cards: Sequence[Card]) -> str:
    """Cards as a player types them (``JK=6S`` for a pinned joker)."""
    return " ".join(str(c) for c in cards)


def is_hand(message: RecordedMessage) -> bool:
    """Whether a message is a private hand (with its buttons)."""
    return bool(message.embeds) and str(message.embeds[0].get("title", "")).startswith(HAND_TITLES)


@dataclass
class Hands:
    """The private hand message each user last received, to click on it again."""

    driver: Driver
    game_id: int
    latest: dict[int, RecordedMessage] = field(default_factory=dict)
    drawn_at: dict[int, int] = field(default_factory=dict)  # user -> game version its latest hand shows
    lang: str = "en"  # the players' language (the builder's placeholder and buttons are found by their text)

    def note(self, user: FakeUser, result: InteractionResult) -> None:
        """Remember the newest private hand this result showed ``user``."""
        for message in result.messages:
            if message.ephemeral_to == user.id and is_hand(message):
                self.latest[user.id] = message

    async def fresh(self, user: FakeUser, board: RecordedMessage, version: int | None = None) -> RecordedMessage:
        """The user's hand as of game ``version``: the last one if it shows that version, else redrawn
        (Refresh on the last one, else "My hand" on the public board)."""
        old = self.latest.get(user.id)
        if old is not None and version is not None and self.drawn_at.get(user.id) == version:
            return old
        if old is not None:
            result = await self.driver.click(user, old, self.on(old, "refresh"))
        else:
            result = await self.driver.click(user, board, self.on(board, "hand"))
        self.note(user, result)
        hand = self.latest.get(user.id)
        assert hand is not None and hand.ephemeral_to == user.id, f"no private hand for {user.name}: {result.text}"
        return hand

    def cid(self, *parts: object) -> str:
        """A component id of this game: ``rami:<game>:<parts>``."""
        return ":".join(["rami", str(self.game_id), *(str(p) for p in parts)])

    def on(self, message: RecordedMessage, *parts: object) -> str:
        """The id of the component ``rami:<game>:<parts>`` on ``message``, which may carry more after a colon
        (the Take button names the card it takes: ``rami:<game>:draw:discard:7H``)."""
        return component_id(message, self.cid(*parts))


def component_id(message: RecordedMessage, prefix: str) -> str:
    """The custom_id on ``message`` equal to ``prefix`` or extending it with ``:...``."""
    ids = [c["custom_id"] for c in message.buttons + message.selects if "custom_id" in c]
    found = [i for i in ids if i == prefix or i.startswith(prefix + ":")]
    assert len(found) == 1, f"{prefix!r} on message {message.id}: {ids}"
    return found[0]


async def by_slash(driver: Driver, user: FakeUser, channel: FakeChannel, action: act.Action) -> list[InteractionResult]:
    """Type the action."""
    if isinstance(action, act.Draw):
        result = await driver.slash(user, channel, "draw", source=action.source.value)
    elif isinstance(action, act.Meld):
        result = await driver.slash(user, channel, "meld", cards=" | ".join(card_text(m) for m in action.melds))
    elif isinstance(action, act.LayOff):
        result = await driver.slash(user, channel, "layoff", cards=card_text(action.cards), meld=action.target + 1)
    elif isinstance(action, act.Swap):
        result = await driver.slash(user, channel, "swap", meld=action.target + 1, card=str(action.card))
    else:
        result = await driver.slash(user, channel, "discard", card=str(action.card))
    return [result]


def _builder_can_carry(action: act.Meld, game_id: int) -> bool:
    if any(c.stands_for is not None for meld in action.melds for c in meld):
        return False
    encoded = "|".join(".".join(c.token for c in meld) for meld in action.melds)
    return len(f"rami:{game_id}:mbs:") + len(encoded) <= BUILDER_ID_ROOM


async def by_buttons(
    hands: Hands, user: FakeUser, channel: FakeChannel, board: RecordedMessage, action: act.Action, version: int
) -> list[InteractionResult]:
    """Play the action with the components of the user's private hand (redrawn unless it shows ``version``).

    The caller records in ``hands.drawn_at`` the version its hand shows after the move.
    """
    driver = hands.driver
    if isinstance(action, act.Swap) or (isinstance(action, act.Meld) and not _builder_can_carry(action, hands.game_id)):
        results = await by_slash(driver, user, channel, action)
        hands.note(user, results[0])
        hands.drawn_at.pop(user.id, None)  # its private hand may come after the settle: redraw next time
        return results
    hand = await hands.fresh(user, board, version)
    results: list[InteractionResult] = []
    if isinstance(action, act.Draw):
        results.append(await driver.click(user, hand, hands.on(hand, "draw", action.source.value)))
    elif isinstance(action, act.Discard):
        results.append(await driver.select(user, hand, hands.on(hand, "discard"), [action.card.token]))
    elif isinstance(action, act.LayOff):
        results.append(await driver.click(user, hand, hands.on(hand, "lo")))
        results.append(await driver.select(user, hand, hands.on(hand, "lom"), [str(action.target)]))
        cards = [c.token for c in action.cards]
        results.append(await driver.select(user, hand, hands.on(hand, "loc", action.target), cards))
    else:
        assert isinstance(action, act.Meld)
        results.append(await driver.click(user, hand, hands.on(hand, "mb")))
        for meld in action.melds:
            results.append(await driver.select(user, hand, text(hands.lang, "ph_meld_cards"), [c.token for c in meld]))
        results.append(await driver.click(user, hand, text(hands.lang, "btn_lay_down", n=len(action.melds))))
    for result in results:
        hands.note(user, result)
    return results
