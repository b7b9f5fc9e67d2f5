"""The bots' levels in words: what each does (F1 on the new-match form and
over a match) and a bot's name with its level ("Cyd (hard bot)").

One line per level, from the levels' own budgets (`core.bots.BUDGETS`, or
the seconds $OVERTABLE_BOT_SECONDS sets), so the words stay true to what
the bots do (README, "Opponents").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

#: what a level does, for a level that does not search
PLAIN_LEVELS = {
    "easy": "A bot of rules of thumb, with some slips",
    "heuristic": "A bot of rules of thumb",
    "random": "A bot that plays any legal move",
}
#: how a searching level looks ahead, weakest first
SEARCH_WORDS = {"normal": "looks ahead", "hard": "looks ahead longer"}


def level_words(level: str, given: Mapping[str, float] | None = None) -> str:
    """ "A bot that looks ahead, up to 2 s a move" for `level`; `given`:
    the seconds a move the table's bots are given (a hub's, sent to the
    app that joined it: `tui.remote`), else $OVERTABLE_BOT_SECONDS's."""
    from core.bots import BUDGETS
    from host.budget import bot_seconds_from_env

    if level in PLAIN_LEVELS:
        return PLAIN_LEVELS[level]
    budget = BUDGETS.get(level)
    if given is None:
        given = bot_seconds_from_env()
    seconds = given.get(level, budget.seconds if budget else None)
    how = SEARCH_WORDS.get(level, "looks ahead")
    return f"A bot that {how}" + (f", up to {seconds:g} s a move" if seconds else "")


def level_rows(game_id: str, key: str = "{level}",
               given: Mapping[str, float] | None = None) -> list[tuple[str, str]]:
    """(key, words) for each level a new match offers in `game_id`, weakest
    first; `key` is formatted with the level and its initial ("Bot: {level}",
    as the form's list names it; "{level} ({initial})", the mark a narrow
    Players box puts beside a bot's name); `given`: as `level_words`."""
    from core.bots import LEVELS

    return [(key.format(level=level, initial=level[:1]), level_words(level, given))
            for level in LEVELS.get(game_id, ())]


def bots_named(names: Sequence[str], levels: Sequence[str | None]) -> str:
    """ "Bob (normal), Cyd (hard)": the match's own bots with their levels;
    "" when it has none."""
    return ", ".join(f"{name} ({level})" for name, level in zip(names, levels, strict=False)
                     if level)


def with_level(name: str, level: str | None) -> str:
    """ "Cyd (hard bot)" for a bot of the match's; a person's name as it is."""
    return f"{name} ({level} bot)" if level else name


#: a bot's level beside its name, longest first: where a line or a box has
#: no room for the whole words, its level alone, else its initial (as F1's
#: bot levels list it: "normal (n)"); one form for every bot of a line or box
LEVEL_FORMS = (" ({level} bot)", " ({level})", " ({initial})")


def level_mark(level: str, form: str = LEVEL_FORMS[0]) -> str:
    """ " (hard bot)", " (hard)" or " (h)": `level` in `form` (`LEVEL_FORMS`)."""
    return form.format(level=level, initial=level[:1])


def saved_seats(saved: object, form: str = LEVEL_FORMS[0]) -> list[str]:
    """Each seat of a saved match (`saves.store.SavedMatch`) by name, a bot
    of the match's with its level in `form`: "Ann", "Bram (normal bot)".
    As the list names them where the save cannot say more: a save without
    levels (older ones), a shared table's (its bots named "bot (easy)"
    already). The rules' own bot of a solo mode has no level (its seat is
    no bot of the match's, as `host.session` levels it): a solo match reads
    as the saved list's row says it, "Ann solo" (`SavedMatch.who_plays`; it
    read "Ann, Bram", the 2-player form's hidden seat, not in the match)."""
    if getattr(saved, "solo", False) and hasattr(saved, "who_plays"):
        return [saved.who_plays()]
    players = [str(p) for p in getattr(saved, "players", ()) or ()]
    seats = list(getattr(saved, "seats", ()) or ())
    if getattr(saved, "shared", False) or len(seats) != len(players):
        return players
    rules_bot = 1 if getattr(saved, "solo", False) and len(seats) == 2 else None
    return [name + (level_mark(str(level), form) if bot and level and seat != rules_bot else "")
            for seat, (name, (_, bot, level)) in enumerate(zip(players, seats, strict=True))]


def saved_seats_fitting(saved: object, fits: Callable[[str], bool]) -> str:
    """The seats of `saved` (`saved_seats`) joined ("Ann, Bram (normal bot)")
    in the longest of `LEVEL_FORMS` whose line `fits`, else the shortest:
    one form for all the line's bots."""
    texts = [", ".join(saved_seats(saved, form)) for form in LEVEL_FORMS]
    return next((text for text in texts if fits(text)), texts[-1])
