"""The suite's order: the modules of whole matches (over SSH, through the
app, bot against bot) start first. pytest-xdist hands tests to its workers in
collection order, and these modules come late in the alphabet: run last, one
of them kept a worker busy for a minute or more after the other had
finished."""

from __future__ import annotations

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
