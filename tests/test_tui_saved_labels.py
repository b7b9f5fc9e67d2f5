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
        await pilot.pause()
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
