"""The bot protocol and the bot every game has: one that plays at random."""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """A seat's player that decides from that seat's view only.

    `choose` gets the game object, `game.view(state, seat)`, the seat, the
    seat's legal actions (never empty) and a random generator to draw any
    randomness from; it returns one of `legal`. A bot keeps no state between
    calls that could hold more than its views told it.

    A bot that thinks for a while (`core.bots.ismcts.IsmctsBot`) also has
    `seconds` (its time limit per move, which a host may set) and
    `should_stop` (None, or a callable of no arguments it polls while it
    thinks: once it returns True the bot answers its best move so far; this
    is how "move now" reaches a search in another process or thread), and
    `asked_at` (None, or the `time.perf_counter()` when the move was asked,
    before its search began: the seconds count from then).
    """

    name: str

    def choose(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal actions; plays every game."""

    name = "random"

    def choose(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        return legal[0] if len(legal) == 1 else rng.choice(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


class NoisyBot:
    """Another bot with some noise: with probability `noise` a uniformly
    random legal action instead of `bot`'s choice (the "easy" level: the
    heuristic bot's plan, with slips a careful player would not make)."""

    def __init__(self, bot: Any, noise: float = 0.3, name: str = "easy") -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError("noise is a probability")
        self.bot = bot
        self.noise = noise
        self.name = name

    def choose(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.noise:
            return rng.choice(legal)
        return self.bot.choose(game, view, seat, legal, rng)

    def __repr__(self) -> str:
        return f"NoisyBot({self.bot!r}, noise={self.noise})"
