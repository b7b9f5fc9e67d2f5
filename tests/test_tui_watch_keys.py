"""A watcher of a shared table in Overboss Duel and Overstocked: Tab goes
between the panels the watcher reads, as in Boss Quest and Overseers (it
was silent: both games bind Tab to a player's decision), F1 says so, and a
player's key says "You are watching" instead of nothing."""

from __future__ import annotations

import pytest

from tests import overboss_screen_kit as ob
from tests import overstocked_screen_kit as os_
from tests.screen_kit import FakePort, screen_text, settle, wait_for
from tui.screens.help import idle_keys, screen_keys


class SharedPort(FakePort):
    answers_later = True  # as a shared table's port (tui.remote)


def _watching(kit, state):
    return kit.ScreenApp(kit.make_update(state, None), SharedPort())


def _notes(app) -> list[str]:
    return [n.message for n in app._notifications]


def _focused_id(app) -> str | None:
    """The id of the panel the keys are on (the focused widget or the
    panel around it)."""
    focused = app.game_screen.focused
    for node in (focused, *(focused.ancestors if focused is not None else ())):
        if getattr(node, "id", None):
            return node.id
    return None


async def _tab_round(app, pilot, key: str, count: int) -> list[str | None]:
    seen = []
    for _ in range(count):
        await pilot.press(key)
        await settle(pilot)
        seen.append(_focused_id(app))
    return seen


async def test_a_duel_watcher_tabs_between_the_board_the_log_and_the_score_pad():
    app = _watching(ob, ob.midgame())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _focused_id(app) == "ob-board"
        assert await _tab_round(app, pilot, "tab", 1) == ["ob-log"]
        assert "arrows read the log (Escape: the board)" in screen_text(app)
        assert await _tab_round(app, pilot, "tab", 1) == ["ob-board"]
        assert "arrows read the board" in screen_text(app)
        await pilot.press("p")  # the score pad so far: a third panel
        await wait_for(pilot, lambda: app.game_screen.query_one("#ob-score-box").display)
        assert await _tab_round(app, pilot, "tab", 3) == ["ob-log", "ob-score-box", "ob-board"]
        assert await _tab_round(app, pilot, "shift+tab", 1) == ["ob-score-box"]
        assert await _tab_round(app, pilot, "escape", 1) == ["ob-board"]  # the keys back
        assert _notes(app) == []
        assert await _tab_round(app, pilot, "shift+tab", 1) == ["ob-score-box"]
        await pilot.press("p")  # the pad put away under the keys: back to the board
        await wait_for(pilot, lambda: _focused_id(app) == "ob-board")
        screen = app.game_screen
        listed = dict(screen_keys(screen))
        theirs = dict(idle_keys(screen, list(listed.items()), players=True))
    assert "Tab / Shift+Tab" in listed and "log" in listed["Tab / Shift+Tab"], listed
    assert "Tab / Shift+Tab" not in theirs, theirs  # not "a player's key" any more


async def test_an_overstocked_watcher_tabs_between_the_areas_and_the_log():
    app = _watching(os_, os_.place_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert _focused_id(app) is None
        assert await _tab_round(app, pilot, "tab", 4) == [
            "os-pop-pane", "os-wh-pane", "os-log", "os-pop-pane"]
        assert await _tab_round(app, pilot, "shift+tab", 1) == ["os-log"]
        assert await _tab_round(app, pilot, "escape", 1) == [None]  # lets the keys go
        assert _notes(app) == []
        screen = app.game_screen
        listed = dict(screen_keys(screen))
        footer = screen_text(app).splitlines()[-1]
    tab = listed.get("Tab / Shift+Tab", "")
    assert "watching" in tab.lower() and "log" in tab, listed
    assert "tab Next panel" in footer, footer  # the watcher's bar names it too


@pytest.mark.parametrize(("kit", "state", "key", "named"), [
    (ob, ob.midgame, "x", "x"),
    (ob, ob.midgame, "1", "1"),
    (ob, ob.midgame, "u", "u"),
    (ob, ob.midgame, "enter", "Enter"),
    (ob, ob.midgame, "space", "Space"),
    (ob, ob.midgame, "escape", "Escape"),
    (os_, os_.place_state, "r", "r"),
    (os_, os_.place_state, "1", "1"),
    (os_, os_.place_state, "x", "x"),
    (os_, os_.place_state, "enter", "Enter"),
])
async def test_a_watchers_press_of_a_players_key_says_you_are_watching(kit, state, key, named):
    app = _watching(kit, state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await wait_for(pilot, lambda: _notes(app))
        notes = _notes(app)
    assert len(notes) == 1 and notes[0].startswith(f"You are watching: {named} is a player's"), notes
    assert app.port.commands == []


async def test_an_overstocked_watchers_arrow_says_tab_gives_it_a_panel():
    """No panel has the keys (a watcher decides nothing): an arrow did nothing,
    unsaid; Tab puts it on a panel, where it scrolls."""
    app = _watching(os_, os_.place_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("left")
        await wait_for(pilot, lambda: _notes(app))
        assert _notes(app) == ["You are watching: Tab puts the arrows on a panel to read "
                               "(F1 lists your keys)."]
        app.clear_notifications()
        await pilot.press("tab", "left")
        await settle(pilot)
        assert _notes(app) == []
