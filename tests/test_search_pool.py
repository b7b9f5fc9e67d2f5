"""Searching bots that decide at the same time think at the same time
(host/search_process.py `WorkerPool`, issue 13's budgets kept): up to one
worker per core, none beyond the pool's size, tables served in turn, and a
dead, hung or cancelled decision costs only itself."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import time

import pytest

from host.search_process import (
    WORKERS_ENV,
    SearchFailed,
    shared_pool,
    worker_limit,
)
from host.session import Session
from saves.journal import PlayerSpec
from saves.match import Match
from tests import search_kit

# the pools made here are closed after each test (the fixture, autouse)
from tests.test_search_process import _close_pools, gone, pool_of  # noqa: F401

GAME = "overboss-duel"

def an_update(tmp_path):
    """A session and an update that owes a decision (any number of bots may
    be asked for it: each answer names its seat and seq)."""
    players = [PlayerSpec("A", "human"), PlayerSpec("B", "human")]
    session = Session(Match.new(GAME, players, directory=tmp_path / "m"), seed=1)
    session.start()
    seat = min(session.game.to_act(session.match.state))
    return session, session.update_for(seat)


async def answered(decision, timeout: float = 30):
    return await asyncio.wait_for(asyncio.wrap_future(decision.future), timeout)


def overlap(a, b) -> bool:
    """Two (…, start, end) intervals share a moment."""
    return a[3] < b[4] and b[3] < a[4]


# -- at a terminal ---------------------------------------------------------------


async def test_a_tables_bots_picking_at_once_think_at_once(tmp_path, monkeypatch):
    """Overseers' draft: every player picks at once. At this terminal the
    table's two bots thought one after the other in its one worker (each
    waiting its budget behind the other); now each thinks in a worker of
    its own, their think intervals overlapping, and leaving the table ends
    both processes."""
    import host.search_process as search
    from tui.app import OvertableApp
    from tui.games import screen_class
    from tui.table import Table

    monkeypatch.setattr(search, "cores", lambda: 2)
    monkeypatch.delenv(WORKERS_ENV, raising=False)
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    marks = tmp_path / "marks"
    marks.mkdir()
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Bram", "bot", "normal"),
               PlayerSpec("Cid", "bot", "hard")]
    match = Match.new("overseers", players, directory=tmp_path)
    app = OvertableApp(bot_delay=0.0, seed=1, theme_name="textual-dark")
    factory = search_kit.MeetingBots(str(marks), meet=2, most=8.0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = Table(match, bot_delay=0.0, seed=1, bot_factory=factory)
        app.table = table
        await table.start(app, screen_class("overseers"))
        started = time.monotonic()
        while len(search_kit.intervals(str(marks))) < 2:
            assert time.monotonic() - started < 30
            await pilot.pause(0.05)
        first, second = search_kit.intervals(str(marks))[:2]
        assert {first[1], second[1]} == {1, 2}  # both bots' first picks
        assert overlap(first, second) and first[2] != second[2]
        pids = table.workers.pids()
        assert len(pids) == 2 and table.workers.limit == 2
        app.leave_table()
        await pilot.pause()
    started = time.monotonic()
    while not all(gone(pid) for pid in pids):
        assert time.monotonic() - started < 10, "a search process was left behind"
        await asyncio.sleep(0.05)


# -- the pool -------------------------------------------------------------------------


async def test_the_pool_never_thinks_more_than_its_size(tmp_path):
    """Five decisions at once in a pool of two: two think at a time (the
    others wait their turn, their budget not yet running), in two
    processes, and all five are answered."""
    session, update = an_update(tmp_path)
    marks = tmp_path / "marks"
    marks.mkdir()
    pool = pool_of(search_kit.MeetingBots(str(marks), meet=5, most=0.6), limit=2)
    decisions = [pool.submit(pool.new_key(), "normal", update, n) for n in range(5)]
    for decision in decisions:
        command = await answered(decision)
        assert command.seat == update.seat and command.action == update.legal[-1]
    rows = search_kit.intervals(str(marks))
    assert len(rows) == 5
    assert search_kit.most_at_once(rows) == 2 and pool.peak == 2
    assert len(pool.workers) == 2 and len({row[2] for row in rows}) == 2
    session.close()


async def test_a_table_does_not_wait_for_another_tables_bots(tmp_path):
    """The hub's pool is shared by its tables: one table's three bots
    asking first do not make the next table's bot wait for all three; the
    tables take turns (here with one worker: A, B, A, A)."""
    session, update = an_update(tmp_path)
    marks = tmp_path / "marks"
    marks.mkdir()
    pool = pool_of(search_kit.MeetingBots(str(marks), meet=99, most=0.2), limit=1)
    first = pool.submit(pool.new_key(), "A", update, 1, group="table A")
    more = [pool.submit(pool.new_key(), "A", update, n, group="table A") for n in (2, 3)]
    other = pool.submit(pool.new_key(), "B", update, 4, group="table B")
    for decision in (first, *more, other):
        await answered(decision)
    rows = sorted(search_kit.intervals(str(marks)), key=lambda row: row[3])
    assert [row[0] for row in rows] == ["A", "B", "A", "A"]
    session.close()


async def test_a_hurried_decision_that_waits_goes_first(tmp_path):
    """ "Move now" for a bot whose decision waits for a worker: it is the
    next to think (and answers at once), before decisions that came first."""
    session, update = an_update(tmp_path)
    pool = pool_of(search_kit.slow_factory, limit=1)
    busy = pool.submit(pool.new_key(), "normal", update, 1)
    waiting = pool.submit(pool.new_key(), "normal", update, 2)
    hurried = pool.submit(pool.new_key(), "normal", update, 3)
    pool.hurry(hurried)
    pool.hurry(busy)
    await answered(busy)
    await answered(hurried, 5)
    assert not waiting.future.done()  # still waiting: a 30 s think now
    pool.cancel(waiting)
    session.close()


async def test_a_worker_killed_mid_think_costs_only_its_decision(tmp_path):
    """Two decisions think at once; one's process is killed: that decision
    fails (its bot plays a heuristic move), the other goes on and answers,
    and closing the pool leaves no process."""
    session, update = an_update(tmp_path)
    pool = pool_of(search_kit.slow_factory, limit=2)
    one = pool.submit(pool.new_key(), "normal", update, 1)
    two = pool.submit(pool.new_key(), "normal", update, 2)
    started = time.monotonic()
    while not (one.worker and two.worker and one.worker.ready.is_set()
               and two.worker.ready.is_set()):
        assert time.monotonic() - started < 30
        await asyncio.sleep(0.02)
    assert one.worker is not two.worker
    pids = pool.pids()
    os.kill(one.worker.pid, 9)
    with pytest.raises(SearchFailed):
        await answered(one, 5)
    assert not two.future.done()
    pool.hurry(two)
    assert (await answered(two, 5)).seat == update.seat
    pool.close()
    assert all(gone(pid) for pid in pids)
    session.close()


async def test_a_hung_worker_is_ended_at_its_timeout_and_the_next_decision_thinks(
    tmp_path, caplog
):
    """A bot that cannot be stopped thinks past its decision's timeout: the
    decision fails ("no answer in 1 s"), the process is ended, and the
    worker, free again, answers the next decision in a new process."""
    session, update = an_update(tmp_path)
    pool = pool_of(search_kit.stubborn_factory, limit=1)
    with caplog.at_level(logging.WARNING):
        hung = pool.submit(pool.new_key(), "60", update, 1, timeout=1.0)
        with pytest.raises(SearchFailed, match="no answer in 1 s"):
            await answered(hung, 30)
        [worker] = pool.workers
        old = worker.pid
        quick = pool.submit(pool.new_key(), "0.1", update, 2, timeout=30.0)
        assert (await answered(quick, 30)).seat == update.seat
    assert worker.starts == 2 and worker.pid != old
    started = time.monotonic()
    while old is not None and not gone(old):
        assert time.monotonic() - started < 10
        await asyncio.sleep(0.05)
    session.close()


async def test_a_cancelled_decision_frees_its_worker(tmp_path):
    """The table moves on: a waiting decision is never sent, and a thinking
    one stops; its worker says it is done, and takes the next decision."""
    session, update = an_update(tmp_path)
    pool = pool_of(search_kit.slow_factory, limit=1)
    thinking = pool.submit(pool.new_key(), "normal", update, 1)
    waiting = pool.submit(pool.new_key(), "normal", update, 2)
    pool.cancel(waiting)
    assert waiting.future.cancelled() and waiting.worker is None
    await asyncio.to_thread(lambda: thinking.worker.ready.wait(20))
    pool.cancel(thinking)
    assert thinking.future.cancelled()
    after = pool.submit(pool.new_key(), "normal", update, 3)
    pool.hurry(after)
    assert (await answered(after, 10)).seat == update.seat
    assert len(pool.workers) == 1 and pool.workers[0].starts == 1
    session.close()


async def test_closing_the_pool_fails_waiting_decisions(tmp_path):
    session, update = an_update(tmp_path)
    pool = pool_of(search_kit.slow_factory, limit=1)
    thinking = pool.submit(pool.new_key(), "normal", update, 1)
    waiting = pool.submit(pool.new_key(), "normal", update, 2)
    pool.close()
    for decision in (thinking, waiting):
        with pytest.raises((SearchFailed, concurrent.futures.CancelledError)):
            decision.future.result(5)
    late = pool.submit(pool.new_key(), "normal", update, 3)
    with pytest.raises(SearchFailed):
        late.future.result(1)
    session.close()


# -- how many ---------------------------------------------------------------------------


def test_one_worker_per_core_capped_by_the_variable(monkeypatch, caplog):
    import host.search_process as search

    monkeypatch.setattr(search, "cores", lambda: 4)
    monkeypatch.delenv(WORKERS_ENV, raising=False)
    assert worker_limit() == 4 and worker_limit(spare=1) == 3
    monkeypatch.setattr(search, "cores", lambda: 1)
    assert worker_limit(spare=1) == 1  # at least one
    monkeypatch.setattr(search, "cores", lambda: 4)
    monkeypatch.setenv(WORKERS_ENV, "2")
    assert worker_limit() == 2
    monkeypatch.setenv(WORKERS_ENV, "9")
    assert worker_limit() == 4  # a cap: never more searches than cores
    for bad in ("two", "0", "-1", "1.5"):
        monkeypatch.setenv(WORKERS_ENV, bad)
        with caplog.at_level(logging.WARNING):
            assert worker_limit() == 4
        assert f"{WORKERS_ENV}={bad!r} ignored" in caplog.text
    assert search.cores() >= 1


def test_the_hubs_pool_keeps_a_core_for_the_hub(monkeypatch):
    import host.search_process as search

    monkeypatch.setattr(search, "cores", lambda: 6)
    monkeypatch.delenv(WORKERS_ENV, raising=False)
    search.close_shared_pool()
    try:
        pool = shared_pool()
        assert pool.limit == 5 and pool.workers == []  # none started yet
    finally:
        search.close_shared_pool()


# -- a choice all make at once ------------------------------------------------------------


class CountingBot:
    """Thinks `seconds` in a thread, counting its decisions."""

    def __init__(self, seconds: float = 0.6) -> None:
        self.seconds, self.calls = seconds, 0

    def choose(self, game, view, seat, legal, rng):
        self.calls += 1
        time.sleep(self.seconds)
        return legal[0]


class Recorder:
    def __init__(self) -> None:
        self.updates: list = []

    def receive(self, update) -> None:
        self.updates.append(update)


async def test_a_pick_by_another_player_does_not_restart_a_bots_decision(tmp_path):
    """Overseers' draft: everyone picks at once, and each pick is a new
    update for every seat. A bot whose choice stayed the same went on
    thinking; it started again at every other player's pick (in parallel,
    the searches under way were thrown away). Its one decision is played:
    the session takes a move from an update that offered the same moves."""
    from host.bots import seat_bots
    from host.messages import SeatCommand
    from host.session import HERE

    players = [PlayerSpec("Ann", "human"), PlayerSpec("Ben", "human"),
               PlayerSpec("Cid", "bot", "normal")]
    session = Session(Match.new("overseers", players, directory=tmp_path), seed=1)
    bot = CountingBot()
    seat_bots(session, factory=lambda game, level: bot, think="threaded", delay=0.0)
    ann = Recorder()
    ann_link = session.connect(ann, {0}, kind=HERE, send=False)
    session.connect(Recorder(), {1}, kind=HERE, send=False)  # Ben picks last
    session.start()
    await asyncio.sleep(0.1)  # the bot thinks
    update = ann.updates[-1]
    assert update.legal and {0, 1, 2} <= update.to_act
    assert ann_link.send(SeatCommand.play(0, update.legal[0], update.seq)) is None
    started = time.monotonic()
    while not any(seat == 2 for seat, _ in session.match.history):
        assert time.monotonic() - started < 5, "the bot's pick was not played"
        await asyncio.sleep(0.02)
    assert bot.calls == 1
    session.close()


def test_a_mistyped_workers_variable_is_refused_on_the_command_line(
    tmp_path, monkeypatch, capsys
):
    """$OVERTABLE_SEARCH_WORKERS=two would be logged and ignored, where a
    player at the terminal reads no log: the command line refuses it in a
    line, as it does a mistyped $OVERTABLE_BOT_SECONDS."""
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("OVERTABLE_BOT_SECONDS", raising=False)
    for bad, says in (("two", "'two' is not a whole number"), ("0", "0 is not 1 or more")):
        monkeypatch.setenv(WORKERS_ENV, bad)
        with pytest.raises(SystemExit) as exited:
            main(["resume", "nothing-here"])
        assert exited.value.code == 2
        err = capsys.readouterr().err
        assert f"${WORKERS_ENV}: {says}" in err and "or unset it" in err
