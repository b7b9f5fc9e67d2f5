"""The Boss Quest screen's layout as a play-test found it at 80x24 and
after resizes: a knight's row wrapping above pushed choices and the last
combat's rows off the screen, a resize left the knights' rows laid out for
another width, the hand's title said "( )" at night and the hand kept 32
columns on a 200-column terminal."""

from __future__ import annotations

import attrs

from core.bossquest.cards import Spell, SpellKind
from core.bossquest.state import Step
from tests.bossquest_screen_kit import ScreenApp, make_update, screen_text
from tests.test_tui_bossquest_extensions import extensions_table
from tui.widgets import ActionBar


def with_bob_holding(state, count):
    """Bob holds `count` more weapons face up: his row wraps at 80 columns."""
    extra = state.weapon_deck[:count]
    bob = attrs.evolve(state.knights[1], visible=state.knights[1].visible + extra)
    return attrs.evolve(state, knights=(state.knights[0], bob) + state.knights[2:],
                        weapon_deck=state.weapon_deck[count:])


def swap_companions(state):
    return attrs.evolve(state, step=Step.TARGET, casting=Spell(SpellKind.SWAP_COMPANIONS))


async def test_every_choice_comes_into_sight_with_the_cursor_when_a_row_wraps():
    """The play-test: at the Wizard's Swap companions, a knight's row
    wrapping above hid the last line of the fourteen swaps, and Right took
    the cursor there with "↵ Do it" still offered. The decision stays at the
    foot of the table and the choices scroll with the cursor: the one
    highlighted is always on screen, and the bar says there is more."""
    app = ScreenApp(make_update(swap_companions(with_bob_holding(extensions_table(), 4))))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#bq-actions", ActionBar)
        bar.focus()
        labels = [c.label for c in bar.choices]
        assert len(labels) == 14
        text = screen_text(app)
        assert "shows 25+?" in text and "▼" in text, text  # Bob's row wrapped; more below
        seen = set()
        for _ in range(len(labels)):
            text = screen_text(app)
            assert bar.choices[bar.cursor].label in text, (bar.cursor, text)
            seen |= {label for label in labels if label in text}
            await pilot.press("right")
        assert seen == set(labels)
        assert bar.cursor == len(labels) - 1 and "▲" in screen_text(app)
        for _ in range(len(labels)):  # and back up
            await pilot.press("left")
            assert bar.choices[bar.cursor].label in screen_text(app)


async def test_a_click_on_the_scrolled_choices_picks_the_one_under_it():
    app = ScreenApp(make_update(swap_companions(with_bob_holding(extensions_table(), 4))))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one("#bq-actions", ActionBar)
        bar.focus()
        for _ in range(13):
            await pilot.press("right")
        await pilot.pause()
        last = bar.choices[13]
        line = next(y for y, row in enumerate(screen_text(app).splitlines()) if last.label in row)
        x = screen_text(app).splitlines()[line].index(last.label)
        await pilot.click(offset=(x, line))
        await pilot.pause()
    assert app.port.submitted[-1][1] == last.value
