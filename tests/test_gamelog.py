"""The game log keeps its lines as text and wraps them at the width it is
drawn at: when the panel narrows (a terminal resize, a neighbouring panel
appearing) or widens, every word of every line is still on screen."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from tests.bossquest_screen_kit import ScreenApp, full_state, make_update
from tests.screen_kit import screen_text, settle
from tui.widgets import GameLog

LINES = (
    "Edda takes G4 from the deck. Combat vs the Boss: Cora 14 out (spell), "
    "Dev 18 over, Edda 15 short, Bram 19 perfect and takes a key.",
    "Round 3: a Boss with 21 HP appears.",
    "Cora activates Attack -2 on Dev, who now shows 16 and asks for one more weapon.",
)


def drawn(app: App, widget) -> list[str]:
    """The rows of `widget` as they are on screen (its content region)."""
    region = widget.scrollable_content_region
    rows = screen_text(app).splitlines()[region.y: region.bottom]
    return [row[region.x: region.right].rstrip() for row in rows]


def words(lines) -> list[str]:
    return " ".join(lines).split()


class LogApp(App):
    CSS = "#side { width: 1fr; }  #side.-gone { display: none; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield GameLog(id="log")
            yield Static("side panel", id="side", classes="-gone")

    def on_mount(self) -> None:
        self.query_one(GameLog).set_lines(LINES)


async def test_a_log_that_shrinks_shows_every_word():
    app = LogApp()
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        assert words(drawn(app, log)) == words(LINES)
        wide = len(drawn(app, log)[0])
        # the terminal shrinks
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert words(drawn(app, log)) == words(LINES)
        # a neighbouring panel appears and halves the log
        app.query_one("#side").remove_class("-gone")
        await pilot.pause()
        await pilot.pause()
        rows = drawn(app, log)
        assert log.scrollable_content_region.width < 40 < wide
        assert words(rows) == words(LINES)
        assert all(len(row) <= log.scrollable_content_region.width for row in rows)
        # and grows back: one row for a line that fits again
        app.query_one("#side").add_class("-gone")
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        await pilot.pause()
        assert LINES[1] in drawn(app, log)
        assert words(drawn(app, log)) == words(LINES)


async def test_new_lines_are_wrapped_at_the_current_width_and_kept_in_sight():
    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        more = LINES + tuple(f"Line {n}: Bram asks for one more weapon." for n in range(20))
        log.set_lines(more)
        await pilot.pause()
        await pilot.pause()
        rows = drawn(app, log)
        assert rows[-1] == "Line 19: Bram asks for one more weapon."
        await pilot.resize_terminal(30, 8)
        await pilot.pause()
        await pilot.pause()
        # the newest line, wrapped, is still the last thing shown
        assert words(drawn(app, log)[-2:]) == words(more[-1:])


async def test_boss_quest_log_keeps_its_words_when_last_combat_appears():
    """At 120x36 before any combat the log is wide; after round 1 the "Last
    combat" panel takes part of its room and the terminal shrinks to 80x24:
    the screen is drawn again for its new size and every line of the log is
    still there in full."""
    state = full_state(history=False)
    update = make_update(state, log=LINES)
    app = ScreenApp(update)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        log = app.screen.query_one("#bq-log", GameLog)
        assert words(drawn(app, log)) == words(LINES)
        app.game_screen.show(make_update(full_state(), log=LINES))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        # round 1's combat comes up first, until a key (tui/screens/bossquest.py)
        assert app.game_screen.holds_the_table
        assert "Combat: round 1" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.query_one("#bq-last").display
        # redrawn for 80x24: no spell texts, the log has its room
        assert "Increases the Boss's HP" not in screen_text(app)
        rows = drawn(app, log)
        assert words(rows) == words(LINES)
        assert all(len(row) <= log.scrollable_content_region.width for row in rows)



async def test_appended_lines_an_undo_and_the_oldest_dropped():
    """New lines are added to what is wrapped; an undo (a shorter log) is
    drawn again; past KEEP lines the oldest go."""
    from tui.widgets.gamelog import KEEP

    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        many = tuple(f"Line {n}." for n in range(KEEP + 20))
        log.set_lines(many[:KEEP - 1])
        log.set_lines(many)  # appended, past KEEP
        assert log.rows == many[-KEEP:]
        log.set_lines(many[:-1])  # an undo took the last line back
        assert log.rows == many[-KEEP - 1:-1]
        log.set_lines((*many[:-1], LINES[0]))
        await pilot.pause()
        await pilot.pause()
        assert words(log.rows[-3:]) == words(LINES[:1])
        assert words(drawn(app, log)[-3:]) == words(LINES[:1])


async def test_lines_followed_one_at_a_time_draw_as_a_fresh_log_would():
    """Following new lines keeps the rows already drawn (moved up) and draws
    only the rows that come into sight; every frame is the same as drawing
    the log afresh."""
    from textual.geometry import Region

    app = LogApp()
    async with app.run_test(size=(60, 8)) as pilot:
        await settle(pilot)
        log = app.query_one(GameLog)
        lines = LINES
        for n in range(13):
            rows_before = len(log.rows)
            lines = (*lines, f"Line {n}: Bram asks for one more weapon." * (1 + n % 3))
            log.set_lines(lines)
            top = log.content_offset.y
            content = range(top, top + log.scrollable_content_region.height)
            to_draw = [y for y in content if log._styles_cache.is_dirty(y)
                       or y not in log._styles_cache._cache]
            assert len(to_draw) == len(log.rows) - rows_before
            await pilot.pause()
            whole = Region(0, 0, log.size.width, log.size.height)
            drawn_now = [strip._segments for strip in log.render_lines(whole)]
            log._styles_cache.clear()
            assert drawn_now == [strip._segments for strip in log.render_lines(whole)]
        assert drawn(app, log)[-1] == "Line 12: Bram asks for one more weapon."


async def test_words_keep_a_cell_from_the_scrollbar():
    """Play-test (the Duel's log): a line that filled the width had its last
    word touching the scrollbar. The text stops a cell short of it."""
    app = LogApp()
    async with app.run_test(size=(41, 10)) as pilot:
        log = app.query_one(GameLog)
        width = log.scrollable_content_region.width  # 40: beside the scrollbar
        # three nine-letter words and a ten-letter one fill the width to a cell
        line = " ".join(["ninecells"] * 3 + ["tenletters"])
        assert len(line) == width
        log.set_lines([line, *LINES])
        await pilot.pause()
        rows = drawn(app, log)
        assert words(rows) == words([line, *LINES])
        assert rows[:2] == [" ".join(["ninecells"] * 3), "tenletters"]
        assert all(len(row) <= width - 1 for row in rows), rows
