"""Text and embeds. Public output is built only from public events and spectator views.

Nothing here changes a game. Functions that show a hand take the player's own
:class:`~rummy.view.PlayerView` and are only ever used for ephemeral replies; everything
shown to a channel comes from :class:`~rummy.deal.Event` values (which hold face-up cards only)
and from ``table.view(None)`` (the spectator's view), which holds no hand at all.
"""

from __future__ import annotations

import contextlib
from datetime import datetime

import discord
from discord.utils import escape_markdown, format_dt

from cogs.ui import words
from cogs.ui.sentences import FIELD_LIMIT, clip, event_lines, name_of, names
from rummy.cards import Card, format_cards
from rummy.deal import Phase
from rummy.errors import RummyError
from rummy.melds import make_meld
from rummy.table import RECENT_EVENTS, Table, TableStatus
from rummy.view import PlayerView
from service.catalog import EN, CatalogError, Translator
from service.hints import Advice, meld_command
from service.model import Final, RatingChange

COLOUR = discord.Colour.dark_green()


# -- the public board -------------------------------------------------------------------------


def lobby_embed(table: Table, tr: Translator, expires: datetime | None = None) -> discord.Embed:
    rules = table.rules
    description = escape_markdown(words.preset_description(rules, tr))
    if table.overrides:  # the preset's text: the house rules below change it
        description = tr("lobby_preset_line", preset=table.preset, text=description)
    embed = discord.Embed(
        title=tr("lobby_title", title=words.preset_title(rules, tr)), colour=COLOUR, description=description
    )
    embed.add_field(name=tr("lobby_preset"), value=f"`{table.preset}`")
    house = words.house_rules(rules, tr)
    embed.add_field(name=tr("lobby_house"), value=clip("\n".join(house) or tr("lobby_no_house")), inline=False)
    o = table.options
    embed.add_field(
        name=tr("lobby_options"),
        value=tr(
            "lobby_options_value",
            timer=words.setting_value("turn_timer", o.turn_timer, tr) if o.turn_timer else tr("timer_off"),
            pause=words.setting_value("bot_pause", o.bot_pause, tr),
            hints=words.setting_value("hints", o.hints, tr),
            thread=words.setting_value("thread", o.thread, tr),
        ),
        inline=False,
    )
    seats = []
    for i, p in enumerate(table.players):
        mark = tr("lobby_host") if str(table.host_id) == p.id else ""
        robot = "🤖 " if p.is_bot else ""  # a computer player's name already says its level
        seats.append(f"{i + 1}. {robot}{name_of(table, i, tr)}" + (f" ({mark})" if mark else ""))
    embed.add_field(
        name=tr("lobby_seats", n=len(table.players), max=rules.max_players), value=clip("\n".join(seats)), inline=False
    )
    footer = tr("lobby_footer")
    embed.set_footer(text=footer)
    if expires is not None:
        embed.add_field(name="\u200b", value=tr("lobby_expires", when=format_dt(expires, "R")), inline=False)
    return embed


def board_embed(
    table: Table, tr: Translator, *, deadline: datetime | None = None, expires: datetime | None = None
) -> discord.Embed:
    """The public game message: lobby, game in play, or final standings. No hidden card."""
    if table.status is TableStatus.LOBBY:
        return lobby_embed(table, tr, expires)
    if table.game is None:
        return discord.Embed(title=tr("closed_board"), colour=discord.Colour.dark_grey())
    spectator = table.view(None)  # no hand; the standing proposal to end the deal, if any
    rules = table.rules
    over = table.status is not TableStatus.PLAYING
    if not over:
        title = tr("board_title", title=words.preset_title(rules, tr), n=spectator.deal_number)
    else:
        title = closed_title(table, tr)
    recent = event_lines(table.recent[-RECENT_EVENTS:], table, tr)  # a document of before may hold more
    embed = discord.Embed(
        title=title,
        colour=discord.Colour.dark_grey() if over else COLOUR,
        description=clip("\n".join(recent), 4000) or None,
    )
    if not over and spectator.turn is not None:
        phase = tr("phase_draw") if spectator.phase is Phase.DRAW else tr("phase_play")
        value = tr("board_turn_value", name=name_of(table, spectator.turn, tr), phase=phase)
        if deadline is not None:
            value += "\n" + tr("board_deadline", when=format_dt(deadline, "R"))
        embed.add_field(name=tr("board_turn"), value=value, inline=False)
        top = spectator.discard_top.pretty if spectator.discard_top else tr("board_empty")
        embed.add_field(name=tr("board_discard"), value=tr("board_discard_value", top=top, n=spectator.discard_size))
        embed.add_field(name=tr("board_stock"), value=tr("board_stock_value", n=spectator.stock_size))
        if spectator.goes_nowhere:
            embed.add_field(name=tr("board_stalled"), value=stall_text(spectator, table, tr), inline=False)
    if over and table.game.outcome is not None:
        embed.add_field(name=tr("board_standings"), value=clip("\n".join(standings(table, tr))), inline=False)
    else:
        embed.add_field(name=tr("board_players"), value=clip(_players(spectator, table, tr)), inline=False)
        melds = [f"{m.index + 1}. {m.meld} ({name_of(table, m.owner, tr)})" for m in spectator.melds]
        for i, chunk in enumerate(chunks(melds) or [tr("board_no_melds")]):
            embed.add_field(name=tr("board_melds") if i == 0 else "\u200b", value=chunk, inline=False)
    return embed


def closed_title(table: Table, tr: Translator) -> str:
    """The title of a closed table: over, won by walkover, cancelled, or abandoned."""
    key = {TableStatus.OVER: "board_over", TableStatus.CANCELLED: "board_cancelled"}.get(
        table.status, "board_walkover" if is_walkover(table) else "board_abandoned"
    )
    return tr(key, title=words.preset_title(table.rules, tr))


def is_walkover(table: Table) -> bool:
    """A table closed because one person was left, who won by walkover (it did not count); not one
    where only a computer player was left."""
    return table.status is TableStatus.ABANDONED and table.walkover and bool(table.humans_left)


def standings(table: Table, tr: Translator) -> list[str]:
    """The final standings, best first (a game that ended; none otherwise)."""
    outcome = table.game.outcome if table.game is not None else None
    if outcome is None:
        return []
    return [
        tr("board_standing", rank=s.rank, name=name_of(table, s.seat, tr), score=s.score, deals=s.deals_won)
        for s in outcome.standings
    ]


def final_embed(final: Final, tr: Translator) -> discord.Embed:
    """A game that ended, in public: how its last deal ended (the hands laid face up, the points,
    the totals) and the game itself, the final standings, and each person's rating change on this
    server when the game counted (a walkover never does)."""
    table = final.table
    recent = table.recent[-RECENT_EVENTS:]
    ends = [i for i, e in enumerate(recent) if e.kind == "deal_over"]
    lines = event_lines(recent[ends[-1] :] if ends else recent, table, tr)
    embed = discord.Embed(
        title=closed_title(table, tr), colour=COLOUR, description=clip("\n".join(lines), 4000) or None
    )
    ranked = standings(table, tr)
    if ranked:
        embed.add_field(name=tr("board_standings"), value=clip("\n".join(ranked)), inline=False)
    ratings = [_rating_line(table, r, tr) for r in final.ratings if not table.players[r.seat].is_bot]
    if ratings:
        embed.add_field(name=tr("end_ratings"), value=clip("\n".join(ratings)), inline=False)
    embed.set_footer(text=tr("end_footer"))
    return embed


def _rating_line(table: Table, rating: RatingChange, tr: Translator) -> str:
    """A person's rating change as the leaderboard shows ratings (never below 0): up, down or unchanged."""
    after = max(0.0, rating.rating)
    change = round(after - max(0.0, rating.rating - rating.change), 1)
    key = "end_rating_up" if change > 0 else "end_rating_down" if change < 0 else "end_rating_same"
    return tr(key, name=name_of(table, rating.seat, tr), change=abs(change), rating=after)


def stall_text(view: PlayerView, table: Table, tr: Translator) -> str:
    """A deal that goes nowhere: the offer to end it, or the standing proposal and who is still to agree."""
    if view.end_proposer is None:
        return tr("board_stalled_offer", n=view.quiet_refills)
    name, waiting = name_of(table, view.end_proposer, tr), names(table, view.end_waiting, tr)
    return tr("board_stalled_vote", name=name, waiting=waiting)


MELD_FIELDS = 4  # fields the melds may take (4 × 1024 characters keeps the embed under 6000)


def chunks(lines: list[str], limit: int = FIELD_LIMIT, most: int = MELD_FIELDS) -> list[str]:
    """``lines`` joined into at most ``most`` field values of ``limit`` characters, whole lines each
    (the last one clipped if even that is not enough)."""
    out: list[str] = []
    for line in lines:
        if out and len(out[-1]) + 1 + len(line) <= limit:
            out[-1] += "\n" + line
        elif len(out) < most:
            out.append(clip(line, limit))
        else:
            out[-1] = clip(out[-1] + "\n" + line, limit)
    return out


def _players(view: PlayerView, table: Table, tr: Translator) -> str:
    lines = []
    for seat in range(len(table.players)):
        name = name_of(table, seat, tr)
        if table.players[seat].is_bot:
            name = "🤖 " + name
        if seat == view.dealer:
            name += f" ({tr('dealer_mark')})"
        if seat in view.dropped or seat in view.eliminated or seat not in view.hand_sizes:
            lines.append(tr("board_player_out", name=name, score=view.scores[seat]))
        else:
            lines.append(tr("board_player", name=name, cards=view.hand_sizes[seat], score=view.scores[seat]))
    return "\n".join(lines)


def scores_embed(table: Table, tr: Translator) -> discord.Embed:
    """The score sheet: points per deal and totals (points only, never cards)."""
    embed = discord.Embed(title=tr("scores_title"), colour=COLOUR)
    game = table.game
    if game is None or not game.history:
        embed.description = tr("scores_none")
        return embed
    names = [name_of(table, s, tr) for s in range(len(table.players))]
    rows = []
    for record in game.history[-20:]:
        points = " · ".join(f"{names[s]} {p}" for s, p in sorted(record.outcome.points.items()))
        rows.append(f"**{tr('scores_deal', n=record.number)}**: {points}")
    rows.append(f"**{tr('scores_total')}**: " + " · ".join(f"{n} {s}" for n, s in zip(names, game.scores, strict=True)))
    embed.description = clip("\n".join(rows), 4000)
    return embed


# -- the private hand (ephemeral only) ---------------------------------------------------------


def hand_embed(
    view: PlayerView, table: Table, tr: Translator, advice: Advice | None, deadline: datetime | None = None
) -> discord.Embed:
    """A player's own hand, sorted, with the melds it can make now. For ephemeral replies only."""
    cards = []
    for card in view.hand:
        text = card.pretty
        if view.drawn is not None and card.key == view.drawn.key:
            text = f"**{text}**"
        cards.append(text)
    embed = discord.Embed(title=tr("hand_title", n=len(view.hand)), colour=COLOUR, description=" ".join(cards) or "—")
    if view.my_turn:
        if view.phase is Phase.DRAW:
            top = view.discard_top.pretty if view.discard_top else None
            status = tr("hand_turn_draw", top=top) if top else tr("hand_turn_draw_stock")
        else:
            status = tr("hand_turn_play")
            if view.drawn is not None:
                status = tr("hand_drawn", card=view.drawn.pretty) + " " + status
        if deadline is not None:
            status += "\n" + tr("board_deadline", when=format_dt(deadline, "R"))
    elif view.turn is not None:
        status = tr("hand_wait", name=name_of(table, view.turn, tr))
    else:
        status = tr("hand_over")
    embed.add_field(name="\u200b", value=status, inline=False)
    if advice is not None:
        melds = advice.best.melds
        value = " · ".join(str(m) for m in melds) if melds else tr("hand_melds_none")
        if advice.playable_now:
            value += "\n" + tr("hand_melds_cmd", command=f"`{meld_command(advice.playable_now)}`")
        embed.add_field(name=tr("hand_melds"), value=clip(value), inline=False)
        if advice.opening is not None:
            embed.add_field(
                name=tr("hand_opening"),
                value=tr("hand_opening_value", need=advice.needed, have=advice.opening.melded_points),
                inline=False,
            )
    top = view.discard_top.pretty if view.discard_top else tr("board_empty")
    embed.add_field(
        name=tr("hand_table"),
        value=tr("hand_table_value", top=top, stock=view.stock_size, melds=len(view.melds)),
        inline=False,
    )
    return embed


def rules_reason(exc: RummyError, tr: Translator) -> str:
    """Why the rules refused some cards, in ``tr``'s language, without the cards it starts with
    ("7♥ 9♥ J♥ is not a run: the cards are not in sequence." gives "the cards are not in sequence.")."""
    text = str(exc)
    if exc.key is not None and f"rules.{exc.key}" in EN:
        with contextlib.suppress(CatalogError):  # params that do not fit: the engine's own sentence
            text = tr(f"rules.{exc.key}", **exc.params)
    return text.split(": ", 1)[-1]


def group_line(cards: list[Card], view: PlayerView, tr: Translator) -> str:
    """A meld being built, with the rules' verdict on it (for the meld builder)."""
    try:
        meld = make_meld(cards, view.rules)
    except RummyError as exc:
        return f"{format_cards(cards)}: {tr('builder_bad', why=rules_reason(exc, tr))}"
    return f"{meld} ({meld.points(view.rules)})"


def hint_text(view: PlayerView, advice: Advice, tr: Translator) -> str:
    """Private advice: the best melds now, the opening, the discard to make (ephemeral only)."""
    lines = []
    melds = advice.best.melds
    if melds:
        lines.append(tr("hint_melds", melds=" · ".join(str(m) for m in melds), deadwood=advice.best.deadwood))
    else:
        lines.append(tr("hint_no_melds"))
    if advice.opening is not None:
        opening = advice.opening
        if advice.can_open:
            lines.append(
                tr(
                    "hint_open_yes",
                    melds=" · ".join(str(m) for m in opening.melds),
                    points=opening.melded_points,
                    need=advice.needed,
                )
            )
        else:
            lines.append(tr("hint_open_no", points=opening.melded_points, need=advice.needed))
    if not view.my_turn:
        lines.append(tr("hint_wait"))
    elif view.phase is Phase.DRAW:
        top = view.discard_top.pretty if view.discard_top else tr("board_empty")
        lines.append(tr("hint_draw", top=top))
        if advice.take_deadwood is not None:
            key = "hint_take_yes" if advice.take_deadwood < advice.best.deadwood else "hint_take_no"
            lines.append(tr(key, top=top, before=advice.best.deadwood, after=advice.take_deadwood))
    else:
        if advice.playable_now:
            lines.append(tr("hint_play_now", command=f"`{meld_command(advice.playable_now)}`"))
        if advice.discard is not None:
            lines.append(tr("hint_discard", card=advice.discard.pretty))
    return clip("\n".join(lines), 2000)
