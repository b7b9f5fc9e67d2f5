"""Searching bots in their own process (host/search_process.py, issue 13):
a whole match through the worker, "move now", a dead or rogue worker, the
hurry command's refusals, and no process left behind."""

from __future__ import annotations

import asyncio
import logging
import os
import re
import time
from typing import Any

import pytest

from core import GAMES
from host.bots import (
    AUTO,
    STAND_IN_LEVEL,
    BotHolder,
    LevelBots,
    ProcessBotHolder,
    seat_bots,
    stand_in,
)
from host.budget import parse_bot_seconds
from host.messages import HURRY, BadMessage, Refusal, SeatCommand, SeatUpdate
from host.search_process import SearchWorker, WorkerPool
from host.session import HERE, REMOTE, SPECTATOR, Session
from host.wire import codec
from saves.journal import PlayerSpec
from saves.match import Match
from tests import search_kit

GAME = "overboss-duel"


class Recorder:
    def __init__(self) -> None:
        self.updates: list[SeatUpdate] = []

    def receive(self, update: SeatUpdate) -> None:
        self.updates.append(update)


def session_of(tmp_path, bots: tuple[int, ...], level: str = "normal", seed: int = 1) -> Session:
    players = [
        PlayerSpec(f"Bot{s}", "bot", level) if s in bots else PlayerSpec(f"P{s}", "human")
        for s in range(2)
    ]
    return Session(Match.new(GAME, players, directory=tmp_path), seed=seed)


_pools: list[WorkerPool] = []


def pool_of(*args: Any, **kwargs: Any) -> WorkerPool:
    """A worker pool closed after the test even when the test fails."""
    pool = WorkerPool(*args, **kwargs)
    _pools.append(pool)
    return pool


@pytest.fixture(autouse=True)
def _close_pools():
    yield
    while _pools:
        _pools.pop().close()


def gone(pid: int) -> bool:
    """No process `pid` exists any more (ended and reaped)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def until(condition, timeout: float) -> float:
    """Wait until `condition()` holds; the seconds it took (fails after `timeout`)."""
    started = time.monotonic()
    while not condition():
        if time.monotonic() - started > timeout:
            raise AssertionError(f"not within {timeout} s")
        await asyncio.sleep(0.01)
    return time.monotonic() - started


async def test_a_whole_match_is_played_by_bots_in_another_process(tmp_path):
    """Both seats' bots live in one worker process, reused for every
    decision; each move is the test bot's (the last legal action), and
    closing the table leaves no process behind."""
    session = session_of(tmp_path, bots=(0, 1))
    pool = pool_of(search_kit.last_factory, limit=1)
    holders = seat_bots(session, think="process", pool=pool)
    assert all(isinstance(h, ProcessBotHolder) for h in holders)
    assert pool.pids() == []  # started lazily, on the first decision
    session.start()
    await until(lambda: session.match.finished, 60)
    [worker] = pool.workers
    pid = worker.pid
    assert pid is not None and pid != os.getpid() and worker.starts == 1
    # every move is the worker's bot's: replay the journal
    game = GAMES[GAME]
    state = game.setup(2, session.match.header.options)
    moves = 0
    for seat, action in session.match.history:
        if seat >= 0:
            assert action == game.legal_actions(state, seat)[-1]
            moves += 1
        state = game.apply(state, seat, action)
    assert moves > 20
    session.close()
    pool.close()
    assert not worker.alive and gone(pid)


async def test_move_now_cuts_a_long_search_short(tmp_path):
    """A bot that would think 30 s answers within a second of "move now"
    (its `should_stop` turns true in the worker process)."""
    session = session_of(tmp_path, bots=(0,))
    pool = pool_of(search_kit.slow_factory)
    [holder] = seat_bots(session, think="process", pool=pool)
    person = session.connect(Recorder(), {1}, kind=HERE, send=False)
    session.start()
    seq = session.seq
    await until(lambda: pool.workers, 5)  # started by the first decision
    [worker] = pool.workers
    assert await asyncio.to_thread(worker.ready.wait, 20)
    await asyncio.sleep(0.3)  # the worker is searching now
    assert holder.thinking and session.seq == seq
    hurried = time.monotonic()
    assert person.send(SeatCommand.hurry(0, seq)) is None
    await until(lambda: session.seq > seq, 1.0)
    assert time.monotonic() - hurried < 1.0
    session.close()
    pool.close()


@pytest.mark.parametrize("kind", [HERE, REMOTE])
async def test_move_now_skips_the_pause_of_a_bot_in_a_thread(tmp_path, kind):
    """A bot without `should_stop` (here the heuristic, in a thread) still
    moves at once when hurried, by a person here or a remote player: the
    rest of its on-screen pause is skipped."""
    session = session_of(tmp_path, bots=(0,), level="heuristic")
    [holder] = seat_bots(session, threaded=True, delay=30.0)
    assert type(holder) is BotHolder and holder.threaded
    person = session.connect(Recorder(), {1}, kind=kind, send=False)
    session.start()
    seq = session.seq
    await asyncio.sleep(0.2)
    assert session.seq == seq and holder.thinking
    assert person.send(SeatCommand.hurry(0)) is None
    await until(lambda: session.seq > seq, 1.0)
    session.close()


async def test_a_worker_killed_mid_search_falls_back_to_a_heuristic_move(tmp_path, caplog):
    session = session_of(tmp_path, bots=(0,))
    pool = pool_of(search_kit.slow_factory)
    seat_bots(session, think="process", pool=pool)
    session.connect(Recorder(), {1}, kind=HERE, send=False)
    session.start()
    seq = session.seq
    await asyncio.sleep(0.8)
    [worker] = pool.workers
    pid = worker.pid
    assert pid is not None and session.seq == seq
    with caplog.at_level(logging.WARNING):
        os.kill(pid, 9)
        await until(lambda: session.seq > seq, 3.0)
    assert "playing a heuristic move instead" in caplog.text
    session.close()
    pool.close()
    assert gone(pid)


async def test_a_worker_that_dies_every_time_is_given_up(tmp_path, caplog):
    """A bot that ends its process on every decision: each decision still
    gets a move (the heuristic's), and the worker is started no more than
    MAX_STARTS times."""
    from host.search_process import MAX_STARTS

    session = session_of(tmp_path, bots=(0, 1))
    pool = pool_of(search_kit.dying_factory)
    seat_bots(session, think="process", pool=pool)
    with caplog.at_level(logging.WARNING):
        session.start()
        seq = session.seq
        await until(lambda: session.seq >= seq + 6, 30)
    [worker] = pool.workers
    assert worker.starts == MAX_STARTS and not worker.alive
    assert "exit code 3" in caplog.text
    session.close()
    pool.close()


@pytest.mark.parametrize("line", sorted(search_kit.ROGUE_LINES))
async def test_a_line_from_the_worker_that_is_not_an_answer_is_refused(tmp_path, caplog, line):
    """Not JSON, the wrong shape, over the bound, an action of no game: the
    line is refused (logged), the bot plays a heuristic move instead, and
    nothing escapes into the event loop."""
    session = session_of(tmp_path, bots=(0,), level=line)
    pool = pool_of(target=search_kit.rogue_serve)
    [holder] = seat_bots(session, think="process", pool=pool)
    session.connect(Recorder(), {1}, kind=HERE, send=False)
    errors: list[Any] = []
    asyncio.get_running_loop().set_exception_handler(lambda loop, context: errors.append(context))
    with caplog.at_level(logging.WARNING):
        session.start()
        seq = session.seq
        await until(lambda: session.seq > seq, 10)
    assert "playing a heuristic move instead" in caplog.text
    assert not errors
    session.close()
    pool.close()
    assert not holder.thinking


async def test_a_bot_that_answers_nonsense_in_the_worker_falls_back(tmp_path, caplog):
    session = session_of(tmp_path, bots=(0,))
    pool = pool_of(search_kit.wrong_factory)
    seat_bots(session, think="process", pool=pool)
    session.connect(Recorder(), {1}, kind=HERE, send=False)
    with caplog.at_level(logging.WARNING):
        session.start()
        seq = session.seq
        await until(lambda: session.seq > seq, 10)
    assert "the bot failed" in caplog.text
    [worker] = pool.workers
    assert worker.alive and worker.starts == 1  # the process itself is fine
    session.close()
    pool.close()


async def test_closing_the_table_mid_search_drops_the_answer_and_ends_the_process(tmp_path):
    """A bot without `should_stop` still thinking when the table closes: its
    late answer is never played, and the worker is ended all the same."""
    session = session_of(tmp_path, bots=(0,), level="5")
    pool = pool_of(search_kit.stubborn_factory)
    seat_bots(session, think="process", pool=pool)
    session.connect(Recorder(), {1}, kind=HERE, send=False)
    session.start()
    await asyncio.sleep(0.8)
    [worker] = pool.workers
    pid = worker.pid
    history = len(session.match.history)
    session.close()
    started = time.monotonic()
    pool.close()
    assert time.monotonic() - started < 5  # asked, then ended: not the bot's 5 s
    assert gone(pid) and len(session.match.history) == history


async def test_a_late_answer_for_an_update_the_table_left_is_dropped(tmp_path):
    """The worker answers for an update whose seq the table has left: the
    holder's request was cancelled, the answer goes nowhere."""
    session = session_of(tmp_path, bots=(0,))
    worker = SearchWorker(search_kit.slow_factory)
    try:
        session.start()
        update = session.update_for(0)
        assert update.legal
        request = worker.submit(worker.new_key(), "normal", update, 1)
        await asyncio.sleep(0.8)
        worker.cancel(request.id)
        assert request.future.cancelled()
        # a second decision is answered: the worker went on to it
        second = worker.submit(worker.new_key(), "normal", update, 2)
        worker.hurry(second.id)
        command = await asyncio.wait_for(asyncio.wrap_future(second.future), 5)
        assert command.seat == 0 and command.seq == update.seq
    finally:
        worker.close()
        session.close()


# -- the hurry command ----------------------------------------------------------------


def test_hurry_is_refused_clearly_when_it_cannot_be_done(tmp_path):
    session = session_of(tmp_path, bots=(1,), level="heuristic")
    seat_bots(session)  # inline: never thinking between updates
    person = session.connect(Recorder(), {0}, kind=HERE, send=False)
    watcher = session.connect(Recorder(), kind=SPECTATOR, send=False)
    remote_watcher = session.connect(Recorder(), kind=REMOTE, send=False)
    session.start()
    assert 0 in GAMES[GAME].to_act(session.match.state)  # the person's turn
    seq = session.seq

    def refused(link: Any, command: SeatCommand) -> str:
        result = link.send(command)
        assert isinstance(result, Refusal)
        assert session.seq == seq
        return result.reason

    assert "Only a player" in refused(watcher, SeatCommand.hurry(1))
    assert "Only a player" in refused(remote_watcher, SeatCommand.hurry(1))
    assert "not a bot" in refused(person, SeatCommand.hurry(0))
    assert "No bot is thinking" in refused(person, SeatCommand.hurry(1))
    assert "no such seat" in refused(person, SeatCommand.hurry(7)).lower()
    assert "changed" in refused(person, SeatCommand.hurry(1, seq - 1))


def test_hurry_travels_as_a_checked_line():
    wire = codec(GAMES[GAME])
    line = wire.encode_command(SeatCommand.hurry(1, 4))
    assert wire.decode_command(line) == SeatCommand(HURRY, 1, None, 4)
    for bad in (
        b'{"kind": "hurry", "seat": 1, "action": {"type": "EndTurn"}}',
        b'{"kind": "hurry", "seat": "1"}',
        b'{"kind": "hurry", "seat": 1, "why": "bored"}',
        b'{"kind": "hurry", "seat": 1, "pad": "' + b"x" * 9000 + b'"}',
    ):
        with pytest.raises(BadMessage):
            wire.decode_command(bad)


# -- levels and budgets ---------------------------------------------------------------


def test_auto_puts_only_searching_levels_in_a_process(tmp_path):
    session = session_of(tmp_path, bots=(0, 1), level="heuristic")
    pool = pool_of(search_kit.last_factory)
    holders = seat_bots(session, think=AUTO, pool=pool)
    assert [type(h) for h in holders] == [BotHolder, BotHolder]
    session.close()
    session = session_of(tmp_path, bots=(0, 1), level="normal")
    holders = seat_bots(session, think=AUTO, pool=pool)
    assert all(isinstance(h, ProcessBotHolder) for h in holders)
    assert pool.workers == []  # none started before a decision
    session.close()
    pool.close()


def test_the_stand_in_is_the_heuristic_bot_in_a_thread(tmp_path):
    """An away player's seat is played cheaply (no search on the hub)."""
    from core.bots import DEFAULT_BOT

    session = session_of(tmp_path, bots=())
    holder = stand_in(session, 0, threaded=True)
    assert STAND_IN_LEVEL == DEFAULT_BOT == "heuristic"
    assert type(holder) is BotHolder and holder.threaded
    assert type(holder.bot).__name__ == "HeuristicBot"
    session.close()


def test_bot_seconds_are_read_per_level():
    assert parse_bot_seconds("3") == {"normal": 3.0, "hard": 3.0}
    assert parse_bot_seconds("normal=1.5, hard=4") == {"normal": 1.5, "hard": 4.0}
    assert parse_bot_seconds("hard=8,2") == {"normal": 2.0, "hard": 8.0}
    for bad in ("", "fast", "0", "nan", "inf", "hard=-1", "normal=1000"):
        with pytest.raises(ValueError):
            parse_bot_seconds(bad)


def test_bot_seconds_for_a_level_that_does_not_search_are_refused():
    """`--bot-seconds hrad=8` (a typo) or `easy=3` (easy does not search)
    was taken and never read, so the bots kept their own budgets and
    nothing said so; a level given twice kept the last."""
    for bad, says in (("hrad=8", "'hrad' is not a level that searches (only normal and hard"),
                      ("easy=3", "'easy' is not a level"),
                      ("normal=1,hard=2,normal=3", "normal is given twice"),
                      ("2,3", "a number for every level is given twice")):
        with pytest.raises(ValueError, match=re.escape(says)):
            parse_bot_seconds(bad)


def test_level_bots_give_a_searching_bot_its_seconds(monkeypatch):
    from core.bots import BUDGETS

    monkeypatch.setenv("OVERTABLE_BOT_SECONDS", "normal=0.5")
    factory = LevelBots()
    assert factory.seconds == {"normal": 0.5}
    normal, hard = factory(GAME, "normal"), factory(GAME, "hard")
    assert normal.seconds == 0.5 and normal.iterations == BUDGETS["normal"].iterations
    assert hard.seconds == BUDGETS["hard"].seconds  # not named: its own budget


def test_old_levels_still_play_and_unknown_ones_fall_back():
    """Old journals name "random" and "heuristic": both are still built; a
    level this version does not know plays the heuristic bot."""
    factory = LevelBots({})
    assert type(factory(GAME, "random")).__name__ == "RandomBot"
    assert type(factory(GAME, "heuristic")).__name__ == "HeuristicBot"
    assert type(factory(GAME, "grandmaster")).__name__ == "HeuristicBot"
    assert type(factory(GAME, None)).__name__ == "HeuristicBot"


def test_bot_seconds_on_the_command_line(tmp_path, monkeypatch, capsys):
    """`overtable --bot-seconds`, and after `host` or `hub`: checked, then
    handed to the bots' factory (and the search processes) through
    $OVERTABLE_BOT_SECONDS."""
    from tui.cli import build_parser, main

    parser = build_parser()
    assert parser.parse_args(["--bot-seconds", "3", "hub"]).bot_seconds == "3"
    assert parser.parse_args(["host", "--bot-seconds", "hard=8"]).bot_seconds == "hard=8"
    assert parser.parse_args(["hub"]).bot_seconds is None
    with pytest.raises(SystemExit):
        parser.parse_args(["--bot-seconds", "forever"])
    capsys.readouterr()
    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    # set, then removed: monkeypatch then restores the variable's absence
    # after the test (main() sets it itself; it leaked "normal=1.5" into
    # the next tests of the worker, and F1 read "up to 1.5 s a move")
    monkeypatch.setenv("OVERTABLE_BOT_SECONDS", "")
    monkeypatch.delenv("OVERTABLE_BOT_SECONDS")
    assert main(["--bot-seconds", "normal=1.5", "saves", "--list"]) == 0
    assert os.environ["OVERTABLE_BOT_SECONDS"] == "normal=1.5"
    assert LevelBots().seconds == {"normal": 1.5}


def test_a_mistyped_bot_seconds_variable_is_refused_not_ignored(tmp_path, monkeypatch, capsys):
    """$OVERTABLE_BOT_SECONDS=xyz was ignored without a word (the bots kept
    their own budgets): the command line refuses it as --bot-seconds would,
    and --bot-seconds given replaces it."""
    from tui.cli import main

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("OVERTABLE_BOT_SECONDS", "xyz")
    with pytest.raises(SystemExit) as exited:
        main(["saves", "--list"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "$OVERTABLE_BOT_SECONDS: 'xyz'" in err and "or unset it" in err
    assert main(["--bot-seconds", "2", "saves", "--list"]) == 0
    monkeypatch.setenv("OVERTABLE_BOT_SECONDS", "hard=3")
    assert main(["saves", "--list"]) == 0


async def test_a_player_at_the_hub_hurries_the_bot_by_a_line(tmp_path):
    """Over the hub's socket: "move now" is a command line like any other;
    refused with a reason while no bot thinks, and it cuts a bot's 30 s
    pause short while one does."""
    import json

    from host.hub import Hub

    hub = Hub(tmp_path / "matches", bot_delay=30.0, seed=3)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    reader, writer = await asyncio.open_unix_connection(str(path), limit=1 << 20)
    wire = codec(GAMES[GAME])

    async def send(obj: dict) -> None:
        writer.write(json.dumps(obj).encode() + b"\n")
        await writer.drain()

    async def expect(key: str, timeout: float = 5) -> dict:
        while True:
            message = json.loads(await asyncio.wait_for(reader.readline(), timeout))
            if key in message:
                return message

    try:
        await send({"hello": {"player": "ann"}})
        await expect("welcome")
        await send({"create": {"game": GAME, "seats": ["open", {"bot": "heuristic"}]}})
        table = (await expect("created"))["created"]["table"]
        await send({"join": {"table": table, "seat": 0}})
        update = wire.update_from_dict((await expect("update"))["update"])
        while not update.legal:
            update = wire.update_from_dict((await expect("update"))["update"])
        # Ann's decision: the bot is not thinking
        await send({"table": table, "command": wire.command_dict(SeatCommand.hurry(1))})
        assert (await expect("refused"))["refused"] == "No bot is thinking now."
        while update.thinking is None:  # Ann plays until the bot's turn
            if update.legal:
                await send({"table": table, "command": wire.command_dict(
                    SeatCommand.play(0, update.legal[0], update.seq))})
            update = wire.update_from_dict((await expect("update"))["update"])
        hurried = time.monotonic()
        await send({"table": table, "command": wire.command_dict(SeatCommand.hurry(1, update.seq))})
        moved = wire.update_from_dict((await expect("update", timeout=3))["update"])
        assert moved.seq > update.seq and time.monotonic() - hurried < 3
    finally:
        writer.close()
        await hub.close()


async def test_move_now_stops_the_real_hard_bot(tmp_path):
    """The hard level (ISMCTS, here with a 60 s clock) stops at a hurry and
    answers one of its legal moves within a second."""
    session = session_of(tmp_path, bots=(0,), level="hard")
    session.start()
    seat = min(GAMES[GAME].to_act(session.match.state))
    update = session.update_for(seat)
    worker = SearchWorker(LevelBots({"hard": 60.0}))
    try:
        worker.warm()
        assert await asyncio.to_thread(worker.ready.wait, 20)
        request = worker.submit(worker.new_key(), "hard", update, 1)
        await asyncio.sleep(0.3)
        hurried = time.monotonic()
        worker.hurry(request.id)
        command = await asyncio.wait_for(asyncio.wrap_future(request.future), 5)
        assert time.monotonic() - hurried < 1.0
        assert command.action in update.legal and command.seq == update.seq
    finally:
        worker.close()
        session.close()


async def test_the_bots_clock_counts_the_search_process_start_up(tmp_path):
    """A play-test: the hard bot's first move took 6 s of its 5, the
    process's start-up (spawn and imports, seconds on a loaded machine)
    coming before the bot's clock started. The line to the worker says
    when the table asked, and the worker hands it to the bot (`asked_at`):
    a process that took a second to start gives a bot whose clock has
    counted that second already."""
    session = session_of(tmp_path, bots=(0,))
    session.start()
    seat = min(GAMES[GAME].to_act(session.match.state))
    update = session.update_for(seat)
    assert len(update.legal) > 1
    pool = pool_of(search_kit.asked_factory, target=search_kit.slow_start)
    decision = pool.submit(pool.new_key(), "normal", update, 1)
    command = await asyncio.wait_for(asyncio.wrap_future(decision.future), 30)
    assert command.action == update.legal[-1]
    session.close()
