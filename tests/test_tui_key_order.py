"""Keys that arrive together are handled in the order they were typed
(tui/key_order.py): a paste, a fast typist or a script's keys sent at once
tick the boxes, fill the fields and start the match as slow keys would."""

from __future__ import annotations

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Checkbox, Input

from saves.journal import PlayerSpec
from saves.match import Match
from tests import screen_kit
from tests.screen_kit import wait_for
from tui import key_order
from tui.app import OvertableApp
from tui.key_order import KeysInOrder
from tui.screens.new_match import NewMatchScreen
from tui.screens.saved import SavedScreen


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))


def burst(app: App, *keys: str) -> None:
    """`keys` as a terminal's driver hands them over, none waiting for the
    one before it (Pilot's `press` waits after each)."""
    for key in keys:
        char = key if len(key) == 1 else {"space": " "}.get(key)
        event = events.Key(key, char)
        event.set_sender(app)
        app._driver.send_message(event)


async def settle(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_a_burst_on_the_new_match_form_fills_it_as_typed():
    app = OvertableApp(start="new", argument="overstocked", theme_name="ansi-dark",
                       bot_delay=0, seed=7)
    started = []
    app.new_match = lambda game, players, options=None, **_: started.append((players, options))
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(20):
            await pilot.pause()
            if isinstance(app.screen, NewMatchScreen):
                break
        screen = app.screen
        name = screen.query_one("#name-0", Input)
        forklifts = screen.query_one("#opt-forklifts", Checkbox)
        quantum = screen.query_one("#opt-quantum", Checkbox)
        name.focus()
        name.value = ""
        await pilot.pause()
        chain = list(screen.focus_chain)
        tabs = chain.index(forklifts) - chain.index(name)
        # a name, Tab on to the first option, tick it, Tab, tick, ctrl+s:
        # Textual alone put the spaces in the name (Tab had not moved the
        # focus yet) and started the match before any of it (ctrl+s is a
        # priority key)
        burst(app, "z", "e", "d", *("tab",) * tabs, "space", "tab", "space", "ctrl+s")
        await settle(pilot)
        assert name.value == "zed"
        assert forklifts.value and quantum.value
        assert not app._notifications
        assert len(started) == 1
        players, options = started[0]
        assert players[0].name == "zed"
        assert options.forklifts and options.quantum


async def test_enter_after_arrows_resumes_the_match_the_arrows_reached():
    paths = []
    for n in range(3):
        match = Match.new("overboss-duel", [PlayerSpec(f"P{n}", "human"), PlayerSpec("Q", "human")])
        paths.append(match.path)
        match.close()
    app = OvertableApp(start="saves", theme_name="ansi-dark", bot_delay=0, seed=7)
    opened = []
    app.open_path = lambda path, **how: opened.append(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        # the list laid out and its first row highlighted before the keys
        # come (a loaded CI once opened another row than the third)
        await screen_kit.settle(pilot)
        screen = app.screen
        third = screen.matches[2]
        burst(app, "down", "down", "enter")  # Enter is a priority key here
        await settle(pilot)
        assert [str(p) for p in opened] == [str(third.path)]


class TwoFields(KeysInOrder):
    BINDINGS = [Binding("ctrl+s", "done", priority=True)]

    def __init__(self) -> None:
        super().__init__()
        self.done: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield Input(id="a")
        yield Input(id="b")

    def action_done(self) -> None:
        self.done.append((self.query_one("#a", Input).value, self.query_one("#b", Input).value))

    def on_input_submitted(self) -> None:
        self.screen.focus_next()  # Enter moves on, as on the new-match form


async def test_keys_after_tab_go_to_the_next_field():
    app = TwoFields()
    async with app.run_test() as pilot:
        app.query_one("#a").focus()
        await pilot.pause()
        burst(app, "a", "b", "tab", "c", "d", "ctrl+s", "e")
        await settle(pilot)
        assert app.done == [("ab", "cd")]
        assert app.query_one("#b", Input).value == "cde"


async def test_keys_after_enter_go_where_enter_moved_the_focus():
    # Enter in a field is answered by a message (Submitted) that moves the
    # focus: the next key waits for that too
    app = TwoFields()
    async with app.run_test() as pilot:
        app.query_one("#a").focus()
        await pilot.pause()
        burst(app, "a", "b", "enter", "c", "d", "ctrl+s")
        await settle(pilot)
        assert app.done == [("ab", "cd")]


async def test_a_key_stuck_in_a_control_holds_the_others_only_a_while(monkeypatch):
    import asyncio

    monkeypatch.setattr(key_order, "KEY_WAIT_SECONDS", 0.2)

    class Slow(Input):
        async def _on_key(self, event: events.Key) -> None:
            if event.key == "s":
                await asyncio.sleep(1.0)  # a handler that takes long
            await super()._on_key(event)

    class App2(TwoFields):
        def compose(self) -> ComposeResult:
            yield Slow(id="a")
            yield Input(id="b")

    app = App2()
    async with app.run_test() as pilot:
        app.query_one("#a").focus()
        await pilot.pause()
        burst(app, "s", "ctrl+s")
        await pilot.pause(0.5)
        assert app.done == [("", "")]  # ctrl+s went ahead after 0.2 s, not 1 s
        await pilot.pause(0.8)
        assert app.query_one("#a", Input).value == "s"


def _three_saved_matches() -> None:
    for n in range(3):
        Match.new("overboss-duel", [PlayerSpec(f"P{n}", "human"), PlayerSpec("Q", "human")]).close()


async def test_keys_typed_as_the_saved_list_opens_wait_for_its_rows():
    """A play-test sent s, Down, Enter on the home screen: the Down came
    while the list was still being read (a worker reads every journal),
    moved nothing, and Enter opened the first match, not the second. The
    keys wait for the rows; the new-match form and the help, drawn as they
    open, take them at once."""
    import threading

    from tui.screens.help import HelpScreen
    from tui.screens.home import HomeScreen

    _three_saved_matches()
    app = OvertableApp(theme_name="ansi-dark", bot_delay=0, seed=7)
    listed = threading.Event()  # the journals are read once the keys are in
    read = app.saved_matches
    app.saved_matches = lambda: (listed.wait(10), read())[1]
    opened = []
    app.open_path = lambda path, **how: opened.append(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen) and app.screen.is_mounted)
        await screen_kit.settle(pilot)
        await pilot.press("s", "down", "enter")
        assert isinstance(app.screen, SavedScreen) and not app.screen.matches  # still reading
        listed.set()
        await wait_for(pilot, lambda: opened)
        assert opened == [app.screen.matches[1].path]
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("n", "tab")  # the form's first field, then the next
        await wait_for(pilot, lambda: isinstance(app.screen, NewMatchScreen))
        await screen_kit.settle(pilot)
        assert app.focused is not None and app.focused.id == "count"
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        await pilot.press("f1", "end")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        table = app.screen.query_one("#help-keys")
        await wait_for(pilot, lambda: table.max_scroll_y > 0 and table.scroll_y == table.max_scroll_y)


async def test_a_list_slow_to_fill_holds_the_keys_only_a_while(monkeypatch):
    """Journals slow to read do not keep the player in the empty list:
    after `FILL_WAIT_SECONDS` the keys go to it as they are (q leaves)."""
    import threading

    from tui.screens.home import HomeScreen

    monkeypatch.setattr(key_order, "FILL_WAIT_SECONDS", 0.2)
    _three_saved_matches()
    app = OvertableApp(start="saves", theme_name="ansi-dark", bot_delay=0, seed=7)
    listed = threading.Event()
    read = app.saved_matches
    app.saved_matches = lambda: (listed.wait(30), read())[1]
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen))
            await pilot.press("q")  # (held for ever, it would never leave)
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen), timeout=5)
    finally:
        listed.set()
