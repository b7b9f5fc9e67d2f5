"""How "since your last move" looks in every game, at 80x24 and 120x36: the
other seats' moves in the log's place, what they changed marked on the
board and in the panels, a step chosen with ], and Boss Quest's combat
held until a key. The turns come from seeded random matches (tests/since_kit.py)."""

from __future__ import annotations

import pytest

from tests.since_kit import SequenceApp, turns_of_others
from tui.screens.bossquest import BossQuestScreen
from tui.screens.overboss import OverbossScreen
from tui.screens.overseers import OverseersScreen
from tui.screens.overstocked import OverstockedScreen

SIZES = [(80, 24), (120, 36)]
SIZE_IDS = ["80x24", "120x36"]

#: per game: its screen, and a turn of the others worth showing (Boss
#: Quest's within a round: across one, the recap starts at the new round,
#: its combat in the box, `test_snapshot_boss_quest_combat`)
CASES = {
    "boss-quest": (BossQuestScreen, dict(players=3, seed=1, skip=0)),
    "overboss-duel": (OverbossScreen, dict(players=2, seed=1, skip=3)),
    "overstocked": (OverstockedScreen, dict(players=3, seed=1, skip=2)),
    "overseers": (OverseersScreen, dict(players=4, seed=1, skip=5)),
}


def app_for(game: str, **changes) -> SequenceApp:
    screen, kwargs = CASES[game]
    return SequenceApp(screen, turns_of_others(game, **{**kwargs, **changes}))


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
@pytest.mark.parametrize("game", list(CASES))
def test_snapshot_since_your_last_move(snap_compare, game, size):
    assert snap_compare(app_for(game), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_a_step_chosen(snap_compare, size):
    assert snap_compare(app_for("overboss-duel"), terminal_size=size,
                        press=["right_square_bracket", "right_square_bracket"])


@pytest.mark.parametrize("size", SIZES, ids=SIZE_IDS)
def test_snapshot_boss_quest_combat(snap_compare, size):
    assert snap_compare(app_for("boss-quest", combat=True, skip=0), terminal_size=size)
