"""Overboss Duel properties over many random playouts (DESIGN: properties
every game keeps; NOTES: OpenSpiel's random-simulation test, leaks by
subtraction)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import CHANCE
from core.overboss import GAME, rules
from core.overboss.components import (
    BAG_TOKENS,
    BOSSES,
    HEROES,
    TERRAINS,
    TILE_COUNTS,
    TOKEN_COUNTS,
    Boss,
)
from core.overboss.state import State, Step, copier
from saves.journal import Codec
from tests.overboss_tables import all_heroes, all_tiles, all_tokens, table
from tests.playouts import checked_playout, seeds

#: CI plays a bounded number of seeds; OVERTABLE_SEEDS raises it locally.
SEEDS = seeds(30)


def playout(seed: int, short: bool = False, check=None):
    """A random legal playout; `check(state)` runs after every step."""
    return checked_playout(GAME, 2, GAME.Options(short_board=short), seed, check)


def conserved(state):
    """OD-3: 68 tiles, 68 tokens and 15 heroes, wherever they are."""
    assert all_tiles(state) == Counter(TILE_COUNTS)
    assert all_tokens(state) == Counter(TOKEN_COUNTS)
    assert all_heroes(state) == HEROES
    assert min(state.stack) >= 0 and min(state.bag) >= 0 and state.heroes >= 0
    # a tile holds at most one token, never on a Dungeon or an open square
    for t, k in zip(state.tiles, state.tokens, strict=True):
        if k is not None:
            assert t is not None and t is not rules.Terrain.DUNGEON
    assert sum(1 for b in state.bosses if b is not None) + len(state.boss_deck) == len(BOSSES)


def views_agree(state):
    """A seat decides from its own view; the view hides only Bosses, and the
    stack and bag it keeps follow from the public table."""
    for seat in (0, 1, None):
        v = GAME.view(state, seat)
        if seat is not None:
            assert GAME.legal_actions(v, seat) == GAME.legal_actions(state, seat)
        assert GAME.to_act(v) == GAME.to_act(state)
        assert all(b is None for b in v.boss_deck)
        for s in (0, 1):
            if s != seat and not state.revealed[s]:
                assert v.bosses[s] is None
            else:
                assert v.bosses[s] == state.bosses[s]
        # nothing follows by subtraction: the unseen pool is every Boss unknown
        known = [b for b in v.bosses if b is not None]
        assert Counter(known) + Counter(v.unseen) == Counter(BOSSES)
        if state.step in (Step.REFILL, Step.POOL_DRAW):
            assert GAME.chance_outcomes(v) == GAME.chance_outcomes(state)


def test_random_playouts_end_and_conserve():
    """OD §Turn Order 7: seeded random playouts on both boards end with the
    board full; tiles, tokens and heroes are conserved along the way (OD-3)."""
    for seed in range(SEEDS):
        state, journal = playout(seed, short=bool(seed % 2), check=conserved)
        out = GAME.outcome(state)
        assert out is not None and out.winners
        assert rules.board_full(state)
        assert sum(1 for seat, a in journal if a.__class__.__name__ == "EndTurn") == len(
            state.tiles
        )


def test_views_in_random_playouts():
    """legal_actions(view(s, seat), seat) == legal_actions(s, seat); views
    hide the opponent's Boss until it is revealed and the undealt Bosses."""
    for seed in range(max(4, SEEDS // 3)):
        playout(1000 + seed, short=bool(seed % 2), check=views_agree)


def test_replay_rebuilds_equal_state_and_journals_round_trip():
    """DESIGN: replaying the actions of a match rebuilds an equal state; each
    action survives the journal's cattrs round trip (`action_types`)."""
    codec = Codec(GAME)
    for seed in range(max(4, SEEDS // 3)):
        final, journal = playout(2000 + seed, short=bool(seed % 2))
        state = GAME.setup(2, GAME.Options(short_board=bool(seed % 2)))
        for seat, action in journal:
            import json

            line = json.loads(codec.action_line(seat, action))
            assert codec.action(line["action"]) == action
            state = GAME.apply(state, seat, action)
        assert state == final


def test_playout_states_hold_only_their_fields_and_stay_frozen():
    """The rules copy a State as a dict (`core.overboss.state.copier`): no
    state of a random playout, nor a view of one, holds a name that is not
    a field or lacks one, and every state still refuses to be changed."""
    fields = {a.name for a in attrs.fields(State)}

    def check(state):
        assert set(vars(state)) == fields
        for seat in (0, 1, None):
            assert set(vars(GAME.view(state, seat))) == fields
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            state.step = Step.OVER

    for seed in range(4):
        playout(4000 + seed, short=bool(seed % 2), check=check)


def test_copier_replaces_only_the_fields_it_names():
    """A copier gives `attrs.evolve`'s state, and refuses names that are
    not fields (or are repeated)."""
    state = GAME.setup(2, GAME.Options())
    copy = copier("step", "turn")(state, Step.DRAFT, 1)
    assert copy == attrs.evolve(state, step=Step.DRAFT, turn=1)
    assert state.step is Step.DEAL_BOSS and state.turn == 0
    for names in (("steps",), ("step", "step")):
        with pytest.raises(ValueError, match="not State fields"):
            copier(*names)


def test_stack_and_bag_in_a_view_reveal_nothing():
    """NOTES (leak by subtraction): the stack and bag a view keeps are exactly
    the box minus every tile and token in plain sight, so they tell a seat
    nothing it could not count; no order exists to leak."""

    def check(state):
        v = GAME.view(state, 0)
        seen_tiles = Counter(t for t in v.tiles if t is not None)
        seen_tiles.update(p.tile for p in v.market if p.tile is not None)
        seen_tiles.update(v.removed)
        if v.hand_tile is not None:
            seen_tiles[v.hand_tile] += 1
        for t, n in zip(TERRAINS, v.stack, strict=True):
            assert n == TILE_COUNTS[t] - seen_tiles[t]
        seen = Counter(k for k in v.tokens if k is not None and k is not rules.Token.HERO)
        seen.update(p.token for p in v.market if p.token is not None)
        if v.hand_token is not None:
            seen[v.hand_token] += 1
        for lair in v.lairs:
            seen.update(lair.waiting + lair.crystals)
            seen[rules.Token.SPIRE] += lair.spires + lair.expended
        for k, n in zip(BAG_TOKENS, v.bag, strict=True):
            assert n == TOKEN_COUNTS[k] - seen[k]

    for seed in range(4):
        playout(3000 + seed, check=check)


@pytest.mark.slow
@pytest.mark.parametrize("short", [False, True])
def test_many_random_playouts(short):
    """The long run: 500 seeds per board (run with -m slow)."""
    for seed in range(500):
        playout(10_000 + seed, short=short, check=conserved)


bosses = st.sampled_from(BOSSES)


@settings(max_examples=60, deadline=None)
@given(st.lists(bosses, min_size=3, max_size=3, unique=True), st.integers(0, 1))
def test_views_equal_when_only_the_hidden_boss_differs(three, seat):
    """NOTES: two states that differ only in the opponent's face-down Boss
    (swapped with an undealt card) give the same view to `seat` and to a
    spectator; the owner sees the difference."""
    mine, theirs, spare = three
    other = 1 - seat
    pair = [None, None]
    pair[seat], pair[other] = mine, theirs
    a = table(bosses=tuple(pair))
    pair[other] = spare
    b = table(bosses=tuple(pair))
    assert a != b
    assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, other) != GAME.view(b, other)
    # once revealed, the card is public
    ra = attrs.evolve(a, revealed=(True, True))
    rb = attrs.evolve(b, revealed=(True, True))
    assert GAME.view(ra, seat) != GAME.view(rb, seat)


def test_describe_never_names_a_hidden_boss():
    """OD §Boss Cards: the log never names a face-down Boss, whatever the
    action; a revealed Boss is named."""
    for seed in range(6):
        rng = random.Random(4000 + seed)
        state = GAME.setup(2, GAME.Options())
        while GAME.to_act(state):
            (seat,) = GAME.to_act(state)
            if seat == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(GAME.legal_actions(state, seat))
            line = GAME.describe(state, seat, action)
            assert line
            after = GAME.apply(state, seat, action)
            hidden = [
                b for s, b in enumerate(after.bosses) if b is not None and not after.revealed[s]
            ] + list(after.boss_deck)
            for b in hidden:
                if b not in [x for s, x in enumerate(after.bosses) if after.revealed[s]]:
                    assert _boss_name(b) not in line, line
            state = after


def _boss_name(boss: Boss) -> str:
    from core.overboss.bosses import CARDS

    return CARDS[boss].name
