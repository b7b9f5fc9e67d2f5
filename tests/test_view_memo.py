"""`ViewMemo`: a value worked out from a seat's view once a view (the Duel's
score pads, Overstocked's score rows), kept for the last few views only."""

from __future__ import annotations

from tui.screens.game import ViewMemo


class _View:
    """A view as the screens get them: compared by identity, never by value
    (two updates' equal views are two views)."""

    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = object.__hash__


def _counting() -> tuple[list[object], ViewMemo]:
    calls: list[object] = []

    def work_out(view: object) -> tuple[int, object]:
        calls.append(view)
        return (len(calls), view)

    return calls, ViewMemo(work_out, keep=2)


def test_a_view_is_worked_out_once_and_a_new_view_again():
    calls, memo = _counting()
    first, second = _View(), _View()
    assert memo(first) == (1, first)
    assert memo(first) == (1, first)  # the same view: kept, not worked out again
    assert memo(second) == (2, second)  # equal but another view: worked out
    assert memo(first) == (1, first) and memo(second) == (2, second)
    assert calls == [first, second]


def test_only_the_last_views_are_kept_and_clear_lets_all_go():
    calls, memo = _counting()
    views = [_View() for _ in range(3)]
    for view in views:
        memo(view)
    assert len(memo) == 2  # the oldest went
    memo(views[2])
    memo(views[1])
    assert len(calls) == 3
    memo(views[0])  # gone, so worked out again
    assert len(calls) == 4 and calls[-1] is views[0]
    memo.clear()
    assert not memo
    memo(views[0])
    assert len(calls) == 5

