"""The Boss Quest heuristic bot plays every option and player count: each of
its answers is checked against the true state (`tests.playouts.play_checked`:
it decides from its own view and answers a legal action)."""

from __future__ import annotations

import random

import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bots.bossquest import HeuristicBot
from core.playout import sample_chance
from tests.playouts import play_checked, seeds
from tests.test_bossquest_properties import random_options

SEEDS = seeds(3)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_heuristic_bots_finish_matches_with_random_options(players):
    for seed in range(SEEDS):
        options = random_options(seed * 13 + players)
        bots = [HeuristicBot() for _ in range(players)]
        state = play_checked(GAME, bots, random.Random(seed), options)
        assert GAME.outcome(state) is not None


def test_heuristic_bolder_knight_uses_its_chance():
    """With the bolder-knights variant the bot, at the Wizard, is asked again
    while the other equips, and answers (it may pass)."""
    asked = 0
    for seed in range(6):
        options = GAME.Options(bolder_knights=True)
        state = GAME.setup(2, options)
        rng = random.Random(seed)
        bot = HeuristicBot()
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                action = sample_chance(GAME.chance_outcomes(state), rng)
            else:
                legal = GAME.legal_actions(state, seat)
                if state.waiting is not None:
                    asked += 1
                action = bot.choose(GAME, GAME.view(state, seat), seat, legal, rng)
            state = GAME.apply(state, seat, action)
    assert asked > 0
