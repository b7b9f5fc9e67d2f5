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
