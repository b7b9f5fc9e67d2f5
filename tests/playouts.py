"""The random playout every game's property tests share (DESIGN: properties
every game keeps; NOTES: OpenSpiel's random-simulation test)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from core import CHANCE
from core.playout import sample_chance


def seeds(default: int) -> int:
    """How many seeds a property test plays: bounded in CI, raised locally
    with OVERTABLE_SEEDS."""
    return int(os.environ.get("OVERTABLE_SEEDS", str(default)))


def checked_playout(
    game: Any,
    players: int,
    options: Any,
    seed: int,
    check: Callable[[Any], None] | None = None,
    max_steps: int = 20_000,
) -> tuple[Any, list[tuple[int, Any]]]:
    """A random legal playout from setup to the end; returns the final state
    and the journal of (seat, action). At every step the chance outcomes sum
    to 1, a seat owing a decision has one, and `check(state)` holds."""
    rng = random.Random(seed)
    state = game.setup(players, options)
    journal: list[tuple[int, Any]] = []
    for _ in range(max_steps):
        seats = game.to_act(state)
        if not seats:
            return state, journal
        if CHANCE in seats:
            seat = CHANCE
        else:  # among seats owing a simultaneous choice, a random one first
            seat = next(iter(seats)) if len(seats) == 1 else rng.choice(sorted(seats))
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            legal = game.legal_actions(state, seat)
            assert legal, f"seat {seat} owes a decision but has no legal action"
            action = rng.choice(legal)
        journal.append((seat, action))
        state = game.apply(state, seat, action)
        if check:
            check(state)
    raise AssertionError("the playout did not end")


class CheckedBot:
    """Wraps a bot: asserts it is handed its seat's true view (with the
    unseen pool) and answers one of the legal actions."""

    def __init__(self, bot: Any, state_box: list) -> None:
        self.bot = bot
        self.name = bot.name
        self.box = state_box

    def choose(self, game: Any, view: Any, seat: int, legal: tuple, rng: random.Random) -> Any:
        assert view == game.view(self.box[0], seat)
        assert view.unseen is not None
        action = self.bot.choose(game, view, seat, legal, rng)
        assert action in legal, (self.name, action, legal)
        return action


def play_checked(game: Any, bots: list, rng: random.Random, options: Any = None) -> Any:
    """A whole match between `bots` (one per seat), each answer checked by
    `CheckedBot` against the real state; returns the final state."""
    players = len(bots)
    state = game.setup(players, game.Options() if options is None else options)
    box = [state]
    checked = [CheckedBot(b, box) for b in bots]
    while seats := game.to_act(state):
        if CHANCE in seats:
            seat, action = CHANCE, sample_chance(game.chance_outcomes(state), rng)
        else:
            seat = min(seats)
            legal = game.legal_actions(state, seat)
            action = checked[seat].choose(game, game.view(state, seat), seat, legal, rng)
        state = game.apply(state, seat, action)
        box[0] = state
    return state
