"""Overstocked's search hooks (`core.engine.SearchHooks`): what a searching
bot (core/bots/ismcts.py) may know of this game.

What a view hides (`rules.view`): the other seats' hands, the other seats'
secret picks while choosing (OS-12), the deck, and in solo the bot's bonus
(counted from the player's starting hand) in every view but the player's.
The areas, the boxed cards, the supplies and the reveal are public. So
`determinize` deals the `unseen` cards back at random into the hidden hands
and picks (their sizes are in the view) and leaves the rest as the deck.

`evaluate` reads the live score sheet (OS §Scoring: what the sheet would
say if the game ended now), with the toy that will score negatively taken
as a mix over the popularity's toys, and turns the seats' totals into
chances to win, softer the more rounds are left. `rollout` plays picks at
random and places a card at the best of a few sampled spots by a cheap
local count (same toy next to same toy). `prune` keeps, of the hundred or
more placements of a card, the few that leave the best sheet one ply ahead.

Measured (python -m benchmarks --only search's positions, 2 and 4 seats,
one core, 14:44 UTC 2026-11-30): determinize 14 us; determinize, rollout
of `ROLLOUT_DEPTH` decisions and evaluate 0.45 ms; the ISMCTS bot about
1,700 iterations/s at 2 seats, 1,400/s at 4 (slowest position 1,165/s and
1,060/s). After the rules' grid became ints (20:16, CPU time, a machine
under a load of 7): 1,806/s at 2 seats, slowest position 1,095/s, and
1,214/s at the slowest of a heuristic bots' match.
"""

from __future__ import annotations

import math
import random
from functools import cache
from itertools import product
from typing import Any

from core.engine import SearchHooks, evolve
from core.overstocked import cards, rules, scoring
from core.overstocked.actions import Place
from core.overstocked.cards import NEIGHBOURS, QUANTUM, ROUNDS, TOYS, Piece, Toy
from core.overstocked.state import Area, Phase, State, Where

# ---------------------------------------------------------------------------
# Determinization.


def determinize(view: State, seat: int | None, rng: random.Random) -> State:
    """A full state `view` (seat's view; None: a spectator's) could be.

    Every hand the view shows as `None`s gets that many cards, every secret
    pick hidden while choosing (a seat that has picked, OS-12; never the solo
    bot, which plays from its deck) gets one, all drawn from `unseen`
    uniformly at random; what is left is the deck (ascending, as the rules
    keep it), and `unseen` is None as in a real state. Solo: a view other
    than the player's shows the bot's bonus as 0 until the end; it is counted
    again from the player's starting hand as determinized (the cards in hand
    and the ones the player has played). Reads only the view.
    """
    if view.unseen is None:
        return view  # already a full state
    pool = list(view.unseen)
    rng.shuffle(pool)
    solo = view.options.solo
    choosing = view.phase is Phase.PICK
    seats = list(view.seats)
    at = 0
    for s, p in enumerate(seats):
        hand = p.hand
        pick = p.pick
        changed = False
        if hand and hand[0] is None:
            n = len(hand)
            hand = tuple(sorted(pool[at : at + n]))
            at += n
            changed = True
        if choosing and p.picked and pick is None and not (solo and s == 1):
            pick = pool[at]
            at += 1
            changed = True
        if changed:
            seats[s] = evolve(p, hand=hand, pick=pick)
    rest = pool[at:]
    if len(rest) != len(view.deck) or at > len(pool):
        raise ValueError(
            f"the view hides {at - len(rest) + len(pool)} cards but its unseen pool holds "
            f"{len(pool)}"
        )
    rest.sort()
    state = evolve(view, seats=tuple(seats), deck=tuple(rest), unseen=None)
    if solo and seat != 0 and view.phase not in (Phase.DEAL, Phase.OVER):
        state = evolve(state, bot_bonus=scoring.bot_bonus(_starting_hand(state)))
    return state


def _starting_hand(state: State) -> list[int]:
    """Solo: the player's six dealt cards, from a full state: the hand, the
    card picked, and every crate card the player has played (all but the
    first card of the popularity and of the warehouse, and the boxed ones:
    the bot's cards go to its own warehouse, and solo has no quantum cards)."""
    player = state.seats[0]
    out = [c for c in player.hand if c is not None]
    if player.pick is not None:
        out.append(player.pick)
    for area in (state.popularity, player.warehouse):
        out.extend(p.number for p in area.placed[1:] if p.piece is Piece.CRATE)
    out.extend(state.boxed)
    return out


# ---------------------------------------------------------------------------
# Evaluation.


_TOY_INDEX = {ch: i for i, t in enumerate(TOYS) for ch in (t.value, t.value.lower())}
_SAME = tuple(frozenset({t.value, t.value.lower()}) for t in TOYS)
_STRIDE = cards.STRIDE


def _plain_areas(cells: dict[int, str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """`scoring.toy_areas` for a grid with no quantum crate and no forklift
    link: all four toys in one pass."""
    best = [0, 0, 0, 0]
    count = [0, 0, 0, 0]
    seen: set[int] = set()
    index = _TOY_INDEX.get
    get = cells.get
    for k, ch in cells.items():
        t = index(ch)
        if t is None:
            continue
        count[t] += 1
        if k in seen:
            continue
        seen.add(k)
        same = _SAME[t]
        stack = [k]
        n = 1
        while stack:
            c = stack.pop()
            for nb in (c + 1, c - 1, c + _STRIDE, c - _STRIDE):
                if nb not in seen and get(nb) in same:
                    seen.add(nb)
                    stack.append(nb)
                    n += 1
        if n > best[t]:
            best[t] = n
    return tuple(best), tuple(count)


Counts = tuple[tuple[int, ...], tuple[int, ...], frozenset[int], dict[int, str]]


def _cell_counts(cells: dict[int, str], marks: tuple[Toy, ...]) -> Counts:
    """Per toy, the largest area and the visible crates of a grid, its
    forklift links, and the grid, as the sheet counts them."""
    links = scoring.forklift_links(cells) if cards.FORKLIFT in cells.values() else _NO_LINKS
    if links or QUANTUM in cells.values():
        return (*scoring.toy_areas(cells, marks, links), links, cells)
    return (*_plain_areas(cells), links, cells)


def _area_counts(area: Area, marks: tuple[Toy, ...]) -> Counts:
    """`_cell_counts` of an area, kept on the (immutable) area."""
    memo = area._actions
    key = ("toy counts", marks)
    got = memo.get(key)
    if got is None:
        got = memo[key] = _cell_counts(area.cells, marks)
    return got


_NO_LINKS: frozenset[int] = frozenset()


def totals(state: State) -> tuple[int, ...]:
    """Each seat's total on the live score sheet (`scoring.sheet`), counted
    without the sheet's words: OS §Scoring with OS-4 (ties the player's
    best), OS-5/OS-18 incentives, OS-15 halving, OS-16 forklifts, OS-17
    quantum crates, and the solo bot's rules (OS-8, OS-19)."""
    return tuple(t for t, _, _ in _rows(state)[1])


def _rows(
    state: State,
    pop_counts: Counts | None = None,
    changed: tuple[int, Counts, int | None] | None = None,
) -> tuple[tuple[int, ...], list[tuple[int, int, list[int]]]]:
    """The popularity's areas, and per seat: the sheet's total, the toy it
    counts as negative (OS-4: the player's best of a tie) and the toy rows'
    products (popularity area times warehouse area). `pop_counts` and
    `changed` (seat, its warehouse's counts, its forklift) stand in for the
    state's own, to value a placement without making its area."""
    marks = state.marks
    advanced = state.options.advanced
    bot = 1 if state.options.solo else None
    pop, crates, _, _ = pop_counts or _area_counts(state.popularity, marks)
    top = max(pop)
    negatives = [i for i in range(4) if pop[i] == top]
    if len(negatives) > 1:
        most = max(crates[i] for i in negatives)
        negatives = [i for i in negatives if crates[i] == most]
    out = []
    for s, player in enumerate(state.seats):
        forklift = player.forklift
        if changed is not None and changed[0] == s:
            wh, wh_crates, links, cells = changed[1]
            forklift = changed[2]
        else:
            wh, wh_crates, links, cells = _area_counts(player.warehouse, marks)
        products = [pop[i] * wh[i] for i in range(4)]
        extra = (forklift or 0) + (state.bot_bonus if s == bot else 0)
        if player.incentive is not None:
            extra += scoring.incentive_points(player.incentive, cells, pop, wh, links)
        halving: list[int | None] = [None]
        if advanced:
            w = max(wh)
            halving = [i for i in range(4) if wh[i] == w]
            most = max(wh_crates[i] for i in halving)
            halving = [i for i in halving if wh_crates[i] == most]
        negs = negatives
        chosen = negs[0]
        if s == bot and len(negs) > 1:
            low = min(products[i] for i in negs)
            negs = [next(i for i in negs if products[i] == low)]
        best = None
        for neg, half in product(negs, halving):
            total = extra
            for i in range(4):
                p = products[i]
                if i == neg:
                    p = 0 if s == bot else -p
                if i == half:
                    p = scoring.halve(p)
                total += p
            if best is None or total > best:
                best, chosen = total, neg
        assert best is not None
        out.append((best, chosen, products))
    return pop, out


#: Mid-game, which toy will end the largest in the popularity (and score
#: negatively) is far from settled: each toy is taken to be it with a
#: softmax of its popularity area, spread `NEGATIVE_BASE + NEGATIVE_PER_ROUND
#: * rounds left` spaces, and a seat's expected total swaps the sheet's
#: negative row for that mix. The totals then become chances to win by a
#: softmax spread `SPREAD_BASE + SPREAD_PER_ROUND * rounds left` points (the
#: round under way counts as left). Fitted (least log-loss on a grid) on
#: 120 heuristic-bot matches at 2-4 seats cut at the start of each round
#: (720 cuts): between players that equal, the board tells little early (the
#: log-loss beats a uniform guess by 0.4% in round 1, by 15% in round 6), and
#: the live sheet alone (the negative toy as it stands) did worse than this.
NEGATIVE_BASE = 2.0
NEGATIVE_PER_ROUND = 1.0
SPREAD_BASE = 12.0
SPREAD_PER_ROUND = 2.0


def expected_totals(state: State) -> tuple[float, ...]:
    """Each seat's live total with the negative toy (OS §Scoring) as a mix
    over the toys by their popularity areas (see `NEGATIVE_BASE`)."""
    pop, rows = _rows(state)
    left = max(ROUNDS - state.round + 1, 0)
    tau = NEGATIVE_BASE + NEGATIVE_PER_ROUND * left
    top = max(pop)
    weights = [math.exp((a - top) / tau) for a in pop]
    z = sum(weights)
    share = [w / z for w in weights]
    bot = 1 if state.options.solo else None
    out = []
    for s, (total, neg, products) in enumerate(rows):
        # the sheet counted row `neg` as -p (the bot: 0) instead of +p
        k = 1 if s == bot else 2
        mixed = sum(q * p for q, p in zip(share, products, strict=True))
        out.append(total + k * (products[neg] - mixed))
    return tuple(out)


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's chance to win, from the score sheet.

    At the end it is the result itself (OS-10: a shared win is split). Before,
    a softmax of the expected totals (two seats: a logistic of the margin),
    spread by the rounds left; solo, the bot wins a tie (OS-10), so the
    player needs half a point more.
    """
    n = state.players
    if state.phase is Phase.OVER:
        out = rules.outcome(state)
        assert out is not None
        share = 1.0 / len(out.winners)
        return tuple(share if s in out.winners else 0.0 for s in range(n))
    if state.phase is Phase.DEAL:
        return (1.0 / n,) * n
    points = list(expected_totals(state))
    if state.options.solo:
        points[0] -= 0.5
    left = ROUNDS - state.round + 1
    spread = SPREAD_BASE + SPREAD_PER_ROUND * left
    top = max(points)
    weights = [math.exp((p - top) / spread) for p in points]
    total = sum(weights)
    return tuple(w / total for w in weights)


# ---------------------------------------------------------------------------
# Rollout policy.

#: A rollout values this many sampled placements of a card and plays the best.
ROLLOUT_SAMPLE = 4


#: what a space of a piece joins beside it: its toy (a worker's too) and
#: quantum crates; a quantum crate joins every toy (OS-7)
_JOINS = {t.value: frozenset({t.value, t.value.lower(), QUANTUM}) for t in TOYS}
_JOINS[QUANTUM] = frozenset("PFYBpfybQ")


@cache
def _gain_pairs(piece: Piece, number: int, rotation: int) -> tuple[tuple[int, frozenset, int], ...]:
    """For each toy space of a piece and each neighbour outside the piece:
    the neighbour's key delta, what it must show to join the space, and the
    space's toy (index in TOYS; 4: a quantum crate)."""
    spaces = cards.key_spaces(piece, number, rotation)
    mine = {d for d, _ in spaces}
    out = []
    for d, ch in spaces:
        joins = _JOINS.get(ch.upper())
        if joins is None:
            continue
        toy = _TOY_INDEX.get(ch, 4)
        out.extend((d + nb, joins, toy) for nb in NEIGHBOURS if d + nb not in mine)
    return tuple(out)


def _local_gain(cells: dict[int, str], piece: Piece, number: int, action: Place) -> int:
    """A cheap worth of a placement: same toy beside same toy across the
    piece's edge (a quantum crate joins every toy), counted in the area it
    goes to; a warehouse placement counts double (a popularity area helps
    everyone)."""
    origin = cards.key(action.x, action.y)
    get = cells.get
    gain = 0
    for d, joins, _ in _gain_pairs(piece, number, action.rotation):
        if get(origin + d) in joins:
            gain += 1
    return gain * 2 if action.where is Where.WAREHOUSE else gain


def rollout(state: State, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
    """Random picks; a card placed at the best of `ROLLOUT_SAMPLE` random
    legal spots by `_local_gain`; everything else at random."""
    if len(legal) == 1:
        return legal[0]
    if state.phase is not Phase.PLACE:
        return rng.choice(legal)
    piece = rules.piece_in_hand(state)
    if piece is None:
        return rng.choice(legal)
    best = None
    choice = legal[0]
    pop = state.popularity.cells
    own = state.seats[seat].warehouse.cells
    for _ in range(ROLLOUT_SAMPLE):
        action = rng.choice(legal)
        cells = pop if action.where is Where.POPULARITY else own
        v = _local_gain(cells, piece[0], piece[1], action)
        if best is None or v > best:
            best, choice = v, action
    return choice


# ---------------------------------------------------------------------------
# Pruning.

#: A placement decision keeps at most this many placements in the tree.
PRUNE_LIMIT = 12
#: ... of which at least this many of each area (popularity, warehouse).
PRUNE_PER_AREA = 3
#: Placements valued one ply ahead at most (the rest are cut first by the
#: cheap `_local_gain`).
PREFILTER = 24
#: Share of the other seats' average points counted against a placement.
RIVAL_WEIGHT = 0.5


def prune(state: State, seat: int, legal: tuple[Any, ...]) -> tuple[Any, ...]:
    """The placements a search tree considers (never empty): when a card or
    forklift has more than `PRUNE_LIMIT` spots, the `PRUNE_LIMIT` whose
    score sheet one ply ahead is best (this seat's points less
    `RIVAL_WEIGHT` of the others' average), and at least `PRUNE_PER_AREA` in
    each area, valued among the `PREFILTER` best by a quick count of toys
    joined (`_weighted_gain`): 0.5-1.3 ms a decision, kept for the same
    public table. In the last round the value is the margin over the best
    rival, and the game's last turn values every placement, so a winning
    last placement is never dropped when one exists (`_exact_places`). Every other decision is small (at most six cards, six
    quantum cards, four marks, the incentives) and kept whole."""
    if len(legal) <= PRUNE_LIMIT or state.phase not in (Phase.PLACE, Phase.FORKLIFT):
        return legal
    piece = rules.piece_in_hand(state)
    if piece is None:
        return legal
    key = (
        seat,
        piece,
        state.popularity,
        tuple(p.warehouse for p in state.seats),
        state.marks,
        state.options,
        tuple(p.incentive for p in state.seats),
        tuple(p.forklift for p in state.seats),
    )
    got = _PRUNED.get(key)
    # `legal` is compared, not hashed: hashing every Place of it took more
    # than the rest of a cache hit
    if got is None or got[0] != legal:
        if len(_PRUNED) >= _PRUNE_CACHE:
            _PRUNED.clear()
        got = _PRUNED[key] = (legal, _exact_places(state, seat, piece, legal))
    return got[1]


#: (public table, seat, piece) -> (legal, the kept placements): a pure
#: function's results, the same arguments always give the same answer
_PRUNED: dict[tuple, tuple[tuple[Any, ...], tuple[Any, ...]]] = {}
_PRUNE_CACHE = 4096


def _exact_places(
    state: State, seat: int, piece: tuple[Piece, int], legal: tuple[Any, ...]
) -> tuple[Any, ...]:
    """The placements whose sheet one ply ahead is best, valued for the
    `PREFILTER` best by `_local_gain` (a flood fill of the whole area per
    placement is what costs).

    In the last round the value is the margin over the best rival, which is
    what wins (OS-10), not the points less `RIVAL_WEIGHT` of the rivals'
    average; and the game's last turn values every placement (no
    prefilter), so that a placement that wins is always kept when one
    exists: the sheet one ply ahead is then the result (OS §Scoring)."""
    scored: list[tuple[float, int, Any]] = []
    others = [s for s in range(state.players) if s != seat]
    last_round = state.round >= ROUNDS
    last_turn = last_round and len(state.order) == 1
    marks = state.marks
    kind, number = piece
    player = state.seats[seat]
    pop_cells = state.popularity.cells
    own_cells = player.warehouse.cells
    lift = number if kind is Piece.FORKLIFT else player.forklift
    places = [(i, a) for i, a in enumerate(legal) if a.__class__ is Place]
    if len(places) > PREFILTER and not last_turn:
        quick = _quick_scores(state, seat, piece, legal)
        first = {i for _, i, _ in quick[:PREFILTER]}
        for where in Where:
            first.update([i for _, i, a in quick if a.where is where][:PRUNE_PER_AREA])
        places = [(i, a) for i, a in places if i in first]
    for i, action in places:
        # the area after the placement, as a grid only (OS-3: it lies on top)
        origin = cards.key(action.x, action.y)
        spaces = cards.key_spaces(kind, number, action.rotation)
        if action.where is Where.POPULARITY:
            cells = dict(pop_cells)
            cells.update([(origin + d, ch) for d, ch in spaces])
            rows = _rows(state, pop_counts=_cell_counts(cells, marks))[1]
        else:
            cells = dict(own_cells)
            cells.update([(origin + d, ch) for d, ch in spaces])
            rows = _rows(state, changed=(seat, _cell_counts(cells, marks), lift))[1]
        t = [r[0] for r in rows]
        if not others:
            value = float(t[seat])
        elif last_round:
            value = t[seat] - max(t[s] for s in others)
        else:
            value = t[seat] - RIVAL_WEIGHT * sum(t[s] for s in others) / len(others)
        scored.append((value, i, action))
    scored.sort(key=lambda e: (-e[0], e[1]))
    keep = {i for _, i, _ in scored[:PRUNE_LIMIT]}
    for where in Where:
        extra = [i for _, i, a in scored if a.where is where][:PRUNE_PER_AREA]
        keep.update(extra)
    keep.update(i for i, a in enumerate(legal) if a.__class__ is not Place)
    return tuple(legal[i] for i in sorted(keep))


def _quick_scores(
    state: State, seat: int, piece: tuple[Piece, int], legal: tuple[Any, ...]
) -> list[tuple[float, int, Any]]:
    """(minus `_weighted_gain`, index, placement) for every placement in
    `legal`, best first."""
    kind, number = piece
    marks = state.marks
    pop = _area_counts(state.popularity, marks)[0]
    whs = [_area_counts(p.warehouse, marks)[0] for p in state.seats]
    others = [s for s in range(state.players) if s != seat]
    top = max(pop)
    # a space joined in the popularity is worth the seat's warehouse area of
    # that toy less the rivals' (negative for the toy on top: OS §Scoring);
    # one joined in the warehouse, the toy's popularity area
    in_pop = []
    for i in range(4):
        rivals = sum(whs[s][i] for s in others) / len(others) if others else 0.0
        w = whs[seat][i] - RIVAL_WEIGHT * rivals
        in_pop.append(-abs(w) - 1 if pop[i] == top else w)
    in_pop.append(max(in_pop))
    in_wh = [float(a) for a in pop] + [float(max(pop))]
    pop_cells = state.popularity.cells
    own_cells = state.seats[seat].warehouse.cells
    scored = []
    for i, a in enumerate(legal):
        if a.__class__ is not Place:
            continue
        if a.where is Where.POPULARITY:
            v = _weighted_gain(pop_cells, kind, number, a, in_pop)
        else:
            v = _weighted_gain(own_cells, kind, number, a, in_wh)
        scored.append((-v, i, a))
    scored.sort(key=lambda e: e[:2])
    return scored


def _weighted_gain(
    cells: dict[int, str], piece: Piece, number: int, action: Place, weights: list[float]
) -> float:
    """`_local_gain` with each joined space weighted by its toy (index 4: a
    quantum crate)."""
    origin = cards.key(action.x, action.y)
    get = cells.get
    gain = 0.0
    for d, joins, toy in _gain_pairs(piece, number, action.rotation):
        if get(origin + d) in joins:
            gain += weights[toy]
    return gain


#: decisions a rollout plays before `evaluate` (an iteration well under 1 ms
#: on one core with the tree's own cost: see the module's figures)
ROLLOUT_DEPTH = 12

HOOKS = SearchHooks(
    determinize=determinize,
    evaluate=evaluate,
    rollout=rollout,
    prune=prune,
    rollout_depth=ROLLOUT_DEPTH,
)

__all__ = ["HOOKS", "determinize", "evaluate", "expected_totals", "prune", "rollout", "totals"]
