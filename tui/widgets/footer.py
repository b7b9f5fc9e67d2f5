"""The game screens' footer: Textual's, rebuilt only when what it shows changed.

Textual's Footer recomposes (removes and mounts every key widget, restyles
and lays out the screen) each time the screen's bindings are refreshed, and
a game screen refreshes them after every update so that Undo and the recap
keys dim or light up. Most updates change none of that: this footer notes
what it was composed from and skips the rebuild when that is unchanged.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey


class Footer(TextualFooter):
    """A Footer that recomposes only when its keys, their state or their
    descriptions changed."""

    _composed_from: Any = None

    def _shows(self) -> Any:
        """Everything compose reads that can change while mounted: the
        shown bindings (a focus change swaps many hidden ones) and the
        command palette's."""
        app = self.app
        palette = app.COMMAND_PALETTE_BINDING
        return (
            self.compact,
            self.show_command_palette,
            tuple(
                (binding, enabled, tooltip, app.get_key_display(binding))
                for key, (_, binding, enabled, tooltip) in self.screen.active_bindings.items()
                if binding.show or key == palette
            ),
        )

    def compose(self) -> Any:
        self._composed_from = self._shows() if self._bindings_ready else None
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen:
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        if not self.is_attached:
            return
        was, now = self._composed_from, self._shows()
        if was is not None and now == was:
            return
        if was is not None and self._relabel(was, now):
            self._composed_from = now
            return
        await self.recompose()

    def _relabel(self, was: Any, now: Any) -> bool:
        """Only keys' dimming or tooltips changed (Undo lights up, say): set
        them on the keys shown, as compose would, rather than rebuild the
        footer. False when the keys differ otherwise, or are grouped (those
        are left to compose)."""
        def frame(shows: Any) -> Any:
            return shows[0], shows[1], tuple((b, shown) for b, _, _, shown in shows[2])

        if frame(was) != frame(now):
            return False
        first: dict[str, tuple[bool, str]] = {}  # per action, its first shown binding
        for binding, enabled, tooltip, _ in now[2]:
            if binding.show:
                if binding.group is not None:
                    return False
                first.setdefault(binding.action, (enabled, tooltip))
        states = list(first.values())
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            entry = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if entry is not None:
                _, binding, enabled, _ = entry
                states.append((enabled, binding.tooltip or binding.description))
        keys = list(self.query_children(FooterKey))
        if len(keys) != len(states):
            return False
        for key, (enabled, tooltip) in zip(keys, states, strict=True):
            key._disabled = not enabled
            key.set_class(not enabled, "-disabled")
            key.tooltip = tooltip or None
        return True
