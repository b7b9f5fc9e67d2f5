"""The shared tables' chat survives a restart of the host: a begun table's
last `KEEP_CHAT` lines are kept beside its journal (`<journal>.chat.json`),
the lobby's in the shared matches' directory, and a restarted hub reads
them back, under the resumed table's id, marked earlier. A chat file is
read as hostile as the network (a damaged one: the chat starts empty, the
match is still resumed)."""

from __future__ import annotations

import asyncio
import json
import os
import random

import pytest

from core import GAMES
from host.hub import KEEP_CHAT, LOBBY_CHAT_FILE, MAX_CHAT_FILE, Hub
from host.messages import MAX_CHAT, Pace
from tests.test_host_hub import Player, _hub_journal, play_to_the_end, table_for_two

#: the match id of `_hub_journal`'s journal
JOURNAL_ID = "f8e7227e48ab4926ae47760a39c74512"


def said(messages: list[dict]) -> list[tuple]:
    return [(m["chat"]["table"], m["chat"]["from"], m["chat"]["text"], m["chat"].get("earlier"))
            for m in messages if "chat" in m]


async def test_a_restarted_hub_gives_back_each_table_s_talk_and_the_lobby_s(tmp_path):
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    await hub.serve(path)
    ann, bob, table = await table_for_two(path)
    await ann.until_quiet()
    for who, where, text in ((ann, table, "good luck"), (bob, table, "you too"),
                             (ann, None, "anyone for Overseers?")):
        await who.send({"chat": {"table": where, "text": text}})
        await ann.expect("chat")
    match = hub.tables[table].session.match
    journal, moves = match.path, len(match.history)
    kept = json.loads(journal.with_suffix(".chat.json").read_text())
    # kept without the table's id: a resumed table has its journal's
    assert "table" not in json.dumps(kept)
    await hub.close()

    again = Hub(directory, bot_delay=0)
    assert again.resume_all() == [match.header.match_id]
    resumed = match.header.match_id
    assert resumed != table  # (a new table's id is not its journal's)
    await again.serve(path)
    try:
        back = await Player.connect(path, "bob")
        heard = await back.until_quiet()
        assert said(heard) == [(resumed, "ann", "good luck", True),
                               (resumed, "bob", "you too", True),
                               (None, "ann", "anyone for Overseers?", True)]
        # each table line keeps the moves it was said at (Overseers files
        # table talk under its round)
        assert [m["chat"].get("moves") for m in heard if "chat" in m] == [moves, moves, None]
        # and the talk goes on from there, kept with what came before
        await back.send({"chat": {"table": resumed, "text": "back again"}})
        await back.expect("chat")
        texts = [line["text"] for line in
                 json.loads(journal.with_suffix(".chat.json").read_text())["chat"]]
        assert texts == ["good luck", "you too", "back again"]
    finally:
        await again.close()


async def test_what_is_said_before_the_match_begins_is_kept_once_it_begins(tmp_path):
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    await hub.serve(path)
    try:
        ann = await Player.connect(path, "ann")
        bob = await Player.connect(path, "bob")
        await ann.send({"create": {"game": "overboss-duel", "seats": ["open", "open"]}})
        table = (await ann.expect("created"))["created"]["table"]
        await ann.send({"join": {"table": table, "seat": 0}})
        await ann.send({"chat": {"table": table, "text": "who is in?"}})
        await ann.expect("chat")
        assert list(directory.glob("*.chat.json")) == []  # no journal yet: nothing kept
        await bob.send({"join": {"table": table, "seat": 1}})
        await bob.expect("update")
        journal = hub.tables[table].session.match.path
        kept = json.loads(journal.with_suffix(".chat.json").read_text())
        assert kept == {"chat": [{"from": "ann", "text": "who is in?", "moves": 0}]}
    finally:
        await hub.close()


async def test_the_kept_chat_holds_the_last_lines_only_and_is_private(tmp_path):
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    hub.chat_pace = Pace(1000, 1000.0)
    await hub.serve(path)
    try:
        ann, _, table = await table_for_two(path)
        for n in range(KEEP_CHAT + 5):
            await ann.send({"chat": {"table": table, "text": f"line {n}"}})
            await ann.send({"chat": {"table": None, "text": f"lobby {n}"}})
        await ann.until_quiet()
        journal = hub.tables[table].session.match.path
        for file, word in ((journal.with_suffix(".chat.json"), "line"),
                           (directory / LOBBY_CHAT_FILE, "lobby")):
            lines = json.loads(file.read_text())["chat"]
            assert [line["text"] for line in lines] == [
                f"{word} {n}" for n in range(5, KEEP_CHAT + 5)]
            assert os.stat(file).st_mode & 0o077 == 0  # what players said: the host's alone
        # no temporary file is left behind
        assert sorted(p.name for p in directory.iterdir() if p.name.startswith(".")) == []
    finally:
        await hub.close()


def _chat_file(directory) -> os.PathLike:
    return directory / "j.chat.json"


@pytest.mark.parametrize("kind", ["garbage", "nested", "huge", "directory", "fifo",
                                  "not-utf8", "a-list", "no-lines", "nan"])
def test_a_damaged_chat_file_starts_the_chat_empty_and_the_match_still_resumes(
        tmp_path, caplog, kind):
    directory = tmp_path / "matches"
    _hub_journal(directory, "j.jsonl", "ann")
    for path in (_chat_file(directory), directory / LOBBY_CHAT_FILE):
        if kind == "garbage":
            path.write_bytes(os.urandom(2000))
        elif kind == "nested":  # RecursionError, not a hub that does not start
            path.write_text('{"chat": ' + "[" * 100_000 + "]" * 100_000 + "}")
        elif kind == "huge":
            line = {"from": "ann", "text": "x"}
            path.write_text(json.dumps({"chat": [line] * (MAX_CHAT_FILE // 10)}))
        elif kind == "directory":
            path.mkdir()
        elif kind == "fifo":  # a pipe there must not stall the hub's start
            os.mkfifo(path)
        elif kind == "not-utf8":
            path.write_bytes(b'{"chat": [{"from": "ann", "text": "\xff"}]}')
        elif kind == "a-list":
            path.write_text(json.dumps([{"from": "ann", "text": "hi"}]))
        elif kind == "no-lines":
            path.write_text(json.dumps({"chat": "hi"}))
        else:
            path.write_text('{"chat": [{"from": "ann", "text": "hi", "moves": NaN}]}')
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert hub.resume_all() == [JOURNAL_ID]
    try:
        assert list(hub.tables[JOURNAL_ID].chat.lines) == []
        assert list(hub.lobby_chat.lines) == []
        said_ = "".join(record.getMessage() for record in caplog.records)
        assert "j.chat.json" in said_ and LOBBY_CHAT_FILE in said_
    finally:
        hub.tables[JOURNAL_ID].session.close()


def test_each_line_read_back_is_checked_as_if_it_came_from_the_network(tmp_path, caplog):
    directory = tmp_path / "matches"
    _hub_journal(directory, "j.jsonl", "ann")
    good = {"from": "bob", "text": "fine", "moves": 3}
    lines = [
        {"from": "ann", "text": "first", "moves": 2, "table": "elsewhere", "earlier": False},
        {"from": "ann", "text": "no moves", "moves": -1},  # moves dropped
        {"from": "ann", "text": "odd moves", "moves": "3"},  # moves dropped
        {"from": "ann", "text": "bool moves", "moves": True},  # moves dropped
        {"from": "ann", "text": ""},
        {"from": "ann", "text": "   "},
        {"from": "ann", "text": "x" * (MAX_CHAT + 1)},
        {"from": "ann", "text": "\x1b[2Jwiped"},  # an escape sequence: not printable
        {"from": "ann", "text": 7},
        {"from": "a[b]", "text": "markup in a name"},
        {"from": "y" * 100, "text": "long name"},
        {"from": "", "text": "nobody"},
        {"from": 5, "text": "a number"},
        {"text": "no one"},
        "a string",
        None,
        good,
    ]
    _chat_file(directory).write_text(json.dumps({"chat": lines}))
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert hub.resume_all() == [JOURNAL_ID]
    try:
        kept = [line for _, line in hub.tables[JOURNAL_ID].chat.lines]
        assert kept == [
            {"table": JOURNAL_ID, "from": "ann", "text": "first", "moves": 2},
            {"table": JOURNAL_ID, "from": "ann", "text": "no moves"},
            {"table": JOURNAL_ID, "from": "ann", "text": "odd moves"},
            {"table": JOURNAL_ID, "from": "ann", "text": "bool moves"},
            {"table": JOURNAL_ID, "from": "bob", "text": "fine", "moves": 3},
        ]
        assert "j.chat.json" in "".join(record.getMessage() for record in caplog.records)
    finally:
        hub.tables[JOURNAL_ID].session.close()


def test_more_lines_than_kept_read_back_as_the_last_ones_and_the_lobby_has_no_moves(tmp_path):
    directory = tmp_path / "matches"
    directory.mkdir()
    lines = [{"from": "ann", "text": f"lobby {n}", "moves": n} for n in range(KEEP_CHAT + 9)]
    (directory / LOBBY_CHAT_FILE).write_text(json.dumps({"chat": lines}))
    hub = Hub(directory, bot_delay=0)
    assert hub.resume_all() == []
    kept = [line for _, line in hub.lobby_chat.lines]
    assert kept == [{"table": None, "from": "ann", "text": f"lobby {n}"}
                    for n in range(9, KEEP_CHAT + 9)]
    assert hub.lobby_chat.said == KEEP_CHAT


async def test_a_chat_that_cannot_be_kept_goes_on_in_memory(tmp_path, caplog, monkeypatch):
    import errno

    import host.hub

    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    await hub.serve(path)
    try:
        ann, bob, table = await table_for_two(path)

        def disk_full(*args, **kwargs):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(host.hub.os, "replace", disk_full)
        with caplog.at_level("WARNING", logger="host.hub"):
            for text in ("one", "two"):
                await ann.send({"chat": {"table": table, "text": text}})
                assert (await bob.expect("chat"))["chat"]["text"] == text
            await ann.send({"chat": {"table": None, "text": "lobby"}})
            assert (await bob.expect("chat"))["chat"]["text"] == "lobby"
        said_ = [record.getMessage() for record in caplog.records]
        # said once for the table (and once for the lobby), not at every line
        # (the table's settings, written the same way, fail on their own line)
        assert sum("chat goes on unkept" in s and "No space left" in s for s in said_) == 2
        assert [line["text"] for _, line in hub.tables[table].chat.lines] == ["one", "two"]
        assert sorted(p.name for p in directory.iterdir() if p.name.endswith(".tmp")) == []
    finally:
        await hub.close()


async def test_a_finished_table_s_talk_goes_when_it_leaves_the_lobby(tmp_path):
    # a finished match is never resumed, and the saved matches show no chat
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=3)
    await hub.serve(path)
    try:
        ann, bob, table = await table_for_two(path)
        while hub.tables[table].session is None:  # (both sit down: the match begins)
            await asyncio.sleep(0.01)
        await ann.send({"chat": {"table": table, "text": "good game, soon"}})
        journal = hub.tables[table].session.match.path
        final = await play_to_the_end({0: ann, 1: bob}, GAMES["overboss-duel"], random.Random(2))
        assert final[0].outcome is not None
        assert journal.with_suffix(".chat.json").exists()
        await ann.send({"clear": {"table": table}})
        await ann.until_quiet()
        assert table not in hub.tables
        assert not journal.with_suffix(".chat.json").exists()
        assert journal.exists()  # the journal stays among the saved matches
    finally:
        await hub.close()


async def test_a_player_away_from_a_table_they_sit_at_is_told_its_chat(tmp_path):
    """Review: Ann sits at a duel but is in the lobby (q) or at another
    table: the hub sent her nothing of what was said there (a table's chat
    goes to those at it), so nothing told her. Each line goes to her as
    `chat_away` (her app makes it a notice), and only to her: not to the
    speaker, not to someone only watching, and not while one of her own
    terminals has the table open."""
    from host.messages import SeatCommand
    from host.wire import codec

    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    await hub.serve(path)
    try:
        ann, bob, table = await table_for_two(path)
        while hub.tables[table].session is None:  # (both sit down: the match begins)
            await asyncio.sleep(0.01)
        cy = await Player.connect(path, "cy")
        await cy.send({"watch": {"table": table}})
        await cy.expect("update")
        # while she is at the table she has the line itself, no more
        await bob.send({"chat": {"table": table, "text": "hello"}})
        assert [m for m in await ann.until_quiet() if "chat_away" in m] == []
        leave = codec(GAMES["overboss-duel"]).command_dict(SeatCommand.leave(0))
        await ann.send({"command": leave, "table": table})
        await ann.until_quiet()
        await cy.until_quiet()
        await bob.until_quiet()
        await bob.send({"chat": {"table": table, "text": "[b]back[/b] soon?"}})
        heard = await ann.until_quiet()
        assert [m["chat_away"] for m in heard if "chat_away" in m] == [
            {"table": table, "from": "bob", "text": "[b]back[/b] soon?"}]
        assert not [m for m in heard if "chat" in m]  # her table's talk waits for her
        assert not [m for m in await bob.until_quiet() if "chat_away" in m]
        cy.inbox.clear()
        await cy.until_quiet()
        assert not [m for m in cy.inbox if "chat_away" in m]
        # her other terminal sits at the table: this one is not told
        other = await Player.connect(path, "ann")
        await other.send({"join": {"table": table, "seat": 0}})
        await other.until_quiet()  # (the talk so far with it)
        await ann.until_quiet()
        await bob.send({"chat": {"table": table, "text": "there you are"}})
        assert [m["chat"]["text"] for m in await other.until_quiet() if "chat" in m] == [
            "there you are"]
        assert not [m for m in await ann.until_quiet() if "chat_away" in m]
    finally:
        await hub.close()


async def test_a_rematch_line_is_the_tables_own_and_only_a_player_says_it(tmp_path):
    """Play-test: r on a shared match's results said "Rematch? ..." as the
    player's own chat line ("Ann: Rematch?"), and a watcher read that r
    sits them down. The app marks the line ``"kind": "rematch"``; the hub
    passes the mark on (and keeps it) only from a player of the finished
    match, so each app words it as the table's own line, for its reader."""
    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    hub.chat_pace = Pace(1000, 1000.0)
    await hub.serve(path)
    try:
        ann, bob, table = await table_for_two(path)
        dee = await Player.connect(path, "dee")
        await dee.send({"watch": {"table": table}})
        rematch = {"chat": {"table": table, "text": "set up a rematch", "kind": "rematch"}}
        await play_to_the_end({0: ann, 1: bob}, GAMES["overboss-duel"], random.Random(2))
        # a match still running has no rematch yet
        ann2, _, running = await table_for_two(path)
        await ann2.send({"chat": {"table": running, "text": "x", "kind": "rematch"}})
        assert "Only a player of a finished match" in (await ann2.expect("error"))["error"]
        await dee.until_quiet()
        for wrong in ("Rematch", "", 1, False, ["rematch"], {"rematch": 1}):
            await ann.send({"chat": {"table": table, "text": "x", "kind": wrong}})
            assert "kind" in (await ann.expect("error"))["error"]
        await dee.send(rematch)  # a watcher sets no rematch up
        assert "Only a player" in (await dee.expect("error"))["error"]
        await ann.send({"chat": {"table": None, "text": "x", "kind": "rematch"}})
        assert "table" in (await ann.expect("error"))["error"]
        # rt18 9: said only by the one who set a rematch up, once
        await ann.send(rematch)
        assert "set up the rematch" in (await ann.expect("error"))["error"]
        await ann.send({"create": {"game": "overboss-duel", "rematch_of": table,
                                   "seats": [{"player": "ann"}, {"player": "bob"}]}})
        await ann.expect("created")
        await bob.send(rematch)  # (her rematch, not his)
        assert "set up the rematch" in (await bob.expect("error"))["error"]
        await ann.send(rematch)
        for reader in (ann, bob, dee):
            line = (await reader.expect("chat"))["chat"]
            assert (line["from"], line.get("kind")) == ("ann", "rematch")
        await ann.send(rematch)
        assert "once" in (await ann.expect("error"))["error"]
        journal = hub.tables[table].session.match.path
        kept = json.loads(journal.with_suffix(".chat.json").read_text())["chat"]
        assert kept[-1]["kind"] == "rematch"
        match_id = hub.tables[table].session.match.header.match_id
    finally:
        await hub.close()
    # read back by a restarted hub: the finished match's player's mark stays
    again = Hub(directory, bot_delay=0)
    again.resume_all()  # (the running matches; finished ones are listed again too)
    assert match_id in again.tables, list(again.tables)
    try:
        lines = [line for _, line in again.tables[match_id].chat.lines]
        assert (lines[-1]["from"], lines[-1].get("kind")) == ("ann", "rematch")
    finally:
        for resumed in again.tables.values():
            if resumed.session is not None:
                resumed.session.close()


def test_a_rematch_line_read_back_keeps_its_mark_and_nothing_else(tmp_path):
    from host.hub import _chat_line

    line = {"from": "ann", "text": "x", "moves": 3, "kind": "rematch"}
    players = frozenset({"ann", "bob"})
    assert _chat_line(line, "t", rematch_from=players)["kind"] == "rematch"
    assert "kind" not in _chat_line(line, None, rematch_from=players)  # the lobby has none
    assert "kind" not in _chat_line({**line, "kind": "notice"}, "t", rematch_from=players)
    # as live: only a player of a finished match (none while it is under way)
    assert "kind" not in _chat_line({**line, "from": "dee"}, "t", rematch_from=players)
    assert "kind" not in _chat_line(line, "t")


def test_a_kept_rematch_line_in_a_match_under_way_reads_back_without_its_mark(tmp_path):
    """Hostile files: a `.chat.json` line marked "kind": "rematch" in a
    match still in its first round read "ann set up a rematch…" after a
    restart; live, the hub takes the mark only from a player of a finished
    match. Read back, the line stays, its mark dropped."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "j.jsonl", "ann")
    _chat_file(directory).write_text(json.dumps({"chat": [
        {"from": "ann", "text": "set up a rematch", "moves": 3, "kind": "rematch"}]}))
    hub = Hub(directory, bot_delay=0)
    assert hub.resume_all() == [JOURNAL_ID]
    try:
        assert not hub.tables[JOURNAL_ID].finished
        lines = [line for _, line in hub.tables[JOURNAL_ID].chat.lines]
        assert [(line["from"], line["text"]) for line in lines] == [("ann", "set up a rematch")]
        assert "kind" not in lines[0]
    finally:
        hub.tables[JOURNAL_ID].session.close()


async def test_a_watchers_line_keeps_its_mark_after_a_restart_and_in_the_away_notice(tmp_path):
    """Play-test (Overseers over SSH): Dee watched and wrote "hi from dee,
    watching"; everyone read "dee (watching): ...". After the host was
    stopped and started again, F2 read "dee: ..." though the chat file kept
    ``"watching": true``: the line read back lost it. And Bob, at another
    table, was told "Chat at Overseers ...: dee: ..." (`chat_away` carried
    no mark). README: "A watcher's chat lines say so"."""
    from host.messages import SeatCommand
    from host.wire import codec

    directory, path = tmp_path / "matches", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=1)
    await hub.serve(path)
    ann, bob, table = await table_for_two(path)
    while hub.tables[table].session is None:  # (both sit down: the match begins)
        await asyncio.sleep(0.01)
    dee = await Player.connect(path, "dee")
    await dee.send({"watch": {"table": table}})
    await dee.expect("update")
    # Bob goes to the lobby: a line said at his table is told him as `chat_away`
    leave = codec(GAMES["overboss-duel"]).command_dict(SeatCommand.leave(1))
    await bob.send({"command": leave, "table": table})
    await bob.until_quiet()
    await dee.send({"chat": {"table": table, "text": "dee watching again"}})
    heard = await bob.until_quiet()
    assert [m["chat_away"] for m in heard if "chat_away" in m] == [
        {"table": table, "from": "dee", "text": "dee watching again", "watching": True}]
    journal = hub.tables[table].session.match.path
    assert json.loads(journal.with_suffix(".chat.json").read_text())["chat"][0]["watching"] is True
    await hub.close()

    again = Hub(directory, bot_delay=0)
    (resumed,) = again.resume_all()
    await again.serve(path)
    try:
        back = await Player.connect(path, "ann")
        lines = [m["chat"] for m in await back.until_quiet() if "chat" in m]
        assert [(line["from"], line.get("watching")) for line in lines] == [("dee", True)]
    finally:
        await again.close()


async def test_a_chat_line_piles_no_more_accents_on_a_letter_than_a_name(tmp_path):
    """A review sent 150 combining marks on one letter in the lobby's chat:
    they covered the lines around it. A chat line keeps to a name's bound
    of accents on a letter (Vietnamese's two pass), live and read back."""
    from host.hub import MAX_MARKS, _chat_line

    hub = Hub(tmp_path / "matches", bot_delay=0)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        ann = await Player.connect(path, "ann")
        bob = await Player.connect(path, "bob")
        for text in ("z" + "\u0301" * 150, "ok e\u0301\u0302\u0303"):
            await ann.send({"chat": {"table": None, "text": text}})
            refusal = await ann.expect("error")
            assert f"at most {MAX_MARKS} accents on a letter" in refusal["error"], refusal
        await ann.send({"chat": {"table": None, "text": "Nguyễn chào"}})
        assert said([await bob.expect("chat")]) == [(None, "ann", "Nguyễn chào", None)]
        assert _chat_line({"from": "ann", "text": "z" + "\u0301" * 3}, None) is None
        for player in (ann, bob):
            await player.close()
    finally:
        await hub.close()


async def test_a_withdrawn_table_s_line_is_the_hub_s_never_paced_as_chat(tmp_path, caplog):
    """A play-test withdrew ten tables in a row and was told "Slow down: a
    few chat lines every ten seconds", having written none: the app sent
    "I withdrew this table." at each, as the player's chat. The hub says
    it now, to whoever sat down there, paced as withdrawals are; a chat
    line refused for its pace is said on the host's terminal, once."""
    from host.hub import WITHDRAWN

    hub = Hub(tmp_path / "matches", bot_delay=0)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        ann = await Player.connect(path, "ann")
        cyd = await Player.connect(path, "cyd")
        create = {"create": {"game": "overseers", "seats": ["open", "open", "open"]}}
        for _ in range(2 * hub.chat_pace.burst):  # (within the set-ups' pace)
            await ann.send(create)
            table = (await ann.expect("created"))["created"]["table"]
            await ann.send({"join": {"table": table, "seat": 0}})
            await cyd.send({"join": {"table": table, "seat": 1}})
            await cyd.expect("joined")
            await ann.send({"stand": {"table": table}})
            # Cyd reads why her table went, in Ann's name, as before
            assert said([await cyd.expect("chat")]) == [(table, "ann", WITHDRAWN, None)]
            assert table not in hub.tables
        assert not [m for m in await ann.until_quiet() if "error" in m]
        # her own lines are paced as ever, the first refusal told the host
        for _ in range(hub.chat_pace.burst + 2):
            await ann.send({"chat": {"table": None, "text": "hello"}})
        refusals = [m["error"] for m in await ann.until_quiet() if "error" in m]
        assert refusals == ["Slow down: a few chat lines every ten seconds."] * 2
        told = [r.getMessage() for r in caplog.records if "too often" in r.getMessage()]
        assert told == ["ann sends 'chat' requests too often: refused for now"]
        for player in (ann, cyd):
            await player.close()
    finally:
        await hub.close()
