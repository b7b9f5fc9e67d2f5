"""The lobby's Now and Seats columns at a shared table: the bot's countdown
for an away player said live, as the table says it, and the width shared
between the columns (play-test over SSH at 80 columns)."""

from __future__ import annotations

import time

import pytest
from textual.app import App
from textual.widgets import DataTable

from tests.screen_kit import screen_text, settle


def person(name: str, *, away: bool = False, present: bool = True, **more) -> dict:
    return {"kind": "reserved", "player": name, "present": present, "away": away, **more}


def lobby_app() -> App:
    from tui.screens.lobby import LobbyScreen

    class LobbyApp(App):
        async def on_mount(self) -> None:
            await self.push_screen(LobbyScreen())

    return LobbyApp()


def duel(*seats: dict, to_act=(1,), away_bot: float | None = 30.0, **more) -> dict:
    return {"table": "d", "title": "Overboss Duel", "started": True, "creator": "eve",
            "seats": list(seats), "away_bot": away_bot,
            "play": {"finished": False, "to_act": list(to_act), "actions": 9}, **more}


def test_the_now_column_counts_down_to_the_bot_as_the_table_does():
    """Play-test: the table counted down "a bot plays for ann in 19 s" while
    its lobby row kept saying "waiting: ann away (a bot plays after 30 s)"."""
    from tui.screens.lobby import status_text

    now = time.monotonic()
    table = duel(person("eve"), person("ann", away=True, bot_at=now + 18.4))
    assert status_text(table, "eve") == "a bot plays for ann in 19 s"
    assert status_text(table, "ann") == "your turn (a bot plays for you in 19 s)"
    table["seats"][1]["bot_at"] = now - 0.5  # its time is up, the bot not seated yet
    assert status_text(table, "eve") == "a bot plays for ann soon"
    table["seats"][1].update(bot_playing=True, bot_at=None)
    assert status_text(table, "eve") == "a bot is playing for ann"
    # with no clock from the hub (an older one): the table's choice, as before
    table["seats"][1].update(bot_playing=False)
    assert status_text(table, "eve") == "waiting: ann away (a bot plays after 30 s)"


def test_the_lobby_listing_keeps_when_the_bot_will_play():
    """The hub says "in 19.2 s" as it lists; the lobby counts from when the
    listing came (it is drawn later, and again each second)."""
    from tui.remote import _lobby_table

    before = time.monotonic()
    table = _lobby_table({"table": "d", "title": "Overboss Duel", "started": True,
                          "seats": [{"kind": "reserved", "player": "ann", "away": True,
                                     "bot_in": 19.2}],
                          "play": {"finished": False, "to_act": [0], "actions": 3}})
    after = time.monotonic()
    assert before + 19.2 <= table["seats"][0]["bot_at"] <= after + 19.2


async def test_the_lobby_row_counts_down_live_on_one_line_at_80_columns():
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = duel(person("eve"), person("ann", away=True, bot_at=time.monotonic() + 4.6))
        app.screen.show([table], "eve")
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert str(grid.get_row_at(0)[2]) == "a bot plays for ann in 5 s"
        assert "eve (you), ann (away)  a bot plays for ann in 5 s" in screen_text(app)
        for _ in range(40):  # refreshed by itself, no new listing
            await pilot.pause(0.1)
            if str(grid.get_row_at(0)[2]) == "a bot plays for ann in 3 s":
                break
        else:
            raise AssertionError(str(grid.get_row_at(0)[2]))


def rows(app: App) -> list[str]:
    return [line.rstrip() for line in screen_text(app).splitlines()]


async def test_seats_wrap_only_when_the_now_column_leaves_them_no_room():
    """Play-test at 80 columns: "eve," alone on its line, then "ann (you,
    away)", though there was room for both beside the Now column."""
    table = duel(person("eve"), person("ann", away=True), to_act=(1,))
    for width in (80, 120):
        app = lobby_app()
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            app.screen.show([table], "ann")
            await pilot.pause()
            text = rows(app)
            assert any("eve, ann (you, away)" in line for line in text), (width, text)
            assert all(len(line) <= width for line in text)


async def test_a_long_invited_name_does_not_squeeze_the_now_column():
    """Play-test: beside a 32-character invited name the Now column was
    squeezed to "over · won by" / "dee · 18:17". The Now words wrap
    between their parts, "won by you" on one line; the name stays whole
    (a later play-test read a name cut to "x environment="PLAYER=a…")."""
    long_name = "Maximiliana-Konstantinopolitana3"
    assert len(long_name) == 32
    waiting = {"table": "w", "title": "Overboss Duel", "started": False, "creator": "dee",
               "seats": [person("dee"), person(long_name, present=False)], "away_bot": None,
               "play": None}
    over = {"table": "o", "title": "Overboss Duel", "started": True, "creator": "dee",
            "seats": [person("dee"), person("eve")], "away_bot": None,
            "play": {"finished": True, "to_act": [], "actions": 40},
            "ended": {"winners": ["dee"], "at": "18:17"}}
    for width in (80, 120):
        app = lobby_app()
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            app.screen.show([waiting, over], "dee")
            await pilot.pause()
            text = rows(app)
            assert any("over · you won" in line for line in text), (width, text)
            assert any(f"{long_name} (invited)" in line for line in text), (width, text)
            assert all(len(line) <= width for line in text)
            if width == 120:  # room for all: nothing cut or wrapped
                assert any(f"dee (you), {long_name} (invited)" in line for line in text), text


def five_seats() -> dict:
    """A Boss Quest of five seats, the player not among them."""
    return {"table": "f", "title": "Boss Quest", "started": True, "creator": "bob",
            "seats": [person("bob"), person("cyd"), person("dee"), person("fay"),
                      {"kind": "bot", "level": "normal"}],
            "away_bot": None, "play": {"finished": False, "to_act": [0], "actions": 5}}


OWN_ROWS = {
    "clock": (lambda: duel(person("eve"), person("ann", away=True,
                                                 bot_at=time.monotonic() + 18.4)),
              "your turn (bot in 19 s)", "your turn (a bot plays for you in 19 s)"),
    "after": (lambda: duel(person("eve"), person("ann", away=True)),
              "your turn (bot after 30 s)", "your turn (a bot plays for you after 30 s)"),
    "elsewhere": (lambda: duel(person("eve"), person("ann")),
                  "your turn (other terminal)", "your turn (at your other terminal)"),
}


@pytest.mark.parametrize("case", list(OWN_ROWS))
async def test_your_own_row_keeps_to_one_line_beside_five_seats_at_80_columns(case):
    """Play-test at 80x24: beside a table of five seats the Now column has
    some 27 cells, and the player's own row said "your turn (a bot plays for
    / you in 19 s)" over two lines. Where the words do not fit they say it
    shorter ("your turn (bot in 19 s)"), the names as they are; with room
    (120 columns), as before."""
    make, short, long = OWN_ROWS[case]
    for width, said in ((80, short), (120, long)):
        app = lobby_app()
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            app.screen.show([make(), five_seats()], "ann")
            await pilot.pause()
            grid = app.screen.query_one(DataTable)
            own = [str(text) for text in grid.get_row_at(0)]
            assert own[2] == said, (width, own)
            assert "\n" not in "".join(own), (width, own)  # one line
            assert [str(text) for text in grid.get_row_at(1)][1] == (
                "bob, cyd, dee, fay, bot (normal)")
            seats = f"eve, ann (you{', away' if case != 'elsewhere' else ''})"
            assert any(seats in line and line.endswith(said) for line in rows(app)), rows(app)


async def test_your_own_table_of_five_seats_says_its_bots_once_at_80_columns():
    """Play-test at 80x24 (two terminals of bob's): bob's own Boss Quest with
    four bots took three lines ("bob (you), bot (normal), / bot (normal), bot
    (normal), / bot (normal)"). Where the seats do not fit a line, a run of
    bots of one level is said once, as the lobby's notices say it ("4 bots
    (normal)"), and a run of open seats too; with room, every seat as before."""
    bot = {"kind": "bot", "level": "normal"}
    own = {"table": "q", "title": "Boss Quest", "started": True, "creator": "bob",
           "seats": [person("bob"), bot, bot, bot, bot], "away_bot": None,
           "play": {"finished": False, "to_act": [0], "actions": 3}}
    waiting = {"table": "w", "title": "Overseers", "started": False, "creator": "eve",
               "seats": [person("eve"), *[{"kind": "open"}] * 4,
                         {"kind": "bot", "level": "hard"}], "away_bot": None}
    for width, said in ((80, ["bob (you), 4 bots (normal)", "eve, 4 open, bot (hard)"]),
                        (160, ["bob (you), bot (normal), bot (normal), bot (normal), "
                               "bot (normal)", "eve, open, open, open, open, bot (hard)"])):
        app = lobby_app()
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            app.screen.show([own, duel(person("ann"), person("dee")), waiting], "bob")
            await pilot.pause()
            grid = app.screen.query_one(DataTable)
            assert [str(grid.get_row_at(row)[1]) for row in (0, 2)] == said, width
            assert all(grid.rows[key].height == 1 for key in grid.rows), width


def overseers(table: str, *seats: dict, creator: str = "ann", **more) -> dict:
    return {"table": table, "title": "Overseers", "started": False, "creator": creator,
            "seats": list(seats), "away_bot": 30.0, **more}


NORMAL = {"kind": "bot", "level": "normal"}
HARD = {"kind": "bot", "level": "hard"}
OPEN = {"kind": "open"}


def report_lobby(me: str = "ann") -> list[dict]:
    """Play-test shared6's lobby: ann's table inviting bob and cy, dee's
    five seats, an ended match won by a bot, and the rematch where `me` (in
    the lobby, so away) has a bot playing, the next player to play."""
    invited = overseers("a", person("ann"), person("bob", present=False),
                        person("cy", present=False), NORMAL)
    five = overseers("b", person("dee"), OPEN, OPEN, HARD, NORMAL, creator="dee")
    over = overseers("c", person("ann"), person("bob"), person("cy"), NORMAL, started=True,
                     play={"finished": True, "to_act": [], "actions": 80},
                     ended={"seats": [3], "at": "22:36"})
    away = me if me in ("ann", "bob", "cy") else "ann"
    names = ["ann", "bob", "cy"]
    rematch = overseers("d", *[person(name, away=True, bot_playing=True) if name == away
                               else person(name) for name in names], NORMAL, started=True,
                        play={"finished": False, "to_act": [(names.index(away) + 1) % 3],
                              "actions": 4})
    return [invited, five, over, rematch]


@pytest.mark.parametrize("me", ["ann", "bob", "dee", "cy"])
async def test_every_row_keeps_to_one_line_at_80_columns_in_short_words(me):
    """Play-test shared6 (80x24): "ann (you), bob (invited), cy (invited),
    / bot (normal)", "bob (you, invited)", "ann (you, away — bot playing)"
    and "over · won by bot (normal) · / 22:36" took two lines each. Where a
    row would not fit, its marks are said shorter ("bob (inv.)", "away,
    bot", "normal bot", "over · bot (normal) won"), a legend line tells
    them, and no name is cut; at 160 columns every word as before."""
    from tui.screens.lobby import LEGEND

    for width in (80, 160):
        app = lobby_app()
        async with app.run_test(size=(width, 24)) as pilot:
            await settle(pilot)
            # (the ended match's who-won no longer gives way to keep the
            # rows to a line: `test_a_finished_table_reads_one_way_beside_its_rematch`)
            app.screen.show([t for t in report_lobby(me) if t["table"] != "c"], me)
            await pilot.pause()
            grid = app.screen.query_one(DataTable)
            assert all(grid.rows[key].height == 1 for key in grid.rows), (width, rows(app))
            cells = [[str(text) for text in grid.get_row_at(row)] for row in range(3)]
            seats = " ".join(row[1] for row in cells)
            for name in ("ann", "bob", "cy", "dee"):  # never cut
                assert f"{name} (" in seats or f"{name}," in seats or seats.endswith(name)
            assert "…" not in "".join(rows(app))
            legend = app.screen.query_one("#lobby-legend")
            text = "\n".join(rows(app))
            assert all(len(line) <= width for line in rows(app))
            if width == 160:
                assert "bob (invited)" in seats or me == "bob"
                assert f"{me} (you, away — bot playing)" in seats or me == "dee"
                assert not legend.display
            else:
                if me in ("ann", "bob"):  # their rows fit no other way
                    assert "(invited)" not in seats and "inv.)" in seats, seats
                if me == "ann":
                    assert "ann (you, away, bot)" in seats, seats
                assert legend.display == ("inv.)" in seats or "away, bot" in seats)
                # told once, on a line of its own
                assert any(line.strip() == LEGEND for line in rows(app)) == legend.display, text
                if me == "bob":
                    assert "bob (you, inv.)" in seats


async def test_a_bots_turn_beside_an_invitation_keeps_each_row_to_one_line_at_80_columns():
    """Play-testing the fix (80x24): ann's Boss Quest inviting cy and bob
    beside bob's Boss Quest with three bots, a bot to play, read "ann (you),
    bot (normal), cy (invited), / bob (invited)": "bot (normal) to play"
    left the seats too little room. Said short there too ("bot to play":
    the seats name its level), every row keeps to one line."""
    invited = {"table": "a", "title": "Boss Quest", "started": False, "creator": "ann",
               "seats": [person("ann"), NORMAL, person("cy", present=False),
                         person("bob", present=False)], "away_bot": None}
    bots = {"table": "b", "title": "Boss Quest", "started": True, "creator": "bob",
            "seats": [person("bob"), NORMAL, NORMAL, NORMAL], "away_bot": None,
            "play": {"finished": False, "to_act": [2], "actions": 3}}
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([invited, bots], "ann")
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert all(grid.rows[key].height == 1 for key in grid.rows), rows(app)
        assert [str(text) for text in grid.get_row_at(1)][2] == "bot to play"
        assert [str(text) for text in grid.get_row_at(0)][1] == (
            "ann (you), bot (normal), cy (inv.), bob (inv.)")


async def test_the_columns_take_the_scroll_bars_room_while_the_list_does_not_scroll():
    """Play-test (80 columns): an ended table's "over · won by bot (normal)
    · 22:36" did not fit beside two columns kept for a scroll bar that a
    list of one table never shows. They are kept only for a list that may
    scroll; a long one keeps them, and its Now column stays clear of the
    bar."""
    over = overseers("c", person("ann"), person("bobby"), NORMAL, started=True,
                     play={"finished": True, "to_act": [], "actions": 80},
                     ended={"seats": [2], "at": "22:36"})
    app = lobby_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.screen.show([over], "ann")
        await pilot.pause()
        grid = app.screen.query_one(DataTable)
        assert [str(text) for text in grid.get_row_at(0)][1:] == [
            "ann (you), bobby, bot (normal)", "over · bot (normal) won · 22:36"], rows(app)
        assert grid.virtual_size.width <= 80 and not grid.show_vertical_scrollbar
        assert all(len(line) <= 80 for line in rows(app))
        # twenty tables scroll: the bar's room is kept, no row under it
        many = [{**over, "table": f"t{n}"} for n in range(20)]
        app.screen.show(many, "ann")
        await pilot.pause()
        assert grid.show_vertical_scrollbar
        assert grid.virtual_size.width <= 80 - grid.styles.scrollbar_size_vertical, rows(app)


def all_away(*names: str) -> dict:
    """An Overseers match begun, everyone away (closed windows, `q`), all
    of them to choose their pick."""
    return overseers("o", *[person(name, away=True) for name in names], started=True,
                     play={"finished": False, "to_act": list(range(len(names))), "actions": 30})


@pytest.mark.parametrize("names", [("ann", "bob", "cy"), ("alexandra", "benjamin", "cyrus"),
                                   ("alexandra", "benjamin", "cyrus", "dee"),
                                   ("ann", "bob", "cy", "dee", "eve"),
                                   ("ann", "bob", "cy", "dee", "eve", "fay")])
async def test_a_table_where_everyone_is_away_keeps_to_one_line_at_80_columns(names):
    """Play-test over SSH (80x24): cy's lobby beside an Overseers match
    where ann, bob and cy were all away read "ann (away), bob (away), / cy
    (you, away)" and "your turn; waiting: ann, bob / away". Said shorter
    ("ann, bob, cy (you) — all away", "your turn; ann, bob away"), each row
    keeps to one line, no name cut; at 160 columns every word as before."""
    from tests.screen_kit import wait_for

    me = names[-1]
    boss = {"table": "b", "title": "Boss Quest", "started": True, "creator": "ann",
            "seats": [person("ann"), person("bob")], "away_bot": None,
            "play": {"finished": False, "to_act": [1], "actions": 3}}
    for width in (80, 160):
        app = lobby_app()
        async with app.run_test(size=(width, 24)) as pilot:
            await wait_for(pilot, lambda: pilot.app.screen.query("#lobby-legend"))
            app.screen.show([all_away(*names), boss], me)
            await wait_for(pilot, lambda: any("Boss Quest" in line for line in rows(pilot.app)))
            grid = app.screen.query_one(DataTable)
            assert all(grid.rows[key].height == 1 for key in grid.rows), (width, rows(app))
            seats, now = (str(text) for text in grid.get_row_at(0)[1:])
            assert all(len(line) <= width for line in rows(app))
            assert "…" not in "".join(rows(app))
            others = ", ".join(names[:-1])
            full = ", ".join([*(f"{n} (away)" for n in names[:-1]), f"{me} (you, away)"])
            if width == 160:
                assert (seats, now) == (full, f"your turn; waiting: {others} away")
            else:
                assert seats in (full, f"{', '.join(names)} (you) — all away"), rows(app)
                assert now in (f"your turn; waiting: {others} away", f"your turn; {others} away",
                               f"your turn; {len(names) - 1} others away", "your turn"), rows(app)
                # the Now column says no less than the seats leave unsaid
                assert seats != full or now != "your turn"


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_a_finished_table_reads_one_way_beside_its_rematch(size):
    """A play-test (80x24) read one finished table four ways within minutes:
    "over · bot (normal) won", "over · normal bot won", "over · won by bot
    (normal) ·" / "18:47" and "over · 18:47", and a bot "bot (normal)" in
    one row's seats, "normal bot" in the next. One wording, at 80 columns
    and wide: "bot (normal)", and "over · bot (normal) won" (with its time
    where it fits), never without who won."""
    over = overseers("c", person("ann"), person("bob"), NORMAL, started=True,
                     play={"finished": True, "to_act": [], "moves": 80},
                     ended={"seats": [2], "at": "18:47"})
    rematch = overseers("d", person("ann"), person("bob", present=False), NORMAL)
    quest = {"table": "q", "title": "Boss Quest", "started": False, "creator": "ann",
             "seats": [person("ann"), person("bob", present=False),
                       person("cy", present=False), NORMAL, NORMAL], "away_bot": 30.0}
    long_names = overseers("l", person("Maximiliana-Konstantinopolitana3"), person("ann"),
                           NORMAL, started=True,
                           play={"finished": True, "to_act": [], "moves": 80},
                           ended={"seats": [2], "at": "18:50"})
    for listing in ([over, rematch], [over, rematch, quest], [over, rematch, quest, long_names]):
        app = lobby_app()
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            app.screen.show(listing, "ann")
            await settle(pilot)
            grid = app.screen.query_one(DataTable)
            cells = [[str(text) for text in grid.get_row_at(row)] for row in range(len(listing))]
            text = "\n".join(rows(app))
            assert "normal bot" not in text and "normal bots" not in text, text
            assert cells[0][2] in ("over · bot (normal) won · 18:47",
                                   "over · bot (normal) won"), (size, cells)
            assert cells[1][1].endswith("bot (normal)"), (size, cells)
            if size[0] == 160:
                assert cells[0][2] == "over · bot (normal) won · 18:47", cells


def test_a_match_won_on_a_seat_its_player_left_says_so_to_them():
    """A play-test left a match for good; the bot played the seat to a
    shared win, and the lobby told the player who had left "won by you and
    bot (normal)". Said truly: the seat won, played by a bot."""
    from tui.screens.lobby import ending_words

    table = {"seats": [person("ann"), person("bob", gone=True), NORMAL],
             "ended": {"winners": ["bob", "Bot 3"], "seats": [1, 2], "at": "18:55"}}
    assert ending_words(table, "bob") == ["your seat (bot played) and bot (normal) won", "18:55"]
    assert ending_words(table, "ann") == ["bob's seat (bot played) and bot (normal) won", "18:55"]
    # (short where the row has no room: its seats say "bob (you, left)")
    assert ending_words(table, "bob", short=True) == ["your seat and bot (normal) won", "18:55"]
