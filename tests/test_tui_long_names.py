"""Long names (up to 32 characters, wide emoji among them) at 80x24: the
top line shortens them, by cells and with an ellipsis, and keeps the
round, the phase and the score that a short name leaves in it."""

from __future__ import annotations

import re

import attrs
import pytest
from rich.cells import cell_len
from rich.text import Text

from tests.screen_kit import FakePort, screen_text, settle
from tui.plain import shortened
from tui.screens.game import NamingText, fit_line

LONG = "Wölfgang 🐉🐉🐉🐉🐉🐉 Drachenhöhle-XY"
OTHER = "Zed Longname Thirtytwo Chars!!"


def test_shortened_counts_cells_and_never_splits_a_wide_character():
    assert cell_len(LONG) > 32
    assert shortened("Ann", 3) == "Ann" and shortened(LONG, None) == LONG
    assert shortened(LONG, 12) == "Wölfgang 🐉…"
    assert shortened(LONG, 13) == "Wölfgang 🐉…"  # a dragon does not fit in one cell
    assert shortened(LONG, 10) == "Wölfgang…"
    assert all(cell_len(shortened(LONG, n)) <= n for n in range(40))
    assert shortened("e\u0301e\u0301e\u0301abc", 3) == "e\u0301e\u0301…"


def test_a_long_name_gives_way_before_a_part_of_the_line():
    def named(cells):
        return Text(f"{shortened(LONG, cells)}'s view")

    parts = [Text("Game"), NamingText(named), Text("Round 1/3"), Text("your total 0 (secret)")]
    line = fit_line(parts, 70, drop=[0]).plain
    assert line.startswith("Game · Wölfgang") and line.endswith("· Round 1/3 · your total 0 (secret)")
    assert cell_len(line) <= 70 and "…'s view" in line
    # too narrow for the game's name beside a name of NAME_SHORTEST cells:
    # that part goes, as it would for a short name, and the name takes the room
    line = fit_line(parts, 60, drop=[0]).plain
    assert line == "Wölfgang 🐉🐉🐉…'s view · Round 1/3 · your total 0 (secret)"
    line = fit_line(parts, 55, drop=[0]).plain
    assert line == "Wölfgang 🐉…'s view · Round 1/3 · your total 0 (secret)"
    # no part left to give way: the name, shorter still, rather than the score
    line = fit_line(parts, 50, drop=[0]).plain
    assert line == "Wölfga…'s view · Round 1/3 · your total 0 (secret)"
    # room enough: the name whole
    assert LONG in fit_line(parts, 100, drop=[0]).plain


async def _top_line(kit, update, names) -> str:
    app = kit.ScreenApp(attrs.evolve(update, names=names), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.pause()
        return screen_text(app).splitlines()[0].strip()


def _overseers():
    import tests.overseers_screen_kit as kit
    from tests.test_tui_overseers import drafting

    state = drafting()
    return kit, kit.make_update(state, 0), kit.NAMES[:state.players]


def _overstocked():
    import tests.overstocked_screen_kit as kit

    return kit, kit.make_update(kit.place_state(), 0), kit.NAMES


def _overboss():
    import tests.overboss_screen_kit as kit

    return kit, kit.make_update(kit.midgame(), 0), kit.NAMES


def _bossquest():
    import tests.bossquest_screen_kit as kit

    return kit, kit.make_update(kit.full_state(), 1), kit.NAMES


@pytest.mark.parametrize("game", [_overseers, _overstocked, _overboss, _bossquest])
async def test_a_long_name_leaves_the_title_lines_other_parts_in_place(game):
    """Play-test: "Wölfgang 🐉🐉🐉🐉🐉🐉 Drachenhöhle-XY's view · Round 1/3 · Draft
    · your total" had lost the game's name and "0 (secret)"."""
    kit, update, names = game()
    seat = update.seat
    short = await _top_line(kit, update, names)
    long_names = tuple(LONG if s == seat else OTHER if s == 1 - seat else n
                       for s, n in enumerate(names))
    line = await _top_line(kit, update, long_names)
    assert cell_len(line) <= 78 and "…" in line and LONG not in line
    # everything after the viewer's name that a short name leaves in the line
    rest = short.split("'s view", 1)[1]
    if update.game == "overboss-duel":
        # the score names both players, shortened alike; the supplies give
        # way to them, as to a narrow screen
        # (short names: "27:22", so that the stack stays at 80 columns)
        assert rest.startswith(" · Round 9 · 15 open · Ann 27:22 Bob est. · heroes")
        assert re.search(r" · Round 9 · 15 open · Wölfgang… 27 : 22 Zed Long\S*… est\.$", line)
    elif update.game == "boss-quest":
        # the Armorer as "⚒ Dee" and the deck without "weapons", as for a
        # shorter name: the game's name stays
        rest = rest.replace("Armorer: ", "⚒ ").replace(" weapons", "")
        assert line.startswith("Boss Quest · ") and line.endswith(rest), (short, line)
    elif update.game == "overseers":
        # the game's name is left out last (seersbots, finding 5): the
        # parts after the name give way from the end (here the draft's
        # direction, the same each turn without the variant)
        assert line.startswith("Overseers · "), (short, line)
        assert rest.startswith(line.split("'s view", 1)[1]), (short, line)
        assert line.endswith(" · Round 1/3 · Draft · your total 0"), (short, line)
    else:
        assert line.endswith(rest), (short, line)
    # the game's name gives way first, as it does for shorter names
    # (the Duel's at 80 columns), not the names beyond NAME_SHORTEST
    # cells: an 11-letter name read "Maximilia…" to keep it


async def test_a_long_armorers_name_is_shortened_not_the_round():
    """The Boss Quest header names the Armorer (and, in the Final Boss duel,
    the champion) besides the viewer: those names give way too, so that a
    32-character Armorer does not push the round off the line."""
    kit, update, names = _bossquest()
    armorer = update.view.armorer
    assert armorer is not None and armorer != update.seat
    long_names = tuple(OTHER if s == armorer else n for s, n in enumerate(names))
    line = await _top_line(kit, update, long_names)
    assert cell_len(line) <= 78 and OTHER not in line, line
    assert f"Round {update.view.round}" in line and "⚒ Zed" in line, line


#: a name of 32 characters, as long as a name may be, every one of them two
#: cells wide: no panel has room for it whole
WIDE = "龍" * 32


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
@pytest.mark.parametrize("game", [_overseers, _overstocked, _overboss, _bossquest])
async def test_a_long_name_is_shortened_never_its_away_mark(game, size):
    """Play-test: an away player's long name lost its "(away)" where it was
    cut to fit, as if the mark were part of the name. The name gives way;
    wherever a name followed by a mark is shortened, the whole mark stays."""
    from host.messages import AWAY_MARK

    kit, update, names = game()
    other = 1 - update.seat if update.seat in (0, 1) else 0
    named = tuple(WIDE + AWAY_MARK if s == other else n for s, n in enumerate(names))
    app = kit.ScreenApp(attrs.evolve(update, names=named), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        text = screen_text(app)
    # the mark whole wherever a name is followed by it
    assert text.count("(away") == text.count("(away)"), text
    if update.game == "boss-quest":
        # its knights panel says "away" in a column; a past combat names no
        # one away (a finished combat's names never went stale)
        assert re.search(r"龍… .* away ", text), text
    else:
        assert "(away)" in text, text
    if update.game == "overseers":  # beside the name, in the table's rows
        assert "龍… (away)" in text or WIDE + " (away)" in text, text


@pytest.mark.parametrize("size", [(80, 24), (200, 60)], ids=["80x24", "200x60"])
async def test_overstocked_players_take_the_room_there_is_and_a_cut_is_marked(size):
    """QA H2: the Players panel cut every name at 10 cells with no "…",
    even at 200 columns: "samantha_jones" and "samantha_smith" both read
    "samantha_" + one letter. A wide panel shows them whole; a narrow one
    cuts them with "…"."""
    kit, update, names = _overstocked()
    named = (names[0], "samantha_jones", "samantha_smith")
    app = kit.ScreenApp(attrs.evolve(update, names=named), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.pause()
        panel = app.screen.query_one("#os-players")
        rows = [line.rstrip() for line in screen_text(app).splitlines()
                if "samantha" in line and panel.region.x < line.find("samantha")]
        width = panel.content_region.width
    assert len(rows) == 2, rows
    if size == (200, 60):
        assert any("samantha_jones" in row for row in rows), rows
        assert any("samantha_smith" in row for row in rows), rows
    else:
        # whole, or cut with "…": never a bare cut
        assert all("samantha_jones" in row or "samantha_smith" in row or "samantha…" in row
                   or re.search(r"samantha_\w*…", row) for row in rows), (width, rows)


async def test_every_knights_view_names_the_armorer_in_words_where_they_fit():
    """Play-test (hot-seat, 80x24): Ann's view read "Round 2 · Armorer:
    Bram ·" and Bram's own "Round 2 · ⚒ Bram ·", his view's name one
    letter longer. The deck's "weapons" gives way before the Armorer's
    word, so both say "Armorer: Bram"; "⚒" alone is said in F1 (and by the
    knights panel's legend)."""
    import tests.bossquest_screen_kit as kit

    state = kit.full_state()
    names = kit.NAMES[:state.armorer] + ("Bram",)
    lines = [await _top_line(kit, kit.make_update(state, seat), names)
             for seat in (0, state.armorer)]
    for line in lines:
        assert cell_len(line) <= 78 and "Round 2 · Armorer: Bram · 5 ⚷ win" in line, lines
    assert lines[0].endswith("Deck: 16 weapons") and lines[1].endswith("Deck: 16"), lines
    # wide enough, the line is whole in every view
    async with kit.ScreenApp(attrs.evolve(kit.make_update(state, state.armorer), names=names),
                             FakePort()).run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        line = screen_text(pilot.app).splitlines()[0].strip()
    assert line == "Boss Quest · Bram's view · Round 2 · Armorer: Bram · 5 ⚷ win · Deck: 16 weapons"
    # where the line is narrower still, "⚒ Bram": the rules say what it is
    from tui import resources

    assert "**Armorer** (⚒ on the table)" in (resources.rules_text("boss-quest") or "")
