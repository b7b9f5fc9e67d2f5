"""What a move did to the scores, row by row of the score pad: the recap
since your last move says it ("Ann +5: Roads +1, Longest road +4"), from
the pads of the viewer's own views before and after the move, so a score
the viewer may not see (a face-down Boss's objective, OD §Boss Cards) never
shows in it.

Citations: "OD §..." the Overboss Duel rulebook, "OD-n" / "OS-n" a ruling
in docs/rulings.md.
"""

from __future__ import annotations

import attrs

from core.engine import Category, row_changes
from core.overboss import GAME
from core.overboss.actions import PlaceTile, Slide
from core.overstocked import GAME as STOCKED
from tests.overboss_tables import Boss, D, I, R, Step, board, play, sq, table


def test_row_changes_keep_the_pads_order_and_leave_out_unchanged_rows():
    before = (Category("A", (1, 0)), Category("B", (2, 2)), Category("C", (0, 5)))
    after = (("A", (1, 3)), ("B", (4, 2)), ("C", (0, 1)))
    assert row_changes(before, after) == ((("B", 2),), (("A", 3), ("C", -4)))
    assert row_changes(before, before) == ((), ())


def test_row_changes_count_a_row_only_one_pad_has_from_nothing():
    """A row that comes (Overstocked's incentive once one is taken) or goes
    counts from 0."""
    assert row_changes([("A", (1, 1))], [("A", (1, 1)), ("B", (0, 2))]) == ((), (("B", 2),))
    assert row_changes([("A", (1, 1)), ("B", (3, 0))], [("A", (1, 1))]) == ((("B", -3),), ())


def _changes(before, after, seat):
    return GAME.score_changes(GAME.view(before, seat), GAME.view(after, seat))


def test_a_road_on_your_half_scores_its_point_and_the_longest_road_for_you():
    """Play-test: Bram's Road on d2 took Ann from 3 to 8, the recap silent.
    OD §Road: 1 point; OD-10: the longest road's 4 go to the half holding
    more of it, here Ann's."""
    before = table(turn=1, step=Step.PLACE_TILE, hand=(R, None))
    after = play(before, 1, PlaceTile(sq("d2")))
    assert _changes(before, after, 0) == ((("Roads", 1), ("Longest road", 4)), ())
    assert _changes(before, after, 1) == _changes(before, after, 0)  # all open to see


def test_king_croaks_objective_shows_to_his_owner_only_while_face_down():
    """Play-test: Bram's Dungeon on his own half moved Ann (King Croak, face
    down) from 19 to 20, unexplained: OD §Boss Cards, King Croak scores 1
    per Dungeon on the board. Bram may not see a face-down Boss (OD §Boss
    Cards): his view's pads leave Ann's objective out, so his recap never
    tells it."""
    before = table(turn=1, step=Step.PLACE_TILE, hand=(D, None),
                   bosses=(Boss.KING_CROAK, Boss.BELLADONNA))
    after = play(before, 1, PlaceTile(sq("b7")))
    assert _changes(before, after, 0) == ((("Boss objective", 1),), (("Dungeons", 1),))
    assert _changes(before, after, 1) == ((), (("Dungeons", 1),))
    revealed = attrs.evolve(before, revealed=(True, False))
    shown = play(revealed, 1, PlaceTile(sq("b7")))
    assert _changes(revealed, shown, 1) == ((("Boss objective", 1),), (("Dungeons", 1),))


def test_a_road_slid_across_the_divide_changes_both_sides():
    """Play-test: Ann's score dropped 31 to 28 when Bram's Icy Peak slid her
    Road over the divide (OD §Icy Peak): the Road and the longest road go
    to his half, and the new Icy Peak scores him 3 (OD §Icy Peak, alone)."""
    before = table(board(b4="R."), turn=1, step=Step.PLACE_TILE, hand=(I, None),
                   bosses=(Boss.BELLADONNA, Boss.DR_DEADLY))
    placed = play(before, 1, PlaceTile(sq("c8")))
    assert placed.step is Step.SLIDE
    after = play(placed, 1, Slide(sq("b4"), sq("b8")))
    assert _changes(before, after, 0) == ((("Roads", -1), ("Longest road", -4)),
                                          (("Icy Peaks", 3), ("Roads", 1), ("Longest road", 4)))


def test_overstocked_changes_are_the_sheets_rows_toy_by_toy():
    """OS §Scoring: each toy's row, then an incentive, a forklift, the solo
    bot's bonus; a placement's change is said row by row (the recap said
    only "Bram ... 10 -> 11"), and the rows add up to the totals' change."""
    from core.overstocked.state import Phase
    from tests.overstocked_tables import dealt_game, first_place, pick_all

    state = dealt_game(2)
    rows = STOCKED.score_rows(state)
    assert [name for name, _ in rows] == ["Pocket Petz", "Furballs", "Yo-yos", "Bean Bears"]
    assert [sum(v[s] for _, v in rows) for s in (0, 1)] == [
        seat.total for seat in STOCKED.sheet(state).seats]
    state = pick_all(state, {0: state.seats[0].hand[0], 1: state.seats[1].hand[-1]})
    assert state.phase is Phase.PLACE
    seat = state.turn
    after = STOCKED.apply(state, seat, first_place(state, seat))
    changes = STOCKED.score_changes(STOCKED.view(state, 1 - seat), STOCKED.view(after, 1 - seat))
    totals = [b.total - a.total for a, b in zip(STOCKED.sheet(state).seats,
                                                 STOCKED.sheet(after).seats, strict=True)]
    assert [sum(v for _, v in seat_changes) for seat_changes in changes] == totals
    assert all(name in {n for n, _ in rows} for seat_changes in changes for name, _ in seat_changes)
