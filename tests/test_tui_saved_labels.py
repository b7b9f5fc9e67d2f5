"""The saved matches' footer says what its keys do for the highlighted
row: Enter resumes an unfinished match and opens a finished one's results;
p shows the row's details whole."""

from __future__ import annotations

import asyncio
from pathlib import Path

from saves import store
from tests.screen_kit import screen_text, wait_for
from tui.app import OvertableApp
from tui.screens.saved import SavedScreen


def _saved(number: int, finished: bool) -> store.SavedMatch:
    return store.SavedMatch(
        path=Path(f"/saves/2026010{number}T120000Z-boss-quest-{number}.jsonl"),
        match_id=str(number) * 32, game="boss-quest", title="Boss Quest",
        players=("Ann", "Bram"), created=f"2026-01-0{number}T12:00:00+00:00",
        updated=f"2026-01-0{number}T12:30:00+00:00", actions=42, finished=finished,
        winners=("Bram",) if finished else (), people=("Ann",), bots=1, progress="round 3")


async def test_enter_says_resume_or_results_and_p_says_details(monkeypatch, tmp_path):
    """Play-test: with a finished match highlighted the footer said "↵
    Resume", though Enter opens its results; and "p Read all" showed only
    the row's line whole (players, time, file name)."""
    fixed = [_saved(2, finished=False), _saved(1, finished=True)]
    monkeypatch.setattr(store, "list_matches", lambda directory=None, **_: list(fixed))
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(theme_name="textual-dark", bot_delay=0, start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        # (drawn: a busy machine had not drawn the footer after one pause)
        await wait_for(pilot, lambda: screen_text(app).splitlines()[-1].strip())
        footer = screen_text(app).splitlines()[-1]
        assert "↵ Resume" in footer and "p Details" in footer, footer
        assert "Read all" not in footer and "Results" not in footer, footer
        await pilot.press("down")
        await wait_for(pilot, lambda: "↵ Results" in screen_text(app).splitlines()[-1])
        assert "Resume" not in screen_text(app).splitlines()[-1]
        opened = []
        monkeypatch.setattr(app, "open_path", lambda path, **_: opened.append(path))
        await pilot.press("enter")
        await asyncio.sleep(0)
        await pilot.pause()
        assert opened == [fixed[1].path]
        await pilot.press("up")
        await wait_for(pilot, lambda: "↵ Resume" in screen_text(app).splitlines()[-1])
        await pilot.press("enter")
        await pilot.pause()
        assert opened == [fixed[1].path, fixed[0].path]


def _real_match(data_dir: Path) -> tuple[object, list[str], int, str]:
    """An Overstocked match of Ann, Bram (a hard bot) and Cora (a normal
    one), some actions in: its path, who is to play, how many actions, how far."""
    import random

    from saves.journal import PlayerSpec
    from saves.match import Match
    from tests.test_saves_store import advance

    match = Match.new("overstocked", [PlayerSpec("Ann", "human"),
                                      PlayerSpec("Bram", "bot", "hard"),
                                      PlayerSpec("Cora", "bot", "normal")])
    advance(match, 25, random.Random(3))  # Ann to play, in round 1
    to_play = [match.names[s] for s in sorted(match.to_act()) if s >= 0]
    actions, progress = len(match.history), store._progress(match)
    match.close()
    return match.path, to_play, actions, progress


async def test_details_say_more_than_the_line_under_the_list(monkeypatch, tmp_path):
    """Play-test: Details (p) showed only the file's name and "Ann, Bram,
    Cora · last played 2026-12-06 15:03", as the line under the list does.
    It names each seat with its bot's level, the options, where the match
    stopped (who is to play, how far, the actions as `saves --list` counts
    them), when it started and its ID."""
    from textual.widgets import Static

    from tui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    path, to_play, actions, progress = _real_match(tmp_path)
    assert to_play and progress
    app = OvertableApp(theme_name="textual-dark", bot_delay=0, start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        line = str(app.screen.query_one("#saved-detail", Static).render())
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        text = str(app.screen.query_one("#dialog-text", Static).render())
        rows = text.splitlines()
    assert rows[0] == "Overstocked · in play", rows
    assert "Seats: Ann, Bram (hard bot), Cora (normal bot)" in rows, rows
    assert any(row.startswith("Options: ") for row in rows), rows
    assert f"Stopped at: {', '.join(to_play)} to play, {progress} · {actions} actions" in rows
    assert any(row.startswith("Started ") and "· last played " in row for row in rows), rows
    ids = store.listed_ids(store.list_matches())
    assert f"ID: {ids[0]} (overtable resume {ids[0]})" in rows, rows
    assert len(text) > 2 * len(line)


async def test_the_line_under_the_list_never_ends_a_row_on_a_dot(monkeypatch, tmp_path):
    """Play-test: at 80 columns the line under the list broke after a
    dangling "·" ("... last played 2026-12-06 15:03 ·" / the file's name)."""

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    path, *_ = _real_match(tmp_path)
    app = OvertableApp(theme_name="textual-dark", bot_delay=0, start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        await pilot.pause()
        rows = screen_text(app).splitlines()
    text = [row.strip() for row in rows if "last played" in row or path.name in row]
    assert text and not any(row.endswith("·") for row in text), rows
    assert any(row == path.name for row in text), rows


async def test_details_of_a_hostile_journal_are_cut_and_shown(monkeypatch, tmp_path):
    """Details read the file as untrusted: 600 seats of 2,000-character
    names and levels, and a start time of a megabyte, show cut, not whole
    (nor as a crash)."""
    import json

    from textual.widgets import Static

    from tui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    path, *_ = _real_match(tmp_path)
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["players"] = [{"name": "N[b]" * 500, "kind": "bot", "level": "L\x1b[" * 300}
                         for _ in range(600)]
    header["created"] = "9" * 1_000_000
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))
    app = OvertableApp(theme_name="textual-dark", bot_delay=0, start="saves")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        text = str(app.screen.query_one("#dialog-text", Static).render())
    assert "Seats: " in text and "and 592 more" in text, text[:500]
    assert len(text) < 3000 and "\x1b" not in text
