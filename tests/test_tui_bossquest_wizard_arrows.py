"""The arrows at the Wizard after a spell chosen by its number or `m`, and a
number that names no spell (a play-test of the wheel at 80x24, 3 knights).

A number chooses its spell at once (the action bar takes the keys, Enter
then does the highlighted action), and the arrows stopped moving through
the spells there: after `1`, Down did nothing however often; after `m`,
the first Up did nothing. They move through the spells again, back in the
list (Enter chooses there, then does: the two steps), and a, x act on the
spell they reach. A number past the spells picked the Mystery spell (its
row is `m`); and while a refused number holds, the bar no longer offers
the highlighted spell's Activate and Discard."""

from __future__ import annotations

import pytest

from core.bossquest.actions import Activate, ActivateMystery, Discard, DiscardMystery
from core.bossquest.state import Step
from tests.bossquest_screen_kit import FakePort, ScreenApp, full_state, make_update
from tests.screen_kit import record_notices, settle
from tui.widgets import ActionBar, Market

# full_state at the Wizard: spells 1, 3, 4 (slot 2 activated) and the mystery


@pytest.mark.parametrize(
    ("keys", "highlighted", "action"),
    [
        (["1", "down"], 2, Activate(2)),  # to spell 3 (2 is gone)
        (["1", "down", "down"], 3, Activate(3)),
        (["3", "up"], 0, Activate(0)),
        (["m", "up"], 3, Activate(3)),  # the first Up moves
        (["4", "down"], 4, ActivateMystery()),
        (["1", "end"], 4, ActivateMystery()),
        (["m", "home"], 0, Activate(0)),
        # chosen with arrows and Enter, then Up: one spell up, as in the list
        (["down", "enter", "up"], 0, Activate(0)),
    ],
)
async def test_after_a_chosen_spell_the_arrows_move_through_the_spells(keys, highlighted,
                                                                        action):
    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(*keys)
        await pilot.pause()
        market = app.screen.query_one("#bq-market", Market)
        assert market.highlighted == highlighted
        # the keys are the list's again, as the ▶ shows
        assert app.focused is market
        assert table.submitted == []
        await pilot.press("a")
        await pilot.pause()
    assert table.submitted == [(0, action)], table.submitted


async def test_after_a_number_and_an_arrow_enter_chooses_then_does():
    """Back in the list, Enter chooses the spell reached (the bar takes the
    keys), and the next Enter does the bar's highlighted action."""
    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1", "down", "enter")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#bq-actions", ActionBar)
        assert table.submitted == []
        await pilot.press("right", "enter")
        await pilot.pause()
    assert table.submitted == [(0, Discard(2))], table.submitted


async def test_a_number_past_the_spells_is_not_the_mystery():
    """Spell 5 of four slots was the mystery's row (its key is m): it chose
    the mystery unsaid. It is no spell, as 9 is."""
    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        market = app.screen.query_one("#bq-market", Market)
        await pilot.press("5")
        await pilot.pause()
        assert market.highlighted == 0
        assert notices == ["There is no spell 5: press 1, 3, 4 or m."], notices
        await pilot.press("x")  # the hold: no spell chosen, the mystery least of all
        await pilot.pause()
        assert table.submitted == []
        await pilot.press("m", "x")
        await pilot.pause()
    assert table.submitted == [(0, DiscardMystery())], table.submitted


async def test_while_a_refused_number_holds_the_bar_offers_no_spell():
    """After 2 (gone), the bar read "a Activate HP +2  x Discard HP +2" and
    a then said no spell was chosen: it asks for a spell instead, and the
    keys go to the list. Enter's notice names Enter."""
    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        await pilot.press("1", "2")  # the bar had the keys: the list has them back
        await pilot.pause()
        bar = app.screen.query_one("#bq-actions", ActionBar)
        market = app.screen.query_one("#bq-market", Market)
        assert [c.label for c in bar.choices] == []
        assert str(bar.render()) == "Choose a spell: 1, 3, 4 or m"
        assert app.focused is market
        await pilot.press("enter")
        await pilot.pause()
        assert notices[-1] == ("No spell chosen: spell 2 was activated already. "
                               "Choose one first (1, 3, 4 or m), then Enter."), notices
        await pilot.press("3")  # chosen: the bar offers it
        await pilot.pause()
        assert [c.key for c in bar.choices] == ["a", "x"]
        assert app.focused is bar
    assert table.submitted == []
