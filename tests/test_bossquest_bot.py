"""The Boss Quest heuristic bot plays every option and player count: each of
its answers is checked against the true state (`tests.playouts.play_checked`:
it decides from its own view and answers a legal action)."""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bossquest.actions import ReadPotion
from core.bots.bossquest import HeuristicBot
from core.playout import sample_chance
from tests.bossquest_tables import Phase, SpellKind, knight, spell, table
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


def _reading_table(hidden: str, *visible: str):
    """Seat 0 must read the face-up potion it just received (BQ-3)."""
    ks = [knight(hidden, *visible), knight("Y1", "B3"), knight("P1", "P2")]
    state = table(
        ks,
        turn=0,
        boss=17,
        offer=tuple(
            spell(k) for k in (SpellKind.HP_PLUS_1, SpellKind.HP_MINUS_1, SpellKind.HP_PLUS_2)
        ),
        options=GAME.Options(potions=True),
    )
    return attrs.evolve(state, phase=Phase.READ_POTION, reader=0, resume="draw", to_draw=1)


def test_heuristic_reads_a_potion_towards_the_hp():
    state = _reading_table("R7", "B6", "±3")  # 13: +3 is 16, one short of 17
    legal = GAME.legal_actions(state, 0)
    choice = HeuristicBot().choose(GAME, GAME.view(state, 0), 0, legal, random.Random(1))
    assert choice == ReadPotion(1)


def test_heuristic_reads_a_potion_down_rather_than_go_over():
    state = _reading_table("R7", "B7", "Y2", "±3")  # 16: +3 is 19, over 17
    legal = GAME.legal_actions(state, 0)
    choice = HeuristicBot().choose(GAME, GAME.view(state, 0), 0, legal, random.Random(1))
    assert choice == ReadPotion(-1)
