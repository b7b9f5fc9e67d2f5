"""Whole Boss Quest matches round-trip through their journals."""

from __future__ import annotations

import random

import pytest

from core.engine import CHANCE
from saves.journal import PlayerSpec
from saves.match import Match


@pytest.mark.parametrize("seed", range(6))
def test_random_boss_quest_match_round_trips(seed, tmp_path):
    rng = random.Random(seed)
    players = 2 + seed % 4
    seats = [
        PlayerSpec(
            f"Knight {i + 1}", "human" if i % 2 == 0 else "bot", None if i % 2 == 0 else "random"
        )
        for i in range(players)
    ]
    match = Match.new("boss-quest", seats, directory=tmp_path, seed=seed)
    undos = 0
    while not match.finished:
        to_act = match.to_act()
        if CHANCE in to_act:
            match.step_chance(rng)
            continue
        seat = min(to_act)
        if match.undoable(seat) and rng.random() < 0.15:
            match.log()  # worded lines are kept: an undo must drop the taken-back ones
            match.undo(seat, rng.randint(1, match.undoable(seat)))
            undos += 1
            continue
        match.apply(seat, rng.choice(match.game.legal_actions(match.state, seat)))
        assert len(match.history) < 5000
    match.close()
    loaded = Match.load(match.path)
    assert loaded.ok, loaded.problems
    again = loaded.match
    assert again.header == match.header
    assert again.history == match.history
    assert again.state == match.state
    assert again.outcome == match.outcome
    assert again.log() == match.log()
    assert all(isinstance(line, str) and line for line in again.log())
