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
  "asked": t, "update": <SeatUpdate>}`` (``t``: the table's
  `time.monotonic()` when it asked, a clock the machine's processes share:
  the bot's seconds count from it, the worker's start-up among them),
  ``{"hurry": id}`` (answer the best move so far now), ``{"cancel": id}``
  (the table has moved on: stop, answer nothing),
  ``{"forget": key}`` (a bot's seat is closed) and ``{"stop": true}``;
- from the worker: ``{"ready": pid}`` once it has loaded the rules, then
  ``{"answer": id, "command": <SeatCommand>}`` or ``{"answer": id, "error":
  text}`` for each decision (a cancelled one too: it says the worker is free).

A worker serves one decision at a time and is reused from decision to
decision. A `WorkerPool` (one per table at a terminal, one shared by the
hub's tables) hands each decision to a free worker, so decisions that wait
at the same time (a draft pick every bot makes at once) think at the same
time, at most one per core (`worker_limit`, capped by
$OVERTABLE_SEARCH_WORKERS): a bot's seconds stay a core's worth each. A
decision with no free worker waits in its table's queue; the tables take
turns. A worker starts on the first decision that finds none free (or
`warm`: a table starts one for each of its searching bots as it opens), so
the app's start-up does not pay for it. A bot's seconds count from when
the worker was handed the decision (the line's ``asked``), so a process
still starting spends them: the move comes within them unless the
start-up alone takes longer (a play-test saw a hard bot's first move take
6 s of its 5; the bot then plays its quick move at once). A bot that offers
`should_stop` (a callable polled during its search) is handed one that
turns true on a hurry or a cancel; a bot without it finishes its own way.

Whatever happens to a worker (it dies, thinks past its decision's timeout,
or sends a line that is not an answer) its decision fails with
`SearchFailed`, the process is ended, and the holder plays a heuristic move
in a thread instead: a table never waits for a dead process, and the other
decisions think on. Nothing here raises into the event loop.
"""

from __future__ import annotations

import atexit
import collections
import concurrent.futures
import contextlib
import itertools
import logging
import math
import multiprocessing
import os
import queue
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from host.budget import WORKERS_ENV, parse_workers
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
    """One process that runs searching bots' decisions, one at a time (a
    pool sends it one; a caller of its own may queue several).

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
        on_done: Callable[[SearchWorker, int | None], None] | None = None,
    ) -> None:
        self.factory = factory
        #: the process's main function (`serve`; a test may give another)
        self.target = target
        #: told (never under this worker's lock) when the process is done
        #: with a decision: its id once an answer for it arrives (a
        #: cancelled one's too), None when every decision in it is gone
        #: (the process died or was closed); the pool frees the worker then
        self.on_done = on_done
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
        self._done(None)
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
        self._done(None)
        _end(process)

    def abandon(self, reason: str) -> None:
        """The decision under way takes too long (the process hangs): end
        the process and fail its decisions with `reason`; the next decision
        starts a new process."""
        self._died(self._process, reason)

    def _done(self, request_id: int | None) -> None:
        hook = self.on_done
        if hook is not None:
            try:
                hook(self, request_id)
            except Exception:  # the pool's bug must not stop the reader
                log.exception("search worker: the pool's hook failed")

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
                    "asked": time.monotonic(),
                    "update": codec(_game(update.game)).update_dict(update),
                },
                MAX_REQUEST_BYTES,
            )
        except (BadMessage, KeyError, ValueError, TypeError) as error:
            _settle(request.future, error=SearchFailed(f"cannot send the update: {error}"))
            self._done(request.id)
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
            self._done(request.id)
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
        self._done(request_id)  # the process is free for another decision
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

#: bot keys (and groups) a pool remembers at most, oldest forgotten first
MAX_HOMES = 4096


def cores() -> int:
    """The cores this process may run on (at least 1)."""
    count = getattr(os, "process_cpu_count", None)  # Python 3.13
    if count is not None:
        return max(1, count() or 1)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def worker_limit(spare: int = 0) -> int:
    """How many decisions may think at once: one per core (less `spare`
    cores kept for the host itself), capped by $OVERTABLE_SEARCH_WORKERS,
    at least 1. Each search is timed by the clock, so one to a core keeps
    every bot's budget a core's worth of thinking."""
    limit = max(1, cores() - spare)
    text = os.environ.get(WORKERS_ENV, "").strip()
    if text:
        try:
            limit = min(limit, parse_workers(text))
        except ValueError as error:
            log.warning("%s=%r ignored: %s", WORKERS_ENV, text, error)
    return limit


class Decision(Request):
    """A decision asked of a pool: waits in its group's queue until a
    worker is free, then thinks there (`worker`, `request`)."""

    def __init__(
        self,
        request_id: int,
        update: SeatUpdate,
        *,
        key: int,
        level: str | None,
        seed: int,
        group: Any,
        timeout: float | None,
    ) -> None:
        super().__init__(request_id, update)
        self.key, self.level, self.seed = key, level, seed
        self.group, self.timeout = group, timeout
        self.hurried = False
        #: the worker thinking about it, and its request there (None while queued)
        self.worker: SearchWorker | None = None
        self.request: Request | None = None
        self.timer: threading.Timer | None = None


class WorkerPool:
    """At most `limit` search workers, each deciding one thing at a time:
    decisions that wait at once think at once, up to `limit`.

    A decision waits in its `group`'s queue (one group per table) until a
    worker is free; a freed worker takes the next decision of the next
    group round the groups (a table's five bots do not make another table
    wait for all five), a hurried one first. A worker is started only when
    a decision finds no free worker and fewer than `limit` exist, and is
    reused after that; a bot thinks in the worker that last had it when
    that one is free (its bot is built already). A decision that thinks
    longer than its `timeout` ends its worker's process (it hangs): the
    decision fails with SearchFailed and the next one starts a new process.
    """

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
        self.closed = False
        self._lock = threading.RLock()
        self._ids = itertools.count(1)
        self._keys = itertools.count(1)
        #: decisions waiting, by group, in the order the groups take turns
        self._queues: dict[Any, collections.deque[Decision]] = {}
        #: the decision each busy worker thinks about (by the worker's id)
        self._busy: dict[int, Decision] = {}
        #: the workers that have built each bot key (newest last)
        self._homes: dict[int, list[SearchWorker]] = {}
        #: when each group last had a decision taken (for their turns)
        self._served: dict[Any, int] = {}
        self._ticks = itertools.count()
        #: the most decisions thinking at once so far (tests read it)
        self.peak = 0

    # -- decisions -----------------------------------------------------------------------

    def new_key(self) -> int:
        """A key naming one bot (one seat's holder) in the pool's workers."""
        return next(self._keys)

    def submit(
        self,
        key: int,
        level: str | None,
        update: SeatUpdate,
        seed: int,
        *,
        group: Any = None,
        timeout: float | None = None,
    ) -> Decision:
        """Ask bot `key` (of `level`) for `update`'s seat's move; the
        decision's future gets the answer, or SearchFailed. `timeout`
        counts from the moment a worker takes it (not the queue's wait)."""
        decision = Decision(
            next(self._ids), update, key=key, level=level, seed=seed, group=group, timeout=timeout
        )
        with self._lock:
            if self.closed:
                _settle(decision.future, error=SearchFailed("the search workers are closed"))
                return decision
            self._queues.setdefault(group, collections.deque()).append(decision)
        self._dispatch()
        return decision

    def hurry(self, decision: Decision) -> None:
        """Answer the best move so far now (a waiting decision goes first)."""
        with self._lock:
            decision.hurried = True
            worker, request = decision.worker, decision.request
        if worker is not None and request is not None:
            worker.hurry(request.id)

    def cancel(self, decision: Decision) -> None:
        """The table moved on: a waiting decision leaves its queue; a
        thinking one stops (its worker is free once the process says so)."""
        with self._lock:
            queue_ = self._queues.get(decision.group)
            if queue_ is not None and decision in queue_:
                queue_.remove(decision)
                if not queue_:
                    del self._queues[decision.group]
            worker, request = decision.worker, decision.request
        decision.future.cancel()
        if worker is not None and request is not None:
            worker.cancel(request.id)

    def forget(self, key: int) -> None:
        """The bot `key` holds no seat any more: the workers that built it drop it."""
        with self._lock:
            homes = self._homes.pop(key, [])
        for worker in homes:
            worker.forget(key)

    # -- the workers ----------------------------------------------------------------------

    def _new_worker(self) -> SearchWorker:
        worker = SearchWorker(self.factory, target=self.target, on_done=self._freed)
        self.workers.append(worker)
        return worker

    def _free_worker(self, key: int) -> SearchWorker | None:
        """A worker for bot `key` (under the lock): a free one that has
        built it, else a free running one, else a new one if the limit
        allows, else a free one that is not running; None if all are busy."""
        free = [w for w in self.workers if id(w) not in self._busy]
        for worker in reversed(self._homes.get(key, [])):
            if worker in free and worker.alive:
                return worker
        for worker in free:
            if worker.alive:
                return worker
        if len(self.workers) < self.limit:
            return self._new_worker()
        return free[0] if free else None

    def _next(self) -> Decision | None:
        """The next waiting decision (under the lock): a hurried one first,
        else the first of the group served longest ago (or never)."""
        chosen = None
        for group, waiting in self._queues.items():
            for decision in waiting:
                if decision.hurried:
                    chosen = group, decision
                    break
            if chosen:
                break
        if chosen is None and self._queues:
            group = min(self._queues, key=lambda g: self._served.get(g, -1))
            chosen = group, self._queues[group][0]
        if chosen is None:
            return None
        group, decision = chosen
        waiting = self._queues[group]
        waiting.remove(decision)
        if not waiting:
            del self._queues[group]
        self._served.pop(group, None)
        self._served[group] = next(self._ticks)
        while len(self._served) > MAX_HOMES:
            del self._served[next(iter(self._served))]
        return decision

    def _dispatch(self) -> None:
        """Hand waiting decisions to free workers while both exist."""
        while True:
            with self._lock:
                if self.closed or not self._queues:
                    return
                if len(self._busy) >= max(len(self.workers), self.limit):
                    return  # every worker thinks
                decision = self._next()
                if decision is None:
                    return
                worker = self._free_worker(decision.key)
                assert worker is not None  # fewer busy than workers, or room for one
                self._busy[id(worker)] = decision
                self.peak = max(self.peak, len(self._busy))
                decision.worker = worker
                homes = self._homes.setdefault(decision.key, [])
                if worker in homes:
                    homes.remove(worker)
                homes.append(worker)
                while len(self._homes) > MAX_HOMES:
                    del self._homes[next(iter(self._homes))]
            self._start(worker, decision)

    def _start(self, worker: SearchWorker, decision: Decision) -> None:
        """Send `decision` to `worker` (outside the lock: the worker may
        start its process, or fail at once and call `_freed`)."""
        request = worker.submit(decision.key, decision.level, decision.update, decision.seed)
        with self._lock:
            decision.request = request
            hurried = decision.hurried
            cancelled = decision.future.cancelled()
            if decision.timeout is not None and self._busy.get(id(worker)) is decision:
                decision.timer = threading.Timer(decision.timeout, self._overdue, (worker, decision))
                decision.timer.daemon = True
                decision.timer.start()
        request.future.add_done_callback(lambda done: _relay(done, decision.future))
        if cancelled:
            worker.cancel(request.id)
        elif hurried:
            worker.hurry(request.id)

    def _freed(self, worker: SearchWorker, request_id: int | None) -> None:
        """`worker`'s process is done with its decision (or gone)."""
        with self._lock:
            decision = self._busy.get(id(worker))
            if decision is None:
                return
            request = decision.request
            if request_id is not None and request is not None and request.id != request_id:
                return  # an answer to something older
            del self._busy[id(worker)]
            timer, decision.timer = decision.timer, None
        if timer is not None:
            timer.cancel()
        self._dispatch()

    def _overdue(self, worker: SearchWorker, decision: Decision) -> None:
        with self._lock:
            if self._busy.get(id(worker)) is not decision:
                return
        worker.abandon(f"no answer in {decision.timeout:g} s")

    # -- the pool -----------------------------------------------------------------------------

    def warm(self, count: int = 1) -> None:
        """Start `count` workers' processes now (at most `limit`): one for
        each searching bot of a table that opens, so that none waits for a
        process to start when it is first asked (its clock would run)."""
        with self._lock:
            if self.closed:
                return
            while len(self.workers) < min(count, self.limit):
                self._new_worker()
            workers = self.workers[:max(1, min(count, self.limit))]
        for worker in workers:
            worker.warm()

    def pids(self) -> list[int]:
        return [w.pid for w in self.workers if w.pid is not None]

    def close(self, *, wait: bool = True) -> None:
        """Stop every worker and fail every decision, waiting or thinking."""
        with self._lock:
            self.closed = True
            waiting = [d for q in self._queues.values() for d in q]
            self._queues.clear()
            timers = [d.timer for d in self._busy.values() if d.timer is not None]
        for timer in timers:
            timer.cancel()
        for decision in waiting:
            _settle(decision.future, error=SearchFailed("the search workers are closed"))
        for worker in list(self.workers):
            worker.close(wait=wait)


def _relay(done: concurrent.futures.Future, future: concurrent.futures.Future) -> None:
    """A worker's answer becomes its decision's."""
    if done.cancelled():
        return
    error = done.exception()
    if error is not None:
        _settle(future, error=error)
    else:
        _settle(future, result=done.result())


_shared: WorkerPool | None = None


def shared_pool() -> WorkerPool:
    """This process's workers for bots seated without a pool of their own
    (the hub's tables): one per core but one (the hub's own), at least one,
    capped by $OVERTABLE_SEARCH_WORKERS; closed at exit."""
    global _shared
    if _shared is None or _shared.closed:
        _shared = WorkerPool(limit=worker_limit(spare=1))
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
    from core.bots.ismcts import hooks_for

    # the rules and the searches are loaded before the first decision
    # arrives: its bot's clock counts from when the table asked
    for game in GAMES.values():
        hooks_for(game)
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
            skip = request_id in cancelled
            cancelled.discard(request_id)
            stop = threading.Event()
            if request_id in hurried:
                stop.set()
            flags["current"], flags["stop"] = request_id, stop
        # A cancelled decision is answered too (an error the table drops):
        # the answer says the process is free for the next one.
        answer: dict[str, Any] = {"answer": request_id, "error": "cancelled"}
        if not skip:
            try:
                answer = {"answer": request_id, "command": _decide(job, factory, bots, stop.is_set)}
            except Exception as error:  # a bot's bug: the table plays a fallback move
                answer["error"] = f"{type(error).__name__}: {error}"[:300]
        with lock:
            flags["current"] = None
            hurried.discard(request_id)
            if request_id in cancelled:
                cancelled.discard(request_id)
                answer = {"answer": request_id, "error": "cancelled"}
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
    if hasattr(bot, "asked_at"):
        bot.asked_at = _asked_at(job.get("asked"))
    action = bot.choose(game, update.view, update.seat, update.legal, random.Random(job["seed"]))
    return wire.command_dict(SeatCommand.play(update.seat, action, update.seq))


def _asked_at(asked: Any) -> float | None:
    """When the table asked (its `time.monotonic()`, which this process's
    clock shares) as a `time.perf_counter()` of this process, for the bot's
    clock (`IsmctsBot.asked_at`); never later than now. None when the line
    does not say."""
    if isinstance(asked, bool) or not isinstance(asked, (int, float)) or not math.isfinite(asked):
        return None
    return time.perf_counter() - max(0.0, time.monotonic() - asked)
