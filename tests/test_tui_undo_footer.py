"""u Undo in the footer of every game's table: shown while the seat's last
move can be taken back, gone when it cannot (a play-test read "u Undo",
dimmed, at the Wizard after w, where the rulebook makes the choice final:
house ruling BQ-54), and the key still asks there, so the player reads the
session's reason. One rule for the four games (`GameScreen.check_action`)."""

from __future__ import annotations

import random

import attrs
import pytest

from core.engine import CHANCE
from core.overseers import GAME as OVERSEERS
from core.playout import sample_chance
from tests import (
    bossquest_screen_kit,
    overboss_screen_kit,
    overseers_screen_kit,
    overstocked_screen_kit,
)
from tests.screen_kit import FakePort, screen_text, settle
from tui.widgets.footer import Footer


def _overseers_update():
    state = OVERSEERS.setup(4)
    rng = random.Random(3)
    while CHANCE in OVERSEERS.to_act(state):
        state = OVERSEERS.apply(state, CHANCE, sample_chance(OVERSEERS.chance_outcomes(state), rng))
    return overseers_screen_kit.make_update(state)


TABLES = {
    "boss-quest": (bossquest_screen_kit.ScreenApp,
                   lambda: bossquest_screen_kit.make_update(bossquest_screen_kit.full_state())),
    "overboss-duel": (overboss_screen_kit.ScreenApp,
                      lambda: overboss_screen_kit.make_update(overboss_screen_kit.midgame())),
    "overstocked": (overstocked_screen_kit.ScreenApp,
                    lambda: overstocked_screen_kit.make_update(overstocked_screen_kit.pick_state())),
    "overseers": (overseers_screen_kit.ScreenApp, _overseers_update),
}


def _footer(app) -> str:
    """The footer's keys, as it draws them, and its line on the screen."""
    shown = app.screen.query_one(Footer).shown
    return " ".join(f"{key} {words}" for key, words, _ in shown) + "\n" + \
        screen_text(app).rstrip("\n").splitlines()[-1]


@pytest.mark.parametrize("game", list(TABLES))
@pytest.mark.parametrize("can_undo", [False, True])
async def test_undo_leaves_the_footer_when_nothing_can_be_taken_back(game, can_undo):
    app_class, update_of = TABLES[game]
    update = attrs.evolve(update_of(), can_undo=can_undo)
    assert update.seat == 0 and 0 not in update.bots
    port = FakePort()
    app = app_class(update, port)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        active = screen.active_bindings["u"]
        footer = _footer(app)
        if can_undo:
            assert active.binding.action == "undo" and active.enabled
            assert "u Undo" in footer
        else:
            # not shown at all (dimmed, it still read "u Undo")
            assert active.binding.action == "undo_anyway" and not active.binding.show
            assert "Undo" not in footer
        # either way u asks the session, which answers with its reason
        await pilot.press("u")
        await pilot.pause()
        assert port.undos == 1
