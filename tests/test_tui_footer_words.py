"""A footer's words say what the key does now, as the action bar beside it
says it, whole."""

from __future__ import annotations

import pytest

from tests import overstocked_screen_kit as os_
from tests.screen_kit import screen_text, settle


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_overstockeds_footer_says_place_and_popularity_or_warehouse(size):
    """Play-test (80x24): placing a card, the action bar said "↵ Place" and
    "p/w Popularity/warehouse" while the footer said "↵ Choose" and "p/w
    Popularity", as if both keys went to the popularity."""
    app = os_.ScreenApp(os_.make_update(os_.place_state()))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        lines = screen_text(app).splitlines()
        bar = next(line for line in lines[:-1] if "↵ Place" in line)
        footer = lines[-1]
        assert "↵ Place" in footer and "Choose" not in footer, footer
        assert "p/w Popularity/warehouse" in bar, bar
        assert "p/w Popularity/warehouse" in footer, footer
