"""An independent review of the Overstocked rules core against the rulebook
(rules/overstocked.txt, "OS §...") and the rulings (docs/rulings.md,
"OS-n").

Two kinds of tests: a pinned discrepancy found in review (with the section
or ruling it breaks), and adversarial checks over random playouts at every
player count and option combination, each against a second, deliberately
naive reading of the same rule (brute-force placement, union-find areas).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import attrs
import pytest

from core import CHANCE, IllegalAction
from core.overstocked import GAME, cards, rules
from core.overstocked.actions import (
    ChooseQuantum,
    Mark,
    Nominate,
    Pass,
    Pick,
    Place,
    TakeIncentive,
)
from core.overstocked.cards import BLOCKED, COVERABLE, TOYS, Incentive, Piece, Toy
from saves.journal import PlayerSpec, codec
from saves.match import Match
from tests.overstocked_tables import (
    POP,
    WH,
    Options,
    Phase,
    Placed,
    area,
    dealt_game,
    first_place,
    pick_all,
    play,
    table,
)
from tests.playouts import seeds

#: every combination of the advanced variant and the three expansions
COMBINATIONS = [
    Options(advanced=a, incentives=i, forklifts=f, quantum=q)
    for a, i, f, q in itertools.product((False, True), repeat=4)
]
#: (players, options): every player count with every combination, and solo
TABLES = [(n, o) for n in range(2, 7) for o in COMBINATIONS] + [(2, Options(solo=True))]
SEEDS = seeds(2)


def random_game(players: int, options: Options, seed: int, check=None):
    """A random legal playout; `check(state, rng)` before every decision."""
    rng = random.Random(seed)
    state = GAME.setup(players, options)
    while GAME.to_act(state):
        seats = GAME.to_act(state)
        if CHANCE in seats:
            outcomes = GAME.chance_outcomes(state)
            state = GAME.apply(state, CHANCE, rng.choice(outcomes)[0])
            continue
        if check:
            check(state, rng)
        seat = rng.choice(sorted(seats))
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


# --- Discrepancy: a spot far off the table aliased a legal one ---------------------------


def test_a_card_far_off_the_table_is_refused_os3():
    """OS §Gameplay, OS-3: a card must cover 1 or 2 toy spaces of cards
    already placed. A spot 1024 spaces away covers nothing, yet the rules
    took it for the legal spot whose int key it shares (x+1, y-1024), and
    recorded a card whose position disagreed with what the area shows.
    apply must refuse what legal_actions does not list."""
    state = pick_all(dealt_game(2), {0: 1, 1: 2})
    legal = first_place(state, 0, WH)
    for far in (
        Place(WH, legal.x - 1, legal.y + 1024, legal.rotation),
        Place(WH, legal.x + 1, legal.y - 1024, legal.rotation),
        Place(POP, 0, 2048, 0),
    ):
        assert far not in GAME.legal_actions(state, 0)
        assert not state.seats[0].warehouse.card_fits(far.x, far.y, far.rotation)
        assert state.seats[0].warehouse.why_not(far.x, far.y, far.rotation) is not None
        with pytest.raises(IllegalAction, match="cannot go there"):
            play(state, 0, far)


def test_a_forklift_far_off_the_table_is_refused_os16():
    """OS §Industrial Mechanisation, OS-16: the forklift is placed like a
    card; a spot far away covers nothing and is refused (it aliased a legal
    spot the same way)."""
    state = pick_all(dealt_game(2, Options(forklifts=True)), {0: 1, 1: 2})
    state = play(state, 0, first_place(state, 0, POP))
    assert state.phase is Phase.FORKLIFT
    spot = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Place))
    far = Place(WH, spot.x - 1, spot.y + 1024, spot.rotation)
    assert far not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="forklift cannot go there"):
        play(state, 0, far)


def odd_actions(state, seat, rng):
    """Actions a careless screen or a damaged journal might send."""
    out: list[object] = []
    for a in GAME.legal_actions(state, seat)[:4]:
        if isinstance(a, Place):
            other = WH if a.where is POP else POP
            out += [
                Place(a.where, a.x - 1, a.y + 1024, a.rotation),
                Place(a.where, a.x, a.y, a.rotation + 4),
                Place(a.where, a.x, a.y, -1),
                Place(other, a.x, a.y, a.rotation),
            ]
    out += [
        Pick(rng.randint(-1, 45)),
        ChooseQuantum(rng.randint(0, 7)),
        Mark(rng.choice(TOYS)),
        Mark("Q"),  # not a toy: a quantum crate's letter
        TakeIncentive(rng.choice(list(Incentive))),
        Pass(),
        Nominate(rng.randint(-3, 3), rng.randint(-3, 3)),
        Place(rng.choice((POP, WH)), rng.randint(-6, 6), rng.randint(-6, 6), rng.randint(0, 3)),
    ]
    return out


@pytest.mark.parametrize("options", COMBINATIONS[::3] + [Options(solo=True)])
def test_apply_accepts_exactly_the_listed_actions(options):
    """DESIGN (apply raises IllegalAction): at every decision of random
    playouts, for every seat, an action is accepted if and only if
    legal_actions lists it."""

    def check(state, rng):
        for seat in range(state.players):
            legal = GAME.legal_actions(state, seat)
            for action in odd_actions(state, seat, rng):
                try:
                    GAME.apply(state, seat, action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == (action in legal), (state.phase, seat, action)

    for seed in range(SEEDS):
        players = 2 if options.solo else 2 + seed % 5
        random_game(players, options, 300 + seed, check)


# --- Placement against brute force (OS §Gameplay, OS-3, OS-16) ------------------------------


def brute_spots(a, piece: Piece) -> set[tuple[int, int, int]]:
    """Every (x, y, rotation) covering 1 or 2 visible toy spaces and no
    worker or forklift, found by trying every spot near the area."""
    g = a.grid
    xs = [x for x, _ in g]
    ys = [y for _, y in g]
    out = set()
    for r in cards.rotations(piece):
        w, h = cards.size(piece, r)
        for x in range(min(xs) - w, max(xs) + 2):
            for y in range(min(ys) - h, max(ys) + 2):
                covered = [g.get((x + dx, y + dy)) for dx in range(w) for dy in range(h)]
                if any(c is not None and c in BLOCKED for c in covered):
                    continue
                if 1 <= sum(c is not None and c in COVERABLE for c in covered) <= 2:
                    out.add((x, y, r))
    return out


@pytest.mark.parametrize(("players", "options"), TABLES[::4] + [TABLES[-1]])
def test_listed_placements_are_exactly_the_brute_force_spots(players, options):
    """OS §Gameplay, OS-3, OS-16: in random playouts the listed placements
    (cards in either area, forklifts in one's own warehouse) are exactly the
    spots a brute-force search finds, in every rotation."""

    def check(state, _rng):
        seat = state.turn
        if state.phase is Phase.PLACE:
            legal = GAME.legal_actions(state, seat)
            for where in (POP, WH):
                a = rules.area_of(state, seat, where)
                listed = {
                    (p.x, p.y, p.rotation)
                    for p in legal
                    if isinstance(p, Place) and p.where is where
                }
                assert listed == brute_spots(a, Piece.CRATE)
            if legal == (Pass(),):
                assert not brute_spots(state.popularity, Piece.CRATE)
        elif state.phase is Phase.FORKLIFT:
            legal = GAME.legal_actions(state, seat)
            listed = {(p.x, p.y, p.rotation) for p in legal if isinstance(p, Place)}
            assert {p.where for p in legal if isinstance(p, Place)} <= {WH}
            assert listed == brute_spots(state.seats[seat].warehouse, Piece.FORKLIFT)

    for seed in range(SEEDS):
        random_game(players, options, 500 + seed, check)


# --- Scoring against a second reading (OS §Scoring and the additions) -------------------------


def naive_areas(g, members, links) -> int:
    """Largest group by union-find: orthogonal neighbours, and every linked
    space joined to every other linked space (the forklift)."""
    parent = {k: k for k in members}

    def root(k):
        while parent[k] != k:
            k = parent[k]
        return k

    def join(a, b):
        parent[root(a)] = root(b)

    for x, y in members:
        for nb in ((x + 1, y), (x, y + 1)):
            if nb in parent:
                join((x, y), nb)
    linked = [k for k in members if k in links]
    for a, b in itertools.pairwise(linked):
        join(a, b)
    sizes = Counter(root(k) for k in members)
    return max(sizes.values(), default=0)


def naive_scores(state) -> tuple[int, ...]:
    """The rulebook's scoring, read again from scratch."""
    marks = state.marks

    def counts_as(ch: str, toy: Toy) -> bool:
        return ch.upper() == toy.value or (ch == "Q" and toy not in marks)

    pop = state.popularity.grid
    pa = [naive_areas(pop, [k for k, c in pop.items() if counts_as(c, t)], set()) for t in TOYS]
    pc = [sum(counts_as(c, t) for c in pop.values()) for t in TOYS]
    tied = [i for i in range(4) if pa[i] == max(pa)]
    negatives = [i for i in tied if pc[i] == max(pc[j] for j in tied)]
    totals = []
    for s, p in enumerate(state.seats):
        g = p.warehouse.grid
        links = {
            (x + dx, y + dy)
            for (x, y), c in g.items()
            if c == "L"
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if g.get((x + dx, y + dy), "L") != "L"
        }
        wa = [naive_areas(g, [k for k, c in g.items() if counts_as(c, t)], links) for t in TOYS]
        wc = [sum(counts_as(c, t) for c in g.values()) for t in TOYS]
        bot = state.options.solo and s == 1
        halves: list[int | None] = [None]
        if state.options.advanced:
            top = [i for i in range(4) if wa[i] == max(wa)]
            halves = [i for i in top if wc[i] == max(wc[j] for j in top)]
        negs = negatives
        if bot and len(negs) > 1:
            low = min(pa[i] * wa[i] for i in negs)
            negs = [next(i for i in negs if pa[i] * wa[i] == low)]
        best = None
        for neg, half in itertools.product(negs, halves):
            total = 0
            for i in range(4):
                v = pa[i] * wa[i]
                if i == neg:
                    v = 0 if bot else -v
                if i == half:
                    v = int(v / 2)  # OS-15: toward zero
                total += v
            best = total if best is None else max(best, total)
        token = p.incentive
        extra = 0
        if token is not None and token.toy is not None:
            i = TOYS.index(token.toy)
            extra = pa[i] * wa[i]
        elif token is Incentive.WORKER:
            extra = 3 * naive_areas(g, [k for k, c in g.items() if c in "pfyb"], links)
        elif token is Incentive.EMPTY:
            extra = 3 * naive_areas(g, [k for k, c in g.items() if c == "."], links)
        extra += (p.forklift or 0) + (state.bot_bonus if bot else 0)
        totals.append(best + extra)
    return tuple(totals)


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_final_scores_agree_with_a_second_reading(players, options):
    """OS §Scoring, §Advanced Variant, §Incentive Token Scoring, §Industrial
    Mechanisation, §Quantum Accounting, §Solo Scoring; OS-4, OS-7, OS-15,
    OS-16, OS-18: every final score of random playouts equals a naive
    re-reading of the rules."""
    for seed in range(SEEDS):
        state = random_game(players, options, 700 + seed * 13 + players)
        assert state.phase is Phase.OVER and state.round == cards.ROUNDS
        out = GAME.outcome(state)
        assert out.scores == naive_scores(state)
        best = max(out.scores)
        if options.solo:
            assert out.winners == ({0} if out.scores[0] > out.scores[1] else {1})
        else:
            assert out.winners == {s for s, v in enumerate(out.scores) if v == best}


# --- Progress, views and journals ----------------------------------------------------------------


@pytest.mark.parametrize(("players", "options"), TABLES[::2] + [TABLES[-1]])
def test_somebody_can_always_act_until_the_end(players, options):
    """DESIGN: while the game is not over, to_act names a seat and every seat
    in it has a legal action; a seat not in it has none."""

    def check(state, _rng):
        assert state.phase is not Phase.OVER
        seats = GAME.to_act(state)
        assert seats
        for seat in range(players):
            assert bool(GAME.legal_actions(state, seat)) == (seat in seats), (state.phase, seat)

    for seed in range(SEEDS):
        final = random_game(players, options, 900 + seed, check)
        assert GAME.to_act(final) == frozenset() and GAME.outcome(final) is not None


def swap_hidden(state, seat, rng):
    """`state` with one card `seat` cannot see exchanged for another it cannot
    see (another hand, another's secret pick, the deck), or None."""
    places = []
    for s, p in enumerate(state.seats):
        if s == seat:
            continue
        places += [("hand", s, c) for c in p.hand]
        if state.phase is Phase.PICK and p.pick is not None:
            places.append(("pick", s, p.pick))
    places += [("deck", -1, c) for c in state.deck]
    if len(places) < 2:
        return None
    (ka, sa, a), (kb, sb, b) = rng.sample(places, 2)
    if (ka, sa) == (kb, sb) and ka != "pick":
        return None  # the same pile: nothing changes
    swap = {a: b, b: a}
    seats = list(state.seats)
    for k, s in ((ka, sa), (kb, sb)):
        if k == "hand":
            seats[s] = attrs.evolve(
                seats[s], hand=tuple(sorted(swap.get(c, c) for c in seats[s].hand))
            )
        elif k == "pick":
            seats[s] = attrs.evolve(seats[s], pick=swap[seats[s].pick])
    deck = tuple(sorted(swap.get(c, c) for c in state.deck))
    return attrs.evolve(state, seats=tuple(seats), deck=deck)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, Options()),
        (4, Options(quantum=True, incentives=True)),
        (6, Options(forklifts=True)),
        (2, Options(solo=True)),
    ],
)
def test_views_do_not_change_when_hidden_cards_move(players, options):
    """OS §Setup ("should not show them to each other"), §Gameplay (face
    down), OS-12: at every decision, exchanging two cards a seat cannot see
    (other hands, a secret pick before the reveal, the undealt cards) leaves
    that seat's view unchanged, and the public log line of the next action
    names no hidden card."""

    def check(state, rng):
        for seat in [*range(players), None]:
            other = swap_hidden(state, seat, rng)
            if other is not None:
                assert GAME.view(other, seat) == GAME.view(state, seat)
        if state.phase is Phase.PICK and not options.solo:
            for seat in GAME.to_act(state):
                for action in GAME.legal_actions(state, seat):
                    after = GAME.apply(state, seat, action)
                    if after.phase is Phase.PICK:
                        assert (
                            GAME.describe(state, seat, action)
                            == f"Player {seat + 1} chooses a card."
                        )

    for seed in range(SEEDS):
        random_game(players, options, 1100 + seed, check)


@pytest.mark.parametrize(("players", "options"), [(n, o) for n, o in TABLES if n in (2, 5)])
def test_journal_codec_round_trips_every_action(players, options, tmp_path, monkeypatch):
    """Journals: every action of a random match survives the codec
    (saves.journal.codec), and the saved match replays to the same state,
    log and outcome, undo lines included."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    c = codec(GAME)
    assert c.converter.structure(c.options_dict(options), GAME.Options) == options
    bits = (options.advanced, options.incentives, options.forklifts, options.quantum, options.solo)
    rng = random.Random(players * 32 + int("".join(str(int(b)) for b in bits), 2))
    seats = [PlayerSpec(f"P{s}", "human") for s in range(players)]
    match = Match.new("overstocked", seats, options, directory=tmp_path, seed=1)
    while not match.finished:
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
            continue
        undo = next((s for s in range(players) if match.undoable(s)), None)
        if undo is not None and rng.random() < 0.1:
            match.undo(undo, 1)
            continue
        seat = rng.choice(sorted(to_act))
        action = rng.choice(GAME.legal_actions(match.state, seat))
        line = json.loads(c.action_line(seat, action))
        assert line["seat"] == seat and c.action(line["action"]) == action
        match.apply(seat, action)
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok and loaded.problems == ()
    assert loaded.match.state == match.state
    assert loaded.match.outcome == match.outcome
    assert loaded.match.log() == match.log()


# --- Pinned readings a careful player checks ------------------------------------------------------


def nowhere_table(options: Options, picks=(10, 11), **changes):
    """Seat 0's card fits nowhere (OS-13): its warehouse shows no toy space
    left uncovered by forklifts, and the popularity's last Yo-yo sits
    between a worker and two forklifts."""
    covered = area((1, 0, 0, 0))
    for x, y, r in ((0, 0, 0), (2, 0, 1), (0, 1, 0)):
        covered = covered.add(Placed(Piece.FORKLIFT, 1, x, y, r))
    popularity = (
        area((3, 0, 0, 0))
        .add(Placed(Piece.FORKLIFT, 2, 0, 0, 1))
        .add(Placed(Piece.FORKLIFT, 3, 2, 0, 1))
    )
    return table(
        [[5], [6]],
        warehouses=[covered, area((2, 0, 0, 0))],
        popularity=popularity,
        options=options,
        phase=Phase.PLACE,
        picks=list(picks),
        order=(0, 1),
        round=6,
        **changes,
    )


def test_no_incentive_after_a_card_that_fits_nowhere_os13_os14():
    """OS §Pre-Order Incentives ("immediately after a player has placed a
    card"), OS-13, OS-14: a card that fits nowhere is not placed, so its
    player is offered no incentive token; the next player's turn follows."""
    state = nowhere_table(Options(incentives=True))
    assert GAME.legal_actions(state, 0) == (Pass(),)
    state = play(state, 0, Pass())
    assert state.phase is Phase.PLACE and state.turn == 1
    assert state.seats[0].incentive is None and len(state.incentive_supply) == 4


def test_no_x_for_a_quantum_card_that_fits_nowhere_os13_os17():
    """OS §Quantum Accounting ("the player who placed it then chooses"),
    OS-13, OS-17: an X quantum card that fits nowhere goes to the box
    unplaced, and no X is put on the score pad."""
    # seat 0 had the lowest card, 10: boxed for X quantum card 2
    state = nowhere_table(
        Options(quantum=True),
        picks=(None, 11),
        quantum=2,
        quantum_supply=(1, 3, 4, 5, 6),
        boxed=(10,),
    )
    assert rules.piece_in_hand(state) == (Piece.QUANTUM, 2)
    assert GAME.legal_actions(state, 0) == (Pass(),)
    state = play(state, 0, Pass())
    assert state.marks == () and state.quantum is None
    assert state.phase is Phase.PLACE and state.turn == 1
