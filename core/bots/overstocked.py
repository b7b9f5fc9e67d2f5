"""An Overstocked bot that plays greedily from its own view.

Every choice is valued by the score sheet it would leave if the game ended
now: the bot's own points minus a share of the other players' average
(`RIVAL_WEIGHT`), with the popularity as it stands as the popularity it
expects. The areas are counted exactly (the same rules as the score
sheet: orthogonal areas, a worker's toy, quantum crates, forklift links).

- Pick: each card in hand is valued by its best placement (warehouse or
  popularity, every rotation; a sample of spots when there are many), and
  the best card is chosen.
- Place: every legal placement is valued; the best is taken.
- Quantum card: each is valued by its best placement. X mark: the toy whose
  X leaves the best sheet.
- Forklift: always taken (it scores its value), placed where it links best.
- Incentive: the token worth most now, once it is worth enough for the
  rounds left.
- Solo, nominating the bot's spot: the spot where the bot's next card is
  worth least to it on average over the cards the view says are unseen.

Nothing here reads more than the view: hidden cards come from
`view.unseen` only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from core.overstocked import cards, rules, scoring
from core.overstocked.actions import (
    ChooseQuantum,
    Mark,
    Nominate,
    Pass,
    Pick,
    Place,
    TakeIncentive,
)
from core.overstocked.cards import NEIGHBOURS, TOYS, Piece
from core.overstocked.state import Phase, Where

#: Share of the other players' average points counted against the bot.
RIVAL_WEIGHT = 0.5
#: While picking, at most this many spots per card are valued.
PICK_SAMPLE = 120
#: An incentive is taken once worth this much, less per round played.
INCENTIVE_BAR = 14
INCENTIVE_STEP = 2
#: Solo nomination: unseen cards sampled per spot.
NOMINATE_SAMPLE = 12

_TOY_CHARS = {t: frozenset({t.value, t.value.lower()}) for t in TOYS}
#: by a toy's letter, and the letters in TOYS order: `_areas` counts
#: thousands of areas a decision, and an enum's call or `.value` costs as
#: much as several steps of the fill (Python 3.11)
_SAME_TOY = {t.value: _TOY_CHARS[t] for t in TOYS}
_LETTERS = tuple(t.value for t in TOYS)
_PLAIN = frozenset("PFYBpfyb")


def _areas(
    cells: Mapping[int, str], marks: Sequence[Any], links: frozenset[int]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per toy: largest connected area and visible crates (as the sheet)."""
    if links or cards.QUANTUM in cells.values():
        return scoring.toy_areas(cells, marks, links)
    best = dict.fromkeys("PFYB", 0)
    count = dict.fromkeys("PFYB", 0)
    seen: set[int] = set()
    for k, ch in cells.items():
        if ch not in _PLAIN:
            continue
        t = ch.upper()
        count[t] += 1
        if k in seen:
            continue
        n = _fill(cells, k, _SAME_TOY[t], seen)
        if n > best[t]:
            best[t] = n
    return tuple([best[t] for t in _LETTERS]), tuple([count[t] for t in _LETTERS])


def _fill(cells: Mapping[int, str], start: int, same: Any, seen: set[int]) -> int:
    """The size of the area of `same` toys around `start` (not yet in
    `seen`), each of its cells added to `seen`."""
    seen.add(start)
    stack = [start]
    n = 1
    while stack:
        c = stack.pop()
        for d in NEIGHBOURS:
            nb = c + d
            if nb not in seen and cells.get(nb) in same:
                seen.add(nb)
                stack.append(nb)
                n += 1
    return n


class _Fill:
    """`_areas` of one area's cells (no quantum crate, no forklift link),
    its toy areas labelled once, so that a piece laid on them is counted by
    filling again only the areas it covers or touches: every other area
    keeps its cells and its size (nothing next to it changed)."""

    def __init__(self, cells: Mapping[int, str]) -> None:
        self.cells = cells
        label: dict[int, int] = {}
        members: list[list[int]] = []
        toys: list[str] = []
        count = dict.fromkeys("PFYB", 0)
        for k, ch in cells.items():
            if ch not in _PLAIN:
                continue
            t = ch.upper()
            count[t] += 1
            if k in label:
                continue
            same = _SAME_TOY[t]
            i = len(members)
            label[k] = i
            keys = [k]
            stack = [k]
            while stack:
                c = stack.pop()
                for d in NEIGHBOURS:
                    nb = c + d
                    if nb not in label and cells.get(nb) in same:
                        label[nb] = i
                        stack.append(nb)
                        keys.append(nb)
            members.append(keys)
            toys.append(t)
        self.label = label
        self.members = members
        self.count = count
        #: per toy letter, its areas largest first
        self.largest = {
            t: sorted(
                (i for i in range(len(members)) if toys[i] == t), key=lambda i: -len(members[i])
            )
            for t in "PFYB"
        }

    def after(
        self, origin: int, spaces: Sequence[tuple[int, str]]
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """`_areas` of the cells with `spaces` laid at `origin`."""
        cells = self.cells
        label = self.label
        new = dict(cells)
        laid: dict[int, str] = {}
        for d, ch in spaces:
            new[origin + d] = ch
            laid[origin + d] = ch
        touched = set()
        count = dict(self.count)
        for k, ch in laid.items():
            i = label.get(k)
            if i is not None:
                touched.add(i)
            for d in NEIGHBOURS:
                i = label.get(k + d)
                if i is not None:
                    touched.add(i)
            old = cells.get(k)
            if old is not None and old in _PLAIN:
                count[old.upper()] -= 1
            if ch in _PLAIN:
                count[ch.upper()] += 1
        best = dict.fromkeys("PFYB", 0)
        members = self.members
        for t, areas in self.largest.items():
            for i in areas:
                if i not in touched:
                    best[t] = len(members[i])
                    break
        seen: set[int] = set()
        starts = list(laid)
        for i in touched:
            starts += members[i]
        for k in starts:
            if k in seen:
                continue
            ch = new.get(k)
            if ch is None or ch not in _PLAIN:
                continue
            t = ch.upper()
            n = _fill(new, k, _SAME_TOY[t], seen)
            if n > best[t]:
                best[t] = n
        return tuple([best[t] for t in _LETTERS]), tuple([count[t] for t in _LETTERS])


def _points(
    pop: Sequence[int],
    pop_crates: Sequence[int],
    wh: Sequence[int],
    wh_crates: Sequence[int],
    advanced: bool,
    bot: bool = False,
) -> int:
    """A player's toy points (the sheet's rule, ties the player's best)."""
    products = [pop[i] * wh[i] for i in range(4)]
    top = max(pop)
    tied = [i for i in range(4) if pop[i] == top]
    if len(tied) > 1:
        most = max(pop_crates[i] for i in tied)
        tied = [i for i in tied if pop_crates[i] == most]
    halving: list[int | None] = [None]
    if advanced:
        w = max(wh)
        halving = [i for i in range(4) if wh[i] == w]
        if len(halving) > 1:
            most = max(wh_crates[i] for i in halving)
            halving = [i for i in halving if wh_crates[i] == most]
    best = None
    for neg in tied:
        for half in halving:
            total = 0
            for i, p in enumerate(products):
                if i == neg:
                    p = 0 if bot else -p
                if i == half:
                    p = scoring.halve(p)
                total += p
            if best is None or total > best:
                best = total
    assert best is not None
    return best


class _Table:
    """What one decision needs, computed once from the view."""

    def __init__(self, view: Any, seat: int):
        self.view = view
        self.seat = seat
        self.marks = view.marks
        self.advanced = view.options.advanced
        self.solo = view.options.solo
        self.pop_cells = view.popularity.cells
        self.pop = _areas(self.pop_cells, self.marks, frozenset())
        self.wh_cells = [p.warehouse.cells for p in view.seats]
        self.links = [scoring.forklift_links(c) for c in self.wh_cells]
        self.wh = [
            _areas(c, self.marks, lk) for c, lk in zip(self.wh_cells, self.links, strict=True)
        ]
        self.rivals = [s for s in range(view.players) if s != seat]
        self.base_rivals = self._rivals(self.pop)
        self.fills: dict[Where, _Fill | None] = {}

    def _rivals(self, pop: tuple[tuple[int, ...], tuple[int, ...]]) -> float:
        if not self.rivals:
            return 0.0
        total = 0
        for s in self.rivals:
            total += _points(*pop, *self.wh[s], self.advanced, bot=self.solo and s == 1)
        return total / len(self.rivals)

    def mine(self, pop, wh) -> float:
        points = _points(*pop, *wh, self.advanced)
        incentive = self.view.seats[self.seat].incentive
        if incentive is not None and incentive.toy is not None:
            i = TOYS.index(incentive.toy)
            points += pop[0][i] * wh[0][i]
        return points

    def _fill(self, where: Where) -> _Fill | None:
        """The labelled areas of the popularity or the bot's warehouse, when
        `_areas` counts them by filling (no quantum crate, no forklift link)."""
        if where not in self.fills:
            if where is Where.WAREHOUSE:
                cells = self.wh_cells[self.seat]
                plain = not self.links[self.seat]
            else:
                cells = self.pop_cells
                plain = True
            plain = plain and cards.QUANTUM not in cells.values()
            self.fills[where] = _Fill(cells) if plain else None
        return self.fills[where]

    def value(self, piece: Piece, number: int, action: Place) -> float:
        """The sheet's worth to the bot after placing `piece` by `action`."""
        spaces = cards.key_spaces(piece, number, action.rotation)
        origin = cards.key(action.x, action.y)
        if piece is not Piece.FORKLIFT and piece is not Piece.QUANTUM:
            # a crate on plain areas: only the areas it touches are counted
            # again (`_Fill`), the same numbers as `_areas` below
            fill = self._fill(action.where)
            if fill is not None:
                if action.where is Where.WAREHOUSE:
                    wh = fill.after(origin, spaces)
                    return self.mine(self.pop, wh) - RIVAL_WEIGHT * self.base_rivals
                pop = fill.after(origin, spaces)
                return self.mine(pop, self.wh[self.seat]) - RIVAL_WEIGHT * self._rivals(pop)
        if action.where is Where.WAREHOUSE:
            cells = dict(self.wh_cells[self.seat])
            for d, ch in spaces:
                cells[origin + d] = ch
            links = self.links[self.seat]
            if piece is Piece.FORKLIFT or links:
                links = scoring.forklift_links(cells)
            wh = _areas(cells, self.marks, links)
            return self.mine(self.pop, wh) - RIVAL_WEIGHT * self.base_rivals
        cells = dict(self.pop_cells)
        for d, ch in spaces:
            cells[origin + d] = ch
        pop = _areas(cells, self.marks, frozenset())
        return self.mine(pop, self.wh[self.seat]) - RIVAL_WEIGHT * self._rivals(pop)

    def now(self) -> float:
        return self.mine(self.pop, self.wh[self.seat]) - RIVAL_WEIGHT * self.base_rivals

    def best_place(
        self, piece: Piece, number: int, places: Sequence[Place]
    ) -> tuple[float, Place | None]:
        best, choice = None, None
        for action in places:
            v = self.value(piece, number, action)
            if best is None or v > best:
                best, choice = v, action
        return (best if best is not None else self.now()), choice


class HeuristicBot:
    """Overstocked: greedy on the score sheet it expects, from its view."""

    name = "heuristic"

    def choose(
        self, game: Any, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random
    ) -> Any:
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase is Phase.PICK:
            return self._pick(view, seat, legal, rng)
        if phase is Phase.PLACE:
            table = _Table(view, seat)
            piece = rules.piece_in_hand(view)
            if piece is None:
                return legal[0]
            places = [a for a in legal if isinstance(a, Place)]
            return table.best_place(piece[0], piece[1], places)[1] or legal[0]
        if phase is Phase.QUANTUM:
            return self._quantum(view, seat, legal, rng)
        if phase is Phase.MARK:
            return self._mark(view, seat, legal)
        if phase is Phase.FORKLIFT:
            table = _Table(view, seat)
            piece = rules.piece_in_hand(view)
            places = [a for a in legal if isinstance(a, Place)]
            if piece is None or not places:
                return Pass()
            return table.best_place(piece[0], piece[1], places)[1] or Pass()
        if phase is Phase.INCENTIVE:
            return self._incentive(view, seat, legal)
        if phase is Phase.NOMINATE:
            return self._nominate(view, legal, rng)
        return rng.choice(legal)

    def __repr__(self) -> str:
        return "HeuristicBot()"

    # --- choices -------------------------------------------------------------

    @staticmethod
    def _sample(places: tuple[Place, ...], rng: random.Random) -> Sequence[Place]:
        if len(places) <= PICK_SAMPLE:
            return places
        return rng.sample(places, PICK_SAMPLE)

    def _pick(self, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return self._best_card(view, seat, legal, rng, Pick, Piece.CRATE)

    def _quantum(self, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random) -> Any:
        return self._best_card(view, seat, legal, rng, ChooseQuantum, Piece.QUANTUM)

    def _best_card(self, view: Any, seat: int, legal: tuple[Any, ...], rng: random.Random,
                   kind: type, piece: Piece) -> Any:
        """Of the `kind` actions in `legal` (each naming a card), the one
        whose card has the best place for a `piece` (among a sample of the
        places); the first legal action when none is better."""
        table = _Table(view, seat)
        places = self._sample(rules.placements(view, seat), rng)
        best, choice = None, legal[0]
        for action in legal:
            if not isinstance(action, kind):
                continue
            v = table.best_place(piece, action.card, places)[0]
            if best is None or v > best:
                best, choice = v, action
        return choice

    def _mark(self, view: Any, seat: int, legal: tuple[Any, ...]) -> Any:
        from core.engine import evolve

        best, choice = None, legal[0]
        for action in legal:
            if not isinstance(action, Mark):
                continue
            v = _Table(evolve(view, marks=view.marks + (action.toy,)), seat).now()
            if best is None or v > best:
                best, choice = v, action
        return choice

    def _incentive(self, view: Any, seat: int, legal: tuple[Any, ...]) -> Any:
        table = _Table(view, seat)
        cells = table.wh_cells[seat]
        links = table.links[seat]
        best, choice = None, None
        for action in legal:
            if not isinstance(action, TakeIncentive):
                continue
            v = scoring.incentive_points(
                action.token, cells, table.pop[0], table.wh[seat][0], links
            )
            if best is None or v > best:
                best, choice = v, action
        bar = INCENTIVE_BAR - INCENTIVE_STEP * view.round
        if choice is None or best is None or best < bar:
            return Pass()
        return choice

    def _nominate(self, view: Any, legal: tuple[Any, ...], rng: random.Random) -> Any:
        """Solo: the human (this bot) picks the bot's spot that helps it least."""
        pool = list(view.unseen or ())
        sample = pool if len(pool) <= NOMINATE_SAMPLE else rng.sample(pool, NOMINATE_SAMPLE)
        table = _Table(view, 0)
        bot_cells = table.wh_cells[1]
        best, choice = None, legal[0]
        for action in legal:
            if not isinstance(action, Nominate):
                continue
            origin = cards.key(3 * action.column, 2 * action.row)
            total = 0
            for card in sample:
                cells = dict(bot_cells)
                for d, ch in cards.key_spaces(Piece.CRATE, card, 0):
                    cells[origin + d] = ch
                wh = _areas(cells, view.marks, frozenset())
                total += _points(*table.pop, *wh, False, bot=True)
            v = -total / max(1, len(sample))
            if best is None or v > best:
                best, choice = v, action
        return choice
