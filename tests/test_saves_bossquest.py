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


def test_an_old_solo_quest_cancel_line_replays_as_it_did(tmp_path):
    """BQ-40 (changed 2026-12-06, after BQ-11): Cancel may take a spell on
    any Boss of the wave, so `TargetSpell` gained a `boss`. A journal saved
    before wrote {"type": "TargetSpell", "index": 0} for the spell of the
    Boss the turn gave Cancel to: that line replays to the same state and
    log as the line written today."""
    from core.bossquest import solo
    from core.bossquest.actions import Ask, AssignTo, LaySpell, TargetSpell
    from core.bossquest.cards import SpellKind

    rng = random.Random(7)
    match = Match.new("boss-quest", [PlayerSpec("Solo", "human", None)],
                      directory=tmp_path, seed=7)
    deck = match.state.spell_deck
    for kind in (SpellKind.HP_PLUS_1, SpellKind.CANCEL):  # the 1st wave's first two turns
        match.apply(CHANCE, LaySpell(next(s for s in deck if s.kind is kind)))
    while CHANCE in match.to_act():
        match.step_chance(rng)
    for _ in range(2):  # HP +1, then Cancel, both to Boss 1
        match.apply(0, Ask(1))
        match.step_chance(rng)
        match.apply(0, AssignTo(0))
    assert match.game.legal_actions(match.state, 0) == (TargetSpell(0),)
    match.apply(0, TargetSpell(0))
    assert solo.boss_hp(match.state.solo_bosses[0]) == match.state.solo_bosses[0].hp
    while not match.finished and len(match.history) < 60:
        if CHANCE in match.to_act():
            match.step_chance(rng)
        else:
            match.apply(0, rng.choice(match.game.legal_actions(match.state, 0)))
    log = match.log()
    match.close()
    text = match.path.read_text()
    new = '{"index":0,"boss":null,"type":"TargetSpell"}'
    assert text.count(new) == 1, text
    old_path = tmp_path / "old.jsonl"
    old_path.write_text(text.replace(new, '{"index":0,"type":"TargetSpell"}'))
    loaded = Match.load(old_path)
    assert loaded.ok, loaded.problems
    assert loaded.match.history == match.history and loaded.match.state == match.state
    assert loaded.match.log() == log
