"""One process, many matches: what an app keeps after each match.

A shared host runs one app process per player for as long as they stay, so
a match that leaves memory behind adds up. This plays Overboss Duel
matches one after another in one headless app (80x24), as a person at this
terminal would: a new match against the heuristic bot, the person's moves
chosen at random through the game screen, the results screen, then home.
After each match, once home and after a garbage collection, it reads the
process's resident memory (RSS) and the number of objects the collector
tracks, the objects by type, and the screens still alive that are not on
the app's stack. Growth per match is the least-squares slope over the
matches after the first few (those fill caches and import code once); the
types that grow most are reported beside it.

The benchmark's own task holds nothing of a match: Textual's Pilot.pause
ends by drawing the top screen in the calling task, which sets Textual's
`visible_screen_stack` context variable there to the screens behind it (the
game screen, under the results). Held in the benchmark's task (and in the
copies its pending timers keep), the last match's game and results screens
were counted as kept in some readings and not in others: 0.037 to 0.249 MB
a match on the same code. Each pause runs in a task of its own (`pause`).

Target: < 0.2 MB kept per match.

    python -m benchmarks --only matches
    python -m benchmarks.many_matches 20      # the measurement alone, as JSON
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

TARGET_MB_PER_MATCH = 0.2
MATCHES = 20
#: seconds a match may take before the run is given up
MATCH_TIMEOUT = 300.0
#: matches left out of the slope: the first ones import code and fill caches
WARM_UP = 3


def rss_mb() -> float:
    """This process's resident memory in MB (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def slope(values: list[float]) -> float:
    """The least-squares growth of `values` per step."""
    n = len(values)
    if n < 2:
        return 0.0
    mean_x = (n - 1) / 2
    mean_y = sum(values) / n
    num = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values))
    den = sum((x - mean_x) ** 2 for x in range(n))
    return num / den


#: how many of the types that grow most are reported
TOP_TYPES = 8


async def pause(pilot: Any) -> None:
    """`pilot.pause()` in a task of its own, so that what it sets in its
    task's context (Textual's `visible_screen_stack`, the screens behind the
    one it draws) goes with that task and is not held by the caller's."""
    await asyncio.create_task(pilot.pause())


def objects_by_type() -> dict[str, int]:
    """How many objects the collector tracks, by type."""
    counts: dict[str, int] = {}
    for obj in gc.get_objects():
        kind = type(obj)
        name = f"{kind.__module__}.{kind.__qualname__}"
        counts[name] = counts.get(name, 0) + 1
    return counts


def growth_by_type(rows: list[dict[str, Any]], top: int = TOP_TYPES) -> list[tuple[str, float]]:
    """The `top` types whose counts grow most per match (least-squares slope
    over `rows`, each with its "types" counts), most first."""
    names = {name for row in rows for name in row["types"]}
    slopes = [(name, slope([float(row["types"].get(name, 0)) for row in rows])) for name in names]
    slopes.sort(key=lambda item: (-item[1], item[0]))
    return [(name, rate) for name, rate in slopes[:top] if rate > 0]


def screens_off_the_stack(app: Any) -> int:
    """Screens still in memory that are not on the app's screen stack."""
    from textual.screen import Screen

    shown = {id(screen) for screen in app.screen_stack}
    return sum(1 for obj in gc.get_objects() if isinstance(obj, Screen) and id(obj) not in shown)


async def _play(matches: int, seed: int) -> list[dict[str, Any]]:
    from tui.app import OvertableApp
    from tui.screens.ending import EndingScreen
    from tui.screens.results import ResultsScreen

    app = OvertableApp(theme_name="textual-dark", bot_delay=0, seed=seed)
    rng = random.Random(seed)
    rows: list[dict[str, Any]] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(matches):
            start = time.perf_counter()
            app.new_match(
                "overboss-duel", [app.seat("Ann", "human"), app.seat("Bram", "bot", "heuristic")]
            )
            while not isinstance(app.screen, ResultsScreen):
                await pause(pilot)
                if time.perf_counter() - start > MATCH_TIMEOUT:
                    raise RuntimeError(f"match {len(rows) + 1} did not end in {MATCH_TIMEOUT} s "
                                       f"(screen {app.screen!r}, table {app.table!r})")
                if isinstance(app.screen, EndingScreen) or getattr(
                        app.screen, "_results_due", None) is not None:
                    # the bot's last moves, until Enter; then the final table
                    # with its whole score pad, the results on Enter again
                    await pilot.press("enter")
                    continue
                table = app.table
                screen = table.screen if table is not None else None
                update = getattr(screen, "update", None)
                if (update is not None and update.legal and update.seat is not None
                        and app.screen is screen):
                    screen.play(rng.choice(update.legal))  # type: ignore[union-attr]
            for _ in range(3):  # the results as a person sees them, then home
                await pause(pilot)
            table = screen = update = None
            app.leave_table()
            for _ in range(5):
                await pause(pilot)
            gc.collect()
            types = objects_by_type()
            rows.append({"seconds": time.perf_counter() - start, "rss_mb": rss_mb(),
                         "objects": float(sum(types.values())), "types": types,
                         "screens_kept": screens_off_the_stack(app)})
            print(f"match {len(rows)}: {rows[-1]['seconds']:.1f} s, RSS {rows[-1]['rss_mb']:.1f} MB",
                  file=sys.stderr, flush=True)
    return rows


def measure(matches: int = MATCHES, seed: int = 1) -> dict[str, Any]:
    """Play `matches` matches in this process; the figures after each."""
    rows = asyncio.run(_play(matches, seed))
    steady = rows[WARM_UP:] if len(rows) > WARM_UP + 1 else rows
    growing = growth_by_type(steady)
    for row in rows:  # the whole counts are long: the growing types only
        row["types"] = {name: row["types"].get(name, 0) for name, _ in growing}
    return {
        "matches": len(rows),
        "rows": rows,
        "mb_per_match": slope([r["rss_mb"] for r in steady]),
        "objects_per_match": slope([r["objects"] for r in steady]),
        "types_per_match": growing,
        "screens_kept_max": max((r["screens_kept"] for r in rows), default=0),
        "rss_first_mb": rows[0]["rss_mb"] if rows else 0.0,
        "rss_last_mb": rows[-1]["rss_mb"] if rows else 0.0,
        "seconds_per_match": sum(r["seconds"] for r in rows) / max(1, len(rows)),
    }


def bench(matches: int = MATCHES) -> dict[str, Any]:
    """`measure` in a fresh process (nothing else loaded or cached), with
    an empty data directory of its own."""
    with tempfile.TemporaryDirectory() as data:
        env = dict(os.environ, OVERTABLE_DATA_DIR=data, PYTHONPATH=str(ROOT))
        done = subprocess.run(
            [sys.executable, "-m", "benchmarks.many_matches", str(matches)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=False,
        )
    if done.returncode != 0:
        return {"available": False, "why": done.stderr.strip().splitlines()[-1:] or "failed"}
    return dict(json.loads(done.stdout.strip().splitlines()[-1]), available=True)


def report(matches: int = MATCHES) -> bool:
    """Print the figures; True when the target is met."""
    print(f"\nOne process, {matches} Overboss Duel matches against a bot (headless app, 80x24)")
    r = bench(matches)
    if not r["available"]:
        print(f"  not available ({r['why']})")
        return True
    ok = r["mb_per_match"] < TARGET_MB_PER_MATCH
    print(
        f"  kept per match: {r['mb_per_match']:.3f} MB RSS, {r['objects_per_match']:,.0f} objects "
        f"(slope over matches {WARM_UP + 1}-{r['matches']}); RSS {r['rss_first_mb']:.1f} MB after "
        f"the first, {r['rss_last_mb']:.1f} MB after the last; {r['seconds_per_match']:.1f} s a "
        f"match   target < {TARGET_MB_PER_MATCH} MB/match: {'ok' if ok else 'MISSED'}"
    )
    types = ", ".join(f"{name} {rate:+,.0f}" for name, rate in r["types_per_match"]) or "none"
    print(f"  objects that grow most, per match: {types}")
    print(f"  screens alive off the app's stack after a match: at most {r['screens_kept_max']}")
    return ok


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else MATCHES
    print(json.dumps(measure(count)))
