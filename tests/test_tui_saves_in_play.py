"""Saves while a match is played at the table: a move that cannot be saved
is not played (the player is told why, the message names the file) and can
be tried again; the match being played cannot be deleted from the saved
matches, and its journal keeps its header."""

from __future__ import annotations

import errno
import os
from typing import Any

import pytest
from textual.widgets import DataTable

from saves import match as match_module
from saves.journal import PlayerSpec
from saves.match import Match
from tests.screen_kit import wait_for
from tui.app import OvertableApp
from tui.screens.confirm import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.saved import SavedScreen

GAME = "boss-quest"


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"



def full_disk(fd: int, data: bytes) -> None:
    os.write(fd, data[: len(data) // 2])  # part of the line, then the disk is full
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


async def at_the_table(app: OvertableApp, pilot: Any, match: Match) -> Any:
    """Open `match` (two people at the terminal) and take the first seat."""
    app.open_match(match)
    await wait_for(pilot, lambda: app.table is not None and app.table.handover_to is not None)
    await pilot.press("enter")  # the hand-over cover: the first player takes the seat
    table: Any = app.table
    await wait_for(pilot, lambda: isinstance(app.screen, GameScreen) and table.make_update().legal)
    return table


def two_people() -> Match:
    return Match.new(GAME, [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])


async def test_a_move_that_cannot_be_saved_is_not_played(monkeypatch):
    match = two_people()
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(app, pilot, match)
        screen = app.screen
        before = match.path.read_bytes()
        history = list(match.history)
        action = table.make_update().legal[0]
        monkeypatch.setattr(match_module, "_write_all", full_disk)
        screen.play(action)
        await pilot.pause(0.1)
        messages = [n.message for n in app._notifications]
        assert any(str(match.path) in m and os.strerror(errno.ENOSPC) in m for m in messages), (
            messages
        )
        assert match.history == history
        assert match.path.read_bytes() == before
        assert app.screen is screen  # still at the table, free to try again or leave
        # room again: the same move is played
        monkeypatch.setattr(match_module, "_write_all", WRITE_ALL)
        screen.play(action)
        await wait_for(pilot, lambda: len(match.history) > len(history))
        assert match.history[len(history)][1] == action


WRITE_ALL = match_module._write_all


async def test_the_match_being_played_cannot_be_deleted_from_the_saved_matches():
    """Play-test (saves, finding 3): d on a row marked "playing" asked
    "Delete this match?" and only after y said it could not be. It says so
    at once, and nothing is asked."""
    match = two_people()
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(app, pilot, match)
        screen = app.screen
        app.action_saved()  # as ctrl+p, Saved matches
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        # the match under the list: open here, not elsewhere
        assert str(app.screen.query_one(DataTable).get_row_at(0)[4]) == "open here"
        await pilot.press("d")
        await pilot.pause(0.1)
        assert isinstance(app.screen, SavedScreen)  # no "Delete this match?" first
        messages = [n.message for n in app._notifications]
        assert any("cannot be deleted" in m and "Leave the match first" in m for m in messages)
        assert match.path.exists()
        await pilot.press("escape")  # back to the match, one more action
        await wait_for(pilot, lambda: app.screen is screen)
        played = len(match.history)
        screen.play(table.make_update().legal[0])
        await wait_for(pilot, lambda: len(match.history) > played)
        first = match.path.read_text(encoding="utf-8").splitlines()[0]
        assert '"format"' in first and '"match_id"' in first
        match.close()
        assert Match.load(match.path).ok


async def test_the_saved_list_sees_a_match_left_in_another_terminal(monkeypatch):
    """Play-test (saves, finding 3): a row kept saying "playing" after the
    other terminal had left the match. The list looks again every few
    seconds, and before d: the row says "in play" and d offers to delete."""
    from tests.screen_kit import screen_text
    from tui.screens import saved as saved_module

    monkeypatch.setattr(saved_module, "PLAYING_CHECK_SECONDS", 0.2, raising=False)
    elsewhere = two_people()  # open (locked) as by another terminal
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_saved()
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        # "playing" beside "in play" was mixed up (a play-test): it says where
        assert "open elsewhere" in screen_text(app)
        elsewhere.close()  # the other terminal leaves the match
        await wait_for(pilot, lambda: "in play" in screen_text(app), 3)
        assert "open elsewhere" not in screen_text(app)
        await pilot.press("d")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))


async def test_f1_on_the_saved_matches_says_what_their_states_mean():
    """Play-test: "playing" (open in another window) and "in play" (not
    finished) were mixed up; README told them apart, the screen's F1 did
    not. F1 names each state of the Result column."""
    from tui.screens.help import HelpScreen

    two_people().close()
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_saved()
        await wait_for(pilot, lambda: isinstance(app.screen, SavedScreen) and app.screen.matches)
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        table = app.screen.query_one(DataTable)
        rows = {" ".join(str(table.get_row_at(i)[0]).split()):
                " ".join(str(table.get_row_at(i)[1]).split()) for i in range(table.row_count)}
        assert "open elsewhere" in rows and "another window" in rows["open elsewhere"], rows
        assert "open here" in rows and "this window" in rows["open here"], rows
        assert "in play" in rows and "Not finished" in rows["in play"], rows


async def test_a_draw_that_could_not_be_saved_stays_said_until_the_table_is_left(monkeypatch):
    """Hostile review, finding 5: a draw that could not be saved (a full
    disk) was said for five seconds, then the table sat at "The Armorer
    hands out weapons…" with no sign of the problem. The notice stays on
    screen while the match waits on that draw, and goes with the table."""
    from core.bossquest.actions import Ask
    from core.engine import CHANCE

    def no_draw(fd: int, data: bytes) -> None:
        if b'"seat":-1' in data:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        WRITE_ALL(fd, data)

    match = two_people()
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    app.NOTIFICATION_TIMEOUT = 0.3  # any other notice is gone at once

    def said() -> list[str]:
        return [n.message for n in app._notifications if "Could not save the draw" in n.message]

    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(app, pilot, match)
        monkeypatch.setattr(match_module, "_write_all", no_draw)
        assert Ask(1) in table.make_update().legal
        app.screen.play(Ask(1))
        await wait_for(pilot, lambda: bool(said()))
        assert CHANCE in match.to_act()
        await pilot.pause(1.0)  # past any other notice's time
        (notice,) = said()
        assert str(match.path) in notice and os.strerror(errno.ENOSPC) in notice
        # the prompt says it too, for as long as it holds (the notice may be put away)
        from tests.screen_kit import screen_text

        assert "has stopped: its journal cannot be written" in " ".join(screen_text(app).split())
        app.screen.action_leave()
        await wait_for(pilot, lambda: app.table is None)
        await pilot.pause(0.1)
        assert said() == []


@pytest.mark.parametrize("game_id", ["overstocked", "overboss-duel", "boss-quest", "overseers"])
async def test_a_bots_move_that_cannot_be_saved_stops_the_match_and_the_prompt_says_so(
        game_id, monkeypatch):
    """Play-test (saves, finding 1): a bot's move that could not be saved
    was said in two stacked toasts, and once they went the prompt read
    "Bram's turn thinking… 54 s (n: move now)", n answering "No bot is
    thinking now". One notice; the prompt says the match has stopped and
    what to do, with no count and no n."""
    from tests.screen_kit import record_notices, screen_text
    from tui.screens.help import screen_keys

    def no_bot_move(fd: int, data: bytes) -> None:
        if b'"seat":0,' in data:  # Bram's moves
            raise OSError(errno.EACCES, os.strerror(errno.EACCES))
        WRITE_ALL(fd, data)

    players = [PlayerSpec("Bram", "bot", "easy"), PlayerSpec("Ann", "human")]
    players += [PlayerSpec("Cid", "human")] if game_id == "overseers" else []
    match = Match.new(game_id, players)
    monkeypatch.setattr(match_module, "_write_all", no_bot_move)
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    async with app.run_test(size=(120, 36)) as pilot:
        said = record_notices(app)
        app.open_match(match)

        def bram_stopped() -> bool:
            table = app.table
            if any("Could not save Bram's move" in m for m in said):
                return True
            if table is not None and table.screen is not None and table.handover_to is None:
                legal = table.make_update().legal
                if legal:  # Ann plays on until it is Bram's turn (Boss Quest)
                    table.screen.play(legal[0])
            return False

        await wait_for(pilot, bram_stopped, 20)
        await pilot.pause(0.3)  # the bot's second try, if any, is in too
        assert [m for m in said if "Could not save" in m] == [said[-1]]
        table: Any = app.table
        if table.handover_to is not None:  # two people here: the cover first
            await pilot.press("enter")
            await pilot.pause(0.2)
        screen = table.screen
        assert screen.update.stopped and screen.update.thinking is None
        text = " ".join(screen_text(app).split())
        assert "has stopped: its journal cannot be written" in text, text
        assert "thinking" not in text and "move now" not in text
        assert "n (bot thinking)" not in dict(screen_keys(screen))


async def test_after_a_card_that_could_not_be_saved_one_enter_plays_it(monkeypatch):
    """Play-test (saves, finding 2), Overstocked: "Play card 13? Enter
    confirms", Enter while the journal could not be written (nothing
    played), then the journal writable again: the first Enter did nothing
    (it chose the card again, the prompt unchanged); a second played it."""
    from core.overstocked.actions import Pick

    def no_room(fd: int, data: bytes) -> None:
        raise OSError(errno.EACCES, os.strerror(errno.EACCES))

    match = Match.new("overstocked", [PlayerSpec("Ann", "human"),
                                      PlayerSpec("Bram", "bot", "easy")])
    app = OvertableApp(bot_delay=0, theme_name="textual-dark", seed=3)
    async with app.run_test(size=(120, 36)) as pilot:
        app.open_match(match)
        await wait_for(pilot, lambda: app.table is not None and app.table.screen is not None
                       and any(isinstance(a, Pick) for a in app.table.make_update().legal))
        screen: Any = app.table.screen
        await pilot.pause(0.3)  # past the new decision's steady time
        await pilot.press("enter")  # choose the card under the cursor
        assert screen.query_one("#os-hand").pending is not None
        history = len(match.history)
        monkeypatch.setattr(match_module, "_write_all", no_room)
        await pilot.press("enter")  # confirm: not saved, nothing played
        await pilot.pause(0.1)
        assert len(match.history) == history
        assert "Enter confirms" in screen._prompt_text().plain
        monkeypatch.setattr(match_module, "_write_all", WRITE_ALL)
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(seat == 0 for seat, _ in match.history[history:]))
