"""Every ruling is pinned by a test and shown in the in-app rules.

docs/rulings.md numbers the rulings; this test keeps the three places that
speak of them (rulings, tests, in-app rules) in step.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")

#: rulings of components and rules not built yet (extensions): nothing to pin
NOT_BUILT: set[str] = set()
#: component lists, shown as the in-app rules' component section
COMPONENTS = {"BQ-1", "BQ-2"}
#: Overboss Duel rulings of things not built: nothing to pin, but shown
OD_NOT_BUILT = {"OD-25"}


def rulings(prefix: str) -> list[str]:
    return re.findall(rf"^- ({prefix}-\d+) ", RULINGS, flags=re.MULTILINE)


#: each game's ruling prefix -> the tests that pin its rulings, and the
#: rulings of things not built (nothing to pin, but shown)
PINNED_BY = {
    "BQ": ("test_bossquest*.py", NOT_BUILT),
    "OD": ("test_overboss*.py", OD_NOT_BUILT),
    "OS": ("test_overstocked*.py", set()),
    "OV": ("test_overseers*.py", set()),
}


@pytest.mark.parametrize("prefix", list(PINNED_BY))
def test_rulings_are_numbered_in_order(prefix):
    numbers = [int(r.split("-")[1]) for r in rulings(prefix)]
    assert numbers == list(range(1, len(numbers) + 1))


@pytest.mark.parametrize(
    ("ruling", "tests_glob"),
    [(r, glob) for prefix, (glob, not_built) in PINNED_BY.items()
     for r in rulings(prefix) if r not in not_built],
)
def test_ruling_is_pinned_by_a_test(ruling, tests_glob):
    tests = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob(tests_glob))
    assert re.search(rf"\b{ruling}\b", tests), f"no test cites {ruling}"


@pytest.mark.parametrize("ruling", [r for r in rulings("BQ") if r not in COMPONENTS | {"BQ-3", "BQ-4", "BQ-5"}])
def test_boss_quest_ruling_is_in_the_in_app_rules(ruling):
    text = (ROOT / "tui" / "rules" / "boss-quest.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{ruling}\b", text), f"the in-app rules do not show {ruling}"


@pytest.mark.parametrize("ruling", rulings("OD"))
def test_overboss_duel_ruling_is_in_the_in_app_rules(ruling):
    text = (ROOT / "tui" / "rules" / "overboss-duel.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{ruling}\b", text), f"the in-app rules do not show {ruling}"


def test_overboss_duel_in_app_rules_mark_house_bosses_and_scope():
    text = (ROOT / "tui" / "rules" / "overboss-duel.md").read_text(encoding="utf-8")
    for name in ("Belladonna", "Baron Hex", "Dr. Deadly", "Queen Rimefang", "Warlord Grimtusk"):
        assert f"**{name}** (house)" in text
    assert "out of scope" in text


# --- Overstocked -----------------------------------------------------------------


@pytest.mark.parametrize("ruling", rulings("OS"))
def test_overstocked_ruling_is_in_the_in_app_rules(ruling):
    text = (ROOT / "tui" / "rules" / "overstocked.md").read_text(encoding="utf-8")
    assert re.search(rf"\*\*House ruling {ruling}\*\*", text), (
        f"the in-app rules do not show {ruling} as a house ruling"
    )


# --- Overseers -------------------------------------------------------------------

#: the rulings found for the rulebook (OV-1..OV-7) and the project's own
#: (these) are all marked house rulings; these are checked by that mark
OV_HOUSE = {f"OV-{n}" for n in range(8, 27)} | {"OV-30", "OV-31"}


@pytest.mark.parametrize(("ruling", "words"), [
    ("OV-23", ("none with six", "gathered with the rest for the next deal")),
    ("OV-15", ("the Hoarder takes from the pile are added face up",)),
    # the thief's side and the giver's pad (the play-test asked both)
    ("OV-31", ("the thief counts it as printed", "what it counted for you",
               "\"card stolen\" takes it off")),
])
def test_overseers_in_app_ruling_says_all_of_it(ruling, words):
    """OV-23: the cards left over are "none with six" and "gathered with the
    rest for the next deal"; OV-15: "The Hoarder's Greed cards from the pile
    are added face up". The in-app text had left these parts out."""
    text = (ROOT / "tui" / "rules" / "overseers.md").read_text(encoding="utf-8")
    found = re.search(rf"House ruling {ruling}\*\*(.+?)(?:\n\n|\Z)", text, re.S)
    assert found is not None
    said = " ".join(found.group(1).replace(">", " ").split())
    for part in words:
        assert part in said, (ruling, part)


@pytest.mark.parametrize("ruling", rulings("OV"))
def test_overseers_ruling_is_in_the_in_app_rules(ruling):
    text = (ROOT / "tui" / "rules" / "overseers.md").read_text(encoding="utf-8")
    if ruling in OV_HOUSE:
        assert re.search(rf"\*\*House ruling {ruling}\*\*", text), (
            f"the in-app rules do not show {ruling} as a house ruling"
        )
    else:
        assert re.search(rf"\b{ruling}\b", text), f"the in-app rules do not show {ruling}"


def test_overboss_duel_in_app_components_spell_the_monsters_as_the_game_does():
    # The component list bolds each token's letter inside its name; with the
    # bold marks taken away every monster must read as the table names it
    # (it once read "SpellLime" and "RocKtopus"), its letter still bold.
    from core.overboss.components import MONSTERS

    text = (ROOT / "tui" / "rules" / "overboss-duel.md").read_text(encoding="utf-8")
    components = text.split("## Components", 1)[1].split("\n> ", 1)[0]
    plain = components.replace("**", "")
    for monster in MONSTERS:
        assert monster.label in plain, f"the components do not name {monster.label}"
        label, letter = monster.label, monster.letter
        marked = [f"{label[:at]}**{label[at]}**{label[at + 1:]}"
                  for at in range(len(label)) if label[at].lower() == letter.lower()]
        assert any(m in components for m in marked), f"{label}: its letter {letter} is not bold"


def test_boss_quest_in_app_rules_tell_the_final_boss_endings():
    """BQ §Final Boss, End of the game: the in-app rules said "1, 2 or 3 hearts
    left earn the rulebook's three endings" and told none of them; they were
    read only once the game was over. Each ending the game tells is there."""
    from core.bossquest.rules import ENDINGS

    text = " ".join((ROOT / "tui" / "rules" / "boss-quest.md").read_text(encoding="utf-8").split())
    for hearts in (1, 2, 3):
        told = ENDINGS[hearts].split(" left, ", 1)[1]  # "the champion becomes ..."
        assert told in text, (hearts, told)
    assert "names her son Almost" in text


def _player_strings() -> list[tuple[str, int, str]]:
    """Every string constant of core/, tui/ and host/ but docstrings (an
    f-string's literal parts included): what a player may read."""
    import ast

    found = []
    for layer in ("core", "tui", "host"):
        for path in sorted((ROOT / layer).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docs = {
                id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                     ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr)
                and isinstance(node.body[0].value, ast.Constant)
            }
            found += [
                (str(path.relative_to(ROOT)), node.lineno, node.value)
                for node in ast.walk(tree)
                if isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in docs
            ]
    return found


def test_player_text_cites_a_ruling_as_the_in_app_rules_do():
    """The play-test read "(BQ-41)", "(OS-10)" in the log and the results as
    developer references. A ruling the player may want to look up is cited
    "(house ruling OS-10)", as the in-app rules mark it (F1 then r); one
    that only restates the printed rule is told in words alone."""
    code = re.compile(r"\b(?:BQ|OD|OS|OV)-\d+")
    marked = set(re.findall(r"\*\*House ruling ((?:BQ|OD|OS|OV)-\d+)\*\*", "".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tui" / "rules").glob("*.md"))))
    bare, unmarked = [], []
    for where, line, text in _player_strings():
        found = list(code.finditer(text))
        if any(not text[:f.start()].endswith("house ruling ") for f in found):
            bare.append(f"{where}:{line}: {text!r}")
        unmarked += [f"{where}:{line}: {f.group()}" for f in found if f.group() not in marked]
    assert not bare, "bare ruling codes in player text:\n" + "\n".join(bare)
    assert not unmarked, "cited, but no House ruling in the in-app rules:\n" + "\n".join(unmarked)


def test_overseers_rulings_each_have_their_own_block():
    """OV-4..OV-7 were run together in one plain quoted paragraph, OV-1, 2,
    3 and 5 only in parentheses: each rulebook ruling has its own marked
    block, as the house rulings do, and a block holds one ruling. Marked
    "House ruling", as the other games' in-app rules mark theirs (OD-1,
    OS-1 and BQ-1 too): "Ruling OV-1" read as another kind."""
    text = (ROOT / "tui" / "rules" / "overseers.md").read_text(encoding="utf-8")
    for ruling in sorted(set(rulings("OV")) - OV_HOUSE):
        if int(ruling.split("-")[1]) <= 7:
            assert f"> **House ruling {ruling}** — " in text, ruling
    assert not re.search(r"\*\*Ruling [A-Z]{2}-\d+", "".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tui" / "rules").glob("*.md")))
    for block in re.split(r"\n\s*\n", text):
        if block.startswith(">"):
            assert len(re.findall(r"Ruling OV-\d+\b", block, re.I)) <= 1, block


#: (ruling, the ruling it cites) in the in-app rules -> what the cited one's
#: own block must say for the citation to make sense
CITED = {
    ("OD-5", "OD-13"): "A drafted monster or miniboss goes on the tile just placed",
    ("OD-16", "OD-13"): "A drafted monster or miniboss goes on the tile just placed",
    ("OD-28", "OD-26"): "may also go on the new tile instead",
    ("BQ-18", "BQ-6"): "nobody else is told",
    ("BQ-47", "BQ-15"): "can only be discarded",
    ("BQ-37", "BQ-53"): "a knight who kept a heart before one who lost their last",
    ("BQ-40", "BQ-11"): "Cancel may target any spell in play, light or dark",
    ("OV-3", "OV-8"): "named by colour and ability",
    ("OV-13", "OV-5"): "resolves every tie",
    ("OV-31", "OV-7"): "a stolen transformed card reverts to its printed trait",
}


def _house_blocks() -> dict[str, str]:
    """Each in-app house ruling's block, its text on one line."""
    blocks = {}
    for path in (ROOT / "tui" / "rules").glob("*.md"):
        text = path.read_text(encoding="utf-8")
        for code, body in re.findall(r"^> \*\*House ruling ((?:BQ|OD|OS|OV)-\d+)\*\*(.*?)(?=\n\n|\Z)",
                                     text, flags=re.S | re.M):
            blocks[code] = " ".join(body.replace("\n>", " ").split())
    return blocks


def test_a_ruling_cited_by_another_in_app_says_what_it_is_cited_for():
    """Play-test: house rulings OD-5 and OD-16 cite OD-13 for "a drafted token
    always goes on its tile", but the in-app OD-13 said only its last sentence
    (the last turn is played out whole); the rest was in docs/rulings.md
    alone. A ruling cited by another has its own block, saying that part."""
    blocks = _house_blocks()
    cites = {(code, cited) for code, body in blocks.items()
             for cited in re.findall(r"\b(?:BQ|OD|OS|OV)-\d+\b", body) if cited != code}
    assert cites <= set(CITED), f"say what these citations need: {sorted(cites - set(CITED))}"
    for (code, cited), words in CITED.items():
        assert cited in blocks, f"{code} cites {cited}, which has no block"
        assert words in blocks[cited], (code, cited, words)


def test_the_in_app_od_13_is_whole():
    """OD-13, as docs/rulings.md has it: the drafted token's tile, else any
    open terrain tile, else the lair; the lair emptied while it can be; the
    last turn played out whole."""
    said = _house_blocks()["OD-13"]
    for part in ("goes on the tile just placed", "a Dungeon, or a hero the token cannot slay",
                 "any open terrain tile", "else to your lair", "Before your turn ends",
                 "played out whole (token, Spire, reveal) before scoring"):
        assert part in said, part
