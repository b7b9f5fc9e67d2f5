"""The footer at 80 columns keeps a game's own keys in sight, at one
terminal and at a shared table (tui/widgets/footer.py `_fitting`): at a
shared table F2 Chat and "q Lobby" had pushed Overboss Duel's "p Score
pad" behind "…" (F1 still listed it); then "q Lobby" went behind it while
choosing an Overseers pick, and it stays in sight."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from core import GAMES
from host.hub import Hub
from tests import screen_kit
from tests.screen_kit import settle
from tui.app import OvertableApp
from tui.join import JoinApp
from tui.screens.game import GameScreen
from tui.screens.lobby import LobbyScreen
from tui.widgets.footer import Footer


def footer_line(app: App) -> str:
    return app.screen._compositor.render_strips()[-1].text


async def first_decision(pilot, app: App) -> GameScreen:
    """Ann's first decision on screen (the bots and Bob moved before her)."""

    def deciding() -> bool:
        screen = app.screen
        return (isinstance(screen, GameScreen) and screen.update is not None
                and bool(screen.update.legal) and screen.update.outcome is None)

    await screen_kit.wait_for(pilot, deciding, timeout=20, step=0.02)
    await pilot.pause(0.2)  # the footer takes the decision's keys
    return app.screen


def check_footer(app: App, screen: GameScreen, *, shared: bool) -> None:
    """Every key of the game's own that can be used now is drawn, with F1
    Help (and F2 Chat at a shared table), and the way out (q Lobby at a
    shared table, q Home at one terminal); only a dimmed key or u Undo
    (`FOOTER_SPARE`, listed by F1) may give way."""
    line = footer_line(app)
    assert screen.query_one(Footer).size.width == 80
    seen = set()
    for _key, (node, binding, enabled, _tip) in screen.active_bindings.items():
        if node is app or not binding.show or binding.action in seen:
            continue
        seen.add(binding.action)
        if enabled and binding.action not in ("leave", "undo"):
            shown = f"{app.get_key_display(binding)} {binding.description}"
            assert shown in line, f"{shown} left out of: {line}"
    assert "f1 Help" in line, line
    assert ("f2 Chat" in line) == shared, line
    assert ("q Lobby" if shared else "q Home") in line, line


def seats(app: OvertableApp, game: str) -> list:
    """Ann and the fewest bots the game takes."""
    bots = [app.seat(f"Bot{n}", "bot", "random") for n in range(1, GAMES[game].players.start)]
    return [app.seat("Ann", "human"), *bots]


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_games_own_keys_fit_80_columns_at_one_terminal(game, tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    app = OvertableApp("home", None, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.new_match(game, seats(app, game))
        screen = await first_decision(pilot, app)
        check_footer(app, screen, shared=False)


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_games_own_keys_fit_80_columns_at_a_shared_table(game, tmp_path, monkeypatch):
    """Overboss Duel's "p Score pad" (and Boss Quest's "w To the Wizard")
    stay in sight beside F2 Chat and "q Lobby": a dimmed "u Undo" gives way."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0, seed=3)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await screen_kit.wait_for(
                pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
            app.new_match(game, seats(app, game))
            screen = await first_decision(pilot, app)
            check_footer(app, screen, shared=True)
            if game == "overboss-duel":
                assert "p Score pad" in footer_line(app)
    finally:
        await hub.close()


class _Table(Screen):
    """Six keys, two of them the table's own, too many for 52 columns."""

    FOOTER_SPARE = ("undo",)
    FOOTER_KEEP = ("leave",)
    BINDINGS = [
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Lobby"),
        Binding("a", "act('a')", "Alpha"),
        Binding("b", "act('b')", "Bravo"),
        Binding("c", "act('c')", "Charlie"),
        Binding("d", "act('d')", "Delta"),
    ]
    usable = {"undo": True, "bravo": True}

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """Undo and Bravo dimmed (None) when not `usable`."""
        name = "bravo" if parameters == ("b",) else action
        return True if self.usable.get(name, True) else None

    def compose(self) -> ComposeResult:
        yield Footer(compact=True, show_command_palette=False)


class _App(App):
    BINDINGS = [Binding("f1", "help", "Help")]

    def on_mount(self) -> None:
        self.push_screen(_Table())


@pytest.mark.parametrize(("undo", "bravo", "drawn"), [
    # u, the same at every table, gives way first; q, the way out, never
    (True, True, "q Lobby a Alpha b Bravo c Charlie d Delta … f1 Help"),
    # a key that cannot be used now (dimmed) before it
    (False, True, "q Lobby a Alpha b Bravo c Charlie d Delta … f1 Help"),
    (True, False, "u Undo q Lobby a Alpha c Charlie d Delta … f1 Help"),
])
async def test_the_keys_that_give_way_first_are_dimmed_then_u(undo, bravo, drawn):
    app = _App()
    async with app.run_test(size=(52, 6)) as pilot:
        screen = app.screen
        screen.usable.update(undo=undo, bravo=bravo)
        screen.refresh_bindings()
        await pilot.pause(0.1)
        assert footer_line(app).rstrip() == drawn


class _Busy(Screen):
    """A table's busiest keys at 80 columns, as a play-test saw them (the
    screen's own first, then q and a dimmed u)."""

    FOOTER_SPARE = GameScreen.FOOTER_SPARE
    FOOTER_KEEP = GameScreen.FOOTER_KEEP

    def __init__(self, keys: list[tuple[str, str, str]], leave: str, undo: bool = False) -> None:
        super().__init__()
        self.keys = keys
        self.leave = leave
        self.undo = undo

    def compose(self) -> ComposeResult:
        for key, display, description in self.keys:
            self._bindings.bind(key, f"act('{key}')", description, key_display=display)
        self._bindings.bind("u", "undo", "Undo")
        self._bindings.bind("q", "leave", self.leave)
        yield Footer(compact=True)

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return None if action == "undo" and not self.undo else True


class _BusyApp(App):
    def __init__(self, screen: _Busy, shared: bool) -> None:
        super().__init__()
        self.busy = screen
        self._bindings.bind("f1", "help", "Help")
        if shared:
            self._bindings.bind("f2", "chat", "Chat")

    def on_mount(self) -> None:
        self.push_screen(self.busy)


OVERSEERS_PICK = [("enter", "↵", "Choose"), ("1", "1-6", "Choose"), ("t", "t", "Talk"),
                  ("l", "l", "Log"), ("r", "r", "Last round")]
BOSS_QUEST_ASK = [("enter", "↵", "Do it"), ("1", "1-4", "Ask weapons"),
                  ("w", "w", "To the Wizard"), ("l", "l", "Log")]


@pytest.mark.parametrize("keys", [OVERSEERS_PICK, BOSS_QUEST_ASK], ids=["overseers", "bossquest"])
@pytest.mark.parametrize("shared", [True, False], ids=["shared", "one-terminal"])
async def test_the_way_out_stays_in_the_footers_busiest_line_at_80_columns(keys, shared):
    """Play-test over SSH at 80 columns: "↵ Choose 1-6 Choose t Talk l Log r
    Last round … f1 Help f2 Chat ▏^p palette" (Overseers from round 2 on),
    "↵ Do it 1-4 Ask weapons w To the Wizard l Log … f1 Help f2 Chat" (Boss
    Quest, asking for weapons): q Lobby had given way, at the moment a
    player most wants it. It stays, with every key of the game's own; the
    palette's word gives way first ("▏^p", F1 lists it)."""
    leave = "Lobby" if shared else "Home"
    app = _BusyApp(_Busy(keys, leave), shared)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_kit.wait_for(pilot, lambda: "f1 Help" in footer_line(pilot.app))
        line = footer_line(app)
        assert f"q {leave}" in line, line
        for _key, display, description in keys:
            assert f"{display} {description}" in line, line
        assert "f1 Help" in line and ("f2 Chat" in line) == shared, line
        assert "^p" in line, line


async def test_the_palettes_word_gives_way_before_u_undo_that_can_be_used():
    """A move to take back at a shared table at 80 columns: "u Undo" stays
    in sight beside the game's keys and q Lobby, the palette's key said
    without its word ("▏^p")."""
    keys = [("enter", "↵", "Place"), ("x", "x", "Spire"), ("p", "p", "Score pad"),
            ("t", "t", "Talk"), ("l", "l", "Log")]
    app = _BusyApp(_Busy(keys, "Lobby", undo=True), shared=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_kit.wait_for(pilot, lambda: "f1 Help" in footer_line(pilot.app))
        line = footer_line(app)
        assert "u Undo" in line and "q Lobby" in line and "p Score pad" in line, line
        assert line.rstrip().endswith("▏^p") and "…" not in line, line


class _PaletteScreen(Screen):
    BINDINGS = [Binding("q", "leave", "Home")]

    def __init__(self, footer) -> None:
        super().__init__()
        self.footer = footer

    def compose(self) -> ComposeResult:
        yield self.footer


@pytest.mark.parametrize("footer", ["textual", "roomy", "compact"])
async def test_the_palettes_key_looks_the_same_on_every_screen(footer):
    """A play-test read "▏^p palette" on the home screen and the hand-over
    cover (Textual's footer), "│^p palette" at the tables and "│ ^p palette"
    on the results: one look everywhere, Textual's."""
    from textual.widgets import Footer as TextualFooter

    made = {"textual": TextualFooter, "roomy": Footer,
            "compact": lambda: Footer(compact=True)}[footer]()

    class _Shown(App):
        def on_mount(self) -> None:
            self.push_screen(_PaletteScreen(made))

    app = _Shown()
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_kit.wait_for(pilot, lambda: "palette" in footer_line(pilot.app))
        line = footer_line(app)
        assert "▏^p palette" in line and "│" not in line, line
