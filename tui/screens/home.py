"""The home screen: the games, continue the latest match, saved matches, rules."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from rich.cells import cell_len
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from core.catalogue import CATALOGUE
from tui.bot_levels import saved_seats_fitting
from tui.lists import Menu
from tui.plain import plain

TAGLINE = "A table for tabletop games, in your terminal"

#: said when the only unfinished match is open in another window: "no
#: saved match yet" was wrong, and starting a new one is not the only way
PLAYED_ELSEWHERE = ("Your unfinished match is being played in another window or terminal: "
                    "leave it there to continue it here, or start a new one.")
#: said when Continue's match was deleted (in another window) since the
#: line was drawn: it read "This match cannot be resumed" over the file's
#: whole path and "No such file or directory"
DELETED = "This match was deleted (in another window or terminal)."
#: seconds between looks at whether Continue's match was taken, let go or
#: deleted by another window (the saved list's rows are looked at as often)
CONTINUE_CHECK_SECONDS = 3.0
#: Continue with saved matches, none of them unfinished
NONE_UNFINISHED = ("No unfinished match to continue: start a new one, or open "
                   "Saved matches (s) for finished ones.")


def unreadable_text(saved: Any) -> str:
    """What Continue says when no match resumes and a save cannot be read
    (`saves.store.unreadable`): it said "no unfinished match", and a player
    took their match for lost."""
    from tui.screens.saved import problem_detail

    return (f"A save cannot be read: {Path(saved.path).name}. {problem_detail(saved)} "
            "Saved matches (s) lists it; the file is left as it is.")


def cannot_list_text(error: BaseException) -> str:
    """What Continue (and the saved matches' screen) says when the saved
    matches cannot be listed at all: the store's words, which name them
    already, said once ("Saved matches cannot be read: the saved matches in
    X cannot be read" said it twice)."""
    text = str(error)
    if "saved matches" in text:
        return text[:1].upper() + text[1:]
    return f"Saved matches cannot be read: {text}"


def open_elsewhere_text(passed: Any) -> str:
    """The newest unfinished match, passed over by Continue as it is open in
    another window (`saves.store.passed_over`), in words: on Continue's line
    and in `passed_over_text`."""
    from tui.screens.saved import match_words  # (names cut: they come from a file)

    return f"{match_words(passed)} is open in another window"


def passed_over_text(passed: Any, resumed: Any) -> str:
    """Said on the match Continue (or `overtable resume`) opens when a newer
    one, `passed`, is open in another window: an older match opened without
    a word, and the player took it for the one they meant."""
    from tui.screens.saved import match_words

    return f"{open_elsewhere_text(passed)}; resumed {match_words(resumed)}."


#: what the confirmation of q on the home screen says
QUIT_TEXT = "Every match is saved as it is played: Continue brings back an unfinished one."


def players_text(players: range) -> str:
    low, high = players.start, players.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


#: the cells of a row of the home menu (its panel's 72 less border and
#: padding, at 80 columns and wider): the Continue line's bots say their
#: levels shorter where the whole words would wrap it
CONTINUE_CELLS = 66


def continue_text(saved: Any) -> str:
    """One line about a saved match: game, players, progress. Each bot of
    the match's with its level ("Bram (normal bot)"; "Bram (normal)" or
    "Bram (n)" for every bot where the line would not fit a row)."""
    progress = getattr(saved, "progress", "")
    state = "finished" if saved.finished else progress or f"{saved.actions} actions"
    if getattr(saved, "left_out", None):
        # where a damaged file resumes, not how far it got: said so (its dialog says more)
        state += ", damaged"

    def line(names: str) -> str:
        return f"Continue: {saved.title} · {names} · {state}"

    return line(saved_seats_fitting(saved, lambda names: cell_len(line(names)) <= CONTINUE_CELLS))


class HomeMenu(Menu):
    """The home menu, whose highlight stops at its ends: Up on the first
    game wrapped round to Quit, and a player pressing Enter after it left
    the app by accident."""

    def _end(self, direction: int) -> int | None:
        enabled = [i for i, option in enumerate(self.options) if not option.disabled]
        return (enabled[0] if direction < 0 else enabled[-1]) if enabled else None

    def action_cursor_up(self) -> None:
        if self.highlighted is None or self.highlighted != self._end(-1):
            super().action_cursor_up()

    def action_cursor_down(self) -> None:
        if self.highlighted is None or self.highlighted != self._end(1):
            super().action_cursor_down()


class HomeScreen(Screen):
    """Where every session starts."""

    HELP_TITLE = "Home"

    BINDINGS = [
        Binding("n", "new", "New match"),
        Binding("c", "continue", "Continue"),
        Binding("s", "app.saved", "Saved"),
        Binding("r", "rules", "Rules"),
        Binding("q", "quit", "Quit", tooltip="Quit Overtable (asks first)"),
        # the app's F1, named with ? here: a keyboard without function keys
        # found the help nowhere (the game screens have no room for both)
        Binding("f1", "app.help", "Help", key_display="f1/?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self._latest: Any = None
        #: a newer match than the latest, passed over as it is open in
        #: another window, if any: Continue's line says so
        self._passed: Any = None
        #: when there is no latest match: the one open in another window, if any
        self._elsewhere: Any = None
        #: else the newest save that cannot be read, if any
        self._unreadable: Any = None
        #: why the saved matches could not be listed, if they could not
        self._cannot_list: BaseException | None = None
        #: whether the latest match has been looked for (once, at least)
        self.latest_checked = False
        #: the game of the newest saved match, once looked for: its New
        #: match line is highlighted (n and Enter open its form)
        self._last_game: str | None = None
        #: the next look puts the highlight on Continue when it offers a
        #: match: on the first showing and back from a match (`from_match`),
        #: Enter goes back to it (a play-test got the new-match form)
        self._to_continue = True

    def compose(self) -> ComposeResult:
        yield Header()
        with Center(id="home-center"):
            with Vertical(id="home-panel"):
                yield Static("Overtable", id="home-title")
                yield Static(TAGLINE, id="home-tagline")
                yield HomeMenu(id="home-menu")
        yield Footer()

    def on_mount(self) -> None:
        warm = getattr(self.app, "warm_up_later", None)
        if callable(warm):
            warm()
        # the module's value when mounted (tests shorten it)
        self.set_interval(CONTINUE_CHECK_SECONDS, self.check_continue)

    def on_screen_resume(self) -> None:
        # On first showing, and whenever a match, the saved list... closes.
        self.reload()

    def reload(self) -> None:
        """Rebuild the menu (after a match, a deletion...)."""
        self._build_menu()
        # after the frame is drawn: finding the latest match that resumes
        # loads it, and so the rules core; the first paint never waits for it
        self.call_after_refresh(self._load_latest)

    def _games(self) -> dict[str, Any]:
        """Each game's id, title and player counts: the catalogue, not the rules."""
        return CATALOGUE

    def _build_menu(self) -> None:
        menu = self.query_one("#home-menu", OptionList)
        highlighted = menu.highlighted_option.id if menu.highlighted_option else None
        games = self._games()
        options: list[Option | None] = []
        for game_id, game in games.items():
            options.append(
                Option(f"New match: {game.title} ({players_text(game.players)}"
                       f"{', or solo' if getattr(game, 'solo', False) else ''})", id=f"new:{game_id}")
            )
        if self._latest is not None:
            # names and the title come from a file: shown as they are, never as markup
            prompt = plain(continue_text(self._latest))
            if self._passed is not None:
                prompt += "\n  " + plain(open_elsewhere_text(self._passed))
            options.append(Option(prompt, id="continue"))
        elif self._elsewhere is not None:
            options.append(Option("Continue (being played in another window)", id="continue",
                                  disabled=True))
        elif self._unreadable is not None:
            options.append(Option("Continue (a save cannot be read)", id="continue",
                                  disabled=True))
        elif self._cannot_list is not None:
            options.append(Option("Continue (saved matches cannot be read)", id="continue",
                                  disabled=True))
        else:
            options.append(Option("Continue (no unfinished match)", id="continue", disabled=True))
        options.append(Option("Saved matches", id="saved"))
        for game_id, game in games.items():
            options.append(Option(f"Rules: {game.title}", id=f"rules:{game_id}"))
        options.append(Option("Quit", id="quit"))
        menu.clear_options()
        menu.add_options([o for o in options if o is not None])
        index = 0
        if highlighted is not None:
            try:
                index = menu.get_option_index(highlighted)
            except Exception:
                index = 0
        menu.highlighted = index
        menu.focus()

    def _on_top(self) -> bool:
        try:
            return self.app.screen is self
        except Exception:  # no screen stack (the app closing)
            return False

    def _shown(self) -> Any:
        """The match the Continue line is about: the one it offers, or the
        one it says is being played in another window; None: neither."""
        return self._latest if self._latest is not None else self._elsewhere

    @work(thread=True, exclusive=True, group="home-check")
    def check_continue(self) -> None:
        """Whether the Continue line still holds (one lock probe, off the
        event loop): another window may have taken its match, let it go, or
        deleted it. Looked for again when it does not. The line said "being
        played in another window" long after that window had gone home."""
        shown = self._shown()
        if not self.latest_checked or not self._on_top():
            return
        if shown is None:
            # nothing offered: looked for again, as another window may have
            # let a match go since (a look racing that window's closing
            # found none, and the line kept "no unfinished match")
            self.app.call_from_thread(self._look_again, None)
            return
        if self._still_shown(shown) and not self._passed_changed():
            return
        self.app.call_from_thread(self._look_again, shown)

    def _passed_changed(self) -> bool:
        """Whether a newer match than Continue's is open in another window
        where the line says none is, or the other way round (that window
        made its first move since, or let its match go: then that one is
        to continue)."""
        if self._latest is None:
            return False
        passed = self.app.passed_over_saved(self._latest)  # type: ignore[attr-defined]
        was = self._passed
        return (passed and Path(passed.path)) != (was and Path(was.path))

    def _still_shown(self, shown: Any) -> bool:
        """Whether the Continue line about `shown` still says what is so."""
        path = Path(shown.path)
        if not path.exists():
            return False
        playing = bool(self.app.saved_in_play([path]))  # type: ignore[attr-defined]
        return playing == (self._latest is None)

    def _look_again(self, shown: Any) -> None:
        if self._shown() is shown and self.is_mounted:  # (not looked for again meanwhile)
            self._load_latest()

    @work(thread=True, exclusive=True, group="home-latest")
    def _load_latest(self, then_continue: Any = None) -> None:
        """Find the latest match that resumes, off the event loop; with
        `then_continue` (the match the line was about when c was pressed,
        or True when none), continue it once found."""
        error: BaseException | None = None
        app: Any = self.app
        elsewhere = unreadable = last_game = passed = None
        try:
            last_game = app.last_game()
            latest = app.latest_saved()
            if latest is not None:
                passed = app.passed_over_saved(latest)
            if latest is None:
                elsewhere = app.played_elsewhere()
            if latest is None and elsewhere is None:
                unreadable = app.unreadable_saved()
        except Exception as exc:  # say so, but the menu works without it
            latest, error = None, exc
        self.app.call_from_thread(self._loaded, latest, error, elsewhere, unreadable, last_game,
                                  then_continue, passed)

    def _loaded(self, latest: Any, error: BaseException | None, elsewhere: Any = None,
                unreadable: Any = None, last_game: str | None = None,
                then_continue: Any = None, passed: Any = None) -> None:
        self.latest_checked = True
        if last_game != self._last_game and self.query("#home-menu"):
            self._last_game = last_game
            self._highlight_new(last_game)
        if then_continue is not None:
            self._passed = passed
            self._loaded_for_continue(latest, error, elsewhere, unreadable, then_continue)
            return
        if error is not None and str(error) != str(self._cannot_list):  # said once, not on every return
            self.notify(cannot_list_text(error), severity="error", markup=False)
        found = (latest, passed, elsewhere, unreadable, error)
        if found != (self._latest, self._passed, self._elsewhere, self._unreadable,
                     self._cannot_list):
            (self._latest, self._passed, self._elsewhere, self._unreadable,
             self._cannot_list) = found
            if not self.query("#home-menu"):
                # the screen was taken down meanwhile (a match opened from it):
                # the next home screen looks again
                return
            self._build_menu()
        if self._to_continue and self.query("#home-menu"):
            self._to_continue = False
            if self._latest is not None:
                menu = self.query_one("#home-menu", OptionList)
                menu.highlighted = menu.get_option_index("continue")

    def from_match(self) -> None:
        """A match was left for this screen: its next look highlights
        Continue when that offers a match (`_to_continue`)."""
        self._to_continue = True

    # -- choosing -------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id or ""
        kind, _, game_id = choice.partition(":")
        app: Any = self.app
        if kind == "new":
            app.action_new_match(game_id)
        elif kind == "rules":
            app.action_rules(game_id)
        elif kind == "continue":
            self.action_continue()
        elif kind == "saved":
            app.action_saved()
        elif kind == "quit":
            app.exit()

    def _highlighted_game(self) -> str | None:
        menu = self.query_one("#home-menu", OptionList)
        option = menu.highlighted_option
        if option is not None and option.id and ":" in option.id:
            return option.id.partition(":")[2]
        return None

    def _highlight_new(self, game_id: str | None) -> None:
        """The highlight to `game_id`'s New match line, if it is on a New
        match line (not where the player took it: Continue, a game's rules)."""
        menu = self.query_one("#home-menu", OptionList)
        option = menu.highlighted_option
        if game_id is None or option is None or not (option.id or "").startswith("new:"):
            return
        with contextlib.suppress(OptionDoesNotExist):  # a game this menu does not list
            menu.highlighted = menu.get_option_index(f"new:{game_id}")

    def action_new(self) -> None:
        # before the newest match is looked for, the game last set up is
        # the app's to find (the highlight is still the first game's)
        # the highlight only on a New match line: left on a game's rules
        # (read, then back), n opened that game's form, not the one last
        # set up (play-test; README: "the game you last set up")
        game = self._highlighted_game() if self.latest_checked else None
        option = self.query_one("#home-menu", OptionList).highlighted_option
        if option is None or not (option.id or "").startswith("new:"):
            game = None
        self.app.action_new_match(game)  # type: ignore[attr-defined]

    def action_rules(self) -> None:
        # on Continue (or a line of no game): the match there is to continue,
        # not the first game's rules (a play-test)
        game = self._highlighted_game()
        if game is None and self._latest is not None:
            game = self._latest.game
        self.app.action_rules(game)  # type: ignore[attr-defined]

    def action_quit(self) -> None:
        """q asks first: everywhere else q goes back, and a player who
        pressed it for that left the app at once. The menu's Quit, chosen
        on purpose, and Ctrl+Q quit without asking."""
        from tui.screens.confirm import ConfirmScreen

        def answer(quit_: bool | None) -> None:
            if quit_:
                self.app.exit()

        self.app.push_screen(ConfirmScreen("Quit Overtable?", QUIT_TEXT, yes="Quit", no="Stay"),
                             answer)

    def action_continue(self) -> None:
        """Continue the match the line offers, looked at again first: the
        line may be seconds old, and another window may have let its match
        go, taken it or deleted it since."""
        shown = self._shown()
        if self._latest is not None and self._still_shown(shown):
            self._open_latest()
            return
        # looked for again (the whole search, off the event loop), then continued
        self._load_latest(then_continue=shown if shown is not None else True)

    def _loaded_for_continue(self, latest: Any, error: BaseException | None, elsewhere: Any,
                             unreadable: Any, shown: Any) -> None:
        """c's search done: continue what it found, or say why not."""
        self._latest, self._elsewhere, self._unreadable, self._cannot_list = (
            latest, elsewhere, unreadable, error)
        if self.query("#home-menu"):
            self._build_menu()
        was = None if shown is True else Path(shown.path)
        if was is not None and not was.exists():
            self.notify(DELETED, severity="warning")
            return
        if latest is not None and was is not None and Path(latest.path) != was:
            # not another match in its place, unasked: the line now offers it
            from tui.screens.saved import match_words  # (names cut: they come from a file)

            app: Any = self.app
            why = ("is being played in another window" if app.saved_in_play([was])
                   else "cannot be continued now")
            self.notify(f"{match_words(shown)} {why}. Continue now offers another match: "
                        "press c to continue it.", severity="warning", markup=False)
            return
        self._say_or_continue()

    def _say_or_continue(self) -> None:
        if self._latest is None and self._elsewhere is not None:
            self.notify(PLAYED_ELSEWHERE, severity="warning")
            return
        if self._latest is None and self._unreadable is not None:
            # names and reasons come from a file: never markup
            self.notify(unreadable_text(self._unreadable), severity="warning", markup=False)
            return
        if self._latest is None and self._cannot_list is not None:
            self.notify(cannot_list_text(self._cannot_list), severity="error", markup=False)
            return
        if self._latest is None:
            self.notify(NONE_UNFINISHED, severity="warning")
            return
        self._open_latest()

    def _open_latest(self) -> None:
        """Open Continue's match, saying so when a newer one is open in
        another window (as `overtable resume` does): c opened an older
        match without a word, and the player took it for the one they meant."""
        latest, passed = self._latest, self._passed
        app: Any = self.app
        app.open_path(latest.path)
        if passed is not None and app.saved_in_play([Path(passed.path)]):
            app.notify(passed_over_text(passed, latest), severity="warning", timeout=10,
                       markup=False)
