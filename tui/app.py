"""The Overtable app: home, new match, saved matches, rules, results, tables.

Start-up is paid on every SSH connection, so this module imports only
Textual and the home screen; the rules core, the saves and the game screens
are imported when first needed.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events, work
from textual._styles_cache import StylesCache
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.reactive import Reactive
from textual.screen import Screen

from tui import palettes, resources
from tui import theme as themes
from tui.collector import Collector
from tui.key_order import KeysInOrder
from tui.once import lay_out_once, style_once, widgets_default_css
from tui.screens.home import HomeScreen
from tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tui.style_memo import memo_styles

if TYPE_CHECKING:
    from tui.table import Table

DEFAULT_BOT_DELAY = 0.45
#: seconds a hand-over cover ignores Enter in the real app (tests: none).
#: Both waits outlast the longest common key-repeat delay (X11's default,
#: 660 ms): at 0.6 s a held Enter's first repeat came after the wait and
#: was taken (a key ignored meanwhile keeps the next ignored, but a held
#: key sends nothing before its first repeat).
HANDOVER_GRACE = 0.7
#: seconds Enter is ignored after a new decision appears on a game screen,
#: in the real app (tests: none): a doubled or held Enter does not make it
#: unseen (tui/screens/game.py, `GameScreen.too_soon`)
DECISION_GRACE = 0.7
#: the variable that sets it, in seconds from 0 (off) to 2; a host passes it
#: on to its players' sessions (host/ssh.py)
ENTER_WAIT_ENV = "OVERTABLE_ENTER_WAIT"
ENTER_WAIT_MAX = 2.0


def decision_grace() -> float:
    """The seconds Enter waits after a new decision: `DECISION_GRACE`, or
    $OVERTABLE_ENTER_WAIT. ValueError (saying why) for anything but a
    number of seconds from 0 to `ENTER_WAIT_MAX`."""
    text = os.environ.get(ENTER_WAIT_ENV, "").strip()
    if not text:
        return DECISION_GRACE
    return enter_wait(text)


def enter_wait(text: str) -> float:
    """`text` as the seconds Enter waits after a new decision (from the
    environment, or a hub's settings): ValueError, saying why, for anything
    but a number of seconds from 0 to `ENTER_WAIT_MAX`."""
    try:
        seconds = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number of seconds") from None
    if not 0 <= seconds <= ENTER_WAIT_MAX:  # (NaN too)
        raise ValueError(f"{text!r}: give seconds from 0 (no wait) to {ENTER_WAIT_MAX:g}")
    return seconds
#: the longest a bot's move may stay on screen, in seconds
MAX_BOT_DELAY = 60.0


def checked_bot_delay(delay: Any) -> float:
    """`delay` as a number of seconds from 0 to MAX_BOT_DELAY; the default
    for anything else (inf or NaN would leave a bot thinking for ever)."""
    try:
        delay = float(delay)
    except (TypeError, ValueError):
        return DEFAULT_BOT_DELAY
    if not math.isfinite(delay):
        return DEFAULT_BOT_DELAY
    return min(max(delay, 0.0), MAX_BOT_DELAY)


#: what resuming a match deleted since it was listed says
DELETED_TEXT = "It was deleted in another window or terminal: its file is no longer there."


def shared_text(path: Path) -> str:
    """How a shared table's unfinished match at `path` goes on: at its hub,
    which brings it back in its lobby (`overtable host --data-dir DIR`
    keeps them in DIR/shared, `overtable hub --data-dir DIR` in DIR)."""
    from saves.journal import printable

    return printable(
        f"{Path(path).name} is a match of the shared tables, where each player sits at "
        f"their own terminal: it goes on there, not here. Start the host again with this "
        f"data directory ({_hub_command(path)}): the match is back in its lobby at its last "
        "move, and its players sit down at it. Nothing was changed.")


def _hub_command(path: Path) -> str:
    """The command that starts the hub keeping the shared match at `path`."""
    folder = Path(path).parent
    if folder.name == "shared":
        return f"overtable host --data-dir {folder.parent}"
    return f"overtable hub --data-dir {folder}"


def shared_rematch_text(path: Path) -> str:
    """Why a finished shared match at `path` has no rematch here."""
    from saves.journal import printable

    return printable(
        f"{Path(path).name} was played at the shared tables, each player at their own "
        f"terminal: its rematch is theirs too, not a match passed around this one. "
        f"Start the host with this data directory ({_hub_command(path)}) and set up "
        "the table in its lobby (n). Nothing was started here.")


#: what quitting keeps, said with Ctrl+C and Ctrl+Z (a screen may say
#: otherwise: `OvertableApp.quit_keeps`)
QUIT_KEEPS = "Nothing is lost: every match is saved as it goes."


class OvertableCommands(Provider):
    """The app's own commands for the command palette (ctrl+p)."""

    def _commands(self) -> list[tuple[str, str, Any]]:
        app = self.app
        assert isinstance(app, OvertableApp)
        return [(name, help_text, callback) for name, help_text, callback in app.app_commands(self.screen)]

    async def discover(self) -> Hits:
        for name, help_text, callback in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, callback in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


#: seconds after the first screen is drawn before the rules core and the
#: screens' stylesheets are loaded (`OvertableApp.warm_up_later`)
WARM_UP_AFTER = 1.0

#: how many stylesheet sources' parsed rules an app keeps (Textual: 64);
#: an app at the end of a match has about 80 (`_warm_styles`)
PARSED_SOURCES_KEPT = 256


class OvertableApp(KeysInOrder, App[None]):
    """A terminal game table."""

    TITLE = "Overtable"
    #: absolute, so that subclasses defined elsewhere find it too
    CSS_PATH = resources.css_path("app.tcss")
    #: the ANSI colour names of the games' pieces outside the ANSI themes:
    #: Textual's own palettes drew red as magenta (tui/palettes.py)
    ansi_theme_dark = Reactive(palettes.DARK, init=False)
    ansi_theme_light = Reactive(palettes.LIGHT, init=False)
    COMMANDS: ClassVar[set] = {OvertableCommands} | App.COMMANDS  # type: ignore[assignment]

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help", priority=False),
        Binding("question_mark", "help", "Help", show=False),
        Binding("ctrl+t", "toggle_theme", "Theme", show=False),
        # Textual's Ctrl+C is no priority: a dialog (F1's help) and the
        # command palette kept it from the app, and it did nothing there
        Binding("ctrl+c", "copy_or_quit_hint", show=False, system=True, priority=True),
        # a shell's "stop this job": not here (over SSH a stopped app would
        # leave the player's session hanging), but not silent either
        Binding("ctrl+z", "no_suspend", "", show=False),
    ]

    def __init__(
        self,
        start: str = "home",
        argument: str | None = None,
        *,
        theme_name: str | None = None,
        bot_delay: float = DEFAULT_BOT_DELAY,
        seed: int | None = None,
        collect_between_screens: bool = False,
        handover_grace: float = 0.0,
        decision_grace: float = 0.0,
        remember_theme: bool = False,
        locale_note: str | None = None,
    ) -> None:
        super().__init__()
        #: a light terminal's pale letters drawn readable (`watch_theme` switches it)
        self._light_ink = palettes.LightTerminalInk(enabled=False)
        self._filters.insert(1, self._light_ink)
        if not self.no_color and themes.monochrome():
            # a terminal named monochrome (xterm-mono) says what NO_COLOR
            # says; Textual reads only the variable (`_fit_no_color` then
            # picks the filter for the theme)
            from textual.filter import Monochrome, NoColor

            self.no_color = True
            self._filters.append(NoColor() if self.native_ansi_color else Monochrome())
        #: said once at start (`themes.locale_note`: a terminal not in UTF-8)
        self.locale_note = locale_note
        #: the note is up: the first key or click takes it down
        self._locale_note_up = False
        lay_out_once()  # one layout pass where Textual makes two (over SSH, CPU per update)
        style_once()  # and no second styling of what nothing changed
        memo_styles()  # and a node's rules matched once for each place it is in
        #: what the command line asked for: home, new, resume, saves, rules
        self.start = start
        self.start_argument = argument
        self.bot_delay = checked_bot_delay(bot_delay)
        self.seed = seed
        #: tables opened so far: each match draws from its own seed (`seed`
        #: plus this count), so a rematch is not dealt the same cards again
        self._tables_opened = 0
        #: the theme chosen here is kept for the next start (`overtable`
        #: at a player's own terminal; not tests, not a hub's shared account)
        self.remember_theme = remember_theme
        #: the theme kept from the last start, if it is to be used
        #: where nothing is coloured (NO_COLOR, a monochrome TERM): a theme is
        #: chosen and kept for such starts apart (`themes.theme_file`), and
        #: the first is plain whatever COLORTERM says
        self._saved_theme = (themes.saved_theme(self.no_color)
                             if remember_theme and not theme_name else None)
        self._start_theme = theme_name or self._saved_theme or self._first_theme()
        self._theme_set = False
        #: a theme that could not be kept was said, once
        self._theme_unsaved_told = False
        #: the live table, while a match is open
        self.table: Table | None = None
        #: the journal of a finished match opened from Saved matches: its
        #: results' q goes back to the list, on its row (else None)
        self.back_to_saved: Path | None = None
        #: full garbage collections between screens, not during play
        #: (tui/collector.py; the real app, not tests)
        self.collector = Collector(self) if collect_between_screens else None
        #: the screens (their ids) on the stack at the last change of
        #: screen, each with the collector's freezes when it was first seen
        self._stack_seen: dict[int, int] = {}
        #: a hand-over cover ignores Enter this long after it appears
        self.handover_grace = handover_grace
        #: a game screen ignores Enter this long after a new decision appears
        self.decision_grace = decision_grace

    async def on_event(self, event: events.Event) -> None:
        """The locale note goes at the player's first key or click: for 15 s
        it lay over the new-match form's seats, the fields a new player sets."""
        if (self._locale_note_up and isinstance(event, events.Key | events.MouseDown)
                and not event.is_forwarded and self.locale_note):
            self._locale_note_up = False
            self.withdraw_notice(self.locale_note)
        await super().on_event(event)

    def key_dropped(self, event: events.Key) -> bool:
        """Enter on a game screen just as a new decision appears: the key
        that made the last one, doubled or held (`GameScreen.too_soon`)."""
        from tui.screens.game import GameScreen

        screen = self.screen
        return isinstance(screen, GameScreen) and screen.too_soon(event.key)

    # -- screens --------------------------------------------------------------

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        """Every notification is plain text: messages quote files, names, chat
        and the hub's words, where a bracket is not markup (a "[/]" crashed
        the app) and a control character must not reach the terminal."""
        from tui.plain import printable
        from tui.screens.game import GameScreen

        # no screen at all while the app closes (a hub's chat line then)
        screen = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(screen, GameScreen):
            screen.place_notices()  # off the rows the player decides on
        super().notify(printable(message), title=printable(title), severity=severity,
                       timeout=timeout, markup=False)

    def _refresh_notifications(self) -> None:
        """As Textual does, then, over a box (`OverTheResults`), the notices
        placed off its text, once it is laid out (`place_notices`)."""
        super()._refresh_notifications()
        screen = self.screen_stack[-1] if self.screen_stack else None
        place = getattr(screen, "place_notices", None)
        if screen is not None and place is not None and getattr(screen, "holds_the_table", False):
            screen.call_after_refresh(place)

    def action_copy_or_quit_hint(self) -> None:
        """Ctrl+C, on every screen, dialogs and the palette included: as
        Textual does, it copies text selected (in a field, or with the
        mouse); with none, it says how to quit (`action_help_quit`)."""
        focused = self.focused
        selected = getattr(focused, "selected_text", "") if focused is not None else ""
        if not selected:
            selected = self.screen.get_selected_text() or ""
        if selected:
            self.copy_to_clipboard(selected)
        else:
            self.action_help_quit()

    def quit_keeps(self) -> str:
        """What quitting now keeps, in a sentence: every match, but not a
        new-match form's choices before the match starts (the screen's
        `QUIT_KEEPS`; a dialog's are those of the screen under it)."""
        for screen in reversed(self.screen_stack):
            if not screen.is_modal:
                return getattr(screen, "QUIT_KEEPS", QUIT_KEEPS)
        return QUIT_KEEPS

    def action_help_quit(self) -> None:
        """Ctrl+C (Textual's reminder, whose words are markup: this app's
        notices are plain text, and it read "Press [b]ctrl+q[/b]")."""
        self.notify(f"Press Ctrl+Q to quit. {self.quit_keeps()}",
                    title="Do you want to quit?")

    def action_no_suspend(self) -> None:
        self.notify("Ctrl+Z does not put Overtable in the background. Ctrl+Q quits. "
                    f"{self.quit_keeps()}")

    def withdraw_notice(self, message: str) -> None:
        """Take down a notice still shown (one that stays as long as what it
        says holds, such as a match stopped by a draw it could not save)."""
        from tui.plain import printable

        text = printable(message)
        for shown in list(self._notifications):
            if shown.message == text:
                self._unnotify(shown, refresh=False)
        self._refresh_notifications()

    def _on_notify(self, event: Any) -> None:
        """The same notice again while it shows (Enter pressed twice on a
        square not on offer) replaces it, its time to show starting again:
        two or three copies of one sentence stacked up over the table."""
        from tui.screens.game import GameScreen
        from tui.widgets.hints import comes

        new = event.notification
        if not comes(self, new.message):
            event.prevent_default()  # (App's own handler would show it)
            return  # a key's hint taken down before it came (F1 at once)
        for shown in list(self._notifications):
            if (shown.message, shown.title, shown.severity) == (new.message, new.title,
                                                                new.severity):
                self._unnotify(shown, refresh=False)
        screen = self.screen_stack[-1] if self.screen_stack else None
        if isinstance(screen, GameScreen):
            # no more than the panels they sit over hold: the newest
            for old in screen.notices_to_drop([*self._notifications, new]):
                self._unnotify(old, refresh=False)
        super()._on_notify(event)

    def warm_up_later(self) -> None:
        """A moment after the first screen is drawn (`WARM_UP_AFTER`),
        load what later screens need: the rules core, off the event loop
        (the new-match form needs every game's rules and bot levels, and
        importing them when `n` was pressed held its first frame back by a
        third of a second or more), and every screen's stylesheet
        (`_warm_styles`). A process that leaves at once loads neither.
        Once a process: the home screen and the lobby each ask as they
        come back."""
        if getattr(self, "_warming_up", False):
            return
        self._warming_up = True
        self.set_timer(WARM_UP_AFTER, self._warm_up)

    def _warm_up(self) -> None:
        self._warm_rules()
        self._warm_styles()

    def _warm_styles(self) -> None:
        """Read every screen's stylesheet now, in one pass, and every widget
        class's default CSS (`widgets_default_css`). Textual reads a
        screen's CSS_PATH when the screen is first pushed, and then parses
        every stylesheet of the app again from the start and restyles every
        widget: 20-30 ms each time at 80x24, paid by the end of each match
        (the results), a first dialog, a first game (docs/performance.md,
        2026-12-02 22:05). Read here once, a push finds its sheet loaded."""
        # the results and the dialogs over them end every match: their
        # widget classes are imported here, so that their CSS is read below
        import tui.screens.ending  # noqa: F401
        import tui.screens.results  # noqa: F401

        stylesheet = self.stylesheet
        unread = [path for path in resources.stylesheets() if not stylesheet.has_source(path, "")]
        for path in unread:
            stylesheet.read(path)
        # a source read before (for a shallower class) is read again with
        # the lowest tie-breaker (a deeper class's), as Textual keeps it: a
        # base's rules rank by it below a subclass's. Textual lowers it
        # without parsing again, so the parse below must see it lowered:
        # Screen's, read for the home screen, outranked ModalScreen's, and
        # every dialog stood over a blank screen, opaque.
        kept = stylesheet.source
        defaults = [source for source in widgets_default_css()
                    if source[0] not in kept or kept[source[0]].tie_breaker > source[2]]
        for read_from, css, tie_breaker, scope in defaults:
            stylesheet.add_source(css, read_from=read_from, is_default_css=True,
                                  tie_breaker=tie_breaker, scope=scope)
        # Textual keeps the parsed rules of 64 sources: with every default
        # CSS read here an app has more, and each later parse, walking them
        # in the same order, would have found none of them kept
        stylesheet._parse_cache.grow(PARSED_SOURCES_KEPT)
        if not unread and not defaults:
            return
        # parse, not reparse as Textual does at a push: reparse parses in a
        # new stylesheet and leaves this one's cache without the new files,
        # so each widget's first default CSS later parsed them again
        stylesheet.parse()
        stylesheet.update(self)

    @work(thread=True, exclusive=True, group="warm-rules")
    def _warm_rules(self) -> None:
        try:
            import core.bots  # noqa: F401  (the levels; imports every game's rules)
            from core import GAMES  # noqa: F401
        except Exception:  # whoever needs them imports them, and says what failed
            pass

    def get_driver_class(self) -> Any:
        """Textual's driver for this terminal, reading keys with the parser
        that drops what it cannot read (tui/key_input.py)."""
        from tui.key_input import guard_key_parser

        guard_key_parser()
        return super().get_driver_class()

    def get_default_screen(self) -> Screen:
        return HomeScreen()

    def on_mount(self) -> None:
        if self._start_theme not in self.available_themes:  # a saved file may hold anything
            self.notify(f"The theme kept from the last time, {self._start_theme!r}, is not one "
                        "of Overtable's; the terminal's own is used.", severity="warning")
            self._start_theme = self._first_theme()
        self.theme = self._start_theme
        self._theme_set = True
        if self.locale_note:
            self.notify(self.locale_note, severity="warning", timeout=15)
            self._locale_note_up = True
        self.screen_change_signal.subscribe(self, self._on_screen_change)
        self._check_size()
        if self.collector is not None:
            self.call_after_refresh(self.collector.start)
        start, argument = self.start, self.start_argument
        if start == "new":
            self.action_new_match(argument)
        elif start == "resume":
            self.resume(argument)
        elif start == "saves":
            self.action_saved()
        elif start == "rules":
            self.action_rules(argument, leaves_app=True)

    @property
    def games(self) -> dict[str, Any]:
        """`core.GAMES` (imported on first use)."""
        from core import GAMES

        return GAMES

    def game_ids(self) -> list[str]:
        """Every game's id, from the catalogue (no rules are imported)."""
        from core.catalogue import CATALOGUE

        return list(CATALOGUE)

    def app_commands(self, screen: Screen | None = None) -> Iterable[tuple[str, str, Any]]:
        """The commands the palette lists (name, help, callback), over
        `screen` (the palette's own screen is on top while it searches)."""
        yield ("New match", "Set up a new match: players, bots and options", self.action_new_match)
        if not self._table_open():
            # at a table it left the match for another without a word (a
            # play-test): Home (q) leaves it, and offers Continue there
            yield ("Continue", "Resume the most recent match", self.action_continue)
        yield ("Saved matches", "Resume or delete a saved match", self.action_saved)
        yield ("Rules", "Read the rules of a game", self.action_rules)
        yield ("Help", "The keys of this screen (F1 or ?)", self.action_help)
        yield (
            "Theme",
            self.theme_round_words() if self.no_color else "Next theme, in turn: "
            + themes.round_words(" (the terminal's own colours, good over SSH)"),
            self.action_toggle_theme,
        )
        if not isinstance(screen or self.screen, HomeScreen):  # not "back" to where one is
            # leaving the match, as q does: going home with it open kept its
            # lock, and another window read it as being played (a play-test)
            home = self.leave_table if self._table_open() else self.go_home
            yield ("Home", "Back to the home screen (a match in play is saved)", home)
        yield ("Quit", "Leave Overtable (every match is saved)", self.action_quit)

    def palette_words(self) -> str:
        """F1's line for Ctrl+P, as `app_commands` offers now: at a table
        Home and not Continue (F1 named "continue" there after the palette
        had stopped offering it, a play-test saw)."""
        if self._table_open():
            return "Command palette: new match, saved, rules, theme, home, quit"
        return "Command palette: new match, continue, saved, rules, theme, quit"

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        # Only Textual's theme picker: its Keys panel spoke developer words and
        # Escape did not close it; Screenshot failed without a reason; our
        # Theme, Quit and F1 Help cover the rest.
        yield SystemCommand(
            "Theme picker", "Choose any of Textual's themes", self.action_change_theme
        )

    # -- actions --------------------------------------------------------------

    def action_new_match(self, game_id: str | None = None) -> None:
        from tui.screens.new_match import NewMatchScreen

        ids = self.game_ids()
        if game_id is not None and game_id not in ids:
            from saves.journal import quoted  # cut: a name of any length was echoed whole

            self.notify(
                f"No game called {quoted(game_id, 40)}. Games: {', '.join(ids)}.", severity="error"
            )
            game_id = None
        if game_id is None:
            # the game last set up here: a player of one game landed on the
            # first game's form every time
            last = self.last_game()
            game_id = last if last in ids else (ids[0] if ids else None)
        self.push_screen(NewMatchScreen(game_id))

    def action_continue(self) -> None:
        self.resume(None)

    def action_saved(self, named: str | None = None) -> None:
        """The saved matches; `named`: an id naming several, marked there."""
        from tui.screens.saved import SavedScreen

        if isinstance(self.screen, SavedScreen):
            return
        self.push_screen(SavedScreen(named=named))

    def action_rules(self, game_id: str | None = None, *, leaves_app: bool = False) -> None:
        from tui.screens.rules import RulesScreen

        ids = self.game_ids()
        if game_id is None or game_id not in ids:
            if game_id is not None:
                from saves.journal import quoted

                self.notify(f"No game called {quoted(game_id, 40)}.", severity="error")
            game_id = self.current_game_id() or (ids[0] if ids else None)
        if game_id is None:
            return
        section = None
        if game_id == self.current_game_id():  # the rules of the match being played
            section = self.current_rules_section()
        self._push_over_the_match(RulesScreen(game_id, section, leaves_app=leaves_app))

    def get_key_display(self, binding: Binding) -> str:
        """Enter is "↵" in every footer: a box's "⏎ Go on" beside the
        table's "↵ Do it" was one key in two glyphs, and "⏎" is missing from
        common console fonts."""
        return super().get_key_display(binding).replace("⏎", "↵")

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        if isinstance(self.screen, HelpScreen | TooSmallScreen):
            return
        self._push_over_the_match(HelpScreen(self.screen))

    def _push_over_the_match(self, screen: Screen[Any]) -> None:
        """Push F1 help or the rules: over a match at this terminal its bots
        wait while they are open (`GameScreen.box_waits`), as for a round's
        box. Play-test: watching, a draft went from turn 2 to 3 while the
        rules were read; a person seated would miss the moves as well."""
        from tui.screens.game import GameScreen

        match = next((s for s in reversed(self.screen_stack) if isinstance(s, GameScreen)), None)
        if match is None:
            self.push_screen(screen)
            return
        match.box_waits(screen)
        self.push_screen(screen, lambda _: match.box_gone(screen))

    def _first_theme(self) -> str:
        """The theme of a start with none chosen: plain where nothing is
        coloured (NO_COLOR), else as the terminal says (`themes.pick_theme`)."""
        return themes.ANSI_THEME if self.no_color else themes.pick_theme()

    def no_color_why(self) -> str:
        """Why nothing is coloured, for Ctrl+T's words ("" where colour is)."""
        if not self.no_color:
            return ""
        return "NO_COLOR is set" if "NO_COLOR" in os.environ else "a monochrome terminal"

    def theme_round_words(self) -> str:
        """Ctrl+T's round in words, as F1 and the palette say it."""
        if self.no_color:
            return f"Next look, in turn: {themes.no_color_words()} ({self.no_color_why()})"
        return "Next theme, in turn: " + themes.round_words()

    def action_toggle_theme(self) -> None:
        self.theme = themes.toggled(self.theme, self.no_color)
        self.notify(f"Theme: {themes.spoken(self.theme, self.no_color_why())}", timeout=2)

    def watch_theme(self, theme: str) -> None:
        """A theme chosen here (Ctrl+T, the theme picker) is the next
        start's too: it was back to the terminal's own at every start."""
        self._fit_no_color()
        self._light_ink.enabled = self.native_ansi_color and not self.current_theme.dark
        if self.remember_theme and self._theme_set and theme != self._start_theme:
            problem = themes.save_theme(theme, self.no_color)
            self._start_theme = theme
            if problem and not self._theme_unsaved_told:
                # once: the choice was lost at the next start without a word
                self._theme_unsaved_told = True
                self.notify(f"Theme not saved for the next start: {problem}",
                            severity="warning", timeout=6)

    def _fit_no_color(self) -> None:
        """Under NO_COLOR, Textual picks its filter for the theme of the
        moment it starts (not ours): its monochrome filter turns the ANSI
        theme's terminal-default colours into black on black. An ANSI theme
        gets the filter that leaves the terminal's own colours; others, greys."""
        from textual.filter import Monochrome, NoColor

        if not self.no_color:
            return
        wanted = NoColor if self.native_ansi_color else Monochrome
        self._filters[:] = [wanted() if isinstance(f, NoColor | Monochrome) else f
                            for f in self._filters]

    def current_rules_section(self) -> str | None:
        """The in-app rules' section of the match on screen, where it has
        one of its own (a Solo Quest): the rules open there."""
        from tui.screens.game import GameScreen

        screen = self.table.screen if self.table is not None and not self.table.closed else None
        if not isinstance(screen, GameScreen):
            screen = self.screen if isinstance(self.screen, GameScreen) else None
        return screen.rules_section() if screen is not None else None

    def current_game_id(self) -> str | None:
        if self.table is not None and not self.table.closed:
            return self.table.game_id
        return getattr(self.screen, "game_id", None) or None

    # -- matches --------------------------------------------------------------

    def resume(self, which: str | None) -> None:
        """Resume a saved match: by match id (or its prefix, or a path), else the latest."""
        from saves import store
        from saves.journal import quoted  # cut: an id of 5,000 characters was echoed whole

        path: Path | None = None
        if which:
            candidate = Path(which)
            # a link to itself or to nothing is a file too: loading it says
            # why it cannot be read (it was taken for a match id: "No saved match")
            if candidate.suffix and (candidate.exists() or candidate.is_symlink()):
                path = candidate
            else:
                try:
                    listed = store.list_matches(shared=True)
                except store.SavesUnreadable as error:
                    self.notify(str(error), severity="error")
                    return
                found = store.find(which, listed)
                if len(found) > 1:
                    self.notify(f"{quoted(which)} names {len(found)} matches; pick one.",
                                severity="warning")
                    self.action_saved(named=which)  # the list marks them
                    return
                if found:
                    path = found[0].path
                    # the original of a match that went on in a new file:
                    # resuming it again would start a second, diverging copy
                    continued = store.continuation(found[0], listed)
                    if continued is not None:
                        path = continued.path
                        self.notify(f"Match {which} went on in {path.name}: that is the one "
                                    "resumed (the older file is kept as it was).")
            if path is None:
                self.notify(f"No saved match {quoted(which)}.", severity="error")
                self.action_saved()
                return
        else:
            try:
                latest = store.latest()
            except store.SavesUnreadable as error:
                from tui.screens.home import cannot_list_text

                self.notify(cannot_list_text(error), severity="error", markup=False)
                return
            if latest is None:
                elsewhere = store.played_elsewhere()
                if elsewhere is not None and self._playing(elsewhere.path):
                    # Continue from the palette over the match itself: it
                    # was said to be open "in another window"
                    self.notify("This is your unfinished match: you are playing it.")
                elif elsewhere is not None:
                    from tui.screens.home import PLAYED_ELSEWHERE

                    self.notify(PLAYED_ELSEWHERE, severity="warning")
                elif (unreadable := store.unreadable()) is not None:
                    from tui.screens.home import unreadable_text

                    self.notify(unreadable_text(unreadable), severity="warning", markup=False)
                elif self._any_saved():
                    # only finished (or damaged) ones: "No saved match yet"
                    # read wrong beside the saved matches' list
                    from tui.screens.home import NONE_UNFINISHED

                    self.notify(NONE_UNFINISHED, severity="warning")
                else:
                    self.notify("No saved match yet: start a new one.", severity="warning")
                return
            path = latest.path if hasattr(latest, "path") else Path(latest)
            passed = self.passed_over_saved(latest) if hasattr(latest, "path") else None
            if passed is not None:
                from tui.screens.home import passed_over_text

                # said on the match opened: it opened an older match without a
                # word, and the player took it for the one they meant
                self.open_path(path)
                self.notify(passed_over_text(passed, latest), severity="warning", timeout=10,
                            markup=False)
                return
        self.open_path(path)

    @staticmethod
    def _shared(path: Path) -> bool:
        from saves import store

        return store.is_shared(path)

    @staticmethod
    def _any_saved() -> bool:
        from saves import store

        try:
            return bool(store.list_matches())
        except store.SavesUnreadable:
            return False

    def _table_open(self) -> bool:
        """Whether a match is open here (its table, under any screen over it)."""
        return self.table is not None and not self.table.closed

    def _playing(self, path: Path) -> bool:
        """Whether the match open here is the one saved at `path`."""
        table = self.table if self._table_open() else None
        if table is None:
            return False
        try:
            return Path(table.match.path).resolve() == Path(path).resolve()
        except (AttributeError, OSError):
            return False

    # The screens import no saves: they reach the saved matches through the app.

    def latest_saved(self) -> Any:
        """The newest saved match that can be resumed, or None."""
        from saves import store

        return store.latest()

    def unreadable_saved(self) -> Any:
        """The newest save that may hold an unfinished match but cannot be
        read, or None (when no match resumes, this may be why)."""
        from saves import store

        return store.unreadable()

    def passed_over_saved(self, latest: Any) -> Any:
        """The newer unfinished match than `latest` that Continue passed over
        as it is open in another window or terminal (not this one), or None."""
        from saves import store

        passed = store.passed_over(latest)
        return None if passed is None or self._playing(passed.path) else passed

    def played_elsewhere(self) -> Any:
        """The newest unfinished match open in another window or terminal,
        or None (when there is no latest match, this is why)."""
        from saves import store

        return store.played_elsewhere(here=self._playing)  # (not the match open here)

    def last_setup(self, game_id: str, players: int | None = None,
                   off: str | None = None) -> Any:
        """The header (players, options) of the newest saved match of
        `game_id` (with `players` seats, when given; with the option `off`
        not ticked, when given), which the new-match form starts from;
        None: none."""
        from saves import store

        return store.last_setup(game_id, players=players, off=off)

    def last_game(self) -> str | None:
        """The game of the newest saved match (the one set up or played last
        here), which a new match without a game named starts on; None: none."""
        from saves import store

        return store.last_game()

    def saved_matches(self) -> list[Any]:
        """Every saved match, newest first (`saves.store.SavedMatch`), each
        replayed for its progress and any line the rules refuse (call it
        from a worker: it reads every journal)."""
        from saves import store

        return list(store.list_matches(replay=True, shared=True))

    def saved_in_play(self, paths: list[Path]) -> set[Path]:
        """Which of `paths` a match holds open now, here or in another
        terminal (a probe of each journal's lock: call it from a worker
        for a whole list)."""
        from saves.lock import is_locked

        # the match open here is known without a probe (which collects garbage for it)
        return {Path(p) for p in paths if self._playing(Path(p)) or is_locked(Path(p))}

    def saved_ids(self, matches: list[Any]) -> list[str]:
        """What names each of `matches` for `overtable resume` (`store.listed_ids`)."""
        from saves import store

        return store.listed_ids(matches)

    def saves_named(self, which: str, matches: list[Any]) -> list[Any]:
        """The saves of `matches` that `overtable resume which` names (`store.find`)."""
        from saves import store

        return store.find(which, matches)

    def delete_saved(self, path: Path | str) -> None:
        """Remove a saved match's journal (refused while it is being played)."""
        from saves import store

        store.delete(Path(path))

    @staticmethod
    def seat(name: str, kind: str, level: str | None = None) -> Any:
        """Who sits in a seat of a new match: a person, or a bot of `level`."""
        from saves.journal import PlayerSpec

        return PlayerSpec(name=name, kind=kind, level=level)

    #: a journal at least this large is replayed in a worker thread, with a
    #: "Loading…" screen the player can leave (a long match's is a few tens
    #: of kilobytes and loads in milliseconds; 16 MB of undos took seconds)
    LOAD_IN_WORKER_BYTES = 256 * 1024

    def open_path(self, path: Path, *, from_saved: bool = False) -> None:
        """Load a journal and open its table; offer to repair a damaged one.
        A large journal loads off the event loop (`LOAD_IN_WORKER_BYTES`)."""
        path = Path(path)
        try:
            size = path.stat().st_size
        except OSError:
            size = 0  # Match.load says why it cannot be read
        if size < self.LOAD_IN_WORKER_BYTES:
            self._opened(path, self._load(path), from_saved)
            return
        from tui.screens.loading import LoadingScreen

        screen = LoadingScreen(path.name)
        self.push_screen(screen)

        def load() -> None:
            loaded = self._load(path)
            self.call_from_thread(self._loaded_in_worker, path, screen, loaded, from_saved)

        self.run_worker(load, thread=True, group="load-match", exit_on_error=False)

    @staticmethod
    def _load(path: Path) -> Any:
        """`Match.load(path)`, or the exception it raised."""
        from saves.match import Match

        try:
            return Match.load(path)
        except Exception as error:
            return error

    def _loaded_in_worker(self, path: Path, screen: Any, loaded: Any,
                          from_saved: bool = False) -> None:
        if screen.cancelled:
            # the player went back: the match is not opened, its lock let go
            match = getattr(loaded, "match", None)
            if match is not None:
                match.close()
            return
        if screen in self.screen_stack:  # with whatever was opened over it
            while self.screen is not screen:
                self.pop_screen()
            self.pop_screen()
        self._opened(path, loaded, from_saved)

    def _opened(self, path: Path, loaded: Any, from_saved: bool = False) -> None:
        """Open what `_load` gave: the match, or the dialog its problems need."""
        from tui.screens.confirm import ConfirmScreen

        if isinstance(loaded, Exception):
            self.notify(f"Cannot open {path}: {loaded}", severity="error")
            return
        problems = tuple(loaded.problems)
        match = loaded.match
        if match is not None and not match.finished and self._shared(path):
            # its seats are other people's terminals: played on here, the
            # hub would find it moved on without them
            match.close()
            self.push_screen(ConfirmScreen("This match is played at the shared tables",
                                           shared_text(path), yes="OK", no=None))
            return
        unsaved = match.cannot_save() if match is not None else None
        if unsaved is not None:
            # said before anything is played: the first draw or move would fail
            match.close()
            self.push_screen(ConfirmScreen(
                "This match cannot be played here",
                f"{unsaved}.\n\nEvery action is saved as it is played, so the match cannot "
                "go on; nothing was changed. Make it writable (or copy the file into a "
                "writable matches directory: OVERTABLE_DATA_DIR chooses it), then resume it.",
                yes="OK", no=None,
            ))
            return
        def open_it() -> None:
            self.open_match(match, from_saved=from_saved)
            for note in getattr(loaded, "notes", ()):  # a bot level this version lacks
                self.notify(note, severity="warning", timeout=10)

        if not problems and match is not None:
            open_it()
            return
        # the file by its name: its whole path was longer than the box's
        # rows, and broke in the middle across two
        text = "\n".join(p.message.replace(str(path), path.name) for p in problems) or (
            "The journal could not be read.")
        resumable = match is not None and all(p.resumable for p in problems)
        if not resumable:
            from saves.journal import IN_USE, UNREADABLE

            if any(p.kind == UNREADABLE for p in problems) and not (
                    path.exists() or path.is_symlink()):
                # deleted since it was listed: "the file cannot be read (No
                # such file or directory)" under its whole path said it less plainly
                self.push_screen(ConfirmScreen("This match was deleted", DELETED_TEXT,
                                               yes="OK", no=None))
                return

            title = (
                "This match is being played"
                if any(p.kind == IN_USE for p in problems)
                else "This match cannot be resumed"
            )
            self.push_screen(ConfirmScreen(title, text, yes="OK", no=None))
            return

        def answer(yes: bool | None) -> None:
            if yes:
                open_it()

        from saves.journal import RULES_VERSION

        # what a yes keeps and loses, said in the question: a journal damaged
        # on its first line restarted the match from round 1 without a word
        kept, lost = len(match.history), getattr(loaded, "lost", 0)
        # chance is journalled, not seeded: a lost deal cannot come back, and
        # a player who saw their cards found others after the resume
        redealt = getattr(loaded, "redrawn", False)
        if lost and not kept:
            question, yes = "Start the match again?", "Start again"
            if redealt:
                question += " What was dealt or drawn will be dealt again, differently."
        elif lost:
            # lines, not actions: a line left out may be an undo, or no entry
            last = "last line" if lost == 1 else f"last {lost} lines"
            question = f"Resume at action {kept}, leaving out the file's {last}?"
            yes = "Resume"
            if redealt:
                question += " What was dealt or drawn in them will be dealt again, differently."
        else:
            question, yes = "Resume at the last valid action?", "Resume"
        title = "This match's journal is damaged"
        if not lost and all(p.kind == RULES_VERSION for p in problems):
            # every line replays: only the rules it was saved under differ
            title, question = ("Saved by another version of Overtable",
                               "Resume under this version's rules?")
        self.push_screen(
            ConfirmScreen(title, f"{text}\n\n{question}", yes=yes, no="Cancel"),
            answer,
        )

    def side_file_failed(self, why: str, so: str) -> None:
        """A file kept beside the saved matches could not be written
        (`saves.store.cannot_write`: `why`), `so` what it means: said once a
        run for each reason (it is tried again at every move), and never
        more than a notice (a folder in its way was passed over without a
        word)."""
        said = self.__dict__.setdefault("_side_files_said", set())
        if why in said:
            return
        said.add(why)
        self.notify(f"{why}. {so}.", severity="warning", markup=False, timeout=8)

    def open_match(self, match: Any, *, from_saved: bool = False) -> None:
        """Seat the players of `match` at a new table and start playing."""
        self.back_to_saved = Path(match.path) if from_saved and match.finished else None
        from saves import store
        from tui.games import NoScreen, screen_class

        if match.path is not None:
            # Continue: looked at and left is latest
            why = store.mark_opened(Path(match.path))
            if why is not None:
                self.side_file_failed(why, "Continue goes by the last move instead of the match "
                                      "last opened")
        from tui.table import Table

        if self.table is not None:
            self.table.close()
        try:
            cls = screen_class(match.game.id)
        except NoScreen as error:
            from tui.screens.generic import GenericGameScreen

            self.notify(f"{error} Playing with the plain screen.", severity="warning")
            cls = GenericGameScreen
        seed = None if self.seed is None else self.seed + self._tables_opened
        self._tables_opened += 1
        table = Table(match, bot_delay=self.bot_delay, seed=seed)
        self.table = table
        self.call_later(self._start_table, table, cls)

    async def _start_table(self, table: Table, cls: type) -> None:
        await self._pop_to_home()
        if table.closed:
            return
        await table.start(self, cls)

    def new_match(self, game_id: str, players: list[Any], options: Any = None, *,
                  kept: dict[str, Any] | None = None) -> None:
        """Start a match; `kept`: options set on the form that it leaves
        out, offered again by the form that opens on its set-up."""
        from saves.match import Match
        from tui import kept_options

        try:
            match = Match.new(game_id, players, options=options)
        except Exception as error:
            self.notify(f"Could not start the match: {error}", severity="error")
            return
        kept_options.keep(game_id, match.header.match_id, kept or {})
        self.open_match(match)

    def kept_options(self, game_id: str, last: Any) -> dict[str, Any]:
        """What the form that set up the saved match `last` (a header from
        `last_setup`) kept that the match left out (names and values as
        written); {}: none."""
        from tui import kept_options

        return kept_options.kept(game_id, getattr(last, "match_id", None))

    def rematch(self) -> None:
        """Same game, players and options as the match just played; a new journal."""
        if self.table is None:
            return
        path = getattr(self.table.match, "path", None)
        if path is not None and self._shared(path):
            # its seats are other people's terminals (a play-test got a
            # pass-the-terminal match under their names, and a local save)
            from tui.screens.confirm import ConfirmScreen

            self.push_screen(ConfirmScreen("A rematch is set up at the shared tables",
                                           shared_rematch_text(path), yes="OK", no=None))
            return
        header = self.table.match.header
        # what the form kept for more players stays kept after the rematch
        self.new_match(self.table.game_id, list(header.players), header.options,
                       kept=self.kept_options(self.table.game_id, header))

    def leave_table(self) -> None:
        self.back_to_saved = None
        # the match's notices ("Nothing to take back", "Your turn.") mean
        # nothing on the home screen (a notice a closing match gives stays)
        self.clear_notifications()
        if self.table is not None:
            self.table.close()
            self.table = None
        home = self.screen_stack[0] if self.screen_stack else None
        if isinstance(home, HomeScreen):
            home.from_match()  # its Continue highlighted: Enter goes back
        self.go_home()

    def leave_for_saved(self) -> None:
        """Close the table and go back to Saved matches, on the row of the
        match it showed (`back_to_saved`)."""
        path, self.back_to_saved = self.back_to_saved, None
        self.clear_notifications()  # the match's (`leave_table`)
        if self.table is not None:
            self.table.close()
            self.table = None

        async def back() -> None:
            from tui.screens.saved import SavedScreen

            await self._pop_to_home()
            await self.push_screen(SavedScreen(select=path))

        self.call_later(back)

    def go_home(self) -> None:
        self.call_later(self._pop_to_home)

    async def _pop_to_home(self) -> None:
        while len(self.screen_stack) > 1:
            await self.pop_screen()
        self._release_closed_watchers()
        # Textual remembers each widget's inner and outer colours in a cache
        # of 1,024 entries keyed by the widget's own drawing cache, which
        # keeps closed screens' drawings alive: some 18 MB after twenty
        # matches. Home is where a match's widgets are all gone: start over.
        StylesCache.get_inner_outer.cache_clear()
        self._check_size()

    def _release_closed_watchers(self) -> None:
        """Forget watchers that belong to widgets gone from the screen.
        Textual drops one only when the value it watches next changes, and
        some never change: a Header watches the app's title, each key of a
        Footer its footer's `compact` (and a footer makes new keys whenever
        the bindings change). Without this every screen with a header, and
        every footer key ever shown, stayed in memory, match after match
        (on a shared host one process serves a player for hours)."""
        watched: list[Any] = [self]
        for screen in self.screen_stack:
            watched.append(screen)
            watched.extend(screen.walk_children())
        for owner in watched:
            watchers = getattr(owner, "__watchers", None)
            if not isinstance(watchers, dict):
                continue
            for entries in watchers.values():
                entries[:] = [
                    (node, callback) for node, callback in entries
                    if node is self or getattr(node, "is_attached", True)
                ]

    # -- a terminal too small to play ----------------------------------------

    def too_small(self) -> bool:
        width, height = self.size
        return width < MIN_WIDTH or height < MIN_HEIGHT

    def on_resize(self) -> None:
        self.call_after_refresh(self._check_size)

    def _on_screen_change(self, screen: Screen) -> None:
        self.call_later(self._check_size)
        self.call_later(self._release_closed_watchers)
        if self.collector is not None:
            freezes = self.collector.freezes
            seen = self._stack_seen
            stack = {id(shown): seen.get(id(shown), freezes) for shown in self.screen_stack}
            # not only a push, and a closed screen frozen since it opened: one
            # never frozen is reclaimed by Python's own collections
            closed = any(n != freezes for i, n in seen.items() if i not in stack)
            self._stack_seen = stack
            self.collector.screen_changed(closed=closed)

    def on_unmount(self) -> None:
        if self.collector is not None:
            self.collector.stop()
        if self.table is not None and not self.table.closed:
            # quit over a match: its journal closed and its bots' processes
            # ended now, not left to the interpreter's exit (their readers
            # warned "search worker N: it stopped" on the way out)
            self.table.close()

    def _check_size(self) -> None:
        """Keep the too-small cover on top exactly while the terminal is small."""
        top = self.screen
        if self.too_small():
            if isinstance(top, TooSmallScreen):
                top.refresh_message()
            else:
                self.push_screen(TooSmallScreen())
        elif isinstance(top, TooSmallScreen):
            self.pop_screen()


def run(start: str = "home", argument: str | None = None, **kwargs: Any) -> None:
    OvertableApp(start, argument, collect_between_screens=True, handover_grace=HANDOVER_GRACE,
                 decision_grace=DECISION_GRACE, **kwargs).run()


__all__ = ["OvertableApp", "run"]
