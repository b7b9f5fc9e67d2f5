"""'Move now' on the game screens (issue 13): while a bot thinks, the
status says so with the key, the footer and F1 list it, and n makes the bot
move; through the real app, with a bot thinking in the table's search
process."""

from __future__ import annotations

import asyncio
import random
import time

import attrs
import pytest

from core import CHANCE, GAMES
from core.playout import sample_chance
from host.messages import HURRY, SeatCommand
from saves.journal import PlayerSpec
from saves.match import Match
from tests import screen_kit, search_kit
from tests.screen_kit import FakePort, screen_text, settle
from tui.app import OvertableApp
from tui.games import screen_class
from tui.screens.game import THINKING_COUNT_AFTER, TableUpdate
from tui.screens.generic import GenericGameScreen
from tui.screens.help import screen_keys
from tui.table import Table

NAMES = ("Ann", "Bram", "Cid")


@pytest.fixture(autouse=True)
def screens_clock(monkeypatch):
    """The game screens' clock stands still unless a test moves it: under
    a load of 5 on two cores a screen took over two seconds to show its
    first frame, and "thinking…" already counted "2 s" there."""
    from types import SimpleNamespace

    from tui.screens import game as game_module

    monkeypatch.setattr(game_module, "time", SimpleNamespace(monotonic=lambda: 1000.0))


def bot_to_act(game_id: str, players: int, seed: int = 3) -> object:
    """A state of a random playout where the bot (seat 1) owes a decision
    and the person (seat 0) does not."""
    game = GAMES[game_id]
    rng = random.Random(seed)
    state = game.setup(players, game.Options())
    for _ in range(5000):
        to_act = game.to_act(state)
        if CHANCE in to_act:
            state = game.apply(state, CHANCE, sample_chance(game.chance_outcomes(state), rng))
            continue
        if 1 in to_act and 0 not in to_act:
            return state
        seat = min(to_act)
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    raise AssertionError("the bot never had the turn alone")


def thinking_update(game_id: str, players: int, *, thinking: int | None = 1) -> TableUpdate:
    game = GAMES[game_id]
    state = bot_to_act(game_id, players)
    return TableUpdate(
        game=game_id, seat=0, view=game.view(state, 0), legal=(),
        to_act=frozenset(game.to_act(state)), names=NAMES[:players],
        bots=frozenset(range(1, players)), log=("The match begins.",),
        thinking=thinking, seq=12,
    )


GAMES_AND_PLAYERS = [("boss-quest", 2), ("overboss-duel", 2), ("overstocked", 2), ("overseers", 3)]


@pytest.mark.parametrize("game_id, players", GAMES_AND_PLAYERS)
async def test_each_screen_says_the_bot_is_thinking_and_n_hurries_it(game_id, players):
    class App(screen_kit.ScreenApp):
        screen_class = screen_class(game_id)

    port = FakePort()
    app = App(thinking_update(game_id, players), port)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "thinking… (n: move now)" in screen_text(app)
        keys = dict(screen_keys(app.game_screen))
        assert keys.get("n (bot thinking)") == (
            "A bot is thinking: ask it to play its best move so far now, and the rest of its "
            "turn at once")
        await pilot.press("n")
        assert port.commands == [SeatCommand(HURRY, 1, None, 12)]


@pytest.mark.parametrize("game_id, players", [*GAMES_AND_PLAYERS, ("generic", 2)])
async def test_the_status_counts_a_long_think(game_id, players):
    """ "thinking…" never changed through a hard bot's five seconds, which
    read like a frozen screen: after two seconds the status counts them,
    once a second, and the count stops with the thinking."""
    class App(screen_kit.ScreenApp):
        screen_class = (GenericGameScreen if game_id == "generic"
                        else screen_class(game_id))

    update = thinking_update("overboss-duel" if game_id == "generic" else game_id, players)
    app = App(update, FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert "thinking… (n: move now)" in screen_text(app)
        assert screen._thinking_timer is not None  # it ticks while the bot thinks
        screen._thinking_since -= 3.4  # the bot has thought 3.4 s
        screen._thinking_tick()
        await pilot.pause()
        assert "thinking… 3 s (n: move now)" in screen_text(app)
        screen.show(attrs.evolve(update, thinking=None, seq=13))
        screen._thinking_tick()
        await pilot.pause()
        assert screen._thinking_timer is None and " 3 s" not in screen_text(app)


async def test_the_plain_screen_says_who_is_thinking():
    class App(screen_kit.ScreenApp):
        screen_class = GenericGameScreen

    port = FakePort()
    app = App(thinking_update("overboss-duel", 2), port)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert "Bram is thinking… (n: move now)" in screen_text(app)
        await pilot.press("n")
        assert [c.kind for c in port.commands] == [HURRY]


async def test_no_move_now_while_no_bot_thinks():
    """n is not offered (footer, F1, status) and sends nothing when no bot thinks."""
    class App(screen_kit.ScreenApp):
        screen_class = screen_class("overboss-duel")

    port = FakePort()
    app = App(thinking_update("overboss-duel", 2, thinking=None), port)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "move now" not in screen_text(app)
        assert "n (bot thinking)" not in dict(screen_keys(app.game_screen))
        await pilot.press("n")
        assert port.commands == []


async def test_a_spectator_elsewhere_is_not_offered_move_now():
    class App(screen_kit.ScreenApp):
        screen_class = screen_class("overboss-duel")

    update = attrs.evolve(thinking_update("overboss-duel", 2), seat=None, view=None)
    update = attrs.evolve(update, view=GAMES["overboss-duel"].view(bot_to_act("overboss-duel", 2), None))
    port = FakePort()  # a remote port: not at this terminal
    app = App(update, port)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "thinking…" in screen_text(app) and "move now" not in screen_text(app)


async def test_a_spectators_footer_offers_no_undo():
    """A spectator holds no seat: u would take nothing back, so the footer
    and F1 do not offer it (as they did, dimmed, to someone watching)."""
    class App(screen_kit.ScreenApp):
        screen_class = screen_class("overboss-duel")

    state = bot_to_act("overboss-duel", 2)
    watching = attrs.evolve(thinking_update("overboss-duel", 2), seat=None,
                            view=GAMES["overboss-duel"].view(state, None))
    # (the seated player with a move to take back: offered)
    seated = attrs.evolve(thinking_update("overboss-duel", 2), can_undo=True)
    for update, offered in ((watching, False), (seated, True)):
        app = App(update, FakePort())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert ("u" in dict(screen_keys(app.game_screen))) is offered
            assert ("u Undo" in screen_text(app)) is offered


async def test_pressing_n_makes_a_bot_in_the_search_process_move(tmp_path, monkeypatch):
    """Through the real app: a bot that would think 30 s in the table's
    search process; the screen says "thinking… (n: move now)", n makes it
    move within a second, and leaving the table ends the process."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    players = [PlayerSpec("Bram", "bot", "normal"), PlayerSpec("Ann", "human")]
    match = Match.new("overboss-duel", players, directory=tmp_path)
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(120, 36)) as pilot:
        table = Table(match, bot_delay=0.0, seed=1, bot_factory=search_kit.slow_factory)
        app.table = table
        await table.start(app, screen_class("overboss-duel"))
        screen = table.screen
        seq = table.session.seq
        started = time.monotonic()
        while "thinking… (n: move now)" not in screen_text(app):
            assert time.monotonic() - started < 10
            await pilot.pause(0.05)
        [worker] = table.workers.workers
        assert await asyncio.to_thread(worker.ready.wait, 20)
        await asyncio.sleep(0.3)  # the worker is searching now
        assert table.session.seq == seq and screen.update.thinking == 0
        assert "n (bot thinking)" in dict(screen_keys(screen))
        hurried = time.monotonic()
        await pilot.press("n")
        while table.session.seq == seq:
            assert time.monotonic() - hurried < 1.0, "the bot did not move at once"
            await pilot.pause(0.02)
        # the bot's turn goes on in steps: each is hurried the same way
        while not screen.update.legal:
            assert time.monotonic() - hurried < 15, "the bot's turn did not end"
            if screen.update.thinking is not None:
                await pilot.press("n")
            await pilot.pause(0.05)
        assert "Ann's view" in screen_text(app)  # Ann's decision now
        assert "move now" not in screen_text(app)
        pid = worker.pid
        app.leave_table()
        await pilot.pause()
    started = time.monotonic()
    while worker.alive:  # ended by a thread: the event loop did not wait
        assert time.monotonic() - started < 5
        await asyncio.sleep(0.05)
    assert pid is not None and not worker.alive


async def test_a_table_without_searching_bots_starts_no_process(tmp_path, monkeypatch):
    """The search worker is started only for a table that seats a searching
    level (normal, hard): an easy or heuristic bot plays in a thread."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    players = [PlayerSpec("Bram", "bot", "easy"), PlayerSpec("Cid", "bot", "heuristic"),
               PlayerSpec("Ann", "human")]
    match = Match.new("boss-quest", players, directory=tmp_path)
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(120, 36)) as pilot:
        table = Table(match, bot_delay=0.0, seed=1)
        app.table = table
        await table.start(app, screen_class("boss-quest"))
        started = time.monotonic()
        while not table.screen.update.legal:  # the bots play up to Ann's turn
            assert time.monotonic() - started < 10
            await pilot.pause(0.05)
        assert {seat for seat, _ in table.session.match.history} & {0, 1}  # a bot moved
        assert table.workers.workers == []
        app.leave_table()
        await pilot.pause()


async def test_f1_says_where_q_goes_at_home_and_at_a_shared_table():
    """q leaves for the home screen at this terminal (the match saved), for
    the lobby at a shared table (the seat waits there): F1 says which."""
    class App(screen_kit.ScreenApp):
        screen_class = screen_class("overboss-duel")

    class SharedPort(FakePort):
        answers_later = True  # as a shared table's port (tui.remote)

    for port, words in ((FakePort(), "Leave for the home screen (the match is saved)"),
                        (SharedPort(), "Leave for the lobby: your seat waits")):
        app = App(thinking_update("overboss-duel", 2), port)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert dict(screen_keys(app.game_screen))["q"].startswith(words)


@pytest.mark.parametrize("game_id, players", GAMES_AND_PLAYERS)
async def test_f1_at_a_shared_tables_end_says_no_seat_waits(game_id, players):
    """A play-test's F1 on the final table still said "your seat waits"
    for q: once the match is over there is no seat to wait for. It says
    where q leads and how the results come back."""
    from core.playout import random_playout

    class App(screen_kit.ScreenApp):
        screen_class = screen_class(game_id)

    class SharedPort(FakePort):
        answers_later = True  # as a shared table's port (tui.remote)

    game = GAMES[game_id]
    state, _ = random_playout(game, players, game.Options(), random.Random(players))
    update = attrs.evolve(thinking_update(game_id, players, thinking=None),
                          outcome=game.outcome(state), view=game.view(state, 0),
                          to_act=frozenset())
    app = App(update, SharedPort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        said = dict(screen_keys(app.game_screen))["q"]
        assert "waits" not in said and said.startswith("Leave for the lobby"), said
        assert "the results again" in said, said


def draft_update() -> TableUpdate:
    """Overseers' first draft turn from Ann's side: she and both bots
    choose at once (Ann's choices on screen, Bram thinking since update 12)."""
    game = GAMES["overseers"]
    rng = random.Random(3)
    state = game.setup(3, game.Options())
    while CHANCE in game.to_act(state):
        state = game.apply(state, CHANCE, sample_chance(game.chance_outcomes(state), rng))
    assert game.to_act(state) == {0, 1, 2}
    return TableUpdate(
        game="overseers", seat=0, view=game.view(state, 0),
        legal=tuple(game.legal_actions(state, 0)), to_act=frozenset({0, 1, 2}),
        names=NAMES, bots=frozenset({1, 2}), log=("The match begins.",),
        thinking=1, thinking_since=12, seq=12,
    )


async def test_the_count_goes_on_when_the_players_own_pick_arrives():
    """Overseers' draft: Ann and the bots choose at once. Ann's pick made a
    new update while the bot went on thinking, and the count started from
    0 then (the status says "thinking…" only once Ann has picked); it
    counts from when the bot began (the session's `thinking_since`), and
    starts again only for a new decision."""
    class App(screen_kit.ScreenApp):
        screen_class = screen_class("overseers")

    update = draft_update()
    app = App(update, FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert "thinking… (n: move now)" not in screen_text(app)  # Ann's choice shown
        screen._thinking_since -= 3.4  # the bot has thought 3.4 s while Ann chose
        screen._arrived[12] -= 3.4  # (update 12 came then)
        # Ann's pick arrives: a new update, the bot still on the same decision
        picked = attrs.evolve(update, legal=(), to_act=frozenset({1, 2}), seq=13)
        screen.show(picked)
        await pilot.pause()
        # both bots choose at once: both are named, not the first alone
        assert "Bram and Cid are thinking… 3 s (n: move now)" in screen_text(app)
        assert screen_text(app).count("thinking…") == 3  # and beside each in the seats
        # Bram picks: Cid has thought as long, since the same update 12
        screen.show(attrs.evolve(picked, seq=14, thinking=2, to_act=frozenset({2})))
        await pilot.pause()
        assert "Cid is thinking… 3 s (n: move now)" in screen_text(app)
        # a new decision, from update 15: counted anew
        screen.show(attrs.evolve(picked, seq=15, thinking=2, thinking_since=15))
        await pilot.pause()
        assert "thinking… (n: move now)" in screen_text(app)


@pytest.mark.parametrize("game_id, players", [*GAMES_AND_PLAYERS, ("generic", 2)])
async def test_the_others_see_the_countdown_to_a_bot_playing_for_an_away_player(
        game_id, players):
    """Review (2026-12-04): at a shared table where a bot plays for an away
    player after a while, the others had no countdown to it. The waiting
    line counts it down, once a second, and says nothing once the player
    is back (or the bot plays)."""
    class App(screen_kit.ScreenApp):
        screen_class = (GenericGameScreen if game_id == "generic"
                        else screen_class(game_id))

    update = thinking_update("overboss-duel" if game_id == "generic" else game_id, players,
                             thinking=None)
    # Bram is a person, away, and owes the decision
    names = tuple(n + " (away)" if s == 1 else n for s, n in enumerate(update.names))
    update = attrs.evolve(update, names=names, bots=update.bots - {1},
                          bot_plays_in=((1, 25.0),))
    app = App(update, FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert "a bot plays for Bram in 25 s" in screen_text(app)
        assert screen._thinking_timer is not None  # it counts down
        screen._bot_due[1] -= 10.5
        screen._thinking_tick()
        await pilot.pause()
        assert "a bot plays for Bram in 15 s" in screen_text(app)
        screen._bot_due[1] -= 20
        screen._thinking_tick()
        await pilot.pause()
        assert "a bot plays for Bram now" in screen_text(app)
        screen.show(attrs.evolve(update, names=NAMES[:players], bot_plays_in=(), seq=13))
        screen._thinking_tick()
        await pilot.pause()
        assert screen._thinking_timer is None and "a bot plays" not in screen_text(app)


@pytest.mark.parametrize("game_id, players", [*GAMES_AND_PLAYERS, ("generic", 2)])
async def test_the_waiting_line_says_the_match_waits_for_an_away_player(game_id, players):
    """Play-test: at a table where "When away: the match waits", the others
    read "Bram (away) is drafting a pair", and nothing said the match had
    stopped until he is back. The waiting line says it."""
    class App(screen_kit.ScreenApp):
        screen_class = (GenericGameScreen if game_id == "generic"
                        else screen_class(game_id))

    update = thinking_update("overboss-duel" if game_id == "generic" else game_id, players,
                             thinking=None)
    names = tuple(n + " (away)" if s == 1 else n for s, n in enumerate(update.names))
    update = attrs.evolve(update, names=names, bots=update.bots - {1}, bot_plays_in=())
    app = App(update, FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        assert "the match waits until Bram is back" in screen_text(app)
        # and the sentence before it names him bare: not "Waiting for Bram
        # (away) to ..." (Overseers' slip), the mark inside a sentence
        (status,) = [line for line in screen_text(app).splitlines() if "waits until" in line]
        assert "(away)" not in status, status
        app.game_screen.show(attrs.evolve(update, names=NAMES[:players], seq=13))
        await pilot.pause()
        assert "waits until" not in screen_text(app)


class HoldingPort(FakePort):
    """A table of bots only, watched: a box up holds them (tui/table.py)."""

    def __init__(self) -> None:
        super().__init__()
        self.boxes: list[object] = []

    def wait_for_box(self, box: object) -> None:
        self.boxes.append(box)

    def box_put_away(self, box: object) -> None:
        self.boxes.remove(box)

    @property
    def holds_bots(self) -> bool:
        return bool(self.boxes)


@pytest.mark.parametrize("game_id, players", [*GAMES_AND_PLAYERS, ("generic", 2)])
async def test_a_bot_held_for_a_box_waits_for_it_and_counts_again_after(game_id, players):
    """Play-test: under a round's box the status went on "thinking… 3 s,
    4 s…", though the bot only waited for the box to be put away. Held, it
    says so; once the box is gone the bot counts again from nothing."""
    class App(screen_kit.ScreenApp):
        screen_class = (GenericGameScreen if game_id == "generic"
                        else screen_class(game_id))

    update = thinking_update("overboss-duel" if game_id == "generic" else game_id, players)
    app = App(update, HoldingPort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen._thinking_since -= 3.4  # the bot has thought 3.4 s
        box = object()
        screen.box_waits(box)
        screen._thinking_tick()
        await pilot.pause()
        text = screen_text(app)
        assert "waiting for you to close the box (Enter)" in text
        assert "thinking…" not in text and " 3 s" not in text
        screen.box_gone(box)
        screen._thinking_tick()
        await pilot.pause()
        text = screen_text(app)
        assert "thinking… (n: move now)" in text and "close the box" not in text


async def test_a_table_starts_a_search_process_for_each_searching_bot_before_it_asks(
        tmp_path, monkeypatch):
    """A search process takes seconds to start on a loaded machine, and a
    bot's seconds count from when it was asked, start-up included: the
    table starts one for each searching bot (up to one a core) as it opens,
    before any is asked. Only the first was: in a choice every bot makes
    at once, the second bot's process started on its first ask."""
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "normal"),
               PlayerSpec("Cid", "bot", "hard")]
    match = Match.new("boss-quest", players, directory=tmp_path)
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    async with app.run_test(size=(120, 36)) as pilot:
        table = Table(match, bot_delay=0.0, seed=1, bot_factory=search_kit.slow_factory)
        table.workers.limit = 2
        asked = []
        submit = table.workers.submit
        monkeypatch.setattr(table.workers, "submit", lambda *a, **k: (
            asked.append(len(table.workers.pids())), submit(*a, **k))[1])
        app.table = table
        await table.start(app, screen_class("boss-quest"))
        assert len(table.workers.pids()) == 2
        started = time.monotonic()
        while not asked:
            assert time.monotonic() - started < 10
            await pilot.pause(0.05)
        assert asked[0] == 2  # both running when the first bot was asked
        app.leave_table()
        await pilot.pause()


@pytest.mark.parametrize("game_id, players", GAMES_AND_PLAYERS)
async def test_the_count_moves_on_at_whole_seconds_from_when_the_bot_began(game_id, players):
    """A play-test: "thinking… 2 s" then "3 s" half a second later. The
    count ticked once a second from whenever the status was first drawn,
    not from when the bot began; it now moves on just after each whole
    second the bot has thought (the first at `THINKING_COUNT_AFTER`), and
    the countdown to a bot playing for an away player at each whole second
    before it plays."""
    class App(screen_kit.ScreenApp):
        screen_class = screen_class(game_id)

    update = thinking_update(game_id, players)
    app = App(update, FakePort())
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert screen._next_count_in(update) == pytest.approx(THINKING_COUNT_AFTER, abs=0.05)
        screen._thinking_since -= 3.4  # the bot has thought 3.4 s
        assert screen._next_count_in(update) == pytest.approx(0.6, abs=0.05)
        screen._thinking_tick()
        await pilot.pause()
        assert "thinking… 3 s" in screen_text(app)
        assert screen._thinking_timer is not None  # the next at 4 s
        away = attrs.evolve(update, thinking=None, seq=13, bot_plays_in=((1, 24.7),),
                            bots=update.bots - {1},
                            names=tuple(n + " (away)" if s == 1 else n
                                        for s, n in enumerate(update.names)))
        screen.show(away)
        await pilot.pause()
        assert "a bot plays for Bram in 25 s" in screen_text(app)
        assert screen._next_count_in(away) == pytest.approx(0.7, abs=0.05)
