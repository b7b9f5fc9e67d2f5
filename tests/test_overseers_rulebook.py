"""Overseers against its rulebook, paragraph by paragraph: the cases the
stage-by-stage tests (test_overseers_rules.py) leave out, each quoting the
rulebook (rules/overseers.txt, "OV §<section>") or naming the ruling it
pins (docs/rulings.md). The rulebook prints no scored example; its one
worked example (the draft variant's left, then right) is reproduced here
turn by turn."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from core import CHANCE
from core.overseers import GAME, rules
from core.overseers.actions import (
    Admit,
    AssignLeader,
    Choose,
    Copy,
    Deal,
    Deny,
    Discard,
    Draw,
    Pick,
    Turn,
    Vote,
)
from core.overseers.cards import CHARACTERS, FIVE, TRAIT, Character, Trait, deck
from core.overseers.state import Options, Phase, RoundScore
from tests.test_overseers_kit import Ids, dealt, placed, slots_of, vote_all

A, B, L, C, H, G = (Trait(x) for x in "ABLCHG")
CHARS4 = [Character.ORANGE, Character.LIANG, Character.GOLD, Character.TEAL]


def with_totals(state, totals, rounds_played):
    """The table as if `rounds_played` rounds were scored already, each seat
    holding `totals[s]`."""
    seats = tuple(
        attrs.evolve(
            p,
            total=t,
            rounds=tuple(RoundScore(traits=0, score=0) for _ in range(rounds_played - 1))
            + (RoundScore(traits=t, score=t),),
        )
        for p, t in zip(state.seats, totals, strict=True)
    )
    return attrs.evolve(state, seats=seats, round=rounds_played + 1)


# --- Inside the Box -------------------------------------------------------------------


def test_inside_the_box_components():
    """OV §Inside the Box: "9 x Character Cards", "1 x Leader Card",
    "36 x Trait Cards (6 types)", "6 x Voting Token" (one per player: at
    most six players, OV-1)."""
    assert len(CHARACTERS) == len(set(CHARACTERS)) == 9
    assert len(deck(6)) == 36 and {TRAIT[c] for c in deck(6)} == set(Trait)
    assert max(GAME.players) == 6
    state = GAME.apply(GAME.setup(6, Options()), CHANCE, AssignLeader(4))
    # one Leader card: one seat holds it
    assert state.leader == 4 and sum(p.was_leader for p in state.seats) == 1


# --- Set-Up ------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "aside"), [(3, 7), (4, 1), (5, 2), (6, 0)])
def test_undealt_trait_cards_stay_aside_unseen_ov23(players, aside):
    """OV §Set-Up: the Trait Cards for the player count are taken; OV §1
    Deal: "deal six Trait Cards to each player". OV-23: the cards left over
    (7 with three players, 1 with four, 2 with five, none with six) stay
    aside face down for the round: nobody sees them, and they are not in
    the discard pile."""
    state = GAME.apply(GAME.setup(players, Options()), CHANCE, AssignLeader(0))
    while state.phase is Phase.DEAL:
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[-1][0])
    assert len(state.deck) == aside
    assert [len(p.hand) for p in state.seats] == [6] * players
    for viewer in [*range(players), None]:
        v = GAME.view(state, viewer)
        assert set(v.deck) <= {None} and len(v.deck) == aside
        # every aside card is among the cards the viewer cannot place
        assert set(state.deck) <= set(v.unseen)
    assert state.discard == ()


def test_gold_and_the_not_guilty_draw_only_from_the_discard_pile_ov23():
    """OV-23: the cards set aside are not in the discard pile: Gold's draw
    ("Draw two (2) cards from the discard pile") and the not-guilty player's
    ("he takes one card from the discard pile") never take one."""
    state = placed(
        [("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [None, Character.GOLD, None], discard="CHG"
    )
    assert state.deck  # 25 cards for three players: some lie aside
    pile = set(state.discard)
    assert {a.card for a, _ in GAME.chance_outcomes(state)} == pile
    state = GAME.apply(state, CHANCE, Draw(state.discard[0]))
    assert {a.card for a, _ in GAME.chance_outcomes(state)} == pile - {state.drawn[0]}
    state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    state = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Deny())
    assert state.phase is Phase.DENY_DRAW
    assert {a.card for a, _ in GAME.chance_outcomes(state)} == set(state.discard)


def test_the_next_leader_has_the_lowest_round_score_not_total_ov17():
    """OV §Set-Up: "for the following rounds, the player with the lowest
    score in the previous round acts as the Leader" (OV §8 Scoring's "the
    player with the least amount of points"): the round's score, whatever
    the totals (OV-17)."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    state = with_totals(state, (100, 0, 5), 1)
    assert state.round == 2
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())  # guilty: Ann keeps B L C, 9
    assert state.phase is Phase.DEAL and state.gather
    assert [p.rounds[-1].score for p in state.seats] == [9, 12, 16]
    assert [p.total for p in state.seats] == [109, 12, 21]
    assert state.leader == 0  # the lowest round, though the highest total


def test_the_third_rounds_tie_for_the_lowest_names_no_leader_ov17():
    """OV §End of the Game: "At the end of the third round" the game ends:
    a tie for the lowest round score then asks the Leader nothing
    (OV-17: after the third round no Leader is named)."""
    state = placed([("ABB", "LC"), ("ABB", "LC"), ("ABB", "LC")], leader=2)
    state = with_totals(state, (10, 20, 30), 2)
    assert state.round == 3
    state = vote_all(state, [1, 2, 0])
    state = GAME.apply(state, 2, Choose(0))
    state = GAME.apply(state, 0, Deny())  # tied highest: the Leader declares
    state = GAME.apply(state, 2, Choose(1))  # Ann not guilty, no discard
    # all three scored 19: a tie for the lowest, but the game is over
    assert [p.rounds[-1].score for p in state.seats] == [19, 19, 19]
    assert state.phase is Phase.OVER and GAME.to_act(state) == frozenset()
    assert state.leader == 2 and not state.seats[0].was_leader


# --- 2. Draft: the rulebook's example ----------------------------------------------------


def test_draft_variant_example_left_right_left_right_ov8():
    """OV §2 Draft, Variant, the rulebook's example: "during the first turn
    all players will pass cards to the left, the second turn all players
    will pass cards to the right" (and so on in turn); after the fifth pick
    the sixth card is discarded, passed to nobody. OV-8: left is the next
    seat."""
    ids = Ids()
    hands = [ids("AABBLC"), ids("LLCCHH"), ids("GGHLBL"), ids("CCHHBG")]
    state = dealt(hands, CHARS4, options=Options(alternate_draft=True))
    directions = []
    for turn in range(1, 6):
        assert state.draft_turn == turn
        before = [p.hand for p in state.seats]
        picks = [p.hand[0] for p in state.seats]
        for s in range(4):
            state = GAME.apply(state, s, Pick(picks[s]))
        rest = [tuple(c for c in h if c != picks[s]) for s, h in enumerate(before)]
        if turn == 5:
            assert state.phase is Phase.PLACE
            assert Counter(state.discard) == Counter(r[0] for r in rest)
            for s in range(4):  # each knows the card it put there
                assert rest[s][0] in state.known[s]
            break
        # passed left (+1), seat s holds the pack of seat s - 1; right, s + 1
        for step, name in ((1, "left"), (-1, "right")):
            if all(state.seats[s].hand == rest[(s - step) % 4] for s in range(4)):
                directions.append(name)
    assert directions == ["left", "right", "left", "right"]
    without = dealt(hands, CHARS4)
    for _ in range(4):
        picks = [p.hand[0] for p in without.seats]
        before = [p.hand for p in without.seats]
        for s in range(4):
            without = GAME.apply(without, s, Pick(picks[s]))
        for s in range(4):  # the standard draft: always to the left
            assert without.seats[s].hand == before[(s - 1) % 4][1:]


# --- 4. Vote -------------------------------------------------------------------------


def test_purple_counts_five_every_card_of_the_trait_it_has_ov11():
    """OV §4 Vote, purple: "that card and all cards of the same color you
    have will lose their type and count as five (5) points each": a card of
    that trait gained later (a not-guilty draw) counts 5 too (OV-11: every
    card of that printed trait it holds, while the turned card stays)."""
    # Ann: up B L L (sorted), down C A; the pile holds one Lust
    state = placed([("LLB", "CA"), ("AAA", "BB"), ("LHA", "BL")], [Character.PURPLE, None, None],
                   discard="L")
    assert slots_of(state, 0) == ["B", "L", "L", "c", "a"]
    state = GAME.apply(state, 0, Turn(1))  # a Lust: both Lusts count 5
    assert rules.effective(state.seats[0].slots) == [B, FIVE, FIVE, C, A]
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.guilty is False and state.phase is Phase.DENY_DRAW
    state = GAME.apply(state, CHANCE, Draw(state.discard[0]))
    assert slots_of(state, 0) == ["B", "L", "L", "C", "A", "L"]
    pad = state.seats[0].rounds[0]
    # B 4 + three Lusts as fives 15 + C 2 + A 6
    assert pad.score == 4 + 15 + 2 + 6 and pad.purple == 15 - 9


def test_purple_admitting_the_turned_card_ends_the_fives_ov11():
    """OV §4 Vote, purple; OV-11: the fives last while the turned card stays
    with Purple: admitted, the other cards of its trait count as printed."""
    state = placed([("LLB", "CA"), ("AAA", "BB"), ("LHA", "BL")], [Character.PURPLE, None, None])
    state = GAME.apply(state, 0, Turn(1))
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(1))  # the turned Lust
    state = GAME.apply(state, 0, Discard(0))  # the Benevolence
    assert slots_of(state, 0) == ["L", "C", "A"]
    assert state.seats[0].rounds[0].score == 3 + 2 + 6


def test_meixius_three_points_count_in_the_judgment_ov13():
    """OV §4 Vote, grey: "You will get three (3) more points this round,
    this applies for the voting phase as well": Meixiu, denying, is the
    highest by those three points (OV-13: judged on the showdown score)."""
    # Ann 6+6+4+3+2 = 21 (+3 = 24); Bob 6+6+6+3 = 21... Bob 21, Cat lower
    state = placed([("AAB", "LC"), ("AAA", "LG"), ("LHB", "BL")], [Character.MEIXIU, None, None])
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])
    assert rules.showdown_score(state, 0) == 24 and rules.showdown_score(state, 1) == 23
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.showdown[:2] == (24, 23) and state.guilty is True


# --- 5. Judgement ----------------------------------------------------------------------


def test_admitting_never_draws_from_the_pile():
    """OV §5 Judgement: "b) ADMIT: The player will choose and discard two of
    his own cards": only a denial ("If the player is not guilty, he takes
    one card from the discard pile") draws; an admitting player who was not
    the highest gets nothing back."""
    state = placed([("LLB", "CH"), ("AAA", "BB"), ("LHA", "BL")], discard="GGG")
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(4))
    state = GAME.apply(state, 0, Discard(3))
    assert state.guilty is None and state.seats[0].rounds[0].traits == 4 + 3 + 3
    assert len(state.discard) == 5


def test_an_admission_records_the_places_discarded_for_every_view_ov19():
    """OV §5 Judgement, ADMIT; OV-19 (everyone sees which card goes): the
    places the admitted cards had as the admission began are public, so
    every view numbers the row alike; gone with the admission."""
    state = placed([("LLB", "CH"), ("AAA", "BB"), ("LHA", "BL")])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(3))
    assert state.admitted == (3,)
    for viewer in (0, 1, None):
        assert rules.admission_places(GAME.view(state, viewer), 0) == [0, 1, 2, 4]
        assert rules.admission_places(GAME.view(state, viewer), 1) == [0, 1, 2, 3, 4]
    state = GAME.apply(state, 0, Discard(1))
    assert state.phase is not Phase.ADMIT and state.admitted == ()
    assert rules.admission_places(state, 0) == [0, 1, 2]


def test_the_pair_lost_counts_the_showdown_anger_ov13():
    """OV §5 Judgement ("he loses the two cards that grants him the best
    score") and OV §6 Showdown, the younger Wuming ("anger cards will count
    double, resulting in twelve (12) points each"): OV-13, the pair is
    measured on the showdown score. At scoring two Courage of three (16)
    would count more than two Angers (12); at the showdown the Angers count
    24, so they go."""
    state = placed([("AAC", "CC"), ("LLB", "HB"), ("LHA", "BL")],
                   [None, Character.WUMING_WRATH, None])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.showdown[0] == 24 + 18 and state.guilty is True
    assert slots_of(state, 0) == ["C", "C", "C"]
    assert state.seats[0].rounds[0].score == 18


# --- 6. Showdown ---------------------------------------------------------------------


def test_both_wuming_sisters_at_one_showdown_ov20():
    """OV §6 Showdown: both dark-red abilities "are used" at the beginning
    of the stage: with both sisters in play, Anger counts 12 and every
    Courage and Hope 1 more, for everyone (OV-7, OV-20); neither at the
    scoring."""
    state = placed([("AAC", "HH"), ("LLC", "HB"), ("LHA", "BL")],
                   [Character.WUMING_VALOUR, Character.WUMING_WRATH, None])
    assert rules.showdown_score(state, 0) == 24 + (2 + 1) + (6 + 2)
    assert rules.showdown_score(state, 2) == 3 + (0 + 1) + 12 + 4 + 3
    assert rules.round_score(state, 0).score == 12 + 2 + 6
    # a lone Hope scores 0, and 1 at the elder sister's showdown
    assert rules.round_score(state, 2).score == 3 + 0 + 6 + 4 + 3


# --- 8. Scoring ----------------------------------------------------------------------


def test_scores_are_counted_not_limited_by_the_tokens_ov24():
    """OV §Inside the Box: "80 x Scoring Token" (680 points in all); OV §8
    Scoring: "Players calculate the total scores and take the scoring
    tokens accordingly". OV-24: the tokens only keep the count: a total is
    never capped by the tokens left in the box."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    state = with_totals(state, (300, 300, 300), 2)
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.phase is Phase.OVER
    assert [p.total for p in state.seats] == [309, 312, 316]
    assert GAME.outcome(state).winners == {2}


def test_every_total_is_revealed_at_the_end_ov6():
    """OV §8 Scoring: the tokens are hidden from the other players; OV-6:
    all totals are revealed when the game ends, to every seat and a
    spectator."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    state = with_totals(state, (30, 20, 10), 2)
    state = vote_all(state, [1, 0, 0])
    before = GAME.view(state, 1)
    assert before.seats[0].total is None and before.seats[1].total == 20
    state = GAME.apply(state, 0, Deny())
    for viewer in (0, 1, 2, None):
        v = GAME.view(state, viewer)
        assert [p.total for p in v.seats] == [39, 32, 26]
        assert all(None not in p.rounds for p in v.seats)


# --- End of the Game ---------------------------------------------------------------


def test_a_three_way_tie_two_never_led_share_ov18():
    """OV §End of the Game: "In case of a tie, the player that never got the
    Leader Card during the game wins. In case of a tie, the players will
    share the victory." Three tied, two never led: those two share."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    seats = tuple(
        attrs.evolve(p, total=50, was_leader=(s == 0), rounds=(RoundScore(traits=50, score=50),))
        for s, p in enumerate(state.seats)
    )
    state = attrs.evolve(state, seats=seats, phase=Phase.OVER, round=3)
    out = GAME.outcome(state)
    assert out.winners == {1, 2}
    assert out.scores == (49, 50, 50) and out.points == (50, 50, 50)
    assert "share the win" in out.notes[0]


def test_a_deal_at_six_players_uses_every_card():
    """OV §Trait Cards: 36 cards with 6 players; OV §1 Deal: six each: the
    whole box is dealt, and the draft's six last cards make the pile."""
    state = GAME.apply(GAME.setup(6, Options()), CHANCE, AssignLeader(0))
    for card in deck(6):
        state = GAME.apply(state, CHANCE, Deal(card))
    assert state.deck == () and state.phase is Phase.CHARACTERS
    assert Counter(len(p.hand) for p in state.seats) == {6: 6}


# --- simultaneous choices ------------------------------------------------------------


def test_simultaneous_choices_do_not_depend_on_who_chooses_first():
    """OV §2 Draft ("Players will choose one Trait Card"), OV §3 Placement
    ("after everyone has placed their cards, all players will reveal"),
    OV §4 Vote ("everyone, at the same time, will place their judgment
    token"): the same choices made in any order give the same table."""
    from itertools import permutations

    ids = Ids()
    hands = [ids("AABBLC"), ids("LLCCHH"), ids("GGHABL")]
    start = dealt(hands, [Character.MEIXIU, Character.GOLD, Character.TEAL])
    results = set()
    for order in permutations(range(3)):
        state = start
        while state.phase is Phase.DRAFT:
            picks = {s: GAME.legal_actions(state, s)[-1] for s in range(3)}
            for s in order:
                state = GAME.apply(state, s, picks[s])
        rows = {s: GAME.legal_actions(state, s)[0] for s in range(3)}
        for s in order:
            state = GAME.apply(state, s, rows[s])
        results.add(state)
    assert len(results) == 1
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    votes = {0: Vote(2), 1: Vote(2), 2: Vote(1)}
    after = set()
    for order in permutations(range(3)):
        s = state
        for seat in order:
            s = GAME.apply(s, seat, votes[seat])
        after.add(s)
    assert len(after) == 1 and next(iter(after)).accused == 2


# --- characters against one another ------------------------------------------------


def test_teals_copy_of_greed_is_greed_for_the_steal_ov15():
    """OV §4 Vote, teal ("this card will copy the one on top") and OV §7
    Greed ("The player with the most Greed Cards can steal"): OV-15, Teal's
    copy of a Greed card is a Greed card."""
    state = placed([("GAB", "LC"), ("GLC", "HB"), ("LHA", "BL")], [Character.TEAL, None, None])
    assert slots_of(state, 0) == ["A", "B", "G", "l", "c"]
    state = GAME.apply(state, 0, Copy(3, 2))
    assert rules.greed_count(state.seats[0].slots) == 2
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Admit())
    state = GAME.apply(state, 2, Discard(0))
    state = GAME.apply(state, 2, Discard(0))
    assert state.phase is Phase.ROB and state.thief == 0


def test_the_elder_sister_counts_teals_copy_not_purples_fives_ov20():
    """OV §6 Showdown, the elder Wuming ("courage and hope cards will count
    as one (1) more point each"); OV-20: a card as it counts: Teal's copy
    of a Hope is a Hope (+1), Purple's Courage turned to fives is not."""
    state = placed([("HAB", "LC"), ("CCA", "BL"), ("LHA", "BG")],
                   [Character.TEAL, Character.PURPLE, Character.WUMING_VALOUR])
    assert slots_of(state, 1) == ["A", "C", "C", "b", "l"]
    state = GAME.apply(state, 1, Turn(1))  # Purple: the Courage count 5
    assert slots_of(state, 0) == ["A", "B", "H", "l", "c"]
    state = GAME.apply(state, 0, Copy(3, 2))  # L under H
    # Teal: A 6, B 4, two Hope 6 (+2), C 2 (+1)
    assert rules.showdown_score(state, 0) == 6 + 4 + (6 + 2) + (2 + 1)
    # Purple: A 6, two fives 10, B 4, L 3; no +1
    assert rules.showdown_score(state, 1) == 6 + 10 + 4 + 3
    assert rules.round_score(state, 0).score == 6 + 4 + 6 + 2


def test_liang_counts_the_cards_after_the_steal_ov16():
    """OV §8 Scoring, brown S: "the player of your choice will lose one (1)
    point for each card in his/her combination", counted at scoring, after
    the Greed stage (OV-16): a thief's stolen card costs a point too."""
    state = placed([("AAB", "LC"), ("GLC", "HB"), ("LHA", "BL")], [Character.LIANG, None, None])
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Admit())
    state = GAME.apply(state, 2, Discard(0))
    state = GAME.apply(state, 2, Discard(0))
    assert state.phase is Phase.ROB and state.thief == 1
    state = GAME.apply(state, 1, Choose(2))
    state = GAME.apply(state, 2, GAME.legal_actions(state, 2)[0])
    assert [len(p.slots) for p in state.seats] == [5, 6, 2]
    state = GAME.apply(state, 0, Choose(1))
    assert state.seats[1].rounds[0].liang == -6


def test_the_in_app_rules_give_the_table_talk_rule():
    """OV §4 Vote: "everyone will discuss ... it is not allowed to disclose
    any number-related information if you saw them using the Meixiu
    ability". Table talk is the players' own (the game cannot read it), so
    the in-app rules say it."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "tui" / "rules" / "overseers.md").read_text(
        encoding="utf-8"
    )
    assert "peeked with Meixiu\n   may not tell anything about numbers" in text


# --- Game Flow: the eight stages in order ------------------------------------------

#: OV §Game Flow: "A game round has 8 stages: Deal ▸ Draft ▸ Placement ▸ Vote
#: ▸ Judgment ▸ Showdown ▸ Greed ▸ Scoring": each phase by its stage's place
STAGE = {
    Phase.DEAL: 0, Phase.CHARACTERS: 0,
    Phase.DRAFT: 1,
    Phase.PLACE: 2,
    Phase.PURPLE: 3, Phase.GOLD_DRAW: 3, Phase.GOLD_KEEP: 3, Phase.PEEK: 3, Phase.TEAL: 3,
    Phase.VOTE: 3, Phase.ACCUSE: 3,
    Phase.JUDGE: 4, Phase.ADMIT: 4,
    Phase.DECLARE: 5, Phase.GUILTY: 5, Phase.DENY_DRAW: 5,
    Phase.THIEF: 6, Phase.ROB: 6, Phase.GIVE: 6,
    Phase.LIANG: 7, Phase.NEXT_LEADER: 7,
}


def test_a_round_runs_the_eight_stages_in_printed_order():
    """OV §Game Flow: "A game round has 8 stages: Deal ▸ Draft ▸ Placement ▸
    Vote ▸ Judgment ▸ Showdown ▸ Greed ▸ Scoring". Rounds played at random
    (every character in turn, 3 to 6 players) never step back to an earlier
    stage; the hands are revealed (the Showdown) before anyone steals or is
    scored, and every stage is met."""
    import random

    met: set[int] = set()
    for seed in range(24):
        rng = random.Random(seed)
        state = GAME.setup(3 + seed % 4, Options())
        stages = []
        while not (state.phase is Phase.OVER or (state.gather and state.round == 1)):
            if state.phase in STAGE:
                stages.append(STAGE[state.phase])
            if state.phase in (Phase.THIEF, Phase.ROB, Phase.GIVE, Phase.LIANG):
                assert state.showdown, state.phase  # the hands were revealed
            acting = GAME.to_act(state)
            if CHANCE in acting:
                outcomes = GAME.chance_outcomes(state)
                state = GAME.apply(state, CHANCE, rng.choice(outcomes)[0])
                continue
            seat = min(acting)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert stages == sorted(stages), (seed, stages)
        met |= set(stages)
        # the round was scored: each seat has its round's pad
        assert all(len(p.rounds) == 1 for p in state.seats)
    assert met == set(range(8))


def test_purple_turning_a_face_down_card_reveals_nothing_ov25():
    """OV §4 Vote, purple: "Choose one card in front of you and flip it
    horizontally" (sideways, OV-11: face up or down). OV-25: the turn shows
    which card is turned, not what it is: a face-down card stays face down,
    its trait Purple's to know until the Showdown reveals it; the others
    cannot tell which trait counts 5."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [Character.PURPLE, None, None])
    state = GAME.apply(state, 0, Turn(3))  # the face-down Lust
    turned = state.seats[0].slots[3]
    assert turned.turned and not turned.up
    for viewer in (1, 2, None):
        seen = GAME.view(state, viewer).seats[0].slots[3]
        assert seen.card is None and seen.turned and not seen.up, viewer
        assert turned.card not in rules.known_to(state, viewer)
    assert GAME.view(state, 0).seats[0].slots[3] == turned
    # the Showdown turns it face up, still sideways
    state = vote_all(state, [1, 0, 1])
    state = GAME.apply(state, 1, Deny())
    assert state.showdown and not state.guilty
    shown = GAME.view(state, 1).seats[0].slots[3]
    assert shown.up and shown.turned and TRAIT[shown.card] is L


def test_the_player_with_the_most_votes_is_judged_not_a_majority():
    """OV §5 Judgement: "The player who received more votes has to decide
    between the following options: a) DENY ... b) ADMIT": the most votes,
    not a majority: 2 of 5 votes are enough when nobody else has as many.
    Only that player decides, between the two options."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL"), ("BBC", "HL"), ("CCH", "AG")])
    state = vote_all(state, [1, 0, 1, 4, 3])
    assert state.phase is Phase.JUDGE and state.accused == 1
    assert GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == (Deny(), Admit())
    assert all(GAME.legal_actions(state, s) == () for s in (0, 2, 3, 4))
