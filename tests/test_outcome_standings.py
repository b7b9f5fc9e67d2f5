"""`Outcome.scores` ranks the seats as the rules do: every winner strictly
above every non-winner, winners equal only when they share the win
(core.engine.Outcome; BQ §End of the game with BQ-17 and BQ-26, OD-12,
OS-10, OV §End of the game and OV-18)."""

from __future__ import annotations

import pytest

from core.bossquest import GAME as BOSS_QUEST
from core.engine import standing_scores
from core.overboss import GAME as OVERBOSS
from core.overseers import GAME as OVERSEERS
from core.overstocked import GAME as OVERSTOCKED
from tests.playouts import checked_playout, seeds

#: CI plays a bounded number of seeds; OVERTABLE_SEEDS raises it locally.
SEEDS = seeds(12)

TABLES = [
    (BOSS_QUEST, 2, BOSS_QUEST.Options()),
    (BOSS_QUEST, 3, BOSS_QUEST.Options(keep_green=True)),
    (BOSS_QUEST, 5, BOSS_QUEST.Options()),
    (OVERBOSS, 2, OVERBOSS.Options()),
    (OVERBOSS, 2, OVERBOSS.Options(short_board=True)),
    (OVERSTOCKED, 3, OVERSTOCKED.Options()),
    (OVERSTOCKED, 5, OVERSTOCKED.Options(quantum=True, incentives=True)),
    (OVERSTOCKED, 2, OVERSTOCKED.Options(solo=True)),
    (OVERSEERS, 3, OVERSEERS.Options()),
    (OVERSEERS, 6, OVERSEERS.Options(alternate_draft=True)),
]


def assert_ranked(out) -> None:
    """Winners share one score, strictly above every non-winner's."""
    winners = sorted(out.winners)
    losers = [s for s in range(len(out.scores)) if s not in out.winners]
    assert winners
    assert len({out.scores[s] for s in winners}) == 1, out
    if losers:
        assert min(out.scores[s] for s in winners) > max(out.scores[s] for s in losers), out


@pytest.mark.parametrize("game, players, options", TABLES, ids=lambda t: getattr(t, "id", None))
@pytest.mark.parametrize("seed", range(SEEDS))
def test_scores_rank_winners_above_everyone_else(game, players, options, seed):
    """Every finished random match: min(winners' scores) > max(the others'),
    and a shared win is the only equality among the top."""
    state, _ = checked_playout(game, players, options, 900 + seed)
    out = game.outcome(state)
    assert out is not None
    assert_ranked(out)


def test_standing_scores_keep_points_that_already_rank():
    """Points that rank the seats as the rules do are the scores as they are."""
    assert standing_scores((71, 53), ((71,), (53,))) == (71, 53)
    assert standing_scores((5, 5, 2), ((5,), (5,), (2,))) == (5, 5, 2)


def test_standing_scores_lower_a_seat_a_tie_break_ranks_below():
    """OD-12: tied on Power, the lower Tile Score is ranked, and scored, one
    below; BQ-17: a fallen knight with the most keys is ranked below every
    knight still standing, and so scored."""
    assert standing_scores((57, 57), ((57, 3), (57, 5))) == (56, 57)
    # keys 5 (fallen), 4 and 2 (standing): the fallen knight ends up last
    ranks = ((False, 5, 0), (True, 4, 1), (True, 2, 3))
    assert standing_scores((5, 4, 2), ranks) == (1, 4, 2)
