"""The lobby's Now and Seats columns at a shared table: the bot's countdown
for an away player said live, as the table says it, and the width shared
between the columns (play-test over SSH at 80 columns)."""

from __future__ import annotations

import time

from textual.app import App
from textual.widgets import DataTable

from tests.screen_kit import screen_text


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
        await pilot.pause()
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
            await pilot.pause()
            app.screen.show([table], "ann")
            await pilot.pause()
            text = rows(app)
            assert any("eve, ann (you, away)" in line for line in text), (width, text)
            assert all(len(line) <= width for line in text)


async def test_a_long_invited_name_does_not_squeeze_the_now_column():
    """Play-test: beside a 32-character invited name the Now column was
    squeezed to "over · won by" / "dee · 18:17". Both columns keep a fair
    share: the name is cut or wrapped, the Now says its words on one line."""
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
            await pilot.pause()
            app.screen.show([waiting, over], "dee")
            await pilot.pause()
            text = rows(app)
            assert any("over · won by you · 18:17" in line for line in text), (width, text)
            assert all(len(line) <= width for line in text)
            if width == 120:  # room for all: nothing cut or wrapped
                assert any(f"dee (you), {long_name} (invited)" in line for line in text), text
