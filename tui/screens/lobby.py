"""The lobby of shared tables: every table on the hub, open and running.

Enter sits you at a table (your own seat again, or the first open one), `w`
watches it, `n` sets up a new table, `r` asks the hub again. The rows come
from the hub; the screen asks the app (`self.app.remote`) for everything.

A new shared table is set up with the new-match form plus one choice: when
a player is away, the match waits for them, or a bot plays their turns
after a while and hands the seat back when they return.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from itertools import groupby
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult, ScreenStackError
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import DataTable, Footer, Header, Input, Label, Select, Static

from tui.bindings import relabel
from tui.lists import Dropdown
from tui.plain import cell, listed, shortened
from tui.screens.new_match import HUMAN, RULES_BOT_LEVEL, NewMatchScreen, SeatError, SeatRow
from tui.widgets.flowed import flow_parts
from tui.widgets.quiet import update_static

LEAVE_TEXT = ("Your seats wait for you: connect again and the lobby lists your tables. "
              "Where a table lets a bot stand in, it plays for you while you are away.")

COLUMNS = ("Game", "Seats", "Now")
#: the cells the Now column keeps beside long seats, where it needs them
#: ("over · you won · 18:17", "a bot plays for ann in 19 s" on one line;
#: longer words wrap there, never off the screen)
NOW_ROOM = 28
#: the fewest cells the Now column gives way to beside a seat of a long
#: name (its words wrap there: "waiting for 1" whole)
NOW_LEAST = len("waiting for 1")
#: a new invitation takes the highlight only if the player has not moved it
#: themselves for this many seconds, and one inviter's at most once in
#: INVITER_PULL_SECONDS: a player setting up and withdrawing tables that
#: kept a seat for another pulled that player's highlight to each, several
#: times a second, and an Enter meant elsewhere sat them down there
CHOSEN_SECONDS = 5.0
INVITER_PULL_SECONDS = 60.0
#: said when Enter comes within the app's `decision_grace` of the app (not
#: the player) moving the highlight (as a game's prompt waits for new choices)
ENTER_WAITS_HERE = ("Enter waits a moment after the highlight moves to a table by itself, "
                    "so it is seen: press it again to sit down there.")


def clock() -> float:
    """Seconds, for the highlight's timing (a test sets its own)."""
    return time.monotonic()
#: what a new table does when a player is away: wait (None), or a bot plays
#: their turns after so many seconds
AWAY_CHOICES: tuple[tuple[str, float | None], ...] = (
    ("the match waits", None),
    ("a bot plays after 30 s", 30.0),
    ("a bot plays after 1 min", 60.0),
    ("a bot plays after 2 min", 120.0),
    ("a bot plays after 5 min", 300.0),
)


#: a seat the game's own rules play (Overstocked's solo bot, OS-19), as the
#: lobby names it: it read "bot (normal)", a level it does not have
RULES_BOT_SEAT = "the rulebook's bot"


#: the seats' marks said shorter where a row would not fit a line (80
#: columns), one form for all, told once by the lobby's legend line
SHORT_MARKS = {"invited": "inv.", "away — bot playing": "away, bot",
               "left — bot playing": "left, bot"}
#: every seat's "away" said once, after the last (`seat_forms`)
ALL_AWAY = " — all away"
LEGEND = "inv.: invited, not sat down yet · away, bot / left, bot: a bot plays the seat"


def seat_text(seat: dict[str, Any], me: str, room: int | None = None,
              short: bool = False) -> str:
    """A seat as the lobby says it; with `room`, its player's name is cut
    (by cells, "…") so the whole fits `room` cells where it can. `short`:
    its marks as SHORT_MARKS says them ("bob (inv.)"), for a row that
    would not fit a line. A bot reads "bot (normal)" in every row and
    column: a play-test read "bot (normal)" in one row, "normal bot" in
    the next, and the same winner both ways within minutes."""
    if seat.get("rules_bot"):
        return RULES_BOT_SEAT
    if seat.get("kind") == "bot":
        return f"bot ({seat.get('level')})"
    player = seat.get("player")
    if player is None:
        return "open"
    marks = ["you"] if player == me else []
    if seat.get("gone"):  # left the match for good
        marks.append("left — bot playing" if seat.get("bot_playing") else "left")
    elif seat.get("bot_playing"):
        marks.append("away — bot playing")
    elif seat.get("away"):
        marks.append("away")
    elif not seat.get("present", True):
        marks.append("invited")
    if short:
        marks = [SHORT_MARKS.get(mark, mark) for mark in marks]
    tail = f" ({', '.join(marks)})" if marks else ""
    name = str(player) if room is None else shortened(str(player), max(2, room - cell_len(tail)))
    return name + tail


def folded_seats(seats: list[dict[str, Any]], me: str, room: int | None = None,
                 short: bool = False) -> list[str]:
    """The seats as `seat_text` says them, but a run of bots of one level
    said once ("4 bots (normal)", as the lobby's notices count them,
    `table_words`) and a run of open seats ("3 open"): for a row whose
    seats do not fit a line (a player's own table of five at 80 columns
    took three). Players' names as they are."""
    def run_of(pair: tuple[int, dict[str, Any]]) -> tuple[Any, ...]:
        index, seat = pair
        if seat.get("kind") == "bot" and not seat.get("rules_bot"):
            return ("bots", seat.get("level"))
        if seat.get("kind") != "bot" and seat.get("player") is None:
            return ("open",)
        return ("seat", index)  # (each alone)

    out = []
    for key, pairs in groupby(enumerate(seats), run_of):
        run = [seat for _, seat in pairs]
        if len(run) == 1:
            out.append(seat_text(run[0], me, room, short))
        elif key[0] == "bots":
            out.append(f"{len(run)} bots ({key[1]})")
        else:
            out.append(f"{len(run)} open")
    return out


def seat_forms(seats: list[dict[str, Any]], me: str) -> list[list[str]]:
    """A row's seats, longest words first, each form shorter than the one
    before where it can be: every seat; runs of bots or open seats said
    once; the marks short ("bob (inv.)", "normal bot"); both; where every
    seat is a person's away, "away" once ("ann, bob (you) — all away").
    Names never cut."""
    forms = [[seat_text(s, me) for s in seats], folded_seats(seats, me),
             [seat_text(s, me, short=True) for s in seats],
             folded_seats(seats, me, short=True)]
    if len(seats) > 1 and all(_plainly_away(seat) for seat in seats):
        # "away" said once for all: "ann (away), bob (away), / cy (you,
        # away)" took two lines at 80 columns
        names = [seat_text({**seat, "away": False}, me) for seat in seats]
        forms.append([*names[:-1], names[-1] + ALL_AWAY])
    return forms


def _plainly_away(seat: dict[str, Any]) -> bool:
    """A person's seat marked only "away" (no bot playing it, not left)."""
    return (seat.get("kind") != "bot" and seat.get("player") is not None and bool(seat.get("away"))
            and not seat.get("bot_playing") and not seat.get("gone"))


def status_forms(table: dict[str, Any], me: str,
                 seats_say_away: bool = False) -> list[tuple[str, int]]:
    """A row's Now words, longest first, each with what shortening it
    costs: a finished match's without its time where they would not fit
    ("over · bot (normal) won · 18:47", then "over · bot (normal) won": who
    won is never left out, a play-test read "over · 18:47"), the rest as
    `status_text` shortens them. `seats_say_away`: the row's seats say "all
    away", so your own turn may be said alone."""
    play = table.get("play") or {}
    if not (table.get("started") and play.get("finished")):
        forms = [status_text(table, me), status_text(table, me, brief=True),
                 *(status_text(table, me, brief=True, others_said=level)
                   for level in (1, 2, 3 if seats_say_away else 2))]
        return [(text, cost) for cost, text in enumerate(dict.fromkeys(forms))]
    forms = []
    for words in (ending_words(table, me), ending_words(table, me, short=True)):
        forms.append(" · ".join(["over", *words]))
        if len(words) > 1 and words[0].endswith(" won"):
            forms.append(f"over · {words[0]}")
    return [(text, cost) for cost, text in enumerate(dict.fromkeys(forms))]


def _now_in(table: dict[str, Any], me: str, room: int) -> str:
    """A row's Now words for a Now column of `room` cells: a finished
    match's on one line where a form of them fits ("over · bot (normal)
    won", its time left out, rather than over two lines), else as
    `status_text` says them there."""
    if (table.get("play") or {}).get("finished"):
        forms = [text for text, _ in status_forms(table, me)]
        return next((text for text in forms if cell_len(text) <= room), forms[0])
    return status_text(table, me, room)


def seat_lines(seats: list[str], room: int) -> list[str]:
    """The seats, ", " between them, in lines of at most `room` cells where
    they fit, broken between seats (never inside one): on 80 columns a
    six-knight table would push the Now column out of sight."""
    return flowed([text + ("," if index < len(seats) - 1 else "")
                   for index, text in enumerate(seats)], room)


def flowed(pieces: list[str], room: int) -> list[str]:
    """`pieces`, a space between them, in lines of at most `room` cells
    where they fit, broken between pieces (`flow_parts`)."""
    return flow_parts([Text(piece) for piece in pieces], room, sep=" ").plain.split("\n")


def now_lines(text: str, room: int) -> list[str]:
    """The Now words in lines of at most `room` cells, broken between their
    parts ("over ·" / "won by dee ·" / "18:17") where each part fits a
    line, else between words: squeezed beside a long name, they read
    "over · won by" / "dee · 18:17"."""
    parts = text.split(" · ")
    pieces = [part + " ·" * (n < len(parts) - 1) for n, part in enumerate(parts)]
    if all(cell_len(piece) <= room for piece in pieces):
        return flowed(pieces, room)
    return flowed(text.split(" "), room)


def _lines(lines: list[str]) -> Text:
    """Lines of a cell, each shown as it is (never as markup)."""
    return Text("\n", end="").join(cell(line) for line in lines)


def status_text(table: dict[str, Any], me: str = "", room: int | None = None,
                brief: bool = False, others_said: int = 0) -> str:
    """The Now column of `table`, for the player `me` (their own turn said
    as theirs: "waiting: ann away" on ann's own screen never said it was hers).
    With `room`, each name is cut to it by cells ("…"), its comma included.
    `brief`: the short words of a narrow row ("your turn (bot in 19 s)",
    "normal bot to play"). `others_said`: the others away beside your own
    turn said shorter, 1 by name alone ("your turn; ann, bob away", not
    "waiting: ann, bob away"), 2 counted ("your turn; 2 others away"), 3
    left out (the last resort: a row whose seats say "all away")."""
    play = table.get("play")
    if not table.get("started") or play is None:
        waiting = sum(
            1 for s in table["seats"] if s.get("kind") != "bot" and not s.get("present")
        )
        return f"waiting for {waiting}"
    if play.get("finished"):
        return " · ".join(["over", *ending_words(table, me)])
    # waiting only on an away player who owes the decision: another away
    # while a present player is to play read as the match stopped
    seats = table["seats"]
    away = [str(seats[n].get("player")) for n in play.get("to_act", ())
            if seats[n].get("away") and not seats[n].get("bot_playing")]
    short = (lambda name: name) if room is None else (lambda name: shortened(name, room - 1))
    if away:
        later = table.get("away_bot")
        # a bot stands in only while someone is there waiting (host/hub.py)
        there = any(s.get("kind") != "bot" and not s.get("away") for s in seats)
        # the hub's clock for it, counted down as the table counts it (the
        # row said "after 30 s" while the table said "in 19 s")
        clocks = {str(seats[n].get("player")): seats[n].get("bot_at")
                  for n in play.get("to_act", ()) if seats[n].get("away")
                  and not seats[n].get("bot_playing") and seats[n].get("bot_at") is not None}
        if me and me in away:
            when = (_bot_when(clocks[me]) if me in clocks
                    else f"after {_duration(later)}" if later and there else None)
            others = [short(name) for name in away if name != me]
            tail = ("" if not others or others_said > 2
                    else f"; {len(others)} other{'s' * (len(others) > 1)} away" if others_said > 1
                    else f"; {', '.join(others)} away" if others_said
                    else f"; waiting: {', '.join(others)} away")
            if when is None:
                return f"your turn{tail}"
            return _said_in(room, brief, f"your turn (a bot plays for you {when}){tail}",
                            f"your turn (bot {when}){tail}")
        if clocks and all(name in clocks for name in away):
            return f"a bot plays for {listed(list(map(short, away)))} {_bot_when(min(clocks.values()))}"
        then = f" (a bot plays after {_duration(later)})" if later and there else ""
        return f"waiting: {', '.join(map(short, away))} away{then}"
    to_act = play.get("to_act", ())
    if to_act and all(seats[s].get("bot_playing") and not seats[s].get("gone") for s in to_act):
        # (it read "ann (away — bot playing) to play", over two lines)
        played = ["you" if me and seats[s].get("player") == me else short(str(seats[s].get("player")))
                  for s in to_act]
        return f"a bot is playing for {listed(played)}"
    # (brief, a bot to play is "bot": the seats name its level, and a
    # "normal bot" there read unlike the "bot (normal)" of the next row)
    names = ["bot" if brief and seats[s].get("kind") == "bot"
             else seat_text(seats[s], "", None if room is None else room - 1, short=brief)
             for s in to_act if not (me and seats[s].get("player") == me)]
    if me and len(names) < len(to_act):
        # there and to play while this lobby shows: their seat is played at
        # another terminal ("bob to play" to bob read as someone else)
        tail = f"; {', '.join(names)} to play" if names else ""
        return _said_in(room, brief, f"your turn (at your other terminal){tail}",
                        f"your turn (other terminal){tail}")
    return f"{', '.join(names) or 'drawing'} to play"


def _said_in(room: int | None, short: bool, words: str, shorter: str) -> str:
    """`words`, or where they do not fit `room` cells, `shorter`: the
    player's own row beside a table of five seats at 80 columns said "your
    turn (a bot plays for / you in 19 s)" over two lines."""
    return shorter if short or (room is not None and cell_len(words) > room) else words


def table_words(table: dict[str, Any], me: str, title: str | None = None) -> str:
    """A table of the lobby's listing as a notice names it: its game and
    who else sits there, as the lobby lists them ("Overseers with Bob and
    bot (easy)"); with two tables of one game, "Your turn at Overseers"
    left which one unsaid. `title`: the game as the row says it ("#2")."""
    others = []
    levels = []
    for seat in table["seats"]:
        if seat.get("rules_bot"):  # no level to count it by
            others.append(RULES_BOT_SEAT)
        elif seat.get("kind") == "bot":
            levels.append(seat.get("level"))
        elif seat.get("player") not in (None, me):
            others.append(str(seat.get("player")))
    # bots counted: "bot (normal), bot (normal) and bot (normal)" read long
    if len(levels) == 1:
        others.append(f"bot ({levels[0]})")
    elif levels:
        same = len(set(levels)) == 1
        others.append(f"{len(levels)} bots" + (f" ({levels[0]})" if same else ""))
    title = title or str(table.get("title") or "a table")
    return f"{title} with {listed(others)}" if others else title


def row_numbers(listing: list[dict[str, Any]]) -> list[int | None]:
    """Beside each table of `listing`, its number among the rows that
    would read as its own: the same game and the same people and bots in
    the same seats (three of bram's "Boss Quest  bram (you), open"; a
    rematch beside the match it replays), 1 for the first set up; None for
    a row like no other. (Who is away or sat down changes no number.)"""
    keys = [(table.get("title"), tuple(
        (seat.get("kind") == "bot", bool(seat.get("rules_bot")), seat.get("player"),
         seat.get("level") if seat.get("kind") == "bot" else None)
        for seat in table["seats"])) for table in listing]
    alike = Counter(keys)
    seen: Counter[Any] = Counter()
    numbers: list[int | None] = []
    for key in keys:
        seen[key] += 1
        numbers.append(seen[key] if alike[key] > 1 else None)
    return numbers


def numbered_title(table: dict[str, Any], number: int | None) -> str:
    """`table`'s game as its row names it: with its number among the rows
    alike ("Boss Quest #2", `row_numbers`)."""
    title = str(table.get("title") or "?")
    return title if number is None else f"{title} #{number}"


def ending_words(table: dict[str, Any], me: str = "", short: bool = False) -> list[str]:
    """What tells a finished `table` from another of the same game and
    players (its rows read "over" alike, and x clears one): who won and
    when it ended ("Cy won", "04:12": the hub's word, else where this app
    saw it), else the match's id, as the host's saved matches list it.
    `short`: a seat left for good named without its bot ("your seat")."""
    ended = table.get("ended") or {}
    words = []
    winners = ["you" if name == me else name for name in ended.get("winners") or ()]
    seats = table.get("seats") or ()
    if ended.get("seats") and all(0 <= s < len(seats) for s in ended["seats"]):
        # as the Seats column names each (the match's "Bot 2" is "bot (normal)" there)
        winners = [_winner_text(seats[s], me, short) for s in ended["seats"]]
    if winners:
        words.append(" and ".join(winners) + " won")
    if ended.get("at"):
        words.append(str(ended["at"]))
    elif table.get("match"):
        words.append(f"match {str(table['match'])[:8]}")
    return words


def _winner_text(seat: dict[str, Any], me: str, short: bool = False) -> str:
    """A winning seat as a finished row names it: a bot's as the Seats
    column does, a person by name ("you": this player), a seat its player
    left for good as the seat the bot played ("your seat (bot played)", or
    `short` "your seat", its row's seats saying "left": a play-test who
    had left read "won by you")."""
    if seat.get("rules_bot") or seat.get("kind") == "bot" or not seat.get("player"):
        return seat_text(seat, me)
    name = "you" if seat["player"] == me else str(seat["player"])
    if seat.get("gone"):
        whose = "your" if name == "you" else f"{name}'s"
        return f"{whose} seat" if short else f"{whose} seat (bot played)"
    return name


def table_detail(table: dict[str, Any]) -> str:
    """What the lobby says of the highlighted table beyond its row: its
    options ("Draft variant, Pre-Order Incentives", or the standard game)
    and what happens when a player is away. An invited player read neither
    before sitting down."""
    options = ", ".join(table.get("options") or ()) or "the rulebook's standard game"
    if (table.get("play") or {}).get("finished"):  # nobody is away any more
        return f"{table.get('title') or '?'}: {options}"
    later = table.get("away_bot")
    away = f"a bot plays after {_duration(later)}" if later else "the match waits"
    return f"{table.get('title') or '?'}: {options} · When away: {away}"


def _bot_when(at: float) -> str:
    """When a bot plays for an away player, from the hub's clock
    (time.monotonic): "in 19 s", counted up; "soon" once it is up (until
    the listing says the bot sat down)."""
    left = math.ceil(at - time.monotonic())
    return f"in {left} s" if left > 0 else "soon"


def _duration(seconds: float) -> str:
    """A hub's away time in words, never in exponents ("1e-300 s")."""
    if not seconds < 86400:  # (also NaN)
        return "over a day"
    if seconds < 1:
        return "under 1 s"
    for unit, size in (("h", 3600), ("min", 60), ("s", 1)):
        if seconds >= size:
            return f"{seconds / size:.1f}".removesuffix(".0") + f" {unit}"
    return "under 1 s"


#: what a shared table's name field says when empty: an open seat
OPEN_SEAT_HINT = "anyone, or a name"
#: what the first seat's name field says on a bot (the player's own seat
#: is then the first person's)
BOT_SEAT_HINT = "a bot: the host names it"
#: said under the shared form's seats while none is a person's
NO_SEAT_OF_YOURS = ("A shared table needs your seat: make one seat a person's. (A table of "
                    "bots alone is watched at one terminal: Watch bots play.)")


class SharedTableScreen(NewMatchScreen):
    """The new-match form for a shared table: also what to do when a player
    is away (the choice goes to the hub with the table). The first person's
    seat is the player's own (their bound name); another person's seat is
    open to anyone while its name is empty, or reserved for the player
    named there. A bot's seat needs no name (the hub names its bots)."""

    # the lobby's words: it lists tables, and `n` sets up a "New table"
    # (the form said "New match", and its Start made no match: the match
    # begins once every person has sat down at the table)
    HELP_TITLE = "New table"
    MAKES = "New table"
    START = "Set up"

    BINDINGS = [
        Binding("ctrl+s", "start", "Set up", priority=True,
                tooltip="Set up the table in the lobby: its match begins once every "
                        "person has sat down"),
    ]

    HELP_SYMBOLS: ClassVar[tuple[tuple[str, str], ...]] = (
        ("Seat 1", "yours, under your own name (a bot there: the first person's seat)"),
        ("a person, no name", "an open seat: anyone may sit down"),
        ("a person, a name", "kept for that player: only they may sit down"),
        ("a bot", "plays on the host, which names it"),
    )

    DEFAULT_CSS = """
    SharedTableScreen #away-bot { width: 30; }
    """

    #: sent to the hub, its answer not come yet: the form stays until the
    #: table is set up, and a refusal leaves everything typed (tui/join.py)
    waiting = False

    async def on_mount(self) -> None:
        # as at this player's last table of this game (`JoinApp.last_setup`)
        kept = getattr(self._last_setup(), "away_bot", None)
        start = next((i for i, (_, seconds) in enumerate(AWAY_CHOICES) if seconds == kept), 0)
        row = Horizontal(
            Label("When away", classes="form-label"),
            Dropdown(
                [(text, i) for i, (text, _) in enumerate(AWAY_CHOICES)],
                value=start,
                allow_blank=False,
                id="away-bot",
                compact=True,
            ),
            classes="form-row",
        )
        # with the seats (it is about the players), and in place before the
        # form notes its untouched values (Escape then leaves at once)
        fields = self.query_one("#new-fields")
        await fields.mount(row, after="#seats")
        # said under the seats as soon as no seat is a person's, as the
        # options say what they rule out (it was said only at Ctrl+S)
        await fields.mount(Static(NO_SEAT_OF_YOURS, id="seats-note", classes="option-help"),
                           after="#seats")
        super().on_mount()

    def on_select_changed(self, event: Select.Changed) -> None:
        # (the form's own handler, for the count and the game, runs after this one)
        if (event.select.id or "").startswith("kind-"):
            self._show_my_seat()

    def _mark_rules_bots(self) -> None:
        super()._mark_rules_bots()
        self._show_my_seat()

    def _my_seat(self) -> int | None:
        """The seat that is the player's own: the first person's (`read_players`)."""
        for seat in range(self.player_count()):
            if self.query_one(f"#seat-{seat}", SeatRow).has_class("rules-bot"):
                continue
            if self.query_one(f"#kind-{seat}", Select).value == HUMAN:
                return seat
        return None

    def _show_my_seat(self) -> None:
        """The player's name in their own seat (the first person's), none in
        a bot's: Seat 1 on "Bot: normal" still read "cleo". A name typed in
        a seat that becomes theirs is kept aside, and back when it is not;
        with no person's seat, the note under the seats says why the table
        cannot be set up."""
        me = getattr(getattr(self.app, "remote", None), "player", None)
        if me is None or not self.query("#seats-note"):
            return
        mine = self._my_seat()
        typed: dict[int, str] = self.__dict__.setdefault("_typed_names", {})
        for row in self.query(SeatRow):
            if row.has_class("rules-bot"):
                continue
            field = row.query_one(f"#name-{row.seat}", Input)
            if row.seat == mine:
                if not row.has_class("-mine"):
                    if not field.disabled:
                        typed[row.seat] = field.value
                    row.add_class("-mine")
                    field.value, field.disabled, field.placeholder = me, True, "you"
            elif row.seat == 0:  # a bot's: the host names it
                row.remove_class("-mine")
                field.value, field.disabled, field.placeholder = "", True, BOT_SEAT_HINT
            elif row.has_class("-mine"):
                row.remove_class("-mine")
                field.value, field.disabled = typed.pop(row.seat, ""), False
                field.placeholder = OPEN_SEAT_HINT
        self.query_one("#seats-note").display = mine is None

    def _seat_name(self, seat: int, name: str) -> tuple[str, str, bool]:
        """The first seat the player's bound name (not to be edited), the
        others empty: open to anyone until a name is typed."""
        me = getattr(getattr(self.app, "remote", None), "player", None)
        if seat == 0:
            return me or name, "you", me is not None
        return "", OPEN_SEAT_HINT, False

    def on_input_changed(self, event: Input.Changed) -> None:
        """A name typed in another seat is a person's seat kept for them: a
        seat still on a bot becomes a person's. (The name was dropped, and
        the match began at once against a bot.)"""
        field = event.input
        # typed (the field has the cursor), and still there: the form's own
        # setting of its fields on mounting comes here later, a name since cleared
        if (not field.has_class("seat-name") or field.id in (None, "name-0")
                or not field.has_focus or not field.value.strip()):
            return
        if self._my_seat() is None:
            # it would be the player's own seat, the name set aside: it
            # stays a bot's, and the note under the seats says what is missing
            return
        kind = self.query_one(f"#kind-{field.id.removeprefix('name-')}", Select)
        if kind.value != HUMAN:
            kind.value = HUMAN

    def read_players(self) -> list[Any]:
        """Each seat in play: a person (named: reserved for them; no name:
        open to anyone) or a bot; raises ValueError with a reason."""
        sit = self.app.seat  # type: ignore[attr-defined]
        me = getattr(getattr(self.app, "remote", None), "player", None)
        players: list[Any] = []
        named: set[str] = set()
        mine = False
        for seat in range(self.player_count()):
            name = self.query_one(f"#name-{seat}", Input).value.strip()
            kind = str(self.query_one(f"#kind-{seat}", Select).value)
            if self.query_one(f"#seat-{seat}", SeatRow).has_class("rules-bot"):
                # the rulebook's bot whatever its select says (a person's
                # seat there was open to anyone, and nobody could take it)
                players.append(sit(f"Bot {seat + 1}", "bot", RULES_BOT_LEVEL))
                continue
            if kind != HUMAN:
                if name and seat > 0:  # the hub names its bots: the name went nowhere
                    raise SeatError(seat, f"Seat {seat + 1} is a bot, named by the host: make it "
                                     f"Human to keep it for {name}, or clear the name.")
                players.append(sit(name or f"Bot {seat + 1}", "bot", kind.partition(":")[2]))
                continue
            if not mine:  # the first person's seat is the player's own
                mine = True
                players.append(sit(me or name, "human"))
                continue
            if "[" in name or "]" in name:
                # said here, in the player's words: the seat's name was sent
                # made round, and refused for "parentheses" nobody typed
                raise SeatError(seat, f"Seat {seat + 1}: a player's name has no square "
                                      "brackets, parentheses or commas.")
            if name and me is not None and name.casefold() == me.casefold():
                raise SeatError(seat, f"Seat {seat + 1} names you: your seat is the first "
                                      "person's.")
            if name.casefold() in named:
                raise SeatError(seat, f"Two seats are kept for {name!r}: one each.")
            if name:
                named.add(name.casefold())
            players.append(sit(name, "human"))
        if not mine:
            raise ValueError(NO_SEAT_OF_YOURS)
        return players

    def away_bot(self) -> float | None:
        """The seconds before a bot plays an away player's turn (None: wait)."""
        value = self.query_one("#away-bot", Select).value
        return AWAY_CHOICES[value][1] if isinstance(value, int) else None

    def action_start(self) -> None:
        if self.waiting:
            self.notify("Setting up the table: the host has not answered yet.")
            return
        try:
            players = self.read_players()
            options = self.read_options()
        except ValueError as error:
            self.refuse(str(error), getattr(error, "seat", None))
            return
        self.app.new_match(  # type: ignore[attr-defined]
            self.game_id, players, options, away_bot=self.away_bot(), kept=self.left_out()
        )


class LobbyGrid(DataTable):
    """The lobby's tables: F1 says what its keys do for a player, in the
    lobby's words ("Select" and "Cursor up", the table widget's own, said
    nothing), and leaves out the list's paging keys (Page Up, Ctrl+Home...):
    they still work, but on a few tables they mean little. Home and End go
    to the first and last table (the table widget's own scrolled sideways,
    and did nothing in a list as narrow as the screen)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("home", "scroll_top", "First table", show=False),
        Binding("end", "scroll_bottom", "Last table", show=False),
    ]

    HELP_LEAVES_OUT = frozenset({"page_up", "page_down", "scroll_home", "scroll_end"})

    def on_resize(self, event: events.Resize) -> None:
        # (after the table's own `_on_resize`) less room (a notice come at
        # the foot, a smaller window): the highlighted table stays in sight,
        # whole; it was left cut at the list's foot
        if self.row_count:
            self.call_after_refresh(self.move_cursor, row=self.cursor_row)

    def help_text(self, binding: Any) -> str | None:
        if binding.action == "select_cursor":
            return "Sit down at the highlighted table (a match that is over: its results)"
        if binding.action in ("cursor_up", "cursor_down"):
            return "Highlight another table"
        if binding.action == "scroll_top":
            return "Highlight the first table"
        if binding.action == "scroll_bottom":
            return "Highlight the last table"
        return None


class LobbyScreen(Screen):
    """The hub's tables; this player's name in the title."""

    HELP_TITLE = "Lobby"
    #: F1 lists x and w also where the footer leaves them out for now
    #: (`check_action`): x was missing from F1 at another's table
    HELP_KEEPS: ClassVar[frozenset[str]] = frozenset({"stand", "watch"})

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "join", "Sit down"),
        Binding("w", "watch", "Watch",
                tooltip="Watch the match at the highlighted table, without a seat"),
        Binding("n", "new", "New table",
                tooltip="Set up a new table: the game, the seats (yours, kept for a "
                        "player, open, bots) and its options"),
        # (the lobby follows the hub by itself: off the footer, which
        # must keep F2 Chat in 80 columns; the help still lists it)
        Binding("r", "refresh", "Refresh", show=False,
                tooltip="Ask the host for the tables again (the lobby follows it by itself)"),
        Binding("x", "stand", "Stand up",
                tooltip="Before a match begins: stand up from your seat, or decline one "
                        "kept for you (your own table: withdraw it, asks first); once it has "
                        "begun: leave it for good (asks first), a bot plays your seat; once "
                        "it is over: clear it from the lobby (asks first)"),
        Binding("q", "leave", "Quit",
                tooltip="Leave the shared tables (asks first): your seats wait for you"),
    ]

    def __init__(self) -> None:
        super().__init__()
        #: the hub's tables, as rows (plain dicts from the lobby message)
        self.listing: list[dict[str, Any]] = []
        self.me = ""
        #: a listing came while another screen was on top: draw it on return
        self._stale = False
        #: the table to highlight at the next drawing (the one the player last
        #: sat at, set up or watched): back from it, Enter returns to it
        self.want: str | None = None
        #: the id of the table under the cursor
        self._highlighted_id: str | None = None
        #: the tables, at the last drawing, where a seat waits for this
        #: player to sit down: one that appears since is highlighted
        self._invited: set[str] = set()
        #: the footer's word for x now (`_x_label`), and whether x and w are dimmed
        self._x_said = ("Stand up", False, False)
        #: the tables, at the last drawing, where it is this player's turn
        #: and their seat away (the turn notice's): one since is highlighted
        self._turns: set[str] = set()
        #: the player highlighted a row themselves since the lobby opened
        self._chosen = False
        #: when (`clock`) the player last moved the highlight themselves, and
        #: when the app last moved it by itself (a new invitation, a turn)
        self._player_moved_at = -math.inf
        self._app_moved_at = -math.inf
        #: inviter -> when one of their invitations last took the highlight
        self._pulled_by: dict[str, float] = {}
        #: an Enter too soon after the app moved the highlight was told why
        self._told_enter_waits = False
        #: a dialog was opened over the lobby (x's "Withdraw this table?",
        #: F2's chat, F1): closing it is no coming back from a table
        self._under_dialog = False
        #: the Now column's words as last drawn (a bot's countdown in them
        #: is drawn again as it changes, `_tick`)
        self._statuses: list[str] = []

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("Connecting to the hub…", id="lobby-hint")
        yield Static("", id="lobby-detail")
        # The tables take the room left under the hint and the detail, and
        # scroll within it: a list as tall as the screen made the screen
        # scrollable, and focusing the list scrolled the hint ("A seat is
        # kept for you") off the top for good, or hid the last table's
        # second line under the footer
        with Vertical(id="lobby-room"):
            yield LobbyGrid(id="lobby-tables", cursor_type="row", zebra_stripes=True)
        # the short marks' words, told once where a narrow window uses them
        yield Static(LEGEND, id="lobby-legend")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#lobby-legend", Static).display = False
        table = self.query_one(DataTable)
        table.focus()
        remote = getattr(self.app, "remote", None)
        if remote is not None:
            self.listing, self.me = list(remote.tables), remote.player
        self.sub_title = f"You are {self.me}"
        self._draw()
        self.set_interval(1.0, self._tick)
        warm = getattr(self.app, "warm_up_later", None)
        if callable(warm):  # "create a match" then opens without loading them
            warm()

    def on_resize(self) -> None:
        # the seats are broken into lines for the window's width
        if not self._on_top():  # under a table: laid out anew on coming back
            self._stale = True
        elif self.listing:
            self._draw()

    def on_screen_suspend(self) -> None:
        try:
            self._under_dialog = isinstance(self.app.screen, ModalScreen)
        except ScreenStackError:
            self._under_dialog = False

    def on_screen_resume(self) -> None:
        if self._under_dialog:  # a dialog closed: the highlight stays where it was chosen
            self._under_dialog = False
            if self._stale:
                self._draw()
            return
        # the lobby opens again: a turn waiting takes the highlight (F2)
        self._chosen = False
        self._turns = set()
        if self._stale or self.want is not None or any(map(self._turn_here, self.listing)):
            self._draw()
        # back from a table: ask the hub how the tables stand now
        remote = getattr(self.app, "remote", None)
        if remote is not None:  # a notice's "q for the lobby" is done with
            remote.in_the_lobby()
        if remote is not None and remote.connected:
            remote.refresh()

    def show(self, tables: list[dict[str, Any]], me: str) -> None:
        """The hub's tables, as it last sent them. Drawn when the lobby is
        on screen: under a table, every move at any table of the host would
        redraw it unseen (docs/performance.md, "SSH load"), so it is drawn
        once on coming back."""
        self.listing, self.me = list(tables), me
        # (not `is_current`: Textual counts the screen just under the top as
        # current, and a change there repaints the screen over it)
        self._stale = not self._on_top()
        if self.is_mounted and not self._stale:
            self._draw()

    def _tick(self) -> None:
        """The Now column counts down to a bot playing for an away player,
        as the table does (no listing comes each second): drawn again when
        its words change, while the lobby shows."""
        if (self.listing and self._on_top()
                and any(s.get("bot_at") is not None for t in self.listing for s in t["seats"])
                and [status_text(table, self.me) for table in self.listing] != self._statuses):
            self._draw()

    def _on_top(self) -> bool:
        try:
            return self.app.screen is self
        except ScreenStackError:
            return False

    def _draw(self) -> None:
        self._stale = False
        me = self.me
        grid = self.query_one(DataTable)
        row = grid.cursor_row
        # The cursor follows a table, not a row: the listing's order changes.
        was = self._highlighted_id
        ids = [table.get("table") for table in self.listing]
        invited = [table.get("table") for table in self.listing if self._kept_for_me(table)]
        new = [tid for tid in invited if tid not in self._invited]
        self._invited = set(invited)
        turns = [table["table"] for table in self.listing if self._turn_here(table)]
        new_turns = [tid for tid in turns if tid not in self._turns]
        self._turns = set(turns)
        pulled = self._invitation_to_highlight(new)
        moved_to = None
        if pulled is not None:
            # a table set up for this player since the lobby last showed (at
            # a table, its notice said "q for the lobby, then Enter on it"):
            # the newest, whose notice came last, over the table just left
            # (Enter sat a play-tester down there again) and a turn elsewhere
            moved_to, self.want = pulled, None
        elif new_turns and not self._chosen:
            # the turn notice says "Enter on it": the highlight goes there
            moved_to = self.want if self.want in new_turns else new_turns[0]
            self.want = None
        if moved_to is not None:
            row = ids.index(moved_to)
            if moved_to != was:  # Enter waits a moment (`_enter_too_soon`)
                self._app_moved_at, self._told_enter_waits = clock(), False
        elif self.want in ids:
            row, self.want = ids.index(self.want), None
        elif was in ids:
            row = ids.index(was)
        # the columns too: a column keeps the width of its widest cell ever
        # shown, and seats that wrap later left the Now column past the edge
        grid.clear(columns=True)
        width = grid.size.width or self.app.size.width
        seats = [[seat_text(s, me) for s in table["seats"]] for table in self.listing]
        titles = [numbered_title(table, number)
                  for table, number in zip(self.listing, row_numbers(self.listing), strict=True)]
        titled = max((cell_len(text) for text in [COLUMNS[0], *titles]), default=0)
        # Each column has a cell of padding either side; the scroll bar's
        # room is kept only where the rows, one line each, may pass the
        # list's foot: kept always, at 80 columns an ended table's "over ·
        # won by bot (normal) · 22:36" was cut short beside two empty
        # columns. (May: with the legend's line under them and notices at
        # the foot, which take up to half the screen from the list.)
        bar = grid.styles.scrollbar_size_vertical
        room_rows = self.query_one("#lobby-room").size.height - 1 - self.size.height // 2
        scrolls = not self.size.height or 1 + len(self.listing) > room_rows
        spare = width - titled - 3 * 2 - (bar if scrolls else 0)
        # The Seats and Now columns share the room: each as wide as its
        # widest row on one line where both fit; else the Now column keeps
        # up to NOW_ROOM (its words on one line: squeezed beside a long
        # name it read "over · won by" / "dee · 18:17") and the seats the
        # rest, broken between seats ("eve," alone on its line, beside room
        # the Now column did not use), a name too long for it cut
        statuses_now = [status_text(table, me) for table in self.listing]
        self._statuses = statuses_now
        fitted = self._one_line_each(spare)
        legend = self.query_one("#lobby-legend", Static)
        legend.display = fitted is not None and fitted[2]
        if fitted is not None:
            # every row on one line: its longest words that fit, said
            # shorter where not ("bob (inv.)", "over · bot (normal) won")
            cells = [(cell(titles[index]), cell(", ".join(fitted[0][index])),
                      cell(fitted[1][index])) for index in range(len(self.listing))]
            self._fill(grid, cells, row, ids)
            return
        # rows broken over lines may pass the foot: the scroll bar's room kept
        spare -= 0 if scrolls else bar
        seat_width = max((cell_len(", ".join(texts)) for texts in seats), default=0)
        now_width = max((cell_len(text) for text in statuses_now), default=0)
        if seat_width + now_width > spare:
            seat_width = max(16, min(seat_width, spare - NOW_ROOM))
        # names whole: the seats as wide as their widest seat (its comma
        # too), the Now words giving way, down to NOW_LEAST, where they must
        # (a name of 26 read "x environment="PLAYER=a… (you)," beside a Now
        # word wrapped in the room it kept)
        widest = max((cell_len(text) + 1 for texts in seats for text in texts), default=0)
        seat_width = max(seat_width, min(widest, spare - NOW_LEAST))
        now_room = max(len(COLUMNS[2]), spare - seat_width)
        # a long name is cut there too: it pushed the Now column past the edge
        statuses = [now_lines(_now_in(table, me, now_room), now_room)
                    for table in self.listing]
        # the seats take what the Now column leaves
        room = max(16, spare - max((cell_len(line) for lines in statuses for line in lines),
                                   default=0))
        seats = [[seat_text(s, me, room - 1) for s in table["seats"]]  # -1: its comma
                 for table in self.listing]
        # where they do not fit a line, a run of bots (or open seats) said once
        seats = [texts if cell_len(", ".join(texts)) <= room
                 else folded_seats(table["seats"], me, room - 1)
                 for texts, table in zip(seats, self.listing, strict=True)]
        cells = [(cell(titles[index]), _lines(seat_lines(seats[index], room)),
                  _lines(statuses[index])) for index, table in enumerate(self.listing)]
        self._fill(grid, cells, row, ids)

    def _invitation_to_highlight(self, new: list[Any]) -> Any:
        """Of the tables newly keeping a seat for this player (`new`, oldest
        first), the one the highlight goes to: the newest whose inviter's
        did not take it within INVITER_PULL_SECONDS, unless the player moved
        it themselves within CHOSEN_SECONDS (None: it stays)."""
        now = clock()
        if not new or now - self._player_moved_at < CHOSEN_SECONDS:
            return None
        self._pulled_by = {name: at for name, at in self._pulled_by.items()
                           if now - at < INVITER_PULL_SECONDS}
        creators = {table.get("table"): str(table.get("creator")) for table in self.listing}
        for tid in reversed(new):
            if creators[tid] not in self._pulled_by:
                self._pulled_by[creators[tid]] = now
                return tid
        return None

    def _enter_too_soon(self) -> bool:
        """Enter came within the app's `decision_grace` of the app moving the
        highlight by itself (a new invitation, a turn): dropped, and said
        once, as a game's prompt does for new choices."""
        grace = float(getattr(self.app, "decision_grace", 0.0))
        if clock() - self._app_moved_at >= grace:
            return False
        if not self._told_enter_waits:
            self._told_enter_waits = True
            self.notify(ENTER_WAITS_HERE, severity="warning")
        return True

    def _one_line_each(self, spare: int) -> tuple[list[list[str]], list[str], bool] | None:
        """Each row's seats and Now words on one line within `spare` cells
        shared by the two columns: the longest forms that fit (`seat_forms`,
        `status_forms`), the split between the columns that shortens the
        fewest; with whether a short mark the legend tells is used. None:
        some row fits in no form (its words are then broken over lines)."""
        seat_options = [[(cell_len(", ".join(form)), form) for form in seat_forms(t["seats"], self.me)]
                        for t in self.listing]
        # (beside seats that say "all away", the Now words as they may be then)
        now_options = {says: [[(cell_len(text), text, cost) for text, cost
                               in status_forms(t, self.me, seats_say_away=says)]
                              for t in self.listing] for says in (False, True)}

        def row_forms(room: int) -> list[tuple[list[str], str, int] | None]:
            """Each row's seats within `room` cells and its Now words in the
            rest, with their cost; None: a row that does not fit so."""
            out: list[tuple[list[str], str, int] | None] = []
            for index, forms in enumerate(seat_options):
                seat_at = next((i for i, (n, _) in enumerate(forms) if n <= room), None)
                if seat_at is None:
                    out.append(None)
                    continue
                seats = forms[seat_at][1]
                nows = now_options[seats[-1].endswith(ALL_AWAY)][index]
                now = next(((text, cost) for n, text, cost in nows if n <= spare - room), None)
                out.append(None if now is None else (seats, now[0], seat_at + now[1]))
            return out

        best: tuple[int, int] | None = None
        for seat_room in range(1, spare - len(COLUMNS[2]) + 1):
            fitted = row_forms(seat_room)
            if all(fitted):
                cost = sum(row[2] for row in fitted if row)
                if best is None or cost < best[0]:
                    best = (cost, seat_room)
        if best is None:
            return None
        chosen = [row for row in row_forms(best[1]) if row]
        seats = [row[0] for row in chosen]
        nows = [row[1] for row in chosen]
        marks = tuple(SHORT_MARKS.values())
        told = any(f"{mark})" in text or f"{mark}," in text
                   for form in seats for text in form for mark in marks)
        return seats, nows, told

    def _fill(self, grid: DataTable, cells: list[tuple[Text, Text, Text]], row: int,
              ids: list[Any]) -> None:
        # Widths given, not measured: the DataTable measures new rows when
        # idle, and a lobby painted before that kept each column as narrow
        # as its heading ("Over  ann,   ove") until a key redrew a row.
        for column, label in enumerate(COLUMNS):
            grid.add_column(label, width=max([cell_len(label), *(
                cell_len(line) for row in cells for line in row[column].plain.split("\n"))]))
        for index, row_cells in enumerate(cells):
            # names and titles come from the hub: shown as they are, never as markup
            grid.add_row(*row_cells, key=str(index),
                         height=max(len(text.plain.split("\n")) for text in row_cells))
        self._highlighted_id = None
        if self.listing:
            row = max(0, min(row, len(self.listing) - 1))
            grid.move_cursor(row=row)
            self._highlighted_id = ids[row]
        self._hint()

    def _turn_here(self, table: dict[str, Any]) -> bool:
        """It is this player's turn at `table` and their seat there is away
        (no bot playing it): where the turn notice sends them."""
        return turn_waits_away(table, self.me)

    def _kept_for_me(self, table: dict[str, Any]) -> bool:
        """A seat at `table`, not begun, is kept for this player by another,
        and they have not sat down there yet."""
        return not table.get("started") and table.get("creator") != self.me and any(
            s.get("player") == self.me and not s.get("present") for s in table["seats"])

    def _hint(self) -> None:
        table = self._highlighted()
        # (no lobby yet: the hub is full, away, or has not taken the name)
        remote = getattr(self.app, "remote", None)
        connected = getattr(remote, "lobby_seen", True)
        # (the hub went away: the tables are as it last listed them, and
        # read as live until a key said "Not connected")
        away = getattr(remote, "reconnecting", False)
        self.sub_title = (f"Reconnecting as {self.me}…" if away else
                          f"You are {self.me}" if connected else f"Connecting as {self.me}…")
        if away:
            hint = "Reconnecting to the hub… (the tables as they were when it went away)"
        elif not self.listing and not connected:
            hint = "Connecting to the hub…"
        elif not self.listing:
            hint = "No tables yet: press n to set one up."
        elif table is not None and (table.get("play") or {}).get("finished"):
            hint = "Enter: the results of this match · w: watch · n: a new table"
            if self._mine(table):
                hint = "Enter: the results of this match · x: clear it · n: a new table"
        elif table is not None and not table.get("started") and (mine := next(
                (s for s in table["seats"] if s.get("player") == self.me), None)):
            if table.get("creator") == self.me:
                hint = "Waiting for the others · x: withdraw the table · n: a new table"
            elif mine.get("present"):
                hint = "Waiting for the others · x: stand up · n: a new table"
            else:
                hint = "A seat is kept for you: Enter sits you down · x: decline"
        elif table is not None and (seat := self._seat_for_me(table)) is None:
            # Enter would only say so: watching is what there is to do
            hint = "No seat is free here · w: watch · n: a new table"
        elif table is not None and table["seats"][seat].get("gone"):
            hint = "You left this match for good · w: watch · n: a new table"
        elif table is not None and table["seats"][seat].get("player") == self.me:
            # (seat 0 read as none: "No seat is free" on one's own away seat)
            hint = "Enter: back to your seat · x: leave it for good · n: a new table"
            if not table["seats"][seat].get("away"):
                # held, and not from here (q leaves it): another terminal of
                # theirs plays it; "back to your seat" read as dropped
                hint = "Your seat is open at your other terminal · Enter: play it here"
        else:
            hint = "Enter: sit down at the highlighted table · w: watch · n: a new table"
        update_static(self.query_one("#lobby-hint", Static), hint)
        # the footer names what x does here: "Stand up" on a begun match
        # read as harmless, where x hands the seat to a bot for good
        said = (self._x_label(table), self._x_idle(table), self._w_idle(table),
                bool(self.listing))
        if said != self._x_said:
            self._x_said = said
            relabel(self, "stand", said[0], keys=("x",))
            self.refresh_bindings()
        # (Text: the options' words come from the hub, never markup)
        detail = Text(table_detail(table)) if table is not None else Text("")
        update_static(self.query_one("#lobby-detail", Static), detail)

    def _x_label(self, table: dict[str, Any] | None) -> str:
        """What x does at `table`, in the README's words for it."""
        if table is None or not self._mine(table):
            return "Stand up"
        if (table.get("play") or {}).get("finished"):
            return "Clear"
        if table.get("started"):
            return "Leave for good"
        if table.get("creator") == self.me:
            return "Withdraw"
        mine = next((s for s in table["seats"] if s.get("player") == self.me), {})
        return "Stand up" if mine.get("present") else "Decline"

    def _x_done(self, table: dict[str, Any] | None) -> bool:
        """This player left `table`'s running match for good: x has done its part."""
        return table is not None and not (table.get("play") or {}).get("finished") and any(
            s.get("player") == self.me and s.get("gone") for s in table["seats"])

    def _x_idle(self, table: dict[str, Any] | None) -> bool:
        """x does nothing at `table` but say why (no table, no seat there, left for good)."""
        if table is None or self._x_done(table):
            return True
        return not self._mine(table) and not (
            not table.get("started") and table.get("creator") == self.me)

    def _w_idle(self, table: dict[str, Any] | None) -> bool:
        """w does nothing at `table` but say why (no table; a seat of one's own there)."""
        if table is None:
            return True
        mine = any(s.get("player") == self.me and s.get("kind") != "bot" and not s.get("gone")
                   for s in table["seats"])
        return mine and not (table.get("play") or {}).get("finished")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # w dimmed (None), not hidden: the footer keeps its place; x left
        # out where it does nothing ("x Stand up", even dimmed, read as an
        # offer on a finished match the player never sat at). Pressed
        # anyway, each says why (`on_key`).
        if self.is_mounted and action == "stand" and self._x_idle(self._highlighted()):
            return False
        if self.is_mounted and action == "watch" and not self.listing:
            return False  # no table to watch: "w Watch" read as an offer
        if self.is_mounted and action == "watch" and self._w_idle(self._highlighted()):
            return None
        return True

    def on_key(self, event: events.Key) -> None:
        # a dimmed key still says why it does nothing, as a game's keys do
        table = self._highlighted()
        if event.key == "x" and self._x_done(table):
            event.stop()
            self.notify("You have left that match for good already: w watches it.",
                        severity="warning")
        elif event.key == "x" and self._x_idle(table):
            event.stop()
            self.action_stand()
        elif event.key == "w" and self._w_idle(table):
            event.stop()
            self.action_watch()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        table = self._highlighted()
        now = table.get("table") if table is not None else None
        if now != self._highlighted_id:  # not where the drawing put it: the player's choice
            self._chosen = True
            self._player_moved_at = clock()
        self._highlighted_id = now
        self._hint()

    @property
    def highlighted_id(self) -> str | None:
        """The id of the table under the cursor (None: none)."""
        return self._highlighted_id

    def _highlighted(self) -> dict[str, Any] | None:
        grid = self.query_one(DataTable)
        if not self.listing or grid.cursor_row < 0 or grid.cursor_row >= len(self.listing):
            return None
        return self.listing[grid.cursor_row]

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        # the table takes Enter for itself: a chosen row is a seat asked for
        event.stop()
        self.action_join()

    def _which(self, table: dict[str, Any], state: bool = True) -> str:
        """`table` as a box or notice of the lobby names it: its game (with
        its row's number), the others there, and (`state`) how it stands
        ("Overstocked #2 with bram and cleo · your turn · 14 moves made"):
        "Leave this match for good?" named none, and with two Overstocked
        tables the player could not check which one they gave up."""
        number = next((n for t, n in zip(self.listing, row_numbers(self.listing), strict=True)
                       if t is table), None)
        named = table_words(table, self.me, numbered_title(table, number))
        if not state:
            return named
        words = [named, status_text(table, self.me)]
        moves = (table.get("play") or {}).get("moves") or 0
        if table.get("started") and moves:
            words.append(f"{moves} move{'s' if moves != 1 else ''} made")
        return " · ".join(words)

    def _mine(self, table: dict[str, Any]) -> bool:
        """This player has (or had) a person's seat at `table`."""
        return any(s.get("player") == self.me and s.get("kind") != "bot"
                   for s in table["seats"])

    def _seat_for_me(self, table: dict[str, Any]) -> int | None:
        """The seat Enter takes at `table`: this player's own, else the first
        open one (None: neither)."""
        seats = table["seats"]
        mine = [i for i, s in enumerate(seats) if s.get("player") == self.me]
        free = [i for i, s in enumerate(seats) if s.get("kind") == "open" and s.get("player") is None]
        return (mine or free or [None])[0]

    def action_join(self) -> None:
        table = self._highlighted()
        if table is None or self._enter_too_soon():
            return
        # (a seat left for good is not theirs any more: the hub refuses it,
        # and they read the results as a watcher does, as w shows them)
        mine = [i for i, s in enumerate(table["seats"])
                if s.get("player") == self.me and not s.get("gone")]
        if self._offline("Enter takes you there"):
            return
        if (table.get("play") or {}).get("finished"):  # over: its results again
            self.app.remote.reopen(table["table"], mine[0] if mine else None)  # type: ignore[attr-defined]
            return
        seat = self._seat_for_me(table)
        if seat is None:
            self.notify("No seat is free at that table: w watches it.", severity="warning")
            return
        if table["seats"][seat].get("gone"):  # said here: the hub's refusal named no way on
            self.notify("You left that match for good: a bot plays your seat to its end. "
                        "w watches it.", severity="warning")
            return
        self.app.remote.join(table["table"], seat)  # type: ignore[attr-defined]

    def _offline(self, then: str) -> bool:
        """The hub is away: say so once, in this key's words (`then`, what
        the key does once it is back), and True: nothing is sent or queued.
        (The hub's link said "Not connected to the hub.", and a withdraw
        read the chat's "Your line is kept" too.)"""
        remote = getattr(self.app, "remote", None)
        if remote is None or remote.connected:
            return False
        self.notify(f"Not connected to the hub: {then} once you read \"Back at the hub.\"",
                    severity="warning")
        return True

    def action_stand(self) -> None:
        """Stand up from the highlighted table before its match begins (the
        seat is open again); at one's own table, withdraw it, once asked."""
        table = self._highlighted()
        if table is None:
            self.notify("There is no table here yet: n sets one up.", severity="warning")
            return
        remote: Any = self.app.remote  # type: ignore[attr-defined]
        if table.get("started"):
            self._leave_for_good(table, remote)
            return
        if table.get("creator") == self.me:
            from tui.screens.confirm import ConfirmScreen

            if self._offline("x withdraws it"):
                return

            def answer(withdraw: bool | None) -> None:
                # (the hub may have gone while asked: nothing is queued)
                if withdraw and not self._offline("x withdraws it"):
                    # (whoever sat down there reads why it went: the hub says it)
                    remote.write({"stand": {"table": table["table"]}})

            self.app.push_screen(ConfirmScreen(
                "Withdraw this table?", f"{self._which(table)}.\n"
                "Nobody has played at it yet; it leaves the lobby.",
                yes="Withdraw", no="Keep it"), answer)
            return
        mine = next((s for s in table["seats"] if s.get("player") == self.me), None)
        if mine is None:
            self.notify("You have no seat at that table.", severity="warning")
            return
        if self._offline("x stands you up" if mine.get("present") else "x declines the seat"):
            return
        remote.write({"stand": {"table": table["table"]}})
        at = self._which(table, state=False)
        self.notify(f"You stood up from {at}: the seat is open to anyone again."
                    if mine.get("present")
                    else f"You declined the seat at {at}: it is open to anyone now.")

    def _leave_for_good(self, table: dict[str, Any], remote: Any) -> None:
        """x on a match that has begun: once asked, leave it for good (a bot
        plays the seat to the end); on one that is over, clear it from the
        lobby (it stayed there for good, marking its players away)."""
        from tui.screens.confirm import ConfirmScreen

        tid = table["table"]
        if not self._mine(table):
            self.notify("You have no seat at that table.", severity="warning")
            return
        if (table.get("play") or {}).get("finished"):
            question = ConfirmScreen(
                "Clear this match from the lobby?",
                f"{self._which(table)}.\nIt leaves the lobby for everyone (a match that is over leaves it by itself "
                "after half an hour); it stays among the host's saved matches.",
                yes="Clear", no="Keep it")
            request = {"clear": {"table": tid}}
        elif any(s.get("player") == self.me and s.get("gone") for s in table["seats"]):
            self.notify("You have left that match for good already.", severity="warning")
            return
        else:  # (the others' screens and lobbies mark the seat "left")
            question = ConfirmScreen(
                "Leave this match for good?",
                f"{self._which(table)}.\nA bot plays your seat to the end of the match, and you cannot sit down "
                "there again. (q at the table leaves it only for now: your seat waits.)",
                yes="Leave for good", no="Keep my seat")
            request = {"resign": {"table": tid}}
        doing = "x clears it" if "clear" in request else "x leaves it"
        if self._offline(doing):
            return

        def answer(yes: bool | None) -> None:
            if yes and not self._offline(doing):
                remote.write(request)

        self.app.push_screen(question, answer)

    def action_watch(self) -> None:
        table = self._highlighted()
        if table is None:
            self.notify("There is no table to watch yet: n sets one up.", severity="warning")
            return
        # (a seat left for good is not theirs any more: they watch it as anyone)
        mine = any(s.get("player") == self.me and s.get("kind") != "bot" and not s.get("gone")
                   for s in table["seats"])
        if mine and not (table.get("play") or {}).get("finished"):
            # watched, the player's own seat showed "bob's (away) turn" to
            # them as a spectator, with nothing saying the seat was theirs
            self.notify("You have a seat at this table: Enter sits you down there.",
                        severity="warning")
            return
        if self._offline("w watches it"):
            return
        # its screen opens when it begins: said now, not unasked later
        note = (None if table.get("started")
                else "You will watch this match when it begins: its table opens then.")
        self.app.remote.watch(table["table"], note)  # type: ignore[attr-defined]

    def action_new(self) -> None:
        self.app.action_new_match()  # type: ignore[attr-defined]

    def action_leave(self) -> None:
        """q asks first, as at home: at a table q leads here, and pressed
        once too often it ended the SSH session."""
        from tui.screens.confirm import ConfirmScreen

        def answer(leave: bool | None) -> None:
            if leave:
                self.app.call_later(self.app.action_quit)

        self.app.push_screen(ConfirmScreen("Leave the shared tables?", LEAVE_TEXT,
                                           yes="Leave", no="Stay"), answer)

    def action_refresh(self) -> None:
        self.app.remote.refresh()  # type: ignore[attr-defined]


def seats_to_act(table: dict[str, Any], me: str) -> list[int]:
    """`me`'s person's seats at a listed table (`lobby_tables`) whose
    running match waits for their decision now."""
    play = table.get("play")
    if not table.get("started") or play is None or play.get("finished"):
        return []
    seats = table["seats"]
    return [n for n in play.get("to_act", ()) if seats[n].get("player") == me
            and seats[n].get("kind") != "bot"]


def turn_waits_away(table: dict[str, Any], me: str) -> bool:
    """It is `me`'s turn at a listed table and their seat there is away,
    no bot playing it meanwhile: where the turn notice sends them."""
    seats = table["seats"]
    mine = seats_to_act(table, me)
    return bool(mine) and all(seats[n].get("away") and not seats[n].get("bot_playing")
                              for n in mine)
