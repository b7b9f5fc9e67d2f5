"""The boxes a player put away at a shared table, kept by the hub.

Play-test (shared tables): a box up over the table when its player left
with q (Overseers' round end, what the vote did; Boss Quest's combat) did
not come back when they sat down there again; at one terminal it does
(saves/store.py `HERE_SUFFIX`). A player's screen tells the hub how many
boxes of each kind they put away (`{"put_away": ...}`); the hub keeps it
per seat beside the journal and gives it back, to that player alone, as
they sit down there again (before the table's first update), also after a
restart. What a client sends, and what the file holds, is read as hostile.
"""

from __future__ import annotations

import asyncio
import json

from host.hub import Hub
from host.messages import SeatCommand
from host.wire import codec
from tests.test_host_hub import Player


async def _first_of(player: Player, keys: tuple[str, ...]) -> dict:
    return await player.expect_any(keys)


async def test_boxes_put_away_come_back_to_their_player_alone_also_after_a_restart(tmp_path):
    from core import GAMES

    directory = tmp_path / "matches"
    path = tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    await hub.serve(path)
    ann = await Player.connect(path, "ann")
    bob = await Player.connect(path, "bob")
    await ann.send({"create": {"game": "overseers",
                               "seats": ["open", {"player": "bob"}, {"bot": "random"}]}})
    table = (await ann.expect("created"))["created"]["table"]
    await ann.send({"join": {"table": table, "seat": 0}})
    await bob.send({"join": {"table": table, "seat": 1}})
    await ann.expect("update")
    await bob.expect("update")
    await ann.send({"put_away": {"table": table, "kind": "rounds", "count": 1}})
    await ann.send({"put_away": {"table": table, "kind": "votes", "count": 2}})
    # hostile or wrong: each refused, nothing kept of it
    for bad in ({"kind": "rounds", "count": -1}, {"kind": "rounds", "count": True},
                {"kind": "x" * 33, "count": 1}, {"kind": "a\nb", "count": 1},
                {"kind": 3, "count": 1}, {"kind": "rounds", "count": 10**9}):
        await ann.send({"put_away": {"table": table, **bad}})
        assert "error" in await ann.expect("error")
    for kind in range(6):  # at most 8 kinds a seat
        await ann.send({"put_away": {"table": table, "kind": f"k{kind}", "count": 0}})
    await ann.send({"put_away": {"table": table, "kind": "one too many", "count": 0}})
    assert "error" in await ann.expect("error")
    await asyncio.sleep(0.1)
    kept = {"rounds": 1, "votes": 2, **{f"k{kind}": 0 for kind in range(6)}}
    # ann leaves the table (q) and sits down again: hers come back first
    wire = codec(GAMES["overseers"])
    await ann.send({"table": table, "command": wire.command_dict(SeatCommand.leave(0))})
    await ann.until_quiet(0.2)
    await ann.send({"join": {"table": table, "seat": 0}})
    first = await _first_of(ann, ("put_away", "update"))
    assert first == {"put_away": {"table": table, "kinds": kept}}, json.dumps(first)
    # bob's are his: he put none away, and is told none of ann's
    await bob.send({"table": table, "command": wire.command_dict(SeatCommand.leave(1))})
    await bob.until_quiet(0.2)
    await bob.send({"join": {"table": table, "seat": 1}})
    assert "put_away" not in await _first_of(bob, ("put_away", "update"))
    assert not any("put_away" in m for m in bob.inbox)
    match_id = hub.tables[table].session.match.header.match_id
    journal = hub.tables[table].session.match.path
    await ann.close()
    await bob.close()
    await hub.close()
    # kept beside the journal: a restarted hub gives them back
    again = Hub(directory, bot_delay=0)
    assert again.resume_all() == [match_id]
    await again.serve(path)
    back = await Player.connect(path, "ann")
    first = await _first_of(back, ("put_away", "update"))
    assert first == {"put_away": {"table": match_id, "kinds": kept}}
    await back.close()
    await again.close()
    # a damaged file: what is not as the hub keeps it is left out, the rest kept
    file = journal.with_suffix(".table.json")
    data = json.loads(file.read_text())
    data["put_away"] = [[0, {"rounds": 1, "votes": "2", "x" * 40: 1}], [1, {"rounds": -3}],
                        [2, {"rounds": 1}], ["0", {"rounds": 1}], [0, "rounds"]]
    file.write_text(json.dumps(data))
    third = Hub(directory, bot_delay=0)
    third.resume_all()
    assert third.tables[match_id].put_away == {0: {"rounds": 1}}


async def step(pilot, screen) -> None:
    """`people_play`, but a moment's wait while the screen has not yet
    focused the decision it was just sent (a loaded machine lags a frame)."""
    from tests.test_tui_overseers_hotseat import people_play
    from tui.screens.overseers import OverseersScreen

    if isinstance(screen, OverseersScreen) and screen.update and screen.update.legal:
        hand, bar = screen.query_one("#ov-hand"), screen.query_one("#ov-actions")
        if not (hand.has_focus or bar.has_focus):
            await pilot.pause(0.02)
            return
    await people_play(pilot, screen)


async def test_a_round_end_left_unread_with_q_at_a_shared_table_comes_back(shared_hub):
    """Overseers at a shared table, Ann with two bots: round 1's end is up
    over her table (README, one terminal: "one left unread when the match
    was left comes back first when it is continued"); she leaves with q
    and sits down there again from the lobby: the box is up again, first.
    Put away (Enter), it does not come back the next time."""
    from tests.screen_kit import screen_text
    from tests.test_tui_join import wait_for
    from tui.join import JoinApp
    from tui.screens.ending import EndingScreen
    from tui.screens.lobby import LobbyScreen
    from tui.screens.overseers import OverseersScreen

    hub, path = shared_hub
    app = JoinApp(path, "Ann", theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.remote.connected)
        app.new_match("overseers", [app.seat("Ann", "human"), app.seat("B", "bot", "random"),
                                    app.seat("C", "bot", "random")])
        for _ in range(4000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, EndingScreen) and " ended" in screen.title_text:
                break
            await step(pilot, screen)
        else:
            raise AssertionError("round 1 did not end")
        title = app.screen.title_text
        assert title == "Round 1 ended · Ann's view"
        assert "q Lobby" in screen_text(app).splitlines()[-1]

        async def q_and_back() -> None:
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: not isinstance(app.screen, LobbyScreen))
            for _ in range(10):
                await pilot.pause()

        await q_and_back()
        assert isinstance(app.screen, EndingScreen), screen_text(app)
        assert app.screen.title_text == title
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        await q_and_back()  # read: round 2's draft at once
        assert isinstance(app.screen, OverseersScreen), screen_text(app)
