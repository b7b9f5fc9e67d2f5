"""Play-test (2026-12-03): on a large terminal the column beside the table
(the log and recap, Overseers' talk, Overstocked's players and score) kept
its width for 110 columns, wrapping every log line at 160 and more while the
table had room to spare. Wider than the breakpoint it takes a share of the
screen, between its old width and a line a reader takes in at once."""

from __future__ import annotations

import pytest

from core.overseers import GAME as OVERSEERS
from tests import bossquest_screen_kit, overseers_screen_kit, overstocked_screen_kit
from tests.screen_kit import settle
from tests.test_overseers_kit import placed


def _bossquest():
    kit = bossquest_screen_kit
    return kit.ScreenApp(kit.make_update(kit.full_state())), "#bq-side"


def _overseers():
    from core.overseers.cards import Character

    state = placed([("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB")],
                   [Character.TEAL, Character.GOLD, Character.GREED])
    assert OVERSEERS.outcome(state) is None
    kit = overseers_screen_kit
    return kit.ScreenApp(kit.make_update(state, 0)), "#ov-side"


def _overstocked():
    kit = overstocked_screen_kit
    return kit.ScreenApp(kit.make_update(kit.pick_state())), "#os-side"


#: each game: its app, the side column's id, its width at 120 columns (the
#: old fixed width), its share of a wider screen and its largest width
CASES = {
    "boss-quest": (_bossquest, 42, 0.33, 72),
    "overseers": (_overseers, 44, 0.33, 72),
    "overstocked": (_overstocked, 36, 0.30, 64),
}


@pytest.mark.parametrize("game", sorted(CASES))
async def test_the_side_column_grows_with_a_wide_screen(game):
    make, least, share, most = CASES[game]
    widths = {}
    for columns, rows in ((120, 36), (180, 45), (260, 60)):
        app, side = make()
        async with app.run_test(size=(columns, rows)) as pilot:
            await settle(pilot)
            widths[columns] = app.screen.query_one(side).outer_size.width
    assert widths[120] == least  # as before: the snapshots at 120x36 hold
    assert widths[180] == int(180 * share)  # a share of the screen
    assert least < widths[180] < most
    assert widths[260] == most  # never a line too long to read
