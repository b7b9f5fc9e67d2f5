"""`overtable join`: the app as a seat client of a hub (issue "Shared sessions
over SSH": the game screens are the same as at one terminal, fed by the
hub; each player sees only their own seat)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

import pytest
from textual import events
from textual.app import App

from core import GAMES
from core.overboss.state import Options
from host.hub import Hub
from host.messages import SeatCommand
from host.wire import codec
from tests import screen_kit
from tests.screen_kit import record_notices, settle
from tests.test_host_hub import Player
from tui.join import JoinApp
from tui.screens.ending import EndingScreen
from tui.screens.lobby import LobbyScreen
from tui.screens.overboss import OverbossScreen
from tui.screens.results import ResultsScreen


async def shared_form_shown(pilot, app) -> None:
    """Wait for the shared tables' New table form, laid out to its last
    field (the away choice)."""
    from tui.screens.lobby import SharedTableScreen

    await wait_for(pilot, lambda: isinstance(app.screen, SharedTableScreen)
                   and bool(app.screen.query("#away-bot")))


async def new_table_form(pilot, app, game: str):
    """The shared tables' New table form for `game`, opened from the lobby
    and laid out."""
    app.action_new_match(game)
    await shared_form_shown(pilot, app)
    return app.screen


async def wait_for(pilot, condition, timeout: float = 10) -> None:
    await screen_kit.wait_for(pilot, condition, timeout, step=0.02)  # the hub answers


@contextlib.asynccontextmanager
async def at_the_lobby(path, name: str = "Ann"):
    """`name` joins the hub at `path` in an 80x24 terminal: (the app, its
    pilot) once its lobby is up and connected."""
    app = JoinApp(path, name, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        yield app, pilot


async def hub_to_stop(tmp_path, monkeypatch, seed: int | None = None, resume: bool = False):
    """A hub the test stops and starts again (`hub_again`), serving; the
    app's data in the test's directory and its tries to reconnect 0.05 s
    apart: (the hub, its directory, its socket)."""
    import tui.remote

    monkeypatch.setattr(tui.remote, "RECONNECT_SECONDS", 0.05)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=seed)
    if resume:
        hub.resume_all()
    await hub.serve(path)
    return hub, directory, path


async def hub_again(directory, path, resume: bool = True) -> Hub:
    """The hub started again on `directory` and serving at `path`, the
    matches kept there resumed (unless `resume` is false)."""
    again = Hub(directory, bot_delay=0)
    if resume:
        again.resume_all()
    await again.serve(path)
    return again


async def the_notice(pilot, app, text: str):
    """The one notice saying `text`, once it has come."""
    await wait_for(pilot, lambda: any(text in n.message for n in app._notifications))
    (note,) = [n for n in app._notifications if text in n.message]
    return note


async def open_chat(pilot, app):
    """F2 at the lobby: the chat dialog, and its text field."""
    from textual.widgets import Input

    from tui.screens.chat import ChatScreen

    await pilot.press("f2")
    await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
    return app.screen.query_one(Input)


async def sits_at_a_new_table(player, game: str, seats: list, **table) -> str:
    """`player` (a client of the hub) sets up a table of `game` with
    `seats` (and `table`'s other fields, such as `away_bot`) and sits at its
    first seat: the table's id."""
    await player.send({"create": {"game": game, "seats": seats, **table}})
    created = (await player.expect("created"))["created"]["table"]
    await player.send({"join": {"table": created, "seat": 0}})
    return created


async def bob_sits_at_anns_duel(pilot, app, path, options=None, away_bot=None) -> tuple:
    """Ann (the app) sets up an Overboss Duel from the new-match form's
    result (her seat, one open; the rulebook's game unless `options` say
    otherwise); Bob, a client of the hub, sits down there. (Bob, the table
    as the lobby listed it.)"""
    app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "human")], options,
                  away_bot=away_bot)
    bob = await Player.connect(path, "Bob")
    while True:
        message = await bob.expect("lobby")
        if message["lobby"]:
            break
    (table,) = message["lobby"]
    assert [s.get("player") for s in table["seats"]] == ["Ann", None]
    await bob.send({"join": {"table": table["table"], "seat": 1}})
    await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
    return bob, table


async def bob_plays_his_turn(bob, wire, rng) -> None:
    """Bob (a client of the hub, at seat 1) reads what the hub sends him,
    waiting 0.005 s at most; sent his turn, he makes a move at random."""
    try:
        message = await bob.read(timeout=0.005)
    except TimeoutError:
        return
    if "update" in message:
        theirs = wire.decode_update(json.dumps(message["update"]).encode())
        assert theirs.seat == 1
        if theirs.legal and theirs.outcome is None:
            command = wire.command_dict(SeatCommand.play(1, rng.choice(theirs.legal), theirs.seq))
            await bob.send({"command": command, "table": message["table"]})


async def play_to_the_results(pilot, app, bob, rng) -> set:
    """Ann (the app) and Bob (a client of the hub) play the Overboss Duel on
    screen at random to its results; the seats Ann's screen was sent."""
    wire = codec(GAMES["overboss-duel"])
    screen = app.screen
    seen_seats = set()
    for _ in range(20_000):
        if isinstance(app.screen, ResultsScreen):
            break
        if isinstance(app.screen, EndingScreen):
            # Bob's last moves, when his ended the match: told over the results
            assert app.screen.title_text.startswith("Since your last move")
            await pilot.press("enter")
            continue
        if getattr(app.screen, "_results_due", None) is not None:
            # the final table, those moves put away: the results on Enter
            await pilot.press("enter")
            continue
        await pilot.pause(0.005)
        update = screen.update
        if update is not None:
            seen_seats.add(update.seat)
            if update.legal and update.outcome is None:
                screen.play(rng.choice(update.legal))
        await bob_plays_his_turn(bob, wire, rng)
    else:
        raise AssertionError("the shared match did not end")
    return seen_seats


async def test_a_shared_match_from_the_app_against_a_player_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0, seed=2)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    app = JoinApp(path, "Ann", bell=True, theme_name="textual-dark")
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # the player asked for the bell on their turn
    rng = random.Random(8)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
            bob, table = await bob_sits_at_anns_duel(pilot, app, path)
            seen_seats = await play_to_the_results(pilot, app, bob, rng)
            await pilot.pause(0.2)  # the results screen settles, as a player would see it
            assert seen_seats == {0}, "Ann's screen was sent another seat's update"
            # each time the turn came back to Ann she was told, and the bell rang
            assert len(rings) >= 3
            assert app.screen.update.outcome is not None
            # back to the lobby: the table is over
            app.go_home()
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: "the results of this match" in str(
                app.screen.query_one("#lobby-hint").render()))
            # Enter on the finished table: its results again, not a refusal
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
            assert app.screen.update.outcome is not None
            assert not any(n.severity == "error" or "taken" in n.message
                           for n in app._notifications)
            # Rematch: a new table with the same seats, Ann sitting down at
            # once; Bob reads in the finished table's chat that it waits
            old_table = table["table"]
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            chat = None
            rematch = None
            while chat is None or rematch is None:
                message = await bob.read(timeout=5)
                if "chat" in message:
                    chat = message["chat"]
                if "lobby" in message:
                    rematch = next((t for t in message["lobby"] if t["table"] != old_table
                                    and t["seats"][0].get("present")), None)
            assert chat["table"] == old_table and chat["from"] == "Ann"
            # the table's own line (each app words it for its reader), not Ann's words
            assert chat["kind"] == "rematch"
            assert app.remote.chat[old_table][-1] == (
                "You set up a rematch: the others are asked to sit down.")
            assert rematch["game"] == "overboss-duel"
            assert [(s["kind"], s.get("player")) for s in rematch["seats"]] == [
                ("reserved", "Ann"), ("reserved", "Bob")]
            await bob.send({"join": {"table": rematch["table"], "seat": 1}})
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                           and app.screen.update is not None
                           and app.screen.update.outcome is None)
            app.go_home()
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            # let the lobby's header finish mounting before the app closes
            await pilot.pause(0.2)
            await bob.close()
    finally:
        await hub.close()


async def test_a_rematch_asked_for_by_the_other_player_is_joined_not_doubled(shared_hub):
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        # the match before the rematch on the short board: the match over
        # the hub is played on the rulebook's board in the test above
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        # Bob asks first (his r): the same seats and options, his own taken
        await bob.send({"create": {"game": "overboss-duel", "options": {"short_board": True},
                                   "seats": [{"player": "Ann"}, {"player": "Bob"}],
                                   "rematch_of": old["table"]}})
        created = (await bob.expect("created"))["created"]
        await bob.send({"join": {"table": created["table"], "seat": 1}})
        await wait_for(pilot, lambda: any(t["table"] == created["table"]
                                          and t["seats"][1].get("present")
                                          for t in app.remote.tables))
        # on the results the rematch's chat line says it: no "keeps a seat" notice
        assert not [n for n in app._notifications if "keeps a seat" in n.message]
        await pilot.press("r")  # Ann's rematch sits her down at Bob's table
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.screen.update is not None and app.screen.update.outcome is None)
        assert app.remote.table_on_screen() == created["table"]
        assert len(hub.tables) == 2  # no third table
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.2)
        await bob.close()


async def test_a_finished_tables_chat_notice_goes_as_the_rematch_is_sat_at(shared_hub):
    """The play-test: Bob's "Rematch?" said at the finished table, a notice
    in Ann's lobby, stayed over the new table's screen as she sat down
    there, covering her first decision. Sitting down at a table ends the
    notices of finished tables' chat: they no longer mean anything."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")

    def chat_notices() -> list[str]:
        return [n.message for n in app._notifications if "Rematch?" in n.message]

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await bob.send({"create": {"game": "overboss-duel", "options": {"short_board": True},
                                   "seats": [{"player": "Ann"}, {"player": "Bob"}]}})
        created = (await bob.expect("created"))["created"]
        await bob.send({"join": {"table": created["table"], "seat": 1}})
        await bob.send({"chat": {"table": old["table"], "text": "Rematch? The same table waits"}})
        await wait_for(pilot, lambda: chat_notices() != [])
        app.remote.join(created["table"], 0)
        await wait_for(pilot, lambda: app.remote.table_on_screen() == created["table"])
        await wait_for(pilot, lambda: chat_notices() == [], timeout=2)
        await bob.close()


async def test_join_says_so_when_no_hub_answers(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "nobody.sock"
    path.write_text("")  # a file, not a listening socket
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert isinstance(app.screen, LobbyScreen)
        assert not app.remote.connected
        notes = [n.message for n in app._notifications]
        assert any("Could not reach the hub" in m for m in notes)
        # the lobby's keys fit 80 columns, chat (F2) included
        await wait_for(pilot, lambda: "Quit" in app.screen._compositor.render_strips()[-1].text)
        footer = app.screen._compositor.render_strips()[-1].text
        assert "f2 Chat" in footer and "n New table" in footer


async def test_a_player_is_seated_again_after_the_hub_restarts(tmp_path, monkeypatch):
    """The hub goes away mid-match and comes back: the app reconnects by
    itself and its player is back in their seat, at the last action. A hub
    stopped on purpose is said so, seats kept (play-test: "The hub closed
    the connection" said neither, README says both)."""
    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch, seed=4)
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bob", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await wait_for(pilot, lambda: bool(app.screen.update and app.screen.update.legal))
        app.screen.play(app.screen.update.legal[0])
        await wait_for(pilot, lambda: (app.screen.update.seq or 0) > 0 and bool(app.screen.update.legal))
        (table,) = hub.tables.values()
        history = list(table.session.match.history)
        await hub.close()
        await wait_for(pilot, lambda: any(
            n.message == "The hub stopped; your seats are kept. Trying to connect again…"
            for n in app._notifications))
        assert not any("closed the connection" in n.message for n in app._notifications)
        again = await hub_again(directory, path)
        try:
            await wait_for(
                pilot, lambda: any("Back at the hub" in n.message for n in app._notifications)
            )
            await wait_for(
                pilot,
                lambda: isinstance(app.screen, OverbossScreen)
                and app.screen.update is not None
                and app.screen.update.seat == 0,
            )
            assert list(again.tables.values())[0].session.match.history == history
            assert app.remote.connected
        finally:
            await again.close()


async def test_the_table_says_it_reconnects_while_the_hub_is_away(tmp_path, monkeypatch):
    """Play-test: after the hub stopped, a notice said it briefly; then the
    table and the lobby looked exactly as when connected ("You are bob",
    "Choose ...") and only a key press said "Not connected to the hub.".
    While the hub is away, the table's top line says "Reconnecting to the
    hub…" (notices gone or not, the table redrawn), and once back it goes."""
    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch, seed=4)
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bob", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and bool(app.screen.update and app.screen.update.legal))
        assert "Reconnecting" not in screen_kit.screen_text(app)
        await hub.close()
        await wait_for(pilot, lambda: not app.remote.connected)
        app.clear_notifications()  # the notice goes by itself after a while
        await wait_for(pilot, lambda: "Reconnecting to the hub…" in screen_kit.screen_text(app))
        await pilot.resize_terminal(100, 30)  # the table drawn again: still said
        await wait_for(pilot, lambda: app.size == (100, 30))
        await pilot.pause()
        assert "Reconnecting to the hub…" in screen_kit.screen_text(app)
        again = await hub_again(directory, path)
        try:
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                           and app.screen.update is not None and app.remote.connected)
            await pilot.pause()
            assert "Reconnecting" not in screen_kit.screen_text(app)
        finally:
            await again.close()


async def test_the_lobby_says_it_reconnects_while_the_hub_is_away(tmp_path, monkeypatch):
    """The same play-test in the lobby: its title read "You are Ann" and its
    tables as live while the hub was away."""
    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch)
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen
        assert lobby.sub_title == "You are Ann"
        await hub.close()
        await wait_for(pilot, lambda: lobby.sub_title == "Reconnecting as Ann…")
        app.clear_notifications()
        await wait_for(pilot, lambda: "Reconnecting to the hub…" in screen_kit.screen_text(app))
        again = await hub_again(directory, path, resume=False)
        try:
            await wait_for(pilot, lambda: app.remote.connected and lobby.sub_title == "You are Ann")
            await pilot.pause()
            assert "Reconnecting" not in screen_kit.screen_text(app)
        finally:
            await again.close()


async def test_a_watcher_is_not_told_of_seats_kept_when_the_hub_stops(shared_hub, monkeypatch):
    """Play-test: a watcher with no seat read "your seats are kept" as the
    host stopped. Only a player with seats reads it; the watcher reads that
    the hub stopped and that the app tries to connect again."""
    import tui.remote

    monkeypatch.setattr(tui.remote, "RECONNECT_SECONDS", 0.05)
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        await hub.close()
        await wait_for(pilot, lambda: any(
            n.message == "The hub stopped. Trying to connect again…" for n in app._notifications))
        assert not any("seats are kept" in n.message for n in app._notifications)


async def test_a_seat_kept_at_a_new_table_is_told_at_another_table(shared_hub):
    """Ann plays a duel with Bob; Bob sets up a Boss Quest keeping a seat
    for her. The lobby's hint is out of her sight: a notice says so, once,
    and how to get there."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, _ = await bob_sits_at_anns_duel(pilot, app, path)

        def told() -> list[str]:
            return [m for m in said if "keeps a seat" in m]

        assert told() == []
        await bob.send({"create": {"game": "boss-quest",
                                   "seats": [{"player": "Bob"}, {"player": "Ann"}]}})
        created = (await bob.expect("created"))["created"]
        await wait_for(pilot, lambda: told())
        assert told() == ["Bob keeps a seat for you at Boss Quest: "
                          "q for the lobby, then Enter on it."]
        await bob.send({"join": {"table": created["table"], "seat": 0}})  # the lobby changes again
        await wait_for(pilot, lambda: any(t["table"] == created["table"]
                                          and t["seats"][0].get("present")
                                          for t in app.remote.tables))
        await pilot.pause(0.1)
        assert len(told()) == 1
        assert isinstance(app.screen, OverbossScreen)
        await bob.close()


async def test_the_invitation_notice_goes_when_the_player_sits_down(shared_hub):
    """Played over SSH: the "Invited" notice ("... Enter sits you down")
    stayed over the game screen for its ten seconds after the player had
    sat down. Taking the seat takes it down."""
    from tui.screens.game import GameScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):

        def told() -> list[str]:
            return [n.message for n in app._notifications if "keeps a seat" in n.message]

        bob = await Player.connect(path, "Bob")
        await bob.send({"create": {"game": "overboss-duel",
                                   "seats": [{"player": "Bob"}, {"player": "Ann"}]}})
        created = (await bob.expect("created"))["created"]
        await bob.send({"join": {"table": created["table"], "seat": 0}})
        await wait_for(pilot, lambda: told())
        await pilot.press("enter")  # the new table has the cursor: Ann sits down
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_for(pilot, lambda: not told(), timeout=3)  # the notice lasts 10 s
        await bob.close()


async def test_chat_from_the_app(shared_hub):
    """F2 opens the chat of the lobby (or of the table on screen); a line
    typed there reaches the others; a line from another player is a notice."""
    from textual.widgets import Input


    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob = await Player.connect(path, "Bob")
        await bob.send({"chat": {"table": None, "text": "hello Ann"}})
        await wait_for(pilot, lambda: any("hello Ann" in n.message for n in app._notifications))
        await open_chat(pilot, app)
        assert app.screen.lines == ["Bob: hello Ann"]
        from tui.widgets.gamelog import GameLog

        # drawn on opening, not only once another line comes
        await wait_for(pilot, lambda: "Bob: hello Ann" in app.screen.query_one(GameLog).rows)
        app.screen.query_one(Input).value = "hi Bob"
        await pilot.press("enter")
        while (message := await bob.expect("chat"))["chat"]["from"] == "Bob":
            pass  # his own line, echoed
        assert message["chat"] == {"table": None, "from": "Ann", "text": "hi Bob"}
        await wait_for(pilot, lambda: app.screen.lines[-1] == "Ann: hi Bob")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await bob.close()


def test_the_lobby_says_who_is_away():
    from tui.screens.lobby import seat_text, status_text

    bob = {"kind": "reserved", "player": "Bob", "present": True, "away": True}
    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    assert seat_text(bob, "Ann") == "Bob (away)"
    assert seat_text(ann, "Ann") == "Ann (you)"
    # before the match: a seat kept for a player not yet sat down
    invited = {"kind": "reserved", "player": "Ann", "present": False, "away": False}
    assert seat_text(invited, "Ann") == "Ann (you, invited)"
    assert seat_text(invited, "Bob") == "Ann (invited)"
    assert seat_text({"kind": "open", "player": None}, "Ann") == "open"
    table = {"seats": [ann, bob], "started": True,
             "play": {"finished": False, "to_act": [1], "moves": 3}}
    assert status_text(table) == "waiting: Bob away"
    bob["away"] = False
    assert status_text(table) == "Bob to play"
    # review (2026-12-04): Bob away while Ann, who is there, is to play: the
    # match waits on nobody (it said "waiting: Bob away")
    bob["away"] = True
    table["play"]["to_act"] = [0]
    assert status_text(table) == "Ann to play"
    table["play"]["to_act"] = [0, 1]  # a choice all make at once
    assert status_text(table) == "waiting: Bob away"
    # the play-test: a second terminal's lobby said "bob to play" to bob,
    # whose seat is played at his first terminal
    table["play"]["to_act"] = [0]
    assert status_text(table, "Ann") == "your turn (at your other terminal)"
    bob["away"] = False
    table["play"]["to_act"] = [0, 1]
    assert status_text(table, "Ann") == "your turn (at your other terminal); Bob to play"
    assert status_text(table, "Bob") == "your turn (at your other terminal); Ann to play"


async def test_overseers_table_talk_is_the_tables_chat(shared_hub):
    """Overseers' table-talk panel, at a shared table, is the match chat: a
    line typed there reaches the others, a line said at the table shows there."""
    from textual.widgets import Input


    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        await bob_says(pilot, bob, table, screen, "I kept nothing good")
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.focused, Input))
        app.focused.value = "me neither"
        await pilot.press("enter")
        while (line := (await bob.expect("chat"))["chat"])["from"] != "Ann":
            pass
        assert type(line.pop("moves")) is int
        assert line == {"table": table, "from": "Ann", "text": "me neither"}
        await wait_for(pilot, lambda: "Ann: me neither" in screen.notes)
        await bob.close()


async def test_table_talk_the_panel_does_not_show_comes_as_a_notice(shared_hub):
    """Play-test (four players over a hub): from the vote to the round's end
    Overseers puts its talk panel away, and a line said then ("good game"
    after the scoring) showed on no one's screen. A line the panel shows
    brings no notice; one it does not show (`heard` says so) comes as one."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        await bob_says(pilot, bob, table, screen, "I kept nothing good")
        await pilot.pause(0.2)
        assert not [n for n in app._notifications if "kept nothing" in n.message]
        shown = screen.heard
        screen.heard = lambda line, moves=None: shown(line, moves) and False  # put away
        await bob.send({"chat": {"table": table, "text": "good game"}})
        await wait_for(pilot, lambda: any("Bob: good game" in n.message
                                          for n in app._notifications))
        await bob.close()


async def test_a_watchers_table_talk_says_they_are_watching(shared_hub):
    """Play-test: a spectator's line in Overseers' table talk read "Dee:
    ...", as a player's. It reads "Dee (watching): ..."."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        dee = await Player.connect(path, "Dee")
        await dee.send({"watch": {"table": table}})
        await dee.until_quiet()
        await dee.send({"chat": {"table": table, "text": "who bluffs?"}})
        await wait_for(pilot, lambda: "Dee (watching): who bluffs?" in screen.notes)
        await bob.close()
        await dee.close()


async def test_a_watchers_line_at_a_table_one_is_away_from_says_they_are_watching(tmp_path):
    """Play-test: Bob, on another table's screen, was told "Chat at
    Overseers with ann and cy: dee: dee watching again": the watcher's
    line had no "(watching)" mark in the away notice, where the table's
    chat has it (README: "A watcher's chat lines say so")."""
    def seat(name):
        return {"kind": "reserved", "player": name, "present": True}

    overseers = {"table": "t1", "game": "overseers", "title": "Overseers",
                 "seats": [seat("ann"), seat("bob"), seat("cy")], "started": True,
                 "match": "a" * 32, "play": {"finished": False, "to_act": [0], "moves": 4}}
    app = JoinApp(tmp_path / "no-hub.sock", "bob", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.remote.handle({"lobby": [overseers]})
        await app.remote.handle({"chat_away": {"table": "t1", "from": "dee",
                                               "text": "dee watching again", "watching": True}})
        await app.remote.handle({"chat_away": {"table": "t1", "from": "ann", "text": "hi"}})
        await pilot.pause()
    assert [s for s in said if s.startswith("Chat at")] == [
        "Chat at Overseers with ann and cy: dee (watching): dee watching again",
        "Chat at Overseers with ann and cy (2 new lines): ann: hi"]


async def test_a_chat_notice_says_where_the_line_was_said(shared_hub):
    """Tried as a new player would: at a table, a lobby line came up as
    "Chat (F2)", but F2 there opens the table's chat, without it. A line
    said where F2 does not open is titled by where it was said."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        cy = await Player.connect(path, "Cy")
        await cy.send({"chat": {"table": None, "text": "anyone for a duel?"}})
        note = await the_notice(pilot, app, "anyone for a duel?")
        assert note.title == "Lobby chat (F2 in the lobby)"
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await cy.send({"chat": {"table": None, "text": "in the lobby now"}})
        note = await the_notice(pilot, app, "in the lobby now")
        assert note.title == "Chat (F2)"
        await bob.close()
        await cy.close()


async def test_lobby_chat_at_a_match_is_one_short_notice(shared_hub):
    """Hostile test: each lobby line was its own notice over the match, 6-7
    rows tall (one of 200 wide letters, 17 rows), and names are free, so
    the pace per name did not stop it. At a table the lobby's lines are one
    notice, cut short, counting the lines since; and any chat notice is cut
    to a few lines."""
    from tui.plain import cell_len

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        others = [await Player.connect(path, name) for name in ("Cy", "Dee", "Eve")]
        for n, other in enumerate(others):
            await other.send({"chat": {"table": None, "text": f"line {n} " + "宽" * 190}})
        await wait_for(pilot, lambda: any("3 new lines" in n.message
                                          for n in app._notifications))
        await pilot.pause(0.2)
        notes = [n for n in app._notifications if n.title.startswith("Lobby chat")]
        assert len(notes) == 1, [n.message for n in notes]
        assert cell_len(notes[0].message) <= 80 and "Eve: line 2" in notes[0].message
        assert notes[0].title == "Lobby chat (F2 in the lobby)"
        await bob.send({"chat": {"table": table, "text": "x" * 300}})
        await pilot.pause(0.3)
        assert all(cell_len(n.message) <= 160 for n in app._notifications)
        await bob.close()
        for other in others:
            await other.close()


async def test_lobby_chat_while_waiting_in_the_lobby_is_one_notice_gone_as_the_match_opens(
        shared_hub):
    """Play-test over SSH at 80x24: seated at a table not begun, waiting
    in the lobby, each lobby line was its own notice, three stacked over
    the Seats and Now columns, and the last stayed over the match once it
    began. In the lobby the newest line replaces the one before; the
    match screen opens without it."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "human")])
        bob = await Player.connect(path, "Bob")
        while not (lobby := (await bob.expect("lobby"))["lobby"]):
            pass
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        others = [await Player.connect(path, name) for name in ("Cy", "Dee", "Eve")]
        for n, other in enumerate(others):
            await other.send({"chat": {"table": None, "text": f"line {n}"}})
        await wait_for(pilot, lambda: any("Eve: line 2" in n.message
                                          for n in app._notifications))
        await pilot.pause(0.2)
        notes = [n.message for n in app._notifications if n.title.startswith(("Chat", "Lobby"))]
        assert notes == ["Eve: line 2"]
        await bob.send({"join": {"table": lobby[0]["table"], "seat": 1}})
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.pause(0.2)
        assert not [n for n in app._notifications if "line" in n.message]
        await bob.close()
        for other in others:
            await other.close()


async def test_f2_over_a_round_box_opens_the_tables_chat(shared_hub):
    """Play-test: over Overseers' "Round N: what the vote did" box a
    notice said "Chat (F2)", and F2 did nothing until Enter closed the box
    (a modal box cut the app's keys off). F2 opens the table's chat over
    it; closing the chat comes back to the box."""
    from tui.screens.chat import ChatScreen
    from tui.screens.ending import EndingScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        box = EndingScreen("Round 1: what the vote did", ["Bob voted against Ann."],
                           go_on="the table")
        await app.push_screen(box)
        await bob.send({"chat": {"table": table, "text": "hello from bob"}})
        note = await the_notice(pilot, app, "hello from bob")
        assert note.title == "Chat (F2)"
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert "Bob: hello from bob" in app.screen.lines
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is box)
        await bob.close()


async def test_overseers_table_talk_is_kept_when_the_table_is_opened_again(shared_hub):
    """Play-test: back at the table after the lobby (q, then Enter on it),
    the table-talk panel read only its hint, the talk so far gone (still in
    the chat, F2): a player mid-vote lost it. The connection keeps each
    table's talk, so a screen made again (also after a reconnect) shows it."""
    from tui.screens.overseers import OverseersScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        await bob_says(pilot, bob, table, screen, "I kept nothing good")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen is not screen and app.screen.update is not None)
        again = app.screen
        await pilot.pause()
        assert again.query_one("#ov-notes").shown == ("Bob: I kept nothing good",)
        assert "Bob: I kept nothing good" in screen_kit.screen_text(app)
        await bob.close()


async def test_back_on_a_new_connection_the_talk_so_far_is_in_the_chat_and_the_panel(
        shared_hub):
    """Play-test: Ann's SSH connection dropped; back (a new app) at her
    Overseers table, the chat (F2) and the table-talk panel were empty,
    though Bob still had every line. The hub sends the talk so far: she
    reads it in both, in order, once, with no notice for each old line."""
    from tui.screens.chat import ChatScreen
    from tui.screens.overseers import OverseersScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        await bob_says(pilot, bob, table, screen, "I kept nothing good")
        app.remote.say(table, "me neither")
        await wait_for(pilot, lambda: "Ann: me neither" in screen.notes)
        await bob.send({"chat": {"table": None, "text": "a duel later, anyone?"}})
        await wait_for(pilot, lambda: app.remote.chat.get(None))
        app.remote.close()  # as when her ssh client is killed
    # the connection is gone (the hub marks her away); Bob talks on
    for _ in range(200):
        if not any(c.player == "Ann" and not c.closed for c in hub.clients):
            break
        await asyncio.sleep(0.02)
    await bob.send({"chat": {"table": table, "text": "where did Ann go?"}})
    said = ["Bob: I kept nothing good", "Ann: me neither", "Bob: where did Ann go?"]
    again = JoinApp(path, "Ann", theme_name="textual-dark")
    notices = record_notices(again)
    async with again.run_test(size=(80, 24)) as pilot:
        # seated again at her table by the hub, as after any dropped connection
        await wait_for(pilot, lambda: isinstance(again.screen, OverseersScreen)
                       and again.screen.notes == said)
        await pilot.pause()
        assert again.screen.query_one("#ov-notes").shown == tuple(said)
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(again.screen, ChatScreen))
        assert again.screen.lines == said
        assert again.remote.chat[None] == ["Bob: a duel later, anyone?"]
        assert not any("kept nothing" in n or "me neither" in n or "Ann go" in n
                       or "duel later" in n for n in notices)
        await bob.close()


async def test_the_hub_again_after_a_dropped_connection_repeats_no_line(shared_hub, monkeypatch):
    """The app's connection to the hub drops and it connects again by
    itself: the hub sends the talk so far to the new connection, which
    the app already had: each line is in the chat and the panel once."""
    import tui.remote

    monkeypatch.setattr(tui.remote, "RECONNECT_SECONDS", 0.05)
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        await bob_says(pilot, bob, table, screen, "I kept nothing good")
        (mine,) = [c for c in hub.clients if c.player == "Ann"]
        mine.close()
        await wait_for(pilot, lambda: app.screen is not screen
                       and getattr(app.screen, "notes", None) == ["Bob: I kept nothing good"])
        await pilot.pause(0.3)  # nothing more comes
        assert app.screen.notes == ["Bob: I kept nothing good"]
        assert app.remote.chat[table] == ["Bob: I kept nothing good"]
        await bob.close()


async def test_the_new_table_form_offers_a_bot_for_away_players(shared_hub):
    """The shared new-match form asks what happens when a player is away; the
    hub gets the choice with the table (and nothing when the match waits)."""
    from textual.widgets import Select

    from tui.screens.lobby import AWAY_CHOICES, SharedTableScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        # an untouched form leaves at once: the away choice is part of its start
        await pilot.press("n")
        await wait_for(pilot, lambda: bool(app.screen.query("#away-bot")))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        for wanted in (60.0, None):
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, SharedTableScreen))
            await wait_for(pilot, lambda: bool(app.screen.query("#away-bot")))
            away = app.screen.query_one("#away-bot", Select)
            labels = [text for text, _ in AWAY_CHOICES]
            # the first table's form starts from "the match waits"; the
            # next from the choice made there (`JoinApp.last_setup`)
            assert labels[0] == "the match waits"
            assert away.value == (0 if wanted == 60.0 else 2)
            # the player opens the list (framed, as every select's: the
            # app's stylesheet) and picks, as with the keyboard
            overlay = await screen_kit.open_select(pilot, away)
            assert screen_kit.dropdown_faults(app, away, overlay) == []
            steps = labels.index(next(t for t, s in AWAY_CHOICES if s == wanted)) - away.value
            for _ in range(abs(steps)):
                await pilot.press("down" if steps > 0 else "up")
            await pilot.press("enter")
            await wait_for(pilot, lambda a=away, w=wanted: AWAY_CHOICES[a.value][1] == w)
            before = set(hub.tables)
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda b=before: len(hub.tables) > len(b))
            (new,) = set(hub.tables) - before
            assert hub.tables[new].away_bot == wanted
            assert hub.tables[new].creator == "Ann"
            app.go_home()
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.pause(0.1)


async def test_the_new_table_form_keeps_a_seat_for_a_named_player(shared_hub):
    """On the shared form the first seat is the player's (their bound name,
    not to be edited); another person's seat is open while its name is
    empty, and kept for the player whose name is typed there."""
    from textual.widgets import Input, Select

    from tui.screens.lobby import OPEN_SEAT_HINT

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        form = await new_table_form(pilot, app, "overseers")
        mine = form.query_one("#name-0", Input)
        assert mine.value == "Ann" and mine.disabled
        assert form.query_one("#name-1", Input).value == ""
        assert form.query_one("#name-1", Input).placeholder == OPEN_SEAT_HINT
        # seat 2 a person kept for Bob, seat 3 a person open to anyone
        for seat in (1, 2):
            form.query_one(f"#kind-{seat}", Select).value = "human"
        bob = form.query_one("#name-1", Input)
        bob.focus()
        await pilot.press(*"Bob")
        # typing one's own name, or one name twice, is refused with a reason
        third = form.query_one("#name-2", Input)
        for typed, reason in (("ann", "names you"), ("bob", "Two seats")):
            third.value = typed
            with pytest.raises(ValueError, match=reason):
                form.read_players()
        third.value = ""
        before = set(hub.tables)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(hub.tables) > len(before))
        (new,) = set(hub.tables) - before
        seats = [(s.kind, s.player) for s in hub.tables[new].seats]
        assert seats == [("reserved", "Ann"), ("reserved", "Bob"), ("open", None)]
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.1)


async def test_a_seat_is_kept_for_a_player_with_a_name_as_long_as_a_name_may_be(shared_hub):
    """Play-test: Seat 2 kept for "Zoë the Magnificent Overlord éü" was kept
    for "Zoë the Magnific" (the field took 16 characters), and the real Zoë
    read "No seat is free at that table". The field takes what the hub
    takes (`host.messages.MAX_NAME`), and Zoë sits down."""
    from textual.widgets import Input, Select

    from host.messages import MAX_NAME

    zoe = "Zoë the Magnificent Overlord éü"
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        form = await new_table_form(pilot, app, "overseers")
        form.query_one("#kind-1", Select).value = "human"
        field = form.query_one("#name-1", Input)
        field.focus()
        await pilot.press(*("space" if c == " " else c for c in zoe))
        assert field.value == zoe and field.max_length == MAX_NAME
        before = set(hub.tables)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(hub.tables) > len(before))
        (new,) = set(hub.tables) - before
        assert hub.tables[new].seats[1].player == zoe
        player = await Player.connect(path, zoe)
        await player.send({"join": {"table": new, "seat": 1}})
        await wait_for(pilot, lambda: hub.tables[new].seats[1].present)
        await player.close()
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.1)


async def test_a_new_table_the_hub_never_answers_gives_the_form_back(shared_hub, monkeypatch):
    """A hub gone, or older than this app (its refusal names no form): the
    form waited for good, Ctrl+S only saying the host had not answered. After
    a while it is taken again, everything on it kept, and says so."""
    from textual.widgets import Select

    import tui.join

    # long enough for a busy machine to see the form waiting first
    monkeypatch.setattr(tui.join, "CREATE_ANSWER_SECONDS", 1.5)
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        await wait_for(pilot, lambda: app.remote.connected)
        monkeypatch.setattr(app.remote, "create", lambda request: None)  # never answered
        form = await new_table_form(pilot, app, "overboss-duel")
        form.query_one("#away-bot", Select).value = 2
        await pilot.press("ctrl+s")
        await pilot.pause(0.05)
        assert form.waiting
        await wait_for(pilot, lambda: any("has not set the table up" in n for n in said))
        assert app.screen is form and not form.waiting
        assert form.query_one("#away-bot", Select).value == 2
        assert not hub.tables


async def test_a_new_table_the_hub_refuses_keeps_the_form_and_marks_the_seat(shared_hub):
    """Play-test: a seat kept for "BOB" beside the player "bob" was refused
    by the hub, the form closed and every choice on it was lost; "[x]" was
    refused for "parentheses or commas" the player never typed. The form
    stays as typed, the seat's name marked, the notice says what to type;
    square brackets are refused on the form in their own words."""
    from textual.widgets import Input, Select


    hub, path = shared_hub
    bob = await Player.connect(path, "bob")
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        await wait_for(pilot, lambda: app.remote.connected)
        form = await new_table_form(pilot, app, "overboss-duel")
        form.query_one("#away-bot", Select).value = 2
        form.query_one("#kind-1", Select).value = "human"
        field = form.query_one("#name-1", Input)
        for typed, words in (("[x]", "Seat 2: a player's name has no square brackets"),
                             ("BOB", "Seat 2: 'BOB' is the player 'bob' here: type 'bob'")):
            field.value = typed
            del said[:]
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda w=words: any(w in notice for notice in said))
            await pilot.pause(0.2)
            assert app.screen is form, typed
            assert field.value == typed and field.has_class("refused") and field.has_focus
            assert form.query_one("#away-bot", Select).value == 2
            assert form.game_id == "overboss-duel"
            assert not hub.tables
        await pilot.press("ctrl+u", *"bob")  # edited: no longer marked
        assert not field.has_class("refused")
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(hub.tables) == 1)
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        (table,) = hub.tables.values()
        assert [s.player for s in table.seats] == ["Ann", "bob"] and table.away_bot == 60.0
        await pilot.pause(0.1)
    await bob.close()


async def test_a_seat_added_to_the_new_table_form_is_open_to_anyone(shared_hub):
    """A seat the form shows only once the player count grows (its row made
    then) is a shared table's seat like the others: no name, open."""
    from textual.widgets import Input, Select

    from tui.screens.lobby import OPEN_SEAT_HINT

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        form = await new_table_form(pilot, app, "overstocked")
        assert not form.query("#name-2")
        form.query_one("#count", Select).value = 3
        await wait_for(pilot, lambda: bool(form.query("#name-2")))
        third = form.query_one("#name-2", Input)
        assert third.value == "" and third.placeholder == OPEN_SEAT_HINT
        assert not third.disabled
        mine = form.query_one("#name-0", Input)
        assert mine.value == "Ann" and mine.disabled
        form.query_one("#kind-2", Select).value = "human"
        before = set(hub.tables)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: len(hub.tables) > len(before))
        (new,) = set(hub.tables) - before
        assert [s.kind for s in hub.tables[new].seats] == ["reserved", "bot", "open"]
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.1)


def test_a_turn_notice_names_the_table_not_only_its_game():
    """Review (2026-12-04): with two Overseers tables, "Your turn at
    Overseers" left which one unsaid. The notice names who else sits
    there, as the lobby lists them."""
    from tui.remote import table_words

    def overseers(*seats: dict) -> dict:
        return {"table": "t", "title": "Overseers", "seats": list(seats)}

    ann = {"kind": "reserved", "player": "Ann"}
    bob = {"kind": "reserved", "player": "Bob"}
    cy = {"kind": "reserved", "player": "Cy"}
    bot = {"kind": "bot", "player": None, "level": "easy"}
    assert table_words(overseers(ann, bob, bot), "Ann") == "Overseers with Bob and bot (easy)"
    assert table_words(overseers(cy, ann, bob), "Ann") == "Overseers with Cy and Bob"
    assert table_words(overseers(ann), "Ann") == "Overseers"
    # Play-test (shared tables, F3): "with ann, bot (normal), bot (normal)
    # and bot (normal)" read long; the bots are counted
    normal = {"kind": "bot", "player": None, "level": "normal"}
    assert (table_words(overseers(bob, ann, normal, normal, normal), "Bob")
            == "Overseers with Ann and 3 bots (normal)")
    assert table_words(overseers(ann, normal, bot), "Ann") == "Overseers with 2 bots"
    assert table_words(overseers(normal, ann, normal), "Cy") == "Overseers with Ann and 2 bots (normal)"


def test_the_lobby_says_when_a_bot_plays_for_an_away_player():
    from tui.screens.lobby import seat_text, status_text

    bob = {"kind": "reserved", "player": "Bob", "present": True, "away": True,
           "bot_playing": True}
    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    assert seat_text(bob, "Ann") == "Bob (away — bot playing)"
    table = {"seats": [ann, bob], "started": True, "away_bot": 60.0,
             "play": {"finished": False, "to_act": [1], "moves": 3}}
    # (it read "Bob (away — bot playing) to play", over two lines at 80 columns)
    assert status_text(table) == "a bot is playing for Bob"
    bob["bot_playing"] = False  # away, the bot not seated yet
    assert status_text(table) == "waiting: Bob away (a bot plays after 1 min)"
    # nobody there: the match waits, and no bot plays for Bob (hub review)
    ann["away"] = True
    assert status_text(table) == "waiting: Bob away"


def test_your_own_turn_away_from_the_table_reads_your_turn():
    """play-test: bob's own lobby row read "waiting: bob away (a bot
    plays after 30 s)", never that the move was his."""
    from tui.screens.lobby import status_text

    bob = {"kind": "reserved", "player": "bob", "present": True, "away": True}
    ann = {"kind": "reserved", "player": "ann", "present": True, "away": False}
    table = {"seats": [ann, bob], "started": True,
             "play": {"finished": False, "to_act": [1], "moves": 3}}
    assert status_text(table, "bob") == "your turn"
    assert status_text(table, "ann") == "waiting: bob away"
    table["away_bot"] = 30.0
    assert status_text(table, "bob") == "your turn (a bot plays for you after 30 s)"
    assert status_text(table, "ann") == "waiting: bob away (a bot plays after 30 s)"
    # a hub's odd time reads without exponents ("after 1e-300 s")
    for away, said in ((1e-300, "under 1 s"), (90.0, "1.5 min"), (7200.0, "2 h"),
                       (1e300, "over a day"), (2.5, "2.5 s")):
        table["away_bot"] = away
        assert status_text(table, "ann") == f"waiting: bob away (a bot plays after {said})"


def lobby_app() -> App:
    """An app showing a lobby alone (no hub): its listings are handed in."""
    from tui.screens.lobby import LobbyScreen

    class LobbyApp(App):
        async def on_mount(self) -> None:
            await self.push_screen(LobbyScreen())

    return LobbyApp()


async def test_the_lobby_under_a_table_is_drawn_on_coming_back_not_at_every_move():
    # Every move at any table of the host changes the lobby's listing; under
    # a game screen it is kept, not drawn unseen (docs/performance.md, "SSH
    # load"), and drawn when the player comes back to it.
    from textual.screen import Screen
    from textual.widgets import DataTable


    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    bob = {"kind": "reserved", "player": "Bob", "present": True, "away": False}

    def listing(to_act: int) -> list[dict]:
        return [{"title": "Overseers", "seats": [ann, bob], "started": True,
                 "play": {"finished": False, "to_act": [to_act], "moves": 3}}]

    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show(listing(0), "Cat")  # one not seated: names, not "your turn"
        await pilot.pause()
        grid = lobby.query_one(DataTable)
        assert str(grid.get_row_at(0)[2]) == "Ann to play"
        await app.push_screen(Screen())  # a table's screen over it
        drawn = []
        original = lobby._draw
        lobby._draw = lambda: (drawn.append(1), original())[-1]
        for to_act in (1, 0, 1):
            lobby.show(listing(to_act), "Cat")
        await pilot.pause()
        assert drawn == [] and str(grid.get_row_at(0)[2]) == "Ann to play"
        app.pop_screen()
        await pilot.pause()
        assert drawn == [1] and str(grid.get_row_at(0)[2]) == "Bob to play"


async def test_the_lobby_cursor_follows_a_table_and_comes_back_to_the_one_left():
    """The listing's order changes as tables start and end: the cursor stays
    on the table it was on, and coming back from a table highlights that
    table (Enter returns to it, not to an old match's results)."""
    from textual.screen import Screen
    from textual.widgets import DataTable


    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}

    def table(tid: str, finished: bool) -> dict:
        return {"table": tid, "title": tid, "seats": [ann], "started": True,
                "play": {"finished": finished, "to_act": [] if finished else [0], "moves": 3}}

    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        grid = lobby.query_one(DataTable)
        lobby.show([table("old", True), table("duel", False)], "Ann")
        await pilot.pause()
        grid.move_cursor(row=1)
        await pilot.pause()
        lobby.show([table("new", False), table("old", True), table("duel", False)], "Ann")
        await pilot.pause()
        assert lobby._highlighted()["table"] == "duel"
        grid.move_cursor(row=1)  # the old match
        await pilot.pause()
        lobby.want = "duel"  # the player sits down at the duel (RemoteTable.join)
        await app.push_screen(Screen())
        await pilot.pause()
        app.pop_screen()  # and leaves it
        await pilot.pause()
        assert lobby._highlighted()["table"] == "duel"
        assert "results" not in str(lobby.query_one("#lobby-hint").render())


async def test_a_table_set_up_for_the_player_is_highlighted_when_it_appears():
    """Back in the lobby from a match's results, the cursor is on that
    finished match; a new table keeping a seat for the player takes the
    cursor, so Enter sits them down there, not at the old results."""
    from textual.widgets import DataTable

    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    bob = {"kind": "reserved", "player": "Bob", "present": True, "away": False}
    invited = {"kind": "reserved", "player": "Bob", "present": False, "away": False}
    old = {"table": "old", "title": "Overseers", "seats": [ann, bob], "started": True,
           "play": {"finished": True, "to_act": [], "moves": 30}}
    other = {"table": "other", "title": "Overboss Duel", "seats": [ann], "started": False}
    quest = {"table": "quest", "title": "Boss Quest", "seats": [ann, invited],
             "started": False, "creator": "Ann"}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show([old], "Bob")
        await pilot.pause()
        assert "results" in str(lobby.query_one("#lobby-hint").render())
        lobby.show([old, other], "Bob")  # a table with no seat for Bob: the cursor stays
        await pilot.pause()
        assert lobby._highlighted()["table"] == "old"
        lobby.show([old, other, quest], "Bob")
        await pilot.pause()
        assert lobby._highlighted()["table"] == "quest"
        assert "A seat is kept for you" in str(lobby.query_one("#lobby-hint").render())
        lobby.query_one(DataTable).move_cursor(row=0)  # Bob looks at the old results
        await pilot.pause()
        lobby.show([old, other, quest], "Bob")  # the same invitation: left where he is
        await pilot.pause()
        assert lobby._highlighted()["table"] == "old"


async def test_churned_invitations_neither_yank_the_highlight_nor_take_its_enter(monkeypatch):
    """Security review: a player setting up and withdrawing tables that keep
    a seat for Bob moved Bob's highlight to each new one, several times a
    second, and an Enter meant for another table sat him at theirs. A new
    invitation takes the highlight only if Bob has not moved it himself
    lately (CHOSEN_SECONDS), and one inviter's once in INVITER_PULL_SECONDS;
    an Enter within the app's `decision_grace` of the app moving it sits
    no one down."""
    from textual.widgets import DataTable

    from tui.screens import lobby as lobby_module

    clock = [1000.0]
    monkeypatch.setattr(lobby_module, "clock", lambda: clock[0])
    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    invited = {"kind": "reserved", "player": "Bob", "present": False, "away": False}
    own = {"table": "own", "title": "Overseers", "started": False, "creator": "Bob",
           "seats": [{"kind": "reserved", "player": "Bob", "present": True, "away": False},
                     {"kind": "open"}, {"kind": "open"}]}

    def invitation(n: int, by: str = "Mal") -> dict:
        return {"table": f"{by}{n}", "title": "Overboss Duel", "started": False, "creator": by,
                "seats": [{**ann, "player": by}, invited]}

    joined = []
    app = lobby_app()
    app.decision_grace = 0.7
    app.remote = type("Remote", (), {"connected": True, "tables": [], "player": "Bob",
                                     "in_the_lobby": lambda self: None,
                                     "refresh": lambda self: None,
                                     "join": lambda self, t, s: joined.append(t)})()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show([own], "Bob")
        await pilot.pause()
        lobby.show([own, invitation(1)], "Bob")  # Mal's first: it takes the highlight
        await pilot.pause()
        assert lobby._highlighted()["table"] == "Mal1"
        await pilot.press("enter")  # within the grace: nobody sits down
        await pilot.pause()
        assert joined == []
        assert any("Enter waits" in n.message for n in app._notifications)
        clock[0] += 1.0
        await pilot.press("enter")  # past it: Enter sits Bob down as ever
        await pilot.pause()
        assert joined == ["Mal1"]
        lobby.query_one(DataTable).move_cursor(row=0)  # Bob goes back to his own table
        await pilot.pause()
        for n in range(2, 12):  # Mal churns: withdrawn, set up again, a few a second
            clock[0] += 0.3
            lobby.show([own, invitation(n)], "Bob")
            await pilot.pause()
            assert lobby._highlighted()["table"] == "own", n
        clock[0] += lobby_module.CHOSEN_SECONDS  # Bob idle: still only one of Mal's a while
        lobby.show([own, invitation(20)], "Bob")
        await pilot.pause()
        assert lobby._highlighted()["table"] == "own"
        lobby.show([own, invitation(21), invitation(1, by="Ann")], "Bob")  # another inviter's
        await pilot.pause()
        assert lobby._highlighted()["table"] == "Ann1"
        clock[0] += lobby_module.INVITER_PULL_SECONDS
        lobby.query_one(DataTable).move_cursor(row=0)
        await pilot.pause()
        clock[0] += lobby_module.CHOSEN_SECONDS
        lobby.show([own, invitation(30)], "Bob")  # a minute on, Mal's new one is told again
        await pilot.pause()
        assert lobby._highlighted()["table"] == "Mal30"


async def test_a_six_seat_table_leaves_the_now_column_in_sight_at_80_columns():
    """A six-knight Boss Quest's seats are longer than 80 columns: they go
    on two lines, broken between seats, and every table's Now stays on
    screen (it was pushed past the right edge, for every row)."""
    from tests.screen_kit import screen_text

    def person(name: str, present: bool = False) -> dict:
        return {"kind": "reserved", "player": name, "present": present, "away": False}

    bot = {"kind": "bot", "level": "normal"}
    quest = {"table": "q", "title": "Boss Quest", "started": False, "creator": "ann",
             "seats": [person("ann", True), person("bob"), person("catherine"),
                       person("dan"), bot, bot]}
    duel = {"table": "d", "title": "Overboss Duel", "started": True,
            "seats": [person("cat", True), person("dan", True)],
            "play": {"finished": False, "to_act": [0], "moves": 9}}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show([duel, quest], "ann")
        await pilot.pause()
        text = screen_text(app)
        assert "cat to play" in text and "waiting for 3" in text
        # (its two bots said once there: "2 bots (normal)", CHANGELOG)
        for seat in ("ann (you)", "bob (invited)", "catherine (invited)", "dan (invited)",
                     "2 bots (normal)"):
            assert seat in text
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines())
        await pilot.resize_terminal(160, 48)  # room for one line again
        await pilot.pause()
        text = screen_text(app)
        assert "dan (invited), bot (normal), bot (normal)" in text and "waiting for 3" in text


async def test_the_lobby_stands_up_and_withdraws_a_table_before_its_match(shared_hub):
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen

        def hint() -> str:
            return str(lobby.query_one("#lobby-hint").render())

        # Bob's table keeps a seat for Ann: she may decline it
        bob = await Player.connect(path, "Bob")
        bobs = await sits_at_a_new_table(bob, "overboss-duel",
                                         [{"player": "Bob"}, {"player": "Ann"}])
        await wait_for(pilot, lambda: "kept for you" in hint())
        await pilot.press("x")
        await wait_for(pilot, lambda: [s["kind"] for t in app.remote.tables
                                       for s in t["seats"] if t["table"] == bobs] == [
            "reserved", "open"])
        # Ann's own table: x asks, then withdraws it
        app.new_match("overseers", [app.seat("Ann", "human"), app.seat("", "human"),
                                    app.seat("", "human")])
        await wait_for(pilot, lambda: len(hub.tables) == 2)
        mine = next(t for t in hub.tables if t != bobs)
        cyd = await Player.connect(path, "Cyd")  # sits down at Ann's table
        await cyd.send({"join": {"table": mine, "seat": 1}})
        await cyd.expect("joined")
        await wait_for(pilot, lambda: len(app.remote.tables) == 2)
        row = next(i for i, t in enumerate(app.remote.tables) if t["table"] == mine)
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.screen.query_one("#lobby-tables").move_cursor(row=row)
        await wait_for(pilot, lambda: "withdraw the table" in hint())
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)  # are you sure?
        await pilot.press("escape")  # no: kept
        await wait_for(pilot, lambda: app.screen is lobby)
        assert mine in hub.tables
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("y")
        await wait_for(pilot, lambda: mine not in hub.tables)
        await wait_for(pilot, lambda: [t["table"] for t in app.remote.tables] == [bobs])
        chat = (await cyd.expect("chat"))["chat"]  # Cyd reads why her table went
        assert chat == {"table": mine, "from": "Ann", "text": "I withdrew this table.",
                        "moves": 0}  # (not begun)
        await pilot.pause(0.1)
        await bob.close()
        await cyd.close()


async def test_withdrawing_tables_in_a_row_says_nothing_of_chat(shared_hub):
    """A play-test withdrew ten tables, x y every 0.4 s, and from the
    ninth read "Slow down: a few chat lines every ten seconds. Your line
    is kept", having written no line: the app said "I withdrew this
    table." in each one's chat, as the player's line, paced as hers. The
    hub says it now (host/hub.py `WITHDRAWN`); every table goes, unsaid."""
    from host.messages import CHAT_BURST, Pace

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen
        for _ in range(CHAT_BURST + 2):
            app.new_match("overseers", [app.seat("Ann", "human"), app.seat("", "human"),
                                        app.seat("", "human")])
            await wait_for(pilot, lambda: len(app.remote.tables) == 1 and app.screen is lobby)
            await pilot.press("x")
            await wait_for(pilot, lambda: app.screen is not lobby)  # are you sure?
            await pilot.press("y")
            await wait_for(pilot, lambda: not hub.tables and not app.remote.tables)
        assert not any("chat" in n.message or "Slow down" in n.message
                       for n in app._notifications), [n.message for n in app._notifications]
        # past the pace of withdrawals, the refusal says so, in the hub's words
        app.new_match("overseers", [app.seat("Ann", "human"), app.seat("", "human"),
                                    app.seat("", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 1 and app.screen is lobby)
        hub.table_pace = Pace(1, 0.001)
        hub.table_pace.allow("Ann")  # (the bucket is empty)
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("y")
        await wait_for(pilot, lambda: any(n.message.startswith(
            "Slow down: tables set up, withdrawn or cleared too often") for n in app._notifications))
        assert not any("chat" in n.message for n in app._notifications)
        assert len(hub.tables) == 1


async def test_a_match_that_begins_while_its_creator_waits_says_so_and_holds_the_keys(
        shared_hub):
    """A play-test's creator, waiting in the lobby, was moved into the
    match with no words as the last invitee sat down; the Enter guard held
    a stray Enter, but a number key would have drafted at once. A notice
    says the match began, and the choice keys (Enter, the numbers) wait
    the app's `decision_grace` after that switch, saying why."""
    from tui.screens.game import OPENED_WAITS

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        app.decision_grace = 30.0  # (a slow machine's pauses stay within it)
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "human")])
        await wait_for(pilot, lambda: [s.get("present") for t in app.remote.tables
                                       for s in t["seats"]] == [True, False])
        (table,) = hub.tables
        bob = await Player.connect(path, "Bob")
        await bob.send({"join": {"table": table, "seat": 1}})
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.screen.update is not None)
        assert any(n.message == "Everyone has sat down: your match at Overboss Duel with Bob "
                   "begins." for n in app._notifications), [n.message for n in app._notifications]
        moves = len(hub.tables[table].session.match.history)
        for key in ("1", "enter"):
            await pilot.press(key)
        await wait_for(pilot, lambda: any(n.message == OPENED_WAITS for n in app._notifications))
        await pilot.pause(0.1)
        assert len(hub.tables[table].session.match.history) == moves  # nothing was sent
        await bob.close()


async def test_the_lobby_shows_names_and_titles_as_they_are_never_as_markup():
    from textual.widgets import DataTable

    seats = [{"kind": "reserved", "player": name, "present": True, "away": False}
             for name in ("[/]", "[b]Bob")]
    listing = [{"title": "[/]Overseers", "seats": seats, "started": False, "play": None}]
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show(listing, "Ann")
        await pilot.pause()
        row = app.screen.query_one(DataTable).get_row_at(0)
        assert [str(c) for c in row[:2]] == ["[/]Overseers", "[/], [b]Bob"]
        # each column as wide as its text (a Content cell measured one cell)
        grid = app.screen.query_one(DataTable)
        assert grid.ordered_columns[1].content_width >= len("[/], [b]Bob")
    assert app.return_code in (0, None)


async def test_chat_at_a_table_whose_screen_is_closed_is_a_notice_not_an_error(shared_hub):
    """Home (or Rematch) from an Overseers table closes its screen; a line
    said at that table afterwards (the others' "Rematch?") is a notice in
    the lobby. It was drawn into the closed screen's talk panel, and the
    player read "A message from the hub could not be shown (NoMatches ...)"."""

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        # Ann keeps a card; then nothing changes at the table until Bob keeps one
        await wait_for(pilot, lambda: bool(screen.update and screen.update.legal))
        screen.play(screen.update.legal[0])
        await wait_for(pilot, lambda: not screen.update.legal)
        app.go_home()  # as Home and Rematch on the results do: the seat is not left
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await bob.send({"chat": {"table": table, "text": "Rematch?"}})
        await wait_for(pilot, lambda: any("Bob: Rematch?" in str(n.message)
                                          for n in app._notifications))
        await pilot.pause(0.1)
        assert not [n.message for n in app._notifications if n.severity == "error"]
        await bob.close()


async def test_a_name_typed_in_a_bot_seat_makes_it_a_persons(shared_hub):
    """The new-table form: a name typed in a seat left on "Bot: normal" was
    dropped (the hub names its bots) and the match began against a bot.
    Typing the name makes the seat a person's, kept for that player; a
    seat put back on a bot with a name in it is refused with the reason."""
    from textual.widgets import Input, Select

    from tui.screens.lobby import SharedTableScreen
    from tui.screens.new_match import HUMAN

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SharedTableScreen))
        await wait_for(pilot, lambda: bool(app.screen.query("#away-bot")))
        form = app.screen
        kind = form.query_one("#kind-1", Select)
        bot = next(v for _, v in kind._options if v != HUMAN)
        kind.value = bot  # as the form starts with Boss Quest: "Bot: normal"
        await pilot.pause()
        form.query_one("#name-1", Input).focus()
        await pilot.press(*"Bob")
        await wait_for(pilot, lambda: kind.value == HUMAN)
        assert [(p.name, p.kind) for p in form.read_players()][1] == ("Bob", "human")
        kind.value = bot
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: any("Seat 2 is a bot" in str(n.message)
                                          for n in app._notifications))
        assert app.screen is form and not hub.tables


async def test_the_lobby_says_the_highlighted_tables_options_and_away_choice(shared_hub):
    """Play-test: Bob, invited to Ann's Overseers, read only "Overseers  Ann,
    Bob (invited), open  waiting for 2": nothing said it was the Draft
    variant, or that a bot plays for an away player after 30 s. The lobby
    says both of the highlighted table, at 80x24."""
    hub, path = shared_hub
    ann = await Player.connect(path, "Ann")
    await ann.send({"create": {"game": "overseers", "options": {"alternate_draft": True},
                               "seats": [{"player": "Ann"}, {"player": "Bob"}, "open"],
                               "away_bot": 30}})
    draft = (await ann.expect("created"))["created"]["table"]
    await ann.send({"create": {"game": "overboss-duel", "seats": [{"player": "Ann"}, "open"]}})
    await ann.expect("created")
    app = JoinApp(path, "Bob", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(app.remote.tables) == 2)
        await pilot.pause(0.1)
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)

        def detail() -> str:
            return str(lobby.query_one("#lobby-detail").render())

        # (the table kept for Bob is highlighted)
        assert lobby._highlighted()["table"] == draft
        assert detail() == "Overseers: Draft variant · When away: a bot plays after 30 s"
        assert "Draft variant" in screen_kit.screen_text(app)
        tables = lobby.query_one("#lobby-tables")
        tables.focus()  # (the keys are the list's: a busy machine saw one land elsewhere)
        for _ in range(5):  # (a lobby listing that came late may move the cursor back)
            await pilot.press("down" if tables.cursor_row == 0 else "up")
            await pilot.pause(0.3)
            if "Overboss" in detail():
                break
        await wait_for(pilot, lambda: "Overboss" in detail())
        assert detail() == ("Overboss Duel: the rulebook's standard game · "
                            "When away: the match waits")
    await ann.close()


async def test_back_with_two_tables_the_turn_notice_names_the_covered_one(shared_hub):
    """Ann connects again with three matches going on: her turn at Overseers
    and Overstocked, Bob's at an Overboss Duel. Each screen opened in turn,
    the duel's last; the "Your turn." said for each as it opened then stood
    over the duel, which waits for Bob. She is back at the duel only (the
    table she sat down at last: the others held under it read present to
    everyone), and the notices name the tables the turn is at, and how to
    get there. Home leaves the duel; the others' seats were never held."""
    from tui.screens.game import GameScreen

    hub, path = shared_hub
    terminals = [await Player.connect(path, "Ann") for _ in range(3)]  # one a table
    ann = terminals[0]
    bob = await Player.connect(path, "Bob")
    overseers = await sits_at_a_new_table(ann, "overseers", [{"player": "Ann"}, {"bot": "random"},
                                                             {"bot": "random"}])
    await ann.expect("update")
    ann = terminals[1]
    overstocked = await sits_at_a_new_table(ann, "overstocked",
                                            [{"player": "Ann"}, {"bot": "random"}])
    await ann.expect("update")
    ann = terminals[2]
    duel = await sits_at_a_new_table(bob, "overboss-duel", [{"player": "Bob"}, {"player": "Ann"}])
    await ann.send({"join": {"table": duel, "seat": 1}})
    await ann.expect("update")
    for terminal in terminals:
        await terminal.close()
    await asyncio.sleep(0.2)

    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: len(app.remote.screens) == 1
                       and all(s.update is not None for s in app.remote.screens.values()))
        # (the notices come with the lobby's listing: waited for, on a busy machine)
        await wait_for(pilot, lambda: len(app._notifications) >= 2)
        await pilot.pause(0.3)
        top = app.screen
        assert isinstance(top, GameScreen) and top is app.remote.screens[duel]
        assert not top.update.legal  # Bob's turn there
        for other in (overseers, overstocked):  # away, as everyone sees her
            assert hub.tables[other].session.holder_of(0) is None
        notices = sorted(str(n.message) for n in app._notifications)
        # each table once, by its game and who else sits there (bots counted)
        by_lobby = ["Overseers with 2 bots (random)", "Overstocked with bot (random)"]
        assert notices == [f"Your turn at {words}: q for the lobby, then Enter on it."
                           for words in by_lobby]
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await wait_for(pilot, lambda: hub.tables[duel].session.holder_of(1) is None)
        assert not app.remote.screens
    await bob.close()


async def test_w_on_a_table_where_you_have_a_seat_says_enter_takes_it(shared_hub):
    """Away from a match (q), w on its table in the lobby showed Ann her own
    match as a spectator, "Ann's (away) turn", with nothing saying the seat
    was hers. The lobby says Enter sits her down, and watches nothing."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await wait_for(pilot, lambda: any(s.get("away") for t in app.remote.tables
                                          for s in t["seats"]))
        await pilot.press("w")
        await wait_for(pilot, lambda: any("Enter sits you down there" in str(n.message)
                                          for n in app._notifications))
        await pilot.pause(0.3)
        assert isinstance(app.screen, LobbyScreen) and not app.remote.screens
        await pilot.press("enter")  # and Enter does
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        assert app.screen.update.seat == 0


async def _overseers_with_bob(app, pilot, path):
    """Ann sets up Overseers with Bob (a second client) and a bot; Bob sits
    down. Returns Bob, the table's id and Ann's game screen."""
    from tui.screens.overseers import OverseersScreen

    await wait_for(pilot, lambda: app.remote.connected)
    app.new_match("overseers", [app.seat("Ann", "human"), app.seat("Bob", "human"),
                                app.seat("C", "bot", "random")])
    bob = await Player.connect(path, "Bob")
    while not (lobby := (await bob.expect("lobby"))["lobby"]):
        pass
    table = lobby[0]["table"]
    await bob.send({"join": {"table": table, "seat": 1}})
    await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
    return bob, table, app.screen


async def test_a_take_back_at_a_shared_table_is_told_to_the_others(shared_hub):
    """Play-test (Overseers, each at their own terminal): a pick taken back
    (the draft's last, its Placement undone) changed the others' tables with
    no word; only the one who took it back read "Taken back: you keep …".
    Here Bob's pick before Ann has made hers (a bot's pick would follow the
    turn's last at once, past which nothing is taken back). The others are
    told who took back their last move, in the words of their own log
    (never the card kept), and their log no longer has the pick."""
    _, path = shared_hub
    wire = codec(GAMES["overseers"])
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        bob, table, screen = await _overseers_with_bob(app, pilot, path)
        await wait_for(pilot, lambda: screen.update is not None and bool(screen.update.legal)
                       and 2 not in screen.update.to_act)  # the bot has picked

        async def bobs_update(condition) -> Any:
            while True:
                message = await bob.expect("update")
                update = wire.update_from_dict(message["update"])
                if condition(update):
                    return update

        mine = await bobs_update(lambda u: bool(u.legal) and u.seq >= screen.update.seq)
        await bob.send({"command": wire.command_dict(SeatCommand.play(1, mine.legal[0], mine.seq)),
                        "table": table})
        picked = await bobs_update(lambda u: u.can_undo)  # Ann has not picked yet
        await wait_for(pilot, lambda: screen.update.seq == picked.seq)
        bobs_pick = next(line for line in screen.update.log if line.startswith("Bob keeps"))
        await bob.send({"command": wire.command_dict(SeatCommand.undo(1, picked.seq)),
                        "table": table})
        await wait_for(pilot, lambda: any(n.startswith("Taken back by Bob") for n in said))
        [told] = [n for n in said if n.startswith("Taken back")]  # never Ann's "Taken back:"
        assert told == f"Taken back by Bob: {bobs_pick.split('. ')[0].rstrip('.')}.", said
        assert "(pick 1)" in told and bobs_pick not in screen.update.log
        await bob.close()


async def bob_says(pilot, bob, table, screen, text: str) -> None:
    """Bob (a client of the hub) says `text` at `table`; Ann's Overseers
    screen has it in its table talk."""
    await bob.send({"chat": {"table": table, "text": text}})
    await wait_for(pilot, lambda: f"Bob: {text}" in screen.notes)


async def test_the_turn_coming_back_lights_the_prompt_not_a_notice_over_the_table(
        shared_hub, monkeypatch):
    """Over SSH at 80x24 the "Your turn." notice, for a player back at the
    keys after a pause, covered the top right of the table (the recap's
    first lines, the spells) for 3 s. The table's own prompt, which says
    what to decide, stands out a moment instead: nothing is covered, and
    the table reads the same with it as without."""
    from tests.screen_kit import screen_text
    from tui import remote
    from tui.screens import game

    monkeypatch.setattr(remote, "AT_THE_KEYBOARD_SECONDS", 0.0)  # every turn: after a pause
    monkeypatch.setattr(game, "TURN_SECONDS", 0.5)
    hub, path = shared_hub
    wire = codec(GAMES["overboss-duel"])
    rng = random.Random(4)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        bob, _ = await bob_sits_at_anns_duel(pilot, app, path)
        screen = app.screen
        prompt = screen.query_one(f"#{screen.prompt_id}")
        came_back = 0
        for _ in range(2000):
            await pilot.pause(0.005)
            update = screen.update
            if update is not None and update.legal and update.outcome is None:
                if prompt.has_class("-your-turn"):
                    came_back += 1
                    assert not [n for n in app._notifications if "Your turn" in str(n.message)]
                    await pilot.pause()  # settled: the focus goes to the market as it comes
                    lit = screen_text(app)
                    await asyncio.sleep(0.6)
                    await pilot.pause()
                    assert not prompt.has_class("-your-turn")  # a moment, then as before
                    assert screen_text(app) == lit  # nothing was over the table
                    if came_back == 2:
                        break
                screen.play(rng.choice(update.legal))
            await bob_plays_his_turn(bob, wire, rng)
        assert came_back == 2


async def test_the_now_column_stays_in_sight_when_a_tables_seats_wrap_later():
    """A table's seats first fit on one line (a short Now), then its Now
    grows ("waiting: ann away (a bot plays after 30 s)") and the seats wrap:
    the Seats column narrows again. (It kept its widest width, and the
    Now column went past the right edge at 80 columns.)"""
    from tests.screen_kit import screen_text

    def person(name: str, present: bool = True, away: bool = False) -> dict:
        return {"kind": "reserved", "player": name, "present": present, "away": away}

    def duel(started: bool) -> dict:
        seats = [person("ann", away=started), person("catherine", present=started)]
        table = {"table": "d", "title": "Overboss Duel", "started": started,
                 "creator": "ann", "seats": seats, "away_bot": 30.0}
        if started:
            table["play"] = {"finished": False, "to_act": [0], "moves": 9}
        return table

    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show([duel(False)], "ann")
        await pilot.pause()
        assert "ann (you), catherine (invited)" in screen_text(app)
        lobby.show([duel(True)], "ann")
        await pilot.pause()
        text = screen_text(app)
        # (said shorter in the Now column, on the row's one line: it wrapped
        # there, "your turn (a bot plays for you after / 30 s)")
        assert "ann (you, away), catherine  your turn (bot after 30 s)" in text, text
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines())


async def test_a_seat_too_long_to_break_leaves_the_now_column_in_sight():
    """Review (2026-12-04): "bob (away — bot playing)" cannot be broken,
    and beside "waiting: ann away (a bot plays after 30 s)" the Now column
    went past the right edge at 80 columns ("…plays after", its end out of
    sight). The Now column wraps too."""
    from tests.screen_kit import screen_text

    seats = [{"kind": "reserved", "player": "bob", "present": True, "away": True,
              "bot_playing": True},
             {"kind": "reserved", "player": "ann", "present": True, "away": True},
             {"kind": "reserved", "player": "cy", "present": True, "away": False}]
    table = {"table": "d", "title": "Overboss Duel", "started": True, "creator": "bob",
             "seats": seats, "away_bot": 30.0,
             "play": {"finished": False, "to_act": [1], "moves": 9}}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([table], "ann")
        await pilot.pause()
        text = screen_text(app)
        assert "30 s)" in text and "bob (away — bot playing)" in text
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines())


async def test_the_lobby_help_says_what_enter_does_there():
    """F1 in the lobby: Enter sits you down (a match that is over: its
    results), in words; it read "Select", the table widget's own word,
    and Left / Right arrow "Cursor left / right", which do nothing on a
    list of rows."""
    from tui.screens.help import screen_keys

    ann = {"kind": "reserved", "player": "ann", "present": True, "away": False}
    duel = {"table": "d", "title": "Overboss Duel", "started": True, "seats": [ann],
            "play": {"finished": False, "to_act": [0], "moves": 9}}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([duel], "ann")
        await pilot.pause()
        keys = dict(screen_keys(app.screen))
        assert keys["Enter"].startswith("Sit down at the highlighted table")
        assert "Select" not in keys.values()
        assert not any("Left" in key or "Right" in key for key in keys)


async def test_the_lobby_help_lists_x_and_every_key_of_its_footer(shared_hub):
    """A play-test's F1 in the lobby, at another player's table, listed no
    x (withdraw, decline, leave for good, clear), which the footer and
    README name: the footer leaves x out where it does nothing, and F1
    listed only the footer's keys of the moment. F1 lists the lobby's x
    and w always, and every key its footer shows."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob = await Player.connect(path, "Bob")
        await sits_at_a_new_table(bob, "overboss-duel", [{"player": "Bob"}, "open"])
        await wait_for(pilot, lambda: len(app.remote.tables) == 1)
        lobby = app.screen
        assert "x" not in lobby.active_bindings  # not Ann's table: off the footer
        footer = [key for key, active in lobby.active_bindings.items() if active.binding.show]
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        grid = app.screen.query_one("#help-keys", DataTable)
        rows = {str(grid.get_row_at(i)[0]): str(grid.get_row_at(i)[1]).replace("\n", " ")
                for i in range(grid.row_count)}
        for way in ("stand up", "decline", "withdraw", "leave it for good", "clear it"):
            assert way in rows["x"], rows["x"]
        keys = [k for listed in rows for k in listed.split(" / ")]
        said = {"f1": "F1", "f2": "F2", "enter": "Enter"}
        assert all(said.get(key, key) in keys for key in footer), (footer, keys)
        await bob.close()


async def test_a_chat_line_sent_too_soon_stays_in_its_field(shared_hub):
    """Past the hub's pace of chat lines (a few every ten seconds), the
    line is not sent and stays typed, with a notice that says why and
    that Enter sends it later: the field was cleared, then the hub
    refused the line, and it was lost."""

    from host.messages import CHAT_BURST

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        field = await open_chat(pilot, app)
        for n in range(CHAT_BURST):
            field.value = f"line {n}"
            await pilot.press("enter")
            assert field.value == ""
        field.value = "one line too many, typed with care"
        await pilot.press("enter")
        assert field.value == "one line too many, typed with care"
        assert any("Your line is kept" in n.message for n in app._notifications)
        await wait_for(pilot, lambda: len(app.screen.lines) == CHAT_BURST)
        await pilot.pause(0.2)
        assert not any("Slow down" in n.message and "kept" not in n.message
                       for n in app._notifications)  # the hub refused nothing


async def test_a_chat_line_with_piled_accents_stays_in_its_field(shared_hub):
    """A line with more accents on a letter than the hub takes (150 on one
    covered the lines around it) is not sent: it stays typed, to be
    mended, with a notice that says why; two on a letter go."""
    from host.messages import PILED_MARKS

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        field = await open_chat(pilot, app)
        field.value = "hi z" + "\u0301" * 150
        await pilot.press("enter")
        assert field.value == "hi z" + "\u0301" * 150
        assert any(PILED_MARKS in n.message and "Your line is kept" in n.message
                   for n in app._notifications)
        field.value = "Nguyễn"
        await pilot.press("enter")
        assert field.value == ""
        await wait_for(pilot, lambda: len(app.screen.lines) == 1)


async def test_the_shared_tables_palette_offers_no_screenshot(shared_hub):
    """Over SSH, Textual's Screenshot would save a file on the host, never
    where the player is (it said "Failed to save screenshot"): the palette
    of the shared tables leaves it out, as the others but the theme picker."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Screenshot" not in titles
        assert titles == ["Theme picker"]


async def test_at_a_shared_table_q_says_it_leads_to_the_lobby(shared_hub):
    """A player over SSH has no home screen: the footer's q at a shared
    table, and the results' key and button, say Lobby, where they lead
    (they said Home). On the results it is q, as at the table and in the
    final table's prompt (review: the footer said h, the prompt q)."""
    from textual.widgets import Button, DataTable

    from tui.screens.help import HelpScreen
    from tui.widgets.footer import Footer

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, _ = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        assert app.screen.active_bindings["q"].binding.description == "Lobby"
        await play_to_the_results(pilot, app, bob, random.Random(3))
        await pilot.pause(0.2)
        assert app.screen.active_bindings["q"].binding.description == "Lobby"
        assert ("q", "Lobby", True) in app.screen.query_one(Footer).shown
        assert not [k for k in app.screen.query_one(Footer).shown if k[0] == "h"]
        assert str(app.screen.query_one("#home", Button).label) == "Lobby (q)"
        # F1 names q for the lobby first, and no h: h (Home at one
        # terminal) is no key here (it listed "h / q / Escape / Backspace")
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        grid = app.screen.query_one("#help-keys", DataTable)
        rows = {str(grid.get_row_at(i)[1]).replace("\n", " "): str(grid.get_row_at(i)[0])
                for i in range(grid.row_count)}
        assert rows["Lobby"].startswith("q / ")
        assert not [keys for keys in rows.values() if "h" in keys.split(" / ")]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("h")
        await pilot.pause(0.2)
        assert isinstance(app.screen, ResultsScreen)
        await bob.close()


async def test_the_shared_tables_help_says_what_their_palette_and_quit_do(shared_hub):
    """F1 at the shared tables: Ctrl+P names their palette (a new table,
    the lobby, chat, the bell), not the home screen's (continue, saved
    matches), and Ctrl+Q says the seats wait."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        grid = app.screen.query_one("#help-keys", DataTable)
        rows = {str(grid.get_row_at(i)[0]): str(grid.get_row_at(i)[1]).replace("\n", " ")
                for i in range(grid.row_count)}
        assert "new table, lobby" in rows["Ctrl+P"] and "continue" not in rows["Ctrl+P"]
        assert "your seats wait" in rows["Ctrl+Q"]


async def test_a_chat_line_at_its_length_limit_says_so(shared_hub):
    """Typing past the chat's 200 characters brings a notice naming the
    limit, once for a run of keys: the field refused the rest with only
    the terminal's bell, easily missed over SSH."""


    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        field = await open_chat(pilot, app)
        field.value = "x" * 199
        field.cursor_position = 199
        await pilot.press("y")
        assert not any("at most" in n.message for n in app._notifications)
        await pilot.press("z", "z", "z")
        assert field.value == "x" * 199 + "y"
        said = [n.message for n in app._notifications if "at most" in n.message]
        assert said == ["A chat line is 200 characters at most: the rest did not go in."]
        # a paste too long keeps what fits (it put nothing in)
        field.value = "ab"
        field.cursor_position = 1
        field.post_message(events.Paste("é🐉" * 150))
        await pilot.pause()
        assert field.value == "a" + ("é🐉" * 150)[:198] + "b"


async def test_back_from_the_table_a_login_sat_you_at_the_lobby_highlights_it(shared_hub):
    """Connecting again puts the player back in their seat; leaving that
    table for the lobby highlights it (Enter returns there), as after
    sitting down from the lobby: the cursor was on the first table, an
    old match's results for Enter."""
    hub, path = shared_hub
    cyd = await Player.connect(path, "Cyd")
    await cyd.send({"create": {"game": "overboss-duel",
                               "seats": [{"player": "Cyd"}, {"bot": "random"}]}})
    await cyd.expect("created")
    ann = await Player.connect(path, "Ann")
    await ann.send({"create": {"game": "overboss-duel",
                               "seats": [{"player": "Ann"}, {"bot": "random"}]}})
    created = (await ann.expect("created"))["created"]
    await ann.send({"join": {"table": created["table"], "seat": 0}})
    await ann.expect("update")
    await ann.close()  # Ann's seat waits for her
    await cyd.close()
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.pause(0.2)
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and len(app.screen.listing) == 2)
        await pilot.pause(0.2)
        assert app.screen._highlighted()["table"] == created["table"]


async def test_the_new_table_form_says_table_in_the_lobbys_words(shared_hub):
    """The form `n` opens in the lobby sets up a table (the lobby's "New
    table"), whose match begins once everyone has sat down: its title, its
    start button and key, and its help said "New match" and "Start"."""
    from textual.widgets import Button, Static

    from tui.screens.help import HelpScreen, screen_keys
    from tui.screens.lobby import SharedTableScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        assert app.screen.active_bindings["n"].binding.description == "New table"
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SharedTableScreen))
        form = app.screen
        title = str(form.query_one("#new-title", Static).render())
        assert title.startswith("New table: ") and "match" not in title
        assert str(form.query_one("#start", Button).label) == "Set up (ctrl+s)"
        assert form.active_bindings["ctrl+s"].binding.description == "Set up"
        keys = dict((does, key) for key, does in screen_keys(form))
        assert keys.get("Set up the table in the lobby: its match begins once every "
                        "person has sat down") == "Ctrl+S"
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert str(app.screen.query_one("#help-title", Static).render()) == "Help: New table"


async def test_the_lobby_help_lists_what_its_keys_do_for_a_player(shared_hub):
    """F1 in the lobby listed the table widget's own keys (Home, End, Page
    Up, Page Down, Ctrl+Home, Ctrl+End: "Top", "Bottom", "Cursor up"),
    which mean little on a few tables: it lists what each lobby key does
    for a player, and the keys left out still work."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        for _ in range(3):
            app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "human")])
            await pilot.pause(0.3)
            app.go_home()
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await wait_for(pilot, lambda: app.screen.query_one(DataTable).row_count == 3)
        lobby = app.screen
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        grid = app.screen.query_one("#help-keys", DataTable)
        rows = [(str(grid.get_row_at(i)[0]).replace("\n", " "),
                 str(grid.get_row_at(i)[1]).replace("\n", " ")) for i in range(grid.row_count)]
        keys = dict(rows[:[key for key, _ in rows].index("")])  # above "Everywhere"
        assert set(keys) == {"Up / Down arrow", "Home / Ctrl+Home", "End / Ctrl+End", "Enter",
                             "w", "n", "r", "x", "q", "F2"}
        assert keys["Up / Down arrow"] == "Highlight another table"
        # Home and End go to the first and last table (they did nothing)
        assert keys.pop("Home / Ctrl+Home") == "Highlight the first table"
        assert keys.pop("End / Ctrl+End") == "Highlight the last table"
        assert keys["w"].startswith("Watch the match at the highlighted table")
        assert keys["n"].startswith("Set up a new table")
        assert "your seats wait" in keys["q"] and "lobby" in keys["F2"]
        for generic in ("Page", "Top", "Bottom", "Cursor"):
            assert not any(generic in key or generic in does for key, does in keys.items())
        # the keys left out of the help still work on the list
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
        grid = lobby.query_one(DataTable)
        await pilot.press("ctrl+home")
        assert grid.cursor_row == 0
        await pilot.press("ctrl+end")
        assert grid.cursor_row == 2
        await pilot.press("pageup")
        assert grid.cursor_row == 0
        await pilot.press("end")  # the last table, and back to the first
        assert grid.cursor_row == 2
        await pilot.press("home")
        assert grid.cursor_row == 0


async def test_behind_openssh_the_app_takes_the_hosts_enter_wait(tmp_path, monkeypatch):
    """`overtable hub` behind the system's OpenSSH: sshd starts `overtable
    join` without the hub's $OVERTABLE_ENTER_WAIT, which only `overtable
    host`'s own sessions were given (host/ssh.py `join_child`). The hub
    says it in its welcome, so both routes' apps wait the same: the value
    the front door puts in its sessions' environment."""
    from host.ssh import join_child
    from tui.app import DECISION_GRACE, decision_grace

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("OVERTABLE_ENTER_WAIT", "0.3")
    hub = Hub(tmp_path / "shared", bot_delay=0)  # started with the host's setting
    _, front_door = join_child(tmp_path / "run" / "hub.sock", None)("Ann", "xterm", {})
    monkeypatch.delenv("OVERTABLE_ENTER_WAIT")  # sshd's session has none
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        app = JoinApp(path, "Ann", theme_name="textual-dark", decision_grace=decision_grace())
        assert app.decision_grace == DECISION_GRACE
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.remote.connected and app.remote._welcomed)
            monkeypatch.setenv("OVERTABLE_ENTER_WAIT", front_door["OVERTABLE_ENTER_WAIT"])
            assert app.decision_grace == decision_grace() == 0.3
    finally:
        await hub.close()


async def test_a_hosts_enter_wait_the_app_refuses_is_said_and_left_out(tmp_path, monkeypatch):
    """A hub's setting out of bounds (or not a number) is not taken: the
    player reads why, and their app keeps its own wait."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0, settings={"OVERTABLE_ENTER_WAIT": "9"})
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        app = JoinApp(path, "Ann", theme_name="textual-dark", decision_grace=0.7)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.remote._welcomed)
            await pilot.pause(0.1)
            assert app.decision_grace == 0.7
            assert any("OVERTABLE_ENTER_WAIT was not taken" in n.message and "9" in n.message
                       for n in app._notifications)
    finally:
        await hub.close()


async def _bob_plays_until_anns_turn(bob, rng) -> None:
    """Bob answers his latest update at random until it is Ann's turn."""
    wire = codec(GAMES["overboss-duel"])
    for _ in range(200):
        messages = [m for m in await bob.until_quiet(0.2) if "update" in m]
        if not messages:
            continue
        message = messages[-1]
        theirs = wire.decode_update(json.dumps(message["update"]).encode())
        if not theirs.legal:
            if 0 in theirs.to_act:
                return
            continue
        command = wire.command_dict(SeatCommand.play(1, rng.choice(theirs.legal), theirs.seq))
        await bob.send({"command": command, "table": message["table"]})
    raise AssertionError("it never became Ann's turn")


async def test_a_turn_at_a_table_one_is_away_from_is_told_once(shared_hub):
    """Ann left her table for the lobby (q) while Bob played: when her turn
    came there she was told nothing (the table's screen tells her, with the
    bell she asked for, only while it is open). She is told in the lobby,
    once a turn, with the bell; and over another screen (the chat) too."""
    from textual.widgets import DataTable

    from host.messages import LEAVE

    hub, path = shared_hub
    app = JoinApp(path, "Ann", bell=True, theme_name="textual-dark")
    said = record_notices(app)
    rings: list[int] = []
    app.bell = lambda: rings.append(1)
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        screen = app.screen
        for chat in (False, True):
            # Ann plays until it is Bob's turn, then leaves for the lobby
            await wait_for(pilot, lambda s=screen: s.update is not None and bool(s.update.legal))
            while screen.update.legal:
                screen.play(rng.choice(screen.update.legal))
                await pilot.pause(0.05)
                await wait_for(pilot, lambda s=screen: s.update is not None and not app.remote._asked)
            app.remote.command(table["table"], SeatCommand(LEAVE, screen.update.seat))
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: app.screen.query_one(DataTable).row_count >= 1)
            if chat:
                await open_chat(pilot, app)
            app.clear_notifications()
            said.clear()
            rings.clear()
            await _bob_plays_until_anns_turn(bob, rng)
            where = ("Enter on it in the lobby sits you down" if chat
                     else "Enter on it sits you down")
            told = f"Your turn at Overboss Duel with Bob: {where}."
            await wait_for(pilot, lambda t=told: any(n.message == t for n in app._notifications))
            assert rings == [1]
            # another lobby (a table set up elsewhere): the same turn, not told again
            await bob.send({"create": {"game": "overseers", "seats": ["open"] * 3}})
            await wait_for(pilot, lambda c=chat: len(app.remote.tables) == 2 + c)
            await pilot.pause(0.2)
            assert said.count(told) == 1 and rings == [1]
            if chat:
                break
            # back at the table: its own screen says the turn, not the lobby
            # again, and the lobby's notice ("Enter on it sits you down") is
            # taken down (hostile-network review: it stood over the table)
            assert any(n.message == told for n in app._notifications)
            app.screen.query_one(DataTable).move_cursor(row=0)
            app.remote.join(table["table"], 0)
            await wait_for(pilot, lambda: app.screen is not None and app.screen.__class__.__name__
                           == "OverbossScreen")
            screen = app.screen
            await pilot.pause(0.2)
            assert not any(n.message.startswith("Your turn at") for n in app._notifications)
        await bob.close()


async def test_with_two_tables_open_the_one_on_top_is_the_table_on_screen(shared_hub):
    """Review: back with two matches going on, each screen opened over the
    last, and the first table in any order counted as the one on screen: r
    on the top one's results set up the other's table again (an Overboss
    Duel from Overseers' results), and F2 opened the other's chat."""
    from tui.screens.chat import ChatScreen

    hub, path = shared_hub
    terminals = []
    tables = {}
    for game, seats in (("overseers", [{"player": "Ann"}, {"bot": "random"}, {"bot": "random"}]),
                        ("overboss-duel", [{"player": "Ann"}, {"bot": "random"}])):
        ann = await Player.connect(path, "Ann")  # a terminal a table
        terminals.append(ann)
        tables[game] = await sits_at_a_new_table(ann, game, seats)
        while (await ann.expect("update"))["table"] != tables[game]:
            pass
    for ann in terminals:
        await ann.close()  # her connections end, at both tables
    await asyncio.sleep(0.2)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(160, 45)) as pilot:
        # (connecting again brings her back to one: a hub seats her at the other)
        await wait_for(pilot, lambda: len(app.remote.screens) == 1)
        (client,) = [c for c in hub.clients if c.player == "Ann"]
        (back,) = app.remote.screens
        other = next(t for t in tables.values() if t != back)
        hub.sit(client, hub.tables[other], 0)
        await wait_for(pilot, lambda: len(app.remote.screens) == 2
                       and all(s.update is not None for s in app.remote.screens.values()))
        await pilot.pause(0.3)
        on_top = next(t for t, s in app.remote.screens.items() if s is app.screen)
        assert app.remote.table_on_screen() == on_top
        game = next(g for g, t in tables.items() if t == on_top)
        assert app.rematch_request(app.remote.table_on_screen())["game"] == game
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
        assert app.screen.where_id == on_top


async def test_back_after_a_dropped_connection_a_table_left_for_the_lobby_stays_left(shared_hub):
    """Review: Ann left her duel with Bob (q), played a bot and her
    connection dropped. Connecting again sat her at the duel too, under the
    bot's table: Bob saw her there (not away), her turn at the duel was
    never told, and r on the bot match's results set up the old duel again.
    She is back at the table she was at when the connection ended, and
    only there."""
    from tui.screens.game import GameScreen

    hub, path = shared_hub
    first = JoinApp(path, "Ann", theme_name="textual-dark")
    rng = random.Random(4)
    async with first.run_test(size=(160, 45)) as pilot:
        await wait_for(pilot, lambda: isinstance(first.screen, LobbyScreen)
                       and first.remote.connected)
        bob, duel = await bob_sits_at_anns_duel(pilot, first, path)
        duel = duel["table"]
        screen = first.screen
        await wait_for(pilot, lambda: screen.update is not None and bool(screen.update.legal))
        while screen.update.legal:  # Ann plays until it is Bob's turn, then q
            screen.play(rng.choice(screen.update.legal))
            await pilot.pause(0.05)
            await wait_for(pilot, lambda: not first.remote._asked)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(first.screen, LobbyScreen))
        first.new_match("overboss-duel", [first.seat("Ann", "human"),
                                          first.seat("Bot", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(first.screen, OverbossScreen)
                       and first.remote.table_on_screen() not in (None, duel))
        with_bot = first.remote.table_on_screen()
        await wait_for(pilot, lambda: first.screen.update is not None)
        await pilot.pause(0.2)  # its screen done mounting before the app closes
        first.remote.close()  # the connection drops
    await asyncio.sleep(0.2)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(160, 45)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen)
                       and app.remote.table_on_screen() == with_bot)
        await pilot.pause(0.3)
        assert list(app.remote.screens) == [with_bot]
        assert hub.tables[duel].session.holder_of(0) is None  # away, as Bob sees her
        app.clear_notifications()
        await _bob_plays_until_anns_turn(bob, rng)
        told = "Your turn at Overboss Duel with Bob: q for the lobby, then Enter on it."
        await wait_for(pilot, lambda: any(n.message == told for n in app._notifications))
        assert app.rematch_request(app.remote.table_on_screen())["seats"] == [
            {"player": "Ann"}, {"bot": "random"}]
        await bob.close()


async def test_r_in_the_help_opens_the_rules_at_a_shared_table(shared_hub):
    """Review: at a shared table, as a player or watching, F1 named no
    rules and its r did nothing (the app found no game on screen: the
    match is not the app's own table); the palette's Rules worked."""
    from textual.widgets import Static

    from tui.screens.help import HelpScreen
    from tui.screens.rules import RulesScreen

    hub, path = shared_hub
    bob = await Player.connect(path, "Bob")
    watched = await sits_at_a_new_table(bob, "overseers", [{"player": "Bob"}, {"bot": "random"},
                                                           {"bot": "random"}])
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(160, 45)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bot", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        for game, title in (("overboss-duel", "Overboss Duel"), ("overseers", "Overseers")):
            table = app.screen
            await pilot.press("f1")
            await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
            hint = str(app.screen.query_one("#help-hint", Static).render())
            assert f"r: the rules of {title}" in hint
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            assert app.screen.game_id == game
            await pilot.press("escape")
            await wait_for(pilot, lambda t=table: app.screen is t)
            if game == "overseers":
                break
            await pilot.press("q")  # to the lobby, then watching Bob's table
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            app.remote.watch(watched)
            await wait_for(pilot, lambda: app.remote.table_on_screen() == watched
                           and app.screen is app.remote.screens[watched])
        await bob.close()


async def test_the_lobby_hint_on_a_full_table_says_w_watches_it():
    """Review: on a table with no free seat and none of yours the hint said
    "Enter: sit down at the highlighted table", and Enter then said no seat
    is free. A table with a free seat, or yours, still says Enter."""
    from textual.widgets import DataTable, Static

    def seat(player, present=True, away=False):
        return {"kind": "reserved", "player": player, "present": present, "away": away}

    full = {"table": "f", "title": "Overboss Duel", "started": True,
            "seats": [seat("bob"), seat("cid")],
            "play": {"finished": False, "to_act": [0], "moves": 9}}
    # (away: held by none of her terminals; held, it is open at another)
    mine = dict(full, table="m", seats=[seat("bob"), seat("ann", False, True)])
    free = dict(full, table="o", started=False, play=None,
                seats=[seat("bob"), {"kind": "open", "player": None}])
    # review (2026-12-04): her own away seat, the first, read "No seat is free"
    first = dict(full, table="a", seats=[seat("ann", False, True), seat("bob")])
    app = lobby_app()
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        app.screen.show([full, mine, free, first], "ann")
        hints = []
        for row in range(4):
            app.screen.query_one(DataTable).move_cursor(row=row)
            await pilot.pause()
            hints.append(str(app.screen.query_one("#lobby-hint", Static).render()))
        assert hints[0].startswith("No seat is free here · w: watch")
        assert "Enter: sit down" not in hints[0]
        assert hints[1].startswith("Enter: back to your seat")
        assert hints[2].startswith("Enter: sit down")
        assert hints[3].startswith("Enter: back to your seat")


async def test_q_in_the_lobby_asks_before_leaving_the_shared_tables(shared_hub):
    """Tried as a new player would: at a table q leads to the lobby, and q
    once more there ended the SSH session at once. The lobby asks first,
    saying the seats wait; n stays, y leaves (the connection closed)."""
    from tests.screen_kit import screen_text
    from tui.screens.confirm import ConfirmScreen

    _, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.remote.connected and isinstance(app.screen, LobbyScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        text = screen_text(app)
        assert "Leave the shared tables?" in text and "Your seats wait for you" in text
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.remote.connected and app.return_code is None
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: app.return_code is not None)
        assert not app.remote.connected


async def test_back_at_the_table_the_recap_starts_at_your_last_move(shared_hub, monkeypatch):
    """Review (2026-12-05): Bob left his duel for the lobby (q) after his
    move; Ann played, and the table's bot played his turn for him. Back at
    his seat, "Since your last move" began at his return: Ann's moves and
    his bot's were not in it. It holds everything since his own last move,
    the bot's moves as "Your bot: ...", as when he stays at the table."""
    from core.engine import CHANCE
    from host.messages import LEAVE
    from tui.widgets.since import SinceLog

    hub, path = shared_hub
    game = GAMES["overboss-duel"]
    wire = codec(game)
    monkeypatch.setattr("host.hub.MIN_AWAY_BOT", 0.01)  # (a blink, not 1 s)
    ann = await Player.connect(path, "ann")
    table = await sits_at_a_new_table(ann, game.id, ["open", {"player": "Bob"}], away_bot=0.05)
    rng = random.Random(6)

    async def ann_plays_until(pilot, done) -> None:
        """Ann answers her newest update at random until `done()`."""
        latest = None
        for _ in range(500):
            if done():
                return
            for message in await ann.until_quiet(0.05):
                if "update" in message:
                    latest = wire.update_from_dict(message["update"])
            if latest is not None and latest.legal and latest.seq == session.seq:
                await ann.send({"table": table, "command": wire.command_dict(
                    SeatCommand.play(0, rng.choice(latest.legal), latest.seq))})
                latest = None
        raise AssertionError("never came")

    app = JoinApp(path, "Bob", theme_name="textual-dark")
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        app.remote.join(table, 1)
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        screen = app.screen
        session = hub.tables[table].session
        match = session.match
        await ann_plays_until(pilot, lambda: screen.update is not None and bool(screen.update.legal))
        while screen.update.legal:  # Bob plays his turn, then leaves for the lobby
            screen.play(rng.choice(screen.update.legal))
            await pilot.pause(0.05)
            await wait_for(pilot, lambda: not app.remote._asked)
        own = max(i for i, (who, _) in enumerate(match.history) if who == 1)
        app.remote.command(table, SeatCommand(LEAVE, 1))
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        # Ann plays; a bot plays Bob's turn for him; and it is Ann's again
        await ann_plays_until(pilot, lambda: bool(match.stand_in_moves)
                              and 0 in game.to_act(match.state))
        app.remote.join(table, 1)
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.screen.update is not None)
        back = app.screen
        await pilot.pause(0.2)
        log = back.update.log
        after = next(i for i in range(own + 1, len(match.history))
                     if match.history[i][0] != CHANCE)
        assert back.recap.lines == log[after:]
        assert any(line.startswith("Your bot: ") for line in back.recap.lines)
        assert any(line.startswith("ann ") for line in back.recap.lines)
        assert back.query_one(SinceLog).recap.shown  # in the log's place
        await ann.close()


async def test_a_spectators_results_offer_no_rematch(shared_hub):
    """A spectator's results offered "Rematch (r)", which dropped them in the
    lobby with "Set up a new table from the lobby (n).": a spectator's
    results have no Rematch, in the buttons, the footer or F1, and r does
    nothing there; the final table's prompt and F1 say "the results"."""
    from textual.css.query import NoMatches

    from tests.test_host_hub import play_to_the_end, table_for_two
    from tui.screens.help import HelpScreen

    hub, path = shared_hub
    ann, bob, table = await table_for_two(path)
    async with at_the_lobby(path, "Cy") as (app, pilot):
        app.remote.watch(table)
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await play_to_the_end({0: ann, 1: bob}, GAMES["overboss-duel"], random.Random(2))
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen), timeout=20)
        results = app.screen
        assert results.watching
        with pytest.raises(NoMatches):
            results.query_one("#rematch")
        assert "Rematch" not in screen_kit.screen_text(app)
        await pilot.press("r")
        await pilot.pause(0.3)
        assert app.screen is results
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "Rematch" not in screen_kit.screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is results)
        await pilot.press("b")  # the final table: its prompt and F1 name no rematch
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.pause(0.2)
        assert "Results" in screen_kit.screen_text(app)
        assert "rematch" not in screen_kit.screen_text(app).lower()
        assert "rematch" not in str(app.screen._prompt_text()).lower()
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "rematch" not in screen_kit.screen_text(app).lower()
    for player in (ann, bob):
        await player.close()


async def test_x_in_the_lobby_leaves_a_begun_match_for_good_and_clears_a_finished_one(shared_hub):
    """x on a begun match said "your seat is kept for you" and nothing could
    remove it: x asks, then leaves it for good (a bot plays the seat, the
    lobby says "left — bot playing"); x on a finished match asks, then
    clears it from the lobby."""
    from tests.test_host_hub import play_to_the_end

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen

        def hint() -> str:
            return str(lobby.query_one("#lobby-hint").render())

        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await pilot.press("q")  # back to the lobby: her seat waits
        await wait_for(pilot, lambda: app.screen is lobby and "leave it for good" in hint())
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)  # are you sure?
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
        assert not hub.tables[table["table"]].resigned
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("y")
        await wait_for(pilot, lambda: hub.tables[table["table"]].resigned == {"Ann"})
        await wait_for(pilot, lambda: "You left this match for good" in hint())
        # (at 80 columns beside "your turn (at your other terminal)", said
        # short: "Ann (you, left, bot)", the legend line telling it)
        said_left = screen_kit.screen_text(app)
        assert "left — bot" in said_left or (
            "Ann (you, left, bot)" in said_left and "left, bot: a bot plays" in said_left)
        # Bob plays on against the bot to the end; then Ann clears it
        await play_to_the_end({1: bob}, GAMES["overboss-duel"], random.Random(3))
        await wait_for(pilot, lambda: "x: clear it" in hint())
        assert "away" not in screen_kit.screen_text(app)
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("y")
        await wait_for(pilot, lambda: not app.remote.tables)
        assert table["table"] not in hub.tables
        await bob.close()


async def test_enter_on_a_finished_match_left_for_good_shows_its_results(shared_hub):
    """README play-test: "Enter sits you down (on a match that is over: its
    results again)", and the row's hint said "Enter: the results of this
    match"; but for a player who had left the match for good Enter said
    "You left that match for good: a bot plays your seat to its end." (out
    of date: it was over) and showed nothing. It shows the results, as w does."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        lobby = app.screen
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is lobby)
        await bob.send({"resign": {"table": table["table"]}})  # Bob too: no final update his way
        await wait_for(pilot, lambda: "Bob" in hub.tables[table["table"]].resigned)
        app.remote.write({"resign": {"table": table["table"]}})
        await wait_for(pilot, lambda: hub.tables[table["table"]].resigned == {"Ann", "Bob"})
        await wait_for(pilot, lambda: hub.tables[table["table"]].finished)
        await wait_for(pilot, lambda: "the results of this match" in str(
            lobby.query_one("#lobby-hint").render()))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert app.screen.update.outcome is not None
        assert not any("left that match for good" in line for line in said), said
        await bob.close()


async def test_a_name_the_hub_refuses_ends_the_join_and_says_why(shared_hub):
    """Play-test: `join --name 'bot ann'` showed the hub's reason, then an
    empty lobby under "You are bot ann" and "Say hello first: who are
    you?". A refused name ends the app with the reason and what to do
    (return code 2, `overtable join` returns it)."""
    hub, path = shared_hub
    app = JoinApp(path, "bot ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.return_code is not None)
    assert app.return_code == 2
    said = app.refusal  # what `overtable join` prints once the app has ended
    assert "refused the name 'bot ann'" in said and 'start with "bot"' in said, said
    assert "--name" in said
    # the hub's reason goes on the sentence (it read ": A player's name")
    assert "'bot ann': a player's name does not start" in said, said
    assert not any(c.player for c in hub.clients)  # never logged in


async def test_over_ssh_a_refused_name_says_to_ask_the_host(shared_hub, caplog):
    """Play-test: over SSH a refused name ended with "Join again with
    another: --name NAME.", which an SSH player cannot pass: the name is
    the host's, in its authorized_keys. And the host's terminal said
    nothing of it: the hub says which name it refused."""
    import logging

    hub, path = shared_hub
    app = JoinApp(path, "bot smith", name_from_key=True, theme_name="textual-dark")
    with caplog.at_level(logging.WARNING, logger="host.hub"):
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.return_code is not None)
    assert app.return_code == 2
    said = app.refusal
    assert "refused the name 'bot smith'" in said and 'start with "bot"' in said, said
    assert "--name" not in said
    assert said.endswith("Ask the host to give your key another name in its authorized_keys."), said
    assert "refused the player name 'bot smith'" in caplog.text, caplog.text
    # an SSH player typed no `overtable join`; the host's line reads on
    # after its colon ("…'bot smith': A player's…")
    assert said.startswith("The hub refused the name 'bot smith': "), said
    assert "'bot smith': a player's name does not start" in caplog.text, caplog.text


async def _cy_watches_bobs_duel(pilot, app, path):
    """Bob sets up an Overboss Duel against a bot and sits down; Cy (the
    app) watches it from the lobby with w. (Bob, Cy's game screen.)"""
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
    bob = await Player.connect(path, "Bob")
    await sits_at_a_new_table(bob, "overboss-duel", [{"player": "Bob"}, {"bot": "random"}])
    await wait_for(pilot, lambda: any(t.get("started") for t in app.remote.tables))
    await pilot.press("w")
    await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.update is not None)
    assert screen.update.seat is None
    return bob, screen


async def test_a_watchers_help_is_written_for_a_watcher(shared_hub):
    """Play-test: a watcher's F1 read "q Leave for the lobby: your seat
    waits (Enter on the table there brings you back)" and listed the keys
    of "Since your last move" ([ ] z), which a watcher cannot use: q
    stops watching, and the recap's keys are left out."""
    from tui.screens.help import idle_keys, screen_keys

    hub, path = shared_hub
    app = JoinApp(path, "Cy", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        bob, screen = await _cy_watches_bobs_duel(pilot, app, path)
        listed = screen_keys(screen)
        keys = dict(listed + idle_keys(screen, listed))
        assert keys["q"] == "Stop watching: back to the lobby", keys
        assert not any("seat" in does for does in keys.values()), keys
        assert not any("last move" in does for does in keys.values()), keys
        await bob.close()


async def test_w_on_a_table_not_begun_says_the_match_opens_when_it_begins(shared_hub):
    """Play-test: w on a table whose match had not begun did nothing to be
    seen, and later the match's screen opened over the lobby unasked. w
    says at once that the match opens to watch when it begins; the notice
    goes once it has begun (it stayed over the match's screen)."""
    hub, path = shared_hub
    app = JoinApp(path, "Cy", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob = await Player.connect(path, "Bob")
        await bob.send({"create": {"game": "overboss-duel", "seats": [{"player": "Bob"}, "open"]}})
        await bob.expect("created")
        await wait_for(pilot, lambda: bool(app.remote.tables))
        await pilot.press("w")
        await wait_for(pilot, lambda: any("when it begins" in s for s in said), timeout=3)
        assert any(s.startswith("You will watch this match when it begins") for s in said), said
        table = (await bob.expect("lobby"))["lobby"][0]["table"]
        ann = await Player.connect(path, "Ann")
        await bob.send({"join": {"table": table, "seat": 0}})
        await ann.send({"join": {"table": table, "seat": 1}})
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.pause(0.1)
        shown = [n.message for n in app._notifications]
        assert not any("when it begins" in m for m in shown), shown
        await ann.close()
        await bob.close()


async def test_after_leaving_a_match_for_good_w_watches_it_and_enter_says_so(shared_hub):
    """Play-test: after x, y (leave for good) the lobby's hint offered
    "w: watch", w said "You have a seat at this table: Enter sits you down
    there", and Enter was refused. w watches the match as a spectator (the
    public view, no seat's cards); Enter says plainly that they left it
    for good and that w watches it."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen
        said = record_notices(app)
        def hint() -> str:
            return str(lobby.query_one("#lobby-hint").render())

        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is lobby and "leave it for good" in hint())
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("y")
        await wait_for(pilot, lambda: "You left this match for good" in hint())
        await pilot.press("enter")
        await wait_for(pilot, lambda: any("left that match for good" in s for s in said))
        assert any("w watches it" in s for s in said), said
        assert not any("sits you down" in s for s in said), said
        assert app.screen is lobby
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.update is not None)
        assert screen.update.seat is None and not screen.update.legal  # a spectator's view
        assert not any("You have a seat" in s for s in said), said
        await bob.close()


async def test_the_lobby_footer_names_what_x_does_at_the_highlighted_table(shared_hub):
    """Play-test: the footer read "x Stand up" on a begun match, where
    x leaves it for good (a bot plays the seat to its end; README "The
    shared tables"). The footer follows the highlighted table: Leave for
    good once it has begun, Clear once it is over, Withdraw at one's own
    table not begun."""
    from tests.test_host_hub import play_to_the_end

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen

        def footer() -> str:
            return [line for line in screen_kit.screen_text(app).splitlines() if line.strip()][-1]

        def hint() -> str:
            return str(lobby.query_one("#lobby-hint").render())

        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is lobby and "leave it for good" in hint())
        await wait_for(pilot, lambda: "x Leave for good" in footer())
        assert "Stand up" not in footer()
        assert "f2 Chat" in footer(), footer()  # still in 80 columns
        await pilot.press("x")
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("y")
        # left for good: x has nothing more to do there, and is left out
        await wait_for(pilot, lambda: "You left this match for good" in hint())
        assert lobby.check_action("stand", ()) is False
        await wait_for(pilot, lambda: "x " not in footer())
        # left out, it still says why it does nothing (a regression sweep
        # found it silent)
        said = record_notices(app)
        await pilot.press("x")
        await wait_for(pilot, lambda: any("left that match for good already" in n for n in said))
        assert app.screen is lobby
        await play_to_the_end({1: bob}, GAMES["overboss-duel"], random.Random(3))
        await wait_for(pilot, lambda: app.screen is lobby and "x: clear it" in hint())
        await wait_for(pilot, lambda: "x Clear" in footer())
        # a table of her own, not begun: x withdraws it
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 2)
        await wait_for(pilot, lambda: app.screen is lobby and "withdraw" in hint())
        await wait_for(pilot, lambda: "x Withdraw" in footer())
        await bob.close()


async def test_the_turn_notice_away_says_when_a_bot_plays_for_you(shared_hub):
    """Play-test: at a table where "When away: a bot plays after 30 s",
    the away player's notice read "Your turn at Overboss Duel with Bob:
    Enter on it sits you down." and covered the end of the lobby's Now
    column, "(a bot plays ...)". The notice says when the bot plays."""
    import re

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path, away_bot=30.0)
        screen = app.screen
        await wait_for(pilot, lambda: screen.update is not None and bool(screen.update.legal))
        while screen.update.legal:
            screen.play(rng.choice(screen.update.legal))
            await pilot.pause(0.05)
            await wait_for(pilot, lambda: screen.update is not None and not app.remote._asked)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        said.clear()
        await _bob_plays_until_anns_turn(bob, rng)
        await wait_for(pilot, lambda: any(s.startswith("Your turn at") for s in said))
        told = next(s for s in said if s.startswith("Your turn at"))
        assert re.fullmatch(r"Your turn at Overboss Duel with Bob: a bot plays for you in "
                            r"(29|30) s; Enter on it sits you down\.", told), told
        await bob.close()


async def test_ctrl_c_says_how_to_leave_the_shared_tables(shared_hub):
    """Play-test: Ctrl+C at a shared table read as doing nothing; at
    one terminal it says how to quit, and here it said the same ("Press
    Ctrl+Q to quit"), though q leads to the lobby and Ctrl+Q leaves the
    shared tables. It says both, at the table and in the lobby."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(said))
        assert "Ctrl+Q: leave the shared tables" in said[-1], said
        assert "your seats wait" in said[-1], said
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        said.clear()
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(said))
        assert said[-1].startswith("q: back to the lobby"), said
        assert "Ctrl+Q: leave the shared tables" in said[-1], said
        assert isinstance(app.screen, OverbossScreen)  # nothing else happened
        await bob.close()


async def test_ctrl_cs_notice_at_a_table_goes_with_the_table(shared_hub):
    """Play-test over SSH: Ctrl+C at a shared table said "q: back to the
    lobby · Ctrl+Q: leave the shared tables", and after q it stayed over the
    lobby for seconds, where q means Quit. It speaks of the table's keys:
    it goes as the player leaves the table, before its time is up."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")

    def leaving() -> list:
        return [n for n in app._notifications if n.title == "Do you want to leave?"]

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await pilot.press("ctrl+c")
        await wait_for(pilot, lambda: bool(leaving()))
        notice = leaving()[0]
        assert notice.message.startswith("q: back to the lobby")
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and not leaving())
        assert notice.time_left > 0, "it went only as its time ran out"
        await bob.close()


async def test_the_lobby_says_when_your_seat_is_open_at_your_other_terminal(shared_hub):
    """The play-test (play-test): a second terminal of Ann's, while her
    first still held her seat, read "Enter: back to your seat" in its lobby,
    with no word that the seat was being played elsewhere: she might think
    she had been dropped. The hint says so while another of her terminals
    holds it; once that one is gone (the seat away), it reads as before."""
    from textual.widgets import Static

    hub, path = shared_hub
    ann = await Player.connect(path, "Ann")  # her first terminal
    table = await sits_at_a_new_table(ann, "overstocked", [{"player": "Ann"}, {"bot": "random"}])
    await ann.expect("update")

    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and app.screen.listing)

        def hint() -> str:
            return str(app.screen.query_one("#lobby-hint", Static).render())

        await wait_for(pilot, lambda: hint().startswith(
            "Your seat is open at your other terminal · Enter: play it here"))
        await ann.close()
        await wait_for(pilot, lambda: hub.tables[table].session.holder_of(0) is None)
        await wait_for(pilot, lambda: hint().startswith("Enter: back to your seat"))


async def test_q_at_a_table_never_says_the_seat_is_open_at_another_terminal(shared_hub,
                                                                            monkeypatch):
    """Back in the lobby with q, the hub's listing from before it had the
    leaving still showed the seat held: for a moment the hint read "open at
    your other terminal". The lobby takes the seat as away at once."""
    import tui.screens.lobby as lobby

    said: list[str] = []
    real = lobby.update_static

    def spy(widget, text):
        if widget.id == "lobby-hint":
            said.append(str(text))
        return real(widget, text)

    monkeypatch.setattr(lobby, "update_static", spy)
    _, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bob", "bot", "random")])
        await wait_for(pilot, lambda: app.remote.screens
                       and not isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.3)
        said.clear()
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.3)
    assert said and all(s.startswith("Enter: back to your seat") for s in said), said


async def test_the_chat_panel_marks_the_lines_said_before_you_came(shared_hub):
    """The play-test (play-test): chat kept across a host restart came back
    marked "earlier" by the hub, but in the chat panel (F2) it looked
    exactly like what was said after. A dim "— earlier —" stands above
    those lines and a dim "— now —" above the first said live after them;
    a chat with no earlier lines has neither."""
    from tui.screens.chat import ChatScreen
    from tui.widgets.gamelog import GameLog

    hub, path = shared_hub
    bob = await Player.connect(path, "Bob")
    await bob.send({"chat": {"table": None, "text": "anyone for a duel?"}})
    await bob.expect("chat")
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.remote.chat.get(None))
        await open_chat(pilot, app)

        def shown() -> list[str]:
            return [str(line) for line in app.screen.query_one(GameLog).shown]

        assert shown() == ["— earlier —", "Bob: anyone for a duel?"]
        # drawn quietly, not as a line said
        log = app.screen.query_one(GameLog)
        log.rows  # noqa: B018 (wrapped as drawn)
        assert all(seg.style and seg.style.dim for seg in log._rows[0] if seg.text.strip())
        assert not any(seg.style and seg.style.dim for seg in log._rows[1])
        await bob.send({"chat": {"table": None, "text": "still here?"}})
        await wait_for(pilot, lambda: len(shown()) == 4)
        assert shown() == ["— earlier —", "Bob: anyone for a duel?", "— now —", "Bob: still here?"]
        assert app.screen.lines == ["Bob: anyone for a duel?", "Bob: still here?"]
        await pilot.press("escape")
        # a table's chat that began after Ann came: no divider
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bob", "bot", "random")])
        await wait_for(pilot, lambda: app.remote.table_on_screen() is not None)
        app.remote.say(app.remote.table_on_screen(), "hello")
        await pilot.press("f2")
        await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen) and shown())
        assert shown() == ["Ann: hello"]
    await bob.close()


async def test_u_at_an_overseers_table_after_a_bot_moved_says_why(shared_hub):
    """play-test: at a shared table `u`, once a bot had moved since,
    said nothing of why (the screen's update older than the table's); it says
    why, as at one terminal."""
    hub, path = shared_hub
    rng = random.Random(3)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        app.new_match("overseers", [app.seat("Ann", "human"), app.seat("Bot 2", "bot", "random"),
                                    app.seat("Bot 3", "bot", "random")], None)
        from tui.screens.overseers import OverseersScreen

        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        screen = app.screen
        moved = False
        for _ in range(4000):
            await pilot.pause(0.01)
            update = screen.update
            if (update is not None and update.legal and update.outcome is None
                    and screen.sent_from is None):
                if moved and not update.can_undo:
                    break
                screen.play(rng.choice(update.legal))
                moved = True
        else:
            raise AssertionError("no turn of Ann's she cannot take back")
        await pilot.press("u")
        await wait_for(pilot, lambda: any("Nothing to take back" in n for n in notices))


async def test_a_notice_from_the_hub_is_shown(shared_hub):
    """The hub tells a player once that the match it resumed went back to
    an earlier action (its journal was damaged): the app shows it."""
    _, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.remote._welcomed)
        said = "This match went back to action 4 when the hub resumed it: ..."
        await app.remote.handle({"notice": said, "table": "t1"})
        await pilot.pause()
        (note,) = [n for n in app._notifications if n.message == said]
        assert note.severity == "warning"


async def test_the_lobby_says_connecting_until_the_hub_sends_its_tables(shared_hub, tmp_path):
    """Refused as full, or with no hub answering, the lobby invited "No
    tables yet: press n to set one up." under "You are bob", though the hub
    had tables and had not taken the name yet."""
    from textual.widgets import Static

    def said(app):
        return str(app.screen.query_one("#lobby-hint", Static).render()), app.screen.sub_title

    nobody = tmp_path / "not-a-hub"
    nobody.write_text("")
    app = JoinApp(nobody, "bob", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.3)
        assert said(app) == ("Connecting to the hub…", "Connecting as bob…")
    _, path = shared_hub
    app = JoinApp(path, "bob", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and said(app)[1] == "You are bob")
        assert said(app)[0] == "No tables yet: press n to set one up."


def _four_seat_listing(me: str) -> list[dict]:
    seats = [{"kind": "reserved", "player": name, "present": True, "away": False}
             for name in ("ann", "bob", "cy")] + [{"kind": "bot", "level": "normal"}]
    over = {"table": "a", "title": "Overseers", "started": True, "creator": "ann",
            "seats": seats, "play": {"finished": True, "to_act": [], "moves": 90}}
    waiting = {"table": "b", "title": "Overseers", "started": False, "creator": "ann",
               "seats": [dict(s, present=s.get("player") != "bob") for s in seats]}
    return [over, waiting]


async def test_the_lobby_painted_before_its_rows_are_measured_shows_full_columns():
    """Play-test (SSH, after a reconnect and a rematch): the lobby read
    "Over  ann,   ove", each column as wide as its heading, and Down drew
    only the highlighted row in full. The lobby was painted before the
    table measured its new rows (it does so when idle), and the rows kept
    that first, narrow drawing. The columns are sized as the rows are
    drawn."""
    from textual.screen import Screen
    from textual.widgets import DataTable

    from tests.screen_kit import screen_text

    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        await app.push_screen(Screen())  # the table's screen over it
        lobby.show(_four_seat_listing("cy"), "cy")
        grid = lobby.query_one(DataTable)
        original = lobby._draw

        def drawn_then_painted() -> None:
            original()
            for y in range(8):  # painted at once, before idle
                grid.render_line(y)

        lobby._draw = drawn_then_painted
        app.pop_screen()
        await pilot.pause(0.2)
        text = screen_text(app)
        # (two rows of the same seats: numbered, `row_numbers`)
        assert "Overseers #1  ann, bob, cy (you), bot (normal)" in text
        assert "Over  ann," not in text


async def test_the_lobby_resized_under_a_table_is_laid_out_anew_on_coming_back():
    """The terminal narrows while a table covers the lobby: back in the
    lobby, the seats and Now are laid out for the new width."""
    from textual.screen import Screen

    from tests.screen_kit import screen_text

    app = lobby_app()
    async with app.run_test(size=(200, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        listing = _four_seat_listing("cy")
        listing[1]["away_bot"] = 30.0
        listing[1]["seats"] = [dict(s, away=True, bot_playing=True) if s.get("player") else s
                               for s in listing[1]["seats"]]
        listing[1].update(started=True, play={"finished": False, "to_act": [1], "moves": 9})
        lobby.show(listing, "cy")
        await pilot.pause()
        await app.push_screen(Screen())
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        app.pop_screen()
        await pilot.pause(0.2)
        text = screen_text(app)
        assert all(len(line.rstrip()) <= 80 for line in text.splitlines()), text
        assert "bot (normal)" in text and "over" in text



async def test_a_turn_under_a_box_of_its_own_table_names_no_table(shared_hub):
    """Play-test: "Your turn at Overseers with bob, cy and bot (normal)."
    went up at the very table the player sat at, a box of that table (the
    round's vote) open over it, and cut the box's title. That notice is
    for a table one is away from: under a box of its own table the prompt
    stands out instead; over its chat, where the keys type, a short
    "Your turn." says it."""
    from tui.screens.chat import ChatScreen
    from tui.screens.ending import EndingScreen

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    rng = random.Random(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        screen = app.screen
        for over in ("box", "chat"):
            await wait_for(pilot, lambda: screen.update is not None and bool(screen.update.legal))
            while screen.update.legal:
                screen.play(rng.choice(screen.update.legal))
                await pilot.pause(0.05)
                await wait_for(pilot, lambda: not app.remote._asked)
            if over == "box":
                await app.push_screen(EndingScreen("Round 1: what the vote did", ["a line"]))
            else:
                await pilot.press("f2")
                await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
            said.clear()
            await _bob_plays_until_anns_turn(bob, rng)
            await wait_for(pilot, lambda: bool(screen.update.legal))
            await pilot.pause(0.2)
            assert not [n for n in said if n.startswith("Your turn at")]
            assert said == ([] if over == "box" else ["Your turn."])
            if over == "box":
                assert screen.query_one(f"#{screen.prompt_id}").has_class("-your-turn")
            app.pop_screen()
            await pilot.pause()
        await bob.close()


async def test_chat_at_a_table_one_sits_at_elsewhere_is_a_notice_once_until_looked_at(
        shared_hub):
    """Review: Ann sits at a duel with Bob but is in the lobby, or at
    another table: what Bob wrote there reached her by no notice (her turn
    there did). It is told as her turn is, naming the table, its text
    shown as written (no markup) and cut to 80 columns; more lines before
    she looks at the table count in that one notice, not one each."""
    from tui.plain import shortened

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)

    def chat_notices() -> list[str]:
        return [n.message for n in app._notifications if n.message.startswith("Chat at")]

    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        duel = table["table"]
        await wait_for(pilot, lambda: app.screen.update is not None)
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.3)
        long = "[b]bold?[/b] " + "blah " * 30
        await bob.send({"chat": {"table": duel, "text": long}})
        first = shortened(f"Chat at Overboss Duel with Bob: Bob: {long.strip()}", 80)
        await wait_for(pilot, lambda: chat_notices() == [first])
        assert first.startswith("Chat at Overboss Duel with Bob: Bob: [b]bold?[/b] blah")
        await bob.send({"chat": {"table": duel, "text": "are you there?"}})
        second = "Chat at Overboss Duel with Bob (2 new lines): Bob: are you there?"
        await wait_for(pilot, lambda: chat_notices() == [second])  # in place of the first
        assert [s for s in said if s.startswith("Chat at")] == [first, second]
        # back at the table: the notice goes, and the lines are in its chat
        app.remote.join(duel, 0)
        await wait_for(pilot, lambda: app.remote.table_on_screen() == duel)
        await wait_for(pilot, lambda: chat_notices() == [])
        await wait_for(pilot, lambda: "Bob: are you there?" in app.remote.chat.get(duel, []))
        # at another table (with a bot), the count starts again
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        app.new_match("overboss-duel", [app.seat("Ann", "human"),
                                        app.seat("Bot", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.remote.table_on_screen() not in (None, duel))
        await pilot.pause(0.3)
        said.clear()
        await bob.send({"chat": {"table": duel, "text": "ok, later"}})
        await wait_for(pilot, lambda: chat_notices() == [
            "Chat at Overboss Duel with Bob: Bob: ok, later"])
        await bob.close()


async def test_no_drawing_turn_lock_is_left_beside_the_socket(tmp_path, monkeypatch):
    """README (shared tables; tui/draw_turns.py): `overtable join` left a
    `hub.sock.draw.0` lock beside the socket it was given, for good. The
    locks are the hub's, shared by its apps: made while it serves, taken
    away when it stops; an app makes none (no hub answering, a file there)."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    nobody = tmp_path / "alone" / "nobody.sock"
    nobody.parent.mkdir()
    nobody.write_text("")  # a file, not a listening socket: the hub gone
    app = JoinApp(nobody, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.2)
        assert not app.remote.connected
    assert sorted(p.name for p in nobody.parent.iterdir()) == ["nobody.sock"]

    hub = Hub(tmp_path / "shared", bot_delay=0)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        async with at_the_lobby(path) as (app, pilot):
            assert app.remote._turns._fds  # the hub's locks, shared by its apps
            await pilot.press("q")
            await pilot.pause(0.1)
    finally:
        await hub.close()
    path.unlink(missing_ok=True)  # (as `overtable hub` and `host` do after closing it)
    assert list(path.parent.iterdir()) == []


async def test_the_lobby_footer_dims_x_and_w_where_they_do_nothing(shared_hub):
    """Play-test: the footer showed "x Stand up" and "w Watch" with no
    table at all, and on tables where each only said it could not. There
    they are dimmed, and pressed anyway still say why."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        lobby = app.screen
        said = record_notices(app)
        await wait_for(pilot, lambda: app.remote.lobby_seen)
        # no tables: neither does anything, and neither is offered (play-test
        # shared6: "w Watch" showed under "No tables yet")
        assert lobby.check_action("stand", ()) is False
        assert lobby.check_action("watch", ()) is False
        assert "Watch" not in screen_kit.screen_text(app), screen_kit.screen_text(app)
        await pilot.press("x")
        await pilot.press("w")
        await wait_for(pilot, lambda: sum("no table" in n.lower() for n in said) >= 2)
        # her own table, not begun: x withdraws it, w has nothing to watch for her
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 1 and lobby._highlighted())
        await wait_for(pilot, lambda: lobby.check_action("watch", ()) is None)
        assert lobby.check_action("stand", ()) is True
        await pilot.press("w")
        await wait_for(pilot, lambda: any("You have a seat" in n for n in said))
        # Bob's table, where she has no seat: w watches it, x has nothing to do
        bob = await Player.connect(path, "Bob")
        await bob.send({"create": {"game": "overboss-duel", "seats": [{"player": "Bob"}, "open"]}})
        await wait_for(pilot, lambda: len(app.remote.tables) == 2)
        await wait_for(pilot, lambda: len(lobby.listing) == 2)
        theirs = next(i for i, t in enumerate(lobby.listing) if t["creator"] == "Bob")
        lobby.query_one("#lobby-tables").move_cursor(row=theirs)
        await wait_for(pilot, lambda: lobby.check_action("stand", ()) is False)
        assert lobby.check_action("watch", ()) is True
        await pilot.press("x")
        await wait_for(pilot, lambda: any("You have no seat at that table" in n for n in said))
        assert app.screen is lobby
        await bob.close()


async def test_the_others_read_once_that_a_player_left_or_came_back(shared_hub):
    """Play-test: Bob's connection ended, or he left with q, and Ann at the
    table read nothing but "(away)" beside his name. She is told once of
    each going and coming back (host/hub.py `seat_news`)."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        said = record_notices(app)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await bob.close()
        await wait_for(pilot, lambda: "Bob's connection ended; their seat is kept." in said)
        bob = await Player.connect(path, "Bob")
        await wait_for(pilot, lambda: "Bob is back." in said)
        await bob.send({"command": {"kind": "leave", "seat": 1}, "table": table["table"]})
        # (play-test: "Bob left the table." read as gone for good, which is x)
        await wait_for(pilot, lambda: "Bob stepped away to the lobby." in said)
        await pilot.pause(0.3)
        assert [n for n in said if n.startswith("Bob")] == [
            "Bob's connection ended; their seat is kept.", "Bob is back.",
            "Bob stepped away to the lobby."], said
        await bob.close()


async def test_the_creator_reads_that_an_invited_player_declined_the_seat(shared_hub):
    """Play-test: Cy declined the seat Ann kept for him (x in the lobby);
    her row only turned "open". She reads it, in the lobby or anywhere."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        cy = await Player.connect(path, "Cy")
        app.remote.create({"game": "overboss-duel", "seats": [{"player": "Ann"}, {"player": "Cy"}]})
        await cy.expect("lobby")
        await wait_for(pilot, lambda: bool(app.remote.tables))
        table = app.remote.tables[0]["table"]
        await cy.send({"stand": {"table": table}})
        await wait_for(pilot, lambda: any("declined" in s for s in said), timeout=3)
        assert "Cy declined the seat at Overboss Duel: it is open to anyone now." in said, said
        await cy.close()


async def test_a_watcher_is_back_at_the_match_after_the_hub_restarts(tmp_path, monkeypatch):
    """Play-test: players came back to their seats after the hub restarted,
    a watcher to the lobby. The match they watched, still running, opens
    to them again (under the id the restarted hub gives it)."""
    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch, seed=4)
    app = JoinApp(path, "Cy", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        bob, _ = await _cy_watches_bobs_duel(pilot, app, path)
        await bob.close()
        await hub.close()
        again = Hub(directory, bot_delay=0)
        (resumed,) = again.resume_all()
        await again.serve(path)
        try:
            await wait_for(
                pilot, lambda: any("Back at the hub" in n.message for n in app._notifications))
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                           and app.screen.update is not None and app.screen.update.seat is None)
            assert app.remote.screens.get(resumed) is app.screen
        finally:
            await again.close()


async def test_a_new_app_under_a_watchers_name_opens_onto_the_match_watched(shared_hub):
    """Play-test: over SSH each connection's app is new and knows nothing;
    a watcher whose connection dropped came back to the lobby, the players
    to their seats. The hub remembers what the name watched: a new app
    opens onto that match, as a watcher (README, "The shared tables")."""
    hub, path = shared_hub
    app = JoinApp(path, "Cy", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        bob, _ = await _cy_watches_bobs_duel(pilot, app, path)
        app.remote.close()  # the connection ends
    for _ in range(100):  # until the hub has let the first app go
        if not any(c.player == "Cy" for c in hub.clients):
            break
        await asyncio.sleep(0.02)
    again = JoinApp(path, "Cy", theme_name="textual-dark")
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, OverbossScreen)
                       and again.screen.update is not None)
        assert again.screen.update.seat is None
        await pilot.pause(0.3)  # the app's own watching-again sends no second watch
        assert len([s for s in again.screen_stack if isinstance(s, OverbossScreen)]) == 1
    await bob.close()


async def test_a_name_of_wide_characters_leaves_the_now_column_in_sight():
    """Play-test: a name of 32 double-width characters (64 cells) pushed
    the Now column off an 80-column lobby, and "your turn" went unseen on
    every table. A name in the Seats column is cut by cells ("…")."""
    from rich.cells import cell_len

    from tests.screen_kit import screen_text

    wide = "名" * 32

    def person(name: str, away: bool = False) -> dict:
        return {"kind": "reserved", "player": name, "present": True, "away": away}

    long = {"table": "w", "title": "Boss Quest", "started": False, "creator": wide,
            "seats": [person(wide), person("ann")]}
    mine = {"table": "d", "title": "Overboss Duel", "started": True, "creator": "ann",
            "seats": [person("ann", away=True), person("bob")],
            "play": {"finished": False, "to_act": [0], "moves": 9}}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([long, mine], "ann")
        await pilot.pause()
        text = screen_text(app)
    assert "your turn" in text and "waiting for" in " ".join(text.split()), text
    assert "名名…" in text, text
    assert all(cell_len(line.rstrip()) <= 80 for line in text.splitlines()), text


@pytest.mark.parametrize("name", ['x environment="PLAYER=ann"', "Maximiliana Longname Thirtytwo!!"])
async def test_a_long_name_is_never_cut_in_the_seats_column_at_80_columns(name):
    """A play-test's name of 26 characters (under the 32 allowed) read
    'x environment="PLAYER=a… (you),' at 80 columns, its row on two lines,
    where README says names are never cut: the Seats column was as wide as
    the Now column's wrapped words left it. It is as wide as its widest
    seat now, the Now words wrapping beside it; one line each at 160."""
    from rich.cells import cell_len

    from tests.screen_kit import screen_text

    def person(who: str, present: bool = True, away: bool = False) -> dict:
        return {"kind": "reserved", "player": who, "present": present, "away": away}

    quest = {"table": "q", "title": "Boss Quest", "started": False, "creator": name,
             "seats": [person(name), person("cy2@laptop", present=False)]}
    duel = {"table": "d", "title": "Overboss Duel", "started": True, "creator": "ann",
            "away_bot": 30, "seats": [person("ann"), person("bob", away=True)],
            "play": {"finished": False, "to_act": [1], "moves": 9}}
    again = {**duel, "table": "e", "seats": [person("ann"), person("bob")]}  # ("#2")
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([quest, duel, again], name)
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert all(cell_len(line.rstrip()) <= 80 for line in lines), text
        assert f"{name} (you)," in text and "…" not in text, text
        row = next(n for n, line in enumerate(lines) if "Boss Quest " in line)
        assert "waiting for 1" in lines[row] and "cy2@laptop (invited)" in lines[row + 1], text
        assert "waiting: bob away" in text, text
        await pilot.resize_terminal(160, 45)
        await pilot.pause()
        text = screen_text(app)
        assert f"{name} (you), cy2@laptop (invited)" in text, text


async def test_a_name_of_wide_characters_is_cut_in_the_now_column_too():
    """Play-test: "<name> to play" with a name of 32 double-width
    characters overflowed the Now column at 80 columns (cut by the screen's
    edge, "to play" out of place). The name there is cut by cells too."""
    from rich.cells import cell_len

    from tests.screen_kit import screen_text

    wide = "名" * 32

    def person(name: str, away: bool = False) -> dict:
        return {"kind": "reserved", "player": name, "present": True, "away": away}

    playing = {"table": "p", "title": "Overboss Duel", "started": True, "creator": "ann",
               "seats": [person(wide), person("ann")],
               "play": {"finished": False, "to_act": [0], "moves": 9}}
    waiting = {"table": "w", "title": "Overboss Duel", "started": True, "creator": "ann",
               "seats": [person(wide, away=True), person("ann")],
               "play": {"finished": False, "to_act": [0], "moves": 9}}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([playing, waiting], "ann")
        await pilot.pause()
        text = screen_text(app)
    lines = text.splitlines()
    assert all(cell_len(line.rstrip()) <= 80 for line in lines), text
    # the Now column's part of a line: after its last gap of two spaces
    now = [line.rstrip().split("  ")[-1].strip() for line in lines if "名" in line]
    named = [part for part in now if "名" in part]
    assert len(named) == 2, text
    from tui.screens.lobby import NOW_ROOM

    assert all(part.endswith("…") and cell_len(part) <= NOW_ROOM for part in named), text
    words = " ".join(text.split())
    assert "to play" in words and "away" in words, text


async def test_quitting_tells_the_hub_the_player_left_not_that_they_dropped(tmp_path, monkeypatch,
                                                                            caplog):
    """Play-test: the hub's terminal said "Ann's connection ended" alike for
    a player who quit (Ctrl+Q) and one whose connection dropped. The app
    says goodbye as it quits: the hub says she closed Overtable."""
    import logging

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0, tells_players=True)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    caplog.set_level(logging.INFO, logger="host.hub")
    try:
        app = JoinApp(path, "Ann", theme_name="textual-dark")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.remote.connected and app.remote.was_welcomed)
            await app.action_quit()
        for _ in range(250):
            if not hub.clients:
                break
            await asyncio.sleep(0.02)
        said = [r.getMessage() for r in caplog.records if r.name == "host.hub"]
        # (not "left the tables": read as gone for good, which is x at a table)
        assert said == ["Ann joined the tables", "Ann closed Overtable"], said
    finally:
        await hub.close()


async def test_an_r_whose_lobby_has_not_come_sits_at_the_rematch_set_up_first(shared_hub):
    """qa-share3 F3: both players' r at once made two rematch tables (the
    app's check read a lobby that had not come yet). The hub seats the
    second r at the first's table; the app says so, and no second
    "set up a rematch" line goes to the finished table's chat."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        await bob.send({"create": {"game": "overboss-duel", "options": {"short_board": True},
                                   "seats": [{"player": "Ann"}, {"player": "Bob"}],
                                   "rematch_of": old["table"]}})
        created = (await bob.expect("created"))["created"]
        await bob.send({"join": {"table": created["table"], "seat": 1}})
        await bob.expect("lobby")
        app._listed_rematch = lambda table: None  # her lobby has not come yet
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.screen.update is not None and app.screen.update.outcome is None)
        assert app.remote.table_on_screen() == created["table"]
        assert len(hub.tables) == 2
        assert any("a moment before you" in n.message for n in app._notifications)
        heard = await bob.until_quiet()
        assert not [m for m in heard if m.get("chat", {}).get("kind") == "rematch"]
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.2)
        await bob.close()


async def test_the_lobby_highlights_the_table_where_the_turn_notice_sends_the_player():
    """qa-share3 F2: back in the lobby, "Your turn at Overseers ...: Enter
    on it sits you down" while the highlight was on a finished match, and
    Enter opened its old results. The table where it is the player's turn
    (their seat away) takes the highlight as the lobby opens, or as the
    turn comes, unless the player has highlighted a row themselves."""
    from textual.screen import Screen
    from textual.widgets import DataTable

    ann = {"kind": "reserved", "player": "Ann", "present": True, "away": False}
    bob_away = {"kind": "reserved", "player": "Bob", "present": True, "away": True}
    bob = {"kind": "reserved", "player": "Bob", "present": True, "away": False}
    old = {"table": "old", "title": "Overseers", "seats": [ann, bob], "started": True,
           "play": {"finished": True, "to_act": [], "moves": 30}}

    def running(tid: str, bobs_turn: bool) -> dict:
        return {"table": tid, "title": "Overseers", "seats": [ann, bob_away], "started": True,
                "play": {"finished": False, "to_act": [1 if bobs_turn else 0], "moves": 3}}

    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        lobby = app.screen
        lobby.show([old, running("duel", True)], "Bob")
        await pilot.pause()
        assert lobby._highlighted()["table"] == "duel"
        lobby.query_one(DataTable).move_cursor(row=0)  # Bob looks at the old results
        await pilot.pause()
        lobby.show([old, running("duel", True), running("more", True)], "Bob")
        await pilot.pause()
        assert lobby._highlighted()["table"] == "old"  # his choice is kept
        await app.push_screen(Screen())  # he opens the results, and comes back
        await pilot.pause()
        app.pop_screen()
        await pilot.pause()
        assert lobby._highlighted()["table"] == "duel"
        # a turn that comes while the lobby is up, the highlight left alone
        lobby.show([old, running("duel", False), running("more", False)], "Bob")
        await pilot.pause()
        lobby.show([old, running("duel", False), running("more", True)], "Bob")
        await pilot.pause()
        assert lobby._highlighted()["table"] == "more"


async def test_the_results_say_a_bot_played_the_seat_of_a_player_who_left(shared_hub):
    """Play-test: Bob left the match for good (a bot played his seat to the
    end), and the results credited him as if he had played ("1 Bob ★ 61").
    His row says a bot played his seat after he left, as the lobby does."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    rng = random.Random(5)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        await bob.send({"resign": {"table": table["table"]}})
        await wait_for(pilot, lambda: hub.tables[table["table"]].resigned == {"Bob"})
        screen = app.screen
        for _ in range(20_000):
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, EndingScreen) or getattr(
                    app.screen, "_results_due", None) is not None:
                # the last moves, then the final table: the results on Enter
                await pilot.press("enter")
                continue
            await pilot.pause(0.005)
            update = screen.update
            if update is not None and update.legal and update.outcome is None:
                screen.play(rng.choice(update.legal))
        results = app.screen
        assert isinstance(results, ResultsScreen)
        text = await screen_kit.settled_text(app, pilot)
        assert "Bob (left — bot played)" in text, text
        outcome = results.update.outcome
        title = str(results.query_one("#results-title").render())
        if 1 in outcome.winners:
            assert title == "Overboss Duel: Bob's seat wins (a bot played it after Bob left)"
        else:
            assert title == "Overboss Duel: Ann wins!"
        # the lobby's row of the match says who won (`ending_words`)
        (ending,) = app.remote.endings.values()
        assert ending["winners"] == [results.names[s] for s in sorted(outcome.winners)]
        await bob.close()


async def test_finished_matches_in_the_lobby_are_told_apart(tmp_path):
    """Play-test: two finished matches of one game and players read alike
    in the lobby ("Overstocked  ann (you), bob, cy, bot (normal)  over"), and
    nothing said which one x clears. A finished row says when it ended,
    where the app saw it end, else the match's id; and who won, where the
    app saw its results (within 80 columns)."""
    from textual.widgets import DataTable

    from tui.screens.lobby import ending_words

    def seat(name):
        return {"kind": "reserved", "player": name, "present": True}

    def listing(finished: set[str]) -> list[dict]:
        return [{"table": tid, "game": "overstocked", "title": "Overstocked",
                 "seats": [seat("ann"), seat("bob"), seat("cy"), {"kind": "bot", "level": "normal"}],
                 "started": True, "match": f"{tid * 8}{'0' * 24}",
                 "play": {"finished": tid in finished, "to_act": [0], "moves": 40}}
                for tid in ("a", "b", "c")]

    app = JoinApp(tmp_path / "no-hub.sock", "ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.remote.handle({"lobby": listing({"a", "c"})})  # over before this app came
        await app.remote.handle({"lobby": listing({"a", "b", "c"})})  # b ends now
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        now = [str(grid.get_row_at(row)[2]) for row in range(3)]
        assert all(text.startswith("over · ") for text in now), now
        assert len(set(now)) == 3, now
        assert now[0] == "over · match aaaaaaaa"
        assert grid.virtual_size.width <= grid.scrollable_content_region.width
    table = {"match": "d" * 32, "ended": {"winners": ["ann", "cy"], "at": "04:12"}}
    assert ending_words(table, "ann") == ["you and cy won", "04:12"]


async def test_a_finished_row_says_when_it_ended_as_the_hub_says_it(tmp_path):
    """Play-test over SSH: after any reconnection a finished row read "over
    · won by bot (normal) · match 6b3d62fe" (the time was the app's own, and
    every SSH connection is a new app), and the row was so wide that its
    Seats wrapped to three lines at 80x24. The hub says when the match
    ended ("ended_at"): "15:16" today, else the day. A value that is not a
    time is not believed: the row says the match's id."""
    import time

    from textual.widgets import DataTable

    from tui.remote import ended_words

    def listing(ended_at) -> list[dict]:
        return [{"table": "t1", "game": "overstocked", "title": "Overstocked",
                 "seats": [{"kind": "reserved", "player": "fay", "present": True},
                           {"kind": "bot", "level": "normal"}],
                 "started": True, "match": "6b3d62fe" + "0" * 24,
                 "play": {"finished": True, "to_act": [], "moves": 40},
                 "winners": ["Bot 2"], "winner_seats": [1], "ended_at": ended_at}]

    ended = time.time() - 120
    app = JoinApp(tmp_path / "no-hub.sock", "eve", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.remote.handle({"lobby": listing(ended)})  # over before this app came
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert str(grid.get_row_at(0)[2]) == f"over · bot (normal) won · {ended_words(ended)}"
        assert ":" in ended_words(ended) or time.localtime()[:3] != time.localtime(ended)[:3]
        assert grid.rows[grid.coordinate_to_cell_key((0, 0)).row_key].height == 1
        for hostile in ("15:16", True, float("nan"), -1, 1e300, time.time() + 7 * 86400,
                        [ended], None):
            app.remote.endings.clear()
            await app.remote.handle({"lobby": listing(hostile)})
            await pilot.pause()
            assert str(grid.get_row_at(0)[2]) == "over · bot (normal) won · match 6b3d62fe", (
                hostile)
    noon = time.mktime((2025, 12, 24, 12, 0, 0, 0, 0, -1))
    assert ended_words(noon - 3600, now=noon) == "11:00"
    assert ended_words(noon - 86400, now=noon) == "2025-12-23"


async def test_a_finished_row_says_who_won_without_the_final_update(tmp_path):
    """Play-test: Bob left the match for good (x in the lobby; a bot played
    his seat), and his row read "over · 07:02" where the others' read
    "over · won by cy · 07:02": who won came only in the final seat update,
    which he no longer got; a player who never sat there read the same.
    The hub's lobby entry names the winners (host/hub.py `Table.summary`)."""
    import time

    from textual.widgets import DataTable

    def seat(name):
        return {"kind": "reserved", "player": name, "present": True}

    def listing(finished: bool) -> list[dict]:
        entry = {"table": "t1", "game": "overseers", "title": "Overseers",
                 "seats": [seat("ann"), {**seat("bob"), "gone": True}, seat("cy")],
                 "started": True, "match": "a" * 32,
                 "play": {"finished": finished, "to_act": [0], "moves": 40}}
        return [{**entry, "winners": ["cy"]} if finished else entry]

    app = JoinApp(tmp_path / "no-hub.sock", "bob", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.remote.handle({"lobby": listing(False)})
        before = time.strftime("%H:%M")
        await app.remote.handle({"lobby": listing(True)})
        after = time.strftime("%H:%M")  # (the minute may turn meanwhile)
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert str(grid.get_row_at(0)[2]) in {f"over · cy won · {at}" for at in (before, after)}
        # (the winners the hub names are taken as any name it sends is)
        await app.remote.handle({"lobby": [{**listing(True)[0], "winners": ["x" * 500, 7]}]})
        await pilot.pause()
        assert app.remote.tables[0]["ended"]["winners"] == ["x" * 31 + "…"]


async def test_the_new_table_form_starts_from_your_last_table(shared_hub, tmp_path):
    """Play-test: the lobby's "New table" form started from Boss Quest and
    its defaults every time, even after a 4-seat Overstocked with every
    expansion; the local form remembers. It starts from this player's last
    table: its game, seats (bots and their levels; another person's seat
    open, the name not kept), options and away choice."""
    from textual.widgets import Checkbox, Input, Select

    from tui.screens.lobby import AWAY_CHOICES

    expansions = ("advanced", "incentives", "forklifts", "quantum")
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        form = await new_table_form(pilot, app, "overstocked")
        form.query_one("#count", Select).value = 4
        await wait_for(pilot, lambda: form.query("#kind-3") and form.query_one("#kind-3").display)
        form.query_one("#kind-1", Select).value = "human"
        form.query_one("#name-1", Input).value = "Bob"
        form.query_one("#kind-2", Select).value = "bot:hard"
        for name in expansions:
            form.query_one(f"#opt-{name}", Checkbox).value = True
        form.query_one("#away-bot", Select).value = 3
        await pilot.pause()
        chosen = [str(form.query_one(f"#kind-{n}", Select).value) for n in range(4)]
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and hub.tables)
        await pilot.press("n")
        await shared_form_shown(pilot, app)
        form = app.screen
        await pilot.pause()
        assert form.game_id == "overstocked"
        assert form.query_one("#count", Select).value == 4
        assert [str(form.query_one(f"#kind-{n}", Select).value) for n in range(4)] == chosen
        assert form.query_one("#name-1", Input).value == ""  # open to anyone now
        assert all(form.query_one(f"#opt-{name}", Checkbox).value for name in expansions)
        assert AWAY_CHOICES[form.query_one("#away-bot", Select).value] == AWAY_CHOICES[3]


async def test_the_new_table_form_keeps_what_a_solo_quest_left_out(shared_hub):
    """As at the local form: Potions ticked at 2 knights, then a Solo Quest
    set up; the next New table form says Potions is kept, and ticks it
    again at 2 knights (the table itself was set up without it)."""
    from textual.widgets import Checkbox, Select

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        form = await new_table_form(pilot, app, "boss-quest")
        await screen_kit.count_players(pilot, form, 2)
        form.query_one("#opt-potions", Checkbox).value = True
        await pilot.pause()
        await screen_kit.count_players(pilot, form, 1)
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: hub.tables and app.screen is not form)
        table = next(iter(hub.tables.values()))
        assert not table.session.match.header.options.potions
        if not isinstance(app.screen, LobbyScreen):  # the quest begins at once: back
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("n")
        await shared_form_shown(pilot, app)
        form = app.screen
        await pilot.pause()
        assert form.query_one("#count", Select).value == 1
        assert "Potions" in str(form.query_one("#options-absent").render())
        await screen_kit.count_players(pilot, form, 2)
        assert form.read_options().potions is True


async def test_the_rulebooks_bot_reads_as_itself_at_the_shared_tables(shared_hub):
    """Play-test: on the New table form, ticking Overstocked's "Solo against
    the rulebook's bot" left its seat a name field inviting "anyone, or a
    name" though no person can sit there, and the lobby's row then read
    "Ann (you, away), bot (normal)", a levelled bot. The form's row has no
    name field, and the lobby names the seat as the rules do (OS-19)."""
    from textual.widgets import Checkbox, DataTable, Input, Select

    from tui.remote import table_words
    from tui.screens.lobby import OPEN_SEAT_HINT, RULES_BOT_SEAT
    from tui.screens.new_match import RULES_BOT_NOTE

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        form = await new_table_form(pilot, app, "overstocked")
        # a person's seat before the box is ticked: the rules' bot all the same
        form.query_one("#kind-1", Select).value = "human"
        form.query_one("#opt-solo", Checkbox).value = True
        await wait_for(pilot, lambda: form.query_one("#seat-1").has_class("rules-bot"))
        await pilot.pause()
        assert not form.query_one("#name-1", Input).display
        line = next(t for t in screen_kit.screen_text(app).splitlines() if "Rules' bot" in t)
        assert RULES_BOT_NOTE in line and OPEN_SEAT_HINT not in line, line
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: bool(hub.tables))
        (table,) = hub.tables.values()
        assert [s.kind for s in table.seats] == ["reserved", "bot"]
        await wait_for(pilot, lambda: app.remote.table_on_screen() == table.id
                       and app.screen.update is not None)
        await pilot.press("q")  # the play-test's way: the seat left, away
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and "Ann (you, away)" in str(
                           app.screen.query_one(DataTable).get_row_at(0)[1]))
        seats = str(app.screen.query_one(DataTable).get_row_at(0)[1])
        assert seats.replace("\n", " ") == f"Ann (you, away), {RULES_BOT_SEAT}", seats
        assert table_words(app.remote.tables[0], "Ann") == f"Overstocked with {RULES_BOT_SEAT}"


async def test_a_finished_row_names_a_bot_winner_as_its_seat(tmp_path):
    """Play-test: "Overstocked  ann, bot (normal)  over · won by Bot 2 ·
    08:07": the row named the winner as the match's updates name the seat,
    not as its Seats column does. A bot's seat wins as "bot (normal)", the
    rulebook's bot as itself, a person by their name ("you" for oneself)."""
    import time

    from textual.widgets import DataTable

    from tui.screens.lobby import RULES_BOT_SEAT, ending_words

    def listing(seats, winners, winner_seats, finished=True) -> list[dict]:
        entry = {"table": "t1", "game": "overstocked", "title": "Overstocked",
                 "seats": seats, "started": True, "match": "a" * 32,
                 "play": {"finished": finished, "to_act": [0], "moves": 40}}
        return [{**entry, "winners": winners, "winner_seats": winner_seats} if finished else entry]

    ann = {"kind": "reserved", "player": "ann", "present": True}
    bot = {"kind": "bot", "level": "normal"}
    app = JoinApp(tmp_path / "no-hub.sock", "ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await app.remote.handle({"lobby": listing([ann, bot], [], [], finished=False)})
        before = time.strftime("%H:%M")
        await app.remote.handle({"lobby": listing([ann, bot], ["Bot 2"], [1])})
        after = time.strftime("%H:%M")  # (the minute may turn meanwhile)
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert str(grid.get_row_at(0)[2]) in {f"over · bot (normal) won · {at}"
                                              for at in (before, after)}
        # (a winner's seat the table does not have is not believed)
        await app.remote.handle({"lobby": listing([ann, bot], ["Bot 2"], [1, 5, "1"])})
        assert app.remote.tables[0]["ended"]["seats"] == [1]
    rules = {**bot, "level": "easy", "rules_bot": True}
    for seats, winners, words in (([ann, rules], [1], f"{RULES_BOT_SEAT} won"),
                                  ([ann, bot], [0, 1], "you and bot (normal) won")):
        table = {"seats": seats, "ended": {"winners": ["x"], "seats": winners, "at": "08:07"}}
        assert ending_words(table, "ann") == [words, "08:07"]
    # an older hub names no seats: its names are shown
    assert ending_words({"seats": [ann, bot], "ended": {"winners": ["cy"]}}, "ann") == ["cy won"]


async def test_a_chat_line_typed_while_the_hub_is_away_stays_in_its_box(tmp_path, monkeypatch):
    """Play-test: with the hub down, F2, "second try", Enter: "Not connected
    to the hub." and the box emptied, the line lost. It stays in the box,
    and Enter sends it once back at the hub (the lobby's chat stays open
    over the lobby as the app connects again)."""
    from tui.screens.chat import ChatScreen

    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch)
    async with at_the_lobby(path) as (app, pilot):
        await hub.close()
        await wait_for(pilot, lambda: app.remote.reconnecting)
        field = await open_chat(pilot, app)
        await pilot.press(*"second", "space", *"try", "enter")
        await wait_for(pilot, lambda: any("Not connected" in n.message for n in app._notifications))
        assert field.value == "second try"
        again = await hub_again(directory, path, resume=False)
        try:
            await wait_for(pilot, lambda: app.remote.connected and not app.remote.reconnecting)
            assert isinstance(app.screen, ChatScreen) and field.value == "second try"
            await pilot.press("enter")
            await wait_for(pilot, lambda: any(line.get("text") == "second try"
                                              for _, line in again.lobby_chat.lines))
            assert field.value == ""
        finally:
            await again.close()


async def test_the_results_say_they_reconnect_while_the_hub_is_away(tmp_path, monkeypatch):
    """Play-test: a finished table's results (Enter), the hub stopped: once
    its notice went, the results looked live. They say "Reconnecting to
    the hub…" as the table does, also when opened again from the final
    table (b) while the hub is away."""
    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch, seed=4)
    async with at_the_lobby(path) as (app, pilot):
        bob, _ = await bob_sits_at_anns_duel(pilot, app, path)
        await play_to_the_results(pilot, app, bob, random.Random(3))
        results = app.screen
        assert "Reconnecting" not in screen_kit.screen_text(app)
        await bob.close()
        await hub.close()
        await wait_for(pilot, lambda: app.remote.reconnecting)
        app.clear_notifications()  # the notice goes by itself after a while
        await wait_for(pilot, lambda: "Reconnecting to the hub…" in screen_kit.screen_text(app))
        assert app.screen is results
        await pilot.press("b")  # the final table, then its results again
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.pause()
        assert app.screen is not results
        assert "Reconnecting to the hub…" in screen_kit.screen_text(app)


async def test_a_table_not_begun_and_not_kept_over_a_restart_is_told_to_its_creator(
        tmp_path, monkeypatch):
    """Play-test: Ann's Boss Quest table had not begun when the hub
    restarted; the lobby listed it while the hub was down, and once back
    it was gone with only "Back at the hub." (README: such a table is not
    kept). Its creator is told so; a table that has begun comes back."""
    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch)
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("boss-quest", [app.seat("Ann", "human"), app.seat("", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 1)
        await hub.close()
        await wait_for(pilot, lambda: app.remote.reconnecting)
        assert len(app.remote.tables) == 1  # still listed while the hub is away
        said = "Your Boss Quest table had not begun and was not kept: set it up again (n)."
        assert not any(n.message == said for n in app._notifications)
        again = await hub_again(directory, path)
        try:
            await wait_for(pilot, lambda: any(n.message == said for n in app._notifications))
            assert app.remote.tables == []
            # said once: the next lobby says nothing more
            app.clear_notifications()
            app.remote.refresh()
            await pilot.pause(0.2)
            assert not any(n.message == said for n in app._notifications)
        finally:
            await again.close()


async def test_a_table_not_begun_is_told_to_its_creator_in_a_new_session_after_a_restart(
        tmp_path, monkeypatch):
    """Play-test over `overtable host`, 3 of 3: a table not begun was gone
    after a restart, and its creator was not told. Each SSH session is a
    new app (the stop ends it): the app's own memory of the table went
    with it, and only the hub can say. The stopping hub keeps who created
    which table not begun; the next hub tells them once, as they log in."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    said = "Your Boss Quest table had not begun and was not kept: set it up again (n)."
    hub = Hub(directory, bot_delay=0)
    hub.resume_all()
    await hub.serve(path)
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("boss-quest", [app.seat("Ann", "human"), app.seat("Bob", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 1)
    # the host stops: the session ends first, then the hub
    await hub.close()
    for session in range(2):
        again = await hub_again(directory, path)
        try:
            for name in ("Bob", "Ann"):  # Bob had a seat kept there: not his table
                async with at_the_lobby(path, name) as (app, pilot):
                    await pilot.pause(0.3)
                    told = [n.message for n in app._notifications if n.message == said]
                    # told once: not again in the next session
                    assert told == ([said] if (name, session) == ("Ann", 0) else []), name
        finally:
            await again.close()


async def test_a_table_chat_line_not_sent_while_the_hub_is_away_comes_back(tmp_path, monkeypatch):
    """The same play-test at a table: the line stayed in the box while the
    hub was away, but the box closed with the table's screen as the app
    connected again, and the line was lost. Back at the table (its id new
    after the restart, its match the same), F2 opens the chat with it."""
    from tui.screens.chat import ChatScreen

    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch, seed=4)
    async with at_the_lobby(path) as (app, pilot):
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bob", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and bool(app.screen.update and app.screen.update.legal))
        # the lobby names the table's match once it has begun (its updates
        # come at most every LOBBY_SECONDS): the line is kept by match
        await wait_for(pilot, lambda: any(t.get("match") for t in app.remote.tables))
        await hub.close()
        await wait_for(pilot, lambda: app.remote.reconnecting)
        field = await open_chat(pilot, app)
        await pilot.press(*"still", "space", *"here", "enter")
        await wait_for(pilot, lambda: any("Not connected" in n.message for n in app._notifications))
        assert field.value == "still here"
        again = await hub_again(directory, path)
        try:
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                           and app.screen.update is not None and not app.remote.reconnecting)
            field = await open_chat(pilot, app)
            assert field.value == "still here"
            await pilot.press("enter")
            (table,) = again.tables.values()
            await wait_for(pilot, lambda: any(line.get("text") == "still here"
                                              for _, line in table.chat.lines))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
            await pilot.press("f2")  # given once
            await wait_for(pilot, lambda: isinstance(app.screen, ChatScreen))
            assert app.screen.query_one("#chat-input").value == ""
        finally:
            await again.close()


async def test_a_box_up_at_a_shared_table_tells_the_others_the_player_is_reading(shared_hub):
    """Play-test: a player reading a box at a shared table (F1 here) read
    as deciding to the others. The app tells the hub as the box goes up and
    as it goes; the other seats' updates say so (`SeatUpdate.reading`)."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, _ = await bob_sits_at_anns_duel(pilot, app, path)
        await wait_for(pilot, lambda: bool(app.screen.update and app.screen.update.to_act))
        await bob.until_quiet()

        async def bob_hears() -> list:
            return [m["update"].get("reading") for m in await bob.until_quiet() if "update" in m]

        await pilot.press("f1")
        assert await bob_hears() == [[0]]
        await pilot.press("escape")
        assert await bob_hears() == [[]]
        await bob.close()


async def test_the_hub_stopping_says_which_seats_are_kept(tmp_path, monkeypatch):
    """Play-test: "The hub stopped; your seats are kept" was said to a player
    whose only seat was at a table not begun, which a restarted hub does
    not keep (README; begun matches come back from their journals)."""
    import tui.remote

    monkeypatch.setattr(tui.remote, "RECONNECT_SECONDS", 5)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    said = {
        "none begun": "The hub stopped; your table not yet begun is not kept. "
                      "Trying to connect again…",
        "both": "The hub stopped; your matches are kept, your table not yet begun is not. "
                "Trying to connect again…",
    }
    for case in said:
        directory, path = tmp_path / case / "shared", tmp_path / case / "hub.sock"
        hub = Hub(directory, bot_delay=0)
        await hub.serve(path)
        async with at_the_lobby(path) as (app, pilot):
            app.new_match("boss-quest", [app.seat("Ann", "human"), app.seat("", "human")])
            await wait_for(pilot, lambda app=app: len(app.remote.tables) == 1)
            if case == "both":
                app.new_match("overboss-duel", [app.seat("Ann", "human"),
                                                app.seat("Bob", "bot", "random")])
                await wait_for(pilot, lambda app=app: isinstance(app.screen, OverbossScreen)
                               and len(app.remote.tables) == 2)
            await hub.close()
            await wait_for(pilot, lambda app=app: app.remote.reconnecting)
            notes = [n.message for n in app._notifications if "stopped" in n.message]
            assert notes == [said[case]], notes


async def test_several_tables_not_begun_of_one_game_are_told_in_one_notice(
        tmp_path, monkeypatch):
    """Play-test of a hub's not-kept record: a creator with several tables
    not begun of one game read one notice a table, all alike."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0)
    hub.resume_all()
    await hub.serve(path)
    async with at_the_lobby(path) as (app, pilot):
        for game in ("boss-quest", "boss-quest", "overseers"):
            app.new_match(game, [app.seat("Ann", "human"), app.seat("Bob", "human"),
                                 app.seat("Cy", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 3)
    await hub.close()
    again = await hub_again(directory, path)
    try:
        async with at_the_lobby(path) as (app, pilot):
            await pilot.pause(0.3)
            told = sorted(n.message for n in app._notifications if "not kept" in n.message)
            assert told == [
                "Your 2 Boss Quest tables had not begun and were not kept: set them up again (n).",
                "Your Overseers table had not begun and was not kept: set it up again (n).",
            ], told
    finally:
        await again.close()


#: what a creator reads of their rematch not kept over a restart (the
#: results screen's words and key: its button is "Rematch (r)")
REMATCH_NOT_KEPT = ("Your Overboss Duel rematch had not begun and was not kept: ask for it "
                    "again with Rematch (r) on the match's results (Enter on it in the lobby).")


@pytest.mark.parametrize("told_by", ["hub", "app"])
async def test_a_rematch_not_begun_over_a_restart_is_told_as_a_rematch(
        tmp_path, monkeypatch, told_by):
    """Play-test: Ann pressed r on a finished duel's results; the rematch
    waited for Bob as the hub stopped, and back at the hub she read "set it
    up again (n)": n starts an empty form, where r on that match's results
    (listed again after the restart) asks for the rematch again. Told so,
    by the hub's record (`hub`), or by what the app saw of its tables when
    the hub kept none (`app`: an older hub's, or its file lost)."""
    from host.hub import NOT_KEPT_FILE

    hub, directory, path = await hub_to_stop(tmp_path, monkeypatch, resume=True)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    again = None
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            said = record_notices(app)
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and app.remote.connected)
            bob, table = await bob_sits_at_anns_duel(pilot, app, path)
            await play_to_the_results(pilot, app, bob, random.Random(5))
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and any(
                t.get("rematch_of") == table["table"] for t in app.remote.tables))
            await bob.close()
            await hub.close()
            await wait_for(pilot, lambda: app.remote.reconnecting)
            if told_by == "app":
                (directory / NOT_KEPT_FILE).unlink()
            again = await hub_again(directory, path)
            await wait_for(pilot, lambda: REMATCH_NOT_KEPT in said)
            await pilot.pause(0.2)
            assert [s for s in said if "not kept" in s and "stopped" not in s] == [
                REMATCH_NOT_KEPT], said
            # and its match is there to ask again from
            assert any((t.get("play") or {}).get("finished") for t in app.remote.tables)
    finally:
        if again is not None:
            await again.close()


async def test_rematches_not_kept_are_counted_as_tables_are(shared_hub):
    """Several rematches of one game not kept read one notice, counted, as
    tables do ("×N" on the host); a hub's entry of the wrong shape is
    passed over, a rematch mark that is not text read as a table's."""
    _, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        said = record_notices(app)
        app.remote._told_not_kept([
            {"title": "Overboss Duel", "rematch_of": "a" * 32},
            {"title": "Overboss Duel", "rematch_of": "b" * 32},
            {"title": "Boss Quest", "rematch_of": "c" * 32},
            {"title": "Boss Quest", "rematch_of": 7},
            "Boss Quest",
            {"title": ["Overseers"]}, {"rematch_of": "d" * 32}, 5, None, ["Overseers"],
        ])
        await pilot.pause()
        assert sorted(said) == [
            "Your 2 Boss Quest tables had not begun and were not kept: set them up again (n).",
            "Your 2 Overboss Duel rematches had not begun and were not kept: ask for each "
            "again with Rematch (r) on its match's results (Enter on it in the lobby).",
            "Your Boss Quest rematch had not begun and was not kept: ask for it again with "
            "Rematch (r) on the match's results (Enter on it in the lobby).",
        ], said


async def test_the_new_table_form_shows_no_name_on_a_bot_and_says_at_once_it_needs_your_seat(
        shared_hub):
    """Play-test: cleo set Seat 1 (her own, "cleo") to "Bot: normal": every
    seat a bot, the row still read "Seat 1  cleo  Bot: normal", and only
    Ctrl+S said "A shared table needs your seat". A bot's seat shows no
    person's name; the first person's seat shows hers (a name typed there
    set aside, and back when it is not hers); and the note under the seats
    says at once that a shared table needs her seat. The table is still
    not set up."""
    from textual.widgets import Input, Select

    from tui.screens.lobby import SharedTableScreen
    from tui.screens.new_match import HUMAN

    hub, path = shared_hub
    app = JoinApp(path, "cleo", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.remote.connected)
        await pilot.press("n")
        await shared_form_shown(pilot, app)
        form = app.screen
        assert isinstance(form, SharedTableScreen)
        note = form.query_one("#seats-note")

        def name(seat: int) -> Input:
            return form.query_one(f"#name-{seat}", Input)

        kind0, kind1 = form.query_one("#kind-0", Select), form.query_one("#kind-1", Select)
        bot = next(v for _, v in kind0._options if v != HUMAN)
        kind1.value = HUMAN
        await pilot.pause()
        name(1).value = "dan"  # kept for dan
        assert name(0).value == "cleo" and not note.display
        kind1.value = bot
        kind0.value = bot
        await pilot.pause()
        assert name(0).value == "" and "cleo" not in screen_kit.screen_text(app)
        assert note.display
        assert "A shared table needs your seat" in screen_kit.screen_text(app)
        await pilot.press("ctrl+s")
        await pilot.pause(0.2)
        assert app.screen is form and not hub.tables
        kind1.value = HUMAN  # the first person's seat is hers
        await pilot.pause()
        assert (name(1).value, name(1).disabled) == ("cleo", True) and not note.display
        kind0.value = HUMAN  # and back in Seat 1: dan's name again in Seat 2
        await pilot.pause()
        assert (name(0).value, name(1).value, name(1).disabled) == ("cleo", "dan", False)
        assert [(p.name, p.kind) for p in form.read_players()][:2] == [("cleo", "human"),
                                                                      ("dan", "human")]


async def test_f1_tells_the_seconds_the_hubs_bots_think_a_move(tmp_path, monkeypatch):
    """Play-test (shared6, finding 4): the hub ran with --bot-seconds 1, and
    F1 at its table said the levels' own limits ("up to 2 s a move",
    "5 s"): the joining app knew only its own $OVERTABLE_BOT_SECONDS. The
    hub sends its seconds with the welcome (host/hub.py `PASSED_ON`); F1
    tells the limit the table's bots use."""
    from textual.widgets import DataTable

    from host.hub import passed_on
    from tui.screens.overseers import OverseersScreen

    monkeypatch.setenv("OVERTABLE_BOT_SECONDS", "1")
    assert passed_on()["OVERTABLE_BOT_SECONDS"] == "1"  # what a hub started so sends
    monkeypatch.delenv("OVERTABLE_BOT_SECONDS")  # the joining app's own: unset
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0, settings={"OVERTABLE_BOT_SECONDS": "1"})
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        app = JoinApp(path, "Ann", theme_name="textual-dark")
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: app.remote.connected and app.remote._welcomed)
            app.new_match("overseers", [app.seat("Ann", "human"), app.seat("B", "bot", "normal"),
                                        app.seat("C", "bot", "hard")])
            await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
            await pilot.press("f1")
            await wait_for(pilot, lambda: app.screen.query(DataTable))
            table = app.screen.query_one(DataTable)
            rows = {str(table.get_row_at(i)[0]).strip():
                    " ".join(str(table.get_row_at(i)[1]).split()) for i in range(table.row_count)}
            assert rows["normal (n)"] == "A bot that looks ahead, up to 1 s a move", rows
            assert rows["hard (h)"] == "A bot that looks ahead longer, up to 1 s a move", rows
    finally:
        await hub.close()


@pytest.mark.parametrize("lines", [4, 40])
async def test_notices_over_a_box_at_the_table_cover_none_of_its_text(shared_hub, lines):
    """Play-test (shared6, finding 2), 80x24: "Bob stepped away to the
    lobby." came up at the top right over a round's end box, over its
    title and first lines. Over a box, notices go off its text: under it
    (or over it) where the screen has room, else under the box made
    shorter for them; once they are gone, the box has its rows again."""
    from textual.widgets._toast import Toast

    from tui.screens.ending import EndingScreen

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        bob, _, _ = await _overseers_with_bob(app, pilot, path)
        box = EndingScreen("Round 1 ended · Ann's view",
                           [f"Line {i} of the round's end, told in words." for i in range(lines)],
                           go_on="the next round")
        await app.push_screen(box)
        await pilot.pause()
        tall = box.query_one("#ending").region.height
        app.notify("Bob stepped away to the lobby.", timeout=30)
        app.notify("Your next pack: turn 2 of 5. Look before you keep a card.", timeout=30)
        await wait_for(pilot, lambda: len(box.query(Toast)) >= 2)
        for _ in range(5):
            await pilot.pause()
        framed = box.query_one("#ending").region
        for toast in box.query(Toast):
            assert not toast.region.overlaps(framed), (toast.region, framed)
        assert framed.y <= 1 or lines < 20  # the title in sight
        app.clear_notifications()
        for _ in range(5):
            await pilot.pause()
        assert box.query_one("#ending").region.height == tall  # its rows again
        await bob.close()
