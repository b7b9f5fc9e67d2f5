"""What a Boss reads off an Overboss Duel table, worked out by the rules.

A screen shows these facts; it never works them out itself. Each function
takes a state or a seat's view (the same type) and reads only what that
view holds. `GAME` offers them beside the protocol
(``GAME.pair_matches(view, slot)``...), with the rules' `open_squares`
and the running `score_pad`.

Citations: "OD §<section>" is the rulebook (rules/overboss-duel.txt);
"OD-n" is a ruling in docs/rulings.md.
"""

from __future__ import annotations

from core.engine import seat_mark
from core.overboss.board import COLS
from core.overboss.bosses import title
from core.overboss.components import MARKET_SLOTS, MATCH, Terrain, Token
from core.overboss.rules import to_act, token_options
from core.overboss.state import State, Step

# -- the seats --------------------------------------------------------------------


def results_aside(view: State) -> tuple[str, ...]:
    """OD §Boss cards: each objective is scored at the end "whether you
    revealed your Boss or not", so the results name every Boss, and one
    never revealed says so (it was learnt only from the score pad). Lines,
    a seat named by its `seat_mark`; nothing while a Boss is unknown."""
    if view.step is not Step.OVER or None in view.bosses:
        return ()
    lines = ["Bosses"]
    for seat, boss in enumerate(view.bosses):
        assert boss is not None
        lines.append(f"{seat_mark(seat)}: {title(boss)}")
        if not view.revealed[seat]:
            lines.append("  never revealed")
    return tuple(lines)


def opponent(state: State, seat: int) -> int:
    """OD §Objective: the Duel is for two Bosses; the other one's seat."""
    assert state.players == 2
    return 1 - seat


def seat_in_turn(state: State) -> int | None:
    """OD §Turn Order, OD-14: whose turn it is; None once the duel is over."""
    return None if state.step is Step.OVER else state.turn


def sees_board_turned(seat: int | None) -> bool:
    """OD-1: the board's coordinates are seat 0's side of the table; seat 1
    sits across, its own half nearest it, and so sees the board turned
    half round. A spectator sees it as seat 0 does."""
    return seat == 1


# -- the board ------------------------------------------------------------------------


def board_size(state: State) -> tuple[int, int]:
    """OD-1: (rows, columns): 8 x 4 on the standard board, 6 x 4 on the
    short one."""
    return state.rows, COLS


def square_at(state: State, row: int, col: int) -> int:
    """The square at (`row`, `col`) of the board as seat 0 sees it."""
    return state.geometry.square(row, col)


def divide_after(state: State) -> int:
    """OD-1: the central divide lies below this row (seat 1's half is the
    rows above and on it, seat 0's the rows below)."""
    return state.rows // 2 - 1


def files(state: State) -> tuple[str, ...]:
    """The columns' names, seat 0's left first ("a" to "d")."""
    names = state.geometry.names
    return tuple(names[state.geometry.square(0, c)][0] for c in range(COLS))


def ranks(state: State) -> tuple[str, ...]:
    """The rows' names, row 0 (seat 1's back row) first: rank 1 is seat 0's
    back row."""
    names = state.geometry.names
    return tuple(names[state.geometry.square(r, 0)][1:] for r in range(state.rows))


# -- tiles and tokens --------------------------------------------------------------------


def matches(token: Token | None, terrain: Terrain | None) -> bool:
    """OD §Matching Monsters, OD-3: whether `token` is the monster whose
    matching terrain is `terrain` (a Bandit on a Road...)."""
    return token is not None and terrain is not None and MATCH.get(token) is terrain


def pair_matches(state: State, slot: int) -> bool:
    """Whether the market pair in `slot` is a monster with its matching
    tile (OD §Matching Monsters): placed together it scores a point."""
    pair = state.market[slot]
    return matches(pair.token, pair.tile)


def square_matches(state: State, square: int) -> bool:
    """Whether the token on `square` is a Matching Monster on its terrain
    (OD §Matching Monsters)."""
    return matches(state.tokens[square], state.tiles[square])


def pair_draftable(state: State, slot: int) -> bool:
    """OD-4: a market place whose token ran out may still be drafted; one
    without a tile may not (a draft places a tile)."""
    return state.market[slot].tile is not None


def goes_to_lair(token: Token) -> bool:
    """OD §Placing Tokens: Crystals and Spires always go to the lair; only
    Monsters and Minibosses are placed on tiles."""
    return not token.placeable


# -- the supplies --------------------------------------------------------------------------


def why_drafted_waits(state: State) -> str | None:
    """Step TOKEN, OD-13: why the drafted monster or miniboss is not among
    the tokens to place now (it waits in the lair): the tile just placed
    cannot take it ("the Yeti cannot slay the hero on b2", OD-5) and no
    other tile can. None while it may be placed, or at another step. (A
    play-test: the choice offered the lair's monsters only, and the Yeti
    left it without a word.)"""
    token, placed = state.hand_token, state.placed
    if state.step is not Step.TOKEN or token is None or placed is None:
        return None
    if any(kind is token for kind, _ in token_options(state)):
        return None
    where = state.geometry.names[placed]
    here = state.tokens[placed]
    if state.tiles[placed] is Terrain.DUNGEON:
        why = f"cannot go on the Dungeon on {where}"
    elif here is Token.HERO:
        why = f"cannot slay the hero on {where}"
    elif here is not None:
        why = f"cannot go on {where}, which holds a {here.label}"
    else:
        return None
    return f"the {token.label} {why} and no other tile can take it"


def market_size(state: State) -> int:
    """OD §Set Up: the market's places, a tile and a token each (4)."""
    del state
    return MARKET_SLOTS


def stack_size(state: State) -> int:
    """Tiles left in the stack (counts are open; their order does not exist)."""
    return sum(state.stack)


def bag_size(state: State) -> int:
    """Tokens left in the bag (heroes are a supply of their own)."""
    return sum(state.bag)


def round_number(state: State) -> int:
    """OD §Turn Order: the Bosses take turns in turn; a round is a turn of
    each, the first player's first. The round being played (the last one
    once the duel is over), from 1. `state.turns` counts every turn: shown
    as it was, a player saw 1, 3, 5... at their own turns."""
    turn = state.turns + (1 if to_act(state) else 0)  # the turn being played, from 1
    return max(1, (turn + 1) // 2)


def progress(state: State) -> str:
    """How far the match is, for a list of saved matches: the round being
    played (the last one once the duel is over), as the table's header says."""
    return f"round {round_number(state)}"


__all__ = [
    "bag_size",
    "board_size",
    "divide_after",
    "files",
    "goes_to_lair",
    "market_size",
    "matches",
    "opponent",
    "pair_draftable",
    "pair_matches",
    "progress",
    "ranks",
    "round_number",
    "sees_board_turned",
    "seat_in_turn",
    "square_at",
    "square_matches",
    "stack_size",
]
