"""The notice that another player set up the rematch of a finished shared
match covers neither its results nor its final table's score pad (a
play-test: at the top right it covered the score pad's first rows for its
seconds, at 80x24), in every game and at any size."""

from __future__ import annotations

import random

import pytest
from textual.widgets._toast import Toast

from core import GAMES
from tests.test_host_hub import Player, play_to_the_end
from tests.test_tui_join import wait_for
from tui.join import JoinApp
from tui.screens.lobby import LobbyScreen
from tui.screens.results import ResultsScreen

#: what each game's final table shows: its score pad first, its board
SHOWN = {"overboss-duel": ("#ob-score-box", "#ob-board"),
         "overstocked": ("#os-final-box", "#os-wh-panel", "#os-players"),
         "overseers": ("#ov-table",), "boss-quest": ("#bq-score", "#bq-knights")}


def toasts(app) -> list:
    return [t.region for t in app.screen.query(Toast) if t.region]


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
@pytest.mark.parametrize("game_id", sorted(SHOWN))
async def test_the_rematch_notice_leaves_the_results_and_the_score_pad_in_sight(
        tmp_path, monkeypatch, game_id, size):
    """On the results, then carried over to the final table (b). (A seeded
    hub: the same match, and the same log's width, every run.)"""
    from host.hub import Hub

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0, seed=4)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    # up until the final table is laid out, however slow the machine
    notify = JoinApp.notify
    monkeypatch.setattr(JoinApp, "notify", lambda app, message, **kw: notify(
        app, message, **{**kw, "timeout": 120}))
    names = ("Ann", "Bob", "Cy")[:max(2, GAMES[game_id].players.start)]
    players = [await Player.connect(path, name) for name in names]
    seats = [{"player": name} for name in names]
    await players[0].send({"create": {"game": game_id, "seats": seats}})
    table = (await players[0].expect("created"))["created"]["table"]
    for seat, player in enumerate(players):
        await player.send({"join": {"table": table, "seat": seat}})
    await play_to_the_end(dict(enumerate(players)), GAMES[game_id], random.Random(2), limit=100_000)
    await players[0].close()  # Ann comes back in the app
    bob = players[1]
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=size, notifications=True) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and app.remote.connected
                       and app.screen.highlighted_id == table)
        await pilot.press("enter")  # the finished match's results
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        await bob.send({"create": {"game": game_id, "seats": seats, "rematch_of": table}})
        created = (await bob.expect("created"))["created"]["table"]
        await bob.send({"join": {"table": created, "seat": 1}})
        await bob.send({"chat": {"table": table, "text": "Rematch?", "kind": "rematch"}})
        await wait_for(pilot, lambda: toasts(app))
        results = app.screen.query_one("#results").region
        (toast,) = toasts(app)
        assert not toast.overlaps(results), (toast, results)
        await pilot.press("b")  # the final table, the notice still up
        await wait_for(pilot, lambda: not isinstance(app.screen, ResultsScreen) and toasts(app)
                       and app.screen.query(SHOWN[game_id][0])
                       and app.screen.query_one(SHOWN[game_id][0]).region)
        shown = [w.region for w in app.screen.query(", ".join(SHOWN[game_id])) if w.display]
        await wait_for(pilot, lambda: toasts(app) and all(
            not t.overlaps(region) for t in toasts(app) for region in shown))
        app.go_home()
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    for player in players[1:]:
        await player.close()
    await hub.close()
