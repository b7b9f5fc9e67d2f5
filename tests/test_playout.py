"""core.playout: random playouts, bot matches and chance sampling."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from core import GAMES
from core.bots import RandomBot
from core.playout import play_match, random_playout, sample_chance


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
