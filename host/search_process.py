"""Searching bots think in a process of their own, behind the two messages.

A search takes whole seconds of a core. In a thread of the app (or of the
hub) it would compete with the screen for the interpreter, so a
`SearchWorker` runs it in a separate process, started with "spawn" (never
"fork": Textual and asyncio run threads, which a fork would copy half-way).
The worker owns its bots; the table's side (`host.bots.ProcessBotHolder`)
keeps only a key naming one.

The two sides talk in lines of JSON over a `multiprocessing` pipe, each
line bounded and shape-checked like every message (`host.wire`):

- to the worker: ``{"think": id, "bot": key, "level": ..., "seed": n,
  "update": <SeatUpdate>}``, ``{"hurry": id}`` (answer the best move so far
  now), ``{"cancel": id}`` (the table has moved on: stop, answer nothing),
  ``{"forget": key}`` (a bot's seat is closed) and ``{"stop": true}``;
- from the worker: ``{"ready": pid}`` once it has loaded the rules, then
  ``{"answer": id, "command": <SeatCommand>}`` or ``{"answer": id, "error":
  text}`` for each decision.

One worker serves its bots' decisions in turn, one at a time, and is reused
from decision to decision; it starts on the first decision (or `warm`), so
the app's start-up does not pay for it. A bot that offers `should_stop`
(a callable polled during its search) is handed one that turns true on a
hurry or a cancel; a bot without it finishes its own way.

Whatever happens to the worker (it dies, hangs past its time, or sends a
line that is not an answer) the decision fails with `SearchFailed`, and the
holder plays a heuristic move in a thread instead: a table never waits for
a dead process. Nothing here raises into the event loop.
"""

from __future__ import annotations

import atexit
import concurrent.futures
import contextlib
import itertools
import logging
import multiprocessing
import os
import queue
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

from host.messages import (
    MAX_COMMAND_BYTES,
    MAX_MESSAGE_BYTES,
    BadMessage,
    SeatCommand,
    SeatUpdate,
)
from host.wire import codec, decode_object, encode_line

log = logging.getLogger(__name__)

#: the longest line to the worker: an update and a few fields
MAX_REQUEST_BYTES = MAX_MESSAGE_BYTES + 4 * 1024
#: the longest line from the worker: a command and a few fields
MAX_ANSWER_BYTES = MAX_COMMAND_BYTES + 1024
#: processes a worker starts at most (the first, then after deaths): a worker
#: that keeps dying is given up and every decision falls back
MAX_STARTS = 3
#: seconds `close` waits for the process to stop before it ends it
STOP_WAIT = 2.0
#: bots a worker process keeps at most (their seats' keys), oldest forgotten first
MAX_BOTS = 64


class SearchFailed(Exception):
    """A decision the worker could not give (dead, broken or refusing)."""


class Request:
    """One decision sent to the worker; `future` gets its `SeatCommand`."""

    def __init__(self, request_id: int, update: SeatUpdate) -> None:
        self.id = request_id
        self.update = update
        self.future: concurrent.futures.Future[SeatCommand] = concurrent.futures.Future()


class SearchWorker:
    """One process that runs searching bots' decisions, one at a time.

    `factory(game_id, level)` builds a bot in the worker; it must be
    importable there (a module-level function or a picklable object).
    Every method may be called from the event loop's thread; answers are
    read by a thread of this process and handed to each request's future.
    """

    def __init__(
        self,
        factory: Callable[[str, str | None], Any] | None = None,
        *,
        target: Callable[[Any, Any], None] | None = None,
    ) -> None:
        self.factory = factory
        #: the process's main function (`serve`; a test may give another)
        self.target = target
        self._lock = threading.RLock()
        self._process: Any = None
        self._conn: Any = None
        self._reader: threading.Thread | None = None
        self._pending: dict[int, Request] = {}
        self._ids = itertools.count(1)
        self._keys = itertools.count(1)
        #: set once the running process has loaded the rules and waits for work
        self.ready = threading.Event()
        #: processes started so far (the first, then restarts after deaths)
        self.starts = 0
        self.closed = False

    # -- the process ---------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        process = self._process
        return None if process is None else process.pid

    @property
    def alive(self) -> bool:
        process = self._process
        return process is not None and process.is_alive()

    def warm(self) -> None:
        """Start the process now (a table with searching bots opens), so the
        first decision does not wait for it."""
        try:
            with self._lock:
                self._ensure()
        except SearchFailed as error:
            log.warning("search worker: %s", error)

    def _ensure(self) -> None:
        """The process is running (started now if need be); SearchFailed if not."""
        if self.closed:
            raise SearchFailed("the search worker is closed")
        if self._conn is not None:
            return
        if self.starts >= MAX_STARTS:
            raise SearchFailed(f"the search worker died {self.starts} times; not started again")
        self.starts += 1
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe(duplex=True)
        process = context.Process(
            target=self.target or serve,
            args=(theirs, self.factory),
            name="overtable-search",
            daemon=True,
        )
        try:
            with _stderr_with_a_file():
                process.start()
        except Exception as error:  # e.g. a factory that cannot be sent to a process
            mine.close()
            theirs.close()
            raise SearchFailed(f"could not start the search worker: {error}") from None
        finally:
            theirs.close()
        self._process, self._conn = process, mine
        self.ready.clear()
        reader = threading.Thread(
            target=self._read, args=(mine, process), name="overtable-search-reader", daemon=True
        )
        self._reader = reader
        reader.start()

    def close(self, *, wait: bool = True) -> None:
        """Stop the process (asking first, then ending it) and fail every
        decision still waiting. Safe to call more than once. Without `wait`
        the process is ended by a thread (the event loop goes on at once)."""
        with self._lock:
            self.closed = True
            conn, process, reader = self._conn, self._process, self._reader
            self._conn = self._process = self._reader = None
            if conn is not None:
                try:
                    conn.send_bytes(encode_line({"stop": True}, MAX_REQUEST_BYTES))
                except (OSError, ValueError):
                    pass
        self._fail_all("the search worker is closed")
        if process is None:
            return

        def finish() -> None:
            _end(process)  # its end of the pipe closes: the reader reads EOF and stops
            if reader is not None and reader is not threading.current_thread():
                reader.join(STOP_WAIT)

        if wait:
            finish()
        else:
            threading.Thread(target=finish, name="overtable-search-close", daemon=True).start()

    def _died(self, process: Any, reason: str) -> None:
        """The process `process` is gone or broken: end it, forget it, and
        fail its decisions (the next decision starts a new one)."""
        with self._lock:
            if process is None or self._process is not process:
                return  # already replaced or closed
            self._conn = self._process = self._reader = None
        if not self.closed:
            log.warning("search worker %s: %s", process.pid, reason)
        self._fail_all(reason)
        _end(process)

    def _fail_all(self, reason: str) -> None:
        with self._lock:
            pending, self._pending = self._pending, {}
        for request in pending.values():
            _settle(request.future, error=SearchFailed(reason))

    # -- decisions --------------------------------------------------------------------

    def new_key(self) -> int:
        """A key naming one bot (one seat's holder) in the worker."""
        return next(self._keys)

    def submit(self, key: int, level: str | None, update: SeatUpdate, seed: int) -> Request:
        """Ask the worker's bot `key` (of `level`) for `update`'s seat's
        move. The request's future gets the answer, or SearchFailed."""
        request = Request(next(self._ids), update)
        try:
            line = encode_line(
                {
                    "think": request.id,
                    "bot": key,
                    "level": level,
                    "seed": seed,
                    "update": codec(_game(update.game)).update_dict(update),
                },
                MAX_REQUEST_BYTES,
            )
        except (BadMessage, KeyError, ValueError, TypeError) as error:
            _settle(request.future, error=SearchFailed(f"cannot send the update: {error}"))
            return request
        process = None
        try:
            with self._lock:
                self._ensure()
                self._pending[request.id] = request
                process = self._process
                self._conn.send_bytes(line)
        except SearchFailed as error:
            _settle(request.future, error=error)
        except (OSError, ValueError) as error:
            self._died(process, f"cannot write to it: {error}")
        return request

    def hurry(self, request_id: int) -> None:
        """Answer the best move so far now."""
        self._tell({"hurry": request_id})

    def cancel(self, request_id: int) -> None:
        """The table moved on: stop searching, answer nothing."""
        with self._lock:
            request = self._pending.pop(request_id, None)
        if request is not None:
            request.future.cancel()
            self._tell({"cancel": request_id})

    def forget(self, key: int) -> None:
        """The bot `key` holds no seat any more: the worker drops it."""
        self._tell({"forget": key})

    def _tell(self, message: dict) -> None:
        with self._lock:
            conn, process = self._conn, self._process
            if conn is None:
                return
            try:
                conn.send_bytes(encode_line(message, MAX_REQUEST_BYTES))
            except (OSError, ValueError) as error:
                write_error: Exception | None = error
            else:
                write_error = None
        if write_error is not None:
            self._died(process, f"cannot write to it: {write_error}")

    # -- answers (a thread of this process) --------------------------------------------

    def _read(self, conn: Any, process: Any) -> None:
        """Hand each answer to its request until the process's end closes;
        this thread alone closes this end of the pipe."""
        try:
            while True:
                try:
                    data = conn.recv_bytes(MAX_ANSWER_BYTES)
                except (EOFError, OSError) as error:
                    # EOF: the process ended; OSError also for a line over the bound
                    reason = "it stopped" if isinstance(error, EOFError) else f"{error}"
                    process.join(0.2)
                    if process.exitcode is not None:
                        reason = f"it ended (exit code {process.exitcode})"
                    self._died(process, reason)
                    return
                try:
                    self._answer(data)
                except BadMessage as error:
                    # not an answer: the worker is not trusted with another decision
                    self._died(process, f"a line refused: {error}")
                    return
        finally:
            conn.close()

    def _answer(self, data: bytes) -> None:
        raw = decode_object(data, MAX_ANSWER_BYTES)
        if set(raw) == {"ready"}:
            self.ready.set()
            return
        request_id = raw.get("answer")
        if type(request_id) is not int or not set(raw) <= {"answer", "command", "error"}:
            raise BadMessage("not an answer")
        with self._lock:
            request = self._pending.pop(request_id, None)
        if request is None:
            return  # cancelled: the table has moved on
        if "error" in raw:
            error = raw["error"]
            text = error[:300] if isinstance(error, str) else "an error"
            _settle(request.future, error=SearchFailed(f"the bot failed: {text}"))
            return
        try:
            command = codec(_game(request.update.game)).command_from_dict(raw.get("command"))
        except BadMessage as error:
            _settle(request.future, error=SearchFailed(f"an answer refused: {error}"))
            return
        update = request.update
        if command.seat != update.seat or command.seq != update.seq or command.action is None:
            _settle(request.future, error=SearchFailed("an answer for another seat or update"))
            return
        _settle(request.future, result=command)


def _settle(
    future: concurrent.futures.Future, *, result: Any = None, error: Exception | None = None
) -> None:
    if future.done():
        return
    try:
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
    except concurrent.futures.InvalidStateError:  # cancelled meanwhile
        pass


@contextlib.contextmanager
def _stderr_with_a_file() -> Iterator[None]:
    """Starting a process starts multiprocessing's resource tracker, which
    is handed `sys.stderr`'s file descriptor: while Textual runs, sys.stderr
    captures prints and has none (-1), and the start fails. For that moment
    it is the null device."""
    try:
        usable = sys.stderr is not None and sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):
        usable = False
    if usable:
        yield
        return
    saved = sys.stderr
    with open(os.devnull, "w") as null:
        sys.stderr = null
        try:
            yield
        finally:
            sys.stderr = saved


def _end(process: Any) -> None:
    """Wait a moment for `process` to stop, then end it (and reap it)."""
    process.join(STOP_WAIT)
    if process.is_alive():
        process.terminate()
        process.join(STOP_WAIT)
    if process.is_alive():
        process.kill()
        process.join(STOP_WAIT)


def _game(game_id: str) -> Any:
    from core import GAMES

    return GAMES[game_id]


# -- a bounded set of workers ---------------------------------------------------------------


class WorkerPool:
    """At most `limit` search workers, each started on its first decision;
    a holder takes the worker serving the fewest holders."""

    def __init__(
        self,
        factory: Callable[[str, str | None], Any] | None = None,
        *,
        limit: int = 1,
        target: Callable[[Any, Any], None] | None = None,
    ) -> None:
        self.factory = factory
        self.target = target
        self.limit = max(1, limit)
        self.workers: list[SearchWorker] = []
        self._holders: dict[int, int] = {}
        self.closed = False

    def worker(self) -> SearchWorker:
        if len(self.workers) < self.limit and all(
            self._holders.get(id(w), 0) for w in self.workers
        ):
            self.workers.append(SearchWorker(self.factory, target=self.target))
        chosen = min(self.workers, key=lambda w: self._holders.get(id(w), 0))
        self._holders[id(chosen)] = self._holders.get(id(chosen), 0) + 1
        return chosen

    def release(self, worker: SearchWorker) -> None:
        count = self._holders.get(id(worker), 0)
        if count:
            self._holders[id(worker)] = count - 1

    def warm(self) -> None:
        """Start one worker's process now."""
        if not self.closed:
            if not self.workers:
                self.workers.append(SearchWorker(self.factory, target=self.target))
            self.workers[0].warm()

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.pid is not None]

    def close(self, *, wait: bool = True) -> None:
        self.closed = True
        for worker in self.workers:
            worker.close(wait=wait)


_shared: WorkerPool | None = None


def shared_pool() -> WorkerPool:
    """This process's workers for bots seated without a pool of their own
    (the hub's tables): one per spare core, at most four, closed at exit."""
    global _shared
    if _shared is None or _shared.closed:
        _shared = WorkerPool(limit=min(4, max(1, (os.cpu_count() or 2) - 1)))
        atexit.register(close_shared_pool)
    return _shared


def close_shared_pool() -> None:
    """Stop the shared workers (the hub closes; also at exit)."""
    global _shared
    pool, _shared = _shared, None
    if pool is not None:
        pool.close()


# -- the worker process -------------------------------------------------------------------


def serve(conn: Any, factory: Callable[[str, str | None], Any] | None) -> None:
    """The worker process: decide every `think` in turn, until `stop` or
    until the other end goes (its table's process ended)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the table's to handle
    # The terminal is the app's: the worker neither reads keys nor draws on it.
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)
    if factory is None:
        from host.bots import default_bot_factory

        factory = default_bot_factory
    from core import GAMES

    len(GAMES)  # the rules are loaded before the first decision arrives
    try:
        conn.send_bytes(encode_line({"ready": os.getpid()}, MAX_ANSWER_BYTES))
    except (OSError, ValueError):
        return
    jobs: queue.Queue[dict | None] = queue.Queue()
    lock = threading.Lock()
    flags: dict[str, Any] = {"current": None, "stop": threading.Event()}
    hurried: set[int] = set()
    cancelled: set[int] = set()
    forgotten: set[int] = set()

    def listen() -> None:
        while True:
            try:
                raw = decode_object(conn.recv_bytes(MAX_REQUEST_BYTES), MAX_REQUEST_BYTES)
            except (EOFError, OSError):
                raw = {"stop": True}
            except BadMessage:
                continue  # not a line for us: nothing to do
            with lock:
                current = flags["current"]
                if "think" in raw:
                    jobs.put(raw)
                elif "hurry" in raw:
                    hurried.add(raw["hurry"])
                    if raw["hurry"] == current:
                        flags["stop"].set()
                elif "cancel" in raw:
                    cancelled.add(raw["cancel"])
                    if raw["cancel"] == current:
                        flags["stop"].set()
                elif "forget" in raw:
                    forgotten.add(raw["forget"])
                elif "stop" in raw:
                    flags["stop"].set()
                    jobs.put(None)
                    return

    threading.Thread(target=listen, name="overtable-search-listen", daemon=True).start()
    bots: dict[Any, Any] = {}
    while True:
        job = jobs.get()
        if job is None:
            break
        request_id = job.get("think")
        with lock:
            for key in forgotten:
                bots.pop(key, None)
            forgotten.clear()
            if request_id in cancelled:
                cancelled.discard(request_id)
                continue
            stop = threading.Event()
            if request_id in hurried:
                stop.set()
            flags["current"], flags["stop"] = request_id, stop
        answer: dict[str, Any] = {"answer": request_id}
        try:
            answer["command"] = _decide(job, factory, bots, stop.is_set)
        except Exception as error:  # a bot's bug: the table plays a fallback move
            answer["error"] = f"{type(error).__name__}: {error}"[:300]
        with lock:
            flags["current"] = None
            hurried.discard(request_id)
            if request_id in cancelled:
                cancelled.discard(request_id)
                continue
        try:
            conn.send_bytes(encode_line(answer, MAX_ANSWER_BYTES))
        except (OSError, ValueError, BadMessage):
            break
    conn.close()


def _decide(job: dict, factory: Callable, bots: dict, should_stop: Callable[[], bool]) -> dict:
    """One decision in the worker: the update's seat's move, as a command."""
    game = _game(job["update"]["game"])
    wire = codec(game)
    update = wire.update_from_dict(job["update"])
    if update.seat is None or not update.legal:
        raise ValueError("an update with no decision")
    key, kind = job.get("bot"), (game.id, job.get("level"))
    held = bots.get(key)
    if held is None or held[0] != kind:
        held = (kind, factory(game.id, job.get("level")))
        if len(bots) >= MAX_BOTS:
            bots.pop(next(iter(bots)))
        bots[key] = held
    bot = held[1]
    if hasattr(bot, "should_stop"):
        bot.should_stop = should_stop
    action = bot.choose(game, update.view, update.seat, update.legal, random.Random(job["seed"]))
    return wire.command_dict(SeatCommand.play(update.seat, action, update.seq))
