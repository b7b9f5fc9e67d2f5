"""Hot-seat play-test (Overboss Duel and Overstocked at 80x24): u within a
turn took the move back in silence (the Town, its hero and the Spire
vanished, the prompt went back, nothing said what was undone). Every game
screen now says what was taken back: the first of the log lines of the
player's own view that vanished with it (GameScreen, tui/screens/game.py)."""

from __future__ import annotations

import attrs
import pytest

from saves.journal import PlayerSpec
from tests import overboss_screen_kit as ob
from tests.screen_kit import record_notices, screen_text, settle, wait_for
from tui.app import OvertableApp
from tui.screens.game import taken_back_words


def _taken_back(said: list[str]) -> list[str]:
    return [n for n in said if n.startswith("Taken back")]


async def _uncover(pilot, app) -> None:
    from tui.screens.handover import HandoverScreen

    await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
    await pilot.press("enter")
    await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))


async def test_overboss_duel_u_says_what_was_taken_back(tmp_path, monkeypatch):
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await _uncover(pilot, app)
        for key in ("1", "enter"):  # draft pair 1, place its tile
            await pilot.press(key)
            await pilot.pause()
        placed = app.table.session.update_for(0).log[-1]
        assert placed.startswith("You place the "), placed
        await pilot.press("u")
        await pilot.pause()
        first = placed.split(". ")[0].rstrip(".")
        [notice] = _taken_back(said)
        assert notice.startswith(f"Taken back: you{first[3:]}"), said
        if ". Then " in placed:  # the drafted monster went with the tile (OD-13): told too
            then = placed.split(". Then ")[1].split(".")[0]
            assert then in notice or notice.endswith(" … and 1 more."), said
        else:
            assert notice == f"Taken back: you{first[3:]}.", said


def _kits():
    from tests import bossquest_screen_kit as bq
    from tests import overseers_screen_kit as ov
    from tests import overstocked_screen_kit as os_kit
    from tests.overseers_screen_kit import GAME as OVERSEERS

    return {
        "boss-quest": (bq, lambda: bq.full_state()),
        "overboss-duel": (ob, lambda: ob.midgame()),
        "overstocked": (os_kit, lambda: os_kit.place_state()),
        "overseers": (ov, lambda: OVERSEERS.setup(4)),
    }


@pytest.mark.parametrize("game", ["boss-quest", "overboss-duel", "overstocked", "overseers"])
async def test_every_game_says_what_was_taken_back(game):
    """The shared GameScreen says it: the lines of the player's own log
    that the undo's answer no longer has (here Overstocked's card placed)."""
    kit, state = _kits()[game]
    log = ("Bram draws a card.", "You place card 12 in your warehouse.",
           "Then you score the Yo-yo.")
    port = kit.FakePort()
    app = kit.ScreenApp(kit.make_update(state(), log=log), port)
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert port.undos == 1
        app.screen.show(attrs.evolve(kit.make_update(state(), log=log[:1]), seq=1))
        await pilot.pause()
        assert _taken_back(said) == [
            "Taken back: you place card 12 in your warehouse, then you score the Yo-yo."]


async def test_the_covers_take_back_is_said_once(tmp_path, monkeypatch):
    """The hand-over cover says "Ann took back their last move."; Ann's view,
    uncovered again, does not say that a second time: it says what went,
    once, in her own words (test_tui_handover_take_back)."""
    from tui.screens.handover import HandoverScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        app.new_match("overstocked", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await _uncover(pilot, app)
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoverScreen))
        await pilot.press("u")
        await pilot.pause()
        assert "Ann took back their last move." in str(app.screen.query_one("#handover-note").render())
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, HandoverScreen))
        await wait_for(pilot, lambda: _taken_back(said))
        await settle(pilot)
        [notice] = _taken_back(said)
        assert notice.startswith("Taken back: you "), said
        assert not [n for n in said if "took back" in n], said


def test_several_lines_taken_back_name_what_fits_and_count_the_rest():
    lines = ("You place the Town on a1 (your side). Then a hero spawns on a1.",
             "You place a Spire on b2.", "You use a Spire on c3.")
    # (three lines of a notice at most: the third move is counted)
    assert taken_back_words(lines) == ("Taken back: you place the Town on a1 (your side), then a "
                                       "hero spawns on a1 … and 2 more.")
    assert taken_back_words(lines[1:]) == ("Taken back: you place a Spire on b2, then you use a "
                                           "Spire on c3.")
    assert taken_back_words(lines[1:2]) == "Taken back: you place a Spire on b2."
    assert taken_back_words(("Ann places a Yeti on a3.",)) == "Taken back: Ann places a Yeti on a3."
    # play-test: "Taken back: you reveal your Boss: King Croak!." (one mark ends it)
    assert taken_back_words(("You reveal your Boss: King Croak!",)) == (
        "Taken back: you reveal your Boss: King Croak!")


async def test_a_refused_take_back_says_nothing_was_taken_back():
    """The table refused the undo (its own notice says why): no "Taken back"."""
    port = ob.FakePort()
    port.send = lambda command: False  # type: ignore[method-assign]
    update = ob.make_update(ob.midgame(), can_undo=True)
    app = ob.ScreenApp(update, port)
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        app.screen.show(ob.make_update(ob.midgame(), log=ob.LOG[:-1]))
        await pilot.pause()
        assert _taken_back(said) == [], said


def test_a_token_the_rules_placed_with_the_tile_is_named_too():
    """Play-test (Overboss Duel, OD-13): "Taken back: you place the Sunken
    City on b1 (your side)." where the Bandit that went on it was taken
    back too (the line's "Then ..."): both are named when short, else the
    rest is counted; a rule's reminder after it is not a move."""
    line = "You place the Sunken City on b1 (your side). Then a Bandit goes to b1."
    assert taken_back_words((line,)) == (
        "Taken back: you place the Sunken City on b1 (your side), then a Bandit goes to b1.")
    long = ("You place the Sunken City on b1 (your side). Then a Bandit goes to b1 and the "
            "hero there is slain, then the Town on a1 spawns a hero on a2.")
    assert taken_back_words((long,)) == (
        "Taken back: you place the Sunken City on b1 (your side) … and 1 more.")
    assert taken_back_words(("You place a Yeti on b2. A lair's monster may go on either side.",)
                            ) == "Taken back: you place a Yeti on b2."


@pytest.mark.parametrize("lines", [
    # the play-test's: the drafted monster could not go on the Dungeon (OD-13)
    ("You place the Dungeon on a1 (your side). Then the Rocktopus goes to your lair.",),
    ("You place the Dungeon on a1 (your side). Then the Spawning Pool Crystal goes to your "
     "lair.",),
    ("You place the Dungeon on a1 (your side).", "You place a Rocktopus on b3 (your side)."),
])
def test_what_else_one_take_back_took_is_named_and_fits_a_notice(lines):
    """Play-test (Overboss Duel, pair 3: Dungeon + Rocktopus): u said "Taken
    back: you place the Dungeon on a1 (your side) … and 1 more.", and the
    player could not tell what the one more was. What went with the move is
    named, in the log's own words, in a notice no taller than three lines of
    text at a notice's width (`notice_rows`: it sits over the log at 80x24)."""
    from textual.notifications import Notification

    from tui.screens.game import NOTICE_WIDTH, notice_rows

    said = taken_back_words(lines)
    assert "more" not in said, said
    for line in lines:
        for sentence in line.split(". "):
            words = sentence.rstrip(".").split(" ", 1)[1]  # after You / Then
            assert words in said, (words, said)
    assert notice_rows(Notification(said), NOTICE_WIDTH) <= notice_rows(
        Notification("x\ny\nz"), NOTICE_WIDTH), said


async def test_the_dungeons_take_back_names_the_monster_in_the_duel(tmp_path, monkeypatch):
    """The play-test's steps in the app: draft a Dungeon with its monster,
    place the Dungeon, u: the notice names the monster too."""
    from core.overboss.components import Terrain
    from tui.screens.overboss import OverbossScreen

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random")])
        await wait_for(pilot, lambda: isinstance(app.screen, OverbossScreen)
                       and app.screen.update is not None and app.screen.update.legal)
        market = app.table.match.state.market
        slot = next(i for i, pair in enumerate(market)
                    if pair.tile is Terrain.DUNGEON and pair.token is not None)
        token = market[slot].token.label
        await pilot.press(str(slot + 1))
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.table.session.update_for(0).log[-1].startswith(
            "You place the Dungeon"))
        await pilot.press("u")
        await wait_for(pilot, lambda: _taken_back(said))
        [notice] = _taken_back(said)
        assert notice.startswith("Taken back: you place the Dungeon on ") and token in notice, said
        assert "more" not in notice, said


def test_the_others_are_told_who_took_back_in_their_own_logs_words():
    """Everyone else at a shared table reads who took back their last move
    and what left their own log: the first sentence of a line and what the
    rules then did, never the rest (an Overseers pick's card is not named)."""
    from tui.screens.game import took_back_words

    line = ("cy keeps a card (pick 5). Each player discards their last card "
            "(yours: Greed (G)).")
    assert took_back_words("cy", (line,)) == "Taken back by cy: cy keeps a card (pick 5)."
    assert took_back_words("cy") == "cy took back their last move."


async def test_the_market_cursor_comes_back_on_the_pair_taken_back(tmp_path, monkeypatch):
    """Play-test (Overboss Duel at 80x24): after u on a draft the market's
    cursor came back on pair 2, not on the pair taken back. It comes back on
    the pair just taken back (Enter drafts it again), a pair drafted with its
    number key too, the cursor having stood elsewhere."""
    from tui.screens.overboss import DuelMarket

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=3, theme_name="textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        said = record_notices(app)
        app.new_match("overboss-duel", [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "human")])
        await _uncover(pilot, app)
        await settle(pilot)
        market = app.screen.query_one("#ob-market", DuelMarket)
        assert market.cursor == 0
        await pilot.press("3")  # draft pair 3
        await wait_for(pilot, lambda: not market.offers[2].enabled or market.offers[2].gone)
        await pilot.press("u")
        await wait_for(pilot, lambda: _taken_back(said))
        await settle(pilot)
        assert market.offers[2].enabled and not market.offers[2].gone
        assert market.cursor == 2, market.cursor
        assert "▶ 3" in screen_text(app)
