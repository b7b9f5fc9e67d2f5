"""Overboss Duel's search hooks (`core.engine.SearchHooks`): what a searching
bot (core/bots/ismcts.py) may know of this game.

Hidden information is small here: a view hides only Boss cards (the
opponent's until revealed, and the undealt ones), pooled in `unseen`; the
stack and bag are counts that follow from the public table and stay in
every view (`core.overboss.state`). So `determinize` deals the unseen Boss
cards back at random, and everything else is the view as it is.

`evaluate` reads the running score pad (OD-10, OD-11, OD-12): a logistic of
the score margin whose spread grows with the squares still open (more turns
left, less sure), fitted roughly on random playouts (see `MARGIN_BASE`).
`rollout` is random play made cheaply greedy where it matters most (the
tile goes where it scores at once, a token where it matches) and without
the moves random play wastes (Spire moves, early reveals); `prune` trims
the few decisions with hundreds of options (a late Road swap, Spire moves
at every step, King Croak's targets).
"""

from __future__ import annotations

import math
import random
from typing import Any

from core.engine import SearchHooks, evolve
from core.overboss import rules
from core.overboss.actions import (
    Destroy,
    PlaceTile,
    PlaceToken,
    RevealBoss,
    SwapTokens,
    UseSpire,
)
from core.overboss.board import geometry
from core.overboss.bosses import CARDS
from core.overboss.components import BOSSES, MATCH, Terrain, Token
from core.overboss.scoring import score_pad
from core.overboss.state import State, Step

_BOSS_ORDER = {b: i for i, b in enumerate(BOSSES)}
_REVEAL = RevealBoss()


def determinize(view: State, seat: int | None, rng: random.Random) -> State:
    """A full state `view` (seat's view; None: a spectator's) could be.

    OD §Boss Cards: the Bosses are dealt seat 0 then seat 1 from the six
    cards, so the deck's length tells how many were dealt; a dealt Boss the
    view shows as None is face down for this seat. Those and the deck's
    `None`s are filled from `unseen` uniformly at random. The deck keeps
    the order a real state keeps (the box's order, `BOSSES`), and `unseen`
    is None as in a real state. Reads only the view.
    """
    if view.unseen is None:
        return view  # already a full state
    deck_size = len(view.boss_deck)
    dealt = len(BOSSES) - deck_size
    holes = [s for s in range(min(dealt, len(view.bosses))) if view.bosses[s] is None]
    pool = list(view.unseen)
    if len(pool) != len(holes) + deck_size:
        raise ValueError(
            f"the view hides {len(holes) + deck_size} Boss cards but its unseen pool holds "
            f"{len(pool)}"
        )
    rng.shuffle(pool)
    bosses = list(view.bosses)
    for s in holes:
        bosses[s] = pool.pop()
    pool.sort(key=_BOSS_ORDER.__getitem__)
    return evolve(view, bosses=tuple(bosses), boss_deck=tuple(pool), unseen=None)


# ---------------------------------------------------------------------------
# Evaluation.

#: The logistic's spread in points: `BASE + PER_OPEN * open squares`.
#: Fitted (least log-loss on a grid) on 1,500 playouts of the `rollout`
#: policy, both boards, cut at random drafts (margin then, winner at the
#: end): a 5-point lead with 8 squares open wins 3 times in 5, with 2 open
#: 4 times in 5. Rollouts are noisy play; a margin means more between
#: careful players, so this errs on the side of caution.
MARGIN_BASE = 2.0
MARGIN_PER_OPEN = 1.5


def evaluate(state: State) -> tuple[float, float]:
    """Each seat's chance to win, from the score pad as the board stands.

    At the end it is the result itself (OD-12: a shared win is half each).
    Before, a logistic of seat 0's margin in Power (the Tile Score breaks a
    tie, OD-12, worth a fraction of a point here), spread by how many
    squares are still open.
    """
    if state.step is Step.OVER:
        out = rules.outcome(state)
        assert out is not None
        if len(out.winners) == 2:
            return (0.5, 0.5)
        return (1.0, 0.0) if 0 in out.winners else (0.0, 1.0)
    pad = score_pad(state)
    totals, tiles = pad.totals, pad.tile_scores
    margin = totals[0] - totals[1] + 0.1 * (tiles[0] - tiles[1])
    open_squares = state.tiles.count(None)
    scale = MARGIN_BASE + MARGIN_PER_OPEN * open_squares
    x = margin / scale
    if x > 30:
        p = 1.0
    elif x < -30:
        p = 0.0
    else:
        p = 1.0 / (1.0 + math.exp(-x))
    return (p, 1.0 - p)


# ---------------------------------------------------------------------------
# Rollout policy.

_HERO = Token.HERO
_DUNGEON = Terrain.DUNGEON
_ICY = Terrain.ICY_PEAK
_POOL = Terrain.SPAWNING_POOL
_TOWN = Terrain.TOWN
_SUNKEN = Terrain.SUNKEN_CITY
_MINIBOSS = Token.MINIBOSS
#: how often a rollout reveals its Boss when it may (once a game anyway)
REVEAL_ODDS = 0.05
#: how often a rollout places its tile on the square `_square_value` likes
#: best (else anywhere at random)
GREEDY_ODDS = 0.85
_PLACE_TILE = Step.PLACE_TILE
_TOKEN = Step.TOKEN
_LAIR = Step.LAIR


def rollout(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Random play, less wasteful: no Spire moves (a random one mostly
    undoes good shapes), a rare Boss reveal, and a token goes where it
    scores (its matching terrain, or a hero it slays) when it can."""
    if len(legal) == 1:
        return legal[0]
    step = state.step
    if step is _PLACE_TILE and rng.random() < GREEDY_ODDS:
        return _best_square(state, seat, legal, rng)
    if step is _TOKEN or step is _LAIR:
        tiles, tokens = state.tiles, state.tokens
        good = [
            a
            for a in legal
            if a.__class__ is PlaceToken
            and (
                MATCH.get(a.token) is tiles[a.square]
                or tokens[a.square] is _HERO
                or a.token is _MINIBOSS
            )
        ]
        if good:
            return good[0] if len(good) == 1 else rng.choice(good)
    core = []
    reveal = None
    for a in legal:
        cls = a.__class__
        if cls is UseSpire:
            continue
        if cls is RevealBoss:
            reveal = a
        else:
            core.append(a)
    if reveal is not None and (not core or rng.random() < REVEAL_ODDS):
        return reveal
    if not core:
        return rng.choice(legal)
    return core[0] if len(core) == 1 else rng.choice(core)


def _best_square(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """The PlaceTile whose square `_square_value` likes best (ties at random)."""
    places = [a for a in legal if a.__class__ is PlaceTile]
    if not places:
        return rng.choice(legal)
    tile = state.hand_tile
    if tile is not _DUNGEON and tile is not _ICY and tile is not _POOL and tile is not _SUNKEN:
        # a Town or a Road scores the same anywhere, for the half's owner
        owner = geometry(state.options.rows).owner
        mine = [a for a in places if owner[a.square] == seat]
        best = mine or places
    else:
        best = []
        top = -99
        for a in places:
            v = _square_value(state, seat, a.square)
            if v > top:
                top, best = v, [a]
            elif v == top:
                best.append(a)
    return best[0] if len(best) == 1 else rng.choice(best)


def _square_value(state: State, seat: int, square: int) -> int:
    """What the drafted tile (and its monster, placed on it: OD-13) scores
    on `square` at once, for the half's owner: plus on this seat's half,
    minus on the opponent's. A rough local count of the score pad (OD §
    Placing and Scoring Tiles and Tokens), none of its longer reaches."""
    g = geometry(state.options.rows)
    tiles = state.tiles
    tile = state.hand_tile
    token = state.hand_token
    owner = g.owner[square]
    if tile is _DUNGEON:
        kinds = {tiles[n] for n in g.neighbours[square]}
        kinds.discard(None)
        v = 1 + len(kinds)
    elif tile is _ICY:
        v = 3
        for n in g.neighbours[square]:
            if tiles[n] is _ICY:
                v = 1
                break
    elif tile is _POOL:
        tokens = state.tokens
        v = len({k for k in (tokens[q] for q in g.row_of[square]) if k in MATCH})
    elif tile is _TOWN:
        v = 2
    elif tile is _SUNKEN:
        v = state.lairs[owner].architectural if square in g.water else 0
    else:
        v = 1
    if token is not None:
        if token is _MINIBOSS:
            v += 2
        elif MATCH.get(token) is tile:
            v += 1
    return v if owner == seat else -v


# ---------------------------------------------------------------------------
# Pruning.


def reveal_wasted(state: State, seat: int) -> bool:
    """Whether revealing `seat`'s Boss now would only give the card away.

    OD-21: an objective scores whether its Boss is revealed or not, so a
    reveal whose ability can do nothing now (`rules.reveal_idle`) gains
    nothing, unless the Boss leaves something in force (Baron Hex's
    Crystals, King Croak's lock), which is worth having face up. The
    evaluation cannot see what the secret is worth; this keeps it.
    """
    boss = state.bosses[seat]
    if boss is None or state.revealed[seat] or CARDS[boss].lasting:
        return False
    return rules.reveal_idle(state, seat) is not None


#: a Road swap keeps at most this many swaps (the best by matching), and Skip
SWAP_LIMIT = 12


def prune(state: State, seat: int, legal: tuple[Any, ...]) -> tuple[Any, ...]:
    """The part of `legal` a search tree considers (never empty).

    - A Spire moves a tile only before the turn ends (Step.END offers every
      Spire move, OD-7), not at every step of the turn: the same moves, once.
    - A Road swap (OD §Road: any two different tokens) keeps the swaps that
      put more monsters on matching terrain of this seat's half than they
      take away (best first, at most `SWAP_LIMIT`), and Skip.
    - King Croak (OD-8) destroys tiles on the opponent's half only, unless
      there are none.
    - A Boss is not revealed for nothing (`reveal_wasted`).
    """
    step = state.step
    out = legal
    if _REVEAL in out and len(out) > 1 and reveal_wasted(state, seat):
        out = tuple(a for a in out if a != _REVEAL)
    if step is not Step.END and step is not Step.DRAFT:
        kept = tuple(a for a in out if a.__class__ is not UseSpire)
        if kept:
            out = kept
    if step is Step.SWAP and len(out) > SWAP_LIMIT + 2:
        out = _prune_swaps(state, seat, out)
    elif step is Step.CROAK:
        owner = geometry(state.options.rows).owner
        kept = tuple(a for a in out if a.__class__ is not Destroy or owner[a.square] != seat)
        if any(a.__class__ is Destroy for a in kept):
            out = kept
    return out


def _prune_swaps(state: State, seat: int, legal: tuple[Any, ...]) -> tuple[Any, ...]:
    owner = geometry(state.options.rows).owner
    tiles, tokens = state.tiles, state.tokens

    def worth(square: int, token: Token | None) -> int:
        if token is None or MATCH.get(token) is not tiles[square]:
            return 0
        return 1 if owner[square] == seat else -1

    scored = []
    rest = []
    for a in legal:
        if a.__class__ is not SwapTokens:
            rest.append(a)
            continue
        ka, kb = tokens[a.a], tokens[a.b]
        gain = worth(a.a, kb) + worth(a.b, ka) - worth(a.a, ka) - worth(a.b, kb)
        if gain > 0:
            scored.append((-gain, a.a, a.b, a))
    scored.sort(key=lambda t: t[:3])
    return tuple(t[3] for t in scored[:SWAP_LIMIT]) + tuple(rest)


#: decisions a rollout plays before `evaluate` (about 5 turns). Measured on
#: a shared, loaded 2-core machine (CPU time, 42 decisions of 200 iterations
#: each with core/bots/ismcts.py): 24 gave 1,570-1,890 iterations a second,
#: 32 gave 1,230, 40 gave 1,260, 60 gave 940, to the end 720.
ROLLOUT_DEPTH = 24

HOOKS = SearchHooks(
    determinize=determinize,
    evaluate=evaluate,
    rollout=rollout,
    prune=prune,
    rollout_depth=ROLLOUT_DEPTH,
)

__all__ = ["HOOKS", "determinize", "evaluate", "prune", "reveal_wasted", "rollout"]
