"""Overseers rules, stage by stage and character by character. Each test
quotes the rulebook (rules/overseers.txt, "OV §<stage>") or names the
ruling it pins (docs/rulings.md)."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import attrs
import pytest

from core import CHANCE
from core.engine import IllegalAction
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
    Give,
    Keep,
    LosePair,
    Pass,
    Peek,
    Pick,
    Place,
    Turn,
    Vote,
)
from core.overseers.cards import BLOCKS, FIVE, TRAIT, Character, Trait, deck, label, points
from core.overseers.state import Options, Phase, RoundScore, Seat
from tests.playouts import checked_playout
from tests.test_overseers_kit import Ids, dealt, placed, slots_of, vote_all

A, B, L, C, H, G = (Trait(x) for x in "ABLCHG")


def round_over(state) -> bool:
    """Round 1 is scored: the table waits, as it ended, for the next deal."""
    return state.phase is Phase.DEAL and state.gather and state.round == 1


# --- set-up and components --------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "total", "copies"),
    [
        (3, 25, (3, 4, 5, 5, 5, 3)),
        (4, 25, (3, 4, 5, 5, 5, 3)),
        (5, 32, (4, 6, 6, 6, 6, 4)),
        (6, 36, (5, 6, 7, 7, 7, 4)),
    ],
)
def test_trait_deck_by_player_count_ov1(players, total, copies):
    """OV §Set-Up: "Take the Trait Cards based on the number of players as
    instructed on the Aid Card" (the table: 25 / 32 / 36 cards); OV-1."""
    cards = deck(players)
    assert len(cards) == total == len(set(cards))
    counts = Counter(TRAIT[c] for c in cards)
    assert tuple(counts[t] for t in (A, B, L, C, H, G)) == copies
    assert GAME.setup(players, Options()).deck == cards


def test_three_to_six_players_ov1():
    """OV-1: players 3-6."""
    assert GAME.players == range(3, 7)
    for n in (2, 7):
        with pytest.raises(IllegalAction):
            GAME.setup(n, Options())


def test_trait_scores_as_printed_ov2():
    """OV §Trait Cards: Anger 6, Benevolence 4, Lust 3, Greed 2, Courage
    2 / 10 / 18, Hope 0 / 6 / 21; OV-2: copies beyond the third score
    nothing."""
    assert points([A]) == 6 and points([B]) == 4 and points([L]) == 3 and points([G]) == 2
    assert [points([C] * n) for n in range(1, 5)] == [2, 10, 18, 18]
    assert [points([H] * n) for n in range(1, 5)] == [0, 6, 21, 21]
    assert points([A, A, C, C, H]) == 12 + 10 + 0


def test_first_leader_assigned_at_random():
    """OV §Set-Up: "For the first round, assign the Leader Card randomly"
    (a CHANCE step, every seat equally likely)."""
    state = GAME.setup(4, Options())
    assert GAME.to_act(state) == {CHANCE}
    outcomes = GAME.chance_outcomes(state)
    assert [a for a, _ in outcomes] == [AssignLeader(s) for s in range(4)]
    assert all(p == pytest.approx(0.25) for _, p in outcomes)
    state = GAME.apply(state, CHANCE, AssignLeader(2))
    assert state.leader == 2 and state.seats[2].was_leader
    assert state.phase is Phase.DEAL and state.round == 1


# --- 1. Deal ----------------------------------------------------------------------


def test_deal_six_traits_and_one_character_each_by_chance():
    """OV §1 Deal: "Shuffle and deal six Trait Cards to each player, then,
    give one character card to each player randomly." Every card is a
    CHANCE draw from the undealt cards; then every character."""
    state = GAME.apply(GAME.setup(3, Options()), CHANCE, AssignLeader(0))
    outcomes = GAME.chance_outcomes(state)
    assert {a.card for a, _ in outcomes} == set(deck(3))
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    for _ in range(18):
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    assert [len(p.hand) for p in state.seats] == [6, 6, 6]
    assert len(state.deck) == 25 - 18
    assert state.phase is Phase.CHARACTERS
    outcomes = GAME.chance_outcomes(state)
    assert len(outcomes) == 9 and all(p == pytest.approx(1 / 9) for _, p in outcomes)
    for _ in range(3):
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[-1][0])
    assert [p.character for p in state.seats] == [
        Character.LIANG,
        Character.GREED,
        Character.WUMING_WRATH,
    ]
    assert state.phase is Phase.DRAFT
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, Deal(state.deck[0]))


def test_a_deal_is_drawn_from_the_pool_only_when_no_card_is_twice_in_the_deck():
    """`chance_pool` offers a deal as an even draw only from a deck holding
    each card once (it remembers the last deck it found so, and the deck a
    deal leaves of it); a deck with a card twice is listed with that card's
    odds merged, and so is the deck a deal leaves of it."""
    state = GAME.apply(GAME.setup(4, Options()), CHANCE, AssignLeader(0))
    found = rules.chance_pool(state)
    assert found is not None and tuple(found[0]) == state.deck
    after = GAME.apply(state, CHANCE, Deal(state.deck[3]))
    found = rules.chance_pool(after)
    assert found is not None and tuple(found[0]) == after.deck == state.deck[:3] + state.deck[4:]
    twice = attrs.evolve(after, deck=(*after.deck, after.deck[0]))
    assert rules.chance_pool(twice) is None
    assert len(GAME.chance_outcomes(twice)) == len(after.deck)
    dealt = GAME.apply(twice, CHANCE, Deal(after.deck[1]))
    assert rules.chance_pool(dealt) is None
    assert len(GAME.chance_outcomes(dealt)) == len(dealt.deck) - 1
    # the deck found whole before is still offered
    assert rules.chance_pool(after) is not None


def test_hands_and_characters_are_secret_until_the_vote_ov9():
    """OV §1 Deal: the cards and characters are dealt to each player; OV-9:
    a character stays face down until the vote begins."""
    ids = Ids()
    hands = [ids("AABBLC"), ids("LLCCHH"), ids("GGHABL")]
    state = dealt(hands, [Character.MEIXIU, Character.GOLD, Character.TEAL])
    mine = GAME.view(state, 0)
    assert mine.seats[0].hand == tuple(sorted(hands[0]))
    assert mine.seats[0].character is Character.MEIXIU
    assert mine.seats[1].hand == (None,) * 6 and mine.seats[1].character is None
    assert set(mine.unseen_characters) == set(Character) - {Character.MEIXIU}
    assert GAME.view(state, None).seats[0].character is None


# --- 2. Draft ---------------------------------------------------------------------


def _pick_first(state):
    """Every seat still to pick keeps the lowest card of its pack."""
    for s in sorted(GAME.to_act(state)):
        state = GAME.apply(state, s, GAME.legal_actions(state, s)[0])
    return state


def test_draft_keeps_one_and_passes_left():
    """OV §2 Draft: "Players will choose one Trait Card they would like to
    keep, after that, they will pass the rest of the cards to the player at
    their left" (OV-8: left is the next seat)."""
    ids = Ids()
    hands = [ids("AABBLC"), ids("LLCCHH"), ids("GGHABL")]
    state = dealt(hands, [Character.MEIXIU, Character.GOLD, Character.TEAL])
    before = [p.hand for p in state.seats]
    assert GAME.to_act(state) == {0, 1, 2}
    state = _pick_first(state)
    for s in range(3):
        assert state.seats[s].kept == (before[s][0],)
        # seat s now holds the pack of the seat on its right (s - 1)
        assert state.seats[s].hand == before[(s - 1) % 3][1:]
    assert state.draft_turn == 2


def test_draft_variant_alternates_direction():
    """OV §2 Draft, Variant: "during the first turn all players will pass
    cards to the left, the second turn all players will pass cards to the
    right"."""
    ids = Ids()
    hands = [ids("AABBLC"), ids("LLCCHH"), ids("GGHABL")]
    state = dealt(
        hands,
        [Character.MEIXIU, Character.GOLD, Character.TEAL],
        options=Options(alternate_draft=True),
    )
    state = _pick_first(state)
    after_left = [p.hand for p in state.seats]
    state = _pick_first(state)
    for s in range(3):
        # second turn: to the right, so seat s gets the pack of seat s + 1
        assert state.seats[s].hand == after_left[(s + 1) % 3][1:]
    state = _pick_first(state)
    assert state.draft_turn == 4


def test_draft_picks_secret_and_the_sixth_card_discarded_ov10():
    """OV §2 Draft: picks are secret; "until every player has chosen five
    cards, then everyone has to discard the sixth card to form the discard
    pile". OV-10: the pile is face down; each knows the card it put there."""
    ids = Ids()
    hands = [ids("AABBLC"), ids("LLCCHH"), ids("GGHABL")]
    state = dealt(hands, [Character.MEIXIU, Character.GOLD, Character.TEAL])
    card = state.seats[0].hand[0]
    state = GAME.apply(state, 0, Pick(card))
    assert GAME.view(state, 1).seats[0].pick is None
    assert GAME.view(state, 0).seats[0].pick == card
    assert GAME.to_act(state) == {1, 2}
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Pick(state.seats[0].hand[0]))
    line = GAME.describe(state, 1, Pick(state.seats[1].hand[0]), viewer=0)
    # the draft's turn is named: two turns of one player read as one line twice
    assert line == "Player 2 keeps a card (pick 1)."
    for _ in range(5):
        state = _pick_first(state)
    assert state.phase is Phase.PLACE
    assert [len(p.kept) for p in state.seats] == [5, 5, 5]
    assert len(state.discard) == 3 and all(not p.hand for p in state.seats)
    for s in range(3):
        v = GAME.view(state, s)
        assert sum(c is not None for c in v.discard) == 1
        assert len(state.known[s]) == 1 and state.known[s] <= set(state.discard)


# --- 3. Placement -----------------------------------------------------------------


def _before_placing():
    """Three seats holding the five cards each of them keeps, none placed
    (the placement of `placed`'s rows undone)."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], ids=Ids())
    return attrs.evolve(
        state,
        phase=Phase.PLACE,
        seats=tuple(
            attrs.evolve(p, kept=tuple(x.card for x in p.slots), slots=()) for p in state.seats
        ),
    )


def test_placement_three_up_two_down_revealed_together():
    """OV §3 Placement: "the top row will consist of three cards, and the
    bottom row of two cards; after everyone has placed their cards, all
    players will reveal their top row. The bottom row will stay
    face-down." The choices are secret until the last."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], ids=Ids())
    assert state.phase is Phase.VOTE
    assert slots_of(state, 0) == ["A", "A", "B", "l", "c"]
    for s in range(3):
        v = GAME.view(state, (s + 1) % 3)
        assert [x.card is None for x in v.seats[s].slots] == [False] * 3 + [True] * 2
    # midway, the top rows are secret
    start = _before_placing()
    assert len(GAME.legal_actions(start, 0)) == 10  # three of five
    row = GAME.legal_actions(start, 0)[0]
    mid = GAME.apply(start, 0, row)
    assert GAME.view(mid, 1).seats[0].face_up == ()
    assert mid.seats[0].chose and GAME.to_act(mid) == {1, 2}
    assert GAME.describe(start, 0, row, viewer=1) == "Player 1 chooses their top row."
    assert "Anger" in GAME.describe(start, 0, row, viewer=0)


def test_a_placement_refused_says_why():
    """A top row of the wrong size, with a card not kept, twice the same
    card or out of ascending order is refused, as a second placement is."""
    start = _before_placing()
    kept = sorted(start.seats[0].kept)
    other = start.seats[1].kept[0]
    wrong = [
        tuple(kept[:2]),
        tuple(kept[:4]),
        (kept[0], kept[1], other),
        (kept[0], kept[0], kept[1]),
        (kept[2], kept[1], kept[0]),
    ]
    for cards_up in wrong:
        with pytest.raises(IllegalAction, match="among those you kept"):
            GAME.apply(start, 0, Place(cards_up))
    # a list is not the tuple a placement holds (core/engine.py, exact types)
    with pytest.raises(IllegalAction, match="wrong type"):
        GAME.apply(start, 0, Place(list(kept[:3])))  # type: ignore[arg-type]
    row = Place(tuple(kept[:3]))
    assert row in GAME.legal_actions(start, 0)
    mid = GAME.apply(start, 0, row)
    assert mid.seats[0].face_up == tuple(kept[:3]) and start.seats[0].face_up == ()
    with pytest.raises(IllegalAction, match="already chosen"):
        GAME.apply(mid, 0, Place(tuple(kept[1:4])))


def test_orange_places_two_up_three_down():
    """OV §3 Placement, the orange character: "You are only required to show
    two (2) cards face-up in the Top Row, your other three (3) cards will be
    face-down in the Bottom Row"."""
    state = placed([("AA", "BLC"), ("LLC", "HH"), ("LHA", "BL")], [Character.ORANGE, None, None])
    assert slots_of(state, 0) == ["A", "A", "b", "l", "c"]
    assert GAME.face_up_needed(state, 0) == 2 and GAME.face_up_needed(state, 1) == 3
    start = attrs.evolve(
        state,
        phase=Phase.PLACE,
        seats=tuple(
            attrs.evolve(p, kept=tuple(x.card for x in p.slots), slots=()) for p in state.seats
        ),
    )
    assert all(isinstance(a, Place) for a in GAME.legal_actions(start, 0))
    assert {len(a.cards) for a in GAME.legal_actions(start, 0)} == {2}
    assert len(GAME.legal_actions(start, 0)) == 10


def test_characters_revealed_as_the_vote_begins_ov9():
    """OV §4 Vote: "every player puts their character card in the center of
    the table"; OV-9: all are turned face up when the top rows are."""
    state = placed(
        [("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")],
        [Character.WUMING_WRATH, Character.LIANG, Character.WUMING_VALOUR],
    )
    v = GAME.view(state, None)
    assert [p.character for p in v.seats] == [
        Character.WUMING_WRATH,
        Character.LIANG,
        Character.WUMING_VALOUR,
    ]


# --- 4. Vote: the four abilities, then the vote ----------------------------------------


def test_purple_turns_a_trait_to_fives():
    """OV §4 Vote, purple: "Choose one card in front of you and flip it
    horizontally, that card and all cards of the same color you have will
    lose their type and count as five (5) points each"; OV-11."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [Character.PURPLE, None, None])
    assert state.phase is Phase.PURPLE and GAME.to_act(state) == {0}
    assert GAME.legal_actions(state, 0) == tuple(Turn(i) for i in range(5))
    state = GAME.apply(state, 0, Turn(3))  # the face-down Lust
    assert rules.effective(state.seats[0].slots) == [A, A, B, FIVE, C]
    pad = rules.round_score(state, 0)
    assert (pad.traits, pad.purple) == (6 + 6 + 4 + 3 + 2, 2)
    assert "turns one of their face-down cards sideways" in GAME.describe(
        attrs.evolve(state, phase=Phase.PURPLE, acting=0), 0, Turn(3), viewer=1
    )
    turned = GAME.apply(
        placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [Character.PURPLE, None, None]),
        0,
        Turn(0),
    )
    assert rules.effective(turned.seats[0].slots) == [FIVE, FIVE, B, L, C]
    assert rules.round_score(turned, 0).purple == -2


def test_gold_draws_two_keeps_one_face_down_ov10():
    """OV §4 Vote, gold: "Draw two (2) cards from the discard pile, pick one
    (1) and add it face-down to your card combination and then return the
    other to the discard pile." OV-10: drawn at random; Gold knows the
    card returned; the others forget which known cards are still there."""
    ids = Ids()
    state = placed(
        [("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")],
        [None, Character.GOLD, None],
        discard="AG",
        ids=ids,
    )
    anger, greed = state.discard
    state = attrs.evolve(state, known=(frozenset({greed}), frozenset(), frozenset()))
    assert state.phase is Phase.GOLD_DRAW and GAME.to_act(state) == {CHANCE}
    assert [a for a, _ in GAME.chance_outcomes(state)] == [Draw(anger), Draw(greed)]
    state = GAME.apply(state, CHANCE, Draw(greed))
    assert state.known[0] == frozenset()
    state = GAME.apply(state, CHANCE, Draw(anger))
    assert state.phase is Phase.GOLD_KEEP and GAME.to_act(state) == {1}
    assert GAME.view(state, 0).drawn == (None, None)
    assert GAME.legal_actions(state, 1) == (Keep(anger), Keep(greed))
    assert "Gold) keeps a card face down and returns the other" in GAME.describe(
        state, 1, Keep(anger), viewer=0
    )
    state = GAME.apply(state, 1, Keep(anger))
    assert slots_of(state, 1) == ["L", "L", "C", "h", "h", "a"]
    assert state.discard == (greed,)
    assert GAME.view(state, 1).discard == (greed,)
    assert GAME.view(state, 0).discard == (None,)
    assert GAME.view(state, 0).seats[1].slots[5].card is None
    pad = rules.round_score(state, 1)
    assert (pad.traits, pad.gold) == (3 + 3 + 2 + 6, 6)  # the score pad shows Gold's card


def test_gold_with_one_discard_draws_it_ov11():
    """OV-11: with one card in the pile, Gold draws it and keeps it."""
    state = placed(
        [("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [None, Character.GOLD, None], discard="C"
    )
    state = GAME.apply(state, CHANCE, Draw(state.discard[0]))
    assert state.phase is Phase.GOLD_KEEP and len(GAME.legal_actions(state, 1)) == 1


def test_meixiu_peeks_two_known_for_the_round_and_scores_three():
    """OV §4 Vote, grey: "You can peek at any two (2) face-down cards from
    any other player. You will get three (3) more points this round, this
    applies for the voting phase as well." OV-11: the cards stay known to
    Meixiu only, for the rest of the round."""
    state = placed([("ABL", "CH"), ("AAB", "CG"), ("LLL", "HH")], [Character.MEIXIU, None, None])
    assert state.phase is Phase.PEEK
    assert GAME.legal_actions(state, 0) == (Peek(1, 3), Peek(1, 4), Peek(2, 3), Peek(2, 4))
    # everyone sees which card (OV-11): by the number the row shows it
    # (play-test: two peeks at Ann read "peeks at one of Ann's face-down
    # cards" twice, the same line)
    line = GAME.describe(state, 0, Peek(1, 3), names=("Ann", "Bob", "Cat"), viewer=0)
    assert line == "You (Meixiu) peek at Bob's face-down card 4: Courage (C)."
    line = GAME.describe(state, 0, Peek(1, 3), names=("Ann", "Bob", "Cat"), viewer=2)
    assert line == "Ann (Meixiu) peeks at Bob's face-down card 4."
    line = GAME.describe(state, 0, Peek(1, 4), names=("Ann", "Bob", "Cat"), viewer=None)
    assert line == "Ann (Meixiu) peeks at Bob's face-down card 5."
    line = GAME.describe(state, 0, Peek(1, 4), names=("Ann", "Bob", "Cat"), viewer=1)
    assert line.startswith("Ann (Meixiu) peeks at your face-down card 5: "), line
    state = GAME.apply(state, 0, Peek(1, 3))
    assert GAME.legal_actions(state, 0) == (Peek(1, 4), Peek(2, 3), Peek(2, 4))
    state = GAME.apply(state, 0, Peek(2, 4))
    assert state.phase is Phase.VOTE
    seen = state.seats[1].slots[3].card
    for s in (0, 1, 2):
        state = GAME.apply(state, s, Vote((s + 1) % 3))
    # later in the round Meixiu still knows it; the others do not
    assert state.phase is Phase.ACCUSE
    assert GAME.view(state, 0).seats[1].slots[3].card == seen
    assert GAME.view(state, 0).seats[2].slots[4].card is not None
    assert GAME.view(state, 0).seats[1].slots[4].card is None
    assert GAME.view(state, 2).seats[1].slots[3].card is None
    assert GAME.view(state, None).seats[1].slots[3].card is None
    assert rules.showdown_score(state, 0) == 6 + 4 + 3 + 2 + 0 + 3
    assert rules.round_score(state, 0).meixiu == 3


def test_meixiu_with_one_face_down_card_peeks_once_ov11():
    """OV-11: fewer than two face-down cards of others: Meixiu peeks at what
    there is (Orange's table has three face down, so a tiny table here)."""
    state = placed([("ABL", "CH"), ("AAB", "CG"), ("LLL", "HH")], [Character.MEIXIU, None, None])
    others = tuple(
        attrs.evolve(p, slots=tuple(attrs.evolve(x, up=True) for x in p.slots[:4]) + p.slots[4:])
        if s
        else p
        for s, p in enumerate(state.seats)
    )
    state = attrs.evolve(state, seats=others)
    assert GAME.legal_actions(state, 0) == (Peek(1, 4), Peek(2, 4))
    state = GAME.apply(state, 0, Peek(1, 4))
    state = GAME.apply(state, 0, Peek(2, 4))
    assert state.phase is Phase.VOTE


def test_teal_copy_counts_as_the_card_above():
    """OV §4 Vote, teal: "Choose one (1) card from your combination, flip it
    horizontally and put it face down under any other card, this card will
    copy the one on top." OV-11."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [Character.TEAL, None, None])
    assert state.phase is Phase.TEAL
    assert len(GAME.legal_actions(state, 0)) == 5 * 4
    # QA (2026-12-04): "puts a face-down card face down under a face-down
    # card: it copies it." said in plain words, as the rulebook does
    names = ("Ann", "Bob", "Cat")
    line = GAME.describe(state, 0, Copy(3, 0), names=names, viewer=1)
    assert line == ("Ann (Teal) slides one of their face-down cards under their Anger (A): "
                    "the card beneath now counts as Anger (A).")
    line = GAME.describe(state, 0, Copy(3, 4), names=names, viewer=1)
    assert line == ("Ann (Teal) slides one of their face-down cards under another of them: "
                    "the card beneath now copies the card on top.")
    line = GAME.describe(state, 0, Copy(3, 0), names=names, viewer=0)
    assert line == ("You (Teal) put your Lust (L) face down under your Anger (A): "
                    "the card beneath now counts as Anger (A).")
    after = GAME.apply(state, 0, Copy(3, 0))
    assert rules.effective(after.seats[0].slots) == [A, A, B, A, C]
    # the pad: the traits without the copy, and the copy at what it adds,
    # the Anger it copies (seersbots, finding 4: "traits" counted the Lust
    # at 3 and "Teal's copy" the 6 - 3 left over)
    pad = rules.round_score(after, 0)
    assert (pad.traits, pad.teal) == (6 + 6 + 4 + 2, 6)
    assert pad.score == rules.round_score(after, 0).traits + 6 == 6 + 6 + 4 + 6 + 2
    assert after.phase is Phase.VOTE
    # a face-up card moved under another stays known to all who saw it
    moved = GAME.apply(state, 0, Copy(2, 0))
    assert not moved.seats[0].slots[2].up
    assert GAME.view(moved, 1).seats[0].slots[2].card == state.seats[0].slots[2].card


def test_vote_abilities_in_printed_order_ov11():
    """OV §4 Vote: "At the beginning of this stage these character
    abilities are used": purple, gold, grey, teal, in that order (OV-11)."""
    state = placed(
        [("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")],
        [Character.TEAL, Character.MEIXIU, Character.PURPLE],
        discard="",
    )
    assert state.phase is Phase.PURPLE and GAME.to_act(state) == {2}
    state = GAME.apply(state, 2, Turn(0))
    assert state.phase is Phase.PEEK and GAME.to_act(state) == {1}  # no discard: no Gold
    state = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    state = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert state.phase is Phase.TEAL and GAME.to_act(state) == {0}
    state = GAME.apply(state, 0, Copy(4, 3))
    assert state.phase is Phase.VOTE


def test_vote_secret_simultaneous_not_for_oneself_ov12():
    """OV §4 Vote: "everyone, at the same time, will place their judgment
    token on the player they think has the highest score" (secret until all
    are in); OV-12: not on oneself."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    assert GAME.to_act(state) == {0, 1, 2}
    assert GAME.legal_actions(state, 1) == (Vote(0), Vote(2))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 1, Vote(1))
    state = GAME.apply(state, 0, Vote(2))
    assert GAME.view(state, 1).seats[0].vote is None
    assert GAME.view(state, 0).seats[0].vote == 2
    assert GAME.describe(state, 1, Vote(2), viewer=0) == "Player 2 votes."
    state = GAME.apply(state, 1, Vote(2))
    line = GAME.describe(state, 2, Vote(0), names=("Ann", "Bob", "Cat"), viewer=None)
    assert line.endswith("Votes: Ann for Cat; Bob for Cat; Cat for Ann. Cat is judged.")
    state = GAME.apply(state, 2, Vote(0))
    assert state.phase is Phase.JUDGE and state.accused == 2
    assert GAME.view(state, 1).seats[0].vote == 2


def test_a_vote_refused_says_why():
    """A vote for oneself, for no seat of the table, a second vote, or a
    vote outside the vote is refused with the reason a player reads."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    for target in (1, 3, -1):
        with pytest.raises(IllegalAction, match="Vote for another player"):
            GAME.apply(state, 1, Vote(target))
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 5, Vote(0))
    voted = GAME.apply(state, 1, Vote(0))
    assert voted.seats[1].vote == 0 and state.seats[1].vote is None
    with pytest.raises(IllegalAction, match="already chosen"):
        GAME.apply(voted, 1, Vote(2))
    with pytest.raises(IllegalAction, match="already chosen"):
        GAME.apply(voted, 1, Vote(1))
    with pytest.raises(IllegalAction, match="being dealt"):
        GAME.apply(GAME.setup(3, Options()), 0, Vote(1))


# --- 5. Judgment --------------------------------------------------------------------


def test_vote_tie_the_leader_chooses_ov5():
    """OV §Set-Up: "The Leader has the ability to resolve all ties"; OV-5:
    a tie of votes, the Leader chooses among the tied."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], leader=1)
    state = vote_all(state, [1, 2, 0])
    assert state.phase is Phase.ACCUSE and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == (Choose(0), Choose(1), Choose(2))
    state = GAME.apply(state, 1, Choose(0))
    assert state.phase is Phase.JUDGE and state.accused == 0 and GAME.to_act(state) == {0}


def test_admit_discards_two_ov19():
    """OV §5 Judgement: "ADMIT: The player will choose and discard two of
    his own cards." OV-19: face down; the owner knows them, and everyone
    knows a face-up card they saw go."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    state = vote_all(state, [1, 0, 0])
    assert GAME.legal_actions(state, 0) == (Deny(), Admit())
    state = GAME.apply(state, 0, Admit())
    assert state.phase is Phase.ADMIT
    assert GAME.describe(state, 0, Discard(3), viewer=1) == "Player 1 discards a face-down card."
    state = GAME.apply(state, 0, Discard(3))
    assert state.phase is Phase.ADMIT
    state = GAME.apply(state, 0, Discard(0))
    # no greed, no Liang: the round is scored and a new one dealt; before
    # that, check what was known
    assert round_over(state)
    pad = state.seats[0].rounds[0]
    assert pad.traits == 6 + 4 + 2  # A, B, C left


def test_an_admitted_sideways_card_is_named_as_such_ov19_ov25():
    """Play-test: "Edda discards a face-down card" when it was the card her
    Purple had turned, which everyone saw (OV-25). OV-19: everyone sees
    which card goes; its trait stays with those who knew it."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [Character.PURPLE, None, None])
    state = GAME.apply(state, 0, Turn(3))  # the face-down Lust
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    assert state.phase is Phase.ADMIT
    others = GAME.describe(state, 0, Discard(3), viewer=1)
    assert others == "Player 1 discards their sideways face-down card (↻)."
    assert GAME.describe(state, 0, Discard(3), viewer=None) == others
    assert GAME.describe(state, 0, Discard(3), viewer=0) == (
        "Player 1 discards their sideways Lust (L).")
    # a card not turned stays "a face-down card" to the others
    assert GAME.describe(state, 0, Discard(4), viewer=1) == "Player 1 discards a face-down card."
    # a face-up card turned: everyone knew it
    turned_up = GAME.apply(
        placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [Character.PURPLE, None, None]),
        0, Turn(2))
    turned_up = GAME.apply(vote_all(turned_up, [1, 0, 0]), 0, Admit())
    assert GAME.describe(turned_up, 0, Discard(2), viewer=1) == (
        "Player 1 discards their sideways Benevolence (B).")


def test_an_admitted_teal_copy_is_named_as_such_ov11_ov19():
    """Play-test: "Ann discards a face-down card" when it was the card her
    Teal had slid under her Anger, which everyone saw (OV-11: the vote
    abilities are used in the open). OV-19: everyone sees which card goes,
    so the copy is named as such with the card it lay under; each trait
    only to those who know it (its owner, Meixiu who peeked, OV-11)."""
    names = ("Ann", "Bob", "Cat")
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")],
                   [Character.TEAL, Character.MEIXIU, None])
    state = GAME.apply(state, 1, Peek(0, 3))  # Bob peeks at Ann's face-down Lust
    state = GAME.apply(state, 1, Peek(2, 3))
    admitting = GAME.apply(state, 0, Copy(3, 0))  # the Lust under her Anger
    admitting = GAME.apply(vote_all(admitting, [1, 0, 0]), 0, Admit())
    assert admitting.phase is Phase.ADMIT

    def line(viewer):
        return GAME.describe(admitting, 0, Discard(3), names=names, viewer=viewer)

    assert line(0) == "You discard your Teal copy, Lust (L), from under your Anger (A)."
    assert line(1) == "Ann discards their Teal copy, Lust (L), from under their Anger (A)."
    others = "Ann discards their Teal copy, a face-down card, from under their Anger (A)."
    assert line(2) == others
    assert line(None) == others
    # a face-up card slid under a face-down one: the copy known to all,
    # the card above to its owner and to no spectator
    face_up = GAME.apply(state, 0, Copy(2, 4))  # the Benevolence under the Courage
    face_up = GAME.apply(vote_all(face_up, [1, 0, 0]), 0, Admit())
    assert GAME.describe(face_up, 0, Discard(2), names=names, viewer=0) == (
        "You discard your Teal copy, Benevolence (B), from under your Courage (C).")
    assert GAME.describe(face_up, 0, Discard(2), names=names, viewer=None) == (
        "Ann discards their Teal copy, Benevolence (B), from under another face-down card.")
    # a card the copy is not: as before
    assert GAME.describe(admitting, 0, Discard(4), names=names, viewer=2) == (
        "Ann discards a face-down card.")


def test_admit_view_of_the_discards_ov19():
    """OV-19: after an admission, the discard pile shows each seat the cards
    it knows: the owner both, the others the face-up one."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    up, down = state.seats[0].slots[0].card, state.seats[0].slots[3].card
    state = GAME.apply(state, 0, Discard(3))
    state = GAME.apply(state, 0, Discard(0))
    assert state.phase is Phase.LIANG  # the round is still on
    assert set(GAME.view(state, 0).discard) == {up, down}
    assert set(GAME.view(state, 1).discard) == {up, None}
    assert slots_of(state, 0) == ["A", "B", "C"]  # the Showdown revealed all


def test_deny_guilty_loses_the_two_best_cards_ov4():
    """OV §5 Judgement: "DENY: ... If the player has the highest score he
    loses the two cards that grants him the best score"; OV-4: the two
    whose removal lowers the score most; OV-13: judged at the Showdown."""
    state = placed([("AAA", "BB"), ("LLC", "HH"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    line = GAME.describe(state, 0, Deny(), names=("Ann", "Bob", "Cat"))
    assert "Showdown: Ann 26 (A A A B B), Bob 14 (L L C H H), Cat 16 (A L H B L)." in line
    assert "Ann was the highest." in line
    state = GAME.apply(state, 0, Deny())
    assert slots_of(state, 0) == ["A", "B", "B"]
    assert Counter(TRAIT[c] for c in state.discard) == {A: 2}
    assert state.guilty is True and state.phase is Phase.LIANG


def test_a_guilty_leader_chooses_among_equally_best_pairs_ov13():
    """OV-5, OV-13: when pairs lower the score equally but leave different
    cards, the Leader chooses which; a Leader who is the guilty player
    chooses among their own pairs."""
    state = placed([("ACC", "HH"), ("LLC", "HB"), ("LHA", "BL")])  # Ann leads
    state = vote_all(state, [1, 0, 0])
    line = GAME.describe(state, 0, Deny(), names=("Ann", "Bob", "Cat"))
    assert line.endswith("Ann was the highest. Ann chooses two cards to lose.")
    state = GAME.apply(state, 0, Deny())
    assert state.phase is Phase.GUILTY and GAME.to_act(state) == {0}
    pairs = GAME.legal_actions(state, 0)
    assert len(pairs) == 2 and all(isinstance(p, LosePair) for p in pairs)
    kinds = sorted(
        tuple(sorted(TRAIT[state.seats[0].slots[i].card].value for i in (p.first, p.second)))
        for p in pairs
    )
    assert kinds == [("A", "C"), ("C", "H")]
    line = GAME.describe(state, 0, pairs[0], names=("Ann", "Bob", "Cat"))
    assert line.startswith("Ann loses Anger (A) and Courage (C).")
    state = GAME.apply(state, 0, pairs[0])
    assert len(state.seats[0].rounds) == 1


def test_the_leader_not_the_guilty_player_chooses_the_pair_lost_ov5_ov13():
    """OV-5: "All ties in a round ... are resolved by the Leader, who
    chooses": equally costly pairs of the guilty player's cards (OV-4) that
    leave different cards are such a tie, so the Leader chooses (OV-13),
    not the guilty player, who is told so if they try."""
    state = placed([("ACC", "HH"), ("LLC", "HB"), ("LHA", "BL")], leader=1)  # Bob leads
    state = vote_all(state, [1, 0, 0])
    names = ("Ann", "Bob", "Cat")
    line = GAME.describe(state, 0, Deny(), names=names)
    assert line.endswith("Ann was the highest. Bob (Leader) chooses which two of Ann's cards "
                         "are lost.")
    assert GAME.describe(state, 0, Deny(), names=names, viewer=0).endswith(
        "Bob (Leader) chooses which two of your cards are lost.")
    assert GAME.describe(state, 0, Deny(), names=names, viewer=1).endswith(
        "You (Leader) choose which two of Ann's cards are lost.")
    state = GAME.apply(state, 0, Deny())
    assert state.phase is Phase.GUILTY and state.accused == 0
    assert GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 0) == ()
    pairs = GAME.legal_actions(state, 1)
    assert pairs == (LosePair(0, 1), LosePair(1, 3))  # A+C or C+H, of Ann's cards
    with pytest.raises(IllegalAction, match="Leader chooses which two of your cards"):
        GAME.apply(state, 0, LosePair(1, 3))
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 2, LosePair(1, 3))
    with pytest.raises(IllegalAction, match="one of the pairs offered"):
        GAME.apply(state, 1, LosePair(0, 2))
    # the Leader's view shows every card (the Showdown turned them up)
    assert all(x.card is not None for x in GAME.view(state, 1).seats[0].slots)
    line = GAME.describe(state, 1, LosePair(1, 3), names=names)
    assert line.startswith("Bob (Leader) chooses the two cards Ann loses: Courage (C) and Hope (H).")
    assert GAME.describe(state, 1, LosePair(1, 3), names=names, viewer=0).startswith(
        "Bob (Leader) chooses the two cards you lose: Courage (C) and Hope (H).")
    bob = state.seats[1].slots
    state = GAME.apply(state, 1, LosePair(1, 3))
    assert slots_of(state, 0) == ["A", "C", "H"]  # Ann's cards, not the Leader's
    assert state.seats[1].slots == bob
    assert Counter(TRAIT[c] for c in state.discard) == {C: 1, H: 1}


def test_the_rulings_and_the_in_app_rules_say_the_leader_chooses_the_pair_ov5_ov13():
    """OV-13 cites OV-5 in docs/rulings.md and in the in-app rules: the
    Leader, not the guilty player, chooses between equally good pairs."""
    root = Path(__file__).resolve().parent.parent
    for path in (root / "docs" / "rulings.md", root / "tui" / "rules" / "overseers.md"):
        text = " ".join(path.read_text(encoding="utf-8").replace(">", " ").split())
        ruling = text[text.index("OV-13"):text.index("OV-14")]
        assert "the Leader chooses which pair the guilty player loses (OV-5" in ruling or (
            "resolved by the Leader, who chooses which pair the guilty player loses (OV-5"
            in ruling), path
        assert "guilty player chooses" not in ruling, path


def test_a_single_costliest_pair_needs_no_leader_ov4_ov5():
    """OV-4, OV-5: with one costliest set of cards left there is no tie, so
    nobody chooses: the guilty player (not the Leader) loses it at once."""
    state = placed([("AAA", "BB"), ("LLC", "HH"), ("LHA", "BL")], leader=1)
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.phase is not Phase.GUILTY
    assert slots_of(state, 0) == ["A", "B", "B"]


def test_a_pair_like_one_offered_is_refused_with_the_offer_named_ov13():
    """OV-13: one pair is offered for each different set of cards left; the
    same cards' other copies are not another choice, and the refusal says
    to choose among the pairs offered."""
    state = placed([("ACC", "HH"), ("LLC", "HB"), ("LHA", "BL")])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert slots_of(state, 0) == ["A", "C", "C", "H", "H"]
    assert GAME.legal_actions(state, 0) == (LosePair(0, 1), LosePair(1, 3))
    with pytest.raises(IllegalAction, match="one of the pairs offered"):
        GAME.apply(state, 0, LosePair(0, 2))  # Anger and the other Courage


def test_deny_not_guilty_takes_a_discard_ov13():
    """OV §5 Judgement: "If the player is not guilty, he takes one card from
    the discard pile" (OV-13: at random, face up)."""
    state = placed([("AAA", "BB"), ("LLC", "HB"), ("LHA", "BL")], discard="C")
    state = vote_all(state, [1, 0, 1])
    state = GAME.apply(state, 1, Deny())
    assert state.phase is Phase.DENY_DRAW and state.guilty is False
    card = state.discard[0]
    assert GAME.chance_outcomes(state) == ((Draw(card), 1.0),)
    line = GAME.describe(state, CHANCE, Draw(card), names=("Ann", "Bob", "Cat"))
    assert line.startswith(
        "Bob, not the highest, takes Courage (C) from the discard pile, face up."
    )
    state = GAME.apply(state, CHANCE, Draw(card))
    assert round_over(state)
    # the score pad: the drafted cards, then what the card drawn adds (its
    # Courage makes a pair: 2 becomes 10), a row as Gold's card has one
    # (play-test seersbots, finding 4: it was folded into "traits")
    pad = state.seats[1].rounds[0]
    assert (pad.traits, pad.drawn, pad.score) == (3 + 3 + 2 + 0 + 4, 10 - 2, 6 + 10 + 0 + 4)


def test_deny_tie_for_highest_the_leader_decides_ov13():
    """OV-5, OV-13: the denying player tied for the highest score: the
    Leader declares who is the highest."""
    state = placed([("AAB", "LC"), ("AAB", "LC"), ("GHL", "BL")], leader=2)
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.phase is Phase.DECLARE and GAME.to_act(state) == {2}
    assert GAME.legal_actions(state, 2) == (Choose(0), Choose(1))
    state = GAME.apply(state, 2, Choose(1))
    assert state.guilty is False


# --- 6. Showdown --------------------------------------------------------------------


def test_wuming_valour_courage_and_hope_plus_one_in_showdown_only():
    """OV §6 Showdown, dark red (female): "courage and hope cards will count
    as one (1) more point each. This will not apply during the scoring
    phase." OV-7: for everyone's showdown; OV-20: every copy."""
    state = placed(
        [("CCH", "HA"), ("LLC", "HB"), ("LHA", "BL")], [None, Character.WUMING_VALOUR, None]
    )
    assert rules.showdown_score(state, 0) == 10 + 6 + 6 + 4
    assert rules.round_score(state, 0).score == 10 + 6 + 6
    assert points([C] * 4, valour=True) == 18 + 4


def test_wuming_wrath_anger_doubles_in_showdown_only():
    """OV §6 Showdown, dark red (second): "anger cards will count double,
    resulting in twelve (12) points each. This will not apply during the
    scoring phase." OV-20."""
    state = placed(
        [("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [None, None, Character.WUMING_WRATH]
    )
    assert rules.showdown_score(state, 0) == 24 + 4 + 3 + 2
    assert rules.round_score(state, 0).score == 12 + 4 + 3 + 2
    state = vote_all(state, [1, 0, 0])
    line = GAME.describe(state, 0, Admit())
    assert line == "Player 1 admits and will discard two cards."
    # play-test: the showdown said nothing of it, so a hand's 33 could not
    # be worked out from the screen; its line names the sister's effect
    line = GAME.describe(state, 0, Deny())
    assert "Showdown: Player 1 33 (" in line
    assert "Wuming the younger counts every Anger 12 here, for everyone." in line


def test_the_showdowns_sister_lines_say_purples_fives_do_not_change_ov20():
    """OV-20: the elder Wuming sister adds 1 per Courage and Hope "Purple's
    fives not"; the younger's Anger 12 neither (a turned Anger counts 5,
    OV-11). Play-test (F4): the showdown said "for everyone" while Purple's
    turned Courage got no +1, so the figure could not be worked out."""
    state = placed([("HAB", "LC"), ("CCA", "BL"), ("LHA", "BG")],
                   [Character.TEAL, Character.PURPLE, Character.WUMING_VALOUR])
    state = GAME.apply(state, 1, Turn(1))  # Purple: the Courage count 5
    state = GAME.apply(state, 0, Copy(3, 2))
    state = vote_all(state, [1, 0, 0])
    line = GAME.describe(state, 0, Deny())
    assert "Player 2 (Purple) counts every Courage 5." in line
    assert ("Wuming the elder adds 1 per Courage and Hope here, for everyone"
            " (not on Purple's fives).") in line
    # a turned Anger under the younger sister
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")],
                   [Character.PURPLE, None, Character.WUMING_WRATH])
    turn = next(a for a in GAME.legal_actions(state, 0)
                if isinstance(a, Turn) and TRAIT[state.seats[0].slots[a.slot].card] is Trait.ANGER)
    state = vote_all(GAME.apply(state, 0, turn), [1, 0, 0])
    line = GAME.describe(state, 0, Deny())
    assert "Wuming the younger counts every Anger 12 here, for everyone (not Purple's fives)." in line
    # no Purple fives of those traits: the line as before
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")],
                   [Character.PURPLE, None, Character.WUMING_VALOUR])
    turn = next(a for a in GAME.legal_actions(state, 0)
                if isinstance(a, Turn) and TRAIT[state.seats[0].slots[a.slot].card] is Trait.ANGER)
    state = vote_all(GAME.apply(state, 0, turn), [1, 0, 0])
    line = GAME.describe(state, 0, Deny())
    assert "Wuming the elder adds 1 per Courage and Hope here, for everyone." in line


def test_showdown_reveals_every_card():
    """OV §6 Showdown: "Players reveal their hands and the player with the
    highest score will be declared.\""""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert all(x.up for p in state.seats for x in p.slots)
    assert state.showdown == (21, 14, 3 + 0 + 6 + 4 + 3) and state.declared == 0


# --- 7. Greed -----------------------------------------------------------------------


def test_greed_hoarder_takes_discarded_greed_most_greed_steals_ov15():
    """OV §7 Greed, brown G: "take all the greed cards from the discard pile
    and add them to your combination. You can't get robbed in the Greed
    phase." "The player with the most Greed Cards can steal one card from
    another player; the selected player will decide which card to give."
    OV-15: the steal is optional."""
    state = placed(
        [("ABL", "CH"), ("GGA", "AA"), ("LLL", "HH")],
        [Character.GREED, None, Character.PURPLE],
        discard="G",
    )
    state = GAME.apply(state, 2, Turn(0))  # Purple: Lust counts 5
    state = vote_all(state, [1, 2, 1])
    line = GAME.describe(state, 1, Deny(), names=("Ann", "Bob", "Cat"))
    assert line.endswith(
        "Bob was the highest. Bob loses Anger (A) and Anger (A). Ann (the Hoarder) takes a "
        "Greed card from the discard pile. Bob has the most Greed cards and may steal."
    )
    state = GAME.apply(state, 1, Deny())
    # Bob was highest (22, Cat 21): two Angers lost; Ann took the
    # discarded Greed
    assert slots_of(state, 1) == ["G", "G", "A"]
    assert slots_of(state, 0) == ["A", "B", "L", "C", "H", "G"]
    assert state.phase is Phase.ROB and GAME.to_act(state) == {1}
    assert GAME.legal_actions(state, 1) == (Choose(2), Pass())  # not the Hoarder
    state = GAME.apply(state, 1, Choose(2))
    assert state.phase is Phase.GIVE and GAME.to_act(state) == {2}
    assert GAME.legal_actions(state, 2) == tuple(Give(i) for i in range(5))
    # OV-7: the turned card reverts to Lust; Purple's other Lusts count
    # as printed from then on (OV-11)
    line = GAME.describe(state, 2, Give(0), names=("Ann", "Bob", "Cat"))
    # and the round's box says why Cat's Lusts no longer count 5 (it reads
    # this line): her pad's "card stolen" is -9, not the card's 5
    assert line.startswith("Cat gives Bob Lust (L), the card Purple turned: their other 2 "
                           "Lust cards count as printed again, not 5 each.")
    mine = GAME.describe(state, 2, Give(0), names=("Ann", "Bob", "Cat"), viewer=2)
    assert mine.startswith("You give Bob Lust (L), the card Purple turned: your other 2 "
                           "Lust cards count as printed again, not 5 each.")
    # another card given: the line as before
    assert GAME.describe(state, 2, Give(3), names=("Ann", "Bob", "Cat")).startswith(
        "Cat gives Bob Hope (H). ")
    state = GAME.apply(state, 2, Give(0))
    assert round_over(state)
    # the stolen Lust has a row of its own (seersbots, finding 4)
    assert state.seats[1].rounds[0] == RoundScore(traits=2 + 2 + 6, stolen=3, score=2 + 2 + 6 + 3)
    # Cat's pad as at the Showdown (21: Lust 9 and Hope 6 printed, Purple's
    # fives +6), then the theft: the turned Lust went, and her other two
    # Lusts count 3 again (OV-7, OV-11), 21 - 9 = 12
    assert state.seats[2].rounds[0] == RoundScore(traits=9 + 6, purple=6, stolen=-9, score=12)
    # the score pad shows the Hoarder's Greed apart
    assert state.seats[0].rounds[0] == RoundScore(traits=15, hoarder=2, score=17)


def _robbed(gives: Trait):
    """Round 1 to its end: Ann (21: G A C C L) has the only Greed card and
    robs Bram (19 at the Showdown: B H A H L), who gives her a card of
    `gives`; Cat (16: L L C C H) was judged and found not guilty (an empty
    pile: nothing drawn)."""
    state = placed([("GAC", "LC"), ("BHA", "HL"), ("LLC", "CH")])
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Deny())
    assert state.showdown == (21, 19, 16)
    assert state.phase is Phase.ROB and state.thief == 0
    state = GAME.apply(state, 0, Choose(1))
    slot = next(i for i, x in enumerate(state.seats[1].slots) if TRAIT[x.card] is gives)
    state = GAME.apply(state, 1, Give(slot))
    assert round_over(state)
    return state


def _pad(state, round_=1):
    return {c.name.removeprefix(f"Round {round_}: "): c.values for c in GAME.outcome(
        attrs.evolve(state, phase=Phase.OVER)).breakdown if c.name.startswith(f"Round {round_}")}


def test_the_robbed_player_s_pad_shows_the_card_stolen_as_a_minus_row_ov15():
    """Play-test: "Round 1: card stolen 4 0 0", though Bram gave Ann his
    Benevolence, and Bram's traits row (15) was his hand after the theft
    while the Showdown said 19. OV §7 Greed, OV-15: the pad reads as a
    player adds it up, the same rule for both: the traits as at the
    Showdown, then what the theft made of them, +4 for the thief, -4 for
    the robbed player. The scores are as before."""
    state = _robbed(Trait.BENEVOLENCE)
    assert state.seats[0].rounds[0] == RoundScore(traits=21, stolen=4, score=25)
    assert state.seats[1].rounds[0] == RoundScore(traits=19, stolen=-4, score=15)
    assert state.seats[2].rounds[0] == RoundScore(traits=16, score=16)
    pad = _pad(state)
    assert pad["traits"] == (21, 19, 16)
    assert pad["card stolen"] == (4, -4, 0)
    assert pad["score"] == (25, 15, 16)
    assert tuple(p.total for p in state.seats) == (25, 15, 16)


def test_a_robbed_player_loses_what_the_card_was_worth_to_them_ov2_ov15():
    """OV §Trait Cards, OV-2: Hope scores as a set (0/6/21). Bram's second
    Hope was worth 6 to him (his pair, 6, became a single Hope, 0); alone
    in Ann's hand it adds 0. Each row is the difference the theft made to
    that player's cards."""
    state = _robbed(Trait.HOPE)
    assert state.seats[0].rounds[0] == RoundScore(traits=21, stolen=0, score=21)
    assert state.seats[1].rounds[0] == RoundScore(traits=19, stolen=-6, score=13)
    assert _pad(state)["card stolen"] == (0, -6, 0)


def _teal_robbed():
    """Round 1 to the steal: as `_robbed`, but Bram is Teal and put his
    Lust face down under his Benevolence (B H A H L→B: 20 at the Showdown,
    the copy counting 4); Ann (21) robs him."""
    state = placed([("GAC", "LC"), ("BHA", "HL"), ("LLC", "CH")], [None, Character.TEAL, None])
    assert state.phase is Phase.TEAL
    lust, benevolence = (slots_of(state, 1).index(x) for x in "lB")
    state = GAME.apply(state, 1, Copy(lust, benevolence))
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Deny())
    assert state.showdown == (21, 20, 16)
    state = GAME.apply(state, 0, Choose(1))
    assert state.phase is Phase.GIVE
    assert state.seats[1].slots[lust].under == benevolence
    return state, lust, benevolence


def test_teal_giving_its_copy_is_told_with_what_it_counted_ov22_ov31():
    """Play-test: "Cora gives you Lust (L)" and Cora's score fell by 4, not
    Lust's 3: the card was her Teal copy of a Benevolence (OV §4 Teal: it
    copies the card on top). The line says so, as a discard of the copy
    and Purple's turned card given do; OV-31 (OV-7): in the thief's hand
    the copy counts as printed."""
    state, lust, benevolence = _teal_robbed()
    names = ("Ann", "Bram", "Cat")
    assert GAME.describe(state, 1, Give(lust), names=names).startswith(
        "Bram gives Ann Lust (L), their Teal copy of Benevolence (B): it counted 4 for them; "
        "Ann counts it as printed.")
    assert GAME.describe(state, 1, Give(lust), names=names, viewer=0).startswith(
        "Bram gives you Lust (L), their Teal copy of Benevolence (B): it counted 4 for them; "
        "you count it as printed.")
    assert GAME.describe(state, 1, Give(lust), names=names, viewer=1).startswith(
        "You give Ann Lust (L), your Teal copy of Benevolence (B): it counted 4 for you; "
        "Ann counts it as printed.")
    # the card above given: the line as before (OV-22 is the copy's own)
    assert GAME.describe(state, 1, Give(benevolence), names=names).startswith(
        "Bram gives Ann Benevolence (B). ")


def test_a_teal_copy_given_counts_as_printed_for_the_thief_and_leaves_the_pad_ov31():
    """OV-31 (OV-7, OV-15, OV-22): Teal's copy given to the thief leaves
    the card it lay under: Ann counts the Lust as printed (+3); Bram loses
    what it counted for him, the 4 of the Benevolence it copied. His pad
    reads as at the Showdown (traits 16 + Teal's copy 4 = 20), then "card
    stolen" takes the copy's 4 off with the card: the two rows name the
    same card, and the score is the cards he holds (B H A H, 16)."""
    state, lust, _ = _teal_robbed()
    state = GAME.apply(state, 1, Give(lust))
    assert state.phase is Phase.NEXT_LEADER  # Bram and Cat tie for the lowest, 16
    stolen = state.seats[0].slots[-1]
    assert stolen.under is None and stolen.up and TRAIT[stolen.card] is L
    assert rules.effective(state.seats[0].slots).count(L) == 2
    assert state.seats[0].rounds[0] == RoundScore(traits=21, stolen=3, score=24)
    pad = state.seats[1].rounds[0]
    assert pad == RoundScore(traits=16, stolen=-4, teal=4, score=16)
    assert pad.traits + pad.teal == state.showdown[1]
    assert pad.teal == -pad.stolen
    assert _pad(state)["Teal's copy"] == (0, 4, 0)
    assert _pad(state)["card stolen"] == (3, -4, 0)
    # read top down: as at the Showdown (16 + 4 = 20), then the theft
    names = [name.removeprefix("Round 1: ") for name in _pad(state)]
    assert names == ["traits", "Teal's copy", "card stolen", "score"]
    assert tuple(p.total for p in state.seats) == (24, 16, 16)


def test_the_pad_counts_a_theft_last_as_at_the_showdown_then_the_card_stolen_ov15():
    """Play-test: Cora's pad read "card stolen -6" above "Teal's copy 6":
    the theft took the copy off before the copy was counted. OV-15's pad is
    the round as at the Showdown, then what the theft made of it, for the
    thief and the robbed alike: "card stolen" comes after Purple's fives
    and Teal's copy, and is the difference the stolen card made. Ann
    (Purple, Lust turned: 23 at the Showdown) is given Bram's Lust, which
    counts 5 in her hand (OV §4 Purple: every card of the trait she holds):
    her Purple's fives stay as at the Showdown (+2), and the card stolen
    adds its 5 (it read +3, and Purple's fives +4 for a card not yet on
    the pad). The scores are as before."""
    state = placed([("GAC", "LC"), ("BHA", "HL"), ("LLC", "CH")], [Character.PURPLE, None, None])
    assert state.phase is Phase.PURPLE
    state = GAME.apply(state, 0, Turn(slots_of(state, 0).index("l")))
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Deny())
    assert state.showdown == (23, 19, 16)
    state = GAME.apply(state, 0, Choose(1))
    state = GAME.apply(state, 1, Give([x.upper() for x in slots_of(state, 1)].index("L")))
    assert state.phase is Phase.NEXT_LEADER  # Bram and Cat tie for the lowest, 16
    assert state.seats[0].rounds[0] == RoundScore(traits=21, purple=2, stolen=5, score=28)
    assert state.seats[1].rounds[0] == RoundScore(traits=19, stolen=-3, score=16)
    names = [name.removeprefix("Round 1: ") for name in _pad(state)]
    assert names == ["traits", "Purple's fives", "card stolen", "score"]


def test_a_spectator_sees_the_cards_every_seat_saw_ov10():
    """OV-10: a card seen going face up onto the discard pile is known to
    everyone; OV-11: a face-up card Teal moves face down stays known to
    everyone. A spectator watching the table saw them too; a card only some
    seats know stays hidden from it."""
    state = placed([("AAA", "BB"), ("LLC", "HH"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())  # guilty: two Angers face up to the pile
    pile = [TRAIT[c].value for c in GAME.view(state, None).discard]
    assert pile == ["A", "A"]
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [Character.TEAL, None, None])
    state = GAME.apply(state, 0, Copy(0, 1))  # a face-up Anger under the other one
    moved = state.seats[0].slots[0]
    assert not moved.up
    assert GAME.view(state, None).seats[0].slots[0].card == moved.card
    # a face-down card only its owner knows stays hidden from the spectator
    assert GAME.view(state, None).seats[0].slots[3].card is None


def test_the_hoarder_takes_back_greed_it_discarded_this_round_ov21():
    """OV §7 Greed, brown G: "take all the greed cards from the discard
    pile". OV-21: all of them, the Greed cards the Hoarder itself admitted
    or lost this round too."""
    state = placed([("AAA", "GG"), ("LLC", "HB"), ("LHA", "BL")],
                   [Character.GREED, None, None], discard="LLL")
    state = vote_all(state, [1, 0, 0])
    assert state.accused == 0 and slots_of(state, 0) == ["A", "A", "A", "g", "g"]
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(3))
    state = GAME.apply(state, 0, Discard(3))
    # both Greed cards went to the pile, and came back at the Greed stage
    assert slots_of(state, 0) == ["A", "A", "A", "G", "G"]
    assert sorted(TRAIT[c].value for c in state.discard) == ["L", "L", "L"]
    assert state.thief == 0 and GAME.legal_actions(state, 0) == (Choose(1), Choose(2), Pass())


def test_teals_copy_is_printed_again_when_the_card_above_leaves_ov22():
    """OV §4 Teal: the card put under another copies it. OV-22: only while
    the card above stays; when it leaves (given, admitted, lost), the copy
    counts as printed again."""
    state = placed([("AAB", "HB"), ("GGC", "HB"), ("LHA", "BL")], [Character.TEAL, None, None])
    state = GAME.apply(state, 0, Copy(3, 0))  # the Hope under an Anger
    assert rules.effective(state.seats[0].slots).count(Trait.ANGER) == 3
    state = vote_all(state, [2, 2, 0])
    state = GAME.apply(state, 2, Admit())
    state = GAME.apply(state, 2, Discard(0))
    state = GAME.apply(state, 2, Discard(0))
    assert state.thief == 1
    state = GAME.apply(state, 1, Choose(0))
    state = GAME.apply(state, 0, Give(0))  # Teal gives the Anger the Hope was under
    effective = rules.effective(state.seats[0].slots)
    assert effective.count(Trait.ANGER) == 1 and Trait.HOPE in effective


def test_greed_tie_the_leader_chooses_the_thief_ov5():
    """OV-5: a tie for the most Greed cards, the Leader chooses who steals."""
    state = placed([("GAB", "LC"), ("GLC", "HB"), ("LHA", "BL")], leader=2)
    state = vote_all(state, [2, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(3))
    state = GAME.apply(state, 0, Discard(3))
    assert state.phase is Phase.THIEF and GAME.legal_actions(state, 2) == (Choose(0), Choose(1))
    state = GAME.apply(state, 2, Choose(1))
    assert state.phase is Phase.ROB and GAME.legal_actions(state, 1) == (
        Choose(0),
        Choose(2),
        Pass(),
    )
    state = GAME.apply(state, 1, Pass())
    assert round_over(state)


def test_no_greed_no_steal_ov15():
    """OV-15: with no Greed card in front of anyone, nobody steals (and a
    Greed card Purple turned counts 5, not Greed)."""
    state = placed(
        [("GAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [Character.PURPLE, None, Character.LIANG]
    )
    state = GAME.apply(state, 0, Turn(2))
    assert rules.greed_count(state.seats[0].slots) == 0
    state = vote_all(state, [2, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(4))
    state = GAME.apply(state, 0, Discard(3))
    assert state.phase is Phase.LIANG


# --- 8. Scoring ---------------------------------------------------------------------


def test_liang_one_point_per_card_ov16():
    """OV §8 Scoring, brown S: "the player of your choice will lose one (1)
    point for each card in his/her combination"; OV-16: another player."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    assert state.phase is Phase.LIANG and GAME.legal_actions(state, 2) == (Choose(0), Choose(1))
    state = GAME.apply(state, 2, Choose(0))
    pad = state.seats[0].rounds[0]
    assert pad.liang == -3 and pad.score == 4 + 3 + 2 - 3  # the guilty Ann kept three


def test_round_score_never_below_zero_ov14():
    """OV-14: Liang's loss cannot take a round's score below 0."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [None, None, Character.LIANG])
    hope = state.seats[1].slots[3]
    seats = list(state.seats)
    seats[1] = attrs.evolve(seats[1], slots=(hope,))
    state = attrs.evolve(state, seats=tuple(seats), liang_target=1)
    assert rules.round_score(state, 1) == RoundScore(traits=0, liang=-1, score=0)


def test_totals_secret_lowest_becomes_leader_ov6_ov17():
    """OV §8 Scoring: "Players calculate the total scores and take the
    scoring tokens accordingly and will hide them from the other players;
    the player with the least amount of points will be the new Leader for
    the next round." OV-6, OV-17."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    state = vote_all(state, [1, 0, 0])
    names = ("Ann", "Bob", "Cat")
    line = GAME.describe(state, 0, Deny(), names=names, viewer=1)
    # Ann, guilty, keeps B L C: 9, the lowest
    # the round's score names the cards it counts (the showdown's may differ)
    assert ("Round 1 is scored. You score 12 (total 12) for the cards held now (L L C H B): "
            "Benevolence ×1: 4; Lust ×2: 6; Courage ×1 (2/10/18): 2; Hope ×1 (0/6/21): 0. "
            "Round scores: Ann 9, you 12, Cat 16. "
            "Ann takes the Leader card (the lowest round score).") in line
    assert "Ann scores" not in line
    state = GAME.apply(state, 0, Deny())
    assert round_over(state) and state.leader == 0 and state.seats[0].was_leader
    v = GAME.view(state, 2)
    assert v.seats[2].total == state.seats[2].total
    # OV-6: the total is secret; OV-29: the round's score (its pad) is not
    assert v.seats[0].total is None and v.seats[0].rounds == state.seats[0].rounds
    assert v.seats[0].was_leader and v.leader == 0 and not v.seats[1].was_leader


def _playout_states(players: int, seed: int) -> list:
    """Every state of one random playout, from setup to the end."""
    out: list = []
    checked_playout(GAME, players, Options(), seed, out.append, max_steps=5_000)
    return out


def test_a_view_keeps_the_round_scores_but_not_the_totals_ov29_ov6():
    """OV-29: round scores are public (every hand is face up after the
    Showdown, the lowest round score takes the Leader card), so a seat's
    view keeps every other seat's past rounds, their pads as scored, in
    every later phase; OV-6: only the running totals stay hidden until the
    end, when the view shows everything."""
    checked = 0
    for seed in range(3):
        for state in _playout_states(4, 40 + seed):
            if not state.seats[0].rounds:
                continue
            over = state.phase is Phase.OVER
            for seat in (0, 2, None):
                v = GAME.view(state, seat)
                for s, (mine, real) in enumerate(zip(v.seats, state.seats, strict=True)):
                    assert mine.rounds == real.rounds
                    assert None not in mine.rounds
                    if over or s == seat:
                        assert mine.total == real.total
                    else:
                        assert mine.total is None
                checked += 1
    assert checked


def test_the_score_pad_mid_game_shows_the_others_rounds_not_totals_ov29_ov6():
    """`breakdown` of a seat's view before the end: every seat's round rows
    as scored (OV-29: public), but another seat's Total reads 0 (OV-6: the
    running total stays hidden, and the pad does not add it up for them);
    the seat's own total is there."""
    states = [s for s in _playout_states(3, 7)
              if s.phase is Phase.DRAFT and len(s.seats[0].rounds) == 2
              and all(p.total for p in s.seats)]
    assert states
    state = states[0]
    full = dict((c.name, c.values) for c in rules.breakdown(state))
    pad = dict((c.name, c.values) for c in rules.breakdown(GAME.view(state, 1)))
    for r in (1, 2):
        assert pad[f"Round {r}: score"] == full[f"Round {r}: score"]
        assert pad[f"Round {r}: traits"] == full[f"Round {r}: traits"]
        assert pad[f"Round {r}: score"] == tuple(p.rounds[r - 1].score for p in state.seats)
    assert set(pad) == set(full)
    assert pad["Total"] == (0, state.seats[1].total, 0)


def test_the_new_leader_is_told_why_ov17():
    """OV §Set-Up: "for the following rounds, the player with the lowest
    score in the previous round acts as the Leader" (OV-17). Play-test: the
    round's box said only "Cora takes the Leader card."; it says why, to
    everyone alike, with no figure of its own (the public line names the
    round scores before it; no one's total, OV-6)."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    state = vote_all(state, [1, 0, 0])
    names = ("Ann", "Bob", "Cat")
    public = GAME.describe(state, 0, Deny(), names=names, viewer=None)
    assert public.endswith("Ann takes the Leader card (the lowest round score).")
    own = GAME.describe(state, 0, Deny(), names=names, viewer=0)
    assert own.endswith("You take the Leader card (the lowest round score).")
    assert not re.search(r"\d", public.partition("Leader card")[2])


def test_the_public_round_end_names_every_round_score_not_the_totals_ov6_ov17_ov29():
    """OV §Showdown: "Players reveal their hands", and what changes a hand
    after it (a steal, a not-guilty draw) is face up (OV-13, OV-15), as
    are the characters whose figures count (OV-9): every round score is
    there for all to reckon (OV-29). OV-6 keeps only the cumulative totals secret.
    Play-test (three people at one terminal): the box for everyone said
    "Ann takes the Leader card (the lowest round score)" with no score, so
    the table could not see why. The public line names each round score
    (OV-17: the Leader card goes by them), never a total."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    from tests.test_overseers_rulebook import with_totals

    state = with_totals(state, (30, 20, 10), 1)  # round 2: the totals are more than it
    state = vote_all(state, [1, 0, 0])
    names = ("Ann", "Bob", "Cat")
    public = GAME.describe(state, 0, Deny(), names=names, viewer=None)
    after = GAME.apply(state, 0, Deny())
    scores = [p.rounds[-1].score for p in after.seats]
    assert scores[0] == min(scores) and after.leader == 0
    said = ", ".join(f"{n} {v}" for n, v in zip(names, scores, strict=True))
    assert f"Round 2 is scored. Round scores: {said}. Ann takes the Leader card" in public
    for total in (p.total for p in after.seats):
        assert not re.search(rf"\b{total}\b", public.partition("Round scores")[2]), public
    # a tie for the lowest (before the Leader breaks it, OV-5) and the last
    # round name them too: every public "is scored" of random matches
    told = set()
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.setup(3 + seed % 4)
        while GAME.to_act(state):
            seats = sorted(GAME.to_act(state))
            seat = seats[0] if CHANCE not in seats else CHANCE
            if seat == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            line = GAME.describe(state, seat, action, names=NAMES6, viewer=None)
            after = GAME.apply(state, seat, action)
            if " is scored." in line:
                said = ", ".join(f"{n} {p.rounds[-1].score}"
                                 for n, p in zip(NAMES6, after.seats, strict=False))
                assert f" is scored. Round scores: {said}." in line, line
                told.add(after.phase)
            state = after
    assert {Phase.OVER, Phase.DEAL, Phase.NEXT_LEADER} <= told, told


NAMES6 = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")


def test_lowest_tie_the_leader_chooses_ov17():
    """OV-5, OV-17: a tie for the lowest round score, the Leader chooses."""
    state = placed([("ABB", "LC"), ("ABB", "LC"), ("ABB", "LC")], leader=2)
    state = vote_all(state, [1, 2, 0])
    state = GAME.apply(state, 2, Choose(0))
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(0))
    state = GAME.apply(state, 0, Discard(0))
    # Ann kept B L C = 9; Bob and Cat 19 each: Ann is lowest alone
    assert state.leader == 0 and round_over(state)
    state = placed([("ABB", "LC"), ("ABB", "LC"), ("ABB", "LC")], leader=2)
    state = vote_all(state, [1, 2, 0])
    state = GAME.apply(state, 2, Choose(0))
    state = GAME.apply(state, 0, Deny())  # tied highest: the Leader declares
    state = GAME.apply(state, 2, Choose(1))  # Ann not guilty, no discard
    assert state.phase is Phase.NEXT_LEADER and GAME.legal_actions(state, 2) == tuple(
        Choose(s) for s in range(3)
    )
    # the round was told scored as the tie came; breaking it does not say so again
    line = GAME.describe(state, 2, Choose(1), names=("Ann", "Bob", "Cat"), viewer=0)
    assert line == ("Cat (Leader) breaks the tie for the lowest score: Bob. "
                    "Bob takes the Leader card.")
    state = GAME.apply(state, 2, Choose(1))
    assert state.leader == 1 and round_over(state)


def test_three_rounds_then_over():
    """OV §Game Flow: "This is a turn-based game which will last three
    rounds"; after the third no new Leader is named (OV-17)."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")])
    state = attrs.evolve(state, round=3)
    state = vote_all(state, [1, 0, 0])
    # the last round tells the viewer's own score, as the others do
    line = GAME.describe(state, 0, Deny(), names=("Ann", "Bob", "Cat"), viewer=1)
    assert "Round 3 is scored. You score 12 (total 12) for the cards held now" in line
    assert "The game is over:" in line
    state = GAME.apply(state, 0, Deny())
    assert state.phase is Phase.OVER and GAME.to_act(state) == frozenset()
    assert GAME.outcome(state) is not None


# --- End of the game -----------------------------------------------------------------


def _over(totals, leaders):
    seats = tuple(
        Seat(total=t, was_leader=w, rounds=(RoundScore(traits=t, score=t),))
        for t, w in zip(totals, leaders, strict=True)
    )
    return GAME.setup(len(totals), Options()).__class__(
        players=len(totals), options=Options(), seats=seats, phase=Phase.OVER, round=3
    )


def test_highest_total_wins():
    """OV §End of the Game: "the player with the highest victory points will
    win the game"."""
    out = GAME.outcome(_over((40, 55, 31), (True, False, True)))
    assert out.winners == {1} and out.scores == (40, 55, 31) and out.points == ()


def test_tie_goes_to_who_never_led_ov18():
    """OV §End of the Game: "In case of a tie, the player that never got the
    Leader Card during the game wins." OV-18: scores rank the seats."""
    out = GAME.outcome(_over((55, 55, 31), (True, False, True)))
    assert out.winners == {1}
    assert out.scores == (54, 55, 31) and out.points == (55, 55, 31)
    assert out.notes and "{1} never held the Leader card" in out.notes[0]
    # Play-test (80x24): "Overseers: Bram wins!" over 55 and 55, the note
    # saying why below the fold: the results' title says it
    assert GAME.results_tie_words(out) == " the tie at 55, never having held the Leader card"
    assert GAME.results_tie_words(GAME.outcome(_over((40, 55, 31), (True, False, True)))) == ""


def test_tie_on_both_is_shared_ov18():
    """OV §End of the Game: "In case of a tie, the players will share the
    victory.\""""
    out = GAME.outcome(_over((55, 55, 31), (False, False, True)))
    assert out.winners == {0, 1} and out.scores == (55, 55, 31)
    assert GAME.results_tie_words(out) == ""  # the shared win says it
    out = GAME.outcome(_over((55, 55, 55), (True, True, True)))
    assert out.winners == {0, 1, 2}


def test_score_pad_every_round_and_every_effect():
    """The score pad (Outcome.breakdown) shows each round's score and every
    character effect per player."""
    state = placed(
        [("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")],
        [Character.MEIXIU, Character.TEAL, Character.LIANG],
    )
    state = attrs.evolve(state, round=3)
    state = GAME.apply(state, 0, Peek(1, 3))
    state = GAME.apply(state, 0, Peek(1, 4))
    state = GAME.apply(state, 1, Copy(3, 0))  # Bob's Hope copies Lust
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(4))
    state = GAME.apply(state, 0, Discard(3))
    state = GAME.apply(state, 2, Choose(1))
    out = GAME.outcome(state)
    pad = {c.name: c.values for c in out.breakdown}
    assert pad["Round 1: traits"] == (16, 3 + 3 + 2 + 0 + 4, 3 + 0 + 6 + 4 + 3)
    assert pad["Round 1: Teal's copy"] == (0, 3, 0)
    assert pad["Round 1: Meixiu's +3"] == (3, 0, 0)
    assert pad["Round 1: Liang's -1 per card"] == (0, -5, 0)
    assert pad["Round 1: score"] == (19, 12 + 3 - 5, 16)
    assert pad["Total"] == (19, 10, 16)
    assert "Held the Leader card" not in pad  # a tie-break, not points: a note
    assert list(pad)[-1] == "Total"
    assert out.notes[-1].startswith("Held the Leader card: {0} (")


def test_unknown_player_count_of_blocks():
    """The ids: 36 cards, each trait a block (the box, OV-1)."""
    assert sum(len(v) for v in BLOCKS.values()) == 36


def test_character_names_ov8():
    """OV-3, OV-8: the published names and the house names by colour and
    ability, each with its ability spelled out (never colour alone)."""
    labels = {c: c.label for c in Character}
    assert labels[Character.LIANG].startswith("Liang")
    assert labels[Character.MEIXIU].startswith("Meixiu")
    assert labels[Character.WUMING_VALOUR].startswith("Wuming the elder")
    assert labels[Character.WUMING_WRATH].startswith("Wuming the younger")
    assert labels[Character.ORANGE].startswith("Orange, the Veiled")
    assert labels[Character.PURPLE].startswith("Purple, the Changer")
    assert labels[Character.GOLD].startswith("Gold, the Scavenger")
    assert labels[Character.TEAL].startswith("Teal, the Mimic")
    assert labels[Character.GREED].startswith("Brown G, the Hoarder")
    assert len(set(labels.values())) == 9


def test_every_overseers_ruling_is_pinned_by_a_test():
    """docs/rulings.md: each OV ruling is numbered in order and cited by a
    test of this game."""
    root = Path(__file__).resolve().parent.parent
    text = (root / "docs" / "rulings.md").read_text(encoding="utf-8")
    found = re.findall(r"^- (OV-\d+) ", text, flags=re.MULTILINE)
    assert found == [f"OV-{n}" for n in range(1, len(found) + 1)]
    tests = "".join(
        p.read_text(encoding="utf-8") for p in (root / "tests").glob("test_overseers*.py")
    )
    for ruling in found:
        if ruling == "OV-3":  # the names: pinned with OV-8
            continue
        assert re.search(rf"\b{ruling}\b", tests), f"no test cites {ruling}"


def test_the_next_deal_gathers_the_table():
    """OV §1 Deal: "Shuffle and deal" each round: the round's table stays
    as it ended (its score pad readable) until the next round's first card
    is dealt, which gathers every card and character."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Deny())
    state = GAME.apply(state, 2, Choose(1))
    assert round_over(state) and state.seats[0].slots and GAME.to_act(state) == {CHANCE}
    outcomes = GAME.chance_outcomes(state)
    assert {a.card for a, _ in outcomes} == set(deck(3))
    card = outcomes[0][0].card
    state = GAME.apply(state, CHANCE, Deal(card))
    assert state.round == 2 and not state.gather and state.dealt == 1
    assert state.seats[0].hand == (card,) and not state.seats[0].slots
    assert state.discard == () and all(p.character is None for p in state.seats)
    assert len(state.deck) == 24


def test_describe_an_illegal_action_names_no_card():
    """A line is only told for a move the table takes: an illegal one (a
    card not in hand, a slot out of range) reads as its kind alone."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")])
    assert GAME.describe(state, 0, Discard(9)) == "Player 1: Discard."
    assert GAME.describe(state, CHANCE, Deal(1)) == "Chance: Deal."


def test_views_equal_when_only_an_unseen_face_down_card_differs():
    """OV §3 Placement ("The bottom row will stay face-down"), OV-11: two
    tables that differ only in one face-down card of Bob's look the same to
    Cat and a spectator; once Meixiu (Ann) has peeked at it, they differ for
    Ann only."""
    rows = [("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")]
    a = placed(rows, [Character.MEIXIU, None, None])
    hidden = a.seats[1].slots[3].card
    other = next(c for c in a.deck if TRAIT[c] is not TRAIT[hidden])
    slots = list(a.seats[1].slots)
    slots[3] = attrs.evolve(slots[3], card=other)
    seats = list(a.seats)
    seats[1] = attrs.evolve(seats[1], slots=tuple(slots))
    deck_ = tuple(sorted([c for c in a.deck if c != other] + [hidden]))
    b = attrs.evolve(a, seats=tuple(seats), deck=deck_)
    for viewer in (0, 2, None):
        assert GAME.view(a, viewer) == GAME.view(b, viewer)
    assert GAME.view(a, 1) != GAME.view(b, 1)
    a, b = GAME.apply(a, 0, Peek(1, 3)), GAME.apply(b, 0, Peek(1, 3))
    assert GAME.view(a, 0) != GAME.view(b, 0)
    for viewer in (2, None):
        assert GAME.view(a, viewer) == GAME.view(b, viewer)
        assert GAME.describe(a, 0, Peek(1, 4), viewer=viewer) == GAME.describe(
            b, 0, Peek(1, 4), viewer=viewer
        )


# --- the log, as each player reads it (play-test findings) --------------------------


def test_showdown_line_shows_every_revealed_hand_after_an_admission():
    """OV §6 Showdown: "Players reveal their hands and the player with the
    highest score will be declared"; OV-13: from the Showdown on every card
    stays face up, so every hand is told to everyone, as revealed (the two
    admitted cards gone, OV-19)."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(3))  # Lust, face down
    names = ("Ann", "Bob", "Cat")
    line = GAME.describe(state, 0, Discard(0), names=names)
    assert "Showdown: Ann 12 (A B C), Bob 14 (L L C H H), Cat 16 (A L H B L)." in line
    line = GAME.describe(state, 0, Discard(0), names=names, viewer=2)
    assert "Showdown: Ann 12 (A B C), Bob 14 (L L C H H), you 16 (A L H B L)." in line
    # the admitting player reads their own hand as "you"
    line = GAME.describe(state, 0, Discard(0), names=names, viewer=0)
    assert "Showdown: you 12 (A B C), Bob 14" in line


def test_showdown_line_shows_the_hand_before_a_guilty_loss_ov4():
    """OV §6 Showdown and OV-4: the hands are told as revealed, before the
    guilty player loses the two cards (told after)."""
    state = placed([("AAA", "BB"), ("LLC", "HH"), ("LHA", "BL")], [None, None, Character.LIANG])
    state = vote_all(state, [1, 0, 0])
    line = GAME.describe(state, 0, Deny(), names=("Ann", "Bob", "Cat"))
    assert "Showdown: Ann 26 (A A A B B)," in line
    assert line.index("Showdown:") < line.index("Ann loses Anger (A) and Anger (A).")


def test_the_reader_is_you_in_every_sentence_of_the_log():
    """OV §Vote and §Judgement: the vote's result, who is judged, and a
    not-guilty draw name the reader "you", never by their own name."""
    names = ("Ann", "Bob", "Cat")
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], discard="C")
    state = vote_all(state, [1, 0])  # Ann and Bob have voted, Cat to vote
    line = GAME.describe(state, 2, Vote(1), names=names, viewer=1)
    assert line.endswith("Votes: Ann for you; you for Ann; Cat for you. You are judged.")
    line = GAME.describe(state, 2, Vote(1), names=names, viewer=0)
    assert "Votes: you for Bob; Bob for you; Cat for Bob. Bob is judged." in line
    state = GAME.apply(state, 2, Vote(1))
    state = GAME.apply(state, 1, Deny())
    card = state.discard[0]
    line = GAME.describe(state, CHANCE, Draw(card), names=names, viewer=1)
    assert line.startswith("You, not the highest, take Courage (C) from the discard pile")
    assert "Bob" not in line


def test_a_tie_of_votes_broken_for_the_reader_says_you_are_judged_ov5():
    """OV-5: the Leader breaks a tie of votes; the judged reader reads "you"."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], leader=1)
    state = vote_all(state, [1, 2, 0])
    line = GAME.describe(state, 1, Choose(0), names=("Ann", "Bob", "Cat"), viewer=0)
    assert line == "Bob (Leader) breaks the tie of votes: you are judged."


def test_the_drafts_last_card_line_names_the_readers_own_card_ov10():
    """OV §2 Draft: "everyone has to discard the sixth card"; OV-10: a
    player knows the card they put there: "their last card (yours: ...)",
    never "your last card (your: ...)"."""
    ids = Ids()
    hands = [ids("CCCAAB"), ids("LLLLLH"), ids("HHHHGG")]
    state = dealt(hands, [Character.ORANGE, Character.PURPLE, Character.GOLD])
    names = ("Ann", "Bob", "Cat")
    while True:
        for seat in (0, 1):
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        last = GAME.legal_actions(state, 2)[0]
        if state.draft_turn == 5:
            break
        state = GAME.apply(state, 2, last)
    after = GAME.apply(state, 2, last)
    mine = [c for c in after.discard if c in after.known[0]]
    line = GAME.describe(state, 2, last, names=names, viewer=0)
    assert line.endswith(f"Each player discards their last card (yours: {label(mine[0])}).")
    public = GAME.describe(state, 2, last, names=names)
    assert public.endswith("Each player discards their last card.")


def test_an_admitted_card_shows_nothing_new_yet_stays_discarded_ov19_ov27(tmp_path):
    """OV-19: an admitted card goes face down; its owner learns nothing by
    discarding it (the rules apply it to the player's own view, whose
    discard pile hides the others' cards, and foresee the view after it).
    OV-27: the others saw it go, so neither it nor the admission can be
    taken back."""
    from saves.journal import PlayerSpec
    from saves.match import Match

    players = [PlayerSpec(n, "human") for n in ("Ann", "Bob", "Cat")]
    match = Match.new("overseers", players, directory=tmp_path)
    rng = random.Random(2)
    while match.state.phase is not Phase.ADMIT:
        (seat,) = sorted(match.to_act())[:1]
        if seat == CHANCE:
            match.step_chance(rng)
        elif match.state.phase is Phase.JUDGE:
            match.apply(seat, Admit())
        else:
            match.apply(seat, rng.choice(GAME.legal_actions(match.state, seat)))
    accused = match.state.accused
    assert None in GAME.view(match.state, accused).discard  # others' sixth cards
    before = match.state
    match.apply(accused, Discard(0))
    assert match.state.phase is Phase.ADMIT  # one more to discard
    own = GAME.view(before, accused)
    assert GAME.view(GAME.apply(own, accused, Discard(0)), accused) == GAME.view(
        match.state, accused)
    assert match.undoable(accused) == 0
    match.close()


def test_the_round_score_told_source_by_source():
    """OV §Scoring, as the round-end box tells it: each trait as its cards
    count (Courage and Hope by their scale, OV-2), Meixiu's +3, Liang's -1
    per card (OV-16), stopped at 0 (OV-14); the Wuming sisters' showdown
    points apart (OV-20)."""
    state = placed([("LHH", "CC"), ("AAB", "LG"), ("BBL", "GG")],
                   [Character.MEIXIU, Character.WUMING_VALOUR, Character.LIANG])
    state = attrs.evolve(state, liang_target=0)
    assert rules.score_parts(state, 0) == (
        ("Lust ×1", 3), ("Courage ×2 (2/10/18)", 10), ("Hope ×2 (0/6/21)", 6),
        ("Meixiu", 3), ("Liang, -1 per card ×5", -5))
    assert rules.round_score(state, 0).score == 17
    assert rules.wuming_only(state, 0) == 4  # the elder: +1 a Courage and Hope
    # a guilty player left with a Hope: Liang's loss stops at 0
    hope = attrs.evolve(state.seats[0], slots=state.seats[0].slots[1:2])
    alone = attrs.evolve(state, seats=(hope, *state.seats[1:]))
    assert rules.score_parts(alone, 0) == (
        ("Hope ×1 (0/6/21)", 0), ("Meixiu", 3), ("Liang, -1 per card ×1", -1))
    alone = attrs.evolve(alone, seats=(attrs.evolve(hope, character=None), *state.seats[1:]))
    assert rules.score_parts(alone, 0) == (
        ("Hope ×1 (0/6/21)", 0), ("Liang, -1 per card ×1, stopped at 0", 0))
    assert rules.round_score(alone, 0).score == 0


def test_a_peek_follows_its_card_when_a_card_before_it_goes_ov11():
    """OV-11: Meixiu knows the cards peeked at wherever they go; the `*`
    that marks them on the table stays on them when a card before them is
    discarded (it stayed at the old place, on another card or none)."""
    state = placed([("ABL", "CH"), ("LLC", "HB"), ("LHA", "GL")],
                   [Character.MEIXIU, None, None])
    state = GAME.apply(state, 0, Peek(1, 3))
    state = GAME.apply(state, 0, Peek(1, 4))
    state = GAME.apply(vote_all(state, [1, 0, 1]), 1, Admit())
    state = GAME.apply(state, 1, Discard(0))  # Bob's face-up Lust
    marks = GAME.slot_marks(GAME.view(state, 0), 0, 1)
    assert [m.peeked for m in marks] == [False, False, True, True]
    assert [TRAIT[m.card] for m in marks[2:]] == [Trait.HOPE, Trait.BENEVOLENCE]


def test_a_card_drawn_face_up_from_the_pile_is_any_copy_of_its_trait_ov26():
    """OV-26 (play-test): Ann and Cat had each discarded a Greed; Bob,
    denying and not the highest, drew one face up. Ann's screen then read
    "Discard pile: 2 cards", Cat's still "(you know G)": Cat learnt that the
    Greed drawn was not hers, so that someone else had discarded one. Each
    knows one fewer Greed is there, not which copy went."""
    state = placed([("AAA", "BB"), ("LLC", "HB"), ("LHA", "BL")], discard="GGC")
    first, second = sorted(c for c in state.discard if TRAIT[c].value == "G")
    courage = next(c for c in state.discard if TRAIT[c].value == "C")
    state = attrs.evolve(state, known=(frozenset({first}), frozenset(),
                                       frozenset({second, courage})))
    state = vote_all(state, [1, 0, 1])
    state = GAME.apply(state, 1, Deny())
    assert state.phase is Phase.DENY_DRAW
    state = GAME.apply(state, CHANCE, Draw(first))

    def known_in_pile(seat):
        return sorted(TRAIT[c].value for c in GAME.view(state, seat).discard if c is not None)

    assert known_in_pile(0) == [] and known_in_pile(2) == ["C"]
    # a seat that knew two copies knows one is still there
    state = placed([("AAA", "BB"), ("LLC", "HB"), ("LHA", "BL")], discard="GG")
    both = frozenset(state.discard)
    state = attrs.evolve(state, known=(both, frozenset(), frozenset()))
    state = vote_all(state, [1, 0, 1])
    state = GAME.apply(GAME.apply(state, 1, Deny()), CHANCE, Draw(max(both)))
    assert known_in_pile(0) == ["G"]

def test_a_choice_the_others_saw_cannot_be_taken_back_ov27(tmp_path):
    """OV-27, play-test: Zoë (Purple) turned a card, Ann's Meixiu peek
    opened on the turned card, and Zoë's u took the turn back, with Ann's
    decision. A choice the others see made (Purple's turn, an admission,
    a discard) ends what can be undone; a secret pick the others have not
    all made yet can still be taken back."""
    from saves.journal import PlayerSpec
    from saves.match import Match

    players = [PlayerSpec(name, "human") for name in ("Ann", "Bob", "Cat", "Dan")]
    public = (Turn, Admit, Discard)
    checked: set[type] = set()
    for seed in range(60):
        rng = random.Random(seed)
        match = Match.new("overseers", players, directory=tmp_path / str(seed))
        while not match.finished and not {*public, Pick} <= checked:
            if CHANCE in match.to_act():
                match.step_chance(rng)
                continue
            seat = min(match.to_act())
            action = rng.choice(GAME.legal_actions(match.state, seat))
            others_to_pick = len(match.to_act()) > 1
            match.apply(seat, action)
            if isinstance(action, public):
                assert match.undoable(seat) == 0, (seed, action)
                checked.add(type(action))
            elif isinstance(action, Pick) and others_to_pick:
                assert match.undoable(seat) == 1, (seed, action)  # the others wait unknowing
                checked.add(Pick)
        if {*public, Pick} <= checked:
            break
    assert {*public, Pick} <= checked


def test_gold_draws_by_trait_not_by_copy_ov28():
    """OV-28 (play-test), after OV-26 and the Gold rule ("Draw two (2) cards
    from the discard pile, pick one (1) ... return the other"): Ann (Gold)
    had discarded a Greed, Cat another; Ann drew a Greed and a Lust, kept the
    Lust and returned the Greed. Her table read "(you know G G)" when the
    Greed drawn was Cat's, "(you know G)" when it was hers: she learnt that
    someone else had discarded a Greed. Gold sees traits, not copies: it
    knows one fewer of a trait it drew is there, then the card it returns."""

    def gold_keeps(drawn_greed, keep):
        state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")],
                       [Character.GOLD, None, None], discard="GGL")
        mine, cats = sorted(c for c in state.discard if TRAIT[c] is Trait.GREED)
        lust = next(c for c in state.discard if TRAIT[c] is Trait.LUST)
        state = attrs.evolve(state, known=(frozenset({mine}), frozenset(), frozenset({cats})))
        greed = mine if drawn_greed == "mine" else cats
        state = GAME.apply(state, CHANCE, Draw(greed))
        state = GAME.apply(state, CHANCE, Draw(lust))
        state = GAME.apply(state, 0, Keep(lust if keep == "lust" else greed))
        return sorted(TRAIT[c].value for c in GAME.view(state, 0).discard if c is not None)

    for drawn in ("mine", "cats"):
        assert gold_keeps(drawn, "lust") == ["G"]  # the Greed returned, nothing else
        assert gold_keeps(drawn, "greed") == ["L"]  # its own Greed may be the one kept


def test_showdown_line_names_meixius_three_and_purples_fives():
    """OV §4 Vote, grey (Meixiu): "three (3) more points this round, this
    applies for the voting phase as well"; purple: the turned card "and all
    cards of the same color you have ... count as five (5) points each".
    Play-test: "Edda 23 (B L C A B)" did not add up to its cards; the
    showdown says what else counts in a figure, as it does for the Wuming
    sisters (OV-20)."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")],
                   [Character.MEIXIU, Character.PURPLE, Character.LIANG])
    while state.phase is not Phase.VOTE:  # Bob turns his first Lust; Ann peeks
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    state = vote_all(state, [1, 0, 0])
    names = ("Ann", "Bob", "Cat")
    line = GAME.describe(state, 0, Deny(), names=names)
    assert f"Ann {6 + 6 + 4 + 3 + 2 + 3} (A A B L C)" in line
    assert f"Ann's {6 + 6 + 4 + 3 + 2 + 3} includes Meixiu's +3." in line
    assert "Bob (Purple) counts every Lust 5." in line
    line = GAME.describe(state, 0, Deny(), names=names, viewer=0)
    assert f"Your {6 + 6 + 4 + 3 + 2 + 3} includes Meixiu's +3." in line


def test_the_showdown_only_part_names_the_sisters_in_play():
    """Play-test: the round-end box read "the Wuming sisters' +3" with only
    Wuming the elder in play: it names the card(s) in play, as the table does."""
    elder = placed([("LHH", "CC"), ("AAB", "LG"), ("BBL", "GG")],
                   [Character.MEIXIU, Character.WUMING_VALOUR, None])
    assert rules._sisters(elder) == "Wuming the elder's"
    younger = placed([("LHH", "CC"), ("AAB", "LG"), ("BBL", "GG")],
                     [None, None, Character.WUMING_WRATH])
    assert rules._sisters(younger) == "Wuming the younger's"
    both = placed([("LHH", "CC"), ("AAB", "LG"), ("BBL", "GG")],
                  [Character.WUMING_WRATH, Character.WUMING_VALOUR, None])
    assert rules._sisters(both) == "The Wuming sisters'"


def test_each_seats_round_end_names_every_round_score_not_the_others_totals_ov6_ov17_ov29():
    """Play-test (Ann against bots): the round's end in Ann's own view said
    "Dev takes the Leader card (the lowest round score)" and never the
    others' round scores, so she could not check it: only the public line
    (several people at one terminal) named them. They are public after the
    Showdown (OV-6 keeps only the running totals secret; OV-17: the Leader
    card goes by them): every seat's line names them too, its own as
    "you", and no other seat's total."""
    state = placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")], leader=2)
    from tests.test_overseers_rulebook import with_totals

    state = with_totals(state, (30, 20, 10), 1)  # round 2: the totals are more than it
    state = vote_all(state, [1, 0, 0])
    names = ("Ann", "Bob", "Cat")
    after = GAME.apply(state, 0, Deny())
    scores = [p.rounds[-1].score for p in after.seats]
    totals = [p.total for p in after.seats]
    assert len(set(scores) | set(totals)) == 6  # each figure tells which it is
    for viewer in range(3):
        line = GAME.describe(state, 0, Deny(), names=names, viewer=viewer)
        said = ", ".join("you" if s == viewer else n
                         for s, n in enumerate(names)).split(", ")
        said = ", ".join(f"{who} {score}" for who, score in zip(said, scores, strict=True))
        assert f"Round scores: {said}." in line, line
        for s, total in enumerate(totals):
            if s != viewer:
                assert not re.search(rf"\b{total}\b", line), (total, line)
        assert f"(total {totals[viewer]})" in line
