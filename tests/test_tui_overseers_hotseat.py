"""Three people at one terminal (hot seat): a round's end is everyone's.

The play-test: Ann gave the last card of round 1 and drafts first in round
2, so no hand-over came between; the round's box ("Round 1 ended · Ann's
view", her score and secret total in it) opened over her round-2 view,
her new pack beside it, and Bea and Cal never saw how the round ended."""

from __future__ import annotations

import asyncio

import pytest

from saves.journal import PlayerSpec
from tests.screen_kit import screen_text
from tests.test_tui_overseers_match import choose_key
from tui.app import OvertableApp
from tui.screens.ending import EndingScreen
from tui.screens.handover import HandoverScreen
from tui.screens.overseers import OverseersScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")

#: words only a person's own view shows (their score, total, character)
PRIVATE = ("your total", "Your character:", "Your round score", "(total ", "'s view")


async def people_play(pilot, screen, boxes=(HandoverScreen, EndingScreen)) -> None:
    """One step of the people here: a cover or box (`boxes`) put away with
    Enter, else a legal choice made, else a moment's wait for the bots."""
    if isinstance(screen, boxes):
        await pilot.press("enter")
    elif isinstance(screen, OverseersScreen) and screen.update and screen.update.legal:
        await pilot.press(choose_key(screen))
    else:
        await asyncio.sleep(0.01)


async def test_each_round_end_is_shown_to_all_then_the_hand_over(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
                                    PlayerSpec("Cal", "human")])
        for _ in range(3000):
            await pilot.pause()
            table = app.table
            if table.match.finished:
                break
            screen = app.screen
            if isinstance(screen, EndingScreen) and " ended" in screen.title_text:
                told.append(screen.title_text)
                text = screen_text(app)
                for private in PRIVATE:
                    assert private not in text, text
                # under it, no one's view: their new pack waits behind the cover
                assert table.screen.update.seat is None
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, HandoverScreen), screen_text(app)
                continue
            await people_play(pilot, screen)
    # once each, for everyone (the third over the results)
    assert told == ["Round 1 ended · for everyone", "Round 2 ended · for everyone"]


async def test_a_vote_box_up_holds_the_round_until_it_is_put_away(tmp_path, monkeypatch):
    """Ann reads what the vote did: the bots wait under its box (people at
    the terminal hold them, as a watcher does), so the round does not end
    beneath it and no round's box is swapped in under her Enter; once it is
    put away the round plays on, and its end goes up for all before the
    next cover. (The bots ended round 1 under the vote's box before they
    waited for it.)"""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=0, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
                                    PlayerSpec("Cal", "bot", "random"),
                                    PlayerSpec("Dev", "bot", "random")])
        for _ in range(3000):
            await pilot.pause()
            screen, table = app.screen, app.table
            if isinstance(screen, EndingScreen) and "what the vote did" in screen.title_text:
                break
            await people_play(pilot, screen, boxes=(HandoverScreen,))
        vote = app.screen
        assert isinstance(vote, EndingScreen) and "Round 1: what the vote did" in vote.title_text
        for _ in range(40):  # time enough for random bots to end the round
            await pilot.pause()
            await asyncio.sleep(0.01)
        assert app.screen is vote and table.match.state.round == 1
        await pilot.press("enter")
        for _ in range(3000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, EndingScreen) and "ended" in screen.title_text:
                break
            assert screen is not vote
            await people_play(pilot, screen, boxes=(HandoverScreen,))
        assert app.screen.title_text == "Round 1 ended · for everyone"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen)


async def test_what_the_vote_did_is_shown_to_all_before_the_next_cover(tmp_path, monkeypatch):
    """Play-test (two and three people): the vote's box came behind one
    person's cover ("Only Bram should look now"), titled "Ann's view",
    "Bram's view" or "for everyone" by turns, and the others never saw it.
    It is public once the showdown is done (OV-13: every hand is shown), so
    it goes up over the public view for everyone at the terminal, with one
    title, before the next person's cover."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                    PlayerSpec("Cora", "bot", "random"),
                                    PlayerSpec("Dev", "bot", "random")])
        for _ in range(4000):
            await pilot.pause()
            table = app.table
            if table.match.finished:
                break
            screen = app.screen
            if isinstance(screen, EndingScreen) and "what the vote did" in screen.title_text:
                if told and told[-1] == screen.title_text:
                    await asyncio.sleep(0.01)  # (Enter waits a moment)
                    continue
                told.append(screen.title_text)
                text = screen_text(app)
                for private in PRIVATE:
                    assert private not in text, text
                assert table.screen.update.seat is None and table.handover_to is None
                await pilot.press("enter")
                continue
            await people_play(pilot, screen)
    # once a round, for everyone (the third's over the results, in its round's box)
    assert told[:2] == [f"Round {n}: what the vote did · for everyone" for n in (1, 2)], told
    assert all(title.endswith("· for everyone") for title in told), told


@pytest.mark.parametrize("box", ["what the vote did", " ended"])
async def test_a_box_for_all_left_unread_comes_back_on_resuming(tmp_path, monkeypatch, box):
    """Play-test: ctrl+q at "Round 2 ended · for everyone", then `overtable
    resume`: "Pass to Bram" came at once, the steal and the new Leader in
    no cover and no box. An unread box for everyone is kept as an unread
    "eyes only" box is: it comes back first, for everyone, then the cover.
    Put away, it does not come back."""
    from tests.screen_kit import wait_for
    from tests.test_tui_bossquest_resume import leave_and_resume

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                    PlayerSpec("Cora", "bot", "random"),
                                    PlayerSpec("Dev", "bot", "random")])
        for _ in range(3000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, EndingScreen) and box in screen.title_text:
                break
            await people_play(pilot, screen)
        title = app.screen.title_text
        assert title.endswith("· for everyone"), title
        await leave_and_resume(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, (EndingScreen, HandoverScreen)))
        await pilot.pause()
        # (the vote's; or its round's end, which tells it too, where the
        # bots ended the round under it)
        round_ = title.split(":")[0].split(" ended")[0]
        assert isinstance(app.screen, EndingScreen) and app.screen.title_text in (
            title, f"{round_} ended · for everyone"), screen_text(app)
        assert app.table.screen.update.seat is None  # no one's view under it
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        # read once: resumed again, the cover comes at once
        await leave_and_resume(app, pilot)
        await wait_for(pilot, lambda: isinstance(app.screen, (EndingScreen, HandoverScreen)))
        await pilot.pause()
        assert isinstance(app.screen, HandoverScreen), screen_text(app)


async def _three_at_one_terminal(app, pilot):
    """Ann, Bram and Cora at one terminal (Dev a bot): Ann uncovers her view."""
    from tests.screen_kit import wait_for

    app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                PlayerSpec("Cora", "human"), PlayerSpec("Dev", "bot", "random")])
    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
    assert app.screen.player == "Ann"
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                   and app.screen.update is not None and app.screen.update.legal)


async def test_table_talk_at_one_terminal_survives_leaving_and_continuing(tmp_path, monkeypatch):
    """QA hot seat (finding 1): Cora's note of table talk (OV §Vote: "everyone
    will discuss ... bluff or persuade") was gone after q at Bram's cover
    and Continue: one terminal's talk lived in the app's memory only. It is
    kept beside the journal, under the round it was said in."""
    from tests.screen_kit import wait_for
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await _three_at_one_terminal(app, pilot)
        await pilot.press("t", *"I have lots of Hope", "enter", "escape")
        await pilot.press(choose_key(app.screen))  # Ann keeps a card
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert app.screen.player == "Bram"
        path = app.table.match.path
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        await pilot.pause()
        screen = app.screen
        assert screen.talk_now(screen.update.view) == ["Ann: I have lots of Hope"]
        assert "Ann: I have lots of Hope" in screen_text(app)


async def test_a_damaged_talk_file_never_stops_the_match_resuming(tmp_path, monkeypatch):
    """The kept talk is read as untrusted: a damaged file means no talk, and
    the match resumes all the same; deleting the match deletes it."""
    from saves.store import HERE_SUFFIX
    from tests.screen_kit import wait_for
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        await _three_at_one_terminal(app, pilot)
        await pilot.press("t", *"hello", "enter", "escape")
        path = app.table.match.path
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        for damage in (b"{not json", b'{"talk": [[1, 5], "x", [0, "Ann: hi"]]}', b"[]"):
            path.with_suffix(HERE_SUFFIX).write_bytes(damage)
            app.open_path(path)
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert app.table.talk == []
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    # what is kept beside a journal goes with it
    from saves.store import delete

    delete(path)
    assert not path.with_suffix(HERE_SUFFIX).exists()


async def test_no_take_back_after_resuming_once_the_next_person_looked(tmp_path, monkeypatch):
    """QA hot seat (finding 2): Ann picked, Bram uncovered and saw his pack,
    q and Continue: the cover offered Ann her pick back (and u took it),
    though the take-back ends once the next person uncovers (README,
    "Several people at one terminal"; OV-27: a draft pick is a secret
    choice). A resumed match remembers that someone uncovered since."""
    from tests.screen_kit import wait_for
    from tui.screens.home import HomeScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                    PlayerSpec("Cora", "human")])
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                       and app.screen.update is not None and app.screen.update.legal)
        await pilot.press(choose_key(app.screen))  # Ann keeps a card
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        assert app.screen.player == "Bram"
        assert "Ann: press u" in str(app.screen.query_one("#handover-undo").render())
        await pilot.press("enter")  # Bram uncovers: his pack is on screen
        await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen))
        path = app.table.match.path
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
        app.open_path(path)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        cover = app.screen
        assert cover.player == "Bram"
        assert "press u" not in str(cover.query_one("#handover-undo").render())
        history = list(app.table.match.history)
        await pilot.press("u")
        await pilot.pause()
        assert app.screen is cover and cover.player == "Bram"
        assert list(app.table.match.history) == history
        # said on the cover, under its button (a notice hid "Pass to Bram")
        said = str(cover.query_one("#handover-undo").render())
        assert "Bram may have looked already: no take-back after resuming." in said, said
        assert not list(app._notifications)


async def test_every_cover_after_an_unseen_deal_says_it(tmp_path, monkeypatch):
    """OV §1 Setup (each round, each player is dealt trait cards and a
    character). Play-test (hot seat): the first cover of round 2 went to
    the person who moved last in round 1 and its last moves did not say
    the deal (their recap began after it); the covers after it did. A
    person who has not seen a deal is told of it on their cover."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    #: each cover of a round after the first: (round, whom, its last moves)
    covers: list[tuple[int, str, tuple[str, ...]]] = []
    seen: dict[str, int] = {}  # the last round each person uncovered in
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
                                    PlayerSpec("Cal", "human")])
        for _ in range(3000):
            await pilot.pause()
            table = app.table
            screen = app.screen
            if table.match.finished or len(covers) >= 6:
                break
            if isinstance(screen, HandoverScreen):
                round_ = table.updates[None].view.round
                if round_ > 1 and seen.get(screen.player) != round_:
                    covers.append((round_, screen.player, screen.moves))
                    seen[screen.player] = round_
            await people_play(pilot, screen)
    assert len(covers) >= 6, covers
    for round_, who, moves in covers:
        assert any("is dealt" in line for line in moves), (round_, who, moves)


async def test_the_last_picker_keeps_no_card_of_the_next_pack_unseen(tmp_path, monkeypatch,
                                                                     screen_clock):
    """QA hot seat (draft variant): Cora, the last to pick in turn 1, kept a
    card with 2; she picks first in turn 2 (after the bot Dev), no cover
    between, and her turn-2 pick was made within 1.5 s with no key of hers
    meant for it. Whatever comes in between (Dev's pick, the packs passing),
    a key within the wait from the key that kept a card keeps nothing from
    the pack she has not yet seen: Enter, nor the number again (a doubled
    or bounced key). Once the wait is over, her key keeps a card."""
    from core.overseers.actions import Pick
    from core.overseers.state import Options
    from tests.screen_kit import record_notices, wait_for
    from tui.screens.game import ENTER_WAITS, NUMBERS_WAIT

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark", decision_grace=0.7)

    def picks(seat: int) -> int:
        return sum(1 for who, action in app.table.match.history
                   if who == seat and isinstance(action, Pick))

    async with app.run_test(size=(160, 45)) as pilot:
        said = record_notices(app)
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                    PlayerSpec("Cora", "human"), PlayerSpec("Dev", "bot", "random")],
                      options=Options(alternate_draft=True))
        for person in ("Ann", "Bram", "Cora"):  # turn 1, round the table after Dev
            await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
            assert app.screen.player == person
            await pilot.press("enter")
            await wait_for(pilot, lambda: isinstance(app.screen, OverseersScreen)
                           and app.screen.update.legal)
            screen_clock.now += 1.0  # they look at their pack
            await pilot.press("2")
        table, screen = app.table, app.screen
        # Cora's next pack under her key, and Dev's pick in turn 2 after it
        await wait_for(pilot, lambda: table.match.state.draft_turn == 2 and picks(3) == 2)
        await pilot.pause()
        assert screen.update.seat == 2 and screen.update.legal
        # and the prompt names it new while it is up (a notice alone went
        # unseen at 200x50)
        assert str(screen.query_one("#ov-prompt").render()).startswith(
            "Your next pack (turn 2 of 5)")
        screen_clock.now += 0.9  # her Enter, her 2 again, well within the wait
        await pilot.press("enter", "2")
        await pilot.pause()
        assert picks(2) == 1
        # one notice says why (the next pack's), not a second over it
        # (tried as a new player would: two notices said the same)
        assert any(line.startswith("Your next pack: turn 2") for line in said), said
        assert NUMBERS_WAIT not in said and ENTER_WAITS not in said, said
        assert app.screen is screen and screen.update.seat == 2 and screen.update.legal
        screen_clock.now += 0.7  # 1.6 s after her 2: the pack was seen
        await pilot.press("2")
        await wait_for(pilot, lambda: picks(2) == 2)
