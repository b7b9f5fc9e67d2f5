"""Overboss Duel state: one immutable record of the whole table.

The board is two flat tuples indexed by square (see `core.overboss.board`
for the coordinates): `tiles[square]` is the terrain there (None: an open
square) and `tokens[square]` the one token on that tile (a monster, a
miniboss or a hero; None: none). A screen reads one square at a time with
`cell(state, square)`, which adds the owner, the board edges and the
divide.

The tile stack and the token bag are unordered multisets kept as counts
(`stack[i]` tiles of `TERRAINS[i]`, `bag[i]` tokens of `BAG_TOKENS[i]`):
nothing is drawn until a CHANCE action draws it, so no order exists. Their
contents follow from the public table (every other tile and token is in
view), so views keep them; the only hidden things are the Boss cards.

A view (`rules.view`) is the same type with the opponent's unrevealed Boss
set to None, the undealt Boss cards set to None, and `unseen` listing every
Boss card that could fill those gaps.
"""

from __future__ import annotations

import enum

import attrs

from core.overboss.board import Edge, Side, geometry
from core.overboss.components import Boss, Terrain, Token


@attrs.frozen
class Options:
    """The rulebook's standard game (the 4x8 board); `short_board` plays the
    4x6 board (3 rows per half) for a shorter game."""

    short_board: bool = attrs.field(
        default=False, metadata={"label": "Short 4x6 board (a shorter game)"}
    )

    @property
    def rows(self) -> int:
        return 6 if self.short_board else 8


class Step(enum.StrEnum):
    """What the table waits for. Chance steps are the CHANCE seat's."""

    # --- chance ---
    DEAL_BOSS = "deal-boss"  # a secret Boss for seat 0, then seat 1
    REFILL = "refill"  # the market's empty places, a tile then its token
    POOL_DRAW = "pool-draw"  # a Spawning Pool's random token to the lair
    # --- the player in `turn` ---
    DRAFT = "draft"  # take a market pair
    PLACE_TILE = "place-tile"  # put the drafted tile on an open square
    SLIDE = "slide"  # Icy Peak: slide another tile orthogonally (optional)
    SWAP = "swap"  # Road: swap two tokens (optional)
    SPAWN = "spawn"  # Town: heroes spawn, one Town at a time (OD-6)
    REFRESH = "refresh"  # Sunken City: refresh an expended Spire (optional)
    TOKEN = "token"  # place the drafted token (or a lair one instead)
    LAIR = "lair"  # place waiting lair monsters while open terrain exists
    END = "end"  # the pair is placed: end the turn (OD-7)
    # --- a Boss's reveal ability, then back to `resume` ---
    CROAK = "croak"  # King Croak: destroy a tile, a market Dungeon in its place
    POISON = "poison"  # Belladonna: return a token on the board
    HEX = "hex"  # Baron Hex: take a token from the market
    FROST = "frost"  # Queen Rimefang: slide any tile orthogonally
    SLAY = "slay"  # Warlord Grimtusk: slay a hero on the board
    OVER = "over"


CHANCE_STEPS = frozenset({Step.DEAL_BOSS, Step.REFILL, Step.POOL_DRAW})
ABILITY_STEPS = frozenset({Step.CROAK, Step.POISON, Step.HEX, Step.FROST, Step.SLAY})


@attrs.frozen
class Pair:
    """A market place: a tile and the token beside it. OD-4: either may be
    missing when the stack or bag ran out (a pair needs its tile to be
    drafted)."""

    tile: Terrain | None = None
    token: Token | None = None


EMPTY_PAIR = Pair()


@attrs.frozen
class Lair:
    """A player's lair, open knowledge (rulebook: "its contents are always
    open knowledge")."""

    #: monsters and minibosses not yet placed (sorted)
    waiting: tuple[Token, ...] = ()
    #: crystals (sorted)
    crystals: tuple[Token, ...] = ()
    #: active Spires (glowing side up)
    spires: int = 0
    #: expended Spires (flipped)
    expended: int = 0
    #: heroes slain
    heroes: int = 0

    @property
    def architectural(self) -> int:
        """Crystals and Spires (active or expended): what Sunken Cities count."""
        return len(self.crystals) + self.spires + self.expended


#: Fields kept in a `__dict__` (not slots): the rules copy a state as one
#: dict (`copier`), where attrs' `__init__` sets 24 slots one by one.
@attrs.frozen(slots=False)
class State:
    players: int
    options: Options
    #: terrain per square; None is an open square
    tiles: tuple[Terrain | None, ...]
    #: the token on each tile: a monster, a miniboss or a hero
    tokens: tuple[Token | None, ...]
    #: the market's four places
    market: tuple[Pair, ...]
    #: tile stack: counts per `components.TERRAINS`
    stack: tuple[int, ...]
    #: token bag: counts per `components.BAG_TOKENS`
    bag: tuple[int, ...]
    #: heroes left in the supply
    heroes: int
    lairs: tuple[Lair, ...]
    #: each seat's Boss card (None: not dealt yet, or hidden in a view)
    bosses: tuple[Boss | None, ...]
    revealed: tuple[bool, ...]
    #: the Boss cards not dealt (unordered; None in views)
    boss_deck: tuple[Boss | None, ...]
    step: Step
    #: whose turn it is (seat 0 plays first: OD-14)
    turn: int = 0
    #: tiles destroyed by King Croak: out of the game
    removed: tuple[Terrain, ...] = ()
    # --- the turn in progress ---
    #: the drafted tile, until placed
    hand_tile: Terrain | None = None
    #: the drafted token, until placed or put in the lair
    hand_token: Token | None = None
    #: the square of the tile placed this turn (follows it when it moves)
    placed: int | None = None
    #: a Spire was used this turn (once per turn)
    spire_used: bool = False
    #: Towns still to spawn a hero (Step.SPAWN), sorted squares
    pending_towns: tuple[int, ...] = ()
    #: the step a Boss's reveal ability interrupted
    resume: Step | None = None
    #: turns played (ended) so far
    turns: int = 0
    #: views only: every Boss card that may fill a None above, sorted
    unseen: tuple[Boss, ...] | None = None

    @property
    def rows(self) -> int:
        return self.options.rows

    @property
    def geometry(self):
        return geometry(self.options.rows)


@attrs.frozen
class Cell:
    """One square as a board widget draws it."""

    square: int
    row: int
    col: int
    #: "a1" .. "d8" (see `core.overboss.board`)
    name: str
    #: the seat whose half holds the square
    owner: int
    terrain: Terrain | None
    #: a monster, miniboss or hero on the tile
    token: Token | None
    #: board edges along this square: (side, WATER or MOUNTAIN)
    edges: tuple[tuple[Side, Edge], ...]
    #: the side of this square on the central divide, if any
    divide: Side | None
    #: the tile placed this turn
    placed: bool

    @property
    def hero(self) -> bool:
        return self.token is Token.HERO

    @property
    def open(self) -> bool:
        """No tile yet: a tile may be placed here."""
        return self.terrain is None


def cell(state: State, square: int) -> Cell:
    """Everything a board widget shows of one square."""
    g = state.geometry
    r, c = divmod(square, 4)
    return Cell(
        square=square,
        row=r,
        col=c,
        name=g.names[square],
        owner=g.owner[square],
        terrain=state.tiles[square],
        token=state.tokens[square],
        edges=g.edges[square],
        divide=g.divide[square],
        placed=state.placed == square,
    )


_COPIERS: dict[tuple[str, ...], object] = {}


def copier(*names: str):
    """A copier of `State` with the fields `names` replaced, taking their new
    values positionally: ``copier("step", "turn")(state, step, turn)``.

    The rules' hot paths build one per set of fields at import. A copy is
    one C-level copy of the state's `__dict__` with the named entries set,
    where attrs' `__init__` (or `evolve`) sets each of the 24 fields in turn
    (about three times as fast). The copy is as frozen as the original:
    only `object.__setattr__` of its `__dict__` gets past attrs.
    """
    fn = _COPIERS.get(names)
    if fn is None:
        fields = [a.name for a in attrs.fields(State)]
        unknown = set(names) - set(fields)
        if unknown or len(set(names)) != len(names):
            raise ValueError(f"not State fields (or repeated): {sorted(unknown) or names}")
        params = ", ".join(f"v{i}" for i in range(len(names)))
        sets = "".join(f"    d[{n!r}] = v{i}\n" for i, n in enumerate(names))
        namespace: dict[str, object] = {
            "State": State,
            "new": object.__new__,
            "set_attribute": object.__setattr__,
        }
        # generated from the class's own field names (checked above)
        source = (
            f"def copy(i, {params}):\n"
            "    d = i.__dict__.copy()\n"
            f"{sets}"
            "    s = new(State)\n"
            "    set_attribute(s, '__dict__', d)\n"
            "    return s\n"
        )
        exec(source, namespace)  # noqa: S102
        fn = _COPIERS[names] = namespace["copy"]
    return fn
