"""Since your last move: what the other seats did while you waited.

Game-agnostic, shared by every game screen. Three pieces:

- `SinceTracker` remembers, for each seat viewed at this terminal (in
  hot-seat play every seat has its own), the update right after that seat
  last acted (its *point*) and every update since. `observe(update)` gives
  a `Recap`: the log lines written since the point (the seat's own log,
  `SeatUpdate.log`: per viewer, no secrets), cut into steps (one step per
  change the screen saw, so a step is one move, or a few when they came at
  once), with the view before and after each step. The point moves when the
  seat's own command has been carried out, so the marks clear when the
  player acts; but when the seat's own move revealed something to the
  table (the last of a round of secret choices: Overseers' votes, the top
  rows; Overstocked's cards), the recap starts with that move, so a player
  who chose last still reads what was revealed (`reveals`). A screen
  opened for a player back at their seat (a shared table, after q or a
  dropped connection) starts from what the hub says they missed since
  their last move (`SeatUpdate.missed`), not from their return.
- `SinceLog`, a `GameLog` that shows the recap in the log's place while
  there is one: the lines since your last move, numbered by step, the
  chosen step drawn reversed and marked ``▶``. ``]`` / ``[`` step through
  it, ``z`` switches between it and the whole log.
- helpers that find what changed between two views (`changed_keys`)
  and mark it without colour (`marked_text`: a ``•`` and
  underline; the board draws changed cells ``•..•``).

A screen asks `Recap.span()` for the two views to compare: the whole span
since the point, or the chosen step's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rich.text import Text
from textual.strip import Strip

from tui.widgets.gamelog import GameLog
from tui.widgets.quiet import set_border

#: the glyph in front of anything changed since your last move
CHANGED = "•"
#: the style of anything changed (reads without colour; the board adds `CHANGED`)
CHANGED_STYLE = "underline"


@dataclass(frozen=True)
class RecapStep:
    """One step of a recap: the lines it wrote and the views around it."""

    lines: tuple[str, ...]
    before: Any
    after: Any


@dataclass(frozen=True)
class Recap:
    """What happened since a seat's last move (see the module)."""

    steps: tuple[RecapStep, ...] = ()
    #: the view at the point and now
    before: Any = None
    after: Any = None
    #: the step being looked at (None: all of them)
    selected: int | None = None
    #: the player put the recap away (z): the log shows instead
    hidden: bool = False

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(line for step in self.steps for line in step.lines)

    @property
    def shown(self) -> bool:
        """Whether the log's place shows the recap now."""
        return bool(self.steps) and not self.hidden

    def span(self) -> tuple[Any, Any]:
        """(before, after) to mark: the chosen step's, else the whole span."""
        if self.selected is not None and 0 <= self.selected < len(self.steps):
            step = self.steps[self.selected]
            return step.before, step.after
        return self.before, self.after


@dataclass
class _Memory:
    """One seat's point and what the screen showed it since."""

    point: Any
    #: (seq, log, view) of every update shown since the point, the point first
    seen: list[tuple[int, tuple[str, ...], Any]] = field(default_factory=list)
    #: the seq the seat's last command answered (None: nothing pending)
    acted_at: int | None = None
    selected: int | None = None
    hidden: bool = False


class SinceTracker:
    """Per seat: the point of its last move and the updates since (see the module)."""

    def __init__(self, reveals: Callable[[str], bool] | None = None,
                 begins: Callable[[str], bool] | None = None,
                 quiet: Callable[[str], bool] | None = None) -> None:
        self._seats: dict[int, _Memory] = {}
        #: whether a log line tells a reveal at the table (a game's own):
        #: the seat's own move that wrote one stays in its recap
        self.reveals = reveals
        #: whether a log line begins a new round (a game's own): the last
        #: one since the seat's move starts its recap, one that came with
        #: the move too (the deal after the combat was never on the seat's
        #: view); the combat before it is the screen's to tell (`_from_round`)
        self.begins = begins
        #: whether a log line tells that nothing happened (a game's own,
        #: Boss Quest's "Bram's Hare: not used this turn."): a step of such
        #: lines alone joins the step before, of the same turn; first, it
        #: is left out (the log keeps it). Stepping through the recap
        #: stopped on it, and nothing was marked.
        self.quiet = quiet

    def forget(self) -> None:
        self._seats.clear()

    def start(self, seat: int) -> int | None:
        """How many lines of the log `seat` had seen where its recap
        starts (its last move; the move itself when it revealed something),
        None: no update of `seat` observed yet. The hand-over cover tells
        the table's lines from there."""
        memory = self._seats.get(seat)
        return len(memory.seen[0][1]) if memory is not None and memory.seen else None

    def acted(self, update: Any) -> None:
        """The seat of `update` sends a command answering it (a move or an
        undo); None: the command was refused after all."""
        if update is None:
            for memory in self._seats.values():
                memory.acted_at = None
            return
        memory = self._seats.get(update.seat) if update.seat is not None else None
        if memory is not None:
            memory.acted_at = update.seq

    def observe(self, update: Any) -> Recap:
        """Take `update` (the one about to be drawn) and recap since its seat's point."""
        seat = update.seat
        if seat is None:
            return Recap(before=update.view, after=update.view)
        memory = self._seats.get(seat)
        entry = (update.seq, tuple(update.log), update.view)
        if memory is not None and entry[1][: len(memory.seen[-1][1])] != memory.seen[-1][1]:
            # An undo took back lines seen since the point (hot-seat: Cora's
            # "goes to the Wizard", seen behind Ann's cover, then taken back):
            # only what the log still says is kept, or the recap told the
            # move taken back and not the one made instead.
            kept = [e for e in memory.seen if entry[1][: len(e[1])] == e[1]]
            if kept and kept[0] is memory.seen[0]:
                memory.seen = kept
        if memory is None and getattr(update, "missed", None) is not None:
            # A screen opened for a player back at their seat: the recap
            # starts at their last move, not at their return.
            memory = self._seats[seat] = self._resumed(update, entry)
        elif memory is None or self._rewound(memory, entry):
            memory = self._seats[seat] = _Memory(point=update, seen=[entry])
        elif memory.acted_at is not None and update.seq > memory.acted_at:
            # The seat's own command was carried out: the point moves to the
            # first update after it (with what chance drew at once: the
            # cards its move asked for are part of it); unless the move
            # revealed something (it was the last secret choice): then the
            # recap starts with it, what was revealed its first step.
            last = memory.seen[-1]
            mine = entry[1][len(last[1]):] if last[0] == memory.acted_at else ()
            reveals = self.reveals
            revealed = reveals is not None and any(reveals(line) for line in mine)
            memory.seen = [last, entry] if revealed else [*self._begun(last, entry, mine), entry]
            memory.acted_at = None
            memory.selected = None
            memory.hidden = False
        elif entry[0] != memory.seen[-1][0]:
            memory.seen.append(entry)
        else:
            memory.seen[-1] = entry
        memory.seen = self._from_round(memory.seen)
        return self._recap(memory)

    def _from_round(self, seen: list[tuple[int, tuple[str, ...], Any]]
                    ) -> list[tuple[int, tuple[str, ...], Any]]:
        """A new round began since the point (its first line, `begins`):
        the recap starts at that line, the last such, compared still with
        the view at the point. The rounds before it ended in a combat the
        screen told on its own; from the moves before it the recap went on
        with them and the combat again (a play-test: a new round's recap
        opened on the last round's moves)."""
        begins = self.begins
        if begins is None:
            return seen
        for i in range(len(seen) - 1, 0, -1):
            done = len(seen[i - 1][1])
            new = seen[i][1][done:]
            at = next((j for j in range(len(new) - 1, -1, -1) if begins(new[j])), None)
            if at is None:
                continue
            if i == 1 and at == 0:
                return seen  # it starts there already
            return [(seen[i - 1][0], seen[i][1][:done + at], seen[0][2]), *seen[i:]]
        return seen

    def _resumed(self, update: Any, entry: tuple[int, tuple[str, ...], Any]) -> _Memory:
        """The memory of a seat this screen was not there to see since its
        last move: the tables it missed (`SeatUpdate.missed`, each as if its
        update had been seen, numbered before this one) and this update;
        the seat's own move kept first when it revealed something, as
        `observe` keeps it."""
        missed, log = update.missed, entry[1]
        tables = [(n, view) for n, view in missed.tables if n <= len(log)]
        seen = [(entry[0] - len(tables) + i, log[:n], view) for i, (n, view) in enumerate(tables)]
        seen.append(entry)
        if missed.moved and len(seen) > 1:
            mine = seen[1][1][len(seen[0][1]):]
            reveals = self.reveals
            if reveals is None or not any(reveals(line) for line in mine):
                seen = [*self._begun(seen[0], seen[1], mine), *seen[1:]]
        return _Memory(point=update, seen=seen)

    def _begun(self, last: tuple[int, tuple[str, ...], Any],
               entry: tuple[int, tuple[str, ...], Any],
               mine: Sequence[str]) -> list[tuple[int, tuple[str, ...], Any]]:
        """Where the recap starts when the seat's own move (its lines
        `mine`, from `last` to `entry`) began a new round: at that line,
        with the view before the move; none when it began none."""
        begins = self.begins
        at = next((i for i, line in enumerate(mine) if begins(line)), None) if begins else None
        if at is None:
            return []
        return [(last[0], entry[1][:len(last[1]) + at], last[2])]

    @staticmethod
    def _rewound(memory: _Memory, entry: tuple[int, tuple[str, ...], Any]) -> bool:
        """An undo took back lines the point had seen: start again from here."""
        first = memory.seen[0][1] if memory.seen else ()
        return entry[0] < memory.seen[-1][0] or entry[1][: len(first)] != first

    def _recap(self, memory: _Memory) -> Recap:
        seen = memory.seen
        steps: list[RecapStep] = []
        start = 0
        quiet = self.quiet
        for i in range(1, len(seen)):
            lines = seen[i][1][len(seen[i - 1][1]):]
            if not lines:
                continue  # a change that wrote nothing joins the next step
            before = seen[start][2]
            first_line = len(seen[start][1])
            said = seen[i][1][first_line:]
            if quiet is not None and all(quiet(line) for line in said):
                if steps:  # nothing happened: part of the step before
                    last = steps[-1]
                    steps[-1] = RecapStep(last.lines + said, last.before, seen[i][2])
                start = i
                continue
            steps.append(RecapStep(said, before, seen[i][2]))
            start = i
        if memory.selected is not None and memory.selected >= len(steps):
            memory.selected = None
        return Recap(tuple(steps), seen[0][2], seen[-1][2], memory.selected, memory.hidden)

    # -- the player's keys ---------------------------------------------------------

    def step(self, seat: int | None, delta: int) -> bool:
        """Look at the next (+1) or previous (-1) step; past either end, at
        all of them again. False when there is nothing to step through."""
        memory = self._seats.get(seat) if seat is not None else None
        if memory is None:
            return False
        count = len(self._recap(memory).steps)
        if not count:
            return False
        memory.hidden = False
        order = [None, *range(count)]
        at = order.index(memory.selected)
        memory.selected = order[(at + delta) % len(order)]
        return True

    def put_away(self, seat: int | None) -> None:
        """Put the recap away (the whole log shows) until the seat's next
        move or z, even before there is one."""
        memory = self._seats.get(seat) if seat is not None else None
        if memory is not None:
            memory.hidden = True
            memory.selected = None

    def toggle(self, seat: int | None) -> bool:
        """Put the recap away, or bring it back. False when there is none."""
        memory = self._seats.get(seat) if seat is not None else None
        if memory is None or not self._recap(memory).steps:
            return False
        memory.hidden = not memory.hidden
        memory.selected = None
        return True


# -- what changed ------------------------------------------------------------------


def changed_keys(before: Mapping[Hashable, Any], after: Mapping[Hashable, Any]) -> frozenset:
    """The keys whose value differs between `before` and `after` (or that
    only one of them has)."""
    return frozenset(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))


def marked_text(text: str | Text, changed: bool = True) -> Text:
    """`text` marked as changed since your last move: ``•`` in front and
    underlined (unchanged: a space in front, so rows stay aligned)."""
    text = Text(text) if isinstance(text, str) else text.copy()
    if not changed:
        return Text.assemble(" ", text)
    text.stylize(CHANGED_STYLE)
    return Text.assemble((CHANGED, "bold"), text)


def mark_rows(items: Sequence[Any], flags: Sequence[bool], *, column: bool = False) -> list[Any]:
    """`items` (pick-list `Row`s, market `Offer`s or hand `Card`s) with
    those whose flag is set marked as changed: a row or offer gets ``•`` in
    front and is underlined (the others a space, so the list stays aligned,
    while any is marked, or with `column` even while none is), a card's
    face is underlined."""
    if not any(flags) and not column:
        return list(items)
    out = []
    for item, flag in zip(items, flags, strict=False):
        if hasattr(item, "label"):  # an Offer (a taken slot marks its text)
            if item.gone:
                gone = (CHANGED if flag else " ") + item.gone_text
                item = replace(item, gone_text=gone)
            else:
                item = replace(item, label=marked_text(item.label, flag))
        elif hasattr(item, "face_down"):  # a Card
            if flag:
                item = replace(item, style=f"{item.style} {CHANGED_STYLE}".strip())
        else:  # a Row
            item = replace(item, text=marked_text(item.text, flag))
        out.append(item)
    return out


# -- the recap in the log's place ----------------------------------------------------


#: what the recap's panel says under it
RECAP_KEYS = "[ ] step · z log"
#: the same keys where a narrow panel's title has no room for their words
RECAP_KEYS_SHORT = "[ ] z"
#: the cells of a recap line's step gutter ("▶ 2 ")
GUTTER = 4


def _moves(steps: str) -> str:
    """Steps out of sight named as moves: "move 3", "moves 3-6"."""
    return f"moves {steps}" if "-" in steps else f"move {steps}"


class _RecapLine(Text):
    """A line of the recap: it starts with its step's gutter."""


class SinceLog(GameLog):
    """The game log, or in its place the recap since your last move (see the module)."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.recap: Recap | None = None
        #: lines -> the lines as shown (a game may fold runs of lines that
        #: say one thing, Overseers' deal); the log and each recap step
        self.fold: Callable[[Sequence[str]], Sequence[str]] | None = None
        #: a step -> lines said after its own (the score change it made,
        #: `GameScreen.step_notes`), drawn in italics
        self.notes: Callable[[RecapStep], Sequence[str]] | None = None
        #: (step number, the recap) -> words the recap adds at the end of
        #: that step's last line, the log going without them (Overstocked:
        #: which key shows a card laid out of sight), or ""
        self.step_note: Callable[[int, Recap], str] | None = None
        self._title: str | None = None
        #: the index of the first entry of each step (while the recap shows)
        self._starts: list[int] = []
        #: each step's entries as last drawn, with what they were drawn from
        self._step_entries: list[tuple[Any, list[Text], tuple[Any, Any]]] = []
        #: what the title says while the panel has the keys (focused): how
        #: to scroll it and give them back ("↑↓ scroll · Esc back"); a
        #: focused log otherwise looked as before but for its border
        self.reading_title: str | None = None
        self._focused = False

    def show(self, log: Sequence[str], recap: Recap | None) -> None:
        """Draw `log`, or `recap` when it has steps and is not put away."""
        was = self.recap is not None and self.recap.shown
        self.recap = recap
        fold = self.fold
        if recap is None or not recap.shown:
            if was and not self._title_reading():
                set_border(self, self._title, "")
            self.set_lines(log if fold is None else fold(log))
            return
        if not was and not self._reading():
            self._title = self.border_title  # (kept on focus while reading)
        entries: list[Text] = []
        self._starts = []
        # A step's lines are the same text objects from one update to the
        # next (built once): comparing the log with what is shown then finds
        # them at once, and only a new step's lines are built and wrapped.
        drawn, self._step_entries = self._step_entries, []
        for number, step in enumerate(recap.steps):
            chosen = number == recap.selected
            self._starts.append(len(entries))
            note = self.step_note(number, recap) if self.step_note is not None else ""
            # (the views compared by identity: the same step's are the same objects)
            key = (chosen, step.lines, note)
            if (number < len(drawn) and drawn[number][0] == key
                    and drawn[number][2][0] is step.before and drawn[number][2][1] is step.after):
                step_entries = drawn[number][1]
            else:
                step_entries = []
                lines = [*(step.lines if fold is None else fold(step.lines))]
                if note and lines:
                    lines[-1] += note
                said = len(lines)
                if self.notes is not None:
                    lines += self.notes(step)
                for row, line in enumerate(lines):
                    gutter = ("▶" if chosen else " ") + (f"{number + 1:>2} " if row == 0 else "   ")
                    text = _RecapLine.assemble((gutter, "bold"),
                                               (line, "italic") if row >= said else line)
                    if chosen:
                        text.stylize("reverse")
                    step_entries.append(text)
            self._step_entries.append((key, step_entries, (step.before, step.after)))
            entries.extend(step_entries)
        self._title_recap()
        self.set_lines(entries)  # type: ignore[arg-type]
        self._follow()
        # laid out anew, the panel's bottom may come into sight or leave it
        self.call_after_refresh(self._title_recap)

    def _title_recap(self) -> None:
        """The recap's title, as long as the panel's width allows."""
        recap = self.recap
        if self._title_reading() or recap is None or not recap.shown:
            return
        count = len(recap.steps)
        at = "all" if recap.selected is None else f"{recap.selected + 1}/{count}"
        room = (self.size.width or 80) - 4
        # "(all)" over a panel too short for every step was untrue (a
        # play-test at 80x24 never saw moves 1-3 scrolled above): say which
        # steps are out of sight instead
        unseen = self._unseen() if recap.selected is None else ()
        if unseen:
            # The steps named as moves ("moves 3-6 below ↓"): "3 below" read
            # as a count, three moves below, where it meant move 3 (a
            # play-test at 80x24); "#3-6 ↓" where a narrow panel has no room
            # for the word and would otherwise lose its keys.
            full = " · ".join(f"{_moves(steps)} {where} {arrow}" for steps, where, arrow in unseen)
            words = " · ".join(f"{_moves(steps)} {where}" for steps, where, _ in unseen)
            arrows = " · ".join(f"{_moves(steps)} {arrow}" for steps, _, arrow in unseen)
            marks = " · ".join(f"#{steps} {arrow}" for steps, _, arrow in unseen)
            titles = [f"Since your last move ({count}) · {full}"]
            if not self._bottom_in_sight():
                # the keys as above: in words, then their symbols with the
                # steps told by arrows alone ("Recap · moves 1-3 ↑ · [ ] z")
                titles = [f"{titles[0]} · {RECAP_KEYS}", f"Recap ({count}) · {full} · {RECAP_KEYS}",
                          f"Recap · {full} · {RECAP_KEYS}", f"Recap · {words} · {RECAP_KEYS}",
                          f"Recap · {arrows} · {RECAP_KEYS}",
                          f"Recap ({count}) · {full} · {RECAP_KEYS_SHORT}",
                          f"Recap ({count}) · {arrows} · {RECAP_KEYS_SHORT}",
                          f"Recap · {arrows} · {RECAP_KEYS_SHORT}",
                          f"Recap: {arrows} · {RECAP_KEYS_SHORT}",
                          f"Recap · {marks} · {RECAP_KEYS_SHORT}", *titles]
            titles += [f"Since your move ({count}) · {full}", f"Recap ({count}) · {full}",
                       f"Recap · {full}", f"Recap · {arrows}", arrows, f"Recap · {marks}", marks]
            # The moves in words before "#": "Recap · #2 ↓" read as a riddle
            # where the other games and wider panels say "move 2 ↓". Before
            # giving up "Recap", a panel drawn with its top edge only has
            # that edge's width (Overstocked's at 80x24: 28 columns hold 26
            # of title, where `room` counted 22); then "Recap:", a cell
            # less: "moves 2-4 ↓ · [ ] z" alone there named no recap (a
            # play-test at 80 columns could not tell what it was).
            edge = self._edge_room()
            edge_titles = (f"Recap · {arrows} · {RECAP_KEYS_SHORT}",
                           f"Recap: {arrows} · {RECAP_KEYS_SHORT}")
            title = next((t for t in titles if len(t) <= room
                          or (t in edge_titles and len(t) <= edge)), titles[-1])
            set_border(self, title, "" if title.endswith((RECAP_KEYS, RECAP_KEYS_SHORT)) else RECAP_KEYS)
            return
        # The keys go in the title where there is room, else under the
        # panel; but where it has no bottom border in sight (at 80x24 the
        # Boss Quest and Overstocked panels draw their top edge only) they
        # stay in the title, in fewer words, before the title's own words
        # are shortened.
        titles = [f"Since your last move ({at}) · {RECAP_KEYS}"]
        if not self._bottom_in_sight():
            # the keys in words before their symbols alone ("[ ] z" read as
            # a riddle in Overseers' panel at 80 columns): "(all)" gives way
            # first, a step shown is "Move 2/5"
            short = "Recap" if recap.selected is None else f"Move {at}"
            titles += [f"Since your move ({at}) · {RECAP_KEYS}", f"Recap ({at}) · {RECAP_KEYS}",
                       f"{short} · {RECAP_KEYS}", f"Recap ({at}) · {RECAP_KEYS_SHORT}"]
        titles += [f"Since your last move ({at})", f"Since your move ({at})", f"Recap ({at})"]
        title = next((t for t in titles if len(t) <= room), titles[-1])
        set_border(self, title, "" if title.endswith((RECAP_KEYS, RECAP_KEYS_SHORT)) else RECAP_KEYS)

    def _edge_room(self) -> int:
        """The columns a title has on a top edge drawn alone (no side
        borders): the edge's width less a line either side ("─Recap · move
        2 ↓ · [ ] z─"); 0 for a panel with side borders."""
        border = self.styles.border
        if not border.top[0] or border.left[0] or border.right[0]:
            return 0
        return self.outer_size.width - 2

    def _unseen(self) -> list[tuple[str, str, str]]:
        """The steps whose first row is out of the panel's view, as (steps,
        where, arrow): ("1-3", "above", "↑"), ("5", "below", "↓"); none
        when every step's number is in sight."""
        if not self._wrapped or not self._starts:
            return []
        tops = [0]  # each entry's first row
        for rows in self._wrapped:
            tops.append(tops[-1] + len(rows))
        dropped = len(self._shown) - len(self._entries)  # the oldest, past KEEP
        top = round(self.scroll_y)
        bottom = top + self.scrollable_content_region.height
        firsts = [None if start < dropped else tops[min(start - dropped, len(tops) - 1)]
                  for start in self._starts]
        above = [n for n, row in enumerate(firsts, 1) if row is None or row < top]
        below = [n for n, row in enumerate(firsts, 1) if row is not None and row >= bottom]
        told = []
        for numbers, where, arrow in ((above, "above", "↑"), (below, "below", "↓")):
            if numbers:
                first, last = numbers[0], numbers[-1]
                told.append((str(first) if first == last else f"{first}-{last}", where, arrow))
        return told

    def newest_span(self) -> tuple[int, int]:
        """The log's newest entry; in the recap, the newest move (a numbered
        step, all its lines) whose first row is above the panel's foot, or
        the one chosen (] [): the recap opens at move 1, and where that
        filled the panel (80x24) a notice took the whole recap below it for
        the newest line, and covered move 1's start."""
        recap = self.recap
        if recap is None or not recap.shown or not self._starts:
            return super().newest_span()
        self._wrap()
        tops = [0]  # each entry's first row
        for rows in self._wrapped:
            tops.append(tops[-1] + len(rows))
        dropped = len(self._shown) - len(self._entries)  # the oldest, past KEEP
        firsts = [tops[min(max(0, start - dropped), len(tops) - 1)] for start in self._starts]
        firsts.append(tops[-1])
        step = recap.selected
        if step is None or step >= len(self._starts):
            foot = round(self.scroll_y) + self.scrollable_content_region.height
            step = max((n for n, row in enumerate(firsts[:-1]) if row < foot), default=0)
        return firsts[step], firsts[step + 1]

    def _reading(self) -> bool:
        # (not has_focus: it changes after this class's on_focus and on_blur)
        return self.reading_title is not None and self._focused

    def _title_reading(self) -> bool:
        """While the panel has the keys, the title says how to read and leave
        it (`reading_title`); whether it does."""
        if not self._reading():
            return False
        kind = "Recap" if self.recap is not None and self.recap.shown else "Log"
        title = f"{kind} · {self.reading_title}"
        if len(title) > (self.size.width or 80) - 4:
            title = self.reading_title
        set_border(self, title, "")
        return True

    def on_focus(self) -> None:
        self._focused = True
        if self.reading_title is not None and not (self.recap is not None and self.recap.shown):
            self._title = self.border_title  # the log's own, given back on blur
        self._title_reading()

    def on_blur(self) -> None:
        self._focused = False
        if self.reading_title is None:
            return
        if self.recap is not None and self.recap.shown:
            self._title_recap()
        else:
            set_border(self, self._title, "")

    def _bottom_in_sight(self) -> bool:
        """Whether the panel has a bottom border (where the keys go) and it
        is on screen."""
        if self.styles.border_bottom[0] in ("", "none", "hidden"):
            return False  # the compact layouts draw the top edge only
        try:
            geometry = self.screen.find_widget(self)
        except Exception:  # not laid out yet (no screen, not in its map)
            return False
        bottom = min(geometry.clip.bottom, self.screen.size.height)
        return geometry.region.height > 0 and geometry.region.bottom <= bottom

    def on_resize(self) -> None:
        super().on_resize()
        self._title_recap()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._title_recap()  # which steps are out of sight changed

    def _wrap_entry(self, entry: str | Text, width: int) -> list[Strip]:
        # A recap line wraps under its text, not under its step number.
        if not isinstance(entry, _RecapLine) or width <= 2 * GUTTER:
            return super()._wrap_entry(entry, width)
        console = self.app.console
        gutter, body = entry[:GUTTER], entry[GUTTER:]
        rows = []
        for n, line in enumerate(body.wrap(console, width - GUTTER)):
            line.rstrip()
            head = gutter if n == 0 else Text(" " * GUTTER, style=gutter.spans[-1].style
                                              if gutter.spans else "")
            row = Text.assemble(head, line)
            rows.append(Strip(row.render(console), row.cell_len))
        return rows

    def _follow(self) -> None:
        recap = self.recap
        if recap is None or not recap.shown:
            super()._follow()
            return
        if recap.selected is None and self.held:
            return  # the player scrolled the recap: it stays where they put it
        # All the steps: from move 1, read in order (opened on its newest
        # rows, a short panel showed the restock and deal lines after the
        # moves, every move above out of sight).
        self.call_after_refresh(self._scroll_to_step, recap.selected or 0)

    def _check_held(self) -> None:
        recap = self.recap
        if recap is not None and recap.shown and recap.selected is None:
            self.held = self.scroll_target_y > 0  # the recap's own place is its top
            return
        super()._check_held()

    def _scroll_to_step(self, step: int) -> None:
        self._wrap()
        if step >= len(self._starts):
            return
        first = self._starts[step]
        y = sum(len(rows) for rows in self._wrapped[:first])
        self.scroll_to(y=y, animate=False)


__all__ = ["CHANGED", "CHANGED_STYLE", "RECAP_KEYS", "Recap", "RecapStep", "SinceLog",
           "SinceTracker", "changed_keys", "mark_rows", "marked_text"]
