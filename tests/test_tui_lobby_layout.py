"""The lobby's lines keep their places however many tables it lists: the
hint ("A seat is kept for you: Enter sits you down") and the highlighted
table's detail stay under the title, and the tables take the room left
between them and the footer, the highlighted one in sight.

In the SSH benchmark (benchmarks/ssh.py) one of thirty players' lobbies
never said "kept for you" in 60 s: ten tables of four seats take two lines
each at 80 columns, so the list was a line taller than the room under the
hint and the detail, the screen itself could scroll, and focusing the list
(when the hub's listing was drawn before that focus had taken effect, as on
a loaded host) scrolled the hint off the top for good. Listed after that,
the last table's second line went under the footer instead."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from tests.screen_kit import screen_text, settle
from tui.screens.lobby import LobbyScreen

GAMES = ("Boss Quest", "Overstocked", "Overseers")
HINT = "A seat is kept for you: Enter sits you down · x: decline"


def benchmark_tables(tables: int = 10) -> list[dict[str, Any]]:
    """The SSH benchmark's lobby as its players first see it: three
    players' seats kept at each table (none sat down yet) and a bot."""

    def kept(name: str) -> dict[str, Any]:
        return {"kind": "reserved", "player": name, "present": False, "away": False}

    return [{"table": f"t{t}", "title": GAMES[t % 3], "started": False, "creator": "bench",
             "seats": [kept(f"p{3 * t + i + 1:02d}") for i in range(3)]
             + [{"kind": "bot", "level": "heuristic"}]}
            for t in range(tables)]


class Remote:
    """The app's link to the hub, as far as the lobby asks it: the hub's
    listing as it last came."""

    connected = True
    lobby_seen = True
    reconnecting = False

    def __init__(self, tables: list[dict[str, Any]], player: str) -> None:
        self.tables = tables
        self.player = player

    def in_the_lobby(self) -> None:
        pass

    def refresh(self) -> None:
        pass


def lobby_app(remote: Remote) -> App:
    class LobbyApp(App):
        async def on_mount(self) -> None:
            await self.push_screen(LobbyScreen())

    app = LobbyApp()
    app.remote = remote  # type: ignore[attr-defined]
    return app


def assert_invitation_in_sight(app: App, player: str) -> None:
    text = screen_text(app)
    lines = text.splitlines()
    assert len(lines) == 24
    # the hint right under the title, the detail under it, the column names next
    assert lines[1].rstrip() == HINT, text
    assert lines[2].startswith("Boss Quest: the rulebook's standard game"), text
    assert lines[3].split()[:3] == ["Game", "Seats", "Now"], text  # (a scroll bar may follow)
    # the whole of the highlighted table (its two lines), above the footer
    assert f"{player} (you, invited)" in "\n".join(lines[4:-1]), text
    assert "x Decline" in lines[-1], text


@pytest.mark.parametrize("player", ["p01", "p30"])
async def test_the_hint_stays_in_sight_when_the_listing_is_there_as_the_lobby_opens(player):
    # the hub's listing came before the lobby was up: drawn as it mounts,
    # before the list's focus scrolled anything into view
    app = lobby_app(Remote(benchmark_tables(), player))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause(0.2)
        assert isinstance(app.screen, LobbyScreen)
        assert app.screen._highlighted()["seats"][(int(player[1:]) - 1) % 3]["player"] == player
        assert_invitation_in_sight(app, player)


@pytest.mark.parametrize("player", ["p01", "p30"])
async def test_the_highlighted_table_is_in_sight_when_the_listing_comes_later(player):
    app = lobby_app(Remote([], player))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        lobby.show(benchmark_tables(), player)
        await pilot.pause()
        await pilot.pause(0.2)
        assert_invitation_in_sight(app, player)


async def test_the_hint_stays_when_the_list_is_focused_again_with_more_tables_than_room():
    # twenty tables: the list scrolls within its room, never the screen
    app = lobby_app(Remote(benchmark_tables(20), "p60"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        grid = lobby.query_one("#lobby-tables")
        lobby.set_focus(None)
        await pilot.pause()
        grid.focus()  # scrolls what it is in to show it whole, where it can
        await pilot.pause()
        await pilot.pause(0.2)
        text = screen_text(app)
        assert text.splitlines()[1].rstrip() == HINT, text
        assert "p60 (you, invited)" in text
        await pilot.press("home")  # to the first table, and back
        await pilot.press("end")
        await pilot.pause(0.2)
        text = screen_text(app)
        assert text.splitlines()[1].rstrip() == HINT, text
        assert "p60 (you, invited)" in text


def wrapped_tables(count: int = 9) -> list[dict[str, Any]]:
    """Begun tables of six long names each: at 80 columns their seats wrap
    to three lines a row (the play-test's lobby had 2 to 4)."""
    names = ["annabelle", "bramwell", "cleopatra", "desdemona", "evangeline", "fayette"]
    return [{"table": f"w{t}", "title": "Overseers", "started": True, "creator": "annabelle",
             "seats": [{"kind": "reserved", "player": names[(t + i) % 6] + "x" * (t % 3),
                        "present": True, "away": i == 1} for i in range(6)],
             "play": {"finished": False, "to_act": [1], "actions": 3}}
            for t in range(count)]


def invitation(tid: str = "inv") -> dict[str, Any]:
    """eve's Boss Quest keeping a seat for ann (and two others): four lines at 80 columns."""

    def kept(name: str) -> dict[str, Any]:
        return {"kind": "reserved", "player": name, "present": False, "away": False}

    return {"table": tid, "title": "Boss Quest", "started": False, "creator": "eve",
            "seats": [{"kind": "reserved", "player": "eve", "present": True}, kept("ann"),
                      kept("someonelong"), kept("anotherlongname"),
                      {"kind": "bot", "level": "normal"}]}


def assert_highlighted_row_whole(app: App) -> None:
    """Every line of the highlighted row is on screen, between the column
    names and the footer."""
    lobby = app.screen
    grid = lobby.query_one("#lobby-tables")
    row = grid.get_row_at(grid.cursor_row)
    lines = screen_text(app).splitlines()
    shown = "\n".join(lines[4:-1])
    for cell_text in row[1:]:
        for line in str(cell_text).split("\n"):
            assert line.strip() in shown, (line, "\n".join(lines))


async def test_end_pgdn_and_a_new_invitation_show_the_highlighted_row_whole(monkeypatch):
    """Play-test at 80x24: with nine tables whose seats wrap, End and PgDn
    highlighted the last table but left it under the footer (the screen
    scrolled as if each row were one line), and a new invitation at the
    bottom showed only its first line ("ann (you, invited)" cut off). The
    tables scroll within their own room (`#lobby-room`): every line of the
    highlighted row is in sight."""
    app = lobby_app(Remote([], "ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show(wrapped_tables(), "ann")  # the hub's listing, come after the lobby opened
        await pilot.pause(0.2)
        grid = lobby.query_one("#lobby-tables")
        await pilot.press("end")
        await pilot.pause(0.2)
        assert grid.cursor_row == 8
        assert_highlighted_row_whole(app)
        await pilot.press("home")
        for _ in range(3):
            await pilot.press("pagedown")
            await pilot.pause(0.2)
            assert_highlighted_row_whole(app)
        assert grid.cursor_row == 8
        await pilot.press("home")
        await pilot.pause(0.1)
        # the player's own keys were a while ago: a new invitation takes the
        # highlight only then (lobby.CHOSEN_SECONDS)
        import tui.screens.lobby as lobby_module

        later = lobby_module.clock() + lobby_module.CHOSEN_SECONDS + 1
        monkeypatch.setattr(lobby_module, "clock", lambda: later)
        lobby.show([*wrapped_tables(), invitation()], "ann")
        await pilot.pause(0.2)
        assert lobby._highlighted()["table"] == "inv"
        assert_highlighted_row_whole(app)
        assert "ann (you, invited)" in screen_text(app)


async def test_rows_that_would_read_alike_are_numbered():
    """Play-test: three of bram's "Boss Quest  bram (you), open  waiting
    for 1" rows, and after a rematch two "Overseers ann, bram, cleo, bot
    (normal)", could not be told apart. Rows of the same game and the same
    seats are numbered in the Game column ("Boss Quest #2"), in the order
    they were set up; a row like no other is not; who sits down or is away
    changes no number. It fits 80 columns."""

    def quest(tid: str, present: bool = True) -> dict[str, Any]:
        return {"table": tid, "title": "Boss Quest", "started": False, "creator": "bram",
                "seats": [{"kind": "reserved", "player": "bram", "present": present},
                          {"kind": "open", "player": None}]}

    def overseers(tid: str, finished: bool, away: bool = False) -> dict[str, Any]:
        person = [{"kind": "reserved", "player": name, "present": True,
                   "away": away and name == "cleo"} for name in ("ann", "bram", "cleo")]
        return {"table": tid, "title": "Overseers", "started": True, "creator": "ann",
                "seats": [*person, {"kind": "bot", "level": "normal"}],
                "play": {"finished": finished, "to_act": [] if finished else [0],
                         "actions": 9}}

    other = {**quest("q9"), "seats": [{"kind": "reserved", "player": "ann", "present": True},
                                      {"kind": "open", "player": None}], "creator": "ann"}
    listing = [quest("q1"), overseers("o1", True), quest("q2", present=False), other,
               quest("q3"), overseers("o2", False, away=True)]
    app = lobby_app(Remote(listing, "bram"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        grid = app.screen.query_one("#lobby-tables")
        games = [str(grid.get_row_at(row)[0]) for row in range(grid.row_count)]
        assert games == ["Boss Quest #1", "Overseers #1", "Boss Quest #2", "Boss Quest",
                         "Boss Quest #3", "Overseers #2"]
        text = screen_text(app)
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines())
        assert "Overseers #2" in text and "ann to play" in text


async def test_the_lobbys_boxes_and_notices_name_the_table_they_act_on():
    """Play-test: "Leave this match for good?" named no match, the box
    covered the highlighted row, and with two Overstocked tables with fay
    the player could not check which one they gave up for good. Every box
    of the lobby names the game (its row's number), the others there and
    how it stands; standing up names the table too."""
    from tui.screens.confirm import ConfirmScreen

    def person(name: str, **marks: Any) -> dict[str, Any]:
        return {"kind": "reserved", "player": name, "present": True, "away": False, **marks}

    def stocked(tid: str, to_act: int, moves: int) -> dict[str, Any]:
        return {"table": tid, "title": "Overstocked", "started": True, "creator": "fay",
                "seats": [person("fay"), person("ann", away=True)],
                "play": {"finished": False, "to_act": [to_act], "moves": moves}}

    mine = {"table": "mine", "title": "Boss Quest", "started": False, "creator": "ann",
            "seats": [person("ann"), {"kind": "reserved", "player": "cy", "present": False},
                      {"kind": "bot", "level": "normal"}]}
    theirs = {"table": "theirs", "title": "Overboss Duel", "started": False, "creator": "cy",
              "seats": [person("cy"), person("ann")]}

    class Writing(Remote):
        def __init__(self, *args: Any) -> None:
            super().__init__(*args)
            self.sent: list[Any] = []

        def write(self, obj: Any) -> bool:
            self.sent.append(obj)
            return True

    remote = Writing([stocked("s1", 0, 3), stocked("s2", 1, 14), mine, theirs], "ann")
    app = lobby_app(remote)
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        lobby = app.screen
        lobby.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
        grid = lobby.query_one("#lobby-tables")
        grid.move_cursor(row=1)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause(0.1)
        box = app.screen
        assert isinstance(box, ConfirmScreen) and box.title_text == "Leave this match for good?"
        assert box.text.startswith("Overstocked #2 with fay · your turn · 14 moves made.\n")
        assert "Overstocked #2 with fay" in screen_text(app)
        await pilot.press("n")
        await pilot.pause(0.1)
        grid.move_cursor(row=2)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause(0.1)
        assert app.screen.text.startswith(
            "Boss Quest with cy and bot (normal) · waiting for 1.\n")
        await pilot.press("n")
        await pilot.pause(0.1)
        grid.move_cursor(row=3)
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause(0.1)
        assert app.screen is lobby
        assert remote.sent == [{"stand": {"table": "theirs"}}]
        assert said == ["You stood up from Overboss Duel with cy: the seat is open to anyone "
                        "again."]


async def test_the_footer_offers_x_only_where_it_does_something():
    """Play-test: the footer offered "x Stand up" on a finished match the
    player never sat at, where x only answered "You have no seat at that
    table.". x is left out of the footer there (pressed, it still says
    why), and offered at the player's own table."""
    def person(name: str) -> dict[str, Any]:
        return {"kind": "reserved", "player": name, "present": True, "away": False}

    over = {"table": "over", "title": "Overseers", "started": True, "creator": "bob",
            "seats": [person("bob"), person("cy"), person("dee")],
            "play": {"finished": True, "to_act": [], "actions": 40}}
    mine = {"table": "mine", "title": "Overboss Duel", "started": False, "creator": "ann",
            "seats": [person("ann"), {"kind": "open", "player": None}]}
    app = lobby_app(Remote([over, mine], "ann"))
    said: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        lobby = app.screen
        lobby.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
        grid = lobby.query_one("#lobby-tables")
        grid.move_cursor(row=0)
        await pilot.pause(0.2)
        footer = screen_text(app).splitlines()[-1]
        assert "Stand up" not in footer and " x " not in f" {footer}", footer
        assert "w Watch" in footer
        await pilot.press("x")
        await pilot.pause(0.1)
        assert said == ["You have no seat at that table."]
        grid.move_cursor(row=1)
        for _ in range(50):  # (the footer is drawn anew: slower on a busy machine)
            await pilot.pause(0.05)
            if "x Withdraw" in screen_text(app).splitlines()[-1]:
                break
        assert "x Withdraw" in screen_text(app).splitlines()[-1]



@pytest.mark.parametrize("width", [80, 120])
async def test_a_lobby_notice_covers_no_row_of_the_tables(width):
    """Play-test: the "Invited" notice covered the hint and the Now column
    of the first rows for its few seconds, at 80 to 120 columns. In the
    lobby notices stand at the foot, above the footer, and the tables
    give up those lines (the highlighted one still whole) rather than go
    under them."""
    from tui import resources

    class StyledLobbyApp(App):
        CSS_PATH = resources.css_path("app.tcss")  # the app's own place for notices

        async def on_mount(self) -> None:
            await self.push_screen(LobbyScreen())

    app = StyledLobbyApp()
    app.remote = Remote(wrapped_tables(4), "ann")  # type: ignore[attr-defined]
    async with app.run_test(size=(width, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.screen.show([*wrapped_tables(4), invitation()], "ann")
        await pilot.pause(0.2)  # the invitation highlighted, in sight before the notice
        app.notify("eve keeps a seat for you at Boss Quest: Enter on it sits you down.",
                   title="Invited", timeout=10)
        await pilot.pause(0.3)
        lines = screen_text(app).splitlines()
        assert lines[1].rstrip() == HINT, "\n".join(lines)
        top = next(i for i, line in enumerate(lines) if "Invited" in line)
        grid = app.screen.query_one("#lobby-tables")
        assert grid.region.bottom <= top - 1, "\n".join(lines)  # (the notice's padding line)
        assert_highlighted_row_whole(app)
        assert "ann (you, invited)" in "\n".join(lines[:top])
