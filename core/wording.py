"""A player reads their own moves in the second person.

Every game words its log lines in the third person ("Ann slides the Town
from d6 to d2 (their side)."). `second_person` rewords a line for the seat
that reads it: a line whose subject is the reader becomes "You slide the
Town from d6 to d2 (your side).", and the reader's possessive anywhere
becomes "your" ("Your warehouse starts with card 7."), and the reader
after a preposition becomes "you" ("Bram activates Attack -1 on you.").
Other seats' names
stay as they are, so a line never reads as if it were someone else's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: third-person verbs whose second person is not the word less its "s"
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "goes": "go", "was": "were"}


def base_verb(verb: str) -> str:
    """The second-person form of a third-person verb: "slides" -> "slide",
    "refreshes" -> "refresh", "carries" -> "carry", "is" -> "are"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    return verb[:-1]


def counted(n: int, noun: str) -> str:
    """`n` `noun`s, one singular: "1 point", "-1 point", "0 points" (a
    play-test's results read "1 points")."""
    return f"{n} {noun}" if abs(n) == 1 else f"{n} {noun}s"


def one_stop(line: str) -> str:
    """A sentence ends once: a name that ends in "!" or "?" ("Final turn!")
    takes no full stop after it ("The Wizard offers Final turn!")."""
    return re.sub(r"([!?])\.(?=\s|$)", r"\1", line)


def second_person(line: str, names: Sequence[str] | None, viewer: int | None) -> str:
    """`line` as the seat `viewer` reads it (see the module). Lines for a
    spectator, or of a table without names, are left as they are."""
    if viewer is None or names is None or not 0 <= viewer < len(names):
        return line
    me = names[viewer]
    if not me:
        return line
    name = re.escape(me)
    # The reader as the subject: "Ann slides", "Ann (Gold) keeps".
    subject = re.match(rf"{name}( \([^)]*\))? ([a-z]+s)\b", line)
    if subject is not None and (line[subject.end():subject.end() + 1] in ("", " ", ".", ":", ",")):
        role = subject.group(1) or ""
        line = f"You{role} {base_verb(subject.group(2))}" + line[subject.end():]
        # A second verb of the same subject, in the same sentence: "... and
        # picks a target", "... and returns Lust (L)", "... and plays
        # quantum card 5" (only "a/an/the/it..." after it was reworded).
        # No line joins a plural in lower case with "and" to the reader's.
        first, stop, rest = line.partition(". ")
        first = re.sub(r"\band ([a-z]+s)(?= )", lambda m: f"and {base_verb(m.group(1))}", first)
        line = first + stop + rest
        # "their" ("themselves") in a line about the reader is the reader's.
        line = re.sub(r"\bthemselves\b", "yourself", line)
        line = re.sub(r"\btheirs\b", "yours", line)
        line = re.sub(r"\btheir\b", "your", line)

    # The reader as the subject of a clause in brackets: "(Ann now holds
    # P4; Bram now holds Y3)" -> "(you now hold P4; ...)".
    line = re.sub(rf"(?:(?<=\()|(?<=; )){name}( now)? ([a-z]+s)\b",
                  lambda m: f"you{m.group(1) or ''} {base_verb(m.group(2))}", line)

    # The reader's possessive anywhere: "Ann's side" -> "your side".
    def possessive(found: re.Match[str]) -> str:
        start = found.start()
        sentence_start = start == 0 or line[:start].rstrip().endswith((".", "!", ":"))
        return "Your" if sentence_start else "your"

    line = re.sub(rf"(?<![\w']){name}'s\b", possessive, line)
    # The reader as an object: "Bram activates Attack -1 on Ann." -> "on you".
    return re.sub(rf"\b({_PREPOSITIONS}) {name}(?![\w'])", r"\1 you", line)


#: words after which the reader's name is the object of a move
_PREPOSITIONS = "on|to|from|with|against|at|for|than|by"


def with_article(name: str) -> str:
    """`name` after "a" or "an" as it is spoken: "an Overseers match", "a
    Boss Quest match" (every title took "a": "a Overseers match")."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


__all__ = ["base_verb", "counted", "one_stop", "second_person", "with_article"]
