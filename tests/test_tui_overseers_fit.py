"""Overseers fits its screen at every size from 80x24 up: the players'
rows, the last round's recap below them and the prompt with its choices,
with no scrolling, for three to six players.

Play-test (six players, 80x32): at the first draft turn of round 2 the
recap of round 1 (18 lines and more) stood below the rows in full from
32 rows on (a short screen points to the log instead): the table read
"more below (PgDn)", the recap's end out of sight, at 100x40 and 120x50
too, and with three players at 80x32 as well."""

from __future__ import annotations

import random
import re

import pytest

from core import CHANCE
from core.overseers import GAME
from core.overseers.state import Phase
from core.playout import sample_chance
from tests.fit_kit import overflows
from tests.overseers_screen_kit import NAMES, make_update, run
from tests.test_tui_overseers import round_two_draft, six_player_stages
from tui.screens.overseers import recap_lines, recap_parts

#: the sizes a play-tester tried, short and tall
SIZES = [(80, 24), (100, 30), (80, 32), (100, 40), (120, 40), (120, 50), (200, 50)]


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
        whole = "Round 1 ended: … (r: all of it)" not in flat
        assert whole or "Round 1 ended: … (r: all of it)" in flat, where
        # cut or not, the showdown's header and your own hand stay (the
        # newcomer's play-test, 120x40: cut from the top, both were gone,
        # the others' hands kept), where the recap has the room for them,
        # a "…" and its last lines (six players at 80x32: four lines, the
        # round scores and who takes the Leader card)
        rows = [line[table.x + 1:table.right - 1] for line in text.splitlines()]
        title = next(i for i, line in enumerate(rows) if "Round 1 ended:" in line)
        room = table.bottom - 1 - (title + 1)
        if room >= 5:
            assert "Showdown, every hand revealed:" in text, where
            assert re.search(r"│   you \d+ \(", text), where
        if not whole:
            # cut where a line of the recap begins ("21, Edda 14, Finn 14."
            # read as a line of its own)
            words = [line[table.x + 1:table.right - 1].strip()
                     for line in text.splitlines()]
            first = words[words.index("Round 1 ended: … (r: all of it)") + 1]
            parts = [part.strip() for line in recap_lines(log) for part in recap_parts(line)]
            assert any(part.startswith(first) for part in parts), (first, where)
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


def played_out(players: int, seed: int = 5):
    """A match of `players` played at random to its end, with Ann's log."""
    rng = random.Random(seed)
    state, log = GAME.setup(players), []
    while state.phase is not Phase.OVER:
        seat = min(GAME.to_act(state))
        action = (sample_chance(GAME.chance_outcomes(state), rng) if seat == CHANCE
                  else rng.choice(GAME.legal_actions(state, seat)))
        log.append(GAME.describe(state, seat, action, names=NAMES[:players], viewer=0))
        state = GAME.apply(state, seat, action)
    return state, tuple(log)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("size", SIZES, ids=_ids)
async def test_the_final_table_never_scrolls(players, size):
    """Play-test (the final table, 80x24): the final scores, every source
    of every round, stood above the players' rows and the table read "more
    below (PgDn)", the last hands out of sight (three players at 80x24 and
    100x30, six up to 100x40). Where the whole pad and the rows do not
    fit, the pad keeps each round's score and the total (b: the results
    tell every source), or the total alone: nothing scrolls."""
    state, log = played_out(players)
    outcome = GAME.outcome(state)
    _, text, (scroll, bottom, height, _below, found, table) = await run(
        make_update(state, 0, log=log, bots=frozenset(range(1, players))), size=size,
        after=_seen)
    where = f"{players} players at {_ids(size)}:\n{text}"
    assert scroll == 0 and "more below" not in text, where
    assert not found, (found, where)
    assert "The game is over. Winner" in text and bottom <= height - 1, where
    words = [line[table.x + 1:table.right - 1] for line in text.splitlines()]
    assert any(re.match(r"\s*Total\s", line) for line in words), where
    assert any("★" in line for line in words), where
    for seat, name in enumerate(NAMES[:players]):
        row = "Ann (you)" if seat == 0 else f"{name} "
        assert sum(row in line for line in words) >= 1, (name, where)
        assert str(outcome.scores[seat]) in text, where
    assert "Points: " in text, where


async def test_a_tall_final_table_keeps_every_source_of_the_scores():
    """Where all of it fits (three players, 120x50), the pad tells each
    round's every source, as before."""
    state, log = played_out(3)
    _, text, (scroll, *_rest) = await run(make_update(state, 0, log=log), size=(120, 50),
                                          after=_seen)
    assert scroll == 0, text
    assert "Round 1: traits" in text and "Round 3: score" in text, text


@pytest.mark.parametrize("size", [(80, 32), (120, 50)], ids=_ids)
async def test_six_players_see_the_whole_table_in_every_stage_on_a_tall_screen(size):
    """A six-player match, stage by stage (the next rounds' drafts under
    the last round's recap): the table never scrolls and the prompt stays
    above the footer, as at 80x24 (test_tui_overseers)."""
    recaps = 0
    for state, seat, log in six_player_stages(5):
        update = make_update(state, seat, log=log, bots=frozenset(range(6)) - {seat})
        recaps += bool(state.phase is Phase.DRAFT and recap_lines(log))
        _, text, (scroll, bottom, height, _below, found, _table) = await run(
            update, size=size, after=_seen)
        where = f"round {state.round}, {state.phase.value}, {NAMES[seat]}'s view:\n{text}"
        assert scroll == 0 and "more below" not in text, where
        assert not found and bottom <= height - 1, (found, where)
        assert "Points: " in text and "Your character: " in text, where
    assert recaps == 2  # rounds 2 and 3


@pytest.mark.parametrize("seed", [1, 3, 8, 10])
async def test_six_players_final_table_fits_at_80x24_under_a_long_note(seed):
    """Play-test (six players, 80x24, the final table): under the pad's
    total and its note on the Leader card ("Held the Leader card: Bram,
    Cora, Finn (a tie on the total goes to a player who never held it)",
    three lines) the last lines went below the fold. The note gives way
    there (the results, b, say it): every row and the points in sight."""
    state, log = played_out(6, seed)
    _, text, (scroll, *_rest) = await run(
        make_update(state, 0, log=log, bots=frozenset(range(1, 6))), after=_seen)
    assert scroll == 0 and "more below" not in text, text
    assert "Points: " in text and re.search(r"^\s*Total\s", text, re.M), text


def test_snapshot_six_players_next_draft_at_80x32(snap_compare):
    """Six players at round 2's first draft turn, 80x32: every row, your
    character, the recap's last lines under "… (r: all of it)", the pack."""
    from tests.overseers_screen_kit import ScreenApp

    state, log = round_two_draft(7, players=6)
    update = make_update(state, 0, log=log, bots=frozenset(range(1, 6)))
    assert snap_compare(ScreenApp(update), terminal_size=(80, 32))
