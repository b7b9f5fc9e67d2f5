"""Set up a match: the game, how many play, who (human or bot) and the options.

The options form is generated from the attrs fields of `game.Options`:
booleans become checkboxes, enums and fields with `choices` metadata become
selects, numbers and text become inputs. Defaults are the rulebook's game.
"""

from __future__ import annotations

import contextlib
import enum
import typing
from typing import Any, ClassVar

import attrs
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from host.messages import MAX_NAME
from tui import resources
from tui.lists import Dropdown, KeepsReverse
from tui.widgets.limited_input import LimitedInput

HUMAN = "human"
DEFAULT_NAMES = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn", "Gus", "Hana")


#: what a saved match's name holds in place of a character it could not
#: keep, a control character (`saves.journal.printable`)
REPLACED = "\ufffd"


def name_refused(name: str, seat: int) -> str | None:
    """Why the name field refuses `name` (as typed, stripped) at `seat`
    (from 0), in the form's words, with what would do; None: it takes it.
    The hub's rule (host/hub.py `player_name`): 1 to `MAX_NAME`
    printable characters, no square brackets."""
    if not name:
        return f"Seat {seat + 1} needs a name."
    if "[" in name or "]" in name:
        # said, not made round unseen: "[Bob]" was saved as "(Bob)"
        return (f"Seat {seat + 1}: a name has no square brackets (the screens would read "
                f"them as their own marks); round ones are fine:\n{_suggested(name)}")
    if not name.isprintable():
        # "E<Tab>F" pasted in was saved and shown as "E\ufffdF" everywhere;
        # said, like the brackets
        return (f"Seat {seat + 1}: a name is printable characters only (no Tab or control "
                f"characters); with spaces instead:\n{_suggested(name)}")
    if len(name) > MAX_NAME:  # (the field's limit: a value set, not typed)
        return f"Seat {seat + 1}: a name is {MAX_NAME} characters at most."
    return None


def _suggested(name: str) -> str:
    """What `name_refused` suggests, quoted, for a line of its own: the
    notice wrapped it at 80x24 ("with spaces instead: Cy" then "d"); a
    name of `MAX_NAME` quoted fits a notice's line there."""
    return f'"{fitted_name(name)}"'


def fitted_name(name: Any) -> str:
    """`name` made one the name field takes (`name_refused` None): each
    character that is not printable a space, runs of spaces one, square
    brackets round, at most `MAX_NAME` characters; "" when nothing
    printable is left, or it is not text (a hand-edited file's number)."""
    if not isinstance(name, str):
        return ""
    text = " ".join("".join(c if c.isprintable() else " " for c in name).split())
    return text.replace("[", "(").replace("]", ")")[:MAX_NAME].strip()


class SeatError(ValueError):
    """A seat the form cannot take (`seat`, from 0): its name field is marked."""

    def __init__(self, seat: int, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat


def remembered_name(name: Any) -> str:
    """A name read back from a saved match as the name field takes it
    (`fitted_name`), each character the save could not keep (`REPLACED`)
    read as the control character it was; "" when nothing is left."""
    return fitted_name(name.replace(REPLACED, " ") if isinstance(name, str) else name)


def humanize(name: str) -> str:
    return name.replace("_", " ").capitalize()


def field_label(field: attrs.Attribute) -> str:
    return str(field.metadata.get("label") or humanize(field.name))


def field_type(options_class: type, field: attrs.Attribute) -> Any:
    try:
        hints = typing.get_type_hints(options_class)
    except Exception:
        hints = {}
    return hints.get(field.name, field.type)


def field_default(field: attrs.Attribute) -> Any:
    default = field.default
    if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
        return default.factory()  # type: ignore[union-attr]
    return default


def kind_choices(levels: tuple[str, ...]) -> list[tuple[str, str]]:
    """("Human", "human"), ("Bot: random", "bot:random"), ..."""
    return [("Human", HUMAN)] + [(f"Bot: {level}", f"bot:{level}") for level in levels]


class MarkedCheckbox(KeepsReverse, Checkbox):
    """A checkbox that shows X only when ticked, and its focus reversed, so
    it reads without colour."""

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # noqa: N802
        return "X" if self.value else " "


class SeatRow(Horizontal):
    """One seat: its number, the player's name, human or which bot."""

    def __init__(
        self,
        seat: int,
        name: str,
        kind: str,
        choices: list[tuple[str, str]],
        *,
        placeholder: str = "name",
        name_disabled: bool = False,
    ) -> None:
        super().__init__(classes="seat-row", id=f"seat-{seat}")
        self.seat = seat
        self._name = name
        self._kind = kind
        self._choices = choices
        self._placeholder = placeholder
        self._name_disabled = name_disabled

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.seat + 1}", classes="seat-label")
        # the hub's limit: a name cut there reserved a seat for nobody; a
        # longer paste keeps its first MAX_NAME characters, with a notice
        # (Input's max_length alone dropped it whole, without a word)
        yield LimitedInput(
            self._name,
            placeholder=self._placeholder,
            max_length=MAX_NAME,
            what="A name",
            id=f"name-{self.seat}",
            classes="seat-name",
            compact=True,
            disabled=self._name_disabled,
        )
        yield Dropdown(
            self._choices,
            value=self._kind,
            allow_blank=False,
            id=f"kind-{self.seat}",
            classes="seat-kind",
            compact=True,
        )

    def show_rules_bot_note(self) -> None:
        """In the place of the select while the game's own rules play the
        seat (Overstocked's solo bot): a disabled "Human" there read as if
        a person sat at it. Made the first time it is needed (the stylesheet
        shows it only on a rules-bot row)."""
        if not self.query(".rules-bot-note"):
            self.mount(Label(RULES_BOT_NOTE, classes="rules-bot-note"))


#: what a seat played by the game's own rules says in place of human/bot
RULES_BOT_NOTE = "the rulebook's bot (no choice)"
#: the level such a seat is saved with (the rules play it; no search starts)
RULES_BOT_LEVEL = "easy"


class NewMatchScreen(Screen):
    """The form that starts a match."""

    CSS_PATH = resources.css_path("new_match.tcss")
    #: taller than 24 rows (`-tall`), the form stands in the middle of the
    #: screen when shorter than it; at 80x24 it keeps the top
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (25, "-tall")]

    HELP_TITLE = "New match"
    #: what the form makes, in its title ("New match: Boss Quest") and on
    #: its start button
    MAKES = "New match"
    START = "Start"
    #: what Ctrl+C says quitting keeps (`OvertableApp.quit_keeps`): the
    #: choices made here are lost, though every match is saved
    QUIT_KEEPS = "The form's choices are not kept until you start."

    # The first control has the focus from the start: left to Textual ("*"),
    # the scrolling form took it first and gave it up in `on_mount`, and
    # each of the two restyled every widget of the form.
    AUTO_FOCUS = "#game, #count"

    BINDINGS = [
        Binding("ctrl+s", "start", "Start", priority=True),
        Binding("escape", "back", "Back"),
        Binding("ctrl+b,backspace", "back", "Back", show=False),
    ]

    def help_bot_levels(self) -> list[tuple[str, str]]:
        """F1's lines on what each level in a seat's list does."""
        from tui.bot_levels import level_rows

        if not self.game_id:
            return []
        return level_rows(self.game_id, "Bot: {level}", getattr(self.app, "bot_seconds", None))

    def __init__(self, game_id: str | None) -> None:
        super().__init__()
        self.game_id = game_id or ""
        #: option marks (CSS classes) -> the player counts they apply at
        self._option_players: dict[str, Any] = {}
        #: the player counts at which an option left out says why, and its words
        self._option_absent: list[tuple[Any, str]] = []
        #: options left out at some player counts that say so there only
        #: where they are set ("set_absent_at", "set_absent_note": the Solo
        #: Quest's extensions, BQ-39): name -> (counts, words)
        self._option_set_absent: dict[str, tuple[Any, str]] = {}
        #: a ticked option that rules others out ("excludes" metadata: the
        #: Overstocked solo mode, the advanced variant and expansions) ->
        #: the options it rules out
        self._option_excludes: dict[str, tuple[str, ...]] = {}
        #: an option ruled out -> its value before (given back when allowed)
        self._ruled_out: dict[str, bool] = {}
        #: a seat's name field marked refused -> the name refused there
        self._refused_names: dict[str, str] = {}
        #: a seat whose name the player typed in -> when (a count: the higher, the later)
        self._typed_names: dict[int, int] = {}
        self._typing = 0
        #: the player count shown, and the options shown at some count so
        #: far (`_options_from_setup` sets only the others)
        self._count_shown: int | None = None
        self._options_seen: set[str] = set()
        #: options set on the form that started the last match but left out
        #: of it (hidden at its count, or ruled out), as they were set there
        self._kept: dict[str, Any] = {}

    # -- the game -------------------------------------------------------------

    @property
    def game(self) -> Any:
        return self.app.games[self.game_id]  # type: ignore[attr-defined]

    def _levels(self) -> tuple[str, ...]:
        try:
            from core.bots import LEVELS

            return tuple(LEVELS.get(self.game_id, ()))
        except Exception:
            return ()

    def compose(self) -> ComposeResult:
        app: Any = self.app
        games = app.games
        game = games[self.game_id]
        levels = self._levels()
        choices = kind_choices(levels)
        players = game.players
        count = max(players.start, min(2, players.stop - 1))
        # The form starts from the last match set up for this game, if any.
        last = self._last_setup()
        if last is not None and len(last.players) in players:
            count = len(last.players)
        self._kept = self._kept_from(game.Options, last)
        values = {value for _, value in choices}
        yield Header()
        # The fields scroll; the buttons sit below them, outside the scrolling
        # part (docked in the stylesheet): at 80x24 a long form (Boss Quest,
        # 6 knights) scrolled them off the screen
        with Vertical(id="new-form"):
            # no Tab stop of its own (it showed no focus): a field focused
            # scrolls into view
            with VerticalScroll(id="new-fields", can_focus=False):
                yield Static(f"{self.MAKES}: {game.title}", id="new-title", classes="form-title")
                if len(games) > 1:
                    with Horizontal(classes="form-row"):
                        yield Label("Game", classes="form-label")
                        yield Dropdown(
                            [(g.title, gid) for gid, g in games.items()],
                            value=self.game_id,
                            allow_blank=False,
                            id="game",
                            compact=True,
                        )
                with Horizontal(classes="form-row"):
                    yield Label("Players", classes="form-label")
                    yield Dropdown(
                        [(str(n), n) for n in players],
                        value=count,
                        allow_blank=False,
                        id="count",
                        compact=True,
                    )
                with Vertical(id="seats"):
                    from core.bots import DEFAULT_LEVEL

                    level = DEFAULT_LEVEL if DEFAULT_LEVEL in levels else levels[-1] if levels else None
                    self._seat_setup = (choices, values, f"bot:{level}" if level else HUMAN, last)
                    # only the seats in play: more are made when the count grows
                    # (`_show_seats`); a row made is kept, hidden, when it shrinks
                    for seat in range(count):
                        yield self._seat_row(seat)
                fields = attrs.fields(game.Options) if attrs.has(game.Options) else ()
                if fields:
                    yield Static("Options", classes="form-section")
                    # why options are left out at this count ("absent_note"
                    # metadata): they went without a word (`_show_options_for`)
                    yield Static("", id="options-absent", classes="option-help")
                for field in fields:
                    yield from self._option_widget(game.Options, field, last)
            with Horizontal(id="new-buttons"):
                yield Button(f"{self.START} (ctrl+s)", id="start", variant="primary")
                yield Button("Back (esc)", id="back")
        yield Footer()

    def _seat_row(self, seat: int, setup: Any = None) -> SeatRow:
        """Seat `seat`'s row as the form starts it: the last match's player
        there (`setup`'s, when given), else a default name, the first seat a
        person, the others bots."""
        choices, values, bot_kind, last = self._seat_setup
        last = setup if setup is not None else last
        kind = HUMAN if seat == 0 else bot_kind
        name = DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]
        if last is not None and seat < len(last.players):
            spec = last.players[seat]
            # as the name field takes it (a hand-edited or older file's
            # "E<Tab>F" came back "E\ufffdF", a blank one was refused only
            # at Start); nothing left of it: the seat's default
            name = remembered_name(getattr(spec, "name", None)) or name
            was = HUMAN if spec.kind == "human" else f"bot:{spec.level}"
            if seat in self._rules_bot_seats(last):
                # the rules' bot was saved with a stand-in level, never
                # chosen: the seat keeps the default kind for a match
                # without it (after a solo match, it came back "easy")
                was = kind
            kind = was if was in values else kind
        name, placeholder, disabled = self._seat_name(seat, name)
        return SeatRow(seat, name, kind, choices, placeholder=placeholder, name_disabled=disabled)

    @staticmethod
    def _rules_bot_seats(last: Any) -> set[int]:
        """The seats of the saved match `last` that the rules' own bot
        played (a solo mode's second seat)."""
        from core.arena import held_seats

        try:
            held = held_seats(last.options, len(last.players))
        except Exception:  # a form that starts from the defaults still works
            return set()
        return set(range(len(last.players))) - set(held)

    def _seat_name(self, seat: int, name: str) -> tuple[str, str, bool]:
        """A seat's name field as it starts: its text, its placeholder and
        whether it is disabled."""
        return name, "name", False

    async def _show_seats(self, count: int) -> None:
        """The rows of the first `count` seats shown, the others hidden; a
        seat never shown before gets its row now."""
        seats = self.query_one("#seats")
        rows = list(self.query(SeatRow))
        if count > len(rows):
            # the newest match of as many players, if any: after a Solo
            # Quest, three knights came back as bots with the options off
            setup = self._last_setup(count)
            new = [self._seat_row(seat, setup) for seat in range(len(rows), count)]
            await seats.mount_all(new)
            # as they were when the form opened (the untouched form has them)
            initial = getattr(self, "_initial", None)
            if initial is not None:
                for row in new:
                    for widget in row.query("Input, Select").results():
                        if isinstance(widget, Input | Select) and widget.id is not None:
                            initial.setdefault(widget.id, widget.value)
            rows += new
        for row in rows:
            row.display = row.seat < count

    def _last_setup(self, players: int | None = None, off: str | None = None) -> Any:
        """The players and options of this game's newest saved match (of
        `players` seats, when given; with the option `off` not ticked, when
        given; None: the defaults)."""
        last_setup = getattr(self.app, "last_setup", None)
        if not callable(last_setup):
            return None
        try:
            if off is not None:
                return last_setup(self.game_id, players=players, off=off)
            if players is None:
                return last_setup(self.game_id)
            return last_setup(self.game_id, players=players)
        except Exception:  # a form that starts from the defaults still works
            return None

    def _remembered(self, options_class: type, field: attrs.Attribute, last: Any) -> Any:
        """The value option `field` starts at: the last match's; but if an
        option ticked there rules it out ("excludes" metadata: Overstocked's
        solo), that match had it off, and it starts as in the newest match
        without that option ticked (else its default): what comes back when
        that option is unticked (`_rule_out`). Play-test: the form came
        back remembering solo, and unticking solo left every option off."""
        default = field_default(field)
        if field.name in self._kept:  # set there, left out of the match
            return self._kept[field.name]
        if last is None or not isinstance(last.options, options_class):
            return default
        for other in attrs.fields(options_class):
            if (field.name in other.metadata.get("excludes", ())
                    and getattr(last.options, other.name, False)):
                before = self._last_setup(off=other.name)
                if before is None or not isinstance(before.options, options_class):
                    return default
                return getattr(before.options, field.name, default)
        return getattr(last.options, field.name, default)

    def _kept_from(self, options_class: type, last: Any) -> dict[str, Any]:
        """The options the form that set up `last` kept that its match left
        out (`left_out`), those the form can show: a play-test saw Potions
        said "kept for a match of more knights" beside a Solo Quest, and
        unticked on the form opened after it."""
        kept_options = getattr(self.app, "kept_options", None)
        try:
            written = kept_options(self.game_id, last) if callable(kept_options) else {}
        except Exception:  # a form that starts from the defaults still works
            written = {}
        kept: dict[str, Any] = {}
        for field in attrs.fields(options_class) if isinstance(written, dict) else ():
            if field.name not in written:
                continue
            kind, value = field_type(options_class, field), written[field.name]
            if kind is bool or isinstance(field_default(field), bool):
                if isinstance(value, bool):
                    kept[field.name] = value
            elif isinstance(kind, type) and issubclass(kind, enum.Enum):
                with contextlib.suppress(ValueError, TypeError):  # not one of its values
                    kept[field.name] = kind(value)
        return kept

    def left_out(self) -> dict[str, Any]:
        """The options set on the form that the match it starts leaves out
        (hidden at its count, or ruled out by another), as written to be
        kept (`_kept_from`): each one the player saw on the form."""
        players = self.player_count()
        kept: dict[str, Any] = {}
        for field in attrs.fields(self.game.Options):
            counts = self._option_players.get(f"for-{field.name}")
            if field.name in self._ruled_out:
                value = self._ruled_out[field.name]
            elif counts is not None and players not in counts and field.name in self._options_seen:
                value = self.query_one(f"#opt-{field.name}").value  # type: ignore[attr-defined]
            else:
                continue
            if isinstance(value, bool | enum.Enum):
                kept[field.name] = value.value if isinstance(value, enum.Enum) else value
        return kept

    def _option_widget(
        self, options_class: type, field: attrs.Attribute, last: Any = None
    ) -> ComposeResult:
        kind = field_type(options_class, field)
        default = self._remembered(options_class, field, last)
        label = field_label(field)
        wid = f"opt-{field.name}"
        choices = field.metadata.get("choices")
        # An option that only applies at some player counts ("players"
        # metadata) is shown only at those counts (`_show_options_for`).
        mark = f"for-{field.name}"
        if "players" in field.metadata:
            self._option_players[mark] = field.metadata["players"]
        if "absent_note" in field.metadata:
            self._option_absent.append((field.metadata["absent_at"],
                                        str(field.metadata["absent_note"])))
        if "set_absent_note" in field.metadata:
            self._option_set_absent[field.name] = (field.metadata["set_absent_at"],
                                                   str(field.metadata["set_absent_note"]))
        if kind is bool or isinstance(default, bool):
            yield MarkedCheckbox(label, value=bool(default), id=wid, classes=f"option {mark}",
                                 compact=True)
            excludes = field.metadata.get("excludes")
            if excludes:  # what it rules out, said while it is ticked
                self._option_excludes[field.name] = tuple(excludes)
                note = Static(str(field.metadata.get("excludes_note", "")),
                              id=f"excludes-{field.name}", classes="option-help")
                note.styles.padding = (0, 0, 0, 12)
                note.display = False
                yield note
            return
        with Horizontal(classes=f"form-row option {mark}"):
            yield Label(label, classes="form-label")
            if isinstance(kind, type) and issubclass(kind, enum.Enum):
                yield Dropdown(
                    [(humanize(str(m.name)), m) for m in kind],
                    value=default,
                    allow_blank=False,
                    id=wid,
                    compact=True,
                )
            elif choices:
                yield Dropdown(
                    [(str(c), c) for c in choices],
                    value=default if default in choices else field_default(field),
                    allow_blank=False,
                    id=wid,
                    compact=True,
                )
            elif kind is int or isinstance(default, int):
                yield Input(str(default), type="integer", id=wid, compact=True)
            else:
                yield Input("" if default is None else str(default), id=wid, compact=True)
        help_text = field.metadata.get("help")
        if help_text:  # a select's label is short: its one-line explanation below
            note = Static(str(help_text), classes=f"option-help {mark}")
            note.styles.padding = (0, 0, 0, 12)
            yield note

    def _options_from_setup(self, before: int, players: int) -> None:
        """The options hidden at `before` players and shown at `players` as
        the newest match of `players` set them (they were the last match's,
        which could not set them: a Solo Quest's extensions are all off)."""
        seen = self._options_seen
        shown = [name for name in (m.removeprefix("for-") for m, counts in
                                   self._option_players.items()
                                   if players in counts and before not in counts)
                 if name not in seen]  # (never what the player set here)
        seen.update(shown)
        setup = self._last_setup(players) if shown else None
        if setup is None or not isinstance(setup.options, self.game.Options):
            return
        for name in shown:
            value = getattr(setup.options, name, None)
            for widget in self.query(f"#opt-{name}").results():
                with contextlib.suppress(Exception):  # a value the form cannot show
                    if isinstance(widget, Checkbox):
                        widget.value = bool(value)
                    elif isinstance(widget, Select):
                        widget.value = value
                    elif isinstance(widget, Input):
                        widget.value = "" if value is None else str(value)

    def _show_options_for(self, players: int) -> None:
        for mark, counts in self._option_players.items():
            for widget in self.query(f".{mark}"):
                widget.display = players in counts
        notes = [note for counts, note in self._option_absent if players in counts]
        notes += self._set_absent_notes(players)
        with contextlib.suppress(NoMatches):  # a game without options
            absent = self.query_one("#options-absent", Static)
            absent.update(" ".join(notes))
            absent.display = bool(notes)
        self._rule_out()
        self._mark_rules_bots()

    def _set_absent_notes(self, players: int) -> list[str]:
        """What the options set on the form but left out at `players` say
        ("set_absent_note", each naming them): the Solo Quest's extensions
        ticked at 2 knights went without a word at 1 (BQ-39: the new-match
        screen says so). Their ticks stay, for more players again."""
        named: dict[str, list[str]] = {}
        for field in attrs.fields(self.game.Options):
            counts, note = self._option_set_absent.get(field.name, ((), ""))
            if players not in counts:
                continue
            widget = self.query_one(f"#opt-{field.name}")
            value = widget.value if isinstance(widget, Checkbox | Select) else None
            if value is None or value == field_default(field) or value is Select.BLANK:
                continue
            named.setdefault(note, []).append(self._set_words(field, value))
        return [note.format(names=", ".join(names)) for note, names in named.items()]

    @staticmethod
    def _set_words(field: attrs.Attribute, value: Any) -> str:
        """An option set, in a few words: "Potions", "Boss Ul'ul (night)"."""
        head = str(field.metadata.get("label", field.name)).split(":")[0].split(" (")[0]
        if isinstance(value, bool):
            return str(field.metadata.get("changed", head))
        shown = value.name.lower() if isinstance(value, enum.Enum) else value
        return f"{head} ({shown})"

    def _rule_out(self) -> None:
        """While an option that rules others out is ticked (and offered at
        this player count), those are cleared and disabled, and a line
        under it says why; they come back as they were when it is cleared.
        The form refused the mix only at Start ("Could not start the
        match: The solo mode cannot be used with...")."""
        ruled: set[str] = set()
        for name, excludes in self._option_excludes.items():
            box = self.query_one(f"#opt-{name}", Checkbox)
            on = box.value and box.display
            self.query_one(f"#excludes-{name}").display = on
            if on:
                ruled.update(excludes)
        for name in ruled - self._ruled_out.keys():
            box = self.query_one(f"#opt-{name}", Checkbox)
            self._ruled_out[name] = box.value
            box.value, box.disabled = False, True
        for name in set(self._ruled_out) - ruled:
            box = self.query_one(f"#opt-{name}", Checkbox)
            box.value, box.disabled = self._ruled_out.pop(name), False

    def _mark_rules_bots(self) -> None:
        """A seat played by the rulebook's own bot (a solo mode's second
        seat) takes no name or kind: its controls are disabled, and the
        stylesheet hides them behind a note (`SeatRow.show_rules_bot_note`)."""
        from core.arena import held_seats

        try:
            options = self.read_options()
        except ValueError:
            return
        held = held_seats(options, self.player_count())
        for row in self.query(SeatRow):
            rules_bot = row.seat < self.player_count() and row.seat not in held
            if rules_bot == row.has_class("rules-bot"):
                continue  # (controls disabled for another reason stay so)
            if rules_bot:
                row.show_rules_bot_note()
            row.set_class(rules_bot, "rules-bot")
            row.query_one(".seat-label", Label).update("Rules' bot" if rules_bot else f"Seat {row.seat + 1}")
            for control in row.query("Input, Select"):
                control.disabled = rules_bot

    def on_mount(self) -> None:
        count = self.query("#count")
        if count:
            value = count.first(Select).value
            if isinstance(value, int):
                self._count_shown = value
                # and those kept from the last form: as set there, not as
                # the newest match of another count had them
                self._options_seen = {m.removeprefix("for-") for m, counts in
                                      self._option_players.items() if value in counts}
                self._options_seen.update(self._kept)
                self._show_options_for(value)
        # Top to bottom from the first control: the game, where there is a choice.
        first = self.query("#game") or self.query("#count")
        first.first().focus()
        # What Escape compares with: an untouched form leaves at once.
        self._initial = self.form_values()

    def form_values(self) -> dict[str, Any]:
        """Every control's value by id (what a changed setup differs in)."""
        values: dict[str, Any] = {}
        for widget in self.query("Input, Select, Checkbox"):
            if widget.id is not None and isinstance(widget, Input | Select | Checkbox):
                values[widget.id] = widget.value
        return values

    # -- changes --------------------------------------------------------------

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "count" and isinstance(event.value, int):
            before = self._count_shown if self._count_shown is not None else event.value
            self._count_shown = event.value
            await self._show_seats(event.value)
            self._options_from_setup(before, event.value)
            self._show_options_for(event.value)
        elif event.select.id == "game" and event.value != self.game_id:
            app: Any = self.app
            self.app.pop_screen()
            app.action_new_match(str(event.value))

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self._rule_out()
        self._mark_rules_bots()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        # Enter in a field moves on, like Tab.
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "start":
            self.action_start()
        elif event.button.id == "back":
            self.action_back()

    def action_back(self) -> None:
        """Leave; a changed setup is only thrown away once the player says so."""
        if self.form_values() == getattr(self, "_initial", None):
            self.app.pop_screen()
            return
        from tui.screens.confirm import ConfirmScreen

        def answer(discard: bool | None) -> None:
            if discard:
                self.app.pop_screen()

        self.app.push_screen(
            ConfirmScreen(
                "Discard this setup?",
                "The players and options you changed are lost.",
                yes="Discard",
                no="Keep editing",
            ),
            answer,
        )

    # -- reading the form -----------------------------------------------------

    def player_count(self) -> int:
        value = self.query_one("#count", Select).value
        return int(value) if isinstance(value, int) else self.game.players.start

    def read_players(self) -> list[Any]:
        """Who sits in each seat in play; raises ValueError with a reason."""
        sit = self.app.seat  # type: ignore[attr-defined]
        players = []
        names: dict[str, int] = {}  # a name, casefolded -> the seat called so
        for seat in range(self.player_count()):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            if (reason := name_refused(name, seat)) is not None:
                raise SeatError(seat, reason)
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            if self.query_one(f"#seat-{seat}", SeatRow).has_class("rules-bot"):
                # the rulebook's bot, never a person whatever its select
                # says: saved as a bot (it never decides, so never thinks)
                player = sit(name, "bot", RULES_BOT_LEVEL)
            elif kind == HUMAN:
                player = sit(name, "human")
            else:
                player = sit(name, "bot", kind.partition(":")[2])
            if (other := names.get(player.name.casefold())) is not None:
                raise SeatError(
                    self._seat_to_rename(other, seat, players[other].human, player.human),
                    f"Seats {other + 1} and {seat + 1} are both called {player.name!r}: "
                    "names must differ.")
            names[player.name.casefold()] = seat
            players.append(player)
        return players

    def _seat_to_rename(self, first: int, later: int, first_human: bool,
                        later_human: bool) -> int:
        """Which of two seats of one name gets the cursor: the one typed in
        last, else the human's, else the later (the earlier, a bot's, got it
        after a player typed that bot's name for theirs, and "fixing my
        name" renamed the bot)."""
        typed = [seat for seat in (first, later) if seat in self._typed_names]
        if typed:
            return max(typed, key=self._typed_names.__getitem__)
        return first if first_human and not later_human else later

    def read_options(self) -> Any:
        """An instance of game.Options from the form."""
        options_class = self.game.Options
        if not attrs.has(options_class):
            return options_class()
        values: dict[str, Any] = {}
        players = self.query_one("#count", Select).value if self.query("#count") else None
        for field in attrs.fields(options_class):
            counts = self._option_players.get(f"for-{field.name}")
            if counts is not None and isinstance(players, int) and players not in counts:
                continue  # hidden at this count: its default, whatever was ticked before
            widget = self.query_one(f"#opt-{field.name}")
            if isinstance(widget, Checkbox):
                values[field.name] = widget.value
            elif isinstance(widget, Select):
                values[field.name] = widget.value
            elif isinstance(widget, Input):
                kind = field_type(options_class, field)
                text = widget.value.strip()
                if kind is int or isinstance(field_default(field), int):
                    try:
                        values[field.name] = int(text)
                    except ValueError:
                        raise ValueError(f"{field_label(field)} must be a whole number.") from None
                else:
                    values[field.name] = text
        try:
            return options_class(**values)
        except (TypeError, ValueError) as error:
            raise ValueError(f"Those options do not go together: {error}") from None

    def action_start(self) -> None:
        try:
            players = self.read_players()
            options = self.read_options()
        except ValueError as error:
            self.refuse(str(error), getattr(error, "seat", None))
            return
        self.app.new_match(self.game_id, players, options,  # type: ignore[attr-defined]
                           kept=self.left_out())

    def refuse(self, reason: str, seat: int | None = None) -> None:
        """Say why the form was not taken; a seat's name is marked (until
        edited) and gets the cursor. Everything typed stays."""
        self.notify(reason, severity="error")
        fields = self.query(f"#name-{seat}") if seat is not None else None
        if fields:
            field = fields.first(Input)
            field.add_class("refused")
            self._refused_names[field.id or ""] = field.value
            if not field.disabled:
                field.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        seat = (event.input.id or "").removeprefix("name-")
        if seat.isdigit() and event.input.has_focus:  # typed, not set by the form
            self._typing += 1
            self._typed_names[int(seat)] = self._typing
        # edited: judged again at the start (a change announced late is not one)
        if event.value != self._refused_names.get(event.input.id or "", event.value):
            event.input.remove_class("refused")
            self._refused_names.pop(event.input.id or "", None)
