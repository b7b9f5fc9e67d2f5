"""Bots hold seats the way people do.

A `BotHolder` receives its seat's `SeatUpdate` (the seat's view and legal
actions, nothing more) and answers with a `SeatCommand`. It can decide at
once (`think=inline`, for simulations and tests: the session's broadcast loop
picks the answer up without recursion) or on an asyncio loop, choosing in a
worker thread and waiting at least `delay` seconds so that people can follow
(`think=threaded`, at a terminal or on the hub). A searching bot in another
process fits behind the same two messages.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Callable
from typing import Any

from host.messages import SeatCommand, SeatUpdate
from host.session import BOT, Link, Session

log = logging.getLogger(__name__)

BotFactory = Callable[[str, "str | None"], Any]


def default_bot_factory(game_id: str, level: str | None) -> Any:
    """The game's bot of `level` (its strongest when none is named)."""
    from core.bots import LEVELS, make_bot

    if level is None:
        levels = LEVELS.get(game_id, ())
        level = levels[-1] if levels else "random"
    return make_bot(game_id, level)


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
        #: the update being answered (so one update is answered once)
        self._answering: int | None = None
        self._task: asyncio.Task | None = None

    def receive(self, update: SeatUpdate) -> None:
        if (
            update.over
            or update.seat is None
            or update.seat not in update.to_act
            or not update.legal
            or self._answering == update.seq
        ):
            return
        self._answering = update.seq
        if self.threaded:
            self._task = asyncio.get_running_loop().create_task(self._think(update))
        else:
            self._answer(update, self._choose(update))

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def _choose(self, update: SeatUpdate) -> Any:
        try:
            return self.bot.choose(self.game, update.view, update.seat, update.legal, self.rng)
        except Exception:  # a bot's bug must not stop the match: play the first move
            log.exception("bot %r failed in seat %s", self.bot, update.seat)
            return update.legal[0]

    async def _think(self, update: SeatUpdate) -> None:
        started = time.monotonic()
        loop = asyncio.get_running_loop()
        action = await loop.run_in_executor(None, self._choose, update)
        rest = self.delay - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
        self._answer(update, action)

    def _answer(self, update: SeatUpdate, action: Any) -> None:
        link = self.link
        if link is None or not link.open:
            return
        assert update.seat is not None
        refusal = link.send(SeatCommand.play(update.seat, action, update.seq))
        if refusal is not None and link.session.seq == update.seq:
            # refused on the table it was chosen for: a bot bug; keep the match going
            log.warning("bot in seat %s refused: %s", update.seat, refusal.reason)
            fallback = link.send(SeatCommand.play(update.seat, update.legal[0], update.seq))
            if fallback is not None:
                log.error("bot in seat %s cannot move: %s", update.seat, fallback.reason)


def seat_bots(
    session: Session,
    *,
    factory: BotFactory | None = None,
    threaded: bool = False,
    delay: float = 0.0,
) -> list[BotHolder]:
    """Seat a bot in every bot seat of `session` that nobody holds."""
    players = session.match.header.players
    return [
        _seat_bot(session, seat, players[seat].level, factory, threaded, delay)
        for seat in sorted(session.bots)
        if session.holder_of(seat) is None
    ]


def stand_in(
    session: Session,
    seat: int,
    *,
    factory: BotFactory | None = None,
    threaded: bool = False,
    delay: float = 0.0,
) -> BotHolder:
    """Seat the game's strongest bot in a person's seat while they are away.
    It plays only once the session sends the table again (`refresh`), so
    the other holders learn in the same breath that a bot plays the seat;
    closing its link hands the seat back."""
    return _seat_bot(session, seat, None, factory, threaded, delay)


def _seat_bot(
    session: Session,
    seat: int,
    level: str | None,
    factory: BotFactory | None,
    threaded: bool,
    delay: float,
) -> BotHolder:
    bot = (factory or default_bot_factory)(session.game.id, level)
    rng = random.Random(session.bot_rng.getrandbits(64))
    holder = BotHolder(bot, session.game, rng, threaded=threaded, delay=delay)
    holder.link = session.connect(holder, {seat}, kind=BOT, send=False)
    return holder
