"""Hints about keys pressed where they choose nothing ("Nothing is
highlighted yet…", "Not now…", "Not there…", and the session's "Nothing to
take back…" for u: `session_refused`): notices about the prompt of the
moment, taken down once a choice is made, the decision changes, the screen
shows another view or a dialog opens over the table, when they would speak
of a prompt gone or cover the dialog (GameScreen, tui/screens/game.py). A
refusal of the spot under a cursor ("Not there…") goes as the cursor moves
too. A hint that is news (what u took back) goes only with a choice made."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

from tui.plain import printable

#: what a hint is: news (what u took back), a key's refusal, or the refusal
#: of the spot under a cursor
NEWS, REFUSAL, SPOT = "news", "refusal", "spot"

#: per app, the hints it shows, by their words (a notice is posted, then
#: made), each with what it is
_SHOWN: WeakKeyDictionary[Any, dict[str, str]] = WeakKeyDictionary()
#: per app, the hints posted whose notice has not come to the app yet
_COMING: WeakKeyDictionary[Any, set[str]] = WeakKeyDictionary()
#: per app, those of them taken down before they came: dropped as they come
_DROPPED: WeakKeyDictionary[Any, set[str]] = WeakKeyDictionary()


def hint(node: Any, message: str, timeout: float | None = 4,
         severity: str = "warning", *, news: bool = False, spot: bool = False,
         title: str = "") -> None:
    """Show `message` as a hint about the prompt now (`node` a widget or
    screen of the app); `news`: it tells what happened (a take-back), and
    stays over a dialog or a new decision; `spot`: it refuses the spot under
    the cursor, and goes as the cursor moves (`withdraw_spot_hints`)."""
    app = node.app
    words = printable(message)  # as the notice holds them (`App.notify`)
    _SHOWN.setdefault(app, {})[words] = NEWS if news else SPOT if spot else REFUSAL
    _COMING.setdefault(app, set()).add(words)
    _DROPPED.setdefault(app, set()).discard(words)
    node.notify(message, title=title, severity=severity, timeout=timeout, markup=False)


def session_refused(app: Any, screen: Any, message: str, *, severity: str = "warning") -> None:
    """The session's or the hub's refusal of a key pressed at game screen
    `screen` ("Nothing to take back: a card was drawn…"): a hint of that
    screen's, so it goes as the screen's own refusals go (the next move,
    the decision changed, a dialog); it stayed over the log after the next
    move, hiding its lines (a play-test). With no screen up, a notice."""
    if getattr(screen, "is_attached", False):  # (a stand-in screen has no DOM)
        hint(screen, message, timeout=None, severity=severity)
    else:
        app.notify(message, severity=severity, markup=False)


def withdraw_hints(node: Any, *, news: bool = True) -> None:
    """Take down the hints still shown: a choice was made. `news` False:
    the refusals of a key only (the decision changed, another view, a
    dialog opened). Other notices (a turn, chat, a problem of the match)
    stay."""
    _take_down(node.app, {NEWS, REFUSAL, SPOT} if news else {REFUSAL, SPOT})


def withdraw_spot_hints(node: Any) -> None:
    """The cursor moved: a refusal of the spot it was on ("Not there…")
    goes, or it stood beside the prompt's "✓ fits" for the next (a
    play-test). A key's other refusals stay."""
    _take_down(node.app, {SPOT})


def _take_down(app: Any, kinds: set[str]) -> None:
    """Take down the hints of these `kinds` that `app` shows."""
    said = _SHOWN.get(app)
    if not said:
        return
    words = {message for message, kind in said.items() if kind in kinds}
    for message in words:
        del said[message]
    # a key then F1 at once: the key's notice may not have come yet
    coming = words & _COMING.get(app, set())
    _DROPPED.setdefault(app, set()).update(coming)
    gone = [shown for shown in list(app._notifications) if shown.message in words]
    for shown in gone:
        app._unnotify(shown, refresh=False)
    if gone:
        app._refresh_notifications()


def comes(app: Any, message: str) -> bool:
    """A notice with these words comes to `app` (`App._on_notify`): False
    when it is a hint taken down before it came, not to be shown."""
    _COMING.get(app, set()).discard(message)
    dropped = _DROPPED.get(app)
    if dropped and message in dropped:
        dropped.discard(message)
        return False
    return True
