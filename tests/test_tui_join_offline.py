"""The lobby of `overtable join`: what its keys say while the hub is away
(play-test of shared tables: a withdraw read the chat's "Your line is
kept" wording, and the highlight jumped to another table), and notices
that named the way to it from a table."""

from __future__ import annotations

from host.hub import Hub
from tests.screen_kit import record_notices
from tests.test_tui_join import wait_for
from tui.join import JoinApp
from tui.screens.lobby import LobbyScreen
from tui.screens.overboss import OverbossScreen


async def test_withdrawing_a_table_while_the_hub_is_away_says_so_plainly(tmp_path, monkeypatch):
    """Ann's duel waits for her move (its row takes the highlight when the
    lobby opens again) and her Overseers table has not begun. The hub goes
    away; x on the Overseers table says once, in a withdraw's words, that
    it waits for the hub (nothing is queued), and the highlight stays there:
    a second x must not start leaving the duel for good."""
    import tui.remote

    monkeypatch.setattr(tui.remote, "RECONNECT_SECONDS", 0.05)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=4)
    await hub.serve(path)
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    said = record_notices(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        lobby = app.screen
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("Bob", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and bool(app.screen.update and app.screen.update.legal))
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is lobby)
        app.new_match("overseers", [app.seat("Ann", "human"), app.seat("", "human"),
                                    app.seat("", "human")])
        await wait_for(pilot, lambda: len(app.remote.tables) == 2)
        await wait_for(pilot, lambda: app.screen is lobby)
        mine = next(t["table"] for t in app.remote.tables if not t.get("started"))
        row = next(i for i, t in enumerate(lobby.listing) if t["table"] == mine)
        lobby.query_one("#lobby-tables").move_cursor(row=row)
        await pilot.pause()
        await pilot.press("x")  # "Withdraw this table?" ... no: the highlight stays
        await wait_for(pilot, lambda: app.screen is not lobby)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is lobby)
        await pilot.pause(0.1)
        assert lobby._highlighted()["table"] == mine
        await hub.close()
        await wait_for(pilot, lambda: not app.remote.connected)
        await pilot.pause(0.1)
        row = next(i for i, t in enumerate(lobby.listing) if t["table"] == mine)
        lobby.query_one("#lobby-tables").move_cursor(row=row)
        await pilot.pause()
        before = len(said)
        await pilot.press("x")
        await pilot.pause(0.1)
        if app.screen is not lobby:  # asked first
            await pilot.press("y")
            await wait_for(pilot, lambda: app.screen is lobby)
        await pilot.pause(0.1)
        new = said[before:]
        assert len(new) == 1, new
        assert "withdraw" in new[0].lower() and "line is kept" not in new[0], new
        assert lobby._highlighted()["table"] == mine


async def test_a_notice_saying_q_for_the_lobby_is_reworded_in_the_lobby(shared_hub):
    """Play-test: Bob's toast "ann keeps a seat for you at Overseers: q for
    the lobby, then Enter on it." still said "q for the lobby" once he had
    pressed q and was in the lobby. There it says what Enter does; another
    notice not yet read stays as it was."""
    from tests.test_tui_join import bob_sits_at_anns_duel

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        bob, _ = await bob_sits_at_anns_duel(pilot, app, path)

        def shown() -> list[str]:
            return [n.message for n in app._notifications]

        await bob.send({"create": {"game": "boss-quest",
                                   "seats": [{"player": "Bob"}, {"player": "Ann"}]}})
        await bob.expect("created")
        await wait_for(pilot, lambda: any("keeps a seat" in m for m in shown()))
        app.notify("Something else to read.", timeout=30)
        await pilot.pause()
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.1)
        assert not [m for m in shown() if "q for the lobby" in m], shown()
        assert "Bob keeps a seat for you at Boss Quest: Enter on it sits you down." in shown()
        assert "Something else to read." in shown()
        await bob.close()
