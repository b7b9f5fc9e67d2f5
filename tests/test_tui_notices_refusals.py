"""A key's refusal ("Not now…", "Not there…", "N chooses nothing here")
goes once it no longer speaks of what is on screen: a move sent, the
decision changed, a dialog opened over the table (GameScreen,
tui/screens/game.py), another view shown; a refusal of the spot under a
cursor as the cursor moves. News stays: chat, a turn, and what u took
back until the next move."""

from __future__ import annotations

import pytest

from saves.journal import PlayerSpec
from tests import overstocked_screen_kit as os_kit
from tests.screen_kit import record_notices, screen_text, settle, wait_for
from tui.app import OvertableApp
from tui.screens.game import NOT_YOUR_DECISION
from tui.screens.overstocked import OverstockedScreen
from tui.screens.overstocked_area import AreaView
from tui.widgets.hints import hint


def _up(app) -> list[str]:
    return [n.message for n in app._notifications]


async def _ann_decides(pilot, app) -> OverstockedScreen:
    await wait_for(pilot, lambda: isinstance(app.screen, OverstockedScreen)
                   and app.screen.update is not None and bool(app.screen.update.legal))
    return app.screen


async def test_a_refused_spot_goes_once_the_card_is_placed(tmp_path, monkeypatch):
    """Play-test, case A (Overstocked, 2 players vs a bot, 80x24): Enter on
    a spot covering 4 toys said "Not there: it covers 4 toys."; the card
    then placed, the notice still stood after Bram's card, round 2's
    choosing begun, where the recap of Bram's move goes, for 5 s more."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"),
                                      PlayerSpec("Bram", "bot", "random")])
        screen = await _ann_decides(pilot, app)
        await pilot.press("enter", "enter")  # choose the card under the cursor
        await wait_for(pilot, lambda: screen._mode == "place")
        view = screen.query_one("#os-wh", AreaView)
        view.move_to_key((0, 0))  # over the whole starting card
        while view.rotation != 0:
            view.rotate(1)
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(m.startswith("Not there: it covers") for m in _up(app)))
        await pilot.press("n", "enter")  # the nearest legal spot
        await wait_for(pilot, lambda: screen.update.view.round == 2 and bool(screen.update.legal))
        await pilot.pause()
        assert not any(m.startswith("Not there") for m in _up(app)), _up(app)
        assert "Not there" not in screen_text(app)


async def test_a_refusal_goes_when_the_decision_changes():
    """A key's refusal while others decided ("Nothing to choose now") spoke
    of a moment gone once the player's own decision came (no key of theirs
    between): it stayed over the new prompt. A chat line stays."""
    state = os_kit.place_state()
    app = os_kit.ScreenApp(os_kit.make_update(state, thinking=2))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("5")
        await wait_for(pilot, lambda: NOT_YOUR_DECISION in _up(app))
        app.notify("Bram: hello")
        app.game_screen.show(os_kit.make_update(state))  # Ann's turn to place
        await pilot.pause()
        assert _up(app) == ["Bram: hello"]


async def test_a_refusal_stays_while_the_same_decision_is_up():
    """Not every update changes the decision: one that leaves it as it was
    (a bot's thinking shown) leaves the refusal up, for its seconds."""
    state = os_kit.place_state()
    app = os_kit.ScreenApp(os_kit.make_update(state))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        hint(app.game_screen, "Not now: a test key.")
        await pilot.pause()
        app.game_screen.show(os_kit.make_update(state, log=("Bram thinks.",)))
        await pilot.pause()
        assert _up(app) == ["Not now: a test key."]


async def _hot_seat_choosing(pilot, app):
    from tui.screens.handover import HandoverScreen

    app.new_match("overstocked", [PlayerSpec(name, "human") for name in
                                  ("Ann", "Bram", "Cyd", "Dee")])
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
    await pilot.press("enter")
    return await _ann_decides(pilot, app)


async def test_a_refusal_goes_as_the_help_opens(tmp_path, monkeypatch):
    """Play-test, case B (4-player hot seat): x while choosing a card said
    `Not now: x says "None, thanks" when you may decline.`; F1 at once drew
    the help with the notice over it, its last line cut. The refusal goes
    as a dialog opens."""
    from tui.screens.help import HelpScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await _hot_seat_choosing(pilot, app)
        await pilot.press("x")
        await wait_for(pilot, lambda: any(m.startswith("Not now: x says") for m in _up(app)))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause(0.2)
        assert _up(app) == []
        assert "Not now: x says" not in screen_text(app)
        assert "Escape, q or F1 closes." in screen_text(app)  # the help's last line


async def test_news_stays_as_a_dialog_opens(tmp_path, monkeypatch):
    """What u took back is news, not a refusal: it stays over the help."""
    from tui.screens.help import HelpScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await _hot_seat_choosing(pilot, app)
        hint(screen, "Taken back: you place card 26.", severity="information", news=True)
        await wait_for(pilot, lambda: bool(_up(app)))
        await pilot.press("f1")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause(0.2)
        assert _up(app) == ["Taken back: you place card 26."]


async def test_a_refusal_still_on_its_way_as_a_dialog_opens_never_shows(tmp_path, monkeypatch):
    """The key and F1 close together: the refusal's notice, posted to the
    app, may come after the table has taken its refusals down for the
    dialog. It is dropped as it comes."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await _hot_seat_choosing(pilot, app)
        said = record_notices(app)
        hint(screen, "Not now: a key pressed with F1.")
        screen.on_screen_suspend()  # before the notice has come to the app
        await pilot.pause()
        assert said == ["Not now: a key pressed with F1."]
        assert _up(app) == []
        hint(screen, "Not now: a key pressed with F1.")  # the same words again: shown
        await pilot.pause()
        assert _up(app) == ["Not now: a key pressed with F1."]


async def _refused_over_the_worker(pilot, app) -> OverstockedScreen:
    """Ann places her card over the popularity's worker and presses Enter:
    "Not there: it covers a worker." (`os_kit.place_state`)."""
    await pilot.pause()
    screen = app.game_screen
    screen.action_area("popularity")
    screen.query_one("#os-pop", AreaView).move_to_key((0, 0))  # over the worker
    await pilot.pause()
    await pilot.press("enter")
    await wait_for(pilot, lambda: any(m.startswith("Not there:") for m in _up(app)))
    return screen


@pytest.mark.parametrize("key", ["n", "r", "right"])
async def test_a_refused_spot_goes_as_the_ghost_moves(key):
    """Play-test (Overstocked, 80x24): a placement refused ("Not there: it
    covers 4 toys."), then n put the ghost on a spot that fits: for 5 s the
    screen said both "Not there" and "✓ fits". The refusal of a spot goes
    once the ghost leaves it (an arrow, n, r); another key's refusal and
    chat stay."""
    app = os_kit.ScreenApp(os_kit.make_update(os_kit.place_state()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await _refused_over_the_worker(pilot, app)
        hint(screen, "Not now: a test key.")
        app.notify("Bram: hello")
        await wait_for(pilot, lambda: len(_up(app)) == 3)
        await pilot.press(key)
        await pilot.pause()  # (a wait for it to go would outlast its seconds)
        assert _up(app) == ["Not now: a test key.", "Bram: hello"]
        assert "Not there" not in screen_text(app)
        if key == "n":
            assert "✓ fits" in screen_text(app)


async def test_a_refused_square_goes_as_the_duel_s_cursor_moves():
    """The same on Overboss Duel's board: "a1 is not a choice now" speaks
    of the square the cursor has left once an arrow or n moves it."""
    from core.overboss.state import Step
    from tests import overboss_screen_kit as ob_kit
    from tests.overboss_tables import YETI, I

    app = ob_kit.ScreenApp(ob_kit.make_update(ob_kit.midgame(step=Step.PLACE_TILE,
                                                               hand=(I, YETI))))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the cursor on a1, a Dungeon: not a choice
        await wait_for(pilot, lambda: any("a1 is not a choice" in m for m in _up(app)))
        await pilot.press("n")
        await pilot.pause()
        assert _up(app) == []
        assert "is not a choice" not in screen_text(app)


async def test_a_refusal_goes_as_v_shows_another_warehouse():
    """Play-test (Overstocked, 80x24): x while placing said `Not now: x says
    "None, thanks"…`; v within 5 s showed Bram's warehouse, the prompt grew
    to two lines and the notice covered the right half of its first. A
    view the screen changes (v, the other area) takes a key's refusal
    down; chat stays."""
    app = os_kit.ScreenApp(os_kit.make_update(os_kit.place_state()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await wait_for(pilot, lambda: any(m.startswith("Not now: x says") for m in _up(app)))
        app.notify("Bram: hello")
        await pilot.press("v")
        await wait_for(pilot, lambda: app.game_screen._shown is not None)
        await pilot.pause()
        assert _up(app) == ["Bram: hello"]
        assert "Not now" not in screen_text(app)


async def test_a_refusal_goes_as_the_other_area_shows():
    """p / w show the popularity or the warehouse to place in: a view
    changed, as with v."""
    app = os_kit.ScreenApp(os_kit.make_update(os_kit.place_state()))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("x")
        await wait_for(pilot, lambda: any(m.startswith("Not now: x says") for m in _up(app)))
        await pilot.press("p")
        await pilot.pause()
        assert _up(app) == []


async def test_a_take_back_stays_until_the_next_move(tmp_path, monkeypatch):
    """Play-test: the changelog said a take-back's notice "stays" while the
    next move took it down. What u took back is news about the position
    before you: it stays over the keys that only look or move the cursor,
    and goes once you move again (it spoke of the position that move
    left); chat stays."""
    from tests.test_tui_take_back_notice import _uncover

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    # (room for both notices over the log: at 80x24 the chat replaces it)
    async with app.run_test(size=(120, 36), notifications=True) as pilot:
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await _uncover(pilot, app)
        for key in ("1", "enter"):  # draft pair 1, place its tile
            await pilot.press(key)
            await pilot.pause()
        await pilot.press("u")
        await wait_for(pilot, lambda: any(m.startswith("Taken back:") for m in _up(app)))
        app.notify("Bram: hello")
        await pilot.press("right", "n")  # the cursor moves: no move made
        await pilot.pause()
        assert any(m.startswith("Taken back:") for m in _up(app)), _up(app)
        seq = app.table.session.update_for(0).seq
        await pilot.press("enter")  # the tile placed again
        await wait_for(pilot, lambda: app.table.session.update_for(0).seq > seq)
        await pilot.pause()
        assert not any(m.startswith("Taken back:") for m in _up(app)), _up(app)
        assert "Bram: hello" in _up(app)


async def test_the_sessions_refusal_of_u_goes_with_the_next_move(tmp_path, monkeypatch):
    """Play-test (Solo Quest): u after a draw said "Nothing to take back: a
    card was drawn or turned since your last move." (the session's refusal,
    not the screen's); the weapon then given to a Boss, the notice stayed
    over the log for its seconds, hiding the new lines. It is a key's
    refusal as any other: it goes with the move."""
    from tui.screens.bossquest import BossQuestScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human")])
        await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen)
                       and app.screen.update is not None and bool(app.screen.update.legal))
        screen = app.screen
        await pilot.press("1")  # draw one weapon
        await wait_for(pilot, lambda: screen.update.view.drawn != ())
        await pilot.press("u")
        await wait_for(pilot, lambda: any(m.startswith("Nothing to take back") for m in _up(app)))
        seq = screen.update.seq
        await pilot.press("1")  # give it to Boss 1
        await wait_for(pilot, lambda: screen.update.seq > seq)
        await pilot.pause()
        assert not any(m.startswith("Nothing to take back") for m in _up(app)), _up(app)
