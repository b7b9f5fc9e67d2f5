"""F1 / ?: the keys of the screen underneath, in words, and what its
symbols mean.

A key is named in words ("Enter", "Left arrow"), never by a glyph alone. What
a key does is its binding's `tooltip` when it has one (a sentence; the footer
keeps the short description), else what the widget that owns it says now
(`help_text(binding)`: an action bar names the highlighted action), else
its description. Keys that do the same thing are listed once ("1-4",
"c / Escape / Backspace"). A screen lists its symbols in `HELP_SYMBOLS`
(symbol, meaning), or returns them from `help_symbols()` where they depend
on the match, and sections of its own from `help_sections()` ((heading, rows)),
above the keys where it sets `HELP_SECTIONS_FIRST` (what a player opens F1
for mid-game: Overseers' characters); it names itself in `HELP_TITLE`; it names in
`help_taken_keys()` (key -> words) the keys it takes before its widgets at
the moment (Boss Quest's arrows at the Wizard); a widget leaves out the
actions in its `HELP_LEAVES_OUT` (keys that still work but mean little there); a
screen keeps those of its `HELP_KEEPS` that its footer leaves out for now. Every line fits 80
columns: a long text wraps within its column.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import ScrollableContainer, Vertical
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tui import resources
from tui.row_table import RowTable
from tui.screens.dialog import Dialog

#: keys every screen understands (the app's own)
GLOBAL_KEYS = [
    ("F1 / ?", "This help"),
    ("Ctrl+P", "Command palette: new match, continue, saved, rules, theme, quit"),
    # (a screen that binds Tab itself lists it with its keys: `global_keys`)
    ("Tab / Shift+Tab", "Move between the screen's controls and panels, where it has more "
                        "than one"),
    ("Arrows, Enter", "Choose; the mouse works too"),
    # (tui.theme.round_words, written out: tui.theme reaches the saves and
    # the host, which no screen imports; a test keeps the two alike)
    ("Ctrl+T", "Next theme, in turn: ANSI, colour, light"),
    ("Ctrl+Q", "Quit (every match is saved)"),
]



def global_keys(app: object, over: object = None) -> list[tuple[str, str]]:
    """GLOBAL_KEYS as `app` has them: an app may say what its own palette
    offers and what quitting does (`HELP_EVERYWHERE`, key -> words), and what
    its palette offers where F1 is opened (`palette_words()`: at a table it
    offers Home, not Continue). Tab is left out over a screen `over` that
    binds it itself (its keys say what it does there: "Move between
    controls" was promised where Tab did nothing)."""
    own: dict[str, str] = dict(getattr(app, "HELP_EVERYWHERE", {}))
    palette = getattr(app, "palette_words", None)
    if callable(palette):
        own.setdefault("Ctrl+P", palette())
    if getattr(app, "no_color", False) and callable(getattr(app, "theme_round_words", None)):
        own.setdefault("Ctrl+T", app.theme_round_words())  # (NO_COLOR: plain, greys)
    own_tab = over is not None and any(b.key in _TAB for b in _own_bindings(over))
    return [(key, own.get(key, does)) for key, does in GLOBAL_KEYS
            if not (own_tab and key == "Tab / Shift+Tab")]


#: keys named in words
KEY_WORDS = {
    "enter": "Enter", "escape": "Escape", "backspace": "Backspace", "delete": "Delete",
    "space": "Space", "tab": "Tab", "shift+tab": "Shift+Tab", "home": "Home", "end": "End",
    "pageup": "Page Up", "pagedown": "Page Down", "up": "Up arrow", "down": "Down arrow",
    "left": "Left arrow", "right": "Right arrow", "question_mark": "?",
    "left_square_bracket": "[", "right_square_bracket": "]",
}

#: a binding's key_display kept as it is: a range of number keys ("1-4")
_RANGE = re.compile(r"^\d-\d$")

#: the width of the help's two columns together (its box is 76 wide at most:
#: less its border and padding, the cells' padding and a scrollbar)
TEXT_WIDTH = 65
#: the widest the key column gets (a longer symbol wraps)
KEY_WIDTH = 18


#: keys GLOBAL_KEYS already explains (the app's and Textual's own bindings)
_GLOBAL = {"f1", "question_mark", "ctrl+t", "ctrl+p", "tab", "shift+tab", "ctrl+c", "super+c", "ctrl+q"}
#: of those, the keys a screen may bind to its own action (a table's Tab)
_TAB = {"tab", "shift+tab"}


def _explained_everywhere(key: str, binding: Binding) -> bool:
    """Whether GLOBAL_KEYS explains `key` as `binding` has it: a screen's
    own Tab (not Textual's focus_next) is listed with the screen's keys."""
    return key in _GLOBAL and not (key in _TAB and not binding.action.startswith("app."))


#: when a key that means two things at a table does each (the Duel's and
#: Overstocked's F1 listed n twice, "ask a thinking bot to move now" and
#: "jump to the nearest square", and said not which was when)
_WHEN = {"move_now": "bot thinking", "next_target(1)": "your turn"}


def key_words(key: str, binding: Binding) -> str:
    """`key` (one of `binding`'s keys) as a player reads it: "Enter",
    "Left arrow", "Ctrl+S", "x"; a range the binding shows ("1-4") as is;
    a key of two meanings with its moment ("n (your turn)", `_WHEN`)."""
    when = f" ({_WHEN[binding.action]})" if binding.action in _WHEN else ""
    if binding.key_display and _RANGE.match(binding.key_display):
        return binding.key_display
    if key in KEY_WORDS:
        return KEY_WORDS[key] + when
    if len(key) == 1:
        return key + when
    return "+".join(part.capitalize() if len(part) > 1 else part.upper()
                    for part in key.split("+")) + when


def _does(node: object, binding: Binding) -> str:
    """What `binding` does, in words (see the module docstring)."""
    if binding.tooltip:
        return binding.tooltip
    explain = getattr(node, "help_text", None)
    if explain is not None:
        text = explain(binding)
        if text:
            return text
    return _PLAIN_WORDS.get(binding.description, binding.description)


#: Textual's own words for its widgets' keys, as a player reads them ("Show
#: menu", "Scroll Home", "Page Up: Page Up" said nothing)
_PLAIN_WORDS = {
    "Show menu": "Open the highlighted field's list of choices",
    "Scroll Home": "Scroll to the top",
    "Scroll End": "Scroll to the bottom",
    "Page Up": "Scroll up a page",
    "Page Down": "Scroll down a page",
    "Scroll Up": "Scroll up",
    "Scroll Down": "Scroll down",
}
#: the scrolling containers' up-and-down keys, listed only where the panel
#: scrolls (a new-match form that fits listed Home, End, Page Up, Page Down)
_UPRIGHT = frozenset({"scroll_up", "scroll_down", "scroll_home", "scroll_end",
                      "page_up", "page_down"})


#: the scrolling containers' sideways keys, listed only where a panel
#: scrolls sideways ("Left arrow: Scroll Left", "Ctrl+Pageup: Page Left"
#: did nothing on the home screen, the new-match form or a match)
_SIDEWAYS = frozenset({"scroll_left", "scroll_right", "page_left", "page_right"})
#: a row-cursor table's left and right (they scroll it sideways, if ever)
_ROW_SIDEWAYS = frozenset({"cursor_left", "cursor_right"})


def screen_keys(screen: Screen) -> list[tuple[str, str]]:
    """(keys, what they do) for every binding active on `screen`, footer
    order; keys that do the same are listed together, once."""
    own = getattr(screen, "help_taken_keys", None)
    taken: dict[str, str] = own() if callable(own) else {}
    rows: dict[str, list[str]] = {}
    for key, does in taken.items():  # first, where the widget's keys were listed
        rows.setdefault(does, []).append(KEY_WORDS.get(key, key))
    for key, active in _with_kept(screen):
        binding = active.binding
        if not binding.description or binding.system or _explained_everywhere(key, binding) or (
                key in taken):
            continue
        if binding.action in getattr(active.node, "HELP_LEAVES_OUT", ()):
            continue  # keys the widget keeps working but that mean little there
        if binding.action in _SIDEWAYS and not getattr(active.node, "allow_horizontal_scroll", False):
            continue  # a list or a form that never scrolls sideways: noise
        if (binding.action in _UPRIGHT and isinstance(active.node, ScrollableContainer)
                and not active.node.allow_vertical_scroll):
            continue  # a panel whose text fits: they do nothing
        if (binding.action in _ROW_SIDEWAYS and isinstance(active.node, DataTable)
                and active.node.cursor_type == "row"
                and not active.node.allow_horizontal_scroll):
            continue  # a list of rows as wide as its room: left and right do nothing
        label, does = key_words(key, binding), _does(active.node, binding)
        labels = rows.setdefault(does, [])
        if label not in labels:
            labels.append(label)
    return [(_joined(labels), does) for does, labels in rows.items()]


def _with_kept(screen: Screen) -> list[tuple[str, ActiveBinding]]:
    """`screen`'s active bindings, with its keys for the actions in its
    `HELP_KEEPS` that `check_action` leaves off the footer for now, each
    in its place among the screen's own: F1 lists the lobby's x where it
    does nothing at the highlighted table (pressed, it says why), as the
    footer and the README name it."""
    entries = list(screen.active_bindings.items())
    kept = getattr(screen, "HELP_KEEPS", frozenset())
    if not kept:
        return entries
    active = dict(entries)
    own = [b for b in _own_bindings(screen) if b.key in active or b.action in kept]
    for n, binding in enumerate(own):
        if binding.key in active:
            continue
        after = next((b.key for b in own[n + 1:] if b.key in active), None)
        at = next((i for i, (key, _) in enumerate(entries) if key == after), len(entries))
        entries.insert(at, (binding.key, ActiveBinding(screen, binding, False, binding.tooltip)))
        active[binding.key] = entries[at][1]
    return entries


def _own_bindings(node: object) -> list[Binding]:
    """The bindings `node`'s classes in this app declare, one key each
    (not Textual's: a text field's Ctrl+W is no key of a game). A key a
    subclass binds again is its own (Overstocked's area says "spot" where
    the Duel's board says "square")."""
    found: list[Binding] = []
    seen: set[str] = set()
    for cls in type(node).__mro__:
        if cls.__module__.startswith("tui.") and "BINDINGS" in cls.__dict__:
            own = list(Binding.make_bindings(cls.__dict__["BINDINGS"]))
            found.extend(b for b in own if b.key not in seen)
            seen.update(b.key for b in own)
    return found


def idle_keys(screen: Screen, listed: Sequence[tuple[str, str]],
              players: bool | None = None) -> list[tuple[str, str]]:
    """(keys, what they do) for the keys of `screen` and of the app's own
    widgets on it that do nothing now (not in `listed`): a table's F1 lists
    every key of the game (`HELP_EVERY_KEY`), not only those of the moment.
    `players`: only the players' keys (True) or only a watcher's (False),
    by the screen's `WATCHER_LATER`."""
    if not getattr(screen, "HELP_EVERY_KEY", False):
        return []
    active = screen.active_bindings
    shown = {does for _, does in listed}
    never = (screen.help_leaves_out() if hasattr(screen, "help_leaves_out")
             else screen.help_never() if hasattr(screen, "help_never") else frozenset())
    rows: dict[str, list[str]] = {}
    for node in [screen, *screen.query("*")]:
        for binding in _own_bindings(node):
            key = binding.key
            if not binding.description or binding.system or _explained_everywhere(key, binding):
                continue
            now = active.get(key)
            if now is not None and now.node is node and now.binding.action == binding.action:
                continue  # usable now: listed above
            if binding.action in getattr(node, "HELP_LEAVES_OUT", ()):
                continue
            if binding.action in _UPRIGHT | _SIDEWAYS | _ROW_SIDEWAYS:
                continue  # scrolling, not a game's key
            if node is screen and binding.action.split("(")[0] in never:
                continue  # not in this match at all
            if players is not None and players == (
                    node is screen and binding.action in getattr(screen, "WATCHER_LATER", ())):
                continue
            does = _does(node, binding)
            if does in shown:
                continue
            labels = rows.setdefault(does, [])
            label = key_words(key, binding)
            if label not in labels:
                labels.append(label)
    return [(_joined(labels), does) for does, labels in rows.items()]


_ARROWS = ("Left arrow", "Right arrow", "Up arrow", "Down arrow")


class KeyList(str):
    """Keys that do the same, as F1 lists them ("c / Escape / Backspace"),
    knowing its `keys`: each a name, or names read as one ("Left / Right
    arrow"), that the key column never breaks (`_key_lines`)."""

    keys: tuple[str, ...]

    def __new__(cls, keys: Sequence[str]) -> KeyList:
        listed = super().__new__(cls, " / ".join(keys))
        listed.keys = tuple(keys)
        return listed


def _joined(labels: list[str]) -> KeyList:
    """Keys that do the same, together: "Arrows / h j k l", "Left / Right
    arrow", "Page Up / Down", "c / Escape / Backspace"."""
    if "Page Up" in labels and "Page Down" in labels:
        # ("Page Up / Page Down" broke inside a name in the key column at 80x24)
        at = min(labels.index("Page Up"), labels.index("Page Down"))
        labels = [label for label in labels if label not in ("Page Up", "Page Down")]
        labels.insert(at, "Page Up / Down")
    arrows = [label for label in _ARROWS if label in labels]
    others = [label for label in labels if label not in _ARROWS]
    if len(arrows) == len(_ARROWS):
        head = ["Arrows"]
    elif len(arrows) > 1:
        head = [" / ".join(a.removesuffix(" arrow") for a in arrows) + " arrow"]
    else:
        head = arrows
    if head and len(others) > 1 and all(len(o) == 1 for o in others):
        return KeyList([head[0], " ".join(sorted(others))])
    return KeyList(head + others)


def _key_lines(listed: str, width: int) -> str:
    """Keys listed together, on as few lines of `width` as they fit, a
    line ending after a "/", never inside a key's name: wrapped as words,
    "Page Up / Page" ended a line and "Down" began the next."""
    lines: list[str] = []
    for key in listed.keys if isinstance(listed, KeyList) else listed.split(" / "):
        if lines and len(lines[-1]) + len(" / ") + len(key) <= width:
            lines[-1] += " / " + key
        else:
            if lines:
                lines[-1] += " /"
            lines.append(key)
    return "\n".join(lines)


def _wrapped(text: str | Text, width: int) -> Text:
    """`text` wrapped at `width` cells (a help cell is never cut off)."""
    from rich.console import Console

    text = Text(text) if isinstance(text, str) else text
    lines = text.wrap(Console(width=width), width)
    return Text("\n").join(line.rstrip() or line for line in lines)


#: the heading of the keys of the moment, where a screen's own sections
#: come above them (`HELP_SECTIONS_FIRST`)
KEYS_HEADING = "Keys"

#: the heading of a table's keys that do nothing at the moment (dimmed)
IDLE_HEADING = "Not now (other moments of the game)"

#: the same keys for a watcher of a shared table: the players', not theirs later
WATCHER_IDLE_HEADING = "Players' keys (you are watching)"

#: the fewest rows of keys the help shows (it scrolls when there are more)
HELP_MIN_ROWS = 4


@functools.cache  # (read once: F1 is pressed often)
def _ruling_prefix(game_id: str | None) -> str | None:
    """The code of a game's house rulings in its in-app rules ("BQ")."""
    text = resources.rules_text(game_id) if game_id else None
    found = re.search(r"House ruling ([A-Z]+)-\d", text or "")
    return found.group(1) if found else None


class HelpScreen(Dialog[None]):
    """Lists the keys of the screen it was opened over."""

    CSS_PATH = resources.css_path("dialogs.tcss")

    # The keys' list is read, not chosen from: as in the rules, Up/Down
    # (j/k) scroll it a line at once. (A row cursor moved down the list
    # unseen and scrolled only at the box's foot: a player at 80x24 read
    # "Down does nothing" and never saw Ctrl+T or Ctrl+Q.) The footer names
    # the scrolling only when the list does not fit (`check_action`).
    BINDINGS = [
        Binding("escape,q,f1,question_mark,enter,backspace", "close", "Close"),
        Binding("r", "rules", "Rules"),
        Binding("down,j", "scroll('down')", "Scroll", key_display="↑↓"),
        Binding("up,k", "scroll('up')", "Scroll up", show=False),
        Binding("pagedown,space", "scroll('page_down')", "Page down", show=False),
        Binding("pageup,b", "scroll('page_up')", "Page up", show=False),
        Binding("home,g", "scroll('home')", "Top", show=False),
        Binding("end,G", "scroll('end')", "Bottom", show=False),
    ]

    def __init__(self, over: Screen) -> None:
        super().__init__()
        self.over = over
        #: the game being played or set up underneath (r opens its rules)
        self.game_id: str | None = None

    def compose_dialog(self) -> ComposeResult:
        with Vertical(id="help"):
            name = getattr(self.over, "HELP_TITLE", None) or type(self.over).__name__.removesuffix(
                "Screen"
            )
            yield Static(f"Help: {name}", id="help-title")
            match = getattr(self.over, "help_match", None)
            if callable(match) and match():
                yield Static(match(), id="help-match")
            keys = RowTable(id="help-keys", cursor_type="none", zebra_stripes=True)
            keys.can_focus = False  # the screen's keys scroll it (see BINDINGS)
            yield keys
            current = getattr(self.app, "current_game_id", None)
            self.game_id = current() if callable(current) else None
            game = getattr(self.app, "games", {}).get(self.game_id) if self.game_id else None
            if game is not None:
                # the log and results name house rulings ("BQ-40"): say where
                ruling = _ruling_prefix(self.game_id)
                also = f", rulings {ruling}-n" if ruling else ""  # (one line at 80x24)
                hint = f"r: the rules of {game.title}{also} · Escape, q or F1 closes."
            else:
                hint = "Press Escape, q or F1 to close."
            yield Static(hint, id="help-hint")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        keys = screen_keys(self.over)
        # a screen whose symbols depend on the match (a Solo Quest's) says them
        own = getattr(self.over, "help_symbols", None)
        shown = own() if callable(own) else getattr(self.over, "HELP_SYMBOLS", ())
        symbols: Sequence[tuple[str, str]] = (*shown, *getattr(self.over, "SINCE_SYMBOLS", ()))
        # what this match has on the table that no legend explains (a Boss
        # Quest's companions in play): (heading, rows)
        extra = getattr(self.over, "help_sections", None)
        own_sections: list[tuple[str, Sequence[tuple[str, str]]]] = (
            extra() if callable(extra) else [])
        # what each bot level does (the form's list and a match's bots)
        levels = getattr(self.over, "help_bot_levels", None)
        level_rows = levels() if callable(levels) else []
        if level_rows:
            own_sections = [*own_sections, ("Bot levels", level_rows)]
        # a watcher's F1 puts the players' keys apart: "Not now" read as theirs later
        watching = getattr(self.over, "watching_shared", False)
        idle = idle_keys(self.over, keys, players=False if watching else None)
        theirs = idle_keys(self.over, keys, players=True) if watching else []
        everywhere = global_keys(self.app, self.over)
        left = min(KEY_WIDTH, max((len(k) for k, _ in (
            *keys, *idle, *theirs, *everywhere, *symbols, *(r for _, rows in own_sections for r in rows))),
                                  default=4))
        right = TEXT_WIDTH - left
        table.add_columns("Key", "Does")
        first = bool(getattr(self.over, "HELP_SECTIONS_FIRST", False)) and any(
            rows for _, rows in own_sections)
        sections: list[tuple[str | None, Sequence[tuple[str, str]]]] = []
        if first:
            # what a player opens F1 for mid-game, in sight as it opens
            # (six players at 80x24: the characters stood below some thirty
            # rows of keys)
            sections.extend((heading, rows) for heading, rows in own_sections if rows)
        sections.append((KEYS_HEADING if first else None, keys))
        if idle:
            sections.append((IDLE_HEADING, idle))
        if theirs:
            sections.append((WATCHER_IDLE_HEADING, theirs))
        if symbols:
            sections.append(("On screen", symbols))
        if not first:
            sections.extend((heading, rows) for heading, rows in own_sections if rows)
        sections.append(("Everywhere", everywhere))
        for heading, rows in sections:
            if heading is not None:
                table.add_row("", Text(heading, style="bold"))
            style = "dim" if heading in (IDLE_HEADING, WATCHER_IDLE_HEADING) else ""
            for key, text in rows:
                table.add_row(_wrapped(Text(_key_lines(key, left), style=style), left),
                              _wrapped(Text(text, style=style), right), height=None)
        self.call_after_refresh(self.refresh_bindings)  # does it scroll? (the footer)

    def on_resize(self) -> None:
        # The keys' list is as tall as the terminal allows (the box is at
        # most 90% of it, less its border, title and hint), so that a tall
        # terminal shows every key without scrolling.
        # (the footer shares the screen's height: the box's 90% is of the
        # rest, or the hint slid under its bottom border at 80x24)
        room = int((self.size.height - 1) * 0.9) - 4
        with contextlib.suppress(NoMatches):  # a match's options under the title
            room -= max(1, self.query_one("#help-match").size.height)
        self.query_one("#help-keys").styles.max_height = max(HELP_MIN_ROWS, room)
        self.call_after_refresh(self.refresh_bindings)

    def action_scroll(self, where: str) -> None:
        table = self.query_one("#help-keys", DataTable)
        {
            "up": lambda: table.scroll_up(animate=False),
            "down": lambda: table.scroll_down(animate=False),
            "page_up": lambda: table.scroll_page_up(animate=False),
            "page_down": lambda: table.scroll_page_down(animate=False),
            "home": lambda: table.scroll_home(animate=False),
            "end": lambda: table.scroll_end(animate=False),
        }[where]()

    def action_close(self) -> None:
        self.dismiss()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """r (the rules) is a key only over a game, the scrolling keys only
        where the list does not fit: the footer leaves them out elsewhere."""
        if action == "rules":
            return self.game_id is not None
        if action == "scroll":
            # (the footer's "↑↓ Scroll" only where the list goes on)
            with contextlib.suppress(NoMatches):
                return self.query_one("#help-keys", DataTable).max_scroll_y > 0
        return True

    def action_rules(self) -> None:
        """The rules of the game underneath, over it (Escape comes back)."""
        if self.game_id is None:
            return
        game_id = self.game_id
        self.dismiss()
        self.app.action_rules(game_id)  # type: ignore[attr-defined]
