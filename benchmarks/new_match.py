"""How long the new-match form takes to open: a key to its first frame.

    python -m benchmarks --only form           # inside the suite
    python -m benchmarks.new_match [REPEATS]   # the same, alone

Headless at 80x24, the real app (`tui.app.OvertableApp`, an empty data
directory) on its home screen, the latest match looked for and two seconds
passed (a person reading the menu: what the app does in that while, it does
before the key, as it would for them). For each game the
menu's "New match" line is highlighted and `n` is handed to the driver as a
terminal sends it; the figure is the wall time until the app hands the
form's first frame to the terminal (the frame turned into terminal output
included), and the process's CPU time in that while. Escape then closes the
form and the next game's opens. The first opening in a process also loads
the form's module and parses its stylesheet ("first"); each game is then
opened `REPEATS` times and the median taken ("again").

Target: the first opening of a process within 250 ms (median of the
processes): a quarter of a second is a pause players notice.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZE = (80, 24)
TARGET_MS = 250.0
#: seconds on the home screen before the first key (a person reading the menu)
READING = 2.0


async def _measure(repeats: int) -> dict[str, Any]:
    from textual import events
    from textual.widgets import OptionList

    from benchmarks.frames import on_each_frame
    from tui.app import OvertableApp

    app = OvertableApp(collect_between_screens=True)  # as `overtable` runs it
    rows: dict[str, list[tuple[float, float]]] = {}
    async with app.run_test(size=SIZE) as pilot:
        home = app.screen
        for _ in range(400):  # the latest match looked for: the rules loaded
            if getattr(home, "latest_checked", False):
                break
            await pilot.pause(0.01)
        await pilot.pause(READING)
        loop = asyncio.get_running_loop()
        frame: dict[str, Any] = {}

        def seen() -> None:
            future = frame.get("future")
            if (future is not None and not future.done()
                    and type(app.screen).__name__ == wanted):
                future.set_result((time.perf_counter(), time.process_time()))

        wanted = "NewMatchScreen"
        put_back = on_each_frame(app, seen)
        driver = app._driver
        assert driver is not None

        async def press_n() -> tuple[float, float]:
            """`n` on the home screen to the frame showing the screen wanted,
            then Escape back: (wall ms, CPU ms)."""
            frame["future"] = loop.create_future()
            event = events.Key("n", "n")
            event.set_sender(app)
            t0, c0 = time.perf_counter(), time.process_time()
            driver.send_message(event)
            t1, c1 = await asyncio.wait_for(frame["future"], timeout=30)
            await pilot.pause(0.05)
            await pilot.press("escape")
            await pilot.pause(0.05)
            return (t1 - t0) * 1e3, (c1 - c0) * 1e3
        menu = home.query_one("#home-menu", OptionList)
        order = list(app.game_ids())
        for _turn in range(1 + repeats):
            for game_id in order:
                menu.highlighted = menu.get_option_index(f"new:{game_id}")
                await pilot.pause(0.05)
                figures = await press_n()
                rows.setdefault("first" if not rows else game_id, []).append(figures)
                assert app.screen is home, app.screen
        # For comparison: the same key pushing a bare screen (a header, a
        # line and the footer), what any screen costs here.
        from textual.screen import Screen
        from textual.widgets import Footer, Header, Static

        class Bare(Screen):
            BINDINGS = [("escape", "app.pop_screen", "Back")]

            def compose(self) -> Any:
                yield Header()
                yield Static("A bare screen")
                yield Footer()

        app.action_new_match = lambda game_id=None: app.push_screen(Bare())  # type: ignore[method-assign]
        wanted = "Bare"
        for _turn in range(1 + repeats):
            figures = await press_n()
            if _turn:
                rows.setdefault("bare screen", []).append(figures)
        put_back()
    return {
        name: {
            "wall": statistics.median(w for w, _ in times),
            "cpu": statistics.median(c for _, c in times),
            "n": len(times),
        }
        for name, times in rows.items()
    }


def measure(repeats: int = 5) -> dict[str, Any]:
    """One process's figures, run here (the form's module not yet imported)."""
    with tempfile.TemporaryDirectory() as data:
        os.environ["OVERTABLE_DATA_DIR"] = data
        os.environ["XDG_DATA_HOME"] = data
        return asyncio.run(_measure(repeats))


def bench(processes: int = 3, repeats: int = 5) -> list[dict[str, Any]]:
    """`processes` fresh processes' figures (each its own first opening)."""
    import json

    out = []
    for _ in range(processes):
        result = subprocess.run(
            [sys.executable, "-m", "benchmarks.new_match", "--json", str(repeats)],
            cwd=ROOT, check=True, capture_output=True, text=True,
        )
        out.append(json.loads(result.stdout.strip().splitlines()[-1]))
    return out


def report(processes: int = 3, repeats: int = 5) -> bool:
    print(f"\nThe new-match form: `n` on the home screen to the form's first frame "
          f"(headless {SIZE[0]}x{SIZE[1]}, {processes} processes; wall / CPU ms)")
    runs = bench(processes, repeats)
    first = [r["first"]["wall"] for r in runs]
    ok = statistics.median(first) < TARGET_MS
    print("  first opening    " + "  ".join(
        f"{r['first']['wall']:6.1f} / {r['first']['cpu']:5.1f}" for r in runs)
        + f"   target median < {TARGET_MS:.0f} ms: {'ok' if ok else 'MISSED'}")
    for name in runs[0]:
        if name == "first":
            continue
        print(f"  {name:<16} " + "  ".join(
            f"{r[name]['wall']:6.1f} / {r[name]['cpu']:5.1f}" for r in runs)
            + f"   (median of {runs[0][name]['n']})")
    return ok


if __name__ == "__main__":
    import json

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    args = sys.argv[1:]
    if args and args[0] == "--json":
        print(json.dumps(measure(int(args[1]) if len(args) > 1 else 5)))
    else:
        raise SystemExit(0 if report(repeats=int(args[0]) if args else 5) else 1)
