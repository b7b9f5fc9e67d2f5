"""Overseers fits its screen at every size from 80x24 up: the players'
rows, the last round's recap below them and the prompt with its choices,
with no scrolling, for three to six players.

Play-test (six players, 80x32): at the first draft turn of round 2 the
recap of round 1 (18 lines and more) stood below the rows in full from
32 rows on (a short screen points to the log instead): the table read
"more below (PgDn)", the recap's end out of sight, at 100x40 and 120x50
too, and with three players at 80x32 as well."""

from __future__ import annotations

import pytest

from tests.fit_kit import overflows
from tests.overseers_screen_kit import NAMES, make_update, run
from tests.test_tui_overseers import round_two_draft
from tui.screens.overseers import recap_lines, recap_parts

#: the sizes a play-tester tried, short and tall
SIZES = [(80, 24), (100, 30), (80, 32), (100, 40), (120, 50), (200, 50)]


def _ids(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def _seen(screen):
    table = screen.query_one("#ov-table")
    decide = screen.query_one("#ov-decide")
    recap = screen.query_one("#ov-recap")
    return (table.max_scroll_y, decide.region.bottom, screen.size.height,
            recap.display, overflows(screen), table.region)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES, ids=_ids)
async def test_the_next_drafts_recap_never_makes_the_table_scroll(players, size):
    """Round 2's first draft turn: every seat's row, your character, the
    recap (whole, or its last lines under a line saying r tells all of it,
    or on a short screen a line pointing to the log) and the pack to keep
    a card of are all in sight, nothing scrolled."""
    state, log = round_two_draft(7, players=players)
    _, text, (scroll, bottom, height, below, found, table) = await run(
        make_update(state, 0, log=log, bots=frozenset(range(1, players))), size=size,
        after=_seen)
    where = f"{players} players at {_ids(size)}:\n{text}"
    assert scroll == 0 and "more below" not in text, where
    assert not found, (found, where)
    assert text.count("no cards yet") == players, where
    for name in NAMES[1:players]:
        assert f"{name} " in text, where
    assert "Your character:" in text, where
    # the prompt and the pack, above the footer
    assert "Keep one card of the pack" in text and "1:[" in text, where
    assert bottom <= height - 1, where
    # the table's words, its border and the log beside it left out
    flat = " ".join(" ".join(line[table.x + 1:table.right - 1] for line in text.splitlines())
                    .split())
    if below:
        # the recap's end (the round scores, who takes the Leader card)
        last = [part for line in recap_lines(log) for part in recap_parts(line)][-1]
        assert " ".join(last.split()) in flat, where
        whole = "Showdown, every hand revealed:" in text
        assert whole or "Round 1 ended: … (r: all of it)" in flat, where
    else:
        assert "Round 1 ended: the log tells how (l)" in flat, where


@pytest.mark.parametrize(("players", "size"), [(3, (100, 40)), (3, (120, 50)), (6, (200, 50))],
                         ids=["3-100x40", "3-120x50", "6-200x50"])
async def test_a_tall_screen_keeps_the_recap_below_the_rows(players, size):
    """Where the rows leave room the recap is below them (cut to its last
    lines where it is longer), not the line pointing to the log."""
    state, log = round_two_draft(7, players=players)
    _, text, (scroll, *_rest, table) = await run(make_update(state, 0, log=log), size=size,
                                                 after=_seen)
    flat = " ".join(" ".join(line[table.x + 1:table.right - 1] for line in text.splitlines())
                    .split())
    assert scroll == 0, text
    assert "Round 1 ended:" in text and "the log tells how" not in text, text
    assert "Round scores: you " in flat, text
