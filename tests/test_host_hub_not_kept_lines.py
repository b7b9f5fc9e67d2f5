"""The host's own terminal says which tables not begun a stop drops, at
the stop and at the next start (play-test: only their creators were told,
as they logged in; the host never read it)."""

from __future__ import annotations

import json

from host.hub import NOT_KEPT_FILE, Hub, not_kept_line
from tests.test_host_hub import Player


async def test_a_stop_and_the_next_start_say_which_tables_not_begun_were_not_kept(
        tmp_path, caplog):
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0)
    await hub.serve(path)
    players = {name: await Player.connect(path, name) for name in ("ann", "cyd")}
    for name, game in (("ann", "boss-quest"), ("cyd", "overseers"), ("ann", "overseers")):
        await players[name].send({"create": {"game": game, "seats": ["open"] * 3}})
        await players[name].expect("created")
    with caplog.at_level("INFO", logger="host.hub"):
        await hub.close()
    for player in players.values():
        await player.close()
    said = [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()]
    assert said == ["3 tables not begun are not kept (ann's Boss Quest, ann's Overseers, "
                    "cyd's Overseers); each creator is told as they next log in."], said
    caplog.clear()
    again = Hub(directory, bot_delay=0)
    with caplog.at_level("INFO", logger="host.hub"):
        again.resume_all()
    said = [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()]
    assert said == ["3 tables not begun were not kept at the last stop (ann's Boss Quest, "
                    "ann's Overseers, cyd's Overseers); each creator is told as they next "
                    "log in."], said
    await again.close()


def test_a_start_with_no_table_dropped_says_nothing(tmp_path, caplog):
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / NOT_KEPT_FILE).write_text(json.dumps({"not kept": {}}))
    with caplog.at_level("INFO", logger="host.hub"):
        Hub(tmp_path / "shared", bot_delay=0).resume_all()
    assert not [r for r in caplog.records if "not kept" in r.getMessage()]


def test_the_line_shows_hostile_names_as_plain_short_text():
    line = not_kept_line({"\x1b[31mann\x07" + "x" * 500: ["Overseers"],
                          **{f"p{n}": ["Boss Quest"] for n in range(9)}}, stopping=True)
    assert line is not None
    assert "\x1b" not in line and "\x07" not in line
    assert len(line) < 400, line
    assert line.startswith("10 tables not begun are not kept (")
    assert "and 4 more" in line, line


def test_titles_that_are_not_text_are_passed_over(tmp_path, caplog):
    """Play-test of hostile files: a title that was a list ([["Boss
    Quest"]]) or an object stopped the hub at every start (TypeError:
    unhashable type) until the file was deleted by hand."""
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / NOT_KEPT_FILE).write_text(json.dumps({"not kept": {
        "ann": [["Boss Quest"], {"t": 1}, 7, None, True, "Overseers"],
        "bob": [["Overseers"]],
    }}))
    with caplog.at_level("INFO", logger="host.hub"):
        Hub(tmp_path / "shared", bot_delay=0).resume_all()
    said = [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()]
    assert said == ["1 table not begun was not kept at the last stop (ann's Overseers); "
                    "each creator is told as they next log in."], said


def test_a_creators_tables_of_one_game_are_counted_once():
    """Play-test: "eve's Overseers, eve's Overseers, eve's Overseers, ..."
    repeated once a table."""
    line = not_kept_line({"eve": ["Overseers"] * 5 + ["Boss Quest"], "ann": ["Overseers"]},
                         stopping=False)
    assert line == ("7 tables not begun were not kept at the last stop (ann's Overseers, "
                    "eve's Boss Quest, eve's Overseers ×5); each creator is told as they "
                    "next log in."), line


async def _welcome_of(path, name: str) -> dict:
    player = await Player.connect(path, name, hello=False)
    await player.send({"hello": {"player": name}})
    welcome = (await player.expect("welcome"))["welcome"]
    await player.close()
    return welcome


async def test_a_rematch_not_begun_is_kept_as_a_rematch_of_its_match(tmp_path):
    """A rematch asked for from a finished match's results (r) and not
    begun as the hub stopped was kept as its title alone: its creator read
    "set it up again (n)", though r on that match's results (listed again
    after the restart) asks for it again. The record keeps which finished
    match it replays; the next hub tells it as a rematch while that match
    is listed, a table set up with n as before (its title)."""
    import random

    from core import GAMES
    from tests.test_host_hub import play_to_the_end, table_for_two

    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    hub = Hub(directory, bot_delay=0, seed=3)
    hub.resume_all()
    await hub.serve(path)
    ann, bob, old = await table_for_two(path)
    await play_to_the_end({0: ann, 1: bob}, GAMES["overboss-duel"], random.Random(2))
    old_match = hub.tables[old].session.match.header.match_id
    await ann.send({"create": {"game": "overboss-duel", "rematch_of": old,
                               "seats": [{"player": "ann"}, {"player": "bob"}]}})
    await ann.expect("created")
    await ann.send({"create": {"game": "overseers", "seats": [{"player": "ann"}, "open",
                                                              "open"]}})
    await ann.expect("created")
    for player in (ann, bob):
        await player.close()
    await hub.close()
    kept = json.loads((directory / NOT_KEPT_FILE).read_text())["not kept"]
    assert kept == {"ann": [{"title": "Overboss Duel", "rematch_of": old_match}, "Overseers"]}
    again = Hub(directory, bot_delay=0)
    again.resume_all()
    assert old_match in again.tables  # its results, listed again
    await again.serve(path)
    try:
        welcome = await _welcome_of(path, "ann")
        assert welcome["not kept"] == [{"title": "Overboss Duel", "rematch_of": old_match},
                                       "Overseers"]
        assert "not kept" not in await _welcome_of(path, "ann")  # told once
    finally:
        await again.close()


async def test_a_rematch_whose_match_is_no_longer_listed_is_told_as_a_table(tmp_path):
    """Its finished match left the lobby (cleared, or ended long ago): its
    results are not there to ask again from, and n is the way."""
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    directory.mkdir()
    (directory / NOT_KEPT_FILE).write_text(json.dumps({"not kept": {
        "ann": [{"title": "Overseers", "rematch_of": "b" * 32}]}}))
    hub = Hub(directory, bot_delay=0)
    hub.resume_all()
    await hub.serve(path)
    try:
        assert (await _welcome_of(path, "ann"))["not kept"] == ["Overseers"]
    finally:
        await hub.close()


async def test_hostile_rematch_records_are_read_as_tables_or_passed_over(tmp_path, caplog):
    """An older file (titles only) is read as before; a record of the wrong
    shape never stops the hub: a title that is not a game's is passed over,
    a rematch mark that is not a match's id is ignored."""
    directory, path = tmp_path / "shared", tmp_path / "run" / "hub.sock"
    directory.mkdir()
    (directory / NOT_KEPT_FILE).write_text(json.dumps({"not kept": {
        "ann": ["Boss Quest",
                {"title": "Overseers", "rematch_of": 5},
                {"title": "Overseers", "rematch_of": ["x"]},
                {"title": "Overseers", "rematch_of": {"a": 1}},
                {"title": "Overseers", "rematch_of": None},
                {"title": "Overseers", "rematch_of": "\x1b[2J" * 40},
                {"title": ["Overseers"], "rematch_of": "b" * 32},
                {"title": "Chess", "rematch_of": "b" * 32},
                {"rematch_of": "b" * 32},
                {"title": {"t": 1}}],
        "bob": [{"title": None}],
    }}))
    hub = Hub(directory, bot_delay=0)
    with caplog.at_level("INFO", logger="host.hub"):
        hub.resume_all()
    said = [r.getMessage() for r in caplog.records if "not kept" in r.getMessage()]
    assert said == ["6 tables not begun were not kept at the last stop (ann's Boss Quest, "
                    "ann's Overseers ×5); each creator is told as they next log in."], said
    await hub.serve(path)
    try:
        told = (await _welcome_of(path, "ann"))["not kept"]
        assert told == ["Boss Quest"] + ["Overseers"] * 5, told
        assert "not kept" not in await _welcome_of(path, "bob")
    finally:
        await hub.close()
