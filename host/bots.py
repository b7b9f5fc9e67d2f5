"""Bots hold seats the way people do.

A `BotHolder` receives its seat's `SeatUpdate` (the seat's view and legal
actions, nothing more) and answers with a `SeatCommand`. It can decide at
once (`think=inline`, for simulations and tests: the session's broadcast loop
picks the answer up without recursion) or on an asyncio loop, choosing in a
worker thread and waiting at least `delay` seconds so that people can follow
(`think=threaded`). A searching bot (`SEARCHING_LEVELS`) thinks in a process
of its own (`think=process`, `ProcessBotHolder`, `host.search_process`),
behind the same two messages; "auto", what a terminal's table and the hub
use, sends searching levels there and keeps the others in threads.

"Move now" (a `hurry` command, checked by the session) reaches the holder of
the thinking bot: a bot with `should_stop` answers its best move so far, and
any bot skips the rest of its pause. The rest of that seat's turn is hurried
too: each later decision of it stops its search as it starts (keeping its
pause), until another seat is to act.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
import time
from collections.abc import Callable
from typing import Any

import attrs

from core.engine import CHANCE
from host.budget import SEARCHING_LEVELS, bot_seconds_from_env
from host.messages import SeatCommand, SeatUpdate
from host.search_process import Decision, SearchFailed, WorkerPool, shared_pool
from host.session import BOT, Link, Session

log = logging.getLogger(__name__)

BotFactory = Callable[[str, "str | None"], Any]

#: how a holder's bot decides: at once, in a thread of the event loop, or in
#: a search process (`host.search_process`); "auto" puts a searching level in
#: a process and any other in a thread
INLINE, THREADED, PROCESS, AUTO = "inline", "threaded", "process", "auto"
THINKS = (INLINE, THREADED, PROCESS, AUTO)
#: the bot that plays where no level is named: an away person's seat
#: (`stand_in`) and an old journal's bot seat without a level. It is the
#: heuristic bot (`core.bots.DEFAULT_BOT`, a test keeps the two equal; not
#: imported here, which would load every game's rules with the host), which
#: answers in milliseconds in
#: a thread: a hub with many tables and away players spends no search on
#: them, and it still plays sensibly until the seat is handed back.
STAND_IN_LEVEL = "heuristic"


class LevelBots:
    """Builds the game's bot of a level, with its seconds per move when one
    is set (a plain object, so it can be sent to a search process)."""

    def __init__(self, seconds: dict[str, float] | None = None) -> None:
        #: seconds per move by level (levels not named keep their own budget)
        self.seconds = dict(bot_seconds_from_env() if seconds is None else seconds)

    def __call__(self, game_id: str, level: str | None) -> Any:
        from core.bots import ALL_BOTS, make_bot

        if level is None:  # a stand-in, or a bot seat saved without a level
            level = STAND_IN_LEVEL
        known = ALL_BOTS.get(game_id, ())
        if level not in known:  # a level this version no longer builds
            fallback = STAND_IN_LEVEL if STAND_IN_LEVEL in known else "random"
            log.warning("no %r bot for %s; playing the %s bot instead", level, game_id, fallback)
            level = fallback
        seconds = self.seconds.get(level)
        if seconds is not None and level in SEARCHING_LEVELS:
            return make_bot(game_id, level, seconds=seconds)  # its iteration cap stays
        return make_bot(game_id, level)

    def __repr__(self) -> str:
        return f"LevelBots({self.seconds!r})"


def default_bot_factory(game_id: str, level: str | None) -> Any:
    """The game's bot of `level` (`STAND_IN_LEVEL` when none is named),
    with the seconds per move of $OVERTABLE_BOT_SECONDS."""
    return LevelBots()(game_id, level)


def searches(level: str | None) -> bool:
    """A bot of `level` searches (thinks for seconds): it belongs in a process."""
    return level in SEARCHING_LEVELS


class BotHolder:
    """One bot in one seat, deciding from its seat's updates alone."""

    def __init__(
        self,
        bot: Any,
        game: Any,
        rng: random.Random,
        *,
        threaded: bool = False,
        delay: float = 0.0,
    ) -> None:
        self.bot = bot
        self.game = game
        self.rng = rng
        self.threaded = threaded
        self.delay = delay
        self.link: Link | None = None
        #: action classes this bot is never offered unless nothing else is
        #: legal (a stand-in's: the owner's optional one-way choices)
        self.leaves: tuple[type, ...] = ()
        #: the update being answered (so one update is answered once)
        self._answering: int | None = None
        #: the update the decision under way was started from, and the
        #: latest one received (a thread's or process's decision)
        self._thinking_over: SeatUpdate | None = None
        self._latest: SeatUpdate | None = None
        self._task: asyncio.Task | None = None
        #: set by "move now" for the decision under way: stops a bot's
        #: search (`should_stop`) and the pause after it
        self._stop = threading.Event()
        self._hurried: asyncio.Event | None = None
        #: the seat whose turn "move now" hurried: each later decision of
        #: it is cut short as it starts, until another seat is to act (a
        #: hard bot's Overboss Duel turn is 2-4 decisions of up to 5 s each,
        #: and n hurried only the first)
        self._hurried_turn: int | None = None
        #: while cleared, a decision is not sent (`_pause`): the table at a
        #: terminal holds its bots while a box is up for the people there
        #: to read (tui/table.py `Table.wait_for_box`). None: never held
        self.gate: asyncio.Event | None = None

    @property
    def thinking(self) -> bool:
        """A decision is under way (searching, or pausing before it is sent)."""
        return self._task is not None and not self._task.done()

    def receive(self, update: SeatUpdate) -> None:
        turn = self._hurried_turn
        if turn is not None and (update.over or any(
                seat not in (turn, CHANCE) for seat in update.to_act)):
            self._hurried_turn = None  # another seat is to act: the turn is over
        if (
            update.over
            or update.seat is None
            or update.seat not in update.to_act
            or not update.legal
            or self._answering == update.seq
        ):
            return
        self._answering = update.seq
        if self.leaves:
            kept = tuple(a for a in update.legal if not isinstance(a, self.leaves))
            if kept and len(kept) < len(update.legal):
                update = attrs.evolve(update, legal=kept)
        if self.threaded:
            self._latest = update
            under_way = self._thinking_over
            if (self.thinking and under_way is not None and under_way.seat == update.seat
                    and under_way.legal == update.legal):
                # the same decision (another seat's pick in a choice all
                # make): thinking on, its answer is still offered (the
                # session takes it); starting again made each pick of the
                # others cost every bot still choosing its whole time again
                return
            self._start(update)
        else:
            self._answer(update, self._choose(update))

    def _start(self, update: SeatUpdate) -> None:
        self._drop_decision()  # an older update's: its answer would be stale
        self._stop = threading.Event()
        self._hurried = asyncio.Event()
        self._thinking_over = update
        if update.seat is not None and update.seat == self._hurried_turn:
            # the rest of a hurried turn: its best move at once (a search
            # stopped before it began plays the game's quick move); the
            # pause stays, so each move is seen
            self._stop.set()
        self._task = asyncio.get_running_loop().create_task(self._think(update))

    def hurry(self, seat: int) -> bool:
        """ "Move now": the decision under way is cut short (a bot with
        `should_stop` answers its best move so far; any bot skips the rest of
        its pause). False when this bot is not thinking."""
        if not self.thinking or self.link is None or seat not in self.link.seats:
            return False
        self._stop.set()
        if self._hurried is not None:
            self._hurried.set()
        self._hurried_turn = seat
        return True

    def cancel(self) -> None:
        self._drop_decision()

    def _drop_decision(self) -> None:
        self._stop.set()
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _choose(self, update: SeatUpdate, stop: threading.Event | None = None) -> Any:
        try:
            if stop is not None and hasattr(self.bot, "should_stop"):
                self.bot.should_stop = stop.is_set
            return self.bot.choose(self.game, update.view, update.seat, update.legal, self.rng)
        except Exception:  # a bot's bug must not stop the match: play the first move
            log.exception("bot %r failed in seat %s", self.bot, update.seat)
            return update.legal[0]

    async def _think(self, update: SeatUpdate) -> None:
        started = time.monotonic()
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(None, self._choose, update, self._stop)
        await self._pause(started)
        self._answer(update, action)

    async def _pause(self, started: float) -> None:
        """Wait out the rest of the bot delay, unless "move now" was asked,
        and while the `gate` is held (then the whole delay again once it
        opens: the table is seen as the box left it before the move)."""
        gate = self.gate
        while True:
            if gate is not None and not gate.is_set():
                await gate.wait()
                started = time.monotonic()
            await self._delay(started)
            if gate is None or gate.is_set():
                return

    async def _delay(self, started: float) -> None:
        rest = self.delay - (time.monotonic() - started)
        hurried = self._hurried
        if rest <= 0 or (hurried is not None and hurried.is_set()):
            return
        if hurried is None:
            await asyncio.sleep(rest)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(hurried.wait(), rest)

    def _answer(self, update: SeatUpdate, action: Any) -> None:
        # the decision is no longer under way: sending it may bring this
        # seat's next update at once (inside `send`), and a next choice with
        # the same moves (a second potion to read as the deal goes on) was
        # taken for this one still thinking, and never decided (play-test)
        self._thinking_over = None
        link = self.link
        if link is None or not link.open:
            return
        assert update.seat is not None
        refusal = link.send(SeatCommand.play(update.seat, action, update.seq))
        latest = self._latest
        if (refusal is not None and latest is not None and latest.seq > update.seq
                and latest.seq == link.session.seq and self.threaded):
            # thought on over a later update (see `receive`) the session no
            # longer offers as it was: think over the latest
            self._task = None  # (this decision's own task, ending: not cancelled)
            self._start(latest)
            return
        if refusal is not None and link.session.seq == update.seq:
            # refused on the table it was chosen for: a bot bug; keep the match going
            log.warning("bot in seat %s refused: %s", update.seat, refusal.reason)
            fallback = link.send(SeatCommand.play(update.seat, update.legal[0], update.seq))
            if fallback is not None:
                log.error("bot in seat %s cannot move: %s", update.seat, fallback.reason)


class ProcessBotHolder(BotHolder):
    """A bot that thinks in a search process (`host.search_process`): the
    pool's workers own the bot; this holder sends its seat's updates to the
    pool (`group` names its table there, for fairness) and plays the
    answers. If the worker fails (dies, thinks past `timeout`, counted from
    the moment a worker takes the decision, sends something that is not an
    answer) it plays the heuristic bot's move, chosen in a thread, and says
    so in the log."""

    def __init__(
        self,
        pool: WorkerPool,
        level: str | None,
        game: Any,
        rng: random.Random,
        *,
        delay: float = 0.0,
        timeout: float = 120.0,
        group: Any = None,
    ) -> None:
        super().__init__(None, game, rng, threaded=True, delay=delay)
        self.pool = pool
        self.level = level
        self.timeout = timeout
        self.group = group
        #: names this holder's bot in the pool's workers
        self.key = pool.new_key()
        self._request: Decision | None = None
        self._fallback: Any = None

    def hurry(self, seat: int) -> bool:
        if not super().hurry(seat):
            return False
        request = self._request
        if request is not None:
            self.pool.hurry(request)
        return True

    def cancel(self) -> None:
        super().cancel()
        self.pool.forget(self.key)

    async def _think(self, update: SeatUpdate) -> None:
        started = time.monotonic()
        request = self.pool.submit(
            self.key,
            self.level,
            update,
            self.rng.getrandbits(64),
            group=self.group,
            timeout=self.timeout,
        )
        self._request = request
        if self._stop.is_set():  # hurried before the request was sent
            self.pool.hurry(request)
        try:
            # the pool settles it: an answer, or SearchFailed (a dead or hung
            # worker, a closed pool); a wait in the queue is no failure
            command = await asyncio.wrap_future(request.future)
            action = command.action
        except asyncio.CancelledError:
            self.pool.cancel(request)
            raise
        except SearchFailed as error:
            log.warning(
                "searching bot in seat %s: %s; playing a heuristic move instead",
                update.seat,
                error,
            )
            loop = asyncio.get_running_loop()
            action = await loop.run_in_executor(None, self._fallback_choose, update)
        finally:
            if self._request is request:
                self._request = None
        await self._pause(started)
        self._answer(update, action)

    def _fallback_choose(self, update: SeatUpdate) -> Any:
        try:
            if self._fallback is None:
                self._fallback = default_bot_factory(self.game.id, STAND_IN_LEVEL)
            return self._fallback.choose(
                self.game, update.view, update.seat, update.legal, self.rng
            )
        except Exception:
            log.exception("fallback bot failed in seat %s", update.seat)
            return update.legal[0]


def seat_bots(
    session: Session,
    *,
    factory: BotFactory | None = None,
    threaded: bool = False,
    delay: float = 0.0,
    think: str | None = None,
    pool: WorkerPool | None = None,
    timeout: float = 120.0,
    gate: asyncio.Event | None = None,
) -> list[BotHolder]:
    """Seat a bot in every bot seat of `session` that nobody holds.

    `think` (see `THINKS`; by default "auto" when `threaded`, else
    "inline") says how each decides. A bot in a process is built there by
    the pool's factory (`pool`, else this process's shared pool); `factory`
    builds the others. A thinking bot sends no move while `gate` (if
    given) is cleared (`BotHolder.gate`)."""
    players = session.match.header.players
    holders = [
        _seat_bot(
            session,
            seat,
            players[seat].level,
            factory,
            _think_of(think, threaded),
            delay,
            pool,
            timeout,
        )
        for seat in sorted(session.bots)
        if session.holder_of(seat) is None
    ]
    for holder in holders:
        holder.gate = gate
    return holders


def stand_in(
    session: Session,
    seat: int,
    *,
    factory: BotFactory | None = None,
    threaded: bool = False,
    delay: float = 0.0,
    level: str = STAND_IN_LEVEL,
    think: str | None = None,
    pool: WorkerPool | None = None,
) -> BotHolder:
    """Seat a bot (`STAND_IN_LEVEL`: the heuristic bot, in a thread) in a
    person's seat while they are away. It plays only once the session sends
    the table again (`refresh`), so the other holders learn in the same
    breath that a bot plays the seat; closing its link hands the seat back.
    It leaves the game's `owners_choices` (a Boss reveal...) to the owner."""
    holder = _seat_bot(session, seat, level, factory, _think_of(think, threaded), delay, pool,
                       120.0)
    holder.leaves = tuple(getattr(session.game, "owners_choices", ()))
    return holder


def _think_of(think: str | None, threaded: bool) -> str:
    if think is None:
        return AUTO if threaded else INLINE
    if think not in THINKS:
        raise ValueError(f"a bot thinks {', '.join(THINKS)}, not {think!r}")
    return think


def _seat_bot(
    session: Session,
    seat: int,
    level: str | None,
    factory: BotFactory | None,
    think: str,
    delay: float,
    pool: WorkerPool | None,
    timeout: float,
) -> BotHolder:
    rng = random.Random(session.bot_rng.getrandbits(64))
    if think == AUTO:
        think = PROCESS if searches(level) else THREADED
    holder: BotHolder
    if think == PROCESS:
        holder = ProcessBotHolder(
            pool or shared_pool(),
            level,
            session.game,
            rng,
            delay=delay,
            timeout=timeout,
            group=id(session),  # the hub's pool takes its tables in turn
        )
    else:
        bot = (factory or default_bot_factory)(session.game.id, level)
        holder = BotHolder(bot, session.game, rng, threaded=think == THREADED, delay=delay)
    holder.link = session.connect(holder, {seat}, kind=BOT, send=False)
    return holder
