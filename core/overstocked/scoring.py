"""Overstocked scoring: the score sheet (OS §Scoring, Advanced Variant, the
three mini-expansions, solo; rulings OS-4, OS-5, OS-6, OS-7, OS-15, OS-16,
OS-17, OS-18).

Everything here works on grids: a dict from a space's int key
(`cards.key`) to the space showing there (`Area.cells`). `score_grids`
scores any table given as grids, so tests can score pictures; `sheet`
scores a state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import product

import attrs

from core.engine import row_changes
from core.overstocked.cards import (
    BOT_CARD_POINTS,
    BOT_LOW_CARDS,
    EMPTY,
    FORKLIFT,
    NEIGHBOURS,
    QUANTUM,
    TOYS,
    WORKERS,
    Incentive,
    Toy,
)
from core.wording import counted

Grid = Mapping[int, str]

#: Pre-Order Incentives: points per worker / per empty crate in the area
INCENTIVE_POINTS = 3


@attrs.frozen
class ToyScore:
    """One toy's row of a player's score sheet."""

    toy: Toy
    #: the largest connected area of this toy in the popularity
    popularity: int
    #: the largest connected area of this toy in the player's warehouse
    warehouse: int
    #: the craze has peaked: scores negatively (for the solo bot: nothing)
    negative: bool
    #: Advanced Variant: scores half, rounded toward zero (OS-15)
    halved: bool
    #: the row's final points
    points: int


@attrs.frozen
class SeatScore:
    """A player's column of the score sheet."""

    toys: tuple[ToyScore, ...]
    incentive: Incentive | None
    incentive_points: int
    #: the forklift's value (0 without one)
    forklift: int
    #: solo bot: 2 points per card 1-20 in the human's starting hand
    bonus: int
    total: int
    negative: Toy
    halved: Toy | None
    #: choices the game made for this player (OS-4) and why
    notes: tuple[str, ...] = ()


@attrs.frozen
class ScoreSheet:
    seats: tuple[SeatScore, ...]
    #: per toy (in TOYS order): the largest area and the visible crates in
    #: the popularity
    popularity: tuple[int, ...]
    popularity_crates: tuple[int, ...]
    #: the toys that may score negatively: one, or several when tied on
    #: area and crates (each player's choice, OS-4)
    negative: tuple[Toy, ...]
    #: Quantum Accounting: the toys a quantum crate counts as (OS-7)
    quantum_toys: tuple[Toy, ...]
    #: the sheet's explanations, for every player
    notes: tuple[str, ...] = ()


# ---------------------------------------------------------------------------
# Connected areas.


def toy_spaces(toy: Toy, marks: Sequence[Toy] = ()) -> frozenset[str]:
    """The spaces that count as `toy`: the toy, a worker on it and, unless
    the toy has an X, a quantum crate (OS-7)."""
    spaces = {toy.value, toy.value.lower()}
    if toy not in marks:
        spaces.add(QUANTUM)
    return frozenset(spaces)


def forklift_links(cells: Grid) -> frozenset[int]:
    """The spaces beside a forklift: they count as adjacent to each other
    (Industrial Mechanisation; OS-16: in every area of that warehouse)."""
    lifts = [k for k, ch in cells.items() if ch == FORKLIFT]
    out = set()
    for k in lifts:
        for d in NEIGHBOURS:
            nb = k + d
            ch = cells.get(nb)
            if ch is not None and ch != FORKLIFT:
                out.add(nb)
    return frozenset(out)


def largest(cells: Grid, spaces: frozenset[str], links: frozenset[int] = frozenset()) -> int:
    """The size of the largest orthogonally connected area of `spaces`."""
    return area_and_count(cells, spaces, links)[0]


def area_and_count(
    cells: Grid, spaces: frozenset[str], links: frozenset[int] = frozenset()
) -> tuple[int, int]:
    """(largest connected area, visible spaces in all) of `spaces`."""
    todo = {k for k, ch in cells.items() if ch in spaces}
    total = len(todo)
    linked = todo & links if links else ()
    best = 0
    while todo:
        stack = [todo.pop()]
        n = 1
        used_link = False
        while stack:
            k = stack.pop()
            for d in NEIGHBOURS:
                nb = k + d
                if nb in todo:
                    todo.remove(nb)
                    stack.append(nb)
                    n += 1
            if linked and not used_link and k in links:
                used_link = True
                for nb in linked:
                    if nb in todo:
                        todo.remove(nb)
                        stack.append(nb)
                        n += 1
        if n > best:
            best = n
    return best, total


def toy_areas(
    cells: Grid, marks: Sequence[Toy] = (), links: frozenset[int] = frozenset()
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per toy (TOYS order): the largest connected area and the visible crates."""
    got = [area_and_count(cells, toy_spaces(t, marks), links) for t in TOYS]
    return tuple(a for a, _ in got), tuple(c for _, c in got)


def halve(points: int) -> int:
    """OS-15: half, rounded toward zero (-15 -> -7)."""
    return points // 2 if points >= 0 else -((-points) // 2)


def incentive_points(
    token: Incentive | None,
    cells: Grid,
    popularity: Sequence[int],
    warehouse: Sequence[int],
    links: frozenset[int],
) -> int:
    """Pre-Order Incentives, scored at the end (OS-5, OS-18)."""
    if token is None:
        return 0
    toy = token.toy
    if toy is not None:
        i = TOYS.index(toy)
        return popularity[i] * warehouse[i]
    if token is Incentive.WORKER:
        return INCENTIVE_POINTS * largest(cells, WORKERS, links)
    return INCENTIVE_POINTS * largest(cells, frozenset(EMPTY), links)


# ---------------------------------------------------------------------------
# The sheet.


def _names(toys: Sequence[Toy]) -> str:
    labels = [f"{t.label} ({t.value})" for t in toys]
    if len(labels) <= 1:
        return "".join(labels)
    return ", ".join(labels[:-1]) + " and " + labels[-1]


def negative_toys(popularity: Sequence[int], crates: Sequence[int]) -> tuple[tuple[Toy, ...], str]:
    """OS §Scoring: the toy(s) that may score negatively, and why.

    The largest area in the popularity; tied, the most crates visible in the
    popularity; still tied, each player's choice (several toys returned)."""
    top = max(popularity)
    tied = [t for i, t in enumerate(TOYS) if popularity[i] == top]
    if len(tied) == 1:
        return (tied[0],), (
            f"{_names(tied)} score negatively: the largest area in the popularity ({top})."
        )
    most = max(crates[TOYS.index(t)] for t in tied)
    left = tuple(t for t in tied if crates[TOYS.index(t)] == most)
    counts = ", ".join(f"{t.value} {crates[TOYS.index(t)]}" for t in tied)
    why = f"{_names(tied)} tie for the largest area in the popularity ({top})"
    if len(left) == 1:
        return left, (
            f"{why}; {_names(left)} have the most crates there ({counts}) and score negatively."
        )
    choice = "the game picks the best for each (house ruling OS-4)."
    if len(left) == len(tied):
        return left, (
            f"{why} and on crates there ({counts}): each player's choice which scores "
            f"negatively; {choice}"
        )
    # some lost on crates: only those still tied are the choice
    return left, (
        f"{why}; on crates there ({counts}) {_names(left)} still tie: each player's "
        f"choice which of them scores negatively; {choice}"
    )


def seat_score(
    name: str,
    cells: Grid,
    popularity: Sequence[int],
    negatives: Sequence[Toy],
    *,
    marks: Sequence[Toy] = (),
    advanced: bool = False,
    incentive: Incentive | None = None,
    forklift: int = 0,
    bonus: int = 0,
    bot: bool = False,
) -> SeatScore:
    """One player's column: the toys, halving, incentive, forklift, bonus."""
    links = forklift_links(cells)
    warehouse, crates = toy_areas(cells, marks, links)
    products = [popularity[i] * warehouse[i] for i in range(len(TOYS))]
    extra = incentive_points(incentive, cells, popularity, warehouse, links) + forklift + bonus
    notes: list[str] = []
    halving: list[Toy | None] = [None]
    half_why = ""
    if advanced:
        top = max(warehouse)
        tied = [t for i, t in enumerate(TOYS) if warehouse[i] == top]
        most = max(crates[TOYS.index(t)] for t in tied)
        halving = [t for t in tied if crates[TOYS.index(t)] == most]
        if len(tied) == 1:
            half_why = f"the largest area in the warehouse ({top})"
        elif len(halving) == 1:
            # the other toys tied and each one's crates, to check it by
            rest = [t for t in tied if t is not halving[0]]
            counts = ", ".join(f"{t.value} {crates[TOYS.index(t)]}" for t in halving + rest)
            half_why = (f"tied with {_names(rest)} on area ({top}); the most crates in the "
                        f"warehouse ({counts})")
        else:
            half_why = f"on area ({top}) and crates ({most})"  # OS-4: said below
    if bot and len(negatives) > 1:
        # Solo: still tied, the toy that would score the fewest points is the
        # one that does not score for the bot.
        low = min(products[TOYS.index(t)] for t in negatives)
        negatives = [next(t for t in negatives if products[TOYS.index(t)] == low)]
    best: tuple[int, Toy, Toy | None, tuple[int, ...]] | None = None
    #: per toy that may be halved, the best total halving it (OS-4's note)
    by_half: dict[Toy | None, int] = {}
    #: per toy that may score negatively, the best total with it negative
    by_neg: dict[Toy, int] = {}
    for neg, half in product(negatives, halving):
        points = []
        for i, t in enumerate(TOYS):
            p = products[i]
            if t is neg:
                p = 0 if bot else -p
            if t is half:
                p = halve(p)
            points.append(p)
        total = sum(points) + extra
        by_half[half] = max(total, by_half.get(half, total))
        by_neg[neg] = max(total, by_neg.get(neg, total))
        if best is None or total > best[0]:
            best = (total, neg, half, tuple(points))
    assert best is not None
    total, neg, half, points = best
    if len(negatives) > 1:
        # as the halving tie's note below: the other toys, the totals to check
        others_neg = [t for t in negatives if t is not neg]
        if all(by_neg[t] == total for t in others_neg):
            either = "either" if len(others_neg) == 1 else "any"
            neg_why = f"{either} gives {name} the same total ({total}), the game chose one"
        else:
            alternatives = "; ".join(f"with {_names([t])} negative instead: {by_neg[t]}"
                                     for t in others_neg)
            neg_why = (f"the game chose the best for {name}: "
                       f"{counted(total, 'point')} ({alternatives})")
        notes.append(f"{name}: {_names([neg])} chosen to score negatively: tied with "
                     f"{_names(others_neg)}; {neg_why} (house ruling OS-4).")
    if bot:
        notes.append(f"{name}: {_names([neg])} score nothing for the bot.")
    if half is not None:
        # (every toy's name is plural: "Bean Bears score")
        others = [t for t in halving if t is not half]
        if others:
            # still tied: the player's choice, the game's pick (OS-4), with
            # the figures to check it by
            half_why = f"tied with {_names(others)} {half_why}"
            if all(by_half[t] == total for t in others):
                either = "either" if len(others) == 1 else "any"
                half_why += (f"; {either} half gives {name} the same total ({total}), "
                             "the game chose one (house ruling OS-4)")
            else:
                # each other half's total, said as that ("instead")
                alternatives = "; ".join(f"halving {_names([t])} instead: {by_half[t]}"
                                         for t in others)
                half_why += (f"; the game chose the half best for {name}: "
                             f"{counted(total, 'point')} "
                             f"({alternatives}) (house ruling OS-4)")
        notes.append(f"{name}: {_names([half])} score half: {half_why}.")
    rows = tuple(
        ToyScore(
            toy=t,
            popularity=popularity[i],
            warehouse=warehouse[i],
            negative=t is neg,
            halved=t is half,
            points=points[i],
        )
        for i, t in enumerate(TOYS)
    )
    inc = extra - forklift - bonus
    if incentive is not None:
        notes.append(f"{name}: the {incentive.label} incentive scores {inc}.")
    if forklift:
        notes.append(f"{name}: the forklift scores {forklift} and links the crates beside it.")
    return SeatScore(
        toys=rows,
        incentive=incentive,
        incentive_points=inc,
        forklift=forklift,
        bonus=bonus,
        total=total,
        negative=neg,
        halved=half,
        notes=tuple(notes),
    )


def score_grids(
    popularity: Grid,
    warehouses: Sequence[Grid],
    *,
    names: Sequence[str] | None = None,
    marks: Sequence[Toy] = (),
    advanced: bool = False,
    incentives: Sequence[Incentive | None] | None = None,
    forklifts: Sequence[int | None] | None = None,
    bonuses: Sequence[int] | None = None,
    bot: int | None = None,
) -> ScoreSheet:
    """Score a table given as grids. `bot` is the solo bot's seat."""
    n = len(warehouses)
    names = names or [f"Player {s + 1}" for s in range(n)]
    pop, crates = toy_areas(popularity, marks)
    negatives, why = negative_toys(pop, crates)
    notes = [why]
    quantum_toys = tuple(t for t in TOYS if t not in marks)
    if any(ch == QUANTUM for g in (popularity, *warehouses) for ch in g.values()):
        marked = f" (X on {_names(marks)})" if marks else ""
        notes.append(f"Quantum crates count as {_names(quantum_toys)}{marked}.")
    seats = []
    for s in range(n):
        score = seat_score(
            names[s],
            warehouses[s],
            pop,
            negatives,
            marks=marks,
            advanced=advanced,
            incentive=incentives[s] if incentives else None,
            forklift=(forklifts[s] or 0) if forklifts else 0,
            bonus=bonuses[s] if bonuses else 0,
            bot=s == bot,
        )
        seats.append(score)
        notes.extend(score.notes)
    return ScoreSheet(
        seats=tuple(seats),
        popularity=pop,
        popularity_crates=crates,
        negative=negatives,
        quantum_toys=quantum_toys,
        notes=tuple(notes),
    )


def bot_bonus(hand: Sequence[int]) -> int:
    """Solo: the bot scores 2 points per card numbered 1-20 in the hand."""
    return BOT_CARD_POINTS * sum(1 for c in hand if c in BOT_LOW_CARDS)


def sheet(state, names: Sequence[str] | None = None) -> ScoreSheet:
    """The score sheet of a state (a view works too: areas are public).

    Mid-game it is the live preview: the score if the game ended now."""
    n = state.players
    if names is None:
        names = [f"Player {s + 1}" for s in range(n)]
        if state.options.solo:
            names = [names[0], "The bot"]
    bot = 1 if state.options.solo else None
    return score_grids(
        state.popularity.cells,
        [p.warehouse.cells for p in state.seats],
        names=names,
        marks=state.marks,
        advanced=state.options.advanced,
        incentives=[p.incentive for p in state.seats],
        forklifts=[p.forklift for p in state.seats],
        bonuses=[state.bot_bonus if s == bot else 0 for s in range(n)],
        bot=bot,
    )


def score_rows(state) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The score sheet of a state (or a view) as rows of points, a value
    per seat, that add up to the totals (OS §Scoring): each toy's, then the
    incentive's, the forklift's and the solo bot's bonus where a seat has
    one. Before the popularity has a card, every toy's row is 0."""
    n = state.players
    if not state.popularity.placed:
        return tuple((toy.label, (0,) * n) for toy in TOYS)
    seats = sheet(state).seats
    rows = [(toy.label, tuple(s.toys[i].points for s in seats)) for i, toy in enumerate(TOYS)]
    for name, field in (("Incentive", "incentive_points"), ("Forklift", "forklift"),
                        ("Bot: cards 1-20", "bonus")):
        values = tuple(getattr(s, field) for s in seats)
        if any(values):
            rows.append((name, values))
    return tuple(rows)


def score_changes(before, after) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Per seat, the rows of `score_rows` whose points changed from `before`
    to `after` (two views of one seat: the solo bot's bonus, which a view
    may hide, stays out of both), and by how much (`row_changes`)."""
    return row_changes(score_rows(before), score_rows(after))
