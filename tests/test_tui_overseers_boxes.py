"""Overseers' boxes at one terminal: left unread, then continued; opened again.

The play-test (Ann against three bots, 80x24): at "Round 1 ended · Ann's
view" q was refused ("Put this away first (Enter); then q goes home.", over
the box's first lines), and with the terminal closed instead, Continue went
straight to round 2's draft: the round's score, source by source, never
came back, and nothing was kept beside the journal. Boss Quest's combat
lets q go home and comes back first on continuing (README: "one left
unread when the match was left comes back first when it is continued"):
Overseers does the same now, and r opens the last round's end again, as
Boss Quest's c opens the last combat."""

from __future__ import annotations

import pytest

from saves.journal import PlayerSpec
from tests.screen_kit import record_notices, screen_text, wait_for
from tests.test_tui_bossquest_resume import leave_and_resume
from tests.test_tui_overseers_hotseat import PRIVATE, people_play
from tui.app import OvertableApp
from tui.screens.ending import EndingScreen
from tui.screens.handover import HandoverScreen
from tui.screens.home import HomeScreen
from tui.screens.overseers import OverseersScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")

ALONE = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
         PlayerSpec("Cyd", "bot", "random"), PlayerSpec("Dee", "bot", "random")]
THREE_HERE = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
              PlayerSpec("Cora", "human")]


async def play_to_the_round_end(app, pilot, players) -> EndingScreen:
    """A new match of `players` played from the keyboard to round 1's end
    box (the vote's box put away on the way)."""
    app.new_match("overseers", players)
    for _ in range(4000):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, EndingScreen) and " ended" in screen.title_text:
            return screen
        await people_play(pilot, screen)
    raise AssertionError("round 1 did not end")


def footer(app) -> str:
    return screen_text(app).splitlines()[-1]


async def q_and_continue(app, pilot) -> None:
    """q, then Continue on the home screen (`overtable` and Continue)."""
    path = app.table.match.path
    await pilot.press("q")
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    app.open_path(path)
    await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))


@pytest.mark.parametrize("how", ["q", "closed"])
async def test_one_persons_round_end_left_unread_comes_back_first(tmp_path, monkeypatch, how):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        box = await play_to_the_round_end(app, pilot, ALONE)
        title = box.title_text
        assert title == "Round 1 ended · Ann's view"
        assert "q Home" in footer(app), footer(app)
        path = app.table.match.path
        # kept beside the journal as it comes up: a closed terminal keeps it too
        assert path.with_suffix(".here.json").exists()
        if how == "q":
            await q_and_continue(app, pilot)
        else:
            await leave_and_resume(app, pilot)
        assert not any("Put this away first" in x for x in said), said
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        assert app.screen.title_text == title, screen_text(app)
        assert "Your round score" in screen_text(app) or app.screen.aside
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        # read once: continued again, round 2's draft comes at once
        await leave_and_resume(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen.update is not None and bool(app.screen.update.legal))
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, OverseersScreen), screen_text(app)


async def test_a_vote_box_left_unread_by_one_person_comes_back_first(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", ALONE)
        for _ in range(4000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, EndingScreen):
                break
            await people_play(pilot, screen)
        title = app.screen.title_text
        assert title == "Round 1: what the vote did · Ann's view"
        await q_and_continue(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        assert app.screen.title_text == title


async def test_several_peoples_round_end_left_by_q_comes_back_first(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        box = await play_to_the_round_end(app, pilot, THREE_HERE)
        assert box.title_text == "Round 1 ended · for everyone"
        assert "q Home" in footer(app), footer(app)
        await q_and_continue(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, (EndingScreen, HandoverScreen)))
        await pilot.pause()
        assert isinstance(app.screen, EndingScreen), screen_text(app)
        assert app.screen.title_text == "Round 1 ended · for everyone"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))


async def test_r_opens_the_last_rounds_end_again_alone(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", ALONE)
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen.update is not None and bool(app.screen.update.legal))
        said = record_notices(app)
        await pilot.press("r")  # no round over yet: says so, opens nothing
        await pilot.pause()
        assert isinstance(app.screen, OverseersScreen)
        assert any("No round has ended yet" in x for x in said), said
        box = None
        for _ in range(4000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, EndingScreen) and " ended" in screen.title_text:
                box = screen
                break
            await people_play(pilot, screen)
        assert box is not None
        first = screen_text(app)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        assert "r Last round" in footer(app), footer(app)
        from tui.screens.help import screen_keys

        assert any(keys == "r" and "last round's end again" in does
                   for keys, does in screen_keys(app.screen)), screen_keys(app.screen)  # F1
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        again = app.screen
        assert again.title_text == "Round 1 ended · Ann's view"
        assert again.lines == box.lines and again.aside == box.aside
        assert "Enter: the table" in screen_text(app) and "q Home" in footer(app)
        assert first.splitlines()[1] == screen_text(app).splitlines()[1]
        # the bots wait while it is up, and go on once it is put away
        assert app.table.holds_bots
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        assert not app.table.holds_bots


async def test_r_at_one_terminal_of_several_shows_no_ones_hidden_cards(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_round_end(app, pilot, THREE_HERE)
        await pilot.press("enter")
        # the next person's own view, uncovered: their new pack on screen
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen.update is not None and app.screen.update.seat is not None)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen))
        assert app.screen.title_text == "Round 1 ended · for everyone"
        text = screen_text(app)
        for private in PRIVATE:
            assert private not in text, text
        assert "Round scores: " in " ".join(text.split())


async def test_a_refused_q_is_said_in_the_boxs_foot_not_over_its_lines():
    """Over the results (the match is over) q still waits for Enter: it
    says so in the box's foot; a notice sat over the box's first lines."""
    from tests.overseers_screen_kit import FakePort, ScreenApp, make_update
    from tests.test_overseers_kit import placed

    app = ScreenApp(make_update(placed([("AAB", "LC"), ("LLC", "HB"), ("LHA", "BL")])),
                    FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        await pilot.pause()
        app.push_screen(EndingScreen("Round 3 ended · Ann's view", ["a line"]))
        await wait_for(pilot, lambda: "Round 3 ended" in screen_text(app))
        assert "q Home" not in footer(app)
        await pilot.press("q")
        await wait_for(pilot, lambda: "Enter first" in screen_text(app))
        assert said == [], said
        assert "Enter first: then q goes home" in screen_text(app)


async def test_ones_own_round_end_box_shows_every_round_score_at_80x24(tmp_path, monkeypatch):
    """Play-test (Ann against five bots, 80x24): "Round 1 ended · Ann's
    view" said "… takes the Leader card (the lowest round score)" and never
    the others' round scores, so Ann could not check it. They are public
    after the Showdown, only the running totals secret (OV-6, OV-17): her
    box names each, on a line of its own and whole (PgDn brings it where
    the box runs longer), and no one else's total; her log too."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    six = [PlayerSpec("Ann", "human"),
           *(PlayerSpec(n, "bot", "random") for n in ("Bob", "Cyd", "Dee", "Eva", "Fox"))]
    app = OvertableApp(bot_delay=0.0, seed=7, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        box = await play_to_the_round_end(app, pilot, six)
        assert box.title_text == "Round 1 ended · Ann's view"
        seats = app.table.match.state.seats
        scores = ", ".join(f"{'you' if s == 0 else p.name} {seat.rounds[0].score}"
                           for s, (p, seat) in enumerate(zip(six, seats, strict=True)))
        for _ in range(4):
            text = screen_text(app)
            rows = [row.strip("│ ") for row in text.splitlines()]
            if f"Round scores: {scores}." in rows or "PgDn: more" not in text:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert f"Round scores: {scores}." in rows, text
        [table] = [x for x in app.screen_stack if isinstance(x, OverseersScreen)]
        assert table.update.seat == 0
        assert any(f"Round scores: {scores}." in line for line in table.update.log)
        others = {seat.total for seat in seats[1:]} - {seats[0].total}
        assert not any(f"total {t}" in line for line in table.update.log for t in others)
