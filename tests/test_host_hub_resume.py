"""What a restarted hub makes of the matches in its folder that it did not
write as it would now (a hostile-input play-test of `overtable hub`): seats
whose names read alike, a damaged file beside a journal, seats no player
could log in as. Each is said on the host's terminal, and no player is
locked out."""

from __future__ import annotations

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
