"""`overtable join` against a hub that misbehaves: garbage, oversized lines,
shapes it never sends, or nothing at all. The player gets a notice, never a
traceback or a screen that waits without saying so."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from host.messages import AWAY_MARK, split_mark
from tests.screen_kit import record_notices, wait_for
from tui import remote as remote_module
from tui.join import JoinApp
from tui.screens.lobby import LobbyScreen


async def fake_hub(path, lines: list[bytes]):
    """A hub that reads the hello, then sends `lines` (and stays open)."""
    writers = []

    async def serve(reader, writer):
        writers.append(writer)
        await reader.readline()
        for line in lines:
            writer.write(line)
            await writer.drain()
        await reader.read()  # until the client goes

    server = await asyncio.start_unix_server(serve, path=str(path))
    return server, writers


HOSTILE = [
    b"\xff\xfe not text\n",
    b"[1, 2]\n",
    b"{}\n",
    b"[" * 50_000 + b"\n",
    b'{"lobby": [1, "x", null, {"seats": 7}]}\n',
    b'{"lobby": 5}\n',
    b'{"created": 5}\n',
    b'{"refused": ["x"], "table": []}\n',
    b'{"update": {"game": "overboss-duel"}, "table": "t"}\n',
    b'{"update": "x", "table": 5}\n',
    b'{"chat": 5}\n',
    b'{"chat": {"table": [], "from": null, "text": {"a": 1}}}\n',
    json.dumps({"chat": {"table": None, "from": "[b]eve\u202e",
                         "text": "[link=x]y[/link]\x1b[31m" + "w" * 5000}}).encode() + b"\n",
    b"x" * (3 * remote_module.MAX_MESSAGE_BYTES) + b"\n",
    json.dumps({"lobby": []}).encode() + b"\n",
]


async def test_a_hub_sending_garbage_gets_notices_and_the_app_carries_on(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, HOSTILE)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(200):
                await pilot.pause(0.02)
                if app.remote.tables == []:  # the last line was read
                    break
            # what the hub said in the chat is noticed as plain, printable
            # text of bounded length (opening the chat, F2, takes it down:
            # the line is in the box then)
            chats = [n for n in app._notifications if "eve" in n.message]
            assert chats
            chat = chats[0].message
            assert "\x1b" not in chat and "\u202e" not in chat
            assert chat.startswith("[b]eve: [link=x]y[/link][31mw")
            assert len(chat) < 400
            assert not any(n.markup for n in chats)
            # the player uses the lobby, whatever it was sent before
            for key in ("down", "up", "enter", "r", "escape", "f2", "escape"):
                await pilot.press(key)
                await pilot.pause(0.02)
            assert app.is_running
            assert isinstance(app.screen, LobbyScreen)
            notes = [n.message for n in app._notifications]
            assert any("too long" in m for m in notes), notes
            assert any("not understood" in m or "could not be shown" in m for m in notes)
            assert app.remote.connected
            assert not any("eve" in m for m in notes)  # in the chat box, seen
    finally:
        server.close()
    assert app.return_code in (0, None)


async def test_a_hub_that_answers_nothing_is_named_to_the_player(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(remote_module, "WELCOME_SECONDS", 0.3)
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [])
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app._notifications)
            notes = [n.message for n in app._notifications]
            assert any("has not answered" in m for m in notes), notes
            assert app.is_running
    finally:
        server.close()


@pytest.mark.parametrize("answer", [b'{"welcome": {"player": "Ann"}}\n'])
async def test_a_hub_that_answers_is_not_called_silent(tmp_path, monkeypatch, answer):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(remote_module, "WELCOME_SECONDS", 0.3)
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [answer])
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause(0.6)
            notes = [n.message for n in app._notifications]
            assert not any("has not answered" in m for m in notes), notes
    finally:
        server.close()


async def test_the_chat_shows_its_lines_on_opening_safely_at_80_columns():
    """The chat box opened on lines said before showed none of them until
    a new one came. Long words, emoji, combining marks, wide characters
    and markup are wrapped within the box and shown as they are."""
    from rich.cells import cell_len
    from textual.app import App

    from tui.screens.chat import ChatScreen
    from tui.widgets.gamelog import GameLog

    lines = ["eve: " + "w" * 200, "ann: " + "\N{GRINNING FACE}" * 100,
             "bob: " + "e\u0301" * 150, "dan: " + "\u6f22" * 120,
             "[b]x: [link=y]z[/link] [@click=app.quit]q", "cy: the newest line"]
    app = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ChatScreen("in the lobby", lines, lambda text: None))
        await pilot.pause(0.1)
        log = app.screen.query_one(GameLog)
        rows = log.rows
        assert rows[-1] == "cy: the newest line"
        assert "[b]x: [link=y]z[/link] [@click=app.quit]q" in rows
        width = log.scrollable_content_region.width
        assert all(cell_len(row) <= width for row in rows)
        assert width <= 80 and "".join(rows).count("w") >= 200


async def test_an_endless_line_from_the_hub_is_one_notice_not_a_flood(tmp_path, monkeypatch):
    """Past the bound, a line is dropped a piece at a time: each piece was a
    notice of its own (a hub sending without end buried the screen)."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "hub.sock"
    endless = b"x" * (40 * remote_module.MAX_MESSAGE_BYTES) + b"\n"
    server, _ = await fake_hub(path, [endless, b'{"lobby": []}\n', endless,
                                      b'{"error": "after"}\n'])
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: any(n.message == "after" for n in app._notifications))
            notes = [n.message for n in app._notifications]
            assert "after" in notes, notes
            assert sum("too long" in m for m in said) == 2, said  # one per line
            # (the second, in the same words, replaces the first on screen)
            assert sum("too long" in m for m in notes) == 1, notes
            assert app.remote.tables == []
    finally:
        server.close()


def _a_real_update(tmp_path) -> dict:
    """The first update a hub sends seat 0 of an Overboss Duel (its log,
    names and view as a hub writes them)."""
    from host.hub import Client, Hub
    from tests.hub_kit import RecordingWriter

    hub = Hub(tmp_path / "shared", bot_delay=0, seed=1)
    clients = []
    for name in ("ann", "bob"):
        client = Client(hub, RecordingWriter())  # type: ignore[arg-type]
        hub.clients.add(client)
        client.handle(json.dumps({"hello": {"player": name}}).encode())
        clients.append(client)
    clients[0].handle(json.dumps(
        {"create": {"game": "overboss-duel", "seats": ["open", "open"]}}).encode())
    table = next(iter(hub.tables))
    for seat, client in enumerate(clients):
        client.handle(json.dumps({"join": {"table": table, "seat": seat}}).encode())
    updates = [json.loads(line) for line in clients[0].writer.lines if b'"update"' in line]
    hub.tables[table].session.close()
    return updates[-1]


#: what a terminal takes as the start of an escape sequence or a change of
#: direction: none of it may reach the screen
CONTROLS = ("\x1b", "\x9b", "\x9d", "\u202e", "\x07", "\r")


async def test_escape_sequences_in_a_hubs_update_never_reach_the_terminal(tmp_path, monkeypatch):
    """A hub is trusted for nothing but the shape of its lines: names, log
    lines and the view's texts with escape sequences (a terminal title, the
    clipboard by OSC 52, a cleared screen) or a right-to-left override were
    drawn as they came, escape character and all."""
    from tests.screen_kit import screen_text
    from tui.screens.overboss import OverbossScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    message = _a_real_update(tmp_path)
    update = message["update"]
    update["names"] = ["\x1b]0;owned\x07\x1b[2J" + "n" * 5000, "eve\u202e\x9b31m\r"]
    update["log"] = [line + "\x1b]52;c;AAAA\x07" for line in update["log"]]
    update["log"].append("\x1b[31mred\x9d0;x\x07")
    message["table"] = "t1"
    line = json.dumps(message).encode() + b"\n"
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [b'{"welcome": {"player": "ann"}}\n', line])
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen) and app.screen.update is not None)
            assert isinstance(app.screen, OverbossScreen)
            await pilot.pause(0.1)
            shown = screen_text(app)
            assert "owned" in shown  # the rest is shown
            assert not any(c in shown for c in CONTROLS), shown
            received = app.screen.update
            texts = [*received.names, *received.log]
            assert not any(c in text for text in texts for c in CONTROLS)
            # as a hub's names are (an away mark after the name is not counted)
            assert all(len(split_mark(name)[0]) <= 32 for name in received.names)
    finally:
        server.close()


async def test_a_log_lines_own_line_breaks_come_through(tmp_path, monkeypatch):
    """A log line the rules break in two (a potion read at combat, then the
    combat, BQ-31) lost its break at a shared table: "You read the potion ±2
    as +2.Combat vs 17 HP: ...". A newline is no escape: it stays in a log
    line, and only there (a name keeps none)."""
    from tui.screens.overboss import OverbossScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    message = _a_real_update(tmp_path)
    update = message["update"]
    update["names"] = ["ann", "bo\nb"]
    update["log"].append("Bob reads the potion ±2 as +2.\nCombat vs 17 HP: ann 20 over.\x1b[2J")
    message["table"] = "t1"
    line = json.dumps(message).encode() + b"\n"
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [b'{"welcome": {"player": "ann"}}\n', line])
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                           and app.screen.update is not None)
            received = app.screen.update
            assert received.log[-1] == "Bob reads the potion ±2 as +2.\nCombat vs 17 HP: ann 20 over.[2J"
            assert received.names[1] == "bob"
    finally:
        server.close()


async def test_a_long_name_keeps_its_away_mark_whole(tmp_path, monkeypatch):
    """A 31-character name with the hub's " (away)" after it was cut as
    one text at 32 characters: the mark was lost and a "…" took its place,
    so the screen said nothing of who was away. The name is bounded, the
    mark kept."""
    from tests.screen_kit import screen_text
    from tui.screens.overboss import OverbossScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    zoe = "Zoë the Magnificent Overlord éü"
    message = _a_real_update(tmp_path)
    message["update"]["names"] = ["ann", zoe + AWAY_MARK]
    message["table"] = "t1"
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [b'{"welcome": {"player": "ann"}}\n',
                                      json.dumps(message).encode() + b"\n"])
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(160, 45)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen) and app.screen.update is not None)
            assert app.screen.update.names[1] == zoe + AWAY_MARK
            await pilot.pause(0.1)
            assert zoe + AWAY_MARK in screen_text(app)
            assert zoe + "…" not in screen_text(app)
    finally:
        server.close()


@pytest.mark.parametrize("change", [
    {"seat": 7}, {"seat": -1}, {"names": []}, {"to_act": [9]}, {"bots": [5]}, {"thinking": 3},
])
async def test_an_update_naming_seats_the_table_has_not_is_not_understood(
        tmp_path, monkeypatch, change):
    """An update for seat 7 of a two-seat table opened the game's screen and
    failed to draw it ("could not be shown (IndexError...)"): the player was
    left at an empty table. It is refused as any other wrong shape."""
    from tui.screens.game import GameScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    message = _a_real_update(tmp_path)
    message["update"].update(change)
    message["table"] = "t1"
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [b'{"welcome": {"player": "ann"}}\n',
                                      json.dumps(message).encode() + b"\n",
                                      b'{"error": "after"}\n'])
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: any(n.message == "after" for n in app._notifications))
            notes = [n.message for n in app._notifications]
            assert any("not understood" in m for m in notes), notes
            assert not any("could not be shown" in m for m in notes), notes
            assert not isinstance(app.screen, GameScreen)
            assert app.remote.screens == {}
    finally:
        server.close()


@pytest.mark.parametrize(("game", "said"), [
    (None, "an update that does not say which game it is"),
    ("chess", "a game this version does not know ('chess')"),
])
async def test_an_update_of_no_game_or_an_unknown_one_is_said_in_words(
        tmp_path, monkeypatch, game, said):
    """QA: an update without a game was "a game this version does not know
    (None)", Python's word."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    message = _a_real_update(tmp_path)
    if game is None:
        del message["update"]["game"]
    else:
        message["update"]["game"] = game
    message["table"] = "t1"
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [b'{"welcome": {"player": "ann"}}\n',
                                      json.dumps(message).encode() + b"\n",
                                      b'{"error": "after"}\n'])
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: any(n.message == "after" for n in app._notifications))
            notes = [n.message for n in app._notifications if "not understood" in n.message]
            assert notes and said in notes[0] and "None" not in notes[0], notes
    finally:
        server.close()


GOOD_TABLE = {"table": "t", "game": "overboss-duel", "title": "Overboss Duel", "creator": "bob",
              "away_bot": None, "started": False, "play": None,
              "seats": [{"kind": "reserved", "player": "bob", "level": None, "present": True,
                         "away": False, "bot_playing": False},
                        {"kind": "open", "player": None, "level": None, "present": False,
                         "away": False, "bot_playing": False}]}


@pytest.mark.parametrize("lobby", [
    [1, "x", None, GOOD_TABLE],
    [{**GOOD_TABLE, "table": ["t"]}, GOOD_TABLE],
    [{**GOOD_TABLE, "table": "u", "seats": [1, None]}, GOOD_TABLE],
])
async def test_a_lobby_of_the_wrong_shape_is_not_understood_and_the_keys_still_work(
        tmp_path, monkeypatch, lobby):
    """A lobby with a number where a table goes (or a table's id a list) was
    kept as it came: the next key in the lobby ended the app ("'int' object
    has no attribute 'get'"). The tables that are tables are listed."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "hub.sock"
    server, _ = await fake_hub(path, [b'{"welcome": {"player": "ann"}}\n',
                                      json.dumps({"lobby": lobby}).encode() + b"\n"])
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.remote.tables)
            assert [table["table"] for table in app.remote.tables] == ["t"]
            notes = [n.message for n in app._notifications]
            assert any("not understood" in m and "wrong shape" in m for m in notes), notes
            for key in ("down", "up", "enter", "escape", "w", "x", "down", "enter"):
                await pilot.press(key)
                await pilot.pause(0.02)
                assert app.is_running, key
            assert isinstance(app.screen, LobbyScreen)
    finally:
        server.close()
    assert app.return_code in (0, None)


LOBBY_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 2**65) | st.floats() | st.text(max_size=4)
    | st.sampled_from(["t", "open", "bot", "reserved", "ann", "overboss-duel", "\x1b[2J", "[/]"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["table", "game", "title", "creator", "away_bot", "seats", "started",
                         "play", "kind", "player", "level", "present", "away", "bot_playing",
                         "finished", "to_act", "actions"]), inner, max_size=6),
    max_leaves=25,
)


@settings(max_examples=200, deadline=None)
@given(lobby=LOBBY_VALUES)
def test_any_lobby_is_read_into_tables_the_lobby_screen_can_show(lobby):
    """Whatever a hub sends as its lobby, what is kept of it is tables of
    the shape the lobby screen reads: showing them, and each seat's
    request, never raises."""
    from host.messages import BadMessage
    from tui.remote import lobby_tables, seat_request
    from tui.screens.lobby import seat_text, status_text

    try:
        tables, left_out = lobby_tables(lobby)
    except BadMessage:
        assert not isinstance(lobby, list)
        return
    assert left_out == len(lobby) - len(tables)
    for table in tables:
        assert isinstance(table["table"], str) and isinstance(table["title"], str)
        status_text(table)
        for seat in table["seats"]:
            seat_text(seat, "ann")
            seat_request(seat)
            assert seat["player"] is None or seat["player"].isprintable()


async def test_a_full_hub_is_said_once_and_back_only_once_welcomed(tmp_path, monkeypatch):
    """A hub that takes a connection and lets it go at once (full) had the
    app say "Back at the hub." at every attempt, each followed by "The
    hub is full" and "The hub closed the connection": three notices every
    two seconds, the first untrue. Now the loss is said once, the hub's
    reason once, and "Back" when the hub has welcomed the player."""
    from host.hub import Hub

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(remote_module, "RECONNECT_SECONDS", 0.05)
    hub = Hub(tmp_path / "shared", bot_delay=0)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    hub.max_clients = 0
    app = JoinApp(path, "ann", theme_name="textual-dark")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(50):
                await pilot.pause(0.02)
            notes = [n.message for n in app._notifications]
            assert sum("The hub is full" in m for m in notes) == 1, notes
            assert sum("closed the connection" in m for m in notes) == 1, notes
            assert not any("Back at the hub" in m for m in notes), notes
            hub.max_clients = 10  # a place frees up
            await wait_for(pilot, lambda: app.remote._welcomed)
            await pilot.pause(0.05)
            notes = [n.message for n in app._notifications]
            assert sum("Back at the hub" in m for m in notes) == 1, notes
    finally:
        await hub.close()
