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
        # One at a time (a change of bindings can come while the keys of
        # the one before are being mounted), drawn once done.
        async with self.batch():
            if not self.is_attached:
                return
            was, now = self._composed_from, self._shows()
            if was is not None and now == was:
                return
            if was is not None and was[:2] == now[:2] and await self._reuse(now):
                self._composed_from = now
                return
            await self.recompose()

    def _specs(self, shows: Any) -> list[tuple[Any, bool, str | None, str]] | None:
        """The keys compose would yield, in order: (what a key widget shows
        and does, enabled, tooltip, extra classes); None when a binding is
        grouped (left to compose)."""
        first: dict[str, tuple[Any, bool, str | None, str]] = {}
        palette = self.app.COMMAND_PALETTE_BINDING
        for binding, enabled, tooltip, display in shows[2]:
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            ident = (binding.key, display, binding.description, binding.action)
            first.setdefault(binding.action, (ident, enabled, tooltip, ""))
        specs = list(first.values())
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            entry = self.screen.active_bindings.get(palette)
            if entry is not None:
                _, binding, enabled, _ = entry
                ident = (binding.key, self.app.get_key_display(binding), binding.description,
                         binding.action)
                specs.append((ident, enabled, binding.tooltip or binding.description,
                              "-command-palette"))
        return specs

    async def _reuse(self, now: Any) -> bool:
        """Make the keys shown match `now` as compose would, keeping the key
        widgets that stay (a turn that starts adds its keys, Undo lights up)
        rather than rebuilding them all. False, having changed nothing, when
        that cannot be done in place (grouped keys, keys that change order)."""
        specs = self._specs(now)
        if specs is None:
            return False
        pool: dict[Any, list[FooterKey]] = {}
        keys = list(self.query_children(FooterKey))
        if len(keys) != len(self.children):
            return False  # something else in the footer (a key group)
        for key in keys:
            ident = (key.key, key.key_display, key.description, key.action)
            pool.setdefault((ident, key.has_class("-command-palette")), []).append(key)
        order: list[tuple[FooterKey, bool]] = []  # (widget, new)
        for ident, enabled, tooltip, classes in specs:
            kept = pool.get((ident, bool(classes)))
            if kept:
                order.append((kept.pop(0), False))
                continue
            key = FooterKey(*ident[:2], ident[2], ident[3], disabled=not enabled,
                            tooltip=tooltip or "", classes=classes)
            if not classes:  # as compose binds them: the palette key is not compact
                key.set_reactive(FooterKey.compact, self.compact)
                key.set_class(self.compact, "-compact")
            order.append((key, True))
        staying = [key for key, new in order if not new]
        if staying != [key for key in keys if key in staying]:
            return False  # the kept keys change order: compose does that
        gone = [key for keys_left in pool.values() for key in keys_left]
        for key, (_, enabled, tooltip, _) in zip((k for k, _ in order), specs, strict=True):
            key._disabled = not enabled
            key.set_class(not enabled, "-disabled")
            key.tooltip = tooltip or None
        self.styles.grid_size_columns = sum(1 for spec in specs if not spec[3])
        if gone:
            await self.remove_children(gone)
        previous: FooterKey | None = None
        for key, new in order:
            if new:
                if previous is None:
                    await self.mount(key, before=0)
                else:
                    await self.mount(key, after=previous)
            previous = key
        return True
