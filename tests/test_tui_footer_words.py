"""A footer's words say what the key does now, as the action bar beside it
says it, whole."""

from __future__ import annotations

import pytest
from textual.binding import Binding

from tests import overstocked_screen_kit as os_
from tests.screen_kit import screen_text, settle, wait_for


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
        assert "p/w Pop./warehouse" in bar, bar
        assert "p/w Pop./warehouse" in footer, footer


class _HelpApp(os_.ScreenApp):
    """The screen with the app's F1, which the footer lists too."""

    BINDINGS = [Binding("f1", "help", "Help")]

    def action_help(self) -> None:
        pass


def _footer_and_bar(app) -> tuple[str, str]:
    lines = screen_text(app).splitlines()
    return lines[-1], "\n".join(lines[:-1])


@pytest.mark.parametrize("step", ["plain", "forklift", "quantum"])
async def test_overstockeds_placing_keeps_u_undo_in_the_footer_at_80_columns(step):
    """Play-test (80x24, quantum variant): placing a quantum card, the
    footer read "↵ Place q Home r Rotate p/w Popularity/warehouse v
    Warehouses … f1 Help": the long label pushed u Undo out. Every placing
    step keeps u Undo in sight, and the bar's words for p/w are the action
    row's."""
    import attrs

    from core.overstocked import GAME
    from core.overstocked.actions import ChooseQuantum, Place
    from core.overstocked.state import Options, Where

    if step == "plain":
        state = os_.place_state()
    elif step == "quantum":
        state = GAME.apply(os_.place_state(Options(quantum=True)), 0, ChooseQuantum(2))
    else:
        state = os_.place_state(Options(forklifts=True))
        place = next(a for a in GAME.legal_actions(state, 0)
                     if isinstance(a, Place) and a.where is Where.WAREHOUSE)
        state = GAME.apply(state, 0, place)
    update = attrs.evolve(os_.make_update(state), can_undo=True)
    app = _HelpApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        footer, bar = _footer_and_bar(app)
        assert "u Undo" in footer and "q Home" in footer and "f1 Help" in footer, footer
        if step != "forklift":
            assert "p/w Pop./warehouse" in footer and "p/w Pop./warehouse" in bar, screen_text(app)


async def test_overstockeds_forklift_keys_have_the_same_words_in_bar_and_footer():
    """Play-test: placing a forklift, the action row said "r Turn … x No
    forklift" and the footer "r Rotate … x None, thanks"."""
    from core.overstocked import GAME
    from core.overstocked.actions import Place
    from core.overstocked.state import Options, Where

    state = os_.place_state(Options(forklifts=True))
    place = next(a for a in GAME.legal_actions(state, 0)
                 if isinstance(a, Place) and a.where is Where.WAREHOUSE)
    app = _HelpApp(os_.make_update(GAME.apply(state, 0, place)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        footer, bar = _footer_and_bar(app)
        for words in ("r Rotate", "x None, thanks"):
            assert words in footer and words in bar, screen_text(app)


async def test_overstockeds_confirming_a_card_shows_esc_back():
    """Play-test: confirming a card ("Play card 20? Enter confirms ...")
    Escape took the choice back, but neither the footer nor the prompt
    said so."""
    app = _HelpApp(os_.make_update(os_.pick_state()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer, _ = _footer_and_bar(app)
        assert "esc Back" not in footer, footer  # nothing chosen yet
        await pilot.press("enter")
        await wait_for(pilot, lambda: "Play card" in screen_text(app))
        footer, _ = _footer_and_bar(app)
        assert "esc Back" in footer and "q Home" in footer, footer
        await pilot.press("escape")
        await wait_for(pilot, lambda: "Play card" not in screen_text(app))
        footer, _ = _footer_and_bar(app)
        assert "esc Back" not in footer, footer
