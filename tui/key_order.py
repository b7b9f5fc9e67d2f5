"""Keys handled one at a time, in the order they were typed.

Textual hands a key to the focused control's queue and goes straight on to
the next key; the first key's bindings run only when it comes back up to
the app, and a priority binding (ctrl+s on the new-match form, Enter on the
saved matches) runs at once. So keys that arrive together -- a paste, a
fast typist, keys a script sends at once -- could be handled out of order:
"space, tab, space" ticked one box twice instead of two boxes, characters
typed after Tab went into the field being left, and ctrl+s started a match
before the option ticked just before it counted (tests/test_tui_key_order.py).

`KeysInOrder` (mixed into the app) holds each key until the key before it
has gone all the way: through the control it was sent to, up through every
container above it (where its bindings are looked up) and back to the app.
It follows that path with a callback queued behind the key at each step,
twice (a message the key set off, like Enter's Submitted that moves the
focus on, takes the same way just behind it), so the wait is a few queue
steps, not a timer. A key still not through after `KEY_WAIT_SECONDS` (a
control stuck in a long handler) no longer holds the others.

A screen that fills in what its keys act on after it opens (the saved
matches, read by a worker) says so with `filling`: keys typed meanwhile
wait for it (`screen_filled`), at most `FILL_WAIT_SECONDS`. A Down sent
just after s moved nothing in the empty list, and Enter then opened the
match above the one meant.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from textual import events
from textual.app import App
from textual.message_pump import MessagePump
from textual.timer import Timer

#: the longest one key holds the next ones
KEY_WAIT_SECONDS = 1.0
#: the longest a screen still filling in holds the keys typed into it
FILL_WAIT_SECONDS = 5.0


class KeysInOrder(App):
    """An app whose keys are handled one at a time (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: keys that arrived while an earlier one was on its way
        self._keys_waiting: deque[events.Key] = deque()
        #: the key on its way (a fresh object each key), None when none is
        self._key_on_its_way: object | None = None
        #: lets the next keys go if the key on its way takes too long
        self._key_timer: Timer | None = None
        #: what waits for the keys typed so far to be handled (`after_keys`)
        self._after_keys: list[Callable[[], object]] = []
        #: the filling screen keys wait for (its timer is set), and the one
        #: that held them `FILL_WAIT_SECONDS` already: it holds no more
        self._waiting_for: object | None = None
        self._waited_for: object | None = None

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key) or event.is_forwarded:
            await super().on_event(event)
            return
        if self._key_on_its_way is not None or self._keys_waiting or self._screen_filling():
            self._keys_waiting.append(event)
            return
        await self._take_key(event)

    def _screen_filling(self) -> bool:
        """Whether the screen on top is still filling in what its keys act
        on; the first time it holds a key, it holds keys for so long at most."""
        screen = self.screen
        if not getattr(screen, "filling", False) or screen is self._waited_for:
            return False
        if self._waiting_for is not screen:
            self._waiting_for = screen
            self.set_timer(FILL_WAIT_SECONDS, lambda: self._stop_waiting_for(screen))
        return True

    def screen_filled(self) -> None:
        """The screen on top has filled in: the keys typed meanwhile go to it."""
        self.call_later(self._take_waiting)

    async def _stop_waiting_for(self, screen: object) -> None:
        self._waited_for = screen
        await self._take_waiting()

    def after_keys(self, callback: Callable[[], object]) -> None:
        """Call `callback` once every key that has arrived is handled (at
        once when none is on its way). A table's bots go on so after a box
        is put away: Escape and F1 typed together closed one help box and
        opened the next, and a bot moved between the two keys, unseen."""
        if self._key_on_its_way is None and not self._keys_waiting:
            callback()
        else:
            self._after_keys.append(callback)

    def key_dropped(self, event: events.Key) -> bool:
        """Whether the app drops `event` when its turn comes (none here;
        the app's own: an Enter too soon after a new decision)."""
        return False

    async def _take_key(self, event: events.Key) -> None:
        if self.key_dropped(event):
            return  # checked in its turn: what the keys before it did counts
        target = self.focused or self.screen
        await super().on_event(event)
        if event.is_forwarded:  # sent to a control, not taken by a priority binding
            key = self._key_on_its_way = object()
            # the way up twice: what the key set off on the way (Enter's
            # Submitted, which moves the focus) takes the same way after it
            path = list(target.ancestors_with_self)
            self._follow(key, path + path)
            self._key_timer = self.set_timer(KEY_WAIT_SECONDS, lambda: self._key_through(key))

    def _follow(self, key: object, path: list[MessagePump], step: int = 0) -> None:
        """Queue a callback behind the key at each step of `path` (its way
        up, twice); once the app's queue reaches the last, it is through."""
        if self._key_on_its_way is not key:
            return  # let go already (it took too long)
        last = len(path) - 1
        for at in range(step, last):
            if path[at].call_later(self._follow, key, path, at + 1):
                return
        self.call_later(self._key_through, key)  # the app, the last step

    async def _key_through(self, key: object) -> None:
        """The key is through: take the next ones that waited, in order."""
        if self._key_on_its_way is not key:
            return
        self._key_on_its_way = None
        if self._key_timer is not None:
            self._key_timer.stop()
            self._key_timer = None
        await self._take_waiting()

    async def _take_waiting(self) -> None:
        """Take the keys that waited, in order, while none is on its way
        and the screen on top is not filling in."""
        while self._keys_waiting and self._key_on_its_way is None and not self._screen_filling():
            await self._take_key(self._keys_waiting.popleft())
        if self._key_on_its_way is None and not self._keys_waiting:
            waiting, self._after_keys = self._after_keys, []
            for callback in waiting:
                callback()


__all__ = ["FILL_WAIT_SECONDS", "KEY_WAIT_SECONDS", "KeysInOrder"]
