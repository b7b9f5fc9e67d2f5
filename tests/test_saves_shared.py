"""A hub's shared matches in `overtable saves` (a play-test found none). The hub
keeps them beside the data directory's matches (DIR/shared for `overtable
host --data-dir DIR`, DIR itself for `overtable hub --data-dir DIR`), where
the listing never looked, though README and the lobby's Clear dialog send
players there."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Static

from saves import store
from saves.journal import PlayerSpec
from saves.match import Match
from tests.saves_kit import make_app, on
from tests.screen_kit import wait_for
from tests.test_saves_store import finish
from tui import cli
from tui.screens.confirm import ConfirmScreen
from tui.screens.saved import SavedScreen

PLAYERS = [PlayerSpec("ann", "human"), PlayerSpec("bob", "human")]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def shared_match(directory, *, finished: bool) -> Match:
    """A match as the hub saves one: its table's settings beside it."""
    match = Match.new("overboss-duel", PLAYERS, directory=directory)
    match.path.with_suffix(store.TABLE_SUFFIX).write_text("{}")
    if finished:
        finish(match)
    match.close()
    return match


def test_saves_list_names_the_shared_matches_too(data_dir, capsys):
    over = shared_match(data_dir / "shared", finished=True)  # `overtable host --data-dir`
    going = shared_match(data_dir, finished=False)  # `overtable hub --data-dir`
    assert cli.main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    # the header names where the shared ones are (a play-test found
    # "in DIR/matches (the shared tables' ones too)": they are not there),
    # and no matches folder when none is there (hostile saves)
    header = out.splitlines()[0]
    assert header == (f"2 saved matches of the shared tables, in {data_dir / 'shared'} and "
                      f"{data_dir}, newest first:"), header
    for match in (over, going):
        assert str(match.path) in out
    assert out.count("shared table") >= 2
    assert "Resume one with" not in out
    assert "goes on at the shared tables" in out
    listed = store.list_matches(shared=True)
    assert all(s.shared for s in listed)
    assert store.list_matches() == [] and store.latest() is None


async def test_the_screen_shows_a_shared_match_and_resumes_none_here(data_dir):
    going = shared_match(data_dir / "shared", finished=False)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        assert "shared" in str(app.screen.query_one(DataTable).get_row_at(0)[0])
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        title = str(app.screen.query_one("#dialog-title", Static).render())
        text = " ".join(str(app.screen.query_one("#dialog-text", Static).render()).split())
        assert title == "This match is played at the shared tables"
        assert f"overtable host --data-dir {data_dir}" in text
        assert app.table is None
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, SavedScreen))
        await pilot.press("d")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: not going.path.exists())
    assert not going.path.with_suffix(store.TABLE_SUFFIX).exists()


async def test_a_finished_shared_match_opens_on_its_results(data_dir):
    over = shared_match(data_dir / "shared", finished=True)
    app = make_app(start="resume", argument=over.header.match_id[:8])
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.table is not None)
        assert not isinstance(app.screen, ConfirmScreen)


async def test_a_rematch_of_a_shared_match_is_not_started_here(data_dir):
    """A play-test: r on a finished shared match's results, opened from
    Saved matches, started a pass-the-terminal match with the shared
    players' names and left a new local save."""
    from tui.screens.results import ResultsScreen

    over = shared_match(data_dir / "shared", finished=True)
    app = make_app(start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: on(app, SavedScreen) and app.screen.matches)
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ResultsScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: on(app, ConfirmScreen))
        title = str(app.screen.query_one("#dialog-title", Static).render())
        text = " ".join(str(app.screen.query_one("#dialog-text", Static).render()).split())
        assert title == "A rematch is set up at the shared tables"
        assert f"overtable host --data-dir {data_dir}" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: on(app, ResultsScreen))
        assert app.table is not None and app.table.match.path == over.path
    assert store.list_matches() == []


def test_the_list_header_counts_each_place_with_matches_in_it(data_dir, capsys):
    shared_match(data_dir, finished=False)
    shared_match(data_dir, finished=False)
    Match.new("overboss-duel", PLAYERS).close()
    assert cli.main(["saves", "--list"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header == (f"3 saved matches: 1 in {data_dir / 'matches'}, 2 of the shared tables "
                      f"in {data_dir}; newest first:"), header


def test_a_shared_match_names_its_bots_as_the_tables_do(data_dir, capsys):
    """Hostile saves: a finished shared match read "won by Bot 2" where the
    tables say "bot (easy)"."""
    import json
    from pathlib import Path

    corpus = Path(__file__).parent / "journals" / "overboss-duel-v1.jsonl"
    lines = corpus.read_text().splitlines()
    header = json.loads(lines[0])
    header["players"] = [{"name": "Bot 1", "kind": "bot", "level": "easy"},
                         {"name": "bob", "kind": "human", "level": None}]
    data_dir.mkdir(parents=True)
    path = data_dir / "20261129T181636Z-overboss-duel-f8e7227e.jsonl"
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    path.with_suffix(store.TABLE_SUFFIX).write_text("{}")
    assert lines[-1] == '{"finished":{"winners":[0],"scores":[71,53]}}'
    assert cli.main(["saves", "--list"]) == 0
    out = capsys.readouterr().out
    assert "won by bot (easy)" in out and "Bot 1" not in out, out
    (saved,) = store.list_matches(replay=True, shared=True)
    from tui.screens.saved import result_text

    assert result_text(saved) == "won: bot (easy)"
    assert saved.players == ("bot (easy)", "bob")
