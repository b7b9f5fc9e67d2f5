"""Two knights at one terminal (hot seat): a round's combat is everyone's.

The play-test: Ann acted last in round 1 and first in round 2, so no
hand-over came between them, and the round's combat opened over Ann's
round-2 view, her new hidden card above it ("Your weapons (P5) only you
see it"), for everyone watching the combat to read."""

from __future__ import annotations

import asyncio

import pytest

from saves.journal import PlayerSpec
from tests.bossquest_screen_kit import screen_text
from tests.test_tui_bossquest_match import choose_key
from tui.app import OvertableApp
from tui.screens.bossquest import BossQuestScreen
from tui.screens.handover import HandoverScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")

#: words only a knight's own view shows (the hidden card, its deal)
PRIVATE = ("only you see it", "hidden weapon:", "(you)")


async def test_each_round_combat_is_shown_to_all_then_the_hand_over(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    combats = 0
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        for _ in range(400):
            await pilot.pause()
            table = app.table
            text = screen_text(app)
            if "Combat: round" in text:
                combats += 1
                for private in PRIVATE:
                    assert private not in text
                for knight in table.match.state.knights:
                    if knight.hidden is not None and knight.hidden.weapon is not None:
                        assert f"({knight.hidden.weapon.code})" not in text
                await pilot.press("enter")
                await pilot.pause()
                # the next knight's view comes only behind the cover
                assert isinstance(app.screen, HandoverScreen), screen_text(app)
                if combats == 3 or table.match.finished:
                    break
                continue
            if isinstance(app.screen, HandoverScreen):
                await pilot.press("enter")
                continue
            screen = app.screen
            if not isinstance(screen, BossQuestScreen) or not screen.update or not screen.update.legal:
                await asyncio.sleep(0.01)
                continue
            await pilot.press(choose_key(screen))
    assert combats == 3
