"""Build Overboss Duel tables by hand for rule tests.

`table()` lays out a board from a picture, row 0 (seat 1's back row) first,
as seat 0 sees it. Each square is two characters: the terrain letter
(D I P R T S) or "." for an open square, then the token letter (Y B L K W
for Yeti, Bandit, Spellslime, Rocktopus, Werewolf; M miniboss; H hero) or
"." for none. Squares are separated by spaces; "|" lines are ignored.

The stack, bag and hero supply are whatever the board, market and lairs
leave of the box, so every table conserves its components.
"""

from __future__ import annotations

from collections import Counter

import attrs

from core import CHANCE
from core.overboss import GAME, rules
from core.overboss.board import geometry
from core.overboss.components import (
    BAG_TOKENS,
    BOSSES,
    HEROES,
    START_BAG,
    START_STACK,
    TERRAINS,
    Boss,
    Terrain,
    Token,
)
from core.overboss.state import Lair, Options, Pair, State, Step

TERRAIN_OF = {t.letter: t for t in Terrain}
TOKEN_OF = {t.letter: t for t in Token if not t.crystal and t is not Token.SPIRE}

D, I, P, R, T, S = (  # noqa: E741 - the terrain letters
    Terrain.DUNGEON,
    Terrain.ICY_PEAK,
    Terrain.SPAWNING_POOL,
    Terrain.ROAD,
    Terrain.TOWN,
    Terrain.SUNKEN_CITY,
)
YETI, BANDIT, SLIME, ROCK, WOLF, MINI, HERO, SPIRE = (
    Token.YETI,
    Token.BANDIT,
    Token.SPELLSLIME,
    Token.ROCKTOPUS,
    Token.WEREWOLF,
    Token.MINIBOSS,
    Token.HERO,
    Token.SPIRE,
)


def parse(picture: str, rows: int = 8) -> tuple[tuple, tuple]:
    """(tiles, tokens) from a board picture."""
    lines = [ln.split() for ln in picture.strip().splitlines() if ln.strip() and "|" not in ln]
    assert len(lines) == rows, f"{len(lines)} rows, expected {rows}"
    tiles, tokens = [], []
    for line in lines:
        assert len(line) == 4, line
        for sq in line:
            tiles.append(TERRAIN_OF.get(sq[0]))
            tokens.append(TOKEN_OF.get(sq[1]))
    return tuple(tiles), tuple(tokens)


def sq(name: str, rows: int = 8) -> int:
    """The square named like "a1" (seat 0's back-left corner)."""
    return geometry(rows).names.index(name)


def table(
    picture: str | None = None,
    *,
    short: bool = False,
    turn: int = 0,
    step: Step = Step.DRAFT,
    market: tuple[tuple[Terrain | None, Token | None], ...] | None = None,
    lairs: tuple[Lair, Lair] = (Lair(), Lair()),
    bosses: tuple[Boss | None, Boss | None] = (Boss.KING_CROAK, Boss.BELLADONNA),
    revealed: tuple[bool, bool] = (False, False),
    hand: tuple[Terrain | None, Token | None] = (None, None),
    placed: int | None = None,
    removed: tuple[Terrain, ...] = (),
    **changes,
) -> State:
    """A table in the middle of a game, as a test describes it."""
    options = Options(short_board=short)
    rows = options.rows
    if picture is None:
        picture = "\n".join([".. .. .. .."] * rows)
    tiles, tokens = parse(picture, rows)
    if market is None:
        market = ((R, BANDIT), (I, YETI), (T, WOLF), (P, SLIME))
    market_pairs = tuple(Pair(t, k) for t, k in market)
    used_tiles = Counter(t for t in tiles if t is not None)
    used_tiles.update(t for t, _ in market if t is not None)
    used_tiles.update(removed)
    if hand[0] is not None:
        used_tiles[hand[0]] += 1
    used_tokens = Counter(k for k in tokens if k is not None and k is not HERO)
    used_tokens.update(k for _, k in market if k is not None)
    if hand[1] is not None:
        used_tokens[hand[1]] += 1
    heroes = HEROES - tokens.count(HERO)
    for lair in lairs:
        used_tokens.update(lair.waiting)
        used_tokens.update(lair.crystals)
        used_tokens[SPIRE] += lair.spires + lair.expended
        heroes -= lair.heroes
    stack = tuple(n - used_tiles[t] for n, t in zip(START_STACK, TERRAINS, strict=True))
    bag = tuple(n - used_tokens[k] for n, k in zip(START_BAG, BAG_TOKENS, strict=True))
    assert min(stack) >= 0 and min(bag) >= 0 and heroes >= 0, (stack, bag, heroes)
    deck = list(BOSSES)
    for b in bosses:
        if b is not None:
            deck.remove(b)
    base = GAME.setup(2, options)
    return attrs.evolve(
        base,
        tiles=tiles,
        tokens=tokens,
        market=market_pairs,
        stack=stack,
        bag=bag,
        heroes=heroes,
        lairs=lairs,
        bosses=bosses,
        revealed=revealed,
        boss_deck=tuple(deck),
        step=step,
        turn=turn,
        hand_tile=hand[0],
        hand_token=hand[1],
        placed=placed,
        removed=removed,
        **changes,
    )


def play(state: State, seat: int, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def chance(state: State, *actions: object) -> State:
    """Resolve pending chance steps with these outcomes, in order."""
    for action in actions:
        assert GAME.to_act(state) == {CHANCE}, state.step
        state = GAME.apply(state, CHANCE, action)
    return state


def all_tiles(state: State) -> Counter:
    c = Counter(t for t in state.tiles if t is not None)
    c.update(p.tile for p in state.market if p.tile is not None)
    c.update(state.removed)
    if state.hand_tile is not None:
        c[state.hand_tile] += 1
    for t, n in zip(TERRAINS, state.stack, strict=True):
        c[t] += n
    return c


def all_tokens(state: State) -> Counter:
    """Every bag token, wherever it is (heroes apart)."""
    c = Counter(k for k in state.tokens if k is not None and k is not HERO)
    c.update(p.token for p in state.market if p.token is not None)
    if state.hand_token is not None:
        c[state.hand_token] += 1
    for lair in state.lairs:
        c.update(lair.waiting)
        c.update(lair.crystals)
        c[SPIRE] += lair.spires + lair.expended
    for k, n in zip(BAG_TOKENS, state.bag, strict=True):
        c[k] += n
    return +c


def all_heroes(state: State) -> int:
    return state.heroes + state.tokens.count(HERO) + sum(lair.heroes for lair in state.lairs)


__all__ = [
    "BANDIT",
    "D",
    "GAME",
    "HERO",
    "I",
    "MINI",
    "P",
    "R",
    "ROCK",
    "S",
    "SLIME",
    "SPIRE",
    "T",
    "WOLF",
    "YETI",
    "Boss",
    "Lair",
    "Options",
    "Pair",
    "State",
    "Step",
    "all_heroes",
    "board",
    "all_tiles",
    "all_tokens",
    "chance",
    "parse",
    "play",
    "rules",
    "sq",
    "table",
]


def board(rows: int = 8, **squares: str) -> str:
    """A board picture with the named squares filled: ``board(a1="IY")``
    puts an Icy Peak holding a Yeti on a1; others are open."""
    g = geometry(rows)
    cells = [".."] * g.size
    for name, code in squares.items():
        cells[g.names.index(name)] = code
    return "\n".join(" ".join(cells[r * 4 : r * 4 + 4]) for r in range(rows))
