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

from core.bossquest.actions import DiscardMystery
from core.bossquest.state import Step
from tests.bossquest_screen_kit import FakePort, ScreenApp, full_state, make_update
from tests.screen_kit import record_notices
from tui.widgets import Market

# full_state at the Wizard: spells 1, 3, 4 (slot 2 activated) and the mystery


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
