"""Boss Quest's final table (`b` on the results): the last round as it
ended, its Boss and spells, every weapon combat revealed, and no Undo."""

from __future__ import annotations

import random

import pytest

from core.bossquest import GAME
from core.bossquest.state import Phase
from core.playout import random_playout
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update, screen_text


def final_state(seed: int):
    state, _ = random_playout(GAME, 4, rng=random.Random(seed))
    assert state.phase is Phase.OVER and state.history
    return state


@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_final_table_shows_the_last_round_as_it_ended(seed, size):
    state = final_state(seed)
    last = state.history[-1]
    app = ScreenApp(make_update(state, 0))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = screen_text(app)
        footer = footer_keys(app)
    assert "▒▒" not in text  # combat revealed every card
    assert "No Boss yet" not in text
    assert f"{last.hp} HP" in text and f"card {last.boss}" in text
    for weapons in last.equipment:
        for weapon in weapons:  # face up, hidden card included
            assert f"[{weapon.code}]" in text, (weapon.code, text)
    assert "Undo" not in footer


def footer_keys(app) -> list[str]:
    """The descriptions the footer shows (a key Textual may not run is left out)."""
    return [b.binding.description for b in app.screen.active_bindings.values() if b.binding.show]


async def test_undo_is_offered_while_the_match_is_on():
    app = ScreenApp(make_update(full_state(), 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = footer_keys(app)
    assert "Undo" in footer


def over_table():
    """The hand-made table with its round 1 as the last: the quest is over."""
    import attrs

    state = full_state()
    cyd = attrs.evolve(state.knights[2], keys=5)
    return attrs.evolve(state, phase=Phase.OVER, turn=None, boss=None, active=(), offer=(),
                        knights=(*state.knights[:2], cyd, state.knights[3]))


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
def test_snapshot_final_table(snap_compare, size):
    assert snap_compare(ScreenApp(make_update(over_table(), 0)), terminal_size=size)
