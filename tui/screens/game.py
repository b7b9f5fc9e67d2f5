"""The base of every game screen: the contract between the app shell and a
game's own screen module.

A game screen is built from `SeatUpdate`s alone (host/messages.py) and sends
`SeatCommand`s through one small port: it never holds the match, the session
or a full state. The session (host/session.py) samples chance, runs bots,
journals every action and checks every command; the table at this terminal
(tui/table.py) handles the hand-over screen. A game screen only renders a
view and offers the legal actions the update lists; it never decides a rule.

A subclass implements `_redraw(update)` and calls `self.play(action)`.

Since your last move: the base keeps, per seat, what the other seats did
since that seat last acted (`self.recap`, tui/widgets/since.py) and binds
``]`` / ``[`` (step through it) and ``z`` (recap or whole log). A subclass
draws its log with `_draw_log` (a `SinceLog`), says what changed between
two views in `_changes` and marks `self.changed(kind)` in its panels.
"""

from __future__ import annotations

import contextlib
import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.content import Content
from textual.css.query import NoMatches
from textual.geometry import Region, Spacing
from textual.notifications import Notification
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from textual.widgets._toast import ToastRack

from host.messages import AWAY_MARK, SeatCommand, SeatUpdate, split_mark
from tui import collector
from tui.bindings import relabel
from tui.bot_levels import bots_named, level_rows
from tui.plain import listed, shortened
from tui.widgets.board import Board
from tui.widgets.cursor import CursorWidget
from tui.widgets.hints import hint, withdraw_hints, withdraw_spot_hints
from tui.widgets.quiet import update_static
from tui.widgets.since import CHANGED, Recap, RecapStep, SinceLog, SinceTracker

#: The name the screens use for a seat's update.
TableUpdate = SeatUpdate

#: the key that asks a thinking bot to move now (free on every game screen)
MOVE_NOW_KEY = "n"

#: The rows a one-line notice takes (its top margin, padding and line).
NOTICE_ROWS = 4
#: A notice's width (app.tcss Toast), and the columns of it that are not
#: text (its left border and padding)
NOTICE_WIDTH = 40
NOTICE_SIDES = 3
#: the columns at the rack's right that its (hidden) scroll bar keeps
NOTICE_GUTTER = 2


def notice_rows(notification: Notification, width: int, *, tight: bool = False) -> int:
    """The rows `notification` takes as a toast `width` wide (its text wraps
    as the toast's does): its margin, its padding over and under the text
    (none where `tight`: `ToastRack.-tight`, app.tcss) and its lines."""
    words = f"{notification.title}\n{notification.message}" if notification.title \
        else notification.message
    lines = Content(words).wrap(max(1, width - NOTICE_SIDES))
    return NOTICE_ROWS - (3 if tight else 1) + len(lines)


def _rows_covered(first: int, last: int, top: int, rows: int) -> int:
    """How much notices `rows` tall from screen row `top` down cover of a
    log line on rows `first`-`last`: the rows they cover, and its rows once
    more where they cover its first (what shows of it then reads as the end
    of a sentence without its start); 0: none. Their first row, a notice's
    margin, covers nothing (a one-line log sits just above notices at its
    foot)."""
    covered = min(last, top + rows - 1) - max(first, top + 1) + 1
    if covered <= 0:
        return 0
    return covered + (last - first + 1 if first > top else 0)


def _within_border(panel: Widget) -> Region:
    """`panel`'s region less its bottom and side borders, where notices sit
    (a log with a bottom border, Overseers' wider than 133 columns, had one
    drawn over it, cut). Its top border, the title, stays in: a short log
    (the Solo Quest's at 80x24) has room for a notice only with it."""
    border = panel.styles.border.spacing
    return panel.region.shrink(Spacing(0, border.right, border.bottom, border.left))


_Value = TypeVar("_Value")


class ViewMemo(Generic[_Value]):
    """`work_out(view)` worked out once a view, for the last `keep` views
    seen (by identity: each update brings a view of its own). A recap step's
    after is the next one's before, and its score lines, its marks and a
    running score read the same views: the Duel's score pads and
    Overstocked's score rows. Call `clear` as the screen goes (the views go
    with it)."""

    def __init__(self, work_out: Callable[[Any], _Value], keep: int) -> None:
        self._work_out = work_out
        self._keep = keep
        #: (view, value), newest last
        self._kept: list[tuple[Any, _Value]] = []

    def __call__(self, view: Any) -> _Value:
        for seen, value in self._kept:
            if seen is view:
                return value
        value = self._work_out(view)
        self._kept.append((view, value))
        del self._kept[:-self._keep]
        return value

    def __len__(self) -> int:
        return len(self._kept)

    def clear(self) -> None:
        self._kept.clear()


#: seconds after which a thinking bot's decision is counted in the status
#: ("thinking… 3 s"), once a second: a hard bot's five seconds under a
#: "thinking…" that never changed read like a frozen screen
THINKING_COUNT_AFTER = 2.0
#: seconds after a whole second that the count moves on, so that the
#: second has surely passed on the clock it reads
COUNT_LATE = 0.02

#: after a bot's name while a box is up and the bots wait for it to go
#: (`GameScreen.bots_held`): "Bot 2 is waiting for you to close the box"
HELD_FOR_BOX = "waiting for you to close the box (Enter)"

#: What a shared table's prompt says while the secret choice a bot made for
#: the player, away meanwhile, is still theirs to take back
#: (`SeatUpdate.stand_in_undo`; house rulings OV-30, OS-21): "chose for
#: you", not "You have chosen", which read as if they had
STAND_IN_CHOSE = "Your bot chose{what} for you while you were away: "
STAND_IN_TAKE_BACK = "u takes it back"


def stand_in_chose(update: TableUpdate, what: str = "", tail: str = ".",
                   key_style: str = "bold reverse") -> Text | None:
    """ "Your bot chose card 12 for you while you were away: u takes it
    back.", while one u takes back the choice a stand-in bot made for this
    seat (`what`: " card 12"; `tail` after "back"); None otherwise."""
    if not update.stand_in_undo or not update.can_undo or update.over:
        return None
    return Text.assemble((STAND_IN_CHOSE.format(what=what), "bold"), ("u", key_style),
                         STAND_IN_TAKE_BACK[1:] + tail)


#: What a shared table's prompt says from the moment a key sends a move or
#: an undo until the hub answers: the player sees at once that the key was
#: taken, and a second press meanwhile sends nothing (it would only come
#: back refused, "the table changed while you were deciding").
SENT_TEXT = "Sent. Waiting for the table…"
#: Seconds without an answer after which the screen takes keys again.
SENT_TIMEOUT = 5.0
#: Seconds before `SENT_TEXT` shows: an answer that comes sooner is itself
#: the acknowledgement (within the tenth of a second a key feels answered
#: in), and the line, drawn and taken away again, cost every move on a
#: shared host a redraw, often a layout (the prompt's height changes).
SENT_DELAY = 0.08

#: How long a shared table's prompt stands out when the turn comes back to
#: a player who was away from the keys (`GameScreen.announce_turn`): it
#: was a "Your turn." notice, which covered the top right of the table
#: (the recap, the spells) just when the player looked back at it.
TURN_SECONDS = 3.0

#: The footer's key for the number bindings 1 to 9 (one entry for all
#: nine); `GameScreen.refresh_bindings` narrows it to the numbers that choose.
NUMBER_KEYS = "1-9"

#: The keys that confirm a choice (the pickers' Enter, the board's Enter
#: and space): for a moment after a new decision appears they are ignored
#: (`GameScreen.too_soon`), the arrows are not.
CONFIRM_KEYS = frozenset({"enter", "space"})
#: A confirming key that comes this soon after one ignored is ignored too:
#: a held key repeats faster than this, a person pressing again does not.
HELD_KEY_GAP = 0.15
#: How long the prompt stands out after a confirming key was ignored.
DROPPED_KEY_LIGHT = 1.5
#: When the same person's next decision replaces the one they just made
#: (no cover between), Enter waits the grace and this much more from the
#: key that decided (1.5 s at the default 0.7): "a number, then Enter" is
#: a common rhythm, and at 0.9 s it chose from a pack never seen.
AGAIN_EXTRA = 0.8
#: Said the first time a screen drops a confirming key (`too_soon`).
ENTER_WAITS = "Enter waits a moment after new choices appear, so they are seen: press it again."
#: The number keys that choose at once: they wait only where the person's
#: next decision came under the key that made the last (`AGAIN_EXTRA`): a
#: doubled or bounced 2 kept a card of an Overseers pack never seen.
NUMBER_KEYS_SET = frozenset("123456789")
#: Seconds within which digits typed make one number (1, 7: 17) in
#: Overstocked's hand, where the card named waits for Enter anyway. (A list
#: whose choices act at once waits for the next digit or Enter with no time
#: limit: `typed_number`.)
TYPE_GAP = 1.0
#: Said the first time a screen drops a number key (`too_soon`).
NUMBERS_WAIT = "Your next choices came under your last key: look at them, then press it again."
#: Said the first time a screen that came up by itself drops a choice key
#: (`opened_by_itself`).
OPENED_WAITS = "The match began just now: look at the table, then press the key again."


def game_of(game_id: str) -> Any | None:
    """The rules object of `game_id` (core.GAMES, imported on first use)."""
    from core import GAMES

    return GAMES.get(game_id)


#: The fewest cells `fit_line` shortens a player's name to ("Wölfgang 🐉🐉🐉…")
#: before a part of the line gives way: an everyday name stays whole
#: (at 10, "Maximiliana's view" read "Maximilia…" to keep "5 ⚷ win")
NAME_SHORTEST = 16


class NamingText(Text):
    """A part of a header line that names players, made by `build(cells)`
    with each name in at most `cells` cells (None: whole): `fit_line`
    shortens the names (`tui.plain.shortened`) before it leaves a part
    out. A 32-character name pushed the round, the phase and the score off
    the top line."""

    __slots__ = ("build",)

    def __init__(self, build: Callable[[int | None], Text]) -> None:
        whole = build(None)
        super().__init__(whole.plain, style=whole.style, end=whole.end, spans=whole.spans)
        self.build = build


def fit_line(parts: Sequence[Text], width: int, *, drop: Sequence[int] = ()) -> Text:
    """`parts` joined with " · " in at most `width` cells if it can be: the
    parts at the indexes in `drop` are left out, the first listed first,
    until the line fits (a header line keeps what matters most). The names
    in a `NamingText` part are shortened first: the line keeps the parts it
    would keep with names of `NAME_SHORTEST` cells, and the names take the
    room left (less than `NAME_SHORTEST` only with every part in `drop`
    gone)."""
    naming = [i for i, part in enumerate(parts) if isinstance(part, NamingText)]

    def named(cells: int | None) -> list[Text]:
        return [part.build(cells) if i in naming else part  # type: ignore[attr-defined]
                for i, part in enumerate(parts)]

    def joined(shown: Sequence[Text], dropped: set[int]) -> Text:
        return Text(" · ").join(part for i, part in enumerate(shown) if i not in dropped)

    short = named(NAME_SHORTEST) if naming else list(parts)
    dropped: set[int] = set()
    for index in (None, *drop):
        if index is not None:
            dropped.add(index)
        if joined(short, dropped).cell_len <= width:
            break
    line = joined(parts, dropped)
    if naming and line.cell_len > width:
        # a cell at a time; below NAME_SHORTEST only once no part is left
        # to give way (a name cut short rather than the score)
        longest = max(parts[i].cell_len for i in naming)
        for cells in range(longest - 1, 0, -1):
            line = joined(named(cells), dropped)
            if line.cell_len <= width:
                break
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


class SeatPort(Protocol):
    """The one way a game screen talks back: a command for its seat."""

    def send(self, command: SeatCommand) -> Any: ...


# A port may also say `at_this_terminal = True` (the table at this terminal,
# which answers before `send` returns) or `answers_later = True` (a shared
# table's, whose answer comes over the wire: the prompt says `SENT_TEXT`).



def listed_keys(keys: Sequence[str]) -> str:
    """"2-5 or b" for the keys 2, 3, 4, 5, b ("" for none): runs of three
    digits or more shortened, the others listed ("1 or 4")."""
    return "".join(listed_key_parts(keys))


def number_list(keys: Sequence[str]) -> str:
    """"1, 3, 4" for the digit keys 1, 3, 4 ("2-5" for a run of three or
    more): as `listed_keys` lists them, for a sentence that goes on with
    its own "or" ("↑↓ Enter or 1, 3, 4"), where `number_range`'s "1,3-4"
    is the footer's short key."""
    return ", ".join(_digit_runs(sorted(int(k) for k in keys if k.isdigit()), 3))


def listed_key_parts(keys: Sequence[str]) -> list[str]:
    """`listed_keys` in pieces, the keys and the words between them
    alternately (["2-5", " or ", "b"]), for a prompt that marks each key."""
    digits = [int(k) for k in keys if k.isdigit()]
    others = [k for k in keys if not k.isdigit()]
    parts = [*_digit_runs(digits, 3), *others]
    pieces: list[str] = []
    for n, part in enumerate(parts):
        if n:
            pieces.append(" or " if n == len(parts) - 1 else ", ")
        pieces.append(part)
    return pieces


def _digit_runs(digits: Sequence[int], shortest: int) -> list[str]:
    """Sorted digits as runs: "2-5" for a run of `shortest` or more, else
    each digit on its own."""
    parts: list[str] = []
    run: list[int] = []
    for d in [*digits, None]:
        if d is not None and run and d == run[-1] + 1:
            run.append(d)
            continue
        if run:
            parts += [f"{run[0]}-{run[-1]}"] if len(run) >= shortest else [str(n) for n in run]
        run = [] if d is None else [d]
    return parts


#: where a log line's first sentence ends (not at "Dr. Deadly")
_SENTENCE_END = re.compile(r"(?<!Dr)\. (?=[A-Z])")

#: the sentence that tells a match's end, where a move's log line ends with
#: it (Overstocked's last card: "... at the top. The game is over: you 10,
#: ...") or a line of its own
_GAME_OVER = re.compile(r"(?:^|(?<=[.!] ))The game is over\b")


def took_back_words(who: str, lines: Sequence[str] = ()) -> str:
    """What everyone else at the table is told of `who`'s take-back: who,
    then what it took off the reader's own log (`lines`, their own words:
    nothing secret, an Overseers pick is "cy keeps a card (pick 5)"). A
    play-test's shared table turned back from Placement to the draft with
    no word but to the one who took their pick back."""
    # ("Taken back by": as the one who took it back reads "Taken back: …";
    # "cy took back their last move: cy keeps a card" read as what came of it)
    return taken_back_words(lines, f"Taken back by {who}") if lines else (
        f"{who} took back their last move.")


def taken_back_words(lines: Sequence[str], head: str = "Taken back") -> str:
    """The notice for a take-back whose undo took `lines` off the player's
    own log: each line's first sentence (the move; "you" for "You") and
    what the rules then did with it ("Then the Rocktopus goes to your
    lair"), in order, as many as fit a notice of `_TAKEN_BACK_ROWS` lines;
    the rest counted. Only the first was named ("… and 1 more"): a
    play-test could not tell what the one more was."""
    parts: list[str] = []
    for i, line in enumerate(lines):
        sentences = _SENTENCE_END.split(line)
        move = sentences[0].rstrip(".")
        if move.startswith(("You ", "Then ")):
            move = move[0].lower() + move[1:]
        if i and not move.startswith("then "):
            move = f"then {move}"
        parts.append(move)
        # what the rules did with the move ("Then a Bandit goes to b1") went too
        then = next((t.rstrip(".") for t in sentences[1:2] if t.startswith("Then ")), None)
        if then is not None:
            parts.append(f"t{then[1:]}")
    said = _taken_back_said(head, parts[:1], len(parts) - 1)
    for shown in range(2, len(parts) + 1):
        longer = _taken_back_said(head, parts[:shown], len(parts) - shown)
        if len(Content(longer).wrap(NOTICE_WIDTH - NOTICE_SIDES)) > _TAKEN_BACK_ROWS:
            break
        said = longer
    return said


def _gone_from(old: Sequence[str], new: Sequence[str]) -> Sequence[str]:
    """The lines of the log `old` that the log `new` no longer has (a take-back's)."""
    kept = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
                min(len(old), len(new)))
    return old[kept:]


def _taken_back_said(head: str, parts: Sequence[str], more: int) -> str:
    said = f"{head}: {', '.join(parts)}{f' … and {more} more' if more else ''}"
    return said if said.endswith(("!", "?")) else f"{said}."


#: the moves whose lists' cursors are kept for a take-back (u takes back
#: a few moves at most: a card drawn or a turn ended stops it)
_CURSORS_KEPT = 8

#: the most lines of text a take-back notice takes at a notice's width (two
#: named a move and what the rules did with it only where both were short)
_TAKEN_BACK_ROWS = 3


def choice_keys(keys: Sequence[str]) -> str:
    """": press 2-5 or b" for the keys 2, 3, 4, 5, b ("" for none): runs of
    three digits or more shortened."""
    listed = listed_keys(keys)
    return f": press {listed}" if listed else ""


#: a number key while the seat shown has nothing to decide (every game)
NOT_YOUR_DECISION = "Nothing to choose now: it is not your decision."
#: Enter on a panel Tab gave the keys to, while a decision waits (it was silent)
KEYS_ON_A_PANEL = ("Not now: Tab gave the keys to a panel. Escape gives them back to "
                   "your decision (Tab moves on).")
#: the keys a watcher presses with no panel focused that a player's
#: decision would take (they were silent): Tab gives the arrows a panel
_WATCHER_UNFOCUSED_KEYS = frozenset({"up", "down", "left", "right", "enter", "space"})


def number_range(keys: Sequence[str]) -> str:
    """"2-5" for the digit keys 2, 3, 4, 5 ("3" for one, "1-9" for none):
    the footer's and the prompts' name for the number keys that choose.
    Keys with a gap are listed by their runs ("1,4", "1-3,5"): "1-4" for
    quantum cards 1 and 4 said that 2 and 3 chose too."""
    numbers = sorted(int(key) for key in keys if key.isdigit())
    if not numbers:
        return NUMBER_KEYS
    return ",".join(_digit_runs(numbers, 2))


def possessive(name: str) -> str:
    """ "Bob's": of a seat's name without the table's away mark ("Bob
    (away)"), which says who is away in the players panel and the prompt,
    not inside a possessive ("bob's (away) warehouse" in a panel title)."""
    return f"{bare_name(name)}'s"


def bare_name(name: str) -> str:
    """A seat's name without the table's away mark ("Bob (away)" -> "Bob"),
    for a possessive, a panel's title, a score: where it says whose, not
    who is away."""
    return split_mark(name)[0]


def score_change_words(who: str, changes: Sequence[tuple[str, int]]) -> str:
    """A seat's score change in a recap step, its total and then row by row
    as the score pad names them: "Ann +5: Roads +1, Longest road +4" (the
    header's • said a score changed, never why: a play-test)."""
    total = sum(delta for _, delta in changes)
    rows = ", ".join(f"{name} {delta:+}" for name, delta in changes)
    return f"{who} {f'{total:+}' if total else '±0'}: {rows}"


def _thinking_key(update: TableUpdate) -> tuple[int | None, int]:
    """The decision a bot thinks over: its seat and the update it has owed
    it since (the update itself from a session that does not say)."""
    since = update.thinking_since
    return update.thinking, update.seq if since is None else since


#: Escape on the final table: back to the results, as on the other screens
#: (it did nothing). Each screen lists it after its own Escape (a key bound
#: in a subclass hides its base's; bound here, it moved the footer's keys).
RESULTS_ON_ESCAPE = Binding("escape", "results", "Results", show=False)

#: r on the final table: the results' Rematch, the same key and word, in
#: every game (only the Duel's did; a play-test pressed it on the others').
#: Each screen lists it where its own r is (bound here, the key moved the
#: footer's "r Last round"; a key bound in a subclass hides its base's).
#: Out of the footer, full at 80x24: the final table's prompt names it.
REMATCH_ON_R = Binding("r", "rematch", "Rematch", show=False,
                       tooltip="The match is over: play it again, the same players and "
                               "options (the results' Rematch)")


def say_offline(screen: Screen, words: str | None) -> None:
    """`words` on a line over `screen`'s top row (`GameScreen.say_offline`,
    and the results of a shared table); None takes it down."""
    lines = screen.query("#offline")
    if words is None:
        lines.remove()
    elif lines:
        update_static(lines.first(Static), words)
    else:
        screen.mount(Static(words, id="offline"))


def since_symbols(board: bool) -> tuple[tuple[str, str], ...]:
    """The recap's marks as F1 lists them; how a board's square shows them
    only where there is a board (Overseers' and Boss Quest's F1 spoke of
    "a board" and "the cursor" they have not)."""
    on_board = "; on a board •..•, under the cursor [P•H]" if board else ""
    return (
        # (the mark where it is drawn: "•19 HP" in a margin read as a riddle)
        (f"{CHANGED} underlined", f"Changed since your last move: • before a line, or underlined "
                                  f"(cleared when you act){on_board}"),
        ("▶ 2", "Since your last move: the move you are looking at, its changes marked"),
        ("thinking…", "A bot is deciding; n asks it to move now, and to play the rest of its "
                      "turn at once"),
    )


class GameScreen(Screen):
    """Base of a game's screen. The shell constructs it with its port.

    The base binds the keys every table shares (a subclass's BINDINGS are
    added to these; a subclass may rebind them): u takes back the shown
    seat's last action, q leaves for the home screen (the match is saved),
    n asks a thinking bot to move now (a `hurry` command; the footer shows
    it only while a bot thinks, and a screen's status line says so with
    `thinking_note`).
    """

    #: the game id this screen plays (a key of core.GAMES)
    game_id: str = ""

    #: The panels a notice may cover (a CSS selector: the log): notices sit
    #: at their top right, off the rows a decision is about (`place_notices`).
    NOTICES_OVER: ClassVar[str] = ""
    #: Notices on the final table with none of those panels in sight go over
    #: its foot (its prompt), not the screen's top right, where they covered
    #: the score pad's first rows (app.tcss `ToastRack.-final`); False where
    #: the foot is the score pad (Overstocked's score sheet)
    NOTICES_AT_FINAL_FOOT: ClassVar[bool] = False

    #: The widget in focus, as on every screen, but a change of focus does
    #: not repaint the whole screen: the widgets it restyles (the panels'
    #: :focus-within, the pickers' cursors) repaint themselves. A turn
    #: moves the focus to the panel that decides, and over SSH a full
    #: repaint was a whole extra frame (docs/performance.md, "SSH load").
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", tooltip="Take back your last action"),
        # When nothing can be taken back Undo leaves the footer (dimmed, it
        # still read "u Undo" at the Wizard, a final choice: BQ-54), and
        # Textual then tries the key's next binding: this one asks anyway,
        # so the player reads why not (the session's refusal, as a notice).
        Binding("u", "undo_anyway", "", show=False),
        Binding("q", "leave", "Home"),  # what it does: `help_text`
        Binding("right_square_bracket", "since_step(1)", "Next move", show=False,
                tooltip="Since your last move: look at the next move (marked on the table)"),
        Binding("left_square_bracket", "since_step(-1)", "Previous move", show=False,
                tooltip="Since your last move: look at the previous move"),
        Binding("z", "since_toggle", "Recap / log", show=False,
                tooltip="Put away the recap since your last move (the whole log shows), "
                        "or bring it back"),
        # A watcher's way through the whole log (the recap's keys are a
        # seated player's): theirs, and a player's where no game key uses
        # them (check_action, `PLAYER_PAGES_LOG`)
        Binding("pageup", "scroll_log(-1)", "Scroll the log up", show=False,
                tooltip="Read back the log a page at a time"),
        Binding("pagedown", "scroll_log(1)", "Scroll the log down", show=False,
                tooltip="The log a page on, to its newest line"),
        # Shown only while a bot thinks (check_action).
        Binding("n", "move_now", "Move now",
                tooltip="A bot is thinking: ask it to play its best move so far now, and "
                        "the rest of its turn at once"),
        # The final table (b on the results) back to the results, where the
        # rematch is: only q home led away from it. Only once the match is
        # over (check_action), and then in the footer (a prompt named it and
        # the footer did not); a game's own b comes first while it applies.
        Binding("b", "results", "Results"),  # (F1's words: `help_text`)
    ]

    #: the keys the footer leaves out first when its line is short (after
    #: those that cannot be used now): u is the same at every table and F1
    #: lists it, so a game's own keys stay in sight (at a shared table at
    #: 80 columns, F2 Chat and "q Lobby" took Overboss Duel's "p Score
    #: pad"); see tui/widgets/footer.py
    FOOTER_SPARE: ClassVar[tuple[str, ...]] = ("undo",)
    #: the keys the footer never leaves out: the way out (a play-test saw
    #: "q Lobby" behind "…" while choosing an Overseers pick)
    FOOTER_KEEP: ClassVar[tuple[str, ...]] = ("leave",)

    def footer_spare(self) -> tuple[str, ...]:
        """`FOOTER_SPARE` now: a game may keep u in sight while a move can
        be taken back, letting a key less needed then give way instead."""
        return self.FOOTER_SPARE

    #: what F1 lists under "On screen" for every game: the marks of the recap
    #: (a game with a board and its cursor: `since_symbols(board=True)`)
    SINCE_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = since_symbols(board=False)

    #: a log line that tells what a round of secret choices revealed (a
    #: game's own): the seat whose move revealed it keeps it in its recap
    REVEALS: ClassVar[re.Pattern[str] | None] = None
    #: a log line that begins a new round (a game's own): the last since
    #: a seat's own move starts its recap (`SinceTracker.begins`)
    BEGINS: ClassVar[re.Pattern[str] | None] = None
    #: a log line that tells nothing happened (a game's own): a recap
    #: step of such lines alone joins the step before (`SinceTracker.quiet`)
    QUIET: ClassVar[re.Pattern[str] | None] = None

    #: what F1 lists under "On screen": (symbol, what it means)
    HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: F1 lists every key of the table, those of other moments apart
    HELP_EVERY_KEY: ClassVar[bool] = True

    def help_never(self) -> frozenset[str]:
        """Actions (names without arguments) that no moment of this match
        offers: F1 leaves their keys out (a Solo Quest has no Wizard)."""
        return frozenset()

    def help_leaves_out(self) -> frozenset[str]:
        """`help_never`, and for a watcher the recap since one's last move
        (they make none) and the final table's Rematch."""
        never = self.help_never()
        if self.watching_shared:  # (nor the results' rematch)
            return never | {"since_step", "since_toggle", "rematch"}
        return never if self.PLAYER_PAGES_LOG else never | {"scroll_log"}

    #: PgUp / PgDn scroll the log for a seated player too: a game whose
    #: keys leave them free and whose `l` is a board key (no `read_log`)
    PLAYER_PAGES_LOG: ClassVar[bool] = False

    #: The moves after your last one that end the match (the others', a
    #: bot's last turn) are told over the results until Enter
    #: (`_hold_last_moves`): the results came up at once and those moves
    #: went by unseen. False for a screen that tells the end its own way
    #: (Boss Quest's last combat, Overseers' last round).
    TELLS_LAST_MOVES: ClassVar[bool] = False
    #: Where the table shows what those last moves tell (the duel's board:
    #: "a1 (your side)"), the query of the part of it to keep in sight:
    #: their box goes up beside it, over the final table, and the results
    #: follow it (`hold_the_results`). None: over the results.
    LAST_MOVES_BY: ClassVar[str | None] = None

    def __init__(self, port: SeatPort, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: where this screen's commands go (the table at this terminal, tui/table.py)
        self.port = port
        if getattr(port, "answers_later", False):  # a shared table: q leads to the lobby
            relabel(self, "leave", "Lobby")
        self.update: SeatUpdate | None = None
        #: what the seats viewed here missed since their last moves
        self.since = SinceTracker(self.reveals, self.begins, self.quiet)
        #: the recap for the update shown
        self.recap = Recap()
        self._changes_cache: tuple[Any, Any, dict[str, frozenset]] | None = None
        #: the `seq` of the update a command was sent from, while the hub's
        #: answer is awaited (a shared table only)
        self.sent_from: int | None = None
        self._sent_timer: Any = None
        #: shows `SENT_TEXT` once `SENT_DELAY` has passed without an answer
        self._sent_line_timer: Any = None
        #: dialogs that go over the results when the match ends, the last
        #: on top (Boss Quest's last combat): pushed with the results, in
        #: the same turn of the event loop, so no frame of the results
        #: shows before them (`results.push_results`)
        self.over_the_results: list[Screen] = []
        #: a match seen in play here (not opened finished), and whether its
        #: last moves have been told over the results (`_hold_last_moves`)
        self._played_here = False
        self._last_moves_told = False
        #: each recap step's score change, worked out once (`step_notes`):
        #: by its views, for the steps of the recap now only (`_draw_log`),
        #: none once the screen is put away (`on_unmount`)
        self._notes_cache: dict[tuple[int, int], tuple[Any, Any, tuple[str, ...]]] = {}
        #: the box of those last moves, while it waits to go up
        self._last_moves_box: Screen | None = None
        #: who was to act, and the log's length, when the turn shown began
        #: (a watcher's last moves: `_last_turn_lines`)
        self._turn_began: tuple[Any, int] = (None, 0)
        #: until when (time.monotonic()) a confirming key is ignored: a new
        #: decision has just appeared (`_steady`)
        self._steady_until = 0.0
        #: this screen sent a move or an undo since its last decision
        #: appeared: what comes back for the same seat is a new decision,
        #: even if it offers the same choices
        self._acted = False
        #: when (time.monotonic()) this screen last sent a move or an undo
        self._acted_at = 0.0
        #: until when the number keys are ignored too: the same person's
        #: next decision came under the key that made the last (`_steady`)
        self._numbers_steady_until = 0.0
        #: until when the choice keys wait because the screen came up by
        #: itself (`opened_by_itself`)
        self._opened_until = 0.0
        #: what this screen said once, of why a key did nothing
        self._told_waits: set[str] = set()
        #: until when the game's own notice says a decision is new (`decided_again`)
        self._said_new_until = 0.0
        #: takes the prompt's "your turn" look off again (`light_prompt`),
        #: at this time.monotonic()
        self._turn_timer: Any = None
        self._lit_until = 0.0
        #: the bindings of the number keys as declared, and the (range,
        #: word, help's words) they last showed (`_sync_number_keys`)
        self._number_bindings: dict[str, list[Binding]] | None = None
        self._number_shown: tuple[str, str | None, tuple[str | None, ...], bool] = (
            NUMBER_KEYS, None, (), False)
        #: the decision a bot is thinking over, as (its seat, the update it
        #: has owed it since: `_thinking_key`), since when (time.monotonic()),
        #: and the timer that counts it at whole seconds (`thinking_note`)
        self._thinking_key: tuple[int | None, int] | None = None
        self._thinking_since = 0.0
        #: when each of the last updates arrived (time.monotonic()), by its
        #: seq: a bot thinking since an update counts from its arrival
        self._arrived: dict[int, float] = {}
        self._thinking_timer: Any = None
        #: by away seat, when a bot will play for it (time.monotonic()), from
        #: the update drawn (`bot_plays_in`): `away_note` counts down to it
        self._bot_due: dict[int, float] = {}
        self._bot_due_of: TableUpdate | None = None
        #: the update this screen's undo (u) was sent from, until the answer
        #: comes: what vanished from its log is said (`_tell_taken_back`)
        self._taking_back: TableUpdate | None = None
        #: where each list's cursor stood when a move was played, by the
        #: seat and its log's length then: a take-back back to that point
        #: puts them back (`_cursors_back`); a play-test's market cursor
        #: came back on the pair after the one taken back
        self._cursors_at_move: dict[tuple[int, int], list[tuple[CursorWidget, int]]] = {}
        #: digits typed that begin a longer number listed ("1" of 1-17),
        #: waiting for the next digit or Enter (`typed_number`): what they
        #: then choose, and the decision they were typed at
        self._digits = ""
        self._digits_act: Callable[[int], object] | None = None
        self._digits_at: tuple[Any, ...] | None = None

    #: how a seat without a name is called ("Knight 2", "Player 2")
    seat_word: str = "Player"
    #: the id of the screen's prompt line (a Static), where `SENT_TEXT` shows
    prompt_id: str = ""

    def on_mount(self) -> None:
        # (after the game's own `on_mount`: Textual calls each class's)
        if self.update is None:
            # nothing of the game until its first update: mounted empty, a
            # shared table drew a moment of "No cards." after a login
            self.add_class("-no-update")

    def on_unmount(self) -> None:
        # the score lines' views go with the screen (a closed screen kept them)
        self._notes_cache.clear()

    def show(self, update: TableUpdate) -> None:
        """Take `update` and redraw. Called by the shell after every change."""
        if self.update is None:
            self.remove_class("-no-update")
        before, self.update = self.update, update
        if before is not None and self.is_attached and (
                before.seat, before.legal, before.over) != (update.seat, update.legal, update.over):
            # a key's refusal ("Not now", "Not there") spoke of the decision
            # gone: it stayed over the recap of the next (a play-test)
            withdraw_hints(self, news=False)
        self._steady(before, update)
        self._watch_thinking(update)
        self.recap = self.since.observe(update)
        if self.sent_from is not None and update.seq != self.sent_from:
            self._stop_waiting()  # the answer (or a change before it)
        self._tell_taken_back(update)
        self._tell_taken_back_by_another(before, update)
        if self.is_mounted:
            collector.drawing(self.app)
            self._redraw(update)
            if (before is None or (before.seat, before.legal) != (update.seat, update.legal)) \
                    and self._panel_has_the_keys():
                self.decision_widgets()[0].focus()  # a new decision: its keys are back
            if self.sent_from is not None and self._sent_line_timer is None:
                self._show_sent()
            self.refresh_bindings()
            self.after_refresh_while_shown(self._place_notices_up)
        if self.TELLS_LAST_MOVES:
            self._hold_last_moves(update)

    @property
    def watched(self) -> bool:
        """Every seat a bot, watched at this terminal: no person's view,
        so no recap since a move of theirs."""
        return self.here and not getattr(self.port, "humans", ())

    def _last_turn_lines(self, update: TableUpdate) -> list[str]:
        """What a watcher is told before the results: the log from the
        last turn's start, or from the last reveal if earlier (Overstocked's
        round: the cards revealed, then each placement). All-bot, the
        results came 0.45 s after the last move (a play-test)."""
        start = self._turn_began[1]
        reveal = next((i for i in range(len(update.log) - 1, -1, -1)
                       if self.reveals(update.log[i])), None)
        if reveal is not None and reveal < start:
            start = reveal
        return list(update.log[start:])

    def _tell_taken_back(self, update: TableUpdate) -> None:
        """The answer to this screen's undo: say what it took back, the log
        lines of the player's own view that vanished (a take-back was
        silent)."""
        sent = self._taking_back
        if sent is None or update.seq == sent.seq:
            return
        self._taking_back = None
        if update.seat == sent.seat:
            self.tell_taken_back(sent.log, update.log)

    def tell_taken_back(self, before: Sequence[str], after: Sequence[str]) -> None:
        """Say what a take-back took off the player's own log (`before`, now
        `after`): this screen's undo, or at one terminal the cover's, once
        the cover lifts for the one who took it back (tui/table.py)."""
        if len(after) < len(before) and self.is_attached:
            hint(self, taken_back_words(_gone_from(before, after)),
                 severity="information", news=True)
            if self.update is not None and self.update.seat is not None:
                # once the lists show the choices given back
                self.call_after_refresh(self._cursors_back, self.update.seat, len(after))

    def _cursors_back(self, seat: int, logged: int) -> None:
        """The lists' cursors where they stood when `seat` played the move
        now taken back (from a log of `logged` lines), on the choice it
        made where that is enabled again: Enter makes it again."""
        for widget, cursor in self._cursors_at_move.pop((seat, logged), []):
            if widget.is_attached:
                widget.move_to(cursor)

    def _tell_taken_back_by_another(self, before: TableUpdate | None,
                                    update: TableUpdate) -> None:
        """Another player at a shared table took back their last move: this
        screen (a player's or a watcher's) says so (`took_back_words`). At
        one terminal the hand-over cover says it, with the same words."""
        who = update.taken_back_by
        if (who is None or who == update.seat or self.here or before is None
                or before.seq >= update.seq or not 0 <= who < len(update.names)
                or not self.is_attached):
            return
        hint(self, took_back_words(update.names[who], _gone_from(before.log, update.log)),
             severity="information", news=True)

    def _hold_last_moves(self, update: TableUpdate) -> None:
        """The match ended with moves after your last one: they go over the
        results (pushed right after this update, with `over_the_results`),
        worded as the log words them for you (`recap`: since your move),
        once. Your own move that ended it, you saw."""
        if not update.over:
            self._played_here = True
            if update.to_act != self._turn_began[0]:
                self._turn_began = (update.to_act, len(update.log))
            return
        if not self._played_here or self._last_moves_told:
            return
        if update.seat is not None:
            lines, since = self.recap_lines(self.recap), "Since your last move"
        elif self.watched:
            lines, since = self._last_turn_lines(update), "The last moves"
        else:
            return
        if not lines:
            return
        from tui.screens.ending import EndingScreen

        self._last_moves_told = True
        title = f"{since} · {self._viewer_text(update).plain}"
        # q leaves from it, as from the final table under it
        box = EndingScreen(title, lines, aside=self.last_moves_aside(update),
                           **self.box_leaves())
        self._last_moves_box = box
        self.over_the_results.append(box)

    def fold_moves(self, lines: list[str]) -> list[str]:
        """The public log's lines as a hand-over cover lists them: a game's
        screen may fold runs of alike lines (Overseers' deal). As they are
        here."""
        return lines

    def told_unseen(self, lines: list[str]) -> list[str]:
        """Of the public log's lines that came with a person's own move
        and that their view never showed (what chance drew at once), those
        their hand-over cover tells all the same: none here."""
        return []

    def last_moves_aside(self, update: TableUpdate) -> list[str | Text]:
        """What stands beside the last moves told over the results (a
        game's own: the card its lines tell, drawn); nothing here."""
        return []

    # -- a new decision is not confirmed unseen ----------------------------------

    def _steady(self, before: TableUpdate | None, update: TableUpdate) -> None:
        """A new decision for the seat shown (its turn again, the next step
        of a move, the view of the person who just lifted the hand-over
        cover): the confirming keys wait the app's `decision_grace`, so a
        doubled or held Enter that made the last move does not make this
        one before the player has seen it. The same choices again (another
        player's secret pick came in meanwhile) are no new decision."""
        if update.seat is None or not update.legal or update.over:
            return
        if (before is not None and before.seat == update.seat and before.legal == update.legal
                and not self._acted):
            return
        again = self._acted and before is not None and before.seat == update.seat
        self._acted = False
        # the longer wait only where something new is to be looked at: a
        # duel's placement after its draft is the same player's plan, and
        # "1, Enter" there must not wait 1.5 s
        look = again and before is not None and self.decided_again(before, update)
        if look:
            # the game said what is new (a notice up for 3 s): a key it
            # drops meanwhile lights the prompt without a second notice
            self._said_new_until = time.monotonic() + 3.0
        self.new_choice(again=look)

    def decided_again(self, before: TableUpdate, update: TableUpdate) -> bool:
        """The person who just decided has a new decision at once, no cover
        between (`before`: what they last saw): a game's screen may say what
        is new (Overseers: the next pack) and return True, so Enter waits
        for it to be read (`AGAIN_EXTRA`). Nothing here."""
        return False

    def came_at_once(self) -> bool:
        """Whether a decision arriving now comes within the wait after the
        key that made this screen's last move (the grace and `AGAIN_EXTRA`,
        as `new_choice` waits): one a doubled or held key could make
        unseen. One that comes later (after a bot's think the player
        watched) is an ordinary new decision."""
        grace = float(getattr(self.app, "decision_grace", 0.0)) if self.is_attached else 0.0
        return time.monotonic() < self._acted_at + grace + AGAIN_EXTRA

    def new_choice(self, *, again: bool = False) -> None:
        """New choices are on screen: the confirming keys wait a moment
        (`decision_grace`). A game's screen calls it for the second step
        of a move it asks in two (a card, then what it does), whose
        choices appear under the cursor with no update between. `again`:
        they replace the person's own move just made (`AGAIN_EXTRA`)."""
        grace = float(getattr(self.app, "decision_grace", 0.0)) if self.is_attached else 0.0
        if grace > 0:
            until = time.monotonic() + grace
            if again:
                until = max(until, self._acted_at + grace + AGAIN_EXTRA)
                # the key that kept a card, doubled, would keep one of the
                # next pack: the number keys wait as long
                self._numbers_steady_until = max(self._numbers_steady_until, until)
            # never shorter: an update in between (a bot's move) does not
            # end the wait for choices not yet seen
            self._steady_until = max(self._steady_until, until)

    def opened_by_itself(self) -> None:
        """The screen came up with no key of this player's (the match began
        as the last player sat down, this one waiting in the lobby): the
        choice keys, Enter and the numbers, wait the app's `decision_grace`,
        so a key meant for the lobby makes no move here (a number drafted
        at once)."""
        grace = float(getattr(self.app, "decision_grace", 0.0)) if self.is_attached else 0.0
        if grace > 0:
            self._opened_until = time.monotonic() + grace
            self._steady_until = max(self._steady_until, self._opened_until)
            self._numbers_steady_until = max(self._numbers_steady_until, self._opened_until)

    def too_soon(self, key: str) -> bool:
        """Whether `key` is a confirming key pressed before the decision on
        screen could be read, or a number key before the next decision that
        came under the person's own key could (the app then drops it). One dropped keeps the
        guard a little longer (`HELD_KEY_GAP`): a held Enter repeats until
        it is let go; the prompt stands out a moment. Typing in a text
        field (the table talk) never waits."""
        now = time.monotonic()
        if self.holds_the_table:
            # Enter puts the box away, whatever came behind it: dropped, it
            # drew "press it again" over the box (a play-test)
            return False
        if key in CONFIRM_KEYS:
            if now >= self._steady_until:
                return False
            said = ENTER_WAITS
        elif key in NUMBER_KEYS_SET:
            if now >= self._numbers_steady_until:
                return False
            said = NUMBERS_WAIT
        else:
            return False
        if now < self._opened_until:
            said = OPENED_WAITS
        from textual.widgets import Input

        if isinstance(self.focused, Input):
            return False
        self._steady_until = max(self._steady_until, now + HELD_KEY_GAP)
        if key in NUMBER_KEYS_SET:
            self._numbers_steady_until = max(self._numbers_steady_until, now + HELD_KEY_GAP)
        # the key did nothing: the prompt stands out, so the player looks at
        # the new decision (and presses again) rather than at a key that failed
        self.light_prompt(DROPPED_KEY_LIGHT)
        if said not in self._told_waits and now >= self._said_new_until:
            # once a screen: the light alone read as a key lost (and shows
            # nothing without colour)
            self._told_waits.add(said)
            from tui.widgets.hints import hint

            hint(self, said, timeout=3)
        return True

    def stale_pick(self, event: Any) -> bool:
        """Whether a pick (a card, a row, a bar's choice) was made on items
        that have changed since (the message waited while the next pack or
        decision was drawn): it would act by position on ones the player
        has not seen, so it is dropped and the prompt stands out."""
        if not event.stale:
            return False
        self.light_prompt(DROPPED_KEY_LIGHT)
        return True

    def witness(self, update: TableUpdate) -> None:
        """An update for a seat viewed here, shown or not (in hot-seat play
        the others' come while one person's view is on screen): each seat's
        recap follows every change."""
        self.since.observe(update)

    def round_end_dialogs(self, public: TableUpdate) -> list[Screen]:
        """Several people at this terminal: dialogs that tell everyone how a
        round ended, if `public` (the public view's update) shows one that
        ended since the last it was asked about. They go up over the public
        view, opaque, before the hand-over to whoever acts next (tui/table.py),
        and the seats' own views do not tell it again. None: this game tells
        no round's end so (the default)."""
        return []

    def box_waits(self, box: Screen) -> None:
        """`box` is to go up over the table until a key: the match at this
        terminal waits for it (tui/table.py `wait_for_box`; a shared table
        does not), until `box_gone`."""
        wait = getattr(self.port, "wait_for_box", None)
        if callable(wait):
            wait(box)
        if self.bots_held() and self.update is not None and self.update.thinking is not None:
            self.redraw_held(self.update)  # "thinking… 3 s" went on counting under a box
        if self.is_mounted:
            self.refresh_bindings()  # n (move now) goes with the hold (`can_hurry`)

    def box_gone(self, box: Screen) -> None:
        """`box` was put away, or will not go up: the match goes on."""
        held = self.bots_held()
        gone = getattr(self.port, "box_put_away", None)
        if callable(gone):
            gone(box)
        if held and not self.bots_held():
            self.bots_released()
        elif self.is_mounted:
            self.refresh_bindings()

    def bots_released(self) -> None:
        """The bots held for a box go on (at this terminal, once the keys
        typed with the last box's Escape are handled: tui/table.py)."""
        # the bot decides again from now: its count starts over
        self._thinking_since = time.monotonic()
        if self.update is not None and self.update.thinking is not None:
            self.redraw_held(self.update)
        if self.is_mounted:
            self.refresh_bindings()  # and n comes back with the bots

    @property
    def holds_the_table(self) -> bool:
        """A box in this screen's own layer (Boss Quest's combat) is up and
        keeps the keys until put away; none here."""
        return False

    def bots_held(self) -> bool:
        """The bots send no move while a box is up (at this terminal:
        tui/table.py `wait_for_box`): a thinking bot waits for the box."""
        return getattr(self.port, "holds_bots", False) is True

    def hold_the_results(self, push: Callable[[], Any]) -> bool:
        """Whether the results wait for a box still up over the table (Boss
        Quest's combat that ended the game): then `push` puts them up once
        it is put away (`results.push_results`). Here the box of the last
        moves, where the table shows them (`LAST_MOVES_BY`): it goes up
        beside that part of the final table (it was told over the results,
        opaque, over an empty screen: a play-test)."""
        from tui.screens.ending import EndingScreen

        box, self._last_moves_box = self._last_moves_box, None
        if (self.LAST_MOVES_BY is None or not isinstance(box, EndingScreen)
                or box not in self.over_the_results or not self.is_attached
                or self.app.screen is not self):
            return False  # (another box up over the table: over the results)
        self.over_the_results.remove(box)
        box.stand_by(self.query_one(self.LAST_MOVES_BY))

        def put_away(then: Any) -> None:
            push()
            if callable(then):  # a key of the table the box offered (`EndingScreen.offer`)
                then()

        self.app.push_screen(box, put_away)
        return True

    def shows_nothing_private(self, update: TableUpdate, public: TableUpdate | None) -> bool:
        """Several people here: whether `update` (a person's decision, the
        same person's as the last) shows nothing the public view does not,
        so that no hand-over cover is needed before it (tui/table.py).
        False here: every game covers, unless it says otherwise."""
        return False

    def received_privately(self, seen: TableUpdate, now: TableUpdate) -> list[str]:
        """Several people here: what `now`'s seat received for its eyes only
        since `seen` (what that person last saw, their own view), in
        sentences; they are told it before the hand-over cover hides their
        view (tui/table.py). Nothing here: a game says what it deals so."""
        return []

    def reveals(self, line: str) -> bool:
        """Whether a log line tells a reveal at the table (`REVEALS`)."""
        return self.REVEALS is not None and self.REVEALS.search(line) is not None

    def begins(self, line: str) -> bool:
        """Whether a log line begins a new round (`BEGINS`)."""
        return self.BEGINS is not None and self.BEGINS.search(line) is not None

    def quiet(self, line: str) -> bool:
        """Whether a log line tells nothing happened (`QUIET`)."""
        return self.QUIET is not None and self.QUIET.search(line) is not None

    def _redraw(self, update: TableUpdate) -> None:
        """Draw the screen from `update` (each game's own)."""
        raise NotImplementedError

    # -- since your last move ----------------------------------------------------

    def _changes(self, before: Any, after: Any) -> dict[str, frozenset]:
        """What differs between two views of this game, by kind of thing
        ("squares", "market", "players"...): the keys the screen marks.
        Each game's own; nothing here."""
        return {}

    def score_changes(self, before: Any, after: Any) -> Sequence[Sequence[tuple[str, int]]]:
        """Per seat, the score pad's rows whose points differ between two
        views of the viewer's, and by how much (each game's core:
        `score_changes`); none where a game has no pad to compare."""
        return ()

    def score_row_name(self, name: str, seat: int, view: Any) -> str:
        """A score pad row's name as a recap step says it for `seat` (a
        game may name it more plainly there); as the pad names it here."""
        return name

    def step_notes(self, step: RecapStep) -> tuple[str, ...]:
        """The score change a recap step made, a line per seat whose score
        it changed, with the rows that did ("Bram +5: Roads +1, Longest
        road +4"): the header's • marked a changed score, and nothing said
        why (a play-test). From the viewer's own views, so a score it may
        not see (a face-down Boss's objective) is never told; worked out
        once a step."""
        before, after = step.before, step.after
        if before is None or after is None or before is after:
            return ()
        cache = self._notes_cache
        key = (id(before), id(after))
        kept = cache.get(key)
        if kept is not None and kept[0] is before and kept[1] is after:
            return kept[2]
        changes = self.score_changes(before, after)
        notes = tuple(
            score_change_words(self._bare_who(seat),
                               [(self.score_row_name(name, seat, after), delta)
                                for name, delta in rows])
            for seat, rows in enumerate(changes) if rows)
        cache[key] = (before, after, notes)
        return notes

    def _keep_notes_of(self, recap: Recap) -> None:
        """The score lines kept (`step_notes`) only for `recap`'s steps,
        whose views it holds anyway: kept for every step of a match, up
        to 64 pairs of views a screen, then all dropped and worked out
        again at once (the whole recap's, on one update)."""
        cache = self._notes_cache
        if not cache:
            return
        wanted = {(id(step.before), id(step.after)) for step in recap.steps}
        for key in [key for key in cache if key not in wanted]:
            del cache[key]

    def recap_lines(self, recap: Recap) -> list[str]:
        """The recap's lines, each step's followed by its score change
        (`step_notes`), as the last moves over the final table tell them.
        The match's end comes after the score change of the move that made
        it, in a line of its own: "Bram +3: Bean Bears +3" came after "The
        game is over: you 15, Bram 10, Cora 33." (a play-test)."""
        out: list[str] = []
        for step in recap.steps:
            lines, notes = list(step.lines), list(self.step_notes(step))
            end = _GAME_OVER.search(lines[-1]) if lines and notes else None
            if end is not None:
                move, over = lines[-1][:end.start()].rstrip(), lines[-1][end.start():]
                lines[-1:] = [move] if move else []
                notes.append(over)
            out += [*lines, *notes]
        return out

    def changed(self, kind: str) -> frozenset:
        """The keys of `kind` changed in the recap's span (all of it, or the
        step being looked at): what the screen marks."""
        before, after = self.recap.span()
        if before is None or after is None or before is after:
            return frozenset()
        cache = self._changes_cache
        if cache is None or cache[0] is not before or cache[1] is not after:
            cache = self._changes_cache = (before, after, self._changes(before, after))
        return cache[2].get(kind, frozenset())

    def _draw_log(self, log: SinceLog, update: TableUpdate) -> None:
        """The log, or the recap since your last move in its place."""
        recap = self.recap if update.seat is not None and not update.over else None
        if (recap is not None and recap.shown and log.held
                and not (log.recap is not None and log.recap.shown)):
            # the player reads the log back: another's move does not put
            # the recap in its place (z brings it)
            self.since.put_away(update.seat)
            recap = self.recap = replace(recap, hidden=True, selected=None)
        log.notes = self.step_notes
        log.show(update.log, recap)
        self._keep_notes_of(self.recap)

    def action_since_step(self, delta: int) -> None:
        update = self.update
        if update is not None and self.since.step(update.seat, delta):
            self._log_follows()
            self.show(update)

    def action_scroll_log(self, pages: int) -> None:
        log = self.query(SinceLog).first()
        if pages < 0 and log.recap is not None and log.recap.shown:
            self.action_since_toggle()  # the recap has nothing earlier: the log, as z
            log.follow()
            # (laid out first: the page up counts from the log's end)
            self.call_after_refresh(log.page, -1)
            return
        log.page(pages)

    def action_since_toggle(self) -> None:
        update = self.update
        if update is not None and self.since.toggle(update.seat):
            self._log_follows()
            self.show(update)

    def _log_follows(self) -> None:
        """The log shows its newest lines again (the player moved, or chose
        the recap or the whole log), if it was read back."""
        for log in self.query(SinceLog):
            if log.held:
                log.follow()

    def action_read_log(self) -> None:
        """`l`: the log takes the arrows and PgUp / PgDn (it is focused),
        or gives them back to the decision (`_log_given_back`)."""
        log = self.query(SinceLog).first()
        if log.has_focus:
            self.set_focus(None)
            self._log_given_back()
            log.follow()  # old lines under the usual title read as the latest
        else:
            if log.recap is not None and log.recap.shown:
                self.action_since_toggle()  # the recap has nothing earlier: the log, as z
            log.focus()
        self.refresh_bindings()

    def action_leave_log(self) -> None:
        if isinstance(self.focused, SinceLog):
            self.action_read_log()

    def _log_given_back(self) -> None:
        """The keys back from the log to the decision (a screen with `l`)."""

    # -- reading the update ----------------------------------------------------

    @property
    def _view(self) -> Any:
        return None if self.update is None else self.update.view

    def _who(self, seat: int | None) -> str:
        """A seat's name ("?" for nobody)."""
        if seat is None:
            return "?"
        names = self.update.names if self.update is not None else ()
        return names[seat] if seat < len(names) else f"{self.seat_word} {seat + 1}"

    def _bare_who(self, seat: int | None) -> str:
        """A seat's name without the table's away mark (`bare_name`): for a
        list, a score, a title, where the mark is not what is told."""
        return bare_name(self._who(seat))

    def _whose(self, seat: int | None) -> str:
        """A seat's name in the possessive, without the away mark: "Bob's"."""
        return possessive(self._who(seat))

    def _viewer_text(self, update: TableUpdate) -> Text:
        """Whose view the screen shows, for its header: the viewing seat's
        name ("Ann's view"; in hot-seat play the person at the keyboard
        checks it is theirs), or "spectating" for the public view; "for
        everyone" at this terminal, where people share it between turns."""
        if update.seat is None:
            return Text("for everyone" if self.here else "spectating", style="italic")
        name = self._bare_who(update.seat)
        return NamingText(lambda cells: Text(
            f"{possessive(shortened(name, cells))} view", style="bold"))

    def _header_width(self) -> int:
        """The cells a one-line header has (the screen's width less its padding)."""
        width = self.size.width or self.app.size.width
        return max(0, width - 2)

    def can_hurry(self, update: TableUpdate | None = None) -> bool:
        """A bot is thinking and this screen may ask it to move now: a
        player's view, or any view at this terminal (the public one in
        hot-seat play); a remote spectator may not."""
        update = self.update if update is None else update
        if update is None or update.thinking is None or update.over or self.bots_held():
            return False  # (held for a box, a bot waits: n hurried nothing)
        return update.seat is not None or self.here

    def thinking_seats(self, update: TableUpdate) -> list[int]:
        """Every bot that owes a decision now, in seat order: in a choice all
        make at once (Overseers' picks, Overstocked's) several think together,
        where `update.thinking` names the first alone."""
        if update.thinking is None:
            return []
        seats = sorted(s for s in update.to_act if s in update.bots)
        return seats or [update.thinking]

    def who_is_thinking(self, update: TableUpdate) -> str:
        """ "Bot 2 is thinking…", "Bot 2 and Bot 3 are thinking…", with the
        seconds and the key to hurry them (`thinking_note`); "" when no bot
        is thinking."""
        seats = self.thinking_seats(update)
        if not seats:
            return ""
        # a bot standing in for an away player is said so, not with the
        # name's mark mid-sentence ("ann (away — bot playing) is thinking…")
        names = [f"the bot playing for {bare}" if mark else bare
                 for bare, mark in (split_mark(self._who(s)) for s in seats)]
        who = listed(names)
        verb = "is" if len(names) == 1 else "are"
        return f"{who} {verb} {self.thinking_words(update)}"

    def thinking_words(self, update: TableUpdate) -> str:
        """ "thinking… 3 s (n: move now)" after a thinking bot's name, or,
        while the bots are held for a box (`bots_held`), what they wait for:
        the count went on there though no bot thought (a play-test)."""
        if self.bots_held():
            return HELD_FOR_BOX
        return f"thinking…{self.thinking_note(update)}"

    def thinking_note(self, update: TableUpdate) -> str:
        """What follows "thinking…" in a status line: after
        `THINKING_COUNT_AFTER`, the seconds the bot has thought over this
        decision, and the key that hurries the bot, when this screen can.
        The seconds count from when the bot began it (`thinking_since`):
        in Overseers' draft the player's own pick, arriving while the bot
        thought, made a new update and the count started again."""
        hurry = f" ({MOVE_NOW_KEY}: move now)" if self.can_hurry(update) else ""
        if update.thinking is None:
            return hurry
        if _thinking_key(update) != self._thinking_key:
            self._watch_thinking(update)  # an update not shown here yet
        self._count_on(update)
        waited = time.monotonic() - self._thinking_since
        counted = f" {int(waited)} s" if waited >= THINKING_COUNT_AFTER else ""
        return counted + hurry

    def stopped_prompt(self, update: TableUpdate) -> Text | None:
        """The prompt while the match has stopped (a draw or a bot's move
        could not be saved): what to do, in place of a bot "thinking" for
        good; None while it goes on."""
        if not update.stopped or update.over:
            return None
        if self.here:
            cure = " Leave the table (q) and come back once it can be written."
        else:  # a shared table: the host's own disk
            cure = " The match waits for the host."
        return Text.assemble(("The match has stopped: ", "bold"),
                             "its journal cannot be written.", cure)

    def away_note(self, update: TableUpdate) -> str:
        """ " · a bot plays for Ann in 25 s": the countdown to the bot that
        will play for away players who owe a decision (a shared table's
        "When away" choice), counted once a second; "" when none will.
        After who is reading (`reading_note`)."""
        return self.reading_note(update) + self._bot_note(update)

    def is_reading(self, update: TableUpdate, seat: int) -> bool:
        """At a shared table, `seat`'s player (another than the viewer) has
        a box up over the table (a round's end, the vote, F1:
        `SeatUpdate.reading`): a seat that owes a decision is then reading,
        not choosing. The table does not wait for them."""
        return seat in update.reading and seat != update.seat and not update.over

    def is_away(self, update: TableUpdate, seat: int) -> bool:
        """At a shared table, `seat`'s player (another than the viewer) is
        away and no bot plays their seat now: a seat that owes a decision
        is not "choosing…" then (play-test: "ann (away) ♛ Leader ·
        choosing…"); the status says whether the match waits for them or
        when a bot plays (`away_note`)."""
        names = update.names
        return (seat != update.seat and not update.over and 0 <= seat < len(names)
                and seat not in update.bots and names[seat].endswith(AWAY_MARK))

    def reading_note(self, update: TableUpdate) -> str:
        """ " · Ann is reading…": the others who owe a decision and are
        reading a box (`is_reading`); "" when none is. Play-test: a player
        reading the combat box read as "choosing…" to the others."""
        seats = [s for s in sorted(update.to_act) if s not in update.bots
                 and 0 <= s < len(update.names) and self.is_reading(update, s)]
        if not seats:
            return ""
        names = [self._bare_who(s) for s in seats]
        return f" · {listed(names)} {'is' if len(names) == 1 else 'are'} reading…"

    def _bot_note(self, update: TableUpdate) -> str:
        due = self._bot_waits(update)
        if not due:
            return self._waits_note(update)
        self._count_on(update)
        names = [self._bare_who(s) for s in sorted(due)]
        who = listed(names)
        left = math.ceil(min(due.values()) - time.monotonic())
        return f" · a bot plays for {who} {f'in {left} s' if left > 0 else 'now'}"

    def _waits_note(self, update: TableUpdate) -> str:
        """ " · the match waits until Ann is back": away players who owe a
        decision where no bot will play for them ("When away: the match
        waits"); "(away)" alone did not say the match had stopped."""
        if update.over:
            return ""
        names = update.names
        away = [self._bare_who(s) for s in sorted(update.to_act)
                if 0 <= s < len(names) and s not in update.bots
                and names[s].endswith(AWAY_MARK)]
        if not away:
            return ""
        return f" · the match waits until {listed(away)} {'is' if len(away) == 1 else 'are'} back"

    def _bot_waits(self, update: TableUpdate) -> dict[int, float]:
        """The away seats `away_note` counts down for, and when a bot plays."""
        if update is not self._bot_due_of:  # (its seconds count from its drawing)
            now = time.monotonic()
            self._bot_due = {seat: now + seconds for seat, seconds in update.bot_plays_in}
            self._bot_due_of = update
        if update.over:
            return {}
        return {s: at for s, at in self._bot_due.items()
                if s in update.to_act and s not in update.bots}

    def _watch_thinking(self, update: TableUpdate) -> None:
        """Note when the bot began the decision it thinks over, at every
        update, whether the status shows it yet or not: while the player
        chose too (Overseers' draft) the count would start only when their
        pick took the prompt away, and the next bot's from the first's
        answer, though both began at once."""
        now = time.monotonic()
        arrived = self._arrived
        arrived.setdefault(update.seq, now)
        if len(arrived) > 64:
            del arrived[min(arrived)]
        if update.thinking is not None and not update.over:
            key = _thinking_key(update)
            if key != self._thinking_key:
                # the next bot of a choice all make began with the first
                self._thinking_key, self._thinking_since = key, arrived.get(key[1], now)

    def _count_on(self, update: TableUpdate) -> None:
        """The status counts on: `_thinking_tick` comes when its count next
        changes (`_next_count_in`), unless it is due already."""
        if self._thinking_timer is None and self.is_mounted:
            self._thinking_timer = self.set_timer(self._next_count_in(update),
                                                  self._thinking_tick)

    def _next_count_in(self, update: TableUpdate) -> float:
        """Seconds until a count in the status changes: the bot's next
        whole second thought (from `_thinking_since`, the first at
        `THINKING_COUNT_AFTER`), or the next whole second before a bot
        plays for an away player. A timer that ticked once a second from
        whenever the status was drawn showed "2 s" and then "3 s" half a
        second later (a play-test)."""
        now = time.monotonic()
        waits = []
        if update.thinking is not None:
            waited = now - self._thinking_since
            waits.append(max(THINKING_COUNT_AFTER, math.floor(waited) + 1) - waited)
        for due in self._bot_waits(update).values():
            left = due - now
            if left > 0:
                waits.append(left - math.ceil(left) + 1)
        return min(waits, default=1.0) + COUNT_LATE

    def _thinking_tick(self) -> None:
        """At each whole second while a bot thinks, or counts down to
        playing for an away player (`away_note`): the count in the status
        moves on (`redraw_thinking`); no timer is set again when neither
        is on."""
        timer, self._thinking_timer = self._thinking_timer, None
        if timer is not None:
            timer.stop()  # (a test calls it too)
        update = self.update
        counting = update is not None and not update.over and self.is_mounted and (
            update.thinking is not None or bool(self._bot_waits(update)))
        if not counting:
            self._thinking_key = None
            return
        assert update is not None
        if self.sent_from is None and (update.thinking is None or (
                _thinking_key(update) == self._thinking_key
                and time.monotonic() - self._thinking_since >= THINKING_COUNT_AFTER)):
            # (a new decision counts from its next drawing; a sent key's line stays)
            self.redraw_thinking(update)
        self._count_on(update)

    def redraw_thinking(self, update: TableUpdate) -> None:
        """Draw again the line that says a bot is thinking (`thinking_note`
        counts its seconds); each game's screen draws its own."""

    def redraw_held(self, update: TableUpdate) -> None:
        """Draw again what says a bot is thinking, the bots held for a box
        or let go (`bots_held`): the status line, and a screen's rows that
        say it too."""
        if self.is_mounted:
            self.redraw_thinking(update)

    def action_move_now(self) -> None:
        """Ask the thinking bot to play its best move so far now (the session
        refuses it politely when no bot is thinking any more)."""
        update = self.update
        if update is None or update.thinking is None or update.over:
            return
        self.port.send(SeatCommand.hurry(update.thinking, update.seq))

    def _legal(self, action: Any) -> bool:
        return self.update is not None and action in self.update.legal

    #: the keys a watcher of a shared table may use later (F1 lists the
    #: others apart, as the players')
    WATCHER_LATER: ClassVar[frozenset[str]] = frozenset({"results", "leave_log", "leave_talk"})

    #: what a game's own keys do, by action: said with the prompt when the
    #: key is pressed where it does nothing (`why_key_idle`)
    IDLE_KEY_WORDS: ClassVar[dict[str, str]] = {}

    #: whether those words go on with the prompt: not where notices sit over
    #: a few rows of log (`NOTICES_OVER`), the prompt on screen anyway
    IDLE_SAYS_PROMPT: ClassVar[bool] = True

    def why_key_idle(self, action: str) -> str | None:
        """Why this screen's key for `action` (its binding off now) does
        nothing, said when it is pressed; None leaves it silent. A game
        with more to say than "Not now" and its prompt says it first."""
        update = self.update
        if action == "rematch" and update is not None and update.over and self.watching_shared:
            return "Not now: a watcher has no rematch; b shows the results."
        words = self.IDLE_KEY_WORDS.get(action)
        if words is None or update is None or update.seat is None or update.over:
            return None
        then = f" {self.prompt_words()}" if self.IDLE_SAYS_PROMPT else ""
        return f"Not now: {words}.{then}".rstrip()

    def prompt_words(self) -> str:
        """The prompt's words (what to do now), as plain text."""
        return ""

    def help_match(self) -> str:
        """What F1 says under its title about this match: the options it
        is played with (nothing on screen said which extensions were on)."""
        update = self.update
        options = getattr(getattr(update, "view", None), "options", None)
        if update is None or options is None:
            return ""
        from core.arena import options_words

        words = options_words(options, len(update.names))
        bots = bots_named(update.names, update.levels)
        return ("This match: " + (", ".join(words) if words else "the rulebook's standard game")
                + (f" · bots: {bots}" if bots else ""))

    def help_bot_levels(self) -> list[tuple[str, str]]:
        """F1's lines on the bot levels, in a match the match's own bots play."""
        update = self.update
        if update is None or not any(update.levels):
            return []
        # keyed with the initial a narrow Players box marks a bot with
        return level_rows(update.game, "{level} ({initial})",
                          getattr(self.app, "bot_seconds", None))

    def on_key(self, event: events.Key) -> None:
        """A game key that does nothing now says why (`why_key_idle`): x in
        Overboss Duel with no Spire ready was silent, as if not heard. Keys
        a binding takes now (the focused widget's, the app's) go on to it."""
        if self._digits and event.key in ("enter", "escape"):
            # Enter takes the digits typed (the highlighted choice is
            # theirs); Escape clears them, and no more (the prompt said so)
            event.stop()
            event.prevent_default()
            if event.key == "enter":
                self.take_digits()
            else:
                self._end_digits()
            return
        if event.key in ("enter", "escape") and self._panel_has_the_keys(event.key):
            event.stop()
            event.prevent_default()
            if event.key == "escape":
                self.decision_widgets()[0].focus()
                self.refresh_bindings()
            else:
                hint(self, KEYS_ON_A_PANEL)
            return
        own = self._bindings.key_to_bindings.get(event.key)
        if not own:
            # not a key of this screen (an arrow on the board, say): no more
            # work, but for a watcher's arrow or Enter that nothing took
            if (self.watching_shared and self.focused is None
                    and event.key in _WATCHER_UNFOCUSED_KEYS):
                self.say_watching(event.key)
            return
        active = self.active_bindings.get(event.key)
        if active is not None and active.enabled:
            return
        if event.key == "escape" and self._watcher_back_from_a_panel():
            event.stop()
            return
        if event.key.isdigit() and self._not_your_decision():
            event.stop()  # silent in most games while others decided (play-test)
            hint(self, NOT_YOUR_DECISION)
            return
        for binding in own:
            why = self.why_key_idle(binding.action.partition("(")[0])
            if why:
                event.stop()
                hint(self, why)
                return
        if self.watching_shared and any(b.action.partition("(")[0] not in self.WATCHER_LATER
                                        for b in own):
            event.stop()  # a player's key (F1 lists it apart): it was silent
            self.say_watching(event.key)

    #: where a watcher's keys go back to from a panel their Tab gave them
    #: (Escape): a query of the screen, or None for no widget at all
    WATCHER_HOME: ClassVar[str | None] = None

    def _watcher_back_from_a_panel(self) -> bool:
        """Escape on a panel a watcher's Tab focused (no decision of theirs)
        gives the keys back (`WATCHER_HOME`), as Escape gives a player's
        back to their decision; False where they have not moved."""
        from textual.widgets import Input

        update, focused = self.update, self.focused
        if update is None or update.seat is not None or update.over or focused is None or (
                isinstance(focused, Input)):
            return False
        home = self.query_one(self.WATCHER_HOME) if self.WATCHER_HOME else None
        if focused is home:
            return False
        if home is None:
            self.set_focus(None)
        else:
            home.focus()
        self.refresh_bindings()
        return True

    def say_watching(self, key: str) -> None:
        """Tell a watcher of a shared table that `key` is a player's (F1's
        "Players' keys"): pressed, it was met with nothing. The arrows and
        Enter where no panel has the keys: Tab gives them one to read."""
        from tui.screens.help import KEY_WORDS

        if key in ("up", "down", "left", "right") and self.focused is None:
            hint(self, "You are watching: Tab puts the arrows on a panel to read "
                       "(F1 lists your keys).")
        else:
            hint(self, f"You are watching: {KEY_WORDS.get(key, key)} is a player's key "
                       "(F1 lists yours).")

    def decision_widgets(self) -> tuple[Widget, ...]:
        """The widgets that take the decision's keys now, the one they go
        back to first (`_panel_has_the_keys`); () where the game's own Tab
        keeps the keys on its decision."""
        return ()

    def _panel_has_the_keys(self, key: str = "") -> bool:
        """A panel Tab (or a click) focused has the keys, while a decision
        of this seat waits on another widget, and `key` does nothing there:
        Enter was silent, and Escape did not give the keys back."""
        from textual.widgets import Input

        update, focused = self.update, self.focused
        if (update is None or update.seat is None or not update.legal or update.over
                or self.sent_from is not None or focused is None or isinstance(focused, Input)):
            return False
        active = self.active_bindings.get(key) if key else None
        if active is not None and active.enabled:
            return False
        deciding = self.decision_widgets()
        return bool(deciding) and not any(w is focused or w in focused.ancestors
                                           for w in deciding)

    def no_choice(self, number: int, keys: Sequence[str] = (), why: str = "") -> None:
        """A number key that chooses nothing now says so (`why`, or that it
        chooses nothing here), and names the keys that do (`keys`, in the
        order shown): it was silent, and a player pressing 1 where the
        choices start at 2 saw nothing happen. Not while the seat has
        nothing to decide (the prompt says whose turn it is)."""
        update = self.update
        if self._not_your_decision():
            hint(self, NOT_YOUR_DECISION)
            return
        if update is None or not update.legal or update.over or self.sent_from is not None:
            return
        hint(self, f"{why or f'{number} chooses nothing here'}{choice_keys(keys)}.")

    def _not_your_decision(self) -> bool:
        """A seat is shown that has nothing to decide now (others decide, or
        it has chosen and waits), or the shared view of the people at this
        terminal (a bot plays): a watcher's keys stay quiet."""
        update = self.update
        if update is None or update.over or self.sent_from is not None:
            return False
        if update.seat is None:
            return self.here and not self.watching_shared
        return not update.legal

    def play(self, action: Any) -> None:
        """Play `action` for the seat being shown. The session checks it
        against the seat's legal actions; a refusal comes back as a notice."""
        update = self.update
        if update is None or update.seat is None:
            return
        at_move = self._cursors_at_move
        at_move[update.seat, len(update.log)] = [
            (widget, widget.cursor) for widget in self.query(CursorWidget)]
        while len(at_move) > _CURSORS_KEPT:
            del at_move[next(iter(at_move))]
        self._send(update, SeatCommand.play(update.seat, action, update.seq))

    def action_undo(self) -> None:
        """Take back the last action of the seat being shown (one per press)."""
        update = self.update
        if update is None or update.seat is None:
            return
        if self.sent_from == update.seq:
            return  # a command from this update is on its way: not twice
        self._taking_back = update
        if not self._send(update, SeatCommand.undo(update.seat, update.seq)):
            self._taking_back = None

    def _send(self, update: SeatUpdate, command: SeatCommand) -> bool:
        """Send `command`; False: refused here and now (nothing was done)."""
        if self.sent_from == update.seq:
            return False  # a command from this update is on its way: not twice
        self._end_digits()  # a choice made: the digits typed wait no more
        withdraw_hints(self)  # they were about the prompt this answers
        self._log_follows()  # one's own move: the newest lines again
        # Noted first: at this terminal the session answers (and the
        # update after the move is shown) before `send` returns.
        self.since.acted(update)
        self._acted = True  # before: at this terminal the answer is shown within `send`
        self._acted_at = time.monotonic()
        if self.port.send(command) is False:
            self.since.acted(None)  # refused: nothing was done
            self._acted = False
            return False
        if getattr(self.port, "answers_later", False) and self.update is update:
            # a shared table: the answer comes over the wire
            collector.drawing(self.app)
            self.sent_from = update.seq
            if self.is_mounted:
                self._sent_timer = self.set_timer(SENT_TIMEOUT, self.refused)
                if SENT_DELAY > 0:
                    self._sent_line_timer = self.set_timer(SENT_DELAY, self._sent_line_due)
                else:
                    self._show_sent()
        return True

    def _sent_line_due(self) -> None:
        self._sent_line_timer = None
        self._show_sent()

    def _show_sent(self) -> None:
        """Say in the prompt that the key was taken (`SENT_TEXT`), while no
        answer has come."""
        if self.sent_from is not None and self.prompt_id and self.is_mounted:
            prompt = self.query_one(f"#{self.prompt_id}", Static)
            update_static(prompt, Text(SENT_TEXT, style="italic"))

    def say_offline(self, words: str | None) -> None:
        """`words` on a line over the screen's top row while the hub of a
        shared table is away (`RemoteTable.reconnecting`), drawn over the
        table whatever redraws it; None takes it down."""
        say_offline(self, words)

    def announce_turn(self) -> bool:
        """Say on the table itself that it is this player's turn again: the
        prompt, which says what to decide, stands out for `TURN_SECONDS`
        and covers nothing. False: this screen has no prompt (the caller
        says it with a notice)."""
        return self.light_prompt(TURN_SECONDS)

    def light_prompt(self, seconds: float) -> bool:
        """The prompt stands out (class ``-your-turn``) for `seconds` at
        least; False when this screen has no prompt."""
        if not self.prompt_id or not self.is_mounted:
            return False
        prompt = self.query_one(f"#{self.prompt_id}", Static)
        prompt.add_class("-your-turn")
        until = time.monotonic() + seconds
        if self._turn_timer is not None:
            if until <= self._lit_until:
                return True
            self._turn_timer.stop()
        self._lit_until = until
        self._turn_timer = self.set_timer(seconds, lambda: self._unlight(prompt))
        return True

    def _unlight(self, prompt: Static) -> None:
        prompt.remove_class("-your-turn")
        self._turn_timer = None

    def _stop_waiting(self) -> None:
        self.sent_from = None
        for timer in (self._sent_timer, self._sent_line_timer):
            if timer is not None:
                timer.stop()
        self._sent_timer = self._sent_line_timer = None

    def refused(self) -> None:
        """The hub refused the command sent (its notice says why), or did
        not answer in `SENT_TIMEOUT`: keys are taken again and the prompt
        is the update's own."""
        self._taking_back = None
        if self.sent_from is None:
            return
        self._stop_waiting()
        if self.update is not None and self.is_mounted:
            self._redraw(self.update)

    def action_undo_anyway(self) -> None:
        """u when Undo is not in the footer: send the undo all the same; the session
        refuses it with the reason ("Nothing to take back: Bram has moved
        since."), which the table shows."""
        self.action_undo()

    def action_results(self) -> None:
        """The results again, over the final table (as when the match ended)."""
        if self.update is None or not self.update.over:
            return
        from tui.screens.results import ResultsScreen

        self.app.push_screen(ResultsScreen(
            self.update, shared=getattr(self.port, "answers_later", False),
            to_saved=getattr(self.app, "back_to_saved", None) is not None))

    def action_leave(self) -> None:
        """Back to the home screen; the journal already holds every action."""
        self.port.send(SeatCommand.leave(None if self.update is None else self.update.seat))

    def box_leaves(self) -> dict[str, Any]:
        """A box of the match in play (`OverTheResults`): q leaves the table
        from it, the box kept unread where the match keeps it, as from a
        combat over one person's table; it was refused there ("Put this
        away first")."""
        return {"leave": self.action_leave,
                "lobby": bool(getattr(self.port, "answers_later", False))}

    def number_keys(self) -> Sequence[str]:
        """The number keys that choose something now (a number outside them
        says which do, `no_choice`; the footer names their range). Empty
        where the screen has no numbered choice up."""
        return ()

    def typed_number(self, number: int, act: Callable[[int], object]) -> None:
        """Number key `number` where the numbers that choose may pass 9
        (`number_keys`: 1-17): a digit that begins a longer number listed
        (1 of 1-17) waits for the next digit, or Enter (Escape clears it),
        and `act` then takes the number typed (1, 7: 17; 1, 9: 19, which
        says it chooses nothing); any other acts at once. 1 then 7 swapped
        weapon 1 at once (the Solo Quest's Swap with deck, a play-test), and
        the card it drew could not be taken back. The wait has no time
        limit: after a second it took the 1 by itself, while a newcomer read
        the list (a play-test: a card drawn, no taking back), though the
        prompt said "Enter takes 1". Every game's list waits so (Overstocked's
        hand waits for Enter in any case)."""
        typed = self._digits + str(number)
        self._end_digits()
        if any(key.isdigit() and len(key) > len(typed) and key.startswith(typed)
               for key in self.number_keys()):
            self._digits, self._digits_act = typed, act
            self._digits_at = self._decision(self.update)
            self.typing_number(typed)
            self.digits_shown()
            return
        act(int(typed))

    def take_digits(self) -> bool:
        """The digits waiting (`typed_number`) choose now (Enter). Not once
        the decision they were typed at is gone. Returns whether some were
        waiting."""
        typed, act, at = self._digits, self._digits_act, self._digits_at
        self._end_digits()
        if not typed or act is None:
            return False
        if at == self._decision(self.update):
            act(int(typed))
        return True

    def _end_digits(self) -> None:
        waited = bool(self._digits)
        self._digits, self._digits_act, self._digits_at = "", None, None
        if waited:
            self.digits_shown()

    def digits_words(self) -> str:
        """What the prompt says while digits typed wait for the next
        (`typed_number`): "Typed 1…: Enter takes 1, or type the next digit
        for 10-14 (Esc clears)."; "" when none wait. Typing 1 of 1-14 showed
        nothing (the first choice was highlighted already) while it waited."""
        typed = self._digits
        if not typed:
            return ""
        longer = [key for key in self.number_keys()
                  if key.isdigit() and len(key) > len(typed) and key.startswith(typed)]
        takes = f"Enter takes {typed}, or type" if typed in self.number_keys() else "type"
        return f"Typed {typed}…: {takes} the next digit for {number_range(longer)} (Esc clears)."

    def digits_shown(self) -> None:
        """Digits typed began or stopped waiting (`digits_words`): a screen
        with numbers past 9 redraws what says so (its prompt)."""

    @staticmethod
    def _decision(update: TableUpdate | None) -> tuple[Any, ...] | None:
        """What a decision is, for the keys typed at it: whose, its choices."""
        return None if update is None else (update.seat, update.legal, update.over)

    def typing_number(self, typed: str) -> None:
        """Show that the digits `typed` wait for the next (the choice they
        name highlighted, where the screen has one); nothing by default."""

    def numbers_choose_none(self) -> bool:
        """Whether the numbered choices up now are all gone (`number_keys`
        empty though numbers answer): the footer then leaves them out."""
        return False

    def rules_section(self) -> str | None:
        """The heading (its start) of the in-app rules this match is played
        by, where it is not the top (a Solo Quest); None for the top."""
        return None

    def number_words(self) -> str | None:
        """What the number keys do now, where the screen names it ("Draft");
        None keeps the binding's own word."""
        return None

    def number_tooltip(self, binding: Binding) -> str | None:
        """What F1 says number key `binding` does now, where it depends on
        the match ("1 to 3 weapons" with six knights); None keeps the
        binding's own tooltip."""
        return None

    def on_resize(self) -> None:
        self.after_refresh_while_shown(self._place_notices_up_twice)

    def _place_notices_up_twice(self) -> None:
        """`_place_notices_up` now and again after the next refresh, once
        the panels have laid their lines out at their new width (a log
        re-breaks its lines a layout later): placed at the first only, a
        notice raised at 80x24 sat over the newest line of the Duel's log
        at 100x30, where one raised there leaves it."""
        self._place_notices_up()
        self.after_refresh_while_shown(self._place_notices_up)

    def on_screen_resume(self) -> None:
        """Back on top (from the results, a dialog closed): notices carried
        over from the screen before are placed as this table places its own;
        they kept the app's place, over the final table's warehouse (a
        play-test: Overstocked's, the rematch's notice from the results).
        With none up, the rack is left alone (placing it lays the screen out)."""
        if self.app._notifications:
            # after the app shows them on this screen (Textual's own resume
            # queued that first): the rack then holds their toasts
            self.app.call_later(self._place_notices_settled)

    def _place_notices_settled(self, last: Region | None = None, tries: int = 8) -> None:
        """The notices placed, and again after each refresh while the area
        they go over still moves: a final table lays its score pad out over
        a few refreshes, and the Duel's, placed at the first, left a notice
        over the pad's foot at 160x45. Until the rack holds their toasts
        (mounted after a refresh) they are only placed, not sized."""
        self.place_notices()
        self._place_notices_up()
        area = self.notice_area()
        try:
            held = bool(self.get_child_by_type(ToastRack).children)
        except NoMatches:
            held = False
        if tries and (area != last or not held):
            self.after_refresh_while_shown(lambda: self._place_notices_settled(area, tries - 1))

    def on_screen_suspend(self) -> None:
        """A dialog over the table (F1, the palette, the rules, a box): a
        key's refusal goes, or it lay over the dialog (a play-test: over
        the help's last line). News (a take-back, chat) stays."""
        withdraw_hints(self, news=False)

    def on_board_moved(self, event: Board.Moved) -> None:
        """A board's cursor (Overstocked's ghost) moved: a refusal of the
        spot it left goes, or it stood beside "✓ fits" for the next (a
        play-test). (A game screen's own handler of the message runs
        first, this one after it: Textual calls each class's.)"""
        withdraw_spot_hints(self)

    def _place_notices_up(self) -> None:
        """The notices already up sized and placed again (`notices_to_drop`),
        after an update or a resize; with none up, nothing: restyling the
        rack at every update laid the screen out again (a new notice
        places it, `App.notify`). Placed only, they kept the sizing of the
        size they came at (a play-test: a notice wide and tight over the
        Duel's four-row log at 80x24 stayed so at 120x40, and the next one,
        at 40 columns with its padding, was cut after its first lines), and
        a move that lengthened the log left an older one over its newest
        line: that one goes, as it would have as it came."""
        try:
            rack = self.get_child_by_type(ToastRack)
        except NoMatches:
            return
        if not rack.children:
            return
        held = {holder.id for holder in rack.children}
        # (none: only the empty holders of notices taken down, which go)
        shown = [n for n in self.app._notifications if ToastRack._toast_id(n) in held]
        dropped = self.notices_to_drop(shown)
        for notification in dropped:
            self.app._unnotify(notification, refresh=False)
        if dropped:
            self.app._refresh_notifications()

    #: the newest notice did not fit over `NOTICES_OVER` even as wide as
    #: it: the notices are in the app's place until one that fits comes
    _notices_away = False

    def notice_area(self, *, always: bool = False) -> Region | None:
        """Where notices go: the panels `NOTICES_OVER` in sight, or None (the
        app's place) with none, or one too short for a notice, or while the
        newest notice does not fit there (`always`: the panels regardless)."""
        if self._notices_away and not always:
            return None
        over = self.NOTICES_SPILL_OVER if self._notices_spill else self.NOTICES_OVER
        regions = [_within_border(w) for w in self.query(over)
                   if w.display and w.region] if over else []
        area = Region.from_union(regions) if regions else None
        return area if area is not None and area.height >= NOTICE_ROWS else None

    def place_notices(self) -> None:
        """Put the notices' rack at the foot of `NOTICES_OVER`, at its right
        (or at a log's top, off its newest line: `_notices_top`): at the top
        right of the screen they covered the Wizard's spells and the Duel's
        market as the player chose from them. No higher than the
        area (`notices_to_drop` keeps the newest that fit). With no such
        panel in sight, or one too short for a notice, the app's place."""
        try:
            rack = self.get_child_by_type(ToastRack)
        except NoMatches:
            return
        area = self.notice_area()
        styles = rack.styles
        # a final table's app's place is over its foot, off the score pad (app.tcss)
        rack.set_class(area is None and self.NOTICES_AT_FINAL_FOOT and self.update is not None
                       and self.update.over, "-final")
        if area is None:
            for rule in ("dock", "align_vertical", "margin", "width"):
                if styles.has_rule(rule):  # clearing lays the screen out again
                    styles.clear_rule(rule)
            rack.remove_class("-wide", "-tight")
            return
        top = self._notices_top(area)
        # (from the foot up to `top` in either case: a rack going down from
        # `top` was pushed further down by the holder Textual leaves of a
        # notice taken down, over the prompt)
        bottom = area.bottom if top is None else top + self._notices_rows
        styles.dock = "bottom"
        styles.align_vertical = "bottom"
        styles.margin = (0, 0, self.size.height - bottom, area.x)
        # a wide rack has no scroll bar: its toasts' height was reckoned
        # without one, and one line short (app.tcss)
        styles.width = area.width - (NOTICE_GUTTER if rack.has_class("-wide") else 0)

    #: the rows the notices kept over `NOTICES_OVER` take (`notices_to_drop`)
    _notices_rows = NOTICE_ROWS

    def _notices_top(self, area: Region, rows: int | None = None) -> int | None:
        """The row of a log's top that notices `rows` tall go over, or None
        (over the area's foot): at the foot of a log full to it (80x24)
        they covered its newest lines as the player read what had just been
        done. At its top they cover its oldest, their margin
        clear over its title; a log with room under its newest line, or too
        short for them to leave it either way, keeps them at its foot. A
        notice over `NOTICES_SPILL_OVER` goes down from that area's top
        instead (over Overstocked's score now, above the log), where at the
        foot it would cover the short log's newest line; under a line near
        the log's top it stays at the foot. The newest line is all the rows
        it wraps over: of one too long for the room left either way, the
        place that keeps its start in sight, or else more of it
        (`_rows_covered`)."""
        rows = self._notices_rows if rows is None else rows
        for log, first, last in self._logs_newest(area):
            top = area.y if self._notices_spill else max(area.y, _within_border(log).y)
            at_foot = _rows_covered(first, last, area.bottom - rows, rows)
            if _rows_covered(first, last, top, rows) < at_foot:
                return top
        return None

    def _newest_covered(self, area: Region, rows: int) -> int:
        """How much notices `rows` tall over `area` cover of the logs'
        newest lines (`_rows_covered`); 0: every row in sight."""
        top = self._notices_top(area, rows)
        if top is None:
            top = area.bottom - rows
        return sum(_rows_covered(first, last, top, rows)
                   for _, first, last in self._logs_newest(area))

    def _logs_newest(self, area: Region) -> list[tuple[SinceLog, int, int]]:
        """The logs of `NOTICES_OVER` in `area`, each with the screen rows
        of its newest line in sight, its first and its last (the rows under
        it empty): a long line wraps over several rows (Overstocked's log at
        80x24 is 27 columns), and a notice over the first of them left the
        player the end of a sentence without its start. In the recap, its
        newest move in sight, all its lines (`SinceLog.newest_span`)."""
        out = []
        for log in self.query(self.NOTICES_OVER).results(SinceLog):
            content = log.content_region
            if log.display and content.overlaps(area):
                # (rows past the panel's top and foot cut: scrolled back,
                # the last row in sight stands for the newest line)
                start, end = log.newest_span()
                y = content.y - round(log.scroll_y)  # the screen row of the log's first
                last = min(y + end, content.bottom) - 1
                first = max(content.y, min(y + start, last))
                out.append((log, first, last))
        return out

    def notices_to_drop(self, shown: Sequence[Notification]) -> list[Notification]:
        """Of the notices `shown` (the newest last), the older ones the area
        has no room for: stacked upwards, three of them climbed past the log
        over the decision. A newest too tall for a notice's width takes the
        area's (the Solo Quest's log is a few rows, the screen wide), or
        goes alone over `NOTICES_SPILL_OVER` (so does one that covers less
        of the log's newest line there); one too tall even so goes, with
        the others, to the app's place."""
        try:
            rack = self.get_child_by_type(ToastRack)
        except NoMatches:
            return []
        kept = self._notices_spilled(shown, rack)
        if kept is None:
            kept = self._notices_kept(shown, rack)
        self.place_notices()
        # the holders of the notices dropped go too, as a notice that times
        # out takes its own (Textual takes down only the toast of one taken
        # down otherwise): the rack kept the height of the first notice, and
        # the newest, taller, hung under the log's foot, its last line cut.
        # So do those of notices taken down already (a key's refusal as the
        # decision changed), left empty: one kept the height of its notice
        # as placed before a resize, and the newest was cut after its first
        # lines (a play-test, the Duel at 120x40)
        keep = {ToastRack._toast_id(n) for n in shown[len(shown) - kept:]}
        for holder in list(rack.children):
            if holder.id not in keep:
                holder.remove()
        return list(shown[:len(shown) - kept])

    #: where a newest notice too tall for `NOTICES_OVER` goes, alone, before
    #: the app's place (None: straight to the app's place); and one that
    #: covers less of the log's newest line there (`_notices_spilled`)
    NOTICES_SPILL_OVER: str | None = None
    #: the newest notice is over `NOTICES_SPILL_OVER`, alone
    _notices_spill = False

    def _notice_fits(self, notification: Notification) -> bool:
        """Whether `notification` fits whole over the notices' area, at a
        notice's width (with its padding)."""
        area = self.notice_area(always=True)
        return area is not None and area.height >= notice_rows(
            notification, min(NOTICE_WIDTH, area.width - NOTICE_GUTTER))

    def _notices_spilled(self, shown: Sequence[Notification], rack: ToastRack) -> int | None:
        """1, the newest notice kept alone over `NOTICES_SPILL_OVER`, where
        it does not fit over `NOTICES_OVER` and does there, or covers less
        of the log's newest line there; else None (kept as `_notices_kept`
        says). Over Overstocked's five-row log at 80x24 a notice covered
        the start of a newest line of four rows, no room for both."""
        self._notices_spill = False
        if not (shown and self.NOTICES_SPILL_OVER):
            return None
        newest = shown[-1]
        fits = self._notice_fits(newest)
        covered = self._notice_covers(newest, self.notice_area(always=True)) if fits else 0
        if fits and not covered:
            return None
        self._notices_spill = True
        area = self.notice_area(always=True)
        if area is None or not self._notice_fits(newest) or (
                fits and self._notice_covers(newest, area) >= covered):
            self._notices_spill = False
            return None
        self._notices_away = False
        return self._notices_sized(shown[-1:], rack, area)

    def _notices_kept(self, shown: Sequence[Notification], rack: ToastRack) -> int:
        """How many of the newest notices `shown` stay over `NOTICES_OVER`
        (all of them at the app's place), the rack sized for them."""
        area = self.notice_area(always=True)
        # Overstocked's log at 80x24 is a few rows: a longer notice over it
        # lost its end ("... nothing is lost:"). Such a one goes to the
        # app's place, whole, with the others.
        self._notices_away = bool(
            area is not None and shown
            and notice_rows(shown[-1], area.width - NOTICE_GUTTER, tight=True) > area.height)
        if self._notices_away:
            area = None
        if area is None or not shown:
            rack.remove_class("-wide", "-tight")
            return len(shown)
        return self._notices_sized(shown, rack, area)

    def _notices_sized(self, shown: Sequence[Notification], rack: ToastRack,
                       area: Region) -> int:
        """How many of the newest notices `shown` stay over `area`, the rack
        sized for them: the newest as `_notice_sizing` says."""
        width, wide, tight = self._notice_sizing(shown[-1], area)
        rack.set_class(wide, "-wide")
        rack.set_class(tight, "-tight")
        # the older ones stacked over it while they fit, and while the stack
        # leaves the newest line in sight: the newest alone did at 120x40,
        # three stacked climbed over it from the log's foot (a play-test)
        rows, kept = 0, 0
        for notification in reversed(shown):
            more = notice_rows(notification, width, tight=tight)
            if kept and (rows + more > area.height
                         or self._newest_covered(area, rows + more)
                         > self._newest_covered(area, rows)):
                break
            rows, kept = rows + more, kept + 1
        self._notices_rows = rows
        return kept

    def _notice_covers(self, notification: Notification, area: Region) -> int:
        """How much `notification` alone over `area`, sized as
        `_notice_sizing` says, covers of the logs' newest lines."""
        width, _, tight = self._notice_sizing(notification, area)
        return self._newest_covered(area, notice_rows(notification, width, tight=tight))

    def _notice_sizing(self, notification: Notification, area: Region) -> tuple[int, bool, bool]:
        """The width of `notification` over `area`, and whether it is wide
        and tight (`ToastRack.-wide`, `-tight`): as narrow and padded as
        leaves a log's newest line in sight (its placement: `_notices_top`)."""
        room = area.width - NOTICE_GUTTER
        narrow = notice_rows(notification, min(NOTICE_WIDTH, room))
        # as wide as the area where that leaves a log's newest line in sight
        # (the Duel's log at 80x24 is four rows: a notice of two lines hid
        # them all)
        wide = narrow > area.height or (
            self._newest_covered(area, notice_rows(notification, room))
            < self._newest_covered(area, narrow))
        width = room if wide else min(NOTICE_WIDTH, room)
        # Still over the newest line (a notice of two lines or more over the
        # Duel's four-row log at 80x24 hid all four): without its padding
        # over and under the text, at 40 columns or the area's width,
        # whichever takes fewer rows, where that leaves more of the line in
        # sight (the fewer rows the first of those that leave as much)
        tight = False
        covered = self._newest_covered(area, notice_rows(notification, width))
        if covered:
            widths = sorted(dict.fromkeys((min(NOTICE_WIDTH, room), room)),
                            key=lambda w: notice_rows(notification, w, tight=True))
            tight_covered = {w: self._newest_covered(area, notice_rows(notification, w, tight=True))
                             for w in widths}
            tight_width = min(widths, key=tight_covered.__getitem__)
            if tight_covered[tight_width] < covered:
                tight, width, wide = True, tight_width, tight_width == room
        return width, wide, tight

    def after_refresh_while_shown(self, callback: Callable[[], object]) -> None:
        """`callback` after the next refresh, unless by then the screen is
        being taken down (its widgets gone, a query raises NoMatches: left
        for the lobby as a refit was pending, the NoMatches stopped the app)."""
        def run() -> None:
            if not self.is_mounted:
                return
            with contextlib.suppress(NoMatches):
                callback()

        self.call_after_refresh(run)

    def refresh_bindings(self) -> None:
        """The footer and the help read the keys again: the number keys'
        entry first says the numbers that choose now ("1-3 Choose" over three
        cards; it said 1-9). The bindings of 1-9 are this screen's own
        copies, rewritten only when the range changes."""
        if self.is_mounted:
            try:
                self._sync_number_keys()
            except NoMatches:
                # the screen is being taken down (q to home): its widgets
                # are gone, and so are the choices; the NoMatches stopped
                # the app
                pass
        super().refresh_bindings()

    def _sync_number_keys(self) -> None:
        bindings = self._bindings.key_to_bindings
        if self._number_bindings is None:
            self._number_bindings = {key: list(bindings[key]) for key in "123456789"
                                     if any(b.key_display == NUMBER_KEYS for b in bindings.get(key, ()))}
        if not self._number_bindings:
            return
        keys = self.number_keys()
        display = number_range(keys)
        # no number chooses now: "1-9" would promise some (a key still says why)
        hidden = not keys and self.numbers_choose_none()
        words = self.number_words()
        first = next(iter(self._number_bindings.values()))
        tooltips = tuple(self.number_tooltip(b) for b in first)
        if (display, words, tooltips, hidden) == self._number_shown:
            return
        self._number_shown = (display, words, tooltips, hidden)
        for key, originals in self._number_bindings.items():
            bindings[key] = [replace(b, key_display=display, description=words or b.description,
                                     tooltip=self.number_tooltip(b) or b.tooltip,
                                     show=b.show and not hidden)
                             if b.key_display == NUMBER_KEYS else b for b in originals]

    @property
    def here(self) -> bool:
        """The table at this terminal: its public view is for the people
        here, between their turns (hot seat), not a spectator's."""
        return bool(getattr(self.port, "at_this_terminal", False))

    @property
    def leads_to(self) -> str:
        """Where q leads, in a prompt's words: at a shared table, the lobby."""
        return "the lobby" if getattr(self.port, "answers_later", False) else "home"

    @property
    def watching_shared(self) -> bool:
        """A spectator of a shared table: their results offer no rematch."""
        update = getattr(self, "update", None)
        return (getattr(self.port, "answers_later", False)
                and update is not None and update.seat is None)

    @property
    def rematch_offered(self) -> bool:
        """The match is over and its results offer a rematch here (not to a
        watcher of a shared table): r on the final table is that Rematch."""
        update = self.update
        return update is not None and update.over and not self.watching_shared

    def action_rematch(self) -> None:
        self.app.rematch()  # type: ignore[attr-defined]

    def rematch_words(self, colon: str = "") -> str:
        """The final table's r, first of its prompt's keys ("r rematch · "),
        in the results' word; "" for a watcher, who has none."""
        return f"r{colon} rematch · " if self.rematch_offered else ""

    def help_text(self, binding: Binding) -> str | None:
        """F1's words for a key whose meaning depends on the table: q at a
        shared table goes to the lobby, and the seat waits there."""
        if binding.action == "results":  # a spectator of a shared table has no rematch
            return ("The match is over: back to the results" if self.watching_shared
                    else f"The match is over: back to the results (rematch, {self.leads_to})")
        if binding.action == "leave":
            if self.watching_shared:
                return "Stop watching: back to the lobby"
            if getattr(self.port, "answers_later", False):
                update = getattr(self, "update", None)
                if update is not None and update.over:  # no seat waits (a play-test read it did)
                    return "Leave for the lobby: the match is over (Enter on its table there shows the results again)"
                return "Leave for the lobby: your seat waits (Enter on the table there brings you back)"
            return "Leave for the home screen (the match is saved)"
        return None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo leaves the footer when there is nothing to take back (u
        then reaches `action_undo_anyway`, which says why). A subclass that overrides this should defer to it for "undo" and
        "undo_anyway"."""
        update = self.update
        if action in ("undo", "undo_anyway") and update is not None and update.over:
            return False  # the final table: a finished match is not taken back
        if action in ("since_step", "since_toggle"):
            if self.watching_shared:
                return False  # a watcher makes no move to recap since
            # dimmed, not gone, when there is nothing to recap: F1 lists them
            return True if self.recap.steps else None
        if action == "scroll_log":
            return self.watching_shared or self.PLAYER_PAGES_LOG
        if action == "move_now":
            return self.can_hurry()  # the footer shows it only while a bot thinks
        if action == "results":
            return update is not None and update.over
        if action == "rematch":
            return self.rematch_offered
        if action == "undo":
            if update is not None and update.seat is None:
                return False  # a spectator: no seat, nothing of theirs to take back
            # gone, not dimmed: a terminal's dim read as a live "u Undo"
            return update is not None and update.can_undo
        if action == "undo_anyway":
            # a person's seat only (a spectator has nothing to take back)
            return (update is not None and update.seat is not None
                    and update.seat not in update.bots and not update.can_undo)
        return True
