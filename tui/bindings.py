"""A screen's keys renamed or taken off for that screen alone (its own
copy of its class's bindings): what the footer and F1 show, and what a
key does there."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from textual.dom import DOMNode


def relabel(screen: DOMNode, action: str, description: str,
            keys: Iterable[str] | None = None) -> None:
    """Name `screen`'s keys for `action` (those of `keys` only, if given)
    `description` in its footer (this screen only): at a shared table
    "Home" leads to the lobby."""
    bindings = screen._bindings.key_to_bindings
    for key, bound in bindings.items():
        if keys is None or key in keys:
            bindings[key] = [replace(b, description=description) if b.action == action else b
                             for b in bound]


def drop_key(screen: DOMNode, key: str) -> None:
    """Take `key` off `screen` (this screen only): out of its footer and its
    F1, and it does nothing there (a shared table's results have no home
    for h to lead to: q leads to the lobby, as at the table)."""
    screen._bindings.key_to_bindings.pop(key, None)


__all__ = ["drop_key", "relabel"]
