"""Tournaments through ``python bot.py`` and the fake Discord (issue 31): an organiser with Manage
Server creates one with ``/tournament create`` and enters computer players with ``/tournament
addbot``; people sign up and withdraw with the message's buttons and play their tables' games by
typing their moves in each table's thread (the moves chosen by the rules engine from the mover's
own view, read from the bot's database); the computer players play at their pace (none here), and
a table of computer players alone is played to its end too. At the end the tournament's message
shows the podium once, and every table's result is the one its stored game gives.

The games are short: the server's defaults (``/rami defaults``) make each a single deal of 4 cards
of ``basic``, with no refill of the stock, no pause of the computer players and no turn timer.
"""

from __future__ import annotations

import random
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cogs.ui.tournament_render import podium_lines, standing_lines
from rummy import actions as act
from rummy import tournament as T
from rummy.ai import choose_action
from rummy.view import view_for
from service.catalog import translator
from tests.e2e.conftest import World
from tests.e2e.gamedb import Snapshot
from tests.e2e.moves import by_slash, component_id
from tests.fakediscord import BotProcess, Driver, FakeUser, InteractionResult, RecordedMessage

EN = translator("en")
RULES = {"game_end": "deals", "game_length": "1", "hand_size": "4", "refill_limit": "0"}
OPTIONS = {"bot_pause": "0", "turn_timer": "0", "hints": "no"}
GAME_OVER = EN("ev_game_over", winners="", verb="").split(".")[0]  # "The game is over"
WAIT = 30.0  # seconds for the bot to get somewhere (a whole round of computer players' moves)


@dataclass
class Event:
    """A tournament being played: its organiser, its people and the test's view of its rows."""

    world: World
    organiser: FakeUser
    people: Sequence[FakeUser]
    rng: random.Random
    id: int = 0
    moves: int = 0

    @property
    def d(self) -> Driver:
        return self.world.driver

    # -- reading the store ---------------------------------------------------------------------
    def row(self) -> dict[str, object]:
        (row,) = [r for r in self.world.db.tournaments() if r["id"] == self.id]
        return row

    def state(self) -> T.Tournament:
        return T.loads(str(self.row()["state_json"]))

    def tables(self) -> list[dict[str, object]]:
        return self.world.db.tournament_tables(self.id)

    def games(self) -> list[Snapshot]:
        """The games of the tournament's tables, in the order of the tables."""
        return [self.world.db.game(int(x["game_id"])) for x in self.tables() if x["game_id"] is not None]

    def person_to_move(self, people: Sequence[FakeUser] | None = None) -> tuple[Snapshot, FakeUser] | None:
        """A game in play where one of the people (of ``people``: all by default) is to move, and who."""
        people = self.people if people is None else people
        for game in self.games():
            if game.status != "playing":
                continue
            seat = game.table.turn
            uid = game.table.user_id(seat) if seat is not None else None
            user = next((p for p in people if p.id == uid), None)
            if user is not None:
                return game, user
        return None

    def message(self) -> RecordedMessage:
        message_id = self.row()["message_id"]
        assert isinstance(message_id, int), "the tournament has no message"
        return self.d.state.messages[message_id]

    # -- doing -------------------------------------------------------------------------------
    async def create(self, fmt: str, bots: Sequence[str], **options: object) -> None:
        """The defaults, the tournament, its computer entrants, and the people signed up by button."""
        d, ch, org = self.d, self.world.channel, self.organiser
        for rule, value in RULES.items():
            done = await d.slash(org, ch, "rami defaults rule", rule=rule, value=value, preset="basic")
            assert done.ephemeral, done.text
        for option, value in OPTIONS.items():
            done = await d.slash(org, ch, "rami defaults option", option=option, value=value)
            assert done.ephemeral, done.text
        created = await d.slash(
            org, ch, "tournament create", name="Friday night", format=fmt, preset="basic", **options
        )
        assert created.ephemeral and EN("tournament_created", name="Friday night") == created.text, created.text
        (row,) = self.world.db.tournaments()
        self.id = int(row["id"])
        for n, level in enumerate(bots, start=1):
            added = await d.slash(org, ch, "tournament addbot", level=level)
            entered = EN("tournament_done_addbot", name=f"Bot {n} ({level})", n=n)
            assert added.ephemeral and added.text == entered, added.text
        await d.state.wait_until(lambda: self.row()["message_id"] is not None, WAIT, "the tournament's message")
        for user in self.people:
            signed = await self.click(user, "tsign")
            assert signed.ephemeral and signed.text == EN("tournament_signed_up", name="Friday night"), signed.text
        assert len(self.state().entrants) == len(bots) + len(self.people)

    async def click(self, user: FakeUser, what: str) -> InteractionResult:
        message = self.message()
        return await self.d.click(user, message, component_id(message, f"rami:{self.id}:{what}"))

    async def start(self) -> None:
        started = await self.d.slash(self.organiser, self.world.channel, "tournament start")
        assert started.ephemeral and started.text == EN("tournament_done_start"), started.text

    async def move(self, people: Sequence[FakeUser] | None = None) -> bool:
        """One person's move at one of the tables (typed in its thread); False when nobody is to move."""
        found = self.person_to_move(people)
        if found is None:
            return False
        game, user = found
        table = game.table
        assert table.game is not None and table.turn is not None
        action = choose_action(view_for(table.game, table.turn), "normal", self.rng)
        thread = self.d.state.channels[game.channel_id]
        assert thread.is_thread and thread.parent_id == self.world.channel.id
        results = await by_slash(self.d, user, thread, action)
        logged = [a for a in self.world.db.actions(game.id) if a.seq == game.version + 1]
        texts = "\n---\n".join(r.text for r in results)
        assert logged, f"{user.name}'s {action} was not saved; the bot answered:\n{texts}"
        assert logged[0].actor_id == user.id and logged[0].kind == act.action_to_json(action)["type"], logged
        self.moves += 1
        return True

    async def play_until(
        self, done: Callable[[], bool], what: str, people: Sequence[FakeUser] | None = None, moves: int = 600
    ) -> None:
        """The people (or only ``people``) play their moves, the computer players theirs, until ``done()``."""
        for _ in range(moves):
            if done():
                return
            if not await self.move(people):
                await self.d.state.wait_until(lambda: done() or self.person_to_move(people) is not None, WAIT, what)
        raise AssertionError(f"{what}: not within {moves} moves by people")

    def rounds(self) -> int:
        t = self.state()
        return len(t.rounds) if t.stage is T.Stage.PLAYING else len(t.rounds) + 1

    # -- the end ------------------------------------------------------------------------------
    async def check_results(self) -> tuple[T.Tournament, int]:
        """Finished; every table's result is its stored game's, played to its end; a game with a
        person at its end is on the leaderboard, one of computer players alone is not. Returns the
        tournament and how many tables computer players alone finished."""
        t = self.state()
        assert t.stage is T.Stage.FINISHED
        links = {(int(x["round"]), int(x["table_no"])): x for x in self.tables()}
        assert len(links) == sum(len(r.tables) for r in t.rounds)
        alone = 0
        for rnd in t.rounds:
            for table in rnd.tables:
                link = links[(rnd.number, table.number)]
                game = self.world.db.game(int(link["game_id"]))  # type: ignore[arg-type]
                assert game.status == "finished" and game.table.tournament == self.id, (rnd.number, game.status)
                assert game.table.game is not None and table.result is not None and not table.result.timed_out
                seats = tuple(link["seats"])  # type: ignore[arg-type]
                assert table.result == T.table_result(game.table.game, seats)
                rated = bool(game.table.humans_left)
                alone += not rated
                if not rated:  # told in its thread like any game, to its end
                    await self.told_in_thread(game.channel_id)
                assert bool(self.world.db.results(game.id)) == rated, (rnd.number, table.number)
        return t, alone

    async def told_in_thread(self, thread_id: int) -> None:
        """The end of the thread's game is told there."""
        thread = self.d.state.channels[thread_id]

        def told() -> bool:
            return any(GAME_OVER in m.text for m in self.d.public_messages(thread))

        await self.d.state.wait_until(told, WAIT, f"the end of the game told in thread {thread_id}")

    async def check_message(self, t: T.Tournament) -> None:
        """One podium, on the tournament's message, with the standings the stored results give."""
        podium = EN("tournament_field_podium")

        def podiums() -> list[RecordedMessage]:
            return [
                m
                for m in self.d.public_messages(self.world.channel)
                if any(f.get("name") == podium for e in m.embeds for f in e.get("fields", []))
            ]

        await self.d.state.wait_until(lambda: bool(podiums()), WAIT, "the podium")
        (shown,) = podiums()
        assert shown.id == self.row()["message_id"] and shown.buttons == []
        for line in podium_lines(EN, t) + standing_lines(EN, t, T.standings(t)):
            assert line in shown.text, (line, shown.text)


def organiser(world: World) -> FakeUser:
    olga = world.driver.user("olga")
    world.driver.member(world.guild, olga, admin=True)  # Manage Server
    return olga


async def test_a_swiss_of_nine_through_a_crash(world: World, rami: BotProcess) -> None:
    """Nine entrants, three rounds at tables of 4: alice, bob and carol and six computer players.
    Nine seat as 3, 3, 3 in round 1; carol withdraws in the middle of round 1 (her game goes on
    without her: a forfeit), so rounds 2 and 3 seat eight as 4, 4. The bot is killed (SIGKILL) in
    the middle of round 2, right after a move of a person was confirmed; restarted, the tournament
    goes on from where it was, and its final standings are posted once."""
    people = [world.alice, world.bob, world.carol]
    event = Event(world, organiser(world), people, random.Random(5))
    await event.create("swiss", ["easy", "normal"] * 3, table_size=4, rounds=3)
    await event.start()
    assert [t.seats for t in event.state().rounds[0].tables] == [3, 3, 3]

    def carol_to_move() -> bool:
        return event.person_to_move([world.carol]) is not None

    await event.play_until(carol_to_move, "carol's turn", people=[world.alice, world.bob])
    withdrawn = await event.click(world.carol, "twithdraw")  # her game waits for her: she leaves it
    assert withdrawn.ephemeral and withdrawn.text == EN("tournament_withdrawn", name="Friday night")
    event.people = [world.alice, world.bob]

    await event.play_until(lambda: event.rounds() >= 2, "round 2")
    first = event.state().rounds[0]
    carol = next(x.result for x in first.tables if world.carol.id in x.players)
    assert carol is not None and carol.of(world.carol.id).forfeited
    assert [t.seats for t in event.state().rounds[1].tables] == [4, 4]

    # Round 2: a few moves, then the bot is killed right after a person's move was confirmed.
    await event.play_until(lambda: event.person_to_move() is not None, "a person's turn in round 2")
    for _ in range(2):
        assert await event.move()
        await event.play_until(lambda: event.person_to_move() is not None, "a person's turn in round 2")
    game, user = event.person_to_move() or (None, None)
    assert game is not None and user is not None and game.status == "playing"
    before = (event.row(), event.tables())
    assert await event.move()
    await rami.kill(signal.SIGKILL)
    crashed = (event.row(), event.tables(), world.db.game(game.id))
    # move() checked the person's move was stored before the reply; the computer seats of that table
    # play on at once (unpaced), so some of their moves may be stored too before the kill lands.
    assert crashed[2].version >= game.version + 1 and crashed[2].status == "playing"
    assert crashed[0]["status"] == "playing" and len(event.state().rounds) == 2
    await rami.start()
    assert len(event.state().rounds) == 2 and before[1] == crashed[1][: len(before[1])]

    await event.play_until(lambda: event.state().stage is T.Stage.FINISHED, "the end of the tournament")
    t, _ = await event.check_results()  # a table of computer players alone, if the draw made one
    assert [[x.seats for x in r.tables] for r in t.rounds] == [[3, 3, 3], [4, 4], [4, 4]]
    assert all(world.carol.id not in x.players for r in t.rounds[1:] for x in r.tables)
    await event.check_message(t)
    threads = {c.id for c in world.driver.state.channels.values() if c.parent_id == world.channel.id}
    assert {int(x["channel_id"]) for x in event.tables()} == threads and len(threads) == 7  # none opened twice


async def test_a_knockout_of_eight(world: World, rami: BotProcess) -> None:
    """Eight entrants at tables of 4: alice and seven computer players. Round 1 is two tables of 4
    (one of them computer players alone), the best two of each go on to the final table of 4."""
    event = Event(world, organiser(world), [world.alice], random.Random(8))
    await event.create("knockout", ["easy", "normal", "easy", "normal", "easy", "normal", "easy"], table_size=4)
    await event.start()
    await event.play_until(lambda: event.state().stage is T.Stage.FINISHED, "the end of the knockout")
    t, alone = await event.check_results()
    assert [[x.seats for x in r.tables] for r in t.rounds] == [[4, 4], [4]]
    assert alone >= 1  # the table of round 1 alice does not sit at, at least
    final = t.rounds[1].tables[0]
    champion = T.standings(t)[0].player
    assert final.result is not None and final.result.of(champion).place == 1
    await event.check_message(t)
