"""Boss Quest with Companions: a take-back restores the state exactly, and
the reserve keeps one order whatever is swapped.

Play-test (80x24, Companions on): the reserve read "Hare, Fox, Tortoise";
Ann swapped Chameleon for Tortoise, took it back (u), then swapped two
knights' companions (Owl for Raven), and it read "Fox, Hare, Tortoise".
Undo was not at fault (it restores the state kept before the action); every
swap sorted the reserve by name while the deal left it in the rulebook's
order (BQ §Companions' list: Chameleon, Owl, Hare, Fox, Tortoise, Raven)."""

from __future__ import annotations

import random

import attrs
import pytest

from core import CHANCE
from core.bossquest import GAME
from core.bossquest.actions import SwapCompanions
from core.bossquest.cards import Companion
from saves.journal import PlayerSpec
from saves.match import Match
from tests.playouts import seeds

PEOPLE = (PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human"), PlayerSpec("Cyd", "human"))


def _swap_state(rng: random.Random) -> tuple:
    """A three-knight state with Companions dealt, at some knight's turn."""
    options = attrs.evolve(GAME.Options(), companions=True)
    state = GAME.setup(3, options)
    while True:
        seats = GAME.to_act(state)
        if CHANCE in seats:
            outcomes = GAME.chance_outcomes(state)
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            state = GAME.apply(state, CHANCE, action)
            continue
        return state


def test_a_swap_keeps_the_reserve_in_the_rulebooks_order():
    state = _swap_state(random.Random(3))
    assert state.reserve == tuple(c for c in Companion if c not in state.companions)
    held = [c for c in state.companions if c is not None]
    # a swap of two knights' companions leaves the reserve as it was
    from core.bossquest import rules

    swapped = rules._swap_companions(state, SwapCompanions(*sorted(held[:2], key=list(Companion).index)))
    assert swapped.reserve == state.reserve
    # one with the reserve: the card that comes in takes the rulebook's place
    for card in state.reserve:
        after = rules._swap_companions(state, SwapCompanions(held[0], card))
        assert after.reserve == tuple(c for c in Companion if c not in after.companions)


def _random_match(tmp_path, seed: int) -> Match:
    options = attrs.evolve(GAME.Options(), companions=True,
                           potions=seed % 2 == 0, final_boss=seed % 3 == 0)
    return Match.new(GAME.id, PEOPLE, options, directory=tmp_path, seed=seed)


@pytest.mark.parametrize("seed", range(seeds(6)))
def test_any_action_taken_back_restores_the_state_and_its_choices(tmp_path, seed):
    """For random states of random matches with Companions on: every legal
    action a knight may take back, applied then undone, gives the state
    before (equal) and its legal actions in the same order; the journal,
    replayed, agrees."""
    rng = random.Random(seed)
    match = _random_match(tmp_path, seed)
    undone = 0
    for _ in range(1500):
        seats = match.to_act()
        if not seats:
            break
        if CHANCE in seats:
            match.step_chance(rng)
            continue
        seat = rng.choice(sorted(seats))
        before = match.state
        legal = GAME.legal_actions(before, seat)
        for action in legal:
            match.apply(seat, action)
            if match.undoable(seat, 1):
                match.undo(seat)
                undone += 1
                assert match.state == before, action
                assert GAME.legal_actions(match.state, seat) == legal, action
            else:  # it showed something hidden (or ended the match): no take-back
                break
        if match.state is not before:
            continue  # kept the one that could not be taken back
        match.apply(seat, rng.choice(legal))
    assert undone
    path = match.path
    match.close()
    loaded = Match.load(path)
    assert loaded.match is not None, loaded.problems
    assert loaded.match.state == match.state
    loaded.match.close()
