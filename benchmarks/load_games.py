"""The real bot's games in the load benchmark: set up, followed and played through the fake Discord only.

Used by ``benchmarks/bench_load.py`` for every real bot it drives (this checkout's, and with
``--versus`` another checkout's). Each channel holds a game of ``basic`` between its two members
(turn timer off). An action is the next step of that game's draw/discard cycle: the player to move
types ``/draw``, then ``/discard`` of a card they are known to hold; one action in five only looks
(``/hand`` or ``/table``).

The benchmark learns a game the way a player does, never from the bot's database or its code: so it
drives any version of the bot whose commands are the same, whatever its storage or internal layout.
It relies on three things of the command interface, which the load itself uses anyway:

* a state-changing command is accepted with a public reply and refused with an ephemeral one;
* who is to move, and whether they drew, is found by trying: a ``/draw`` (by each player in turn) is
  accepted only from the player to move before they drew; failing that, a ``/discard`` only from the
  player to move after they drew;
* the autocomplete of ``/discard``'s ``card`` lists the faces in the caller's own hand (its values are
  what ``/discard`` takes).

The load generator keeps track of each game itself (who moves, which known cards are still held), so
nothing is asked while a phase is measured. A refused action, or a player to discard whose known
cards ran out, marks the game as stale: until the next phase it only gets looks, and it is learnt
again between phases (:meth:`GameLoad.prepare`), as are hands running short of known cards.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial

from benchmarks.load_discord import LoadWorld
from tests.fakediscord import FakeChannel, FakeUser, InteractionResult

SETUP_CONCURRENCY = 16
# The bot's first move starts its picture process, which holds its event loop until the process is
# up: seconds, and on a busy machine long enough for the commands meanwhile to miss Discord's three
# seconds. So the first game is set up alone, and again if it got no answer (its commands are
# answered, by a refusal if need be, when repeated: the game is learnt by trying).
FIRST_TRIES = 3


def accepted(result: InteractionResult) -> bool:
    """Whether the bot accepted a state-changing command: its answer is public (older versions of
    the bot), or the mover's private hand (since the channel reads moves in the turn's message); a
    refusal is a private line of text."""
    if not result.messages:
        return False
    first = result.messages[0]
    return not first.ephemeral or bool(first.embeds)


@dataclass
class GameTrack:
    """What the load generator knows of one game, from what the bot told its players."""

    channel: FakeChannel
    users: tuple[FakeUser, FakeUser]
    turn: int = 0  # index into users of the player to move
    drawn: bool = False  # the player to move has drawn (next: discard)
    held: dict[int, list[str]] = field(default_factory=dict)  # user id -> known cards still held
    steps: int = 0
    stale: bool = False  # what we know may be wrong: only look until learnt again

    def next_command(self) -> tuple[FakeUser, str, dict[str, str]]:
        """The next action: who types which command with which options (and note it as done)."""
        self.steps += 1
        user = self.users[self.turn]
        if self.steps % 5 == 0:
            return user, ("hand" if self.steps % 10 == 0 else "table"), {}
        if self.stale or (self.drawn and not self.held.get(user.id)):
            self.stale = True
            return user, "table", {}
        if not self.drawn:
            self.drawn = True
            return user, "draw", {"source": "stock"}
        card = self.held[user.id].pop()  # still in hand: only its holder discards it, once
        self.drawn = False
        self.turn = 1 - self.turn
        return user, "discard", {"card": card}


async def _bounded(jobs: list[Callable[[], Awaitable[None]]], limit: int) -> None:
    semaphore = asyncio.Semaphore(limit)

    async def run(job: Callable[[], Awaitable[None]]) -> None:
        async with semaphore:
            await job()

    await asyncio.gather(*(run(job) for job in jobs))


async def hand_faces(world: LoadWorld, user: FakeUser, channel: FakeChannel) -> list[str]:
    """The faces in ``user``'s hand, as the autocomplete of ``/discard card`` suggests them."""
    choices = await world.driver.autocomplete(user, channel, "discard", "card", "")
    return [str(choice["value"]) for choice in choices]


async def learn_hands(world: LoadWorld, track: GameTrack) -> None:
    """Both players' hands, afresh."""
    track.held = {user.id: await hand_faces(world, user, track.channel) for user in track.users}


async def learn_turn(world: LoadWorld, track: GameTrack) -> None:
    """Who moves and whether they drew, by trying as the players would (this moves the game on)."""
    d, ch = world.driver, track.channel
    replies: list[str] = []
    for seat, user in enumerate(track.users):
        result = await d.slash(user, ch, "draw", {"source": "stock"})
        if accepted(result):
            track.turn, track.drawn = seat, True
            return
        replies.append(result.text)
    for seat, user in enumerate(track.users):
        faces = await hand_faces(world, user, ch)
        if not faces:
            continue
        result = await d.slash(user, ch, "discard", {"card": faces[-1]})
        if accepted(result):
            track.turn, track.drawn = 1 - seat, False
            return
        replies.append(result.text)
    raise AssertionError(f"no player can move in {ch.name}; the bot said: {replies}")


async def learn(world: LoadWorld, track: GameTrack) -> None:
    """Everything the load generator needs of a game: the turn, then the hands."""
    await learn_turn(world, track)
    await learn_hands(world, track)
    track.stale = False


async def set_up_games(world: LoadWorld) -> list[GameTrack]:
    """A started game of ``basic`` (turn timer off) in every channel, learnt by its players."""
    d = world.driver
    tracks = [GameTrack(ch, pair) for ch, pair in zip(world.channels, world.users, strict=True)]

    async def one(track: GameTrack) -> None:
        host, guest = track.users
        ch = track.channel
        for user, command, options in [
            (host, "lobby create", {"preset": "basic"}),
            (host, "lobby set", {"rule": "turn_timer", "value": "0"}),
            (guest, "lobby join", {}),
            (host, "lobby start", {}),
        ]:
            result = await d.slash(user, ch, command, options)
            assert result.messages, f"/{command} in {ch.name} got no answer"
        await learn(world, track)  # fails, with the bot's replies, if the game did not start

    for attempt in range(FIRST_TRIES):  # the first game alone, first: see FIRST_TRIES
        try:
            await one(tracks[0])
            break
        except TimeoutError:
            if attempt == FIRST_TRIES - 1:
                raise
    await _bounded([partial(one, t) for t in tracks[1:]], SETUP_CONCURRENCY)
    return tracks


async def _relearn(how: Callable[[LoadWorld, GameTrack], Awaitable[None]], world: LoadWorld, track: GameTrack) -> None:
    """Learn a game again between phases; one the bot left unanswered (too late for Discord, on a
    busy machine) stays stale, and only gets looks until the next phase, instead of ending the run."""
    try:
        await how(world, track)
    except TimeoutError:
        track.stale = True


class GameLoad:
    """The real bot's actions: the next step of each game, round robin over the channels."""

    def __init__(self, world: LoadWorld, tracks: list[GameTrack]) -> None:
        self.world, self.tracks = world, tracks
        self.order = itertools.cycle(range(len(tracks)))
        self.sent: list[tuple[GameTrack, str]] = []

    async def send(self, i: int) -> InteractionResult:
        track = self.tracks[next(self.order)]
        user, command, options = track.next_command()
        self.sent.append((track, command))
        return await self.world.driver.slash(user, track.channel, command, options, _wait=False)

    def check(self, i: int, result: InteractionResult) -> bool:
        """A state-changing action must be accepted (see :func:`accepted`); a refusal marks its game stale."""
        track, command = self.sent[i]
        if command in ("hand", "table"):
            return True
        ok = accepted(result)
        if not ok:
            track.stale = True
        return ok

    async def prepare(self, count: int) -> bool:
        """Before a phase of ``count`` actions: learn again the stale games, and the hands that may
        run out of known cards during it (four actions in five move, every other move is a discard,
        and the players take turns: a player discards about once in five actions of their game).
        Returns whether anything was asked (then the caller lets the bot settle)."""
        per_game = -(-count // len(self.tracks))
        wanted = per_game // 5 + 2
        jobs: list[Callable[[], Awaitable[None]]] = []
        for t in self.tracks:
            if t.stale:
                jobs.append(partial(_relearn, learn, self.world, t))
            elif any(len(t.held.get(u.id, [])) < wanted for u in t.users):
                jobs.append(partial(_relearn, learn_hands, self.world, t))
        await _bounded(jobs, SETUP_CONCURRENCY)
        self.sent.clear()
        return bool(jobs)
