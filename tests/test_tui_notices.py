"""Notices ("Your turn.", a refused move, a chat line) appear at the top
right under the header: at the bottom they covered the prompt and the
action bar, the lines a player reads when a notice comes."""

from __future__ import annotations

from textual.widgets._toast import Toast

from tests.screen_kit import screen_text, wait_for
from tui.app import OvertableApp
from tui.screens.too_small import TooSmallScreen


async def test_a_notice_sits_under_the_header_not_over_the_prompt():
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("Your turn.")
        await pilot.pause(0.3)
        toasts = [w for w in app.query(Toast)]
        assert toasts, "the notice is on screen"
        region = toasts[0].region
        assert region.y >= 1  # the header's line stays readable
        assert region.bottom <= 6  # far from the bottom rows (prompt, actions, footer)
        assert region.x >= 30  # at the right, off the table's left column


async def test_the_same_notice_twice_shows_once_and_anew():
    """Play-test (2026-12-03): Enter twice on a Duel square not on offer
    stacked two toasts of the same sentence over the table. The same words
    again replace the one shown (its time starts again); other words still
    stack."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        app.notify("a1 is not a choice now.")
        await pilot.pause(0.1)
        first = next(iter(app._notifications))
        app.notify("a1 is not a choice now.")
        await pilot.pause(0.3)
        shown = list(app._notifications)
        assert [n.message for n in shown] == ["a1 is not a choice now."]
        assert shown[0].identity != first.identity  # shown afresh
        assert len(app.query(Toast)) == 1
        app.notify("Your turn.")
        app.notify("a1 is not a choice now.", severity="warning")
        await pilot.pause(0.3)
        assert len(list(app._notifications)) == 3


async def test_ctrl_c_says_how_to_quit_in_plain_words():
    """Play-test (2026-12-04): Ctrl+C showed Textual's reminder with its
    markup as text, "Press [b]ctrl+q[/b] to quit the app"."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.press("ctrl+c")
        await pilot.pause(0.2)
        said = [n.message for n in app._notifications]
        assert len(said) == 1 and "Ctrl+Q" in said[0] and "[" not in said[0]
        assert app.is_running


async def test_notices_do_not_cover_the_too_small_message():
    """Play-test: notices given while the terminal was too small were drawn
    over its message and cut it ("Overtable needs at least 80▌"): hidden
    while the message shows."""
    app = OvertableApp(theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause(0.2)
        await pilot.resize_terminal(70, 14)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        for n in range(4):
            app.notify(f"Notice {n}: something happened at the table just now.")
        await pilot.pause(0.3)
        text = " ".join(screen_text(app).split())
        assert "Overtable needs at least 80x24; this terminal is 70x14." in text
        assert "Enlarge the window to carry on" in text
        assert "Notice" not in text
