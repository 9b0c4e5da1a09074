"""The record of a finished game, privately: deal by deal, with Previous / Next, and Download.

**Record** (« Feuille de partie ») on a game's final message (and on ``/table`` after it) opens,
privately, the game's record (:meth:`GameService.record`, built by :mod:`rummy.record` from what
the table saw): one page per deal with its moves, turn by turn, then each hand laid face up at the
deal's end with its value and the deal's points, then the totals; a last page gives the final
standings. A deal too long for one message goes on over several pages, so nothing is clipped.
**Download** attaches the whole record as a text file in the notation of ``docs/record.md``
(:mod:`rummy.record_text`). Any member of the server may read any of its finished games: the
record shows only what the table showed everyone.

The buttons are persistent :class:`DynamicItem` values (their shapes: :class:`cogs.ui.bases_memory.RecordItem`,
:class:`~cogs.ui.bases_memory.RecordFileItem`) carrying the game id and the page, so a click works after a
restart; a page past the end (the record read in another language) shows the last one.
:func:`open_record` opens a record from elsewhere (``/history``'s select).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

import discord

from cogs.ui import words
from cogs.ui.bases_memory import RECORD_PAGES, RecordFileItem, RecordItem
from cogs.ui.components import persistent
from cogs.ui.context import Ctx, context, reply, update
from cogs.ui.errors import report_error
from cogs.ui.limits import EMBED_DESCRIPTION
from cogs.ui.render import COLOUR
from cogs.ui.sentences import clip, display
from rummy.cards import Card
from rummy.record import IN_TURN, GameRecord, Move, MoveKind, RecordedDeal
from rummy.record_text import write_record
from service.catalog import Translator
from service.model import Refusal

PAGE_TEXT = EMBED_DESCRIPTION - 296  # a page's text, with room to spare under Discord's 4,096
LINE_TEXT = 1000  # one line at most (a turn's moves); a page holds several
FILE_BYTES = 8 * 1024 * 1024  # an attachment, well under Discord's smallest upload limit (10 MiB)


@dataclass(frozen=True)
class Page:
    title: str
    text: str


def pretty(code: str) -> str:
    """A card of the notation as players read it (``7♥``, ``🃏=6♠``)."""
    return Card.parse(code).pretty


def _cards(codes: Sequence[str]) -> str:
    return " ".join(pretty(c) for c in codes)


def seat_names(record: GameRecord, tr: Translator) -> list[str]:
    """Each seat's name as it goes into a message (a computer player's in ``tr``'s language)."""
    return [display(words.stored_bot_name(s.name, tr) if s.bot else s.name) for s in record.seats]


def _move(move: Move, tr: Translator) -> str:
    """A move inside a turn's line ("discarded 9♠")."""
    kind = move.kind
    if kind is MoveKind.DRAW:
        return tr("record_draw")
    if kind is MoveKind.TAKE:
        return tr("record_take", card=_cards(move.cards))
    if kind is MoveKind.MELD:
        return tr("record_meld", melds=" · ".join(_cards(m) for m in move.melds))
    after = _cards(move.melds[0]) if move.melds else ""
    if kind is MoveKind.LAYOFF:
        return tr("record_layoff", cards=_cards(move.cards), n=(move.target or 0) + 1, meld=after)
    if kind is MoveKind.SWAP:
        return tr("record_swap", card=_cards(move.cards), n=(move.target or 0) + 1, meld=after)
    return tr("record_discard", card=_cards(move.cards))


def _happening(move: Move, names: Sequence[str], tr: Translator) -> str:
    """A line of its own: the stock rebuilt, someone leaving, the votes to end a deal."""
    name = names[move.seat] if move.seat is not None else ""
    kind = move.kind
    if kind is MoveKind.REBUILT:
        return tr("ev_stock_rebuilt_shuffled" if move.shuffled else "ev_stock_rebuilt", n=move.count or 0)
    if kind is MoveKind.LEFT:
        return tr("ev_dropped", name=name)
    if kind is MoveKind.STALLED:
        return tr("ev_deal_stalled")
    if kind is MoveKind.LAPSED:
        return tr("ev_end_lapsed")
    if kind is MoveKind.PROPOSE:
        return tr("record_propose", name=name)
    if kind is MoveKind.AGREE:
        return tr("record_agree", name=name)
    return tr("record_decline", name=name)


def move_lines(deal: RecordedDeal, names: Sequence[str], tr: Translator) -> list[str]:
    """The deal's moves, one line per turn ("**Bob**: drew, discarded 9♠"), happenings apart."""
    lines: list[str] = []
    seat: int | None = None
    turn: list[str] = []

    def close() -> None:
        if turn and seat is not None:
            lines.append(clip(tr("record_turn", name=names[seat], moves=", ".join(turn)), LINE_TEXT))
        turn.clear()

    for move in deal.moves:
        if move.kind not in IN_TURN:
            close()
            seat = None
            lines.append(clip(_happening(move, names, tr), LINE_TEXT))
            continue
        if move.seat != seat:
            close()
            seat = move.seat
        turn.append(_move(move, tr))
        if move.kind is MoveKind.DISCARD:  # the end of the turn
            close()
    close()
    return lines


def end_lines(deal: RecordedDeal, names: Sequence[str], tr: Translator) -> list[str]:
    """How the deal ended, each hand laid face up with its value and points, the totals."""
    result = deal.result
    if result is None:
        return []
    winners, reason = ", ".join(names[s] for s in result.winners), result.reason
    if reason == "went_out":
        why = tr("why_went_out_rummy" if result.rummy else "why_went_out", names=winners)
    else:
        why = tr(f"why_{reason}")
    lines = ["", tr("ev_deal_over", why=why)]
    for seat in sorted(result.points):
        hand = result.hands.get(seat, ())
        points, value = result.points.get(seat, 0), result.values.get(seat, 0)
        if hand:
            lines.append(tr("record_hand", name=names[seat], cards=_cards(hand), value=value, points=points))
        else:
            lines.append(tr("record_hand_empty", name=names[seat], points=points))
    totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(deal.totals))
    lines.append(tr("ev_totals", points=totals))
    lines += [tr("record_out", name=names[s], score=deal.totals[s]) for s in deal.eliminated]
    return [clip(line, LINE_TEXT) for line in lines]


def split(lines: Sequence[str], limit: int = PAGE_TEXT) -> list[list[str]]:
    """``lines`` in pages of at most ``limit`` characters (a line never breaks)."""
    parts: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if parts[-1] and size + len(line) + 1 > limit:
            parts.append([])
            size = 0
        parts[-1].append(line)
        size += len(line) + 1
    return parts


def pages(record: GameRecord, tr: Translator) -> list[Page]:
    """Every page of the record in ``tr``'s language: each deal (over several pages if it is long),
    then the final standings."""
    names = seat_names(record, tr)
    game = record.game_id or 0
    out: list[Page] = []
    for deal in record.deals:
        first = tr("ev_deal_started", n=deal.number, dealer=names[deal.dealer], starter=names[deal.starter])
        opening = tr("record_up", card=pretty(deal.up)) if deal.up else tr("record_no_up", name=names[deal.starter])
        parts = split([first + " " + opening, *move_lines(deal, names, tr), *end_lines(deal, names, tr)])
        for i, part in enumerate(parts, start=1):
            key = "record_title" if len(parts) == 1 else "record_title_part"
            title = tr(key, game=game, n=deal.number, deals=len(record.deals), part=i, parts=len(parts))
            out.append(Page(title, "\n".join(part)))
    won = [sum(seat in d.result.winners for d in record.deals if d.result) for seat in range(len(record.seats))]
    standing = [
        tr("board_standing", rank=p.rank, name=names[p.seat], score=p.score, deals=won[p.seat])
        for p in record.standings
    ]
    out.append(Page(tr("record_title_end", game=game), "\n".join(standing) or "—"))
    return out[:RECORD_PAGES]


def record_message(record: GameRecord, page: int, tr: Translator) -> tuple[discord.Embed, discord.ui.View]:
    """Page ``page`` of ``record`` (the last one if past the end), with Previous, Next and Download."""
    book = pages(record, tr)
    page = min(max(page, 0), len(book) - 1)
    shown = book[page]
    embed = discord.Embed(title=shown.title, colour=COLOUR, description=clip(shown.text, EMBED_DESCRIPTION))
    preset = words.preset_title(record.rules, tr)
    embed.set_footer(text=tr("record_footer", title=preset, page=page + 1, pages=len(book)))
    game = record.game_id or 0
    view = persistent(
        RecordItem(game, max(page - 1, 0), "prev", tr("btn_record_previous"), off=page == 0),
        RecordItem(game, min(page + 1, len(book) - 1), "next", tr("btn_record_next"), off=page == len(book) - 1),
        RecordFileItem(game, tr("btn_record_download")),
    )
    return embed, view


async def _read(ctx: Ctx, game_id: int) -> GameRecord:
    return await ctx.service.record(ctx.guild_id, game_id)


async def show_record(ctx: Ctx, game_id: int, page: int = 0) -> None:
    """Show the record of ``game_id`` (a finished game of the caller's server) privately, as a new
    reply, at ``page``, in the caller's language. Raises the service's :class:`Refusal` (unknown,
    another server's, not finished) for the caller's error funnel."""
    embed, view = record_message(await _read(ctx, game_id), page, ctx.tr)
    await reply(ctx.interaction, embed=embed, view=view, ephemeral=True)


async def open_record(interaction: discord.Interaction, game_id: int, page: int = 0) -> None:
    """:func:`show_record` for an interaction: what the Record button does, and what ``/history``'s
    select calls with the game picked. A refusal is answered privately (:func:`report_error`)."""
    try:
        await show_record(context(interaction), game_id, page)
    except Exception as exc:
        await report_error(interaction, exc)


class RecordButton(RecordItem):
    async def run(self, interaction: discord.Interaction) -> None:
        if self.page is None:  # on the final message: a new private reply
            await show_record(context(interaction), self.game_id)
            return
        ctx = context(interaction)
        embed, view = record_message(await _read(ctx, self.game_id), self.page, ctx.tr)
        await update(interaction, embed=embed, view=view)


class RecordFileButton(RecordFileItem):
    async def run(self, interaction: discord.Interaction) -> None:
        ctx = context(interaction)
        data = write_record(await _read(ctx, self.game_id)).encode()
        if len(data) > FILE_BYTES:
            raise Refusal("record_too_big")
        file = discord.File(io.BytesIO(data), filename=f"rami-game-{self.game_id}.txt")
        await reply(interaction, ctx.tr("record_file", game=self.game_id), ephemeral=True, file=file)
