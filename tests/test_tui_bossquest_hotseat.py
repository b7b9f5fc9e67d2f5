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
from tui.screens.handover import HandoverScreen, PrivateNoticeScreen

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
            if isinstance(app.screen, (HandoverScreen, PrivateNoticeScreen)):
                await pilot.press("enter")  # (a knight's new total, for their eyes only)
                continue
            screen = app.screen
            if not isinstance(screen, BossQuestScreen) or not screen.update or not screen.update.legal:
                await asyncio.sleep(0.01)
                continue
            await pilot.press(choose_key(screen))
    assert combats == 3


async def test_a_bots_final_boss_duel_is_told_to_all_then_the_results(tmp_path, monkeypatch):
    """The play-test (Ann and Bram here, bots, Final Boss): a bot won
    round 6 and the bots played the duel behind round 6's combat, told to
    all. Enter on it brought the results; the duel's moves (the spells
    drawn against the champion) and its combat never came up, and b then
    found round 6's combat under the results, "on to the next round". The
    bots now wait under the round's combat (people seated hold them): the
    duel is played once it is put away, its combat follows with the spells
    drawn, then the results, and the final table has no combat left up."""
    from core.bossquest.state import Options
    from tui.screens.bossquest import CombatScreen
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
               PlayerSpec("Cora", "bot", "heuristic"), PlayerSpec("Dev", "bot", "heuristic")]
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", players, Options(final_boss=True))
        for _ in range(4000):
            await pilot.pause()
            table, screen = app.table, app.screen
            if table.match.state.champion is not None and isinstance(screen, CombatScreen):
                break
            if isinstance(screen, BossQuestScreen) and screen.update and screen.update.legal:
                # the people here go to the Wizard at once: a bot wins the quest
                await pilot.press("w" if screen._mode == "choose" else choose_key(screen))
            elif not isinstance(screen, BossQuestScreen):
                await pilot.press("enter")
            else:
                await asyncio.sleep(0.01)
        state = table.match.state
        assert state.champion in (2, 3)
        champion = table.names[state.champion]
        # the bots wait under the round's combat (people seated hold them):
        # the duel is played once it is put away, and told after it
        told = []
        for _ in range(4000):
            await pilot.pause()
            if isinstance(app.screen, ResultsScreen):
                break
            if isinstance(app.screen, (CombatScreen, EndingScreen)):
                assert len(told) < 5, told
                told.append((type(app.screen), screen_text(app)))
                await pilot.press("enter")
            else:
                await asyncio.sleep(0.01)
        state = table.match.state
        assert table.match.finished
        # the duel is played in sight now, so its moves are not told again
        # in a box of their own: the log has them, the duel's combat its spells
        assert [kind for kind, _ in told] == [CombatScreen, CombatScreen], told
        # (the round the quest ends depends on the spells the people here chose)
        last = f"Combat: round {state.history[-1].round}"
        assert last in told[0][1] and "on to the Final Boss duel" in told[0][1]
        log = " ".join(table.session.update_for(None).log)
        # the spells drawn against the champion, in everyone's words
        assert "Ann draws" in log and "Bram draws" in log, log
        assert f"Combat: the Final Boss duel, {champion} vs the MegaBoss" in told[1][1]
        assert "Spells against the champion" in told[1][1]
        await pilot.press("b")  # the final table
        await pilot.pause()
        assert isinstance(app.screen, BossQuestScreen), app.screen_stack
        assert not any(isinstance(s, (CombatScreen, EndingScreen)) for s in app.screen_stack)
        assert "next round" not in screen_text(app)


def _duel_match(tmp_path):
    """Ann and Bram here, Cora a bot: a random quest with the Final Boss
    played up to the duel, Cora the champion, Ann the defeated knights'
    voice (BQ-37)."""
    import random

    from core import CHANCE
    from core.bossquest import GAME
    from core.bossquest.rules import allies_voice
    from core.bossquest.state import Options
    from core.playout import sample_chance
    from saves.match import Match

    for seed in range(400):
        rng = random.Random(seed)
        state = GAME.setup(3, Options(final_boss=True))
        history = []
        while GAME.outcome(state) is None and state.phase.value != "duel":
            seat = min(GAME.to_act(state))
            action = (sample_chance(GAME.chance_outcomes(state), rng) if seat == CHANCE
                      else rng.choice(GAME.legal_actions(state, seat)))
            history.append((seat, action))
            state = GAME.apply(state, seat, action)
        if state.phase.value == "duel" and state.champion == 2 and allies_voice(state) == 0:
            break
    match = Match.new("boss-quest", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
                                     PlayerSpec("Cora", "bot", "heuristic")],
                      Options(final_boss=True), directory=tmp_path)
    for seat, action in history:
        match.apply(seat, action)
    return match


async def test_the_duels_voice_is_not_covered_again_between_offers(tmp_path, monkeypatch):
    """play-test: in the Final Boss duel a hand-over cover came up
    before every offer to the person speaking for the defeated knights,
    though they had just chosen the last spell and the duel shows them
    nothing the table does not see (the spells drawn are public, BQ-50).
    The first offer comes behind the cover (the bot's move came between);
    the next ones to the same person do not."""
    from core.bossquest.state import Phase
    from tui.games import screen_class
    from tui.table import Table

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    match = _duel_match(tmp_path)
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    covered: list[bool] = []  # per offer to Ann: whether a cover came before it
    cover_seen = False
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(match, bot_delay=0.0, seed=5)
        app.table = table
        await table.start(app, screen_class("boss-quest"))
        for _ in range(400):
            await pilot.pause()
            if match.finished:
                break
            screen = app.screen
            if isinstance(screen, HandoverScreen):
                assert "Ann" in screen_text(app)
                cover_seen = True
                await pilot.press("enter")
            elif not isinstance(screen, BossQuestScreen):
                await pilot.press("enter")  # the last round's combat, told to all
            elif screen.update and screen.update.legal and screen.update.seat == 0:
                assert screen.update.view.phase is Phase.DUEL_CHOOSE
                covered.append(cover_seen)
                cover_seen = False
                await pilot.press("enter")
            else:
                await asyncio.sleep(0.01)
        app.leave_table()
        await pilot.pause()
    assert match.finished
    assert len(covered) >= 2, covered  # (seed 5: Cora asks again)
    assert covered == [True] + [False] * (len(covered) - 1), covered


def test_only_the_duels_offer_goes_uncovered():
    """play-test: , kept narrow: the other games' screens say nothing
    goes uncovered (the table's default, a cover whenever another's view
    or the public one came between), and a Boss Quest decision outside the
    duel's offer is covered as before (a knight's turn shows their hidden
    card)."""
    from tests.bossquest_screen_kit import full_state, make_update
    from tui.games import screen_class
    from tui.screens.game import GameScreen

    for game in ("overboss-duel", "overstocked", "overseers"):
        assert screen_class(game).shows_nothing_private is GameScreen.shows_nothing_private
    state = full_state()
    turn, public = make_update(state, 0), make_update(state, None)
    assert not BossQuestScreen.shows_nothing_private(None, turn, public)  # type: ignore[arg-type]


async def test_a_new_rounds_first_cover_tells_its_deal(tmp_path, monkeypatch):
    """BQ §Setting up a round (the Boss, the Wizard's spells, the weapons
    dealt). Play-test (qbq finding 4): the knight who made a round's last
    move had the combat and the next round's deal come with it, and their
    next cover ("Last moves") and recap began after the deal: it was only
    in the log. Every person's first cover of a round tells its Boss."""
    from core.bossquest.state import Options

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    covers: list[tuple[int, str, tuple[str, ...]]] = []
    seen: dict[str, int] = {}  # the last round each person had a cover in
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match("boss-quest", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")],
                      Options())
        for _ in range(3000):
            await pilot.pause()
            table, screen = app.table, app.screen
            if table.match.finished or len(covers) >= 6:
                break
            if isinstance(screen, HandoverScreen):
                round_ = table.updates[None].view.round
                if round_ > 1 and seen.get(screen.player) != round_:
                    covers.append((round_, screen.player, screen.moves))
                    seen[screen.player] = round_
                await pilot.press("enter")
                continue
            if not isinstance(screen, BossQuestScreen):
                await pilot.press("enter")
                continue
            if not screen.update or not screen.update.legal:
                await asyncio.sleep(0.01)
                continue
            await pilot.press(choose_key(screen))
        assert len(covers) >= 6, covers
    for round_, who, moves in covers:
        assert any(line.startswith(f"Round {round_}: ") for line in moves), (round_, who, moves)
