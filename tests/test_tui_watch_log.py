"""A watcher of a shared table reads back the whole log from the keyboard
(the recap's keys are a seated player's): PgUp / PgDn scroll the log
panel, in every game's screen, and F1 says so."""

from __future__ import annotations

import attrs
import pytest

from core.engine import CHANCE
from tests import (
    bossquest_screen_kit,
    overboss_screen_kit,
    overseers_screen_kit,
    overstocked_screen_kit,
)
from tests.screen_kit import FakePort, screen_text, settle
from tui.screens.help import idle_keys, screen_keys
from tui.widgets.since import SinceLog

LOG = tuple(f"Line {n} of the match so far." for n in range(1, 61))


class SharedPort(FakePort):
    answers_later = True  # as a shared table's port (tui.remote)


def _dealt(game, players):
    state = game.setup(players, game.Options())
    while game.to_act(state) == {CHANCE}:
        state = game.apply(state, CHANCE, game.chance_outcomes(state)[0][0])
    return state


def _states():
    from core.overseers import GAME as OVERSEERS

    return [
        pytest.param(bossquest_screen_kit, bossquest_screen_kit.full_state, id="bossquest"),
        pytest.param(overboss_screen_kit, overboss_screen_kit.midgame, id="overboss"),
        pytest.param(overstocked_screen_kit, overstocked_screen_kit.place_state, id="overstocked"),
        pytest.param(overseers_screen_kit, lambda: _dealt(OVERSEERS, 4), id="overseers"),
    ]


@pytest.mark.parametrize(("kit", "state_of"), _states())
async def test_a_watcher_scrolls_the_whole_log_with_page_keys(kit, state_of):
    update = attrs.evolve(kit.make_update(state_of(), None), log=LOG)
    app = kit.ScreenApp(update, SharedPort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        screen = app.game_screen
        log = screen.query_one(SinceLog)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        assert "Line 1 of" not in screen_text(app)
        if kit is overseers_screen_kit:  # its PgUp scrolls the table: l hands it to the log
            await pilot.press("l")
        for _ in range(30):
            await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y == 0 and "Line 1 of" in screen_text(app)
        await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y > 0
        listed = screen_keys(screen)
        keys = dict(listed + idle_keys(screen, listed))
    if kit is overseers_screen_kit:
        assert "Scroll the log" in keys.get("l", ""), keys
    else:
        assert any("Page Up" in key and "log" in does for key, does in keys.items()), keys


@pytest.mark.parametrize(("kit", "state_of"), [p for p in _states() if p.id in (
    "overboss", "overstocked")])
async def test_a_player_reads_back_the_log_with_page_keys(kit, state_of):
    """Overboss Duel and Overstocked at one terminal had no key to read the
    log back (Boss Quest's and Overseers' `l`: here `l` moves on the board,
    and PgUp / PgDn were a watcher's only). No game key uses them: they
    scroll the seated player's log too, after some moves (the recap since
    the last one put away for the whole log), F1 and the log's title say
    so, and PgDn brings the newest lines back."""
    state = state_of()
    app = kit.ScreenApp(attrs.evolve(kit.make_update(state, 0), log=LOG[:40], seq=1),
                        FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        # the others moved: the recap since the last move is up
        screen.show(attrs.evolve(kit.make_update(state, 0), log=LOG, seq=2))
        await pilot.pause()
        await pilot.pause()
        log = screen.query_one(SinceLog)
        assert log.recap is not None and log.recap.shown
        assert "Line 1 of" not in screen_text(app)
        for _ in range(30):
            await pilot.press("pageup")
        await pilot.pause()
        title = str(log.border_title)
        assert log.scroll_y == 0 and "Line 1 of" in screen_text(app), screen_text(app)
        for _ in range(30):
            await pilot.press("pagedown")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y and "Line 60 of" in screen_text(app)
        listed = screen_keys(screen)
        keys = dict(listed + idle_keys(screen, listed))
    assert any("Page Up" in key and "log" in does for key, does in keys.items()), keys
    assert not any("Watching" in does for does in keys.values()), keys
    assert "PgUp" in title, title


def _shown_lines(app) -> set[str]:
    """The "Line n" lines in sight."""
    import re

    return set(re.findall(r"Line \d+ of", screen_text(app)))


@pytest.mark.parametrize("recap_first", [False, True], ids=["log", "recap"])
@pytest.mark.parametrize(("kit", "state_of"), [p for p in _states() if p.id in (
    "overboss", "overstocked")])
async def test_a_player_reading_back_keeps_their_place_at_another_move(kit, state_of, recap_first):
    """Play-test: while a player read back with PgUp, another seat's move
    switched the Duel's panel back to the recap since their last move
    (they had moved: nothing to recap until then), and Overstocked's
    jumped to the newest line. Scrolled back, a move adds its lines
    unseen; back at the end (PgDn), or after their own move, the newest
    lines follow again."""
    state = state_of()
    app = kit.ScreenApp(attrs.evolve(kit.make_update(state, 0), log=LOG[:40], seq=1),
                        FakePort())
    more = LOG + tuple(f"Move {n} of the others." for n in range(1, 21))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        log = screen.query_one(SinceLog)
        if recap_first:  # the others moved: the recap is up, PgUp puts it away
            screen.show(attrs.evolve(kit.make_update(state, 0), log=LOG, seq=2))
            await pilot.pause()
            assert log.recap is not None and log.recap.shown
        for _ in range(3):
            await pilot.press("pageup")
        await pilot.pause()
        await pilot.pause()
        title, read = str(log.border_title), _shown_lines(app)
        assert read and "Line 35 of" not in read and "Line 60 of" not in read, screen_text(app)
        # another seat's move comes in
        screen.show(attrs.evolve(kit.make_update(state, 0), log=more[:65], seq=3))
        await pilot.pause()
        await pilot.pause()
        assert _shown_lines(app) == read, screen_text(app)
        assert "Move 5 of" not in screen_text(app)
        assert str(log.border_title) == title and "Since your" not in title
        # back to the end: the next move's lines are followed
        for _ in range(30):
            await pilot.press("pagedown")
        await pilot.pause()
        screen.show(attrs.evolve(kit.make_update(state, 0), log=more[:70], seq=4))
        await pilot.pause()
        await pilot.pause()
        assert "Move 10 of" in screen_text(app), screen_text(app)
        # read back again, then one's own move: the newest lines again
        for _ in range(3):
            await pilot.press("pageup")
        await pilot.pause()
        await pilot.pause()
        assert "Move 10 of" not in screen_text(app)
        screen.play(screen.update.legal[0])
        screen.show(attrs.evolve(kit.make_update(state, 0), log=more[:75], seq=5))
        await pilot.pause()
        await pilot.pause()
        assert "Move 15 of" in screen_text(app), screen_text(app)
