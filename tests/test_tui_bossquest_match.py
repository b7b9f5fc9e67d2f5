"""A whole Boss Quest match played from the keyboard, through the real app:
one human against two bots, at 80x24."""

from __future__ import annotations

import asyncio

import pytest

from core.bossquest import rules
from core.bossquest.state import Options
from saves.journal import PlayerSpec
from tests.bossquest_screen_kit import screen_text
from tests.screen_kit import wait_for
from tui.app import OvertableApp
from tui.screens.bossquest import BossQuestScreen, CombatPanel, CombatScreen
from tui.screens.ending import EndingScreen
from tui.screens.results import ResultsScreen
from tui.widgets import Market

#: whole matches through the app, in loops that wait for what they read
pytestmark = pytest.mark.usefixtures("brisk_idle")


def choose_key(screen: BossQuestScreen) -> str:
    """What a careful player presses now, reading the screen's own view."""
    update = screen.update
    assert update is not None
    view = update.view
    mode = screen._mode
    if mode == "choose":
        mine = rules.strength(view, update.seat) or 0
        gap = rules.current_hp(view) - mine
        if gap >= 6 and screen.check_action("ask", (1,)):
            return "1"
        return "w"
    if mode == "wizard":
        market = screen.query_one("#bq-market", Market)
        offer = market.highlighted_offer()
        # (`a` on a spell with no effect now says so: the key runs, so it
        # is the rules' list that says whether it activates)
        activate, _ = screen._wizard_actions()
        if activate is not None and offer is not None and "HP" not in str(offer.label):
            return "a"
        return "x"
    return "enter"  # a target: the first legal one


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_whole_match_from_the_keyboard(tmp_path, monkeypatch, size):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=11, theme_name="textual-dark")
    pressed = 0
    async with app.run_test(size=size) as pilot:
        app.new_match(
            "boss-quest",
            [
                PlayerSpec("Ann", "human"),
                PlayerSpec("Bob", "bot", "random"),
                PlayerSpec("Cyd", "bot", "heuristic"),
            ],
        )
        last = None
        for _ in range(4000):
            await pilot.pause()
            table = app.table
            if table is not None and table.match.finished:
                break
            screen = app.screen
            if getattr(screen, "holds_the_table", False):  # a combat waits for a key
                # the bots wait for the person reading it, as for a watcher
                assert table.holds_bots
                await pilot.press("enter")
                continue
            if not isinstance(screen, BossQuestScreen) or screen.update is None:
                await asyncio.sleep(0.01)
                continue
            update = screen.update
            if not update.legal:
                await asyncio.sleep(0.01)
                continue
            if update is last:
                await asyncio.sleep(0.01)
            key = choose_key(screen)
            await pilot.press(key)
            pressed += 1
            last = update
            text = screen_text(app)
            # The bots' hidden cards never reach Ann's screen mid-round.
            for seat in (1, 2):
                hidden = table.match.state.knights[seat].hidden
                if hidden is not None and hidden.weapon is not None and 0 not in hidden.known_to:
                    assert f"({hidden.weapon.code})" not in text
        await pilot.pause()
        assert app.table is not None and app.table.match.finished
        outcome = app.table.match.outcome
        assert outcome is not None and outcome.winners
        assert pressed > 5


async def test_two_people_at_one_terminal_play_a_whole_match(tmp_path, monkeypatch):
    """Two humans and a bot, from the keyboard: every time control passes
    from one person to the other the hand-over cover comes up first, and no
    screen ever shows the other person's hidden card. Behind the cover,
    each person's recap runs from their own last move (the other person's
    moves and the bot's are in it: `tests.test_tui_since.Checker`; one
    match for both, a whole match through the app costs most of a minute)."""
    from tests.test_tui_since import Checker, bq_marks
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    handovers = 0
    covers_since_shown = 0
    checker = Checker(app, bq_marks)
    recapped: set[int] = set()
    last = None
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(
            "boss-quest",
            [
                PlayerSpec("Ann", "human"),
                PlayerSpec("Bea", "human"),
                PlayerSpec("Cyd", "bot", "heuristic"),
            ],
        )
        shown_seat = None
        for _ in range(6000):
            await pilot.pause()
            table = app.table
            if table is not None and table.match.finished:
                break
            if isinstance(app.screen, HandoverScreen):
                # the cover names the person to come, and hides the table
                # ("Bea again: the bots have moved" when she is next once more)
                text = screen_text(app)
                assert "Pass to" in text or " again: " in text
                assert "(" not in text.split("Pass to" if "Pass to" in text else " again: ")[0]
                await pilot.press("enter")
                handovers += 1
                covers_since_shown += 1
                continue
            screen = app.screen
            if getattr(screen, "holds_the_table", False):  # a combat waits for a key
                await pilot.press("enter")
                continue
            if not isinstance(screen, BossQuestScreen) or screen.update is None:
                await asyncio.sleep(0.01)
                continue
            update = screen.update
            if update.seat is not None and shown_seat is not None and update.seat != shown_seat:
                # a change of person on screen only ever follows a cover
                assert covers_since_shown > 0
            covers_since_shown = 0
            text = screen_text(app)
            other = 1 - update.seat if update.seat in (0, 1) else None
            if other is not None:
                hidden = table.match.state.knights[other].hidden
                if hidden is not None and update.seat not in hidden.known_to:
                    assert f"({hidden.weapon.code})" not in text
            shown_seat = update.seat
            if not update.legal:
                await asyncio.sleep(0.01)
                continue
            if update is not last:  # each person's own recap, once an update
                before = checker.after_others
                checker(screen, None)
                if checker.after_others > before:
                    recapped.add(update.seat)
                last = update
            await pilot.press(choose_key(screen))
        await pilot.pause()
        assert app.table is not None and app.table.match.finished
        assert handovers >= 2
    assert recapped == {0, 1}


async def _watch_held(pilot, app, screen) -> None:
    """A combat is up over a watched bots' match: the match does not move
    under it. A negative, so a bounded wait: unheld, bots moving every
    50 ms made several moves in these frames."""
    table = app.table
    moves = len(table.match.history)
    for _ in range(25):
        await pilot.pause(0.02)
    assert screen.holds_the_table and len(table.match.history) == moves


@pytest.mark.parametrize("names", [("Ann", "Bob", "Cyd", "Dee", "Eve"), ("Ann",)],
                         ids=["five knights, Final Boss", "Solo Quest"])
async def test_a_watched_bots_match_waits_for_each_combat(tmp_path, monkeypatch, names):
    """Play-test (120x40, five knights, every seat a bot): no combat came
    up for the watcher, the rounds went straight on, and a round's result
    was only in the small "Last combat" panel (the ★ winner and the spells
    cut off); c opened the combat but the bots played on behind it, the
    match ending under round 3's box, which was still up on the final
    table (b). With no person seated each round's combat (the Solo Quest's
    wave) comes up over the table, in order, and the match waits until
    Enter puts it away; c holds it too; the Final Boss duel's combat comes
    last, over the results; nothing of a round gone by comes after them."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    # a move in 50 ms: c is pressed before the next round ends
    app = OvertableApp(bot_delay=0.05, seed=7, theme_name="textual-dark")
    told: list[object] = []
    opened_again = False
    async with app.run_test(size=(120, 40)) as pilot:
        app.new_match("boss-quest", [PlayerSpec(name, "bot", "heuristic") for name in names],
                      Options(final_boss=len(names) > 1))

        def up():
            screen = app.screen
            if isinstance(screen, (ResultsScreen, CombatScreen, EndingScreen)):
                return screen
            if isinstance(screen, BossQuestScreen) and screen.holds_the_table:
                panel = screen.query_one("#bq-combat", CombatPanel)
                if not told or panel.result is not told[-1]:
                    return screen
            return None

        while True:
            await wait_for(pilot, lambda: up() is not None)
            screen = up()
            if isinstance(screen, ResultsScreen):
                break
            if isinstance(screen, BossQuestScreen):
                panel = screen.query_one("#bq-combat", CombatPanel)
                await _watch_held(pilot, app, screen)
                told.append(panel.result)
                await pilot.press("enter")
                await wait_for(pilot, lambda screen=screen, panel=panel: (
                    not screen.holds_the_table or panel.result is not told[-1]))
                if not opened_again and not screen.holds_the_table:
                    # c opens it again: the match waits for it as well
                    opened_again = True
                    await pilot.press("c")
                    await wait_for(pilot, lambda screen=screen: screen.holds_the_table)
                    assert panel.result is told[-1]
                    await _watch_held(pilot, app, screen)
                    await pilot.press("enter")
                    await wait_for(pilot, lambda screen=screen: not screen.holds_the_table)
                continue
            # over the results: the match's last combats, in order
            if isinstance(screen, CombatScreen):
                told.append(screen.result)
            await pilot.press("enter")
            await wait_for(pilot, lambda screen=screen: app.screen is not screen)
        state = app.table.match.state
        assert app.table.match.finished
        # the final table (b): no combat of a round gone by is up on it
        await pilot.press("b")
        await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen))
        for _ in range(5):
            await pilot.pause()
        assert not app.screen.holds_the_table
    if len(names) > 1:
        assert state.duel is not None and told[-1] is state.duel
        told.pop()
    assert told == [*state.history, *state.waves]
    assert len(told) >= 2 and opened_again


async def test_a_person_seated_reads_the_combat_while_the_bots_wait(tmp_path, monkeypatch):
    """Play-test (me and bots, 80x24): the bots played the next round
    behind the combat box (the box said "Combat: round 1", the header
    behind it "Round 2"), and once my turn came up behind it, my Enter to
    close the box was dropped with a "press it again" drawn into its frame.
    The bots wait while the combat is up, the status says so, and Enter
    puts the box away even just after a new decision of mine came."""
    import time

    from tui.screens.game import ENTER_WAITS, HELD_FOR_BOX

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=11, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"),
                                     PlayerSpec("Bob", "bot", "random"),
                                     PlayerSpec("Cyd", "bot", "heuristic")])
        for _ in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, BossQuestScreen) and screen.holds_the_table:
                break
            if isinstance(screen, BossQuestScreen) and screen.update and screen.update.legal:
                await pilot.press(choose_key(screen))
        else:
            raise AssertionError("no combat came up")
        table = app.table
        moves = len(table.match.history)
        for _ in range(25):  # a negative, so a bounded wait (unheld bots move at once)
            await pilot.pause(0.02)
        assert screen.holds_the_table and len(table.match.history) == moves
        if screen.update.thinking is not None:
            assert screen.thinking_words(screen.update) == HELD_FOR_BOX  # (the status line)
        # a decision of Ann's just came up behind the box: Enter still closes it
        screen._steady_until = time.monotonic() + 10
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.holds_the_table
        assert ENTER_WAITS not in screen_text(app)
        assert not table.holds_bots
