"""The lobby and the notices that send a player there (a seat kept, a turn
elsewhere), as a player coming and going between the lobby and the tables
reads them (play-test over SSH at 80x24)."""

from __future__ import annotations

from tests.test_tui_join import bob_sits_at_anns_duel, wait_for
from tui.join import JoinApp
from tui.screens.lobby import LobbyScreen
from tui.screens.overboss import OverbossScreen


def notices(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_back_in_the_lobby_the_invitation_made_at_a_table_has_the_cursor(shared_hub):
    """Play-test: fay read at her table "eve keeps a seat for you at Boss
    Quest: q for the lobby, then Enter on it"; q put the cursor on the
    table she had just left (her turn there), the hint spoke of it, and
    Enter sat her down there again. A seat kept for the player since the
    lobby last showed takes the cursor (the newest, whose notice came
    last), and the notices say the way from the lobby for each: Enter on
    the highlighted one, the arrows to the other."""
    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        lobby = app.screen
        bob, duel = await bob_sits_at_anns_duel(pilot, app, path)
        made = []
        for game in ("overstocked", "boss-quest"):
            await bob.send({"create": {"game": game,
                                       "seats": [{"player": "Bob"}, {"player": "Ann"}]}})
            made.append((await bob.expect("created"))["created"]["table"])
            await bob.send({"join": {"table": made[-1], "seat": 0}})
        await wait_for(pilot, lambda: sum("keeps a seat" in n for n in notices(app)) == 2)
        assert "Bob keeps a seat for you at Boss Quest: q for the lobby, then Enter on it." \
            in notices(app)
        assert isinstance(app.screen, OverbossScreen)
        await pilot.press("q")
        await wait_for(pilot, lambda: app.screen is lobby and len(lobby.listing) == 3)
        await pilot.pause(0.2)
        assert lobby._highlighted()["table"] == made[-1]
        assert str(lobby.query_one("#lobby-hint").render()).startswith(
            "A seat is kept for you: Enter sits you down")
        assert "Bob keeps a seat for you at Boss Quest: Enter on it sits you down." \
            in notices(app)
        assert "Bob keeps a seat for you at Overstocked: ↑↓ to it, then Enter." in notices(app)
        assert not [n for n in notices(app) if "q for the lobby" in n]
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(
            t["table"] == made[-1] and t["seats"][1].get("present") for t in app.remote.tables))
        assert not any(t["table"] == duel["table"] and not t["seats"][0].get("away")
                       for t in app.remote.tables)
        await bob.close()


async def test_a_lobby_notice_says_a_tables_way_once_the_player_sits_elsewhere(shared_hub):
    """Play-test: cleo pressed q, and a second later sat down at another
    table; the notice made in the lobby stayed over that table: "Your turn
    at Boss Quest with 3 bots (normal): Enter on it sits you down", where
    Enter does something else. At a table it says a table's way there."""
    import random

    from host.messages import LEAVE, SeatCommand
    from tests.test_tui_join import _bob_plays_until_anns_turn

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected)
        lobby = app.screen
        bob, table = await bob_sits_at_anns_duel(pilot, app, path)
        screen = app.screen
        await wait_for(pilot, lambda: screen.update is not None and bool(screen.update.legal))
        while screen.update.legal:  # Ann plays until it is Bob's turn, then leaves
            screen.play(rng.choice(screen.update.legal))
            await pilot.pause(0.05)
            await wait_for(pilot, lambda: screen.update is not None and not app.remote._asked)
        app.remote.command(table["table"], SeatCommand(LEAVE, screen.update.seat))
        await wait_for(pilot, lambda: app.screen is lobby)
        await _bob_plays_until_anns_turn(bob, rng)
        lobby_way = "Your turn at Overboss Duel with Bob: Enter on it sits you down."
        await wait_for(pilot, lambda: lobby_way in notices(app))
        # she sets up a table against a bot, and sits down there at once
        app.new_match("overboss-duel", [app.seat("Ann", "human"), app.seat("", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.screen is not screen)
        await pilot.pause(0.1)
        assert lobby_way not in notices(app)
        assert "Your turn at Overboss Duel with Bob: q for the lobby, then Enter on it." \
            in notices(app), notices(app)
        await bob.close()


async def test_a_table_a_login_sits_you_at_shows_no_empty_game_first(shared_hub):
    """Play-test: right after logging in, seated back at an Overseers
    table, an empty table ("No cards.") showed before the real one. A
    table's screen shows nothing of a game until its first update."""
    from tests import screen_kit
    from tests.test_host_hub import Player
    from tui.screens.overseers import OverseersScreen

    hub, path = shared_hub
    ann = await Player.connect(path, "Ann")
    await ann.send({"create": {"game": "overseers",
                               "seats": [{"player": "Ann"}, {"bot": "random"}, {"bot": "random"}]}})
    created = (await ann.expect("created"))["created"]
    await ann.send({"join": {"table": created["table"], "seat": 0}})
    await ann.expect("update")
    await ann.close()  # her seat waits for her
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        covered = app.remote._covered

        def opened(screen) -> None:  # the table's screen is up, its update not shown yet
            seen.append(screen_kit.screen_text(app))
            covered(screen)

        app.remote._covered = opened
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen.update is not None)
        await pilot.pause(0.2)
        assert seen and "No cards." not in seen[0], seen[0] if seen else None
        assert "Table" not in seen[0]
        assert "Table" in screen_kit.screen_text(app)
