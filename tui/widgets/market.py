"""The market: offers to draft (the Wizard's spells, market tiles, ...).

Game-agnostic. The screen hands it `Offer`s (what to print, a shortcut key,
whether it can be taken now, a tag and a longer description) and reacts to
`PickList.Highlighted` / `PickList.Selected` with the offer's index. A taken
slot stays in place (so slot numbers do not shift) and is drawn as gone.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from tui.widgets.picklist import PickList, Row
from tui.widgets.quiet import content_key


@dataclass(frozen=True)
class Offer:
    """One slot of a market.

    `label` is the offer's name (rich text allowed), `key` its shortcut,
    `enabled` whether it may be picked now, `tag` a short marker printed
    after the label (say "light" / "dark"), `detail` a sentence the screen
    may show for the highlighted offer, and `gone` marks a slot already
    taken (drawn dim as `gone_text`).
    """

    label: str | Text
    key: str = ""
    enabled: bool = True
    tag: str = ""
    detail: str = ""
    gone: bool = False
    gone_text: str = "— taken —"


class Market(PickList):
    """A column of offers with a cursor (see `PickList`).

    With `details` on, each offer's `detail` is printed under it (dim), for
    terminals with room to spare.
    """

    DEFAULT_CSS = """
    Market {
        height: auto;
    }
    """

    def __init__(self, offers: Sequence[Offer] = (), **kwargs) -> None:  # noqa: ANN003
        super().__init__(**kwargs)
        self._offers: tuple[Offer, ...] = ()
        self.details = False
        if offers:
            self._offers = tuple(offers)

    @property
    def offers(self) -> tuple[Offer, ...]:
        return self._offers

    def set_offers(self, offers: Sequence[Offer], *, picking: bool | None = None,
                   details: bool | None = None) -> None:
        """Show `offers`; `picking` turns the cursor on or off; `details`
        prints each offer's detail under it."""
        self._offers = tuple(offers)
        if details is not None:
            self.details = details
        self.set_rows([self._row(o) for o in self._offers], picking=picking)

    def _shown_key(self) -> object:
        return super()._shown_key(), content_key(self._offers), self.details

    def on_mount(self) -> None:
        if self._offers and not self.rows:
            self.set_offers(self._offers)

    def highlighted_offer(self) -> Offer | None:
        index = self.highlighted
        return None if index is None else self._offers[index]

    def _row_lines(self, index: int) -> list[Text]:
        lines = super()._row_lines(index)
        offer = self._offers[index] if index < len(self._offers) else None
        if offer is not None and offer.tag and not offer.gone and lines:
            width = self._text_width()
            if lines[0].cell_len > width:
                # No room beside the label: the tag goes under it, not off the edge.
                label = offer.label if isinstance(offer.label, Text) else Text(offer.label)
                lines[0] = label.copy()
                lines.insert(1, Text.assemble("  ", (offer.tag, "italic dim")))
        if self.details and offer is not None and offer.detail and not offer.gone:
            detail = Text(offer.detail, style="dim")
            width = self._text_width() - 2
            for part in detail.wrap(self.app.console, width):
                lines.append(Text.assemble("  ", part))
        return lines

    def _row(self, offer: Offer) -> Row:
        text = Text(no_wrap=True, end="")
        if offer.gone:
            text.append(offer.gone_text, style="dim italic")
            return Row(text, key=offer.key, enabled=False)
        label = offer.label if isinstance(offer.label, Text) else Text(offer.label)
        text.append_text(label)
        if offer.tag:
            text.append("  ")
            text.append(offer.tag, style="italic dim")
        return Row(text, key=offer.key, enabled=offer.enabled)
