"""Hints about keys pressed where they choose nothing ("Nothing is
highlighted yet…"): notices about the prompt of the moment, taken down
once a choice is made, when they would speak of a prompt gone."""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary

#: per app, the hints it shows (by their words: a notice is posted, then made)
_SHOWN: WeakKeyDictionary[Any, set[str]] = WeakKeyDictionary()


def hint(node: Any, message: str, timeout: float | None = 4,
         severity: str = "warning") -> None:
    """Show `message` as a hint about the prompt now (`node` a widget or
    screen of the app)."""
    node.notify(message, severity=severity, timeout=timeout, markup=False)
    _SHOWN.setdefault(node.app, set()).add(message)


def withdraw_hints(node: Any) -> None:
    """Take down the hints still shown: a choice was made. Other notices
    (a turn, chat, a refusal) stay."""
    app = node.app
    said = _SHOWN.pop(app, None)
    if not said:
        return
    gone = [shown for shown in list(app._notifications) if shown.message in said]
    for shown in gone:
        app._unnotify(shown, refresh=False)
    if gone:
        app._refresh_notifications()
