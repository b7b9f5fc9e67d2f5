"""Overseers journals across the change of OV-13 (rules version 2): the
Leader, not the guilty player, chooses between equally costly pairs (OV-5).

tests/journals/overseers-v2.jsonl is a whole match in which Cora, the
Leader, chose the pair Ann lost (line 129). A journal written by rules
version 1 had Ann choose there herself: it still loads, with the notice
that other rules wrote it, and resumes just before that line, where the
Leader is asked; it continues in a new file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from core.overseers import GAME
from core.overseers.actions import LosePair
from core.overseers.state import Phase
from saves import journal
from saves.match import Match

V2 = Path(__file__).parent / "journals" / "overseers-v2.jsonl"
#: the line (1-based) where the Leader chose the pair the guilty lost
CHOICE_LINE = 129


def test_the_v2_journal_has_the_leader_choose_a_guilty_rivals_pair_ov5_ov13(tmp_path):
    copy = tmp_path / V2.name
    shutil.copy(V2, copy)
    lines = V2.read_text().splitlines()
    assert json.loads(lines[0])["rules_version"] == GAME.rules_version == 2
    loaded = Match.load(copy)
    assert loaded.ok, loaded.problems
    match = loaded.match
    index = CHOICE_LINE - 2  # the header is line 1
    seat, action = match.history[index]
    before = match._states[index]
    assert isinstance(action, LosePair) and before.phase is Phase.GUILTY
    assert seat == before.leader == 2 and before.accused == 0  # Cora chose Ann's pair
    assert any("Cora (Leader) chooses the two cards Ann loses" in line for line in match.log())
    match.close()


def test_a_v1_journal_where_the_guilty_player_chose_resumes_before_it(tmp_path):
    """Rules version 1: Ann, guilty, chose her own pair. Replayed under
    version 2 that line is refused, saying the Leader chooses; the match
    resumes before it with the Leader to choose, in a new file stamped
    with version 2, the old file left as it was."""
    lines = V2.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["rules_version"] = 1
    lines[0] = json.dumps(header, separators=(",", ":")) + "\n"
    choice = json.loads(lines[CHOICE_LINE - 1])
    assert choice["seat"] == 2 and choice["action"]["type"] == "LosePair"
    choice["seat"] = 0  # the guilty player chose, as version 1 asked
    lines[CHOICE_LINE - 1] = json.dumps(choice, separators=(",", ":")) + "\n"
    old = tmp_path / "overseers-v1-guilty-chose.jsonl"
    old.write_text("".join(lines))
    original = old.read_bytes()

    loaded = Match.load(old)
    kinds = [(p.kind, p.line) for p in loaded.problems]
    assert kinds == [(journal.RULES_VERSION, 1), (journal.REFUSED, CHOICE_LINE)]
    assert all(p.resumable for p in loaded.problems)
    assert "rules version 1" in loaded.problems[0].message
    refused = loaded.problems[1].message
    assert "Leader chooses which two of your cards you lose" in refused
    match = loaded.match
    assert len(match.history) == CHOICE_LINE - 2
    assert match.state.phase is Phase.GUILTY and match.to_act() == {2}
    pair = LosePair(**{k: v for k, v in choice["action"].items() if k != "type"})
    assert pair in GAME.legal_actions(match.state, 2)

    match.apply(2, pair)  # the Leader, Cora, chooses now
    assert old.read_bytes() == original
    assert match.path != old
    assert json.loads(match.path.read_text().splitlines()[0])["rules_version"] == 2
    match.close()
    again = Match.load(match.path)
    assert again.ok, again.problems
    assert again.match.state == match.state
    again.match.close()


def test_a_v1_journal_without_that_choice_replays_whole(tmp_path):
    """tests/journals/overseers-v1.jsonl never reached a tie between pairs:
    under rules version 2 it replays to its recorded end, with only the
    notice that other rules wrote it."""
    v1 = V2.with_name("overseers-v1.jsonl")
    copy = tmp_path / v1.name
    shutil.copy(v1, copy)
    last = json.loads(v1.read_text().splitlines()[-1])
    loaded = Match.load(copy)
    assert [(p.kind, p.line) for p in loaded.problems] == [(journal.RULES_VERSION, 1)]
    match = loaded.match
    assert match.finished
    assert sorted(match.outcome.winners) == sorted(last["finished"]["winners"])
    assert list(match.outcome.scores) == list(last["finished"]["scores"])
    match.close()
