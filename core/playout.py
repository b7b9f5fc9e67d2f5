"""Playing a match through to its end without a table: random playouts and
bot-against-bot matches.

Pure like the rest of the core: every function takes the `random.Random` it
draws from and keeps none. Chance is sampled by the probabilities the game
lists (`Game.chance_outcomes`), or at once from a game's `chance_pool`
when the step is an even draw (`even_draw`: the same outcome from the same
random number); seats act one at a time, the lowest seat first when several
owe a simultaneous decision.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from core.engine import CHANCE, Game, Outcome, listed_apply, seated_legal_actions

#: A playout that applies more actions than this has looped: a rules bug.
MAX_ACTIONS = 1_000_000


def sample_chance(outcomes: Sequence[tuple[Any, float]], rng: random.Random) -> Any:
    """One chance outcome, drawn by its probability.

    The probabilities need not sum to exactly 1 (float rounding): the last
    outcome takes whatever mass is left over.
    """
    if not outcomes:
        raise ValueError("no chance outcomes to sample from")
    if len(outcomes) == 1:
        return outcomes[0][0]
    total = 0.0
    for _, p in outcomes:
        total += p
    r = rng.random() * total
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def _running_sums(n: int) -> list[float]:
    """The running sums `sample_chance` adds up for `n` outcomes of
    probability ``1 / n`` each (the same float additions, in order)."""
    sums = _RUNNING_SUMS.get(n)
    if sums is None:
        p = 1 / n
        acc = 0.0
        sums = []
        for _ in range(n):
            acc += p
            sums.append(acc)
        _RUNNING_SUMS[n] = sums
    return sums


_RUNNING_SUMS: dict[int, list[float]] = {}


def even_index(n: int, rng: random.Random) -> int:
    """The index `sample_chance` draws among `n` >= 2 outcomes listed with
    probability ``1 / n`` each: the same one `rng.random()`, the same running
    sums, found by bisection instead of a loop over all of them."""
    sums = _RUNNING_SUMS.get(n) or _running_sums(n)
    i = bisect_right(sums, rng.random() * sums[-1])
    return i if i < n else n - 1


def draw_chance(game: Game, state: Any, rng: random.Random) -> Any:
    """`sample_chance(game.chance_outcomes(state), rng)`: the same outcome,
    drawn with the same `rng.random()`. A game may offer `chance_pool(state)`
    (see `even_draw`) to skip listing an even draw's outcomes."""
    pool = getattr(game, "chance_pool", None)
    if pool is not None:
        return even_draw(pool, game.chance_outcomes, state, rng)
    return sample_chance(game.chance_outcomes(state), rng)


def even_draw(chance_pool: Any, chance_outcomes: Any, state: Any, rng: random.Random) -> Any:
    """One chance outcome as `sample_chance(chance_outcomes(state), rng)`
    draws it, through a game's `chance_pool(state)`: None, or ``(pool,
    actions)`` when `chance_outcomes(state)` lists ``(actions[c], 1 /
    len(pool))`` for each `c` of `pool` in order (a card off a deck of
    distinct cards): then only the drawn card's action is looked up."""
    found = chance_pool(state)
    if found is not None:
        pool, actions = found
        n = len(pool)
        if n > 1:
            # `even_index` written out (a deal is a third of a playout)
            sums = _RUNNING_SUMS.get(n) or _running_sums(n)
            i = bisect_right(sums, rng.random() * sums[-1])
            return actions[pool[i if i < n else n - 1]]
    return sample_chance(chance_outcomes(state), rng)


def _options(game: Game, options: Any) -> Any:
    return game.Options() if options is None else options


def _next_seat(seats: frozenset[int]) -> int:
    if CHANCE in seats:
        return CHANCE
    return min(seats)


def random_playout(
    game: Game,
    players: int,
    options: Any = None,
    rng: random.Random | None = None,
    *,
    state: Any = None,
    max_actions: int = MAX_ACTIONS,
) -> tuple[Any, int]:
    """Play uniformly random legal actions (chance by its odds) to the end.

    Starts from `game.setup(players, options)`, or from `state` when given.
    Returns the final state and how many actions were applied, chance
    outcomes included. Raises RuntimeError when a seat to act has no legal
    action or the playout exceeds `max_actions` (both are rules bugs).
    """
    if rng is None:
        raise TypeError("random_playout needs an rng (a random.Random)")
    if state is None:
        state = game.setup(players, _options(game, options))
    to_act = game.to_act
    legal_actions = seated_legal_actions(game)
    chance_outcomes = game.chance_outcomes
    chance_pool = getattr(game, "chance_pool", None)
    apply = listed_apply(game)
    choice = rng.choice
    applied = 0
    while True:
        seats = to_act(state)
        if not seats:
            return state, applied
        if applied >= max_actions:
            raise RuntimeError(f"playout did not end within {max_actions} actions")
        if CHANCE in seats:
            seat = CHANCE
            if chance_pool is None:
                action = sample_chance(chance_outcomes(state), rng)
            else:
                action = even_draw(chance_pool, chance_outcomes, state, rng)
        else:
            seat = min(seats)
            legal = legal_actions(state, seat)
            if not legal:
                raise RuntimeError(f"seat {seat} is to act but has no legal action")
            action = choice(legal)
        state = apply(state, seat, action)
        applied += 1


def play_match(
    game: Game,
    players: int,
    bots: Sequence[Any],
    rng: random.Random,
    options: Any = None,
    *,
    max_actions: int = MAX_ACTIONS,
) -> tuple[Any, Outcome, int]:
    """Play a whole match between `bots` (one per seat, seat order).

    Each bot decides from `game.view(state, seat)` and the legal actions
    only; chance is sampled from `rng`, which the bots share. Returns the
    final state, its outcome and the number of actions applied (chance
    included). A bot answering an illegal action raises the game's
    `IllegalAction`.
    """
    if len(bots) != players:
        raise ValueError(f"{players} seats need {players} bots, not {len(bots)}")
    state = game.setup(players, _options(game, options))
    applied = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            break
        if applied >= max_actions:
            raise RuntimeError(f"match did not end within {max_actions} actions")
        seat = _next_seat(seats)
        if seat == CHANCE:
            action = draw_chance(game, state, rng)
        else:
            legal = game.legal_actions(state, seat)
            if not legal:
                raise RuntimeError(f"seat {seat} is to act but has no legal action")
            action = bots[seat].choose(game, game.view(state, seat), seat, legal, rng)
        state = game.apply(state, seat, action)
        applied += 1
    outcome = game.outcome(state)
    assert outcome is not None, "a finished match has an outcome"
    return state, outcome, applied


class Playout:
    """A match played from `state` to its end, step by step: iterate over it
    for each decision, as ``(state, seat, legal)`` before the seat chooses.

    Chance is sampled by its odds from `rng`; the lowest seat owing a
    decision chooses with ``policy(state, seat, legal, rng)``, uniformly at
    random when `policy` is None. `state` is the state reached so far (the
    final one once the iteration ends). What benchmarks and tests use to
    visit a random match's decisions.
    """

    def __init__(self, game: Game, state: Any, rng: random.Random, policy: Any = None) -> None:
        self.game = game
        self.state = state
        self.rng = rng
        self.policy = policy

    def __iter__(self) -> Any:
        game, rng, policy = self.game, self.rng, self.policy
        while seats := game.to_act(self.state):
            if CHANCE in seats:
                action = draw_chance(game, self.state, rng)
                self.state = game.apply(self.state, CHANCE, action)
                continue
            seat = min(seats)
            legal = game.legal_actions(self.state, seat)
            yield self.state, seat, legal
            action = rng.choice(legal) if policy is None else policy(self.state, seat, legal, rng)
            self.state = game.apply(self.state, seat, action)
