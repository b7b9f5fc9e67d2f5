"""Game over: standings, the score pad and, where the game keeps a history,
small charts of each player's progress round by round. Drawn from the final
`SeatUpdate` alone (its outcome, names and view)."""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Header, Label, Static

from core.engine import name_seats
from host.messages import GONE_MARK, SeatUpdate, split_mark
from tui import resources
from tui.bindings import drop_key, relabel
from tui.bot_levels import with_level
from tui.plain import cell, plain, shortened
from tui.screens.game import game_of, say_offline
from tui.widgets.footer import Footer
from tui.widgets.hints import withdraw_hints
from tui.widgets.roundchart import RoundChart, RoundsCaption


def standings(scores: tuple[int, ...], winners: frozenset[int]) -> list[tuple[int, int]]:
    """(place, seat) best first; equal scores share a place, winners first."""
    order = sorted(range(len(scores)), key=lambda s: (s not in winners, -scores[s], s))
    places: list[tuple[int, int]] = []
    previous: tuple[bool, int] | None = None
    place = 0
    for index, seat in enumerate(order):
        key = (seat in winners, scores[seat])
        if key != previous:
            place = index + 1
            previous = key
        places.append((place, seat))
    return places


def shown_scores(game_id: str, outcome: Any) -> tuple[int, ...]:
    """The "Score" each seat's row shows: the game's points as counted
    (`Outcome.counted`), or the ranking's scores (`Outcome.scores`) for a
    game whose rules say the results show those (`results_show_scores`,
    Boss Quest's BQ-26: a knight placed below another with as many keys
    scores one less)."""
    game = game_of(game_id)
    if getattr(game, "results_show_scores", False):
        return tuple(outcome.scores)
    return tuple(outcome.counted)


def round_series(state: Any, attribute: str, players: int) -> list[list[float]] | None:
    """Per seat, `attribute` (e.g. keys_after) after each round of `state.history`."""
    history = getattr(state, "history", None)
    if not history or not hasattr(history[0], attribute):
        return None
    return [[float(getattr(r, attribute)[seat]) for r in history] for seat in range(players)]


def pad_widths(room: int, label: int, names: Sequence[int], numbers: Sequence[int],
               padding: int = 1) -> tuple[int, list[int]]:
    """The cells a score pad gives its row labels and each player's name,
    for `room` cells in all: a name as wide as it is while they fit, else
    all capped alike, but never narrower than its numbers (`numbers`: the
    widest figure of each column); row labels give up what then still
    does not fit."""
    room -= 2 * padding * (len(names) + 1)
    widths = [max(n, f) for n, f in zip(names, numbers, strict=True)]
    cap = max(widths, default=0)
    while cap > 1 and label + sum(widths) > room:
        cap -= 1
        widths = [max(min(n, cap), f) for n, f in zip(names, numbers, strict=True)]
    return max(label if label + sum(widths) <= room else room - sum(widths), 6), widths


def right(value: Any) -> Text:
    """A DataTable cell right-aligned in its column (`cell`): a number, or
    the heading over numbers."""
    text = cell(value)
    text.justify = "right"
    return text


#: a standings row's word for a seat its player left for good, a bot
#: playing it to the end (the lobby's "left — bot playing", now over)
LEFT_WORDS = " (left — bot played)"


def headline(names: Sequence[str], winners: Sequence[int], left: frozenset[int],
             how: str = "") -> str:
    """Who won, in words: "Ann wins!"; a seat whose player left for good is
    the seat's win, not theirs ("Bob's seat wins (a bot played it after Bob
    left)": it read "Bob wins!" of a match Bob had left). `how`, after
    "wins", is how a tie on the points was broken (the game's
    `results_tie_words`): "Bram wins on the tile score, 26 to 19 (tied at
    35)", its bracket the left seat's too ("(tied at 35; a bot played it
    after Bram left)")."""
    if not winners:  # a lost Solo Quest: its ending is in the notes
        return "the quest is lost."
    said = [f"{names[s]}'s seat" if s in left else names[s] for s in winners]
    head = " and ".join(said) + (" win" if len(said) > 1 else " wins") + how
    gone = [names[s] for s in winners if s in left]
    if not gone:
        return head if how else head + "!"
    said_left = (f"a bot played it after {gone[0]} left" if len(gone) == 1
                 else f"bots played them after {' and '.join(gone)} left")
    # one bracket, not two in a row: "(tied at 35; a bot played it after Bram left)"
    if how.endswith(")"):
        return f"{head[:-1]}; {said_left})"
    return f"{head} ({said_left})"


def left_seats(update: SeatUpdate, game_screen: Any = None) -> frozenset[int]:
    """The seats of `update`'s match whose players left it for good, a bot
    playing them to the end: marked so in its names (`GONE_MARK`), or in
    the lobby's row of the shared table it was played at (a match opened
    again after the hub restarted may not mark them)."""
    left = {seat for seat, name in enumerate(update.names) if split_mark(name)[1] == GONE_MARK}
    port = getattr(game_screen, "port", None)
    remote = getattr(port, "remote", None)
    for table in getattr(remote, "tables", ()):
        if table.get("table") == getattr(port, "table", None):
            seats = table.get("seats") or []
            if len(seats) == len(update.names):
                left |= {seat for seat, entry in enumerate(seats) if entry.get("gone")}
    return frozenset(left)


def _title(game_id: str) -> str:
    game = game_of(game_id)
    return game.title if game is not None else game_id


class ResultsScroll(VerticalScroll):
    """The results' scrolling column: once laid out at a new size (the pad
    gone beside the standings, the terminal resized) it has the screen say
    again what is below the fold. (`max_scroll_y` is no reactive: a watch
    on it never fired, and the line stayed as the first layout left it.)"""

    def on_resize(self) -> None:
        say_more = getattr(self.screen, "_say_more", None)
        if say_more is not None:
            self.call_after_refresh(say_more)


class ResultsScreen(Screen):
    """Shown when a match ends; Rematch keeps the players and options."""

    CSS_PATH = resources.css_path("results.tcss")

    HELP_TITLE = "Results"

    BINDINGS = [
        Binding("r", "rematch", "Rematch"),
        Binding("b", "board", "Final table"),
        # q first: the footer says "q Home" as the final table and every
        # game screen do (it said "h Home", and h on the final table did nothing)
        Binding("q,h,escape,backspace", "home", "Home"),
    ]

    def __init__(self, update: SeatUpdate, *, shared: bool = False,
                 to_saved: bool = False, left: frozenset[int] = frozenset()) -> None:
        super().__init__()
        #: the final update of the match, from the seat shown
        self.update = update
        #: the players' names only: a seat's status ("bob (away — bot
        #: playing)") is the match's, over once it ends
        self.names = tuple(split_mark(name)[0] for name in update.names)
        #: the seats whose players left the match for good (`left_seats`):
        #: a bot played them to the end, and the results say so
        self.left = left
        #: a shared table's results: q leads back to the lobby, as at the
        #: table itself (the footer said h, the final table's prompt q); h,
        #: for Home, is not a key there (F1 listed it first, "h / q: Lobby")
        self.shared = shared
        #: a spectator of a shared table: no rematch (it dropped them in the
        #: lobby with "Set up a new table from the lobby (n).")
        self.watching = shared and update.seat is None
        if shared:
            relabel(self, "home", "Lobby")
            drop_key(self, "h")
        if self.watching:
            drop_key(self, "r")
        #: a finished match opened from Saved matches: q goes back there
        #: (home, the player had to find their place in the list again)
        self.to_saved = to_saved and not shared
        if self.to_saved:
            relabel(self, "home", "Saved matches")

    def compose(self) -> ComposeResult:
        update = self.update
        outcome = update.outcome
        names = self.names
        yield Header()
        with ResultsScroll(id="results"):
            if outcome is None:
                yield Static("The match is not over.", id="results-title")
            else:
                # how a tie was broken, in sight at 80x24: the note saying
                # it was below the fold, under two equal scores
                tie_words = getattr(game_of(update.game), "results_tie_words", None)
                how = tie_words(outcome) if tie_words is not None else ""
                head = headline(names, sorted(outcome.winners), self.left, how)
                yield Static(f"{_title(update.game)}: {head}", id="results-title")
                charts = self._charts(len(names))
                pad = DataTable(id="score-pad", cursor_type="none", show_cursor=False,
                                zebra_stripes=True)
                # Stacked until measured (`_arrange_top`): never wider than
                # the screen, even for the frame before.
                aside = getattr(game_of(update.game), "results_aside", None)
                aside_lines = (aside(update.view) if aside is not None and update.view is not None
                               else ())
                with Horizontal(id="results-top", classes="" if charts else "-stacked -pad"):
                    if aside_lines:
                        # under the standings, where the pad beside leaves room
                        with Vertical(id="results-left"):
                            yield DataTable(id="standings", cursor_type="none", show_cursor=False)
                            yield Static("\n".join(name_seats(line, names) for line in aside_lines),
                                         id="results-aside", markup=False)
                    else:
                        yield DataTable(id="standings", cursor_type="none", show_cursor=False)
                    if charts is not None:
                        yield charts
                    else:
                        # Without charts the score pad goes beside the
                        # standings where both fit (its total in sight at
                        # 80x24), else below them (`_arrange_top`).
                        yield pad
                if charts is not None:
                    yield pad
                # first, in sight at 80x24 under the Final Boss's notes: a
                # score below the points, by name and why (`results_scores_notes`)
                scores_notes = getattr(game_of(update.game), "results_scores_notes", None)
                if (scores_notes is not None and update.view is not None
                        and shown_scores(update.game, outcome) != tuple(outcome.counted)):
                    for note in scores_notes(update.view):
                        yield Static(name_seats(note, names), classes="results-note")
                for note in outcome.notes:
                    yield Static(name_seats(note, names), classes="results-note")
        # Said while more of the results is below the fold (a score pad's
        # Total, at 80x24): a scrollbar alone went unnoticed.
        yield Static("", id="results-more")
        # Below the scrolling results, so that focusing Rematch does not
        # scroll the winner and the ranking out of sight (80x24).
        with Horizontal(id="results-buttons"):
            if not self.watching:
                yield Button("Rematch (r)", id="rematch", variant="primary")
            yield Button("Final table (b)", id="board")
            yield Button("Lobby (q)" if self.shared
                         else "Saved matches (q)" if self.to_saved else "Home (q)", id="home")
        yield Footer()

    def _charts(self, players: int) -> Grid | None:
        state = self.update.view
        keys = round_series(state, "keys_after", players)
        hearts = round_series(state, "hearts_after", players)
        if keys is None or hearts is None:
            return None
        # One scale per chart for every player, so equal counts look equal;
        # from 0 to the game's own tops where it has them (scaled to the best
        # total, 1 key drew as a full bar), said in the heads.
        tops = getattr(game_of(self.update.game), "results_chart_tops", None)
        keys_top, hearts_top = tops(state) if tops is not None else (0, 0)
        keys_top = max([keys_top, *(v for series in keys for v in series)])
        hearts_top = max([hearts_top, *(v for series in hearts for v in series)])
        cells: list[Any] = [Label(""), Label(f"Keys (0-{keys_top:g})", classes="chart-head"),
                            Label(f"Hearts (0-{hearts_top:g})", classes="chart-head")]
        # in the standings' order, so that each chart's row sits beside its
        # player's place
        outcome = self.update.outcome
        order = ([seat for _, seat in standings(tuple(outcome.scores), frozenset(outcome.winners))]
                 if outcome is not None else range(players))
        for seat in order:
            name = self.names[seat]
            k, h = keys[seat], hearts[seat]
            # (the charts' grid gives a name 12 cells: results.tcss)
            cells.append(Label(plain(shortened(name, 12)), classes="chart-name"))
            cells.append(
                Horizontal(
                    RoundChart(k, keys_top, classes="chart keys"),
                    Label(f"{int(k[-1]) if k else 0:>2}", classes="chart-value"),
                    classes="chart-cell",
                )
            )
            cells.append(
                Horizontal(
                    RoundChart(h, hearts_top, classes="chart hearts"),
                    Label(f"{int(h[-1]) if h else 0:>2}", classes="chart-value"),
                    classes="chart-cell",
                )
            )
        # under the charts: the rows beside the standings stay in line
        cells.append(RoundsCaption(len(keys[0]) if keys else 0, id="charts-caption"))
        return Grid(*cells, id="charts")

    def on_mount(self) -> None:
        # a hint about the last prompt ("Nothing to choose now") is stale
        # here, and covered the score pad's names (80x24); no app: the
        # screen was taken down before it was mounted
        with contextlib.suppress(RuntimeError):
            withdraw_hints(self)
        try:
            self._fill()
        except NoMatches:
            pass  # already being taken down: the player left as the match ended
        # opened again (b, then b on the final table) while the hub is away
        try:
            remote = getattr(self.app, "remote", None)
        except RuntimeError:  # no app: taken down before it was mounted, as above
            return
        words = getattr(remote, "offline_words", None)
        if self.shared and words:
            self.say_offline(words)

    def say_offline(self, words: str | None) -> None:
        """A shared table's results say the hub is away as its table does
        (`GameScreen.say_offline`): once the notice went they looked live."""
        say_offline(self, words)

    def _fill(self) -> None:
        outcome = self.update.outcome
        names = self.names
        if outcome is not None:
            board = self.query_one("#standings", DataTable)
            quest = self._solo_result()
            if quest is not None:
                # a game played alone (Boss Quest's Solo Quest): its outcome,
                # not a ranking of one by a score nothing explained ("#1
                # Ann  Score 0")
                won, ending, hearts = quest
                board.add_columns("Player", "Quest", "Ending", right("Hearts kept"))
                mark = " ★" if 0 in outcome.winners else ""
                left = LEFT_WORDS if 0 in self.left else ""
                board.add_row(f"{names[0]}{left}{mark}", won, ending, right(hearts))
            else:
                board.add_columns("#", "Player", right("Score"))
                shown = shown_scores(self.update.game, outcome)
                for place, seat in standings(tuple(outcome.scores), frozenset(outcome.winners)):
                    mark = " ★" if seat in outcome.winners else ""
                    left = LEFT_WORDS if seat in self.left else ""
                    # a bot of the match's with its level ("Cora (hard bot)":
                    # the default bot names read as people's)
                    name = with_level(names[seat], self.update.level_of(seat))
                    board.add_row(str(place), f"{name}{left}{mark}", right(shown[seat]))
            pad = self.query_one("#score-pad", DataTable)
            self._fill_pad()
            pad.display = bool(outcome.breakdown)
            self.call_after_refresh(self._arrange_top)  # once the tables are laid out
        # The results have the focus, not Rematch: an Enter meant for the
        # last move, arriving as this opens, must not leave the standings
        # unseen (r, b and h, or Tab, reach the buttons).
        results = self.query_one("#results", VerticalScroll)
        results.focus()
        # Open on the title line (the winner) and the ranking.
        results.scroll_home(animate=False)
        self.watch(results, "scroll_y", self._say_more, init=False)
        # the content's height changed (the pad gone beside the standings):
        # once the new layout is complete
        self.watch(results, "virtual_size",
                   lambda _: self.call_after_refresh(self._say_more), init=False)
        self.call_after_refresh(self._say_more)

    def _solo_result(self) -> tuple[str, str, int] | None:
        """A game played alone: its result as the game words it (its
        `results_solo`: won or lost, the ending's name, the hearts kept),
        else None."""
        solo = getattr(game_of(self.update.game), "results_solo", None)
        view = self.update.view
        return solo(view) if solo is not None and view is not None else None

    def _fill_pad(self) -> None:
        """The score pad, its columns within the screen's width: long names
        shortened in the header (a column cut at the edge showed "b" for a
        name and "5" for a total of 54), never a number."""
        outcome = self.update.outcome
        if outcome is None:
            return
        pad = self.query_one("#score-pad", DataTable)
        width = self.app.size.width
        if pad.columns and getattr(self, "_pad_width", None) == width:
            return
        self._pad_width = width
        names = self.names
        labels = ["Score pad", *(c.name for c in outcome.breakdown)]
        numbers = [max((len(str(c.values[seat])) for c in outcome.breakdown), default=1)
                   for seat in range(len(names))]
        label_width, name_widths = pad_widths(
            width - 4,  # the scroll's padding, and a scrollbar (`_arrange_top`)
            max(cell_len(x) for x in labels), [cell_len(n) for n in names], numbers,
            pad.cell_padding)
        pad.clear(columns=True)
        # Widths given, not measured: the DataTable measures new rows when
        # idle, and a pad painted before that (the terminal resized on the
        # results) kept each column as wide as its heading ("Round 1:").
        widest = max(cell_len(x) for x in labels)
        pad.add_column(cell(shortened("Score pad", label_width)), width=min(label_width, widest))
        # Numbers right-aligned under their names (left-aligned, "-4" stood
        # a column left of "10" and of the name's end).
        for name, room in zip(names, name_widths, strict=True):
            pad.add_column(right(shortened(name, room)), width=room)
        for category in outcome.breakdown:
            pad.add_row(cell(shortened(category.name, label_width)),
                        *(right(v) for v in category.values))

    def _say_more(self, _: object = None) -> None:
        """Below the results, while some of them is out of sight under the
        fold: what is there and the keys that bring it up."""
        try:
            results = self.query_one("#results", VerticalScroll)
            more = self.query_one("#results-more", Static)
        except NoMatches:
            return
        # Rows below the fold in the layout on screen, as if the line were
        # not there: the row it takes there (its region, 0 while it is out
        # of the layout) counts as in sight. Read from one layout, the
        # answer is the same however often it is asked before the next;
        # `display` changes at once and the sizes only at that next layout,
        # so counting from it made queued calls show and hide the line in
        # turn, and the last left it standing.
        line = more.region.height
        below = results.max_scroll_y - results.scroll_y - line
        if below >= 1:
            pad = self.query_one("#score-pad", DataTable)
            outcome = self.update.outcome
            what = "More"
            # (regions on the screen: the pad's runs on past the fold)
            if (pad.display and outcome is not None
                    and pad.region.bottom > results.region.bottom + line):
                total = outcome.breakdown[-1].name == "Total"
                what = "The score pad goes on" + (" to its Total" if total else "")
            more.update(f"↓ {what} below: ↓, PgDn or End scrolls")
        more.display = below >= 1

    def on_resize(self) -> None:
        try:
            self._fill_pad()
        except NoMatches:
            return
        self.call_after_refresh(self._arrange_top)

    def _arrange_top(self) -> None:
        """The score pad beside the standings when both fit the width, else
        below them (a six-player pad does not fit 80 columns)."""
        try:
            top = self.query_one("#results-top", Horizontal)
            pad = top.query_one("#score-pad", DataTable)
        except NoMatches:
            return  # the pad is below the charts already
        board: Widget = self.query_one("#standings", DataTable)
        with contextlib.suppress(NoMatches):
            board = top.query_one("#results-left", Vertical)  # the standings and an aside
        room = self.size.width - 4  # the scroll's padding, and a scrollbar
        needed = board.outer_size.width + board.styles.margin.right + pad.virtual_size.width
        top.set_class(needed > room, "-stacked")
        self.call_after_refresh(self._say_more)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"rematch": self.action_rematch, "board": self.action_board, "home": self.action_home}[
            str(event.button.id)
        ]()

    def action_rematch(self) -> None:
        self.app.rematch()  # type: ignore[attr-defined]

    def action_board(self) -> None:
        self.app.pop_screen()

    def action_home(self) -> None:
        if self.to_saved:
            self.app.leave_for_saved()  # type: ignore[attr-defined]
            return
        self.app.leave_table()  # type: ignore[attr-defined]


def push_results(app: Any, update: SeatUpdate, game_screen: Any) -> list[Any]:
    """Push the results and, over them, the dialogs the game's screen held
    for the end (`GameScreen.over_the_results`), all in one turn of the
    event loop: the player never sees a frame of the results before a
    dialog that is to be read first. Returns their mounts, to await; none
    while a box up over the game's table holds them (they follow it)."""
    hold = getattr(game_screen, "hold_the_results", None)
    if hold is not None and hold(lambda: push_results(app, update, game_screen)):
        return []
    shared = getattr(getattr(game_screen, "port", None), "answers_later", False)
    to_saved = getattr(app, "back_to_saved", None) is not None
    left = left_seats(update, game_screen) if shared else frozenset()
    mounts = [app.push_screen(ResultsScreen(update, shared=shared, to_saved=to_saved, left=left))]
    if game_screen is not None:
        dialogs, game_screen.over_the_results = game_screen.over_the_results, []
        mounts += [app.push_screen(dialog) for dialog in dialogs]
    return mounts
