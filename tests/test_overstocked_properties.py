"""Overstocked properties over many random playouts (DESIGN: properties
every game keeps; NOTES: OpenSpiel's random-simulation test)."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.overstocked import GAME, cards
from core.overstocked.state import Options, Phase
from tests.overstocked_tables import all_cards, conserved, dealt_game, pick_all
from tests.playouts import checked_playout, seeds

#: CI plays a bounded number of seeds; OVERTABLE_SEEDS raises it locally.
SEEDS = seeds(12)

#: every combination of the advanced variant and the three expansions
COMBINATIONS = [
    Options(advanced=a, incentives=i, forklifts=f, quantum=q)
    for a, i, f, q in itertools.product((False, True), repeat=4)
]
#: (players, options) for every player count and option combination, solo too
TABLES = [(n, o) for n in range(2, 7) for o in COMBINATIONS] + [(2, Options(solo=True))]


def playout(seed: int, players: int, options: Options, check=None):
    """A random legal playout; `check(state)` runs after every step. Among
    seats owing a simultaneous pick, a random one acts first."""
    return checked_playout(GAME, players, options, seed, check, max_steps=5_000)


def counted(state):
    """The 43 crate cards, and the quantum cards and forklifts, are conserved."""
    conserved(state)
    placed = [p for a in (state.popularity, *(s.warehouse for s in state.seats)) for p in a.placed]
    quantum = [p.number for p in placed if p.piece is cards.Piece.QUANTUM]
    if state.quantum is not None:
        quantum.append(state.quantum)
    assert len(quantum) == len(set(quantum))
    assert not set(quantum) & set(state.quantum_supply)
    if state.options.quantum:
        # (a quantum card that fitted nowhere, OS-13, would leave the count)
        assert len(quantum) + len(state.quantum_supply) == 6
    lifts = [s.forklift for s in state.seats if s.forklift is not None]
    assert Counter(lifts + list(state.forklift_supply) + list(state.forklift_pool)) == Counter(
        cards.FORKLIFT_VALUES if state.options.forklifts else ()
    )
    assert all(len(p.hand) <= cards.HAND_SIZE for p in state.seats)


def views_agree(state):
    """A seat decides from its own view; a view never shows another seat's
    hand, another's secret pick before the reveal, or the deck."""
    for seat in [*range(state.players), None]:
        v = GAME.view(state, seat)
        if seat is not None:
            assert GAME.legal_actions(v, seat) == GAME.legal_actions(state, seat)
        assert GAME.to_act(v) == GAME.to_act(state)
        assert set(v.deck) <= {None}
        for other, p in enumerate(v.seats):
            if other == seat:
                assert p == state.seats[other]
                continue
            assert set(p.hand) <= {None} and len(p.hand) == len(state.seats[other].hand)
            if state.phase is Phase.PICK:
                assert p.pick is None
        # nothing follows by subtraction: the unseen pool is everything unknown
        known = [c for c in all_cards(v) if c is not None]
        assert Counter(known) + Counter(v.unseen) == Counter(cards.NUMBERS)


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_random_playouts_end_and_conserve(players, options):
    """Seeded random playouts at each player count and option combination
    reach an outcome, conserving the 43 cards and the tokens."""
    for seed in range(max(2, SEEDS // 4)):
        state, _ = playout(seed * 7 + players, players, options, counted)
        out = GAME.outcome(state)
        assert out is not None and out.winners
        assert len(out.scores) == players
        assert state.round == cards.ROUNDS


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_standard_playouts_many_seeds(players):
    """The standard game, more seeds."""
    for seed in range(SEEDS):
        playout(100 + seed * 11 + players, players, Options(), counted)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, Options()),
        (3, Options(quantum=True, forklifts=True, incentives=True, advanced=True)),
        (5, Options(incentives=True)),
        (2, Options(solo=True)),
    ],
)
def test_views_in_random_playouts(players, options):
    """legal_actions(view(s, seat), seat) == legal_actions(s, seat); no view
    shows another seat's hand or secret pick; the unseen pool is complete."""
    for seed in range(max(2, SEEDS // 4)):
        playout(1000 + seed, players, options, views_agree)


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, Options()),
        (4, Options(quantum=True, forklifts=True, incentives=True)),
        (2, Options(solo=True)),
    ],
)
def test_replay_rebuilds_equal_state(players, options):
    """DESIGN: replaying the actions of a match rebuilds an equal state."""
    for seed in range(max(2, SEEDS // 4)):
        final, journal = playout(2000 + seed, players, options)
        state = GAME.setup(players, options)
        for seat, action in journal:
            state = GAME.apply(state, seat, action)
        assert state == final
        assert GAME.outcome(state) == GAME.outcome(final)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), TABLES)
def test_many_random_playouts(players, options):
    """The long run: 100 seeds per table (run with -m slow)."""
    for seed in range(100):
        playout(10_000 + seed, players, options, counted)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2), st.integers(0, 2), st.integers(0, 5), st.integers(0, 20), st.booleans())
def test_views_equal_when_only_others_hidden_cards_differ(seat, other, slot, deck_index, picked):
    """NOTES: two states that differ only in another seat's hidden cards (a
    hand card, or its secret pick) give the same view to every other seat."""
    if other == seat:
        other = (seat + 1) % 3
    state = dealt_game(3)
    if picked:
        card = state.seats[other].hand[slot]
        state = pick_all(state, {other: card})
    a = state
    hidden = a.seats[other].pick if picked else a.seats[other].hand[slot]
    replacement = a.deck[deck_index % len(a.deck)]
    p = a.seats[other]
    if picked:
        changed = attrs.evolve(p, pick=replacement)
    else:
        hand = tuple(sorted(c for c in p.hand if c != hidden) + [replacement])
        changed = attrs.evolve(p, hand=hand)
    b = attrs.evolve(
        a,
        seats=tuple(changed if i == other else s for i, s in enumerate(a.seats)),
        deck=tuple(sorted([c for c in a.deck if c != replacement] + [hidden])),
    )
    assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, other) != GAME.view(b, other)
