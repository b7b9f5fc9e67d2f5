"""Hot-seat play-test: the hand-over cover's u. Where the last move can no
longer be taken back (Overboss Duel's turn ended: the market was refilled
from the stack), u did nothing at all; the person who had just moved, or
the next one, saw no sign of it. It now says why not, and changes nothing."""

from __future__ import annotations

import pytest

from saves.journal import PlayerSpec
from tests.screen_kit import screen_text, settle, wait_for
from tui.app import OvertableApp
from tui.screens.game import taken_back_words


def notes(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_u_on_the_cover_says_why_nothing_is_taken_back(tmp_path, monkeypatch):
    """... and says it on the cover, under its button: a notice said it
    over the cover's "Pass to Bea" for seconds (hot-seat play-test at
    80x24), hiding whom the terminal goes to. No notice, and the name and
    the button stay in sight with the reason."""
    from tests.screen_kit import screen_text
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human")])
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("u")  # nobody has moved yet
        await pilot.pause()
        assert refusal(app) == "Nothing to take back here: Ann, press Enter to play."
        assert notes(app) == [], notes(app)
        await pilot.press("enter")
        table = app.table
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))
        for key in ("1", "enter", "e"):  # draft pair 1, place its tile, end the turn
            await pilot.press(key)
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        assert "press u" not in str(cover.query_one("#handover-undo").render())
        assert refusal(app) == ""  # a new cover: no refusal yet
        state = table.match.state
        await pilot.press("u")
        await pilot.pause()
        await pilot.pause()
        assert table.match.state == state and app.screen is cover
        said = refusal(app)
        assert said.startswith("Nothing to take back:") and "since your last move" in said, said
        assert not [n for n in notes(app) if n.startswith("Nothing to take back")], notes(app)
        text = screen_text(app)
        assert "Pass to Bea" in text and "I am Bea: show my view" in text, text
        assert "Nothing to take back:" in " ".join(text.split()), text


def refusal(app) -> str:
    """The cover's line saying why u took nothing back ("" if none shown)."""
    line = app.screen.query_one("#handover-undo")
    said = str(line.render()).strip()
    return said if line.display and "press u" not in said else ""


async def test_the_cover_tells_the_last_moves_as_everyone_saw_them(tmp_path, monkeypatch):
    """Hot-seat play-test (2026-12-04): Bram asked for weapons and the cover
    came up at once: he never saw what he drew until his next turn. The
    cover tells the last moves in the public log's words (a face-down
    weapon stays unnamed)."""
    from core.bossquest.actions import Ask
    from tui.screens.handover import HandoverScreen, PrivateNoticeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert app.screen.moves == ()  # nothing seen yet: nothing told
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))
        table = app.table
        seat = table.viewer
        assert Ask(2) in table.session.game.legal_actions(table.match.state, seat)
        await pilot.press("2")
        # first their new total, for their eyes only (test_tui_private_receipts)
        await wait_for(pilot, lambda: isinstance(app.screen, PrivateNoticeScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        public = table.session.update_for(None).log
        told = list(cover.moves)
        name = table.names[seat]
        # the public lines, the two receipts of one ask folded into one
        received = [line for line in told if line.startswith(f"{name} receives")]
        assert told and all(line in public for line in told if line not in received)
        assert any(line.startswith(f"{name} asks for 2") for line in told), told
        assert len(received) == 1, told
        weapons = [line.removeprefix(f"{name} receives ").removesuffix(".")
                   for line in public if line.startswith(f"{name} receives")][-2:]
        assert received == [f"{name} receives {weapons[0]} and {weapons[1]}."]
        # what the cover shows, face-down weapons unnamed (the public words)
        text = " ".join(str(w.render()) for w in cover.query("Static"))
        assert "Last moves:" in text and all(line in text for line in told)


async def test_the_cover_tells_the_whole_turn_since_your_last_move(tmp_path, monkeypatch):
    """QA (2026-12-04, Overboss Duel hot-seat at 80x24): the cover for the
    next person said only "Bram ends their turn." and the market's refill:
    what was new since the last thing on screen, Bram's own last step. It
    tells what the next person has not seen: all since their last move
    (Bram's draft and placings too), as their recap does once uncovered,
    in the public log's words."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        for _ in range(2):  # Ann's turn, then Bram's: a pair drafted, placed, the turn ended
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))
            start = len(app.table.session.update_for(None).log)
            for key in ("1", "enter", "e"):
                await pilot.press(key)
                await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        assert cover.player == "Ann"
        public = app.table.session.update_for(None).log
        bram = list(public[start:])  # in order, reveals among them
        assert len(bram) > 3 and bram[0].startswith("Bram "), bram
        # as the log shows them: the market's refill in a line
        from tui.screens.overboss import fold_market

        told = fold_market(bram)
        assert len(told) < len(bram) and any(" and a" in line for line in told), told
        assert list(cover.moves) == told
        text = " ".join(str(w.render()) for w in cover.query("Static"))
        assert all(line in text for line in told), text
        assert not any(line.startswith("Ann ") for line in cover.moves)


async def test_a_resumed_match_offers_the_same_take_back(tmp_path, monkeypatch):
    """Review (2026-12-04): Ann chose her card in secret and the cover
    offered her the take-back (u) before Bram looked; she left, and on
    resuming the cover said "Nothing to take back here", though the rules
    still allowed it (the journal holds her choice as it was). The cover
    of a resumed match offers it again, and u gives Ann her choice back.
    The offer says "your last move": u takes back a placing, a forklift or
    an incentive too, and "your choice" read as the secret card (a play-test)."""
    from tui.screens.handover import HandoverScreen
    from tui.screens.home import HomeScreen
    from tui.screens.overstocked import OverstockedScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverstockedScreen))
        await pilot.press("enter", "enter")  # Ann's card, chosen and confirmed
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        offer = "Ann: press u to take back your last move before Bram looks."
        assert offer in str(app.screen.query_one("#handover-undo").render())
        moves = list(app.screen.moves)
        path = app.table.match.path
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        assert cover.player == "Bram"
        assert offer in str(cover.query_one("#handover-undo").render())
        # Play-test: the reopened cover's "Last moves" were gone; it tells
        # Ann's move, as the cover did before she left
        assert cover.moves and any(line.startswith("Ann ") for line in cover.moves), cover.moves
        assert list(cover.moves) == moves
        await pilot.press("u")
        await pilot.pause()
        assert app.screen is cover and cover.player == "Ann"
        assert "Ann took back their last move." in str(cover.query_one("#handover-note").render())
        assert app.table.session.update_for(0).legal  # Ann chooses again


async def test_many_last_moves_fit_the_cover_with_its_button():
    """The whole of several turns may not fit at 80x24: the cover shows the
    latest lines that fit, says how many earlier, and its button and the
    take-back offer stay in sight."""
    from types import SimpleNamespace

    from textual.app import App
    from textual.widgets import Button

    from tests.screen_kit import screen_text
    from tui.screens.handover import HandoverScreen

    moves = [f"Bram places token {i} on a square of the board." for i in range(30)]
    offer = SimpleNamespace(who="Bram", possible=lambda: True, take=lambda anyway=False: None)
    async with App().run_test(size=(80, 24)) as pilot:
        cover = HandoverScreen("Ann", lambda: None, moves=moves, take_back=offer)
        await pilot.app.push_screen(cover)
        await pilot.pause()
        text = screen_text(pilot.app)
        # the latest, ending with the move just made; the first said left out
        assert "Bram places token 29 " in text and "Bram places token 0 " not in text
        assert "↑ more above" in text or "earlier moves (your recap shows them all)" in text
        button = cover.query_one("#ready", Button).region
        assert button.height and button.bottom <= 23
        assert "Bram: press u to take back" in text and "looks." in text  # all of it


@pytest.mark.parametrize("game", ["overstocked", "boss-quest"])
async def test_the_one_who_took_back_reads_what_once_uncovered(tmp_path, monkeypatch, game,
                                                               screen_clock):
    """Play-test at one terminal (Boss Quest, Ann and Bram): Ann took her
    move back at Bram's cover and, uncovered, read nothing of what went
    (against a bot: "Taken back: you …"). Her table says it in the same
    words once the cover lifts for her, not before: the cover says only
    who, and nothing of Ann's may show to whoever holds the terminal."""
    from tests.screen_kit import record_notices
    from tui.screens.handover import HandoverScreen, PrivateNoticeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        app.new_match(game, [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))
        # Ann's move: her card chosen and confirmed; Boss Quest's first choice
        # (Boss Quest's: to the Wizard, a spell activated, as played)
        seat = app.table.viewer
        keys = ("enter", "enter") if game == "overstocked" else ("w", "a")
        await settle(pilot)
        for key in keys:
            screen_clock.now += 5  # past the wait for new choices to be seen
            await pilot.press(key)
            await settle(pilot)
        if isinstance(app.screen, PrivateNoticeScreen):  # their weapons, first
            await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        own = list(app.table.session.update_for(seat).log)
        await pilot.press("u")
        await wait_for(pilot, lambda: cover.player == app.table.names[seat])
        gone = own[len(app.table.session.update_for(seat).log):]
        assert gone and gone[0].startswith("You "), gone
        expected = taken_back_words(gone)
        assert expected.startswith("Taken back: you "), expected
        await settle(pilot)
        assert not [n for n in said if n.startswith("Taken back")], said  # not on the cover
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))
        await wait_for(pilot, lambda: expected in said)
        await settle(pilot)
        assert expected in screen_text(app).replace("\n", " ") or expected in [
            n.message for n in app._notifications]
