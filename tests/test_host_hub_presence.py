"""What a shared table tells its players of each other besides the match:
a player reading a box (a round's end, the vote, F1) is reading, not
choosing; and a table not begun that a crashed hub lost is told to its
creator as one a stopped hub lost is."""

from __future__ import annotations

import asyncio
import json
import signal
from typing import Any

import pytest

from core import GAMES
from host.hub import NOT_KEPT_FILE, Hub
from host.messages import SeatCommand, SeatUpdate
from host.session import Session
from host.wire import codec
from saves.journal import PlayerSpec
from saves.match import Match
from tests.hub_kit import hub_process
from tests.test_host_hub import Player, table_for_two


class Holder:
    def __init__(self) -> None:
        self.updates: list[SeatUpdate] = []

    def receive(self, update: SeatUpdate) -> None:
        self.updates.append(update)


def _session(tmp_path: Any) -> Session:
    match = Match.new("overboss-duel", [PlayerSpec("ann", "human"), PlayerSpec("bob", "human")],
                      GAMES["overboss-duel"].Options(), directory=tmp_path)
    return Session(match, seed=1)


def test_a_seat_reading_a_box_is_told_to_every_holder_and_forgotten_as_it_goes(tmp_path):
    session = _session(tmp_path)
    ann, bob, watcher = Holder(), Holder(), Holder()
    ann_link = session.connect(ann, {0}, kind="remote")
    session.connect(bob, {1}, kind="remote")
    session.connect(watcher, spectate=True, kind="remote")
    session.start()
    assert bob.updates[-1].reading == frozenset()
    seq = bob.updates[-1].seq
    session.set_reading(ann_link, True)
    for holder in (ann, bob, watcher):
        assert holder.updates[-1].reading == frozenset({0})
    assert bob.updates[-1].seq == seq  # presence, not a change of the match
    sent = len(bob.updates)
    session.set_reading(ann_link, True)  # the same again: nothing sent
    assert len(bob.updates) == sent
    session.set_reading(ann_link, False)
    assert bob.updates[-1].reading == frozenset()
    session.set_reading(ann_link, True)
    session.disconnect(ann_link)  # gone while reading: away, not reading
    assert bob.updates[-1].reading == frozenset()
    session.close()


def test_a_spectator_reading_is_nobody_s_news(tmp_path):
    session = _session(tmp_path)
    bob, watcher = Holder(), Holder()
    session.connect(bob, {1}, kind="remote")
    link = session.connect(watcher, spectate=True, kind="remote")
    session.start()
    sent = len(bob.updates)
    session.set_reading(link, True)
    assert len(bob.updates) == sent
    session.close()


def test_reading_round_trips_and_a_seat_out_of_range_is_refused(tmp_path):
    session = _session(tmp_path)
    holder = Holder()
    link = session.connect(holder, {0}, kind="remote")
    session.start()
    session.set_reading(link, True)
    wire = codec(GAMES["overboss-duel"])
    update = holder.updates[-1]
    raw = wire.update_dict(update)
    assert raw["reading"] == [0]
    assert wire.update_from_dict(json.loads(json.dumps(raw))) == update
    for bad in ([7], [0, 0], "0", [True], [-1]):
        with pytest.raises(ValueError):
            wire.update_from_dict({**raw, "reading": bad})
    session.close()


@pytest.fixture
async def hub(tmp_path):
    hub = Hub(tmp_path / "matches", bot_delay=0, seed=3)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    yield hub, path
    await hub.close()


async def test_a_player_reading_a_box_is_reading_at_the_others_screens(hub):
    """Play-test: at a shared table, a player reading a box (Boss Quest's
    combat, Overseers' vote, F1) read as "choosing…" to the others. The
    app tells the hub (`reading`), and every screen of the table hears it
    with the seat's update, as it hears who is away."""
    hub_, path = hub
    ann, bob, table = await table_for_two(path)
    cy = await Player.connect(path, "cy")
    await cy.send({"watch": {"table": table}})
    for player in (ann, bob, cy):
        await player.until_quiet()

    async def reading_at(player: Player) -> list:
        return [m["update"].get("reading") for m in await player.until_quiet() if "update" in m]

    await ann.send({"reading": {"table": table, "on": True}})
    assert await reading_at(bob) == [[0]]
    assert await reading_at(cy) == [[0]]
    await ann.send({"reading": {"table": table, "on": False}})
    assert await reading_at(bob) == [[]]
    # a watcher reads unseen; a table not theirs, a body of the wrong shape: refused
    await cy.send({"reading": {"table": table, "on": True}})
    assert await reading_at(bob) == []
    await ann.send({"reading": {"table": table, "on": "yes"}})
    assert "error" in await ann.expect("error")
    await ann.send({"reading": {"table": "nope", "on": True}})
    assert "error" in await ann.expect("error")
    assert await reading_at(bob) == []
    for player in (ann, bob, cy):
        await player.close()


async def test_a_table_not_begun_as_the_hub_is_killed_is_told_to_its_creator(tmp_path):
    """A table not begun as the host stopped was told to its creator on
    their next login, but only after a clean stop: killed (kill -9), the
    hub left no record. The hub keeps its tables not begun on disk as they
    are set up, and forgets each as it begins or is withdrawn."""
    path, start = hub_process(tmp_path)

    proc = await start()
    try:
        ann = await Player.connect(path, "ann")
        bob = await Player.connect(path, "bob")
        # one begun (resumed after the kill), one withdrawn, one waiting
        await ann.send({"create": {"game": "overboss-duel",
                                   "seats": [{"player": "ann"}, {"bot": "random"}]}})
        begun = (await ann.expect("created"))["created"]["table"]
        await ann.send({"join": {"table": begun, "seat": 0}})
        await ann.expect("update")
        await ann.send({"create": {"game": "overseers",
                                   "seats": [{"player": "ann"}, "open", {"bot": "random"}]}})
        withdrawn = (await ann.expect("created"))["created"]["table"]
        await ann.send({"stand": {"table": withdrawn}})
        await ann.send({"create": {"game": "boss-quest", "seats": [{"player": "ann"}, "open"]}})
        await ann.expect("created")
        await bob.send({"create": {"game": "overstocked", "seats": [{"player": "bob"}, "open"]}})
        await bob.expect("created")
        for player in (ann, bob):
            await player.until_quiet()
        # written within NOT_KEPT_SECONDS of the last change (kill -9 loses
        # at most that last second)
        kept = tmp_path / "shared" / NOT_KEPT_FILE
        for _ in range(100):
            if kept.exists() and "Overstocked" in kept.read_text():  # (the last change)
                break
            await asyncio.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc = await start()
        told = {}
        for name in ("ann", "bob", "cy"):
            back = await Player.connect(path, name, hello=False)
            await back.send({"hello": {"player": name}})
            told[name] = (await back.expect("welcome"))["welcome"].get("not kept")
            await back.close()
        assert told == {"ann": ["Boss Quest"], "bob": ["Overstocked"], "cy": None}
        # told once, a crash after it too
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        proc = await start()
        back = await Player.connect(path, "ann", hello=False)
        await back.send({"hello": {"player": "ann"}})
        assert "not kept" not in (await back.expect("welcome"))["welcome"]
        await back.close()
    finally:
        proc.kill()
        proc.wait()


def _seat_of(listing: list, match_id: str, name: str) -> dict:
    """`name`'s seat in the lobby `listing`'s entry of the match `match_id`."""
    (entry,) = [t for t in listing if t["match"] == match_id]
    (seat,) = [s for s in entry["seats"] if s.get("player") == name]
    return seat


async def test_after_a_restart_a_player_is_present_only_where_a_terminal_of_theirs_is(tmp_path):
    """Play-test over SSH: fay played Overstocked #1 (with a bot) in one
    terminal and Overstocked #2 (with ann) in another. After the host was
    stopped and started again, one terminal of fay's connected: it was
    seated at both tables (its screen showed one, the other held under it),
    so eve's lobby listed fay present at both, ann's screen named her
    without "(away)" and the match waited on her unsaid, its "a bot plays"
    clock never started. A connection is brought back to one table, the
    one its player sat down at last; her seat at the other is away (said
    to the others, its clock counting), until another terminal of hers
    connects: it comes back there."""
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    first = Hub(directory, bot_delay=0, seed=3)
    await first.serve(path)
    fay_two = await Player.connect(path, "fay")
    ann = await Player.connect(path, "ann")
    await fay_two.send({"create": {"game": "overstocked", "seats": ["open", {"player": "ann"}],
                                   "away_bot": 60}})
    with_ann = (await fay_two.expect("created"))["created"]["table"]
    await fay_two.send({"join": {"table": with_ann, "seat": 0}})
    await ann.send({"join": {"table": with_ann, "seat": 1}})
    await fay_two.expect("update")
    fay_one = await Player.connect(path, "fay")  # the terminal she sat down from last
    await fay_one.send({"create": {"game": "overstocked", "seats": ["open", {"bot": "random"}]}})
    with_bot = (await fay_one.expect("created"))["created"]["table"]
    await fay_one.send({"join": {"table": with_bot, "seat": 0}})
    await fay_one.expect("update")
    ids = {t: first.tables[t].session.match.header.match_id for t in (with_ann, with_bot)}
    to_act = first.tables[with_ann].game.to_act(first.tables[with_ann].session.match.state)
    assert 0 in to_act, "fay owes a decision at ann's table (else its clock cannot start)"
    for player in (fay_one, fay_two, ann):
        await player.until_quiet()
    await first.close()
    again = Hub(directory, bot_delay=0)
    assert sorted(again.resume_all()) == sorted(ids.values())
    await again.serve(path)
    try:
        ann = await Player.connect(path, "ann")
        fay = await Player.connect(path, "fay")
        fay_tables = {m["table"] for m in await fay.until_quiet() if "update" in m}
        assert fay_tables == {ids[with_bot]}, "one terminal is at one table"
        eve = await Player.connect(path, "eve")
        listing = (await eve.expect("lobby"))["lobby"]
        assert _seat_of(listing, ids[with_bot], "fay")["away"] is False
        away = _seat_of(listing, ids[with_ann], "fay")
        assert away["away"] is True, away
        assert away.get("bot_in", 0) > 30, "the bot's clock counts for the away seat"
        names = [m["update"]["names"] for m in await ann.until_quiet()
                 if m.get("table") == ids[with_ann] and "update" in m]
        assert names and names[-1][0] == "fay (away)", names
        # her other terminal connects: it comes back to the other table
        fay_again = await Player.connect(path, "fay")
        assert {m["table"] for m in await fay_again.until_quiet()
                if "update" in m} == {ids[with_ann]}
        await eve.send({"lobby": {}})
        listing = (await eve.expect("lobby"))["lobby"]
        assert _seat_of(listing, ids[with_ann], "fay")["away"] is False
        assert not again.tables[ids[with_ann]].timers
        for player in (ann, fay, eve, fay_again):
            await player.close()
    finally:
        await again.close()


async def test_a_connection_comes_back_to_the_table_sat_at_last_across_a_restart(tmp_path):
    """Which table one connection comes back to is the one its player sat
    down at last, kept beside the journals (not the one set up last)."""
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    first = Hub(directory, bot_delay=0, seed=3)
    await first.serve(path)
    terminals = {}
    for name in ("older", "newer"):
        fay = terminals[name] = await Player.connect(path, "fay")
        await fay.send({"create": {"game": "overstocked", "seats": ["open", {"bot": "random"}]}})
        terminals[name + " table"] = (await fay.expect("created"))["created"]["table"]
        await fay.send({"join": {"table": terminals[name + " table"], "seat": 0}})
        await fay.expect("update")
    # the older table's terminal leaves it for the lobby and sits down there again
    older, table = terminals["older"], terminals["older table"]
    leave = codec(GAMES["overstocked"]).command_dict(SeatCommand.leave(0))
    await older.send({"command": leave, "table": table})
    await older.until_quiet()
    await older.send({"join": {"table": table, "seat": 0}})
    await older.expect("update")
    ids = {t: first.tables[t].session.match.header.match_id
           for t in (terminals["older table"], terminals["newer table"])}
    await first.close()
    again = Hub(directory, bot_delay=0)
    again.resume_all()
    await again.serve(path)
    try:
        fay = await Player.connect(path, "fay")
        assert {m["table"] for m in await fay.until_quiet() if "update" in m} == {
            ids[terminals["older table"]]}
        await fay.close()
    finally:
        await again.close()


async def test_a_table_that_begins_while_its_player_plays_another_finds_them_away(hub):
    """Ann sat down at two tables not begun, one waiting for bob, the other
    for cy. Each began as its last player sat down, and each was brought to
    her one terminal: the second's screen opened over the first, which was
    then held under it (listed present, its match waiting on her unsaid).
    A table that begins while a terminal of hers plays another begins with
    her away there: the lobby tells her turn there, and Enter takes it."""
    hub_, path = hub
    ann = await Player.connect(path, "ann")
    bob = await Player.connect(path, "bob")
    cy = await Player.connect(path, "cy")
    tables = {}
    for other in ("bob", "cy"):
        await ann.send({"create": {"game": "overstocked",
                                   "seats": [{"player": "ann"}, {"player": other}]}})
        tables[other] = (await ann.expect("created"))["created"]["table"]
        await ann.send({"join": {"table": tables[other], "seat": 0}})
    await ann.until_quiet()
    await bob.send({"join": {"table": tables["bob"], "seat": 1}})
    assert {m["table"] for m in await ann.until_quiet() if "update" in m} == {tables["bob"]}
    await cy.send({"join": {"table": tables["cy"], "seat": 1}})
    assert not [m for m in await ann.until_quiet() if "update" in m]
    assert hub_.tables[tables["cy"]].session.holder_of(0) is None
    names = [m["update"]["names"] for m in await cy.until_quiet() if "update" in m]
    assert names[-1][0] == "ann (away)", names
    # in the lobby, Enter sits her down there
    leave = codec(GAMES["overstocked"]).command_dict(SeatCommand.leave(0))
    await ann.send({"command": leave, "table": tables["bob"]})
    await ann.send({"join": {"table": tables["cy"], "seat": 0}})
    assert (await ann.expect("update"))["table"] == tables["cy"]
    assert hub_.tables[tables["cy"]].session.holder_of(0) is not None
    for player in (ann, bob, cy):
        await player.close()
