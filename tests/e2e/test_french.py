"""A whole French game through the fake Discord: two French players and two computer players on a
server that reports en-US, where an admin chose French with ``/rami language``. No reply, public
message, embed, button label or placeholder any of them sees holds an English sentence: ``/rules``,
the game's record browsed by its buttons and opened from ``/history``'s select, ``/stats``,
``/leaderboard`` and the server's defaults included."""

from __future__ import annotations

import re
from typing import Any

from rummy.record_check import replay_record
from rummy.record_text import parse_record
from service.catalog import BOOK
from tests.e2e.conftest import World
from tests.e2e.secrecy import assert_no_leak
from tests.e2e.session import TableSession
from tests.fakediscord import BotProcess
from tests.fakediscord.models import RecordedMessage

SHORT = {"bot_pause": "0", "turn_timer": "0", "game_end": "deals", "game_length": "1", "refill_limit": "0"}
# Common English words a French table must never read (card names and symbols aside).
ENGLISH = re.compile(
    r"\b(the|your|you|is|are|and|of|with|this|not|from|turn|draw|discard|deal|deals|player|players|"
    r"cards?|melds?|stock|hand|wins?|seats?|none|here|button|points this|my hand|lay down|refresh)\b",
    re.IGNORECASE,
)
FR = BOOK.translator("fr")
CODE = re.compile(r"`[^`]*`|/\w+( \w+)?|<[^>]*>|rami:\S+")  # commands, code spans, mentions, ids


def strings(node: Any) -> list[str]:
    """Every text a person reads in a message's payload: content, embeds, labels, placeholders."""
    if isinstance(node, dict):
        found = []
        for key, value in node.items():
            if key in {
                "content",
                "title",
                "description",
                "name",
                "value",
                "text",
                "label",
                "placeholder",
            } and isinstance(value, str):
                found.append(value)
            if key not in {"custom_id", "url", "value"} or isinstance(value, (dict, list)):
                found += strings(value)
        return found
    if isinstance(node, list):
        return [s for item in node for s in strings(item)]
    return []


def read_texts(message: RecordedMessage) -> list[str]:
    payloads = [{"content": message.content, "embeds": message.embeds, "components": message.components}]
    return [s for p in [*payloads, *message.revisions] for s in strings(p)]


async def test_a_whole_game_in_french(world: World, rami: BotProcess) -> None:
    d = world.driver
    french = [world.alice, world.bob]
    for user in french:
        user.locale = "fr"
    d.member(world.guild, world.alice, admin=True)  # Manage Server
    chosen = await d.slash(world.alice, world.channel, "rami language", language="fr")
    assert chosen.ephemeral and "français" in chosen.text, chosen.text

    session = TableSession(d, world.db, world.channel, french, style="buttons", seed=21, lang="fr")
    await session.open("basic", SHORT, ("easy", "hard"))
    here = await d.slash(world.bob, world.channel, "rules")  # this table's rules, its house rules included
    assert here.ephemeral and "(variante `basic`, règles maison)" in here.text, here.text
    assert (
        "**Cartes**\u00a0: 1 jeu, sans joker." in here.text
        and "- game_length\u00a0: 1 (variante\u00a0: 3)" in here.text
    )
    await session.start()
    await session.play_to_end()
    await session.check_final_scores()
    assert session.moves > 0
    preset = await d.slash(world.alice, world.channel, "rules", preset="rami51")
    assert preset.ephemeral and "**Rami 51 (rami français)** (variante `rami51`)" in preset.text, preset.text
    assert all(word in preset.text for word in ("brelan", "carré", "suite", "talon", "défausse", "rami sec", "pose"))
    assert_no_leak(d, world.db, session.game_id, session.snapshots)
    await _memory_in_french(world, session.game_id)

    seen = [
        m
        for m in d.state.messages.values()
        if m.channel_id == world.channel.id and m.ephemeral_to in (None, *(u.id for u in french))
    ]
    assert len(seen) > 10
    english = sorted({text for m in seen for text in read_texts(m) if ENGLISH.search(CODE.sub("", text))})
    assert not english, "\n".join(english[:40])
    texts = {text for m in seen for text in read_texts(m)}
    assert any("Votre main" in t for t in texts) and any("Robot (difficile)" in t for t in texts)
    assert any(t == "Ma main" for t in texts), "the My hand button, in French"
    assert ENGLISH.search("Deal 2: ana deals, bea plays first.")  # what the check would catch


async def _memory_in_french(world: World, game_id: int) -> None:
    """After the game: Bob reads its record by the final message's buttons (Suivante, Précédente,
    Télécharger), Alice opens it from /history's select, reads /stats and /leaderboard, and sets
    and shows the server's defaults; every reply in French (the caller's English check reads them)."""
    d, channel = world.driver, world.channel
    key = f"rami:{game_id}:record"
    await d.state.wait_until(
        lambda: any(any(b.get("custom_id") == key for b in m.buttons) for m in d.public_messages(channel)),
        20.0,
        "the final message with its record button",
    )
    final = next(m for m in d.public_messages(channel) if any(b.get("custom_id") == key for b in m.buttons))
    first_deal = FR("record_title", game=game_id, n=1, deals=1)
    record = await d.click(world.bob, final, FR("btn_record"))
    assert record.message.ephemeral_to == world.bob.id and first_deal in record.text, record.text
    standings = await d.click(world.bob, record.message, FR("btn_record_next"))
    assert standings.message.id == record.message.id and FR("record_title_end", game=game_id) in standings.text
    back = await d.click(world.bob, standings.message, FR("btn_record_previous"))
    assert first_deal in back.text
    download = await d.click(world.bob, back.message, FR("btn_record_download"))
    assert FR("record_file", game=game_id) in download.text
    [attached] = download.message.attachments
    text = d.state.files[int(attached["id"])].decode()
    assert list(replay_record(parse_record(text)).totals) == world.db.game(game_id).table.game.scores

    history = await d.slash(world.alice, channel, "history")
    assert history.ephemeral and FR("history_title") in history.text and f"partie n° {game_id}" in history.text
    opened = await d.select(world.alice, history.message, f"rami:{game_id}:histrec", str(game_id))
    assert opened.message.ephemeral_to == world.alice.id and first_deal in opened.text, opened.text
    assert opened.message.id != history.message.id  # a reply of its own: the page stays
    stats = await d.slash(world.alice, channel, "stats")
    assert FR("stats_title", name="alice") in stats.text, stats.text
    await d.slash(world.alice, channel, "leaderboard")
    changed = await d.slash(world.alice, channel, "rami defaults option", option="hints", value="no")
    assert changed.ephemeral, changed.text
    shown = await d.slash(world.alice, channel, "rami defaults show")
    assert shown.ephemeral and FR("defaults_option", name="hints", value="non") in shown.text, shown.text
