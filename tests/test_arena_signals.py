"""`overtable simulate` stopped by a signal, as a process (not Pilot).

A long arena run is often stopped with `kill` (or by a shell, a job
scheduler, a closed SSH session's SIGTERM), not only Ctrl+C: the run must
report the games finished and take its worker processes with it. Before,
SIGTERM killed the parent at once and left `--jobs` workers playing on,
orphaned, for as long as their games lasted.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest


def _children(pid: int) -> set[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # "pid (comm) state ppid ...": comm may hold spaces, so read after ')'
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_sigterm_stops_the_run_reports_it_and_ends_its_workers(tmp_path):
    log = tmp_path / "run.jsonl"
    command = [
        sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())",
        "simulate", "boss-quest", "--bots", "hard:iterations=50,heuristic",
        "--games", "400", "--seed", "5", "--jobs", "2", "--quiet", "--log", str(log),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "COLUMNS": "120"})
    try:
        # two workers at play and a game finished (the log's header and a line)
        assert _wait(lambda: log.exists() and len(log.read_text().splitlines()) >= 2, 120)
        workers = _children(process.pid)
        assert len(workers) >= 2
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 143, err  # 128 + SIGTERM
    assert "Stopped (Ctrl+C or a signal) after" in out
    assert "the figures are those games'" in out
    # the workers (and multiprocessing's helper) end with the run
    assert _wait(lambda: not any(_alive(pid) for pid in workers), 15), [
        pid for pid in workers if _alive(pid)
    ]


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_stopped_run_exits_with_the_code_of_the_signal_that_stopped_it(tmp_path, signum, code):
    """Play-test: stopped by SIGTERM, `simulate` exited with 130, the code
    for SIGINT (Ctrl+C); shells and process supervisors read 128 + the
    signal's number, so SIGTERM is 143. The report and the log are as for
    Ctrl+C. (One process and random bots: the games take milliseconds, the
    run far longer than the test waits.)"""
    log = tmp_path / "run.jsonl"
    command = [
        sys.executable, "-c", "import sys; from tui.cli import main; sys.exit(main())",
        "simulate", "boss-quest", "--bots", "random,random", "--games", "1000000",
        "--seed", "3", "--jobs", "1", "--quiet", "--log", str(log),
    ]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env={**os.environ, "COLUMNS": "120"})
    try:
        # the run is under way: the log's header and a game written
        assert _wait(lambda: log.exists() and len(log.read_text().splitlines()) >= 2, 120)
        process.send_signal(signum)
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == code, err
    said = " ".join(out.split())
    assert "Stopped (Ctrl+C or a signal) after" in said and "of 1000000 games" in said
    assert "the figures are those games'" in said
    lines = log.read_text().splitlines()
    assert json.loads(lines[0])["arena_log"] == 1
    # the games reported are in the log (the signal may come between a game's
    # end and its line, or cut that line short: the log's own rule)
    played = int(said.split("Stopped (Ctrl+C or a signal) after ")[1].split()[0])
    assert played >= 1 and played - 1 <= len(lines) - 1 <= played
    assert all(json.loads(line)["number"] >= 0 for line in lines[1:-1])
