"""Rematch (`r`) on a shared match's results: it sits the player at the
rematch of THAT finished table, one a finished match (README: "their own
Rematch sits them down at it, even pressed at the same moment")."""

from __future__ import annotations

import random

from core.overboss.state import Options
from tests.test_tui_join import at_the_lobby, bob_sits_at_anns_duel, play_to_the_results, wait_for
from tui.screens.lobby import LobbyScreen

SHORT = {"game": "overboss-duel", "options": {"short_board": True},
         "seats": [{"player": "Ann"}, {"player": "Bob"}]}


async def test_r_sits_the_player_at_the_rematch_not_at_a_plain_table_alike(shared_hub):
    """ssh18 1: with a plain table waiting (the same game, options and
    seats, Ann invited), Ann's r on the finished match's results sat her
    there and its match began: no rematch set up, no words. Pressed by both
    at once, the match began at the plain table and the true rematch was
    left waiting. r sets up (or sits at) the rematch of that finished
    table; the plain table still waits, and its invitation is said."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        await bob.send({"create": SHORT})  # a plain table, no rematch_of
        plain = (await bob.expect("created"))["created"]["table"]
        await bob.send({"join": {"table": plain, "seat": 1}})
        await wait_for(pilot, lambda: any(t["table"] == plain and t["seats"][1].get("present")
                                          for t in app.remote.tables))
        # not the results' rematch: its seat kept is said as any other
        await wait_for(pilot, lambda: any("Bob keeps a seat for you" in n.message
                                          for n in app._notifications))
        await pilot.press("r")
        await wait_for(pilot, lambda: any(t.rematch_of == old["table"] for t in hub.tables.values()))
        (rematch,) = [t for t in hub.tables.values() if t.rematch_of == old["table"]]
        # Ann sits at the rematch, waiting for Bob; his plain table still waits for her
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and rematch.summary()["seats"][0]["present"])
        assert not hub.tables[plain].started
        assert not hub.tables[plain].summary()["seats"][0]["present"]
        assert len(hub.tables) == 3
        await pilot.pause(0.2)
        await bob.close()


async def test_r_on_the_old_results_once_the_rematch_has_begun_goes_there(shared_hub):
    """ssh18 2: once the rematch had begun, r on the old results set up
    yet another table and invited Bob, who was playing the first rematch.
    r takes the player to the rematch under way, saying so; no third table."""
    from textual.widgets import DataTable

    from tui.screens.overboss import OverbossScreen
    from tui.screens.results import ResultsScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        await pilot.press("r")
        await wait_for(pilot, lambda: any(t.rematch_of == old["table"] for t in hub.tables.values()))
        (rematch,) = [t for t in hub.tables.values() if t.rematch_of == old["table"]]
        await bob.send({"join": {"table": rematch.id, "seat": 1}})
        await wait_for(pilot, lambda: app.remote.table_on_screen() == rematch.id
                       and isinstance(app.screen, OverbossScreen))
        await pilot.press("q")  # to the lobby, the old match's results from there
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and len(app.screen.listing) == 2)
        row = next(n for n, t in enumerate(app.screen.listing) if t["table"] == old["table"])
        app.screen.query_one(DataTable).move_cursor(row=row)
        await wait_for(pilot, lambda: app.screen.highlighted_id == old["table"])
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: app.remote.table_on_screen() == rematch.id
                       and isinstance(app.screen, OverbossScreen))
        assert any("rematch, Overboss Duel #2, is under way: you sit down there" in n.message
                   for n in app._notifications)
        assert len(hub.tables) == 2  # no second rematch, no invitation to Bob
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.2)
        await bob.close()


async def test_the_rematch_is_told_on_the_final_board_and_r_there_sits_the_player(shared_hub):
    """ssh18 7: Ann on the final board was not told of Bob's rematch until
    she opened the results, where "Bob keeps a seat for you at Overboss
    Duel: Enter on it in the lobby sits you down" said neither "rematch"
    nor r; and r on the final board did nothing and said nothing. The
    rematch's line tells her there, once (no second notice of the seat
    kept), and r there sits her down, as on the results."""
    from tui.screens.overboss import OverbossScreen
    from tui.screens.results import ResultsScreen

    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        await pilot.press("b")  # the final board
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen))
        await bob.send({"create": {**SHORT, "rematch_of": old["table"]}})
        created = (await bob.expect("created"))["created"]["table"]
        await bob.send({"join": {"table": created, "seat": 1}})
        await bob.send({"chat": {"table": old["table"], "text": "Rematch?", "kind": "rematch"}})
        await wait_for(pilot, lambda: any("Bob set up a rematch" in n.message
                                          for n in app._notifications))
        await wait_for(pilot, lambda: any(t["table"] == created for t in app.remote.tables))
        await pilot.pause(0.3)  # (a seat-kept notice would come with the lobby)
        told = [n.message for n in app._notifications]
        assert [m for m in told if "rematch" in m and "r on the results" in m], told
        assert not [m for m in told if "keeps a seat" in m], told
        await pilot.press("r")
        await wait_for(pilot, lambda: app.remote.table_on_screen() == created
                       and isinstance(app.screen, OverbossScreen)
                       and app.screen.update is not None and app.screen.update.outcome is None)
        assert not isinstance(app.screen, ResultsScreen)
        assert len(hub.tables) == 2
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.pause(0.2)
        await bob.close()


async def test_a_rematch_invitation_names_its_table_and_says_it_is_a_rematch(shared_hub):
    """ssh18 2: "Ann keeps a seat for you at Overboss Duel: q for the
    lobby, then Enter on it" did not say which Overboss Duel, nor that it
    was a rematch. It names the table as the lobby's row does."""
    hub, path = shared_hub
    async with at_the_lobby(path) as (app, pilot):
        bob, old = await bob_sits_at_anns_duel(pilot, app, path, Options(short_board=True))
        await play_to_the_results(pilot, app, bob, random.Random(3))
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await bob.send({"create": {**SHORT, "rematch_of": old["table"]}})
        created = (await bob.expect("created"))["created"]["table"]
        await bob.send({"join": {"table": created, "seat": 1}})
        await wait_for(pilot, lambda: any(
            "Bob keeps a seat for you at the rematch, Overboss Duel #2: " in n.message
            for n in app._notifications))
        # on the finished match's results the way there is their Rematch
        # (it said "q for the lobby, then Enter on it")
        from tui.screens.results import ResultsScreen

        app.remote.reopen(old["table"], 0)  # (Enter on its row)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await wait_for(pilot, lambda: any(
            n.message == "Bob keeps a seat for you at the rematch, Overboss Duel #2: r on the "
            "results sits you down." for n in app._notifications))
        await pilot.pause(0.2)
        await bob.close()
