"""Overstocked's three mini-expansions: Pre-Order Incentives, Industrial
Mechanisation and Quantum Accounting (OS §Additional Content; rulings OS-5,
OS-6, OS-7, OS-14, OS-16, OS-17, OS-18)."""

from __future__ import annotations

import pytest

from core import CHANCE, IllegalAction
from core.overstocked.actions import (
    ChooseQuantum,
    DrawForklift,
    Mark,
    Pass,
    Place,
    TakeIncentive,
)
from core.overstocked.scoring import forklift_links, score_grids, toy_areas
from tests.overstocked_tables import (
    GAME,
    POP,
    WH,
    B,
    F,
    Incentive,
    Options,
    P,
    Phase,
    Piece,
    Placed,
    Y,
    area,
    conserved,
    dealt_game,
    grid,
    pick_all,
    play,
)

INCENTIVES = Options(incentives=True)
FORKLIFTS = Options(forklifts=True)
QUANTUM = Options(quantum=True)


def placed_in_warehouse(state, seat):
    """`seat` places its card in its own warehouse (the first legal spot)."""
    action = next(a for a in GAME.legal_actions(state, seat) if a.where is WH)
    return play(state, seat, action)


# --- Pre-Order Incentives ----------------------------------------------------------


@pytest.mark.parametrize(("players", "tokens"), [(2, 4), (4, 4), (5, 6), (6, 6)])
def test_incentive_tokens_at_setup(players, tokens):
    """OS §Pre-Order Incentives: the four toy tokens; with five or six
    players the worker and empty-crate tokens too."""
    state = GAME.setup(players, INCENTIVES)
    assert len(state.incentive_supply) == tokens
    assert set(state.incentive_supply[:4]) == {
        Incentive.POCKET_PETZ,
        Incentive.FURBALLS,
        Incentive.YO_YOS,
        Incentive.BEAN_BEARS,
    }


def test_take_an_incentive_right_after_placing_once_a_game_os14():
    """OS §Pre-Order Incentives, OS-14: right after placing, the player may
    take one token from the centre (or pass); one token a game."""
    state = pick_all(dealt_game(2, INCENTIVES), {0: 1, 1: 2})
    state = placed_in_warehouse(state, 0)
    assert state.phase is Phase.INCENTIVE and GAME.to_act(state) == {0}
    legal = GAME.legal_actions(state, 0)
    assert legal == tuple(TakeIncentive(t) for t in state.incentive_supply) + (Pass(),)
    line = GAME.describe(state, 0, TakeIncentive(Incentive.FURBALLS), ["Ann", "Bob"])
    assert line == "Ann takes the Furballs incentive."
    state = play(state, 0, TakeIncentive(Incentive.FURBALLS))
    assert state.seats[0].incentive is Incentive.FURBALLS
    assert Incentive.FURBALLS not in state.incentive_supply
    # Bob passes; next round Ann is not offered another token.
    state = placed_in_warehouse(state, 1)
    state = play(state, 1, Pass())
    assert state.phase is Phase.PICK and state.seats[1].incentive is None
    state = pick_all(state, {0: 3, 1: 4})
    state = placed_in_warehouse(state, 0)
    assert state.phase is Phase.PLACE and state.turn == 1
    state = placed_in_warehouse(state, 1)
    assert state.phase is Phase.INCENTIVE


def test_an_incentive_is_offered_after_a_card_in_the_popularity_too():
    """OS §Pre-Order Incentives ("immediately after a player has placed a
    card into either their warehouse or the popularity"): a card laid in the
    popularity is followed by the offer too, every token in the centre (the
    worker and empty-crate ones with five players)."""
    state = pick_all(dealt_game(5, INCENTIVES), {0: 1, 1: 2, 2: 3, 3: 4, 4: 5})
    state = play(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.where is POP))
    assert state.phase is Phase.INCENTIVE and GAME.to_act(state) == {0}
    assert GAME.legal_actions(state, 0) == tuple(TakeIncentive(t) for t in Incentive) + (Pass(),)
    state = play(state, 0, TakeIncentive(Incentive.EMPTY))
    assert state.seats[0].incentive is Incentive.EMPTY and state.turn == 1


def test_toy_incentive_scores_positively_os5():
    """OS §Incentive Token Scoring: the toy token scores warehouse area x
    popularity area, positively even for the negative toy."""
    pop = grid("PPP\nF..")  # Pocket Petz negative
    wh = grid("PP\nF.")
    sheet = score_grids(pop, [wh], incentives=[Incentive.POCKET_PETZ])
    seat = sheet.seats[0]
    assert seat.toys[0].points == -6
    assert seat.incentive_points == 6 and seat.total == -6 + 1 + 6


def test_worker_incentive_largest_worker_area_os18():
    """OS §Incentive Token Scoring, OS-18: three points per worker in the
    largest connected area of crates with workers, whatever their toys."""
    wh = grid("pf.\n.yB\nb..")  # p-f-y connected (3), b alone
    sheet = score_grids(grid("PF"), [wh], incentives=[Incentive.WORKER])
    assert sheet.seats[0].incentive_points == 9


def test_empty_incentive_largest_empty_area():
    """OS §Incentive Token Scoring: three points per crate in the largest
    connected area of empty crates."""
    wh = grid("..P\n.PP\nP..")  # three connected, two apart
    sheet = score_grids(grid("PF"), [wh], incentives=[Incentive.EMPTY])
    assert sheet.seats[0].incentive_points == 9


def test_incentives_are_scored_at_the_end_os5():
    """OS-5: a token taken early scores on the final warehouse."""
    state = pick_all(dealt_game(2, INCENTIVES), {0: 1, 1: 2})
    state = placed_in_warehouse(state, 0)
    state = play(state, 0, TakeIncentive(Incentive.YO_YOS))
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        state = play(state, seat, GAME.legal_actions(state, seat)[0])
    sheet = GAME.sheet(state)
    y = sheet.seats[0].toys[2]
    assert sheet.seats[0].incentive_points == y.popularity * y.warehouse
    assert dict((c.name, c.values) for c in GAME.outcome(state).breakdown)["Incentive"][0] == (
        sheet.seats[0].incentive_points
    )


# --- Industrial Mechanisation ---------------------------------------------------------


def test_forklifts_drawn_at_setup_highest_first_os6():
    """OS §Industrial Mechanisation, OS-6: as many tokens as players, drawn
    face down at random, laid out highest first; the rest go to the box."""
    state = GAME.setup(3, FORKLIFTS)
    while state.phase is Phase.DEAL and len(state.deck) > 43 - 22:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    outcomes = GAME.chance_outcomes(state)
    assert [a for a, _ in outcomes] == [DrawForklift(v) for v in range(1, 7)]
    assert GAME.describe(state, CHANCE, DrawForklift(4)) == "A forklift worth 4 is turned face up."
    for v in (2, 6, 4):
        state = GAME.apply(state, CHANCE, DrawForklift(v))
    assert state.forklift_supply == (6, 4, 2)
    assert state.forklift_pool == (1, 3, 5)
    assert state.phase is Phase.PICK


def test_take_the_top_forklift_after_placing_os14_os16():
    """OS §Industrial Mechanisation, OS-14, OS-16: after placing (and before
    an incentive), the player may take the highest forklift and place it in
    their warehouse like a card; one forklift each."""
    state = pick_all(dealt_game(2, FORKLIFTS), {0: 1, 1: 2})
    assert state.forklift_supply == (2, 1)
    state = play(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.where is POP))
    assert state.phase is Phase.FORKLIFT
    legal = GAME.legal_actions(state, 0)
    assert legal[-1] == Pass()
    spots = [a for a in legal if isinstance(a, Place)]
    assert spots and {a.where for a in spots} == {WH} and {a.rotation for a in spots} == {0, 1}
    wh = state.seats[0].warehouse
    for a in spots:
        assert wh.why_not(a.x, a.y, a.rotation, Piece.FORKLIFT) is None
    line = GAME.describe(state, 0, spots[0], ["Ann", "Bob"])
    assert line == "Ann takes the forklift worth 2 and places it in their warehouse."
    state = play(state, 0, spots[0])
    assert state.seats[0].forklift == 2 and state.forklift_supply == (1,)
    assert state.seats[0].warehouse.placed[-1].piece is Piece.FORKLIFT
    state = placed_in_warehouse(state, 1)
    state = play(state, 1, Pass())
    state = pick_all(state, {0: 3, 1: 4})
    state = placed_in_warehouse(state, 0)
    assert state.phase is Phase.PLACE and state.turn == 1  # Ann has one already


def test_forklift_placement_rules_os16():
    """OS-16: a forklift covers 1 or 2 toy spaces (empty spaces do not
    count), never a worker; nothing may cover it afterwards."""
    wh = area((3, 0, 0, 0))  # FyP / YYY, worker at (1, 0)
    assert wh.why_not(0, 0, 0, Piece.FORKLIFT) == "covers a worker"
    assert wh.why_not(3, 0, 0, Piece.FORKLIFT) == "covers no toy space"
    assert wh.why_not(2, -1, 1, Piece.FORKLIFT) is None
    lifted = wh.add(Placed(Piece.FORKLIFT, 5, 2, -1, 1))  # stands on P at (2, 0)
    assert lifted.why_not(2, 0, 0) == "covers a forklift"
    assert not lifted.card_fits(2, 0, 0) and wh.card_fits(2, 0, 0)


def test_forklift_refused_elsewhere():
    """OS-16: a forklift goes in one's own warehouse, on a legal spot."""
    state = pick_all(dealt_game(2, FORKLIFTS), {0: 1, 1: 2})
    state = placed_in_warehouse(state, 0)
    with pytest.raises(IllegalAction, match="own warehouse"):
        play(state, 0, Place(POP, 0, 0, 0))
    with pytest.raises(IllegalAction, match="forklift cannot go there"):
        play(state, 0, Place(WH, 40, 40, 0))


def test_forklift_links_adjacent_crates():
    """OS §Industrial Mechanisation, the rulebook's example: the crates
    beside the forklift count as adjacent to each other in that warehouse:
    here areas of four Yo-yos and three Furballs."""
    wh = grid(".YF.\nYLLF\nYYF.")
    sheet = score_grids(grid("P"), [wh])
    row = {r.toy: r.warehouse for r in sheet.seats[0].toys}
    assert row[Y] == 4 and row[F] == 3
    assert toy_areas(wh)[0][1:3] == (1, 3)  # without the links: F 1, Y 3


def test_forklift_links_every_warehouse_area_os16():
    """OS-16: the links hold for the incentive areas too (workers, empty)."""
    wh = grid("p.\nLL\n.b")
    assert len(forklift_links(wh)) == 4
    sheet = score_grids(grid("P"), [wh], incentives=[Incentive.WORKER])
    assert sheet.seats[0].incentive_points == 6


def test_forklift_scores_its_value_os6():
    """OS-6: a forklift scores its value at the end."""
    sheet = score_grids(grid("P"), [grid("PLL")], forklifts=[5])
    assert sheet.seats[0].forklift == 5 and sheet.seats[0].total == -1 + 5


# --- Quantum Accounting ------------------------------------------------------------------------


def test_lowest_card_is_swapped_for_a_quantum_card():
    """OS §Quantum Accounting: the player with the lowest card returns it to
    the box and plays a quantum card of their choice instead."""
    state = dealt_game(3, QUANTUM)
    assert state.quantum_supply == (1, 2, 3, 4, 5, 6)
    state = pick_all(state, {0: 7, 1: 2, 2: 12})
    assert state.phase is Phase.QUANTUM and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == tuple(ChooseQuantum(n) for n in range(1, 7))
    line = GAME.describe(state, 1, ChooseQuantum(3), ["Ann", "Bob", "Cy"])
    assert line == "Bob boxes card 2 and plays quantum card 3 instead."
    state = play(state, 1, ChooseQuantum(3))
    assert state.boxed == (2,) and state.quantum == 3 and 3 not in state.quantum_supply
    assert state.phase is Phase.PLACE
    state = play(state, 1, next(a for a in GAME.legal_actions(state, 1) if a.where is POP))
    top = state.popularity.placed[-1]
    assert (top.piece, top.number) == (Piece.QUANTUM, 3)
    assert state.quantum is None and state.turn == 0
    conserved(state)


def test_x_card_marks_a_toy_os17():
    """OS §Quantum Accounting, OS-14, OS-17: after placing an X card, its
    player puts an X next to a toy without one."""
    state = pick_all(dealt_game(2, QUANTUM), {0: 1, 1: 2})
    state = play(state, 0, ChooseQuantum(2))
    state = placed_in_warehouse(state, 0)
    assert state.phase is Phase.MARK and GAME.to_act(state) == {0}
    assert GAME.legal_actions(state, 0) == tuple(Mark(t) for t in (P, F, Y, B))
    state = play(state, 0, Mark(Y))
    assert state.marks == (Y,) and state.phase is Phase.PLACE and state.turn == 1
    state = placed_in_warehouse(state, 1)
    state = pick_all(state, {0: 3, 1: 4})
    state = play(state, 0, ChooseQuantum(5))
    state = placed_in_warehouse(state, 0)
    assert Mark(Y) not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="has none yet"):
        play(state, 0, Mark(Y))


def test_quantum_crates_count_as_every_unmarked_toy_os7():
    """OS §Quantum Accounting, OS-7: visible quantum crates count as each
    toy without an X (both remaining toys once two are marked)."""
    pop = grid("PQF\nYB.")
    wh = grid("QQ\nF.")
    marked = score_grids(pop, [wh], marks=(P, Y))
    assert marked.quantum_toys == (F, B)
    rows = {r.toy: (r.popularity, r.warehouse) for r in marked.seats[0].toys}
    assert rows[F] == (2, 3) and rows[B] == (2, 2) and rows[P] == (1, 0) and rows[Y] == (1, 0)
    assert any("Quantum crates count as Furballs (F) and Bean Bears (B)" in n for n in marked.notes)
    unmarked = score_grids(pop, [wh])
    assert unmarked.quantum_toys == (P, F, Y, B)


def test_quantum_crates_are_toy_spaces_for_placing_os17():
    """OS-17: a visible quantum crate is a toy space a card must cover 1 or
    2 of (empty spaces still do not count)."""
    q = area(quantum=((1, 0, 0, 0),))  # QQ. / QQ.
    assert q.why_not(2, 0, 0) == "covers no toy space"  # only the empty column
    assert q.why_not(1, 0, 0) is None and q.card_fits(1, 0, 0)  # two quantum crates
    assert q.why_not(0, 0, 0) == "covers 4 toys"


@pytest.mark.parametrize(
    "options",
    [
        Options(advanced=True, incentives=True, forklifts=True, quantum=True),
        Options(incentives=True, quantum=True),
        Options(advanced=True, forklifts=True),
    ],
)
def test_any_combination_plays_to_the_end(options):
    """OS §Additional Content: the expansions and the advanced variant play
    in any combination."""
    state = dealt_game(5, options)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
            continue
        state = play(state, seat, GAME.legal_actions(state, seat)[0])
        conserved(state)
    out = GAME.outcome(state)
    names = [c.name for c in out.breakdown]
    assert ("Incentive" in names) == options.incentives
    assert ("Forklift" in names) == options.forklifts
