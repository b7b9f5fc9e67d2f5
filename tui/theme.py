"""Colour themes: a truecolour theme, and an ANSI one for SSH and plain terminals.

OpenSSH does not forward COLORTERM, so a truecolour theme falls back to 256
colours and looks muddy over SSH. When COLORTERM does not promise 24-bit
colour we start with a theme built from the terminal's own 16 ANSI colours.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

#: the theme for terminals that declare truecolour
COLOUR_THEME = "textual-dark"
#: the theme built from the terminal's ANSI palette (Textual's built-in)
ANSI_THEME = "ansi-dark"
#: the ANSI theme for a light background (Textual's built-in): the colour
#: theme paints its own dark background, which a light terminal may not want
LIGHT_THEME = "ansi-light"

#: names the CLI accepts for --theme
CHOICES = {"auto": None, "colour": COLOUR_THEME, "color": COLOUR_THEME, "ansi": ANSI_THEME,
           "light": LIGHT_THEME}


def truecolour(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the terminal says it shows 24-bit colour."""
    env = os.environ if environ is None else environ
    return env.get("COLORTERM", "").strip().lower() in ("truecolor", "24bit")


def pick_theme(environ: Mapping[str, str] | None = None) -> str:
    """The theme to start with: truecolour if declared, otherwise ANSI."""
    return COLOUR_THEME if truecolour(environ) else ANSI_THEME


def monochrome(environ: Mapping[str, str] | None = None) -> bool:
    """Whether $TERM names a monochrome terminal: terminfo's "-m" suffix
    ("mono mode; suppress color", ansi-m) or a "-mono" entry (xterm-mono).
    Such a terminal is drawn as under NO_COLOR (it got the colour theme,
    its highlighted row only bold)."""
    env = os.environ if environ is None else environ
    term = env.get("TERM", "").strip().lower()
    return term.endswith(("-m", "-mono"))


def locale_note(environ: Mapping[str, str] | None = None) -> str | None:
    """A word at start when the locale says the terminal is not UTF-8
    (LANG=C, LC_ALL=POSIX, a Latin-1 locale): Overtable draws in UTF-8, and
    such a terminal showed each heart, key and arrow as "_". None when no
    locale is set (a container's UTF-8 terminal often sets none) or when it
    is UTF-8."""
    found = _not_utf8(os.environ if environ is None else environ)
    if found is None:
        return None
    return (f"Your locale ({found}) is not UTF-8, and Overtable draws in UTF-8: if marks "
            f"show as _ or ?, start it with {found.partition('=')[0]}=C.UTF-8.")


def _not_utf8(env: Mapping[str, str]) -> str | None:
    """The locale setting that rules and is not UTF-8 ("LC_ALL=C"), or None.
    Python turns a C LC_CTYPE into C.UTF-8 at its start, so that value is
    passed over for LANG, which it leaves."""
    ctype = env.get("LC_CTYPE", "")
    for name, value in (("LC_ALL", env.get("LC_ALL", "")),
                        ("LC_CTYPE", "" if ctype == "C.UTF-8" else ctype),
                        ("LANG", env.get("LANG", ""))):
        if value:
            if "utf8" in value.lower().replace("-", ""):
                return None
            shown = "".join(c for c in value[:40] if c.isprintable())
            return f"{name}={shown}"
    return None


def session_locale_note() -> str | None:
    """`locale_note` for this terminal, or for the SSH client's terminal of a
    session `overtable host` started: that session runs in UTF-8 whatever
    the client sent (host/ssh.py), so only the player's own terminal can be
    wrong, and only they can tell ("connect with LC_ALL=C.UTF-8" did not
    say how)."""
    from host.hub import client_locale

    if (note := locale_note()) is not None:
        return note
    found = _not_utf8(client_locale(os.environ))
    if found is None:
        return None
    return (f"The locale your SSH client sent ({found}) is not UTF-8; Overtable draws in "
            "UTF-8. Only if marks show as _ or ?, set your terminal to a UTF-8 locale "
            f"(such as {found.partition('=')[0]}=C.UTF-8; ssh passes it on with SendEnv).")


def spoken(theme: str, no_color: str = "") -> str:
    """A theme in --theme's words ("Theme: ansi-dark" named Textual's theme,
    which no option takes), ANSI written as F1 and the palette write it
    (`round_words`); a theme picked from Textual's list by its name. With
    `no_color` (why nothing is coloured: "NO_COLOR is set"), the look it
    draws, plain or greys (`NO_COLOR_ORDER`): "the terminal's own colours"
    was untrue there."""
    if no_color:
        if plain_under_no_color(theme):
            return f"plain, no colour ({no_color}; ctrl+t again: greys)"
        name = "greys" if theme == COLOUR_THEME else f"{theme}, in greys"
        return f"{name} ({no_color}; ctrl+t again: plain)"
    if theme == COLOUR_THEME:
        return "colour"
    if theme == ANSI_THEME:
        return "ANSI, the terminal's own colours"
    if theme == LIGHT_THEME:
        return "light, the terminal's own colours"
    return theme


#: Ctrl+T's round: the terminal's own colours, the colour theme, the
#: terminal's own on a light background, and round again
TOGGLE_ORDER = (ANSI_THEME, COLOUR_THEME, LIGHT_THEME)

#: Ctrl+T's round in words, in its order (F1 and the palette said "colour /
#: ANSI", two of its three)
_ROUND_WORDS = {ANSI_THEME: "ANSI{ansi}", COLOUR_THEME: "colour", LIGHT_THEME: "light"}


def round_words(ansi: str = "") -> str:
    """"ANSI, colour, light": the themes Ctrl+T goes round, in turn; `ansi`
    follows ANSI's name (" (the terminal's own colours)")."""
    return ", ".join(_ROUND_WORDS[name].format(ansi=ansi) for name in TOGGLE_ORDER)


#: Ctrl+T's round where nothing is coloured (NO_COLOR, a monochrome
#: terminal): the two looks drawn there, plain (an ANSI theme: bold and
#: reverse only) and greys (the colour theme). Light looks as plain there,
#: and a play-test found the plain look of the first start named as
#: colours in the round of three, and lost once another was kept.
NO_COLOR_ORDER = (ANSI_THEME, COLOUR_THEME)


def plain_under_no_color(theme: str) -> bool:
    """Whether `theme` draws plain where nothing is coloured: the ANSI
    themes (the app's NO_COLOR filter leaves the terminal's own colours)."""
    return theme in (ANSI_THEME, LIGHT_THEME)


def no_color_words() -> str:
    """"plain, greys": Ctrl+T's round where nothing is coloured."""
    return "plain, greys"


def toggled(theme: str, no_color: bool = False) -> str:
    """The next theme of Ctrl+T's round (`TOGGLE_ORDER`); a theme from the
    picker goes to ANSI. A round of three, not a pair: started light, the
    toggle went to colour and ANSI and never back (a play-test). With
    `no_color`, the round of `NO_COLOR_ORDER`: plain, greys."""
    if no_color:
        return COLOUR_THEME if plain_under_no_color(theme) else ANSI_THEME
    if theme not in TOGGLE_ORDER:
        return ANSI_THEME
    return TOGGLE_ORDER[(TOGGLE_ORDER.index(theme) + 1) % len(TOGGLE_ORDER)]


#: the longest theme name read back from the file (Textual's are short)
_LONGEST_NAME = 64


def theme_file(no_color: bool = False) -> Path:
    """Where the theme last chosen at this terminal is kept: one name, in
    the user's configuration directory (not the data directory, which holds
    matches). With `no_color`, the one chosen where nothing is coloured
    (NO_COLOR): kept apart, so that a theme chosen in colour does not make
    a NO_COLOR start grey, nor one chosen there a colour start."""
    import platformdirs

    return Path(platformdirs.user_config_dir("overtable")) / ("theme-no-color" if no_color
                                                              else "theme")


def saved_theme(no_color: bool = False) -> str | None:
    """The theme last chosen (`save_theme`), or None: none saved, or the
    file unreadable or not a regular file. The name is not checked here: the app checks it
    against its themes, since the file may hold anything."""
    from saves.lock import open_regular

    try:  # a regular file only, and no more of it than a name: a pipe or
        # /dev/zero put there must not hang the start or fill the memory
        with os.fdopen(open_regular(theme_file(no_color)), "rb") as file:
            text = file.read(_LONGEST_NAME + 1).decode("utf-8", "replace")
    except OSError:
        return None
    name = text.strip()
    return name if name and len(name) <= _LONGEST_NAME and name.isprintable() else None


def save_theme(name: str, no_color: bool = False) -> str | None:
    """Keep `name` for the next start (with `no_color`, the next start where
    nothing is coloured: `theme_file`); None, or why it could not be kept (a
    configuration directory that cannot be written: the theme still
    changes, and the app says it is not kept)."""
    path = theme_file(no_color)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_name(f".{path.name}.{os.getpid()}")
        spare.write_text(name + "\n", encoding="utf-8")
        os.replace(spare, path)  # whole or not at all: two terminals may write at once
    except OSError as error:
        where = f": {error.filename}" if error.filename else ""
        return f"{error.strerror or error}{where}"
    return None
