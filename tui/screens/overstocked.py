"""The Overstocked screen: the popularity and the warehouses, your hand,
the players and the turn order, a live score preview and the log.

The card placed last in each area is edged double (``║ ═``). The score
preview follows what you are about to do: the ghost's placement, or the X
mark or incentive highlighted in the bar (whose labels say what each does
to your score now); solo, the bot's score stands beside yours, toy by toy.
A spectator's warehouse pane follows the seat in turn (until v picks one);
the score now is always of the warehouse on screen;
solo, a round opens on the bot's warehouse, its new card marked; at one
terminal, each person's view opens on their own warehouse.

It renders `update.view` (other hands and, before the reveal, other
picks are None there) and offers only `update.legal`: the legal spots of
a placement come from the table's legal `Place` actions; the screen only
asks the rules' `Area.why_not` to say why a spot is refused.

Keys (also in the footer; the mouse works too):

- choosing a card: ←→, or its number typed (4, or 1 then 7 for 17), pick a
  card, Enter, then Enter again to confirm (the choice stays secret until
  everyone has chosen);
- placing: arrows move the ghost, r turns it, p / w put it over the
  popularity / your warehouse (Tab switches), n jumps to the nearest other legal
  spot, again to the next nearest (N back), c shows what lies under the ghost
  (again: the card), Enter places; a click moves the ghost, a second
  click places;
- quantum card: its number, 1-6 (or ←→, Enter); X mark: 1-4 (or ←→, Enter); forklift:
  as placing, x takes none; incentive: 1-6, x takes none;
- solo, the bot's spot: 1-9 (or ←→, Enter): a number chooses at once, as
  in every list of the app but the hand's cards, typed by their numbers;
- v shows the next player's warehouse, while you place too (your ghost
  waits in yours; a placing key brings yours back first); at the end ↑↓
  scroll the score sheet and s folds it away (or back); u undo; q home.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.widgets import Static

from core.engine import CHANCE, IllegalAction, row_changes
from core.overstocked import GAME, cards
from core.overstocked.actions import (
    ChooseQuantum,
    Mark,
    Nominate,
    Pass,
    Pick,
    Place,
    TakeIncentive,
)
from core.overstocked.cards import QUANTUM_NUMBERS, TOYS, Piece, Toy
from core.overstocked.state import Area, Phase, State, Where
from host.messages import GONE_MARK, STAND_IN_MARK
from tui import resources
from tui.bot_levels import LEVEL_FORMS, level_mark
from tui.plain import shortened
from tui.screens.game import (
    NAME_SHORTEST,
    NUMBER_KEYS,
    REMATCH_ON_R,
    RESULTS_ON_ESCAPE,
    TYPE_GAP,
    GameScreen,
    NamingText,
    TableUpdate,
    ViewMemo,
    bare_name,
    fit_line,
    listed_keys,
    number_range,
    since_symbols,
    split_mark,
    stand_in_chose,
)
from tui.screens.overstocked_area import (
    ROOMY_SIZES,
    AreaPane,
    AreaView,
    CrateCard,
    CrateHand,
    Ghost,
    area_lines,
    face_text,
    space_style,
)
from tui.widgets import ActionBar, Choice, GameLog, PadBox, ScorePad, gamelog
from tui.widgets.board import Board
from tui.widgets.cursor import CursorWidget
from tui.widgets.flowed import Flowed, Parts, flow_parts
from tui.widgets.footer import Footer
from tui.widgets.hints import hint, withdraw_hints
from tui.widgets.kept_lines import KeptStatic
from tui.widgets.quiet import set_border, update_static
from tui.widgets.since import (
    CHANGED,
    CHANGED_STYLE,
    Recap,
    SinceLog,
    changed_keys,
    marked_text,
)

_CHANCE_TEXT = {
    Phase.DEAL: "The cards are being dealt…",
    Phase.BOT_DRAW: "The bot draws its card…",
}

_TURNS = {0: "", 1: "turned ¼", 2: "turned ½", 3: "turned ¾"}

#: the least width of the last moves' box over the log, its title's and its
#: foot's (`OverstockedScreen._last_moves_place`)
LAST_MOVES_WIDTH = 40

#: p/w's words, in the footer and the action row alike
PLACE_AREAS = "Pop./warehouse"

#: short toy names for narrow panels
_SHORT = {
    Toy.POCKET_PETZ: "Petz",
    Toy.FURBALLS: "Furballs",
    Toy.YO_YOS: "Yo-yos",
    Toy.BEAN_BEARS: "Bears",
}


def toy_text(toy: Toy, label: str | None = None) -> Text:
    """A toy's letter on its colour, then its name: never the colour alone."""
    return Text.assemble((f"{toy.value}", space_style(toy.value)), " ",
                         label if label is not None else toy.label)


def toy_marks(row: Any) -> str:
    """A score row's marks: "▼" scores negatively, "½" scores half."""
    return ("▼" if row.negative else "") + ("½" if row.halved else "")


def last_placed(area: Area) -> int | None:
    """The index of the piece placed last in `area`, to mark it; None while
    the area holds only the card it started with."""
    return len(area.placed) - 1 if len(area.placed) > 1 else None


def face_rows(piece: Piece, number: int) -> tuple[str, ...]:
    return GAME.face_rows(piece, number)


def quantum_caption(supply: tuple[int, ...]) -> Text:
    """The quantum cards left, their faces in a line ("Quantum: 1 QQ·/QQ·
    2X Q·Q/Q·Q ..."), as the hand's caption while a card is chosen: all six
    in one line at 80 columns."""
    caption = Text("Quantum:", style="italic")
    for i, number in enumerate(supply):
        top, bottom = face_rows(Piece.QUANTUM, number)
        caption.append(f"{'  ' if i else ' '}{number}{'X' if cards.has_x(number) else ''} ")
        caption.append_text(face_text(top))
        caption.append("/")
        caption.append_text(face_text(bottom))
    return caption


#: players from which a short screen packs the side tighter: the players'
#: rows, the score preview (its toys two a line) and the log share its height
CROWDED = 4

#: the screen size from which the hand's cards draw each space two cells
#: wide (`CrateHand.spaced`): at 160x45 the 3x2 faces were specks
SPACED_HAND_FROM = (150, 40)

#: while a card is placed in one area, the columns the other area's panel
#: keeps at least (the placing panel takes the rest it needs)
OTHER_AREA_MIN = 12


def final_columns(view: State, sheet: Any, totals: Sequence[int], names: Sequence[str],
                  winners: Iterable[int], room: int,
                  label: int = 12) -> tuple[list[str], list[list[str]]]:
    """The score sheet's columns at the end: per seat its heading and its
    cells, a toy's "×3 = -6" with its marks in front ("▼½×3 = -6"), then the
    extras and the total last. Every cell of the sheet is as wide, so that
    right-aligned the numbers line up under each other and under their
    heading (a mark after a number pushed it out of line). Where the
    columns do not fit `room` cells beside row labels of `label` cells
    (wrapped: "B Bean Bears" over "(pop 2)"),
    "×3=-6" drops the spaces; headings longer than their column are
    shortened ("…") to the widest of it and of a short name."""
    o = view.options
    seats = sheet.seats
    marks = [[toy_marks(t) for t in s.toys] for s in seats]
    extras = [[*([s.incentive_points] if o.incentives else []),
               *([s.forklift] if o.forklifts else []),
               *([s.bonus] if o.solo else [])] for s in seats]
    m = max((len(x) for row in marks for x in row), default=0)
    a = max(len(str(t.warehouse)) for s in seats for t in s.toys)
    b = max(len(str(v)) for v in (*(t.points for s in seats for t in s.toys),
                                   *(v for row in extras for v in row), *totals))
    winners = frozenset(winners)
    for eq in (" = ", "="):
        width = m + 1 + a + len(eq) + b
        # (each column takes two cells of padding, and so do the labels)
        cap = max(width, (room - label - 2) // len(seats) - 2, 8)
        if label + 2 + len(seats) * (width + 2) <= room:
            break
    columns = []
    headers = []
    for seat, s in enumerate(seats):
        cells = [f"{marks[seat][i]:>{m}}×{t.warehouse:>{a}}{eq}{t.points:>{b}}"
                 for i, t in enumerate(s.toys)]
        if o.incentives:
            letter = s.incentive.value if s.incentive else "-"
            cells.append(f"{letter} {s.incentive_points:>{b}}")
        cells += [f"{v:>{b}}" for v in extras[seat][int(o.incentives):]]
        cells.append(f"{totals[seat]:>{b}}")
        columns.append(cells)
        # (the pad puts "★ " before a winner's name)
        headers.append(shortened(names[seat], cap - (2 if seat in winners else 0)))
    return headers, columns


#: a card dealt to a hand, as the log tells it: to the reader (its number)
#: or to another player (face down)
_DEALT = re.compile(r"^(?:(You) are|(.+) is) dealt (?:a card|card (\d+))\.$")


#: an area's first card (OS §Setup), as the log tells it: group 1 the
#: popularity or the reader's warehouse, else 2 the owner's name
_STARTS = re.compile(r"^(?:(The popularity|Your warehouse)|(.+)'s warehouse) starts with "
                     r"card (\d+ \(.+\))\.\Z")
POSSESSIVE = "'s"
#: a forklift token turned up (§Industrial Mechanisation): group 1 its value
_FORKLIFT_UP = re.compile(r"^A forklift worth (\d+) is turned face up\.\Z")


def fold_deals(lines: Sequence[str]) -> list[str]:
    """The log with a deal in one line ("Cards dealt: you 2, 12, 23; Bob 6
    cards."): the opening recap spent 12 lines of the 80x24 side on it.
    The rest of the set-up too, every card and token still named: the
    areas' first cards ("The first cards: the popularity 32 (·BF/FFF);
    yours 2 (BPP/Y·B)"), the forklifts turned up ("Forklifts turned face
    up: L5 L3", highest first as they lie): a line each, up to 13 at six
    players, pushed the first move out of the 80x24 log."""

    def starts(run: list[re.Match[str]]) -> list[str]:
        if len(run) < 2:
            return [m.string for m in run]
        named = {"The popularity": "the popularity", "Your warehouse": "yours"}
        told = [f"{named[m.group(1)] if m.group(1) else m.group(2) + POSSESSIVE} {m.group(3)}"
                for m in run]
        return [f"The first cards: {'; '.join(told)}."]

    def forklifts(run: list[re.Match[str]]) -> list[str]:
        if len(run) < 2:
            return [m.string for m in run]
        values = sorted((int(m.group(1)) for m in run), reverse=True)
        return [f"Forklifts turned face up: {' '.join(f'L{v}' for v in values)}."]

    dealt = gamelog.fold_deals(lines, _DEALT, "Cards dealt", order=int)
    return gamelog.fold_runs(gamelog.fold_runs(dealt, _STARTS, starts), _FORKLIFT_UP, forklifts)


#: a player's name in the Players panel, at the least (or its whole name)
NAME_CELLS = 10
#: the away marks (host/messages.py) in short words, for a narrow Players box
SHORT_MARKS = {STAND_IN_MARK: " (away, bot)", GONE_MARK: " (left, bot)"}
#: in shortest words: beside a name cut to fit where no other does
TINY_MARKS = {STAND_IN_MARK: " (away)", GONE_MARK: " (left)"}


class PlayersPanel(Flowed, KeptStatic):
    """The players' rows, then the supplies in words, broken between two
    supplies where the panel is narrow (again when its width changes).
    The screen lays the rows out for the panel's width (the names' room);
    when the panel's width is not the one they were laid out for it asks
    for them again: in a real terminal the screen's look at a resize from
    160x45 to 80x24 came before the panel's new width, and the rows kept
    the wide names, the points cut off, until the next move."""

    class Refit(Message):
        """The rows were laid out for another width than the panel has."""

    #: the content width the rows were laid out for
    laid_out_for = -1

    def on_resize(self, event: events.Resize) -> None:
        # (Flowed's own, which flows the same lines again, runs too)
        if self.content_region.width != self.laid_out_for:
            self.post_message(self.Refit())


def _fits(parts: Sequence[Text], width: int) -> bool:
    """Whether `parts` fit one header line of `width` cells whole, with
    names as short as `fit_line` makes them before a part gives way."""
    shortest = [part.build(NAME_SHORTEST) if isinstance(part, NamingText) else part
                for part in parts]
    return Text(" · ").join(shortest).cell_len <= width


class OverstockedScreen(GameScreen):
    """Overstocked at the table (see the module docstring for the keys)."""

    game_id = "overstocked"
    # at the top right they covered the players' panel and the score now
    NOTICES_OVER = "#os-log"
    #: where a notice too tall for the log goes: the side under the players'
    #: panel (the score now, then the log). At 80x24 the log is a few rows,
    #: and such a notice went to the app's place, over the players' panel and
    #: the warehouse's title, as a forklift was placed
    NOTICES_SPILL_OVER = "#os-preview, #os-log"
    IDLE_SAYS_PROMPT = False  # a notice repeating it was too tall for the log
    prompt_id = "os-prompt"
    seat_word = "Player"

    CSS_PATH = resources.css_path("screens/overstocked.tcss")
    #: no widget is focused for you ("" — None would fall back to the app's "*"):
    #: each decision focuses its own widget; a spectator needs none
    AUTO_FOCUS = ""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    HELP_TITLE = "Overstocked"
    SINCE_SYMBOLS = since_symbols(board=True)  # the recap on the board and its cursor

    #: a later card of the sixth round, its incentive, go over the results
    TELLS_LAST_MOVES = True
    #: beside the warehouses, where the cards they name lie
    LAST_MOVES_BY = "#os-main"
    #: the log's way back: l moves on the board, and no key here uses PgUp / PgDn
    PLAYER_PAGES_LOG = True

    #: the cards chosen in secret, revealed once everyone has chosen (OS-12);
    #: solo, the bot's card drawn at once after your move: its turn, kept in
    #: your recap (it went by as part of your move, unmarked and untold)
    REVEALS = re.compile(r"\bCards revealed: |^The bot draws card ")

    #: the keys of a player's own choices and placing: no moment of a match
    #: of bots offers them to this terminal (F1 leaves them out there)
    PLAYER_ACTIONS = frozenset({"rotate", "area", "switch_area", "decline", "number", "cancel",
                                "peek"})

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rotate", "Rotate", tooltip="Turn the card you are placing"),
        REMATCH_ON_R,  # the same key on the final table
        # (in the action bar, beside the other placing keys: the footer is full)
        Binding("c", "peek", "See under", show=False,
                tooltip="Show what lies under the card you are placing (the toys it "
                        "would cover struck through); again: the card"),
        # p and w as one key of the footer, in the action bar's words ("p/w
        # Popularity" read as both keys going to the popularity), short
        # enough to leave u Undo in sight at 80 columns
        Binding("p", "area('popularity')", PLACE_AREAS, key_display="p/w",
                tooltip="Place in the popularity"),
        Binding("w", "area('warehouse')", "Warehouse", show=False,
                tooltip="Place in your warehouse"),
        # Tab and Shift+Tab alike: two areas (Shift+Tab went to the
        # popularity's frame, where the arrows moved no ghost)
        Binding("tab,shift+tab", "switch_area", "Switch area", show=False, priority=True,
                tooltip="Switch between the popularity and your warehouse"),
        # the final table: a cut area scrolled with the mouse alone (80x24);
        # "Scroll next" read as a scroll, not as the keys moving on. A
        # watcher's table too (their Tab, a player's, did nothing, unsaid).
        # (F1's words: `help_text`)
        *(Binding(key, f"next_part({step})", words, show=step > 0, priority=True)
          for key, step, words in (("tab", 1, "Next panel"), ("shift+tab", -1, "Previous panel"))),
        Binding("x", "decline", "None, thanks",
                tooltip="Say no: no forklift, no incentive; a card that fits nowhere "
                        "goes back to the box"),
        Binding("v", "next_warehouse", "Warehouses", tooltip="Show the next player's warehouse"),
        # While the bot's spot is chosen, v is dimmed; this one says why.
        Binding("v", "warehouses_later", "", show=False),
        Binding("s", "toggle_sheet", "Score sheet",
                tooltip="Fold the score sheet away, or back"),
        *(
            Binding(str(n), f"number({n})", "Choose", key_display=NUMBER_KEYS, show=n == 1,
                    tooltip="Choose a card, a toy or a spot by its number")
            for n in range(1, 10)
        ),
        # a card's number may hold a 0 (10, 20...): typed like the others
        Binding("0", "number(0)", "", show=False),
        # never usable: e, the Duel's End turn, says why it is no key here
        Binding("e", "end_turn", "", show=False),
        # shown while a chosen card waits for Enter (check_action)
        Binding("escape", "cancel", "Back", key_display="esc",
                tooltip="Take back the card you chose before you confirm it"),
        RESULTS_ON_ESCAPE,  # the final table
    ]

    HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("P F Y B", "A space's toy: Pocket Petz, Furballs, Yo-yos, Bean Bears"),
        ("p  p☻", "A worker on that toy (lower case, shown reversed or with ☻): "
                  "never covered"),
        ("·", "An empty crate: may be covered freely"),
        ("Q", "A quantum crate: counts as each toy without an X"),
        ("L", "A forklift"),
        ("│ ─", "The border between two cards (compact, a letter above a border "
                "is underlined)"),
        ("║ ═", "The borders of the card placed last in that area"),
        ("┃ ━", "The borders of your card where it may go"),
        ("×", "Your card where it may not go (the prompt says why)"),
        ("»", "The player whose turn it is"),
        ("#2 27", "Second to place this round, with card 27"),
        ("chose ✓", "Has chosen a card in secret"),
        ("iF L3", "A player's incentive token (here Furballs), forklift (worth 3)"),
        ("▼", "The toy that scores negatively"),
        ("½", "Your toy that scores half (advanced)"),
        ("pop×yours", "A toy's points: its area in the popularity times yours"),
        ("→", "The score after the card you are placing"),
        ("X on", "Toys with an X on the score pad (quantum crates do not count as them)"),
        ("4+?", "Solo, for others than the player: the bot's points without its "
                "bonus, which only the player sees before the end"),
        ("quantum 1 2X", "The quantum cards left in the centre, face up (X: its player "
                         "marks a toy)"),
        ("forklifts L6 L5", "The forklifts left in the centre, highest first: the "
                            "next one taken is worth 6"),
    )

    def __init__(self, port: Any, **kwargs: Any) -> None:
        super().__init__(port, **kwargs)
        #: `GAME.score_rows(view)`, worked out once a view: one recap step's
        #: after is the next one's before, and each step's score lines read
        #: both (two score sheets a step)
        self._rows_of: ViewMemo[Any] = ViewMemo(lambda view: GAME.score_rows(view), keep=4)
        #: the digits of a card's number typed so far, and when the last came
        self._typed = ""
        self._typed_at = 0.0
        #: where the hand's cursor stood as the number being typed began
        self._typed_from = 0
        #: the number last refused ("No card 9 in your hand"), until Esc, an
        #: arrow or a digit: an Enter right after it said "Play card 1?" of
        #: the highlighted card, one never asked for (a play-test)
        self._refused: str | None = None
        #: what the viewer decides now: "pick", "quantum", "place", "nowhere",
        #: "mark", "forklift", "incentive", "nominate", or None
        self._mode: str | None = None
        #: while placing: the area the ghost is over
        self._where = Where.WAREHOUSE
        #: while placing: the ghost shows what lies under it (c)
        self._peek = False
        #: whose warehouse the second pane shows (None: the viewer's)
        self._shown: int | None = None
        #: the round `_shown` was chosen in: a new round opens on your own
        self._shown_round = 0
        #: the seat whose view `_shown` was chosen in: at one terminal the
        #: next person's view opens on their own warehouse
        self._shown_by: int | None = None
        #: placing in your warehouse while v shows another's: the ghost's
        #: spot and turn, put back when yours is shown again
        self._kept_ghost: tuple[tuple[int, int], int] | None = None
        #: the placement last sent from here, with the round, seat and piece
        #: it placed: taken back, the ghost stands there again (`_placed_again`)
        self._placed: tuple[int, int | None, Any, Place] | None = None
        #: that placement, for the next drawing of the areas to put the ghost at
        self._ghost_again: Place | None = None
        #: the recap step last drawn, and whether `_shown` is that step's
        #: (a step to a move in another's warehouse shows it, as v would)
        self._step_at: int | None = None
        self._step_shown = False
        #: spectating: the seat whose warehouse the pane follows (the turn)
        self._followed = 0
        #: the actions behind the hand's cards / the bar's choices
        self._hand_actions: list[Any] = []
        #: the placement being previewed and its sheet, for the preview panel
        self._after: Any = None
        #: game over: the score sheet is folded away to see the areas
        self._sheet_hidden = False
        #: the warehouse panel's title, before its "more" mark
        self._wh_title = "Your warehouse"
        #: focus follows the decision from the first drawing on
        self._focus_set = False
        #: while placing: the way an arrow could not move the ghost (at the
        #: board's edge), said in the prompt until the ghost moves
        self._stopped: str | None = None

    # -- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="os-header")
        with Horizontal(id="os-body"):
            with Vertical(id="os-main"):
                with Horizontal(id="os-areas"):
                    with Vertical(id="os-pop-panel", classes="panel"):
                        with AreaPane(id="os-pop-pane"):
                            yield AreaView(id="os-pop")
                    with Vertical(id="os-wh-panel", classes="panel"):
                        with AreaPane(id="os-wh-pane"):
                            yield AreaView(id="os-wh")
            with Vertical(id="os-side"):
                yield PlayersPanel(id="os-players", classes="panel")
                yield KeptStatic("", id="os-preview", classes="panel")
                yield SinceLog(id="os-log", classes="panel")
        with Vertical(id="os-decide"):
            yield Static("", id="os-prompt")
            yield CrateHand(id="os-hand", empty="No cards in hand.")
            yield ActionBar(id="os-actions")
            # its end (a tie's notes) went below the fold at 80x24 with no sign
            with PadBox(id="os-final-box", title="Score sheet"):
                yield ScorePad(id="os-final")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._title_areas()
        self.query_one("#os-players").border_title = "Players"  # "· pts" when short
        self.query_one("#os-preview").border_title = "Score now"
        log = self.query_one("#os-log", SinceLog)
        log.border_title = "Log · PgUp PgDn"
        log.fold = fold_deals
        log.step_note = self._step_note
        self.query_one("#os-final-box").display = False
        if self.update is not None:
            self._redraw(self.update)

    def on_resize(self) -> None:
        # The breakpoints may have changed the density of the areas; the
        # header fits its line again.
        if self.update is not None:
            if self.is_mounted:
                self._draw_header(self.update)
            update = self.update
            self.after_refresh_while_shown(self._draw_areas)
            self.after_refresh_while_shown(lambda: self._draw_hand(update))  # its faces' size
            self.after_refresh_while_shown(self._draw_prompt)  # its lines break for the new width
            self.after_refresh_while_shown(self._draw_preview)  # its heading is the tall screen's
            self.after_refresh_while_shown(lambda: self._draw_final(update))  # its columns fit
            self.after_refresh_while_shown(lambda: self._draw_players(update))  # names' room

    def on_players_panel_refit(self, event: PlayersPanel.Refit) -> None:
        event.stop()
        if self.update is not None:
            self._draw_players(self.update)

    # -- the contract ---------------------------------------------------------------

    # -- helpers ----------------------------------------------------------------------

    def help_never(self) -> frozenset[str]:
        update = self.update
        if (update is not None and update.seat is None and not self.watching_shared
                and set(range(update.view.players)) <= update.bots):
            return self.PLAYER_ACTIONS  # a match of bots: nobody here places
        return frozenset()

    def _me(self) -> int | None:
        """The seat whose moves the score changes are worked out for: the
        viewer's (None for a watcher)."""
        return self.update.seat if self.update is not None else None

    def _mode_of(self, update: TableUpdate) -> str | None:
        if not update.legal:
            return None
        phase = update.view.phase
        if phase is Phase.PLACE:
            return "place" if any(isinstance(a, Place) for a in update.legal) else "nowhere"
        return {
            Phase.PICK: "pick",
            Phase.QUANTUM: "quantum",
            Phase.MARK: "mark",
            Phase.FORKLIFT: "forklift",
            Phase.INCENTIVE: "incentive",
            Phase.NOMINATE: "nominate",
        }.get(phase)

    def _spots(self, where: Where) -> list[tuple[int, int, int]]:
        update = self.update
        if update is None:
            return []
        return [(a.x, a.y, a.rotation) for a in update.legal
                if isinstance(a, Place) and a.where is where]

    def _area(self, where: Where) -> Area:
        """The area a piece placed over `where` goes in."""
        view = self._view
        assert view is not None
        if where is Where.POPULARITY:
            return view.popularity
        target = self._target_seat()
        return view.seats[target if target is not None else self._wh_seat()].warehouse

    def _shown_area(self, where: Where) -> Area:
        """The area drawn over `where`: v may show another's warehouse."""
        view = self._view
        assert view is not None
        if where is Where.POPULARITY:
            return view.popularity
        return view.seats[self._wh_seat()].warehouse

    def _target_seat(self) -> int | None:
        """While a piece is placed: the seat whose warehouse it may go in
        (yours; solo, for the bot's spot, the bot's)."""
        update = self.update
        if update is None:
            return None
        if self._mode in ("place", "forklift"):
            return update.seat
        if self._mode == "nominate":
            return GAME.bot_seat(update.view)
        return None

    def _ghost_hidden(self) -> bool:
        """Placing in your warehouse while v shows another's in its pane."""
        return (self._mode in ("place", "forklift") and self._where is Where.WAREHOUSE
                and self._wh_seat() != self._target_seat())

    def _owner(self, seat: int) -> str:
        """Whose the warehouse and the score now are, in their titles:
        "Your", "The bot's" (solo), "Bob's"."""
        if self._view is not None and seat == GAME.bot_seat(self._view):
            return "The bot's"
        if seat == (self.update.seat if self.update is not None else None):
            return "Your"
        return self._whose(seat)

    def _wh_seat(self) -> int:
        update = self.update
        target = self._target_seat()
        if self._mode == "nominate" and target is not None:
            return target
        if self._shown is not None:
            return self._shown
        if target is not None:
            return target
        bot = GAME.bot_seat(update.view) if update is not None else None
        if bot is not None and self._mode == "pick" and self.changed(f"warehouse {bot}"):
            return bot  # its card just laid, marked, before you choose (v: yours)
        if update is not None and update.seat is not None:
            return update.seat
        return self._followed

    # -- drawing ------------------------------------------------------------------------

    def _redraw(self, update: TableUpdate) -> None:
        view: State = update.view
        mode = self._mode_of(update)
        mode_changed = mode != self._mode
        self._mode = mode
        self._stopped = None  # said of the ghost before this update
        if view.round != self._shown_round or update.seat != self._shown_by:
            self._shown, self._shown_round, self._shown_by = None, view.round, update.seat
        if mode_changed:
            self._kept_ghost, self._ghost_again = None, None
            if self._peek:  # a new piece is seen first
                self._peek = False
                for area in self.query(AreaView):
                    area.set_peek(False)
            self._refused = None  # (a number refused at another decision)
        if mode_changed and mode in ("place", "forklift"):
            self._where = self._start_where(update)
            self._shown = None  # the piece's warehouse first: v shows the others
            self._ghost_again = self._placed_again(update)
            if self._ghost_again is not None:
                self._where = self._ghost_again.where
        self._follow_step(update)
        if update.seat is None and view.turn is not None:
            self._followed = view.turn  # spectating: watch the seat in turn
        # four players or more: on a short screen the side widens for a
        # player's row (tokens and all) to keep one line (overstocked.tcss)
        self.set_class(view.players >= CROWDED, "-crowded")
        # tokens in a player's row (iB L2), or the solo bot's +?: at 80
        # columns the side widens for the row to keep one line
        o = view.options
        self.set_class(o.incentives or o.forklifts or o.solo, "-long-rows")
        self._draw_header(update)
        self._draw_areas(keep=not mode_changed)
        self._draw_hand(update)
        self._draw_actions()
        self._update_after()
        if mode == "nominate":
            self._draw_areas()  # the ghost follows the bar's highlighted spot
        self._draw_players(update)
        self._draw_preview()
        self._draw_final(update)
        self._draw_log(self.query_one("#os-log", SinceLog), update)
        self._draw_prompt()
        if mode_changed or not self._focus_set:
            self._focus_set = True
            self._focus_for_mode()

    #: a log line laying a piece in another player's warehouse (yours is
    #: "your warehouse"), or the solo bot's card
    _INTO_THEIRS = re.compile(r" in their warehouse\b")

    def fold_moves(self, lines: list[str]) -> list[str]:
        # the deal and the set-up in a line each, as the log shows them
        return fold_deals(lines)

    def _step_note(self, number: int, recap: Recap) -> str:
        """The recap's word after a step that laid a piece in another's
        warehouse, while all steps show (your own warehouse on screen):
        the key that steps to it, which shows that warehouse with the piece
        marked (`_follow_step`). Play-test at 80x24: "Bram places card 25
        in their warehouse", and no newcomer found ] from the footer."""
        if recap.selected is not None:
            return ""  # stepping: the keys are found, and the step shows its own
        if not any(self._INTO_THEIRS.search(line) for line in recap.steps[number].lines):
            return ""
        back, forward = len(recap.steps) - number, number + 1
        if back == 1:
            return " ([ shows it)"  # from all the steps, [ goes to the last
        return " (] shows it)" if forward == 1 else " ([ ] step to it)"

    def _follow_step(self, update: TableUpdate) -> None:
        """A recap step to a move in another's warehouse shows that one,
        its card marked; a step elsewhere, or none (all of them, or you
        acted), shows yours again, unless v chose one since."""
        selected = self.recap.selected if self.recap.shown else None
        if selected == self._step_at:
            return
        self._step_at = selected
        seat = None
        if selected is not None:
            seat = next((s for s in range(update.view.players)
                         if s != update.seat and self.changed(f"warehouse {s}")), None)
        if seat is not None:
            self._shown, self._step_shown = seat, True
        elif self._step_shown:
            self._shown, self._step_shown = None, False

    def hold_the_results(self, push: Any) -> bool:
        """The last moves go up over the final table (`GameScreen`), over
        the log's end (`_last_moves_place`)."""
        from tui.screens.ending import EndingScreen

        box = self._last_moves_box
        if isinstance(box, EndingScreen):
            box.place = self._last_moves_place
        return super().hold_the_results(push)

    def _last_moves_place(self, box: Any, size: Size) -> Region | None:
        """Where the last moves' box goes up over the final table, the
        popularity and the warehouse in sight beside it: over the log's end
        (its last lines are the moves the box tells), as wide as the log
        (`LAST_MOVES_WIDTH` at least) and as tall as the box's lines, up
        over the players if it must (80x24, where the log has two rows);
        where they do not all fit there, over the whole column of players
        and log, down over the prompt and the score sheet if it must (more:
        PgDn). Stood beside the areas, it sat over the middle of the log at
        160x45, the log's lines above and under it telling the same moves
        (a play-test)."""
        log = self.query_one("#os-log").region
        top = self.query_one("#os-side").region.y
        if not log:
            return None
        # at least as wide as its title and foot ("PgDn: more · Enter: the
        # results"): over the log's 30 columns at 80x24 they were cut short
        width = min(max(log.width, LAST_MOVES_WIDTH), size.width)
        x = min(log.x, size.width - width)
        height = box.lines_at(width - 4) + 2  # (its border, its padding)
        if height <= log.bottom - top:
            return Region(x, log.bottom - height, width, height)
        return Region(x, top, width, size.height - 1 - top)  # (the box's own footer)

    def last_moves_aside(self, update: TableUpdate) -> list[str | Text]:
        """Solo: the bot's warehouse with its last card, edged ║: its sixth
        card ends the match, and the results came before it was seen laid."""
        view: State = update.view
        bot = GAME.bot_seat(view)
        if bot is None:
            return []
        area = view.seats[bot].warehouse
        lines = area_lines(area, last_placed(area))
        return [Text("The bot's warehouse (║ its last card):", style="bold"), *lines] \
            if lines else []

    def _changes(self, before: State, after: State) -> dict[str, frozenset]:
        """What a player marks: the pieces placed in the popularity and in
        each warehouse, and each player whose warehouse or tokens changed."""
        def new(old: Area, now: Area) -> frozenset:
            if now.placed[: len(old.placed)] != old.placed:
                return frozenset(range(len(now.placed)))  # not the same area any more
            return frozenset(range(len(old.placed), len(now.placed)))

        def players(view: State) -> dict[int, Any]:
            return {s: (p.warehouse.placed, p.incentive, p.forklift)
                    for s, p in enumerate(view.seats)}

        def supplies(view: State) -> dict[str, Any]:
            return {"forklifts": view.forklift_supply, "tokens": view.incentive_supply,
                    "quantum": view.quantum_supply}

        out = {"popularity": new(before.popularity, after.popularity),
               "players": changed_keys(players(before), players(after)),
               "supplies": changed_keys(supplies(before), supplies(after))}
        for seat in range(min(len(before.seats), len(after.seats))):
            out[f"warehouse {seat}"] = new(before.seats[seat].warehouse,
                                           after.seats[seat].warehouse)
        return out

    def score_changes(self, before: State, after: State) -> Sequence[Sequence[tuple[str, int]]]:
        """Each seat's sheet row by row (a toy's points, an incentive, a
        forklift): the recap said "Bram ... 10 -> 11" and no more. Two views
        of the viewer's: the solo bot's bonus, which a view may hide, stays
        out of both."""
        try:
            # as `GAME.score_changes` says it, from each view's rows once
            return row_changes(self._rows_of(before), self._rows_of(after))
        except Exception:  # a view the sheet cannot score (as `_sheet`)
            return ()

    def on_unmount(self) -> None:
        self._rows_of.clear()  # (their views go with the screen)

    def play(self, action: Any) -> None:
        update, view = self.update, self._view
        if isinstance(action, Place) and update is not None and view is not None:
            self._placed = (view.round, update.seat, self._piece(), action)
        super().play(action)

    def _placed_again(self, update: TableUpdate) -> Place | None:
        """The placement sent from here, when `update` asks for it again:
        the same seat places the same piece in the same round, so it was
        taken back (u, or from the hand-over cover), and the spot is still
        offered. A player takes it back to nudge it a square: the ghost
        started over at its first spot, unturned (a play-test)."""
        placed, self._placed = self._placed, None
        if placed is None:
            return None
        round_, seat, piece, action = placed
        if (round_, seat, piece) != (update.view.round, update.seat, self._piece()):
            return None
        return action if action in update.legal else None

    def _start_where(self, update: TableUpdate) -> Where:
        if self._mode == "forklift":
            return Where.WAREHOUSE
        if self._spots(Where.WAREHOUSE):
            return Where.WAREHOUSE
        return Where.POPULARITY

    def _draw_header(self, update: TableUpdate) -> None:
        view: State = update.view
        # Narrow, the phase takes a shorter form, then the variants (at 80
        # columns whether the advanced halving applies was lost), then the
        # title gives way, the game being plain from the table.
        o = view.options
        named = [(long, short) for long, short, on in (
            ("advanced", "adv", o.advanced), ("incentives", "inc", o.incentives),
            ("forklifts", "fork", o.forklifts), ("quantum", "Q", o.quantum),
            ("solo", "solo", o.solo)) if on]
        extras_long = "+" + " +".join(long for long, _ in named) if named else ""
        extras_short = "+" + " +".join(short for _, short in named) if named else ""
        width = self._header_width()
        # One form for the whole match at this width, the first whose longest
        # line (the longest phase, every X the quantum cards can put on the
        # pad) fits: chosen line by line, "Overstocked ·" and "+advanced"
        # came and went as the phase's words and the marks changed.
        most_marks = TOYS[:len(cards.QUANTUM_X)] if o.quantum else ()
        longest_phase = {short: max((self._phase_text(view, short=short, phase=phase)
                                     for phase in Phase), key=cell_len)
                         for short in (False, True)}
        forms = ((extras_long, False, True), (extras_long, True, True),
                 (extras_short, True, True), (extras_short, True, False))
        extras, short, titled = next(
            (form for form in forms
             if _fits(self._header_parts(update, cards.ROUNDS, longest_phase[form[1]],
                                         form[0], most_marks, titled=form[2])[0], width)),
            forms[-1])
        parts, drop = self._header_parts(update, view.round, self._phase_text(view, short=short),
                                         extras, view.marks, titled=titled)
        update_static(self.query_one("#os-header", Static), fit_line(parts, width, drop=drop))

    def _header_parts(self, update: TableUpdate, round_: int, phase: str, extras: str,
                      marks: Sequence[Toy], *, titled: bool) -> tuple[list[Text], list[int]]:
        """The header's parts and the order they give way in where the line
        is too long (a name longer than most): the variants, the marks, then
        the title. Whose view it is comes early, never cut off."""
        parts = [Text("Overstocked", style="bold")] if titled else []
        parts.append(self._viewer_text(update))
        if round_:
            parts.append(Text(f"Round {round_}/{cards.ROUNDS}"))
        parts.append(Text(phase))
        drop = [0] if titled else []
        if extras:
            parts.append(Text(extras, style="italic"))
            drop.insert(0, len(parts) - 1)
        if marks:
            parts.append(Text("X on " + " ".join(t.value for t in marks)))
            drop.insert(len(drop) - 1 if titled else len(drop), len(parts) - 1)
        return parts, drop

    @staticmethod
    def _phase_text(view: State, *, short: bool = False, phase: Phase | None = None) -> str:
        """The phase's words in the header (`phase`: another phase's)."""
        secret = "choosing in secret" if short else "everyone chooses a card in secret"
        return {
            Phase.DEAL: "dealing",
            Phase.PICK: "choose a card" if view.options.solo else secret,
            Phase.QUANTUM: "a quantum card",
            Phase.PLACE: "placing",
            Phase.MARK: "an X on the score pad",
            Phase.FORKLIFT: "a forklift",
            Phase.INCENTIVE: "an incentive",
            Phase.NOMINATE: "the bot's spot",
            Phase.BOT_DRAW: "the bot plays",
            Phase.OVER: "game over",
        }.get(view.phase if phase is None else phase, "")

    def _piece(self) -> tuple[Piece, int] | None:
        view = self._view
        if view is None or self._mode not in ("place", "forklift"):
            return None
        return GAME.piece_in_hand(view)

    def _draw_areas(self, *, keep: bool = True) -> None:
        view = self._view
        update = self.update
        if view is None or update is None:
            return
        piece = self._piece()
        shapes = None
        if piece is not None:
            kind, number = piece
            shapes = {r: cards.spaces(kind, number, r) for r in cards.rotations(kind)}
        pop_view = self.query_one("#os-pop", AreaView)
        wh_view = self.query_one("#os-wh", AreaView)
        # Both areas' spaces as big as the fuller pane has room for; a
        # large screen keeps roomy spaces when they do not fit (the panes
        # pan), a smaller one (100x30) goes compact then.
        sizes = [area_view.roomiest(self._shown_area(where).grid) for where, area_view in
                 ((Where.POPULARITY, pop_view), (Where.WAREHOUSE, wh_view))]
        fits = None not in sizes
        roomy = fits or (self.has_class("-wide") and self.has_class("-tall"))
        for area_view in (pop_view, wh_view):
            area_view.set_roomy_size(min(sizes) if fits else ROOMY_SIZES[-1])  # type: ignore[type-var]
            area_view.roomy = roomy
        rotation = self._rotation()
        hidden = self._ghost_hidden()
        if hidden and wh_view.placing and wh_view.spot is not None:
            self._kept_ghost = (wh_view.spot, wh_view.rotation)
        for where, widget in ((Where.POPULARITY, pop_view), (Where.WAREHOUSE, wh_view)):
            area = self._shown_area(where)
            placing = shapes is not None and where is self._where and not hidden
            kept = self._kept_ghost if placing and where is Where.WAREHOUSE else None
            if kept is not None:  # your warehouse again: the ghost where you left it
                self._kept_ghost = None
            again = self._ghost_again if placing else None
            if again is not None:  # a placement taken back: where the card went
                self._ghost_again, kept = None, ((again.x, again.y), again.rotation)
            widget.set_area(
                area.grid, area.owner,
                shapes=shapes if placing else None,
                legal=self._spots(where) if placing else (),
                rotation=(kept[1] if kept else rotation) if placing else None,
                spot=kept[0] if kept else None,
                fixed=self._nominee() if where is Where.WAREHOUSE else None,
                last=last_placed(area),
                fresh=self.changed("popularity" if where is Where.POPULARITY
                                   else f"warehouse {self._wh_seat()}"),
                settle=not keep,
            )
        panel = self.query_one("#os-wh-panel")
        title = f"{self._owner(self._wh_seat())} warehouse"
        can_cycle = self._mode != "nominate" and view.players > 1
        self._wh_title = title
        set_border(panel, subtitle="v: next" if can_cycle else "")
        self._title_areas()
        pop_panel = self.query_one("#os-pop-panel")
        pop_panel.set_class(piece is not None and self._where is Where.POPULARITY, "-placing")
        # The key to the double edges (where the panel has a bottom border).
        marked = any(w.last is not None for w in (pop_view, wh_view))
        fresh = any(w.fresh for w in (pop_view, wh_view))
        set_border(pop_panel, subtitle="║ new since your move" if fresh
                   else "║ placed last" if marked else "")
        panel.set_class(piece is not None and self._where is Where.WAREHOUSE and not hidden,
                        "-placing")
        self._fit_placing_panel()

    def _fit_placing_panel(self) -> None:
        """While placing, the panel placed in takes from the other area's
        the columns its view needs: the room kept around the cards for the
        ghost ran a warehouse 9 crates wide past its panel at 80x24, cut
        off. A panel that needs more than its half takes it from the other
        where both then fit (at 120x40 a popularity 9 spaces wide was cut
        beside a small warehouse). Otherwise they share the width evenly."""
        room = self.query_one("#os-areas").content_region.width
        widget = self._placing_view()
        panels = [self.query_one("#os-pop-panel"), self.query_one("#os-wh-panel")]
        views = [self.query_one("#os-pop", AreaView), self.query_one("#os-wh", AreaView)]
        # (and a column for the pane's scrollbar where the view is taller)
        needs = [view.drawn_width() + panel.styles.gutter.width
                 + (view.parent.scrollbar_size_vertical
                    if isinstance(view.parent, AreaPane)
                    and view.drawn_height() > view.parent.size.height else 0)
                 for view, panel in zip(views, panels, strict=True)]
        widths: list[int | str] = ["1fr", "1fr"]
        placing = next((i for i, view in enumerate(views)
                        if view is widget and view.placing), None)
        if room and any(need > room // 2 for need in needs):
            wider = max((0, 1), key=lambda i: needs[i])
            if placing is not None and needs[placing] > room // 2 \
                    and sum(needs) > room:
                widths[placing] = min(needs[placing], room - OTHER_AREA_MIN)
            elif sum(needs) <= room:
                widths[wider] = needs[wider]  # the other keeps what it needs and more
            elif needs[1 - wider] <= room // 2:
                widths[1 - wider] = needs[1 - wider]  # its spare goes to the wider
        for panel, width in zip(panels, widths, strict=True):
            if str(panel.styles.width) != str(width):
                panel.styles.width = width

    def _title_areas(self) -> None:
        """The areas' panels' titles, each marked "more→" ("←more") while
        its pane hides cards that way; in a narrow panel the name is cut,
        not the mark (a 12-column one read "Popularity …")."""
        for panel_id, pane, title in (("#os-pop-panel", "#os-pop-pane", "Popularity"),
                                      ("#os-wh-panel", "#os-wh-pane", self._wh_title)):
            panel = self.query_one(panel_id)
            left, right = self.query_one(pane, AreaPane).clipped
            if left or right:
                mark = f"{'←' if left else ''}more{'→' if right else ''}"
                room = panel.size.width - 2 - len(mark) - 1  # (the border's corners)
                title = f"{shortened(title, room if panel.size.width else None)} {mark}"
            set_border(panel, title)

    def on_area_pane_clipped(self, event: AreaPane.Clipped) -> None:
        event.stop()
        self._title_areas()

    def _rotation(self) -> int:
        # the two areas by id (cached), not a query of the whole screen
        for widget in (self.query_one("#os-pop", AreaView), self.query_one("#os-wh", AreaView)):
            if widget.placing:
                return widget.rotation
        return 0

    def _placing_view(self) -> AreaView | None:
        if self._piece() is None:
            return None
        return self.query_one("#os-pop" if self._where is Where.POPULARITY else "#os-wh", AreaView)

    def _nominee(self) -> Ghost | None:
        """Solo: the bot's slot highlighted in the action bar, as a ghost."""
        action = self._highlighted() if self._mode == "nominate" else None
        if not isinstance(action, Nominate):
            return None
        return Ghost({xy: "?" for xy in GAME.slot_spaces(action.column, action.row)}, True)

    def _draw_hand(self, update: TableUpdate) -> None:
        view: State = update.view
        hand = self.query_one("#os-hand", CrateHand)
        width, height = self.size
        hand.spaced = width >= SPACED_HAND_FROM[0] and height >= SPACED_HAND_FROM[1]
        seat = update.seat
        if view.phase is Phase.OVER or seat is None or seat == GAME.bot_seat(view):
            hand.display = False
            self._hand_actions = []
            return
        hand.display = True
        if self._mode == "quantum":
            actions = [a for a in update.legal if isinstance(a, ChooseQuantum)]
            self._hand_actions = actions
            hand_cards = [
                CrateCard(text=f"Q{a.card}" + ("X" if cards.has_x(a.card) else ""),
                          rows=face_rows(Piece.QUANTUM, a.card), key=str(a.card))
                for a in actions
            ]
            hand.set_cards(hand_cards, picking=True, caption=Text(
                "quantum cards (X: mark a toy after)", style="italic"))
            set_border(hand, "Quantum crate cards")
            return
        player = view.seats[seat]
        numbers = [c for c in player.hand if c is not None]
        picking = self._mode == "pick"
        self._hand_actions = [Pick(c) for c in numbers] if picking else []
        hand_cards = [
            CrateCard(text=str(c), rows=face_rows(Piece.CRATE, c),
                      enabled=not picking or self._legal(Pick(c)), key=str(i + 1))
            for i, c in enumerate(numbers)
        ]
        caption = Text()
        if picking and player.pick is None and view.options.quantum and view.quantum_supply:
            # face up beside the popularity (OS §Quantum Accounting): the round's
            # lowest card is swapped for one, so its faces help choose; they
            # came into sight only once the choice was made
            caption = quantum_caption(view.quantum_supply)
        if player.pick is not None:
            caption.append(f"Your card: {player.pick}", style="bold")
            if view.phase is Phase.PICK and not view.options.solo:
                caption.append(" (secret until all have chosen)", style="italic")
            rows = face_rows(Piece.CRATE, player.pick)
            caption.append("  ")
            caption.append_text(face_text(rows[0]))
            caption.append("/")
            caption.append_text(face_text(rows[1]))
        # A redraw of the same hand keeps the cursor and a pending choice.
        same = hand.picking and picking and [c.text for c in hand.cards] == [
            c.text for c in hand_cards]
        cursor, pending = hand.cursor, hand.pending
        hand.set_cards(hand_cards, picking=picking, caption=caption)
        if same:
            hand.move_to(cursor)
            hand.pending = pending
        else:
            hand.pending = None

    def _peek_choice(self) -> Choice:
        """c in the bar: what lies under the ghost, or the card again."""
        return Choice("c", "See card" if self._peek else "See under", "peek")

    def _draw_actions(self) -> None:
        bar = self.query_one("#os-actions", ActionBar)
        update = self.update
        mode = self._mode
        choices: list[Choice] = []
        if update is None or mode is None or mode == "pick" or mode == "quantum":
            # kept on screen, empty, so that the areas do not move (and the
            # screen is not laid out again) at every turn
            bar.set_choices([])
            return
        view: State = update.view
        if mode == "place":
            # (n's "Next legal spot" left no room for c at 80 columns)
            choices = [Choice("↵", "Place", "place"), Choice("r", "Rotate", "rotate"),
                       Choice("p/w", PLACE_AREAS, "switch"),
                       Choice("n", "Next spot", "next"), self._peek_choice()]
        elif mode == "forklift":
            # (the footer's words for r and x)
            choices = [Choice("↵", "Place forklift", "place"), Choice("r", "Rotate", "rotate"),
                       Choice("n", "Next spot", "next"),
                       Choice("x", "None, thanks", Pass()), self._peek_choice()]
        elif mode == "nowhere":
            choices = [Choice("x", "Return the card to the box", Pass())]
        elif mode == "mark":
            wide = self.has_class("-wide")
            for i, toy in enumerate(TOYS):
                action = Mark(toy)
                label = f"{toy.value} {toy.label if wide else _SHORT[toy]}"
                change = self._score_change(action) if self._legal(action) else None
                if change is not None:  # what the X does to your total, worded
                    # one way at every size ("(-8)" read as a score)
                    label += f" ({change:+d} to you)" if change else " (±0 to you)"
                choices.append(Choice(str(i + 1), label, action, enabled=self._legal(action)))
        elif mode == "incentive":
            tokens = [a for a in update.legal if isinstance(a, TakeIncentive)]
            for i, action in enumerate(tokens):
                label = f"{action.token.value} {action.token.label}"
                change = self._score_change(action)
                if change is not None:  # worded as the X marks are ("(3 now)" read as a count)
                    label += f" ({change:+d} to you)" if change else " (±0 to you)"
                choices.append(Choice(str(i + 1), label, action))
            choices.append(Choice("x", "No incentive", Pass()))
        elif mode == "nominate":
            spots = [a for a in update.legal if isinstance(a, Nominate)]
            for i, action in enumerate(spots):
                choices.append(Choice(str(i + 1), self._spot_label(view, action), action))
        bar.set_choices(choices, keep_cursor=True)

    def _spot_label(self, view: State, action: Nominate) -> str:
        # by the bot's cards as the board shows them ("left of the top
        # card"): "left of 7" named a card number shown nowhere on the board
        words = GAME.bot_spot_words(view, action.column, action.row)
        return words if words is not None else f"slot {action.column},{action.row}"

    def _sheet_after(self, action: Any) -> Any:
        """The score sheet if the acting seat took `action` now (None if it
        cannot be worked out from the view)."""
        view, seat = self._view, self._me()
        if view is None or seat is None:
            return None
        try:
            return GAME.sheet(GAME.apply(view, seat, action))
        except (IllegalAction, Exception):
            return None

    def _score_change(self, action: Any) -> int | None:
        """How `action` would change the acting seat's total now."""
        view, seat = self._view, self._me()
        after = self._sheet_after(action)
        sheet = self._sheet(view) if view is not None else None
        if after is None or sheet is None or seat is None:
            return None
        return after.seats[seat].total - sheet.seats[seat].total

    def _draw_players(self, update: TableUpdate) -> None:
        view: State = update.view
        lines: list[Text] = []
        sheet = self._sheet(view)
        # The viewer's row says "(you)" (names are cut to fit, the mark never).
        you = " (you)"
        in_turn = GAME.seat_in_turn(view)
        bot = GAME.bot_seat(view)
        tokens_of = {seat: self._tokens(view.seats[seat]) for seat in range(view.players)}
        # names take the panel's room beside the rest of the row (a change
        # mark, "» ", the status, the total, "+?", the tokens); 10 cells
        # before the panel is laid out, or when it is narrower
        rest = 1 + 2 + 9 + 4 + (2 if bot is not None else 0) + max(
            (len(t) for t in tokens_of.values()), default=0)
        panel = self.query_one("#os-players", PlayersPanel)
        room = panel.laid_out_for = panel.content_region.width
        name_room = max(NAME_CELLS, room - rest)
        # the away mark beside the name, in words that fit (the name cut
        # where none do): on a line of its own it cost the log one of its few
        taken = {seat: len(you) if seat == update.seat else 0 for seat in range(view.players)}
        form = self._level_form(view.players, name_room, taken)
        marks = {seat: self._seat_mark(seat, name_room, taken[seat], form)
                 for seat in range(view.players)}
        width = min(name_room,
                    max((cell_len(self._bare_who(s)) + (len(you) if s == update.seat else 0)
                         + cell_len(marks[s]) for s in range(view.players)), default=4))
        changed = self.changed("players")
        thinking = self.thinking_seats(update)
        for seat in range(view.players):
            player = view.seats[seat]
            line = Text(no_wrap=True, overflow="ellipsis", end="")
            turn = seat == in_turn
            line.append("» " if turn else "  ", style="bold")
            # the name is cut, never "(you)" nor the mark (cut to the
            # column's 10 cells it read "bob (away"); a cut name ends in "…"
            # (by cells, never inside a wide character)
            tail = (you if seat == update.seat else "") + marks[seat]
            name = shortened(self._bare_who(seat), max(1, width - cell_len(tail))) + tail
            name = shortened(name, width)
            line.append(set_cell_size(name, width), style="bold" if seat == update.seat else "")
            status = ""
            if seat == bot:
                status = f"deck {view.bot_deck}"
            elif view.phase is Phase.PICK:
                status = ("chose ✓" if player.picked else
                          "away" if self.is_away(update, seat) else
                          "reading" if self.is_reading(update, seat) else "choosing")
                if seat in thinking:  # as the status line names them
                    status = "thinking"
            elif view.phase in (Phase.QUANTUM, Phase.PLACE, Phase.MARK, Phase.FORKLIFT,
                                Phase.INCENTIVE):
                card = GAME.revealed_card(view, seat)
                if seat in view.order:
                    pos = GAME.turn_position(view, seat)
                    status = f"#{pos} {card if card is not None else '?'}"
                else:
                    status = "done" + (f" {card}" if card is not None else "")
            line.append(f" {status:<8}")
            if sheet is not None:
                line.append(f"{sheet.seats[seat].total:>4}", style="bold")
                if seat == bot and not self._bot_bonus_known(view, update.seat):
                    line.append("+?", style="bold")  # its bonus is not in the view
            if tokens_of[seat]:
                line.append(tokens_of[seat])
            if changed:  # a warehouse or token changed since your last move
                line = marked_text(line, seat in changed)
                line.no_wrap, line.overflow, line.end = True, "ellipsis", ""
            lines.append(line)
        supplies = self._supplies(view, update.seat)
        panel.set_lines([*lines, supplies] if supplies else lines)
        # the score column's label: on the bottom border where the box has
        # one, else in the title (the short screen draws only the top
        # border, and "Ann chose ✓ 2" read as her secret card shown)
        if self.has_class("-short"):
            set_border(panel, title="Players · pts", subtitle="")
        else:
            set_border(panel, title="Players", subtitle="pts")

    def _level_form(self, players: int, room: int, taken: Mapping[int, int]) -> int:
        """Which of `LEVEL_FORMS` every bot row of the box says its level in:
        the longest that fits beside each whole name in `room` cells (`taken`
        of them by "(you)"), else the initial, the longer names cut. One
        form for the box: a row read "Cora (hard)" over "Bartholomew (n)"."""
        level_of = self.update.level_of if self.update is not None else (lambda seat: None)
        bots = [(cell_len(self._bare_who(s)) + taken.get(s, 0), level)
                for s in range(players)
                if not split_mark(self._who(s))[1] and (level := level_of(s))]
        return next((i for i, form in enumerate(LEVEL_FORMS)
                     if all(whole + cell_len(level_mark(level, form)) <= room
                            for whole, level in bots)), len(LEVEL_FORMS) - 1)

    def _seat_mark(self, seat: int, room: int, taken: int, form: int = 0) -> str:
        """The seat's away mark as the Players box says it: the longest words
        that fit beside the whole name in `room` cells (`taken` of them by
        "(you)"), short at 80 columns ("(away, bot)"), else the shortest
        ("(away)"), the name cut to fit. A bot of the match's: its level in
        the box's `form` (`_level_form`)."""
        mark = split_mark(self._who(seat))[1]
        if not mark:
            # a bot of the match's: its level ("Cora (hard)"; the default
            # names read as people's); at 80 columns its initial, as F1's bot
            # levels list it: "(n)"
            level = self.update.level_of(seat) if self.update is not None else None
            return level_mark(level, LEVEL_FORMS[form]) if level else ""
        words = [mark, SHORT_MARKS.get(mark, mark), TINY_MARKS.get(mark, mark)]
        if self.has_class("-narrow"):
            words = words[1:]
        whole = cell_len(self._bare_who(seat)) + taken
        return next((w for w in words if whole + cell_len(w) <= room), words[-1])

    @staticmethod
    def _tokens(player: Any) -> str:
        """A player row's tokens (" i3 L5"), or ""."""
        tokens = []
        if player.incentive is not None:
            tokens.append(f"i{player.incentive.value}")
        if player.forklift is not None:
            tokens.append(f"L{player.forklift}")
        return " " + " ".join(tokens) if tokens else ""

    @staticmethod
    def _bot_bonus_known(view: State, seat: int | None) -> bool:
        """Solo: the bot's bonus is counted from the player's secret hand, so
        only the player sees it before the end (the view holds 0 for
        everyone else): others are told it is unknown, never a false 0."""
        return view.phase is Phase.OVER or seat not in (None, GAME.bot_seat(view))

    def _supplies(self, view: State, seat: int | None) -> Parts | None:
        """The supplies left in the centre, in words ("forklifts L5 L3 ·
        tokens PFYB · quantum 1 2X 3"), going on to a second line between
        two supplies where the side is narrow: the players' symbols
        ("L1 3-5 · Q1 2X") fitted one line at 80 columns but read as a
        cipher. The forklifts are written as the rules write them, highest
        first (§Industrial Mechanisation: "from highest to lowest"; the
        next taken is the first): "forklifts 5 6" read lowest first. None
        when the match has no supplies."""
        words: list[Text] = []
        o = view.options
        # a supply taken from since your last move (a step's) is marked
        changed = self.changed("supplies")

        def add(kind: str, word: str) -> None:
            words.append(Text(word, style=CHANGED_STYLE if kind in changed else ""))

        if o.forklifts:
            left = sorted(view.forklift_supply, reverse=True)
            add("forklifts", "forklifts " + (" ".join(f"L{v}" for v in left) or "none"))
        if o.incentives:
            tokens = "".join(t.value for t in view.incentive_supply)
            add("tokens", "tokens " + (tokens or "none"))
        if o.quantum:
            # OS-17: face up, so which are left (X cards marked), not only how many
            left = " ".join(f"{q}X" if cards.has_x(q) else str(q) for q in view.quantum_supply)
            add("quantum", f"quantum {left or 'none'}")
        if o.solo:
            known = self._bot_bonus_known(view, seat)
            add("bot bonus", f"bot bonus {view.bot_bonus if known else '?'}")
        if not words:
            return None
        if changed:
            words[0] = Text.assemble((f"{CHANGED} ", "bold"), words[0])
        for word in words:
            word.stylize("italic")
        return Parts(tuple(words), hang="  " if changed else "")

    def _sheet(self, view: State) -> Any:
        """The score sheet of `view`, worked out once a view (the players'
        panel and the score now each read it at every update)."""
        if not view.popularity.placed:
            return None
        names = self.update.names if self.update else None
        kept = getattr(self, "_sheet_kept", None)
        if kept is not None and kept[0] is view and kept[1] == names:
            return kept[2]
        try:
            sheet = GAME.sheet(view, names)
        except Exception:
            sheet = None
        self._sheet_kept = (view, names, sheet)
        return sheet

    def _draw_preview(self) -> None:
        """The score now of the warehouse on screen, whoever's v shows (a
        watcher's stayed on another player's, two players' panels side by
        side: a play-test), with what the piece you place makes of it."""
        panel = self.query_one("#os-preview", Static)
        view = self._view
        if view is None or self.update is None or view.phase is Phase.OVER:
            panel.display = False
            return
        sheet = self._sheet(view)
        if sheet is None:
            panel.display = False
            return
        panel.display = True
        seat = self._wh_seat()
        bot = GAME.bot_seat(view)
        player = self._me()
        if bot is not None and player is not None and player != bot:
            # solo: yours and the bot's side by side, whichever warehouse shows
            update_static(panel, self._solo_preview(sheet, player, bot))
            set_border(panel, "Score now: you │ the bot", "▼ negative (the bot's: 0)")
            return
        mine = sheet.seats[seat]
        after = self._after.seats[seat] if self._after is not None else None
        text = Text(no_wrap=True, end="")
        if self.has_class("-tall"):
            crates = "yours" if seat == self._me() else "theirs"  # (v: another's)
            text.append(f"toy pop×{crates} = points\n", style="dim")
        # Four players or more on a short screen: the players' rows take the
        # side's height, and the toy rows with their sums pushed the Total out
        # of sight: two toys a line, points only (the sums are the pad's).
        compact = not self.has_class("-tall") and view.players >= CROWDED
        # a toy both negative and halved (advanced) shows both marks, or its
        # sum read wrong ("P▼ 2×2=  -2"): the marks' column is then two wide
        flags = [toy_marks(r) for r in mine.toys]
        marks = max(1, *map(len, flags))
        # where the piece moves the marks, they show after the arrow too:
        # "B▼ ... -6 →  3" over "P ... 0 →▼ 0" (a row marked ▼ previewing a
        # gain read as a bug); else no column for them
        flags_after = [toy_marks(r) for r in after.toys] if after is not None else flags
        marks_after = max(1, *map(len, flags_after)) if flags_after != flags else 0
        for i, row in enumerate(mine.toys):
            text.append(row.toy.value, style=space_style(row.toy.value))
            text.append(flags[i].ljust(marks), style="bold")
            new = after.toys[i].points if after is not None else row.points
            changes = new != row.points or flags_after[i] != flags[i]
            then = flags_after[i].ljust(marks_after)
            if compact:
                text.append(f"{row.points:>4}")
                text.append(f"→{then}{new:<4}" if changes else " " * (5 + marks_after),
                            style="bold")
                text.append("\n" if i % 2 else "  ")
                continue
            text.append(f" {row.popularity}×{row.warehouse}={row.points:>4}")
            text.append(f" →{then}{new:>4}" if changes else "", style="bold")
            text.append("\n")
        extra = mine.total - sum(r.points for r in mine.toys)
        # extras: forklifts, incentives... what the toy rows leave out
        extra_after = after.total - sum(r.points for r in after.toys) if after else extra
        if extra_after != extra:  # the piece changes them: say so (compact: before the Total)
            text.append(f"Extras {extra:+}→" if compact else f"Extras {extra:+} →")
            text.append(f"{extra_after:+}  " if compact else f" {extra_after:+}\n", style="bold")
        elif extra:
            text.append(f"+{extra} extras  ")
        text.append(f"Total {mine.total}", style="bold")
        if seat == bot and not self._bot_bonus_known(view, player):
            text.append("+?", style="bold")  # a watcher's: its bonus is not in the view
        if after is not None and after.total != mine.total:
            text.append(f" → {after.total}", style="bold reverse")
        update_static(panel, text)
        # only the advanced variant halves a toy
        legend = "▼ negative ½ halved" if view.options.advanced else "▼ negative"
        set_border(panel, f"{self._owner(seat)} score now", legend)

    def _solo_preview(self, sheet: Any, seat: int, bot: int) -> Text:
        """Solo: your score and the bot's side by side, toy by toy, each
        with what the card you are placing makes of it (a card in the
        popularity moves both): the bot's total jumped with no breakdown.
        The popularity is the same for both, written once; each has its
        negative toy (▼), which scores nothing for the bot."""
        after = self._after if self._after is not None else sheet
        yours, its = sheet.seats[seat], sheet.seats[bot]
        yours_after, its_after = after.seats[seat], after.seats[bot]
        rows = (yours, its, yours_after, its_after)
        pts = max(len(str(t.points)) for s in rows for t in s.toys)
        held = max(len(str(t.warehouse)) for s in rows for t in s.toys)
        pop = max(len(str(t.popularity)) for t in yours.toys)

        def moved(now: Any, then: Any, field: str) -> bool:
            return any(getattr(a, field) != getattr(b, field)
                       for a, b in zip(now.toys, then.toys, strict=True))

        # where the card moves a side's ▼, its toys' marks show after the
        # arrow too ("▼×3=0→ 6" over "×2=2→▼0"): else a row marked negative
        # previewing a gain read as a bug
        marks = (moved(yours, yours_after, "negative"), moved(its, its_after, "negative"))
        arrows = (marks[0] or moved(yours, yours_after, "points"),
                  marks[1] or moved(its, its_after, "points"))

        def cell(now: Any, then: Any, arrow: bool, mark: bool) -> Text:
            # the popularity in each column ("×0=0" in the bot's read as
            # something left out, a play-test)
            text = Text(f"{now.popularity:>{pop}}×{now.warehouse:>{held}}={now.points:>{pts}}")
            if arrow:
                then_mark = ("▼" if then.negative else " ") if mark else ""
                changes = then.points != now.points or then.negative != now.negative
                text.append(f"→{then_mark}{then.points:>{pts}}" if changes
                            else " " * (pts + 1 + len(then_mark)), style="bold")
            return text

        text = Text(no_wrap=True, end="")
        if self.has_class("-tall"):
            text.append("toy pop×you=points │ pop×bot=points\n", style="dim")
        width = 0
        for i, toy in enumerate(yours.toys):
            line = Text.assemble((toy.toy.value, space_style(toy.toy.value)),
                                 ("▼" if toy.negative else " ", "bold"), " ",
                                 cell(toy, yours_after.toys[i], arrows[0], marks[0]))
            width = line.cell_len
            text.append_text(line)
            text.append(" │")
            # the bot's own negative toy (a tie may differ from yours) scores nothing
            text.append("▼" if its.toys[i].negative else " ", style="bold")
            text.append_text(cell(its.toys[i], its_after.toys[i], arrows[1], marks[1]))
            text.append("\n")
        total = Text(f"Total {yours.total}", style="bold")
        if yours_after.total != yours.total:
            total.append(f"→{yours_after.total}", style="bold reverse")
        total.pad_right(width - total.cell_len)
        text.append_text(total)
        text.append(" │ ")
        text.append(f"{its.total}", style="bold")
        if its_after.total != its.total:
            text.append(f"→{its_after.total}", style="bold reverse")
        bonus = its.total - sum(t.points for t in its.toys)
        if self._bot_bonus_known(self._view, self.update.seat if self.update else None):
            # the short form where the long one would wrap (the ▼ moved: the
            # rows are a column wider on each side)
            room = self.query_one("#os-preview").content_size.width
            if room != getattr(self, "_preview_room", None):
                # measured while the screen was still being laid out (a
                # resumed match's first draw read a narrower panel): drawn
                # again at the width it settles on
                self._preview_room = room
                self.after_refresh_while_shown(self._draw_preview)
            line = len(text.plain.rsplit("\n", 1)[-1])
            said = f" with bonus {bonus}"
            if room and line + len(said) > room:
                said = f" (bonus {bonus})"
            text.append(said, style="dim")
        else:
            text.append("+?", style="bold")  # its bonus is not in the view
        return text

    def _draw_final(self, update: TableUpdate) -> None:
        view: State = update.view
        pad = self.query_one("#os-final", ScorePad)
        box = self.query_one("#os-final-box")
        result = update.outcome if view.phase is Phase.OVER else None
        # over, the bar is empty: its row goes to the sheet's titled rule
        self.query_one("#os-actions", ActionBar).display = result is None
        if result is None:
            box.display = False
            return
        box.display = not self._sheet_hidden
        sheet = GAME.sheet(view, update.names)
        o = view.options
        room = box.scrollable_content_region.width or self.size.width - 4
        headers, columns = final_columns(view, sheet, result.counted,
                                         [bare_name(n) for n in update.names],
                                         result.winners, room)
        # the labels' column has what the seats' leave (each column and the
        # labels two cells of padding; "★ " before a winner's name): a label
        # longer broke mid-phrase ("Y Yo-yos (pop" over "5)") at 80x24 with
        # six players, so it goes shorter ("Y Yo-yos (pop 5)", "Y (pop 5)")
        widths = [max(cell_len(head) + (2 if seat in result.winners else 0),
                      *(cell_len(c) for c in columns[seat]))
                  for seat, head in enumerate(headers)]
        label_room = room - sum(w + 2 for w in widths) - 2
        labels = [next((label for label in (f"{toy.value} {name} (pop {sheet.popularity[i]})"
                                            for name in (toy.label, _SHORT[toy]))
                        if cell_len(label) <= label_room),
                       f"{toy.value} (pop {sheet.popularity[i]})")
                  for i, toy in enumerate(TOYS)]
        if o.incentives:
            labels.append("Incentive")
        if o.forklifts:
            labels.append("Forklift")
        if o.solo:
            low = cards.BOT_LOW_CARDS
            labels.append(f"Bot: cards {low[0]}-{low[-1]}")
        rows = [(label, tuple(column[r] for column in columns)) for r, label in enumerate(labels)]
        totals = [Text(column[-1], style="bold") for column in columns]
        # The result's notes (the sheet's, then a shared win or solo's
        # verdict) name seats by mark; the score pad fills in the names.
        notes = ["▼ scores negatively · ½ scores half (advanced)" if o.advanced
                 else "▼ scores negatively", *result.notes]
        pad.set_pad(update.names, rows, totals=totals, winners=result.winners,
                    notes=notes, headers=headers)

    # -- the prompt -------------------------------------------------------------------

    def redraw_thinking(self, update: TableUpdate) -> None:
        self._draw_prompt()  # the prompt says who is thinking, and for how long

    def _draw_prompt(self) -> None:
        update_static(self.query_one("#os-prompt", Static), self._prompt_text())
        # a card chosen or let go: esc Back comes and goes with it
        self.refresh_bindings()

    def _prompt_text(self) -> Text:
        update = self.update
        if update is None:
            return Text("Waiting for the table…", style="italic")
        stopped = self.stopped_prompt(update)
        if stopped is not None:
            return stopped
        view: State = update.view
        mode = self._mode
        keys = "bold reverse"
        if view.phase is Phase.OVER:
            result = update.outcome
            winners = sorted(result.winners) if result is not None else []
            names = " and ".join(self._bare_who(s) for s in winners) or "Nobody"
            verb = "wins" if len(winners) == 1 else "share the win"
            hints = [("s", "score sheet"), ("v", "warehouses"),
                     *([("r", "rematch")] if self.rematch_offered else []),
                     ("b", "results"), ("q", self.leads_to)]
            width = self.query_one("#os-prompt", Static).content_region.width
            # as few lines as it takes, so the warehouses keep their rows at
            # 80x24 (Rematch's key took the popularity's last row): the
            # words in full where that costs no line, else shorter
            best = None
            for head, sheet in (("The game is over", "score sheet"),
                                ("Game over", "score sheet"), ("Game over", "sheet")):
                hints[0] = ("s", sheet)
                text = Text(f"{head}: {names} {verb}. ", style="bold")
                for n, (key, words) in enumerate(hints):
                    text.append(key, "bold reverse")
                    text.append(f" {words}" + (" · " if n < len(hints) - 1 else ""))
                if not width:
                    return text
                lines = len(text.wrap(self.app.console, width))
                if best is None or lines < best[0]:
                    best = (lines, text)
            return best[1]
        if mode == "pick":
            hand = self.query_one("#os-hand", CrateHand)
            # an away player's countdown too: it showed only once you had chosen
            away = Text(self.away_note(update), style="italic")
            if hand.pending is not None and hand.pending < len(hand.cards):
                return Text.assemble(
                    ("Play card ", "bold"), (hand.cards[hand.pending].text, "bold"),
                    ("? ", "bold"), ("Enter", keys),
                    " confirms; " if view.options.solo else " confirms (secret until all have chosen); ",
                    ("←→", keys), " choose another.", away)
            after = (" Then you place it, and the bot plays." if view.options.solo
                     else " Lowest card plays first.")
            return Text.assemble(
                ("Choose your card: ", "bold"), ("←→", keys), " or type its number, then ",
                ("Enter", keys), ".", after, away)
        if mode == "quantum":
            return Text.assemble(
                ("Your card is the lowest: ", "bold"), "it goes back to the box; play a "
                "quantum card instead (Q counts as every toy without an X): ",
                (listed_keys(self.number_keys()), keys), ", or ", ("←→", keys), " then ",
                ("Enter", keys), ".")
        if mode in ("place", "forklift"):
            return self._placing_text()
        if mode == "nowhere":
            return Text.assemble(("Your card fits nowhere", "bold"),
                                 " (no spot covers 1 or 2 toys without a worker): ",
                                 ("x", keys), " returns it to the box (house ruling OS-13).")
        if mode == "mark":
            return Text.assemble(("X card: ", "bold"), "put an X next to a toy: quantum crates "
                                 "stop counting as it. ", (number_range(self.number_keys()), keys))
        if mode == "incentive":
            return Text.assemble(("Take an incentive token?", "bold"),
                                 " One per game, scored at the end. ",
                                 (number_range(self.number_keys()), keys), " or ",
                                 ("x", keys), " none.")
        if mode == "nominate":
            spots = [a for a in update.legal if isinstance(a, Nominate)]
            if len(spots) == 1:
                # a forced spot still waits for a key (the player sees where
                # the card goes): the prompt says there is no choice to make
                return Text.assemble(("The bot's turn: ", "bold"), "its next card has only one "
                                     f"place, {self._spot_label(view, spots[0])}: ",
                                     ("Enter", keys), " lays it there.")
            # the spots' numbers highlight one, as the footer says (the
            # prompt named only the arrows)
            return Text.assemble(("The bot's turn: ", "bold"), "choose where its next card goes "
                                 "(its cards must end as a 3x2 block): ",
                                 (number_range(self.number_keys()), keys), ", or ",
                                 ("←→", keys), " then ", ("Enter", keys), ".")
        # Not the viewer's decision.
        if CHANCE in update.to_act:
            return Text(_CHANCE_TEXT.get(view.phase, "…"), style="italic")
        seats = sorted(s for s in update.to_act if s >= 0)
        if not seats:
            return Text("Waiting…", style="italic")
        if view.phase is Phase.PICK:
            # bare: who is away, and whether the match waits for them or a
            # bot plays, follows (`away_note`; "Waiting for cyd (away)…")
            waiting = ", ".join(self._bare_who(s) for s in seats)
            text = Text.assemble(("Waiting for ", "italic"), (waiting, "bold"),
                                 (" to choose.", "italic"))
            if update.thinking is not None:
                text.append(f" {self.who_is_thinking(update)}", style="italic")
            me = update.seat
            if me is not None and view.seats[me].pick is not None:
                # OS-21: back at a shared table, the card a bot chose for them
                bots = stand_in_chose(update, f" card {view.seats[me].pick}",
                                      " (secret until then).", keys)
                if bots is not None:
                    text.append(" ")
                    text.append_text(bots)
                else:
                    text.append(f" Your card {view.seats[me].pick} stays secret until then.")
            text.append(self.away_note(update), style="italic")
            return text
        seat = seats[0]
        who = "Your" if seat == update.seat else self._whose(seat)
        text = Text.assemble((f"{who} turn", "bold"), f" ({self._phase_text(view)})")
        if update.thinking == seat:
            text.append(f" {self.thinking_words(update)}", style="italic")
        text.append(self.away_note(update), style="italic")
        order = GAME.turn_order(view)
        if not order or view.phase is Phase.NOMINATE:
            return text
        # Lines break between a player's card and the next, never inside
        # one: wrapped at any space, a "2" was left alone on a line.
        revealed = [f"{self._bare_who(s)} {c}" for s, c in order]
        text.append(" ")  # two spaces before "Revealed:", as before
        parts = [text, Text("Revealed: " + revealed[0] + ("," if len(revealed) > 1 else ""))]
        parts += [Text(x + ("," if n < len(revealed) - 2 else ""))
                  for n, x in enumerate(revealed[1:])]
        width = self.query_one("#os-prompt", Static).content_region.width
        return flow_parts(parts, width, sep=" ")

    def _placing_text(self) -> Text:
        keys = "bold reverse"
        widget = self._placing_view()
        piece = self._piece()
        view = self._view
        if widget is None or piece is None or view is None:
            return Text("")
        kind, number = piece
        what = f"Forklift L{number}" if kind is Piece.FORKLIFT else (
            f"Quantum card Q{number}" if kind is Piece.QUANTUM else f"Card {number}")
        area = "the popularity" if self._where is Where.POPULARITY else "your warehouse"
        head = Text.assemble((f"{what}", "bold"), f" over {area}")
        turn = _TURNS.get(widget.rotation, "") if kind is not Piece.FORKLIFT else (
            "standing" if widget.rotation else "flat")
        if turn:
            head.append(f", {turn}")
        head.append(":")
        parts = [head]
        width = self.query_one("#os-prompt", Static).content_region.width
        if self._ghost_hidden():
            shown = self._wh_title  # ("The bot's warehouse" mid-sentence)
            shown = "the" + shown[3:] if shown.startswith("The ") else shown
            parts += [Text(f"showing {shown}."), Text.assemble(("v", keys), " next ·"),
                      Text("a placing key shows yours.")]
            return flow_parts(parts, width, sep=" ")
        spot = widget.spot
        legal = self._spots(self._where)
        fits = spot is not None and (spot[0], spot[1], widget.rotation) in legal
        if fits:
            seat = self._wh_seat()
            place = Place(self._where, spot[0], spot[1], widget.rotation)
            covered = GAME.covered_toys(view, seat, place)
            parts.append(Text(f"✓ fits, covers {covered} toy{'s' if covered != 1 else ''}.",
                              style="bold"))
        else:
            why = None
            if spot is not None:
                why = self._area(self._where).why_not(spot[0], spot[1], widget.rotation, kind)
            parts.append(Text(f"✗ not here: {why or 'not a legal spot'}.", style="bold"))
        if self._stopped is not None:
            # an arrow at the board's edge did nothing: say why
            parts.append(Text(f"No further {self._stopped}: it would cover nothing there."))
        if fits:
            parts.append(Text.assemble(("Enter", keys), " places ·"))
        elif legal:
            # n visits the spots of the ghost's turn only: say how many
            # those are, and the count with every turn apart
            turned = sum(1 for _, _, rotation in legal if rotation == widget.rotation)
            every = f" ({len(legal)} with turns)" if turned < len(legal) else ""
            if turned:
                parts.append(Text.assemble(("n", keys), f" next of {turned} spots{every} ·"))
            else:
                parts.append(Text(f"No spot turned so{every} ·"))
        else:
            other = "your warehouse" if self._where is Where.POPULARITY else "the popularity"
            parts.append(Text(f"No spot here: try {other} (p/w) ·"))
        parts.append(Text.assemble(("r", keys), " turns"))
        # Lines break between the parts: wrapped at any space, a key was
        # left at the end of one line and what it does on the next.
        return flow_parts(parts, width, sep=" ")

    # -- focus --------------------------------------------------------------------------

    def _focus_for_mode(self) -> None:
        mode = self._mode
        if mode in ("pick", "quantum"):
            self.query_one("#os-hand", CrateHand).focus()
        elif mode in ("place", "forklift"):
            widget = self._placing_view()
            if widget is not None:
                widget.focus()
        elif mode is not None:
            self.query_one("#os-actions", ActionBar).focus()
        elif self.query_one("#os-final-box").display:
            self.query_one("#os-final-box").focus()  # the sheet scrolls with the keys
        else:
            focused = self.focused
            if focused is not None and not isinstance(focused, GameLog):
                self.set_focus(None)

    # -- the preview ----------------------------------------------------------------------

    def _placing_action(self) -> Place | None:
        widget = self._placing_view()
        if widget is None:
            return None
        spot, rotation = widget.spot, widget.rotation
        if self._ghost_hidden() and self._kept_ghost is not None:
            spot, rotation = self._kept_ghost  # out of sight, still previewed
        if spot is None:
            return None
        x, y = spot
        action = Place(self._where, x, y, rotation)
        return action if self._legal(action) else None

    def _previewed_action(self) -> Any:
        """The action the score preview shows: the ghost's placement, or the
        X mark or incentive highlighted in the bar."""
        if self._mode in ("mark", "incentive"):
            action = self._highlighted()
            return action if isinstance(action, (Mark, TakeIncentive)) else None
        return self._placing_action()

    def _highlighted(self) -> Any:
        """The value of the choice highlighted in the action bar, if any."""
        bar = self.query_one("#os-actions", ActionBar)
        index = bar.highlighted
        if index is None or index >= len(bar.choices):
            return None
        return bar.choices[index].value

    def _update_after(self) -> None:
        action = self._previewed_action()
        self._after = None if action is None else self._sheet_after(action)

    def _ghost_moved(self) -> None:
        self._stopped = None
        self._update_after()
        self._draw_preview()
        self._draw_prompt()
        self.refresh_bindings()

    # -- events from the widgets --------------------------------------------------------

    def on_board_moved(self, event: Board.Moved) -> None:
        event.stop()
        if isinstance(event.control, AreaView) and event.control.placing:
            self._ghost_moved()

    def on_area_view_stopped(self, event: AreaView.Stopped) -> None:
        event.stop()
        self._stopped = {(-1, 0): "up", (1, 0): "down", (0, -1): "left"}.get(
            (event.drow, event.dcol), "right")
        self._draw_prompt()

    def on_board_chosen(self, event: Board.Chosen) -> None:
        event.stop()
        self._place_here()

    def on_hand_highlighted(self, event: CrateHand.Highlighted) -> None:
        event.stop()
        self._draw_prompt()

    def on_hand_selected(self, event: CrateHand.Selected) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        self._refused = None  # a card clicked (Enter after a refusal stops in on_key)
        self._hand_select(event.index)

    def on_cursor_widget_highlighted(self, event: CursorWidget.Highlighted) -> None:
        event.stop()
        if self._mode == "nominate":
            self._draw_areas()
        elif self._mode in ("mark", "incentive"):
            self._update_after()
            self._draw_preview()

    def on_action_bar_chosen(self, event: ActionBar.Chosen) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        value = event.choice.value
        if value in ("place", "rotate", "next", "peek") and self._ghost_hidden():
            self._show_own_warehouse()
            return
        if value == "place":
            self._place_here()
        elif value == "peek":
            self.action_peek()
        elif value == "rotate":
            self.action_rotate()
        elif value == "switch":
            self.action_switch_area()
        elif value == "next":
            widget = self._placing_view()
            if widget is not None:
                widget.action_next_target(1)
        elif value is not None and self._legal(value):
            self.play(value)

    def _hand_select(self, index: int) -> None:
        hand = self.query_one("#os-hand", CrateHand)
        if not (0 <= index < len(self._hand_actions)):
            return
        action = self._hand_actions[index]
        if not self._legal(action):
            return
        if self._mode == "pick" and hand.pending != index:
            hand.pending = index
            hand.refresh()
            self._draw_prompt()
            return
        hand.pending = None
        shown = self.update
        self.play(action)
        if self.update is shown and self.sent_from is None:
            # refused here (a save that failed): the card stays chosen, as
            # the prompt still says, so one Enter tries again (it re-chose it)
            hand.pending = index
            hand.refresh()

    def _place_here(self) -> None:
        widget = self._placing_view()
        if widget is None or widget.spot is None:
            return
        action = self._placing_action()
        if action is not None:
            self.play(action)
            return
        x, y = widget.spot
        piece = self._piece()
        kind = piece[0] if piece else Piece.CRATE
        why = self._area(self._where).why_not(x, y, widget.rotation, kind)
        hint(self, f"Not there: it {why or 'is not a legal spot'}.", timeout=None, spot=True)

    # -- key actions ------------------------------------------------------------------------

    IDLE_KEY_WORDS: ClassVar[dict[str, str]] = {
        "rotate": "r turns the card while you place it",
        "peek": "c shows what lies under your card while you place it",
        "area": "p and w switch between the popularity and your warehouse while you place",
        "switch_area": "Tab switches between the popularity and your warehouse while you place "
                       "a card",
        "decline": "x says \"None, thanks\" when you may decline",
        "toggle_sheet": "s shows the score sheet once the match is over",
        "number": "the number keys choose a card or from a list, not where a card goes"}

    def why_key_idle(self, action: str) -> str | None:
        if action in ("area", "switch_area") and self._mode == "forklift":
            return "Not now: a forklift goes in your warehouse; Tab, p and w switch areas for a card."
        said = super().why_key_idle(action)
        if action == "end_turn" and self.update is not None and not self.update.over:
            # (a spectator too: the key is no key of this game)
            return "No e here: there is no End turn, the game moves on by itself."
        return said

    def prompt_words(self) -> str:
        return self._prompt_text().plain

    def help_text(self, binding: Binding) -> str | None:
        """F1's words for Tab through the panels, at the game's end or for
        a watcher (whose Tab, a player's, did nothing)."""
        if binding.action.startswith("next_part"):
            update = self.update
            watching = update is not None and update.seat is None and not update.over
            when, sheet = ("Watching", "") if watching else ("Game over", "the score sheet, ")
            return (f"{when}: the arrows, PgUp / PgDn, Home / End scroll {sheet}the "
                    "popularity, the warehouse or the log; Tab moves them to the next of "
                    "these panels, Shift+Tab back" + ("; Escape lets them go" if watching else ""))
        return super().help_text(binding)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        mode = self._mode
        if action == "rotate":
            return mode in ("place", "forklift")
        if action == "peek":
            return mode in ("place", "forklift") and not self._ghost_hidden()
        if action in ("area", "switch_area"):
            return mode == "place"
        if action == "decline":
            return self._legal(Pass())
        if action in ("next_warehouse", "warehouses_later"):
            view = self._view
            if view is None or view.players < 2:
                return False
            # the bot's spot is chosen on its warehouse: that one stays
            if action == "warehouses_later":
                return mode == "nominate"
            return None if mode == "nominate" else True
        if action in ("toggle_sheet", "next_part"):
            view = self._view
            update = self.update
            if action == "next_part" and update is not None and update.seat is None:
                return True  # a watcher reads the panels (no decision of theirs)
            return view is not None and view.phase is Phase.OVER
        if action == "number":
            return mode in ("pick", "quantum", "mark", "incentive", "nominate")
        if action == "end_turn":
            return False  # (why_key_idle)
        if action == "cancel":
            hand = self.query_one("#os-hand", CrateHand)
            return mode == "pick" and (hand.pending is not None or self._refused is not None)
        return super().check_action(action, parameters)

    def action_rotate(self) -> None:
        widget = self._placing_view()
        if widget is not None:
            widget.rotate(1)

    def action_peek(self) -> None:
        """c: what lies under the ghost, or the card again (`AreaView.set_peek`)."""
        widget = self._placing_view()
        if widget is None:
            return
        self._peek = not self._peek
        for view in self.query(AreaView):
            view.set_peek(self._peek)
        self._draw_actions()

    def action_area(self, where: str) -> None:
        if self._mode != "place":
            return
        new = Where(where)
        if new is Where.WAREHOUSE and self._ghost_hidden():
            self._show_own_warehouse()
            return
        if new is self._where:
            return
        self._where = new
        withdraw_hints(self, news=False)  # a key's refusal spoke of the area gone
        if new is Where.WAREHOUSE:
            self._shown, self._kept_ghost = None, None  # the card goes in yours
        self._draw_areas(keep=False)
        widget = self._placing_view()
        if widget is not None:
            widget.focus()
        self._ghost_moved()

    def action_switch_area(self) -> None:
        if self._mode != "place":
            return
        other = Where.POPULARITY if self._where is Where.WAREHOUSE else Where.WAREHOUSE
        self.action_area(other.value)

    def action_decline(self) -> None:
        if self._legal(Pass()):
            self.play(Pass())

    def action_next_warehouse(self) -> None:
        view = self._view
        if view is None:
            return
        current = self._wh_seat()
        self._shown = (current + 1) % view.players
        self._step_shown = False  # chosen with v: it stays
        self._warehouse_changed()

    def _warehouse_changed(self) -> None:
        # a key's refusal spoke of the view gone, and covered the prompt
        # grown to two lines for the warehouse shown (a play-test)
        withdraw_hints(self, news=False)
        self._draw_areas()
        if self._mode not in ("place", "forklift"):
            self._draw_preview()  # the score now is of the warehouse shown
        else:
            self._ghost_moved()  # the prompt says whose warehouse shows, and the score
            # another's warehouse is not edged as the one placed in
            widget = self._placing_view()
            if self._ghost_hidden():
                self.set_focus(None)
            elif widget is not None:
                widget.focus()

    def _show_own_warehouse(self) -> None:
        """A placing key while another's warehouse hides your ghost: yours
        comes back, the ghost where you left it; the key does no more, so
        nothing moves or is placed unseen."""
        self._shown, self._step_shown = None, False
        self._warehouse_changed()

    #: the keys that move, turn or place the ghost (the board's and ours)
    GHOST_KEYS: ClassVar[frozenset[str]] = frozenset(
        {"up", "down", "left", "right", "h", "j", "k", "l", "enter", "space", "n", "N", "r"})

    def on_key(self, event: events.Key) -> None:
        # (GameScreen.on_key runs after this one, unless the key is taken here)
        if event.key in self.GHOST_KEYS and self._ghost_hidden():
            event.stop()
            event.prevent_default()
            self._show_own_warehouse()
            return
        if self._refused is not None:
            if event.key == "enter" and self._mode == "pick":
                # the refused number still stands: Enter says so again
                event.stop()
                event.prevent_default()
                self._refuse_number(self._refused)
            elif event.key != "escape":  # (Esc's own action lets it go)
                self._refused = None

    def action_warehouses_later(self) -> None:
        hint(self, "v shows the warehouses again once the bot's card is placed.",
             severity="information")

    def number_keys(self) -> list[str]:
        mode = self._mode
        if mode == "pick":  # a card's number, typed digit by digit
            return list("0123456789")
        if mode == "quantum":  # a quantum card's own number, as its label shows
            return [card.key for card in self.query_one("#os-hand", CrateHand).cards]
        if mode in ("mark", "incentive", "nominate"):
            return [c.key for c in self.query_one("#os-actions", ActionBar).choices if c.enabled]
        return []

    def _type_digit(self, digit: str) -> None:
        """A digit of a card's number, typed: the hand showed the cards'
        numbers, and a number key picking by place (4 gave the 4th card,
        13) was a trap. Digits within TYPE_GAP seconds make one number
        (1 then 7: card 17); the card it names waits for Enter, as a card
        picked with the arrows does."""
        hand = self.query_one("#os-hand", CrateHand)
        texts = [card.text for card in hand.cards]
        self._refused = None
        now = time.monotonic()
        typed = (self._typed if now - self._typed_at < TYPE_GAP else "") + digit
        self._typed_at = now
        if typed == digit:
            self._typed_from = hand.cursor
        for attempt in dict.fromkeys((typed, digit)):  # else a new number
            starting = [i for i, text in enumerate(texts) if text.startswith(attempt)]
            if starting:
                break
        else:
            # after a whole card's number (30), a digit starts a new one (9)
            wanted = digit if self._typed in texts else typed
            self._typed = ""
            # 3 then 8: the 3 had moved to card 30 (or armed card 3), and
            # Enter then played a card never asked for; the cursor goes back
            # where it was before the number, nothing armed
            hand.move_to(self._typed_from)
            hand.pending = None
            hand.refresh()
            self._draw_prompt()
            self._refused = wanted
            self._refuse_number(wanted)
            return
        self._typed = attempt
        exact = texts.index(attempt) if attempt in texts else None
        hand.move_to(exact if exact is not None else starting[0])
        hand.focus()
        hand.pending = exact  # a number still being typed waits for its next digit
        hand.refresh()
        self._draw_prompt()

    def _refuse_number(self, wanted: str) -> None:
        """Say that no card `wanted` is in hand (typed, or Enter after it)."""
        texts = [card.text for card in self.query_one("#os-hand", CrateHand).cards]
        hint(self, f"No card {wanted} in your hand: type one of {', '.join(texts)} "
             "(or ←→), then Enter; Esc lets the number go.")

    def action_number(self, number: int) -> None:
        mode = self._mode
        if mode == "pick":
            self._type_digit(str(number))
            return
        # A number chooses at once, as in the other games' lists (Overseers'
        # hand and bar, the Duel's market) and this game's X mark and
        # incentive: the quantum card and the bot's spot only highlighted
        # and waited for Enter under the same "1-6 Choose". A card to pick
        # is typed by its own number (above), so it waits for Enter. A
        # quantum card is chosen by its own number too (by its place, 2
        # chose Q4 once Q2 and Q3 were gone).
        if mode == "quantum":
            hand = self.query_one("#os-hand", CrateHand)
            keys = [card.key for card in hand.cards]
            if str(number) in keys:
                index = keys.index(str(number))
                hand.move_to(index)
                self._hand_select(index)
            elif number in QUANTUM_NUMBERS:  # on the cards, but played already
                self.no_choice(number, self.number_keys(),
                               why=f"Quantum card {number} is taken already")
            else:
                self.no_choice(number, self.number_keys())
            return
        bar = self.query_one("#os-actions", ActionBar)
        numbered = [i for i, c in enumerate(bar.choices) if c.key == str(number)]
        if not numbered:
            self.no_choice(number, self.number_keys())
            return
        choice = bar.choices[numbered[0]]
        if not choice.enabled:  # listed, but not to be taken: it said nothing
            toy = choice.value.toy if isinstance(choice.value, Mark) else None
            self.no_choice(number, self.number_keys(),
                           why=f"{toy.value} already has an X" if toy is not None else "")
            return
        bar.choose(numbered[0])

    def action_next_part(self, step: int = 1) -> None:
        """Game over, or watching: the keys move on to the next part of the
        table (the sheet, the popularity, the warehouse, the log) that is
        shown, or back (`step` -1): PgUp / PgDn scroll the part that has
        them, so the log is one too."""
        parts = [w for w in (self.query_one("#os-final-box"), self.query_one("#os-pop-pane"),
                             self.query_one("#os-wh-pane"), self.query_one("#os-log"))
                 if w.display]
        focused = self.focused
        at = next((i for i, w in enumerate(parts)
                   if focused is not None and (focused is w or w in focused.ancestors)),
                  0 if step < 0 else -1)  # (none yet: the first, or back to the last)
        parts[(at + step) % len(parts)].focus()

    def action_toggle_sheet(self) -> None:
        """Game over: fold the score sheet away (or back) to see the areas."""
        self._sheet_hidden = not self._sheet_hidden
        box = self.query_one("#os-final-box")
        box.display = not self._sheet_hidden
        if box.display:
            box.focus()

    def action_cancel(self) -> None:
        self._refused = None
        hand = self.query_one("#os-hand", CrateHand)
        hand.pending = None
        hand.refresh()
        self._draw_prompt()
