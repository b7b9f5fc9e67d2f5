"""Overseers' search hooks (core/overseers/search.py): determinizing a view,
judging a cut-off rollout, the rollout policy (issue 13)."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from core import CHANCE
from core.bots.ismcts import outcome_values
from core.engine import SearchHooks
from core.overseers import GAME, cards, rules, search
from core.overseers.actions import LosePair, Pick, Place
from core.overseers.cards import Character, Trait
from core.overseers.search import HOOKS, determinize, evaluate, rollout
from core.overseers.state import Options, Phase, RoundScore
from core.playout import sample_chance
from tests.playouts import checked_playout, seeds
from tests.test_overseers_bot import guilty_ann
from tests.test_overseers_properties import TABLES, conserved

SEEDS = max(2, seeds(12) // 4)


def states_of(players: int, options: Options, seed: int, every: float = 0.25) -> list:
    """About `every` of the states of a random playout (all its phases,
    simultaneous choices half made included)."""
    pick = random.Random(seed + 99)
    out: list = []

    def keep(state):
        if pick.random() < every:
            out.append(state)

    checked_playout(GAME, players, options, seed, keep, max_steps=5_000)
    return out


def hidden_cards(view, full) -> list[int]:
    """The trait cards `full` holds where `view` shows None (or a secret
    choice the view hides: a pick), in the same order for every state."""
    out: list[int] = []

    def gaps(mine, theirs):
        out.extend(t for m, t in zip(mine, theirs, strict=True) if m is None)

    gaps(view.deck, full.deck)
    gaps(view.discard, full.discard)
    gaps(view.drawn, full.drawn)
    for p, q in zip(view.seats, full.seats, strict=True):
        gaps(p.hand, q.hand)
        gaps(p.kept, q.kept)
        gaps([x.card for x in p.slots], [x.card for x in q.slots])
        if p.pick is None and q.pick is not None:
            out.append(q.pick)
    return out


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_determinized_state_shows_the_same_view(players, options):
    """For every seat at random points of random playouts: the determinized
    state is a full state (no unseen pools, no None card), gives back the
    very view it came from, conserves the cards and characters (OV-1), and
    the seat to act has the same legal actions as in the real state."""
    rng = random.Random(players)
    checked = 0
    for seed in range(SEEDS):
        for state in states_of(players, options, seed * 31 + players):
            for seat in range(players):
                v = GAME.view(state, seat)
                d = determinize(v, seat, rng)
                assert d.unseen is None and d.unseen_characters is None
                assert None not in rules.cards_on_table(d)
                conserved(d)
                assert GAME.view(d, seat) == v
                assert GAME.to_act(d) == GAME.to_act(state)
                assert GAME.legal_actions(d, seat) == GAME.legal_actions(state, seat)
                if not state.revealed:
                    dealt = [p.character for p in d.seats]
                    real = [p.character for p in state.seats]
                    assert [c is None for c in dealt] == [c is None for c in real]
                checked += 1
    assert checked > 50


@pytest.mark.parametrize(("players", "options"), TABLES[::3])
def test_random_playouts_from_a_determinized_state_end(players, options):
    """From a determinized state random playouts reach the end of the game,
    conserving the cards at every step (a secret pick, top row or vote it
    drew is one the rules allow: the game goes on with it)."""
    rng = random.Random(7)
    for state in states_of(players, options, 500 + players, every=0.1):
        seat = rng.randrange(players)
        s = determinize(GAME.view(state, seat), seat, rng)
        for _ in range(5_000):
            conserved(s)
            seats = GAME.to_act(s)
            if not seats:
                break
            if CHANCE in seats:
                s = GAME.apply(s, CHANCE, sample_chance(GAME.chance_outcomes(s), rng))
                continue
            who = min(seats)
            s = GAME.apply(s, who, rng.choice(GAME.legal_actions(s, who)))
        assert GAME.outcome(s) is not None


def test_secret_choices_filled_as_the_rules_allow():
    """OV §Placement, §Vote: a seat that has chosen in secret holds, once
    determinized, a top row of its own kept cards of the size its
    character needs (two for orange), and a vote for another seat."""
    rng = random.Random(3)
    places = votes = 0
    for seed in range(12):
        for state in states_of(5, Options(), 700 + seed, every=1.0):
            if state.phase not in (Phase.PLACE, Phase.VOTE):
                continue
            d = determinize(GAME.view(state, 0), 0, rng)
            for s in range(1, 5):
                p = d.seats[s]
                if not p.chose:
                    continue
                if state.phase is Phase.PLACE:
                    need = 2 if p.character is Character.ORANGE else 3
                    assert len(p.face_up) == need and set(p.face_up) <= set(p.kept)
                    assert Place(p.face_up) in GAME.legal_actions(
                        attrs.evolve(d, seats=tuple(attrs.evolve(q, chose=False) for q in d.seats)),
                        s,
                    )
                    places += 1
                else:
                    assert p.vote is not None and p.vote != s and 0 <= p.vote < 5
                    votes += 1
    assert places and votes


def test_hidden_cards_come_from_the_unseen_pool_uniformly():
    """Over many determinizations of one view, the cards put in its gaps are
    exactly the view's unseen pool: each unseen card shows up, and nothing
    else; every gap takes each card about equally often; the characters
    likewise come from `unseen_characters` (OV-9)."""
    states = [
        s for s in states_of(4, Options(), 11, every=1.0) if s.phase is Phase.DRAFT and s.round == 1
    ]
    state = states[len(states) // 2]
    seat = 2
    v = GAME.view(state, seat)
    rng = random.Random(0)
    seen: Counter[int] = Counter()
    first_gap: Counter[int] = Counter()
    chars: Counter = Counter()
    runs = 2_000
    for _ in range(runs):
        d = determinize(v, seat, rng)
        filled = hidden_cards(v, d)
        assert len(filled) == len(v.unseen)
        seen.update(filled)
        first_gap[filled[0]] += 1
        chars.update(p.character for s, p in enumerate(d.seats) if s != seat)
    assert Counter(v.unseen) == Counter({c: n // runs for c, n in seen.items()})
    assert set(first_gap) == set(v.unseen)
    expected = runs / len(v.unseen)
    assert all(0.5 * expected < n < 1.6 * expected for n in first_gap.values())
    assert set(chars) == set(v.unseen_characters)


def test_determinize_reads_only_the_view():
    """Two full states with the same view for a seat (the real one and one
    determinized from its view) determinize alike with the same seed: the
    hidden cards of the real state cannot leak into the result."""
    compared = 0
    for seed in range(4):
        for state in states_of(4, Options(alternate_draft=True), 300 + seed, every=0.2):
            seat = seed % 4
            v = GAME.view(state, seat)
            other = determinize(v, seat, random.Random(seed + 1000))
            assert GAME.view(other, seat) == v
            assert determinize(v, seat, random.Random(5)) == determinize(
                GAME.view(other, seat), seat, random.Random(5)
            )
            compared += 1
    assert compared


def test_hidden_totals_filled_from_the_public_round_scores_ov29():
    """OV-6: the others' totals are hidden; OV-29: their round scores are
    public, and the view keeps them. Determinized, every round pad is the
    view's (the real one: none is sampled) and each total is their sum,
    the true total, in every phase of every round."""
    rng = random.Random(1)
    checked = 0
    for seed in range(6):
        for state in states_of(3, Options(), 900 + seed, every=0.5):
            if not state.seats[1].rounds or state.phase is Phase.OVER:
                continue
            v = GAME.view(state, 0)
            d = determinize(v, 0, rng)
            for s in (1, 2):
                p = d.seats[s]
                assert v.seats[s].total is None
                assert p.rounds == v.seats[s].rounds == state.seats[s].rounds
                assert all(isinstance(r, RoundScore) for r in p.rounds)
                assert p.total == sum(r.score for r in p.rounds) == state.seats[s].total
            checked += 1
    assert checked > 20


def test_evaluate_is_a_value_that_favours_the_leader():
    """evaluate: each seat's value in [0, 1], on the ISMCTS bot's scale (a
    win's chance, blended a quarter with the rank: the values add up to
    0.75 + 0.25 * players / 2); a seat 30 points ahead after two rounds
    is very likely to win, and at the end the values are the outcome's
    (OV §End of the Game) as the bot counts them."""
    for state in states_of(4, Options(), 21, every=0.3):
        values = evaluate(state)
        assert len(values) == 4 and all(0 <= x <= 1 for x in values)
        assert sum(values) == pytest.approx(0.75 + 0.25 * 4 / 2)
    # after round 2 (the table gathered): seat 1 leads by 30
    final, _ = checked_playout(GAME, 4, Options(), 5)
    totals = (40, 70, 38, 35)
    seats = tuple(
        attrs.evolve(p, total=t, rounds=p.rounds[:2])
        for p, t in zip(final.seats, totals, strict=True)
    )
    mid = attrs.evolve(final, seats=seats, round=2, phase=Phase.DEAL, gather=True)
    values = evaluate(mid)
    assert max(values) == values[1] and values[1] > 0.8
    out = GAME.outcome(final)
    assert out is not None
    assert evaluate(final) == pytest.approx(outcome_values(out))
    winner = min(out.winners)
    assert evaluate(final)[winner] == max(evaluate(final))


def test_evaluate_counts_the_round_in_play():
    """Mid-round, the cards in front of a seat count (OV-2): with equal
    totals, the seat whose combination scores more is favoured."""
    for state in states_of(3, Options(), 40, every=1.0):
        if state.phase is Phase.VOTE and state.round == 1:
            break
    else:
        pytest.fail("no vote in round 1")
    scores = [cards.points(rules.effective(p.slots)) for p in state.seats]
    values = evaluate(state)
    best = max(range(3), key=scores.__getitem__)
    worst = min(range(3), key=scores.__getitem__)
    if scores[best] > scores[worst]:
        assert values[best] > values[worst]


def test_rollout_is_legal_and_drafts_for_points():
    """rollout answers one of the legal actions; in the draft it mostly
    keeps the card worth most (OV-2: an Anger is 6, a Greed 2)."""
    state = next(s for s in states_of(3, Options(), 8, every=1.0) if s.phase is Phase.DRAFT)
    anger = cards.BLOCKS[Trait.ANGER][0]
    greed = cards.BLOCKS[Trait.GREED][0]
    p = attrs.evolve(state.seats[0], hand=(anger, greed), kept=(), chose=False)
    state = attrs.evolve(state, seats=(p, *state.seats[1:]))
    legal = GAME.legal_actions(state, 0)
    assert legal == (Pick(anger), Pick(greed))
    rng = random.Random(0)
    chosen = Counter(rollout(state, 0, legal, rng) for _ in range(400))
    assert chosen[Pick(anger)] > 300
    for s in states_of(5, Options(alternate_draft=True), 2, every=0.5):
        for seat in GAME.to_act(s) - {CHANCE}:
            legal = GAME.legal_actions(s, seat)
            assert rollout(s, seat, legal, rng) in legal


@pytest.mark.parametrize(("leader", "pair"), [(1, LosePair(0, 1)), (0, LosePair(0, 4))])
def test_rollout_leader_leaves_a_guilty_rival_the_weaker_cards_ov5_ov13(leader, pair):
    """OV-5, OV-13: the Leader chooses the pair a guilty player loses; in a
    rollout it leaves a rival the cards that score less for the round, and
    itself the cards that score more."""
    state = guilty_ann(leader)
    legal = GAME.legal_actions(state, leader)
    rng = random.Random(0)
    assert {rollout(state, leader, legal, rng) for _ in range(20)} == {pair}


def _branches(state, seat: int, rng: random.Random, count: int = 4, steps: int = 8) -> list:
    """States a search could reach from `state`'s view (seat's): `count`
    determinizations of it, each played on at random for up to `steps`
    steps (the draws and the revealed cards differ from one to another),
    every state on the way."""
    view = GAME.view(state, seat)
    out = []
    for _ in range(count):
        full = determinize(view, seat, rng)
        out.append(full)
        for _ in range(steps):
            seats = GAME.to_act(full)
            if not seats:
                break
            s = min(seats)
            if s == CHANCE:
                action = sample_chance(GAME.chance_outcomes(full), rng)
            else:
                action = rng.choice(GAME.legal_actions(full, s))
            full = GAME.apply(full, s, action)
            out.append(full)
    return out


@pytest.mark.parametrize(("players", "options"), TABLES[::2])
def test_observe_tells_states_apart_exactly_as_their_views(players, options):
    """`observe(state, seat)` is equal for two states of a match exactly
    when their views are: for every seat at random points of random
    playouts, over the states a search could reach from its view (other
    hidden cards, other draws, other choices a few steps on), no two keys
    for one view and no two views for one key."""
    rng = random.Random(players)
    pairs = 0
    for seed in range(SEEDS):
        for state in states_of(players, options, seed * 17 + players, every=0.1):
            for seat in range(players):
                keys: dict = {}
                views: dict = {}
                for full in _branches(state, seat, rng):
                    v = GAME.view(full, seat)
                    key = search.observe(full, seat)
                    hash(key)
                    assert keys.setdefault(v, key) == key
                    assert views.setdefault(key, v) == v
                pairs += len(keys)
    assert pairs > 1000


def test_hooks_are_assembled():
    """HOOKS carries every hook and a rollout depth (issue 13)."""
    assert isinstance(HOOKS, SearchHooks)
    assert HOOKS.determinize is determinize and HOOKS.evaluate is evaluate
    assert HOOKS.rollout is rollout and HOOKS.rollout_depth == search.ROLLOUT_DEPTH
    assert HOOKS.observe is search.observe
    assert HOOKS.rollout_depth and HOOKS.rollout_depth > 0


def test_playout_states_hold_only_their_fields():
    """The rules copy State and Seat as dicts without checking the names
    they set (core/overseers/rules.py `_dict_copier`): no state of random
    playouts, at any player count or option, holds a name that is not a
    field (a misspelt field would leave the real one unchanged)."""
    state_fields = {a.name for a in attrs.fields(rules.State)}
    seat_fields = {a.name for a in attrs.fields(rules.Seat)}

    def check(state):
        assert set(vars(state)) == state_fields
        assert all(set(vars(p)) == seat_fields for p in state.seats)
        for seat in range(state.players):
            v = GAME.view(state, seat)
            assert set(vars(v)) == state_fields
            assert all(set(vars(p)) == seat_fields for p in v.seats)

    for players, options in TABLES:
        checked_playout(GAME, players, options, 60 + players, check, max_steps=5_000)
