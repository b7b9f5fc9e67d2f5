"""What a player reads off an Overstocked table, worked out by the rules.

A screen shows these facts; it never works them out itself. Each function
takes a state or a seat's view (the same type) and reads only what that
view holds, so a seat's screen gets the same answer from its view as the
rules would from the whole table. `GAME` offers them beside the protocol
(``GAME.turn_position(view, seat)``...).

Citations: "OS §<section>" is the rulebook (rules/overstocked.txt); "OS-n"
is a ruling in docs/rulings.md.
"""

from __future__ import annotations

from core.overstocked import cards
from core.overstocked.actions import Place
from core.overstocked.cards import COVERABLE, Piece
from core.overstocked.rules import area_of, piece_in_hand
from core.overstocked.state import Phase, State

#: solo (OS-19): the player's seat and the bot's
SOLO_PLAYER = 0
SOLO_BOT = 1

#: a card slot of the bot's warehouse, in spaces: its cards lie as the first
#: one does, three spaces wide and two high (OS-19)
_SLOT_W, _SLOT_H = cards.size(Piece.CRATE, 0)


# -- the seats ------------------------------------------------------------------


def bot_seat(state: State) -> int | None:
    """OS-19: solo, the bot sits in the second seat; None in a game without
    a bot. The bot never decides and has no hand."""
    return SOLO_BOT if state.options.solo else None


def seat_in_turn(state: State) -> int | None:
    """The seat the round is waiting on in turn: the seat taking its turn,
    or, solo, the player while they nominate the bot's spot (OS §Bot Turn);
    None while everyone chooses a card, during the deal and at the end."""
    if state.turn is not None:
        return state.turn
    if state.phase is Phase.NOMINATE:
        return SOLO_PLAYER
    return None


# -- the turn order ---------------------------------------------------------------


def turn_order(state: State) -> tuple[tuple[int, int], ...]:
    """OS §Gameplay, OS-12: this round's turns once every card is revealed,
    as (seat, card revealed), lowest card first; the seats that have already
    played stay in it. Empty while the cards are being chosen."""
    return state.revealed


def revealed_card(state: State, seat: int) -> int | None:
    """The card `seat` revealed this round (OS-12), even once placed or
    swapped for a quantum card (OS-17); None before the reveal, or for a
    seat that chose no card (the solo bot)."""
    for s, card in state.revealed:
        if s == seat:
            return card
    return None


def turn_position(state: State, seat: int) -> int | None:
    """Where `seat` plays in this round's turn order, 1 for the lowest card
    (OS §Gameplay); None before the reveal or for a seat that chose no card."""
    for i, (s, _) in enumerate(state.revealed):
        if s == seat:
            return i + 1
    return None


# -- placing ------------------------------------------------------------------------


def covered_toys(state: State, seat: int, place: Place) -> int:
    """How many visible toy spaces the piece `seat` holds would cover lying
    at `place` (OS-3: a card must cover 1 or 2; a quantum crate counts,
    OS-17). The piece is the one in hand (a crate card if none)."""
    held = piece_in_hand(state)
    kind = held[0] if held is not None else Piece.CRATE
    under = area_of(state, seat, place.where).covered(place.x, place.y, place.rotation, kind)
    return sum(1 for c in under if c is not None and c in COVERABLE)


# -- the solo bot's warehouse ---------------------------------------------------------


def slot_spaces(column: int, row: int) -> tuple[tuple[int, int], ...]:
    """OS-19: the (x, y) spaces a bot card in card slot (`column`, `row`)
    covers, row by row (slot (0, 0) is its first card's)."""
    x0, y0 = _SLOT_W * column, _SLOT_H * row
    return tuple((x0 + dx, y0 + dy) for dy in range(_SLOT_H) for dx in range(_SLOT_W))


#: where a slot lies from a neighbouring card, by that card's offset
_BESIDE = (((-1, 0), "right of"), ((1, 0), "left of"), ((0, -1), "below"), ((0, 1), "above"))


#: a card's place along one side of the bot's cards, by how many cards that
#: side has: one card needs no word
_ALONG = {2: ("left", "right"), 3: ("left", "middle", "right")}
_DOWN = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}


def bot_spot_words(state: State, column: int, row: int) -> str | None:
    """Solo: the empty slot (`column`, `row`) worded by what the board
    shows, the bot card beside it named by its place among the bot's cards
    ("left of the top card", "above the card"): the cards' numbers are not
    on the board. The card to the slot's left is taken first, then right,
    above, below; None if no bot card touches the slot."""
    seat = bot_seat(state)
    if seat is None:
        return None
    slots = {(p.x // _SLOT_W, p.y // _SLOT_H) for p in state.seats[seat].warehouse.placed}
    for (dc, dr), word in _BESIDE:
        card = (column + dc, row + dr)
        if card not in slots:
            continue
        # (the cards touch one another, so the rows and columns they span
        # follow on, at most 3 by 2 either way round: OS §Bot Turn)
        rows = sorted({r for _, r in slots})
        columns = sorted({c for c, _ in slots})
        places = [
            names[index]
            for names, index in ((_DOWN.get(len(rows)), card[1] - rows[0]),
                                 (_ALONG.get(len(columns)), card[0] - columns[0]))
            if names is not None and 0 <= index < len(names)
        ]
        return f"{word} the {'-'.join(places) + ' ' if places else ''}card"
    return None


def progress(state: State) -> str:
    """How far the match is, for a list of saved matches: its round."""
    return f"round {max(1, state.round)}"


__all__ = [
    "progress",
    "SOLO_BOT",
    "SOLO_PLAYER",
    "bot_seat",
    "bot_spot_words",
    "covered_toys",
    "revealed_card",
    "seat_in_turn",
    "slot_spaces",
    "turn_order",
    "turn_position",
]
