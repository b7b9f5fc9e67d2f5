"""What a restarted hub makes of the matches in its folder that it did not
write as it would now (a hostile-input play-test of `overtable hub`): seats
whose names read alike, a damaged file beside a journal, seats no player
could log in as. Each is said on the host's terminal, and no player is
locked out."""

from __future__ import annotations

import json

from host.hub import Hub
from tests.test_host_hub import Player, _hub_journal


async def test_seats_whose_names_read_alike_lock_neither_player_out(tmp_path, caplog):
    """Play-test: the hub's folder held a shared match seating `ann` and a
    one-terminal match copied there seating "Ann". The hub refused both
    names as look-alikes of each other, each refusal advising the other
    name, and said nothing as it started: nobody could sit at either match
    again. A name that is exactly a seat's is that player's own and is let
    in; a look-alike of both is refused, advised only names the hub takes;
    and the host's terminal says, in one line, which tables' names clash."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "shared.jsonl", "ann", match_id="a" * 32)
    _hub_journal(directory, "copied.jsonl", "Ann", match_id="b" * 32)
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert sorted(hub.resume_all()) == ["a" * 32, "b" * 32]
    said = [record.getMessage() for record in caplog.records]
    (clash,) = [line for line in said if "'ann'" in line and "'Ann'" in line]
    assert "shared.jsonl" in clash and "copied.jsonl" in clash, clash
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    try:
        ann = await Player.connect(path, "ann")  # each is back at their own match
        assert (await ann.expect("update"))["table"] == "a" * 32
        big_ann = await Player.connect(path, "Ann")
        assert (await big_ann.expect("update"))["table"] == "b" * 32
        eve = await Player.connect(path, "ANN", hello=False)
        await eve.send({"hello": {"player": "ANN"}})
        refusal = (await eve.expect("error"))["error"]
        assert "'Ann'" in refusal and "'ann'" in refusal, refusal
        # a seat kept for either, exactly as it is known, is that player's
        await eve.send({"hello": {"player": "eve"}})
        await eve.expect("welcome")
        await eve.send({"create": {"game": "overboss-duel", "seats": ["open", {"player": "Ann"}]}})
        await eve.expect("created")
        for player in (ann, big_ann, eve):
            await player.close()
    finally:
        await hub.close()


def test_names_that_do_not_clash_say_nothing_at_start_up(tmp_path, caplog):
    """The clash line is for names that read alike only."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "one.jsonl", "ann", match_id="a" * 32)
    _hub_journal(directory, "two.jsonl", "ann", match_id="b" * 32)
    _hub_journal(directory, "three.jsonl", "bob", match_id="c" * 32)
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert len(hub.resume_all()) == 3
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    for table in hub.tables.values():
        table.session.close()


def test_a_table_file_of_wrong_types_is_said_and_its_good_fields_kept(tmp_path, caplog):
    """Play-test: a `<journal>.table.json` of valid JSON but wrong types was
    taken silently and the table lost its creator, while damaged chat and
    watched files at the same start were each said on a line. It is said
    on one line naming the file and the fields left out; the fields that
    are good are kept."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "bad.jsonl", "ann", match_id="a" * 32)
    (directory / "bad.table.json").write_text(
        '{"creator": 42, "away_bot": -7, "left": "x", "stand_in_moves": [[1e999]], '
        '"resigned": null, "shown": {"a": 1}, "sat": [["ann", 1e999], [["ann"], 5], ["zed", 5]]}')
    _hub_journal(directory, "half.jsonl", "bob", match_id="b" * 32)
    (directory / "half.table.json").write_text(json.dumps(
        {"creator": ["bob"], "away_bot": 30, "left": ["bob", 7], "resigned": []}))
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert sorted(hub.resume_all()) == ["a" * 32, "b" * 32]
    said = [record.getMessage() for record in caplog.records]
    (bad,) = [line for line in said if "bad.table.json" in line]
    for field in ("creator", "left", "stand_in_moves", "resigned", "shown", "sat"):
        assert field in bad, (field, bad)
    assert "no creator" in bad, bad
    (half,) = [line for line in said if "half.table.json" in line]
    assert "creator" in half and "left" in half and "away_bot" not in half, half
    table = hub.tables["b" * 32]
    assert (table.creator, table.away_bot, table.left) == ("", 30.0, {"bob"})
    assert hub.tables["a" * 32].sat == {}  # (no time that is not a number, no name not a seat's)
    for table in hub.tables.values():
        table.session.close()


def test_a_whole_table_file_says_nothing(tmp_path, caplog):
    """A table file as the hub writes it (and one written before a field
    was kept) is read without a word."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "good.jsonl", "ann", match_id="a" * 32)
    (directory / "good.table.json").write_text(json.dumps(
        {"creator": "ann", "away_bot": None, "left": ["ann"], "stand_in_moves": [3],
         "resigned": [], "shown": [[0, 5]], "set_up": 1.5, "sat": [["ann", 2.5]]}))
    _hub_journal(directory, "old.jsonl", "bob", match_id="b" * 32)
    (directory / "old.table.json").write_text(json.dumps({"creator": "bob", "away_bot": 20}))
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert len(hub.resume_all()) == 2
    assert not caplog.records, [r.getMessage() for r in caplog.records]
    assert hub.tables["a" * 32].creator == "ann" and hub.tables["a" * 32].left == {"ann"}
    assert hub.tables["a" * 32].sat == {"ann": 2.5} and hub.tables["b" * 32].sat == {}
    for table in hub.tables.values():
        table.session.close()


def test_a_seat_no_player_can_log_in_as_leaves_its_match_out_said(tmp_path, caplog):
    """Play-test: a journal seating a name the hub refuses at hello (ESC,
    square brackets: read back as "\ufffd" and round brackets) was resumed
    as a table kept for that name, which no one could ever log in as: it
    waited in the lobby for ever. It is left out (its journal as it was),
    and the host's terminal names the journal and the seat (README)."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "escape.jsonl", "a\x1bb", match_id="a" * 32)
    _hub_journal(directory, "brackets.jsonl", "[ann]", match_id="b" * 32)
    _hub_journal(directory, "fine.jsonl", "cy", match_id="c" * 32)
    before = (directory / "escape.jsonl").read_bytes()
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert hub.resume_all() == ["c" * 32]
    said = [record.getMessage() for record in caplog.records]
    (escape,) = [line for line in said if "escape.jsonl" in line]
    assert "not resumed" in escape and "'a\ufffdb'" in escape, escape
    (brackets,) = [line for line in said if "brackets.jsonl" in line]
    assert "not resumed" in brackets and "'(ann)'" in brackets, brackets
    assert (directory / "escape.jsonl").read_bytes() == before
    hub.tables["c" * 32].session.close()


def test_a_rematch_link_that_is_not_a_listed_table_is_dropped(tmp_path, caplog):
    """`rematch_of` beside a journal names the finished match's journal id:
    one of another kind is said and left out, one no table here has (that
    match left the lobby) is dropped quietly; the rest of the table is kept."""
    directory = tmp_path / "matches"
    _hub_journal(directory, "known.jsonl", "ann", match_id="a" * 32)
    (directory / "known.table.json").write_text(json.dumps(
        {"creator": "ann", "rematch_of": "b" * 32}))
    _hub_journal(directory, "other.jsonl", "bob", match_id="b" * 32)
    (directory / "other.table.json").write_text(json.dumps(
        {"creator": "bob", "rematch_of": ["b" * 32]}))
    _hub_journal(directory, "gone.jsonl", "cy", match_id="c" * 32)
    (directory / "gone.table.json").write_text(json.dumps(
        {"creator": "cy", "away_bot": 30, "rematch_of": "d" * 32}))
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("WARNING", logger="host.hub"):
        assert len(hub.resume_all()) == 3
    said = [record.getMessage() for record in caplog.records]
    (other,) = said
    assert "other.table.json" in other and "rematch_of" in other, other
    assert hub.tables["a" * 32].rematch_of == "b" * 32
    assert (hub.tables["b" * 32].rematch_of, hub.tables["b" * 32].creator) == (None, "bob")
    gone = hub.tables["c" * 32]
    assert (gone.rematch_of, gone.creator, gone.away_bot) == (None, "cy", 30.0)
    for table in hub.tables.values():
        table.session.close()
