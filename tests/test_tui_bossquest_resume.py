"""Boss Quest play-test (play-test: ): a player left (ctrl+q) while a
combat box was up; on `overtable resume` the match came back in the next
round with no combat box, the bots having played on. A combat that ended
after the last move of the people here comes up again first."""

from __future__ import annotations

import asyncio

import pytest

from core.bossquest.state import WaveResult
from saves.journal import PlayerSpec
from tests.screen_kit import settle, wait_for
from tests.test_tui_bossquest_match import choose_key
from tui.app import OvertableApp
from tui.screens.bossquest import BossQuestScreen, CombatPanel, CombatScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")


#: Ann at one terminal against two bots; Ann and Bea passing it round, and a bot
ANN_AND_TWO_BOTS = [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "heuristic"),
                    PlayerSpec("Cyd", "bot", "heuristic")]
ANN_BEA_AND_A_BOT = [PlayerSpec("Ann", "human"), PlayerSpec("Bea", "human"),
                     PlayerSpec("Cyd", "bot", "heuristic")]


def app_of(tmp_path, monkeypatch, seed: int) -> OvertableApp:
    """The app, its bots at once and seeded, its matches saved in the
    test's directory."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    return OvertableApp(bot_delay=0.0, seed=seed, theme_name="textual-dark")


async def settled_at_the_table(app, pilot) -> None:
    """Waits for the table with its update, then 10 frames more (for a box
    that would come up over it)."""
    await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen)
                   and app.screen.update is not None)
    for _ in range(10):
        await pilot.pause()


async def round_1s_combat_up_again(app, pilot) -> None:
    """Waits for the table holding a combat, and it is round 1's."""
    await wait_for(pilot, lambda: isinstance(app.screen, BossQuestScreen)
                   and app.screen.update is not None
                   and getattr(app.screen, "holds_the_table", False))
    assert app.screen.query_one("#bq-combat", CombatPanel).result.round == 1


def _back_after_the_combat_was_sent():
    """A seat taken again in round 2 (after a dropped connection): its last
    move before round 1's combat, its screen sent the table after it
    (`Missed.shown`)."""
    import attrs

    from host.messages import Missed
    from tests.bossquest_screen_kit import full_state, make_update

    state = full_state()  # round 2, round 1's combat in the history
    before = full_state(history=False)  # his last move, before the combat
    update = make_update(state)
    return attrs.evolve(update, missed=Missed(((3, make_update(before).view),),
                                              moved=True, shown=len(update.log)))


async def play_to_the_first_combat(app, pilot) -> None:
    """Ann plays from the keyboard until a combat is up (over the table at
    one person, as a dialog for all with several)."""
    from tui.screens.handover import HandoverScreen, PrivateNoticeScreen

    for _ in range(2000):
        await pilot.pause()
        screen = app.screen
        # (a card received face down is shown to its knight before the cover)
        if isinstance(screen, (HandoverScreen, PrivateNoticeScreen)):
            await pilot.press("enter")
            continue
        if isinstance(screen, CombatScreen) or getattr(screen, "holds_the_table", False):
            return
        if not isinstance(screen, BossQuestScreen) or screen.update is None \
                or not screen.update.legal:
            await asyncio.sleep(0.01)
            continue
        await pilot.press(choose_key(screen))
    raise AssertionError("no combat came")


async def leave_and_resume(app, pilot):
    """ctrl+q over the combat: the table closes as the app quits; then the
    match is opened again from its save (`overtable resume`)."""
    from tui.screens.home import HomeScreen

    path = app.table.match.path
    app.leave_table()
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    app.open_path(path)
    await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))


async def uncover_to_a_decision_without_a_combat(app, pilot) -> None:
    """Passes the covers and private notices after resuming, to the next
    person's decision; no combat may come up on the way or over it."""
    from tui.screens.handover import HandoverScreen, PrivateNoticeScreen

    for _ in range(30):
        await pilot.pause()
        screen = app.screen
        assert not isinstance(screen, CombatScreen)
        if isinstance(screen, (HandoverScreen, PrivateNoticeScreen)):
            await pilot.press("enter")
        elif isinstance(screen, BossQuestScreen) and screen.update and screen.update.legal:
            break
    assert isinstance(app.screen, BossQuestScreen) and app.screen.update.legal
    assert not app.screen.holds_the_table


async def test_a_combat_up_when_one_person_left_comes_up_again(tmp_path, monkeypatch):
    app = app_of(tmp_path, monkeypatch, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_AND_TWO_BOTS)
        await play_to_the_first_combat(app, pilot)
        await leave_and_resume(app, pilot)
        await round_1s_combat_up_again(app, pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert not app.screen.holds_the_table
        # once Ann has moved after it, a resume shows it no more
        await wait_for(pilot, lambda: bool(app.screen.update.legal))
        start = len(app.table.match.history)
        await pilot.press(choose_key(app.screen))
        await wait_for(pilot, lambda: any(
            entry[0] == 0 for entry in app.table.match.history[start:]))
        await leave_and_resume(app, pilot)
        await settled_at_the_table(app, pilot)
        assert not app.screen.holds_the_table


async def test_a_combat_up_for_several_people_comes_up_again(tmp_path, monkeypatch):
    from tui.screens.handover import HandoverScreen

    app = app_of(tmp_path, monkeypatch, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_BEA_AND_A_BOT)
        await play_to_the_first_combat(app, pilot)
        assert isinstance(app.screen, CombatScreen)
        await leave_and_resume(app, pilot)
        # the combat for all first, then the cover for whoever plays next
        await wait_for(pilot, lambda: isinstance(app.screen, (CombatScreen, HandoverScreen)))
        assert isinstance(app.screen, CombatScreen), app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))


@pytest.mark.parametrize("moved_after", [False, True])
async def test_a_seat_taken_again_shows_the_combat_since_its_last_move(moved_after):
    """The same for a seat taken again at a shared table (after a host
    restart, a dropped connection): its first update says what it missed
    (`SeatUpdate.missed`); a combat after its last move comes up, one
    before it does not."""
    import attrs

    from host.messages import Missed
    from tests.bossquest_screen_kit import ScreenApp, full_state, make_update

    state = full_state()  # round 2, round 1's combat in the history
    before = state if moved_after else full_state(history=False)
    update = attrs.evolve(make_update(state),
                          missed=Missed(((3, make_update(before).view),), moved=True))
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen.holds_the_table is not moved_after


async def test_a_combat_a_screen_was_sent_is_not_shown_again_on_coming_back():
    """Play-test (qssh finding 10): bob put round 3's combat away, his ssh
    dropped, and back at his seat (a new app) the combat came up again and
    took his first key. The hub says his screen was sent the table after
    that combat (`Missed.shown`): it is not brought back (the "Since your
    last move" recap still tells it)."""
    from tests.bossquest_screen_kit import ScreenApp

    update = _back_after_the_combat_was_sent()
    app = ScreenApp(update)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not app.game_screen.holds_the_table


@pytest.mark.parametrize("kept", [0, 1])
async def test_a_combat_left_unread_at_a_shared_table_comes_back_though_it_was_sent(kept):
    """Play-test (shared tables): bob left round 1's combat unread with q;
    back at his seat from the lobby it was gone, taken as read because his
    screen had been sent it (`Missed.shown`, qssh finding 10). The hub
    keeps how many combats his screen put away (`TablePort.put_away`: 0,
    the first up, unread): that count says it, not what was sent. Put away
    (1), it stays away."""
    from tests.bossquest_screen_kit import FakePort, ScreenApp

    class SharedPort(FakePort):
        answers_later = True

        def put_away(self, kind: str) -> int | None:
            return kept if kind == "combats" else None

        def keep_put_away(self, kind: str, count: int) -> None:
            pass

    update = _back_after_the_combat_was_sent()
    app = ScreenApp(update, SharedPort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen.holds_the_table is (kept == 0)


async def test_a_combat_put_away_by_all_is_not_shown_again_on_resuming(tmp_path, monkeypatch):
    """Play-test (qbq finding 3): round 2's combat was told to all and put
    away; in round 3 Ann uncovered and asked for weapons; at the "Pass to
    Bram" cover the match was left and continued: Bram's view opened with
    round 2's combat again (his last move was before it). A person here
    uncovered after it (kept beside the match), so everyone here had read
    it: it does not come up again."""
    from tui.screens.handover import HandoverScreen, PrivateNoticeScreen

    app = app_of(tmp_path, monkeypatch, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_BEA_AND_A_BOT)
        await play_to_the_first_combat(app, pilot)
        assert isinstance(app.screen, CombatScreen)
        await pilot.press("enter")  # put away, for all
        uncovered = []
        for _ in range(2000):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, HandoverScreen):
                if uncovered and screen.player != uncovered[0]:
                    break  # the other person's cover, after the first one moved
                uncovered.append(screen.player)
                await pilot.press("enter")
                continue
            if isinstance(screen, PrivateNoticeScreen):
                await pilot.press("enter")
                continue
            assert not isinstance(screen, CombatScreen)
            if isinstance(screen, BossQuestScreen) and screen.update and screen.update.legal:
                await pilot.press(choose_key(screen))
            else:
                await asyncio.sleep(0.01)
        assert isinstance(app.screen, HandoverScreen) and app.table.match.state.round == 2
        await leave_and_resume(app, pilot)
        await uncover_to_a_decision_without_a_combat(app, pilot)


async def test_a_combat_put_away_by_one_person_is_not_shown_again_on_resuming(
        tmp_path, monkeypatch):
    """Ann put the round's combat away and left before her next move: on
    resuming, her last move was before it, but she read it (kept beside the
    match): it does not come up again."""
    app = app_of(tmp_path, monkeypatch, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_AND_TWO_BOTS)
        await play_to_the_first_combat(app, pilot)
        await pilot.press("enter")  # put away
        await pilot.pause()
        assert not app.screen.holds_the_table
        start = len(app.table.match.history)
        await leave_and_resume(app, pilot)
        assert not any(entry[0] == 0 for entry in app.table.match.history[start:])
        await settled_at_the_table(app, pilot)
        assert not app.screen.holds_the_table


async def test_a_combat_put_away_by_all_before_the_cover_is_not_shown_again(
        tmp_path, monkeypatch):
    """Several people here: the round's combat was told to all and put
    away, and the match left at the next cover, no one having uncovered
    since: it does not come up again on resuming (the cover still tells
    the next knight what happened)."""
    from tui.screens.handover import HandoverScreen

    app = app_of(tmp_path, monkeypatch, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_BEA_AND_A_BOT)
        await play_to_the_first_combat(app, pilot)
        assert isinstance(app.screen, CombatScreen)
        await pilot.press("enter")  # put away, for all
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await leave_and_resume(app, pilot)
        await uncover_to_a_decision_without_a_combat(app, pilot)


async def play_to_the_first_wave(app, pilot) -> None:
    """Ann plays her Solo Quest (as the heuristic bot would) until the first
    wave's attack is up over the table."""
    import random

    from core.bossquest import GAME
    from core.bots.bossquest import HeuristicBot

    bot, rng = HeuristicBot(), random.Random(0)
    for _ in range(2000):
        await pilot.pause()
        screen = app.screen
        if getattr(screen, "holds_the_table", False):
            assert isinstance(screen.query_one("#bq-combat", CombatPanel).result, WaveResult)
            return
        if not isinstance(screen, BossQuestScreen) or screen.update is None \
                or not screen.update.legal:
            await asyncio.sleep(0.01)
            continue
        update = screen.update
        screen.play(bot.choose(GAME, update.view, update.seat, update.legal, rng))
    raise AssertionError("no wave's attack came")


@pytest.mark.parametrize("put_away", [False, True])
async def test_a_solo_quest_wave_up_when_left_comes_up_again(tmp_path, monkeypatch, put_away):
    """The Solo Quest: the match was left with a wave's attack up (no key
    pressed since): on resuming it comes up again; put away, it does not."""
    app = app_of(tmp_path, monkeypatch, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human")])
        await play_to_the_first_wave(app, pilot)
        if put_away:
            await pilot.press("enter")
            await pilot.pause()
            assert not app.screen.holds_the_table
        await leave_and_resume(app, pilot)
        await settled_at_the_table(app, pilot)
        assert app.screen.holds_the_table is not put_away
        if not put_away:
            panel = app.screen.query_one("#bq-combat", CombatPanel)
            assert isinstance(panel.result, WaveResult) and panel.result.wave == 1


@pytest.mark.parametrize("kept", [{"combats": 99}, {"combats": "1"}, [1], {"combats": -1}])
async def test_a_hostile_count_of_combats_put_away_is_ignored(tmp_path, monkeypatch, kept):
    """The count kept beside the match is read as untrusted: one past the
    match's combats, or not a count, says nothing and the combat up when
    the match was left comes up again."""
    import json

    from saves.store import HERE_SUFFIX

    app = app_of(tmp_path, monkeypatch, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_AND_TWO_BOTS)
        await play_to_the_first_combat(app, pilot)
        here = app.table.match.path.with_suffix(HERE_SUFFIX)
        real_leave = app.leave_table

        def leave_then_forge():
            real_leave()
            here.write_text(json.dumps({"put_away": kept}))

        monkeypatch.setattr(app, "leave_table", leave_then_forge)
        await leave_and_resume(app, pilot)
        await round_1s_combat_up_again(app, pilot)
        if kept == {"combats": 99}:
            assert app.table.put_away("combats") == 99  # read back, and not believed


async def q_and_continue(app, pilot) -> None:
    """q over the combat, then Continue on the home screen."""
    from tui.screens.home import HomeScreen

    path = app.table.match.path
    await pilot.press("q")
    await wait_for(pilot, lambda: isinstance(app.screen, HomeScreen))
    app.open_path(path)
    await wait_for(pilot, lambda: not isinstance(app.screen, HomeScreen))


def footer(app) -> str:
    from tests.screen_kit import screen_text

    return screen_text(app).splitlines()[-1]


async def test_q_on_a_combat_alone_goes_home_and_it_comes_back_first(tmp_path, monkeypatch):
    app = app_of(tmp_path, monkeypatch, seed=11)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_AND_TWO_BOTS)
        await play_to_the_first_combat(app, pilot)
        assert "q Home" in footer(app), footer(app)
        await q_and_continue(app, pilot)
        await round_1s_combat_up_again(app, pilot)


async def test_q_on_the_combat_for_several_people_goes_home_and_it_comes_back_first(
        tmp_path, monkeypatch):
    """A play-test (Ann and Bram at one terminal): q on the round's combat,
    "for everyone", was refused ("Put the combat away first"), where the
    same box at one person's table, and Overseers' box for everyone, go
    home and come back first on Continue. It does the same now, its footer
    says so, and c (the table's "open the last combat again", not in the
    footer) leaves it up: it moved the match on to the hand-over."""
    from tests.screen_kit import screen_text
    from tui.screens.handover import HandoverScreen

    app = app_of(tmp_path, monkeypatch, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", ANN_BEA_AND_A_BOT)
        await play_to_the_first_combat(app, pilot)
        box = app.screen
        assert isinstance(box, CombatScreen)
        assert "q Home" in footer(app), footer(app)
        await pilot.press("c")
        for _ in range(5):
            await pilot.pause()
        assert app.screen is box, screen_text(app)
        assert "Put the combat away first" in screen_text(app)
        await q_and_continue(app, pilot)
        # the combat for all first, then the cover for whoever plays next
        await wait_for(pilot, lambda: isinstance(app.screen, (CombatScreen, HandoverScreen)))
        assert isinstance(app.screen, CombatScreen), screen_text(app)
        assert app.screen.result == box.result
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
