"""The suite's order: the modules of whole matches (over SSH, through the
app, bot against bot) start first. pytest-xdist hands tests to its workers in
collection order, and these modules come late in the alphabet: run last, one
of them kept a worker busy for a minute or more after the other had
finished. And `brisk_idle`, for the tests that play a whole match through
the app."""

from __future__ import annotations

import os

import pytest

# The suite's own terminal is not the one under test: a CI runner or an
# editor's shell may say TERM=dumb (the app then refuses its full screen,
# tui/cli.py), a monochrome TERM or NO_COLOR (the app then draws without
# colour, and every snapshot would differ). Tests about those set them.
os.environ["TERM"] = "xterm-256color"
os.environ.pop("NO_COLOR", None)


def pytest_xdist_auto_num_workers(config):
    """`-n auto` (pyproject's addopts): two workers a core. A Pilot test
    spends most of its time waiting for the app to be idle, a frame, a
    timer: two workers on two cores kept them 42% busy (2:01 for the
    Overstocked and new-match files), four 68% (1:21)."""
    import os

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return 2 * cores


#: the longest first (measured with `pytest --durations`)
FIRST = (
    "tests/test_ssh_e2e.py",
    "tests/test_tui_overseers_match.py",
    "tests/test_tui_bossquest_match.py",
    "tests/test_tui_since.py",
    "tests/test_tui_overboss_match.py",
    "tests/test_tui_overstocked_match.py",
    "tests/test_overboss_bot.py",
    "tests/test_bots.py",
    "tests/test_tui_join.py",
    "tests/test_tui_bossquest_extensions.py",
    "tests/test_tui_fit.py",
    "tests/test_bossquest_solo_search.py",
)


def pytest_collection_modifyitems(items: list) -> None:
    def rank(item) -> int:
        path = item.nodeid.split("::")[0]
        return FIRST.index(path) if path in FIRST else len(FIRST)

    items.sort(key=rank)  # stable: the order within a module is kept


@pytest.fixture(autouse=True)
def journal_lines_not_waited_for(monkeypatch):
    """Each line of a match's journal is synced to the disk (saves/match.py,
    `os.fsync`): about 10 ms a move on a busy disk, some hundreds of moves
    in a whole match played through the app. No test can tell a synced
    line from a written one (none cuts the power), so here the sync only
    checks its descriptor, as `os.fsync` does, and does not wait."""
    monkeypatch.setattr(os, "fsync", os.fstat)


#: every stylesheet source parsed in this process, by what its parse reads
_PARSED_CSS: dict[tuple, list] = {}


@pytest.fixture(autouse=True, scope="session")
def css_parsed_once_a_process():
    """Each app a test starts has a stylesheet of its own, which parses
    every screen's and widget's CSS again: about 0.16 s of CPU an app (of
    0.8 s to start one and open the new-match form), a good part of a short
    Pilot test. The same source with the same variables parses to the same
    rules, which Textual already shares among the parses of one stylesheet
    and never changes once parsed; here they are shared among the apps of
    one process as well. Only the parsing is shared: each stylesheet keeps
    its own cache of sources as before (tests/test_tui_styled_once.py counts
    its misses), and a source that fails to parse fails in every app."""
    from textual.css import stylesheet

    parse = stylesheet.parse
    # each set of variables by a number, so that a look-up compares numbers
    # (not some hundreds of tokens); the tokens last seen and their number
    numbers: dict[tuple, int] = {}
    last: list = [None, 0]

    def parsed_once(scope, css, read_from, *, variable_tokens, is_default_rules, tie_breaker):
        if variable_tokens is not last[0]:  # (a new stylesheet, a new theme)
            variables = tuple((name, tuple(tokens)) for name, tokens in variable_tokens.items())
            last[:] = [variable_tokens, numbers.setdefault(variables, len(numbers))]
        key = (scope, css, read_from, last[1], is_default_rules, tie_breaker)
        rules = _PARSED_CSS.get(key)
        if rules is None:
            rules = list(parse(scope, css, read_from, variable_tokens=variable_tokens,
                               is_default_rules=is_default_rules, tie_breaker=tie_breaker))
            _PARSED_CSS[key] = rules
        return rules

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(stylesheet, "parse", parsed_once)
        yield


#: how long Textual's test pilot sleeps at a time while it waits for the app
#: to be idle (textual._wait: 1/50 s)
BRISK_IDLE = 0.005


@pytest.fixture
def screen_clock(monkeypatch):
    """The game screen's clock (`decision_grace`), moved by hand
    (`clock.now += seconds`): a loaded machine's pauses between a test's
    steps cannot pass or outlast the grace."""
    import types

    import tui.screens.game

    clock = types.SimpleNamespace(now=1000.0)
    clock.monotonic = lambda: clock.now
    monkeypatch.setattr(tui.screens.game, "time", clock)
    return clock


@pytest.fixture
def brisk_idle(monkeypatch):
    """For a test that plays a whole match through the app in a loop that
    reads the screen until the match ends: Textual's pilot waits for the app
    to fall idle after every key and pause, in sleeps of 20 ms, and keeps
    sleeping until one whole sleep passes with the process using under 1 ms
    of CPU time. Most of that is waiting after the app is done: in a match of
    some hundreds of keys, it was half of the test's time. Here it sleeps
    5 ms at a time (idle: under 5% of the CPU in one sleep, as before). The
    loop still waits for every condition it checks: the screen it reads is
    the one the app settled on."""
    import textual._wait

    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", BRISK_IDLE)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", BRISK_IDLE / 20)


@pytest.fixture
async def shared_hub(tmp_path, monkeypatch):
    """A hub on a private socket, the app's data in the test's directory
    (the join, lobby and offline tests' shared tables)."""
    from host.hub import Hub

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path / "data"))
    hub = Hub(tmp_path / "shared", bot_delay=0)
    path = tmp_path / "run" / "hub.sock"
    await hub.serve(path)
    yield hub, path
    await hub.close()
