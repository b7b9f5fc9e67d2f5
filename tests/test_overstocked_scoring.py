"""Overstocked scoring: the score sheet, the rulebook's examples, the
advanced variant and solo scoring (OS §Scoring, §Advanced Variant, §Solo
Scoring; rulings OS-4, OS-10, OS-15)."""

from __future__ import annotations

import attrs
import pytest

from core.overstocked.actions import Pick, Place
from core.overstocked.scoring import (
    halve,
    negative_toys,
    score_grids,
    toy_areas,
)
from tests.overstocked_tables import (
    GAME,
    POP,
    WH,
    Options,
    Phase,
    area,
    first_place,
    grid,
    picture,
    play,
    table,
)
from tests.overstocked_tables import (
    B as BB,
)
from tests.overstocked_tables import (
    F as FF,
)
from tests.overstocked_tables import (
    P as PP,
)
from tests.overstocked_tables import (
    Y as YY,
)

# --- Areas ------------------------------------------------------------------------


def test_largest_orthogonal_area_per_toy():
    """OS §Scoring: per toy, the largest area of visible toys orthogonally
    adjacent to each other (diagonals do not join; a worker's toy counts)."""
    g = grid(
        """
PP.F
PyFP
BYYB
"""
    )
    areas, crates = toy_areas(g)
    assert areas == (3, 1, 3, 1)  # P: the three top-left; Y: y, Y, Y
    assert crates == (4, 2, 3, 2)


def test_only_visible_toys_count_once_covered_by_a_card():
    """OS §Scoring ("Only visible toys of the same type ... count"): a toy a
    later card covers no longer counts. Card 15 (BBB / BBF) alone shows 5
    Bean Bears in one area; card 11 (FPP / .YY) laid over its bottom-middle
    B and its F leaves 4, and the Furball counted is card 11's own."""
    state = table(
        [[11], [30]],
        warehouses=[area((15, 0, 0, 0)), area((1, 0, 0, 0))],
        popularity=area((8, 0, 0, 0)),
        round=6,
    )
    before = {r.toy: r.warehouse for r in GAME.sheet(state).seats[0].toys}
    assert (before[BB], before[FF], before[PP]) == (5, 1, 0)
    state = play(state, 0, Pick(11))
    state = play(state, 1, Pick(30))
    state = play(state, 0, Place(WH, 1, 1, 0))
    assert picture(state.seats[0].warehouse) == "BBB \nBFPP\n .YY"
    state = play(state, 1, first_place(state, 1, POP))
    assert GAME.outcome(state) is not None
    after = {r.toy: r.warehouse for r in GAME.sheet(state).seats[0].toys}
    assert (after[BB], after[FF], after[PP], after[YY]) == (4, 1, 2, 2)


def test_points_are_popularity_area_times_warehouse_area():
    """OS §Scoring: multiply the two areas; add the four toys."""
    pop = grid("PPP\nFF.\nYB.")  # P 3, F 2, Y 1, B 1: P scores negatively
    wh = grid("PP\nFY\nBB")  # P 2, F 1, Y 1, B 2
    sheet = score_grids(pop, [wh])
    rows = sheet.seats[0].toys
    assert [(r.popularity, r.warehouse) for r in rows] == [(3, 2), (2, 1), (1, 1), (1, 2)]
    assert [r.points for r in rows] == [-6, 2, 1, 2]
    assert sheet.seats[0].total == -1


def test_largest_popularity_area_scores_negatively():
    """OS §Scoring: the toy with the largest area in the popularity scores
    negatively, for every player."""
    toys, why = negative_toys((2, 5, 1, 1), (2, 5, 1, 1))
    assert toys == (FF,) and "Furballs (F) score negatively" in why


def test_negative_tie_more_crates_in_the_popularity():
    """OS §Scoring, the rulebook's example: Pocket Petz and Furballs tie on
    4; more Furballs show in the popularity, so Furballs score negatively."""
    toys, why = negative_toys((4, 4, 2, 2), (4, 5, 2, 3))
    assert toys == (FF,)
    assert why == ("Pocket Petz (P) and Furballs (F) tie for the largest area in the "
                   "popularity (4); Furballs (F) have the most crates there (P 4, F 5) "
                   "and score negatively.")


def test_negative_three_tie_one_loses_on_crates():
    """OS §Scoring, a play-test: P, F and B tie on area; F has fewer crates
    there, so only P and B are still tied and each player's choice. The
    sentence said all three tied "on crates there (P 7, F 5, B 7)"."""
    toys, why = negative_toys((4, 4, 1, 4), (7, 5, 1, 7))
    assert toys == (PP, BB)
    assert why == ("Pocket Petz (P), Furballs (F) and Bean Bears (B) tie for the largest "
                   "area in the popularity (4); on crates there (P 7, F 5, B 7) Pocket "
                   "Petz (P) and Bean Bears (B) still tie: each player's choice which of "
                   "them scores negatively; the game picks the best for each (house "
                   "ruling OS-4).")


def test_negative_tie_on_area_and_crates_names_all_tied():
    """OS §Scoring, OS-4: tied on area and on crates, all of them are each
    player's choice."""
    toys, why = negative_toys((4, 4, 1, 2), (5, 5, 1, 2))
    assert toys == (PP, FF)
    assert why == ("Pocket Petz (P) and Furballs (F) tie for the largest area in the "
                   "popularity (4) and on crates there (P 5, F 5): each player's choice "
                   "which scores negatively; the game picks the best for each (house "
                   "ruling OS-4).")


def test_negative_tie_player_chooses_os4():
    """OS §Scoring, OS-4: still tied, each player chooses; the game picks the
    best for each and says so on the sheet."""
    pop = grid("PP.FF\nP..F.")  # P 3 and F 3, 3 crates each
    a = grid("PPP\nF..")  # better that F is negative: 9 - 3
    b = grid("P..\nFFF")  # better that P is negative: -3 + 9
    sheet = score_grids(pop, [a, b], names=["Ann", "Bob"])
    assert sheet.negative == (PP, FF)
    assert sheet.seats[0].negative is FF and sheet.seats[0].total == 6
    assert sheet.seats[1].negative is PP and sheet.seats[1].total == 6
    assert any("Ann: Furballs (F) chosen to score negatively" in n for n in sheet.notes)
    assert any("OS-4" in n for n in sheet.notes)


def test_negative_tie_note_names_the_other_toy_os4():
    """OS §Scoring, OS-4: as the halving tie's note does, the negative tie's
    note names the other toy tied and the totals it is checked by (it said
    "the best choice" alone)."""
    pop = grid("PP.FF\nP..F.")  # P 3 and F 3, 3 crates each
    a = grid("PPP\nF..")  # F negative: 9 - 3 = 6; P negative: -9 + 3 = -6
    b = grid("P..\nF..")  # either: 1 - 1 = 0
    seats = score_grids(pop, [a, b], names=["Ann", "Bob"]).seats
    assert ("Ann: Furballs (F) chosen to score negatively: tied with Pocket Petz (P); the "
            "game chose the best for Ann: 6 points (with Pocket Petz (P) negative instead: "
            "-6) (house ruling OS-4).") in seats[0].notes, seats[0].notes
    assert ("Bob: Pocket Petz (P) chosen to score negatively: tied with Furballs (F); "
            "either gives Bob the same total (0), the game chose one (house ruling OS-4).") \
        in seats[1].notes, seats[1].notes


# --- The rulebook's example, on real cards -------------------------------------------------

# The popularity, Mandela's and Anthony's warehouses, built from house cards:
POPULARITY = area((38, 0, 0, 0), (25, 2, -1, 0), (4, 4, 0, 1))
MANDELA = area((8, 0, 0, 0), (2, 0, -1, 2))
ANTHONY = area((14, 0, 0, 0), (5, 0, 1, 3), (32, -1, -2, 1))


def example(advanced: bool):
    return table(
        [[], []],
        warehouses=[MANDELA, ANTHONY],
        popularity=POPULARITY,
        options=Options(advanced=advanced),
        phase=Phase.OVER,
        round=6,
    )


def test_rulebook_example_boards():
    """OS §Scoring, the rulebook's example: the largest popularity area is
    tied between Pocket Petz and Furballs (4 each), with more Furballs."""
    assert picture(POPULARITY) == "  PbF \n.BPBF.\nFPP FF\n    YY"
    pop, crates = toy_areas(POPULARITY.cells)
    assert pop == (4, 4, 2, 2) and crates[1] > crates[0]
    assert toy_areas(MANDELA.cells)[0] == (3, 1, 1, 1)
    assert toy_areas(ANTHONY.cells)[0] == (2, 6, 1, 1)


def test_rulebook_example_standard_game():
    """OS §Scoring: Mandela 12+2+2-4 = 12, Anthony 8+2+2-24 = -12."""
    out = GAME.outcome(example(False))
    assert out.scores == (12, -12)
    assert out.winners == {0}
    points = {c.name: c.values for c in out.breakdown}
    assert points["Furballs (F): points"] == (-4, -24)
    assert any("Furballs (F) have the most crates there" in n for n in out.notes)


def test_rulebook_example_advanced_variant():
    """OS §Advanced Variant, the rulebook's example: Mandela's Pocket Petz
    are halved to 6: 6+2+2-4 = 6; Anthony's Furballs, his largest area and
    the negative toy, are halved to -12: 8+2+2-12 = 0."""
    state = example(True)
    out = GAME.outcome(state)
    assert out.scores == (6, 0)
    sheet = GAME.sheet(state, ["Mandela", "Anthony"])
    mandela, anthony = sheet.seats
    assert [r.points for r in mandela.toys] == [6, -4, 2, 2]
    assert [r.points for r in anthony.toys] == [8, -12, 2, 2]
    assert mandela.halved is PP and anthony.halved is FF
    assert anthony.negative is FF and anthony.toys[1].halved and anthony.toys[1].negative
    # the toys' names are plural: they "score" (play-test: "Bean Bears (B) scores half")
    assert any("Mandela: Pocket Petz (P) score half" in n for n in sheet.notes)


# --- The advanced variant ---------------------------------------------------------------------


def test_advanced_tie_more_crates_in_the_warehouse():
    """OS §Advanced Variant: tied largest warehouse areas: the toy with more
    crates across the warehouse scores half."""
    pop = grid("PFYB\n....\nY...")  # all areas 1; Y has more crates: negative
    wh = grid("PP.FF\n.....\nP....")  # P 2 (3 crates) and F 2 (2 crates)
    sheet = score_grids(pop, [wh], advanced=True)
    assert sheet.seats[0].halved is PP
    assert [r.points for r in sheet.seats[0].toys] == [1, 2, 0, 0]
    # the note names the other toy tied and both counts (play-test: "tied
    # on area (5), the most crates in the warehouse (11)" named neither)
    assert ("Player 1: Pocket Petz (P) score half: tied with Furballs (F) on area (2); "
            "the most crates in the warehouse (P 3, F 2).") in sheet.seats[0].notes, \
        sheet.seats[0].notes


def test_advanced_still_tied_player_chooses_os4():
    """OS §Advanced Variant, OS-4: still tied, the player chooses; the game
    picks the best for them (halve the negative toy here)."""
    pop = grid("PPP\nF..\nY.B")  # P negative (3)
    wh = grid("PP.FF")  # P 2 and F 2, 2 crates each
    sheet = score_grids(pop, [wh], advanced=True)
    seat = sheet.seats[0]
    assert seat.halved is PP  # -6 halves to -3: better than halving F's 2
    assert seat.total == -3 + 2
    # the note names the other toy tied and why (a play-test: "the game
    # chose" alone could not be checked against the pad); the other half's
    # total is said as that, "instead" (play-test: "44 points in all, 4
    # halving Bean Bears (B)" read as one list)
    assert ("Player 1: Pocket Petz (P) score half: tied with Furballs (F) on area (2) and "
            "crates (2); the game chose the half best for Player 1: -1 point (halving "
            "Furballs (F) instead: -5) (house ruling OS-4).") in seat.notes, seat.notes


def test_advanced_still_tied_halves_that_score_the_same_os4():
    """OS §Advanced Variant, OS-4: still tied, and either half gives the
    player the same total: the note says so, not that one was best."""
    pop = grid("P.F\n...\nYY.")  # Y negative (2); P and F 1 each
    wh = grid("PP.FF")  # P 2 and F 2, 2 crates each: 2 points each
    seat = score_grids(pop, [wh], advanced=True).seats[0]
    assert seat.total == 1 + 2
    assert ("Player 1: Pocket Petz (P) score half: tied with Furballs (F) on area (2) and "
            "crates (2); either half gives Player 1 the same total (3), the game chose one "
            "(house ruling OS-4).") in seat.notes, seat.notes


@pytest.mark.parametrize(("points", "half"), [(12, 6), (13, 6), (-24, -12), (-15, -7), (0, 0)])
def test_halving_rounds_toward_zero_os15(points, half):
    """OS §Advanced Variant, OS-15: half points, rounding down: the half is
    dropped, toward zero (-15 scores -7)."""
    assert halve(points) == half


# --- Winning ------------------------------------------------------------------------------------


def test_most_points_wins_os10():
    """OS §Scoring: the player with the most points wins."""
    state = table(
        [[], [], []],
        warehouses=[area((10, 0, 0, 0)), area((14, 0, 0, 0)), area((13, 0, 0, 0))],
        popularity=area((36, 0, 0, 0)),
        phase=Phase.OVER,
        round=6,
    )
    out = GAME.outcome(state)
    assert out.scores == (-7, -1, 5)
    assert out.winners == {2}
    assert len(out.winners) == 1 and not any("shared" in n for n in out.notes)


def test_tied_scores_share_the_win_os10():
    """OS-10: the rulebook names no tie-break: equal totals share the win,
    and the sheet says so. Cards 11 and 12 show the same largest areas."""
    state = table(
        [[], []],
        warehouses=[area((11, 0, 0, 0)), area((12, 0, 0, 0))],
        popularity=area((8, 0, 0, 0)),
        phase=Phase.OVER,
        round=6,
    )
    out = GAME.outcome(state)
    assert out.scores[0] == out.scores[1] and out.winners == {0, 1}
    # the ruling in words, with the tied players and their points
    assert (f"{{0}} and {{1}} tie for the most points ({out.scores[0]}): the rules name no "
            "tie-break, so they share the win (house ruling OS-10).") in out.notes


def test_outcome_breakdown_is_the_score_sheet():
    """OS §Scoring: the score pad, per toy its two areas and points, then
    the total; nothing before the end."""
    state = example(False)
    out = GAME.outcome(state)
    names = [c.name for c in out.breakdown]
    assert names[:3] == [
        "Pocket Petz (P): popularity",
        "Pocket Petz (P): warehouse",
        "Pocket Petz (P): points",
    ]
    assert names[-1] == "Total"
    assert dict((c.name, c.values) for c in out.breakdown)["Total"] == out.scores
    assert GAME.outcome(table([[1], [2]])) is None


# --- Solo scoring ---------------------------------------------------------------------------


def test_solo_bot_scores_nothing_for_the_negative_toy():
    """OS §Solo Scoring: the bot does not score anything for the toy with
    the largest area in the popularity; you score as usual."""
    sheet = score_grids(grid("PPP\nF.."), [grid("PP\nF."), grid("PP\nF.")], bot=1)
    human, bot = sheet.seats
    assert human.toys[0].points == -6 and bot.toys[0].points == 0
    assert bot.total == 1 and human.total == -5
    assert any(": Pocket Petz (P) score nothing for the bot." in n for n in sheet.notes)


def test_solo_bot_tie_fewest_points_does_not_score():
    """OS §Solo Scoring: tied on area and crates in the popularity, the tied
    toy that would score the fewest points is the one that doesn't score
    for the bot."""
    pop = grid("PP.FF")
    sheet = score_grids(pop, [grid("P"), grid("PPP\nF..")], bot=1)
    bot = sheet.seats[1]
    assert bot.negative is FF  # F would score 2, P 6
    assert bot.total == 6


def test_solo_bot_bonus_and_win_only_by_more_os10():
    """OS §Solo Setup, §Solo Overview, OS-10: the bot's 2 points per card
    1-20 count; you win only by scoring more than the bot (a tie is the
    bot's)."""

    def solo(bonus):
        return table(
            [[], []],
            warehouses=[area((1, 0, 0, 0)), area((2, 0, 0, 0))],
            popularity=area((8, 0, 0, 0)),
            options=Options(solo=True),
            phase=Phase.OVER,
            round=6,
            bot_bonus=bonus,
        )

    base = GAME.outcome(solo(0))
    totals = dict((c.name, c.values) for c in base.breakdown)["Total"]
    assert totals[0] == totals[1] and base.winners == {1}
    # Play-test: the note said the player's score was "set one below the
    # bot's" beside two equal Totals; it says the tie, in the pad's numbers
    assert (f"Tied at {totals[0]}: the bot wins, as you win only by scoring more than "
            "the bot.") in base.notes
    assert not any("one below" in n for n in base.notes)
    # the results' title, where the note was below the fold at 80x24
    assert GAME.results_tie_words(base) == (
        f" the tie at {totals[0]} (in a solo game, a tie goes to the bot)")
    # Outcome.scores ranks the seats: tied on points, the player is one below
    assert base.scores == (totals[0] - 1, totals[1])
    out = GAME.outcome(solo(4))
    assert out.scores[1] == base.scores[1] + 4 and out.winners == {1}
    assert dict((c.name, c.values) for c in out.breakdown)["Bot: cards 1-20"] == (0, 4)
    ahead = GAME.outcome(
        attrs.evolve(
            solo(0),
            bot_bonus=0,
            seats=solo(0).seats[:1]
            + (attrs.evolve(solo(0).seats[1], warehouse=area((5, 0, 0, 0))),),
        )
    )
    assert ahead.scores[0] > ahead.scores[1] and ahead.winners == {0}


def test_negative_yo_yos_and_bean_bears():
    """OS §Scoring: any toy may be the negative one (Yo-yos, Bean Bears)."""
    assert negative_toys((1, 1, 4, 2), (1, 1, 4, 2))[0] == (YY,)
    assert negative_toys((1, 1, 2, 4), (1, 1, 2, 4))[0] == (BB,)


def test_a_total_of_one_reads_one_point():
    """A play-test's results read "the game chose the best for bob: 1
    points": a count of one is singular in every game's results."""
    from core.wording import counted

    assert [counted(n, "point") for n in (1, -1, 0, 2, -3)] == [
        "1 point", "-1 point", "0 points", "2 points", "-3 points"]
    assert counted(1, "pt") == "1 pt" and counted(4, "pt") == "4 pts"
