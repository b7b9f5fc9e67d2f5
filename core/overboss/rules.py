"""Overboss Duel rules: two Bosses build one shared board.

Citations: "OD §<section>" is the rulebook (rules/overboss-duel.txt); "OD-n"
is a ruling in docs/rulings.md.

A turn is a sequence of atomic actions; `State.step` says what is asked:

    DRAFT -> PLACE_TILE -> [SLIDE | SWAP | SPAWN | REFRESH | POOL_DRAW]
          -> TOKEN -> LAIR -> END --EndTurn--> REFILL (chance) -> next DRAFT

Steps with nothing to choose are passed at once (a token with one possible
place goes there). In every step of one's own turn a Spire may be used (once
per turn) and the Boss revealed (once per game); a reveal ability that asks
for a choice interrupts the step (CROAK, POISON, HEX, FROST, SLAY) and the
turn resumes where it was.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import compress, repeat
from operator import is_, is_not

from core.engine import (
    CHANCE,
    Category,
    IllegalAction,
    Outcome,
    evolve,
    seat_mark,
    standing_scores,
)
from core.overboss import bosses as boss_cards
from core.overboss.actions import (
    DealBoss,
    Destroy,
    Draft,
    DrawTile,
    DrawToken,
    EndTurn,
    PlaceTile,
    PlaceToken,
    Poison,
    RefreshSpire,
    RevealBoss,
    Skip,
    Slay,
    Slide,
    SpawnHero,
    SwapTokens,
    TakeToken,
    UseSpire,
)
from core.overboss.board import geometry
from core.overboss.components import (
    BAG_INDEX,
    BAG_TOKENS,
    BOSSES,
    HEROES,
    MATCH,
    MONSTERS,
    START_BAG,
    START_STACK,
    TERRAIN_INDEX,
    TERRAINS,
    Boss,
    Terrain,
    Token,
)
from core.overboss.scoring import CATEGORIES, TILE_CATEGORIES, score_pad
from core.overboss.state import (
    ABILITY_STEPS,
    CHANCE_STEPS,
    EMPTY_PAIR,
    Lair,
    Options,
    Pair,
    State,
    Step,
    copier,
)

ID = "overboss-duel"
TITLE = "Overboss Duel"
PLAYERS = range(2, 3)
RULES_VERSION = 1

_DUNGEON = Terrain.DUNGEON
_TOWN = Terrain.TOWN
_HERO = Token.HERO
_MINIBOSS = Token.MINIBOSS
_SPIRE = Token.SPIRE
_PLACEABLE = frozenset(MONSTERS) | {_MINIBOSS}
# Enum members read as module globals: `Step.DRAFT` is a slow class lookup.
_S_DEAL_BOSS = Step.DEAL_BOSS
_S_REFILL = Step.REFILL
_S_POOL_DRAW = Step.POOL_DRAW
_S_DRAFT = Step.DRAFT
_S_PLACE_TILE = Step.PLACE_TILE
_S_SLIDE = Step.SLIDE
_S_SWAP = Step.SWAP
_S_SPAWN = Step.SPAWN
_S_REFRESH = Step.REFRESH
_S_TOKEN = Step.TOKEN
_S_LAIR = Step.LAIR
_S_END = Step.END
_S_CROAK = Step.CROAK
_S_POISON = Step.POISON
_S_HEX = Step.HEX
_S_FROST = Step.FROST
_S_SLAY = Step.SLAY
_S_OVER = Step.OVER
_ICY_PEAK = Terrain.ICY_PEAK
_ROAD = Terrain.ROAD
_SUNKEN_CITY = Terrain.SUNKEN_CITY
_SPAWNING_POOL = Terrain.SPAWNING_POOL

# Actions built once: listing and checking them is the playouts' hot path.
_DEALS = {b: DealBoss(b) for b in BOSSES}
_TILE_DRAWS = tuple(DrawTile(t) for t in TERRAINS)
_TOKEN_DRAWS = tuple(DrawToken(t) for t in BAG_TOKENS)
_DRAFTS = tuple(Draft(i) for i in range(4))
_PLACE_TILES = tuple(PlaceTile(s) for s in range(32))
_SKIP = Skip()
_END = EndTurn()
_REVEAL = RevealBoss()
_REFRESH = RefreshSpire()
_SLIDES: dict[tuple[int, int], Slide] = {}
_SPIRES: dict[tuple[int, int], UseSpire] = {}
_SWAPS: dict[tuple[int, int], SwapTokens] = {}
_SPAWNS: dict[tuple[int, int], SpawnHero] = {}
_PLACE_TOKENS: dict[tuple[Token, int], PlaceToken] = {}
_POISONS = tuple(Poison(s) for s in range(32))
_SLAYS = tuple(Slay(s) for s in range(32))
_TAKES = tuple(TakeToken(i) for i in range(4))
for _a in range(32):
    for _b in range(32):
        _SLIDES[_a, _b] = Slide(_a, _b)
        _SPIRES[_a, _b] = UseSpire(_a, _b)
        _SWAPS[_a, _b] = SwapTokens(_a, _b)
        _SPAWNS[_a, _b] = SpawnHero(_a, _b)
#: the same actions by source square, then destination: lists are built
#: without making and hashing a (src, dst) tuple per move
_SLIDE_ROWS = tuple([_SLIDES[_a, _b] for _b in range(32)] for _a in range(32))
_SPIRE_ROWS = tuple([_SPIRES[_a, _b] for _b in range(32)] for _a in range(32))
_SWAP_ROWS = tuple([_SWAPS[_a, _b] for _b in range(32)] for _a in range(32))
#: market pairs built once (they are immutable): tile -> token -> Pair
_PAIRS = {
    tile: {token: Pair(tile, token) for token in (None, *BAG_TOKENS)}
    for tile in (None, *TERRAINS)
}
#: what a square without a token holds when it is not open terrain
_NOT_TERRAIN = frozenset({None, _DUNGEON})
for _t in _PLACEABLE:
    for _a in range(32):
        _PLACE_TOKENS[_t, _a] = PlaceToken(_t, _a)


# State copiers for the hot paths (`state.copier`: positional, no keywords).
_set_step = copier("step")
_set_tokens = copier("tokens")
_set_market = copier("market")
_set_lairs = copier("lairs")
_set_pending = copier("pending_towns")
_set_hand_token = copier("hand_token")
_set_bosses_deck = copier("bosses", "boss_deck")
_set_market_stack_bag_step = copier("market", "stack", "bag", "step")
_set_market_hand_step = copier("market", "hand_tile", "hand_token", "step")
_set_tiles_hand_tile_placed = copier("tiles", "hand_tile", "placed")
_set_tokens_bag_heroes_pending = copier("tokens", "bag", "heroes", "pending_towns")
_set_tokens_hand_token_lairs_step = copier("tokens", "hand_token", "lairs", "step")
_set_tiles_tokens_placed_pending = copier("tiles", "tokens", "placed", "pending_towns")
_end_of_turn = copier("step", "turn", "turns", "placed", "spire_used", "pending_towns", "resume")
_set_revealed_resume = copier("revealed", "resume")
_set_resume_step = copier("resume", "step")
_set_tokens_heroes = copier("tokens", "heroes")
_set_tokens_bag = copier("tokens", "bag")
_set_bag_lairs = copier("bag", "lairs")
_set_hand_token_lairs = copier("hand_token", "lairs")
_set_tiles_hand_tile_placed_step = copier("tiles", "hand_tile", "placed", "step")
_set_tiles_hand_tile_placed_pending = copier("tiles", "hand_tile", "placed", "pending_towns")
_spire_move = copier("tiles", "tokens", "placed", "pending_towns", "lairs", "spire_used")


class _Trace(threading.local):
    """What the rules did by themselves while `describe` applies an action
    (None otherwise): events in order, for the log. Per thread, like the
    memos' states, so a search applying actions elsewhere records nothing."""

    events: list[tuple] | None = None


_TRACE = _Trace()


def _note(*event: object) -> None:
    events = _TRACE.events
    if events is not None:
        events.append(event)


# ---------------------------------------------------------------------------
# Facts of the table a player (and a screen) reads.


def board_full(state: State) -> bool:
    return None not in state.tiles


def open_squares(state: State) -> tuple[int, ...]:
    """Squares without a tile: where a tile may be placed."""
    return tuple(s for s, t in enumerate(state.tiles) if t is None)


def is_open_terrain(state: State, square: int) -> bool:
    """A tile that can take a monster and holds no token (heroes occupy: OD-5)."""
    t = state.tiles[square]
    return t is not None and t is not _DUNGEON and state.tokens[square] is None


def slays(state: State, token: Token, square: int) -> bool:
    """OD §Heroes, OD-5: whether `token` placed on the hero on `square` slays
    it: a miniboss, a matching monster, or a monster that forms a band."""
    if state.tokens[square] is not _HERO:
        return False
    if token is _MINIBOSS:
        return True
    if MATCH.get(token) is state.tiles[square]:
        return True
    tokens = state.tokens
    return any(tokens[n] is token for n in geometry(state.options.rows).neighbours[square])


def can_take(state: State, square: int, token: Token) -> bool:
    """Whether a monster or miniboss may be placed on `square` (OD-13)."""
    t = state.tiles[square]
    if t is None or t is _DUNGEON:
        return False
    here = state.tokens[square]
    return here is None or (here is _HERO and slays(state, token, square))


def dungeons_locked(state: State, seat: int) -> bool:
    """King Croak revealed: his opponent cannot move Dungeons (OD-8)."""
    other = 1 - seat
    return state.revealed[other] and state.bosses[other] is Boss.KING_CROAK


def unblocked_towns(state: State) -> tuple[int, ...]:
    """OD §Town: every Town without a miniboss on it spawns."""
    tiles, tokens = state.tiles, state.tokens
    return tuple(s for s in range(len(tiles)) if tiles[s] is _TOWN and tokens[s] is not _MINIBOSS)


def spawn_squares(state: State, town: int) -> tuple[int, ...]:
    """OD §Town, OD-6: where the Town on `town` spawns its hero: the Town
    itself; if it already holds a hero, a neighbouring tile that can hold a
    token and holds no hero or miniboss."""
    tokens = state.tokens
    if tokens[town] is not _HERO:
        return (town,)
    tiles = state.tiles
    return tuple(
        n
        for n in geometry(state.options.rows).neighbours[town]
        if tiles[n] is not None
        and tiles[n] is not _DUNGEON
        and tokens[n] is not _HERO
        and tokens[n] is not _MINIBOSS
    )


def slide_moves(
    state: State, seat: int, diagonal: bool, exclude: int | None = None
) -> list[tuple[int, int]]:
    """Every (src, dst) a straight slide can do (OD-7: it stops on any empty
    square of its path before the first tile or the edge)."""
    g = geometry(state.options.rows)
    rays_of = g.diag_rays if diagonal else g.orth_rays
    tiles = state.tiles
    locked = dungeons_locked(state, seat)
    out = []
    for s in range(g.size):
        t = tiles[s]
        if t is None or s == exclude or (locked and t is _DUNGEON):
            continue
        for ray in rays_of[s]:
            for d in ray:
                if tiles[d] is not None:
                    break
                out.append((s, d))
    return out


def _slide_actions(
    state: State, seat: int, diagonal: bool, exclude: int | None = None
) -> list[Slide] | list[UseSpire]:
    """`slide_moves` as actions (`Slide`, or `UseSpire` when diagonal), in
    its order, read from tables by square."""
    g = geometry(state.options.rows)
    rays_of, table = (g.diag_rays, _SPIRE_ROWS) if diagonal else (g.orth_rays, _SLIDE_ROWS)
    tiles = state.tiles
    locked = dungeons_locked(state, seat)
    out = []
    for s in range(g.size):
        t = tiles[s]
        if t is None or s == exclude or (locked and t is _DUNGEON):
            continue
        row = table[s]
        for ray in rays_of[s]:
            for d in ray:
                if tiles[d] is not None:
                    break
                out.append(row[d])
    return out


def _slide_exists(state: State, seat: int, diagonal: bool, exclude: int | None = None) -> bool:
    """Whether `slide_moves` lists anything (stops at the first move)."""
    locked = dungeons_locked(state, seat)
    return _any_slide(state.tiles, state.options.rows, diagonal, exclude, locked)


def _any_slide(tiles: tuple, rows: int, diagonal: bool, exclude: int | None, locked: bool) -> bool:
    g = geometry(rows)
    rays_of = g.diag_rays if diagonal else g.orth_rays
    for s in range(g.size):
        t = tiles[s]
        if t is None or s == exclude or (locked and t is _DUNGEON):
            continue
        for ray in rays_of[s]:
            if tiles[ray[0]] is None:
                return True
    return False


def _slide_ok(
    state: State, seat: int, src: int, dst: int, diagonal: bool, exclude: int | None
) -> bool:
    g = geometry(state.options.rows)
    if not (0 <= src < g.size and 0 <= dst < g.size):
        return False
    tiles = state.tiles
    t = tiles[src]
    if t is None or src == exclude or (t is _DUNGEON and dungeons_locked(state, seat)):
        return False
    for ray in (g.diag_rays if diagonal else g.orth_rays)[src]:
        for d in ray:
            if tiles[d] is not None:
                break
            if d == dst:
                return True
    return False


def swap_pairs(state: State) -> list[tuple[int, int]]:
    """Road: pairs of squares holding different tokens (OD-5: heroes too)."""
    tokens = state.tokens
    held = [s for s, k in enumerate(tokens) if k is not None]
    return [(a, b) for i, a in enumerate(held) for b in held[i + 1 :] if tokens[a] is not tokens[b]]


def _swap_actions(tokens: tuple[Token | None, ...]) -> list[SwapTokens]:
    """`swap_pairs` as actions, in its order: for each token, the tokens
    after it that differ, picked by C-level `compress` over the held squares
    (a Road's list is about a hundred swaps)."""
    held = list(compress(range(len(tokens)), map(is_not, tokens, repeat(None))))
    kinds = [tokens[s] for s in held]
    out: list[SwapTokens] = []
    for i, a in enumerate(held):
        rest = held[i + 1 :]
        if rest:
            differs = map(is_not, kinds[i + 1 :], repeat(kinds[i]))
            out += compress(map(_SWAP_ROWS[a].__getitem__, rest), differs)
    return out


def _swap_exists(state: State) -> bool:
    """Whether `swap_pairs` lists anything: two different tokens on the board."""
    first = None
    for k in state.tokens:
        if k is not None:
            if first is None:
                first = k
            elif k is not first:
                return True
    return False


def _unique(tokens: tuple[Token, ...]) -> list[Token]:
    out: list[Token] = []
    for k in tokens:
        if k not in out:
            out.append(k)
    return out


def token_options(state: State) -> list[tuple[Token, int]]:
    """Step TOKEN (OD §Placing Tokens, OD-13): the drafted monster or
    miniboss goes on the tile just placed, or a waiting lair monster goes
    there instead (the drafted one then waits in the lair). Where the tile
    cannot take the drafted token, it goes on any other tile that can."""
    tok = state.hand_token
    p = state.placed
    assert tok is not None and p is not None
    kinds = [tok] + [k for k in _unique(state.lairs[state.turn].waiting) if k is not tok]
    out = [(k, p) for k in kinds if can_take(state, p, k)]
    if not can_take(state, p, tok):
        out += [(tok, q) for q in _targets(state, tok) if q != p]
    return out


def token_may_wait(state: State) -> bool:
    """Step TOKEN (OD-5, OD-13, OD-16): the drafted monster or miniboss may
    be kept in the lair (`Skip`) when the tile just placed cannot take it and
    no open terrain tile exists: slaying a hero elsewhere, or putting a lair
    monster on the new tile instead, is then a choice, never a duty."""
    tok = state.hand_token
    p = state.placed
    if tok not in _PLACEABLE or p is None or can_take(state, p, tok):
        return False
    return not _has_open_terrain(state)


def _targets(state: State, token: Token) -> list[int]:
    """Every square `token` may be placed on (see `can_take`; `slays` is
    read inline: a miniboss, a matching monster or a band slays a hero)."""
    out = []
    tokens = state.tokens
    always = token is _MINIBOSS
    match = MATCH.get(token)
    neighbours = None
    for q, t in enumerate(state.tiles):
        if t is None or t is _DUNGEON:
            continue
        k = tokens[q]
        if k is None:
            out.append(q)
        elif k is _HERO:
            if always or match is t:
                out.append(q)
                continue
            if neighbours is None:
                neighbours = geometry(state.options.rows).neighbours
            for n in neighbours[q]:
                if tokens[n] is token:
                    out.append(q)
                    break
    return out


def lair_options(state: State) -> list[tuple[Token, int]]:
    """Step LAIR (OD §Placing Tokens): while an open terrain tile exists,
    each waiting monster or miniboss must be placed (on an open tile, or on a
    hero it slays)."""
    out = []
    for k in _unique(state.lairs[state.turn].waiting):
        out += [(k, q) for q in _targets(state, k)]
    return out


def market_dungeons(state: State) -> list[int]:
    return [i for i, p in enumerate(state.market) if p.tile is _DUNGEON]


# ---------------------------------------------------------------------------
# The protocol.


def setup(players: int = 2, options: Options | None = None) -> State:
    """OD §Set Up: the board empty, 68 tiles in the stack, 68 tokens in the
    bag, 15 heroes beside; Bosses and the market are dealt by CHANCE."""
    options = options or Options()
    if players not in PLAYERS:
        raise IllegalAction(f"Overboss Duel is for 2 players, not {players}.")
    size = options.rows * 4
    return State(
        players=2,
        options=options,
        tiles=(None,) * size,
        tokens=(None,) * size,
        market=(EMPTY_PAIR,) * 4,
        stack=START_STACK,
        bag=START_BAG,
        heroes=HEROES,
        lairs=(Lair(), Lair()),
        bosses=(None, None),
        revealed=(False, False),
        boss_deck=BOSSES,
        step=_S_DEAL_BOSS,
    )


def to_act(state: State) -> frozenset[int]:
    step = state.step
    if step is _S_OVER:
        return frozenset()
    if step in CHANCE_STEPS:
        return _CHANCE_SEAT
    return _SEATS[state.turn]


_CHANCE_SEAT = frozenset({CHANCE})
_SEATS = (frozenset({0}), frozenset({1}))


def _refill_next(state: State) -> tuple[bool, int] | None:
    """The next market draw: (is a tile, place), or None when full (OD-4: a
    place without a tile gets no token)."""
    global _NEXT_MEMO
    memo = _NEXT_MEMO
    if memo[0] is state:
        return memo[1]
    nxt = _next_draw(state.market, state.stack, state.bag)
    _NEXT_MEMO = (state, nxt)
    return nxt


# One-entry memos keyed by a state's identity (states are immutable, and the
# memo holds the state, so its id cannot be reused while it is there): the
# table asks a state's chance outcomes, or its legal actions, and then applies
# one of them, so each answer is worked out once, or seeded by the step that
# made the state. A tuple is replaced whole: threads see old or new, never half.
_NEXT_MEMO: tuple = (None, None)
#: (state at Step.TOKEN, token_options, token_may_wait)
_TOKEN_MEMO: tuple = (None, None, None)
#: (state at Step.LAIR, lair_options)
_LAIR_MEMO: tuple = (None, None)


def _token_choices(state: State) -> tuple[list[tuple[Token, int]], bool]:
    """`token_options` and `token_may_wait`, once per state."""
    global _TOKEN_MEMO
    memo = _TOKEN_MEMO
    if memo[0] is state:
        return memo[1], memo[2]
    options, wait = token_options(state), token_may_wait(state)
    _TOKEN_MEMO = (state, options, wait)
    return options, wait


def _lair_choices(state: State) -> list[tuple[Token, int]]:
    """`lair_options`, once per state."""
    global _LAIR_MEMO
    memo = _LAIR_MEMO
    if memo[0] is state:
        return memo[1]
    options = lair_options(state)
    _LAIR_MEMO = (state, options)
    return options


def _next_draw(market, stack_counts, bag_counts) -> tuple[bool, int] | None:
    # `any` only when a place needs it: a full market asks nothing
    for i, p in enumerate(market):
        if p.tile is None:
            if any(stack_counts):
                return _TILE_AT[i]
        elif p.token is None and any(bag_counts):
            return _TOKEN_AT[i]
    return None


_TILE_AT = tuple((True, i) for i in range(4))
_TOKEN_AT = tuple((False, i) for i in range(4))


def _draws(counts: tuple[int, ...], actions: tuple) -> tuple[tuple[object, float], ...]:
    total = sum(counts)
    if not total:
        return ()
    return tuple([(a, n / total) for a, n in zip(actions, counts, strict=True) if n])


def chance_outcomes(state: State) -> tuple[tuple[object, float], ...]:
    step = state.step
    if step is _S_REFILL:
        nxt = _refill_next(state)
        if nxt is None:
            return ()
        return _draws(state.stack, _TILE_DRAWS) if nxt[0] else _draws(state.bag, _TOKEN_DRAWS)
    if step is _S_POOL_DRAW:
        return _draws(state.bag, _TOKEN_DRAWS)
    if step is _S_DEAL_BOSS:
        # A view holds None for unknown cards: its belief is the unseen pool.
        pool = state.boss_deck if state.unseen is None else state.unseen
        pool = tuple(b for b in pool if b is not None)
        return tuple((_DEALS[b], 1 / len(pool)) for b in pool) if pool else ()
    return ()


def _in_bag(state: State, token: Token) -> bool:
    i = BAG_INDEX.get(token)
    return i is not None and state.bag[i] > 0


def legal_actions(state: State, seat: int) -> tuple[object, ...]:
    step = state.step
    if seat != state.turn or step in CHANCE_STEPS or step is _S_OVER:
        return ()
    out: list[object]
    if step is _S_DRAFT:
        out = [_DRAFTS[i] for i, p in enumerate(state.market) if p.tile is not None]
    elif step is _S_PLACE_TILE:
        out = list(compress(_PLACE_TILES, map(is_, state.tiles, repeat(None))))
    elif step is _S_TOKEN:
        options, wait = _token_choices(state)
        out = [_PLACE_TOKENS[o] for o in options]
        if wait:
            out.append(_SKIP)
    elif step is _S_LAIR:
        out = [_PLACE_TOKENS[o] for o in _lair_choices(state)]
    elif step is _S_END:
        out = [_END]
    elif step is _S_SLIDE:
        out = _slide_actions(state, seat, False, state.placed)
        out.append(_SKIP)
    elif step is _S_SWAP:
        out = _swap_actions(state.tokens)
        out.append(_SKIP)
    elif step is _S_SPAWN:
        out = [_SPAWNS[t, s] for t in state.pending_towns for s in spawn_squares(state, t)]
    elif step is _S_REFRESH:
        out = [_REFRESH, _SKIP]
    else:
        return _ability_actions(state, seat)
    if not state.revealed[seat]:
        out.append(_REVEAL)
    if not state.spire_used and state.lairs[seat].spires:
        out += _spire_actions(state, seat)
    return tuple(out)


#: (tiles, Dungeons locked) -> every Spire move: the board changes less
#: often than the steps of a turn that list them. Cleared when full.
_SPIRE_MOVES: dict[tuple, tuple[UseSpire, ...]] = {}
_CACHE_LIMIT = 20_000


def _spire_actions(state: State, seat: int) -> tuple[UseSpire, ...]:
    """Every Spire move (OD-7: diagonal, to an empty square before any tile
    or edge), as `slide_moves(state, seat, True)` lists them."""
    key = (state.tiles, dungeons_locked(state, seat))
    moves = _SPIRE_MOVES.get(key)
    if moves is None:
        moves = tuple(_slide_actions(state, seat, True))
        if len(_SPIRE_MOVES) >= _CACHE_LIMIT:
            _SPIRE_MOVES.clear()
        _SPIRE_MOVES[key] = moves
    return moves


def _ability_actions(state: State, seat: int) -> tuple[object, ...]:
    step = state.step
    tokens = state.tokens
    if step is _S_CROAK:
        slots = market_dungeons(state)
        tiles = state.tiles
        out: list[object] = [
            Destroy(s, i)
            for s, t in enumerate(tiles)
            if t is not None and t is not _DUNGEON
            for i in slots
        ]
    elif step is _S_POISON:
        out = [_POISONS[s] for s, k in enumerate(tokens) if k is not None]
    elif step is _S_HEX:
        out = [_TAKES[i] for i, p in enumerate(state.market) if p.token is not None]
    elif step is _S_FROST:
        out = _slide_actions(state, seat, False)
    else:  # Step.SLAY
        out = [_SLAYS[s] for s, k in enumerate(tokens) if k is _HERO]
    out.append(_SKIP)
    return tuple(out)


def apply(state: State, seat: int, action: object) -> State:
    """Apply one action; raises IllegalAction with a reason a person can read."""
    if state.step is _S_OVER:
        raise IllegalAction("The game is over.")
    if seat == CHANCE:
        return _apply_chance(state, action)
    if seat != state.turn or state.step in CHANCE_STEPS:
        raise IllegalAction("It is not your turn.")
    why = _check(state, seat, action)
    if why:
        raise IllegalAction(why)
    return _apply_player(state, seat, action)


# ---------------------------------------------------------------------------
# Checking a player's action without listing them all.


def _check(state: State, seat: int, action: object) -> str:
    """'' when `action` is legal now, else why not (for a person)."""
    step = state.step
    cls = action.__class__
    size = len(state.tiles)
    if cls is UseSpire:
        if step in ABILITY_STEPS:
            return "Finish your Boss's reveal ability first."
        if state.spire_used:
            return "You have already used a Spire this turn."
        if not state.lairs[seat].spires:
            return "You have no active Spire."
        if not _slide_ok(state, seat, action.src, action.dst, True, None):
            return "A Spire moves a tile diagonally to an empty square before any tile or edge."
        return ""
    if cls is RevealBoss:
        if state.revealed[seat]:
            return "Your Boss is already revealed."
        if step in ABILITY_STEPS:
            return "Finish your Boss's reveal ability first."
        return ""
    if cls is Draft:
        if step is not _S_DRAFT:
            return "You have already drafted a pair this turn."
        if not (0 <= action.slot < 4) or state.market[action.slot].tile is None:
            return "There is no tile in that market place."
        return ""
    if cls is PlaceTile:
        if step is not _S_PLACE_TILE:
            return "There is no tile to place now."
        if not (0 <= action.square < size) or state.tiles[action.square] is not None:
            return "A tile goes on an open square."
        return ""
    if cls is EndTurn:
        if step is not _S_END:
            return "Place your pair (and every waiting monster you must) before ending the turn."
        return ""
    if cls is Skip:
        if step is _S_TOKEN and _token_choices(state)[1]:
            return ""
        if step not in _OPTIONAL:
            return "There is nothing optional to skip now."
        return ""
    if cls is PlaceToken:
        if step is _S_TOKEN:
            options = _token_choices(state)[0]
        elif step is _S_LAIR:
            options = _lair_choices(state)
        else:
            return "There is no token to place now."
        if (action.token, action.square) not in options:
            return "That token cannot go on that square now."
        return ""
    if cls is Slide:
        if step is _S_SLIDE:
            exclude = state.placed
        elif step is _S_FROST:
            exclude = None
        else:
            return "There is no slide to make now."
        if not _slide_ok(state, seat, action.src, action.dst, False, exclude):
            if exclude is not None and action.src == exclude:
                return "The Icy Peak moves another tile, not itself."
            if 0 <= action.src < size and state.tiles[action.src] is _DUNGEON:
                return "King Croak forbids you to move Dungeons."
            return "A slide moves a tile in a straight line to an empty square before any tile or edge."
        return ""
    if cls is SwapTokens:
        if step is not _S_SWAP:
            return "There is no Road swap now."
        a, b = action.a, action.b
        if not (0 <= a < b < size):
            return "Name two different squares, the lower first."
        ka, kb = state.tokens[a], state.tokens[b]
        if ka is None or kb is None or ka is kb:
            return "A Road swaps two different tokens on the board."
        return ""
    if cls is SpawnHero:
        if step is not _S_SPAWN:
            return "No Town is spawning now."
        if action.town not in state.pending_towns:
            return "That Town has no hero to spawn."
        if action.square not in spawn_squares(state, action.town):
            return "A hero spawns on its Town, or next to it when the Town holds a hero."
        return ""
    if cls is RefreshSpire:
        if step is not _S_REFRESH:
            return "Only a Sunken City just placed refreshes a Spire."
        return ""
    if cls is Destroy:
        if step is not _S_CROAK:
            return "Only King Croak's reveal destroys a tile."
        if not (0 <= action.square < size) or state.tiles[action.square] in (None, _DUNGEON):
            return "Destroy a tile that is not a Dungeon."
        if not (0 <= action.slot < 4) or state.market[action.slot].tile is not _DUNGEON:
            return "Take a Dungeon from the market."
        return ""
    if cls is Poison:
        if step is not _S_POISON:
            return "Only Belladonna's reveal poisons a token."
        if not (0 <= action.square < size) or state.tokens[action.square] is None:
            return "There is no token on that square."
        return ""
    if cls is TakeToken:
        if step is not _S_HEX:
            return "Only Baron Hex's reveal takes a market token."
        if not (0 <= action.slot < 4) or state.market[action.slot].token is None:
            return "There is no token in that market place."
        return ""
    if cls is Slay:
        if step is not _S_SLAY:
            return "Only Warlord Grimtusk's reveal slays a hero."
        if not (0 <= action.square < size) or state.tokens[action.square] is not _HERO:
            return "There is no hero on that square."
        return ""
    return f"{cls.__name__} is not an Overboss Duel action."


_OPTIONAL = frozenset({_S_SLIDE, _S_SWAP, _S_REFRESH}) | ABILITY_STEPS


# ---------------------------------------------------------------------------
# Chance.


def _apply_chance(state: State, action: object) -> State:
    """Check a chance outcome without listing them all, and apply it."""
    global _NEXT_MEMO
    step = state.step
    if step is _S_REFILL:
        nxt = _refill_next(state)
        if nxt is not None:
            slot = nxt[1]
            market = state.market
            old = market[slot]
            stack, bag = state.stack, state.bag
            if nxt[0]:
                if not isinstance(action, DrawTile):
                    raise IllegalAction(f"{action} cannot be drawn now.")
                i = TERRAIN_INDEX[action.tile]
                if stack[i] <= 0:
                    raise IllegalAction(f"{action} cannot be drawn now.")
                pair = _PAIRS[action.tile][old.token]
                stack = stack[:i] + (stack[i] - 1,) + stack[i + 1 :]
            else:
                if not (isinstance(action, DrawToken) and _in_bag(state, action.token)):
                    raise IllegalAction(f"{action} cannot be drawn now.")
                pair = _PAIRS[old.tile][action.token]
                i = BAG_INDEX[action.token]
                bag = bag[:i] + (bag[i] - 1,) + bag[i + 1 :]
            market = market[:slot] + (pair,) + market[slot + 1 :]
            nxt = _next_draw(market, stack, bag)
            state = _set_market_stack_bag_step(
                state, market, stack, bag, _step_after(market, nxt)
            )
            _NEXT_MEMO = (state, nxt)
            return state
    elif step is _S_POOL_DRAW:
        # OD §Spawning Pool: a random token to the placer's lair.
        if isinstance(action, DrawToken) and _in_bag(state, action.token):
            token = action.token
            bag = _dec(state.bag, BAG_INDEX[token])
            return _token_phase(_set_bag_lairs(state, bag, _lairs_with(state, state.turn, token)))
    elif step is _S_DEAL_BOSS:
        if isinstance(action, DealBoss) and action.boss in state.boss_deck:
            seat = 0 if state.bosses[0] is None else 1
            bosses = (action.boss, state.bosses[1]) if seat == 0 else (state.bosses[0], action.boss)
            deck = list(state.boss_deck)
            deck.remove(action.boss)
            state = _set_bosses_deck(state, bosses, tuple(deck))
            if seat == 0:
                return state
            return _refill(state)
    else:
        raise IllegalAction("Nothing is being drawn now.")
    raise IllegalAction(f"{action} cannot be drawn now.")


def _dec(counts: tuple[int, ...], i: int) -> tuple[int, ...]:
    return counts[:i] + (counts[i] - 1,) + counts[i + 1 :]


def _inc(counts: tuple[int, ...], i: int) -> tuple[int, ...]:
    return counts[:i] + (counts[i] + 1,) + counts[i + 1 :]


def _refill(state: State) -> State:
    """OD §Turn Order 6: restock the market; then the next turn starts."""
    step = _after_refill(state.market, state.stack, state.bag)
    return state if state.step is step else _set_step(state, step)


def _after_refill(market, stack, bag) -> Step:
    """REFILL while the market can be restocked, then the next DRAFT (OVER
    when nothing is left to draft: OD-15)."""
    return _step_after(market, _next_draw(market, stack, bag))


def _step_after(market, nxt: tuple[bool, int] | None) -> Step:
    if nxt is not None:
        return _S_REFILL
    for p in market:
        if p.tile is not None:
            return _S_DRAFT
    return _S_OVER


# ---------------------------------------------------------------------------
# The player's actions.


def _apply_player(state: State, seat: int, action: object) -> State:
    cls = action.__class__
    if cls is Draft:
        pair = state.market[action.slot]
        market = state.market[: action.slot] + (EMPTY_PAIR,) + state.market[action.slot + 1 :]
        return _set_market_hand_step(state, market, pair.tile, pair.token, _S_PLACE_TILE)
    if cls is PlaceTile:
        return _place_tile(state, action.square)
    if cls is PlaceToken:
        state = _place_token(state, action.token, action.square)
        return _lair_phase(state)
    if cls is EndTurn:
        return _end_turn(state)
    if cls is UseSpire:
        lair = state.lairs[seat]
        lair = Lair(lair.waiting, lair.crystals, lair.spires - 1, lair.expended + 1, lair.heroes)
        lairs = (lair, state.lairs[1]) if seat == 0 else (state.lairs[0], lair)
        state = _spire_move(state, *_moved(state, action.src, action.dst), lairs, True)
        return _enter(state, state.step)
    if cls is RevealBoss:
        return _reveal(state, seat)
    if cls is Skip:
        if state.step in ABILITY_STEPS:
            return _resume(state)
        if state.step is _S_TOKEN:
            # OD-13: the drafted token waits in the lair.
            tok = state.hand_token
            assert tok is not None
            return _lair_phase(_to_lair(_set_hand_token(state, None), seat, tok))
        return _token_phase(state)
    if cls is Slide:
        state = _move_tile(state, action.src, action.dst)
        if state.step is _S_FROST:
            return _resume(state)
        return _token_phase(state)
    if cls is SwapTokens:
        tokens = list(state.tokens)
        tokens[action.a], tokens[action.b] = tokens[action.b], tokens[action.a]
        return _token_phase(_set_tokens(state, tuple(tokens)))
    if cls is SpawnHero:
        return _spawn_phase(_spawn(state, action.town, action.square))
    if cls is RefreshSpire:
        lair = state.lairs[seat]
        state = _set_lair(
            state,
            seat,
            Lair(lair.waiting, lair.crystals, lair.spires + 1, lair.expended - 1, lair.heroes),
        )
        return _token_phase(state)
    if cls is Destroy:
        return _resume(_destroy(state, action.square, action.slot))
    if cls is Poison:
        return _resume(_return_token(state, action.square))
    if cls is TakeToken:
        pair = state.market[action.slot]
        market = (
            state.market[: action.slot] + (Pair(pair.tile, None),) + state.market[action.slot + 1 :]
        )
        state = _to_lair(_set_market(state, market), seat, pair.token)
        return _resume(state)
    if cls is Slay:
        tokens = state.tokens[: action.square] + (None,) + state.tokens[action.square + 1 :]
        lair = state.lairs[seat]
        lair = Lair(lair.waiting, lair.crystals, lair.spires, lair.expended, lair.heroes + 1)
        state = _set_lair(_set_tokens(state, tokens), seat, lair)
        return _resume(state)
    raise IllegalAction(f"{cls.__name__} is not an Overboss Duel action.")  # pragma: no cover


def _place_tile(state: State, square: int) -> State:
    """OD §Turn Order 4: the tile goes on an open square of either half; its
    effect resolves before the token is placed."""
    tile = state.hand_tile
    tiles = state.tiles[:square] + (tile,) + state.tiles[square + 1 :]
    # The step each tile leads to is decided before the one copy (`_enter`'s
    # checks, read on the new board).
    step = None
    if tile is _ICY_PEAK:
        locked = dungeons_locked(state, state.turn)
        if _any_slide(tiles, state.options.rows, False, square, locked):
            step = _S_SLIDE
    elif tile is _ROAD:
        if _swap_exists(state):  # placing a tile moves no token
            step = _S_SWAP
    elif tile is _TOWN:
        tokens = state.tokens
        pending = tuple(
            s for s in range(len(tiles)) if tiles[s] is _TOWN and tokens[s] is not _MINIBOSS
        )
        return _spawn_phase(
            _set_tiles_hand_tile_placed_pending(state, tiles, None, square, pending)
        )
    elif tile is _SUNKEN_CITY:
        if state.lairs[state.turn].expended:
            step = _S_REFRESH
    elif tile is _SPAWNING_POOL and any(state.bag):
        step = _S_POOL_DRAW
    if step is not None:
        return _set_tiles_hand_tile_placed_step(state, tiles, None, square, step)
    return _token_phase(_set_tiles_hand_tile_placed(state, tiles, None, square))


def _enter(state: State, step: Step) -> State:
    """Enter `step` of the turn, passing it at once when it offers nothing.
    Also re-checks the current step after a Spire or a reveal changed the
    board."""
    if step is _S_SLIDE:
        if _slide_exists(state, state.turn, False, state.placed):
            return state if state.step is step else _set_step(state, step)
        return _token_phase(state)
    if step is _S_SWAP:
        if _swap_exists(state):
            return state if state.step is step else _set_step(state, step)
        return _token_phase(state)
    if step is _S_REFRESH:
        if state.lairs[state.turn].expended:
            return state if state.step is step else _set_step(state, step)
        return _token_phase(state)
    if step is _S_SPAWN:
        return _spawn_phase(state)
    if step is _S_TOKEN:
        return _token_phase(state)
    if step is _S_LAIR or step is _S_END:
        return _lair_phase(state)
    if step is _S_DRAFT and not any(p.tile is not None for p in state.market):
        return _set_step(state, _S_OVER)
    return state if state.step is step else _set_step(state, step)


def _spawn(state: State, town: int, square: int) -> State:
    """A hero spawns on `square`; a monster there returns to the bag."""
    tokens = state.tokens
    old = tokens[square]
    bag = state.bag
    if old is not None and old is not _HERO:
        bag = _inc(bag, BAG_INDEX[old])
    if _TRACE.events is not None:
        _note("spawn", town, square, old)
    pending = tuple(t for t in state.pending_towns if t != town)
    return _set_tokens_bag_heroes_pending(
        state, tokens[:square] + (_HERO,) + tokens[square + 1 :], bag, state.heroes - 1, pending
    )


def _spawn_phase(state: State) -> State:
    """OD §Town, OD-6, OD-19: every unblocked Town spawns a hero, one Town at
    a time in the order the placing player picks. Spawns that are forced and
    cannot affect one another happen at once. A Town with nowhere to spawn
    stays pending while others spawn (a Spire or a reveal may yet open a
    square for it: OD-23); it is passed once no pending Town can spawn."""
    while True:
        pending = state.pending_towns
        if not pending or state.heroes <= 0:
            if pending:
                state = _set_pending(state, ())
            return _token_phase(state)
        options = {t: spawn_squares(state, t) for t in pending}
        ready = tuple(t for t in pending if options[t])
        if not ready:
            state = _set_pending(state, ())
            continue
        choices = sum(len(options[t]) for t in ready)
        if choices == 1:
            (town,) = ready
            state = _spawn(state, town, options[town][0])
            continue
        # OD-17: a forced spawn whose square no other Town could use (nor is
        # another pending Town) spawns at once, beside real choices too;
        # with too few heroes the order decides who gets one (OD-19), a
        # Town a Spire may yet open a square for too (OD-23).
        # A Town with nowhere to spawn holds a hero, so no hero lands on it.
        if state.heroes >= len(pending):
            apart = [
                t
                for t in ready
                if len(options[t]) == 1
                and (options[t][0] == t or options[t][0] not in pending)
                and not any(options[t][0] in options[o] for o in ready if o != t)
            ]
            if apart:
                for t in apart:
                    state = _spawn(state, t, options[t][0])
                continue
        return state if state.step is _S_SPAWN else _set_step(state, _S_SPAWN)


def _token_phase(state: State) -> State:
    """OD §Placing Tokens, OD-13: the drafted token. Crystals and Spires go
    to the lair; a monster or miniboss goes on the tile just placed (or
    elsewhere, or waits in the lair when nothing can take it)."""
    global _TOKEN_MEMO
    tok = state.hand_token
    if tok is None:
        return _lair_phase(state)
    if tok not in _PLACEABLE:
        if _TRACE.events is not None:
            _note("lair", tok)
        state = _set_hand_token_lairs(state, None, _lairs_with(state, state.turn, tok))
        return _lair_phase(state)
    options = token_options(state)
    if not options:
        if _TRACE.events is not None:
            _note("wait", tok, state.lairs[state.turn].waiting.count(tok) + 1)
        state = _set_hand_token_lairs(state, None, _lairs_with(state, state.turn, tok))
        return _lair_phase(state)
    wait = token_may_wait(state)
    if len(options) == 1 and not wait:
        return _lair_phase(_place_token(state, *options[0]))
    if state.step is not _S_TOKEN:
        state = _set_step(state, _S_TOKEN)
    _TOKEN_MEMO = (state, options, wait)
    return state


def _place_token(state: State, token: Token, square: int) -> State:
    """Put `token` on `square`: the drafted token, or a lair one instead of
    it (the drafted one then waits in the lair). A hero there is slain and
    goes to the placer's lair."""
    seat = state.turn
    lair = state.lairs[seat]
    waiting = lair.waiting
    hand = state.hand_token
    if _TRACE.events is not None:
        from_lair = hand is None or token is not hand
        _note("place", token, square, state.tokens[square] is _HERO, from_lair)
        if hand is not None and from_lair:
            _note("wait", hand, waiting.count(hand) + 1)
    if hand is not None:
        if token is not hand:
            waiting = list(waiting)
            waiting.remove(token)
            waiting = tuple(sorted(waiting + [hand]))
        hand = None
    else:
        waiting = list(waiting)
        waiting.remove(token)
        waiting = tuple(waiting)
    heroes = lair.heroes + (1 if state.tokens[square] is _HERO else 0)
    lair = Lair(waiting, lair.crystals, lair.spires, lair.expended, heroes)
    tokens = state.tokens[:square] + (token,) + state.tokens[square + 1 :]
    lairs = (lair, state.lairs[1]) if seat == 0 else (state.lairs[0], lair)
    # Every caller goes on to the lair step, which keeps END unless a
    # waiting monster must still be placed.
    return _set_tokens_hand_token_lairs_step(state, tokens, hand, lairs, _S_END)


def _lair_phase(state: State) -> State:
    """OD §Placing Tokens: waiting monsters and minibosses must be placed
    while an open terrain tile exists; then the turn may end."""
    global _LAIR_MEMO
    while True:
        if state.lairs[state.turn].waiting and _has_open_terrain(state):
            options = lair_options(state)
            if len(options) == 1:
                state = _place_token(state, *options[0])
                continue
            if state.step is not _S_LAIR:
                state = _set_step(state, _S_LAIR)
            _LAIR_MEMO = (state, options)
            return state
        return state if state.step is _S_END else _set_step(state, _S_END)


def _has_open_terrain(state: State) -> bool:
    """A tile that can take a monster holds no token (C-level: the tiles of
    the squares without a token, until one is not open or a Dungeon)."""
    return not _NOT_TERRAIN.issuperset(compress(state.tiles, map(is_, state.tokens, repeat(None))))


def _to_lair(state: State, seat: int, token: Token) -> State:
    return _set_lairs(state, _lairs_with(state, seat, token))


def _lairs_with(state: State, seat: int, token: Token) -> tuple[Lair, Lair]:
    """The lairs with `token` added to `seat`'s (a Spire, a crystal, or a
    monster or miniboss to wait)."""
    lair = state.lairs[seat]
    if token is _SPIRE:
        lair = Lair(lair.waiting, lair.crystals, lair.spires + 1, lair.expended, lair.heroes)
    elif token in _PLACEABLE:
        waiting = tuple(sorted(lair.waiting + (token,)))
        lair = Lair(waiting, lair.crystals, lair.spires, lair.expended, lair.heroes)
    else:
        crystals = tuple(sorted(lair.crystals + (token,)))
        lair = Lair(lair.waiting, crystals, lair.spires, lair.expended, lair.heroes)
    return (lair, state.lairs[1]) if seat == 0 else (state.lairs[0], lair)


def _set_lair(state: State, seat: int, lair: Lair) -> State:
    lairs = (lair, state.lairs[1]) if seat == 0 else (state.lairs[0], lair)
    return _set_lairs(state, lairs)


def _move_tile(state: State, src: int, dst: int) -> State:
    """A tile and its token move from `src` to the empty `dst`; the turn's
    records of squares follow it."""
    return _set_tiles_tokens_placed_pending(state, *_moved(state, src, dst))


def _moved(state: State, src: int, dst: int) -> tuple:
    """`_move_tile`'s changed fields: tiles, tokens, placed, pending Towns."""
    tiles = list(state.tiles)
    tokens = list(state.tokens)
    tiles[dst], tiles[src] = tiles[src], None
    tokens[dst], tokens[src] = tokens[src], None
    placed = dst if state.placed == src else state.placed
    pending = state.pending_towns
    if src in pending:
        pending = tuple(sorted(dst if t == src else t for t in pending))
    return tuple(tiles), tuple(tokens), placed, pending


def _end_turn(state: State) -> State:
    """OD-7: an explicit end of turn; OD §Turn Order 7: the duel is over once
    the board is full."""
    turns = state.turns + 1
    if board_full(state):
        return _end_of_turn(state, _S_OVER, state.turn, turns, None, False, (), None)
    step = _after_refill(state.market, state.stack, state.bag)
    return _end_of_turn(state, step, 1 - state.turn, turns, None, False, (), None)


# ---------------------------------------------------------------------------
# Boss cards.


def _reveal(state: State, seat: int) -> State:
    """OD §Boss Cards: once per game, at any moment of one's own turn."""
    boss = state.bosses[seat]
    revealed = (True, state.revealed[1]) if seat == 0 else (state.revealed[0], True)
    if _TRACE.events is not None and reveal_idle(state, seat) is not None:
        _note("idle", seat)
    ability = _reveal_ability(state, seat)
    state = _set_revealed_resume(state, revealed, state.step)
    if boss is Boss.DR_DEADLY:
        lair = state.lairs[seat]
        if lair.expended:
            _note("refresh", lair.expended)
        lair = Lair(lair.waiting, lair.crystals, lair.spires + lair.expended, 0, lair.heroes)
        state = _set_lair(state, seat, lair)
    if ability is not None:
        return _set_step(state, ability)
    return _resume(state)


def _reveal_ability(state: State, seat: int) -> Step | None:
    """The step of `seat`'s Boss's reveal ability, if it has one and there is
    something for it to do (OD-8, OD-21); Dr. Deadly's resolves at once."""
    boss = state.bosses[seat]
    if boss is Boss.KING_CROAK:
        # OD-8: takes a Dungeon from the market, if it shows one.
        if market_dungeons(state) and any(t is not None and t is not _DUNGEON for t in state.tiles):
            return _S_CROAK
    elif boss is Boss.BELLADONNA:
        if any(k is not None for k in state.tokens):
            return _S_POISON
    elif boss is Boss.BARON_HEX:
        if any(p.token is not None for p in state.market):
            return _S_HEX
    elif boss is Boss.QUEEN_RIMEFANG:
        if _slide_exists(state, seat, False):
            return _S_FROST
    elif boss is Boss.WARLORD_GRIMTUSK:
        if _HERO in state.tokens:
            return _S_SLAY
    return None


#: what each Boss's reveal ability does when it can do nothing (`reveal_idle`)
_IDLE_WORDS = {
    Boss.KING_CROAK: "destroys nothing",
    Boss.BELLADONNA: "poisons nothing",
    Boss.BARON_HEX: "takes nothing",
    Boss.DR_DEADLY: "refreshes nothing",
    Boss.QUEEN_RIMEFANG: "slides nothing",
    Boss.WARLORD_GRIMTUSK: "slays nothing",
}


def reveal_idle(state: State, seat: int, whose: str = "your") -> tuple[str, str] | None:
    """Why `seat`'s Boss's reveal ability would do nothing now, and what it
    then does ("your lair has no spent Spire", "refreshes nothing"); None
    when it can act. `whose` names the owner's lair. Works on the owner's
    view: a player is told before revealing for nothing (a play-test)."""
    boss = state.bosses[seat]
    if boss is None or _reveal_ability(state, seat) is not None:
        return None
    if boss is Boss.DR_DEADLY:
        if state.lairs[seat].expended:
            return None
        reason = f"{whose} lair has no spent Spire"
    elif boss is Boss.KING_CROAK:
        if not market_dungeons(state):
            reason = "the market shows no Dungeon"
        elif any(t is not None for t in state.tiles):
            reason = "every tile on the board is a Dungeon"
        else:
            reason = "the board has no tile yet"
    else:
        reason = {
            Boss.BELLADONNA: "no token is on the board",
            Boss.BARON_HEX: "the market shows no token",
            Boss.QUEEN_RIMEFANG: "no tile can slide now",
            Boss.WARLORD_GRIMTUSK: "no hero is on the board",
        }[boss]
    return reason, _IDLE_WORDS[boss]


def _resume(state: State) -> State:
    step = state.resume or state.step
    return _enter(_set_resume_step(state, None, step), step)


def _return_token(state: State, square: int) -> State:
    """A token leaves the board: a hero to the supply, any other to the bag."""
    token = state.tokens[square]
    tokens = state.tokens[:square] + (None,) + state.tokens[square + 1 :]
    if token is _HERO:
        return _set_tokens_heroes(state, tokens, state.heroes + 1)
    assert token is not None
    return _set_tokens_bag(state, tokens, _inc(state.bag, BAG_INDEX[token]))


def _destroy(state: State, square: int, slot: int) -> State:
    """OD-8: King Croak destroys a tile (out of the game; its token back to
    the bag, a hero to the supply) and puts a market Dungeon in its place."""
    if state.tokens[square] is not None:
        state = _return_token(state, square)
    old = state.tiles[square]
    assert old is not None
    tiles = state.tiles[:square] + (_DUNGEON,) + state.tiles[square + 1 :]
    pair = state.market[slot]
    market = state.market[:slot] + (Pair(None, pair.token),) + state.market[slot + 1 :]
    pending = tuple(t for t in state.pending_towns if t != square)
    return evolve(
        state,
        tiles=tiles,
        market=market,
        removed=tuple(sorted(state.removed + (old,))),
        pending_towns=pending,
    )


# ---------------------------------------------------------------------------
# Views, outcome and the table's log.


def view(state: State, seat: int | None) -> State:
    """What `seat` may know (None: a spectator): the opponent's Boss until
    it is revealed or the game is over, and the undealt Boss cards, are None,
    pooled in `unseen`.
    The stack and bag stay: their contents follow from the public table."""
    unseen: list[Boss] = list(state.unseen or ())
    bosses = list(state.bosses)
    for s in (0, 1):
        b = bosses[s]
        # OD §Boss cards: each objective is scored at the end "whether you
        # revealed your Boss or not", so at the end every Boss is shown.
        if s != seat and not state.revealed[s] and b is not None and state.step is not _S_OVER:
            unseen.append(b)
            bosses[s] = None
    unseen.extend(b for b in state.boss_deck if b is not None)
    return evolve(
        state,
        bosses=tuple(bosses),
        boss_deck=(None,) * len(state.boss_deck),
        unseen=tuple(sorted(unseen)),
    )


#: the score pad's line of the tile score (OD-12, OD-22): in sentence case
#: as the pad's other lines, a house term and not the rulebook's
TILE_SCORE = "Tile score"
#: the score pad's last line of the Tile Score's (OD-22)
_LAST_TILE_LINE = [name for name in CATEGORIES if name in TILE_CATEGORIES][-1]


def outcome(state: State) -> Outcome | None:
    """The score pad, category by category; OD-12: a tie goes to the higher
    Tile Score, and if still tied both win."""
    if state.step is not _S_OVER:
        return None
    pad = score_pad(state)
    scores = pad.totals
    notes = list(pad.notes)
    tiles = pad.tile_scores
    if scores[0] != scores[1]:
        winners = frozenset({0 if scores[0] > scores[1] else 1})
    else:
        if tiles[0] != tiles[1]:
            winners = frozenset({0 if tiles[0] > tiles[1] else 1})
        else:
            winners = frozenset({0, 1})
        # in the numbers the pad shows (Total, Tile score): a note that the
        # loser's score was "set one below the winner's" spoke of the ranking
        # (Outcome.scores), shown nowhere, beside two equal Totals
        notes.append(f"{_tie_words(scores, tiles, winners)} (house ruling OD-12).")
    # The Tile Score (OD-22: the tiles' lines, the tie-break) stands under the
    # last of those lines, where a pad's subtotal goes: at the foot, above the
    # Total, it read as a part of it.
    breakdown: tuple[Category, ...] = ()
    for name, values in pad.categories:
        breakdown += (Category(name, values),)
        if name == _LAST_TILE_LINE:
            breakdown += (Category(TILE_SCORE, pad.tile_scores),)
    breakdown += (Category("Total", scores),)
    # Outcome.scores ranks the seats: a duel lost on the Tile Score (OD-12)
    # scores one below the winner; the pad's Total keeps the Power.
    ranks = tuple((scores[s], pad.tile_scores[s]) for s in (0, 1))
    ranked = standing_scores(scores, ranks)
    return Outcome(
        scores=ranked,
        winners=winners,
        breakdown=breakdown,
        notes=tuple(notes),
        points=scores if ranked != scores else (),
    )


def _tie_words(power: Sequence[int], tiles: Sequence[int], winners: frozenset[int]) -> str:
    """OD-12, how a tie on Power went: "Tied at 35: {1} wins on the tile
    score, 26 to 19", or "Tied at 35, and at 20 on the tile score: both win"."""
    if len(winners) > 1:
        return f"Tied at {power[0]}, and at {tiles[0]} on the tile score: both win"
    (w,) = winners
    return (f"Tied at {power[w]}: {seat_mark(w)} wins on the tile score, "
            f"{tiles[w]} to {tiles[1 - w]}")


def _tied(outcome: Outcome) -> tuple[Sequence[int], Sequence[int]] | None:
    """The Power and the tile scores of a duel tied on Power, else None."""
    power = outcome.counted
    tiles = next((c.values for c in outcome.breakdown if c.name == TILE_SCORE), None)
    return None if tiles is None or power[0] != power[1] else (power, tiles)


def tie_words(outcome: Outcome) -> str:
    """How a tie on Power went, seats as `seat_mark`s (the final table's
    prompt says it): "Tied at 35: {1} wins on the tile score, 26 to 19";
    "" when the Power decided."""
    tied = _tied(outcome)
    return "" if tied is None else _tie_words(*tied, frozenset(outcome.winners))


def results_tie_words(outcome: Outcome) -> str:
    """For the results' title, after "wins" (OD-12): "Bram wins on the tile
    score, 26 to 19 (tied at 35)", the tie-break in sight at 80x24 beside
    two equal scores; "" when the Power decided."""
    tied = _tied(outcome)
    if tied is None:
        return ""
    power, tiles = tied
    if len(outcome.winners) > 1:
        return f" (tied at {power[0]}, and at {tiles[0]} on the tile score)"
    (w,) = outcome.winners
    return f" on the tile score, {tiles[w]} to {tiles[1 - w]} (tied at {power[w]})"


#: Why a monster from a lair is placed without being chosen (OD §Placing
#: Tokens), told in the log line that places it: a bot putting one on your
#: half, on top of its own token, read as a bug.
LAIR_RULE = "Monsters waiting in a lair must go on open terrain, on either half."


def describe(
    state: State,
    seat: int,
    action: object,
    names: Sequence[str] | None = None,
    viewer: int | None = None,
) -> str:
    """One log line for `action` applied to `state` by `seat`, worded for
    `viewer` (None: a spectator, who reads the public line). A Boss still
    face down is named only to its owner (OD §Boss Cards). Tokens the rules
    then place by themselves (the drafted monster on the new tile, OD-13; a
    single possible place, OD-17) are named too, so nothing appears
    unexplained."""
    line = _describe_action(state, seat, action, names, viewer)
    events: list[tuple] = []
    _TRACE.events = events
    try:
        apply(state, seat, action)
    except IllegalAction:
        return line
    finally:
        _TRACE.events = None
    # The action's own token (a token placed, a hero spawned) is the line
    # itself; every other event follows it, in the order the rules made it.
    own = _own_event(action)
    if own is not None and events and events[0][: len(own)] == own:
        events = events[1:]
    told = [_event_words(state, e, names) for e in events]
    if told:
        line += " Then " + ", then ".join(told) + "."
    if (state.step is _S_LAIR and action.__class__ is PlaceToken) or any(
            e[0] == "place" and e[4] for e in events):
        line += " " + LAIR_RULE
    return line


def _own_event(action: object) -> tuple | None:
    """The event that is the action itself (see `describe`)."""
    cls = action.__class__
    if cls is PlaceToken:
        return ("place", action.token, action.square)
    if cls is SpawnHero:
        return ("spawn", action.town, action.square)
    return None


def _event_words(state: State, event: tuple, names: Sequence[str] | None) -> str:
    """One thing the rules did by themselves (OD-13, OD-17), for the log:
    a hero spawning (and the monster it sends back), a token placed (and the
    hero it slays), a drafted token waiting in the lair, a Crystal or Spire
    going there, what a Boss's reveal did by itself (or why nothing)."""
    g = geometry(state.options.rows)
    owner = _seat_name(names, state.turn)
    kind = event[0]
    if kind == "spawn":
        _, town, square, old = event
        if square == town:
            words = f"a hero spawns on {g.names[square]}"
        else:
            words = f"the Town on {g.names[town]} spawns a hero on {g.names[square]}"
        if old is not None and old is not _HERO:
            words += f" and the {old.label} there returns to the bag"
        return words
    if kind == "place":
        _, token, square, slain, from_lair = event
        source = f" from {owner}'s lair" if from_lair else ""
        # whose half, for a lair's monster: it may go on either (`LAIR_RULE`)
        side = f" ({_seat_name(names, g.owner[square])}'s side)" if from_lair else ""
        words = f"{_a(token.label)}{source} goes to {g.names[square]}{side}"
        if slain:
            words += " and the hero there is slain"
        return words
    if kind == "lair":
        return f"the {event[1].label} goes to {owner}'s lair"
    if kind == "refresh":
        n = event[1]
        spires = "spent Spire is" if n == 1 else f"{n} spent Spires are"
        return f"{owner}'s {spires} ready again"
    if kind == "idle":
        seat = event[1]
        boss = state.bosses[seat]
        idle = reveal_idle(state, seat, whose=f"{_seat_name(names, seat)}'s")
        assert boss is not None and idle is not None
        reason, what = idle
        return f"{boss_cards.card(boss).name} {what}: {reason}"
    # "wait": with how many of its kind then wait (a play-test read "the
    # Bandit waits" with a second one drawn by a Spawning Pool there too)
    _, token, count = event
    if count > 1:
        return f"{count} {_plural(token.label)} wait in {owner}'s lair"
    return f"the {token.label} waits in {owner}'s lair"


def _seat_name(names: Sequence[str] | None, seat: int) -> str:
    if names is not None and seat < len(names):
        return names[seat]
    return f"Boss {seat + 1}"


def _plural(label: str) -> str:
    """ "Bandits", "Werewolves", "Rocktopuses", "Minibosses"."""
    if label.endswith("f"):
        return label[:-1] + "ves"
    return label + ("es" if label.endswith("s") else "s")


def _a(label: str) -> str:
    """ "a Yeti", "an Icy Peak"."""
    return f"{'an' if label[:1] in 'AEIOU' else 'a'} {label}"


#: what a Skip declines, step by step (the log names it)
_SKIPPED = {
    Step.SLIDE: "the Icy Peak's slide",
    Step.SWAP: "the Road's swap",
    Step.REFRESH: "the Sunken City's Spire refresh",
    Step.CROAK: "King Croak's tile destruction",
    Step.POISON: "Belladonna's poison",
    Step.HEX: "Baron Hex's token grab",
    Step.FROST: "Queen Rimefang's slide",
    Step.SLAY: "Warlord Grimtusk's slaying",
}


def _describe_action(
    state: State, seat: int, action: object, names: Sequence[str] | None, viewer: int | None
) -> str:
    g = geometry(state.options.rows)

    def name(s: int) -> str:
        return _seat_name(names, s)

    def where(square: int, *, subject: bool = True) -> str:
        """A square and whose side it is: "their" only in a line whose
        subject is that side's player (`who`); anywhere else the owner is
        named, so each reader's `second_person` makes it "your side"."""
        owner = g.owner[square]
        side = "their" if subject and owner == state.turn else f"{name(owner)}'s"
        return f"{g.names[square]} ({side} side)"

    def tile_at(square: int) -> str:
        t = state.tiles[square]
        return t.label if t is not None else "tile"

    def moved(square: int) -> str:
        """The tile on `square` and the token that moves with it (OD
        §Spires: "Any tokens on the moved tile move with it"; OD §Icy
        Peak): "Road with its Werewolf"; tokens on the board are public."""
        k = state.tokens[square]
        if k is None:
            return tile_at(square)
        return f"{tile_at(square)} with its {'hero' if k is _HERO else k.label}"

    def from_to(src: int, dst: int) -> str:
        """ "from c6 to c5 (their side)"; across the middle both sides are
        named ("from c6 (Bram's side) to c1 (Ann's side)"), so each reader
        sees a tile taken from (or brought to) "your side"."""
        if g.owner[src] == g.owner[dst]:
            return f"from {g.names[src]} to {where(dst)}"
        return f"from {where(src, subject=False)} to {where(dst, subject=False)}"

    who = name(state.turn)
    cls = action.__class__
    if cls is DealBoss:
        target = 0 if state.bosses[0] is None else 1
        if viewer == target:
            return f"{name(target)} is dealt a secret Boss: {boss_cards.title(action.boss)}."
        return f"{name(target)} is dealt a secret Boss."
    if cls is DrawTile:
        nxt = _refill_next(state)
        slot = nxt[1] + 1 if nxt else "?"
        return f"Market pair {slot} gets {_a(action.tile.label)}."
    if cls is DrawToken:
        if state.step is _S_POOL_DRAW:
            return f"The Spawning Pool sends {_a(action.token.label)} to {who}'s lair."
        nxt = _refill_next(state)
        slot = nxt[1] + 1 if nxt else "?"
        return f"Market pair {slot} gets {_a(action.token.label)}."
    if cls is Draft:
        pair = state.market[action.slot]
        token = pair.token.label if pair.token is not None else "no token"
        tile = pair.tile.label if pair.tile is not None else "no tile"
        return f"{who} drafts pair {action.slot + 1}: {tile} and {token}."
    if cls is PlaceTile:
        tile = state.hand_tile.label if state.hand_tile is not None else "tile"
        return f"{who} places the {tile} on {where(action.square)}."
    if cls is Slide:
        return f"{who} slides the {moved(action.src)} {from_to(action.src, action.dst)}."
    if cls is UseSpire:
        return (f"{who} expends a Spire: the {moved(action.src)} moves "
                f"{from_to(action.src, action.dst)}.")
    if cls is SwapTokens:
        a, b = state.tokens[action.a], state.tokens[action.b]
        # across the middle both sides are named, as for a slide, so a
        # reader sees their token sent to the other half (OD §Road)
        across = g.owner[action.a] != g.owner[action.b]

        def on(square: int) -> str:
            return where(square, subject=False) if across else g.names[square]

        return (
            f"{who} swaps the {a.label if a else '?'} on {on(action.a)} with the "
            f"{b.label if b else '?'} on {on(action.b)}."
        )
    if cls is SpawnHero:
        here = state.tokens[action.square]
        line = (
            f"The Town on {g.names[action.town]} spawns a hero on "
            f"{where(action.square, subject=False)}"
        )
        if here is not None and here is not _HERO:
            line += f"; the {here.label} returns to the bag"
        return line + "."
    if cls is RefreshSpire:
        return f"{who} refreshes an expended Spire."
    if cls is PlaceToken:
        from_lair = state.hand_token is None or action.token is not state.hand_token
        source = " from their lair" if from_lair else ""
        line = f"{who} places {_a(action.token.label)}{source} on {where(action.square)}"
        if state.tokens[action.square] is _HERO:
            line += " and slays the hero"
        return line + "."
    if cls is RevealBoss:
        boss = state.bosses[seat]
        title = boss_cards.title(boss) if boss is not None else "their Boss"
        return f"{who} reveals their Boss: {title}!"
    if cls is Destroy:
        line = (
            f"King Croak destroys the {tile_at(action.square)} on "
            f"{where(action.square, subject=False)}; "
            f"the Dungeon of pair {action.slot + 1} takes its place"
        )
        k = state.tokens[action.square]
        if k is _HERO:
            line += "; the hero on it returns to the supply"
        elif k is not None:
            line += f"; the {k.label} on it returns to the bag"
        return line + "."
    if cls is Poison:
        k = state.tokens[action.square]
        spot = where(action.square, subject=False)
        what = "hero" if k is _HERO else k.label if k else "token"
        return f"Belladonna poisons the {what} on {spot}."
    if cls is TakeToken:
        k = state.market[action.slot].token
        return f"Baron Hex takes the {k.label if k else 'token'} of pair {action.slot + 1}."
    if cls is Slay:
        return f"Warlord Grimtusk slays the hero on {where(action.square, subject=False)}."
    if cls is Skip:
        if state.step is _S_TOKEN and state.hand_token is not None:
            # OD-13: only when no open terrain tile is left for it
            return (f"{who} keeps the {state.hand_token.label} in their lair: no open "
                    "terrain tile is left for it.")
        return f"{who} skips {_SKIPPED.get(state.step, 'the optional effect')}."
    if cls is EndTurn:
        return f"{who} ends their turn."
    return f"{who}: {action}"
