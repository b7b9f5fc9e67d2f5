"""How long a cursor move on the Overboss Duel board takes to redraw.

    python -m benchmarks.board_keys            # both sizes, 300 keys each
    python -m benchmarks --only board          # the same, inside the suite

Target: a key redraws within one frame (16.7 ms at 60 fps). Measured
outside Pilot's idle wait, three ways, on the standard 4x8 board late in a
game (29 of 32 squares filled, the legal targets of a Road swap lit):

1. widget: `Board.action_move` and then `render_line` for every line of the
   board (what the compositor asks of it after the move);
2. app work: a headless app showing the real `OverbossScreen`; each arrow key
   is handed to the driver as a terminal would, and the time spent in our
   code and Textual's (key dispatch, the action, the compositor's update and
   turning it into terminal output) is added up;
3. app latency: the wall time from handing the key to the driver until the
   frame is produced. Textual paints on a 60 Hz timer, so this includes up to
   one frame period of waiting that is not work.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from typing import Any

FRAME_MS = 1000 / 60
KEYS = ("right", "right", "right", "down", "left", "left", "left", "down") * 2 + ("up",) * 4


def late_game(seed: int = 4, filled: int = 29) -> Any:
    """A standard-board Overboss Duel state reached by random play: seat 0
    to choose squares on a board with `filled` tiles (or as close as the
    seed gets)."""
    from core import CHANCE
    from core.overboss import GAME
    from core.overboss.actions import SwapTokens
    from core.overboss.state import Step

    for attempt in range(200):
        rng = random.Random(seed + attempt)
        state = GAME.setup(2, GAME.Options())
        while GAME.to_act(state):
            seats = GAME.to_act(state)
            if CHANCE in seats:
                outcomes = GAME.chance_outcomes(state)
                actions, weights = zip(*outcomes, strict=True)
                state = GAME.apply(state, CHANCE, rng.choices(actions, weights)[0])
                continue
            seat = min(seats)
            legal = GAME.legal_actions(state, seat)
            tiles = sum(t is not None for t in state.tiles)
            if seat == 0 and state.step is Step.SWAP and tiles >= filled - 3:
                if any(isinstance(a, SwapTokens) for a in legal):
                    return state
            state = GAME.apply(state, seat, rng.choice(legal))
    raise RuntimeError("no seed reached a late Road swap")


def _update(state: Any, seat: int = 0) -> Any:
    from core.overboss import GAME
    from tui.screens.game import TableUpdate

    return TableUpdate(
        game=GAME.id, seat=seat, view=GAME.view(state, seat), legal=tuple(GAME.legal_actions(state, seat)),
        to_act=GAME.to_act(state), names=("Ann", "Bob"), bots=frozenset({1}),
        log=tuple(f"Log line {i}" for i in range(40)),
    )


class _Port:
    """The screen's port: takes its commands and drops them."""

    def send(self, command: Any) -> None:
        pass


def _app(update: Any) -> Any:
    from textual.app import App

    from tui.screens.overboss import OverbossScreen

    class BoardApp(App):
        def __init__(self) -> None:
            super().__init__()
            self.game_screen = OverbossScreen(_Port())

        async def on_mount(self) -> None:
            await self.push_screen(self.game_screen)
            self.game_screen.show(update)

    return BoardApp()


def _stats(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1e3 for t in times)
    return {
        "mean": statistics.fmean(ms),
        "median": statistics.median(ms),
        "p95": ms[int(len(ms) * 0.95)],
        "max": ms[-1],
        "n": len(ms),
    }


async def _measure(size: tuple[int, int], keys: int) -> dict[str, Any]:
    from textual import events

    from tui.widgets.board import Board

    state = late_game()
    app = _app(_update(state))
    widget_times: list[float] = []
    cold_times: list[float] = []
    work_times: list[float] = []
    latency_times: list[float] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.game_screen
        board = screen.query_one("#ob-board", Board)
        board.focus()
        await pilot.pause()
        lines = board.get_content_height(board.size, board.size, board.size.width)

        # 1. The widget alone: a move, then every line of the board.
        moves = [(0, 1), (0, 1), (0, 1), (1, 0), (0, -1), (0, -1), (0, -1), (1, 0)] * 2
        moves += [(-1, 0)] * 4
        for i in range(keys):
            t0 = time.perf_counter()
            board.action_move(*moves[i % len(moves)])
            for y in range(lines):
                board.render_line(y)
            widget_times.append(time.perf_counter() - t0)
        for _ in range(max(20, keys // 10)):
            t0 = time.perf_counter()
            board.invalidate()
            board.render_all()
            cold_times.append(time.perf_counter() - t0)
        await pilot.pause()

        # 2 and 3. Keys through the driver, as a terminal sends them; the
        # frame is caught where the app hands it to the terminal.
        loop = asyncio.get_running_loop()
        frame: dict[str, Any] = {}
        original_display = app._display
        original_refresh = screen._compositor_refresh
        spent = {"work": 0.0}

        def display(target: Any, renderable: Any) -> None:
            t0 = time.perf_counter()
            if renderable is not None and hasattr(renderable, "render_segments"):
                renderable.render_segments(app.console)  # the bytes a terminal would get
            original_display(target, renderable)
            t1 = time.perf_counter()
            spent["work"] += t1 - t0
            future = frame.get("future")
            if future is not None and not future.done():
                future.set_result(t1)

        def compositor_refresh() -> None:
            t0 = time.perf_counter()
            original_refresh()
            spent["work"] += time.perf_counter() - t0

        original_move = board.move_cursor

        def move_cursor(row: int, col: int) -> None:
            t0 = time.perf_counter()
            original_move(row, col)
            spent["work"] += time.perf_counter() - t0
            spent["dispatched"] = t0

        app._display = display  # type: ignore[method-assign]
        screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]
        board.move_cursor = move_cursor  # type: ignore[method-assign]
        driver = app._driver
        assert driver is not None
        original_move(0, 0)  # KEYS wander from the top-left corner and back
        await pilot.pause()
        warm = len(KEYS)  # one round of keys before measuring
        for i in range(keys + warm):
            key = KEYS[i % len(KEYS)]
            frame["future"] = loop.create_future()
            spent["work"] = 0.0
            spent.pop("dispatched", None)
            event = events.Key(key, None)
            event.set_sender(app)
            t0 = time.perf_counter()
            driver.send_message(event)
            try:
                t_frame = await asyncio.wait_for(frame["future"], timeout=1.0)
            except TimeoutError:
                continue  # the cursor was at the edge: nothing to redraw
            if i < warm:
                continue
            latency_times.append(t_frame - t0)
            # The work: dispatch (from the key to our handler), the handler,
            # the compositor and the output; not the wait for the 60 Hz tick.
            dispatched = spent.get("dispatched", t0)
            work_times.append((dispatched - t0) + spent["work"])
        app._display = original_display  # type: ignore[method-assign]
    return {
        "size": size,
        "lines": lines,
        "widget": _stats(widget_times),
        "cold": _stats(cold_times),
        "work": _stats(work_times),
        "latency": _stats(latency_times),
    }


def bench(keys: int = 300, sizes: tuple[tuple[int, int], ...] = ((80, 24), (120, 36))
          ) -> list[dict[str, Any]]:
    return [asyncio.run(_measure(size, keys)) for size in sizes]


def report(keys: int = 300) -> bool:
    """Print the figures; whether every size met the frame budget."""
    ok_all = True
    print(f"\nBoard cursor moves, Overboss Duel 4x8 late game ({keys} keys; frame budget "
          f"{FRAME_MS:.1f} ms at 60 fps; outside Pilot's idle wait)")
    for row in bench(keys):
        w, c, k, lat = row["widget"], row["cold"], row["work"], row["latency"]
        ok = k["p95"] < FRAME_MS and w["max"] < FRAME_MS
        ok_all &= ok
        size = f"{row['size'][0]}x{row['size'][1]}"
        density = "compact" if row["size"][1] < 32 else "roomy"
        print(f"  {size} ({density}, {row['lines']} board lines)")
        print(f"    widget: move + render_line of every line  mean {w['mean']:.3f} ms  "
              f"p95 {w['p95']:.3f} ms  max {w['max']:.3f} ms")
        print(f"    widget: cold redraw of the whole board    mean {c['mean']:.3f} ms  "
              f"max {c['max']:.3f} ms")
        print(f"    app: key to frame, work                   mean {k['mean']:.3f} ms  "
              f"p95 {k['p95']:.3f} ms  max {k['max']:.3f} ms  ({k['n']} frames)")
        print(f"    app: key to frame, wall (with 60 Hz tick) mean {lat['mean']:.2f} ms  "
              f"p95 {lat['p95']:.2f} ms  max {lat['max']:.2f} ms"
              f"   target work p95 < {FRAME_MS:.1f} ms: {'ok' if ok else 'MISSED'}")
    return ok_all


if __name__ == "__main__":
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parent.parent)
    if root not in sys.path:
        sys.path.insert(0, root)
    raise SystemExit(0 if report() else 1)
