"""Saved matches: a table of journals; Enter resumes, d deletes.

Each row fits 80 columns: the game, who plays (people by name, bots
counted), when it was last played, how far it got (the game's rounds or
turns), its result and, for a damaged journal, its problem in a word; the
line under the table says the whole of it for the highlighted match. A
wider screen gives the columns its room, and each match's ID first."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar

import attrs
from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static

from tui import resources
from tui.bot_levels import level_mark, saved_seats, saved_seats_fitting
from tui.plain import cell, listed, plain, printable, shortened
from tui.row_table import RowTable

#: (heading, width): 67 cells of text and 2 of padding each fit 80 columns
COLUMNS = (
    ("Game", 13),
    ("Players", 17),
    ("Played", 10),
    ("Progress", 8),
    ("Result", 9),
    ("Problem", 10),
)

#: seconds between looks at which listed matches are being played: a row
#: kept saying "playing" after another terminal had left its match
PLAYING_CHECK_SECONDS = 3.0


def names_of(players: Any) -> list[str]:
    out = []
    for p in players or ():
        out.append(str(getattr(p, "name", p)))
    return out


def when(value: Any, *, seconds: bool = False) -> str:
    """A timestamp as 'YYYY-MM-DD HH:MM' (with `seconds`, ':SS') in local time."""
    if value is None:
        return ""
    if isinstance(value, int | float):
        value = datetime.fromtimestamp(value)
    elif isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return value[:19 if seconds else 16]
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            value = value.astimezone()
        return value.strftime("%Y-%m-%d %H:%M:%S" if seconds else "%Y-%m-%d %H:%M")
    return str(value)


def short(text: str, width: int) -> str:
    """`text` in at most `width` cells, an ellipsis marking a cut."""
    return text if len(text) <= width else text[: max(0, width - 1)] + "…"


def players_text(saved: Any) -> str:
    """Who plays (`SavedMatch.who_plays`): "Ann, Bram +2 bots", "Ann solo"."""
    return saved.who_plays()


def match_words(saved: Any) -> str:
    """A saved match in words, "Overseers (Ann, Bram +1 bot)": its names
    cut (they come from a file, and may be of thousands of characters)."""
    return f"{saved.title} ({saved.who_plays(seats=4, name=20)})"


#: the cells of a notice's row (a toast 40 wide, less its padding and edge)
NOTICE_ROW = 36


def name_line(name: str, width: int = NOTICE_ROW) -> str:
    """A file's name for a row of its own: whole if it fits, else cut in
    its middle ("20261206T1…overstocked-75dff0ad.jsonl"), its end (the id,
    the ".jsonl") kept. A name too long for the row broke across two."""
    if cell_len(name) <= width:
        return name
    tail = ""
    for char in reversed(name):
        if cell_len(tail) + cell_len(char) > width // 2:
            break
        tail = char + tail
    return shortened(name, width - cell_len(tail)) + tail


def problem_text(saved: Any) -> str:
    """The problem of a damaged journal in a word or two ("" when sound)."""
    return str(saved.problem_word) if saved.problem else ""


def problem_detail(saved: Any) -> str:
    """The whole problem, without the file's path (the detail line names it)."""
    text = str(saved.problem or "")
    path = str(saved.path)
    if text.startswith(path):
        text = text[len(path):].lstrip(",: ")
    return text[:1].upper() + text[1:]


#: the rows of the detail under the list (saved.tcss)
DETAIL_ROWS = 4
#: ends a detail cut to its rows: the key that shows it whole
MORE = " (p: read all)"


def clipped(text: str, width: int, rows: int = DETAIL_ROWS) -> str:
    """`text` as it fits `rows` rows of `width` cells: whole, or cut at the
    last row with "…" and `MORE` (a long problem lost its end, with no
    sign that there was more)."""
    lines = [line.plain.rstrip() for line in Content(text).wrap(max(width, 1))]
    if len(lines) <= rows:
        return text
    last = lines[rows - 1]
    room = width - cell_len(MORE)
    last = shortened(last, room) if cell_len(last) >= room else last + "…"
    return "\n".join([*lines[: rows - 1], last + MORE])


def joined(parts: list[str], width: int, sep: str = " · ") -> str:
    """`parts` joined by `sep` on a row while the next fits it, else on a
    new row: wrapped at the row's end, a "·" was left dangling there and
    the next part (a file's name) began the next row."""
    text = ""
    for part in parts:
        if not text:
            text = part
            continue
        rows = Content(text).wrap(max(width, 1))
        last = rows[-1].plain.rstrip() if rows else ""
        fits = cell_len(last) + cell_len(sep) + cell_len(part.split("\n")[0]) <= width
        text += (sep + part) if fits else ("\n" + part)
    return text


#: what Details names of a saved match's seats: a damaged header may hold
#: 300,000 of them, with names and levels of thousands of characters
DETAILS_SEATS = 8
DETAILS_NAME = 24
DETAILS_LEVEL = 16


def seats_text(saved: Any) -> str:
    """Each seat, a bot's with its level: "Ann, Bram (hard bot)", as the
    results, F1 and Continue say it (it read "(bot: hard)"); cut. A solo
    match as its row says it: "Ann solo" (it read "Ann, Bram (bot)")."""
    if getattr(saved, "solo", False) and hasattr(saved, "who_plays"):
        return str(saved.who_plays(seats=DETAILS_SEATS, name=DETAILS_NAME))
    seats = list(getattr(saved, "seats", ()) or ()) or [(name, False, None)
                                                          for name in saved.players]
    shown = []
    for name, bot, level in seats[:DETAILS_SEATS]:
        text = shortened(str(name), DETAILS_NAME)
        if bot:
            text += level_mark(shortened(str(level), DETAILS_LEVEL)) if level else " (bot)"
        shown.append(text)
    more = len(seats) - DETAILS_SEATS
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def stopped_text(saved: Any) -> str:
    """Where the match stopped: "Ann to play, round 2 · 43 actions"; a box
    left unread first: "the end of round 1 (unread), then ..."."""
    names = [shortened(str(n), DETAILS_NAME) for n in getattr(saved, "to_play", ())]
    where = []
    if names and not saved.finished:
        cut = names[:4] + ([f"{len(names) - 4} more"] if len(names) > 4 else [])
        where.append(f"{listed(cut)} to play")
    if getattr(saved, "progress", ""):
        where.append(str(saved.progress))
    count = f"{saved.actions} action{'' if saved.actions == 1 else 's'}"
    if getattr(saved, "left_out", None):
        count += f" ({saved.left_out} line{'' if saved.left_out == 1 else 's'} left out)"
    said = " · ".join(part for part in (", ".join(where), count) if part)
    unread = getattr(saved, "unread", "")
    if unread and not saved.finished:
        # Continue brings it back first (kept beside the journal)
        said = f"{unread} (unread), then {said}"
    return said


#: the Result of a match open now (not finished), in this window or in
#: another window or terminal: it read "playing", beside "in play" for one
#: not open, and a play-test mixed the two up (`result_text`)
OPEN_HERE = "open here"
OPEN_ELSEWHERE = "open elsewhere"
#: the state of a match in Details, for the list's Result words that are not plain
STATE_WORDS = {OPEN_HERE: "open in this window now",
               OPEN_ELSEWHERE: "open in another window or terminal now"}
#: the most characters of the options Details shows
DETAILS_OPTIONS = 300


def _is_folder(path: Any) -> bool:
    """Whether `path` is a folder itself (a link to one is only a link)."""
    try:
        return Path(path).is_dir() and not Path(path).is_symlink()
    except OSError:
        return False


def result_text(saved: Any, *, here: bool = False) -> str:
    """The Result column's words for `saved` (`here`: the match is open in
    this window)."""
    if not saved.finished:
        if getattr(saved, "in_use", False):
            # a finished match open on its results still shows who won
            return OPEN_HERE if here else OPEN_ELSEWHERE
        if getattr(saved, "superseded_by", None):
            return "continued"  # in a new file (the detail line names it)
        # a file with no match header holds no match to be in play (its
        # problem column says what it is)
        return "in play" if getattr(saved, "match_id", "") else "no match"
    names = names_of(saved.players)
    winners = []
    for w in saved.winners or ():
        if isinstance(w, int) and 0 <= w < len(names):
            winners.append(names[w])
        else:
            winners.append(str(w))
    if not winners and len(names) == 1:
        return "lost"  # one player (the Solo Quest) and no winner
    return ("won: " + ", ".join(winners)) if winners else "finished"


def played(saved: Any, today: str | None = None) -> str:
    """When the match was last played: the time for today's, to the second
    ("14:05:33": copies of a journal, and a day's matches a few seconds
    apart, read apart; seconds for some rows alone read as two formats),
    else the day ("2025-12-24"); the detail line has both."""
    stamp = when(getattr(saved, "updated", None) or saved.created, seconds=True)
    today = today if today is not None else datetime.now().strftime("%Y-%m-%d")
    if stamp[:10] == today and len(stamp) >= 19:
        return stamp[11:19]
    return stamp[:10]


def row_of(saved: Any, today: str | None = None, *, here: bool = False) -> tuple[str, ...]:
    """The cells of `saved`'s row, whole (`fit` cuts them to the columns;
    `here`: the match is open in this window)."""
    title = str(saved.title or saved.game)
    return (
        f"{title} · shared" if getattr(saved, "shared", False) else title,
        players_text(saved),
        played(saved, today),
        str(getattr(saved, "progress", "") or ""),
        result_text(saved, here=here),
        problem_text(saved),
    )


def rows_of(matches: list[Any], today: str | None = None,
            here: Callable[[Path], bool] | None = None) -> list[tuple[str, ...]]:
    """The rows of `matches`, whole (`today`: a day as 'YYYY-MM-DD', for
    tests; `here`: whether a match's file is the one open in this window)."""
    return [row_of(saved, today, here=bool(here and here(Path(saved.path))))
            for saved in matches]


#: the columns given room others leave, first served first: a result
#: ("won: Bram and Cora") was cut while the Problem column stood empty
WIDENS_FIRST = ("Result", "Players", "Problem", "Game", "Progress", "Played")
#: the columns that give room they do not use, first asked first
GIVES_FIRST = ("Problem", "Progress", "Game", "Played", "Players", "Result")


#: the most cells the ID column takes (a copy's file name can be long)
ID_WIDTH = 24

#: the cells of text `COLUMNS` take (80 columns with their padding)
ROOM = sum(width for _, width in COLUMNS)


def fit(rows: list[tuple[str, ...]], room: int = ROOM) -> tuple[int, ...]:
    """The columns' widths for `rows`, in `room` cells of text (`ROOM`: 80
    columns; more on a wider screen): a column whose cells are cut takes
    the room another's cells and heading leave, then the room beyond
    `ROOM`; with nothing cut, each keeps its own width."""
    headings = [heading for heading, _ in COLUMNS]
    widths = [width for _, width in COLUMNS]
    wanted = [max([len(heading)] + [len(row[i]) for row in rows])
              for i, heading in enumerate(headings)]
    need = sum(max(0, want - width) for want, width in zip(wanted, widths, strict=True))
    # a wide screen's room: the Problem column read "unknown ga…" at 160 columns
    spare = max(0, room - ROOM)
    for heading in GIVES_FIRST:
        i = headings.index(heading)
        give = min(max(0, widths[i] - wanted[i]), max(0, need - spare))
        widths[i] -= give
        spare += give
    for heading in WIDENS_FIRST:
        i = headings.index(heading)
        more = min(spare, max(0, wanted[i] - widths[i]))
        widths[i] += more
        spare -= more
    return tuple(widths)


class SavedScreen(Screen):
    """Every journal in the data directory, newest first."""

    #: the match this window is opening from the list (`action_resume`)
    _opening: Path | None = None

    CSS_PATH = resources.css_path("saved.tcss")
    #: taller than 24 rows (`-tall`), a list shorter than the screen stands
    #: in its middle; at 80x24 it keeps the top
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (25, "-tall")]

    HELP_TITLE = "Saved matches"
    #: the Result column's words that are not a result (F1, `help_sections`)
    RESULT_WORDS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("in play", "Not finished: Enter resumes it"),
        (OPEN_HERE, "Not finished, and open in this window (the match under this list)"),
        (OPEN_ELSEWHERE, "Not finished, and open in another window or terminal: it cannot be "
                         "deleted, and the list looks again every few seconds"),
        ("continued", "The match went on in a new file (the line under the list names "
                      "it): Enter opens that one"),
    )

    BINDINGS = [
        # Enter's word for the highlighted row (`check_action`): a finished
        # match opens on its results ("↵ Resume" said otherwise)
        Binding("enter", "resume", "Resume", show=True, priority=True),
        Binding("enter", "results", "Results", show=True, priority=True,
                tooltip="Open the highlighted finished match's results"),
        Binding("d,delete", "delete", "Delete"),
        # ("Read all" read as more than it shows: the line under the list, whole)
        Binding("p", "read_all", "Details",
                tooltip="The highlighted match's details: each seat (a bot's level), the "
                        "options, where it stopped, when it was played, its ID"),
        Binding("f5,ctrl+r", "reload", "Reload", show=False),
        Binding("q,escape,backspace", "back", "Back"),
    ]

    def __init__(self, select: Path | None = None, named: str | None = None) -> None:
        super().__init__()
        self.matches: list[Any] = []
        #: the match whose row the list opens on (back from its results)
        self._select = select
        #: an id `overtable resume` was given that names several saves: they
        #: are marked, the cursor on the first (it sat on an unrelated row)
        self.named = named
        #: the paths of the saves `named` names, in the list's order
        self.candidates: list[Path] = []
        #: the notices this list put up about a row (d's refusals), taken
        #: down when a box opens: they covered its top right
        self._notices: list[str] = []
        #: the list is still being read: keys typed meanwhile wait for its
        #: rows (`KeysInOrder`; a Down sent just after s moved nothing)
        self.filling = True

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="saved-box"):
            yield Static("Saved matches", id="saved-title", classes="form-title")
            yield RowTable(id="saved-table", cursor_type="row", zebra_stripes=True)
            yield Static("", id="saved-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DataTable).focus()
        self.action_reload()
        self.set_interval(PLAYING_CHECK_SECONDS, self._look_again)

    def on_screen_resume(self) -> None:
        self._opening = None
        self.check_playing()  # back from a match, or another screen

    def _look_again(self) -> None:
        """The timer's look, while the list is in sight: under a box (a
        damaged match's, which holds the match open while it asks) the
        list found that match "open elsewhere" and laid its columns out
        again around it, then back. Back on top it looks at once."""
        if self.is_active:
            self.check_playing()

    @work(thread=True, exclusive=True, group="saved-playing")
    def check_playing(self) -> None:
        """Look again at which listed matches are being played (one lock
        probe each, off the event loop) and mark their rows."""
        matches = self.matches
        if not matches:
            return
        playing = self.app.saved_in_play([Path(m.path) for m in matches])  # type: ignore[attr-defined]
        self.app.call_from_thread(self._mark_playing, matches, playing)

    def help_sections(self) -> list[tuple[str, tuple[tuple[str, str], ...]]]:
        """F1: what the Result column's states mean."""
        return [("Result column", self.RESULT_WORDS)]

    def _open_here(self, path: Path) -> bool:
        """Whether the match saved at `path` is the one open in this window."""
        playing = getattr(self.app, "_playing", None)
        return bool(callable(playing) and playing(path))

    def _mark_playing(self, matches: list[Any], playing: set[Path]) -> None:
        if matches is not self.matches or not self.is_active:
            return  # listed again meanwhile, or a box came up over it (`_look_again`)
        # the match this window is opening holds its lock before its box or
        # screen comes up: a look landing then found it "open elsewhere"
        playing = playing - {self._opening}
        marked = [m if m.in_use == (Path(m.path) in playing)
                  else attrs.evolve(m, in_use=not m.in_use) for m in matches]
        if marked != matches:
            self.matches = marked
            self._lay_out()
            self._describe()
            self.action_reload()  # its moves there: when it was played, how far it got

    @work(thread=True, exclusive=True, group="saved-list")
    def action_reload(self) -> None:
        try:
            matches = self.app.saved_matches()  # type: ignore[attr-defined]
            error = None
        except Exception as exc:
            matches, error = [], exc
        self.app.call_from_thread(self._fill, matches, error)

    def _fill(self, matches: list[Any], error: BaseException | None) -> None:
        self.matches = matches
        table = self.query_one(DataTable)
        row = table.cursor_row
        first_fill = self.named is not None and not table.columns
        self._lay_out()
        detail = self.query_one("#saved-detail", Static)
        if error is not None:
            from tui.screens.home import cannot_list_text

            detail.update(plain(cannot_list_text(error)))
        elif not matches:
            detail.update("No saved match yet. Start one from the home screen (n).")
        if self._select is not None:
            row = next((i for i, m in enumerate(matches) if Path(m.path) == self._select), row)
            self._select = None
        elif first_fill and self.candidates:
            row = next(i for i, m in enumerate(matches) if Path(m.path) in self.candidates)
        if matches:
            table.move_cursor(row=min(row, len(matches) - 1))
        self._fit_table()
        self._describe()
        if self.filling:
            self.filling = False
            self.app.screen_filled()  # type: ignore[attr-defined]

    def _lay_out(self) -> None:
        """The list's columns and rows for the screen's width: wider than
        80 columns the columns take the room (a problem was cut there) and
        each save's ID (what `overtable resume` takes) comes first."""
        app: Any = self.app
        matches = self.matches
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear(columns=True)
        self.candidates = ([Path(m.path) for m in app.saves_named(self.named, matches)]
                           if self.named and matches else [])
        if len(self.candidates) < 2:
            self.candidates = []
        rows = rows_of(matches, here=self._open_here)
        marked = [Path(m.path) in self.candidates for m in matches]
        rows = [("▸ " + cells[0], *cells[1:]) if mark else cells
                for cells, mark in zip(rows, marked, strict=True)]
        # the screen's cells less each column's padding and a scroll bar
        room = (self.app.size.width or 80) - 2 * len(COLUMNS) - 1
        ids = app.saved_ids(matches) if matches else []
        id_width = min(ID_WIDTH, max((cell_len(i) for i in ids), default=0))
        with_ids = bool(ids) and room - (id_width + 2) >= ROOM
        if with_ids:
            room -= id_width + 2
            table.add_column("ID", width=id_width)
        widths = fit(rows, room)
        for (heading, _), width in zip(COLUMNS, widths, strict=True):
            table.add_column(heading, width=width)
        for index, cells in enumerate(rows):
            shown = [cell(short(text, width)) for text, width in zip(cells, widths, strict=True)]
            if with_ids:
                shown.insert(0, cell(short(ids[index], id_width)))
            table.add_row(*shown, key=str(index))
        # the box as wide as the list, never narrower than 80 columns
        self.query_one("#saved-box").styles.max_width = max(
            80, sum(widths) + 2 * len(COLUMNS) + 1 + (id_width + 2 if with_ids else 0))
        if matches:
            table.move_cursor(row=min(max(row, 0), len(matches) - 1))
        title = "Saved matches"
        if self.candidates:
            title += f" · {self.named!r} names the {len(self.candidates)} marked ▸"
        self.query_one("#saved-title", Static).update(plain(title))

    def on_resize(self) -> None:
        if self.matches and self.query_one(DataTable).columns:
            self._lay_out()  # the columns take the new width
        self._fit_table()
        self.call_after_refresh(self._describe)  # cut to the new width, once laid out

    def _fit_table(self) -> None:
        """Taller than 24 rows the list is no higher than its rows, so that a
        short one stands in the middle of the screen with its title and
        detail (`saved.tcss`); a long one still takes the room they leave
        and scrolls. At 80x24 it fills the screen, as it did."""
        table = self.query_one(DataTable)
        rows = table.row_count + (1 if table.show_header else 0)
        table.styles.max_height = max(rows, 1) if self.has_class("-tall") else None

    def selected(self) -> Any | None:
        table = self.query_one(DataTable)
        if not self.matches or table.cursor_row < 0:
            return None
        index = table.cursor_row
        return self.matches[index] if index < len(self.matches) else None

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._describe()

    def _opens_results(self) -> bool:
        """Whether Enter opens the highlighted match's results (it is
        finished, or the match it went on in is)."""
        saved = self.selected()
        if saved is None:
            return False
        return bool((self._continuation(saved) or saved).finished)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is "Results" on a finished match, "Resume" on another."""
        if action == "resume":
            return not self._opens_results()
        if action == "results":
            return self._opens_results()
        return True

    def action_results(self) -> None:
        self.action_resume()

    def _describe(self) -> None:
        self.refresh_bindings()  # Enter's word for the row: Resume or Results
        saved = self.selected()
        if saved is None:
            return
        detail = self.query_one("#saved-detail", Static)
        # the detail's own width once laid out (80 columns less its padding before)
        width = detail.content_region.width or 78
        detail.update(plain(clipped(self._detail(saved, width=width), width)))

    def _detail(self, saved: Any, *, named: bool = True, width: int = 78) -> str:
        """All the line under the list says of `saved` (`clipped` to fit),
        its parts wrapped at `width`; without its file's name (`named`
        False) under a title naming it."""
        last = when(getattr(saved, "updated", None) or saved.created)
        options = ", ".join(getattr(saved, "options", ()) or ())
        played_with = f" · {options}" if options else ""
        # each bot with its level, as Continue says it: the whole words
        # where the names fit a row, else shorter, one form for them all
        who = saved_seats_fitting(saved, lambda names: cell_len(names) <= width)
        # a file with no match header names nobody: it read " · last played ..."
        text = joined([part for part in (f"{who}{played_with}", f"last played {last}",
                                         Path(saved.path).name if named else "") if part], width)
        return text + self._more(saved)

    def _more(self, saved: Any) -> str:
        """What the detail says beyond its first line: a shared table's, a
        continued one's, a problem, notes (each on a row of its own)."""
        text = ""
        if getattr(saved, "shared", False):
            text += ("\nA shared table's match" + ("." if saved.finished else
                     ": it goes on at the shared tables (overtable host or hub)."))
        continued = self._continuation(saved)
        if continued is not None:  # before the problem: a long one is cut (`clipped`)
            text += (f"\nContinued in {Path(continued.path).name}: Enter opens that one "
                     "(this file is kept as it was).")
        if saved.problem:
            text += f"\nProblem: {problem_detail(saved)}"
        for note in getattr(saved, "notes", ()):
            text += f"\nNote: {note}"
        return text

    def details(self, saved: Any) -> str:
        """Details (p): more than the line under the list. The game and its
        state, each seat with its bot's level, the options, where the match
        stopped, when it started and was last played, its ID; then what
        the line says beyond its first row. All of it comes from a file:
        cut (`seats_text`), never markup (shown `plain`)."""
        if not getattr(saved, "match_id", ""):
            return self._detail(saved, named=False)  # no match to describe: the file's problem
        state = result_text(saved, here=self._open_here(Path(saved.path)))
        rows = [f"{saved.title or saved.game} · {STATE_WORDS.get(state, state)}",
                f"Seats: {seats_text(saved)}"]
        options = ", ".join(str(o) for o in getattr(saved, "options", ()) or ())
        rows.append(f"Options: {shortened(options, DETAILS_OPTIONS) or 'none (the standard game)'}")
        rows.append(f"{'Ended at' if saved.finished else 'Stopped at'}: {stopped_text(saved)}")
        started = when(saved.created)[:16]
        last = when(getattr(saved, "updated", None) or saved.created)[:16]
        rows.append(f"Started {started} · last played {last}" if started else f"Last played {last}")
        index = next((i for i, m in enumerate(self.matches) if m is saved), None)
        if index is not None:
            listed_id = self.app.saved_ids(self.matches)[index]  # type: ignore[attr-defined]
            rows.append(f"ID: {listed_id} (overtable resume {listed_id})")
        return "\n".join(rows) + self._more(saved)

    def _say(self, message: str, *, severity: str = "warning", timeout: float | None = None) -> None:
        """A notice about a row (its text from a file: printable, not markup)."""
        message = printable(message)
        self._notices.append(message)
        self.notify(message, severity=severity, markup=False, timeout=timeout)  # type: ignore[arg-type]

    def _withdraw_notices(self) -> None:
        """Take down this list's notices, before a box opens under them."""
        for message in self._notices:
            self.app.withdraw_notice(message)  # type: ignore[attr-defined]
        self._notices.clear()

    def action_read_all(self) -> None:
        """The highlighted match's details, in a dialog."""
        saved = self.selected()
        if saved is None:
            return
        self._withdraw_notices()
        from tui.screens.confirm import ConfirmScreen

        # (the title names the file: the box named it twice)
        self.app.push_screen(ConfirmScreen(Path(saved.path).name, self.details(saved),
                                           yes="OK", no=None))

    def _continuation(self, saved: Any) -> Any:
        """The listed match that `saved` goes on in (a damaged or edited
        journal continues in a new file), the last of a chain; None if none."""
        by_id = {m.match_id: m for m in self.matches if getattr(m, "match_id", "")}
        found = None
        seen: set[str] = set()
        next_id = getattr(saved, "superseded_by", None)
        while next_id and next_id in by_id and next_id not in seen:
            seen.add(next_id)
            found = by_id[next_id]
            next_id = getattr(found, "superseded_by", None)
        return found

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resume()

    def action_resume(self) -> None:
        saved = self.selected()
        if saved is None:
            return
        # the original of a match that went on in a new file: resuming it
        # again would start a second, diverging copy
        saved = self._continuation(saved) or saved
        # (a box may open: "This match is being played" under d's notice)
        self._withdraw_notices()
        self._opening = Path(saved.path)
        self.app.open_path(Path(saved.path), from_saved=True)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        saved = self.selected()
        if saved is None:
            return
        from tui.screens.confirm import ConfirmScreen

        name = Path(saved.path).name
        playing = bool(self.app.saved_in_play([Path(saved.path)]))  # type: ignore[attr-defined]
        others = {Path(m.path) for m in self.matches if m.in_use and m is not saved}
        self._mark_playing(self.matches, others | ({Path(saved.path)} if playing else set()))
        # named in words, or by its file's name on a row of its own: a name
        # in a sentence broke in the middle across the notice's rows
        named = match_words(saved) if saved.match_id else "this file"
        tail = "" if saved.match_id else f"\n{name_line(name)}"
        if playing:
            # said at once: it asked "Delete this match?" and refused after y
            self._say(f"{named[:1].upper()}{named[1:]} is being played now, so it "
                      f"cannot be deleted. Leave the match first.{tail}")
            return
        if _is_folder(saved.path):
            # not a file Overtable wrote: offering "removed for good" then
            # failing ("Is a directory") read as a delete that went wrong
            self._say("This is a folder, not a saved match: Overtable leaves it alone. Move "
                      f"or remove it yourself if it should not be there.\n{name_line(name)}",
                      timeout=8)
            return
        if not saved.match_id or saved.game == "?":
            # no match to name (it read "Delete this match? ? ·  · last played ..."): the file
            title = f"Delete the unreadable file {name}?"
            question = f"{problem_detail(saved)}\n\nThe file is removed for good."
        else:
            # each bot with its level, as the line under the list and
            # Details name it (it read "Ann, Bram, Cora" for a hard bot)
            players = ", ".join(saved_seats(saved))
            title = "Delete this match?"
            question = (
                f"{saved.title or saved.game} · {players} · last played "
                f"{when(getattr(saved, 'updated', None) or saved.created)}\n{name}\n\n"
                "The journal is removed for good."
            )

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.delete_saved(saved.path)  # type: ignore[attr-defined]
            except OSError as error:  # "[Errno 30] Read-only file system: '...'" read as a trace
                reason = error.strerror or str(error)
                self.notify(printable(f"Could not delete {named}: {reason}. It is still there.{tail}"),
                            severity="error", markup=False)
            except Exception as error:
                self.notify(printable(f"Could not delete: {error}"), severity="error", markup=False)
            else:
                self.notify("Match deleted.")
            self.action_reload()

        self._withdraw_notices()
        self.app.push_screen(ConfirmScreen(title, question, yes="Delete"), answer)

    def action_back(self) -> None:
        self.app.pop_screen()
