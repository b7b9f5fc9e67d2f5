"""Boss Quest's search hooks (core/bossquest/search.py): determinized states
are states the view could be (architecture: views; BQ-6 hidden weapons,
BQ-10 the known deck top, BQ-29 Ul'ul's night, BQ-33 the Owl's mystery
spell), the evaluation favours the knight ahead, and the rollout policy
plays legal, better-than-random moves."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bossquest.search import HOOKS, determinize, evaluate, prune, rollout
from core.bossquest.state import Hidden, Options, Phase, Ulul
from core.playout import random_playout, sample_chance
from tests.bossquest_tables import all_weapons, knight, table
from tests.playouts import seeds
from tests.test_bossquest_properties import conserved, options_for

SEEDS = seeds(12)


def states_of(players: int, seed: int, every: int = 7):
    """Every `every`-th state of a seeded random playout (random options)."""
    rng = random.Random(seed)
    state = GAME.setup(players, options_for(players, seed))
    step = 0
    while True:
        seats = GAME.to_act(state)
        if not seats:
            return
        if step % every == rng.randrange(every) or state.phase is Phase.SWAP_DRAW:
            yield state
        if CHANCE in seats:
            seat, action = CHANCE, sample_chance(GAME.chance_outcomes(state), rng)
        else:
            seat = min(seats)
            action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
        step += 1


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_determinized_states_are_states_the_view_could_be(players):
    """game.view(determinize(view(s, seat)), seat) == view(s, seat); the
    determinized state is a full state (no None, unseen cleared) that
    conserves every card, with the same legal actions and seats to act."""
    rng = random.Random(players)
    checked = 0
    for seed in range(SEEDS):
        for state in states_of(players, seed * 13 + players):
            for seat in range(players):
                v = GAME.view(state, seat)
                d = determinize(v, seat, rng)
                assert d.unseen is None
                assert None not in all_weapons(d)
                assert d.mystery_card is not None or not d.mystery_known
                assert GAME.view(d, seat) == v
                assert GAME.legal_actions(d, seat) == GAME.legal_actions(state, seat)
                assert GAME.to_act(d) == GAME.to_act(state)
                conserved(d)
                checked += 1
    assert checked > 5 * SEEDS


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_playouts_from_determinized_states_end_with_cards_conserved(players):
    """From a determinized state random play reaches the end, the rules
    accepting every step, and every card is still accounted for."""
    rng = random.Random(100 + players)
    for seed in range(max(3, SEEDS // 3)):
        states = list(states_of(players, seed * 17 + players, every=23))
        for state in states[:: max(1, len(states) // 4)]:
            seat = rng.randrange(players)
            d = determinize(GAME.view(state, seat), seat, rng)
            final, _ = random_playout(GAME, players, rng=rng, state=d)
            assert GAME.outcome(final) is not None
            conserved(final)


def test_the_hidden_cases_are_covered():
    """The property tests above meet every kind of hidden card: another
    knight's hidden weapon, a night's face-down weapon (BQ-29), a known card
    on the deck (BQ-10), a swapped face-down card waiting for its draw, the
    Owl's mystery spell (BQ-33), a potion among the unseen (BQ-3)."""
    seen = Counter()
    options = [
        Options(ulul=Ulul.NIGHT, potions=True, companions=True),
        Options(companions=True, final_boss=True),
        Options(ulul=Ulul.NIGHT, potions=True),
    ]
    rng = random.Random(5)
    for seed in range(60):
        players = 2 + seed % 4
        opts = options[seed % len(options)]
        state = GAME.setup(players, opts)
        while GAME.to_act(state):
            seats = GAME.to_act(state)
            for seat in range(players):
                v = GAME.view(state, seat)
                kinds = set()
                if any(k.hidden and k.hidden.weapon is None for k in v.knights):
                    kinds.add("hidden")
                if any(c.weapon is None for k in v.knights for c in k.night):
                    kinds.add("night")
                if any(c.weapon is None for c in v.deck_top):
                    kinds.add("deck-top")
                if v.phase is Phase.SWAP_DRAW and v.swap_weapon is None:
                    kinds.add("swap")
                if v.mystery_card is None and v.mystery_known:
                    kinds.add("mystery")
                if any(w.colour is None for w in v.unseen):
                    kinds.add("potion")
                if kinds & {"night", "deck-top", "swap", "mystery"} or rng.random() < 0.05:
                    d = determinize(v, seat, rng)
                    assert GAME.view(d, seat) == v
                    assert GAME.legal_actions(d, seat) == GAME.legal_actions(state, seat)
                    conserved(d)
                    seen.update(kinds)
            if CHANCE in seats:
                seat, action = CHANCE, sample_chance(GAME.chance_outcomes(state), rng)
            else:
                seat = min(seats)
                action = rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
    for kind in ("hidden", "night", "deck-top", "swap", "mystery", "potion"):
        assert seen[kind] > 0, kind


def test_hidden_cards_are_drawn_uniformly_from_the_unseen_pool():
    """Over many draws each unseen card fills another knight's hidden slot,
    about equally often, and no card outside the pool ever does."""
    state = table([knight("R3", "B2"), knight("Y5", "P1"), knight("B7", "R1")])
    seat = 0
    v = GAME.view(state, seat)
    pool = set(v.unseen)
    assert state.knights[1].hidden.weapon in pool
    rng = random.Random(1)
    counts = Counter()
    draws = 4000
    for _ in range(draws):
        d = determinize(v, seat, rng)
        counts[d.knights[1].hidden.weapon] += 1
        assert d.knights[0].hidden.weapon == state.knights[0].hidden.weapon  # its own card
        assert d.knights[2].hidden.weapon in pool
        assert d.knights[1].hidden.weapon != d.knights[2].hidden.weapon
    assert set(counts) == pool
    mean = draws / len(pool)
    assert all(0.6 * mean < n < 1.4 * mean for n in counts.values()), counts


def test_a_seen_card_is_kept_and_an_owls_mystery_spell_comes_from_the_spell_deck():
    """A hidden card the seat peeked at (the Owl, BQ §Companions) is kept as
    it is; a mystery spell another knight's Owl drew (BQ-33) is one of the
    spell deck's cards as the view shows it, every one of them in turn."""
    state = table([knight("R3", "B2"), knight("Y5", "P1"), knight("B7", "R1")])
    k1 = state.knights[1]
    state = attrs.evolve(
        state,
        knights=(state.knights[0], attrs.evolve(k1, hidden=Hidden(k1.hidden.weapon,
                 frozenset({0, 1}))), state.knights[2]),
    )
    drawn = state.spell_deck[0]
    state = attrs.evolve(
        state,
        mystery_card=drawn,
        mystery_known=frozenset({2}),
        spell_deck=state.spell_deck[1:],
    )
    v = GAME.view(state, 0)
    assert v.mystery_card is None and drawn in v.spell_deck
    rng = random.Random(3)
    mysteries = Counter()
    for _ in range(600):
        d = determinize(v, 0, rng)
        assert d.knights[1].hidden.weapon == k1.hidden.weapon
        assert GAME.view(d, 0) == v
        mysteries[d.mystery_card] += 1
    assert set(mysteries) == set(v.spell_deck)


def test_determinize_reads_only_the_view():
    """Two states that differ only in a card seat 0 has not seen (another
    knight's hidden weapon and a deck card exchanged) determinize alike from
    the same seed: nothing but the view reaches the hook."""
    a = table([knight("R3", "B2"), knight("Y5", "P1"), knight("B7", "R1")])
    other = a.weapon_deck[0]
    k1 = a.knights[1]
    b = attrs.evolve(
        a,
        knights=(a.knights[0], attrs.evolve(k1, hidden=Hidden(other, k1.hidden.known_to)),
                 a.knights[2]),
        weapon_deck=tuple(sorted(a.weapon_deck[1:] + (k1.hidden.weapon,))),
    )
    assert a != b
    va, vb = GAME.view(a, 0), GAME.view(b, 0)
    assert va == vb
    assert determinize(va, 0, random.Random(9)) == determinize(vb, 0, random.Random(9))


# ---------------------------------------------------------------------------
# evaluate


def test_evaluate_is_a_value_per_knight_favouring_the_one_ahead():
    """Each estimate is in [0, 1]; the knight with more keys (BQ §End of the
    game: most keys wins) is favoured, clearly so when one key from the win
    against none; a knight with no heart left has no chance to win and ranks
    below the others (BQ-17, BQ-26); two knights' chances sum to 1."""
    in_round = table([knight("R3", "B2"), knight("Y5", "P1"), knight("B7", "R1")])
    # between rounds: no round in progress to lead
    base = attrs.evolve(in_round, phase=Phase.REVEAL_BOSS, boss=None, turn=None)

    def with_keys(keys, hearts=(3, 3, 3), state=base):
        return attrs.evolve(
            state,
            knights=tuple(
                attrs.evolve(k, keys=n, hearts=h)
                for k, n, h in zip(state.knights, keys, hearts, strict=True)
            ),
        )

    even = evaluate(with_keys((1, 1, 1)))
    assert even[0] == pytest.approx(even[1]) == pytest.approx(even[2])
    ahead = evaluate(with_keys((4, 0, 0)))
    assert all(0 <= p <= 1 for p in ahead)
    assert ahead[0] > 0.8 and ahead[1] < 0.15
    close = evaluate(with_keys((2, 1, 1)))
    assert close[1] < close[0] < ahead[0]
    fallen = evaluate(with_keys((4, 0, 0), hearts=(0, 3, 3)))
    assert fallen[0] == 0 and fallen[1] > 0.4
    # in a round, the knight closest to the HP (8 of 17) leads it
    leading = evaluate(with_keys((1, 1, 1), state=in_round))
    assert leading[2] > leading[1] == pytest.approx(leading[0])
    two = attrs.evolve(table([knight("R3", "B2"), knight("Y5", "P1")]), phase=Phase.REVEAL_BOSS)
    duel = evaluate(with_keys((3, 1), hearts=(3, 3), state=two))
    assert sum(duel) == pytest.approx(1) and duel[0] > 0.75


def test_evaluate_at_the_end_is_the_result():
    """At the end (and in the Final Boss duel, BQ-38) the estimate is the
    value the search gives a finished match (core.bots.ismcts)."""
    from core.bots.ismcts import outcome_values

    rng = random.Random(2)
    for seed in range(8):
        final, _ = random_playout(GAME, 2 + seed % 5, rng=rng)
        assert evaluate(final) == pytest.approx(outcome_values(GAME.outcome(final)))


def test_solo_evaluate_is_in_range_and_rises_with_hearts():
    state = GAME.setup(1, Options())
    rng = random.Random(4)
    while state.phase is not Phase.SOLO:
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    full = evaluate(state)[0]
    hurt = evaluate(attrs.evolve(state, knights=(attrs.evolve(state.knights[0], hearts=1),)))[0]
    assert 0 <= hurt < full <= 1


# ---------------------------------------------------------------------------
# rollout


def _play(players, policies, rng, options=None):
    """A match with a policy per seat (None: random); returns its outcome."""
    state = GAME.setup(players, options or Options())
    while GAME.to_act(state):
        seats = GAME.to_act(state)
        if CHANCE in seats:
            seat, action = CHANCE, sample_chance(GAME.chance_outcomes(state), rng)
        else:
            seat = min(seats)
            legal = GAME.legal_actions(state, seat)
            policy = policies[seat]
            action = policy(state, seat, legal, rng) if policy else rng.choice(legal)
            assert action in legal
        state = GAME.apply(state, seat, action)
    return GAME.outcome(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rollout_plays_legal_moves_in_every_option(players):
    rng = random.Random(players)
    for seed in range(4):
        _play(players, [rollout] * players, rng, options_for(players, seed))


def test_rollout_beats_random_play():
    """The rollout policy (equip towards the HP, BQ §2A) wins clearly more
    than half of two-knight games against random play."""
    rng = random.Random(11)
    wins = 0
    games = 120
    for g in range(games):
        me = g % 2
        policies = [None, None]
        policies[me] = rollout
        out = _play(2, policies, rng)
        wins += me in out.winners and len(out.winners) == 1
    assert wins > 0.7 * games


def test_rollout_wins_more_solo_quests_than_random_play():
    """BQ §Solo Quest: the rollout policy defeats more Bosses (their HP
    matched exactly) than random play does."""
    rng = random.Random(12)
    mine = sum(_play(1, [rollout], rng).breakdown[1].values[0] for _ in range(60))
    rand = sum(_play(1, [None], rng).breakdown[1].values[0] for _ in range(60))
    assert mine > rand


def test_hooks():
    assert HOOKS.determinize is determinize
    assert HOOKS.evaluate is evaluate
    assert HOOKS.rollout is rollout
    assert HOOKS.prune is prune
    assert HOOKS.rollout_depth is None or HOOKS.rollout_depth > 0


def test_a_searching_bot_reads_a_potion_plus_while_far_under_the_hp():
    """BQ §Potions, BQ-31: the holder reads a face-up potion as it arrives.
    The play-test: normal bots read "±3 as -3" with [B4] against 14 HP, and
    "±1 as -1" showing R1 against 18: the search's rollouts after either
    reading scored alike, so noise chose. Plus brings the knight closer
    without going over, so it is read plus without searching."""
    from core.bossquest.actions import ReadPotion
    from core.bossquest.search import answer
    from core.bots import make_bot

    state = table([knight("R4", "±1"), knight("B5", "P3"), knight("Y6", "R1")],
                  boss=15, turn=0, options=Options(potions=True))
    state = attrs.evolve(state, phase=Phase.READ_POTION, reader=0, resume="draw")
    legal = tuple(GAME.legal_actions(state, 0))
    assert set(legal) == {ReadPotion(1), ReadPotion(-1)}
    view = GAME.view(state, 0)
    assert answer(view, 0, legal, iterations=None, stop=None) == ReadPotion(1)
    # the search read this one minus on most seeds
    bot = make_bot("boss-quest", "normal", iterations=300)
    assert {bot.choose(GAME, view, 0, legal, random.Random(seed)) for seed in range(6)} == {
        ReadPotion(1)}
    # over the HP with plus, it reads minus
    near = attrs.evolve(state, boss=4)
    assert answer(GAME.view(near, 0), 0, legal, iterations=None, stop=None) == ReadPotion(-1)
