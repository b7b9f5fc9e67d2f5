"""Build Overstocked tables by hand for rule tests.

`grid()` turns a picture into the grid the scoring reads, `area()` lays real
crate cards as a test describes them, and `table()` sets out a round in
progress, with every other crate card left in the deck, so a test reads
like the rulebook's own examples.
"""

from __future__ import annotations

from collections import Counter

import attrs

from core import CHANCE
from core.overstocked import GAME, cards, rules, scoring
from core.overstocked.actions import Deal, DrawForklift, Pick, Place
from core.overstocked.cards import Incentive, Piece, Toy
from core.overstocked.state import Area, Options, Phase, Placed, Player, State, Where

P, F, Y, B = Toy.POCKET_PETZ, Toy.FURBALLS, Toy.YO_YOS, Toy.BEAN_BEARS
POP, WH = Where.POPULARITY, Where.WAREHOUSE


def grid(picture: str) -> dict[int, str]:
    """A grid from rows of spaces; a blank is no space at all. The first
    character of the first row is (0, 0)."""
    rows = picture.strip("\n").split("\n")
    return {
        cards.key(x, y): ch for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != " "
    }


def area(
    *pieces: tuple[int, int, int, int],
    forklift: tuple[int, int, int, int] | None = None,
    quantum: tuple[tuple[int, int, int, int], ...] = (),
) -> Area:
    """An area of crate cards (card, x, y, rotation), bottom first; then any
    quantum cards and a forklift (value, x, y, rotation) on top."""
    a = Area()
    for card, x, y, r in pieces:
        a = a.add(Placed(Piece.CRATE, card, x, y, r))
    for number, x, y, r in quantum:
        a = a.add(Placed(Piece.QUANTUM, number, x, y, r))
    if forklift is not None:
        value, x, y, r = forklift
        a = a.add(Placed(Piece.FORKLIFT, value, x, y, r))
    return a


def picture(a: Area) -> str:
    """What an area shows, as rows of text (blank: nothing)."""
    b = a.bounds()
    if b is None:
        return ""
    x0, y0, x1, y1 = b
    g = a.grid
    return "\n".join(
        "".join(g.get((x, y), " ") for x in range(x0, x1 + 1)) for y in range(y0, y1 + 1)
    )


def crate_cards(a: Area) -> list[int]:
    return [p.number for p in a.placed if p.piece is Piece.CRATE]


def table(
    hands: list[list[int]],
    warehouses: list[Area] | None = None,
    popularity: Area | None = None,
    *,
    options: Options | None = None,
    phase: Phase = Phase.PICK,
    round: int = 1,
    picks: list[int | None] | None = None,
    order: tuple[int, ...] = (),
    **changes,
) -> State:
    """A round in progress: hands, warehouses and popularity as given, every
    other crate card in the deck. Defaults: each warehouse and the
    popularity one card from the top of what is left."""
    n = len(hands)
    options = options or Options()
    base = GAME.setup(n, options)
    used = [c for h in hands for c in h] + [c for c in (picks or []) if c is not None]
    pool = [c for c in cards.NUMBERS if c not in used]
    if popularity is None:
        popularity = area((pool.pop(), 0, 0, 0))
    if warehouses is None:
        warehouses = [area((pool.pop(), 0, 0, 0)) for _ in range(n)]
    used += crate_cards(popularity) + [c for w in warehouses for c in crate_cards(w)]
    used += list(changes.get("boxed", ()))
    assert len(used) == len(set(used)), "a card is in two places"
    picks = picks or [None] * n
    seats = tuple(
        Player(
            hand=tuple(sorted(hands[s])),
            pick=picks[s],
            picked=picks[s] is not None,
            warehouse=warehouses[s],
        )
        for s in range(n)
    )
    state = attrs.evolve(
        base,
        seats=seats,
        popularity=popularity,
        phase=phase,
        round=round,
        dealt=len(rules.schedule(n, options.solo, options.forklifts)),
        deck=tuple(c for c in cards.NUMBERS if c not in used),
        order=order,
    )
    if options.forklifts and "forklift_supply" not in changes:
        changes["forklift_supply"] = tuple(range(n, 0, -1))
        changes["forklift_pool"] = tuple(v for v in cards.FORKLIFT_VALUES if v > n)
    return attrs.evolve(state, **changes)


def play(state: State, seat: int, *actions: object) -> State:
    for action in actions:
        state = GAME.apply(state, seat, action)
    return state


def deal(state: State, *numbers: int) -> State:
    """Resolve pending chance steps with these crate cards (or forklift
    values during the forklift draw), in order."""
    for n in numbers:
        assert GAME.to_act(state) == {CHANCE}
        if state.phase is Phase.DEAL and rules._entry(state)[0] == "forklift":
            state = GAME.apply(state, CHANCE, DrawForklift(n))
        else:
            state = GAME.apply(state, CHANCE, Deal(n))
    return state


def dealt_game(players: int, options: Options | None = None) -> State:
    """A fresh game dealt in card order: seat s gets cards s+1, s+1+n, ...
    (round the table), then the popularity and the warehouses; forklifts
    1..n when in play."""
    state = GAME.setup(players, options or Options())
    while GAME.to_act(state) == {CHANCE}:
        outcomes = GAME.chance_outcomes(state)
        action = min(outcomes, key=lambda o: getattr(o[0], "card", getattr(o[0], "value", 0)))[0]
        state = GAME.apply(state, CHANCE, action)
    return state


def pick_all(state: State, picks: dict[int, int]) -> State:
    for seat, card in picks.items():
        state = GAME.apply(state, seat, Pick(card))
    return state


def first_place(state: State, seat: int, where: Where = WH) -> Place:
    """The first legal placement in `where` for `seat`."""
    return next(
        a for a in GAME.legal_actions(state, seat) if isinstance(a, Place) and a.where is where
    )


def all_cards(state: State) -> list[int | None]:
    """Every crate card's place: deck, hands, picks, areas, box."""
    out: list[int | None] = list(state.deck) + list(state.boxed)
    out += crate_cards(state.popularity)
    for p in state.seats:
        out += list(p.hand)
        if p.pick is not None:
            out.append(p.pick)
        out += crate_cards(p.warehouse)
    return out


def conserved(state: State) -> None:
    """OS §Contents: the 43 crate cards are all somewhere, once."""
    assert Counter(all_cards(state)) == Counter(cards.NUMBERS)


__all__ = [
    "B",
    "F",
    "GAME",
    "P",
    "POP",
    "WH",
    "Y",
    "Area",
    "Incentive",
    "Options",
    "Phase",
    "Piece",
    "Placed",
    "State",
    "Toy",
    "Where",
    "all_cards",
    "area",
    "cards",
    "conserved",
    "crate_cards",
    "deal",
    "dealt_game",
    "first_place",
    "grid",
    "pick_all",
    "picture",
    "play",
    "rules",
    "scoring",
    "table",
]
