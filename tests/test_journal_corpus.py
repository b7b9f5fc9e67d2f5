"""Saved matches from earlier versions keep loading (NOTES: saves that are
replays break when the rules change; keep a corpus of old journals).

tests/journals/ holds whole matches written by each game's rules, named
<game>-v<rules version>.jsonl. Each must replay to the result its last line
recorded; a journal from older rules must at least load with a clear notice
that other rules wrote it. When a rules version is bumped, add a journal
written by the new rules beside the old ones.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from core import GAMES
from saves.match import Match

CORPUS = sorted((Path(__file__).parent / "journals").glob("*.jsonl"))


def test_every_game_has_a_journal_in_the_corpus():
    games = {json.loads(p.read_text().splitlines()[0])["game"] for p in CORPUS}
    assert games == set(GAMES)


@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_journal_replays_to_its_recorded_result(path, tmp_path):
    copy = tmp_path / path.name  # loading never writes, but keep the corpus safe
    shutil.copy(path, copy)
    lines = path.read_text().splitlines()
    header, last = json.loads(lines[0]), json.loads(lines[-1])
    loaded = Match.load(copy)
    game = GAMES[header["game"]]
    if header["rules_version"] != game.rules_version:
        assert loaded.problems and "rules" in loaded.problems[0].message
        return
    assert loaded.ok, loaded.problems
    match = loaded.match
    assert match.finished
    assert sorted(match.outcome.winners) == sorted(last["finished"]["winners"])
    assert list(match.outcome.scores) == list(last["finished"]["scores"])
    assert copy.read_bytes() == path.read_bytes()
