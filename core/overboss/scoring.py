"""The score pad: every category, per side (rulebook "Placing and Scoring
Tiles", "Placing and Scoring Tokens", "Boss Cards"; OD-10, OD-11, OD-12).

`score_pad(state)` scores any state, finished or not (a running estimate for
a screen or a bot); a Boss that a view hides scores its objective as 0.
"""

from __future__ import annotations

import attrs

from core.engine import row_changes
from core.overboss.board import geometry
from core.overboss.components import (
    CRYSTAL_TERRAIN,
    LONGEST_ROAD_BONUS,
    MATCH,
    TERRAIN_INDEX,
    Boss,
    Terrain,
    Token,
    band_points,
)
from core.overboss.state import State

#: The score pad's categories, in the order a player reads them.
CATEGORIES: tuple[str, ...] = (
    "Dungeons",
    "Icy Peaks",
    "Spawning Pools",
    "Roads",
    "Longest road",
    "Towns",
    "Sunken Cities",
    "Bands",
    "Matching monsters",
    "Minibosses",
    "Crystals",
    "Heroes slain",
    "Boss objective",
)
#: OD-12: the Tile Score is the points from tiles alone.
TILE_CATEGORIES = frozenset(
    {"Dungeons", "Icy Peaks", "Spawning Pools", "Roads", "Longest road", "Towns", "Sunken Cities"}
)

_DUNGEON = Terrain.DUNGEON
_ICY = Terrain.ICY_PEAK
_POOL = Terrain.SPAWNING_POOL
_ROAD = Terrain.ROAD
_TOWN = Terrain.TOWN
_SUNKEN = Terrain.SUNKEN_CITY
_MINIBOSS = Token.MINIBOSS
_HERO = Token.HERO
_YETI = Token.YETI
_ICY_I = TERRAIN_INDEX[_ICY]
_ROAD_I = TERRAIN_INDEX[_ROAD]


@attrs.frozen
class ScorePad:
    """Per category, a value per seat; totals; the Tile Score; notes."""

    categories: tuple[tuple[str, tuple[int, int]], ...]
    totals: tuple[int, int]
    tile_scores: tuple[int, int]
    notes: tuple[str, ...] = ()

    def value(self, name: str) -> tuple[int, int]:
        for n, v in self.categories:
            if n == name:
                return v
        raise KeyError(name)


def road_groups(state: State) -> list[tuple[int, ...]]:
    """Connected groups of Road tiles (orthogonal, across the divide)."""
    g = geometry(state.options.rows)
    tiles = state.tiles
    seen: set[int] = set()
    groups = []
    for s in range(g.size):
        if tiles[s] is not _ROAD or s in seen:
            continue
        group = [s]
        seen.add(s)
        i = 0
        while i < len(group):
            for n in g.neighbours[group[i]]:
                if tiles[n] is _ROAD and n not in seen:
                    seen.add(n)
                    group.append(n)
            i += 1
        groups.append(tuple(sorted(group)))
    return groups


def longest_roads(state: State) -> tuple[int, int]:
    """OD-10: each player's longest Road group among the groups their half
    holds more of (both halves hold a tied group)."""
    owner = geometry(state.options.rows).owner
    best = [0, 0]
    for group in road_groups(state):
        mine = sum(1 for s in group if owner[s] == 0)
        theirs = len(group) - mine
        for seat, count, other in ((0, mine, theirs), (1, theirs, mine)):
            if count >= other and len(group) > best[seat]:
                best[seat] = len(group)
    return best[0], best[1]


def bands(state: State) -> list[tuple[tuple[int, ...], Token]]:
    """OD-11: every band, a maximal straight run of 2+ same-type monsters."""
    g = geometry(state.options.rows)
    tokens = state.tokens
    out = []
    for line in g.lines_h + g.lines_v:
        run: list[int] = []
        kind = None
        for s in line + (-1,):
            k = tokens[s] if s >= 0 else None
            if k is not None and k is kind:
                run.append(s)
                continue
            if len(run) >= 2:
                out.append((tuple(run), kind))
            run = [s]
            kind = k if k in MATCH else None
    return out


def score_pad(state: State) -> ScorePad:
    """Score both sides of the board as they stand."""
    g = geometry(state.options.rows)
    tiles = state.tiles
    tokens = state.tokens
    owner = g.owner
    neighbours = g.neighbours
    lairs = state.lairs
    dungeons = [0, 0]
    icy = [0, 0]
    pools = [0, 0]
    roads = [0, 0]
    towns = [0, 0]
    sunken = [0, 0]
    matching = [0, 0]
    minibosses = [0, 0]
    yetis = [0, 0]
    counts = [[0] * 6, [0] * 6]
    dungeons_on_board = 0
    for s in range(g.size):
        t = tiles[s]
        if t is None:
            continue
        o = owner[s]
        counts[o][TERRAIN_INDEX[t]] += 1
        if t is _DUNGEON:
            dungeons_on_board += 1
            kinds = {tiles[n] for n in neighbours[s]}
            kinds.discard(None)
            dungeons[o] += 1 + len(kinds)
        elif t is _ICY:
            icy[o] += 1 if any(tiles[n] is _ICY for n in neighbours[s]) else 3
        elif t is _POOL:
            # Each monster kind counts once, each miniboss on its own; heroes not.
            kinds = set()
            unique = 0
            for q in g.row_of[s]:
                k = tokens[q]
                if k is _MINIBOSS:
                    unique += 1
                elif k is not None and k is not _HERO:
                    kinds.add(k)
            pools[o] += len(kinds) + unique
        elif t is _ROAD:
            roads[o] += 1
        elif t is _TOWN:
            towns[o] += 2
        elif s in g.water:  # a Sunken City on a water edge
            sunken[o] += lairs[o].architectural
        k = tokens[s]
        if k is None:
            continue
        if k is _MINIBOSS:
            minibosses[o] += 2
        elif MATCH.get(k) is t:
            matching[o] += 1
        if k is _YETI:
            yetis[o] += 1
    # Longest road (OD-10).
    longest = [0, 0]
    best = longest_roads(state)
    if best != (0, 0):
        if best[0] >= best[1]:
            longest[0] = LONGEST_ROAD_BONUS
        if best[1] >= best[0]:
            longest[1] = LONGEST_ROAD_BONUS
    # Bands (OD-11): the half holding more of a band scores it; both on a tie.
    band = [0, 0]
    notes: list[str] = []
    for run, _kind in bands(state):
        mine = sum(1 for s in run if owner[s] == 0)
        theirs = len(run) - mine
        points = band_points(len(run))
        if mine >= theirs:
            band[0] += points
        if theirs >= mine:
            band[1] += points
    # Crystals: their Boss's side only (Baron Hex revealed: either half).
    crystals = [0, 0]
    for o in (0, 1):
        hex_ = state.bosses[o] is Boss.BARON_HEX and state.revealed[o]
        crossed: list[tuple[Token, int, int]] = []
        for c in lairs[o].crystals:
            i = TERRAIN_INDEX[CRYSTAL_TERRAIN[c]]
            own = counts[o][i]
            other = counts[1 - o][i]
            if hex_ and other > own:
                crystals[o] += other
                crossed.append((c, other, own))
            else:
                crystals[o] += own
        # one note for them all: a note each took two lines of the final
        # pad, and at 80x24 only the first was in sight (a play-test)
        if len(crossed) == 1:
            c, other, own = crossed[0]
            notes.append(
                f"Baron Hex: the {c.label} scores the other half ({other} instead of {own})."
            )
        elif crossed:
            each = ", ".join(f"{CRYSTAL_TERRAIN[c].label} {other} (not {own})"
                             for c, other, own in crossed)
            notes.append(f"Baron Hex: Crystals scored on the other half: {each}.")
    heroes = [lairs[0].heroes, lairs[1].heroes]
    objective = [0, 0]
    for o in (0, 1):
        boss = state.bosses[o]
        lair = lairs[o]
        if boss is Boss.KING_CROAK:
            objective[o] = dungeons_on_board
        elif boss is Boss.BELLADONNA:
            objective[o] = matching[o]
        elif boss is Boss.BARON_HEX:
            objective[o] = 2 * len(lair.crystals)
        elif boss is Boss.DR_DEADLY:
            objective[o] = 2 * (lair.spires + lair.expended)
        elif boss is Boss.QUEEN_RIMEFANG:
            objective[o] = counts[o][_ICY_I] + yetis[o]
        elif boss is Boss.WARLORD_GRIMTUSK:
            objective[o] = lair.heroes + counts[o][_ROAD_I]
    values = (
        dungeons,
        icy,
        pools,
        roads,
        longest,
        towns,
        sunken,
        band,
        matching,
        minibosses,
        crystals,
        heroes,
        objective,
    )
    categories = tuple((name, (v[0], v[1])) for name, v in zip(CATEGORIES, values, strict=True))
    totals = (sum(v[0] for v in values), sum(v[1] for v in values))
    tile_scores = (
        sum(v[0] for n, v in categories if n in TILE_CATEGORIES),
        sum(v[1] for n, v in categories if n in TILE_CATEGORIES),
    )
    return ScorePad(categories, totals, tile_scores, tuple(notes))


def totals(state: State) -> tuple[int, int]:
    """Both sides' scores as the board stands (what a running estimate shows)."""
    return score_pad(state).totals


def score_changes(before: State, after: State) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per side, the score pad's rows whose points changed from `before` to
    `after`, and by how much (`row_changes`): a move's score, as the recap
    says it. Given two views of one seat, a Boss hidden from it scores 0 in
    both, so its objective never shows (OD §Boss Cards)."""
    return row_changes(score_pad(before).categories, score_pad(after).categories)
