"""The Solo Quest's planner and its estimate of the quest's chance
(scripts/solo_quest_ceiling.py, an analysis behind docs/opponents.md):
its arrays, its moves, against the rules of the Solo Quest (BQ §Solo
Quest, rulings BQ-39 to BQ-41)."""

from __future__ import annotations

import importlib.util
import random
from itertools import combinations
from pathlib import Path

import attrs
import pytest

from core.bossquest import GAME, solo
from core.bossquest.actions import AssignTo, Resolve, take
from core.bossquest.cards import Colour, Spell, SpellKind
from core.bossquest.state import Options, Phase
from tests.bossquest_tables import w
from tests.test_bossquest_solo import at_wave, boss
from tests.test_bossquest_solo_search import _quest, _with

_PATH = Path(__file__).resolve().parent.parent / "scripts" / "solo_quest_ceiling.py"
_SPEC = importlib.util.spec_from_file_location("solo_quest_ceiling", _PATH)
ceiling = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ceiling)


def test_the_totals_of_a_draw_are_counted_exactly():
    """A draw of 1-4 weapons from the deck left (BQ-40: drawn, then seen):
    the chance of each total, against every hand counted one by one."""
    deck = (1, 1, 2, 3, 5, 5, 7)
    totals = ceiling._totals(deck)
    for n, odds in enumerate(totals, start=1):
        hands = list(combinations(deck, n))
        for total in range(len(odds)):
            expected = sum(1 for h in hands if sum(h) == total) / len(hands)
            assert odds[total] == pytest.approx(expected)


@pytest.mark.parametrize(
    ("hearts", "personal", "closed"),
    [
        (1, (), {0}),
        (2, (), {-1, 0, 1}),
        (3, (2,), {-2, -1, 0, 1, 2, 3, 4}),
        (1, (1, -2), {0, 1, -2, -1}),
    ],
)
def test_the_final_assault_ends_won_where_spells_and_spare_hearts_close_the_gap(
    hearts, personal, closed
):
    """BQ §3. Final Assault: the MegaBoss falls to its exact HP; each spare
    heart is +1 or -1, never the last (BQ-41); each personal spell once
    (BQ-40)."""
    end = ceiling._wave_end(1, 3, hearts, personal, ())
    for gap in range(ceiling.GMIN + 1, ceiling.GMAX + 1):
        assert end[ceiling._at(gap)] == (1.0 if gap in closed else 0.0), gap


def test_a_wave_end_loses_a_heart_per_boss_not_beaten():
    """BQ §1st Wave: "You lose 1 HEART per BOSS that defeated you"; at one
    heart, any Boss standing ends the quest (BQ §1st Wave)."""
    start = ceiling.WAVE_START[2]
    end = ceiling._wave_end(3, 1, 3, (), ())
    at = ceiling._at
    assert end[at(0), at(0), at(0)] == start[2][0]
    assert end[at(0), at(4), at(0)] == start[1][0]
    assert end[at(1), at(4), at(0)] == start[0][0]
    assert end[at(1), at(4), at(5)] == 0.0
    last = ceiling._wave_end(3, 1, 1, (1,), ())
    assert last[at(0), at(1), at(0)] == start[0][0]  # the +1 beats the second
    assert last[at(0), at(2), at(0)] == 0.0


def test_planned_turns_value_a_finishing_draw():
    """One turn left, one Boss 3 short: the chance of winning is the chance
    a single weapon is a 3 (asked for one), read from the deck as it is."""
    deck = (1, 2, 3, 3, 4, 6)
    end = ceiling._wave_end(1, 3, 1, (), ())
    row = (Spell(SpellKind.CANCEL),)
    start = ceiling._turns_back(end, row, ceiling._totals(deck))
    assert start[ceiling._at(3)] == pytest.approx(2 / 6)


def test_the_planner_answers_legally_from_its_view():
    """Moves of a quest: the planner reads the knight's view (the deck's
    order hidden, BQ §Solo Quest) and answers a legal move."""
    for seed in range(1):
        for state, legal, _ in list(_quest(seed))[::3]:
            view = GAME.view(state, 0)
            assert ceiling.choose(view, legal) in legal


def test_the_planner_gives_the_last_turns_weapons_to_the_boss_they_beat():
    """BQ §1st Wave: at the wave's last turn the purple 6 (with the row's
    spell, a blue needed) beats the 15 HP Boss exactly; nothing saves the
    others."""
    state = at_wave(
        1,
        [boss(15, "B7", "R2"), boss(16, "B6"), boss(18, "Y7")],
        rows=((Spell(SpellKind.NEED_COLOUR, Colour.BLUE),), (), ()),
        phase=Phase.SOLO_ASSIGN,
    )
    state = attrs.evolve(state, drawn=(w("P6"),), weapon_deck=take(state.weapon_deck, w("P6")))
    legal = GAME.legal_actions(state, 0)
    assert ceiling.choose(GAME.view(state, 0), legal) == AssignTo(0)


def test_the_planner_closes_the_final_assault_with_a_spare_heart():
    """BQ-41: two hearts, the MegaBoss one short, no spell left: one heart
    discarded for +1 wins."""
    megaboss = boss(21, "B7", "R7", "Y6")
    state = at_wave(3, [megaboss], phase=Phase.SOLO_END, hearts=2)
    state = _with(state, personal=())
    legal = GAME.legal_actions(state, 0)
    assert ceiling.choose(GAME.view(state, 0), legal) == Resolve(1)


def test_the_planner_finishes_quests():
    """A whole quest played by the planner ends, won or lost."""
    assert ceiling.play(0) in (True, False)


def test_taking_every_condition_as_met_never_lowers_the_final_assaults_chance():
    """The estimate's second reading: conditions (BQ §Solo Quest: "all the
    conditions of the SPELL cards activated on the BOSSES must be met")
    can only cost; without them the chance is as high or higher."""
    rng = random.Random(3)
    spells = solo.solo_spells(Options())
    for _ in range(5):
        final = tuple(rng.sample(spells, 3))
        for hearts in (1, 3):
            met = ceiling._final_start(final, hearts, 15, False)
            assert ceiling._final_start(final, hearts, 15, True) <= met + 1e-9
