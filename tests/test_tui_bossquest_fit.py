"""The Boss Quest table uses the terminal at every size: at 80x24 six
knights with Companions and long names keep a line each and stay in sight
(the knights panel's foot went off the screen), the fourteen swaps of Swap
companions leave the log its rows, and at 160x45 and 200x50 nothing stands
empty in the middle of the table (some 20 rows under the knights did)."""

from __future__ import annotations

import attrs
import pytest

from core.bossquest import GAME
from core.bossquest.cards import Colour, Companion, Spell, SpellKind, Weapon
from core.bossquest.state import (
    ActiveSpell,
    Hidden,
    Knight,
    Options,
    Phase,
    RoundResult,
    State,
    Step,
)
from tests.bossquest_screen_kit import ScreenApp, screen_text
from tests.fit_kit import overflows
from tests.screen_kit import settle
from tui.screens.game import TableUpdate

LONG_NAMES = ("Annabelle", "Bramwell Stone", "Cordelia Vance", "Devereux", "Eddalina Frost",
              "Finnegan Oak")


def w(code: str) -> Weapon:
    return Weapon(Colour(code[0]), int(code[1:]))


def six_knights(*, step: Step = Step.CHOOSE, casting: Spell | None = None,
                history: bool = True) -> State:
    """Round 3 of a six-knight quest with Companions, mid-round: Ann at
    the Wizard, the others with four to six weapons, two spells on knights."""
    base = GAME.setup(6, Options(companions=True))
    hands = (("P7", "B6", "Y6", "R2", "P2"), ("Y7", "B3", "P3", "G4"),
             ("R6", "B5", "R4", "G6", "R1", "P6"), ("B7", "B2", "Y3", "R3"),
             ("P4", "G3", "G7", "R7", "Y4"), ("G5", "P1", "R5", "G1", "B1"))
    knights = tuple(
        Knight(hearts=2, keys=seat % 3, hidden=Hidden(w(cards[0]), frozenset({seat})),
               visible=tuple(w(c) for c in cards[1:]), at_wizard=seat in (0, 3),
               done=seat == 3)
        for seat, cards in enumerate(hands))
    used = {w(c) for cards in hands for c in cards}
    results = ()
    if history:
        results = (RoundResult(
            round=2, boss=17, hp=17,
            equipment=tuple((w("Y1"), w("Y2")) for _ in range(6)),
            strengths=(12, 7, 15, 21, 23, 17), eliminated=("", "", "", "over", "over", ""),
            winners=frozenset({5}), perfect=frozenset({5}), keys_gained=(0, 0, 0, 0, 0, 2),
            hearts_lost=(0, 0, 0, 1, 1, 0), spells=(), keys_after=(0, 1, 2, 0, 1, 2),
            hearts_after=(2, 2, 2, 2, 2, 2)),)
    return State(
        players=6, options=base.options, knights=knights, phase=Phase.TURN, round=3,
        armorer=2, turn=0, step=step, dealt=12, boss=19,
        boss_deck=tuple(b for b in base.boss_deck if b not in (17, 19)), boss_discard=(17,),
        weapon_deck=tuple(x for x in base.weapon_deck if x not in used),
        spell_deck=base.spell_deck, offer=(Spell(SpellKind.HP_PLUS_1), None, None, None, None),
        active=(ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.BLUE)),
                ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=1),
                ActiveSpell(Spell(SpellKind.SWAP_HIDDEN), target=2)),
        casting=casting, history=results,
        companions=(Companion.RAVEN, Companion.FOX, Companion.OWL, Companion.CHAMELEON,
                    Companion.TORTOISE, Companion.HARE),
        spent=frozenset({Companion.RAVEN, Companion.OWL}),
    )


def update_of(state: State, seat: int = 0, names: tuple[str, ...] = LONG_NAMES) -> TableUpdate:
    to_act = GAME.to_act(state)
    legal = tuple(GAME.legal_actions(state, seat)) if seat in to_act else ()
    return TableUpdate(
        game=GAME.id, outcome=GAME.outcome(state), seat=seat, view=GAME.view(state, seat),
        legal=legal, to_act=to_act, names=names[: state.players],
        bots=frozenset(range(1, state.players)),
        log=tuple(f"Move {n} of the round." for n in range(1, 30)), thinking=None,
        can_undo=False)


def picking_a_knight() -> State:
    return six_knights(step=Step.TARGET, casting=Spell(SpellKind.ATTACK_PLUS_2))


def knight_lines(app) -> list[str]:
    return [line.plain for line in app.screen.query_one("#bq-knights").content_lines()]


async def settled(pilot) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("state", [six_knights, picking_a_knight], ids=["choosing", "picking"])
async def test_six_knights_with_companions_and_long_names_stay_in_sight_at_80x24(state):
    """Every knight's row in sight above the decision, nothing cut, and the
    log (under the table at 80 columns) keeps its title and two lines: the
    rows give up room in steps (`_fit_knights`) only as far as they must."""
    app = ScreenApp(update_of(state()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        text = screen_text(app)
        lines = knight_lines(app)
        knights = app.screen.query_one("#bq-knights").content_region
        decide = app.screen.query_one("#bq-decide").region
        log = app.screen.query_one("#bq-log").content_region
        found = overflows(app.screen)
    assert not found, found
    assert len(lines) <= knights.height, lines  # not one line cut
    assert knights.bottom <= decide.y, (knights, decide)
    assert log.height >= 2, text
    assert sum("♥" in line for line in lines) == 6, lines
    for name in LONG_NAMES[1:]:
        assert name in "\n".join(lines), (name, text)
    assert "Annabelle (you)" in text and "Chameleon" in text and "at Wizard" in text, text


async def test_six_knights_picked_from_keep_a_line_each_at_80x24():
    """Picking a knight for Attack +2 (the prompt and the keys take two more
    lines): each knight's row keeps to one line, names whole, the spells
    on a knight left to the Boss's panel where the row has no room."""
    app = ScreenApp(update_of(picking_a_knight()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        text = screen_text(app)
        lines = knight_lines(app)
    assert all("♥" in line for line in lines[:6]) and len(lines) == 6, lines
    assert "● Swap hidden → Cordelia Vance" in text, text  # said at the Boss
    assert "…" not in "".join(lines), lines


@pytest.mark.parametrize("more", [0, 4], ids=["rows-whole", "a-row-wrapping"])
async def test_the_fourteen_swaps_leave_the_log_its_lines_at_80x24(more):
    """Swap companions offers fourteen swaps: they filled five lines and
    the log got no row. The choices keep to four lines and scroll with the
    cursor; the log keeps two lines, the knights their rows."""
    from tests.bossquest_screen_kit import make_update
    from tests.test_tui_bossquest_extensions import extensions_table
    from tests.test_tui_bossquest_layout import swap_companions, with_bob_holding
    from tui.widgets import ActionBar

    app = ScreenApp(make_update(swap_companions(with_bob_holding(extensions_table(), more))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        log = app.screen.query_one("#bq-log").content_region
        lines = knight_lines(app)
        knights = app.screen.query_one("#bq-knights").content_region
        found = overflows(app.screen)
        assert len(bar.choices) == 14 and bar.size.height <= 4
        bar.focus()
        for _ in range(13):
            await pilot.press("right")
        assert bar.choices[bar.cursor].label in screen_text(app)
    assert not found, found
    assert log.height >= 2, log
    assert len(lines) <= knights.height and sum("♥" in line for line in lines) == 4, lines


def longest_blank_run(lines: list[str]) -> int:
    run = longest = 0
    for line in lines:
        run = run + 1 if not line.strip() else 0
        longest = max(longest, run)
    return longest


@pytest.mark.parametrize("size", [(160, 40), (160, 45), (200, 50)], ids=["160x40", "160x45", "200x50"])
@pytest.mark.parametrize("table", ["four", "six"])
@pytest.mark.parametrize("history", [False, True], ids=["round-1", "later"])
async def test_a_large_terminal_leaves_no_empty_rows_in_the_table(size, table, history):
    """At 160x45 and 200x50 the decision sat at the foot with some 20
    empty rows above it, under the knights. The decision follows the
    knights; under it the combats so far (before the first, what combat
    will do) take the rows they need, and the log has the side's height."""
    from tests.bossquest_screen_kit import full_state, make_update

    update = (make_update(full_state(history=history)) if table == "four"
              else update_of(six_knights(history=history)))
    app = ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        screen = app.screen
        main = screen.query_one("#bq-main").region
        knights = screen.query_one("#bq-knights").region
        decide = screen.query_one("#bq-decide").region
        below = screen.query_one("#bq-last-main")
        below_region, below_lines = below.region, below.virtual_size.height
        body = screen.query_one("#bq-body").region
        log = screen.query_one("#bq-log").region
        text = screen_text(app)
        found = overflows(screen)
    assert not found, found
    rows = [line[main.x:main.right] for line in text.splitlines()[main.y:below_region.bottom]]
    assert longest_blank_run(rows) == 0, text
    assert decide.y == knights.bottom, (knights, decide)  # right under the knights
    assert below_region.y == decide.bottom, text
    # the combats' panel as tall as what it holds, or the rest of the column
    assert below_region.height in (below_lines + 2, main.bottom - decide.bottom), text
    assert ("Combat, at the end of the round" in text) != history, text
    assert log.height == body.height, (log, body)


@pytest.mark.parametrize(("size", "table", "big"), [
    ((160, 45), "four", True), ((200, 50), "six", True), ((160, 45), "six", False),
    ((128, 40), "four", True), ((120, 36), "four", False)])
async def test_a_large_terminal_draws_the_knights_cards_large_where_there_is_room(size, table, big):
    """The knights' rows kept their 80x24 look on a large terminal (the
    board kept its small size while the column under it stood empty). Where
    the rows leave the combats under the decision their rows (8), each
    knight's cards are drawn large, as the hand's are: a box each, dashed
    face down, lined up beside the knight's name; else two lines a knight."""
    from tests.bossquest_screen_kit import full_state, make_update

    update = make_update(full_state()) if table == "four" else update_of(six_knights())
    app = ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settled(pilot)
        lines = knight_lines(app)
        below = app.screen.query_one("#bq-below")
        room = below.region.height if below.display else None
        found = overflows(app.screen)
    assert not found, found
    knights = 4 if table == "four" else 6
    rows = [n for n, line in enumerate(lines) if "♥" in line][:knights]
    assert len(rows) == knights, lines
    if big:
        assert room is not None and room >= 8, room
        for n in rows:  # the name between its cards' tops and bottoms, boxes lined up
            top, middle, bottom = lines[n - 1], lines[n], lines[n + 1]
            at = middle.index("╎")
            assert top[at] == "┌" and bottom[at] == "└", (top, middle, bottom)
    else:
        assert not any("╭" in line for line in lines), lines


async def test_a_knight_marked_as_changed_keeps_its_large_cards_lined_up():
    """Since your last move a changed knight's row gets • in front: its
    name's line, and the boxes above and below it stay lined up."""
    from tests.bossquest_screen_kit import full_state, make_update

    app = ScreenApp(make_update(full_state()))
    async with app.run_test(size=(200, 50)) as pilot:
        await settled(pilot)
        screen = app.screen
        screen.changed = lambda kind: frozenset({1}) if kind == "knights" else frozenset()
        screen._draw_knights(screen.update)
        await settled(pilot)
        lines = knight_lines(app)
    bob = next(n for n, line in enumerate(lines) if "Bob" in line)
    assert lines[bob].startswith("•"), lines
    at = lines[bob].index("╎")
    assert lines[bob - 1][at] == "┌" and lines[bob + 1][at] == "└", lines
    ann = next(n for n, line in enumerate(lines) if "Ann" in line)
    at = lines[ann].index("╎")
    assert lines[ann - 1][at] == "┌" and lines[ann + 1][at] == "└", lines


async def test_a_knight_without_cards_keeps_one_line_among_large_cards():
    """The Final Boss duel at 160x45 (the play-test): the knights out of it
    hold no weapon, and each took three lines, two of them blank (two lines,
    one blank, where the cards are small and under the name)."""
    from tests.bossquest_screen_kit import full_state, make_update

    state = full_state()
    knights = (attrs.evolve(state.knights[0], hidden=None, visible=()),) + state.knights[1:]
    for size, bob in (((200, 50), 2), ((160, 45), 2), ((120, 36), 1)):
        app = ScreenApp(make_update(attrs.evolve(state, knights=knights)))
        async with app.run_test(size=size) as pilot:
            await settled(pilot)
            lines = knight_lines(app)
        assert "Ann" in lines[0] and "Bob" in lines[bob], (size, lines)
        assert all(line.strip() for line in lines), (size, lines)


async def test_many_spells_in_play_share_lines_at_80x24_and_the_knights_stay_in_sight():
    """Five spells in play took five lines of the Boss's panel at 80x24 (a
    Final Boss duel's six, more): the knights' last row went off the screen.
    Short, they share lines where they fit; picked from (Cancel), they keep
    a line each."""
    spells = (ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.BLUE)),
              ActiveSpell(Spell(SpellKind.HP_MINUS_1)), ActiveSpell(Spell(SpellKind.HP_PLUS_2)),
              ActiveSpell(Spell(SpellKind.ATTACK_PLUS_1), target=1),
              ActiveSpell(Spell(SpellKind.NEED_PAIR)))
    state = attrs.evolve(six_knights(), active=spells)
    app = ScreenApp(update_of(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settled(pilot)
        active = [line.plain for line in app.screen.query_one("#bq-active").content_lines()]
        lines = knight_lines(app)
        knights = app.screen.query_one("#bq-knights").content_region
        decide = app.screen.query_one("#bq-decide").region
        text = screen_text(app)
        found = overflows(app.screen)
    assert not found, found
    assert len(active) < len(spells), active
    for said in ("○ Need Blue (B)", "○ Boss HP -1", "○ Boss HP +2", "● Attack +1 → Bramwell Stone",
                 "○ Need 2 of a colour"):
        assert said in text, (said, text)
    assert len(lines) <= knights.height and knights.bottom <= decide.y, text
    assert sum("♥" in line for line in lines) == 6, lines


@pytest.mark.parametrize("size", [(110, 32), (120, 36), (100, 40)], ids=["110x32", "120x36", "100x40"])
async def test_six_knights_stay_in_sight_between_the_sizes(size):
    """Tall but not large, the rows take two lines a knight: six knights
    with Companions went under the decision at 120x36, and at 110x32 the
    Wizard's 30 columns wrapped each spell's words over three lines above
    them. The market says what a spell does only where its words have room;
    the rows keep to the lines they have, names whole."""
    app = ScreenApp(update_of(six_knights()))
    async with app.run_test(size=size) as pilot:
        for _ in range(6):
            await pilot.pause()
        lines = knight_lines(app)
        knights = app.screen.query_one("#bq-knights").content_region
        decide = app.screen.query_one("#bq-decide").region
        market = app.screen.query_one("#bq-market").content_region
        text = screen_text(app)
        found = overflows(app.screen)
    assert not found, found
    assert len(lines) <= knights.height and knights.bottom < decide.y, text
    assert sum("♥" in line for line in lines) == 6, lines
    for name in LONG_NAMES:
        assert name in "\\n".join(lines), (name, text)
    assert ("Increases the Boss's HP" in text) == (market.width >= 36), text


@pytest.mark.parametrize("size", [(80, 24), (120, 36), (160, 45)])
@pytest.mark.parametrize("many", [False, True])
async def test_your_weapons_lists_every_part_of_its_total(size, many):
    """Play-test (80x24): "Your weapons (R4) [R2] [R3] [P6] [P2] = 19", cards
    adding up to 17 under an Attack +2 Ann cast on herself. The panel names
    the spells in its sum as her row and the eyes-only box do ("●Atk+2"),
    whole and in sight at every size, with the most cards a hand may hold
    too (every weapon of 1 and 2, and three spells on her)."""
    from tests.bossquest_screen_kit import full_state, make_update

    state = full_state()
    ann = state.knights[0]
    plus = ActiveSpell(Spell(SpellKind.ATTACK_PLUS_2), target=0)
    if many:
        small = tuple(w(f"{c}{v}") for v in (1, 2) for c in "RBYP")
        ann = attrs.evolve(ann, visible=(*ann.visible, *(x for x in small if x not in ann.visible)))
        spells = (plus, ActiveSpell(Spell(SpellKind.ATTACK_MINUS_1), target=0),
                  ActiveSpell(Spell(SpellKind.ATTACK_MINUS_2), target=0))
    else:
        spells = (plus,)
    state = attrs.evolve(state, knights=(ann, *state.knights[1:]), active=(*state.active, *spells),
                         weapon_deck=tuple(x for x in state.weapon_deck if x not in ann.visible))
    app = ScreenApp(make_update(state, seat=0))
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#bq-hand")
        text = " ".join(hand.render().plain.split())
        shown = " ".join(screen_text(app).split())
        tags = ["●Atk+2", "●Atk-1", "●Atk-2"] if many else ["●Atk+2"]
        total = GAME.strength(state, 0)
        # every line of the panel in sight
        assert all(line.strip() in screen_text(app) for line in hand.render().plain.splitlines()), shown
        assert f"{' '.join(tags)} = {total}" in text, text
        assert not overflows(app.screen), shown
