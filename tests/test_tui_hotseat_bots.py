"""Several people and bots at one terminal: a bot's turn shows no one's view.

The play-test (Boss Quest, Ann and Bram at one terminal, four bots): Bram
asked for a weapon, and through every bot turn after it the screen read
"Bram's view", his hidden card and his total beside it, for Ann to read
while she waited. Once no person here decides, the public view shows
("for everyone"); the next person's view, even Bram's own, comes only
behind the hand-over cover. With one person and bots nothing changes:
their own view stays."""

from __future__ import annotations

import asyncio

import pytest

from saves.journal import PlayerSpec
from tests.screen_kit import screen_text
from tests.test_tui_bossquest_match import choose_key as boss_quest_key
from tests.test_tui_overseers_match import choose_key as overseers_key
from tui.app import OvertableApp
from tui.screens.bossquest import BossQuestScreen
from tui.screens.overseers import OverseersScreen

pytestmark = pytest.mark.usefixtures("brisk_idle")

GAMES = {
    "boss-quest": (BossQuestScreen, boss_quest_key, ("only you see it", "(you)")),
    "overseers": (OverseersScreen, overseers_key, ("your total", "Your character:")),
}


async def bot_turns_seen(tmp_path, monkeypatch, game_id, players, turns=4):
    """Play `game_id` through the app, the people here pressing what a
    careful player would, until `turns` bot decisions were on screen after
    a person's: what the screen showed then (its update and text)."""
    screen_class, choose_key, _ = GAMES[game_id]
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.3, seed=3, theme_name="textual-dark")
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(game_id, players)
        for _ in range(3000):
            await pilot.pause()
            screen, table = app.screen, app.table
            if not isinstance(screen, screen_class):
                await pilot.press("enter")  # the cover, a round's end for all
                continue
            if screen.update is None:
                await asyncio.sleep(0.01)
                continue
            update = screen.update
            if update.legal:
                await pilot.press(choose_key(screen))
                continue
            moved_here = any(seat in table.humans for seat, _ in table.match.history)
            if (update.thinking is not None and moved_here
                    and not set(update.to_act) & set(table.humans)
                    and (not seen or seen[-1][0].seq != update.seq)):
                seen.append((update, screen_text(app)))
                if len(seen) == turns:
                    break
            await asyncio.sleep(0.01)
    assert len(seen) == turns
    return seen


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_bots_turn_shows_the_public_view_at_a_shared_terminal(
        tmp_path, monkeypatch, game_id):
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
               PlayerSpec("Cora", "bot", "random"), PlayerSpec("Dev", "bot", "random")]
    private = GAMES[game_id][2]
    for update, text in await bot_turns_seen(tmp_path, monkeypatch, game_id, players):
        assert update.seat is None
        assert "for everyone" in text and "'s view" not in text, text
        for words in private:
            assert words not in text, (words, text)


async def test_one_person_with_bots_keeps_their_own_view(tmp_path, monkeypatch):
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Cora", "bot", "random"),
               PlayerSpec("Dev", "bot", "random")]
    for update, text in await bot_turns_seen(tmp_path, monkeypatch, "boss-quest", players):
        assert update.seat == 0 and "Ann's view" in text, text


def _one_move_from_the_end(tmp_path, game_id, players):
    """A match of `game_id` played at random to one person's last move:
    the match and that move (seat, action). People here are seats 0-1."""
    import random

    from core import CHANCE
    from core import GAMES as RULES
    from core.playout import sample_chance
    from saves.match import Match

    game = RULES[game_id]
    for seed in range(200):
        rng = random.Random(seed)
        state = game.setup(len(players))
        history = []
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            action = (sample_chance(game.chance_outcomes(state), rng) if seat == CHANCE
                      else rng.choice(game.legal_actions(state, seat)))
            history.append((seat, action))
            state = game.apply(state, seat, action)
        last = max(i for i, (seat, _) in enumerate(history) if seat != CHANCE)
        if history[last][0] in (0, 1) and all(s == CHANCE for s, _ in history[last + 1:]):
            break
    match = Match.new(game_id, players, directory=tmp_path)
    for seat, action in history[:last]:
        match.apply(seat, action)
    return match, history[last]


@pytest.mark.parametrize("game_id", ["overseers", "boss-quest", "overstocked", "overboss-duel"])
async def test_the_final_table_at_a_shared_terminal_is_for_everyone(
        tmp_path, monkeypatch, game_id):
    """Play-test (Overseers, hot seat): b on the results opened the last
    mover's own view ("Ann's view", her draft picks in the log), while the
    same match reopened from Saved matches showed it "for everyone". With
    several people here the final table is the public view."""
    from host.messages import SeatCommand
    from tests.screen_kit import wait_for
    from tui.screens.handover import HandoverScreen
    from tui.screens.results import ResultsScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")]
    if game_id != "overboss-duel":
        players.append(PlayerSpec("Cora", "bot", "random"))
    match, (seat, action) = _one_move_from_the_end(tmp_path, game_id, players)
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_match(match)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("enter")
        table = app.table
        await wait_for(pilot, lambda: table.viewer == seat and app.screen is table.screen)
        update = table.updates[seat]
        assert table.send(SeatCommand.play(seat, action, update.seq))
        await wait_for(pilot, lambda: any(isinstance(s, ResultsScreen) for s in app.screen_stack))
        while not isinstance(app.screen, ResultsScreen):
            await pilot.press("enter")  # the boxes the end holds over the results
            await pilot.pause()
        assert app.screen.update.seat is None
        await pilot.press("b")
        await wait_for(pilot, lambda: app.screen is table.screen)
        await pilot.pause()
        text = screen_text(app)
        assert table.screen.update.seat is None
        # (Overboss Duel's narrow header says it first: "Everyone's view · ...")
        assert ("for everyone" in text or text.lstrip().startswith("Everyone's view")), text
        assert "'s view" not in text.replace("Everyone's view", ""), text


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_cover_for_the_person_who_had_the_keys_says_why(tmp_path, monkeypatch, game_id):
    """Play-test (Overseers, three people): Cora picked, a bot moved, and
    "Pass to Cora" came up though she never left the keyboard. The table had
    been on screen for everyone, so her view still comes behind a cover,
    one that says why: "Cora again: the bots have moved"."""
    from tests.screen_kit import wait_for
    from tui.screens.handover import HandoverScreen

    screen_class, choose_key, _ = GAMES[game_id]
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human"),
               PlayerSpec("Cora", "bot", "random"), PlayerSpec("Dev", "bot", "random")]
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    covers = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_match(game_id, players)
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        for _ in range(3000):
            await pilot.pause()
            screen, table = app.screen, app.table
            if isinstance(screen, HandoverScreen):
                before = table.names[table.viewer] if table.viewer is not None else None
                covers.append((before, screen.player, screen_text(app)))
                if before == screen.player:
                    break
                await pilot.press("enter")
            elif not isinstance(screen, screen_class):
                await pilot.press("enter")  # a round's end for all
            elif screen.update is not None and screen.update.legal:
                await pilot.press(choose_key(screen))
            else:
                await asyncio.sleep(0.01)
    before, name, text = covers[-1]
    assert before == name, covers
    assert f"{name} again: the bots have moved" in text and f"Pass to {name}" not in text, text
    for _, name, text in covers[:-1]:
        assert f"Pass to {name}" in text and "again" not in text, text
