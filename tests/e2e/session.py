"""A table played end to end by simulated users, through Discord interactions only.

:class:`TableSession` opens a table with ``/lobby create``, sets house rules with ``/lobby set``, seats
computer players with ``/lobby addbot``, seats the other users with the Join button or ``/lobby join``,
and starts with the Start button. Then, turn after turn, it reads the game from the bot's database,
lets the rules engine's ``normal`` computer level choose the move *for the seat to play, from that
seat's own view*, and makes the move as that user (see :mod:`tests.e2e.moves`). Each move is checked
against the database: exactly the expected action was logged, by that user. Every read is kept in
:attr:`TableSession.snapshots` for the secrecy check.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cogs.ui.words import stored_bot_name
from rummy import actions as act
from rummy.ai import choose_action
from rummy.table import TableStatus
from rummy.view import view_for
from service.catalog import Translator, translator
from tests.e2e.gamedb import ACTIVE, GameDb, Snapshot
from tests.e2e.moves import Hands, by_buttons, by_slash, component_id
from tests.fakediscord import Driver, FakeChannel, FakeUser, InteractionResult, RecordedMessage

STYLES = ("slash", "buttons", "mixed")
CUT = "\x00"  # where a sentence's variable part starts (see lead)


def lead(tr: Translator, key: str, **params: str) -> str:
    """The fixed start of a sentence, up to its first variable given as :data:`CUT`."""
    return tr(key, **params).split(CUT)[0]


LOOK_EVERY = 10  # in the mixed style, everyone looks around every that many moves


class TableSession:
    """One channel's table, its people (``people[0]`` hosts) and how they play (``style``)."""

    def __init__(
        self,
        driver: Driver,
        db: GameDb,
        channel: FakeChannel,
        people: Sequence[FakeUser],
        *,
        style: str = "slash",
        seed: int = 0,
        wait: float = 20.0,
        lang: str = "en",
    ) -> None:
        if style not in STYLES:
            raise ValueError(f"style is one of {STYLES}")
        self.driver, self.db, self.channel = driver, db, channel
        self.people = list(people)
        self.host = self.people[0]
        self.style = style
        self.rng = random.Random(seed)
        self.wait = wait
        self.snapshots: list[Snapshot] = []
        self.results: list[InteractionResult] = []
        self.game_id = 0
        self.lobby: RecordedMessage | None = None  # the /lobby create reply: the first board
        self.hands: Hands | None = None
        self.moves = 0
        self.lang = lang  # the people's and the server's language
        self.tr = translator(lang)

    # -- reading -----------------------------------------------------------------------------
    def read(self) -> Snapshot:
        """The game as committed now (kept for later checks)."""
        snap = self.db.game(self.game_id)
        self.snapshots.append(snap)
        return snap

    def user_at(self, seat: int, snap: Snapshot) -> FakeUser | None:
        """The person in ``seat`` (None for a computer player)."""
        uid = snap.table.user_id(seat)
        return None if uid is None else next(u for u in self.people if u.id == uid)

    async def until(self, predicate: object, what: str) -> Snapshot:
        """Wait until ``predicate(snapshot)`` holds (re-read after every change the fake sees)."""
        found: list[Snapshot] = []

        def check() -> bool:
            snap = self.db.game(self.game_id)
            if predicate(snap):  # type: ignore[operator]
                found.append(snap)
                return True
            return False

        await self.driver.state.wait_until(check, self.wait, what)
        self.snapshots.append(found[-1])
        return found[-1]

    async def persons_turn(self) -> Snapshot:
        """Wait while computer players move: until a person is to play, or the game ended."""

        def ready(snap: Snapshot) -> bool:
            if snap.status not in ACTIVE:
                return True
            seat = snap.table.turn
            return seat is not None and snap.table.user_id(seat) is not None

        return await self.until(ready, "a person's turn or the end of the game")

    @property
    def board(self) -> RecordedMessage | None:
        """The table's public message now: the one the bot stored (it posts the board again at the
        bottom of the channel as messages go by), else the lobby's."""
        if self.game_id:
            stored = self.db.game(self.game_id).message_id
            message = self.driver.state.messages.get(stored or 0)
            if message is not None and not message.deleted:
                return message
        return self.lobby

    async def board_shows(self, marker: str) -> RecordedMessage:
        """Wait until the public board message (redrawn in the background) shows ``marker``."""

        def shows() -> bool:
            board = self.board
            assert board is not None
            return marker in board.text or any(str(b.get("custom_id")).startswith(marker) for b in board.buttons)

        await self.driver.state.wait_until(shows, self.wait, f"the board to show {marker!r}")
        board = self.board
        assert board is not None
        return board

    # -- the lobby ----------------------------------------------------------------------------
    async def open(self, preset: str, settings: dict[str, str], bots: Sequence[str] = ()) -> None:
        """Create the table, set its rules, seat computer players and the other people."""
        d, host, ch = self.driver, self.host, self.channel
        created = await d.slash(host, ch, "lobby create", preset=preset)
        assert not created.ephemeral and created.message.buttons, created.text
        self.lobby = created.message
        snap = self.db.active(ch.id)
        assert snap is not None and snap.status == "lobby" and snap.table.preset == preset
        self.game_id = snap.id
        self.hands = Hands(d, self.game_id, lang=self.lang)
        for name, value in settings.items():
            done = await d.slash(host, ch, "lobby set", rule=name, value=value)
            assert done.ephemeral and done.text.startswith(lead(self.tr, "set_done", name=name, value=CUT)), done.text
        for level in bots:
            added = await d.slash(host, ch, "lobby addbot", level=level)
            assert added.ephemeral and self.tr(f"level_{level}") in added.text, added.text
        for i, user in enumerate(self.people[1:]):
            if i % 2 == 0:
                joined = await d.click(user, self.board, component_id(self.board, f"rami:{self.game_id}:join"))
            else:
                joined = await d.slash(user, ch, "lobby join")
            assert joined.ephemeral and lead(self.tr, "joined", n=CUT, max=CUT) in joined.text, joined.text
        table = self.read().table
        assert len(table.players) == len(self.people) + len(bots)
        assert sum(p.is_bot for p in table.players) == len(bots)

    async def start(self) -> Snapshot:
        """Start with the Start button; the board becomes the game with its "My hand" button."""
        assert self.board is not None
        started = await self.driver.click(self.host, self.board, component_id(self.board, f"rami:{self.game_id}:start"))
        assert not started.ephemeral and lead(self.tr, "started", title=CUT) in started.text, started.text
        await self.board_shows(f"rami:{self.game_id}:hand")
        snap = self.read()
        assert snap.status in ("playing", "finished")
        return snap

    # -- play ---------------------------------------------------------------------------------
    async def play(self, user: FakeUser, action: act.Action, style: str, version: int) -> list[InteractionResult]:
        """Make ``action`` as ``user`` by typing or clicking, at game ``version``."""
        assert self.board is not None and self.hands is not None
        if style == "buttons":
            results = await by_buttons(self.hands, user, self.channel, self.board, action, version)
        else:
            results = await by_slash(self.driver, user, self.channel, action)
            self.hands.note(user, results[0])
            self.hands.drawn_at.pop(user.id, None)
        self.results += results
        return results

    async def step(self) -> Snapshot | None:
        """Let the person to move play one action; None once the game is over."""
        snap = await self.persons_turn()
        if snap.status not in ACTIVE:
            return None
        table = snap.table
        assert table.game is not None and table.turn is not None
        seat = table.turn
        user = self.user_at(seat, snap)
        assert user is not None
        if self.style == "mixed" and self.moves % LOOK_EVERY == 0:
            await self.look(snap)
        action = choose_action(view_for(table.game, seat), "normal", self.rng)
        style = self.style if self.style != "mixed" else STYLES[self.moves % 2]
        mark = len(self.driver.state.writes)
        results = await self.play(user, action, style, snap.version)
        self.moves += 1
        after = self.read()
        if style == "buttons" and after.version == snap.version + 1:  # its hand was redrawn in place
            self.hands.drawn_at[user.id] = after.version  # type: ignore[union-attr]
        logged = self.db.actions(self.game_id)
        mine = [a for a in logged if a.seq == snap.version + 1]
        texts = "\n---\n".join(r.text for r in results)
        assert mine, f"{user.name}'s {action} was not saved; the bot answered:\n{texts}"
        assert mine[0].actor_id == user.id and mine[0].kind == act.action_to_json(action)["type"], (mine, action)
        assert after.version > snap.version
        await self.driver.state.wait_until(  # its turn's message, edited (or the next turn's, new)
            lambda: any(w.public and w.channel_id == self.channel.id for w in self.driver.state.writes[mark:]),
            self.wait,
            f"the public message about {user.name}'s {action}",
        )
        if style != "buttons" and after.status in ACTIVE:  # a typed move's answer is its hand
            await self.driver.state.wait_until(
                lambda: any(m.ephemeral for r in results for m in r.messages),
                self.wait,
                f"{user.name}'s hand after their {action}",
            )
        return after

    async def look(self, snap: Snapshot) -> None:
        """Everyone seated looks: card suggestions while typing /discard, /hint and /table. Nothing moves."""
        d, ch, table = self.driver, self.channel, snap.table
        assert table.game is not None and table.game.deal is not None
        for user in self.people:
            seat = table.seat_for(user.id)
            choices = await d.autocomplete(user, ch, "discard", "card", "")
            assert {c["value"] for c in choices} == {str(c) for c in table.game.deal.hands[seat]}, choices
            for command in ("hint", "table"):
                looked = await d.slash(user, ch, command)
                assert looked.ephemeral and looked.text.strip(), looked.text
        assert self.read().key == snap.key, "looking changed the game"

    async def play_to_end(self, max_moves: int = 1_200) -> Snapshot:
        """Play until the game is over; returns the final snapshot. ``max_moves`` only stops a game
        that never ends: a deal of ``basic`` turns its pile over with no limit, and two people
        playing ``normal``'s random choices went past 400 moves in about one game of six (the deal
        is shuffled by the bot, not by the test)."""
        for _ in range(max_moves):
            if await self.step() is None:
                return self.snapshots[-1]
        raise AssertionError(f"the game did not end within {max_moves} moves by people")

    # -- the end -------------------------------------------------------------------------------
    async def check_final_scores(self) -> Snapshot:
        """The game is over and recorded: results, the public announcement, /scores and the board."""
        final = self.read()
        table = final.table
        game = table.game
        assert final.status == "finished" and table.status is TableStatus.OVER, final.status
        assert game is not None and game.outcome is not None
        results = self.db.results(self.game_id)
        assert sorted(r["seat"] for r in results) == list(range(len(table.players)))
        by_seat = {s.seat: s for s in game.outcome.standings}
        for row in results:
            assert row["rank"] == by_seat[row["seat"]].rank and row["final_score"] == game.scores[row["seat"]]
        game_over = self.tr("ev_game_over", winners="", verb="").split(".")[0]  # "The game is over"
        await self.driver.state.wait_until(  # a computer player's last move is told after its commit
            lambda: any(game_over in m.text for m in self.driver.public_messages(self.channel)),
            self.wait,
            "the public 'game over' message",
        )
        sheet = await self.driver.slash(self.host, self.channel, "scores")  # the last game, after its end
        total = next((line for line in sheet.text.splitlines() if self.tr("scores_total") in line), "")
        assert sheet.ephemeral and total, sheet.text
        for seat, player in enumerate(table.players):  # names here have no markdown to escape
            name = stored_bot_name(player.name, self.tr)  # a computer player's, in the reader's language
            assert f"{name} {game.scores[seat]}" in total, (name, total)
        board = await self.board_shows(self.tr("board_standings"))
        for standing in game.outcome.standings:
            name = stored_bot_name(table.players[standing.seat].name, self.tr)
            line = self.tr(
                "board_standing", rank=standing.rank, name=name, score=standing.score, deals=standing.deals_won
            )
            assert line in board.text, (line, board.text)
        return final
