"""The screens' footer: the keys that work now, drawn as one line.

Textual's Footer is a row of widgets, one per key. A game screen's keys
change as turns start and end (the hand and the action bar bring their own
keys), and every change mounted or removed key widgets and laid the whole
screen out again: over SSH, where one host draws every player's screen,
that was a third of what an update cost (docs/performance.md, "SSH load").
This footer is one widget of one fixed line: a change of keys redraws that
line and nothing else. It shows what Textual's does (each key and what it
does, a key that cannot be used now dimmed, the command palette's key at
the right), and a click on a key presses it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rich.style import Style
from rich.text import Text
from textual import events
from textual.screen import Screen
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

#: the edge before the command palette's key, as Textual's own footer
#: draws it (a play-test saw "▏", "│" and "│ " on different screens)
PALETTE_EDGE = "▏"

#: footer lines kept (a game's footer goes back and forth between a few)
KEPT = 16


class _Key(NamedTuple):
    """One key as the footer draws it."""

    key: str
    display: str
    description: str
    enabled: bool
    tooltip: str
    #: the app's own key (help, chat), not the screen's: kept in sight when
    #: the line is too narrow for every key
    app_level: bool = False
    #: the binding's action ("leave", "undo"), for the screen's
    #: `FOOTER_SPARE`
    action: str = ""


def _kept(screen: Any) -> tuple[str, ...]:
    """The actions whose keys `screen` keeps in sight however short the
    line (its `FOOTER_KEEP`: a table's way out, q)."""
    return tuple(getattr(screen, "FOOTER_KEEP", ()))


def _spare(screen: Any) -> tuple[str, ...]:
    """The actions whose keys `screen` lets give way first, now: its
    `footer_spare()` where it has one (it may depend on the moment), else
    its `FOOTER_SPARE`."""
    spare = getattr(screen, "footer_spare", None)
    return tuple(spare() if callable(spare) else getattr(screen, "FOOTER_SPARE", ()))


class Footer(Widget, can_focus=False):
    """The active screen's shown bindings on one line (see the module)."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {"footer--key", "footer--description"}
    DEFAULT_CSS = """
    Footer {
        dock: bottom;
        height: 1;
        width: 1fr;
        color: $footer-foreground;
        background: $footer-background;
        .footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    def __init__(
        self,
        *,
        compact: bool = False,
        show_command_palette: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.compact = compact
        self.show_command_palette = show_command_palette
        self._keys: tuple[_Key, ...] = ()
        self._palette: _Key | None = None
        #: (first column, last column + 1, key) of each key as last drawn
        self._spans: list[tuple[int, int, _Key]] = []
        #: each line drawn, with its keys' spans, by what it shows
        self._kept: dict[tuple, tuple[Strip, list[tuple[int, int, _Key]]]] = {}

    # -- what it shows ----------------------------------------------------------

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self._read_keys()

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _modal_palette(self) -> _Key | None:
        """The palette's key over a box or dialog: a modal screen's bindings
        stop at it, but the app's priority Ctrl+P opens the palette there
        too, and a play-test saw "▏^p palette" on every screen but the
        boxes over a table."""
        app = self.app
        if not (self.show_command_palette and app.ENABLE_COMMAND_PALETTE):
            return None
        for binding in app._bindings.key_to_bindings.get(app.COMMAND_PALETTE_BINDING, ()):
            if binding.priority:
                return _Key(binding.key, app.get_key_display(binding), binding.description,
                            True, binding.tooltip or binding.description, True,
                            binding.action)
        return None

    def bindings_changed(self, screen: Screen) -> None:
        if self.is_attached and screen is self.screen:
            self._read_keys()

    def _read_keys(self) -> None:
        """Take the screen's shown bindings, as Textual's footer would (the
        first binding of each action, in order); redraw only on a change."""
        app = self.app
        palette_key = app.COMMAND_PALETTE_BINDING
        keys: dict[str, _Key] = {}
        palette: _Key | None = None
        for key, (node, binding, enabled, tooltip) in self.screen.active_bindings.items():
            shown = _Key(binding.key, app.get_key_display(binding), binding.description,
                         enabled, tooltip or binding.tooltip or binding.description,
                         node is app, binding.action)
            if key == palette_key:
                if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
                    palette = shown
            elif binding.show:
                keys.setdefault(binding.action, shown)
        if palette is None and self.screen.is_modal:
            palette = self._modal_palette()
        now = (tuple(keys.values()), palette)
        if now != (self._keys, self._palette):
            self._keys, self._palette = now
            self.refresh()

    @property
    def shown(self) -> tuple[tuple[str, str, bool], ...]:
        """(key, description, usable now) of every key shown, in order."""
        keys = self._keys + ((self._palette,) if self._palette else ())
        return tuple((k.key, k.description, k.enabled) for k in keys)

    # -- drawing ------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """The line, kept by what it shows: the keys come and go with the
        turns (a game's few sets of keys, over and over), and drawing one
        through Textual cost a millisecond at each change."""
        width = self.size.width
        style = self.visual_style
        if y != 0 or width <= 0:
            return Strip.blank(width, style.rich_style)
        key = (self._keys, self._palette, self.compact, width, style,
               self.get_component_rich_style("footer--key"),
               self.get_component_rich_style("footer--description"),
               _spare(self.screen), _kept(self.screen))
        kept = self._kept.get(key)
        if kept is None:
            line = self.render()
            strips = Visual.to_strips(self, visualize(self, line), width, 1, style)
            kept = (strips[0] if strips else Strip.blank(width, style.rich_style), self._spans)
            if len(self._kept) >= KEPT:
                self._kept.pop(next(iter(self._kept)))  # the oldest kept
            self._kept[key] = kept
        strip, self._spans = kept
        return strip

    def _key_text(self, key: _Key, key_style: Style, description_style: Style,
                  *, compact: bool | None = None) -> Text:
        # Textual's spacing: " k desc " when roomy, "k desc" when compact
        if self.compact if compact is None else compact:
            text = Text.assemble((key.display, key_style))
            if key.description:
                text.append(f" {key.description}", description_style)
        else:
            text = Text.assemble((f" {key.display} ", key_style))
            if key.description:
                text.append(f"{key.description} ", description_style)
        if not key.enabled:
            text.stylize(Style(dim=True))
        return text

    def render(self) -> Text:
        key_style = self.get_component_rich_style("footer--key")
        description_style = self.get_component_rich_style("footer--description")
        gap = " " if self.compact else ""
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, _Key]] = []
        width = self.size.width
        keys, palette_short = self._fitting(width, key_style, description_style)
        for key in keys:
            start = line.cell_len
            if key is None:  # the screen's keys left out: F1 lists them all
                line.append("… ", style="dim")
                continue
            line.append_text(self._key_text(key, key_style, description_style))
            spans.append((start, line.cell_len, key))
            line.append(gap)
        if self._palette is not None:
            palette = Text(PALETTE_EDGE, style="dim")
            palette.append_text(self._palette_text(palette_short, key_style, description_style))
            start = max(line.cell_len, width - palette.cell_len)
            line.pad_right(start - line.cell_len)
            line.append_text(palette)
            spans.append((start + 1, line.cell_len, self._palette))
        self._spans = [span for span in spans if span[0] < width]
        return line

    def _fitting(self, width: int, key_style: Style,
                 description_style: Style) -> tuple[list[_Key | None], bool]:
        """The keys to draw in `width`, and whether the command palette's
        key is drawn without its word ("^p", F1 lists it): all that fit;
        when they do not, some of the screen's keys give way (None marks
        where, before the app's own) so that the app's own, F1 Help and F2
        Chat, and the screen's way out (`FOOTER_KEEP`: q Lobby, q Home)
        stay in sight: cut at the right edge, the help that lists every key
        was the first to go, and a play-test saw "q Lobby" behind "…" while
        choosing a pick. The first to give way are the keys that cannot be
        used now (dimmed), then the palette's word, then the keys the
        screen names in `FOOTER_SPARE` (a table's u, the same at every
        table; `footer_spare()` where it has one), then the screen's last
        keys: at a shared table at 80 columns, F2 Chat and "q Lobby" had
        pushed out a game's own key (Overboss Duel's "p Score pad")."""
        gap = 1 if self.compact else 0
        widths = {k: self._key_text(k, key_style, description_style).cell_len + gap
                  for k in self._keys}

        def room(palette_short: bool) -> int:
            if self._palette is None:
                return width
            return width - 1 - self._palette_text(palette_short, key_style,
                                                  description_style).cell_len

        if sum(widths.values()) <= room(False):
            return list(self._keys), False
        keep = _kept(self.screen)
        spare = _spare(self.screen)
        kept = [k for k in self._keys if k.app_level]
        screen_keys = [k for k in self._keys if not k.app_level]
        order = sorted((i for i, k in enumerate(screen_keys) if k.action not in keep),
                       key=lambda i: (screen_keys[i].enabled,
                                      spare.index(screen_keys[i].action) - len(spare)
                                      if screen_keys[i].action in spare else 0,
                                      -i))
        # the keys that give way before the palette's word does: those that
        # cannot be used now
        first = [i for i in order if not screen_keys[i].enabled]

        def shown_in(left: int, dropping: list[int]) -> tuple[set[_Key], bool]:
            """The screen's keys left after those of `dropping` give way,
            in turn, until they fit `left` cells; with whether they do."""
            shown = set(screen_keys)
            used = sum(widths[k] for k in screen_keys)
            for i in dropping:
                if used <= left:
                    break
                shown.discard(screen_keys[i])
                used -= widths[screen_keys[i]]
            return shown, used <= left

        at_kept = sum(widths[k] for k in kept) + 2  # (+2: "… ")
        shown, fits = shown_in(room(False) - at_kept, first)
        palette_short = not fits and self._palette is not None
        if not fits:
            shown, _ = shown_in(room(palette_short) - at_kept, order)
        # (None: "…" where keys gave way; none did where the palette's word did)
        left_out = [None] if len(shown) < len(screen_keys) else []
        return [*(k for k in screen_keys if k in shown), *left_out, *kept], palette_short

    def _palette_text(self, short: bool, key_style: Style, description_style: Style) -> Text:
        """The command palette's key, with its word or (`short`) without."""
        assert self._palette is not None
        palette = self._palette._replace(description="") if short else self._palette
        # as Textual's footer draws it (the home screen, the cover): no
        # space after the edge, one after the word where keys are roomy
        text = self._key_text(palette, key_style, description_style, compact=True)
        if not self.compact:
            text.append(" ", description_style)
        return text

    # -- the mouse ------------------------------------------------------------------

    def _key_at(self, x: int) -> _Key | None:
        return next((key for start, end, key in self._spans if start <= x < end), None)

    def on_mouse_down(self, event: events.MouseDown) -> None:
        key = self._key_at(event.x)
        if key is None:
            return
        if key.enabled:
            self.app.simulate_key(key.key)
        else:
            self.app.bell()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        key = self._key_at(event.x)
        tip: Any = key.tooltip if key is not None else None
        if tip != self.tooltip:
            self.tooltip = tip


__all__ = ["Footer"]
