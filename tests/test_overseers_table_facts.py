"""What a player reads off an Overseers table (`core.overseers.table_facts`,
offered as `GAME.<name>`): the facts the screen shows and never works out
itself. Each works from a seat's view.

Each test names the rulebook section ("OV §...") or ruling ("OV-n",
docs/rulings.md) it pins.
"""

from __future__ import annotations

from core.overseers import GAME, rules
from core.overseers.actions import Peek, Turn, Vote
from core.overseers.cards import CHARACTERS, TRAIT, Character, Trait
from core.overseers.state import Phase
from tests.test_overseers_kit import Ids, dealt, placed, vote_all

CHARS = [Character.MEIXIU, Character.PURPLE, Character.LIANG, Character.TEAL]


def at_abilities():
    return placed([("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG")], characters=CHARS)


def test_every_phase_belongs_to_one_of_the_eight_stages():
    """OV §Game Flow: Deal, Draft, Placement, Vote, Judgment, Showdown,
    Greed, Scoring."""
    from core.overseers.table_facts import _STAGE_OF, STAGES

    assert set(_STAGE_OF) == set(Phase)
    assert set(_STAGE_OF.values()) <= set(STAGES)
    assert GAME.stage(at_abilities()) == "Vote"


def test_every_character_has_its_ability_in_words_ov3_ov8():
    """OV-3, OV-8: the nine abilities, each with the stage it acts in."""
    for c in CHARACTERS:
        text = GAME.ability(c)
        assert text.split(":")[0] in {"Placement", "Vote", "Showdown", "Greed", "Scoring"}
    assert "two cards face up" in GAME.ability(Character.ORANGE)


def test_the_cards_aside_are_the_deck_less_the_deal_ov23():
    """OV-23: 7 cards lie aside with three players, 1 with four, 2 with
    five, none with six (QA: the screen counted the 7 "in play")."""
    assert [GAME.cards_aside(n) for n in (3, 4, 5, 6)] == [7, 1, 2, 0]


def test_trait_copies_follow_the_player_count_ov1():
    """OV-1: the rulebook's table of copies."""
    assert GAME.trait_copies(4)[Trait.ANGER] == 3
    assert sum(GAME.trait_copies(3).values()) == 25
    assert sum(GAME.trait_copies(5).values()) == 32
    assert sum(GAME.trait_copies(6).values()) == 36


def test_slot_marks_hide_what_the_viewer_may_not_know_ov11():
    """OV-11: another's face-down cards are unknown, until Meixiu peeks; the
    peeked card is marked in every view (the peek is made in the open: OV
    §Vote, "if you saw them using the Meixiu ability"), its trait known to
    Meixiu and its owner only."""
    state = at_abilities()
    state = GAME.apply(state, 1, Turn(0))
    for seat in range(4):
        view = GAME.view(state, seat)
        for other in range(4):
            marks = GAME.slot_marks(view, seat, other)
            for mark, slot in zip(marks, state.seats[other].slots, strict=True):
                if slot.up or other == seat:
                    assert mark.card == slot.card
                else:
                    assert mark.card is None
    assert GAME.slot_marks(GAME.view(state, 0), 0, 1)[0].turned
    while state.phase is not Phase.PEEK:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    state = GAME.apply(state, 0, Peek(1, 3))
    mine = GAME.slot_marks(GAME.view(state, 0), 0, 1)[3]
    assert mine.peeked and mine.card == state.seats[1].slots[3].card
    theirs = GAME.slot_marks(GAME.view(state, 2), 2, 1)[3]
    assert theirs.peeked and theirs.card is None
    owner = GAME.slot_marks(GAME.view(state, 1), 1, 1)
    assert owner[3].peeked and owner[3].card == state.seats[1].slots[3].card
    assert [m.peeked for m in owner] == [i == 3 for i in range(len(owner))]


def test_own_score_counts_kept_cards_then_the_showdown_score_ov2():
    """OV-2 and OV §Showdown: the viewer's own cards as they count now."""
    ids = Ids()
    hands = [ids("CCCAAB"), ids("LLLLLH"), ids("HHHHGG"), ids("GBBBCA")]
    state = dealt(hands, [Character.ORANGE, Character.PURPLE, Character.GOLD, Character.TEAL])
    assert GAME.own_score(GAME.view(state, 0), 0) == 0
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[0])  # keeps a card
    pick = state.seats[0].pick
    assert GAME.own_score(GAME.view(state, 0), 0) == {Trait.COURAGE: 2, Trait.ANGER: 6,
                                                      Trait.BENEVOLENCE: 4}[TRAIT[pick]]
    state = at_abilities()
    view = GAME.view(state, 0)
    # Ann: A A B C C, Meixiu: 6+6+4+10+3
    assert GAME.own_score(view, 0) == 29


def test_votes_are_counted_only_once_all_are_in_ov12():
    """OV §Vote, OV-12: the votes are secret until every player has voted."""
    state = at_abilities()
    while state.phase is not Phase.VOTE:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    state = GAME.apply(state, 0, Vote(1))
    assert GAME.votes_received(GAME.view(state, 0)) is None
    for s, target in ((1, 0), (2, 1), (3, 1)):
        state = GAME.apply(state, s, Vote(target))
    for seat in (0, 1, None):
        assert GAME.votes_received(GAME.view(state, seat)) == (1, 3, 0, 0)


def test_top_row_size_orange_shows_two_ov11():
    """OV §Placement, OV-11: three face up, Orange two."""
    ids = Ids()
    hands = [ids("CCCAAB"), ids("LLLLLH"), ids("HHHHGG"), ids("GBBBCA")]
    state = dealt(hands, [Character.ORANGE, Character.PURPLE, Character.GOLD, Character.TEAL])
    sizes = [GAME.top_row_size(state, s) for s in range(4)]
    assert sorted(sizes) == [2, 3, 3, 3]


def test_trait_points_in_words_ov2():
    """OV §Trait Cards, OV-2: Courage 2/10/18, Hope 0/6/21, the others flat."""
    points = GAME.trait_points()
    assert points[Trait.ANGER] == "6" and points[Trait.GREED] == "2"
    assert points[Trait.COURAGE] == "2/10/18" and points[Trait.HOPE] == "0/6/21"


def test_own_round_score_is_what_the_round_scores_not_the_showdown_ov20():
    """OV §6 Showdown, the elder Wuming sister: "courage and hope cards
    will count as one (1) more point each. This will not apply during the
    scoring phase" (OV-20): a Wuming elder with H H H L B scores 28 for the
    round from the draft to the vote, and counts 31 only at the showdown
    (the play-test's "score 31 now" for a round that scored 28)."""
    state = placed([("HHH", "LB"), ("LLC", "HB"), ("AAB", "LC")],
                   [Character.WUMING_VALOUR, Character.PURPLE, Character.GOLD])
    while state.phase is not Phase.VOTE:
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    view = GAME.view(state, 0)
    assert GAME.own_round_score(view, 0) == 21 + 3 + 4 == rules.round_score(state, 0).score
    assert GAME.own_score(view, 0) == 21 + 3 + 3 + 4
    # Bob's Courage and Hope count 1 more at the showdown too, not for the round
    bob = GAME.view(state, 1)
    assert GAME.own_score(bob, 1) - GAME.own_round_score(bob, 1) == 2  # C, H



def test_turn_scores_say_what_each_purple_turn_makes_the_round_ov11():
    """OV §4 Vote, Purple: the turned card "and all cards of the same color
    you have will lose their type and count as five (5) points each"
    (OV-11): with A C C B L (23 for the round) turning the Anger makes it
    22, a Courage leaves 23 (two Courage score 10, two fives too), the Lust
    makes 25. Counted by the rules' own round score, the screen's numbers."""
    state = placed([("LLC", "HH"), ("ACC", "BL"), ("GGH", "BB")],
                   [Character.MEIXIU, Character.PURPLE, Character.LIANG])
    assert state.phase is Phase.PURPLE
    view = GAME.view(state, 1)
    traits = [TRAIT[s.card].value for s in view.seats[1].slots]
    assert GAME.own_round_score(view, 1) == 23
    scores = GAME.turn_scores(view, 1)
    assert dict(zip(traits, scores, strict=True)) == {"A": 22, "C": 23, "B": 24, "L": 25}
    # each is what the round scores once that card is turned
    for slot, score in enumerate(scores):
        after = GAME.apply(state, 1, Turn(slot))
        assert rules.round_score(after, 1).score == score


def test_abilities_that_reach_other_players_say_so_ov7_ov16():
    """OV-7: the Wuming sisters "affect everyone's showdown, as printed"; a
    player's own "showdown 19" beside "round score 16" came with nothing
    saying why. Their short label on the table, their ability and the
    in-app rules' character list say it is everyone's cards, at the
    showdown; Liang's (OV-16) that another player loses the points."""
    from pathlib import Path

    for c in (Character.WUMING_VALOUR, Character.WUMING_WRATH):
        assert "everyone's" in c.label and "showdown" in c.label, c.label
        assert "everyone's" in GAME.ability(c), c
    assert "another player" in Character.LIANG.label
    rules_md = (Path(__file__).resolve().parent.parent / "tui" / "rules" / "overseers.md")
    text = " ".join(rules_md.read_text(encoding="utf-8").split())
    for name in ("Wuming the elder", "Wuming the younger"):
        said = text.split(f"**{name}**", 1)[1].split("- **", 1)[0]
        assert "everyone's" in said, said


def test_score_without_says_what_a_discard_a_lost_pair_or_a_gift_leaves_ov19_ov22():
    """OV §5 Judgement (ADMIT: "choose and discard two of his own cards"),
    §7 Greed (the robbed player "will decide which card to give"): the
    round score left once those cards are gone, counted from the player's
    own view and equal to what the rules count after the move."""
    from core.overseers.actions import Admit, Choose, Deny, Discard, Give

    state = vote_all(placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")]), [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    view = GAME.view(state, 0)
    for slot in range(len(state.seats[0].slots)):
        after = GAME.apply(state, 0, Discard(slot))
        assert GAME.score_without(view, 0, [slot]) == rules.round_score(after, 0).score
    # the second discard of the two: counted from the cards left
    after = GAME.apply(state, 0, Discard(4))
    assert GAME.score_without(view, 0, [4, 0]) == GAME.score_without(
        GAME.view(after, 0), 0, [0])
    # a card given to the thief
    state = vote_all(placed([("LLC", "HH"), ("AAB", "LC"), ("GGH", "BB")]), [2, 2, 0])
    state = GAME.apply(state, 2, Deny())
    if state.phase is Phase.ROB:
        thief = min(GAME.to_act(state))
        victim = next(s for s in range(3) if s != thief)
        state = GAME.apply(state, thief, Choose(victim))
    assert state.phase is Phase.GIVE
    [victim] = GAME.to_act(state)
    view = GAME.view(state, victim)
    for a in GAME.legal_actions(state, victim):
        assert isinstance(a, Give)
        left = GAME.score_without(view, victim, [a.slot])
        after = GAME.apply(state, victim, a)
        assert left == after.seats[victim].rounds[-1].score
