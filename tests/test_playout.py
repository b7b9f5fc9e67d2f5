"""core.playout: random playouts, bot matches and chance sampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core import GAMES
from core.bots import RandomBot
from core.engine import CHANCE
from core.playout import (
    draw_chance,
    even_draw,
    even_index,
    play_match,
    random_playout,
    sample_chance,
)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_playout_reaches_an_outcome(game_id: str) -> None:
    game = GAMES[game_id]
    for players in game.players:
        for seed in range(5):
            state, applied = random_playout(game, players, None, random.Random(seed))
            assert not game.to_act(state)
            assert game.outcome(state) is not None
            assert applied > 0


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_playout_is_reproducible(game_id: str) -> None:
    game = GAMES[game_id]
    players = game.players[0]
    a = random_playout(game, players, None, random.Random(42))
    b = random_playout(game, players, None, random.Random(42))
    assert a == b


def test_random_playout_needs_an_rng() -> None:
    game = GAMES["boss-quest"]
    with pytest.raises(TypeError):
        random_playout(game, 2)


def test_random_playout_stops_runaway_games() -> None:
    game = GAMES["boss-quest"]
    with pytest.raises(RuntimeError):
        random_playout(game, 3, None, random.Random(1), max_actions=5)


def test_sample_chance_follows_the_probabilities() -> None:
    rng = random.Random(3)
    outcomes = (("a", 0.5), ("b", 0.25), ("c", 0.25))
    counts = Counter(sample_chance(outcomes, rng) for _ in range(20_000))
    assert set(counts) == {"a", "b", "c"}
    assert abs(counts["a"] / 20_000 - 0.5) < 0.02
    assert abs(counts["b"] / 20_000 - 0.25) < 0.02


def test_sample_chance_edge_cases() -> None:
    rng = random.Random(0)
    assert sample_chance((("only", 1.0),), rng) == "only"
    # Rounding that leaves the sum short of 1 still yields an outcome.
    assert sample_chance((("x", 0.3333333), ("y", 0.3333333), ("z", 0.3333333)), rng) in "xyz"
    with pytest.raises(ValueError):
        sample_chance((), rng)


def test_even_index_draws_as_sample_chance() -> None:
    """An even draw of n outcomes (1 / n each) picks the outcome
    `sample_chance` picks, with the same one `rng.random()`."""
    for n in range(2, 61):
        outcomes = tuple((i, 1 / n) for i in range(n))
        for seed in range(40):
            a, b = random.Random(seed), random.Random(seed)
            assert even_index(n, a) == sample_chance(outcomes, b)
            assert a.getstate() == b.getstate()


def _chance_states(game_id: str, options: list[object]) -> list[object]:
    """Every chance step of seeded random matches, and each seat's view of
    some of them (search draws from views' unseen pools)."""
    game = GAMES[game_id]
    out = []
    for opts in options:
        for players in game.players:
            if getattr(opts, "solo", False) and players != 2:
                continue
            if game_id == "boss-quest" and players == 1 and opts != game.Options():
                continue  # the Solo Quest is played without extensions (BQ-39)
            for seed in range(3):
                states = []
                rng = random.Random(seed)
                state = game.setup(players, opts)
                while seats := game.to_act(state):
                    if CHANCE in seats:
                        states.append(state)
                        action = sample_chance(game.chance_outcomes(state), rng)
                        state = game.apply(state, CHANCE, action)
                    else:
                        seat = min(seats)
                        action = rng.choice(game.legal_actions(state, seat))
                        state = game.apply(state, seat, action)
                out.extend(states)
                out.extend(game.view(s, i % players) for i, s in enumerate(states[::7]))
    return out


@pytest.mark.parametrize("game_id", ["boss-quest", "overstocked", "overseers"])
def test_even_draws_match_the_listed_chance_outcomes(game_id: str) -> None:
    """A game's `chance_pool` lists a deal as the pool `chance_outcomes`
    lists, one outcome each at 1 / its size: `even_draw` and `draw_chance`
    draw what `sample_chance` draws from the full list, leaving the rng as it
    leaves it, so seeded playouts and searches replay the same matches."""
    game = GAMES[game_id]
    options = [game.Options()]
    if game_id == "overstocked":
        options += [
            game.Options(solo=True),
            game.Options(advanced=True, incentives=True, forklifts=True, quantum=True),
        ]
    elif game_id == "boss-quest":
        options += [
            game.Options(
                potions=True, companions=True, final_boss=True, ulul="night", keep_green=True
            ),
        ]
    else:
        options += [game.Options(alternate_draft=True)]
    pooled = 0
    for k, state in enumerate(_chance_states(game_id, options)):
        pooled += game.chance_pool(state) is not None
        for seed in (k, k + 7919):
            a, b, c = random.Random(seed), random.Random(seed), random.Random(seed)
            expected = sample_chance(game.chance_outcomes(state), a)
            assert even_draw(game.chance_pool, game.chance_outcomes, state, b) == expected
            assert draw_chance(game, state, c) == expected
            assert a.getstate() == b.getstate() == c.getstate()
    assert pooled > 100  # the deals went through the pool


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_play_match_between_random_bots(game_id: str) -> None:
    game = GAMES[game_id]
    players = game.players[0]
    state, outcome, applied = play_match(
        game, players, [RandomBot() for _ in range(players)], random.Random(9)
    )
    assert outcome == game.outcome(state)
    # a one-seat game (Boss Quest's Solo Quest) can be lost: nobody wins
    assert outcome.winners or players == 1
    assert applied > 0
    again = play_match(game, players, [RandomBot() for _ in range(players)], random.Random(9))
    assert again == (state, outcome, applied)


def test_play_match_needs_one_bot_per_seat() -> None:
    game = GAMES["boss-quest"]
    with pytest.raises(ValueError):
        play_match(game, 3, [RandomBot(), RandomBot()], random.Random(0))


def test_play_match_gives_bots_views_only() -> None:
    game = GAMES["boss-quest"]
    seen: list[tuple[int, object]] = []

    class Spy(RandomBot):
        def choose(self, game, view, seat, legal, rng):  # noqa: ANN001
            seen.append((seat, view))
            return super().choose(game, view, seat, legal, rng)

    play_match(game, 3, [Spy(), Spy(), Spy()], random.Random(4))
    assert seen
    for seat, view in seen:
        # A view pools what the seat cannot see; only views carry `unseen`.
        assert view.unseen is not None
        for other, knight in enumerate(view.knights):
            if knight.hidden is not None and seat not in knight.hidden.known_to:
                assert knight.hidden.weapon is None, (seat, other)
