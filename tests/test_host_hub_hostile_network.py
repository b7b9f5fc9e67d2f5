"""The hub against a hostile or broken network peer (resource exhaustion and
timing): a client that never reads gives its backlog back, a client that
never says hello is let go, chat is bounded per player however many
connections they open, and so are commands."""

from __future__ import annotations

import asyncio
import json

from host import hub as hub_module
from host.messages import SeatCommand
from tests.test_host_hub import Player, hub, table_for_two  # noqa: F401  (the fixture)


async def last_lobby(player, refuse: str | None = None):
    """The last lobby `player` was sent once the hub falls quiet (None if
    none); with `refuse`, no error containing it came meanwhile."""
    lobby = None
    for message in await player.until_quiet():
        if refuse is not None:
            assert refuse not in message.get("error", ""), message
        lobby = message.get("lobby", lobby)
    return lobby


async def test_a_client_let_go_for_not_reading_gives_its_backlog_back(hub, monkeypatch):  # noqa: F811
    """Closing a transport waits for its buffer to be written: one whose
    peer never reads kept the whole backlog (and its reading task) for
    ever. The hub drops it at once."""
    monkeypatch.setattr(hub_module, "MAX_UNREAD", 64 * 1024)
    monkeypatch.setattr(hub_module, "LOBBY_SECONDS", 0)  # a lobby for every change
    hub_, path = hub
    hub_.table_pace = hub_module.Pace(10**6, 10**6)  # (churned here on purpose)
    deaf = await Player.connect(path, "deaf")
    deaf.reader._transport.pause_reading()  # reads nothing from now on
    (client,) = [c for c in hub_.clients if c.player == "deaf"]
    talker = await Player.connect(path, "talker")
    create = {"create": {"game": "overboss-duel", "seats": ["open", "open"]}}
    for _ in range(9):
        await talker.send(create)
        await talker.expect("created")
    for _ in range(500):
        await talker.send(create)
        table = (await talker.expect("created"))["created"]["table"]
        await talker.send({"stand": {"table": table}})
        await talker.expect("lobby")
        if client.closed:
            break
    assert client.closed
    await asyncio.sleep(0.1)
    transport = client.writer.transport
    assert transport.get_write_buffer_size() == 0, "the backlog is still held"
    assert transport.get_extra_info("socket") is None or transport.get_extra_info(
        "socket").fileno() == -1, "the socket is still open"
    await talker.close()


async def test_a_client_that_never_says_hello_is_let_go(hub, monkeypatch):  # noqa: F811
    monkeypatch.setattr(hub_module, "HELLO_SECONDS", 0.3)
    hub_, path = hub
    silent = await Player.connect(path, "silent", hello=False)
    half = await Player.connect(path, "half", hello=False)
    half.writer.write(b'{"hello": {"pla')  # half a line, then nothing
    await half.writer.drain()
    await asyncio.sleep(0.05)
    assert len(hub_.clients) == 2
    for stalled in (silent, half):
        line = await asyncio.wait_for(stalled.reader.read(), 3)
        assert b"hello" in line  # told why, then closed (read() returned at EOF)
    await asyncio.sleep(0.05)
    assert not hub_.clients
    # a client that says hello in time stays
    ann = await Player.connect(path, "ann")
    await asyncio.sleep(0.5)
    await ann.send({"lobby": {}})
    assert "lobby" in await ann.expect("lobby")
    await ann.close()


async def test_chat_is_bounded_per_player_not_per_connection(hub):  # noqa: F811
    """Three terminals of one player share the player's five lines in ten
    seconds: opening more connections does not multiply the rate."""
    _, path = hub
    terminals = [await Player.connect(path, "ann") for _ in range(3)]
    listener = await Player.connect(path, "bob")
    for round_ in range(3):
        for terminal in terminals:
            await terminal.send({"chat": {"table": None, "text": f"spam {round_}"}})
    heard = refused = 0
    for player in (*terminals, listener):
        for message in await player.until_quiet():
            if player is listener:
                heard += "chat" in message
            elif "error" in message:
                assert "Slow down" in message["error"]
                refused += 1
    assert heard == hub_module.CHAT_BURST
    assert refused == 9 - hub_module.CHAT_BURST
    for player in (*terminals, listener):
        await player.close()


async def test_lobby_churn_from_one_player_reaches_the_others_coalesced(hub):  # noqa: F811
    """Every change of the lobby sent the whole lobby (up to ~130 kB, ~12 ms
    to build at 190 tables) to every client: one player creating and
    withdrawing tables in a loop, or asking for the lobby in a loop, had
    the hub spend its time on them. Changes close together go out as one
    lobby, and it is the latest."""
    hub_, path = hub
    hub_.table_pace = hub_module.Pace(10**6, 10**6)  # (churned here on purpose)
    mal = await Player.connect(path, "mal")
    others = [await Player.connect(path, f"p{i}") for i in range(3)]
    create = {"create": {"game": "overboss-duel", "seats": ["open", "open"]}}
    loop = asyncio.get_running_loop()
    started = loop.time()
    for _ in range(40):
        await mal.send(create)
        table = (await mal.expect("created"))["created"]["table"]
        await mal.send({"stand": {"table": table}})
    await mal.send(create)  # one table stays
    kept = (await mal.expect("created"))["created"]["table"]
    for _ in range(100):
        await mal.send({"lobby": {}})
    took = loop.time() - started
    await asyncio.sleep(2 * hub_module.LOBBY_SECONDS)
    bound = took / hub_module.LOBBY_SECONDS + 3
    for player in (*others, mal):
        lobbies = [message["lobby"] for message in await player.until_quiet() if "lobby" in message]
        assert lobbies, "the changes reach everyone"
        assert [t["table"] for t in lobbies[-1]] == [kept], "the last lobby is the latest"
        assert len(lobbies) <= bound, (len(lobbies), bound)
    for player in (*others, mal):
        await player.close()


async def test_finished_tables_leave_the_lobby_past_a_bound(hub, monkeypatch):  # noqa: F811
    """Finished tables stayed in the lobby until the hub restarted: played
    out one after another (a quick match against a bot), they grew every
    lobby message past the longest one a client is sent."""
    import random

    from core import GAMES
    from tests.test_host_hub import play_to_the_end

    monkeypatch.setattr(hub_module, "MAX_FINISHED", 2)
    hub_, path = hub
    ann = await Player.connect(path, "ann")
    played = []
    for n in range(4):
        await ann.send({"create": {"game": "overstocked", "seats": ["open", {"bot": "random"}]}})
        table = (await ann.expect("created"))["created"]["table"]
        await ann.send({"join": {"table": table, "seat": 0}})
        await play_to_the_end({0: ann}, GAMES["overstocked"], random.Random(n))
        played.append(table)
    await ann.send({"lobby": {}})
    await asyncio.sleep(2 * hub_module.LOBBY_SECONDS)
    lobby = await last_lobby(ann)
    assert [t["table"] for t in lobby] == played[-2:]  # the newest results stay
    assert list(hub_.tables) == played[-2:]
    await ann.send({"watch": {"table": played[0]}})
    assert "no such table" in (await ann.expect("error"))["error"]
    await ann.close()


async def test_a_lobby_too_long_for_one_message_leaves_tables_out_not_the_lobby(hub, monkeypatch):  # noqa: F811
    """Tables of six seats reserved under long names of wide characters
    (~1.5 kB each) made a full hub's lobby longer than a message may be:
    every player got "A message was too long to send." for the lobby.
    Now the lobby goes, leaving out tables not yet begun before a match
    being played."""
    limit = 8000
    monkeypatch.setattr(hub_module, "MAX_MESSAGE_BYTES", limit)
    _, path = hub
    ann = await Player.connect(path, "ann")
    await ann.send({"create": {"game": "overboss-duel", "seats": ["open", {"bot": "random"}]}})
    playing = (await ann.expect("created"))["created"]["table"]
    await ann.send({"join": {"table": playing, "seat": 0}})
    await ann.expect("update")
    makers = [await Player.connect(path, f"maker{n}") for n in range(2)]
    for n, maker in enumerate(makers):
        for m in range(8):
            seats = [{"player": "\u6f22" * 28 + f"{n}{m}{s}" } for s in range(6)]
            await maker.send({"create": {"game": "overseers", "seats": seats}})
            await maker.expect_any(("created", "error"))
    await asyncio.sleep(2 * hub_module.LOBBY_SECONDS)
    await ann.send({"lobby": {}})
    await asyncio.sleep(2 * hub_module.LOBBY_SECONDS)
    lobby = await last_lobby(ann, refuse="too long")
    assert lobby is not None
    assert len(json.dumps({"lobby": lobby}, separators=(",", ":"), ensure_ascii=False).encode()) < limit
    assert playing in [t["table"] for t in lobby]
    assert 1 < len(lobby) < 17
    for player in (ann, *makers):
        await player.close()


async def test_a_client_sending_lines_in_bulk_does_not_hold_up_the_others(hub, monkeypatch):  # noqa: F811
    """The hub answered a client's lines one after another without giving
    the others a turn while they were already read: a client sending them
    in bulk (each cheap to send, a refusal or a whole table to build) held
    every other table up (another player's round trip went from 1-8 ms to
    140-265 ms). Each line now waits its turn with the others'."""
    hub_, path = hub
    order: list[str] = []
    handle = hub_module.Client.handle

    def recorded(self, line):
        order.append(self.player)
        return handle(self, line)

    monkeypatch.setattr(hub_module.Client, "handle", recorded)
    ann = await Player.connect(path, "ann")
    mal = await Player.connect(path, "mal")

    async def read_all():
        while await mal.reader.read(1 << 20):
            pass

    reading = asyncio.create_task(read_all())
    order.clear()
    mal.writer.write(b'{"hello": {"player": "mal"}}\n' * 6000)
    await asyncio.sleep(0)
    await ann.send({"lobby": {}})
    await ann.expect("lobby")
    assert "ann" in order
    assert order.index("ann") < 300, order.index("ann")
    reading.cancel()
    await ann.close()


async def test_commands_are_bounded_per_player(hub):  # noqa: F811
    """A client taking back (or playing) in a loop had every one journaled
    and redrawn by every app at the table, as fast as it could send. Once
    the player's bucket (COMMAND_BURST, refilled at COMMAND_RATE a second,
    for all their terminals together) is empty, a command is refused as a
    move is (the screen takes keys again), and the other player at the
    table is not held to it."""
    hub_, path = hub
    hub_.command_pace = hub_module.Pace(5, 0.01)  # a bucket of 5, next to no refill
    ann, bob, table = await table_for_two(path)
    undo = {"table": table, "command": {"kind": "undo", "seat": 0}}
    for _ in range(15):
        await ann.send(undo)
    reasons = []
    for message in await ann.until_quiet():
        if "refused" in message:
            assert message["table"] == table
            reasons.append(message["refused"])
    slow = [r for r in reasons if r.startswith("Slow down")]
    assert len(reasons) == 15
    assert len(slow) == 10, reasons
    await bob.send({"table": table, "command": {"kind": "undo", "seat": 1}})
    refusal = (await bob.expect("refused"))["refused"]
    assert "Slow down" not in refusal and "take back" in refusal
    for player in (ann, bob):
        await player.close()


async def test_sitting_watching_and_the_lobby_are_bounded_per_player(hub):  # noqa: F811
    """Each join, watch or lobby request sends a whole update or lobby
    back: a client asking in a loop cost the hub 1.5 ms a line. Past the
    player's bucket (SEAT_BURST, refilled at SEAT_RATE a second) it is
    refused with a reason, and the other player is not held to it."""
    hub_, path = hub
    ann, bob, table = await table_for_two(path)
    hub_.seat_pace = hub_module.Pace(3, 0.01)  # from now: a bucket of 3, next to no refill
    for _ in range(10):
        await ann.send({"watch": {"table": table}})
    errors = [message["error"] for message in await ann.until_quiet() if "error" in message]
    slow = [e for e in errors if e.startswith("Slow down")]
    assert len(errors) == 10 and len(slow) >= 7, errors  # at most the bucket's 3 served
    await bob.send({"lobby": {}})
    assert "lobby" in await bob.expect("lobby")
    for player in (ann, bob):
        await player.close()


async def test_setting_up_withdrawing_and_clearing_tables_are_bounded_per_player(
        hub, caplog):  # noqa: F811
    """A client setting up and withdrawing tables in a loop did 700 to 1400
    a second, each a change of the lobby, half a core. Past the player's
    bucket (TABLE_BURST, refilled at TABLE_RATE a second, for set-ups,
    withdrawals and clears together) each is refused with a reason (a
    set-up's marked, so that the app keeps its form), said once on the
    host's terminal, and another player sets up a table as ever."""
    hub_, path = hub
    hub_.table_pace = hub_module.Pace(4, 0.01)  # a bucket of 4, next to no refill
    mal = await Player.connect(path, "mal")
    create = {"create": {"game": "overboss-duel", "seats": ["open", "open"]}}
    for _ in range(2):
        await mal.send(create)
        table = (await mal.expect("created"))["created"]["table"]
        await mal.send({"stand": {"table": table}})
    for _ in range(3):
        await mal.send(create)
        await mal.send({"stand": {"table": table}})
        await mal.send({"clear": {"table": table}})
    errors = [m for m in await mal.until_quiet() if "error" in m]
    assert len(errors) == 9 and all(e["error"].startswith("Slow down") for e in errors), errors
    assert [e.get("create") for e in errors] == ["refused", None, None] * 3
    assert not [t for t in hub_.tables.values() if t.creator == "mal"]
    slowed = [r for r in caplog.records if "too often" in r.getMessage()]
    assert len(slowed) == 1 and "mal" in slowed[0].getMessage()
    bob = await Player.connect(path, "bob")
    await bob.send(create)
    assert "created" in await bob.expect_any(("created", "error"))
    for player in (mal, bob):
        await player.close()


async def test_the_tables_not_begun_are_written_coalesced(hub, monkeypatch):  # noqa: F811
    """Each table set up or withdrawn rewrote `NOT_KEPT_FILE` whole: ~6 MB
    a second from one client churning. Changes within NOT_KEPT_SECONDS of
    the last write are written as one, the latest, soon after."""
    from saves import store

    monkeypatch.setattr(hub_module, "NOT_KEPT_SECONDS", 0.3, raising=False)
    hub_, path = hub
    hub_.table_pace = hub_module.Pace(10**6, 10**6)
    writes = []
    real_write = store.write_whole

    def counted(target, data):
        if target.name == hub_module.NOT_KEPT_FILE:
            writes.append(json.loads(data))
        real_write(target, data)

    monkeypatch.setattr(store, "write_whole", counted)
    mal = await Player.connect(path, "mal")
    loop = asyncio.get_running_loop()
    started = loop.time()
    for game in ("overboss-duel", "overstocked") * 10:
        await mal.send({"create": {"game": game, "seats": ["open", "open"]}})
        table = (await mal.expect("created"))["created"]["table"]
        await mal.send({"stand": {"table": table}})
    await mal.send({"create": {"game": "boss-quest", "seats": ["open", "open"]}})
    await mal.expect("created")
    took = loop.time() - started
    file = hub_.directory / hub_module.NOT_KEPT_FILE
    for _ in range(100):  # written soon after the last change
        if file.exists() and json.loads(file.read_text()) == {"not kept": {"mal": ["Boss Quest"]}}:
            break
        await asyncio.sleep(0.05)
    assert json.loads(file.read_text()) == {"not kept": {"mal": ["Boss Quest"]}}
    assert len(writes) <= took / 0.3 + 3, (len(writes), took)
    await mal.close()


async def _resigned_against_a_bot(player, hub_) -> str:
    """`player` sets up a table against a bot, sits down and resigns at
    once: the hub's bots play it out. The table's id once it is over."""
    await player.send({"create": {"game": "overboss-duel", "seats": ["open", {"bot": "random"}]}})
    table = (await player.expect("created"))["created"]["table"]
    await player.send({"join": {"table": table, "seat": 0}})
    await player.expect("update")
    await player.send({"resign": {"table": table}})
    for _ in range(400):
        if hub_.tables.get(table) is None or hub_.tables[table].finished:
            return table
        await asyncio.sleep(0.05)
    raise AssertionError("the bots did not play the match out")


async def test_one_players_finished_tables_do_not_push_the_others_out_of_the_lobby(
        hub, monkeypatch):  # noqa: F811
    """Security review: a player setting up a table against bots, sitting
    down and resigning, again and again, had the bots play each out, and
    their finished tables filled the lobby's MAX_FINISHED: another
    player's results left it long before their half hour. Of one
    creator's finished tables the lobby keeps MAX_FINISHED_PER_CREATOR,
    the newest."""
    import random

    from core import GAMES
    from tests.test_host_hub import play_to_the_end

    monkeypatch.setattr(hub_module, "MAX_FINISHED", 4)
    monkeypatch.setattr(hub_module, "MAX_FINISHED_PER_CREATOR", 2, raising=False)
    hub_, path = hub
    ann = await Player.connect(path, "ann")
    await ann.send({"create": {"game": "overstocked", "seats": ["open", {"bot": "random"}]}})
    anns = (await ann.expect("created"))["created"]["table"]
    await ann.send({"join": {"table": anns, "seat": 0}})
    await play_to_the_end({0: ann}, GAMES["overstocked"], random.Random(1))
    mal = await Player.connect(path, "mal")
    mals = [await _resigned_against_a_bot(mal, hub_) for _ in range(4)]
    assert [t.id for t in hub_.tables.values() if t.finished] == [anns, *mals[-2:]]
    await ann.send({"lobby": {}})
    assert anns in [t["table"] for t in (await ann.expect("lobby"))["lobby"]]
    for player in (ann, mal):
        await player.close()


async def test_matches_begun_are_bounded_per_player_an_hour(hub, monkeypatch):  # noqa: F811
    """Each match begun keeps a journal for good, and its bots play it out
    once its person resigns: past MATCHES_PER_HOUR begun at a player's
    tables in an hour, their next set-up is refused with a reason (marked,
    so that the app keeps its form); another player sets up as ever."""
    monkeypatch.setattr(hub_module, "MATCHES_PER_HOUR", 2, raising=False)
    hub_, path = hub
    mal = await Player.connect(path, "mal")
    for _ in range(2):
        await _resigned_against_a_bot(mal, hub_)
    await mal.send({"create": {"game": "overboss-duel", "seats": ["open", {"bot": "random"}]}})
    refusal = await mal.expect_any(("created", "error"))
    assert refusal.get("create") == "refused", refusal
    assert "in the last hour" in refusal["error"] and " min." in refusal["error"]
    bob = await Player.connect(path, "bob")
    await bob.send({"create": {"game": "overboss-duel", "seats": ["open", {"bot": "random"}]}})
    assert "created" in await bob.expect_any(("created", "error"))
    for player in (mal, bob):
        await player.close()


def test_a_pace_refills_at_its_rate():
    pace = hub_module.Pace(3, 0.5)  # three at once, then one in two seconds
    assert [pace.allow("ann", t) for t in (0, 0, 0, 0)] == [True, True, True, False]
    assert pace.allow("bob", 0)  # each player their own
    assert not pace.allow("ann", 1.5)
    assert pace.allow("ann", 2.1) and not pace.allow("ann", 2.2)
    assert pace.allow("ann", 30) and len(pace._left) == 1  # full buckets are forgotten
    assert [pace.allow("cyd", 40) for _ in range(4)] == [True, True, True, False]


def test_a_person_playing_fast_is_never_slowed():
    """Twenty moves a second for as long as a match lasts (faster than any
    person plays) never meets the limit."""
    pace = hub_module.Pace(hub_module.COMMAND_BURST, hub_module.COMMAND_RATE)
    assert all(pace.allow("ann", n / hub_module.COMMAND_RATE) for n in range(5000))


async def test_a_flood_of_connections_is_turned_away_and_the_match_plays_on(hub, caplog):  # noqa: F811
    """Each connection holds one of the process's files: a client opening
    them without end used all of them up, and from then on every move of
    every match was refused ("Could not save...: Too many open files").
    Past the hub's bound a connection is told so and let go; the players
    already there play on, and a place given back is taken again."""
    hub_, path = hub
    hub_.max_clients = 4
    ann, bob, table = await table_for_two(path)
    update = await ann.expect("update")  # (the dealt table: maybe ann's move)
    # every place is a player's (a connection that has not said hello
    # would give its place up: the next test)
    waiting = await Player.connect(path, "dee")
    eve = await Player.connect(path, "eve")  # the fourth: the last place
    turned_away = []
    for _ in range(3):
        late = await Player.connect(path, "eve", hello=False)
        message = await late.read()
        assert "The hub is full" in message["error"]
        assert await late.reader.read() == b"", "the connection was not let go"
        turned_away.append(late)
    assert len(hub_.clients) == 4
    # the hub's log says it once, not once a try (a flood of tries was a flood of lines)
    assert sum("connections already" in r.getMessage() for r in caplog.records) == 1
    # the seated players still play: a move is saved and both see it
    while not update["update"]["legal"]:
        update = await ann.expect_any(("update",))
    match = hub_.tables[table].session.match
    before = len(match.history)
    wire = hub_module.codec(hub_.tables[table].game)
    seen = wire.decode_update(json.dumps(update["update"]))
    command = wire.command_dict(SeatCommand.play(seen.seat, seen.legal[0], seen.seq))
    await ann.send({"command": command, "table": table})
    await bob.expect("update")
    assert len(match.history) > before
    # one leaves: another comes in
    await waiting.close()
    for _ in range(50):
        if len(hub_.clients) < 4:
            break
        await asyncio.sleep(0.02)
    again = await Player.connect(path, "eve")
    assert again.inbox[-1] == {"welcome": {"player": "eve"}}
    for player in (ann, bob, eve, again, *turned_away):
        await player.close()


async def test_a_flood_of_connections_that_say_nothing_keeps_no_player_out(hub, caplog):  # noqa: F811
    """Play-test: 300 connections to the hub's socket that sent nothing
    had a player told "The hub is full (256 connections)" until the first
    of them reached its hello deadline, 30 s later. At the bound a new
    connection ends the oldest one that has not said hello, as the SSH
    front door does: a flood, however often it reopens, ends only its own."""
    hub_, path = hub
    hub_.max_clients = 6
    ann, bob, table = await table_for_two(path)
    await ann.expect("update")
    flood = []
    for _ in range(30):  # five times the places, each connection opened as the last is let go
        flood.append(await Player.connect(path, "mal", hello=False))
    zoe = await Player.connect(path, "zoe")  # welcomed (`connect` waits for it)
    assert zoe.inbox[-1] == {"welcome": {"player": "zoe"}}
    assert len(hub_.clients) <= 6
    assert {c.player for c in hub_.clients if c.player} == {"ann", "bob", "zoe"}
    # the oldest went first, told why; the newest still hold their places
    told = await flood[0].read()
    assert "said nothing" in told["error"], told
    assert await asyncio.wait_for(flood[0].reader.read(), 3) == b"", "not let go"
    assert sum("the oldest that has not said hello" in r.getMessage()
               for r in caplog.records) == 1  # said once, not once a connection
    # the players already there are answered as before
    await ann.send({"lobby": {}})
    await ann.expect("lobby")
    # players take the places the flood still holds; then, with every place
    # a player's, a newcomer is turned away, and no one is ended
    silent = sum(c.player is None for c in hub_.clients)
    assert silent == 3
    fillers = [await Player.connect(path, f"p{i}") for i in range(silent)]
    late = await Player.connect(path, "late", hello=False)
    assert "The hub is full" in (await late.read())["error"]
    assert {c.player for c in hub_.clients} == {"ann", "bob", "zoe", *(f.name for f in fillers)}
    for player in (ann, bob, zoe, late, *fillers, *flood):
        await player.close()


def test_the_connections_served_leave_files_for_the_matches(monkeypatch):
    """The bound on connections leaves room, within the files the process
    may open, for a lock on every table's journal and what else it needs."""
    import resource

    for soft, expected in ((1024, hub_module.MAX_CLIENTS), (512, 512 - hub_module.FDS_KEPT),
                           (256, 8), (resource.RLIM_INFINITY, hub_module.MAX_CLIENTS)):
        monkeypatch.setattr(resource, "getrlimit", lambda _, soft=soft: (soft, soft))
        assert hub_module.client_limit() == expected


def test_a_hub_stopped_with_clients_connected_reports_no_error(tmp_path):
    """Ctrl+C on a hub with players connected printed three tracebacks per
    connection ("Unhandled exception in client_connected_cb", a
    CancelledError) before "The hub has stopped": each connection's task
    ended cancelled, which Python 3.11's server callback takes for an error."""
    errors: list = []

    async def main() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _, context: errors.append(context))
        hub_ = hub_module.Hub(tmp_path / "matches", bot_delay=0)
        path = tmp_path / "run" / "hub.sock"
        await hub_.serve(path)
        await Player.connect(path, "ann")
        silent = await Player.connect(path, "bob", hello=False)
        silent.writer.write(b'{"hello": {"pla')  # half a line
        await silent.writer.drain()
        await asyncio.sleep(0.05)
        await hub_.close()
        # the run ends with each connection's task still reading, as at Ctrl+C

    asyncio.run(main())
    assert not errors, [context.get("message") for context in errors]


async def test_a_name_holds_a_few_connections_not_the_whole_hub(hub, monkeypatch):  # noqa: F811
    """Connections that said hello and then nothing stayed for ever: 256 of
    them under five names filled the hub ("The hub is full") for everyone.
    A name holds at most `MAX_CONNECTIONS_PER_PLAYER`; one more is refused
    in words, and falls to the hello deadline like any that never said hello."""
    monkeypatch.setattr(hub_module, "HELLO_SECONDS", 0.5)
    hub_, path = hub
    most = hub_module.MAX_CONNECTIONS_PER_PLAYER
    held = [await Player.connect(path, "ann") for _ in range(most)]  # each welcomed
    extra = await Player.connect(path, "ann", hello=False)
    await extra.send({"hello": {"player": "ann"}})
    refused = await extra.expect("error")
    assert refused["hello"] == "refused"
    assert f"{most} connections" in refused["error"] and "close one" in refused["error"]
    assert await asyncio.wait_for(extra.reader.read(), 3) is not None  # let go in time
    await asyncio.sleep(0.05)
    assert len(hub_.clients) == most
    # another name is not held up; and a place ann gives back is hers again
    zoe = await Player.connect(path, "zoe")
    await held.pop().close()
    await asyncio.sleep(0.05)
    again = await Player.connect(path, "ann")
    for player in (*held, zoe, again):
        await player.close()


async def test_clients_gone_at_once_are_written_nothing_after_their_end(hub, caplog):  # noqa: F811
    """Play-test of `overtable host`: Ctrl+C with three players seated and
    one watching printed "socket.send() raised exception." on the host's
    terminal. Their apps ended at once, and as the hub read one's end it
    told the others (away, stopped watching) before it had read theirs:
    asyncio warns at each write past the fifth to a connection gone. The
    hub writes nothing to a client whose transport is closing."""
    import logging

    caplog.set_level(logging.WARNING, logger="asyncio")
    hub_, path = hub
    ann, bob, cy, dee = [await Player.connect(path, name) for name in ("ann", "bob", "cy", "dee")]
    await ann.send({"create": {"game": "overseers",
                               "seats": ["open", {"player": "bob"}, {"player": "cy"}]}})
    table = (await ann.expect("created"))["created"]["table"]
    for seat, player in enumerate((ann, bob, cy)):
        await player.send({"join": {"table": table, "seat": seat}})
    await cy.expect("update")
    await dee.send({"watch": {"table": table}})
    await dee.expect("update")
    for player in (ann, bob, cy, dee):  # each app ended at once (SIGHUP)
        player.writer.transport.abort()
    for _ in range(100):
        if not hub_.clients:
            break
        await asyncio.sleep(0.02)
    assert not hub_.clients
    said = [r.getMessage() for r in caplog.records if r.name == "asyncio"]
    assert not said, said
