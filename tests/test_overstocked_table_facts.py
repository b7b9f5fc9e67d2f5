"""What a player reads off an Overstocked table (`core.overstocked.table_facts`,
offered as `GAME.<name>`): the facts the screen shows and no longer works
out itself. Each works from a seat's view.

Each test names the rulebook section ("OS §...") or ruling ("OS-n",
docs/rulings.md) it pins.
"""

from __future__ import annotations

from core.overstocked.actions import ChooseQuantum, Deal, Nominate, Pick, Place
from core.overstocked.cards import COVERABLE, Piece, face
from tests.overstocked_tables import (
    GAME,
    POP,
    WH,
    Options,
    Phase,
    area,
    deal,
    dealt_game,
    first_place,
    pick_all,
    play,
    table,
)

SEATS = (0, 1, 2, None)


def chosen(options: Options | None = None):
    """Round 1, three players: Bob has chosen 42, Ann and Cyd still choose."""
    return table(
        [[5, 12, 20], [31, 33], [13, 17, 27]],
        warehouses=[area((9, 0, 0, 0)), area((3, 0, 0, 0)), area((15, 0, 0, 0))],
        popularity=area((6, 0, 0, 0)),
        picks=[None, 42, None],
        options=options,
    )


# -- the turn order -------------------------------------------------------------------


def test_the_turn_order_is_the_reveal_lowest_card_first_os12():
    """OS §Gameplay, OS-12: nothing is revealed while cards are chosen (not
    even a chosen card's seat); the last choice reveals every card and the
    turns follow the numbers, lowest first. Every seat's view and a
    spectator's say the same."""
    state = chosen()
    for seat in SEATS:
        view = GAME.view(state, seat)
        assert GAME.turn_order(view) == ()
        assert GAME.turn_position(view, 1) is None and GAME.revealed_card(view, 1) is None
    state = pick_all(state, {0: 20, 2: 27})
    for seat in SEATS:
        view = GAME.view(state, seat)
        assert GAME.turn_order(view) == ((0, 20), (2, 27), (1, 42))
        assert [GAME.turn_position(view, s) for s in range(3)] == [1, 3, 2]
        assert [GAME.revealed_card(view, s) for s in range(3)] == [20, 42, 27]


def test_the_turn_order_keeps_the_seats_that_have_played_os12():
    """OS §Gameplay: a seat that has placed its card keeps its place and its
    card in the round's order (the rules' `order` holds only the seats still
    to play); the next round starts with nothing revealed."""
    state = pick_all(chosen(), {0: 20, 2: 27})
    state = play(state, 0, first_place(state, 0, POP))
    assert state.order == (2, 1) and state.seats[0].pick is None
    view = GAME.view(state, None)
    assert GAME.turn_order(view) == ((0, 20), (2, 27), (1, 42))
    assert (GAME.turn_position(view, 0), GAME.revealed_card(view, 0)) == (1, 20)
    assert GAME.turn_position(view, 2) == 2
    state = play(state, 2, first_place(state, 2))
    state = play(state, 1, first_place(state, 1))
    assert state.phase is Phase.PICK and state.round == 2
    assert GAME.turn_order(GAME.view(state, 0)) == ()


def test_a_card_swapped_for_a_quantum_card_stays_revealed_os17():
    """OS §Quantum Accounting, OS-17: the lowest card goes back to the box
    and its player plays a quantum card instead, still first: the card it
    revealed is public and stays in the round's order."""
    state = pick_all(chosen(Options(quantum=True)), {0: 20, 2: 27})
    assert state.phase is Phase.QUANTUM
    state = play(state, 0, ChooseQuantum(2))
    assert state.seats[0].pick is None and 20 in state.boxed
    view = GAME.view(state, 1)
    assert GAME.revealed_card(view, 0) == 20 and GAME.turn_position(view, 0) == 1


def test_the_seat_in_turn_os_bot_turn():
    """OS §Gameplay: the seat taking its turn; OS §Bot Turn: solo, the
    player while nominating the bot's spot; nobody while everyone chooses."""
    state = chosen()
    assert GAME.seat_in_turn(GAME.view(state, None)) is None
    state = pick_all(state, {0: 20, 2: 27})
    assert GAME.seat_in_turn(GAME.view(state, None)) == 0
    state = play(state, 0, first_place(state, 0))
    assert GAME.seat_in_turn(GAME.view(state, 1)) == 2
    solo = nominating()
    assert GAME.seat_in_turn(GAME.view(solo, 0)) == 0


# -- placing ----------------------------------------------------------------------------


def test_covered_toys_counts_the_visible_toys_under_the_piece_os3():
    """OS-3: a card covers 1 or 2 visible toy spaces (empty crates do not
    count). Card 6 (``.Yp`` over ``BBF``) alone: a card over its left
    column covers one toy and an empty crate; one over its bottom row
    three toys (not a legal spot)."""
    state = pick_all(chosen(), {0: 20, 2: 27})
    view = GAME.view(state, 0)
    assert face(Piece.CRATE, 6) == ".YpBBF"
    assert GAME.covered_toys(view, 0, Place(POP, -2, 0, 0)) == 1
    assert GAME.covered_toys(view, 0, Place(POP, 0, 1, 0)) == 3
    # every legal spot covers 1 or 2, in the popularity and the warehouse
    places = [a for a in GAME.legal_actions(view, 0) if isinstance(a, Place)]
    assert {a.where for a in places} == {POP, WH}
    assert {GAME.covered_toys(view, 0, a) for a in places} <= {1, 2}


def test_covered_toys_uses_the_piece_in_hand_os16():
    """OS §Industrial Mechanisation, OS-16: a forklift lies over two spaces
    (flat or standing) and covers 1 or 2 toy spaces: the count is the
    forklift's, not a card's."""
    state = pick_all(chosen(Options(forklifts=True)), {0: 20, 2: 27})
    state = play(state, 0, first_place(state, 0, WH))
    assert state.phase is Phase.FORKLIFT
    grid = state.seats[0].warehouse.grid
    for action in GAME.legal_actions(state, 0):
        if not isinstance(action, Place):
            continue
        w, h = (2, 1) if action.rotation == 0 else (1, 2)
        under = [grid.get((action.x + dx, action.y + dy)) for dx in range(w) for dy in range(h)]
        expected = sum(1 for c in under if c is not None and c in COVERABLE)
        assert GAME.covered_toys(state, 0, action) == expected
        assert expected in (1, 2)


# -- the solo bot --------------------------------------------------------------------------


def nominating():
    """Solo, round 2: the bot holds one card (7, slot (0, 0)); the player
    nominates the spot of its next."""
    state = deal(GAME.setup(2, Options(solo=True)), 1, 2, 3, 30, 31, 40, 41, 42)
    state = play(state, 0, Pick(30))
    state = deal(play(state, 0, GAME.legal_actions(state, 0)[0]), 7)
    state = play(state, 0, Pick(31))
    state = play(state, 0, GAME.legal_actions(state, 0)[0])
    assert state.phase is Phase.NOMINATE
    return state


def test_the_bot_is_the_second_seat_os19():
    """OS-19: solo is a two-seat match, the player first and the bot second;
    a game without the solo option has no bot."""
    assert GAME.bot_seat(GAME.view(nominating(), 0)) == 1
    assert GAME.bot_seat(GAME.view(dealt_game(2), 0)) is None
    assert GAME.bot_seat(GAME.view(chosen(), None)) is None


def test_a_slot_is_where_the_bot_card_lands_os19():
    """OS-19: the bot's cards keep the first card's orientation, three
    spaces wide and two high: a nominated slot is the six spaces the bot's
    next card covers."""
    assert GAME.slot_spaces(0, 0) == ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))
    assert GAME.slot_spaces(1, -1) == ((3, -2), (4, -2), (5, -2), (3, -1), (4, -1), (5, -1))
    state = nominating()
    for column, row in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        after = deal(play(state, 0, Nominate(column, row)), 8)
        card = after.seats[1].warehouse.placed[-1]
        spaces = tuple(sorted(((x, y) for x, y, _ in card.spaces()), key=lambda s: (s[1], s[0])))
        assert spaces == GAME.slot_spaces(column, row)


def test_a_spot_is_worded_by_the_bot_cards_as_the_board_shows_them_os_bot_turn():
    """Play-test: the choices read "left of 7", "left of 36", numbers shown
    nowhere on the board (the bot's cards show their toys only). A spot is
    worded by where the card beside it lies among the bot's cards."""
    view = GAME.view(nominating(), 0)
    assert GAME.bot_spot_words(view, 0, -1) == "above the card"
    assert GAME.bot_spot_words(view, -1, 0) == "left of the card"
    assert GAME.bot_spot_words(view, 1, 0) == "right of the card"
    assert GAME.bot_spot_words(view, 0, 1) == "below the card"
    assert GAME.bot_spot_words(view, 2, 0) is None
    assert GAME.bot_spot_words(GAME.view(chosen(), 0), 1, 0) is None
    # two cards side by side (7, then 8 right of it): left and right
    two = deal(play(nominating(), 0, Nominate(1, 0)), 8)
    view = GAME.view(two, 0)
    assert GAME.bot_spot_words(view, 1, 1) == "below the right card"
    assert GAME.bot_spot_words(view, 0, -1) == "above the left card"
    assert GAME.bot_spot_words(view, 2, 0) == "right of the right card"
    assert not any(str(n) in GAME.bot_spot_words(view, c, r)
                   for n in (7, 8) for c, r in ((1, 1), (0, -1), (2, 0), (-1, 0)))
    # a third under the second: the corner spot beside it is named by it
    three = play(two, 0, GAME.legal_actions(two, 0)[0])  # the player's pick
    three = play(three, 0, GAME.legal_actions(three, 0)[0])  # and its place
    assert three.phase is Phase.NOMINATE
    view = GAME.view(deal(play(three, 0, Nominate(1, 1)), 9), 0)
    assert GAME.bot_spot_words(view, 0, 1) == "left of the bottom-right card"
    assert GAME.bot_spot_words(view, 0, -1) == "above the top-left card"


def test_the_log_names_a_nominated_spot_as_the_screen_does_os_bot_turn():
    """OS §Bot Turn: the log says where the bot's next card goes the way the
    choice was offered (beside a bot card, named by its place among the bot's
    cards), not in slot coordinates nor by card numbers the board never shows."""
    state = nominating()
    line = GAME.describe(state, 0, Nominate(0, -1), names=("Ann", "Bot"), viewer=0)
    assert line == "You nominate the spot above the card for the bot's next card."
    assert "slot" not in GAME.describe(state, 0, Nominate(1, 0), names=("Ann", "Bot"), viewer=None)
    # and the bot's card drawn for that spot says where it went, the same way
    drawing = play(state, 0, Nominate(0, -1))
    line = GAME.describe(drawing, -1, Deal(8), names=("Ann", "Bot"), viewer=0)
    assert line.startswith("The bot draws card 8") and "it goes above the card." in line, line


def test_a_piece_face_in_rows_os1():
    """OS-1: a crate card is 2x3 spaces, shown as two rows of three; a
    forklift (OS-6) is one row of two."""
    assert GAME.face_rows(Piece.CRATE, 6) == (".Yp", "BBF")
    assert "".join(GAME.face_rows(Piece.CRATE, 17)) == face(Piece.CRATE, 17)
    assert GAME.face_rows(Piece.FORKLIFT, 3) == ("LL",)
