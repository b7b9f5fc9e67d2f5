"""Text from outside (a save's names, ids and file names, a hub's names and
chat) never reaches the terminal raw: no control or escape character is
written, and no bracket is read as Textual or Rich markup (a name "[/]"
crashed every screen that showed it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from saves import journal, store
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import screen_text

CORPUS = Path(__file__).parent / "journals"
HOSTILE = ["[/]", "[b]Bold", "E\x1b]0;pwned\x07X", "C\x1b[2J\x9b31m", "[@click=app.quit]q"]


@pytest.fixture(autouse=True)
def data_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "matches").mkdir(parents=True)
    return tmp_path / "data" / "matches"


def hostile_save(directory: Path, corpus: str = "overboss-duel-v1", lines: int = 40,
                 file_name: str = "a.jsonl", **header_fields) -> Path:
    text = (CORPUS / f"{corpus}.jsonl").read_text().splitlines()
    header = json.loads(text[0])
    for seat, player in enumerate(header["players"]):
        player.update(name=HOSTILE[seat % len(HOSTILE)], kind="human", level=None)
    header.update(header_fields)
    path = directory / file_name
    path.write_text("\n".join([json.dumps(header), *text[1:lines]]) + "\n")
    return path


def controls(text: str) -> list[str]:
    return [c for c in text if not c.isprintable() and c not in "\n"]


def test_names_are_kept_printable_and_without_markup():
    spec = PlayerSpec("A\x1b[31m[b]B\x00", "human")
    assert not controls(spec.name) and "[" not in spec.name and "]" not in spec.name
    assert PlayerSpec("Ann", "human").name == "Ann"
    long = PlayerSpec("x" * 100_000, "human").name
    assert len(long) == journal.MAX_NAME and long.endswith("…")
    assert PlayerSpec("y" * journal.MAX_NAME, "human").name == "y" * journal.MAX_NAME


def test_a_saved_name_is_as_long_as_the_hub_and_the_forms_take():
    from host.messages import MAX_NAME

    # (saves cannot import the host's constant: the two are kept equal here)
    assert journal.MAX_NAME == MAX_NAME


def test_saves_list_prints_no_control_characters(data_dir, capsys):
    from tui.cli import main

    hostile_save(data_dir, match_id="\x1b[2Jabc", created="\x1b[5m")
    hostile_save(data_dir, file_name="b\x1b[31m.jsonl", game="\x1b]0;x\x07")
    (data_dir / "c\x1b[1m.jsonl").write_bytes(b"\xff\xfe\x00junk\n")
    assert main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert not controls(out), repr(out)
    # the file that is not JSON, and the unknown game (found by the replay)
    assert out.count("problem:") == 2


@pytest.mark.parametrize("start", ["home", "saves", "resume", "new"])
async def test_screens_show_hostile_saves(data_dir, start):
    from tui.app import OvertableApp

    hostile_save(data_dir)
    hostile_save(data_dir, file_name="[b]x\x1b[31m.jsonl", lines=5, match_id="\x1b[2J[/]")
    (data_dir / "[b]bad\x1b[2J.jsonl").write_text('{"format": 1, "game": "[/]"}\n')
    argument = {"new": "overboss-duel"}.get(start)
    app = OvertableApp(start, argument, theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):
            await pilot.pause()
        for key in ("down", "enter", "down", "enter"):
            await pilot.press(key)
            await pilot.pause()
        assert not controls(screen_text(app))
    assert app.return_code in (0, None)


@pytest.mark.parametrize("corpus", ["overboss-duel-v1", "boss-quest-v1", "overstocked-v1",
                                    "overseers-v1"])
async def test_a_match_with_hostile_names_plays(data_dir, corpus):
    from tui.app import OvertableApp

    path = hostile_save(data_dir, corpus, lines=60)
    app = OvertableApp("resume", str(path), theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(20):
            await pilot.pause()
        for key in ("enter", "tab", "enter", "f1", "escape"):
            await pilot.press(key)
            await pilot.pause()
        assert not controls(screen_text(app))
    assert app.return_code in (0, None)


def test_a_damaged_journal_with_markup_in_its_path_can_be_resumed(data_dir):
    path = hostile_save(data_dir, file_name="[b]x\x1b[2J.jsonl", lines=20)
    with path.open("a") as f:
        f.write('{"seat": 0, "action": {"type": "[/]\\u001b[2J"}}\n')
    loaded = Match.load(path)
    assert loaded.match is not None and loaded.problems
    loaded.match.close()
    (saved,) = store.list_matches(replay=True)
    assert saved.problem and not controls(saved.problem)
    assert journal.printable("a\x1b[2Jb\u202e") == "a\ufffd[2Jb\ufffd"


@pytest.mark.parametrize(("start", "argument"), [
    ("new", "[/]\x1b[2J"), ("rules", "[/]\x1b]0;x\x07"), ("resume", "[/]\x1b[2J"),
    ("resume", "[b]x\x1b.jsonl"),
])
async def test_hostile_command_line_arguments_are_named_not_obeyed(data_dir, start, argument):
    from tui.app import OvertableApp

    hostile_save(data_dir)
    app = OvertableApp(start, argument, theme_name="ansi-dark", bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(10):
            await pilot.pause()
        assert not controls(screen_text(app))
    assert app.return_code in (0, None)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("[]/\\@#ab= \x1b\x07\u202e\n"), max_size=30))
def test_plain_text_shows_as_itself_whatever_it_holds(text):
    from rich.text import Text
    from textual.content import Content

    from tui.plain import cell, plain, printable

    shown = printable(text)
    assert len(shown) == len(text) and not controls(shown)
    assert cell(text).plain == shown and isinstance(cell(text), Text)
    assert plain(text).plain == shown and isinstance(plain(text), Content)
    assert journal.printable(text.replace("\n", " ")) == shown.replace("\n", " ")
