"""F1 at Boss Quest's Wizard says what its keys do there: a spell's number
that picks nothing holds a, x and Enter until a spell is chosen (the help
said nothing of it, and a player read Enter as dead), and the arrows move
one spell through the list, from the action bar too (F1 said "Back to the
list you are picking from" where Up moved the highlight)."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable

from core.bossquest.state import Step
from tests.bossquest_screen_kit import ScreenApp, full_state, make_update
from tests.test_tui_help import fits
from tui.screens.help import HelpScreen
from tui.widgets import ActionBar, Market


async def wizard_help(keys: tuple[str, ...], focus: type) -> list[tuple[str, str]]:
    """F1's keys of the moment at the Wizard, after `keys`."""
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        await pilot.pause()
        assert isinstance(app.focused, focus)
        await app.push_screen(HelpScreen(app.game_screen))
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [tuple(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]
    assert all(fits(key, text) for key, text in rows)
    rows = rows[:[key for key, _ in rows].index("")]
    return [(" ".join(key.split()), " ".join(text.split())) for key, text in rows]  # unwrapped


#: at the spells' list, and on the action bar after a spell chosen by its number
MOMENTS = [((), Market), (("1",), ActionBar)]


@pytest.mark.parametrize(("keys", "focus"), MOMENTS)
async def test_f1_at_the_wizard_says_a_refused_number_holds_a_x_and_enter(keys, focus):
    rows = dict(await wizard_help(keys, focus))
    said = [text for text in rows.values() if "picks no spell" in text]
    assert said == ["Choose a spell by its number (m: the mystery spell). After a number "
                    "that picks no spell, choose one (its number, m or an arrow) "
                    "before a, x or Enter"], rows


@pytest.mark.parametrize(("keys", "focus"), MOMENTS)
async def test_f1_at_the_wizard_says_the_arrows_move_one_spell(keys, focus):
    rows = await wizard_help(keys, focus)
    texts = dict(rows)
    assert texts["Up / Down arrow"] == ("Move one spell up or down the Wizard's list "
                                        "(from the action bar too)"), rows
    assert texts["Home / End"] == "To the first or last spell", rows
    # no other words for the same keys: the list's, the bar's, Up's "Back"
    said = " ".join(texts.values())
    for other in ("Move up and down the list", "lines of actions", "Back to the list"):
        assert other not in said, rows
