"""The two seat messages as lines of JSON, for one game.

`MessageCodec` is built on the journal's cattrs converter, so that actions
are tagged by class name exactly as the journal stores them and a view
(`game.State`) goes through the same hooks. Encoding refuses a line over its
bound; decoding refuses anything that is not a message of this game with
`BadMessage`, and nothing else escapes it.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import attrs
import cattrs

from core.engine import CHANCE, Outcome
from core.wording import with_article
from host.messages import (
    COMMAND_KINDS,
    MAX_COMMAND_BYTES,
    MAX_MESSAGE_BYTES,
    MAX_MISSED_TABLES,
    PLAY,
    BadMessage,
    Missed,
    SeatCommand,
    SeatUpdate,
)
from saves.journal import codec as journal_codec
from saves.journal import explain


class MessageCodec:
    """(Un)structures one game's messages to and from a line of JSON."""

    def __init__(self, game: Any) -> None:
        self.game = game
        journal = journal_codec(game)
        self._journal = journal
        self._converter = journal.converter

    # -- actions ---------------------------------------------------------------

    def action_dict(self, action: Any) -> Any:
        return self._journal._unstructure_action(action)

    def canonical(self, action: Any) -> str:
        """The action as JSON: equal strings mean the same action, with the
        same types (True is not 1, 1.0 is not 1)."""
        return json.dumps(self.action_dict(action), sort_keys=True, allow_nan=False)

    # -- updates ---------------------------------------------------------------

    def view_dict(self, view: Any) -> Any:
        """A view (`game.State`) as JSON."""
        return self._converter.unstructure(view, self.game.State)

    def update_dict(self, update: SeatUpdate) -> dict:
        c = self._converter
        return {
            "game": update.game,
            "seat": update.seat,
            "view": self.view_dict(update.view),
            "legal": [self.action_dict(a) for a in update.legal],
            "to_act": sorted(update.to_act),
            "names": list(update.names),
            "bots": sorted(update.bots),
            "log": list(update.log),
            "thinking": update.thinking,
            "thinking_since": update.thinking_since,
            "bot_plays_in": [[seat, seconds] for seat, seconds in update.bot_plays_in],
            "can_undo": update.can_undo,
            "outcome": None if update.outcome is None else c.unstructure(update.outcome, Outcome),
            "seq": update.seq,
            **({} if update.missed is None else {"missed": self._missed_dict(update.missed)}),
            **({"stopped": True} if update.stopped else {}),
            "reading": sorted(update.reading),
            **({"stand_in_undo": True} if update.stand_in_undo else {}),
            **({"levels": list(update.levels)} if update.levels else {}),
            **({} if update.taken_back_by is None else {"taken_back_by": update.taken_back_by}),
        }

    def _missed_dict(self, missed: Missed) -> dict:
        return {"moved": missed.moved,
                "tables": [[length, self.view_dict(view)] for length, view in missed.tables],
                **({} if missed.shown is None else {"shown": missed.shown})}

    def _missed(self, raw: Any, log: tuple[str, ...]) -> Missed | None:
        """`SeatUpdate.missed` from JSON: each table's log length within the
        update's log and never shorter than the one before, at most
        `MAX_MISSED_TABLES` of them."""
        if raw is None:
            return None
        if not isinstance(raw, dict):
            raise ValueError(f"{raw!r} is not what the seat missed")
        tables = _list(raw.get("tables"))
        if not tables or len(tables) > MAX_MISSED_TABLES:
            raise ValueError(f"what the seat missed holds 1 to {MAX_MISSED_TABLES} tables")
        out: list[tuple[int, Any]] = []
        for table in tables:
            if not isinstance(table, list) or len(table) != 2:
                raise ValueError(f"{table!r} is not a log's length and a view")
            length = _int(table[0])
            if not (out[-1][0] if out else 0) <= length <= len(log):
                raise ValueError(f"{length} is not a length of the log from the table before")
            out.append((length, self._converter.structure(table[1], self.game.State)))
        shown = raw.get("shown")
        if shown is not None:
            shown = _int(shown)
            if not 0 <= shown <= len(log):
                raise ValueError(f"{shown} is not a length of the log")
        return Missed(tuple(out), raw.get("moved") is True, shown)

    def encode_update(self, update: SeatUpdate) -> bytes:
        return _line(self.update_dict(update), MAX_MESSAGE_BYTES)

    def decode_update(self, data: bytes | str) -> SeatUpdate:
        """An update from a line of JSON; `BadMessage` for anything else."""
        return self.update_from_dict(_object(data, MAX_MESSAGE_BYTES))

    def update_from_dict(self, raw: Any) -> SeatUpdate:
        """An update from JSON already parsed (a line that carried more)."""
        if not isinstance(raw, dict):
            raise BadMessage("an update is a JSON object")
        try:
            game = raw["game"]
            if game != self.game.id:
                raise BadMessage(f"an update of {game!r}, not of {self.game.id!r}")
            outcome = raw.get("outcome")
            update = SeatUpdate(
                game=game,
                seat=_seat_or_none(raw["seat"]),
                view=self._converter.structure(raw["view"], self.game.State),
                # (a hub's legal actions are sent back as they are: one not
                # exactly as the game writes it is refused there)
                legal=tuple(self._journal.action(a, exact=False) for a in _list(raw["legal"])),
                to_act=frozenset(_int(s) for s in _list(raw["to_act"])),
                names=tuple(_str(n) for n in _list(raw["names"])),
                bots=frozenset(_int(s) for s in _list(raw["bots"])),
                log=tuple(_str(n) for n in _list(raw["log"])),
                thinking=_seat_or_none(raw.get("thinking")),
                thinking_since=_count_or_none(raw.get("thinking_since")),
                bot_plays_in=_bot_plays_in(raw.get("bot_plays_in", [])),
                can_undo=raw.get("can_undo") is True,
                outcome=None if outcome is None else _outcome(self._converter, outcome),
                seq=_int(raw.get("seq", 0)),
                stopped=raw.get("stopped") is True,
                reading=_seats(raw.get("reading", [])),
                # (only with `can_undo`: a hub's word that the bot chose is
                # no more than what u may take back)
                stand_in_undo=raw.get("can_undo") is True and raw.get("stand_in_undo") is True,
                levels=_levels(raw.get("levels", []), len(raw["names"])),
                taken_back_by=_seat_or_none(raw.get("taken_back_by")),
            )
            if raw.get("missed") is not None:
                update = attrs.evolve(update, missed=self._missed(raw["missed"], update.log))
        except BadMessage:
            raise
        except (cattrs.BaseValidationError, ValueError, TypeError, KeyError, AttributeError) as e:
            raise BadMessage(f"not an update: {explain(e)}") from None
        _check_seats(self.game, update)
        return update

    # -- commands --------------------------------------------------------------

    def command_dict(self, command: SeatCommand) -> dict:
        out: dict[str, Any] = {"kind": command.kind, "seat": command.seat}
        if command.action is not None:
            out["action"] = self.action_dict(command.action)
        if command.seq is not None:
            out["seq"] = command.seq
        return out

    def encode_command(self, command: SeatCommand) -> bytes:
        return _line(self.command_dict(command), MAX_COMMAND_BYTES)

    def decode_command(self, data: bytes | str) -> SeatCommand:
        """A command from a line of JSON; `BadMessage` for anything else."""
        return self.command_from_dict(_object(data, MAX_COMMAND_BYTES))

    def command_from_dict(self, raw: Any) -> SeatCommand:
        """A command from JSON already parsed (a line that carried more; its
        size was bounded there, and the session bounds the command again)."""
        if not isinstance(raw, dict):
            raise BadMessage("a command is a JSON object")
        unknown = set(raw) - {"kind", "seat", "action", "seq"}
        if unknown:
            raise BadMessage(f"a command has no field {sorted(unknown)[0]!r}")
        kind = raw.get("kind")
        if kind not in COMMAND_KINDS:
            raise BadMessage(f"a command is one of {', '.join(COMMAND_KINDS)}, not {kind!r}")
        try:
            seat = _seat_or_none(raw.get("seat"))
            seq = raw.get("seq")
            seq = None if seq is None else _int(seq)
        except ValueError as e:
            raise BadMessage(f"not a command: {e}") from None
        action = None
        if kind == PLAY:
            stored = raw.get("action")
            if not isinstance(stored, dict):
                raise BadMessage("a play command needs an action")
            if not isinstance(stored.get("type"), str):
                raise BadMessage(f'{with_article(self.game.title)} action names its kind: '
                                 '{"type": ...}')
            try:
                action = self._journal.action(stored, exact=False)
                # exactly as the action writes itself: cattrs would take 1.0
                # or true for 1, which the legal list must never be asked
                exact = self.canonical(action) == json.dumps(stored, sort_keys=True)
            except (ValueError, TypeError) as e:
                raise BadMessage(f"not {with_article(self.game.title)} action: {explain(e)}") from None
            if not exact:
                raise BadMessage(f"not {with_article(self.game.title)} action: a value of the wrong type")
        elif "action" in raw:
            raise BadMessage(f"a {kind} command takes no action")
        return SeatCommand(kind, seat, action, seq)


@functools.cache
def _codec(game_id: str, game: Any) -> MessageCodec:
    return MessageCodec(game)


def codec(game: Any) -> MessageCodec:
    """The message codec of `game`, built once per game."""
    return _codec(game.id, game)


# -- the shape of a line ---------------------------------------------------------


def encode_line(obj: Any, limit: int) -> bytes:
    """`obj` as one line of JSON shorter than `limit` bytes (BadMessage otherwise)."""
    return _line(obj, limit)


def decode_object(data: bytes | str, limit: int) -> dict:
    """A JSON object from a line of at most `limit` bytes (BadMessage otherwise)."""
    return _object(data, limit)


def _line(obj: Any, limit: int) -> bytes:
    data = json.dumps(obj, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()
    if len(data) >= limit:
        raise BadMessage(f"a message of {len(data)} bytes is over the limit of {limit}")
    return data + b"\n"


def _object(data: bytes | str, limit: int) -> dict:
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if len(data) > limit:
        raise BadMessage(f"a message of {len(data)} bytes is over the limit of {limit}")
    try:
        text = data.decode("utf-8")
        obj = json.loads(text, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise BadMessage(f"not JSON: {explain(e)}") from None
    if not isinstance(obj, dict):
        raise BadMessage("a message is a JSON object")
    return obj


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a message may carry")


def _int(value: Any) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _seat_or_none(value: Any) -> int | None:
    return None if value is None else _int(value)


def _count_or_none(value: Any) -> int | None:
    """An update count (`thinking_since`), or None."""
    return None if value is None else _int(value)


#: the longest wait before a bot plays for an away player a message may
#: carry (the hub's own bound, `host.hub.MAX_AWAY_BOT`, is an hour)
MAX_BOT_WAIT = 24 * 3600.0


def _bot_plays_in(value: Any) -> tuple[tuple[int, float], ...]:
    """(seat, seconds) pairs (`SeatUpdate.bot_plays_in`): each seat once,
    each wait a number from 0 to `MAX_BOT_WAIT` (a hub's nan or a negative
    count would stand on a screen)."""
    pairs = []
    for pair in _list(value):
        if not isinstance(pair, list) or len(pair) != 2:
            raise ValueError(f"{pair!r} is not a seat and its seconds")
        seat, seconds = _int(pair[0]), pair[1]
        if type(seconds) not in (int, float) or not 0 <= seconds <= MAX_BOT_WAIT:
            raise ValueError(f"{seconds!r} is not a wait in seconds")
        pairs.append((seat, float(seconds)))
    if len({seat for seat, _ in pairs}) != len(pairs):
        raise ValueError("a seat's wait is named twice")
    return tuple(pairs)


def _seats(value: Any) -> frozenset[int]:
    """Seats, each once (`SeatUpdate.reading`; their range is checked with
    the update's other seats, `_check_seats`)."""
    seats = [_int(seat) for seat in _list(value)]
    if len(set(seats)) != len(seats):
        raise ValueError("a seat is named twice")
    return frozenset(seats)


#: the longest bot level a hub may name (the levels are short words)
MAX_LEVEL = 20


def _levels(value: Any, seats: int) -> tuple[str | None, ...]:
    """`SeatUpdate.levels`: none (an older hub), or one per seat, each a
    short word or null."""
    levels = _list(value)
    if not levels:
        return ()
    if len(levels) != seats:
        raise ValueError(f"{len(levels)} levels for {seats} seats")
    for level in levels:
        if level is not None and (not isinstance(level, str) or not 0 < len(level) <= MAX_LEVEL
                                  or not level.isprintable()):
            raise ValueError(f"{level!r} is not a bot's level")
    return tuple(levels)


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not text")
    return value


def _list(value: Any) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{value!r} is not a list")
    return value


def _check_seats(game: Any, update: SeatUpdate) -> None:
    """BadMessage when `update` names a seat its table has not (one name a
    seat): an update for seat 7 of a two-seat table opened the game's
    screen, which then could not draw it."""
    seats = len(update.names)
    if seats not in game.players:
        raise BadMessage(f"not an update: {seats} players at {with_article(game.title)} table")
    named = {*(update.to_act - {CHANCE}), *update.bots, update.seat, update.thinking,
             *(seat for seat, _ in update.bot_plays_in), *update.reading} - {None}
    if not all(0 <= seat < seats for seat in named):  # type: ignore[operator]
        raise BadMessage(f"not an update: a seat out of the table's {seats}")


def _outcome(converter: Any, raw: Any) -> Outcome:
    return converter.structure(raw, Outcome)
