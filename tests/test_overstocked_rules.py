"""Overstocked rules, paragraph by paragraph: components, setup, rounds,
placement, solo mode, views and the log.

Each test names the rulebook section ("OS §...") or ruling ("OS-n",
docs/rulings.md) it pins. Scoring is in test_overstocked_scoring.py, the
mini-expansions in test_overstocked_expansions.py.
"""

from __future__ import annotations

import re
from collections import Counter

import cattrs
import pytest

from core import CHANCE, IllegalAction
from core.engine import evolve
from core.overstocked.actions import (
    ACTION_TYPES,
    ChooseQuantum,
    Deal,
    DrawForklift,
    Mark,
    Nominate,
    Pass,
    Pick,
    Place,
    TakeIncentive,
)
from core.overstocked.deck import CRATE_FACES
from tests.overstocked_tables import (
    GAME,
    POP,
    WH,
    Incentive,
    Options,
    Phase,
    Piece,
    Placed,
    Toy,
    area,
    cards,
    conserved,
    deal,
    dealt_game,
    pick_all,
    picture,
    play,
    rules,
    table,
)

# --- Components ---------------------------------------------------------------


def test_house_deck_os2():
    """OS §Contents, OS-2: 43 crate cards numbered 1-43, 2x3 spaces each; at
    most 2 empty spaces and 1 worker a card; the four toys equally often over
    the deck (within one); no card all one toy."""
    assert len(CRATE_FACES) == 43 and cards.NUMBERS == tuple(range(1, 44))
    totals: Counter[str] = Counter()
    for face in CRATE_FACES:
        assert len(face) == 6 and set(face) <= set(".PFYBpfyb")
        assert face.count(".") <= 2
        assert sum(ch.islower() for ch in face) <= 1
        toys = {ch.upper() for ch in face if ch != "."}
        assert len(toys) >= 2, f"{face} is all one toy"
        totals.update(ch.upper() for ch in face if ch != ".")
    assert set(totals) == set("PFYB")
    assert max(totals.values()) - min(totals.values()) <= 1


def test_toys_and_spaces_os1_os11():
    """OS-1, OS-11: four toys, each with a colour and a letter; a space is
    empty, a toy, or a worker with a toy (which counts as that toy)."""
    assert [t.label for t in Toy] == ["Pocket Petz", "Furballs", "Yo-yos", "Bean Bears"]
    assert [t.value for t in Toy] == ["P", "F", "Y", "B"]
    assert [t.colour for t in Toy] == ["blue", "pink", "yellow", "green"]
    assert "y" in cards.BLOCKED  # a worker may never be covered
    from core.overstocked.scoring import toy_spaces

    assert toy_spaces(Toy.YO_YOS) >= {"Y", "y"}


def test_quantum_cards_os7():
    """OS-7 (house): six quantum crate cards of 4 quantum crates and 2 empty
    spaces, two of them with the X symbol."""
    assert cards.QUANTUM_NUMBERS == (1, 2, 3, 4, 5, 6)
    for n in cards.QUANTUM_NUMBERS:
        face = cards.face(Piece.QUANTUM, n)
        assert sorted(face) == sorted("QQQQ..")
    assert len({cards.face(Piece.QUANTUM, n) for n in cards.QUANTUM_NUMBERS}) == 6
    assert sum(cards.has_x(n) for n in cards.QUANTUM_NUMBERS) == 2


def test_forklift_tokens_os6():
    """OS-6 (house): six forklift tokens worth 1-6, each 1x2 spaces."""
    assert cards.FORKLIFT_VALUES == (1, 2, 3, 4, 5, 6)
    assert cards.size(Piece.FORKLIFT, 0) == (2, 1)
    assert cards.size(Piece.FORKLIFT, 1) == (1, 2)


# --- Setup ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_player_counts_os9(players):
    """OS-9: 2-6 players."""
    state = GAME.setup(players, Options())
    assert state.players == players and len(state.seats) == players


@pytest.mark.parametrize("players", [1, 7])
def test_other_player_counts_refused_os9(players):
    """OS-9: 2-6 players, or solo (which is Options(solo=True), OS-19)."""
    with pytest.raises(IllegalAction, match="2 to 6"):
        GAME.setup(players, Options())


def test_setup_deals_by_chance():
    """DESIGN, OS §Setup: the table before anything random; the shuffled
    deck has no order: CHANCE deals each card from the unordered deck."""
    state = GAME.setup(3, Options())
    assert GAME.to_act(state) == {CHANCE}
    assert state.deck == cards.NUMBERS
    outcomes = GAME.chance_outcomes(state)
    assert {a.card for a, _ in outcomes} == set(cards.NUMBERS)
    assert sum(p for _, p in outcomes) == pytest.approx(1)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_six_cards_each_one_popularity_one_warehouse(players):
    """OS §Setup: six cards to each player, one popularity card in the
    centre, one warehouse card each; the rest go back to the box (they stay
    undealt and unseen)."""
    state = dealt_game(players)
    assert state.phase is Phase.PICK and state.round == 1
    assert [len(p.hand) for p in state.seats] == [6] * players
    assert len(state.popularity.placed) == 1
    assert [len(p.warehouse.placed) for p in state.seats] == [1] * players
    assert len(state.deck) == 43 - 7 * players - 1
    conserved(state)


def test_deal_round_the_table_then_popularity_then_warehouses():
    """OS §Setup: the deal's order (rules.schedule)."""
    state = dealt_game(3)
    assert state.seats[0].hand == (1, 4, 7, 10, 13, 16)
    assert state.seats[2].hand == (3, 6, 9, 12, 15, 18)
    assert state.popularity.placed == (Placed(Piece.CRATE, 19, 0, 0, 0),)
    assert [p.warehouse.placed[0].number for p in state.seats] == [20, 21, 22]


# --- A round -------------------------------------------------------------------------


def test_everyone_picks_at_once_os12():
    """OS §Gameplay, OS-12: every player chooses a card at the same time:
    all owe a pick; one who has picked owes nothing more."""
    state = dealt_game(3)
    assert GAME.to_act(state) == {0, 1, 2}
    assert GAME.legal_actions(state, 1) == tuple(Pick(c) for c in state.seats[1].hand)
    state = play(state, 1, Pick(5))
    assert GAME.to_act(state) == {0, 2}
    assert GAME.legal_actions(state, 1) == ()
    with pytest.raises(IllegalAction, match="already chosen"):
        play(state, 1, Pick(8))


def test_pick_is_secret_until_all_have_picked_os12():
    """OS §Gameplay, OS-12: the chosen card lies face down: other seats see
    that a card was chosen, not which, until the last pick reveals all."""
    state = play(dealt_game(3), 1, Pick(5))
    for seat in (0, 2, None):
        v = GAME.view(state, seat)
        assert v.seats[1].picked and v.seats[1].pick is None
        assert 5 in v.unseen
    assert GAME.view(state, 1).seats[1].pick == 5
    line = GAME.describe(state, 0, Pick(4))
    assert "4" not in line and "5" not in line
    state = play(state, 0, Pick(4))
    state = play(state, 2, Pick(3))
    assert GAME.view(state, 0).seats[1].pick == 5


def test_reveal_and_turns_in_ascending_order():
    """OS §Gameplay: turns start with the lowest card and go up."""
    state = dealt_game(3)
    state = play(state, 0, Pick(13))
    state = play(state, 1, Pick(2))
    last = GAME.describe(state, 2, Pick(9), ["Ann", "Bob", "Cy"])
    assert "Cards revealed: Bob 2, Cy 9, Ann 13; Bob plays first." in last
    # the reader reads "you" there as in the rest of the log (play-test)
    names = ["Ann", "Bob", "Cy"]
    assert GAME.describe(state, 2, Pick(9), names, viewer=0).endswith(
        "Cards revealed: Bob 2, Cy 9, you 13; Bob plays first.")
    assert GAME.describe(state, 2, Pick(9), names, viewer=1).endswith(
        "Cards revealed: you 2, Cy 9, Ann 13; you play first.")
    assert GAME.describe(state, 2, Pick(9), names, viewer=2) == (
        "You choose card 9. Cards revealed: Bob 2, you 9, Ann 13; Bob plays first.")
    state = play(state, 2, Pick(9))
    assert state.phase is Phase.PLACE and state.order == (1, 2, 0)
    assert GAME.to_act(state) == {1}
    state = play(state, 1, GAME.legal_actions(state, 1)[0])
    assert GAME.to_act(state) == {2}


def test_place_into_popularity_or_own_warehouse():
    """OS §Gameplay: the card goes into the popularity or one's own
    warehouse (never another player's)."""
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    legal = GAME.legal_actions(state, 0)
    assert {a.where for a in legal} == {POP, WH}
    wh = next(a for a in legal if a.where is WH)
    after = play(state, 0, wh)
    assert len(after.seats[0].warehouse.placed) == 2
    assert len(after.seats[1].warehouse.placed) == 1
    assert after.seats[0].warehouse.placed[-1].number == 1


def test_four_rotations():
    """OS §Gameplay: cards rotate freely in quarter turns (0 and 2 lie three
    wide, 1 and 3 three high; 1 is a quarter turn clockwise)."""
    assert cards.spaces(Piece.CRATE, 1, 0) == tuple(
        (x, y, ch)
        for (x, y), ch in zip(
            [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)], "FFBB.F", strict=True
        )
    )
    turned = area((1, 0, 0, 1))
    assert picture(turned) == "BF\n.F\nFB"
    assert picture(area((1, 0, 0, 2))) == "F.B\nBFF"
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    assert {a.rotation for a in GAME.legal_actions(state, 0)} == {0, 1, 2, 3}


# The warehouse used below: card 1 at (0, 0)
#   FFB
#   B.F
# and card 3 (a worker on the Yo-yo at (1, 0)):
#   FyP
#   YYY


@pytest.mark.parametrize(
    ("x", "y", "rotation", "why"),
    [
        (2, 0, 0, None),  # B and F: two toy spaces
        (-2, -1, 0, None),  # one toy space; the rest overhangs nothing
        (1, 1, 0, None),  # an empty space and one F: empty spaces do not count
        (0, 1, 0, None),  # B . F: two toys and an empty space
        (3, 0, 0, "covers no toy space"),
        (1, 0, 0, "covers 3 toys"),
        (0, -1, 1, "covers 3 toys"),  # three high over F F / B . / nothing
    ],
)
def test_cover_one_or_two_toy_spaces_os3(x, y, rotation, why):
    """OS §Gameplay, OS-3: a card covers 1 or 2 toy spaces, any number of
    empty spaces, and may overhang where nothing lies."""
    a = area((1, 0, 0, 0))
    assert a.why_not(x, y, rotation) == why
    assert a.card_fits(x, y, rotation) == (why is None)


def test_never_cover_a_worker_os3():
    """OS §Gameplay, OS-1, OS-3: a worker may never be covered."""
    a = area((3, 0, 0, 0))
    assert a.why_not(1, -1, 0) == "covers a worker"
    assert not a.card_fits(1, -1, 0)
    assert a.card_fits(2, -1, 0)


def test_illegal_placement_is_refused_with_a_reason():
    """OS-3: the rules refuse a bad spot and say why."""
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    with pytest.raises(IllegalAction, match="covers no toy space"):
        play(state, 0, Place(WH, 10, 10, 0))


def test_legal_placements_are_exactly_the_fitting_spots_os3():
    """OS-3: the listed placements are every spot that fits, each rotation."""
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    wh = state.seats[0].warehouse
    listed = {(a.x, a.y, a.rotation) for a in GAME.legal_actions(state, 0) if a.where is WH}
    brute = {
        (x, y, r)
        for x in range(-4, 5)
        for y in range(-4, 5)
        for r in range(4)
        if wh.why_not(x, y, r) is None
    }
    assert listed == brute
    assert set(wh.card_spots()) == brute


def test_round_ends_when_everyone_has_placed():
    """OS §Gameplay: a round ends when all have placed; the next begins."""
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    state = play(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.round == 1
    state = play(state, 1, GAME.legal_actions(state, 1)[0])
    assert state.round == 2 and state.phase is Phase.PICK
    assert GAME.to_act(state) == {0, 1}
    assert all(not p.picked and p.pick is None for p in state.seats)


def test_game_ends_after_six_rounds():
    """OS §Game End: six rounds, then scoring."""
    state = dealt_game(3)
    for rnd in range(1, 7):
        assert state.round == rnd
        for seat in range(3):
            state = play(state, seat, GAME.legal_actions(state, seat)[0])
        while state.phase is Phase.PLACE:
            seat = state.turn
            state = play(state, seat, GAME.legal_actions(state, seat)[0])
    assert state.phase is Phase.OVER and GAME.to_act(state) == frozenset()
    assert all(len(p.hand) == 0 for p in state.seats)
    assert len(state.popularity.placed) + sum(len(p.warehouse.placed) for p in state.seats) == 22
    assert GAME.outcome(state) is not None
    with pytest.raises(IllegalAction, match="over"):
        play(state, 0, Pick(1))


def test_a_card_that_fits_nowhere_goes_to_the_box_os13():
    """OS-13: when the card fits neither area, the only choice is Pass, and
    the card goes back to the box."""
    # Forklift tokens laid over every toy of card 1 leave nothing to cover.
    covered = area((1, 0, 0, 0))
    for x, y, r in ((0, 0, 0), (2, 0, 1), (0, 1, 0)):
        covered = covered.add(Placed(Piece.FORKLIFT, 1, x, y, r))
    assert not covered.any_card_fits
    state = table(
        [[5], [6]],
        warehouses=[covered, area((2, 0, 0, 0))],
        # FyP / YYY with forklifts standing on x=0 and x=2: the last Yo-yo
        # cannot be covered without covering the worker or a forklift
        popularity=area((3, 0, 0, 0))
        .add(Placed(Piece.FORKLIFT, 2, 0, 0, 1))
        .add(Placed(Piece.FORKLIFT, 3, 2, 0, 1)),
        phase=Phase.PLACE,
        picks=[10, 11],
        order=(0, 1),
        round=6,
    )
    assert GAME.legal_actions(state, 0) == (Pass(),)
    line = GAME.describe(state, 0, Pass())
    assert "goes back to the box" in line
    state = play(state, 0, Pass())
    assert state.boxed == (10,)
    with pytest.raises(IllegalAction, match="must place it"):
        play(state, 1, Pass())


# --- Solo ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        Options(solo=True, advanced=True),
        Options(solo=True, incentives=True),
        Options(solo=True, forklifts=True),
        Options(solo=True, quantum=True),
    ],
)
def test_solo_refuses_expansions_and_advanced(options):
    """OS §Solo Mode: the solo mode cannot be used with any of the
    expansions or the advanced variant."""
    with pytest.raises(IllegalAction, match="cannot be used"):
        GAME.setup(2, options)


def test_solo_is_two_seats_os19():
    """OS-19: solo is set up as a two-player game: you, and the bot in the
    second seat."""
    with pytest.raises(IllegalAction, match="2 seats"):
        GAME.setup(3, Options(solo=True))


def solo_game(hand=(1, 2, 3, 30, 31, 40), popularity=41, warehouse=42) -> object:
    state = GAME.setup(2, Options(solo=True))
    return deal(state, *hand, popularity, warehouse)


def test_solo_setup_os8():
    """OS §Solo Setup, OS-8: your hand, the popularity and your warehouse
    as usual; the bot's six cards stay face down in its deck (undrawn); the
    bot has no starting warehouse card; it scores 2 points per card numbered
    1-20 in your hand."""
    state = solo_game()
    assert state.phase is Phase.PICK
    assert state.seats[0].hand == (1, 2, 3, 30, 31, 40)
    assert state.seats[1].hand == () and not state.seats[1].warehouse.placed
    assert state.bot_deck == 6
    assert state.bot_bonus == 6
    assert GAME.to_act(state) == {0}
    assert len(rules.schedule(2, True, False)) == 8


def test_solo_bot_bonus_shown_only_to_the_player():
    """OS §Solo Setup: the bot's 2 points per card 1-20 in your hand are
    counted from your secret hand, so before the end only your view shows
    them: for seat 1 (the bot, which never decides) and a spectator, two
    deals that differ only in your hand look the same. At the end they are
    on everyone's score pad."""
    low = solo_game(hand=(1, 2, 3, 4, 5, 30))
    high = solo_game(hand=(21, 22, 23, 24, 25, 30))
    assert (low.bot_bonus, high.bot_bonus) == (10, 0)
    assert GAME.view(low, 0).bot_bonus == 10 and GAME.view(low, 0) != GAME.view(high, 0)
    for seat in (1, None):
        assert GAME.view(low, seat) == GAME.view(high, seat)
    # the same card played the same way, and the same bot card drawn
    low, high = (play(s, 0, Pick(30)) for s in (low, high))
    place = GAME.legal_actions(low, 0)[0]
    low, high = (deal(play(s, 0, place), 7) for s in (low, high))
    assert low.phase is Phase.PICK and low.round == 2
    for seat in (1, None):
        assert GAME.view(low, seat) == GAME.view(high, seat)
    over = evolve(low, phase=Phase.OVER)
    assert all(GAME.view(over, seat).bot_bonus == 10 for seat in (0, 1, None))


def test_solo_turn_then_bot_turn_os8():
    """OS §Solo Overview, §Bot Turn, OS-8: your turn, then the bot's: its
    first card starts its warehouse; later the human nominates a spot beside
    a bot card and the bot deck's top card goes there, same orientation."""
    state = solo_game()
    state = play(state, 0, Pick(30))
    assert state.phase is Phase.PLACE
    state = play(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.phase is Phase.BOT_DRAW and GAME.to_act(state) == {CHANCE}
    state = deal(state, 7)
    assert state.seats[1].warehouse.placed == (Placed(Piece.CRATE, 7, 0, 0, 0),)
    assert state.bot_deck == 5 and state.round == 2
    state = play(state, 0, Pick(31))
    state = play(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.phase is Phase.NOMINATE
    assert set(rules.bot_spots(state)) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    state = play(state, 0, Nominate(1, 0))
    state = deal(state, 8)
    assert state.seats[1].warehouse.placed[-1] == Placed(Piece.CRATE, 8, 3, 0, 0)
    assert picture(state.seats[1].warehouse) == "bF.F.P\nPFBPF."


def test_solo_spots_keep_a_3x2_block_possible_os8_os19():
    """OS §Bot Turn, OS-8, OS-19: a spot that would make a 3x2 block
    impossible is refused; the block may lie either way round."""
    state = solo_game()
    bot = area((7, 0, 0, 0), (8, 3, 0, 0), (9, 6, 0, 0))  # three in a row
    state = table(
        [[1, 2, 3], []],
        warehouses=[area((42, 0, 0, 0)), bot],
        popularity=area((41, 0, 0, 0)),
        options=Options(solo=True),
        phase=Phase.NOMINATE,
        round=4,
        bot_deck=3,
    )
    spots = rules.bot_spots(state)
    assert set(spots) == {(0, 1), (1, 1), (2, 1), (0, -1), (1, -1), (2, -1)}
    with pytest.raises(IllegalAction, match="3x2"):
        play(state, 0, Nominate(3, 0))
    column = table(
        [[1, 2, 3], []],
        warehouses=[area((42, 0, 0, 0)), area((7, 0, 0, 0), (8, 0, 2, 0), (9, 0, 4, 0))],
        popularity=area((41, 0, 0, 0)),
        options=Options(solo=True),
        phase=Phase.NOMINATE,
        round=4,
        bot_deck=3,
    )
    assert set(rules.bot_spots(column)) == {(1, 0), (1, 1), (1, 2), (-1, 0), (-1, 1), (-1, 2)}


def test_solo_bot_ends_as_a_3x2_block_os8():
    """OS §Bot Turn: after six rounds the bot's warehouse is a 3x2 block."""
    state = solo_game()
    while GAME.to_act(state):
        (seat,) = GAME.to_act(state)
        if seat == CHANCE:
            state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[-1][0])
        else:
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    slots = rules.bot_slots(state)
    cols = {c for c, _ in slots}
    rows = {r for _, r in slots}
    assert len(slots) == 6 and sorted((len(cols), len(rows))) == [2, 3]
    assert all(p.rotation == 0 for p in state.seats[1].warehouse.placed)
    conserved(state)


# --- Views, actions and the log -------------------------------------------------------


def test_view_hides_hands_and_deck_pools_unseen():
    """DESIGN, NOTES: a view hides other hands and the deck, and pools
    every card the seat cannot see (no leak by subtraction)."""
    state = dealt_game(3)
    v = GAME.view(state, 0)
    assert v.seats[0].hand == state.seats[0].hand
    assert v.seats[1].hand == (None,) * 6 and v.seats[2].hand == (None,) * 6
    assert set(v.deck) == {None}
    assert Counter(v.unseen) == Counter(
        list(state.deck) + list(state.seats[1].hand) + list(state.seats[2].hand)
    )
    spectator = GAME.view(state, None)
    assert all(set(p.hand) == {None} for p in spectator.seats)


def test_legal_actions_from_the_view():
    """DESIGN: legal_actions(view(s, seat), seat) == legal_actions(s, seat)."""
    state = pick_all(dealt_game(3), {0: 1, 1: 2, 2: 3})
    for seat in range(3):
        assert GAME.legal_actions(GAME.view(state, seat), seat) == GAME.legal_actions(state, seat)


def test_action_types_round_trip_with_cattrs():
    """DESIGN: journals (un)structure actions with cattrs."""
    conv = cattrs.Converter()
    samples = [
        Pick(3),
        ChooseQuantum(2),
        Place(WH, -2, 1, 3),
        Mark(Toy.FURBALLS),
        TakeIncentive(Incentive.WORKER),
        Pass(),
        Nominate(1, -1),
        Deal(43),
        DrawForklift(6),
    ]
    assert {type(a) for a in samples} == set(ACTION_TYPES)
    for a in samples:
        assert conv.structure(conv.unstructure(a), type(a)) == a


def test_describe_lines():
    """The log: one public line per action, worded for the table."""
    state = GAME.setup(2, Options())
    assert GAME.describe(state, CHANCE, Deal(7), ["Ann", "Bob"]) == "Ann is dealt a card."
    state = dealt_game(2)
    state = pick_all(state, {0: 1, 1: 2})
    place = next(a for a in GAME.legal_actions(state, 0) if a.where is POP)
    line = GAME.describe(state, 0, place, ["Ann", "Bob"])
    # the log says what the card covers, not coordinates nobody sees on screen
    assert line.startswith("Ann places card 1 in the popularity")
    assert ", covering " in line
    # what it covers in words, never coordinates nobody sees on screen
    assert not any(ch.isdigit() for ch in re.sub(r"\b[12] ", "", line.partition(", covering ")[2])), line


def test_wrong_actions_are_refused():
    """apply raises IllegalAction with a reason a person can read."""
    state = dealt_game(2)
    with pytest.raises(IllegalAction, match="in your hand"):
        play(state, 0, Pick(2))
    with pytest.raises(IllegalAction):
        GAME.apply(state, CHANCE, Deal(1))
    state = pick_all(state, {0: 1, 1: 2})
    with pytest.raises(IllegalAction, match="not your turn"):
        play(state, 1, GAME.legal_actions(state, 0)[0])


def test_outcome_notes_name_seats_by_mark():
    """The core knows no names: outcome notes name seats by seat_mark, and
    name_seats fills in the players' names at the table."""
    from core.engine import name_seats, seat_mark

    assert seat_mark(1) == "{1}"
    assert name_seats("{0} beats {1}; {1} ties", ["Ann", "Bob"]) == "Ann beats Bob; Bob ties"


def test_a_deal_takes_exactly_the_card_named_from_the_deck():
    """OS §Setup: a card dealt leaves the deck (the deck is searched by
    bisection, with the plain search behind it); a card not in the deck, a
    card that is no card, or a deal against a view's hidden deck is refused."""
    state = GAME.setup(3)
    for card in (1, 22, 43):
        after = GAME.apply(state, CHANCE, Deal(card))
        assert card not in after.deck
        assert len(after.deck) == len(state.deck) - 1
        assert after.seats[0].hand == (card,)
    dealt = GAME.apply(state, CHANCE, Deal(22))
    for bad in (Deal(22), Deal(0), Deal(44), Deal("22"), Deal(None)):
        with pytest.raises(IllegalAction):
            GAME.apply(dealt, CHANCE, bad)
    with pytest.raises(IllegalAction):
        GAME.apply(GAME.view(dealt, 0), CHANCE, Deal(5))


def test_the_last_line_words_the_final_scores_as_the_log_does():
    """Play-test: the solo match's last line read "The game is over: Ann 2,
    Bram 8." in Ann's own log, where every other line says "you" and "the
    bot". Played out at random to the last action, the line names the reader
    "you", the solo bot "the bot", and others by name."""
    import random

    from core.playout import sample_chance

    for options, names in ((Options(solo=True), ["Ann", "Bram"]),
                           (Options(), ["Ann", "Bob", "Cy"])):
        rng = random.Random(5)
        state = GAME.setup(len(names), options)
        while True:
            to_act = GAME.to_act(state)
            if CHANCE in to_act:
                seat, action = CHANCE, sample_chance(GAME.chance_outcomes(state), rng)
            else:
                seat = min(to_act)
                action = rng.choice(GAME.legal_actions(state, seat))
            after = GAME.apply(state, seat, action)
            if after.phase is Phase.OVER:
                break
            state = after
        mine = GAME.describe(state, seat, action, names, viewer=0)
        public = GAME.describe(state, seat, action, names, viewer=None)
        assert " The game is over: you " in mine, mine
        assert " The game is over: Ann " in public, public
        other = "the bot" if options.solo else "Bob"
        assert f", {other} " in mine and f", {other} " in public, (mine, public)


@pytest.mark.parametrize(("toy", "words"), [("P", "Pocket Petz"), ("F", "Furball"),
                                            ("Y", "Yo-yo"), ("B", "Bean Bear")])
def test_the_log_says_how_many_toys_a_card_covers(toy, words):
    """Play-test: "covering 2 Yo-yos spaces" (the toy's plural name as an
    adjective); later, at 80x24, "covering Bean Bears" did not say how many
    toys a card covered (OS §Gameplay: one or two): the count comes first,
    the toys after it."""
    from core.overstocked.rules import _covering

    label = Toy(toy).label
    assert _covering([toy, toy]) == f", covering 2 {label}"
    assert _covering([toy]) == f", covering 1 {words}"
    assert _covering([toy, "Q"]) == f", covering 1 {words} and 1 quantum crate"
    assert _covering([toy, None, "."]) == f", covering 1 {words}"
    assert _covering(["Q", "Q"]) == ", covering 2 quantum crates"


def test_the_log_says_where_in_the_area_a_card_goes():
    """Play-test at 80x24: "Bram places card 25 in their warehouse, turned
    three quarters, covering Bean Bears" did not say where: the toys
    covered are placed by where they lie in the area's cards (its top left,
    its bottom...), in words the board shows, not coordinates."""
    from core.overstocked.rules import _where_covered

    # one card, three wide and two high: (0..2, 0..1)
    area_ = area((6, 0, 0, 0))
    assert _where_covered(area_, [(0, 0)]) == " at the top left"
    assert _where_covered(area_, [(2, 1)]) == " at the bottom right"
    assert _where_covered(area_, [(1, 0)]) == " at the top"
    assert _where_covered(area_, [(1, 0), (1, 1)]) == " in the middle"
    assert _where_covered(area_, [(0, 0), (0, 1)]) == " on the left"
    # the line says it after the toys
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    place = next(a for a in GAME.legal_actions(state, 0) if a.where is POP)
    line = GAME.describe(state, 0, place, ["Ann", "Bob"])
    assert re.search(r", covering 1 .+ (at the (top|bottom)( left| right)?|on the (left|right)"
                     r"|in the middle)\.$", line), line
