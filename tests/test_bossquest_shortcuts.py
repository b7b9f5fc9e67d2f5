"""Boss Quest's speed shortcuts give exactly what the plain code gives.

The rules find the decks' own card and action instances by identity
(core/bossquest/actions.py, cards.py), copy a State by its instance dict
(state.evolve) and remember the last legal list (actions.remember_last).
Cards built elsewhere (read from a journal, written in a test) must take the
by-value paths and give the same answers: every shortcut is checked against
the plain listing here, for the decks' own cards and for equal copies.
"""

from __future__ import annotations

import copy
import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME, cards
from core.bossquest.actions import (
    DrawWeapon,
    LaySpell,
    RevealSpell,
    among,
    holds,
    spell_draws,
    take,
    weapon_draws,
)
from core.bossquest.cards import Spell, Weapon, sort_spells, sort_weapons
from core.bossquest.rules import legal_actions
from core.bossquest.state import State, evolve, evolved
from core.engine import remove_one, uniform_draws
from core.playout import sample_chance
from tests.test_bossquest_properties import options_for


def rebuilt(items):
    """Equal cards, new instances (as a journal's would be)."""
    return tuple(
        Weapon(c.colour, c.value) if isinstance(c, Weapon) else Spell(c.kind, c.colour)
        for c in items
    )


def piles(seed):
    rng = random.Random(seed)
    weapons = cards.weapons(True, potions=True)
    spells = cards.spells(True, True, True)
    for _ in range(40):
        w = tuple(sorted(rng.sample(weapons, rng.randrange(1, len(weapons)))))
        s = tuple(sorted(rng.sample(spells, rng.randrange(1, len(spells)))))
        yield w, s


@pytest.mark.parametrize("seed", range(3))
def test_draws_listed_as_the_plain_listing(seed):
    """Weapon and spell draws: the same (outcome, probability) pairs, in the
    same order, as `core.engine.uniform_draws`, whether the cards are the
    decks' own or equal copies, or a mix."""
    for w, s in piles(seed):
        for pool in (w, rebuilt(w), w[:3] + rebuilt(w[3:])):
            plain = tuple((DrawWeapon(c), p) for c, p in uniform_draws(pool))
            assert weapon_draws(pool) == plain
        for pool in (s, rebuilt(s), rebuilt(s[:2]) + s[2:]):
            for reveal, kind in ((False, LaySpell), (True, RevealSpell)):
                plain = tuple((kind(c), p) for c, p in uniform_draws(pool))
                assert spell_draws(pool, reveal) == plain
    assert weapon_draws(()) == spell_draws(()) == ()


@pytest.mark.parametrize("seed", range(3))
def test_piles_searched_and_sorted_as_the_plain_code(seed):
    rng = random.Random(seed)
    for w, s in piles(seed):
        for pool in (w, rebuilt(w), s, rebuilt(s)):
            card = pool[rng.randrange(len(pool))]
            other = rebuilt((card,))[0]
            assert take(pool, card) == remove_one(pool, card)
            assert take(pool, other) == remove_one(pool, other)
            assert holds(pool, card) and holds(pool, other)
            assert among(pool, other)
        missing = [c for c in cards.weapons(True, potions=True) if c not in w]
        if missing:
            assert not holds(w, missing[0])
            with pytest.raises(ValueError):
                take(w, missing[0])
        shuffled = list(s + rebuilt(s[:4]))
        rng.shuffle(shuffled)
        assert sort_spells(tuple(shuffled)) == tuple(sorted(shuffled))
        canonical = list(s)
        rng.shuffle(canonical)
        assert sort_spells(tuple(canonical)) == tuple(sorted(canonical))
        for pile in (list(w), list(w[:5]) + list(rebuilt(w[5:]))):
            rng.shuffle(pile)
            assert sort_weapons(pile) == tuple(sorted(pile))


def test_a_state_copy_is_what_attrs_would_build():
    """`evolve` on a State: equal to attrs.evolve, the original untouched,
    the copy frozen, an unknown field refused."""
    state = GAME.setup(3, GAME.Options())
    copied = evolve(state, round=4, dealt=2)
    assert copied == attrs.evolve(state, round=4, dealt=2)
    assert state.round == 1 and copied.round == 4
    assert isinstance(copied, State)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copied.round = 5
    with pytest.raises(TypeError):
        evolve(state, rounds=2)
    assert hash(copied) == hash(attrs.evolve(state, round=4, dealt=2))


def test_a_state_copy_from_a_dict_is_what_attrs_would_build():
    """`evolved` (the changes as a dict) copies as `evolve` does: equal to
    attrs.evolve, the original and the dict untouched, the copy frozen, an
    unknown field refused."""
    state = GAME.setup(3, GAME.Options())
    changes = {"round": 4, "dealt": 2}
    copied = evolved(state, changes)
    assert copied == attrs.evolve(state, round=4, dealt=2)
    assert changes == {"round": 4, "dealt": 2}
    assert state.round == 1 and copied.round == 4
    assert isinstance(copied, State)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        copied.round = 5
    with pytest.raises(TypeError):
        evolved(state, {"rounds": 2})
    assert evolved(copied, {"dealt": 3}) == attrs.evolve(state, round=4, dealt=3)


def test_remembered_legal_actions_answer_for_the_state_asked():
    """The remembered list is given back only for the very same state and
    seat; any other state, even an equal one, is asked again."""
    rng = random.Random(4)
    state = GAME.setup(3, GAME.Options())
    for _ in range(300):
        seats = GAME.to_act(state)
        if not seats:
            break
        if CHANCE in seats:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
            continue
        seat = min(seats)
        legal = legal_actions(state, seat)
        assert legal == legal_actions.__wrapped__(state, seat)
        assert legal_actions(attrs.evolve(state), seat) == legal
        for other in range(3):
            assert legal_actions(state, other) == legal_actions.__wrapped__(state, other)
        state = GAME.apply(state, seat, rng.choice(legal))


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_a_journal_of_copied_actions_replays_the_same(players):
    """Actions read back from a journal hold new card instances: replaying a
    seeded playout with deep copies of its actions (every card rebuilt)
    reaches an equal state at every step, through the by-value paths."""
    for seed in range(3):
        rng = random.Random(seed)
        options = options_for(players, seed)
        state = GAME.setup(players, options)
        shadow = GAME.setup(players, options)
        while GAME.to_act(state):
            seats = GAME.to_act(state)
            if CHANCE in seats:
                seat, action = CHANCE, sample_chance(GAME.chance_outcomes(state), rng)
                assert GAME.chance_outcomes(shadow) == GAME.chance_outcomes(state)
            else:
                seat = min(seats)
                legal = GAME.legal_actions(state, seat)
                assert GAME.legal_actions(shadow, seat) == legal
                action = rng.choice(legal)
            state = GAME.apply(state, seat, action)
            shadow = GAME.apply(shadow, seat, copy.deepcopy(action))
            assert shadow == state


@pytest.mark.parametrize("players", [1, 2, 3, 5])
def test_apply_takes_exactly_the_listed_chance_outcomes(players):
    """`apply` checks a draw without listing the draws: at chance steps of
    random playouts (random options), every card and Boss that could be
    named is accepted exactly when `chance_outcomes` lists it."""
    from core.bossquest.actions import RevealBoss
    from core.engine import IllegalAction

    candidates = (
        [DrawWeapon(w) for w in cards.weapons(True, potions=True)]
        + [LaySpell(s) for s in cards.SPELLS]
        + [RevealSpell(s) for s in cards.SPELLS]
        + [RevealBoss(hp) for hp in (*cards.BOSSES, cards.ULUL)]
    )
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.setup(players, options_for(players, seed))
        checked = 0
        while GAME.to_act(state):
            seats = GAME.to_act(state)
            if CHANCE in seats:
                listed = {a for a, _ in GAME.chance_outcomes(state)}
                if rng.random() < 0.2:
                    for candidate in candidates:
                        for action in (candidate, copy.deepcopy(candidate)):
                            try:
                                GAME.apply(state, CHANCE, action)
                                taken = True
                            except IllegalAction:
                                taken = False
                            assert taken == (action in listed), (state.phase, action)
                    checked += 1
                state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
            else:
                seat = min(seats)
                state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert checked
