"""The Overboss Duel screen: the shared board, the market, both lairs, the
Boss cards, a running score estimate and the log.

It renders `update.view` (the viewer's view: the opponent's face-down Boss
is None there) and offers only `update.legal`. The board is one `Board`
widget; seat 1 sees it turned (its own half at the bottom): that is a
display transform only, every choice is reported as a square number. The
facts it shows (the board's size and names, the opponent, matching tokens,
the market's size, the supplies) come from the game (`GAME.pair_matches`...:
see `core/overboss/table_facts.py`).

Keys (every one is also in the footer or the action bar):

- arrows / h j k l move on the board, Enter or space (or a click) chooses a
  highlighted square (drawn ``›..‹``); n jumps to the nearest one (the
  cursor's own, if it is one; again: the next nearest, N back); the cursor
  moves only when the player moves it (on a square that is not a choice
  now, the info line says so);
- 1-4 draft a market pair (or ↑↓ + Enter in the market);
- two-square moves (Icy Peak slide, Spire, Road swap, Town hero) take the
  first square, then the second; c, Escape or Backspace cancels the half
  made choice (or leaves Spire mode);
- 1-9 pick which token to place when there is a choice (drafted or lair);
- s skips an optional effect, x uses a Spire, r reveals your Boss (asks
  first), f refreshes a Spire, e ends the turn, p shows the score pad,
  u undoes, q goes home.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from typing import Any, ClassVar

import attrs
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from core.engine import CHANCE, name_seats, row_changes
from core.overboss import GAME, bosses
from core.overboss.actions import (
    Destroy,
    Draft,
    EndTurn,
    PlaceTile,
    PlaceToken,
    Poison,
    RefreshSpire,
    RevealBoss,
    Skip,
    Slay,
    Slide,
    SpawnHero,
    SwapTokens,
    TakeToken,
    UseSpire,
)
from core.overboss.board import Edge as EdgeKind
from core.overboss.board import Side
from core.overboss.components import CRYSTAL_TERRAIN, Terrain, Token
from core.overboss.rules import LAIR_RULE
from core.overboss.state import ABILITY_STEPS, Lair, State, Step, cell
from core.wording import counted
from host.messages import split_mark
from tui import resources
from tui.bot_levels import LEVEL_FORMS, level_mark
from tui.plain import shortened
from tui.screens.game import (
    NAME_SHORTEST,
    NOT_YOUR_DECISION,
    NUMBER_KEYS,
    REMATCH_ON_R,
    RESULTS_ON_ESCAPE,
    GameScreen,
    NamingText,
    TableUpdate,
    ViewMemo,
    fit_line,
    number_range,
    possessive,
    since_symbols,
)
from tui.widgets import ActionBar, Choice, Market, Offer, PadBox, ScorePad
from tui.widgets.board import ROOMY, Board, Cell, Divider, Edge, Grid
from tui.widgets.flowed import Flowed, Parts, Wordings, flow_parts
from tui.widgets.footer import Footer
from tui.widgets.gamelog import fold_runs
from tui.widgets.hints import hint
from tui.widgets.quiet import set_border, update_static
from tui.widgets.since import CHANGED, SinceLog, changed_keys, mark_rows, marked_text

# -- how things look ------------------------------------------------------------

#: terrain tiles: a background colour (ANSI names, so the ANSI theme keeps
#: them) under the letter that carries the meaning
TERRAIN_STYLE = {
    Terrain.DUNGEON: "bold bright_white on grey30",
    Terrain.ICY_PEAK: "bold black on bright_cyan",
    Terrain.SPAWNING_POOL: "bold black on magenta",
    Terrain.ROAD: "bold black on yellow",
    Terrain.TOWN: "bold bright_white on red",
    Terrain.SUNKEN_CITY: "bold bright_white on blue",
}
OPEN_STYLE = "dim"
#: every tile's and token's short name, in the roomy board's cells (at most
#: 8 cells) and wherever a line has little room (a lair's Crystals and
#: monsters): one word that says what it is, the noun of a name of two
#: ("Sunken" and "Rocktop" read as names cut short beside "Pool" and
#: "Slime": a play-test)
SHORT_NAME: dict[Terrain | Token, str] = {
    Terrain.DUNGEON: "Dungeon",
    Terrain.ICY_PEAK: "Peak",
    Terrain.SPAWNING_POOL: "Pool",
    Terrain.ROAD: "Road",
    Terrain.TOWN: "Town",
    Terrain.SUNKEN_CITY: "City",
    Token.YETI: "Yeti",
    Token.BANDIT: "Bandit",
    Token.SPELLSLIME: "Slime",
    Token.ROCKTOPUS: "Octopus",
    Token.WEREWOLF: "Werewolf",
    Token.MINIBOSS: "Miniboss",
    Token.HERO: "Hero",
}
#: a spacious cell (brackets included), for `Terrain.label` ("Spawning Pool")
#: beside its letter and the placed mark, and the screen size it needs
SPACIOUS = (17, 3)
SPACIOUS_FROM = (150, 44)
#: the screen size from which the 4x8 board's `ROOMY` cells fit beside a
#: side of some 50 columns, with the board's 22 lines and the info's 2
ROOMY_FROM = (100, 30)
#: the columns from which the log stands beside the market and the lairs
#: (the board's `SPACIOUS` cells and two columns of some 50), not below
LOG_BESIDE_FROM = 180
#: the fewest lines of the last moves' box that it shows over the log
#: (`OverbossScreen._last_moves_place`), and what Enter goes on to there and
#: where it stands over the final pad instead
LAST_MOVES_LEAST = 6
GO_ON_TABLE = "the final table (b: the results)"
GO_ON_PAD = "the whole score pad (b: the results)"
WATER = Edge("≈", "bold bright_blue")
MOUNTAIN = Edge("▲", "bold yellow")
#: the middle character of a tile placed this turn
PLACED = "*"
OPEN = "·"
BACK = "▒▒"

_FLIP = {Side.NORTH: Side.SOUTH, Side.SOUTH: Side.NORTH, Side.EAST: Side.WEST, Side.WEST: Side.EAST}

_CHANCE_TEXT = {
    Step.DEAL_BOSS: "The Boss cards are dealt…",
    Step.REFILL: "The market is restocked…",
    Step.POOL_DRAW: "The Spawning Pool draws a token from the bag…",
}

#: what the seat in turn is doing, for the status while it decides ("{their}":
#: "your" or "their"); "Bram's turn (end)" read as a riddle (a play-test)
_DOING = {
    Step.DRAFT: "drafting a pair",
    Step.PLACE_TILE: "placing a tile",
    Step.SLIDE: "sliding a tile (Icy Peak)",
    Step.SWAP: "swapping two tokens (Road)",
    Step.SPAWN: "spawning heroes (Town)",
    Step.REFRESH: "refreshing a Spire (Sunken City)",
    Step.TOKEN: "placing a token",
    Step.LAIR: "placing monsters from {their} lair",
    Step.END: "finishing {their} turn",
}

#: steps whose choices are squares on the board
_BOARD_STEPS = frozenset(
    {Step.PLACE_TILE, Step.SLIDE, Step.SWAP, Step.SPAWN, Step.TOKEN, Step.LAIR, Step.CROAK,
     Step.POISON, Step.FROST, Step.SLAY}
)


#: a Crystal by its terrain's short name, where a line has little room
CRYSTAL_SHORT = {crystal: SHORT_NAME[terrain] for crystal, terrain in CRYSTAL_TERRAIN.items()}


def lair_parts(lair: Lair, *, wide: bool, room: int,
               over: bool = False) -> tuple[list[Text], str]:
    """A lair's line: its parts and what stands between them. Narrow, in
    `room` cells: the Spires, the Crystals and the heroes always, in that
    order (a field that came and went turn to turn, "Crystals –", moved the
    rest: a play-test), in words; the Crystals by the board's terrain
    letters only where their names leave those three no room. The monsters
    waiting follow, named, where they fit, else on a line of their own
    (`flow_parts` takes them there), by letter only where not even that
    line has room for their names ("Heroes 2 BLW to place" and "Crystals:
    I R" read as riddles to a newcomer at 80x24). Once the duel is `over`
    nothing is placed (OD §Turn Order 7): those left are "in the lair: …"
    (the final table read "Bandit, Yeti to place")."""
    spires = Text.assemble((f"Spires ^{lair.spires}", "bold" if lair.spires else ""),
                           f" v{lair.expended}")
    heroes = Text(f"Heroes {lair.heroes}")
    if wide:
        crystals = ", ".join(f"{c.letter} {c.label}" for c in lair.crystals) or "–"
        parts = [spires, Text(f"Crystals {crystals}"), heroes]
        if lair.waiting:
            # said as what they are (a play-test read "Waiting M Y" as
            # nothing): monsters that must go on the board (OD §Placing Tokens)
            tokens = ", ".join(f"{k.letter} {k.label}" for k in lair.waiting)
            parts.append(_waiting_words(tokens, over))
        return parts, " · "
    sep = "  "

    def cells(parts: Sequence[Text]) -> int:
        return 4 + sum(p.cell_len for p in parts) + len(sep) * (len(parts) - 1)

    # Which Crystals a lair holds is open and decides where a Road, Town or
    # Sunken City scores (OD §Crystals): their names, then the board's
    # terrain letters, and only then a count. A bare lowercase "p" read as
    # nothing.
    names = [CRYSTAL_SHORT[c] for c in lair.crystals]
    said = [f"Crystals: {', '.join(names)}", f"Crystals: {'/'.join(names)}",
            "Crystals: " + " ".join(CRYSTAL_TERRAIN[c].letter for c in lair.crystals),
            f"Crystals {len(names)}"] if names else ["Crystals –"]
    fields = [spires, Text(said[-1]), heroes]
    for words in said:
        fields = [spires, Text(words), heroes]
        if room <= 0 or cells(fields) <= room:
            break
    if not lair.waiting:
        return fields, sep
    # the monsters must be placed, and bands form by kind: each is said
    forms = [", ".join(k.label for k in lair.waiting),
             ", ".join(SHORT_NAME.get(k, k.label) for k in lair.waiting),
             " ".join(k.letter for k in lair.waiting),
             "".join(k.letter for k in lair.waiting)]
    waiting = [_waiting_words(form, over) for form in forms]
    # (named beside the fields, else named on the line below: their letters
    # only where not even a line of their own has room for their names)
    beside = next((w for w in waiting[:2] if room <= 0 or cells([*fields, w]) <= room), None)
    if beside is None:  # on the next line (`flow_parts`), whole
        beside = next((w for w in waiting if cells([w]) <= room), waiting[-1])
    return [*fields, beside], sep


def _waiting_words(tokens: str, over: bool) -> Text:
    """The monsters waiting in a lair: "… to place" (OD §Placing Tokens),
    or once the duel is over, when none will be, "in the lair: …"."""
    if over:
        return Text(f"in the lair: {tokens}")
    return Text.assemble((tokens, "bold"), " to place")


def terrain_text(terrain: Terrain, *, name: bool = True) -> Text:
    text = Text()
    text.append(terrain.letter, style=TERRAIN_STYLE[terrain])
    if name:
        text.append(f" {terrain.label}")
    return text


def token_text(token: Token) -> Text:
    return Text.assemble((token.letter, "bold"), f" {token.label}")


#: a space no line breaks at: `flow_parts` breaks a part too long for a
#: line at its plain spaces only (`CellInfo` draws plain ones)
KEEP = "\u00a0"


def kept_whole(text: Text) -> Text:
    """`text` with no space a line breaks at (a letter with its name:
    "a1 · your half · P" / "Spawning Pool + W Werewolf" left the letter
    at the end of the line above its name, a play-test)."""
    kept = text.copy()
    kept.plain = kept.plain.replace(" ", KEEP)  # (as long: its styles stay)
    return kept


def legend(width: int = 0, letters: bool = True) -> Text:
    """What the board's letters and glyphs mean (shown where there is room),
    each entry whole on a line `width` cells wide (0: unbroken lines);
    without the tiles' and tokens' `letters` where the board names them
    in full (`SPACIOUS` cells)."""
    tokens = (Token.YETI, Token.BANDIT, Token.SPELLSLIME, Token.ROCKTOPUS, Token.WEREWOLF,
              Token.MINIBOSS, Token.HERO)
    rows = [
        [Text("Tiles", style="bold"), *(terrain_text(t) for t in Terrain)],
        [Text("Tokens", style="bold"), *(token_text(k) for k in tokens)],
        [Text.assemble((WATER.glyph, WATER.style), " water"),
         Text.assemble((MOUNTAIN.glyph, MOUNTAIN.style), " mountains"),
         Text(f"{PLACED} placed this turn")],
        [Text("›·‹ a choice now"), Text("[ ] cursor"), Text("«» first square picked")],
    ]
    if not letters:
        rows = rows[2:]
    return Text("\n").join(flow_parts(row, width, sep="  ", hang="  ") for row in rows)


def letter_key(view: State, leave_out: Collection[Terrain | Token | None] = ()) -> list[Text]:
    """The key of the letters on the board now, as the compact board shows
    them (`cell_face`): the tokens', then the tiles', those that do not
    start their names first (K Rocktopus, L Spellslime, P Spawning Pool);
    none of those named elsewhere (`leave_out`)."""
    cells = [cell(view, square) for square in range(view.geometry.size)]
    tokens = {c.token for c in cells if c.token is not None} - set(leave_out)
    terrains = {c.terrain for c in cells if c.terrain is not None} - set(leave_out)
    entries = [(k.letter, k.label, token_text(k)) for k in Token if k in tokens]
    entries += [(t.letter, t.label, terrain_text(t)) for t in Terrain if t in terrains]
    return [text for letter, label, text in
            sorted(entries, key=lambda e: e[1].startswith(e[0]))]


#: where `fit_letter_key` leaves entries out: F1 lists every letter
KEY_MORE = "F1: letters"


def fit_letter_key(entries: list[Text], width: int, lines: int) -> list[Text]:
    """As many of the key's `entries` as fit `lines` lines `width` cells
    wide, each whole, then `KEY_MORE` if some were left out; none if not
    even that fits."""
    for n in range(len(entries), -1, -1):
        shown = entries[:n] if n == len(entries) else [*entries[:n], Text(KEY_MORE)]
        rows = flow_parts(shown, width, sep="  ").split("\n")
        if shown and len(rows) <= lines:
            return list(rows)
    return []


class CellInfo(Flowed):
    """The square under the cursor in words (`set_lines`) and, at the foot
    of the lines they leave free, the key of the letters on the board
    (`set_key`): at 80x24 no legend fits, and "P K", "S L" read as riddles
    (a play-test)."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._key: tuple[Text, ...] = ()
        self._height = -1

    def set_key(self, entries: Sequence[Text]) -> None:
        if tuple(entries) != self._key:
            self._key = tuple(entries)
            self._fill()

    def laid_out_for_another_size(self) -> bool:
        return super().laid_out_for_another_size() or self.content_region.height != self._height

    def text_at(self, width: int) -> Text:
        text = super().text_at(width)
        text.plain = text.plain.replace(KEEP, " ")  # (`kept_whole`: flowed now)
        height = self._height = self.content_region.height
        free = height - len(text.plain.split("\n"))
        key = fit_letter_key(list(self._key), width, free)
        if not key:
            return text
        gap = [Text()] * (free - len(key))
        return Text("\n", end="").join([text, *gap, *key])


# -- the board as a grid ----------------------------------------------------------


def display_square(view: State, seat: int | None, row: int, col: int) -> int:
    """The square shown at display (`row`, `col`): seat 1 sees the board
    turned (a display transform only)."""
    square = GAME.square_at(view, row, col)
    return view.geometry.turned(square) if GAME.sees_board_turned(seat) else square


def cell_face(view: State, square: int, spacious: bool = False) -> Cell:
    """One square as the board draws it: letters always, colour on top;
    `spacious`: the tile and token named in full (`SPACIOUS` cells), where
    the roomy cells have short names."""
    c = cell(view, square)
    if c.terrain is None:
        return Cell(OPEN, OPEN_STYLE, (OPEN, ""), key=square)
    mid = PLACED if c.placed else " "
    token = c.token.letter if c.token is not None else " "
    text = f"{c.terrain.letter}{mid}{token}"
    if spacious:
        detail = (
            f"{c.terrain.letter}{mid}{c.terrain.label}",
            f"{c.token.letter} {c.token.label}" if c.token else "",
        )
    else:
        detail = (
            f"{c.terrain.letter}{mid}{SHORT_NAME[c.terrain]}",
            f"{c.token.letter} {SHORT_NAME.get(c.token, c.token.label)}" if c.token else "",
        )
    return Cell(text, TERRAIN_STYLE[c.terrain], detail, key=square)


def board_grid(view: State, seat: int | None, names: tuple[str, ...],
               estimate: tuple[int, int] | None = None, spacious: bool = False,
               hidden: frozenset[int] = frozenset()) -> Grid:
    """The whole board from `seat`'s side of the table (`spacious`: cells
    that name their tile and token in full, `cell_face`); a half's label
    gives the `estimate` "N+?" for the seats in `hidden` (a face-down Boss)."""
    rows, cols = GAME.board_size(view)
    g = view.geometry
    flip = GAME.sees_board_turned(seat)

    def edge_of(square: int, side: Side) -> Edge | None:
        side = _FLIP[side] if flip else side
        for s, kind in g.edges[square]:
            if s is side:
                return WATER if kind is EdgeKind.WATER else MOUNTAIN
        return None

    cells = []
    left, right = [], []
    for r in range(rows):
        squares = [display_square(view, seat, r, c) for c in range(cols)]
        cells.append(tuple(cell_face(view, s, spacious) for s in squares))
        left.append(edge_of(squares[0], Side.WEST))
        right.append(edge_of(squares[-1], Side.EAST))
    top = tuple(edge_of(display_square(view, seat, 0, c), Side.NORTH) for c in range(cols))
    bottom = tuple(edge_of(display_square(view, seat, rows - 1, c), Side.SOUTH)
                   for c in range(cols))
    rank_names, file_names = GAME.ranks(view), GAME.files(view)
    ranks = tuple(rank_names[rows - 1 - r if flip else r] for r in range(rows))
    files = tuple(file_names[cols - 1 - c if flip else c] for c in range(cols))
    far = g.owner[display_square(view, seat, 0, 0)]
    near = GAME.opponent(view, far)

    def label(owner: int, arrow: str) -> str:
        # (a possessive names the player bare: the players panel says who is
        # away; "bob's (away — bot pl" was left at 80 columns)
        who = "Your half" if owner == seat else f"{possessive(_name(names, owner))} half"
        if estimate is not None:
            pts = estimate[owner]
            # as the pad's Total: a face-down Boss's objective is still to
            # come (no "pts": "22+? pts" is cut on the 80-column board)
            who += (f" · {pts}+?" if owner in hidden
                    else f" · {counted(pts, 'pt')}")
        return f"{arrow} {who}"

    return Grid(
        cells=tuple(cells),
        left=tuple(left),
        right=tuple(right),
        top=top,
        bottom=bottom,
        dividers={GAME.divide_after(view): Divider("━", "bold", "divide")},
        row_labels=ranks,
        col_labels=files,
        top_label=label(far, "▲"),
        bottom_label=label(near, "▼"),
    )


def _theirs(text: str) -> str:
    """A Boss card's text as the opponent reads it ("your side" is theirs)."""
    return text.replace("your ", "their ").replace("Your ", "Their ")


def _name(names: tuple[str, ...], seat: int | None) -> str:
    if seat is None:
        return "?"
    return names[seat] if seat < len(names) else f"Boss {seat + 1}"


# -- legal actions as board moves --------------------------------------------------

#: (first square, second square or None, action)
Move = tuple[int, int | None, Any]


def board_moves(legal: tuple[Any, ...], *, spire: bool = False,
                token: Token | None = None) -> list[Move]:
    """The legal actions chosen on the board now, as square picks. With
    `spire`, only the Spire's moves; in the token steps, only those of
    `token`. A Road swap can be picked from either end."""
    out: list[Move] = []
    for a in legal:
        cls = a.__class__
        if spire:
            if cls is UseSpire:
                out.append((a.src, a.dst, a))
            continue
        if cls is PlaceTile:
            out.append((a.square, None, a))
        elif cls is Slide:
            out.append((a.src, a.dst, a))
        elif cls is SwapTokens:
            out.append((a.a, a.b, a))
            out.append((a.b, a.a, a))
        elif cls is SpawnHero:
            out.append((a.town, a.square, a))
        elif cls is PlaceToken:
            if token is None or a.token is token:
                out.append((a.square, None, a))
        elif cls is Destroy or cls is Poison or cls is Slay:
            out.append((a.square, None, a))
    return out


#: the line that ends a turn, as its reader reads it (`describe` of EndTurn:
#: "Bob ends their turn.", "You end your turn.")
_TURN_ENDS = re.compile(r" (?:ends their|end your) turn\.$")


def lair_rule_once(log: tuple[str, ...]) -> tuple[str, ...]:
    """`log` with `LAIR_RULE` only on the first line of each turn that says
    it: each monster placed from a lair said it (three times in a bot's
    turn, two of the log's lines each at 80x24), so a turn did not fit; said
    once a match, it had left the log's few rows long before a later turn's
    lair put a bot's monster on your half, unexplained again (a play-test).
    A line's words depend only on the lines before it: the log's first lines
    stay as they were, as the recap and the take-back's comparison need."""
    out, said = list(log), False
    for i, line in enumerate(log):
        if LAIR_RULE in line:
            if said:
                out[i] = line.replace(" " + LAIR_RULE, "")
            said = True
        elif _TURN_ENDS.search(line):
            said = False
    return log if out == list(log) else tuple(out)


def token_kinds(legal: tuple[Any, ...]) -> list[Token]:
    """The tokens the player may place now, in the rules' order (the
    drafted one first)."""
    out: list[Token] = []
    for a in legal:
        if a.__class__ is PlaceToken and a.token not in out:
            out.append(a.token)
    return out


class Legend(Widget):
    """The legend, laid out for the width it has (see `legend`)."""

    DEFAULT_CSS = """
    Legend {
        height: auto;
    }
    """

    #: the tiles' and tokens' letters too (not where the board names them)
    letters: reactive[bool] = reactive(True, layout=True)

    def render(self) -> Text:
        return legend(self.content_region.width, self.letters)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(legend(width, self.letters).plain.split("\n"))


class DuelMarket(Market):
    """The market, whose cursor (``▶``) shows only while it has the focus:
    where the cursor is, the arrows and Enter work (the focus is never
    shown in two places at once)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._titles: tuple[str, ...] = ()

    def content_lines(self) -> list[Text]:
        if self.has_focus or not self.picking:
            return super().content_lines()
        cursor = self.cursor
        self.set_reactive(DuelMarket.cursor, -1)  # drawn without it, no watcher
        try:
            return super().content_lines()
        finally:
            self.set_reactive(DuelMarket.cursor, cursor)

    def on_focus(self) -> None:
        self.refresh()

    def set_titles(self, titles: Sequence[str]) -> None:
        """The border title in wordings, longest first: the longest that
        fits the width is shown, again at each resize. At 80x24 it read
        "you drafted Icy Peak + Band…" (a play-test)."""
        self._titles = tuple(titles)
        self._fit_title()

    def on_resize(self) -> None:
        self._fit_title()

    def _fit_title(self) -> None:
        titles = self._titles
        if not titles:
            return
        # Textual's room for a title: the edge less a corner and a space
        # for each side border (80x24 has only a top border)
        sides = sum(1 for edge in (self.styles.border_left[0], self.styles.border_right[0])
                    if edge not in ("", "none"))
        room = self.outer_size.width - 2 - 2 * sides
        set_border(self, next((t for t in titles if len(t) <= room), titles[-1]))

    def on_blur(self) -> None:
        self.refresh()


#: a market pair given a tile or token, as the log tells it: group 1 the
#: pair, 2 what it gets with its article ("a Town")
_MARKET_GETS = re.compile(r"^Market pair (\d+) gets (.+)\.\Z")


def fold_market(lines: Sequence[str]) -> list[str]:
    """The log with the market dealt in one line ("The market is dealt:
    pair 1 gets a Town and a Bandit; pair 2 gets a Road and a Rocktopus."),
    every pair still named: the set-up wrote a line a tile or token, 8 of
    them opening the log a newcomer read first (a play-test), and the
    market shows them. A pair refilled in the game is told in one line
    ("Market pair 3 gets a Road and a Yeti."). Each pair is worded as that
    line words it: "3 Yeti · 4 Road + Rocktopus" read like three Yetis (a
    play-test). The journal keeps every line."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        if len(run) < 2:
            return [m.string for m in run]
        pairs: dict[str, list[str]] = {}
        for m in run:
            pairs.setdefault(m.group(1), []).append(m.group(2))
        told = [f"pair {pair} gets {' and '.join(got)}" for pair, got in pairs.items()]
        if len(told) == 1:
            return [f"Market {told[0]}."]
        return [f"The market is dealt: {'; '.join(told)}."]

    return fold_runs(lines, _MARKET_GETS, tell)


class OverbossScreen(GameScreen):
    """Overboss Duel at the table (see the module docstring for the keys)."""

    game_id = "overboss-duel"
    NOTICES_OVER = "#ob-log"
    #: the score pad in the log's place at 80x24: notices over the prompt
    NOTICES_AT_FINAL_FOOT = True
    IDLE_SAYS_PROMPT = False  # a notice repeating it was too tall for the log
    prompt_id = "ob-prompt"
    seat_word = "Boss"

    CSS_PATH = resources.css_path("screens/overboss.tcss")
    AUTO_FOCUS = None
    HORIZONTAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]]] = [(0, "-short"), (32, "-tall")]

    HELP_TITLE = "Overboss Duel"
    SINCE_SYMBOLS = since_symbols(board=True)  # the recap on the board and its cursor

    #: the bot's last turn (the tile that fills the board) goes over the results
    TELLS_LAST_MOVES = True
    #: beside the board, which shows the squares they name
    LAST_MOVES_BY = "#ob-left"
    #: the log's way back: l moves on the board, and no key here uses PgUp / PgDn
    PLAYER_PAGES_LOG = True

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"pick({n})", "Pick", key_display=NUMBER_KEYS, show=n == 1,
                    tooltip="Draft a market pair, or pick the token to place, by its number")
            for n in range(1, 10)
        ),
        Binding("s", "skip", "Skip", tooltip="Skip an optional effect"),
        Binding("x", "spire", "Spire",
                tooltip="Use a Spire: move a tile diagonally (once a turn); again to stop"),
        Binding("r", "reveal", "Reveal Boss", tooltip="Reveal your Boss (asks first)"),
        REMATCH_ON_R,  # the same key on the final board
        Binding("f", "refresh", "Refresh Spire", tooltip="Refresh one of your spent Spires"),
        Binding("e", "end_turn", "End turn", tooltip="End your turn"),
        Binding("c,escape,backspace", "cancel", "Cancel", key_display="c",
                tooltip="Cancel the first square of a two-square move, or the Spire"),
        RESULTS_ON_ESCAPE,  # the final table
        Binding("p", "pad", "Score pad", tooltip="Show or hide the score pad so far"),
        # the same key where it brings up the Bosses and lairs instead (the
        # final table's pad in their place at 80x24): the footer names that
        Binding("p", "lairs", "Bosses & lairs",
                tooltip="Show the Bosses and lairs in the final score pad's place"),
        # Tab goes between the places where your keys work now (the market or
        # the board, and the action bar), each showing its cursor when focused;
        # a watcher's between the panels they read (F1's words: `help_text`)
        Binding("tab", "cycle_focus(1)", "Next place", show=False, priority=True),
        Binding("shift+tab", "cycle_focus(-1)", "Previous place", show=False, priority=True),
        # Reached only where the focused widget leaves the arrows alone (the
        # action bar): they go back to the market or the board.
        Binding("up", "to_choices(-1)", "Up", show=False,
                tooltip="Back to the market (or the board) from the action bar"),
        Binding("down", "to_choices(1)", "Down", show=False,
                tooltip="Back to the market (or the board) from the action bar"),
        # Enter that nothing else took (the board with no square to choose):
        # it says why and what to do, instead of nothing at all
        Binding("enter,space", "enter_idle", "", show=False),
    ]

    HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("D I P R T S", "A tile's terrain: Dungeon, Icy Peak, Spawning Pool, Road, Town, "
                        "Sunken City (its letter, then its token's)"),
        ("Y B L K W", "Monsters: Yeti, Bandit, Spellslime, Rocktopus, Werewolf"),
        ("M H", "A miniboss, a hero"),
        (PLACED, "The tile placed this turn"),
        (f"{WATER.glyph} {MOUNTAIN.glyph}", "A water edge, a mountain edge"),
        ("━ divide ━", "Where one half of the board meets the other"),
        ("▲ ▼ half", "Whose half is at the top and the bottom (yours at the bottom), "
                     "with its points so far"),
        (f"›{OPEN}‹", "A square you may choose now"),
        ("[ ]", "The cursor"),
        ("« »", "The first square picked of a two-square move"),
        ("»", "The player whose turn it is"),
        (f"[{BACK}]", "A Boss still face down"),
        ("Spires ^1 v0", "A lair's Spires: ^ ready to use, v spent"),
        ("Crystals", "A lair's Crystals, by their terrain (Icy, Pool, Road, Town, "
                     "Sunken); where a line is full by the terrain's letter (R S T), and "
                     "only where even that won't fit their count"),
        ("Heroes", "Heroes slain, kept in the lair (1 point each)"),
        ("M Y to place", "Monsters and minibosses waiting in a lair: they must be placed "
                         "while any open terrain tile is left"),
        # the header (a play-test: "32 open", "est.", "heroes 15", "stack 64"
        # were explained nowhere; a wide header says them in words)
        ("Round 1 · 32 open", "The header: the round (a turn of each Boss), the open "
                              "squares left (the duel ends when the board is full)"),
        ("est.", "The scores if the duel ended now, as you can see them: a Boss still "
                 "face down on the other side adds nothing, so est. shows while it is (a "
                 "wide header says \"so far\", and \"Boss hidden\" while it is)"),
        ("12+?", "On the score pad and a half's label: a side's total without its face-down Boss, whose "
                 "objective (?) scores at the end, revealed or not"),
        ("heroes stack bag", "What is left: heroes in their supply, tiles in the stack, "
                             "tokens in the bag (a wide header: \"15 heroes left\", \"64 "
                             "tiles left\", \"68 tokens left\")"),
    )

    def __init__(self, port: Any, **kwargs: Any) -> None:
        super().__init__(port, **kwargs)
        #: the first square of a two-square move, once picked
        self._first: int | None = None
        #: Spire mode: the board offers the Spire's diagonal moves
        self._spire = False
        #: the token being placed (TOKEN / LAIR steps)
        self._token: Token | None = None
        #: show the running score pad instead of the log
        self._pad = False
        #: the duel over, show the Bosses and lairs instead of the final pad
        #: (its own flag: a running pad left open must not hide the final one)
        self._final_hidden = False
        #: the decision shown last, to reset half-made choices when it changes
        self._decision: tuple[Any, ...] | None = None
        self._focus_mode: str | None = None
        self._placed_cursor = False
        #: the results, held while the last moves are read and then the
        #: final table (`hold_the_results`): b or Enter brings them
        self._results_due: Any = None
        #: `GAME.score_pad(view)`, worked out once a view: the recap's score
        #: lines (each step's before and after: one step's after is the
        #: next one's before), its marks of changed scores and the running
        #: pad read the same views' pads (the newest view's was worked out
        #: three times an update). Kept: the newest step's two views, the
        #: view shown, the recap's first (its marks' span) and spares.
        self._pad_of: ViewMemo[Any] = ViewMemo(lambda view: GAME.score_pad(view), keep=6)
        #: what p did when the footer last read the keys (`_p_shows_lairs`)
        self._p_read: bool | None = None

    # -- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="ob-header")
        with Horizontal(id="ob-body"):
            with Vertical(id="ob-left"):
                yield Board(id="ob-board")
                yield CellInfo(id="ob-info")
                yield Legend(id="ob-legend")
            with Vertical(id="ob-right"):
                with Vertical(id="ob-offers"):
                    yield DuelMarket(id="ob-market", classes="panel",
                                     empty="The market is empty.")
                    yield Flowed(id="ob-players", classes="panel")
                    # scrolls: at 80x24 a tie's note and Baron Hex's went below the
                    # fold, cut, with no sign (the final table's tab gives it the keys)
                    with PadBox(id="ob-score-box", classes="panel", title="Score pad",
                                keys="↓ PgDn", reach="tab"):
                        yield ScorePad(id="ob-score")
                yield SinceLog(id="ob-log", classes="panel")
        with Vertical(id="ob-decide"):
            yield Flowed(id="ob-prompt")
            yield ActionBar(id="ob-actions")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#ob-market").border_title = "Market: tile + token"
        self.query_one("#ob-players").border_title = (
            "Bosses & lairs · Spires ^ready v spent"
        )
        log = self.query_one("#ob-log", SinceLog)
        log.border_title = "Log · PgUp PgDn"
        log.fold = fold_market
        self.query_one("#ob-score-box").display = False
        if self.update is not None:
            self._redraw(self.update)

    def on_resize(self) -> None:
        # beside the offers, the log is as tall as the screen (overboss.tcss)
        self.set_class(self.size.width >= LOG_BESIDE_FROM, "-log-beside")
        if self.update is not None and self.is_mounted:
            self._redraw(self.update)

    # -- the contract -----------------------------------------------------------------

    def show(self, update: TableUpdate) -> None:
        super().show(self._rule_once(update))

    def witness(self, update: TableUpdate) -> None:
        # the recap compares every update's log with the last: all the same words
        super().witness(self._rule_once(update))

    @staticmethod
    def _rule_once(update: TableUpdate) -> TableUpdate:
        """`update` with its log saying the lair rule once a turn (`lair_rule_once`),
        in the log, the recap and the last moves told over the results."""
        log = lair_rule_once(update.log)
        return update if log is update.log else attrs.evolve(update, log=log)

    # -- helpers on the update ----------------------------------------------------------

    @property
    def _step(self) -> Step | None:
        view = self._view
        if view is None or self.update is None or not self.update.legal:
            return None
        return view.step

    def _roomy(self) -> bool:
        """Room for the board's `ROOMY` cells: the breakpoints' tall and
        wide screen, or from `ROOMY_FROM` (at 100x30 the compact board left
        three quarters of the screen to the market and the log)."""
        width, height = self.size
        return (self.has_class("-tall") and self.has_class("-wide")) or (
            width >= ROOMY_FROM[0] and height >= ROOMY_FROM[1])

    def _spacious(self) -> bool:
        """Room for `SPACIOUS` cells: the 4x8 board's 8 rows of 3 lines and
        its legend stand beside a side column of 80 columns or more (at
        160x45, the board's 12x2 cells left two thirds of the screen to the
        log)."""
        width, height = self.size
        return self._roomy() and width >= SPACIOUS_FROM[0] and height >= SPACIOUS_FROM[1]

    def _moves(self) -> list[Move]:
        update = self.update
        if update is None or not update.legal:
            return []
        step = self._step
        if not self._spire and step not in _BOARD_STEPS:
            return []
        return board_moves(update.legal, spire=self._spire, token=self._token)

    def _targets(self) -> tuple[set[int], set[int]]:
        """(targets, marked) on the board now."""
        moves = self._moves()
        if self._first is None:
            return {m[0] for m in moves}, set()
        return {m[1] for m in moves if m[0] == self._first and m[1] is not None}, {self._first}

    def _slot_pick(self) -> list[int]:
        """King Croak with a square picked and several market Dungeons: the
        market places to choose from."""
        update = self.update
        if update is None or self._first is None or self._step is not Step.CROAK:
            return []
        return [a.slot for a in update.legal
                if isinstance(a, Destroy) and a.square == self._first]

    def _market_mode(self) -> str | None:
        """What the market offers now: "draft", "hex", "croak" or None."""
        step = self._step
        if self._spire or step is None:
            return None
        if step is Step.DRAFT:
            return "draft"
        if step is Step.HEX:
            return "hex"
        if len(self._slot_pick()) > 1:
            return "croak"
        return None

    def _market_action(self, slot: int) -> Any | None:
        mode = self._market_mode()
        if mode == "draft":
            action: Any = Draft(slot)
        elif mode == "hex":
            action = TakeToken(slot)
        elif mode == "croak" and self._first is not None:
            action = Destroy(self._first, slot)
        else:
            return None
        return action if self._legal(action) else None

    # -- drawing ------------------------------------------------------------------

    def _sync_decision(self, update: TableUpdate) -> None:
        """Drop half-made choices when the decision changes."""
        view: State = update.view
        key = (view.step, view.turn, view.turns, update.legal)
        if key != self._decision:
            self._decision = key
            self._first = None
            if not any(isinstance(a, UseSpire) for a in update.legal):
                self._spire = False
            elif self._spire and view.spire_used:
                self._spire = False
        kinds = token_kinds(update.legal)
        if self._token not in kinds:
            self._token = kinds[0] if kinds else None

    def _changes(self, before: State, after: State) -> dict[str, frozenset]:
        """What a player marks: squares whose tile or token changed, market
        places, and each player's lair and Boss card."""
        def squares(view: State) -> dict[int, Any]:
            return dict(enumerate(zip(view.tiles, view.tokens, strict=True)))

        def players(view: State) -> dict[int, Any]:
            return {s: (lair, view.bosses[s], view.revealed[s])
                    for s, lair in enumerate(view.lairs)}

        return {
            "score": changed_keys(dict(enumerate(self._pad_of(before).totals)),
                                  dict(enumerate(self._pad_of(after).totals))),
            "squares": changed_keys(squares(before), squares(after)),
            "market": changed_keys(dict(enumerate(before.market)), dict(enumerate(after.market))),
            "players": changed_keys(players(before), players(after)),
        }

    def score_changes(self, before: State, after: State) -> Sequence[Sequence[tuple[str, int]]]:
        # (two views of the viewer's: a face-down Boss hidden from it scores
        # 0 in both, so its objective is never told, OD §Boss Cards); as
        # `GAME.score_changes` says it, from the pads worked out already (`_pad_of`)
        return row_changes(self._pad_of(before).categories, self._pad_of(after).categories)

    def score_row_name(self, name: str, seat: int, view: State) -> str:
        """The Boss objective by its Boss: "King Croak +1" says why, where
        "Boss objective +1" left the player to look the card up (a Boss the
        view does not show scores nothing in it, so it is never named)."""
        boss = view.bosses[seat] if seat < len(view.bosses) else None
        return bosses.title(boss) if name == "Boss objective" and boss is not None else name

    def _redraw(self, update: TableUpdate) -> None:
        self._sync_decision(update)
        self._draw_header(update)
        self._draw_board(update)
        self._draw_market(update)
        self._draw_players(update)
        self._draw_score(update)
        self._draw_log(self.query_one("#ob-log", SinceLog), update)
        self._draw_prompt()
        self._draw_actions()
        self._draw_info()
        self._focus_for_mode()

    def fold_moves(self, lines: list[str]) -> list[str]:
        # the market dealt in a line, as the log shows it
        return fold_market(lines)

    def number_words(self) -> str | None:
        """The market's places while drafting (or Baron Hex taking, King
        Croak choosing a Dungeon), the tokens while placing."""
        mode = self._market_mode()
        if mode is not None:
            return {"draft": "Draft", "hex": "Take"}.get(mode, "Pick")
        return "Token" if self.number_keys() else None

    def _estimate(self, view: State) -> tuple[int, int]:
        """The running score per side (the final scores once it is over)."""
        outcome = self._outcome()
        if outcome is not None:
            return tuple(outcome.counted)  # type: ignore[return-value]
        return self._pad_of(view).totals

    @staticmethod
    def _hidden_bosses(view: State) -> frozenset[int]:
        """The seats whose Boss this view does not show (face down on the
        other side; both for a spectator); none once the duel is over."""
        if view.step is Step.OVER:
            return frozenset()
        return frozenset(s for s in (0, 1) if view.bosses[s] is None)

    def _draw_header(self, update: TableUpdate) -> None:
        view: State = update.view
        est = self._estimate(view)
        me = update.seat if update.seat is not None else 0
        other = GAME.opponent(view, me)
        wide = self.has_class("-wide")
        # Whose view it is comes first, never cut off; when the line is too
        # long, the supplies give way: the bag, then the stack (neither runs
        # out in a duel: 68 of each for 32 squares), the heroes last (15 run
        # out, and who gets the last ones is a choice: OD-19).
        parts = [Text("Overboss Duel", style="bold")] if wide else []
        if not wide and update.seat is None and self.here:
            # without the game's name before it, "for everyone" read as cut
            # off (a play-test): said as a player's view is, "Ann's view"
            parts.append(Text("Everyone's view", style="bold"))
        else:
            parts.append(self._viewer_text(update))
        over = view.step is Step.OVER
        # The line keeps the same fields turn to turn: which it keeps, and
        # in which words, is decided on the line at its widest (both scores
        # marked changed, every number two digits), else the • marks took
        # the stack off the line and gave it back (a play-test at 80x24).
        stack, bag = GAME.stack_size(view), GAME.bag_size(view)
        scores = self.changed("score")  # a score changed since your last move: • underlined
        hidden = other in self._hidden_bosses(view)
        # "est.": a hidden Boss is left out; with none, the score is exact
        estimated = bool(self._hidden_bosses(view))

        def leveled(seat: int, mark: str) -> str:
            level = update.level_of(seat)
            return level_mark(level, mark) if level else ""

        def forms(widest: bool, mark: str = LEVEL_FORMS[0]) -> list[list[Text]]:
            """The line in words, short, then shorter where the short one
            loses a field: "Ann 7:5 Bob", then also "Rd 9"; a bot of the
            match's named with its level in `mark` ("Bob (normal bot)")."""
            def n(value: int) -> str:
                return "8" * max(2, len(str(value))) if widest else str(value)

            first = list(parts)
            abridged = list(parts)  # "Rd 9"
            if not over:
                open_squares = len(GAME.open_squares(view))
                # rounds, a turn of each Boss: "Turn" counted every turn,
                # and a player saw 1, 3, 5... at their own turns (a play-test)
                number = n(GAME.round_number(view))
                first.append(Text(f"round {number}" if wide else f"Round {number}"))
                abridged.append(Text(f"Rd {number}"))
                squares = f" square{'s' if open_squares != 1 else ''}" if wide else ""
                first.append(Text(f"{n(open_squares)} open{squares}"))
                abridged.append(Text(f"{n(open_squares)} open"))
            mine, theirs = (f"{CHANGED if widest or s in scores else ''}{n(est[s])}"
                            for s in (me, other))

            def score(cells: int | None, words: bool, colon: str = " : ") -> Text:
                # (names without the away mark; long ones `fit_line` shortens)
                left = f"{shortened(self._bare_who(me), cells)}{leveled(me, mark)} {mine}"
                them = shortened(self._bare_who(other), cells)
                # "est." in words where there is room (F1 and the rules say it too)
                after = "" if over else (" est." if estimated else "") if not words else (
                    " so far (Bosses hidden)" if len(self._hidden_bosses(view)) == 2
                    else f" so far ({possessive(them)} Boss hidden)" if hidden else " so far")
                text = Text.assemble((left, "bold"), colon,
                                     (f"{theirs} {them}{leveled(other, mark)}", "bold"), after)
                if me in scores:
                    text.stylize("underline", len(left) - len(mine), len(left))
                if other in scores:
                    at = len(left) + len(colon)
                    text.stylize("underline", at, at + len(theirs))
                return text

            supplies = [Text(f"heroes {n(view.heroes)}"), Text(f"stack {n(stack)}"),
                        Text(f"bag {n(bag)}")]
            short = [*first, NamingText(lambda cells: score(cells, False)), *supplies]
            snug = [*first, NamingText(lambda cells: score(cells, False, ":")), *supplies]
            tight = [*abridged, NamingText(lambda cells: score(cells, False, ":")), *supplies]
            # the supplies in words too, where the whole line has room for
            # them with every name whole; else the short form (F1 explains it)
            long = [*first, NamingText(lambda cells: score(cells, True)),
                    Text(f"{n(view.heroes)} heroes left"), Text(f"{n(stack)} tiles left"),
                    Text(f"{n(bag)} tokens left")]
            return [long, short, snug, tight]

        width = self._header_width()
        # a bot of the match's says its level (a stand-in has none): in
        # whole words where the line keeps as many fields with them, else
        # shorter ("Bob (n)" at 80 columns, as F1's bot levels list it)
        marks = (LEVEL_FORMS if any(update.level_of(s) for s in (me, other))
                 else LEVEL_FORMS[:1])

        def kept(line: list[Text]) -> int:
            """How many parts of `line` fit: the supplies give way from the
            last (as `fit_line` leaves them out, names at their shortest)."""
            for count in range(len(line), len(line) - 3, -1):
                shown = [p.build(NAME_SHORTEST) if isinstance(p, NamingText) else p
                         for p in line[:count]]
                if Text(" · ").join(shown).cell_len <= width:
                    return count
            return len(line) - 3

        widest = forms(True, marks[0])
        mark = marks[0]
        if Text(" · ").join(widest[0]).cell_len <= width:  # (names whole)
            form, count = 0, len(widest[0])
        else:  # the most fields, in the longest words that keep them (the
            # bag, which never runs out, is not worth shorter words), a
            # bot's level in the longest words that keep as many
            best: tuple[int, int, str, int] | None = None
            for said in marks:
                lines = widest if said == marks[0] else forms(True, said)
                counts = [kept(line) for line in lines[1:]]
                for index, fields in enumerate(counts):
                    worth = min(fields, len(lines[1]) - 1)
                    if best is None or worth > best[0]:
                        best = (worth, index + 1, said, fields)
            assert best is not None
            _, form, mark, count = best
        header = fit_line(forms(False, mark)[form][:count], width)
        update_static(self.query_one("#ob-header", Static), header)

    def _draw_board(self, update: TableUpdate) -> None:
        view: State = update.view
        board = self.query_one("#ob-board", Board)
        spacious = self._spacious()
        board.set_roomy_size(SPACIOUS if spacious else ROOMY)
        self.query_one("#ob-legend", Legend).letters = not spacious
        board.roomy = self._roomy()
        targets, marked = self._targets()
        grid = board_grid(view, update.seat, update.names, self._estimate(view), spacious,
                          hidden=self._hidden_bosses(view))
        board.set_grid(grid, targets=targets, marked=marked, settle=False)
        board.set_changed(self.changed("squares"))
        if not self._placed_cursor:
            # Start on the viewer's own half (the bottom rows), left.
            self._placed_cursor = True
            board.move_cursor(grid.rows - 1, 0)
        # The cursor moves only when the player moves it (arrows, n, a
        # click): a cursor that jumped to the nearest square on offer when
        # the offer changed made arrow presses counted from where it had
        # been land a square off. Off the squares on offer the info line
        # says so, and n finds one.

    def _draw_market(self, update: TableUpdate) -> None:
        view: State = update.view
        market = self.query_one("#ob-market", DuelMarket)
        mode = self._market_mode()
        slots = set(self._slot_pick())
        offers = []
        for slot, pair in enumerate(view.market):
            key = str(slot + 1)
            if pair.tile is None and pair.token is None:
                offers.append(Offer("", key=key, gone=True,
                                    gone_text="— taken —" if view.step is not Step.REFILL else "…"))
                continue
            label = Text(no_wrap=True)
            if pair.tile is not None:
                label.append_text(terrain_text(pair.tile, name=True))
            else:
                label.append("no tile", style="dim italic")
            label.append("  +  ")
            if pair.token is not None:
                label.append_text(token_text(pair.token))
            else:
                label.append("no token", style="dim italic")
            tag = ""
            if GAME.pair_matches(view, slot):
                tag = "matches"
            elif pair.token is not None and GAME.goes_to_lair(pair.token):
                tag = "goes to the lair"
            if mode == "croak":
                enabled = slot in slots
            elif mode is not None:
                enabled = self._market_action(slot) is not None
            else:
                enabled = GAME.pair_draftable(view, slot)
            offers.append(Offer(label, key=key, enabled=enabled, tag=tag))
        slots = self.changed("market")
        offers = mark_rows(offers, [slot in slots for slot in range(len(offers))],
                           column=self._marking())
        market.set_offers(offers, picking=mode is not None)
        titles = ["Market: tile + token"]
        drafted = [k.label for k in (view.hand_tile, view.hand_token) if k is not None]
        if drafted:
            names = " + ".join(drafted)
            who = "you" if view.turn == update.seat else self._who(view.turn)
            # a sentence's capital for "you" only: a name stays as its player
            # wrote it ("Bob (left — bot playing)" stood for bob)
            first = "You" if who == "you" else who
            titles = [f"{titles[0]} · {who} drafted {names}", f"Market · {who} drafted {names}",
                      f"{first} drafted {names}", f"Drafted: {names}"]
        market.set_titles(titles)

    def _in_force(self, view: State, update: TableUpdate) -> dict[int, list[Wordings]]:
        """OD §Boss Cards: the lasting powers of the face-up Bosses (open
        knowledge), by the seat each binds: King Croak's goes with his
        opponent ("You cannot move Dungeons" stood under King Croak, the
        other player's panel, a play-test). Each line in a few wordings, the
        longest that fits one line shown (80x24 left the log 3 lines)."""
        lines: dict[int, list[Wordings]] = {seat: [] for seat in range(len(view.bosses))}
        for owner, boss in enumerate(view.bosses):
            if boss is None or not view.revealed[owner] or not bosses.card(boss).lasting:
                continue
            card = bosses.card(boss)
            mine = owner == update.seat
            if card.binds_opponent:
                bound = GAME.opponent(view, owner)
                you = bound == update.seat
                said = card.lasting.replace("Your opponent", "You" if you else "They")
                source = f"your {bosses.title(boss)}" if mine else (
                    f"{possessive(self._bare_who(owner))} {bosses.title(boss)}")
                wordings = [f"In force ({source}): {said}", f"In force: {said}"]
            else:
                bound = owner
                said = card.lasting if mine else _theirs(card.lasting)
                wordings = [f"In force: {said}"]
                if card.lasting_short:
                    wordings.append(f"In force: {card.lasting_short}")
            lines[bound].append(Wordings(tuple(Text(f"    {w}", style="dim") for w in wordings)))
        return lines

    def _player_lines(self, view: State, seat: int, update: TableUpdate,
                      in_force: Sequence[Wordings] = ()) -> list[Text | Parts | Wordings]:
        """A player's Boss card, the lasting powers `in_force` on them, and
        their lair (open knowledge), three lines or so."""
        wide = self.has_class("-wide")
        me = seat == update.seat
        turn = GAME.seat_in_turn(view) == seat
        head = Text(end="")
        reveal: Parts | Wordings | None = None
        head.append("» " if turn else "  ", style="bold")
        head.append(self._who(seat) + (" (you)" if me else self._level_suffix(seat, update)),
                    style="bold")
        head.append(" · ")
        boss = view.bosses[seat]
        if boss is None:
            head.append(f"Boss [{BACK}] face down", style="dim")
        else:
            card = bosses.card(boss)
            head.append(bosses.title(boss), style="bold")
            hidden = " · never revealed" if view.step is Step.OVER else " · face down"
            head.append(" · revealed" if view.revealed[seat] else hidden, style="italic")
            objective = card.objective if me else _theirs(card.objective)
            head.append(f": {objective}")
            # no reveal once the duel is over (OD §Turn Order 7)
            revealable = me and not view.revealed[seat] and view.step is not Step.OVER
            if wide and revealable:
                # its own line, indented when it wraps too (wrapped with the
                # head it went on at the panel's left edge)
                reveal = Parts((Text(f"Reveal (r): {card.reveal}", style="dim"),),
                               indent="    ")
            elif revealable:
                # one line (80x24's log is short): said shortly where it must be
                reveal = Wordings(tuple(Text(f"    Reveal (r): {said}", style="dim")
                                        for said in (card.reveal, card.reveal_short) if said))
        lair = view.lairs[seat]
        # a cell short of the panel's edge: a line reaching it looked cut off
        room = self.query_one("#ob-players").content_region.width - 1
        parts, sep = lair_parts(lair, wide=wide, room=room, over=view.step is Step.OVER)
        return [head, *([reveal] if reveal else []), *in_force,
                Parts(tuple(parts), sep=sep, indent="    ")]

    def _level_suffix(self, seat: int, update: TableUpdate) -> str:
        """A bot of the match's level beside its name in the Bosses panel,
        " (hard)", as Boss Quest's knights panel says it (the header has it
        too); nothing for a person or a stand-in for one away."""
        level = update.level_of(seat)
        if not level or split_mark(self._who(seat))[1]:
            return ""
        return level_mark(level, LEVEL_FORMS[1])

    def _marking(self) -> bool:
        """Whether there is a recap whose steps may mark the players and the
        market: their column for "•" is kept for all of it. Kept only for a
        step that changed them, stepping with ] moved the heads a column
        right and back and the players' lines re-wrapped (a play-test at
        80x24)."""
        return bool(self.recap.steps)

    def _draw_players(self, update: TableUpdate) -> None:
        view: State = update.view
        me = update.seat if update.seat is not None else 0
        other = GAME.opponent(view, me)
        changed = self.changed("players")
        wide = self.has_class("-wide")
        lines: list[Text | Parts | Wordings] = []
        in_force = self._in_force(view, update)
        for seat in (me, other):
            head, *rest = self._player_lines(view, seat, update, in_force[seat])
            if changed or self._marking():  # a lair or a Boss changed since your last move
                head = marked_text(head, seat in changed)
                head.end = ""
            # wrapped under the lines below it, not at the panel's edge; at
            # 80x24 from the edge, where the indent cost the log a row
            lines += [Parts((head,), hang="    ") if wide else head, *rest]
        self.query_one("#ob-players", Flowed).set_lines(lines)

    def _outcome(self) -> Any:
        """The final score pad: the match's outcome that the update carries
        once it is over (every Boss is scored then), else the view's."""
        update = self.update
        if update is None or update.view.step is not Step.OVER:
            return None
        return update.outcome if update.outcome is not None else GAME.outcome(update.view)

    def _running_pad(self) -> bool:
        """Whether the running score pad shows: `p` toggles it, from shown
        where the log stands beside it with room under the lairs for it
        (`LOG_BESIDE_FROM`, `SPACIOUS_FROM`), else from hidden."""
        return self._pad != (self._spacious() and self.has_class("-log-beside"))

    def _draw_score(self, update: TableUpdate) -> None:
        """The final score pad once the duel is over; before that the
        running estimate, while `p` shows it (see `_running_pad`). At 80x24
        it takes the room of the market and the players."""
        view: State = update.view
        pad = self.query_one("#ob-score", ScorePad)
        box = self.query_one("#ob-score-box", PadBox)
        outcome = self._outcome()
        if outcome is not None:
            box.set_title("Final score pad")
            pad.set_pad(update.names, outcome.breakdown, winners=outcome.winners,
                        notes=outcome.notes)
        elif self._running_pad():
            estimate = self._pad_of(view)
            box.set_title("Score pad so far (p hides it)")
            # a face-down Boss's objective is not 0 but unknown: it scores
            # at the end, revealed or not (OD §Boss cards)
            hidden = self._hidden_bosses(view)
            categories: list[tuple[str, tuple[int | str, ...]]] = [
                (name, tuple("?" if name == "Boss objective" and s in hidden else v
                             for s, v in enumerate(values)))
                for name, values in estimate.categories]
            categories.append(("Total", tuple(f"{v}+?" if s in hidden else v
                                              for s, v in enumerate(estimate.totals))))
            pad.set_pad(update.names, categories)
        # over, p hides the final pad: at 80x24 it hid the Bosses and lairs
        shown = (not self._final_hidden) if outcome is not None else self._running_pad()
        box.display = shown
        short = not self.has_class("-tall")
        self.set_class(outcome is not None and shown, "-final-pad")
        self.query_one("#ob-market").display = outcome is None and not (shown and short)
        self.query_one("#ob-players").display = not (shown and short)
        if self._p_shows_lairs() != self._p_read:
            # the footer names what p does now; read whenever that changes
            # only (an update's `show` reads the keys after drawing anyway:
            # the footer read every binding twice an update)
            self.refresh_bindings()

    def refresh_bindings(self) -> None:
        self._p_read = self._p_shows_lairs() if self.is_mounted else None
        super().refresh_bindings()

    def on_unmount(self) -> None:
        self._pad_of.clear()  # (their views go with the screen)

    # -- the prompt, the action bar and the info line -------------------------------

    def redraw_thinking(self, update: TableUpdate) -> None:
        self._draw_prompt()  # the prompt says who is thinking, and for how long

    def _draw_prompt(self) -> None:
        # The moves open at any moment of a turn (Spire, reveal) are the
        # action bar's: the prompt named them too, a third time with the
        # footer, in two of 24 rows.
        self.query_one("#ob-prompt", Flowed).set_lines([self._prompt_text()])

    def _key(self, key: str) -> tuple[str, str]:
        return (key, "bold reverse")

    def _prompt_text(self) -> Text:
        update = self.update
        if update is None:
            return Text("Waiting for the table…", style="italic")
        stopped = self.stopped_prompt(update)
        if stopped is not None:
            return stopped
        view: State = update.view
        if view.step is Step.OVER:
            outcome = self._outcome()
            if outcome is None:
                return Text("The duel is over.", style="bold")
            scores = outcome.counted
            # OD-12: tied on Power, the tile score decided (or tied too)
            tie = GAME.tie_words(outcome)
            if tie:
                head = name_seats(tie, [self._who(s) for s in (0, 1)]) + "!"
            else:
                (w,) = outcome.winners
                o = GAME.opponent(view, w)
                head = f"{self._who(w)} wins {scores[w]} to {scores[o]}!"
            # b, as in Overseers and Overstocked: the final table is reached
            # from the results, and the rematch is there
            if self.has_class("-tall"):
                where = Text(" The score pad is on the right. ")
            elif self._final_hidden:
                where = Text.assemble(" The Bosses and lairs are on the right; ",
                                      self._key("p"), " shows the score pad. ")
            else:
                where = Text.assemble(" The score pad is on the right; ", self._key("p"),
                                      " shows the Bosses and lairs. ")
            rematch = (self._key("r"), " rematch · ") if self.rematch_offered else ()
            return Text.assemble(("The duel is over. ", "bold"), (head, "bold"),
                                 where, *rematch, self._key("b"),
                                 " the results · ", self._key("q"), f" {self.leads_to}.")
        step = self._step
        if step is None:
            return self._waiting_text(update)
        k = self._key
        move = Text.assemble(k("←↑↓→"), "/", k("hjkl"), " + ", k("↵"))
        cancel = Text.assemble(", ", k("c"), " cancels")
        if self._spire:
            if self._first is None:
                return Text.assemble(("Spire: ", "bold"), "pick a tile to move diagonally ",
                                     move, ". ", k("x"), "/", k("c"), " leave Spire mode.")
            return Text.assemble(("Spire: ", "bold"), f"move the tile from {self._sq(self._first)} "
                                 "to a highlighted square ", move, cancel, ".")
        if step is Step.DRAFT:
            # the pairs there are (an empty place, the stack run out, takes
            # none); only here: at another step there are none, and "1-9"
            # stood for them
            pairs = number_range([str(a.slot + 1) for a in update.legal if isinstance(a, Draft)])
            if not self.query_one("#ob-market").display:
                # the score pad took the market's place (a short screen): the
                # numbers still draft, and p brings the market back
                return Text.assemble(("Your turn: ", "bold"), "draft a pair: ", k(pairs),
                                     " (the score pad hides the market: ", k("p"),
                                     " shows it).")
            return Text.assemble(("Your turn: ", "bold"), "draft a pair: ", k(pairs),
                                 " or ", k("↑↓"), " + ", k("↵"), " in the market.")
        if step is Step.PLACE_TILE:
            tile = view.hand_tile.label if view.hand_tile is not None else "tile"
            return Text.assemble((f"Place the {tile}", "bold"),
                                 " on any open square ›·‹ of either half: ", move, ".")
        if step in (Step.SLIDE, Step.FROST):
            who = "Icy Peak" if step is Step.SLIDE else "Queen Rimefang"
            what = "another tile" if step is Step.SLIDE else "any tile"
            if self._first is None:
                return Text.assemble((f"{who}: ", "bold"), f"you may slide {what} in a straight "
                                     "line. Pick the tile ", move, ", then where it stops; ",
                                     k("s"), " skips.")
            return Text.assemble((f"{who}: ", "bold"), f"slide the tile from {self._sq(self._first)}"
                                 " to a highlighted square", cancel, ".")
        if step is Step.SWAP:
            if self._first is None:
                return Text.assemble(("Road: ", "bold"), "you may swap two tokens. Pick the first ",
                                     move, ", then the second; ", k("s"), " skips.")
            return Text.assemble(("Road: ", "bold"), f"swap the token on {self._sq(self._first)} "
                                 "with a highlighted one", cancel, ".")
        if step is Step.SPAWN:
            if self._first is None:
                return Text.assemble(("Towns spawn heroes: ", "bold"), "pick a Town ", move,
                                     " (one at a time; its hero lands on it, or next to it).")
            return Text.assemble(("Town: ", "bold"), "pick the square where the hero of the "
                                 f"Town on {self._sq(self._first)} spawns", cancel, ".")
        if step is Step.REFRESH:
            return Text.assemble(("Sunken City: ", "bold"), "refresh one of your spent Spires? ",
                                 k("f"), " refresh, ", k("s"), " skip.")
        if step in (Step.TOKEN, Step.LAIR):
            kinds = token_kinds(update.legal)
            token = self._token.label if self._token is not None else "token"
            head = (f"Place the {token}" if step is Step.TOKEN
                    else f"Your lair's monsters must go on open terrain: place the {token}")
            text = Text.assemble((head, "bold"), " on a highlighted square ", move, ".")
            # OD-13: the drafted token not offered, said first (a play-test:
            # only the lair's monsters were offered, and the Yeti left the
            # choice without a word; the log told it after the placing)
            waits = GAME.why_drafted_waits(view) if step is Step.TOKEN else None
            if waits is not None:
                text = Text.assemble(f"{waits[:1].upper()}{waits[1:]}: it waits in your lair. ",
                                     text)
            if len(kinds) > 1:
                text.append_text(Text.assemble(" ", k(f"1-{len(kinds)}"), " picks another token."))
            if step is Step.TOKEN and any(isinstance(a, Skip) for a in update.legal):
                # OD-13: no open terrain, so the drafted token may wait instead
                # (and with it the lair's: "it" read as the token named)
                text.append_text(Text.assemble(" Or ", k("s"), " keeps it in your lair." if waits
                                               is None else " places none: all wait there."))
            return text
        if step is Step.END:
            # u only where the session would take it back (a draw since
            # locks it: the prompt offered it and u was refused)
            # ending the turn always draws new pairs (the stack outlasts the
            # board), and u stops at a draw: this is its last chance
            undo = (Text.assemble("; ", k("u"), " takes back (not after: new pairs are drawn)")
                    if update.can_undo else "")
            return Text.assemble(("Pair placed. ", "bold"), k("e"), " (or ", k("↵"),
                                 ") ends your turn", undo, ".")
        if step is Step.CROAK:
            slots = self._slot_pick()
            if len(slots) > 1:
                # the places holding a Dungeon (not the pairs to draft, none
                # at this step: "1-9", where 9 chose nothing)
                dungeons = number_range([str(slot + 1) for slot in slots])
                return Text.assemble(("King Croak: ", "bold"), "which market Dungeon takes its place? ",
                                     k(dungeons), "; ", k("c"), " cancels.")
            return Text.assemble(("King Croak: ", "bold"), "pick a tile to destroy (a market Dungeon "
                                 "takes its place) ", move, "; ", k("s"), " skips.")
        if step is Step.POISON:
            return Text.assemble(("Belladonna: ", "bold"), "pick a token on the board to return ",
                                 move, "; ", k("s"), " skips.")
        if step is Step.HEX:
            # the places whose token may be taken (not the pairs to draft)
            tokens = number_range([str(a.slot + 1) for a in update.legal
                                   if isinstance(a, TakeToken)])
            return Text.assemble(("Baron Hex: ", "bold"), "take a token from the market: ",
                                 k(tokens), "; ", k("s"), " skips.")
        if step is Step.SLAY:
            return Text.assemble(("Warlord Grimtusk: ", "bold"), "pick a hero to slay ", move,
                                 "; ", k("s"), " skips.")
        return Text(str(step))

    def _waiting_text(self, update: TableUpdate) -> Text:
        view: State = update.view
        if CHANCE in update.to_act:
            return Text(_CHANCE_TEXT.get(view.step, "…"), style="italic")
        seats = sorted(s for s in update.to_act if s >= 0)
        if not seats:
            return Text("Waiting…", style="italic")
        seat = seats[0]
        me = seat == update.seat
        doing = _DOING.get(view.step, "using {their} Boss's reveal")  # else an ability step
        stand_in = not me and bool(split_mark(self._who(seat))[1])
        if self.is_away(update, seat) or stand_in:
            # not "Bob (away) is placing a tile": he is not here; a bot
            # standing in for him is said so, not with his mark
            text = Text(f"{self._whose(seat)} turn ({doing.format(their='their')})",
                        style="bold")
            if stand_in and seat in update.bots:
                text.append(f", a bot playing for {self._bare_who(seat)}", style="italic")
        else:
            who = "You are" if me else f"{self._who(seat)} is"
            text = Text(f"{who} {doing.format(their='your' if me else 'their')}", style="bold")
        if update.thinking == seat:
            text.append(f", {self.thinking_words(update)}", style="italic")
        elif me:
            text.append(", waiting for the table…", style="italic")
        text.append(self.away_note(update), style="italic")
        text.append(f" · arrows read {self._arrows_read()}", style="dim")
        return text

    def _arrows_read(self) -> str:
        """What the arrows read while the seat shown decides nothing: the
        board, or the panel a watcher's Tab gave them."""
        focused = self.focused
        if focused is not None and focused.id in ("ob-log", "ob-score-box"):
            panel = "the log" if focused.id == "ob-log" else "the score pad"
            return f"{panel} (Escape: the board)"
        return "the board"

    def on_descendant_focus(self) -> None:
        if self.update is not None and self.update.seat is None:
            self._draw_prompt()  # a watcher's Tab: the arrows read another panel

    def _sq(self, square: int) -> str:
        view = self._view
        return view.geometry.names[square] if view is not None else str(square)

    def _draw_actions(self) -> None:
        bar = self.query_one("#ob-actions", ActionBar)
        update = self.update
        step = self._step
        choices: list[Choice] = []
        if update is None or step is None:
            # kept on screen, empty, so that the board does not move (and the
            # screen is not laid out again) at every turn
            bar.set_choices([])
            return
        if step in (Step.TOKEN, Step.LAIR) and not self._spire:
            kinds = token_kinds(update.legal)
            if len(kinds) > 1:
                hand = update.view.hand_token
                for n, kind in enumerate(kinds, 1):
                    mark = "●" if kind is self._token else "○"
                    where = " (drafted)" if kind is hand and step is Step.TOKEN else " (lair)"
                    choices.append(Choice(str(n), f"{mark} {kind.label}{where}", ("token", kind)))
        if self._legal(EndTurn()):
            choices.append(Choice("e", "End turn", "end_turn"))
        if self._legal(RefreshSpire()):
            choices.append(Choice("f", "Refresh a Spire", "refresh"))
        if self._legal(Skip()):
            choices.append(Choice("s", "Skip", "skip"))
        if any(isinstance(a, UseSpire) for a in update.legal):
            choices.append(Choice("x", "Leave Spire mode" if self._spire else "Use a Spire", "spire"))
        if self._legal(RevealBoss()):
            choices.append(Choice("r", "Reveal Boss", "reveal"))
        if self._first is not None or self._spire:
            choices.append(Choice("c", "Cancel", "cancel"))
        bar.set_choices(choices, keep_cursor=True)

    def _draw_info(self) -> None:
        info = self.query_one("#ob-info", CellInfo)
        view = self._view
        board = self.query_one("#ob-board", Board)
        key = board.cursor_key
        if view is None or not isinstance(key, int):
            info.set_key(())
            info.set_lines([])
            return
        # (the roomy cells name their tiles and tokens; the square's words
        # name its own: the key listed "D Dungeon" under "D Dungeon · water
        # edge", a play-test)
        named = cell(view, key)
        info.set_key(() if board.roomy else
                     letter_key(view, leave_out={named.terrain, named.token}))
        info.set_lines([self._cell_text(view, key, board)])

    def _cell_text(self, view: State, square: int, board: Board) -> Parts:
        """The square under the cursor, in words (teaches the letters); each
        part whole on a line (wrapped at any space, "not a" was left on one
        line and "choice now" went to the next)."""
        c = cell(view, square)
        seat = self.update.seat if self.update is not None else None
        half = "your half" if c.owner == seat else f"{self._whose(c.owner)} half"
        parts = [Text(c.name, style="bold"), Text(half)]
        if c.terrain is None:
            parts.append(Text("open"))
        else:
            # (broken, if it must, before "+" only: `kept_whole`)
            tile = kept_whole(terrain_text(c.terrain))
            if c.token is not None:
                tile.append(" ")
                tile.append_text(kept_whole(Text.assemble("+ ", token_text(c.token))))
                if GAME.square_matches(view, square):
                    tile.append(" (matches)")
            parts.append(tile)
            if c.placed:
                parts.append(Text("* placed this turn"))
        edges = sorted({kind.value for _, kind in c.edges})
        if edges:
            parts.append(Text(" and ".join(edges) + " edge"))
        if square == self._first:
            parts.append(Text("first square picked (c cancels)", style="bold"))
        elif board.targets:
            if square in board.targets:
                parts.append(Text("↵ choose", style="bold"))
            else:
                parts.append(Text("not a choice (n finds one)", style="bold"))
        return Parts(tuple(parts))

    def _focus_places(self) -> list[Any]:
        """Where Tab goes now: the widget that decides (the market, or the
        board when it offers squares) and the action bar when it offers
        something. Empty when it is not your decision. The duel over: the
        board (its squares described) and the final score pad, which then
        takes the arrows and PgUp / PgDn (its notes may go below the fold)."""
        if self.update is None:
            return []
        box = self.query_one("#ob-score-box", PadBox)
        pad = [box] if box.display else []
        if self._outcome() is not None:
            return [self.query_one("#ob-board", Board), *pad]
        if self.update.seat is None:
            # watching: the board (the arrows read it), the log, the pad so far
            return [self.query_one("#ob-board", Board), self.query_one("#ob-log", SinceLog),
                    *pad]
        if self._step is None:
            return []
        places: list[Any] = []
        if self._market_mode() is not None:
            places.append(self.query_one("#ob-market", Market))
        elif self._moves():
            places.append(self.query_one("#ob-board", Board))
        bar = self.query_one("#ob-actions", ActionBar)
        if bar.choices:
            places.append(bar)
        return places

    def action_cycle_focus(self, step: int) -> None:
        places = self._focus_places()
        if not places:
            return
        at = places.index(self.focused) if self.focused in places else -step if step > 0 else 0
        places[(at + step) % len(places)].focus()

    def action_to_choices(self, step: int) -> None:
        places = [w for w in self._focus_places() if not isinstance(w, ActionBar)]
        if not places:
            return
        widget = places[0]
        widget.focus()
        if isinstance(widget, Market):
            widget.action_move(step)

    def _focus_for_mode(self) -> None:
        step = self._step
        if self._market_mode() is not None:
            mode = "market"
        elif self._moves():
            mode = "board"
        elif step is not None:
            mode = "actions"
        else:
            mode = "idle"
        if mode == self._focus_mode and self.focused is not None:
            return
        self._focus_mode = mode
        if mode == "market":
            self.query_one("#ob-market", Market).focus()
        elif mode == "actions":
            self.query_one("#ob-actions", ActionBar).focus()
        else:
            self.query_one("#ob-board", Board).focus()

    # -- events from the widgets -------------------------------------------------------

    def on_board_moved(self, event: Board.Moved) -> None:
        event.stop()
        self._draw_info()

    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        if isinstance(event.key, int):
            self.choose_square(event.key)

    def choose_square(self, square: int) -> None:
        """A square was chosen on the board: play, or take it as the first
        square of a two-square move. Derived from `update.legal` only."""
        moves = self._moves()
        if not moves:
            self._say_nothing_to_choose()
            return
        if self._first is None:
            mine = [m for m in moves if m[0] == square]
            if not mine:
                hint(self, f"{self._sq(square)} is not a choice now: pick a square marked › ‹ "
                     "(n finds the nearest).", timeout=3, spot=True)
                return
            singles = [m for m in mine if m[1] is None]
            if len(singles) == 1:
                self.play(singles[0][2])
                return
            if len(mine) == 1 and (mine[0][1] == square or isinstance(mine[0][2], SpawnHero)):
                # OD-17: a Town whose hero has a single square spawns there
                self.play(mine[0][2])
                return
            self._first = square
            self._redraw_choice()
            return
        if square == self._first:
            # the same square again takes it back; said, since Enter there
            # reads as "confirm", and the move seemed to vanish
            self.action_cancel()
            hint(self, f"{self._sq(square)} again: the move is cancelled. Pick a square, then "
                 "one marked › ‹ for the second (n finds the nearest).", severity="information")
            return
        for first, second, action in moves:
            if first == self._first and second == square:
                self.play(action)
                return
        hint(self, f"{self._sq(square)} is not a choice for that move: pick a square marked "
             "› ‹ (n finds the nearest).", timeout=3, spot=True)

    def _redraw_choice(self) -> None:
        if self.update is not None:
            self._redraw(self.update)
            self.refresh_bindings()

    def on_pick_list_selected(self, event: Market.Selected) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        action = self._market_action(event.index)
        if action is not None:
            self.play(action)

    def on_action_bar_chosen(self, event: ActionBar.Chosen) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        value = event.choice.value
        if isinstance(value, tuple) and value[0] == "token":
            self._set_token(value[1])
        elif isinstance(value, str):
            getattr(self, f"action_{value}")()

    def _set_token(self, token: Token) -> None:
        """The token to place: the board takes the keys, to place it. The
        token already chosen again (Enter on its place in the action bar)
        did nothing at all, and the bar kept the keys, so n and Enter did
        nothing either (QA, turn 9): it says where the keys go now."""
        board = self.query_one("#ob-board", Board)
        if token is not self._token:
            self._token = token
            self._first = None
            self._redraw_choice()
        elif self.update is not None:
            squares = len({m[0] for m in self._moves()})
            hint(self, f"The {token.label} is the token to place: choose one of its {squares} "
                 "highlighted square(s) on the board (n finds the nearest), then Enter."
                 if squares else self._why_nothing_to_choose(), severity="information")
        board.focus()

    def _why_nothing_to_choose(self) -> str:
        """What Enter on the board cannot do now, and what to do instead."""
        update = self.update
        if update is None or update.seat is None or not update.legal:
            return NOT_YOUR_DECISION
        step = self._step
        if step in (Step.TOKEN, Step.LAIR) and not self._spire:
            kinds = token_kinds(update.legal)
            chosen = self._token or update.view.hand_token
            token = chosen.label if chosen is not None else "token"
            others = [k for k in kinds if k is not chosen]
            keys = f"1-{len(kinds)}" if len(kinds) > 1 else "1"
            if others:
                return f"No open square for the {token}: pick another token with {keys}."
            if Skip() in update.legal:
                return f"No open square for the {token}: s keeps it in your lair."
        prompt = self._prompt_text().plain
        return f"Nothing to choose on the board now. {prompt}"

    def _say_nothing_to_choose(self) -> None:
        hint(self, self._why_nothing_to_choose())

    def action_enter_idle(self) -> None:
        """Enter that the focused widget did not take (the board with no
        square to choose now): said, with what to do."""
        if self._results_due is not None:
            self.action_results()  # the final table read: Enter goes on, as on the box
            return
        if self.update is None or self.update.seat is None:
            return
        self._say_nothing_to_choose()

    # -- key actions -------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        update = self.update
        legal = update.legal if update is not None else ()
        if action == "pick":
            if self._market_mode() is not None:
                # past the market's places too: `action_pick` says which keys do
                return self._view is not None
            return len(token_kinds(legal)) > 1 and not self._spire
        # Keys that mean nothing now leave the footer (it stays short at 80x24).
        if action == "skip":
            return Skip() in legal
        if action == "spire":
            return any(isinstance(a, UseSpire) for a in legal)
        if action == "reveal":
            return RevealBoss() in legal
        if action == "refresh":
            return RefreshSpire() in legal
        if action == "end_turn":
            return EndTurn() in legal
        if action == "cancel":
            return self._first is not None or self._spire
        if action == "pad":
            return not self._p_shows_lairs()
        if action == "lairs":
            return self._p_shows_lairs()
        if action == "enter_idle":
            # a watcher's Enter goes on to `GameScreen.on_key`, which says
            # it is a player's key (it was silent)
            return self._results_due is not None or (update is not None
                                                     and update.seat is not None)
        if action == "cycle_focus":
            # not your decision: nowhere to go (`why_key_idle` says when)
            return bool(self._focus_places())
        if action == "to_choices":
            return isinstance(self.focused, ActionBar) and any(
                not isinstance(w, ActionBar) for w in self._focus_places())
        return super().check_action(action, parameters)

    def number_keys(self) -> list[str]:
        update = self.update
        if update is None:
            return []
        if self._market_mode() is not None:
            places = self.query_one("#ob-market", Market)._items()
            return [str(n + 1) for n, place in enumerate(places) if place.enabled]
        if self._spire:
            return []
        kinds = token_kinds(update.legal)
        return [str(n) for n in range(1, len(kinds) + 1)] if len(kinds) > 1 else []

    def action_pick(self, number: int) -> None:
        update = self.update
        if update is None:
            return
        if self._market_mode() is not None:
            action = self._market_action(number - 1)
            market = self.query_one("#ob-market", Market)
            if action is not None:
                market.move_to(number - 1)  # where a take-back brings it back
                self.play(action)
            else:
                places = market._items()
                if 0 < number <= len(places) and places[number - 1].enabled:
                    market.move_to(number - 1)
                else:
                    self.no_choice(number, self.number_keys())
            return
        kinds = token_kinds(update.legal)
        if 1 <= number <= len(kinds):
            self._set_token(kinds[number - 1])
        else:
            self.no_choice(number, self.number_keys())

    IDLE_KEY_WORDS: ClassVar[dict[str, str]] = {
        "spire": "x uses a Spire", "refresh": "f refreshes a spent Spire",
        "skip": "s skips an optional effect", "end_turn": "e ends your turn",
        "reveal": "r reveals your Boss",
        "cycle_focus": "Tab goes between the market (or the board) and the action bar"}

    #: a watcher's Escape from the log or the pad: back to the board
    WATCHER_HOME = "#ob-board"

    def help_text(self, binding: Binding) -> str | None:
        """F1's words for Tab: where it goes for whoever reads them (a
        watcher's Tab reads the panels; theirs was a player's, and silent)."""
        if binding.action.startswith("cycle_focus"):
            update = self.update
            if update is not None and update.seat is None and self._outcome() is None:
                return ("Go between the board (the arrows read it), the log and the score "
                        "pad (p shows it); Escape goes back to the board")
            return ("Go between the market (or the board) and the action bar; the duel "
                    "over, between the board and the score pad")
        return super().help_text(binding)

    def prompt_words(self) -> str:
        return self._prompt_text().plain

    def why_key_idle(self, action: str) -> str | None:
        """Why x, f, s, e, r, c or Tab does nothing now, in the rules' words:
        each leaves the footer when it cannot be used, and pressing it
        anyway was met with nothing."""
        update, view = self.update, self._view
        if action == "reveal" and update is not None and update.over:  # a watcher's r
            return "Not now: the duel is over; b shows the results."
        if update is None or view is None or update.seat is None or update.over:
            return None
        seat = update.seat
        if action == "cancel":
            return "Nothing to cancel: c cancels a move of two squares once its first is chosen."
        if action == "reveal" and view.revealed[seat]:
            return "Your Boss is revealed already (once a game)."
        what = self.IDLE_KEY_WORDS.get(action)
        if what is not None and (self._step is None or view.turn != seat):
            return f"{what} on your turn only."
        if action == "spire":
            lair = view.lairs[seat]
            if view.step in ABILITY_STEPS:
                return "Finish your Boss's reveal ability first (the prompt says how)."
            if view.spire_used:
                return "You have used a Spire this turn already (one a turn)."
            if lair.expended and not lair.spires:
                return (f"Your Spire{'s are' if lair.expended > 1 else ' is'} spent: placing a "
                        "Sunken City refreshes one (as does Dr. Deadly's reveal).")
            if not lair.spires:
                return ("You have no Spire: a Spire drafted from the market goes to your lair, "
                        "and x then moves a tile diagonally once a turn.")
            return "No tile can move diagonally now: a Spire moves a tile to an empty square."
        if action == "refresh":
            return (f"{what} just after you place a Sunken City (you have "
                    f"{view.lairs[seat].expended or 'none'} spent).")
        if action == "pick":
            return self._why_numbers_idle(view)
        if action == "end_turn" and view.turn == seat:
            first = self._first_before_end(view)
            if first:
                return f"Not now: {first} first, then e ends your turn."
        return super().why_key_idle(action)

    def _why_numbers_idle(self, view: State) -> str:
        """Why 1-9 choose nothing now (a play-test: in Spire mode they were
        silent, as if not heard)."""
        if self._spire:
            if view.step is Step.DRAFT:
                return "Leave Spire mode first (x or c) to draft."
            if self.update is not None and len(token_kinds(self.update.legal)) > 1:
                return "Leave Spire mode first (x or c) to choose the token to place."
        return f"The number keys choose nothing now. {self.prompt_words()}".rstrip()

    def _first_before_end(self, view: State) -> str:
        """What must be done before e can end the turn, said when e is
        pressed too early ("Not now: e ends your turn." left the why out)."""
        step = view.step
        if step in ABILITY_STEPS:
            return "finish your Boss's reveal ability"
        tile = view.hand_tile.label if view.hand_tile is not None else "tile"
        first = {
            Step.DRAFT: "draft a pair and place it",
            Step.PLACE_TILE: f"place the {tile}",
            Step.SLIDE: "slide a tile with the Icy Peak or skip it (s)",
            Step.SWAP: "swap two tokens with the Road or skip it (s)",
            Step.SPAWN: "let the Towns spawn their heroes (pick a Town)",
            Step.REFRESH: "refresh a Spire (f) or skip it (s)",
            Step.TOKEN: "place the token",
            Step.LAIR: "place the monsters waiting in your lair",
        }.get(step, "")
        if first and self._spire and step is not Step.REFRESH:
            # Spire mode holds the board and the market
            first = f"leave Spire mode (x or c), {first}"
        return first

    def action_skip(self) -> None:
        if self._legal(Skip()):
            self.play(Skip())

    def action_spire(self) -> None:
        update = self.update
        if update is None or not any(isinstance(a, UseSpire) for a in update.legal):
            return
        self._spire = not self._spire
        self._first = None
        self._redraw_choice()

    def action_cancel(self) -> None:
        if self._first is not None:
            self._first = None
        elif self._spire:
            self._spire = False
        else:
            return
        self._redraw_choice()

    def action_refresh(self) -> None:
        if self._legal(RefreshSpire()):
            self.play(RefreshSpire())

    def action_end_turn(self) -> None:
        if self._legal(EndTurn()):
            self.play(EndTurn())

    def hold_the_results(self, push: Any) -> bool:
        """The last moves go up beside the final board (`GameScreen`), and
        Enter puts them away over the final table, the results waiting for
        b (or Enter again): at 80x24 the box stood over the final pad's rows
        6-13 (Longest road to Heroes slain) and Enter went on to the
        results, so the whole pad was never seen beside the final board (a
        play-test)."""
        from tui.screens.ending import EndingScreen

        box = self._last_moves_box
        if isinstance(box, EndingScreen):
            box.go_on = GO_ON_TABLE
            box.place = self._last_moves_place
            # the keys its foot ("b: the results") and the prompt beside it offer
            box.offer("b", "Results", self.action_results)
            box.offer("p", "Bosses & lairs", self.action_lairs)

        def later() -> None:
            self._results_due = push
            if self.update is not None and self.is_attached:
                self._draw_prompt()

        return super().hold_the_results(later)

    def _last_moves_place(self, box: Any, size: Size) -> Region | None:
        """Where the last moves' box goes up over the final table, the board
        and every row of the final pad in sight beside it: over the log
        where it stands in a column of its own; else under the board and
        the pad, the whole width (the cell's words, the log, the prompt,
        whose keys wait for the box); else over the log under the pad (and
        the prompt's end, if it must). The first place that shows its lines
        whole, else the first that shows `LAST_MOVES_LEAST` of them (more:
        PgDn). Where none does (80x24: room for three lines) None: beside
        the board, over the pad, its foot saying that Enter shows the whole
        pad. It stood over the pad's rows Longest road to Crystals, and
        nothing said they were there (a play-test)."""
        board = self.query_one("#ob-board").region
        pad = self.query_one("#ob-score-box").region
        log = self.query_one("#ob-log").region
        bottom = size.height - 1  # (the box's own footer)
        top = max(board.bottom, pad.bottom)
        places = [Region(0, top, size.width, bottom - top)]
        if log and log.x >= max(board.right, pad.right):
            places.insert(0, Region(log.x, log.y, size.width - log.x, bottom - log.y))
        elif log:
            places += [log, Region(log.x, log.y, size.width - log.x, bottom - log.y)]

        def shown(region: Region) -> tuple[int, int]:
            """(lines in sight, lines in all) over `region`"""
            lines = box.lines_at(region.width - 4)  # (its border, its padding)
            return min(lines, region.height - 2), lines

        place = (next((r for r in places if r.height > 2 and len(set(shown(r))) == 1), None)
                 or next((r for r in places if shown(r)[0] >= LAST_MOVES_LEAST), None))
        box.go_on = GO_ON_PAD if place is None else GO_ON_TABLE
        return place

    def action_results(self) -> None:
        due, self._results_due = self._results_due, None
        if due is not None:
            due()  # the results as the match's end brings them (the rematch...)
            return
        super().action_results()

    def footer_spare(self) -> tuple[str, ...]:
        # A move that can still be taken back: u stays in sight (it went
        # behind "…" after a Spire move), the score pad's p gives way first
        update = self.update
        if update is not None and update.can_undo and not update.over:
            return ("pad",)
        return super().footer_spare()

    def _p_shows_lairs(self) -> bool:
        """Whether p now brings up the Bosses and lairs: the final score pad
        shown in their place (not beside them, tall). The footer read "p
        Score pad" with the pad shown (a play-test)."""
        return (self._outcome() is not None and not self._final_hidden
                and not self.has_class("-tall"))

    def action_lairs(self) -> None:
        self.action_pad()

    def action_pad(self) -> None:
        if self._outcome() is not None:
            self._final_hidden = not self._final_hidden
        else:
            self._pad = not self._pad
        if self.update is not None:
            self._draw_score(self.update)
            self._draw_prompt()  # it says whether the market is in sight
        box = self.query_one("#ob-score-box", PadBox)
        if not box.display and box.has_focus_within:  # Tab had put the keys on it
            self._focus_mode = None
            self._focus_for_mode()

    def action_reveal(self) -> None:
        view = self._view
        if view is None or not self._legal(RevealBoss()) or self.update is None:
            return
        seat = self.update.seat
        boss = view.bosses[seat] if seat is not None else None
        if boss is None:
            return
        from tui.screens.confirm import ConfirmScreen

        card = bosses.card(boss)
        text = f"{bosses.title(boss)} — reveal ability: {card.reveal}\n\n"
        idle = GAME.reveal_idle(view, seat)
        if idle is not None:
            reason, what = idle
            text += f"{reason[:1].upper()}{reason[1:]}: revealing now {what}.\n\n"
        text += "Once a game; your opponent will see your Boss."

        def answer(yes: bool | None) -> None:
            if yes and self._legal(RevealBoss()):
                self.play(RevealBoss())

        self.app.push_screen(ConfirmScreen("Reveal your Boss?", text, yes="Reveal"), answer)
