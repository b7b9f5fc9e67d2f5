"""The Overseers screen: every player's rows of cards, the pack you draft
from, the votes, the judgment, the showdown, the greed steal, your own
secret total, a table-talk panel and the log.

It renders `update.view` (other seats' face-down cards, packs, picks and
votes are None there until the rules reveal them) and offers only
`update.legal`. The facts it shows beside the cards (the stage, each
character's ability, the cards as the viewer sees them, its own score, the
votes received) come from `core.overseers.table_facts` through `GAME`.

Cards are drawn with their trait's letter, or its name where every seat's
row has room for the names (a wide table: ``[Anger]``); colour only
decorates: ``[A]`` face up, ``(A)`` face down and known to you, ``*`` a
card Meixiu peeked at (everyone sees which), ``[▒▒]`` a face-down card you
do not know; ``↻`` marks a
card turned sideways by Purple, ``→2`` a copy under card 2 (Teal).

Keys (also in the footer; the mouse works too):

- drafting: ←→ (or 1-6) and Enter keep a card of the pack;
- every other decision: the bar of choices, ←→ and Enter, or 1-9;
  Teal chooses its card, then the card to lie under (b goes back);
- t types a note in the table-talk panel (Enter sends it and leaves, Escape drops it);
- u undo; q home; once the match is over, b the results again.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Any, ClassVar

import attrs
from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Region, Size
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from core.overseers import GAME
from core.overseers.actions import (
    Admit,
    Choose,
    Copy,
    Deny,
    Discard,
    Give,
    Keep,
    LosePair,
    Pass,
    Peek,
    Pick,
    Place,
    Turn,
    Vote,
)
from core.overseers.cards import TRAIT, Character, Trait
from core.overseers.state import Phase, State
from tui import resources
from tui.plain import shortened
from tui.screens.ending import EndingScreen
from tui.screens.game import (
    CONFIRM_KEYS,
    DROPPED_KEY_LIGHT,
    NAME_SHORTEST,
    NUMBER_KEYS,
    REMATCH_ON_R,
    RESULTS_ON_ESCAPE,
    GameScreen,
    NamingText,
    TableUpdate,
    fit_line,
    number_range,
    split_mark,
    stand_in_chose,
)
from tui.widgets import ActionBar, Choice, ScorePad, gamelog
from tui.widgets.flowed import flow_parts
from tui.widgets.footer import Footer
from tui.widgets.gamelog import GameLog, TalkLog
from tui.widgets.hand import BACK, Card, Hand
from tui.widgets.kept_lines import KeptStatic
from tui.widgets.limited_input import TalkInput
from tui.widgets.quiet import set_border, update_static
from tui.widgets.scrollbars import KeptVerticalScroll
from tui.widgets.since import SinceLog, changed_keys, marked_text

#: decoration only: every card carries its trait's letter. Greed is a brown
#: swatch: as brown text it fell to Courage's yellow at 16 colours (there
#: it is white on grey)
TRAIT_STYLE = {
    Trait.ANGER: "bold red",
    Trait.BENEVOLENCE: "bold green",
    Trait.LUST: "bold magenta",
    Trait.COURAGE: "bold yellow",
    Trait.HOPE: "bold cyan",
    Trait.GREED: "bold bright_white on #784c2c",
}

#: what each secret or single decision is, for the prompt
_ASKS = {
    Phase.DRAFT: "Keep one card of the pack (secret until everyone has chosen).",
    Phase.PLACE: "Choose your top row, face up; the others lie face down.",
    Phase.PURPLE: "Purple: turn one of your cards sideways (its trait counts 5).",
    Phase.GOLD_KEEP: "Gold: keep one of the two cards drawn, face down.",
    Phase.PEEK: "Meixiu: peek at a face-down card of another player.",
    Phase.TEAL: "Teal: put a card face down under another: it copies the card on top.",
    Phase.VOTE: "Vote: who scores highest this round? (secret until all vote)",
    Phase.ACCUSE: "Leader: break the tie of votes. Who is judged?",
    Phase.JUDGE: "You are judged: deny (showdown) or admit (discard two cards)?",
    Phase.ADMIT: "You admitted: discard one of your cards.",
    Phase.DECLARE: "Leader: break the tie for the highest showdown score.",
    Phase.GUILTY: "You had the highest score: choose the two cards you lose.",
    Phase.THIEF: "Leader: break the tie for the most Greed. Who steals?",
    Phase.ROB: "You have the most Greed: steal from whom? (or steal nothing)",
    Phase.GIVE: "You are robbed: choose the card you give.",
    Phase.LIANG: "Liang: whose cards cost a point each?",
    Phase.NEXT_LEADER: "Leader: break the tie for the lowest score. The next Leader?",
}

_WAITING = {
    Phase.LEADER: "The Leader card is being given…",
    Phase.DEAL: "The cards are being dealt…",
    Phase.CHARACTERS: "The characters are being dealt…",
    Phase.GOLD_DRAW: "Gold draws from the discard pile…",
    Phase.DENY_DRAW: "The accused draws from the discard pile…",
}

#: phases in which the table talks before the vote (the panel shows)
_TALK = frozenset({Phase.DRAFT, Phase.PLACE, Phase.PURPLE, Phase.GOLD_DRAW,
                   Phase.GOLD_KEEP, Phase.PEEK, Phase.TEAL, Phase.VOTE})
#: a round's dealing, before its talk panel comes up
_BEFORE_TALK = frozenset({Phase.LEADER, Phase.DEAL, Phase.CHARACTERS})
_SECRET = frozenset({Phase.DRAFT, Phase.PLACE, Phase.VOTE})
#: decisions that act on one of your own cards for good (or, as Leader, on
#: the guilty player's, OV-5; the Leader's tie for the highest showdown
#: score, two cards lost or one gained, OV-13, and for the lowest, who
#: takes the Leader card, OV-17), none of them safe and none taken back
#: (OV-27): the bar starts with no choice highlighted (`_draw_decision`)
_NO_DEFAULT = frozenset({Phase.PURPLE, Phase.ADMIT, Phase.GUILTY, Phase.GIVE,
                         Phase.DECLARE, Phase.NEXT_LEADER})
#: how a decision that came at once under the key that made the player's
#: last (the next pack, the top row after the last pick, a vote after
#: Gold's keep) is made (the prompt, the notice), and why an Enter did
#: nothing (`too_soon`)
_LOOK_KEYS = "pick with a number, or ←→ then Enter."
_NEXT_PACK_ENTER = ("Your next pack came under your last key: Enter keeps none of it "
                    "until ←→ move over it; or pick with a number.")
_LOOK_ENTER = ("Your next choice came under your last key: Enter makes none of it "
               "until ←→ move the highlight; or pick with a number.")
#: the keys that move the highlight (the Hand's, the bar's)
_ARROW_KEYS = frozenset({"left", "right", "up", "down", "home", "end"})
#: the longest trait's name ("Benevolence")
_LONGEST_TRAIT = max(len(t.label) for t in Trait)
#: the draft's picks a round (OV §2 Draft: five kept, the sixth discarded)
_PICKS = 5
#: how many lines of table talk are kept (as the chat keeps)
KEEP_TALK = 200
#: the room the longest score beside a seat's cards takes ("  " and
#: `_score_text`'s "showdown 99 · round score 99")
_LONGEST_SCORE = len("  showdown 99 · round score 99")
#: the log's title, with its key (`action_read_log`)
_LOG_TITLE = "Log · l to scroll"
#: its title while it has the keys
_READING_TITLE = "↑↓ scroll · Esc back"
#: the inside of a card's tile on a large screen: "(Benevolence)"
_TILE = 13
#: the fewest lines the last round's recap stands below the rows in (its
#: title and three of its last lines); in fewer a line above them points to
#: the log (the round's box had just told it)
_RECAP_LEAST = 4

#: the score pad's rows in short, where the whole labels do not fit beside
#: six names in the table's panel (they wrapped over two or three lines)
_PAD_SHORT = {"Gold's card": "Gold", "card drawn, not guilty": "Not guilty",
              "the Hoarder's Greed": "Hoarder", "card stolen": "Stolen",
              "Purple's fives": "Purple 5s", "Teal's copy": "Teal copy",
              "Meixiu's +3": "Meixiu +3", "Liang's -1 per card": "Liang -1/card"}
_PAD_ROUND = re.compile(r"Round (\d+): (.+)")


def pad_short_labels(names: Iterable[str]) -> dict[str, str]:
    """"R1 Hoarder" for "Round 1: the Hoarder's Greed" (`_PAD_SHORT`)."""
    out = {}
    for name in names:
        match = _PAD_ROUND.fullmatch(name)
        if match:
            out[name] = f"R{match[1]} {_PAD_SHORT.get(match[2], match[2])}"
    return out


#: one card of each trait, to draw its letter
_SAMPLE = {TRAIT[c]: c for c in sorted(TRAIT, reverse=True)}


def _copy_mark(numbers: Sequence[int], under: int) -> str:
    """Teal's copy mark: an arrow to the number of the card above ("=3"
    read as "3 points"), by the number that card shows (while admitting,
    the cards keep their numbers as the others go)."""
    return f"→{numbers[under] if under < len(numbers) else under + 1}"


def trait_text(card: int | None, *, long: bool = False) -> Text:
    if card is None:
        return Text(BACK, style="dim")
    t = TRAIT[card]
    return Text(t.label if long else t.value, style=TRAIT_STYLE[t])


def card_label(card: int | None) -> str:
    return "a card" if card is None else f"{TRAIT[card].label} ({TRAIT[card].value})"



def _card_slot(value: Any) -> int | None:
    """The slot of the player's own card a bar choice names (Teal's card to
    move and the card it goes under, Purple's turn, a discard, a card
    given), else None."""
    if isinstance(value, tuple) and value[:1] == ("first",):
        return value[1]
    if isinstance(value, Copy):
        return value.top
    if isinstance(value, Turn | Discard | Give):
        return value.slot
    return None



@functools.lru_cache(maxsize=32)
def _trait_lines(players: int, width: int) -> tuple[Text, ...]:
    """`OverseersScreen._trait_lines`, by the count of players it depends on
    alone: kept, since building them was a quarter of drawing the rows."""
    points = GAME.trait_points()
    copies = GAME.trait_copies(players)

    def line(head: str, figures: dict[Trait, Any], long: bool, tail: str = "") -> Text:
        parts: list[Text | tuple[str, str]] = [(head, "dim")]
        for i, t in enumerate(Trait):
            if long and i:
                parts.append(("· ", "dim"))
            parts += [trait_text(_SAMPLE[t], long=long),
                      (f"{' ' if long else ''}{figures[t]} ", "dim")]
        parts.append((tail, "dim"))
        return Text.assemble(*parts)

    # OV-23: the cards left over after the deal lie aside unseen; "in
    # play (25 cards)" with three players misled a player counting cards
    aside, total = GAME.cards_aside(players), sum(copies.values())
    tails = ([f"({total} cards, {aside} aside unseen)", f"({total}, {aside} aside unseen)",
              f"({total}, {aside} aside)"] if aside
             else [f"({total} cards, all dealt)", f"({total}, all dealt)"])

    def lines(long: bool) -> list[Text]:
        figures = {t: f"×{n}" for t, n in copies.items()}
        decks = [line("Deck: ", figures, long, tail) for tail in tails]
        deck = next((x for x in decks if x.cell_len <= width), decks[-1])
        return [line("Points: ", points, long), deck]

    named = lines(long=True)
    return tuple(named if all(x.cell_len <= width for x in named) else lines(long=False))


class RowsStale(Message):
    """The table's rows were fitted to another width or height: draw them again."""


class TableResized(Message):
    """The table's panel or its rows changed size: what is out of sight may too."""


class TableRows(KeptStatic):
    """The table's rows, each cut to the width they were drawn for
    (`OverseersScreen._fit`). When the width changes after they were drawn
    (the side panel narrowed once the screen had been resized, say) they
    ask to be drawn again: they stayed cut at the width in between."""

    #: the width the rows were cut to (0: not yet drawn)
    fitted_width = 0
    #: the rows' minimum height in lines, set from the screen (0: none)
    floor = 0

    def on_resize(self, event: events.Resize) -> None:
        if self.fitted_width and event.size.width != self.fitted_width:
            self.fitted_width = 0  # asked once per change
            self.post_message(RowsStale())


class TablePanel(KeptVerticalScroll):
    """The table's scrolling panel. The rows are fitted to its height (a
    character on its player's name line where all do not fit): when the
    height changes after they were drawn (the bar of choices below grew a
    line) they ask to be drawn again, else they ran below the fold."""

    #: the height the rows were fitted to (None: not yet drawn)
    fitted_height: int | None = None
    #: the rows' height at the last layout
    _rows_height = -1

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        resized = super()._size_updated(size, virtual_size, container_size, layout)
        # The rows' height alone changed (redrawn in fewer lines): Textual
        # sends a Resize only when the panel's own size changes, and the
        # title kept "more below" over rows that all fit (CI, a loaded machine).
        if virtual_size.height != self._rows_height:
            self._rows_height = virtual_size.height
            self.post_message(TableResized())
        return resized

    def on_resize(self, event: events.Resize) -> None:
        fitted = self.fitted_height
        if fitted is not None and self.scrollable_content_region.height != fitted:
            self.fitted_height = None  # asked once per change
            self.post_message(RowsStale())
        else:
            # a size the rows fit already may still end a scroll: the title
            # read "more below" with nothing below (a resize sets the size
            # without the virtual_size watcher firing)
            self.post_message(TableResized())


class OverseersScreen(GameScreen):
    """Overseers at the table (see the module docstring for the keys)."""

    game_id = "overseers"
    # over the log, as in the other games: never over the rows or the hand
    NOTICES_OVER = "#ov-log"
    IDLE_SAYS_PROMPT = False  # a notice repeating it was too tall for the log
    prompt_id = "ov-prompt"
    seat_word = "Player"

    CSS_PATH = resources.css_path("screens/overseers.tcss")
    AUTO_FOCUS = ""
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]

    HELP_TITLE = "Overseers"

    #: the top rows and characters, the votes, the showdown's hands: what a
    #: round of secret choices (or the judged player's answer) reveals
    REVEALS = re.compile(r"\b(?:revealed|Votes|Showdown): ")

    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(n), f"number({n})", "Choose", key_display=NUMBER_KEYS, show=n == 1,
                    tooltip="Choose a card or a choice of the bar by its number")
            for n in range(1, 10)
        ),
        Binding("pageup", "scroll_table(-1)", "Scroll the table", show=False,
                tooltip="Scroll the table up (with six players, or a long recap)"),
        Binding("pagedown", "scroll_table(1)", "Scroll the table", show=False,
                tooltip="Scroll the table down"),
        Binding("b", "back", "Back", tooltip="Teal: choose the card to move again"),
        # a key bound here hides the base screen's: its b (the results, once
        # the match is over) comes after Teal's
        Binding("b", "results", "Results"),  # (F1's words: `help_text`)
        Binding("t", "talk", "Talk", tooltip="Type a note in the table-talk panel (until "
                "the vote): Enter sends it and gives the keys back to the cards, Escape "
                "drops it. At a shared table it is the table's chat: F2 shows the same "
                "lines, and after the vote too"),
        # shown (only while typing, check_action): after Enter the cursor
        # stays in the note, and the footer named no way back to the cards
        Binding("escape", "leave_talk", "Done talking",
                tooltip="Leave the table-talk note (a note not sent is dropped)"),
        # PgUp / PgDn and the arrows are the table's and the bar's: the log
        # (how the Leader was chosen, three rounds back) had no key at all
        Binding("l", "read_log", "Log", key_display="l",
                tooltip="Scroll the log: l puts ↑↓ PgUp PgDn Home End on the log, "
                        "l or Escape gives them back to the table"),
        # shown while the log has the keys (check_action): l's focus looked
        # like nothing had happened, and Enter no longer chose
        Binding("escape", "leave_log", "Back to the table",
                tooltip="Leave the log: the keys go back to the decision"),
        # first on the final table, the results' Rematch (check_action); in
        # play, the last round's end again (one put away too fast): Boss Quest's c
        REMATCH_ON_R,
        Binding("r", "last_round", "Last round",
                tooltip="Open the last round's end again: the votes, the showdown, the round "
                        "scores (with several people here, as everyone sees it)"),
        RESULTS_ON_ESCAPE,  # the final table
        Binding("enter", "leave_log", "Back to the table", show=False,
                tooltip="Leave the log: the keys go back to the decision"),
    ]

    HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("A B L C H G", "Anger 6, Benevolence 4, Lust 3, Courage 2/10/18, Hope 0/6/21, Greed 2"),
        ("[A]", "A card face up (on a wide table, named: [Anger])"),
        ("(A)", "A face-down card you know (yours, or one seen face up before it was turned "
                "down)"),
        ("*", "A face-down card Meixiu peeked at (she knows it, everyone sees which): "
              "(A)* one you know, [▒▒]* one you do not; on a tile, in its bottom corner"),
        ("[▒▒]", "A face-down card you do not know"),
        ("↻", "Turned sideways by Purple: it and its twins count 5"),
        ("→2", "Teal's copy: lies under card 2 and counts as that card (not 2 points)"),
        ("♛", "The Leader (breaks every tie this round)"),
        ("»", "A player who has to decide now"),
        ("✓", "Has made their secret choice"),
    )

    def __init__(self, port: Any, **kwargs: Any) -> None:
        super().__init__(port, **kwargs)
        #: the placement's choices name the traits (else letters them)
        self._place_named = False
        self._rows_needed = 0
        #: where the last round's recap is during the next draft (`_draw_rows`):
        #: "below" the rows, a "note" above them pointing to the log, or ""
        self._recap_at = ""
        #: the lines the rows leave the recap below them (its title included)
        self._recap_room = 0
        #: each seat's cards as text, made once for the view they show
        #: (`_cards_text`)
        self._cards_made_for: State | None = None
        self._cards_made: dict[tuple[int, bool, int | None], Text] = {}
        #: the bar's choices say the round score each leaves (`_fitted_choices`)
        self._score_notes = True
        #: a choice was given its note as the bar was last built
        self._noted = False
        #: the round score the bar's notes count from, said once by the
        #: prompt (None: the bar says no score; `_choices`)
        self._said_now: int | None = None
        #: Teal: the card chosen to move, before the card it goes under
        self._first: int | None = None
        #: the actions behind the bar's choices / the hand's cards
        self._bar_actions: list[Any] = []
        #: the decision the bar was last set for (its seat and choices): a
        #: new one starts unhighlighted where `_NO_DEFAULT` asks it
        self._bar_decision: tuple[Any, ...] | None = None
        self._hand_actions: list[Any] = []
        #: table talk (not part of the match), each line with the round it
        #: was said in. A shared table's port keeps it for the table: a
        #: screen made again (back from the lobby, a reconnect) went on
        #: with none, though the lines were still in the chat (F2)
        talk = getattr(port, "talk", None)
        self.talk: list[tuple[int, str]] = talk if isinstance(talk, list) else []
        #: the key shown for each choice of the bar (its number)
        self._bar_keys: list[str] = []
        self._focus_key: object = None
        #: the lines of the viewer's own row in the table (head to cards),
        #: kept in view when a decision comes (`_show_my_row`)
        self._my_lines: tuple[int, int] | None = None
        #: a match seen in play here (not opened finished): its last round
        #: is told over the results (`EndingScreen`), once
        self._seen_in_play = False
        self._last_round_told = False
        #: per seat viewed here (None: spectating), the round of the last
        #: update drawn for it: a later round's first update tells the
        #: round that ended (`_hold_round_end`)
        self._round_seen: dict[int | None, int] = {}
        #: a round's recap waiting for the screen to be on top (a hand-over
        #: cover, the chat or the help over it): (seat, round, the box)
        #: (the rounds its player missed, oldest first, a box each)
        self._round_end_waiting: tuple[int | None, int, tuple[EndingScreen, ...]] | None = None
        #: the last round whose end was told at this terminal
        self._round_told = 0
        #: the public view's round when `round_end_dialogs` was first asked,
        #: then at each draft it was asked in (None: not asked yet)
        self._round_asked: int | None = None
        #: per seat viewed here, (round, whether its showdown was revealed)
        #: at the last update drawn for it (`_hold_vote`)
        self._showdown_seen: dict[int | None, tuple[int, bool]] = {}
        #: what the vote did, in a box for a seat: (seat, round, the box)
        self._vote_box: tuple[int | None, int, EndingScreen] | None = None
        self._vote_box_pushed = False
        #: the last round whose vote was told at this terminal
        self._vote_told = 0
        #: the log was given the keys (l): a new decision leaves it focused
        self._reading_log = False
        #: the table's rows (`_width`), once looked up
        self._rows_widget: TableRows | None = None
        #: a character shows in short in the rows, or your ability cut:
        #: the table's title points to F1 (`help_sections`)
        self._characters_cut = False
        #: (seat, round, draft turn) of a pack that came at once under the
        #: key that kept a card from the last (`decided_again`): the prompt
        #: names it new until a card of it is kept
        self._next_pack: tuple[int | None, int, int] | None = None
        #: a decision of the player's that came at once under the key that
        #: made their last (`decided_again`: the next pack, the top row, ...),
        #: while they have not looked at it (`_decision_of`): Enter makes
        #: none of it until an arrow moves the highlight (`_unlooked_here`)
        self._unlooked: tuple[Any, ...] | None = None

    # -- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static("", id="ov-header")
        with Horizontal(id="ov-body"):
            with TablePanel(id="ov-table", classes="panel"):
                yield ScorePad(id="ov-final")
                yield Static("", id="ov-recap-note")
                yield TableRows("", id="ov-rows")
                yield Static("", id="ov-recap")
            with Vertical(id="ov-side"):
                yield SinceLog(id="ov-log", classes="panel")
                with Vertical(id="ov-talk", classes="panel"):
                    yield TalkLog(id="ov-notes")
                    yield TalkInput(placeholder="t: a note for the table (Enter sends)", id="ov-note",
                                    compact=True)
        with Vertical(id="ov-decide"):
            yield Static("", id="ov-prompt")
            yield Hand(id="ov-hand", empty="No cards.")
            yield ActionBar(id="ov-actions")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#ov-table", VerticalScroll)
        table.border_title = "Table"
        # the title says when rows are out of sight (six players at 80x24)
        # (a change of its rows' height comes as a Resize: `TablePanel`; its
        # virtual_size is set without watchers, tui/once.py)
        self.watch(table, "scroll_y", self._title_table, init=False)
        self.query_one("#ov-actions", ActionBar).enter_held = self._enter_held
        self.query_one("#ov-hand", Hand).enter_held = self._hand_enter_held
        log = self.query_one("#ov-log", SinceLog)
        log.border_title = _LOG_TITLE
        log.reading_title = _READING_TITLE
        log.fold = fold_deals
        self.query_one("#ov-talk").border_title = "Table talk"
        self.query_one("#ov-final").display = False
        if self.update is not None:
            self._redraw(self.update)

    # -- the contract ---------------------------------------------------------------

    def show(self, update: TableUpdate) -> None:
        super().show(update)
        self._put_away_vote_box(update)
        self._hold_last_round(update)
        self._hold_round_end(update)
        self._hold_vote(update)

    def decided_again(self, before: TableUpdate, update: TableUpdate) -> bool:
        # the player's next decision came at once under the key that made
        # the last, no cover between: the next pack, the top row after the
        # draft's last pick (always so for one person against bots), the
        # vote after Gold's keep or Teal's copy, the judgment after the
        # last vote, Meixiu's second peek. Say so, light the prompt, and
        # Enter makes none of it until an arrow has moved over it (no
        # cards named: a notice outlives a hand-over cover)
        # (not a new round's first decision: the round's end box comes up
        # first, over it, and putting it away is the pause; nor the
        # decision a take-back gave back, seen before)
        # (nor one that came after a wait the player watched, a bot
        # thinking: a play-test's vote came some 10 s after their last pick
        # and Enter was refused as if it had come under the key; only one
        # within the wait after that key could be made unseen)
        view: State = update.view
        if before.view.round != view.round or self._taking_back is not None:
            return False
        if not self.came_at_once():
            return False
        if view.showdown and not before.view.showdown:
            # nor one the showdown brought: what the vote did comes up over
            # it (`_hold_vote`), and putting it away is the pause; "pick with
            # a number" over that box read as its own choice (play-test
            # shared6, finding 2)
            return False
        pack = view.phase is Phase.DRAFT
        if pack and before.view.draft_turn == view.draft_turn:
            return False
        guarded = self._guarded()
        if guarded:
            self._unlooked = self._decision_of(update)
        if pack:
            self._next_pack = (update.seat, view.round, view.draft_turn)
            said = _LOOK_KEYS[0].upper() + _LOOK_KEYS[1:] if guarded else (
                "Look before you keep a card.")
            self.notify(f"Your next pack: turn {view.draft_turn} of 5. {said}",
                        timeout=3, markup=False)
        elif guarded:
            self.notify(f"Your next choice came at once: {_LOOK_KEYS}", timeout=3, markup=False)
        else:
            return False
        self.light_prompt(3.0)
        return True

    def _guarded(self) -> bool:
        """Whether Enter waits for new choices to be seen (the app's
        `decision_grace`; `OVERTABLE_ENTER_WAIT=0` turns it off)."""
        return self.is_attached and float(getattr(self.app, "decision_grace", 0.0)) > 0

    @staticmethod
    def _decision_of(update: TableUpdate) -> tuple[Any, ...]:
        """What tells one decision from the next: a pack kept, a peek made,
        offer other choices; the others' secret picks meanwhile do not."""
        view: State = update.view
        return (update.seat, view.round, view.phase, view.draft_turn, tuple(update.legal))

    def _unlooked_shown(self) -> bool:
        """The decision on screen came under the key that made the last
        (`decided_again`) and its player has not moved the highlight since."""
        update = self.update
        return (self._unlooked is not None and update is not None and bool(update.legal)
                and self._unlooked == self._decision_of(update))

    def _unlooked_here(self) -> bool:
        """The decision on screen came under the key that made the last
        (`decided_again`), its player has not moved the highlight since,
        and Enter would make it (a card or a choice highlighted: not a
        bar that starts with none, `_NO_DEFAULT`)."""
        if not self._unlooked_shown():
            return False
        update = self.update
        assert update is not None
        if update.view.phase is Phase.DRAFT:
            hand = self.query_one("#ov-hand", Hand)
            return hand.display and hand.picking
        bar = self.query_one("#ov-actions", ActionBar)
        return 0 <= bar.cursor < len(bar.choices)

    def _enter_held(self) -> str:
        """Why the action bar's Enter makes no choice now (`too_soon`), for
        F1, and the footer leaves it out; "" when it does (or the choice is
        the draft hand's)."""
        if self._unlooked_here() and not self.holds_the_table and not self._drafting():
            return _LOOK_ENTER
        return ""

    def _hand_enter_held(self) -> str:
        """The draft hand's: a new pack came under the key that kept a card
        and Enter keeps none of it yet (F1 said "Choose the highlighted
        card", a card of a pack the player had not looked at)."""
        if self._unlooked_here() and not self.holds_the_table and self._drafting():
            return _NEXT_PACK_ENTER
        return ""

    def help_taken_keys(self) -> dict[str, str]:
        """F1 while Enter waits for an arrow (`too_soon` takes it before the
        hand or the bar): why, among the keys of the moment (out of the
        footer, it fell under "Not now")."""
        why = self._enter_held() or self._hand_enter_held()
        return {"enter": why} if why else {}

    def _drafting(self) -> bool:
        return self.update is not None and self.update.view.phase is Phase.DRAFT

    def too_soon(self, key: str) -> bool:
        """As every game's (`GameScreen.too_soon`), and a play-test's: the
        last to pick in a turn kept a card with 2, their next pack came at
        once under the key, and an Enter some 2 s later, meant to confirm,
        kept the new pack's first card unseen ("keeps a card (pick 2)...
        (pick 3)"); after the last pick, so did the top row. Enter makes
        no decision that came under your own key until an arrow has moved
        the highlight over it; a number key names its choice and makes it
        (after the wait)."""
        if self.holds_the_table or isinstance(self.focused, Input):
            return super().too_soon(key)
        if key in _ARROW_KEYS and self._unlooked_shown():
            # looked at: Enter makes the choice highlighted, the first arrow
            # on, even where it lights the first choice of a bar that
            # started with none (`_NO_DEFAULT`): a play-test's Right, then
            # Enter, discarded nothing and said nothing
            self._unlooked = None
            self.refresh_bindings()  # Enter comes back to the footer (`enter_held`)
            if self.update is not None:
                update_static(self.query_one("#ov-prompt", Static),
                              self._prompt_line(self.update))
        elif key in CONFIRM_KEYS and self._unlooked_here():
            self.light_prompt(DROPPED_KEY_LIGHT)
            said = (_NEXT_PACK_ENTER if self.update is not None
                    and self.update.view.phase is Phase.DRAFT else _LOOK_ENTER)
            if said not in self._told_waits:
                self._told_waits.add(said)
                from tui.widgets.hints import hint

                hint(self, said, timeout=3)
            return True
        return super().too_soon(key)

    def told_unseen(self, lines: list[str]) -> list[str]:
        # a new round's deal under the round's end, which came up at once
        # (OV §1): the person who ended the round never saw it on their view
        return [line for line in lines if _DEALT_PUBLIC.match(line)]

    def fold_moves(self, lines: list[str]) -> list[str]:
        # the deal, a line a card (30 at five players), in one line
        return fold_public_deal(lines)

    def _hold_vote(self, update: TableUpdate) -> None:
        """The showdown revealed while this screen was in play: what the
        vote did (the votes, the judgment, every hand, the verdict) comes
        up in a box until Enter. The bots judged, denied and showed their
        hands in a few seconds, and the next decision (a steal, Liang's
        choice) came over it. Not on resuming a match; a spectator follows
        the log. Several people here: the table puts it up for everyone
        (`round_end_dialogs`)."""
        view: State = update.view
        seat = update.seat
        before = self._showdown_seen.get(seat)
        if (before is None and view.showdown and not update.over
                and self._kept_unread(VOTES_READ, view.round)):
            before = (view.round, False)  # up, unread, when the match was left: again
        self._showdown_seen[seat] = (view.round, bool(view.showdown))
        if ((seat is None and not self.here) or self._several_here() or update.over
                or not view.showdown
                or before != (view.round, False) or view.round <= self._vote_told):
            return
        lines = vote_lines(update.log)
        if not lines:
            return
        title = f"Round {view.round}: what the vote did · {self._viewer_text(update).plain}"
        round_ = view.round
        box = EndingScreen(title, [part for x in lines for part in recap_parts(x)],
                           go_on="the table", grace=getattr(self.app, "decision_grace", 0.0),
                           read=lambda: self._keep_read(VOTES_READ, round_), **self.box_leaves())
        self._keep_read(VOTES_READ, round_ - 1)  # up, unread: a resume shows it again
        self._vote_box = (seat, view.round, box)
        self._vote_box_pushed = False
        # watched bots wait for it from now: pushed after the refresh, it
        # came after their next moves
        self.box_waits(box)
        self.call_after_refresh(self._show_vote_box)

    def _show_vote_box(self) -> None:
        held = self._vote_box
        if (held is None or self._vote_box_pushed or not self.is_attached
                or self.app.screen is not self or self.update is None
                or self.update.seat != held[0]):
            return
        self._vote_box_pushed = True
        self._vote_told = held[1]  # once a round at this terminal, as the round's box
        box = held[2]
        self.app.push_screen(box, lambda _: self.box_gone(box))

    def _put_away_vote_box(self, update: TableUpdate) -> None:
        """The vote's box goes when the match ends, when the view is
        another's (a hand-over cover is going up: the box is in its viewer's
        words), and when its round ends: the round's box takes its place
        (`_hold_round_end`), its first lines the vote's again, then the
        steal and the scores. Play-test (a shared table, whose bots do not
        wait for a box): the vote's box stayed up over the next round's
        draft, the round's end waiting behind it. The Enter meant for the
        vote does not put the round's box away unread: a box that comes up
        takes Enter only after the app's `decision_grace`."""
        held = self._vote_box
        if held is None:
            return
        seat, round_, box = held
        if update.seat == seat and not update.over and update.view.round == round_:
            return
        self._vote_box = None
        self.box_gone(box)
        if self.is_attached and self.app.screen is box:  # (pushed, maybe not yet mounted)
            box.dismiss()

    def _hold_round_end(self, update: TableUpdate) -> None:
        """A round (1 or 2) ended while this screen was in play: its recap
        (the vote, the judgment, the showdown, the scores) comes up in a box
        until Enter, as the third round's does over the results, once a
        round at this terminal. The next draft began at once, and the recap
        below the table was out of sight at 80x24 (a line said PgDn). Not
        on resuming a match: only a round seen in play, or one its player
        has not read (`_unread_rounds`)."""
        view: State = update.view
        seen = self._round_seen.get(update.seat)
        self._round_seen[update.seat] = view.round
        ended = view.round - 1
        first = ended
        if seen is None and not update.over:
            unread = self._unread_rounds(update)
            if unread:
                # back at the table: the rounds not read, whatever the phase
                # now (a shared table's stand-in played on past the draft)
                first, seen = unread[0], unread[0]
        elif view.phase is not Phase.DRAFT:
            return
        if update.over or seen is None or view.round <= seen or ended <= self._round_told:
            return
        first = max(first, self._round_told + 1)
        grace = getattr(self.app, "decision_grace", 0.0)
        boxes = []
        for round_ in range(first, ended + 1):
            box = self._round_box(update, round_, go_on="the next round" if round_ == ended
                                  else f"round {round_ + 1}'s end", grace=grace,
                                  read=functools.partial(self._keep_read, ROUNDS_READ, round_),
                                  **self.box_leaves())
            if box is not None:
                boxes.append(box)
        if not boxes:
            return
        self._keep_read(ROUNDS_READ, first - 1)  # up, unread: a resume shows it again
        if self._round_end_waiting is not None:  # (never up: these tell the rest)
            for box in self._round_end_waiting[2]:
                self.box_gone(box)
        self._round_end_waiting = (update.seat, ended, tuple(boxes))
        for box in boxes:
            self.box_waits(box)
        # after this turn of the loop: a hand-over cover may be going up over
        # this view (the public one, drawn under it), and the person who lifts
        # it is told instead, in their own words
        self.call_after_refresh(self._show_round_end)

    def _unread_rounds(self, update: TableUpdate) -> list[int]:
        """A screen made again for one person's seat (back from the lobby,
        a match continued): the rounds scored whose end its player has not
        read, oldest first. A shared table plays on while its player is
        away (a bot stands in for them: `away_bot`), and a box left unread
        with q, or a round that ended meanwhile, never came back once the
        next draft was over. Nothing kept yet for the seat (a new match, or
        one kept before this was): the rounds scored so far count as read
        from now on, so that those that end while the player is away are
        told them when they come back."""
        if update.seat is None or self._several_here():
            return []
        ended = update.view.round - 1
        kept = getattr(self.port, "put_away", None)
        count = kept(ROUNDS_READ) if callable(kept) else None
        if type(count) is not int:
            self._keep_read(ROUNDS_READ, max(ended, 0))
            return []
        return list(range(max(count, 0) + 1, ended + 1))

    def _show_round_end(self) -> None:
        waiting = self._round_end_waiting
        if (waiting is None or not self.is_attached or self.app.screen is not self
                or self.update is None or self.update.seat != waiting[0]):
            return
        self._round_end_waiting = None
        self._round_told = waiting[1]
        boxes = list(waiting[2])

        def push(_: object = None) -> None:
            if boxes:
                box = boxes.pop(0)
                self.app.push_screen(box, lambda _: (self.box_gone(box), push()))

        push()

    def on_screen_resume(self) -> None:
        # back on top (a hand-over cover lifted by the player whose view
        # this is, the chat or the help closed): a round's recap waiting,
        # or the vote's
        self.call_after_refresh(self._show_round_end)
        self.call_after_refresh(self._show_vote_box)

    def _several_here(self) -> bool:
        """Several people at this terminal (hot seat)."""
        return len(getattr(self.port, "humans", ())) > 1

    def round_end_dialogs(self, public: TableUpdate) -> list[Screen]:
        """Several people here: what the vote did, once the showdown is done
        (public then: OV-13 shows every hand), and a round's end (1 or 2),
        once the next draft begins, go up for all, in the public view's
        words (no one's hidden cards, nor their score and secret total); no
        person's view tells them again. They came up over the view of
        whoever acted last (the round's end beside their new pack, the
        vote's behind their cover), and the others never saw them."""
        view: State = public.view
        asked = self._round_asked
        if asked is None or view.phase is Phase.DRAFT:
            self._round_asked = view.round
        if public.over:
            return []
        if asked is None:
            # a match opened here tells nothing of before, but a box up
            # when it was left, unread (kept with it: `_kept_unread`)
            asked = view.round - 1 if self._kept_unread(ROUNDS_READ, view.round - 1) else view.round
            if view.showdown and not self._kept_unread(VOTES_READ, view.round):
                self._vote_told = view.round
        grace = getattr(self.app, "decision_grace", 0.0)
        ended = view.round - 1
        if view.phase is Phase.DRAFT and view.round > asked and ended > self._round_told:
            box = self._round_box(public, ended, whose="for everyone", go_on="the next round",
                                  grace=grace, read=lambda: self._keep_read(ROUNDS_READ, ended),
                                  **self.box_leaves())
            if box is None:
                return []
            # (it tells the vote too)
            self._round_told = self._vote_told = ended
            waiting, self._round_end_waiting = self._round_end_waiting, None
            if waiting is not None:  # never up: the bots wait no more for them
                for gone in waiting[2]:
                    self.box_gone(gone)
            held = self._vote_box
            if held is not None and not self._vote_box_pushed:
                self._vote_box = None
                self.box_gone(held[2])  # (never up)
            self._keep_read(ROUNDS_READ, ended - 1)  # up, unread: a resume shows it again
            return [box]
        lines = vote_lines(public.log)
        if not view.showdown or view.round <= self._vote_told or not lines:
            return []
        round_ = self._vote_told = view.round
        self._keep_read(VOTES_READ, round_ - 1)
        return [EndingScreen(f"Round {round_}: what the vote did · for everyone",
                             [part for x in lines for part in recap_parts(x)],
                             go_on="the table", grace=grace,
                             read=lambda: self._keep_read(VOTES_READ, round_),
                             **self.box_leaves())]

    def _keep_read(self, kind: str, round_: int) -> None:
        """The boxes of `kind` put away up to round `round_`, kept with the
        match (`Table.keep_put_away`)."""
        keep = getattr(self.port, "keep_put_away", None)
        if callable(keep):
            keep(kind, round_)

    def _kept_unread(self, kind: str, round_: int) -> bool:
        """Whether round `round_`'s box of `kind` was up, unread, when the
        match was left: those before it put away, it not (read as untrusted)."""
        kept = getattr(self.port, "put_away", None)
        count = kept(kind) if callable(kept) else None
        return round_ >= 1 and type(count) is int and count == round_ - 1

    def _hold_last_round(self, update: TableUpdate) -> None:
        """The match just ended before this terminal's eyes: the last
        round's recap goes over the results (pushed right after this
        update, with `over_the_results`)."""
        if not update.over:
            self._seen_in_play = True
            return
        if self._last_round_told:
            return
        if not self._seen_in_play:
            self._hold_unread_ends(update)
            return
        # the third round's end, after your last decision: the others played
        # it out and the results came up at once
        whose = None
        public = getattr(self.port, "public_update", lambda: None)()
        if len(getattr(self.port, "humans", ())) > 1 and public is not None and public.over:
            # several people here: told for all, as rounds 1 and 2 (README)
            update, whose = public, "for everyone"
        last = update.view.round or 3
        box = self._round_box(update, last, whose=whose,
                              read=functools.partial(self._keep_read, ROUNDS_READ, last))
        if box is None:
            return
        self._last_round_told = True
        self.over_the_results.append(box)

    def _hold_unread_ends(self, update: TableUpdate) -> None:
        """A match opened here over (back from the lobby): the round ends its
        player has not read go over the results, oldest first, as during a
        match (`_unread_rounds`). Play-test (shared6, finding 3): away when
        the match ended, a player got the results at once, never the last
        round's end (the showdown's hands, their round score)."""
        if update.seat is None or self._several_here():
            return
        kept = getattr(self.port, "put_away", None)
        count = kept(ROUNDS_READ) if callable(kept) else None
        last = update.view.round or 3
        if type(count) is not int or not 0 <= count < last:
            return
        boxes = []
        for round_ in range(count + 1, last + 1):
            box = self._round_box(update, round_, go_on="the results" if round_ == last
                                  else f"round {round_ + 1}'s end",
                                  read=functools.partial(self._keep_read, ROUNDS_READ, round_))
            if box is not None:
                boxes.append(box)
        if not boxes:
            return
        self._last_round_told = True
        # pushed in turn over the results: the oldest on top
        self.over_the_results.extend(reversed(boxes))

    def _round_box(self, update: TableUpdate, round_: int, *, whose: str | None = None,
                   **kwargs: Any) -> EndingScreen | None:
        """The box that tells how round `round_` ended, from the log's recap
        (None: the log tells nothing of it), titled with whose view it is
        (`whose`: for whom else)."""
        lines = recap_lines(update.log, round_)
        if not lines:
            return None
        shown = [part for x in lines for part in recap_parts(x)]
        # the score, source by source, beside the recap where there is room
        start = next((i for i, x in enumerate(shown) if _SCORE_HEAD in x), len(shown))
        end = start + 1
        while end < len(shown) and shown[end].startswith("  "):
            end += 1
        title = f"Round {round_} ended · {whose or self._viewer_text(update).plain}"
        return EndingScreen(title, shown[:start] + shown[end:], aside=shown[start:end],
                            aside_at=start, **kwargs)

    def received_privately(self, seen: TableUpdate, now: TableUpdate) -> list[str]:
        """The face-down cards Meixiu peeked at (OV-11: only she learns
        them): her last peek ends her turn, and the cover came before she
        saw it. Every peek of that use is told, the first too (the box sat
        over her row, and named only the second), an owner's cards together.
        No other ability shows a hidden card outside its owner's decision:
        Gold sees its draw as it keeps one (OV-28); what the Showdown, a
        steal or a not-guilty draw shows is face up (OV-13, OV-15)."""
        seat, before, after = now.seat, seen.view, now.view
        if (seat is None or seat != seen.seat or before.round != after.round
                or before.phase is not Phase.PEEK or before.acting != seat):
            return []
        if all(peek in before.peeked for peek in after.peeked):
            return []
        # (one use a round: every peek of this round is hers, of this turn)
        seen: dict[int, list[str]] = {}
        for other, slot in after.peeked:
            if other == seat:
                continue
            marks = GAME.slot_marks(after, seat, other)
            card = marks[slot].card if slot < len(marks) else None
            if card is not None:
                seen.setdefault(other, []).append(f"card {slot + 1}: {card_label(card)}")
        return [f"You peek at {self._whose(other)} {'; '.join(cards)}. Only you and "
                f"{self._bare_who(other)} know {'them' if len(cards) > 1 else 'it'}."
                for other, cards in seen.items()]

    def _redraw(self, update: TableUpdate) -> None:
        view: State = update.view
        if view.phase is not Phase.TEAL or not update.legal:
            self._first = None
        self._draw_header(update)
        self._draw_rows(update)
        self._draw_decision(update)
        self._draw_talk(view)
        self._draw_log(self.query_one("#ov-log", SinceLog), update)
        key = (update.seat, view.phase, view.round, view.draft_turn, bool(update.legal))
        if key != self._focus_key:
            self._focus_key = key
            self._focus_decision()
            self.after_refresh_while_shown(self._show_my_row)
        self.after_refresh_while_shown(self._title_table)
        self.after_refresh_while_shown(self._refit_score_notes)

    def _title_table(self, *_: object) -> None:
        """The table's title, with PgUp / PgDn when rows are out of sight
        above or below: with six players at 80x24 the last rows and your
        character's ability are below the fold, and only F1 told the keys."""
        if not self.is_mounted:
            return
        table = self.query_one("#ov-table", VerticalScroll)
        above = round(table.scroll_y) > 0
        below = round(table.scroll_y) < table.max_scroll_y
        more = {(False, False): "", (True, False): " · more above (PgUp)",
                (False, True): " · more below (PgDn)",
                (True, True): " · more above and below (PgUp/PgDn)"}[above, below]
        if self._characters_cut:
            more += " · F1 characters"
        set_border(table, "Table" + more)

    def _show_my_row(self) -> None:
        """Scroll the table, as little as needed, so that the viewer's own
        row is in view: with six players at 80x24 the last seats' rows were
        below the fold while their players voted or gave a card."""
        if self._my_lines is None or not self.is_mounted:
            return
        if self.update is None or self.update.outcome is not None:
            return  # the game is over: the score pad at the top comes first
        start, end = self._my_lines
        rows = self.query_one("#ov-rows", Static)
        table = self.query_one("#ov-table", VerticalScroll)
        top = rows.virtual_region.y + start
        table.scroll_to_region(Region(0, top, max(1, rows.size.width), end - start),
                               animate=False)

    def _changes(self, before: State, after: State) -> dict[str, frozenset]:
        """What a player marks: each player whose cards, character, vote,
        score pad or leadership changed (not the pack passing round, nor
        "has chosen", which every draft turn changes for everybody)."""
        def seats(view: State) -> dict[int, Any]:
            return {s: (attrs.evolve(p, hand=(), pick=None, chose=False), view.leader == s)
                    for s, p in enumerate(view.seats)}

        return {"seats": changed_keys(seats(before), seats(after))}

    # -- reading the view ------------------------------------------------------------

    def _numbers(self, view: State, seat: int) -> list[int]:
        """The number shown for each of `seat`'s cards: its place in the
        row; while it admits (OV §Judgement, ADMIT), the place each card had
        when the admission began, in every view (OV-19: all see which card
        goes), so a key pressed twice never discards another card and
        "card 5" names one card at the table."""
        return [i + 1 for i in GAME.admission_places(view, seat)]

    def _discarded(self, view: State, seat: int) -> bool:
        """Whether `seat` has discarded a card since it admitted this round."""
        return view.phase is Phase.ADMIT and view.accused == seat and bool(view.admitted)

    def _me(self) -> int | None:
        return None if self.update is None else self.update.seat

    def _seat_name(self, seat: int | None) -> str:
        """A seat as a players panel's status names it ("voted bob"): the
        away mark is said beside the player's own name."""
        if seat is not None and seat == self._me():
            return "you"
        return self._bare_who(seat)

    # -- drawing --------------------------------------------------------------------

    def _draw_header(self, update: TableUpdate) -> None:
        view: State = update.view
        # the parts by name, in the line's order
        parts: dict[str, Text] = {"name": Text("Overseers", style="bold"),
                                  "viewer": self._viewer_text(update)}
        if view.round:
            parts["round"] = Text(f"Round {view.round}/3")
        parts["stage"] = Text(GAME.stage(view) if view.phase is not Phase.OVER else "game over")
        me = update.seat
        # the shorter wordings, taken in this order before a part is left out
        shorter: dict[str, Text] = {}
        if me is not None and view.phase is not Phase.OVER:
            total = view.seats[me].total or 0
            parts["total"] = Text(f"your total {total} (secret)", style="bold")
            shorter["total"] = Text(f"your total {total}", style="bold")
        # (a spectator's line has no total: its stage gives way)
        drop = ["total" if "total" in parts else "stage", "name"]
        if view.phase is Phase.DRAFT:
            left = GAME.pass_step(view) == 1
            parts["turn"] = Text(f"turn {view.draft_turn}/{_PICKS}")
            # OV §2 Draft: after the fifth pick nothing passes, "everyone
            # has to discard the sixth card"
            if view.draft_turn < _PICKS:
                parts["passing"] = Text(f"packs pass {'left' if left else 'right'}")
                shorter["passing"] = Text("← packs" if left else "packs →")
            else:
                parts["passing"] = Text("last pick: the sixth card is discarded")
                shorter["passing"] = Text("last pick")
            # the variant changes the direction every turn: it outlasts the
            # total; the game's name is left out last (a play-test at 80
            # columns lost "Overseers" to "packs pass left")
            drop = (["total", "passing", "name"] if view.options.alternate_draft
                    else ["passing", "total", "name"])
        width = self._header_width()

        def fits() -> bool:
            # (the names as short as `fit_line` makes them before a part goes)
            return Text(" · ").join(
                part.build(NAME_SHORTEST) if isinstance(part, NamingText) else part
                for part in parts.values()).cell_len <= width

        # the turn goes first (the prompt says it), then "(secret)", then
        # the direction in short, before a part is left out
        if not fits():
            parts.pop("turn", None)
        for key, text in shorter.items():
            if fits():
                break
            parts[key] = text
        keys = list(parts)
        header = fit_line(list(parts.values()), width,
                          drop=[keys.index(k) for k in drop if k in parts])
        update_static(self.query_one("#ov-header", Static), header)

    def _cards_text(self, view: State, seat: int, long: bool = False) -> Text:
        """A seat's cards in a row, each by its trait's letter, or with
        `long` by its name (a wide table: "[Anger]" reads at once where
        "[A]" needs the legend)."""
        # Fitting the table tries its rows several ways an update (tiles,
        # compact, names in short), each asking for every seat's cards:
        # they are made once for each view (callers copy, never change them).
        me = self._me()
        if self._cards_made_for is not view:
            self._cards_made_for, self._cards_made = view, {}
        key = (seat, long, me)
        made = self._cards_made.get(key)
        if made is None:
            made = self._cards_made[key] = self._make_cards_text(view, seat, long, me)
        return made

    def _make_cards_text(self, view: State, seat: int, long: bool, me: int | None) -> Text:
        p = view.seats[seat]
        line = Text(end="")
        if not p.slots:
            # Before the placement: the cards kept in the draft (only yours
            # are known to you), face down in front of their owner.
            kept = p.kept
            # your own secret pick this turn too: the round score counts it
            # ("no cards yet  round score 2" read wrong)
            picked = p.pick if seat == me and p.pick is not None else None
            if picked is not None:
                kept = (*kept, picked)
            if not kept:
                return Text("no cards yet", style="dim italic")
            for card in kept:
                if line:
                    line.append(" ")
                if card is None or seat != me:
                    line.append(f"[{BACK}]", style="dim")
                else:
                    line.append_text(Text.assemble("(", trait_text(card, long=long), ")"))
            line.append(f"  kept {len(kept)}" + (" (1 this turn)" if picked is not None else ""),
                        style="dim")
            return line
        numbers = self._numbers(view, seat)
        for i, mark in enumerate(GAME.slot_marks(view, me, seat)):
            if line:
                line.append(" ")
            line.append(f"{numbers[i]}", style="dim")
            if mark.card is None:
                line.append(f"[{BACK}]", style="dim")
            elif mark.up:
                line.append_text(Text.assemble("[", trait_text(mark.card, long=long), "]"))
            else:
                line.append_text(Text.assemble("(", trait_text(mark.card, long=long), ")"))
            if mark.peeked:
                line.append("*", style="bold")
            if mark.turned:
                line.append("↻", style="bold")
            if mark.under is not None:
                line.append(_copy_mark(numbers, mark.under), style="bold")
        return line

    def _status(self, update: TableUpdate, seat: int, terse: bool = False) -> list[str]:
        """What a seat is doing or has done this round, most telling first;
        `terse`: in fewer words, where six rows would not fit ("denies: not
        highest · 3 against" for "judged, denies: not highest · 3 votes
        against"; no votes against said by none)."""
        view: State = update.view
        p = view.seats[seat]
        out = []
        if seat in self.thinking_seats(update) and not self.bots_held():
            out.append("thinking…")
        if view.phase in _SECRET:
            if p.chose:
                out.append("✓ chosen")
            elif seat in update.to_act and not out and not self.is_away(update, seat):
                # (a thinking bot is choosing: said once; an away player's
                # "(away)" is by their name, the status says what waits)
                # (a box up at their terminal: a shared table goes on)
                out.append("reading…" if self.is_reading(update, seat) else "choosing…")
        if view.accused == seat:
            verdict = {None: "judged", True: "judged, denies", False: "judged, admits"}
            text = verdict[view.denied]
            if terse:  # (denying or admitting, the player was judged)
                text = text.removeprefix("judged, ")
            if view.guilty is not None:
                text += ": highest" if view.guilty else ": not highest"
            out.append(text)
        if view.declared == seat and not (view.accused == seat and view.guilty):
            # the judgment's ": highest" says it already
            out.append("highest")
        if view.thief == seat:
            out.append("steals")
        if view.victim == seat:
            out.append("robbed")
        if view.liang_target == seat:
            out.append("-1 per card (Liang)")
        votes = GAME.votes_received(view)
        if votes is not None and view.round and view.phase is not Phase.OVER:
            # the votes the seat received, then its own vote, apart: "2
            # votes, for Bob" read as two votes for Bob
            if not terse:
                out.append(f"{votes[seat]} vote" + ("" if votes[seat] == 1 else "s") + " against")
            elif votes[seat]:  # (none against: said by the others' counts)
                out.append(f"{votes[seat]} against")
            if p.vote is not None:
                out.append(f"voted {self._seat_name(p.vote)}")
        elif view.phase is Phase.VOTE and seat == self._me() and p.vote is not None:
            out.append(f"you voted {self._who(p.vote)}")
        return out

    def _score_text(self, view: State, seat: int) -> str:
        """After the cards, each number named for what it counts: your
        cards' round score now (OV §Scoring) and, from the vote, their
        showdown value when it differs (the Wuming sisters and OV-20 count
        only there); everyone's showdown score once revealed; everyone's
        total at the end."""
        p = view.seats[seat]
        if view.phase is Phase.OVER:
            return f"total {p.total or 0}"
        mine = seat == self._me()
        if view.showdown and seat < len(view.showdown):
            text = f"showdown {view.showdown[seat]}"
            if mine and p.slots:
                now = GAME.own_round_score(view, seat)
                if now != view.showdown[seat]:
                    text += f" · round score {now}"
            return text
        if mine and (p.slots or p.kept or p.pick is not None):
            now = GAME.own_round_score(view, seat)
            text = f"round score {now}"
            if p.slots:
                showdown = GAME.own_score(view, seat)
                if showdown != now:
                    text += f" · showdown {showdown}"
            return text
        return ""

    def _draw_rows(self, update: TableUpdate) -> None:
        height = self.query_one("#ov-table").scrollable_content_region.height
        # The last round's recap (the next draft) below the rows where they
        # leave it room, its last lines where not all of it fits; else (a
        # short screen, or six players' rows filling a tall one) a line
        # above them says the log tells it. Stood below in full from 32
        # rows on, it made the table scroll (six players at 80x32 to
        # 200x50, three at 80x32: "more below", the recap's end unseen).
        recap = bool(self._last_recap(update))
        self._recap_at = "below" if recap and not self.has_class("-short") else (
            "note" if recap else "")
        if update.outcome is not None:
            lines = self._fitted_final(update, height)
        else:
            lines = self._fitted_rows(update, height)
            self._draw_final(update)  # (put away)
        if self._recap_at == "below":
            self._recap_room = height - len(lines) - 1  # (less its margin)
            if self._recap_room < _RECAP_LEAST:
                self._recap_at = "note"
                lines = self._fitted_rows(update, height)
        self._draw_recap(update)
        # Under the line pointing to the last round's recap in the log (a
        # short screen) the rows fill the panel but that line, so that a
        # line more or less leaves the screen's layout alone (`-fill`)
        floor = height - 1 if self._recap_note_shown(update) and height > 1 else 0
        # a character shown in short (six players at 80x24: "Purple"), or
        # your ability cut: the table's title says F1 tells them whole
        shown = " ".join(" ".join(line.plain.split()) for line in lines)
        self._characters_cut = any(
            p.character is not None and " ".join(p.character.label.split()) not in shown
            for p in update.view.seats) or "… (F1)" in shown
        rows = self.query_one("#ov-rows", TableRows)
        # With nothing above or below them (no recap, no final scores) the
        # rows fill the panel's height: a line more or less (a character's
        # note wrapping, the discard pile's line) then leaves the screen's
        # layout alone instead of laying out the whole screen again (a third
        # of the updates, the slowest; docs/performance.md)
        self.query_one("#ov-table").set_class(
            not self._recap_below(update) and not floor and update.outcome is None, "-fill")
        if floor != rows.floor:  # (set again, the same or not, Textual lays the screen out)
            rows.floor = floor
            rows.styles.min_height = floor or None
        rows.fitted_width = self._width()
        self.query_one("#ov-table", TablePanel).fitted_height = height
        update_static(rows, Text("\n").join(lines))

    def _fitted_final(self, update: TableUpdate, height: int) -> list[Text]:
        """The game over: the final scores above the rows, both fitted to
        `height`. The pad tells every source of every round where the rows
        (compact if need be) still fit under it; else each round's score
        and the total; else the total alone; else without its notes (who
        held the Leader card: three lines at 80x24). The results (b) tell
        it all. In full, the pad put the rows below the fold ("more below";
        three players at 80x24 and 100x30, six up to 100x40)."""
        lines: list[Text] = []
        for kept in ("all", "rounds", "total", "bare"):
            room = height - self._draw_final(update, kept) - 1  # (less its margin)
            lines = self._fitted_rows(update, room)
            if len(lines) <= room:
                break
        return lines

    def _fitted_rows(self, update: TableUpdate, height: int) -> list[Text]:
        """The rows' lines, fitted to `height` (less the line pointing to
        the recap in the log where it shows)."""
        # A large screen (160x45) shows each player's cards as tiles, three
        # lines high, where every row of tiles and the whole table fit with
        # no scrolling; else one line a row (half the table stood empty).
        view: State = update.view
        lines: list[Text] = []
        if self._tiles_fit(view):
            lines = self._row_lines(update, tiles=True)
            if len(lines) + 1 > height:  # (+1: your character's line may wrap)
                lines = []
        #: the lines the table's rows take in full (`_notes_fit`)
        self._rows_needed = len(lines) + 1
        if not lines:
            lines = self._row_lines(update, tiles=False)
            self._rows_needed = len(lines) + (1 if self._recap_note_shown(update) else 0)
            # Four players or more on a short screen (80x24, the vote): the
            # last seats, the points and your ability fell below the fold
            # ("Table · more below"); each seat's character then goes on its
            # name's line (`_compact_lines`).
            # (less the line above pointing to the last round's recap in the log)
            room = height - (1 if self._recap_note_shown(update) else 0)
            if height and len(lines) > room:
                lines = self._compact_lines(update, room)
        return lines

    def _compact_lines(self, update: TableUpdate, height: int) -> list[Text]:
        """The rows with each character on its player's name line, whole
        where it fits there (from the showdown on, without the deck's
        line); while they still do not fit `height`, by its name alone,
        yours first (your ability is written out below), then the others'
        in seat order. In short for all, "Dev · 0 votes against · voted you
        · Liang" lost Liang's ability where one would do."""
        me = update.seat
        every = frozenset(range(len(update.view.seats)))
        lines = self._row_lines(update, tiles=False, compact=True)
        # the others' rows all alike, then yours too (a play-test: shortened
        # a seat at a time, yours first, your row read "Cleo (you) ♛ · round
        # score 13 · showdown 19" over "1[L] ... · choosing… · Orange" while
        # the others' kept their characters on lines of their own, "♛
        # Leader"); yours last, its score making it the one laid out apart
        for short in (every - {me}, every):
            if len(lines) <= height:
                break
            lines = self._row_lines(update, tiles=False, compact=True, short=short)
        if len(lines) > height:
            # six players, the showdown: statuses in fewer words, every
            # character in short ("3 against · voted Fay" wrapped as "3
            # votes against")
            lines = self._row_lines(update, tiles=False, compact=True, short=every, terse=True)
        if len(lines) > height:
            # still too long (six players, round 2's draft under the recap
            # note): lines that say little give way to your ability's end
            lines = self._row_lines(update, tiles=False, compact=True, short=every,
                                    terse=True, spare=True)
        if len(lines) > height:
            # and last (six players, Purple's turn under a two-line prompt):
            # your ability's end gives way, F1 telling it whole
            ability = len(self._ability_lines(update.view, update.seat))
            lines = self._row_lines(update, tiles=False, compact=True, short=every, terse=True,
                                    spare=True, ability_room=ability - (len(lines) - height))
        return lines

    def _tiles_fit(self, view: State) -> bool:
        """Whether every seat's row of tiles fits the table's width (the
        cards lie in front of the players, the game not yet over)."""
        if view.phase is Phase.OVER or not any(p.slots for p in view.seats):
            return False
        most = max(len(p.slots) for p in view.seats)
        return 2 + most * (_TILE + 3) - 1 <= self._width()

    def _card_tiles(self, view: State, seat: int) -> list[Text]:
        """A seat's cards as tiles, three lines: the number in the top
        edge, the trait's name, the marks (peeked, turned, copy) in the
        bottom edge. A face-down card's edges are dashed and its name in
        brackets, as on one line; one you do not know is a card back."""
        numbers = self._numbers(view, seat)
        top, middle, bottom = Text("  "), Text("  "), Text("  ")
        for i, mark in enumerate(GAME.slot_marks(view, self._me(), seat)):
            if i:
                for line in (top, middle, bottom):
                    line.append(" ")
            edge, side = ("─", "│") if mark.up else ("╌", "╎")
            style = "" if mark.up else "dim"
            number = str(numbers[i])
            tags = ("*" if mark.peeked else "") + ("↻" if mark.turned else "") + (
                _copy_mark(numbers, mark.under) if mark.under is not None else "")
            top.append(f"┌{number}{edge * (_TILE - len(number))}┐", style=style)
            middle.append(side, style=style)
            if mark.card is None:
                middle.append(BACK[0] * _TILE, style="dim")
            else:
                t = TRAIT[mark.card]
                name = t.label if mark.up else f"({t.label})"
                pad = _TILE - len(name)
                middle.append(" " * (pad // 2))
                middle.append(name, style=TRAIT_STYLE[t])
                middle.append(" " * (pad - pad // 2))
            middle.append(side, style=style)
            bottom.append("└", style=style)
            bottom.append(tags, style="bold")
            bottom.append(f"{edge * (_TILE - len(tags))}┘", style=style)
        return [top, middle, bottom]

    def _row_lines(self, update: TableUpdate, *, tiles: bool, compact: bool = False,
                   short: frozenset[int] = frozenset(), spare: bool = False,
                   terse: bool = False, ability_room: int | None = None) -> list[Text]:
        """The table's lines: each seat's head, character and cards (as
        tiles with `tiles`), then the discard pile, the traits' points and
        copies, and your character's ability. `compact`: the character on
        the head's last line where it fits (`_with_character`), for the
        seats in `short` by its name alone if need be, each in two lines
        where they allow (`_seat_lines`). `spare`: without an empty discard
        pile's line and the deck's make-up. `terse`: statuses in fewer
        words. `ability_room`: your ability cut to that many lines, F1
        giving the rest."""
        view: State = update.view
        me = update.seat
        acting = set(update.to_act) if view.phase not in _SECRET else set()
        lines: list[Text] = []
        changed = self.changed("seats")
        self._my_lines = None
        # Every seat's cards by their traits' names where every row has room
        # for them beside the longest score it may show (a wide table), else
        # by their letters: the choice moves with the cards and the width, not
        # with each new score, so the rows do not switch back and forth.
        width = self._width()
        long = self._traits_named(view)
        for seat, p in enumerate(view.seats):
            first_line = len(lines)
            # a player's cards or character changed since your last move: •
            room = self._width() - (1 if changed else 0)
            leader, status = view.leader == seat, self._status(update, seat, terse)
            # a name too long for the row is shortened, its away mark and
            # "(you)" kept beside it, with room for the Leader's ♛: cut as a
            # whole, "(away)" went to a line of its own
            bare, away = split_mark(self._who(seat))
            after = away + (" (you)" if seat == me else "")
            bare = shortened(bare, room - 2 - cell_len(after) - (2 if leader else 0))
            name = Text(end="")
            name.append("» " if seat in acting else "  ", style="bold")
            name.append(bare + away, style="bold underline" if seat == me else "bold")
            if seat == me:
                name.append(" (you)")
            heads = self._head_lines(name, leader, status, room)
            character = None
            if p.character is not None:
                label = p.character.label
                character = (label, "dim" if seat != me else "")
                labels = [label, label.partition(" (")[0]] if seat in short else [label]
                if compact and seat == me and short:
                    # the others' on their names' lines (`_compact_lines`):
                    # yours there too, by its name if the whole does not
                    # fit (its ability is written out below the table)
                    name_only = label.partition(" (")[0]
                    labels = [*dict.fromkeys([label, name_only, p.character.short])]
            elif view.round:
                # on the name's line, in short where narrow: a line of its
                # own for some rows only read as a different layout
                character = ("character hidden until the vote", "dim italic")
                labels = [character[0], "character hidden"]
            cards = self._cards_text(view, seat, long=long)
            score = self._score_text(view, seat)
            if compact and seat in short and not tiles and character is not None:
                # the parts moved about to keep the seat to two lines, the
                # character by its name alone if need be ("Purple")
                # ("Brown G" read as cut off: `Character.short`)
                shorter = ([p.character.short] if p.character is not None else
                           [label.partition(" (")[0].partition(",")[0] for label in labels])
                fitted = self._seat_lines(name, leader, status, [*labels, *shorter],
                                          character[1], cards, score, room, width)
                if fitted:
                    head, *rows = fitted
                    if changed:
                        head = marked_text(head, seat in changed)
                        head.end = ""
                    lines += [self._fit(head), *(self._fit(row) for row in rows)]
                    if seat == me:
                        self._my_lines = (first_line, len(lines))
                    continue
            if character is not None and (compact or p.character is None):
                # the Leader as ♛ alone where that makes room for the character
                for marks in ((" ♛ Leader", " ♛"), (" ♛",))[:1 + leader]:
                    tried = self._head_lines(name, leader, status, room, marks)
                    joined = self._with_character(tried[-1], labels, character[1], room)
                    if joined is not None:
                        heads, character = [*tried[:-1], joined], None
                        break
                if character is not None and seat in short:
                    # no room beside the name: the character by its name
                    # alone (its ability in brackets went on a second line)
                    character = (labels[-1], character[1])
            for i, head in enumerate(heads):
                if changed:
                    head = marked_text(head, seat in changed and i == 0)
                    head.end = ""
                lines.append(self._fit(head))
            if character is not None and p.character is not None:
                lines.extend(self._fit(x) for x in self._character_lines(*character))
            elif character is not None:
                lines.append(self._fit(Text("  " + character[0], style=character[1])))
            if tiles and p.slots:
                top, middle, bottom = self._card_tiles(view, seat)
                lines += [top, middle]
                row = Text.assemble(bottom, ("  " + score if score else "", "bold"))
                if row.cell_len > width:  # the score on its own line, never cut
                    lines.append(bottom)
                    row = Text.assemble(("  " + score, "bold"))
                lines.append(self._fit(row))
                if seat == me:
                    self._my_lines = (first_line, len(lines))
                continue
            row = Text.assemble("  ", cards, ("  " + score if score else "", "bold"))
            if score and row.cell_len > width:
                # a narrow table: the score on its own line, never cut
                lines.append(self._fit(Text.assemble("  ", cards)))
                row = Text.assemble(("  " + score, "bold"))
            lines.append(self._fit(row))
            if seat == me:
                self._my_lines = (first_line, len(lines))
        if view.discard or (view.round and not spare):
            known = sorted(c for c in view.discard if c is not None)
            n = len(view.discard)
            pile = Text(f"Discard pile: {n} card{'' if n == 1 else 's'}", style="dim")
            if known:
                # (the view for everyone, a spectator's: no "you" to know them)
                knows = "you know " if me is not None else "known: "
                # by name where the line has room for them, whatever the rows
                # do: it read "(you know C)" one round and "(you know
                # Courage)" the next at 160x45, as the rows' cards came and went
                named = f" ({knows}" + " ".join(TRAIT[c].label for c in known) + ")"
                lettered = f" ({knows}" + " ".join(TRAIT[c].value for c in known) + ")"
                fits = pile.cell_len + len(named) <= width
                pile.append(named if fits else lettered, style="dim")
            lines.append(pile)
        traits = self._trait_lines(view, width)
        if compact and (view.showdown or spare):
            # every card is face up: the deck's make-up, there to count the
            # hidden ones, gives its line to the rows
            traits = traits[:1]
        lines.extend(self._fit(line) for line in traits)
        lines.extend(self._fit(line) for line in self._marks_legend(view, me, width))
        ability = self._ability_lines(view, me)
        if ability and ability_room is not None and len(ability) > ability_room:
            # the last resort of a full table (six players, Purple's turn
            # under a two-line prompt): F1 lists every character whole
            ability = ability[:max(1, ability_room)]
            tail = " … (F1)"
            last = ability[-1]
            last.truncate(max(10, width - 1) - len(tail))
            last.right_crop(len(last) - max(1, last.plain.rfind(" ")))  # (a word whole)
            last.append(tail)
        lines.extend(ability)
        return lines

    #: F1 opens on the characters, above the keys: what a player looks up
    #: mid-game (the table's title says "F1 characters")
    HELP_SECTIONS_FIRST = True

    def help_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """F1: every character you know at the table, its full name and
        ability (six players at 80x24 show them in short: "Purple")."""
        update = self.update
        if update is None:
            return []
        rows = [(self._seat_name(seat).capitalize() if seat == update.seat else self._bare_who(seat),
                 f"{p.character.label}. {GAME.ability(p.character)}")
                for seat, p in enumerate(update.view.seats) if p.character is not None]
        return [("Characters at the table", rows)]

    def _ability_lines(self, view: State, me: int | None) -> list[Text]:
        """Your character's ability, under the table's rows."""
        me_char = view.seats[me].character if me is not None else None
        if me_char is None or view.phase is Phase.OVER:
            return []
        # wrapped here, a cell short of the scrollbar: the Static wrapped
        # it at the table's edge, its last word against the scrollbar
        # ("a player of its choice▇") read as cut off
        ability = Text(f"Your character: {GAME.ability(me_char)}", style="italic")
        return list(ability.wrap(self.app.console, max(10, self._width() - 1)))

    @staticmethod
    def _seat_lines(name: Text, leader: bool, status: Sequence[str], labels: Sequence[str],
                    style: str, cards: Text, score: str, room: int, width: int) -> list[Text]:
        """A seat in as few lines as its parts allow, where six rows would
        not fit otherwise (80x24): the name and what the player did (in
        `room`), then the cards and the score (in `width`), the character
        on whichever has room, by the first of `labels` that fits. Where
        that is not enough the score goes up by the name (your "round score
        15 · showdown 16" beside five cards), or what the player did last
        goes down after the score ("showdown 24 · voted Bob"), on below if
        need be."""
        done = [Text(part, style="italic") for part in status]
        scored = [Text(score, style="bold")] if score else []
        best: list[Text] = []
        # a character wider than a line of its own would be cut between its
        # words ("showdown 14 · Brown / G, the Hoarder (takes the …"): a
        # shorter one of `labels` serves, F1 telling it whole
        whole = [label for label in dict.fromkeys(labels) if cell_len(label) <= width - 4]
        for k in range(len(done), -1, -1):
            up, down = done[:k], done[k:]
            # "♛ Leader" before a longer name of the character: the Leader's
            # row read "♛" in its owner's view, "♛ Leader" in the others'
            for marks in (" ♛ Leader", " ♛") if leader else ("",):
                for label in whole or dict.fromkeys(labels):
                    character = Text(label, style=style)
                    # (by the name, after the score, after the cards)
                    placings = [([*up, character], scored, down),
                                (up, scored, [*down, character])]
                    if scored:
                        placings.append(([*up, *scored], [], [*down, character]))
                    for by_name, beside, after in placings:
                        head = Text.assemble(name, (marks, "bold"))
                        for part in by_name:
                            head.append_text(Text.assemble((" · ", "dim"), part))
                        if head.cell_len > room:
                            continue
                        row = Text.assemble(cards, *(Text.assemble("  ", part) for part in beside))
                        if 2 + row.cell_len > width:  # (the score goes on below)
                            row, after = cards, [*beside, *after]
                        lines = [head, *flow_parts([row, *after], width, indent="  ",
                                                   hang="    ").split()]
                        if len(lines) == 2:
                            return lines
                        if not best or len(lines) < len(best):
                            best = lines
        return best

    def _traits_named(self, view: State) -> bool:
        """Whether the table names the traits (a wide table) rather than
        letters them: every seat's cards by name fit beside the longest
        score, however they are named (`_widest_named`)."""
        width = self._width()
        return all(2 + self._widest_named(view, seat) + _LONGEST_SCORE <= width
                   for seat in range(len(view.seats)))

    def _widest_named(self, view: State, seat: int) -> int:
        """The cells `seat`'s cards take by name in the view that knows
        most of them, each face-down card as the longest trait's name: the
        same in every view at a width. By the viewer's own cards, a kept
        Anger read "(Anger)  kept 1" in one person's view and a kept Courage
        "(C)  kept 1" in another's at 80x24 (a play-test)."""
        p = view.seats[seat]
        hidden = _LONGEST_TRAIT + 2  # "(Benevolence)"
        if not p.slots:
            # the owner's view: the cards kept, and this turn's pick
            picked = view.phase is Phase.DRAFT and p.chose
            n = len(p.kept) + (1 if picked else 0)
            if not n:
                return len("no cards yet")
            return (n * hidden + n - 1 + len(f"  kept {n}")
                    + (len(" (1 this turn)") if picked else 0))
        numbers = self._numbers(view, seat)
        cells = 0
        # the marks are everyone's (OV-11): what only some know is the
        # face-down cards' traits
        for i, mark in enumerate(GAME.slot_marks(view, None, seat)):
            cells += (1 if i else 0) + len(str(numbers[i]))
            cells += 2 + len(TRAIT[mark.card].label) if mark.card is not None else hidden
            cells += (1 if mark.peeked else 0) + (1 if mark.turned else 0)
            if mark.under is not None:
                cells += len(_copy_mark(numbers, mark.under))
        return cells

    @staticmethod
    def _with_character(head: Text, labels: Sequence[str], style: str,
                        width: int) -> Text | None:
        """A seat's head line with its character after it ("Eve · choosing…
        · Meixiu (grey: peeks, +3)"), by the first of `labels` (the whole,
        or its name alone: "· Gold, the Scavenger") that fits `width`;
        None: none does."""
        for text in labels:
            joined = Text.assemble(head, (" · ", "dim"), (text, style))
            if joined.cell_len <= width:
                return joined
        return None

    @staticmethod
    def _marks_legend(view: State, me: int | None, width: int) -> list[Text]:
        """Under the points, while a card on the table bears Meixiu's *
        (after the card on a row, in a tile's bottom corner): what it is.
        A play-tester met "4(C)* 5(C)*" with nothing on the table to say."""
        if not any(mark.peeked for seat in range(len(view.seats))
                   for mark in GAME.slot_marks(view, me, seat)):
            return []
        said = ["*: a face-down card Meixiu peeked at (she knows it, everyone sees which)",
                "*: a face-down card Meixiu peeked at (she knows it)",
                "*: a card Meixiu peeked at"]
        return [Text(next((x for x in said if cell_len(x) <= width), said[-1]), style="dim")]

    @staticmethod
    def _trait_lines(view: State, width: int) -> list[Text]:
        """What each trait scores and the deck's make-up (how many lie aside
        unseen, OV-23): by the traits' names where both lines fit `width`
        (a wide table), else by letters ("C2/10/18" needs the legend;
        "Courage 2/10/18" reads at once)."""
        # copies: the rows cut their lines in place (`_fit`)
        return [line.copy() for line in _trait_lines(view.players, width)]

    def _character_lines(self, label: str, style: str) -> list[Text]:
        """A character and its ability in short (OV-8), on one line if it
        fits, else the ability in brackets goes on below, whole: cut at
        the edge, "(takes the discarded Gr…" lost the ability."""
        name, bracket, ability = label.partition(" (")
        parts = [Text(name, style=style)]
        if bracket:
            parts.append(Text("(" + ability, style=style))
        return list(flow_parts(parts, self._width(), indent="  ", sep=" ", hang="    ").split())

    @staticmethod
    def _head_lines(name: Text, leader: bool, status: list[str], width: int,
                    marks: Sequence[str] = (" ♛ Leader", " ♛")) -> list[Text]:
        """A player's name, the Leader's mark and what the player is doing
        ("1 vote against · voted Cat"), on one line of `width` if it fits,
        the Leader as ♛ alone if that makes it fit (of `marks`); else the
        doing goes on below, each part whole: cut off at the edge, "voted
        Cat" was lost."""
        for mark in marks:
            head = name.copy()
            if leader:
                head.append(mark, style="bold")
            if status:
                head.append(" · " + " · ".join(status), style="italic")
            if head.cell_len <= width:
                return [head]
        head = name.copy()
        if leader:
            head.append(" ♛", style="bold")
        parts = [head, *(Text(part, style="italic") for part in status)]
        return list(flow_parts(parts, width, hang="    ").split())

    def _width(self) -> int:
        """The cells of the table's rows."""
        # kept: drawing the rows asks thousands of times an update
        rows = self._rows_widget
        if rows is None:
            rows = self._rows_widget = self.query_one("#ov-rows", TableRows)
        width = rows.size.width
        if not width:
            width = max(20, (self.size.width or self.app.size.width) - 34)
        return width

    def _fit(self, line: Text) -> Text:
        """`line` cut to the table's width with an ellipsis (a row keeps
        to one line; the full ability of your character is written out)."""
        line.truncate(self._width(), overflow="ellipsis")
        return line

    def on_resize(self) -> None:
        if self.update is not None and self.is_mounted:
            self.after_refresh_while_shown(self._redraw_rows)

    def on_table_resized(self, event: TableResized) -> None:
        event.stop()
        self.after_refresh_while_shown(self._title_table)
        # (laid out anew: the score notes are weighed on this layout too)
        self.after_refresh_while_shown(self._refit_score_notes)

    def on_rows_stale(self, event: RowsStale) -> None:
        event.stop()
        if self.update is not None:
            self._draw_rows(self.update)
            # refitted, the rows may all be in sight now: the title says so
            self.after_refresh_while_shown(self._title_table)
            self.after_refresh_while_shown(self._refit_score_notes)

    def _redraw_rows(self) -> None:
        if self.update is not None:
            self._draw_header(self.update)
            self._draw_rows(self.update)  # (and the recap, below them or pointed to)
            view = self.update.view
            if (view.phase is Phase.PLACE and self.update.legal
                    and self._traits_named(view) != self._place_named):
                self._draw_decision(self.update)  # the top rows by name or letters
            # laid out at its width now: your row may have moved
            self.after_refresh_while_shown(self._show_my_row)
            # (and the score notes may fit now, or no longer)
            self.after_refresh_while_shown(self._refit_score_notes)
            self.after_refresh_while_shown(self._title_table)

    def _draw_final(self, update: TableUpdate, kept: str = "all") -> int:
        """The final scores (the game over): every source of every round,
        or (`kept`) each round's score ("rounds") or no round ("total";
        "bare": nor the notes), the total below; the lines the pad takes
        at the table's width."""
        pad = self.query_one("#ov-final", ScorePad)
        result = update.outcome
        if result is None:
            pad.display = False
            return 0
        pad.display = True
        rows = [c for c in result.breakdown if kept == "all" or c.name == "Total"
                or (kept == "rounds" and c.name.endswith(": score"))]
        notes = () if kept == "bare" else result.notes
        pad.set_pad(update.names, rows, winners=result.winners, notes=notes,
                    closing_up=True, short_note="R1: round 1.",
                    short_labels=pad_short_labels(c.name for c in rows))
        console = self.app.console
        return len(console.render_lines(pad.content, console.options.update(
            width=self._width(), height=None), pad=False))

    def _last_recap(self, update: TableUpdate) -> list[str]:
        """During the next draft, the log's recap of the round before."""
        view: State = update.view
        if view.phase is not Phase.DRAFT or view.round <= 1:
            return []
        return recap_lines(update.log)

    def _recap_note_shown(self, update: TableUpdate) -> bool:
        """Whether a line above the rows says the last round's recap is in
        the log (a short screen, the next round's draft)."""
        return self._recap_at == "note" and bool(self._last_recap(update))

    def _recap_below(self, update: TableUpdate) -> bool:
        """Whether the last round's recap stands below the rows (a tall
        screen, the next round's draft)."""
        return self._recap_at == "below" and bool(self._last_recap(update))

    def _draw_recap(self, update: TableUpdate) -> None:
        """During the next draft: how the last round ended (the vote, the
        judgment, the showdown, the greed and the scores), from the log,
        since the table was gathered and dealt again at once. Where the
        rows leave room (`_draw_rows`) it stands below the players (your
        kept cards and character matter more while you draft), its last
        lines where not all fit, its title saying r tells all of it. Else
        a line at the top says the log tells it: below the fold, six
        players' rows and the recap made the table scroll at the first
        draft turn of rounds 2 and 3 (80x24, and 80x32 to 200x50 while it
        stood there whole), and the round's box had just told it."""
        recap = self.query_one("#ov-recap", Static)
        view: State = update.view
        lines = self._last_recap(update)
        below = self._recap_below(update)
        recap.display = below
        note = self.query_one("#ov-recap-note", Static)
        note.set_class(self._recap_note_shown(update), "-shown")
        if lines:
            update_static(note, Text(f"Round {view.round - 1} ended: the log tells how (l)",
                                     style="italic"))
        if below:
            # wrapped here, a cell short of the scrollbar (as your ability):
            # its last lines where the rows leave too few for all of them
            width = max(10, self._width() - 1)
            parts = [list(Text(part).wrap(self.app.console, width))
                     for x in lines for part in recap_parts(x)]
            shown = [line for part in parts for line in part]
            title = Text(f"Round {view.round - 1} ended:", style="bold")
            if len(shown) + 1 > self._recap_room:
                # r opens the round's end again, the whole of it
                title.append(" … (r: all of it)", style="italic")
                shown = cut_recap(parts, self._recap_room - 1)
            update_static(recap, Text("\n").join([title, *shown]))

    def talk_now(self, view: State) -> list[str]:
        """The table talk of this round: talk lasts until the vote (OV
        §Vote: the discussion), a new round's starts with no notes of the
        last."""
        return [line for said, line in self.talk if said == _talk_round(view)]

    def _draw_talk(self, view: State) -> None:
        talk = self.query_one("#ov-talk")
        talk.display = view.phase in _TALK
        notes = self.talk_now(view)
        # the log follows its newest line: a note said (the sender's own
        # too) is in sight at once, older ones scroll up (at 80x24 the
        # panel ended at an earlier line, as if the note was not sent)
        self.query_one("#ov-notes", GameLog).set_lines(notes or [Text(
            "Bluff, persuade: type what is said (t).", style="dim italic")])

    # -- the decision -------------------------------------------------------------

    def _draw_decision(self, update: TableUpdate) -> None:
        view: State = update.view
        hand = self.query_one("#ov-hand", Hand)
        bar = self.query_one("#ov-actions", ActionBar)
        me = update.seat
        legal = update.legal
        self._hand_actions = []
        if view.phase is Phase.DRAFT and me is not None:
            picks = {a.card: a for a in legal if isinstance(a, Pick)}
            cards = []
            for i, c in enumerate(view.seats[me].hand):
                cards.append(Card(text=TRAIT[c].label if c is not None else BACK,
                                  style=TRAIT_STYLE[TRAIT[c]] if c is not None else "",
                                  enabled=c in picks, key=str(i + 1)))
                self._hand_actions.append(picks.get(c))
            pick = view.seats[me].pick
            caption = f"kept this turn: {TRAIT[pick].label}" if pick is not None else ""
            hand.set_cards(cards, picking=bool(picks), caption=caption)
            hand.display = True
        elif view.phase is Phase.GOLD_KEEP and me is not None and view.drawn:
            # in the bar's order: 1 keeps the first card shown (shown in the
            # order drawn, 1 could keep the second)
            keeps = [a.card for a in legal if isinstance(a, Keep)]
            drawn = keeps or [c for c in view.drawn if c is not None]
            if drawn:
                hand.set_cards([Card(text=TRAIT[c].label, style=TRAIT_STYLE[TRAIT[c]])
                                for c in drawn], picking=False,
                               caption="drawn from the discard pile")
            else:  # Gold's cards, face down to the others (it read "No cards.")
                hand.set_cards([Card(text=BACK) for _ in view.drawn], picking=False,
                               caption=f"{self._who(view.acting)} drew these from the discard pile")
            hand.display = True
        else:
            hand.set_cards([], picking=False)
            hand.display = False
        choices = self._fitted_choices(update)
        self._bar_actions = [value for _, value in choices]
        self._bar_keys = [str(i + 1) if i < 9 else "·" for i in range(len(choices))]
        if me is not None:
            self._bar_keys = self._card_keys(view, me, choices) or self._bar_keys
        if view.phase is Phase.PEEK and view.peeked:
            self._bar_keys = self._peek_keys(view, choices)
        # A decision that acts on one of your cards for good, with no
        # choice that is safe (Boss Quest's `_safe_choice` starts on one
        # where there is): no choice is highlighted until you pick one, so
        # an Enter you did not mean (the one that admitted, pressed twice)
        # turns or discards nothing.
        # (a new decision, not any update: the others' moves and a bot's
        # thinking came while one chose, and each put the highlight away)
        decision = (update.seat, view.phase, tuple(update.legal))
        fresh = decision != self._bar_decision
        self._bar_decision = decision
        unhighlighted = view.phase in _NO_DEFAULT and len(choices) > 1
        was = bar.cursor
        bar.set_choices([Choice(key, label, value)
                         for key, (label, value) in zip(self._bar_keys, choices, strict=True)],
                        keep_cursor=unhighlighted and not fresh)
        if unhighlighted and (fresh or was < 0):
            bar.cursor = -1
        # an empty bar stays on screen: the table does not move at every turn
        update_static(self.query_one("#ov-prompt", Static), self._prompt_line(update))

    def _fitted_choices(self, update: TableUpdate) -> list[tuple[str, Any]]:
        """The choices, saying the round score each discard or gift leaves
        where the lines that adds to the bar fit: with four players at
        80x24 the bar wrapped onto a fourth line and the table scrolled.
        (Weighed against the bar's own height: the choice is stable.)"""
        self._score_notes, self._noted = True, False
        full = self._choices(update)
        if not self._noted:
            return full  # (a decision without them: built once)
        said = self._said_now
        self._score_notes = False
        bare = self._choices(update)
        self._score_notes = self._notes_fit(update, [label for label, _ in full],
                                            [label for label, _ in bare])
        self._said_now = said if self._score_notes else None
        return full if self._score_notes else bare

    def _notes_fit(self, update: TableUpdate, labels: Sequence[str], bare: Sequence[str]) -> bool:
        """The bar with `labels` takes no more lines than with `bare`, or
        leaves the table's rows all in sight (each character on its
        player's line where that makes room, as `_draw_rows` fits them)."""
        bar = self.query_one("#ov-actions", ActionBar)
        table = self.query_one("#ov-table", VerticalScroll)
        width = bar.content_region.width
        if not width or not table.size.height:
            return False  # not laid out yet: `_refit_score_notes` weighs it after
        if any(cell_len(label) + 4 > width for label in labels):
            return False  # a choice wider than the bar: it would break in two
        rows = bar.rows_for(labels, width)
        if rows <= bar.rows_for(bare, width):
            return True
        # the rows of the table and the bar share what both had when last
        # laid out (one measure: the choice holds once made)
        room = table.scrollable_content_region.height + bar.size.height - rows
        if self._rows_needed <= room:
            return True
        room -= 1 if self._recap_note_shown(update) else 0
        return len(self._compact_lines(update, room)) <= room

    def _refit_score_notes(self, *_: object) -> None:
        """Laid out, the score notes' room is known: the bar is drawn again
        when they turn out to fit (or not) after all."""
        if (not self.is_mounted or self.update is None or not self.update.legal
                or not isinstance(self.update.legal[0], (Discard, Give, LosePair))):
            return  # (only these choices carry the notes)
        was = self._score_notes
        self._fitted_choices(self.update)
        if self._score_notes != was:
            self._draw_decision(self.update)
            # the bar's new height laid out, the rows are fitted to the
            # table's (a loaded machine's resize could come before it)
            self.after_refresh_while_shown(self._redraw_rows)

    def _card_keys(self, view: State, me: int, choices: list[tuple[str, Any]]) -> list[str]:
        """Keys for choices that name one of this player's cards: the card's
        own number on the table (a number key picks card 3 by its 3, as
        everywhere else; while admitting, a card keeps its number as the
        others go, so 3 pressed twice discards once). Other choices take
        the digits left over, Back takes b. Empty when the numbers cannot
        serve (none, repeated, or above 9)."""
        numbers = self._numbers(view, me)
        slots = [_card_slot(value) for _, value in choices]
        named = [numbers[s] for s in slots if s is not None and s < len(numbers)]
        if not named or len(set(named)) != len(named) or max(named) > 9:
            return []
        spare = iter([str(d) for d in range(1, 10) if d not in named])
        keys = []
        for (_, value), slot in zip(choices, slots, strict=True):
            if slot is not None and slot < len(numbers):
                keys.append(str(numbers[slot]))
            elif value == ("back", None):
                keys.append("b")
            else:
                keys.append(next(spare, "·"))
        return keys

    @staticmethod
    def _peek_keys(view: State, choices: list[tuple[str, Any]]) -> list[str]:
        """Meixiu's second peek: each card keeps the key it had at the first
        (the one peeked at is gone, the others do not renumber: a 2 read
        before the first peek named another card after it)."""
        targets = sorted({(a.seat, a.slot) for _, a in choices} | set(view.peeked))
        keys = []
        for _, a in choices:
            n = targets.index((a.seat, a.slot)) + 1
            keys.append(str(n) if n <= 9 else "·")
        return keys

    def _choices(self, update: TableUpdate) -> list[tuple[str, Any]]:
        """(label, action) for each choice of the bar; Teal's in two steps."""
        view: State = update.view
        legal = update.legal
        me = update.seat
        self._said_now = None
        if not legal or me is None:
            return []
        mine = view.seats[me].slots

        def slot_name(slot: int, seat: int = me, numbered: bool = True) -> str:
            marks = GAME.slot_marks(view, me, seat)
            card = marks[slot].card if slot < len(marks) else None
            what = TRAIT[card].label if card is not None else "face down"
            under = marks[slot].under if slot < len(marks) else None
            if card is not None and slot < len(marks) and marks[slot].turned:
                what += " (turned)"  # OV-11: it counts 5 with its twins
            if card is not None and under is not None and under < len(marks):
                # Teal's copy: "card 3 Lust" was discarded as if it counted 3
                top = marks[under].card
                if top is not None and TRAIT[top] is not TRAIT[card]:
                    what += f" (counts as {TRAIT[top].label})"
            if not numbered:
                return what
            numbers = self._numbers(view, seat)
            return f"card {numbers[slot] if slot < len(numbers) else slot + 1} {what}"

        def leaving(gone: Sequence[int], seat: int = me) -> str:
            """OV-22: a copy whose card above leaves counts as printed
            again: said where the choice makes it so."""
            marks = GAME.slot_marks(view, me, seat)
            numbers = self._numbers(view, seat)
            out = ""
            for i, mark in enumerate(marks):
                if mark.under in gone and i not in gone and mark.card is not None:
                    top = marks[mark.under].card
                    if top is None or TRAIT[top] is not TRAIT[mark.card]:
                        out += f" (Teal's copy {numbers[i]} becomes {TRAIT[mark.card].label} again)"
            return out

        first = legal[0]
        if isinstance(first, Pick):
            return []  # the pack is the hand widget
        if isinstance(first, Place):
            out, seen = [], set()
            # by name where the table names the traits: letters need the legend
            long = self._place_named = self._traits_named(view)
            for a in legal:
                sign = tuple(sorted(TRAIT[c].value for c in a.cards))
                if sign in seen:
                    continue  # the same traits face up: the same choice
                seen.add(sign)
                said = sorted(a.cards, key=lambda c: TRAIT[c].value)
                out.append(("Top row " + " ".join(
                    TRAIT[c].label if long else TRAIT[c].value for c in said), a))
            return out
        if isinstance(first, Copy):
            if self._first is None:
                slots = sorted({a.slot for a in legal})
                return [(f"Move {slot_name(s)}", ("first", s)) for s in slots]
            tops = [a for a in legal if a.slot == self._first]
            # what each copy makes the round score, as Purple's turns say
            scores = GAME.copy_scores(view, me, self._first)
            now = GAME.own_round_score(view, me)
            out = [(f"Under {slot_name(a.top)}{_turn_note(scores, now, a.top)}", a) for a in tops]
            out.append(("Back", ("back", None)))
            if any(a.top < len(scores) for a in tops):
                self._said_now = now  # the prompt says it, once
            return out
        out = []
        turned = GAME.turn_scores(view, me) if isinstance(first, Turn) else ()
        # a card given goes by its trait where its key is its number (the
        # prompt asks "give which card?"): "1 Give card 1 Benevolence (round
        # score 9, -4)" took four lines at 80x24 and six players' table
        # scrolled
        given_by_key = isinstance(first, Give) and bool(
            self._card_keys(view, me, [("", a) for a in legal]))
        now = GAME.own_round_score(view, me)

        def left(gone: Sequence[int]) -> str:
            """What the round scores once `gone` leaves, as Purple's turns say."""
            if not self._score_notes:
                return ""
            self._noted = True
            self._said_now = now  # the prompt says it, once
            return _score_note(GAME.score_without(view, me, gone), now)

        for a in legal:
            if isinstance(a, Turn):
                note = _turn_note(turned, now, a.slot)
                if note:
                    self._said_now = now  # the prompt says it, once
                out.append((f"Turn {slot_name(a.slot)}{note}", a))
            elif isinstance(a, Keep):
                keep = f"Keep {TRAIT[a.card].label}"
                # OV-26, OV-28: two cards of one trait are alike, one choice
                if all(said != keep for said, _ in out):
                    out.append((keep, a))
            elif isinstance(a, Peek):
                out.append((f"{self._whose(a.seat)} card {a.slot + 1}", a))
            elif isinstance(a, Vote):
                out.append((f"Vote {self._who(a.seat)}", a))
            elif isinstance(a, Choose):
                # the Leader among the tied: "You (Cyd)", as the boxes say "You"
                out.append((self._who(a.seat) if a.seat != me else f"You ({self._who(me)})", a))
            elif isinstance(a, Deny):
                out.append(("Deny", a))
            elif isinstance(a, Admit):
                out.append(("Admit", a))
            elif isinstance(a, Discard):
                out.append((f"Discard {slot_name(a.slot)}{leaving([a.slot])}{left([a.slot])}", a))
            elif isinstance(a, LosePair):
                # OV-5, OV-13: the Leader chooses, maybe among another's cards
                guilty = view.accused if view.accused is not None else me
                pair = (f"{slot_name(a.first, guilty)} + {slot_name(a.second, guilty)}"
                        f"{leaving([a.first, a.second], guilty)}")
                if guilty != me:
                    out.append((f"{self._who(guilty)} loses {pair}", a))
                else:
                    out.append((f"Lose {pair}{left([a.first, a.second])}" if len(mine) > 2
                                else "Lose both", a))
            elif isinstance(a, Give):
                what = (slot_name(a.slot, numbered=False) if given_by_key
                        else f"Give {slot_name(a.slot)}")
                out.append((f"{what}{leaving([a.slot])}{left([a.slot])}", a))
            elif isinstance(a, Pass):
                out.append(("Steal nothing", a))
            else:
                out.append((str(a), a))
        return out

    def redraw_thinking(self, update: TableUpdate) -> None:
        # the prompt says who is thinking, and for how long
        update_static(self.query_one("#ov-prompt", Static), self._prompt_line(update))

    def redraw_held(self, update: TableUpdate) -> None:
        if self.is_mounted:
            self._draw_rows(update)  # a seat's row says "thinking…" too
            self.redraw_thinking(update)

    def _prompt_line(self, update: TableUpdate) -> Text:
        """The prompt, and which bot is thinking while the table waits for it."""
        stopped = self.stopped_prompt(update)
        if stopped is not None:
            return stopped
        text = self._prompt(update)
        if update.thinking is not None and not update.legal and update.outcome is None:
            text.append(f" {self.who_is_thinking(update)}", style="italic")
        away = self.away_note(update)
        # while you choose too (the draft, the vote), where it fits the line:
        # "(away)" alone did not say a bot would play for them soon
        room = (self.size.width or self.app.size.width) - 2
        if not update.legal or text.cell_len % max(room, 1) + len(away) <= room:
            text.append(away, style="italic")
        return text

    def _prompt(self, update: TableUpdate) -> Text:
        view: State = update.view
        me = update.seat
        if update.outcome is not None:
            names = ", ".join(self._bare_who(s) for s in sorted(update.outcome.winners))
            return Text(f"The game is over. Winner: {names}. {self.rematch_words(':')}"
                        f"b: the results · q: {self.leads_to}.", style="bold")
        if update.legal and me is not None:
            text = _ASKS.get(view.phase, "Your decision.")
            if view.phase is Phase.DRAFT:
                # the turn, which the header drops at 80 columns: whoever
                # chose last goes on at once, and the new pack is told
                text = (f"Keep one card of the pack (turn {view.draft_turn}/5, secret until "
                        "everyone has chosen).")
                if self._next_pack == (me, view.round, view.draft_turn):
                    # no cover between: the notice saying so was easy to
                    # miss on a large screen (hot seat), the prompt stays
                    text = (f"Your next pack (turn {view.draft_turn} of 5): keep one card, "
                            "secret until everyone has chosen.")
                    if self._unlooked_here():  # Enter waits for an arrow
                        text = f"Your next pack (turn {view.draft_turn} of 5): {_LOOK_KEYS}"
            unlooked = view.phase is not Phase.DRAFT and self._unlooked_here()
            if view.phase is Phase.PLACE:
                text = (f"Choose the {GAME.top_row_size(view, me)} cards of your top row "
                        "(face up); the others lie face down.")
                if unlooked:  # after your last pick, at once: Enter waits for an arrow
                    text = (f"Your top row ({GAME.top_row_size(view, me)} cards face up): "
                            f"{_LOOK_KEYS}")
                    unlooked = False
            if view.phase is Phase.TEAL and self._first is not None:
                text = f"Teal: card {self._first + 1} goes face down under which card? (b: back)"
            if view.phase is Phase.VOTE:
                text += " t: talk first."
            if view.phase is Phase.PEEK:
                # OV §Vote, Meixiu: two peeks; say which this is
                text = text[:-1] + f" ({len(view.peeked) + 1} of 2)."
            if view.phase is Phase.ADMIT:
                n = view.to_discard
                # "more" once a card is gone: before any, "2 more" read as 4
                more = " more" if self._discarded(view, me) else ""
                text = f"You admitted: discard {n}{more} card{'s' if n != 1 else ''}."
            if view.phase is Phase.GIVE and view.thief is not None:
                # (one line at 80 columns with "Pick it by its number...")
                text = f"{self._bare_who(view.thief)} robs you: give which card?"
            if view.phase is Phase.GUILTY and view.accused not in (None, me):
                # OV-5, OV-13: the Leader chooses among the guilty's pairs
                who = self._bare_who(view.accused)
                text = (f"Leader: {who} had the highest score. Choose which two of "
                        f"{self._whose(view.accused)} cards (all face up) {who} loses.")
            marked = ""
            if "·" in self._bar_keys:
                # more choices than digits (Meixiu at six players): the
                # last ones have no key of their own
                marked = " Choices marked ·: ←→ then Enter."
            tails = [""]
            if view.phase in _NO_DEFAULT and len(update.legal) > 1:
                # "discard 2 more cards. Pick it" read as if the 2 were picked
                what = {Phase.ADMIT: "one", Phase.GUILTY: "a pair", Phase.DECLARE: "one",
                        Phase.NEXT_LEADER: "one"}.get(view.phase, "it")
                tails = [f" Pick {what} by its number, or ←→ then Enter.",
                         f" Pick {what}: its number or ←→ Enter.",
                         # (shorter, where the round score is said too)
                         f" Pick {what}: number or ←→ Enter.", " Number or ←→ Enter."]
            elif unlooked:
                # came at once under your key (`decided_again`): Enter waits
                # for an arrow; one line where it fits, as below
                tails = [f" {_LOOK_KEYS[0].upper()}{_LOOK_KEYS[1:]}",
                         " Pick: its number, or ←→ Enter."]
            if marked and "←→" in tails[0]:
                # the arrows said once (a play-test read "Choices marked ·:
                # ←→ then Enter. Pick with a number, or ←→ then Enter.")
                marked, tails = "", [f"{t[:-1]}; those marked · have no number." for t in tails]
            return self._fitted_prompt(text, marked, tails)
        if view.phase in _WAITING:
            return Text(_WAITING[view.phase], style="italic")
        if view.phase in _SECRET and me is not None and view.seats[me].chose:
            # OV-30: back at a shared table, the choice a bot made for them
            # (one line at 80 columns: the rows say who is still choosing)
            bots = stand_in_chose(update, tail=" (still secret).")
            if bots is not None:
                return bots
            return Text("You have chosen; waiting for the others…", style="italic")
        waiting = sorted(update.to_act)
        if not waiting:
            return Text("Waiting for the table…", style="italic")
        # the names bare: who is away, and whether the match waits for them
        # or a bot plays, follows (`away_note`; "Waiting for ann (away)…")
        who = ", ".join(self._bare_who(s) for s in waiting)
        if view.phase is Phase.GUILTY and view.accused is not None and view.accused not in waiting:
            # OV-5, OV-13: the Leader chooses the guilty player's pair
            whose = "your" if view.accused == me else self._whose(view.accused)
            return Text(f"Waiting for {who}, the Leader, to choose which two of {whose} cards "
                        "are lost…", style="italic")
        # in words, not brackets: a second bracket read as the name's
        what = {
            Phase.PURPLE: " to turn a card, as Purple",
            Phase.GOLD_KEEP: " to keep a card, as Gold",
            Phase.PEEK: " to peek, as Meixiu",
            Phase.TEAL: " to copy a card, as Teal",
            Phase.ACCUSE: ", the Leader, to break the tie of votes",
            Phase.JUDGE: " to deny or admit",
            Phase.ADMIT: " to discard",
            Phase.DECLARE: ", the Leader, to declare the highest",
            Phase.GUILTY: " to choose two cards to lose",
            Phase.THIEF: ", the Leader, to choose the thief",
            Phase.ROB: " to choose whom to rob",
            Phase.GIVE: " to choose the card to give",
            Phase.LIANG: " to choose a player, as Liang",
            Phase.NEXT_LEADER: ", the Leader, to break the tie for the lowest",
        }.get(view.phase, "")
        return Text(f"Waiting for {who}{what}…", style="italic")

    def _fitted_prompt(self, asked: str, marked: str, tails: Sequence[str]) -> Text:
        """The decision's prompt: what is asked, the round score the bar's
        notes count from (`_said_now`) and how to choose (`tails`, the
        first that fits). The first tail unless only a shorter keeps the
        prompt on one line (a long name: the table keeps the line, where
        your ability ended cut off); the round score where it adds no line
        to that, with a shorter tail or without "now" if need be (else not:
        the player's row says it too)."""
        room = max((self.size.width or self.app.size.width) - 2, 1)

        def made(note: str, tail: str) -> Text:
            out = Text(asked, style="bold")
            out.append(note)
            out.append(marked + tail)
            return out

        tail = tails[0]
        if len(tails) > 1:
            width = cell_len(asked + marked)
            if width + len(tail) > room >= width + len(tails[1]):
                tail = tails[1]
        plain = made("", tail)
        if self._said_now is None:
            return plain
        console = self.app.console
        lines = len(plain.wrap(console, room))
        notes = (f"Round score now {self._said_now}.", f"Round score {self._said_now}.")
        # on the question's line, else starting the next (never broken);
        # the last, terse tail only where no other fits
        *said, terse = tails
        for ways in (said, [terse]):
            for note in notes:
                for start in (" ", "\n"):
                    for tail in ways:
                        noted = made(start + note, tail)
                        wrapped = noted.wrap(console, room)
                        if len(wrapped) <= lines and any(note in line.plain for line in wrapped):
                            return noted
        return plain

    def decision_widgets(self) -> tuple[Widget, ...]:
        """The hand a card is picked from, else the action bar with choices."""
        hand = self.query_one("#ov-hand", Hand)
        bar = self.query_one("#ov-actions", ActionBar)
        if hand.display and hand.picking:
            return (hand, bar)
        return (bar,) if bar.choices else ()

    def _focus_decision(self) -> None:
        if isinstance(self.focused, Input) or (
                self._reading_log and isinstance(self.focused, SinceLog)):
            return  # typing a note, reading the log: until Escape
        deciding = self.decision_widgets()
        if deciding:
            deciding[0].focus()
        elif self.focused is self.query_one("#ov-actions", ActionBar):
            self.set_focus(None)  # nothing to decide: the empty bar lets the keys go

    # -- choosing -------------------------------------------------------------------

    def on_hand_selected(self, event: Hand.Selected) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        index = event.index
        if 0 <= index < len(self._hand_actions) and self._hand_actions[index] is not None:
            self.play(self._hand_actions[index])

    def on_action_bar_chosen(self, event: ActionBar.Chosen) -> None:
        event.stop()
        if self.stale_pick(event):
            return
        self._choose(event.choice.value)

    def _choose(self, value: Any) -> None:
        if isinstance(value, tuple) and len(value) == 2 and value[0] in ("first", "back"):
            self._first = value[1]
            if self.update is not None:
                self._draw_decision(self.update)
                self.query_one("#ov-actions", ActionBar).focus()
                self.new_choice()  # a doubled Enter does not take the next step unseen
            self.refresh_bindings()  # after the choices are drawn: the footer counts them
            return
        if value is not None:
            self.play(value)

    def number_keys(self) -> list[str]:
        hand = self.query_one("#ov-hand", Hand)
        if hand.display and hand.picking:
            return [str(n + 1) for n, action in enumerate(self._hand_actions) if action is not None]
        return [k for k in self._bar_keys if k != "·"]

    def action_number(self, number: int) -> None:
        index = number - 1
        hand = self.query_one("#ov-hand", Hand)
        if hand.display and hand.picking:
            if 0 <= index < len(self._hand_actions) and self._hand_actions[index] is not None:
                hand.move_to(index)
                self.play(self._hand_actions[index])
            else:
                self.no_choice(number, self.number_keys())
            return
        key = str(number)
        if key in self._bar_keys:
            self._choose(self._bar_actions[self._bar_keys.index(key)])
            return
        keys = self.number_keys()
        view, me = self._view, self._me()
        if view is not None and me is not None and view.phase is Phase.TEAL and self._first is not None:
            numbers = self._numbers(view, me)
            if self._first < len(numbers) and numbers[self._first] == number:
                # the card chosen first: its key is gone from the bar
                self.no_choice(number, why=f"{number} is the card being moved: choose where it "
                               f"goes ({number_range(keys)}), or b to go back")
                return
        if view is not None and view.phase is Phase.PEEK and view.peeked:
            # a card already peeked at keeps its number off the bar (`_peek_keys`)
            targets = sorted({(a.seat, a.slot) for a in self._bar_actions} | set(view.peeked))
            if 0 < number <= len(targets) and targets[number - 1] in view.peeked:
                other, slot = targets[number - 1]
                self.no_choice(number, keys, why=f"{number} is {self._whose(other)} card "
                               f"{slot + 1}, peeked at already")
                return
        self.no_choice(number, keys)

    def action_scroll_table(self, step: int) -> None:
        table = self.query_one("#ov-table", VerticalScroll)
        if step < 0:
            table.scroll_page_up()
        else:
            table.scroll_page_down()

    def action_back(self) -> None:
        if self._first is not None:
            self._choose(("back", None))

    def action_read_log(self) -> None:
        self._reading_log = not self.query_one("#ov-log", SinceLog).has_focus
        super().action_read_log()

    def _log_given_back(self) -> None:
        self._focus_key = None
        self._focus_decision()

    def action_talk(self) -> None:
        talk = self.query_one("#ov-talk")
        if talk.display:
            self.query_one("#ov-note", Input).focus()

    def action_leave_talk(self) -> None:
        if isinstance(self.focused, Input):
            # a note not sent is dropped: left in the box it read as said;
            # dropped without a word, a player thought it sent
            if self.focused.value.strip():
                self.notify("Note not sent: Escape drops it, Enter sends it.", timeout=4,
                            markup=False)
            self.focused.value = ""
            self.focused.blur()
            self._focus_key = None
            self._focus_decision()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value.strip()
        if not text:
            self.action_leave_talk()
            return
        event.input.value = ""
        say = getattr(self.port, "say", None)
        if callable(say):  # a shared table: the talk is the table's chat
            if say(text) is False:  # not sent (too soon): kept
                event.input.value = text
                return
        else:
            self.heard(f"{self._speaker()}: {text}")
            keep = getattr(self.port, "keep_talk", None)
            if callable(keep):  # at this terminal: kept with the match
                keep()
        # sent: the keys go back to the game (a 1 to draft went into the box)
        self.action_leave_talk()

    def _speaker(self) -> str:
        """Who typed a note here: "You" (the others' notes at a shared table
        come with their names; a note of yours stood with no name), or the
        name of the person whose view is shown when several play at this
        terminal ("You" would read as whoever looks next)."""
        seat = self._me()
        if seat is not None and len(getattr(self.port, "humans", ())) > 1:
            return self._bare_who(seat)
        return "You"

    def heard(self, line: str, moves: int | None = None) -> bool:
        """A line of table talk: typed here, or said at a shared table after
        `moves` moves of the match (a line said before this player came
        back belongs to the round it was said in, not to this one). Whether
        the talk panel shows it now: from the vote to the round's end the
        panel is put away, and a line said then (a "good game" after the
        scoring) reached no one's screen; the shared table tells it in a
        notice instead."""
        said = _talk_round(self._view)
        if moves is not None and self.update is not None:
            said = _round_after(self.update.log, moves)
        self.talk.append((said, line))
        del self.talk[:-KEEP_TALK]
        if self.update is None or not self.is_mounted:
            return True  # the panel is drawn with it at the first update
        view = self.update.view
        self._draw_talk(view)
        # (before the draft, the deal: the panel comes up with it shortly)
        return said == _talk_round(view) and (view.phase in _TALK or view.phase in _BEFORE_TALK)

    @property
    def notes(self) -> list[str]:
        """Every line of table talk kept, of every round."""
        return [line for _, line in self.talk]

    IDLE_KEY_WORDS: ClassVar[dict[str, str]] = {
        "back": "b lets Teal choose the card to move again, once one is chosen",
        "talk": "t types a note for the table talk while a round is played"}

    def why_key_idle(self, action: str) -> str | None:
        if action == "last_round":
            return "No round has ended yet: r opens the last round's end once one is scored."
        if action == "back":
            # b is Teal's key alone: another reader was told of a Teal who
            # may not be at the table (characters are secret till the vote, OV-9)
            view, me = self._view, self._me()
            mine = view.seats[me].character if view is not None and me is not None else None
            if mine is not Character.TEAL:
                said = super().why_key_idle(action)
                return None if said is None else "b does nothing for your character this round."
        return super().why_key_idle(action)

    def prompt_words(self) -> str:
        return self._prompt(self.update).plain if self.update is not None else ""

    def _last_round_update(self) -> TableUpdate | None:
        """The update whose log tells the last round's end for r: the
        public view's with several people here (no one's hidden cards, as
        the round's end was told them), else the view on screen; None
        before any round has ended."""
        update = self.update
        if self._several_here():
            public = getattr(self.port, "public_update", lambda: None)()
            update = public if public is not None else None
        if update is None or not recap_lines(update.log):
            return None
        return update

    def action_last_round(self) -> None:
        """The last round's end again, in a box as it came (r)."""
        update = self._last_round_update()
        if update is None:
            return
        # the rounds scored so far: the last is the one told
        ended = _round_after(update.log, len(update.log)) - 1
        whose = "for everyone" if self._several_here() or update.seat is None else None
        box = self._round_box(update, ended, whose=whose, go_on="the table",
                              **({} if update.over else self.box_leaves()))
        if box is None:
            return
        self.box_waits(box)  # the bots wait for it, as for the round's own box
        self.app.push_screen(box, lambda _: self.box_gone(box))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "last_round":
            # the final table's r is the Rematch (a watcher's stays this)
            return self._last_round_update() is not None and not self.rematch_offered
        if action == "back":
            return self._first is not None
        if action == "talk":
            view = self._view
            return view is not None and view.phase in _TALK
        if action == "leave_talk":
            return isinstance(self.focused, Input)
        if action == "leave_log":
            return isinstance(self.focused, SinceLog)
        if action == "number":
            return bool(self.update is not None and self.update.legal)
        return super().check_action(action, parameters)


def _turn_note(scores: Sequence[int], now: int, slot: int) -> str:
    """What Purple's turn of `slot` makes the round score (OV-11), or
    Teal's copy under it (`_score_note`)."""
    if slot >= len(scores):
        return ""
    return _score_note(scores[slot], now)


def _score_note(score: int, now: int) -> str:
    """A choice's round score `score` against `now`, every choice alike:
    the change, then the score it leaves ("(-6 → 13)"); the prompt says
    `now` once. (Play-test: the first choice said "(round score 13, -6)",
    the others "(-6)": the 13 read as the player's score now.)"""
    change = score - now
    return f" ({change:+d} → {score})" if change else f" (±0 → {score})"


def _talk_round(view: State | None) -> int:
    """The round whose talk a line said now is part of: talk before the
    first deal (round 0, or no view yet) is the first round's."""
    return max(1, 0 if view is None else view.round)


def _round_after(log: Sequence[str], moves: int) -> int:
    """The round whose talk a line said after the log's first `moves`
    entries is part of (as `_talk_round`): one past the rounds scored by then."""
    return 1 + sum(" is scored." in entry for entry in log[:moves])


#: the kinds of box several people here put away (`Table.put_away`): the
#: rounds' ends, what the votes did (a count: up to which round)
ROUNDS_READ = "rounds"
VOTES_READ = "votes"


def recap_lines(log: tuple[str, ...] | list[str], round_: int | None = None) -> list[str]:
    """The log entries from the last vote to the last round's scoring (and
    the Leader's choice of the next Leader, after a tie); of round `round_`
    if given (a player back at a shared table reads each round they missed,
    not only the last)."""
    said = " is scored." if round_ is None else f"Round {round_} is scored."
    scored = next((i for i in range(len(log) - 1, -1, -1) if said in log[i]), None)
    if scored is None:
        return []
    voted = next((i for i in range(scored, -1, -1) if "Votes:" in log[i]), scored)
    end = scored + 1
    if end < len(log) and "breaks the tie for the lowest score" in log[end]:
        end += 1  # who takes the Leader card (OV-17), as a round with no tie ends
    return [_bots_vote_told(log, voted), *log[voted + 1:end]]


def vote_lines(log: tuple[str, ...] | list[str]) -> list[str]:
    """The log entries from the last vote on."""
    voted = next((i for i in range(len(log) - 1, -1, -1) if "Votes:" in log[i]), None)
    return [] if voted is None else [_bots_vote_told(log, voted), *log[voted + 1:]]


#: the log's line of a vote the reader's stand-in bot cast while they were
#: away (saves/match.py `_stand_in_line`)
_BOTS_VOTE = "Your bot: you vote for "
#: the reader's vote in the Votes sentence ("Votes: Ann for Cy; you for Ann")
_YOUR_VOTE = re.compile(r"(Votes: (?:[^.;]+; )*)you for ")


def _bots_vote_told(log: Sequence[str], voted: int) -> str:
    """Entry `voted` of the log (the Votes), its "you for Ann" said "your
    bot for Ann" when the reader's stand-in bot cast that vote (in this
    vote: back to the last Votes or the top rows' reveal). Play-test
    (shared6, finding 5): a player back at the table read "you for Ann" in
    the round's end, a vote they never cast; the log said "Your bot"."""
    line = log[voted]
    for i in range(voted, -1, -1):
        if i < voted and ("Votes:" in log[i] or "Top rows revealed" in log[i]):
            return line
        if log[i].startswith(_BOTS_VOTE):
            return _YOUR_VOTE.sub(r"\1your bot for ", line, count=1)
    return line


#: the Showdown's sentence of a log line: each player's score and hand
_SHOWDOWN = re.compile(r"Showdown: (.+?\))\.(?=\s|$)")


#: a sentence after the Showdown's saying what else counts in its figures
_SHOWDOWN_NOTE = re.compile(r"Wuming the |[^.]+ \((?:Meixiu|Purple)\) (?:adds?|counts?) "
                            r"|[^.]+ \d+ includes Meixiu's ")


#: a trait card dealt, as the log tells it: to the reader (its name) or to
#: another player (face down)
_DEALT = re.compile(r"^(?:(You) are|(.+) is) dealt (?:a trait card|(\w+ \([A-Z]\)))\.$")


def fold_deals(lines: Sequence[str]) -> list[str]:
    """The log with a deal in one line ("Trait cards dealt: you Anger (A),
    Hope (H); Bob 2 cards."): up to 42 lines at six players; Gold's draws
    in one too (`fold_draws`)."""
    return fold_draws(gamelog.fold_deals(lines, _DEALT, "Trait cards dealt"))


#: Gold's draw from the discard pile, as the log tells it: the card to Gold
#: (group 1 "You", group 3 the card), "a card" to the others (group 2 the name)
_DRAWN = re.compile(r"^(?:(You) \(Gold\) draw|(.+) \(Gold\) draws) "
                    r"(?:a card|(\w+ \([A-Z]\))) from the discard pile\.$")


def fold_draws(lines: Sequence[str]) -> list[str]:
    """The log with Gold's two draws in one line: the cards named to Gold
    ("You (Gold) draw two cards from the discard pile: Lust (L) and Hope
    (H)."), their number to the others (OV-10: never which)."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        who = {m.group(1) or m.group(2) for m in run}
        if len(run) < 2 or len(who) > 1:
            return [m.string for m in run]
        count = _COUNTS[len(run)] if len(run) < len(_COUNTS) else str(len(run))
        drawn = [m.group(3) for m in run]
        if run[0].group(1) and None not in drawn:
            named = ", ".join(drawn[:-1]) + f" and {drawn[-1]}"
            return [f"You (Gold) draw {count} cards from the discard pile: {named}."]
        return [f"{run[0].group(2)} (Gold) draws {count} cards from the discard pile."]

    return gamelog.fold_runs(lines, _DRAWN, tell)


#: a card or a character dealt, as the public log tells it
_DEALT_PUBLIC = re.compile(r"^(.+) is dealt a (trait card|character)\.$")
_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def fold_public_deal(lines: Sequence[str]) -> list[str]:
    """The public log with each run of deal lines in one ("Everyone is
    dealt six trait cards and a character."), when everyone in it got as
    many; otherwise as `fold_deals` tells a run. Gold's draws in one too."""

    def tell(run: list[re.Match[str]]) -> list[str]:
        said: list[str] = []
        for what, word in (("trait card", "trait cards"), ("character", "characters")):
            counts: dict[str, int] = {}
            for m in run:
                if m.group(2) == what:
                    counts[m.group(1)] = counts.get(m.group(1), 0) + 1
            if not counts:
                continue
            n = set(counts.values())
            if len(n) != 1 or len(counts) < 2:
                return fold_deals([m.string for m in run])
            k = n.pop()
            said.append(f"a {what}" if k == 1 else
                        f"{_COUNTS[k] if k < len(_COUNTS) else k} {word}")
        return [f"Everyone is dealt {' and '.join(said)}."]

    return fold_draws(gamelog.fold_runs(lines, _DEALT_PUBLIC, tell))


#: the round's score sentence of a log line (`core.overseers.rules`'s
#: `_own_score`): who, the score, the total, the cards, each source's figure.
#: The sources end by their form, "label: figure" parted by "; " (or
#: "nothing"), not by a capital after the full stop: the next sentence may
#: open with a name in lower case ("ann takes the Leader card").
_SCORED = re.compile(r"(?:^|(?<=\. ))((?:(?!\. ).)+?) scores? (\d+) \(total (\d+)\) "
                     r"for the cards held now \(([^)]*)\): "
                     r"(nothing|[^;]+?: [+-]?\d+(?:; [^;]+?: [+-]?\d+)*)\.(?=\s|$)")


#: the public line's round scores (`core.overseers.rules._round_scores`)
_ROUND_SCORES = re.compile(r"(?:^|(?<=\. ))Round scores: .+?\d\.(?=\s|$)")


def recap_parts(line: str) -> list[str]:
    """A recap line as shown: the Showdown's hands one player a line
    (OV §Showdown: "Players reveal their hands"), the round's score
    one source a line, as the rulebook counts it (OV §Scoring), and the
    public round scores on a line of their own (OV-17: the Leader card
    goes by them)."""
    found = _SHOWDOWN.search(line) or _SCORED.search(line) or _ROUND_SCORES.search(line)
    if found is None:
        return [line]
    before, after = line[:found.start()].strip(), line[found.end():].strip()
    if found.re is _ROUND_SCORES:
        return [*([before] if before else []), found.group(),
                *(recap_parts(after) if after else [])]
    if found.re is _SHOWDOWN:
        hands = [h if h.endswith(")") else h + ")" for h in found.group(1).split("), ")]
        middle = [SHOWDOWN_TITLE, *(f"  {h}" for h in hands)]
        while _SHOWDOWN_NOTE.match(after):
            # OV-20, OV §4 Vote: a sister's, Meixiu's or Purple's part of
            # the figures above, a line each
            note, _, after = after.partition(". ")
            middle.append(note if note.endswith(".") else note + ".")
    else:
        middle = score_lines(*found.groups())
        if after.startswith(("The Wuming sisters'", "Wuming the ")):
            # OV-20: why the showdown's figure was higher, under the score
            note, _, after = after.partition(". ")
            note = note.rstrip(".")
            middle.append(f"  ({'t' + note[1:] if note.startswith('The ') else note})")
    return [*([before] if before else []), *middle,
            *(recap_parts(after) if after else [])]


#: the Showdown's title in a recap (`recap_parts`), and how your own hand opens under it
SHOWDOWN_TITLE = "Showdown, every hand revealed:"
_OWN_HAND = "  you "


def cut_recap(parts: list[list[Text]], room: int) -> list[Text]:
    """A recap's lines (`parts`: each part of it, wrapped) in `room` lines:
    its last parts, from the start of a part ("21, Edda 14, Finn 14." read
    as a line of its own), under the Showdown's title and your own hand, a
    "…" line where parts are left out between (cut from the top alone, both
    were gone, the others' hands kept: the newcomer's play-test at 120x40).
    Where even they do not fit, the last lines alone."""

    def lines(chosen: set[int]) -> list[Text]:
        out: list[Text] = []
        for i in sorted(chosen):
            if out and i - 1 not in chosen:
                out.append(Text("  …"))
            out.extend(parts[i])
        return out

    kept = {i for i, part in enumerate(parts)
            if part and (part[0].plain == SHOWDOWN_TITLE or part[0].plain.startswith(_OWN_HAND))}
    tail: set[int] = set()
    for i in reversed(range(len(parts))):
        if len(lines(kept | tail | {i})) > room:
            break
        tail.add(i)
    if tail:
        return lines(kept | tail)
    shown = [line for part in parts for line in part]
    return shown[len(shown) - room:]


#: how `score_lines` opens, after whose score it is (the cards follow)
_SCORE_HEAD = " round score, for the cards held now ("


def score_lines(who: str, score: str, total: str, hand: str, parts: str) -> list[str]:
    """The round's score, one source a line with its figure in a column,
    then the score and the total."""
    rows = [part.rpartition(": ")[::2] for part in parts.split("; ") if parts != "nothing"]
    rows.append(("Round score", score))
    width = max(len(what) for what, _ in rows)
    whose = "Your" if who == "You" else f"{who}'s"
    return [f"{whose}{_SCORE_HEAD}{hand}):",
            *(f"  {what.ljust(width)}  {figure.rjust(3)}" for what, figure in rows[:-1]),
            f"  {'Round score'.ljust(width)}  {score.rjust(3)}  (total {total})"]


def place_choices(kept: tuple[int, ...], size: int) -> list[tuple[int, ...]]:
    """Every top row of `size` cards of `kept` (for tests)."""
    return list(combinations(sorted(kept), size))


__all__ = ["OverseersScreen", "card_label", "trait_text"]
