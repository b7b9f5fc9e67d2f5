"""The Boss Quest screen: keys give exactly the legal actions, hidden cards
stay hidden, and the screen reads at 80x24 and 120x36."""

from __future__ import annotations

import re

import attrs
import pytest
from rich.text import Text

from core.bossquest.actions import (
    Activate,
    ActivateMystery,
    Ask,
    Discard,
    DiscardMystery,
    GoToWizard,
    ReadPotion,
    TargetKnight,
    TargetSpell,
    TargetWeapon,
)
from core.bossquest.cards import Colour, Spell, SpellKind, Weapon
from core.bossquest.state import ActiveSpell, Hidden, Options, Phase, Step
from tests.bossquest_screen_kit import (
    HIDDEN,
    NAMES,
    FakePort,
    ScreenApp,
    full_state,
    make_update,
    screen_text,
    w,
)
from tests.screen_kit import settle, wait_for
from tui.widgets import Market, PickList

SIZES = [(80, 24), (120, 36)]


def others_hidden(seat: int | None) -> list[str]:
    return [code for s, code in HIDDEN.items() if s != seat]


async def run(update, size=(80, 24), keys=()):
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        text = screen_text(app)
    return table.submitted, text


# -- keys give the legal actions ------------------------------------------------


@pytest.mark.parametrize(
    ("keys", "action"),
    [
        (["1"], Ask(1)),
        (["3"], Ask(3)),
        (["4"], Ask(4)),
        (["w"], GoToWizard()),
        (["enter"], Ask(1)),  # the action bar starts on its first choice
        (["right", "right", "right", "right", "enter"], GoToWizard()),
    ],
)
async def test_choose_keys(keys, action):
    update = make_update(full_state())
    submitted, _ = await run(update, keys=keys)
    assert submitted == [(0, action)]
    assert action in update.legal


async def test_over_the_hp_only_the_wizard_is_offered():
    state = full_state()
    ann = attrs.evolve(state.knights[0], visible=(w("B3"), w("Y2"), w("P7"), w("G7")))
    state = attrs.evolve(state, knights=(ann, *state.knights[1:]))
    update = make_update(state)
    assert update.legal == (GoToWizard(),)
    submitted, text = await run(update, keys=["1", "2", "enter"])
    assert submitted == [(0, GoToWizard())]
    assert "must go to the Wizard" in text


@pytest.mark.parametrize(
    ("keys", "action"),
    [
        (["a"], Activate(0)),  # the cursor starts on the first spell
        (["x"], Discard(0)),
        (["3", "a"], Activate(2)),
        (["4", "x"], Discard(3)),
        (["down", "a"], Activate(2)),  # the taken slot 2 is skipped
        (["m", "a"], ActivateMystery()),
        (["m", "x"], DiscardMystery()),
        (["down", "enter", "enter"], Activate(2)),  # arrows + Enter only
        (["down", "enter", "right", "enter"], Discard(2)),
        (["2", "1", "a"], Activate(0)),  # slot 2 is gone: chosen again
        # a number chooses at once, as Enter on the spell: Enter then activates
        (["3", "enter"], Activate(2)),
        (["4", "right", "enter"], Discard(3)),
        (["m", "right", "enter"], DiscardMystery()),  # m as a number
    ],
)
async def test_wizard_keys(keys, action):
    update = make_update(full_state(step=Step.WIZARD))
    submitted, _ = await run(update, keys=keys)
    assert submitted == [(0, action)]
    assert action in update.legal


async def test_a_spells_number_chooses_it_at_once():
    """As in every other list, a number chooses: the spell is taken to the
    action bar (as Enter on it would), which names it and has the keys. It
    only moved the highlight, and the player's Enter chose it a second time."""
    from tui.widgets import ActionBar

    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("3")
        await pilot.pause()
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert app.screen.query_one("#bq-market", Market).highlighted == 2
        assert app.focused is bar
        assert [c.label for c in bar.choices][:2] == [
            f"Activate {Spell(SpellKind.ATTACK_MINUS_2)}",
            f"Discard {Spell(SpellKind.ATTACK_MINUS_2)}"]
        assert table.submitted == []  # chosen, not yet activated or discarded


async def test_a_taken_spells_number_says_why_and_chooses_nothing():
    from tests.screen_kit import record_notices

    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        market = app.screen.query_one("#bq-market", Market)
        before = (market.highlighted, app.focused)
        await pilot.press("2")  # slot 2's spell was taken this round
        await pilot.pause()
        assert (market.highlighted, app.focused) == before
        assert table.submitted == []
        assert notices == ["Spell 2 was activated already: press 1, 3, 4 or m."], notices


@pytest.mark.parametrize(("kind", "table", "why"), [
    (SpellKind.CANCEL, {"active": ()}, "no spell is in play to cancel"),
    (SpellKind.SWAP_DECK, {"weapon_deck": (), "deck_top": ()}, "the weapon deck is empty"),
    (SpellKind.FLIP_POTION, {"options": Options(potions=True)}, "no potion is face up"),
])
async def test_a_spell_that_would_do_nothing_is_offered_only_to_discard(kind, table, why):
    """Played over SSH: Cancel a spell with no spell in play offered "a
    Activate" (dimmed, which a terminal may not show), and a did nothing at
    all, as if the table were frozen; then `a` said why, but the bar still
    read "a Activate Cancel a spell   x Discard Cancel a spell". Only x is
    offered, the prompt says why, a says so too, and x discards."""
    from tests.screen_kit import record_notices

    state = attrs.evolve(full_state(step=Step.WIZARD), **table,
                         offer=(Spell(kind), None, None, None))
    update = make_update(state)
    assert Activate(0) not in update.legal and Discard(0) in update.legal
    table = FakePort()
    app = ScreenApp(update, table)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        text = screen_text(app)
        name = str(Spell(kind))
        assert f"Activate {name}" not in text, text
        assert f"x Discard {name}" in text, text
        prompt = " ".join(app.screen.prompt_words().split())
        assert f"{name} would have no effect now ({why}): only x discards it." in prompt, prompt
        await pilot.press("a")
        await pilot.pause()
        assert table.submitted == []
        assert notices == [f"{name} would have no effect now ({why}): x discards it."], notices
        await pilot.press("x")
        await pilot.pause()
        assert table.submitted == [(0, Discard(0))]


async def test_a_spell_that_can_act_is_offered_to_activate_and_discard():
    """The same spell with something to act on: both choices, as before."""
    state = attrs.evolve(full_state(step=Step.WIZARD),
                         offer=(Spell(SpellKind.CANCEL), None, None, None))
    _, text = await run(make_update(state))
    name = str(Spell(SpellKind.CANCEL))
    assert f"a Activate {name}" in text and f"x Discard {name}" in text, text
    assert "then a/↵ activate, x discard." in " ".join(text.split()), text
    assert "no effect" not in text, text


@pytest.mark.parametrize(
    ("casting", "keys", "action"),
    [
        (Spell(SpellKind.ATTACK_MINUS_2), ["3"], TargetKnight(2)),
        (Spell(SpellKind.ATTACK_MINUS_2), ["down", "enter"], TargetKnight(2)),
        # a lowering spell starts on the next knight, not the caster
        (Spell(SpellKind.ATTACK_MINUS_2), ["enter"], TargetKnight(1)),
        (Spell(SpellKind.ATTACK_MINUS_2), ["up", "enter"], TargetKnight(0)),
        (Spell(SpellKind.SWAP_HIDDEN), ["enter"], TargetKnight(1)),  # not yourself
        (Spell(SpellKind.SWAP_HIDDEN), ["1", "4"], TargetKnight(3)),
        (Spell(SpellKind.SWAP_DECK), ["enter"], TargetWeapon(w("R6"))),
        (Spell(SpellKind.SWAP_DECK), ["right", "enter"], TargetWeapon(w("B3"))),
        (Spell(SpellKind.SWAP_DECK), ["3"], TargetWeapon(w("Y2"))),
        (Spell(SpellKind.CANCEL), ["2"], TargetSpell(1)),
        (Spell(SpellKind.CANCEL), ["enter"], TargetSpell(0)),
    ],
)
async def test_target_keys(casting, keys, action):
    update = make_update(full_state(step=Step.TARGET, casting=casting))
    submitted, text = await run(update, keys=keys)
    assert submitted == [(0, action)]
    assert action in update.legal
    assert casting.name in text


async def test_nothing_is_offered_on_someone_elses_turn():
    update = make_update(full_state(turn=2), thinking=2)
    assert update.legal == ()
    submitted, text = await run(update, keys=["1", "w", "a", "x", "m", "enter", "2"])
    assert submitted == []
    assert "Cyd's turn" in text and "thinking…" in text


async def test_mouse_picks_a_spell_then_an_action():
    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        market = app.screen.query_one("#bq-market", Market)
        # Row 4 (the blue spell) sits on the content line 3, under the top rule.
        await pilot.click(market, offset=(6, 1 + 3))
        await pilot.pause()
        assert market.highlighted == 3
        assert table.submitted == []
        await pilot.click("#bq-actions", offset=(4, 0))
        await pilot.pause()
    assert table.submitted == [(0, Activate(3))]


async def test_mouse_picks_a_target_knight():
    table = FakePort()
    update = make_update(full_state(step=Step.TARGET, casting=Spell(SpellKind.ATTACK_PLUS_2)))
    app = ScreenApp(update, table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        knights = app.screen.query_one("#bq-knights", PickList)
        await pilot.click(knights, offset=(8, 1 + 2))
        await pilot.pause()
    assert table.submitted == [(0, TargetKnight(2))]


# -- what the screen shows ------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
@pytest.mark.parametrize("step", [Step.CHOOSE, Step.WIZARD])
async def test_other_hidden_cards_are_never_rendered(size, step):
    _, text = await run(make_update(full_state(step=step)), size=size)
    for code in others_hidden(0):
        assert code not in text
    assert f"({HIDDEN[0]})" in text  # your own hidden card, face down
    assert "▒▒" in text  # the others' card backs


@pytest.mark.parametrize(
    ("size", "title", "foot"),
    [
        ((80, 24), f"Your weapons  ({HIDDEN[0]}) only you see it", ""),
        # drawn large, a face-down card is a dashed box; the title has no room
        ((120, 36), "Your weapons", f"dashed {HIDDEN[0]}: only you see it"),
    ],
    ids=["80x24", "120x36"],
)
async def test_hand_border_names_your_face_down_weapon(size, title, foot):
    """BQ §Setting up a round 3: the hidden weapon is dealt face down, only
    its owner sees it. The hand's border said "(..) face down", which a new
    player could not read: it names the card and what face down means."""
    app = ScreenApp(make_update(full_state()), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#bq-hand")
        assert (str(hand.border_title), str(hand.border_subtitle or "")) == (title, foot)
        assert "(..)" not in screen_text(app)
        assert title in screen_text(app) and foot in screen_text(app)


@pytest.mark.parametrize(
    ("size", "title", "foot"),
    [
        # counted: the hand's line below names them (the duel's play-test
        # read them twice); never an empty "( )" (an earlier play-test)
        ((80, 24), "Your weapons  2 face down, yours alone", ""),
        ((120, 36), "Your weapons", "dashed: only you see them"),
    ],
    ids=["80x24", "120x36"],
)
async def test_hand_border_with_several_face_down_weapons(size, title, foot):
    """BQ-29: at night every weapon after the hidden one lies face down, seen
    by its owner only; the border speaks of them all."""
    state = full_state()
    ann = attrs.evolve(state.knights[0], night=(Hidden(w("G2"), frozenset({0})),))
    state = attrs.evolve(state, knights=(ann, *state.knights[1:]))
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#bq-hand")
        assert (str(hand.border_title), str(hand.border_subtitle or "")) == (title, foot)


@pytest.mark.parametrize(
    ("size", "knowers", "title", "foot"),
    [
        ((80, 24), {1}, f"Your weapons  ({HIDDEN[0]}) {NAMES[1]} knows it too", ""),
        ((120, 36), {1}, "Your weapons", f"dashed {HIDDEN[0]}: {NAMES[1]} knows it too"),
        # two names do not fit in the title's room at 80x24: without names
        ((80, 24), {1, 2}, f"Your weapons  ({HIDDEN[0]}) others know it", ""),
        ((120, 36), {1, 2}, "Your weapons", f"dashed {HIDDEN[0]}: others know it"),
    ],
    ids=["80x24", "120x36", "two-others-80x24", "two-others-120x36"],
)
async def test_hand_border_says_who_else_knows_your_face_down_weapon(size, knowers, title, foot):
    """BQ-24, BQ-29, BQ-42: after a "Swap hidden" the knight the card came
    from still knows it (an Owl's look too): the border said "only you see
    it", which was untrue; it names who else knows it."""
    state = full_state()
    ann = state.knights[0]
    hidden = Hidden(ann.hidden.weapon, frozenset({0, *knowers}))
    state = attrs.evolve(state, knights=(attrs.evolve(ann, hidden=hidden), *state.knights[1:]))
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#bq-hand")
        assert (str(hand.border_title), str(hand.border_subtitle or "")) == (title, foot)
        text = screen_text(app)
        assert "only you see" not in text and title in text and foot in text


async def test_hand_border_at_night_names_the_weapon_another_knows():
    """BQ-29: at night, the hidden card swapped (known to Bram) beside a
    night card only Ann has seen: the border names the one Bram knows."""
    state = full_state()
    ann = state.knights[0]
    ann = attrs.evolve(ann, hidden=Hidden(ann.hidden.weapon, frozenset({0, 1})),
                       night=(Hidden(w("G2"), frozenset({0})),))
    state = attrs.evolve(state, knights=(ann, *state.knights[1:]))
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one("#bq-hand")
        assert str(hand.border_title) == f"Your weapons  ({HIDDEN[0]}) {NAMES[1]} knows it too"


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
async def test_spectator_sees_no_hidden_card(size):
    _, text = await run(make_update(full_state(), seat=None), size=size)
    for code in HIDDEN.values():
        assert code not in text
    assert "spectating" in text


async def test_another_viewer_sees_their_own_card_only():
    state = full_state(turn=1, step=Step.WIZARD)
    _, text = await run(make_update(state, seat=1), size=(120, 36))
    assert f"({HIDDEN[1]})" in text
    for code in others_hidden(1):
        assert code not in text


async def test_strength_shown_to_its_owner_only():
    _, text = await run(make_update(full_state()), size=(80, 24))
    # Ann: R6 B3 Y2 = 11 against 19 - 1 = 18 HP.
    assert "= 11" in text and "18 HP" in text
    assert "7 short" in text


async def test_a_perfect_strength_says_so_once():
    """BQ: a strength equal to the Boss's HP is perfect. Ann's R6 B3 Y2 and
    an R7 make 18 against 19 - 1 = 18 HP: the caption says it once, not
    "= 18 = 18 HP" (read as a sum by a new player)."""
    state = full_state()
    ann = attrs.evolve(state.knights[0], visible=state.knights[0].visible + (w("R7"),))
    state = attrs.evolve(state, knights=(ann,) + state.knights[1:],
                         weapon_deck=tuple(x for x in state.weapon_deck if x != w("R7")))
    _, text = await run(make_update(state), size=(80, 24))
    assert "= 18, the Boss's HP: perfect" in text
    assert "= 18 =" not in text


@pytest.mark.parametrize("size", SIZES)
async def test_the_strength_line_warns_of_a_condition_not_met(size):
    """BQ §Spell effects, BQ-8: a knight without the colour a spell needs
    is out of the round, however close. The play-test: Ann read "= 16,
    the Boss's HP: perfect" with Need Red in play and no red weapon, then
    was put out. At 18 against 18 HP with Need Purple in play and no purple,
    the line says why she is out, not "perfect"; short with Need 2 of a
    colour and no pair, it says so after the shortfall. The hand breaks the
    line between words (it was cut at the panel's edge)."""
    from tui.widgets import Hand

    async def hand_text(state):
        app = ScreenApp(make_update(state), FakePort())
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            hand = app.screen.query_one("#bq-hand", Hand)
            lines = [line if isinstance(line, Text) else Text.assemble(*line)
                     for line in hand.content_lines()]
            assert all(line.cell_len <= hand.content_region.width for line in lines)
            return " ".join(" ".join(line.plain.split()) for line in lines)

    state = full_state()
    ann = attrs.evolve(state.knights[0], visible=state.knights[0].visible + (w("R7"),))
    purple = ActiveSpell(Spell(SpellKind.NEED_COLOUR, Colour.PURPLE))
    state = attrs.evolve(state, knights=(ann,) + state.knights[1:], active=state.active + (purple,),
                         weapon_deck=tuple(x for x in state.weapon_deck if x != w("R7")))
    text = await hand_text(state)
    assert "= 18, the Boss's HP — but no Purple weapon: Need Purple puts you out" in text, text
    assert "perfect" not in text
    pair = ActiveSpell(Spell(SpellKind.NEED_PAIR))
    state = full_state()
    text = await hand_text(attrs.evolve(state, active=state.active + (pair,)))
    assert ("= 11 (7 short) — but no two weapons of a colour: Need 2 of a colour puts you out"
            in text), text


def with_hidden_potion(hidden: str = "±2", *visible: str):
    """Ann's hidden card a potion not read yet (BQ-31: read at combat)."""
    state = full_state()
    ann = state.knights[0]
    potion = Weapon(None, int(hidden[1:]))
    ann = attrs.evolve(ann, hidden=Hidden(potion, frozenset({0})),
                       visible=tuple(w(c) for c in visible) or ann.visible)
    used = {potion, *ann.visible}
    deck = tuple(x for x in state.weapon_deck if x not in used) + (w(HIDDEN[0]),)
    return attrs.evolve(state, options=Options(potions=True),
                        knights=(ann,) + state.knights[1:], weapon_deck=deck)


@pytest.mark.parametrize(
    ("visible", "caption", "wrong"),
    [
        # B3 Y2 = 5 and ±2 to read against 18 HP: 3 or 7, never "= 3" (the
        # lower reading the rules count it at until combat).
        ((), "= 5 + ? (11 or 15 short)", "= 3"),
        # 17 + ±2: 15 or 19
        (("R7", "B7", "Y3"), "= 17 + ? (3 short or 1 over)", "= 15"),
        # 20 + ±2: read -, the HP exactly
        (("R7", "B7", "Y6"), "= 20 + ? (perfect or 4 over)", "= 18"),
        # 21 + ±2: over with either reading
        (("R7", "B7", "Y7"), "= 21 + ? > 18: over!", "= 19"),
    ],
)
async def test_an_unread_potion_shows_as_unknown_in_the_total(visible, caption, wrong):
    _, text = await run(make_update(with_hidden_potion("±2", *visible)), size=(80, 24))
    assert caption in text
    assert wrong not in text


def reading_a_potion():
    """Ann has just received the ±2 face up and must read it (BQ-31)."""
    state = full_state()
    ann = state.knights[0]
    potion = Weapon(None, 2)
    ann = attrs.evolve(ann, visible=ann.visible + (potion,))
    return attrs.evolve(state, options=Options(potions=True), knights=(ann,) + state.knights[1:],
                        weapon_deck=tuple(x for x in state.weapon_deck if x != potion),
                        phase=Phase.READ_POTION, reader=0, resume="draw", to_draw=1)


@pytest.mark.parametrize(("potions", "said"), [
    (False, "No potions in this match"), (True, "No potion to read now")])
async def test_plus_or_minus_with_no_potion_to_read_says_so(potions, said):
    """+ and - read a potion (BQ §Potions); pressed when none is being read
    they did nothing at all."""
    state = full_state()
    state = attrs.evolve(state, options=Options(potions=potions))
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("plus")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        submitted = app.game_screen.port.submitted
    assert submitted == []
    assert any(note.startswith(said) for note in notes), notes


@pytest.mark.parametrize("key", ["w", "4", "1", "a", "x", "m", "o", "e"])
async def test_a_turns_key_while_a_potion_is_read_says_to_read_it_first(key):
    """BQ-31: a face-up potion is read as it arrives, before anything else
    happens. The play-test: w, 4 and a then did nothing and said nothing."""
    state = reading_a_potion()
    state = attrs.evolve(state, options=Options(potions=True, companions=True))
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        submitted = app.game_screen.port.submitted
    assert submitted == []
    assert any(n.startswith("Read your potion ±2 first: + or -") for n in notes), notes


@pytest.mark.parametrize("key", ["w", "f", "a", "x", "m", "o", "e", "escape", "plus"])
@pytest.mark.parametrize("undo", [False, True])
async def test_a_turns_key_while_a_spells_target_is_chosen_says_to_choose_it_first(key, undo):
    """BQ §2B: an activated spell takes its target before the turn goes on.
    The play-test (Attack +1's knight to choose): f and Esc did nothing and
    said nothing, and w spoke of going to the Wizard, where the knight was."""
    state = attrs.evolve(full_state(step=Step.TARGET, casting=Spell(SpellKind.ATTACK_PLUS_2)),
                         options=Options(companions=True))
    app = ScreenApp(attrs.evolve(make_update(state), can_undo=undo), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        submitted = app.game_screen.port.submitted
    assert submitted == []
    said = "Choose the knight for Attack +2 first: ↑↓ Enter or 1-4"
    said += "; u takes the spell back." if undo else "."
    assert notes == [said], notes


@pytest.mark.parametrize(
    ("keys", "sign"),
    [(["plus"], 1), (["minus"], -1), (["right", "enter"], 1), (["right", "right", "enter"], -1)],
)
async def test_each_reading_of_a_potion_has_its_own_key(keys, sign):
    update = make_update(reading_a_potion())
    assert set(update.legal) == {ReadPotion(1), ReadPotion(-1)}
    submitted, text = await run(update, keys=keys)
    assert submitted == [(0, ReadPotion(sign))]
    # The bar names each reading's key, not Enter twice.
    assert "+ Read it +" in text and "- Read it -" in text
    assert "↵ Read it" not in text


async def test_an_enter_does_not_read_a_potion_for_good_bq54():
    """BQ §Potions: "They cannot change it afterward" (BQ-54: not taken
    back). Play-test: "2", then Enter to put the eyes-only box away, and
    that Enter read the ±3 arriving face up as +3 ("Read it +" was
    highlighted). Nothing is highlighted: Enter reads nothing and says
    which keys do, until + or - (or the arrows) pick one."""
    from tui.widgets.actionbar import ActionBar

    app = ScreenApp(make_update(reading_a_potion()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#bq-actions", ActionBar)
        assert bar.cursor == -1
        await pilot.press("enter")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert app.game_screen.port.submitted == []
        assert bar.cursor == -1
        assert notes == ["A potion's reading is for good: press + or - to read it "
                         "(Enter reads nothing)."], notes
        await pilot.press("minus")
        await pilot.pause()
        assert app.game_screen.port.submitted == [(0, ReadPotion(-1))]


async def test_the_potion_prompt_names_the_face_up_potion_being_read():
    """BQ-31: a face-up potion is read as it arrives; a hidden one waits for
    combat. With a hidden ±2 and the ±3 just received face up, + reads the
    ±3: the prompt named the hidden ±2."""
    state = with_hidden_potion("±2")
    ann = state.knights[0]
    potion = Weapon(None, 3)
    ann = attrs.evolve(ann, visible=ann.visible + (potion,))
    state = attrs.evolve(state, knights=(ann,) + state.knights[1:],
                         weapon_deck=tuple(x for x in state.weapon_deck if x != potion),
                         phase=Phase.READ_POTION, reader=0, resume="draw", to_draw=1)
    _, text = await run(make_update(state))
    assert "Your potion ±3: read it" in text, text
    assert "Your potion ±2" not in text


async def test_no_one_is_shown_over_the_hp():
    """BQ-6: Bob's weapons pass the Boss's HP; nothing on Ann's screen says so."""
    state = full_state(history=False)
    bob = attrs.evolve(state.knights[1], visible=(w("R5"), w("P1"), w("B2"), w("R7")))
    state = attrs.evolve(state, knights=(state.knights[0], bob, *state.knights[2:]))
    for size in SIZES:
        _, text = await run(make_update(state), size=size)
        assert "over" not in text.lower()


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
async def test_last_combat_is_shown(size):
    _, text = await run(make_update(full_state()), size=size)
    assert "round 1" in text
    assert "★ Cyd" in text


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_a_past_combat_names_knights_without_the_away_mark(size):
    """The play-test: "Combats so far" and "Last combat" said "Bob (away)"
    for a knight away when drawn, kept after he came back, and at 80x24 the
    longer name wrapped another knight's line. Away-ness is the table's now,
    not part of a finished combat."""
    update = attrs.evolve(make_update(full_state()),
                          names=("Ann", "Bob (away)", "Cyd (away)", "Dee"))
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=size) as pilot:
        for _ in range(20):  # the box is fitted again after its first frame
            await pilot.pause()
            region = app.screen.query_one("#bq-last-main" if size[0] == 160 else "#bq-last").region
            lines = screen_text(app).splitlines()[region.y:region.bottom]
            text = "\n".join(line[region.x:region.right] for line in lines)
            if "Bob" in text:
                break
    assert "Bob" in text and "Cyd" in text, text
    assert "(away)" not in text, text


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_last_combats_title_reads_whole_at_every_size(size):
    """Play-test: at 120x40 and 200x60 the panel's title read "Last combat ·
    c opens the last", which looked cut off; at 80x24 "Last combat: round 1
    · c opens it". One combat so far: the same words at every size."""
    app = ScreenApp(make_update(full_state()), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        text = screen_text(app)
    assert "Last combat: round 1 · c opens it" in text, text
    assert "c opens the last" not in text, text


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=["80x24", "160x45"])
async def test_c_opens_the_last_combat_again(size):
    """The play-test: a combat box up when the host stopped did not come
    back; the players landed on the next round with the short "Last combat"
    (no weapons nor "Spells that changed it" at 80x24). `c` opens the last
    combat's box again, at any time; the panel's title says so."""
    app = ScreenApp(make_update(full_state()), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert not screen.holds_the_table
        panel = screen.query_one("#bq-last-main" if size[0] == 160 else "#bq-last")
        assert "· c opens" in str(panel.border_title), panel.border_title
        await pilot.press("c")
        await pilot.pause()
        assert screen.holds_the_table
        text = screen_text(app)
        assert "Combat: round 1" in text and "Enter, space or Escape" in text, text
        assert "[P7] [R7] [B4]" in text  # Bob's weapons, which 80x24's panel leaves out
        await pilot.press("enter")
        await pilot.pause()
        assert not screen.holds_the_table
        await pilot.press("1")  # the table's keys are back
        await pilot.pause()
        assert screen.port.submitted == [(0, Ask(1))]


async def test_c_before_any_combat_says_when_the_first_comes():
    state = full_state(history=False)
    app = ScreenApp(make_update(state), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("c")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert not app.game_screen.holds_the_table
    assert any(n.startswith("No combat yet") for n in notes), notes


# -- snapshots ------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
def test_snapshot_choose(snap_compare, size):
    assert snap_compare(ScreenApp(make_update(full_state())), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
def test_snapshot_wizard(snap_compare, size):
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)))
    assert snap_compare(app, terminal_size=size, press=["down"])


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
def test_snapshot_target(snap_compare, size):
    update = make_update(full_state(step=Step.TARGET, casting=Spell(SpellKind.SWAP_DECK)))
    assert snap_compare(ScreenApp(update), terminal_size=size)


async def test_game_over_shows_the_score_pad():
    from core.bossquest.state import Phase

    state = full_state()
    cyd = attrs.evolve(state.knights[2], keys=5)
    state = attrs.evolve(state, phase=Phase.OVER, turn=None,
                         knights=(*state.knights[:2], cyd, state.knights[3]))
    submitted, text = await run(make_update(state), size=(80, 24), keys=["1", "w", "a"])
    assert submitted == []
    assert "Cyd frees the Princess" in text
    # the way back to the results (and the rematch), as in the other games
    assert "(r: rematch · b: the results · q: home)" in " ".join(text.split())
    assert "★ Cyd" in text and "Keys" in text and "Hearts" in text


# -- whose view this is -----------------------------------------------------------


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
@pytest.mark.parametrize("seat", [0, 1, None])
async def test_header_and_knights_say_whose_view_it_is(size, seat):
    """Hot-seat play: the header names the seat whose view the screen shows,
    and the knights panel marks that knight "(you)"; the public view says
    "spectating" and marks nobody."""
    update = attrs.evolve(make_update(full_state(), seat=seat), bots=frozenset())
    _, text = await run(update, size=size)
    header, *rest = text.splitlines()
    body = "\n".join(rest)
    if seat is None:
        assert "spectating" in header
        assert "(you)" not in body
    else:
        name = ("Ann", "Bob")[seat]
        assert f"Boss Quest · {name}'s view · Round 2" in header
        marked = [row for row in rest if "(you)" in row]
        assert len(marked) == 1 and f"{name} (you)" in marked[0]


async def test_header_keeps_the_viewer_when_names_are_long():
    """At 80x24 with long names the header says the Armorer "⚒ Wilhelmina"
    and the deck without "weapons" before it gives up anything, never whose
    view it is nor the deck (a knight asks for no more weapons than it
    holds: play-test, 2026-12-04), and stays one line."""
    update = attrs.evolve(make_update(full_state()),
                          names=("Maximiliana", "Bartholomew", "Cyd", "Wilhelmina"))
    from core.bossquest import GAME

    _, text = await run(update)
    header = text.splitlines()[0].rstrip()
    left = GAME.deck_size(update.view)
    assert header == (" Boss Quest · Maximiliana's view · Round 2 · ⚒ Wilhelmina · 5 ⚷ win"
                      f" · Deck: {left}")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
async def test_header_keeps_the_games_name_at_80_columns(players):
    """Play-test: at 80 columns the header dropped "Boss Quest ·" in long
    rounds (the FINAL TURN! of BQ §Spell cards, two-digit rounds, four-letter
    names). The Armorer becomes "⚒ Edda", the deck loses "weapons", then
    the keys to win (BQ §Course of the game) give way, before the game's
    name; whose view it is, the round and the deck (BQ-10's known top too)
    stay. Rounds 1 and late ones, 2-6 knights, with the extensions on."""
    from core.bossquest import GAME
    from core.bossquest.state import PUBLIC, Ulul

    options = Options(ulul=Ulul.NIGHT, potions=True, companions=True, final_boss=True)
    base = GAME.setup(players, options)
    names = ("Ann", "Bram", "Cora", "Dee", "Edda", "Finn")[:players]
    app = ScreenApp(make_update(base))
    async with app.run_test(size=(80, 24)) as pilot:
        for round_, final, top in ((1, False, False), (1, True, False), (9, True, False),
                                   (14, True, False), (14, False, True), (9, False, True)):
            state = attrs.evolve(
                base, round=round_, final_turn=final, armorer=players - 2,
                deck_top=(Hidden(Weapon(Colour.BLUE, 6), frozenset({PUBLIC})),) if top else ())
            for seat in (players - 1, None):
                update = attrs.evolve(make_update(state, seat=seat), names=names,
                                      bots=frozenset())
                app.game_screen.show(update)
                await pilot.pause()
                header = screen_text(app).splitlines()[0].rstrip()
                case = (round_, final, top, seat, header)
                assert header.startswith(" Boss Quest · "), case
                assert len(header) <= 79 and "…" not in header, case
                viewer = "spectating" if seat is None else f"{names[seat]}'s view"
                assert f" · {viewer} · " in header and f"Round {round_} · " in header, case
                assert names[players - 2] in header, case
                assert ("FINAL TURN!" in header) is final, case
                assert ("(top: B6)" in header) is top and "Deck: " in header, case


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_knight_played_by_a_bot_says_so_in_the_status_not_a_cut_name(size):
    """Play-test (shared table, 80x24): after Bob left for good his row read
    "bob (left — bot" (the mark cut in the name's cell). The name stays the
    name; who plays the seat is its status, in the lobby's and README's
    words: "left — bot playing", "away — bot playing", "away" (README
    play-test: the status read "bot (away)" where everyone else, and the
    README, say "away — bot playing")."""
    names = ("Ann", "Bob (left — bot playing)", "Cyd (away — bot playing)", "Dee (away)")
    update = attrs.evolve(make_update(full_state()), names=names)
    _, text = await run(update, size=size)
    rows = {name: line for line in text.splitlines() if re.search(r"♥\d ⚷\d", line)
            for name in ("Bob", "Cyd", "Dee") if f" {name} " in line}
    assert set(rows) == {"Bob", "Cyd", "Dee"}, text
    assert "left — bot playing" in rows["Bob"] and "away — bot playing" in rows["Cyd"], rows
    assert "away" in rows["Dee"], rows
    assert not any("bot (" in line for line in rows.values()), rows
    assert not any("(left —" in line or "(away —" in line for line in rows.values()), rows


@pytest.mark.parametrize("size", [(80, 24), (100, 24)])  # (taller: the cards go under)
async def test_the_knights_cards_stay_in_line_beside_a_long_status(size):
    """A play-test (80x24): "away — bot playing" pushed that knight's cards
    to the right of the others' rows, harder to compare. The status
    column is as wide as its longest: every row's cards start alike."""
    names = ("Ann", "Bob", "Cyd (away — bot playing)", "Dee")
    update = attrs.evolve(make_update(full_state()), names=names)
    _, text = await run(update, size=size)
    rows = [line for line in text.splitlines() if re.search(r"♥\d ⚷\d", line)]
    assert len(rows) == 4 and "away — bot playing" in rows[2], text
    starts = {re.search(r"[\[(](▒▒|[A-Z]\d)[\])]", line).start() for line in rows}
    assert len(starts) == 1, "\n".join(rows)


# -- undo -----------------------------------------------------------------------


@pytest.mark.parametrize("can_undo", [True, False])
async def test_u_always_asks_to_undo_for_a_person(can_undo):
    """u sends the undo whether or not it can go back (the table shows the
    session's refusal with its reason); Undo leaves the footer when it
    cannot (tests/test_tui_undo_footer.py, every game)."""
    port = FakePort()
    app = ScreenApp(attrs.evolve(make_update(full_state()), can_undo=can_undo), port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        active = app.game_screen.active_bindings["u"]
        assert active.binding.action == ("undo" if can_undo else "undo_anyway")
        assert active.binding.show is can_undo
        await pilot.press("u")
        await pilot.pause()
    assert port.undos == 1


async def test_u_sends_nothing_for_a_spectator():
    port = FakePort()
    app = ScreenApp(make_update(full_state(), seat=None), port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("u")
        await pilot.pause()
    assert port.undos == 0


async def test_a_combat_comes_up_over_the_table_and_holds_the_keys_until_put_away():
    # A combat shows in a layer of the game screen, not a dialog screen of
    # its own (a dialog laid out and repainted the whole table twice: docs/
    # performance.md, "SSH load"); it still holds the keys: the table's own
    # keys do nothing until Enter, space or Escape puts it away, and a
    # second combat waits its turn behind the first.
    first = full_state()
    second = attrs.evolve(first, history=first.history + (
        attrs.evolve(first.history[0], round=2, boss=18),))
    app = ScreenApp(make_update(full_state(history=False)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen.show(make_update(first))
        await pilot.pause()
        assert app.screen is screen and screen.holds_the_table
        assert app.focused is screen.query_one("#bq-combat")
        assert "Combat: round 1" in screen_text(app)
        screen.show(make_update(second))  # round 2 ends before round 1 is put away
        await pilot.pause()
        assert "Put the combat away first" not in screen_text(app)
        for key in ("1", "w", "u"):  # the table's keys: refused while it is up
            await pilot.press(key)
        assert app.port.commands == []
        assert "Combat: round 1" in screen_text(app)
        assert "Put the combat away first: Enter" in screen_text(app)  # and says so
        await pilot.press("space")
        await pilot.pause()
        assert screen.holds_the_table and "Combat: round 2" in screen_text(app)
        assert "Put the combat away first" not in screen_text(app)  # the next one: plain
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.holds_the_table and "Combat: round" not in screen_text(app)
        assert app.focused is screen.query_one("#bq-actions")
        await pilot.press("1")  # the table's keys work again
        assert [c.action for c in app.port.commands] == [Ask(1)]


def two_rounds_played():
    """Round 3: two combats in the history, the second with a spell."""
    state = full_state()
    first = state.history[0]
    second = attrs.evolve(first, round=2, boss=19, hp=18,
                          spells=(ActiveSpell(Spell(SpellKind.HP_MINUS_1)),))
    return attrs.evolve(state, round=3, history=(first, second))


@pytest.mark.parametrize(("size", "roomy"), [((160, 48), True), ((120, 36), False),
                                             ((80, 24), False)])
async def test_a_large_terminal_fills_the_column_with_the_combats_so_far(size, roomy):
    """Play-test at 160x48: under the knights the main column stood empty
    (20 rows and more). There the combats so far, the last first, with the
    spells that changed them, fill it under the decision (which follows the
    knights); the log has the side to itself. Smaller terminals keep the
    last combat beside."""
    app = ScreenApp(make_update(two_rounds_played()), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        main = screen.query_one("#bq-last-main")
        side = screen.query_one("#bq-last")
        assert main.display is roomy and side.display is not roomy
        text = screen_text(app)
        if roomy:
            assert "Combats so far (2), the last first" in text
            assert text.index("Round 2 · Boss 18 HP (card 19, spells -1)") < text.index(
                "Round 1 · Boss 17 HP (card 16, spells +1)")
            assert "○ Boss HP -1" in text and "No spell changed it." in text
            # the decision right under the knights, the combats under it as
            # tall as they are, at most down to the column's foot (then they
            # scroll): no panel stretched over empty rows
            decide = screen.query_one("#bq-decide").region
            assert screen.query_one("#bq-knights").region.bottom == decide.y
            assert decide.bottom == main.region.y
            foot = screen.query_one("#bq-main").region.bottom
            assert main.region.height == main.virtual_size.height + 2 or main.region.bottom == foot
        else:
            assert "Last combat: round 2" in text


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x36"])
async def test_after_swap_hidden_only_the_two_knights_see_the_cards(size):
    """BQ §Spell effects (Swap hidden) with BQ-24, on the screen: Ann swaps
    her hidden R6 for Cyd's P4. Each of them sees the card received (face
    down, their own) and may still know the one given; Dee's screen (and a
    spectator's) shows neither card, and nobody sees Bob's."""
    from core.bossquest import GAME

    state = full_state(step=Step.TARGET, casting=Spell(SpellKind.SWAP_HIDDEN))
    state = GAME.apply(state, 0, TargetKnight(2))
    assert state.knights[0].hidden.weapon == w("P4")
    _, ann = await run(make_update(state, seat=0), size=size)
    assert f"({HIDDEN[2]})" in ann and HIDDEN[1] not in ann and HIDDEN[3] not in ann
    _, cyd = await run(make_update(state, seat=2), size=size)
    assert f"({HIDDEN[0]})" in cyd and HIDDEN[1] not in cyd and HIDDEN[3] not in cyd
    for seat in (3, None):
        _, text = await run(make_update(state, seat=seat), size=size)
        assert HIDDEN[0] not in text and HIDDEN[2] not in text and HIDDEN[1] not in text


async def test_a_knight_with_many_weapons_still_shows_its_spells_and_total():
    """At 80 columns a knight's row with seven face-up weapons and a dark
    spell on it once ended "●Atk+…": closed up, the cards still left no room.
    The spell and what the knight shows then go on a line under its cards."""
    from core.bossquest import GAME

    state = full_state()
    many = (w("R5"), w("P1"), w("B2"), w("Y1"), w("R2"), w("B1"), w("P3"))
    bea = attrs.evolve(state.knights[1], visible=many)
    state = attrs.evolve(state, knights=(state.knights[0], bea, *state.knights[2:]))
    view = make_update(state).view
    shows = f"shows {GAME.visible_strength(view, 1)}+?"
    _, text = await run(make_update(state))
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "[R5][P1][B2]" in line)
    assert "…" not in lines[row]
    assert "●Atk+1" in lines[row + 1] and shows in lines[row + 1], lines[row:row + 2]
    # the other knights' rows are still there, one line each
    assert sum(f"{h}" in text for h in ("♥3 ⚷1", "♥2 ⚷0", "♥3 ⚷2", "♥1 ⚷0")) == 4


def test_the_combat_summary_names_the_boss_as_the_boss_panel_does():
    """BQ-47's combat summary began "Boss 17, 17 HP with spells" (the card,
    then the HP after spells) even when no spell changed it, which read as
    two Bosses. It reads as the Boss panel: "Boss 17 HP", and the card and
    the spells' change only when they differ."""
    from core.bossquest.state import RoundResult
    from tui.screens.bossquest import combat_text

    result = full_state().history[0]  # card 16, 17 HP with the round's spells
    assert isinstance(result, RoundResult) and (result.boss, result.hp) == (16, 17)
    names = "Ann Bob Cyd Dee".split()
    first = combat_text(result, lambda s: names[s], weapons=False).plain.split("\n")[0]
    assert first == "Boss 17 HP (card 16, spells +1)"
    same = attrs.evolve(result, hp=16)
    assert combat_text(same, lambda s: names[s], weapons=False).plain.split("\n")[0] == "Boss 16 HP"


async def test_a_knight_whose_weapons_are_all_turned_up_shows_the_total():
    """Play-test: after combat turned every hidden weapon up, the knights'
    rows still read "shows 14+?": the "?" was face up. A knight with every
    weapon face up (and read) shows the total; one with a face-down weapon
    still shows what the others can count, "+?"."""
    from core.bossquest import GAME
    from core.bossquest.state import PUBLIC

    state = full_state()
    bram = state.knights[1]
    bram = attrs.evolve(bram, hidden=Hidden(bram.hidden.weapon, frozenset({1, PUBLIC})))
    state = attrs.evolve(state, knights=(state.knights[0], bram) + state.knights[2:])
    update = make_update(state)
    total = GAME.strength(update.view, 1)
    assert total is not None
    _, text = await run(update, size=(80, 24))
    row = next(line for line in text.splitlines() if "Bob " in line and "♥" in line)
    assert f"shows {total}" in row and f"shows {total}+?" not in row, row
    assert "+?" in text  # the others' hidden weapons are still face down


@pytest.mark.parametrize(("kind", "arrows", "moves"), [
    (SpellKind.SWAP_DECK, "←→", "Left / Right arrow"),  # your weapons: a row
    (SpellKind.ATTACK_PLUS_2, "↑↓", "Up / Down arrow"),  # the knights: a list
])
async def test_a_spells_target_is_chosen_with_the_arrows_of_its_layout(kind, arrows, moves):
    """Play-test: "Swap with deck: choose one of your weapons (↑↓ + Enter,
    ...)" over weapons laid out in a row, where ←→ is the natural key (both
    work). The prompt, a turn's key pressed meanwhile and F1 name the
    arrows of the layout."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    app = ScreenApp(make_update(full_state(step=Step.TARGET, casting=Spell(kind))), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = " ".join(app.game_screen.query_one("#bq-prompt").render().plain.split())
        assert f"({arrows} + Enter, its number or a click)" in prompt, prompt
        await pilot.press("w")
        await wait_for(pilot, lambda: app._notifications)
        said = [n.message for n in app._notifications]
        assert any(f"first: {arrows} Enter or 1-" in note for note in said), said
        await app.push_screen(HelpScreen(app.game_screen))
        await settle(pilot)
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
    keys = rows[:[key for key, _ in rows].index("")]  # the keys of the moment
    moving = [key for key, does in keys if does.startswith("Move ")]
    assert moving == [moves], keys


async def test_a_spell_with_one_possible_target_says_so():
    """Cancel with one spell in play read "choose a spell in play to
    cancel (↑↓ + Enter, its number or a click)" over a list of one."""
    state = attrs.evolve(full_state(step=Step.TARGET, casting=Spell(SpellKind.CANCEL)),
                         active=(ActiveSpell(Spell(SpellKind.HP_MINUS_1)),))
    update = make_update(state)
    assert update.legal == (TargetSpell(0),)
    submitted, text = await run(update)
    text = " ".join(text.split())
    assert "Cancel a spell: only one possible target, Boss HP -1: Enter or 1 chooses it." in text, text
    assert submitted == []
    submitted, _ = await run(update, keys=["enter"])
    assert submitted == [(0, TargetSpell(0))]


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_the_header_names_the_deck_top_when_swap_with_deck_showed_it(size):
    """BQ-10: "Swap with deck" sends a face-up card to the top of the deck,
    so the whole table knows the next weapon. Only the log said so; the
    header read "Deck: 15 weapons" as if the top were unknown."""
    from core import CHANCE
    from core.bossquest import GAME
    from core.bossquest.actions import Activate, DrawWeapon, TargetWeapon
    from tests.bossquest_tables import knight, play, spell, table
    from tests.bossquest_tables import w as tw
    from tests.test_tui_bossquest_fit import update_of

    state = table([knight("Y2", "R7", "B5"), knight("P3", "R5"), knight("Y4", "B6")], boss=16,
                  turn=2, step=Step.WIZARD, offer=(spell(SpellKind.SWAP_DECK),
                                                   spell(SpellKind.HP_PLUS_1),
                                                   spell(SpellKind.HP_MINUS_1)))
    before = state
    state = play(state, 2, Activate(0), TargetWeapon(tw("B6")))
    state = GAME.apply(state, CHANCE, DrawWeapon(tw("R1")))
    for shown, top in ((before, False), (state, True)):
        app = ScreenApp(update_of(shown, seat=1, names=("Ann", "Bram", "Cora")))
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            header = screen_text(app).splitlines()[0]
        # (at 80 columns "weapons" gives way: the game's name stays)
        said = re.search(rf"Deck: {GAME.deck_size(shown)}( weapons)? \(top: B6\)", header)
        assert (said is not None) is top, header


async def test_l_lets_the_keys_scroll_the_log_back():
    """Play-test at 80x24: the log showed its last few lines and PgUp / PgDn
    scrolled the table only: where a "Boss HP -2" came from (a bot's Raven)
    had scrolled away. l puts the arrows and PgUp / PgDn on the log, as in
    Overseers (its title names the key, the footer and F1 list it); Escape
    gives them back to the turn, and a bot's move meanwhile keeps them there."""
    log = tuple(f"Bob asks for {n % 3 + 1} weapons." for n in range(30))
    update = make_update(full_state(), 0, log=log)
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        panel = screen.query_one("#bq-log")
        await pilot.press("z")  # the whole log, not the recap
        await pilot.pause()
        assert panel.border_title == "Log · l to scroll"
        assert panel.max_scroll_y > 0 and round(panel.scroll_y) == panel.max_scroll_y
        assert any(active.binding.key == "l" and active.binding.description == "Log"
                   for active in screen.active_bindings.values())
        before = screen.focused
        await pilot.press("l", "pageup", "up")
        await pilot.pause()
        assert panel.has_focus and round(panel.scroll_y) < panel.max_scroll_y
        screen.show(make_update(full_state(), 0, log=(*log, "Cyd goes to the Wizard.")))
        await pilot.pause()
        assert panel.has_focus
        footer = {active.binding.key: active.binding.description
                  for active in screen.active_bindings.values() if active.binding.show}
        assert footer.get("escape") == "Back to the table"
        await pilot.press("escape")
        await pilot.pause()
        assert not panel.has_focus and screen.focused is before
        assert panel.border_title == "Log · l to scroll"



async def test_l_on_the_recap_reads_the_whole_log_and_escape_goes_back_to_its_end():
    """Play-test: l on the recap ("since your last move") scrolled the
    recap, which has nothing earlier, and its title lost the "z log" hint;
    and after scrolling back, Escape left the log on old lines under its
    usual title, so old moves read as the latest. l shows the whole log
    (as z does); giving the keys back shows its end again."""
    from tests.since_kit import SequenceApp, turns_of_others
    from tui.screens.bossquest import BossQuestScreen

    app = SequenceApp(BossQuestScreen, turns_of_others("boss-quest", 3, 1, skip=2))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        panel = screen.query_one("#bq-log")
        assert panel.recap is not None and panel.recap.shown
        await pilot.press("l")
        await pilot.pause()
        assert panel.has_focus and not panel.recap.shown
        assert "Recap" not in str(panel.border_title)
        await pilot.press("pageup", "up")
        await pilot.pause()
        assert round(panel.scroll_y) < panel.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert not panel.has_focus and panel.border_title == "Log · l to scroll"
        assert round(panel.scroll_y) == panel.max_scroll_y

def test_the_weapons_of_one_ask_are_one_line_in_the_log():
    """Play-test: "Bram receives B3." "Bram receives B4." "Bram receives B1."
    took three of the few log lines at 80x24 for one ask (BQ §2A: the knight
    asks for 1-4 weapons, dealt one by one). A run of one knight's receipts
    is one line; face-down ones (BQ-29, Ul'ul's night) are counted, not named,
    to the others; the line that ends the request keeps its ending."""
    from tui.screens.bossquest import fold_receipts

    assert fold_receipts(["Bram asks for 3 weapons.", "Bram receives B3.", "Bram receives B4.",
                          "Bram receives B1.", "Cyd asks for 1 weapon."]) == [
        "Bram asks for 3 weapons.", "Bram receives B3, B4 and B1.", "Cyd asks for 1 weapon."]
    assert fold_receipts(["You receive R2.", "You receive ±3."]) == ["You receive R2 and ±3."]
    assert fold_receipts(["Bram receives a weapon face down.",
                          "Bram receives a weapon face down and goes to the Wizard."]) == [
        "Bram receives 2 weapons face down, and goes to the Wizard."]
    assert fold_receipts(["You receive B3 face down.", "You receive Y2 face down."]) == [
        "You receive B3 and Y2 face down."]
    combat = "Bram receives B2.\nCombat vs 19 HP: Bram 18."
    assert fold_receipts(["Bram receives B3.", combat]) == [
        "Bram receives B3 and B2.\nCombat vs 19 HP: Bram 18."]
    # one line alone, or another knight's, stays as it is
    assert fold_receipts(["Bram receives B3.", "Cyd receives B4."]) == [
        "Bram receives B3.", "Cyd receives B4."]
    # a receipt that ended a request is not joined to the next request's
    assert fold_receipts(["Bram receives B3 and goes to the Wizard.", "Bram receives B4."]) == [
        "Bram receives B3 and goes to the Wizard.", "Bram receives B4."]


async def test_the_log_panel_shows_one_ask_in_one_line():
    log = ("Round 2: a Boss with 19 HP appears.", "Bob asks for 2 weapons.",
           "Bob receives P1.", "Bob receives B2.")
    _, text = await run(make_update(full_state(), 0, log=log), size=(120, 36), keys=("z",))
    assert "Bob receives P1 and B2." in text and "Bob receives B2." not in text


async def test_an_empty_wizard_slot_says_whether_it_was_activated_or_discarded():
    """Play-test: a spell Bram discarded at the Wizard showed as "— taken —"
    (the log said he discarded it), then as "— gone —", which players found
    unclear. A slot says what became of its spell in the rulebook's words
    (BQ §2B: "activate an available spell card" or "discard" it)."""
    from core.bossquest import GAME
    from core.bossquest.actions import Discard

    # slot 2 was activated earlier this round; Ann discards slot 1's spell
    state = GAME.apply(full_state(step=Step.WIZARD), 0, Discard(0))
    assert state.offer[:2] == (None, None)
    _, text = await run(make_update(state))
    assert "— taken —" not in text and "— gone —" not in text, text
    assert text.count("— discarded —") == 1 and text.count("— activated —") == 1, text
    assert text.index("— discarded —") < text.index("— activated —"), text



async def test_the_mystery_spells_row_says_it_was_discarded_unused_bq15():
    """BQ-15: the mystery spell activated blind that turned out able to do
    nothing (Cancel with no spell in play) is discarded unused. A play-test
    saw its row leave the Wizard's spells unsaid, where a used spell's row
    reads "— activated —" or "— discarded —"."""
    from core import CHANCE
    from core.bossquest import GAME
    from core.bossquest.actions import ActivateMystery, RevealSpell
    from tests.bossquest_tables import knight, play, spell, table

    state = table([knight("Y2", "R7", "B7"), knight("P3", "R5"), knight("Y4", "B6")],
                  boss=16, turn=2, step=Step.WIZARD)
    state = play(state, 2, ActivateMystery())
    _, text = await run(make_update(state, 0))
    assert "Mystery spell" not in text and text.count("— activated —") == 1, text
    state = GAME.apply(state, CHANCE, RevealSpell(spell(SpellKind.CANCEL)))
    _, text = await run(make_update(state, 0))
    assert "Mystery spell" not in text and "— activated —" not in text, text
    assert text.count("— discarded —") == 1, text

# -- where the Wizard's cursor starts ------------------------------------------


async def test_the_wizards_cursor_starts_on_the_first_spell_for_a_new_decision():
    """Play-test (qbq finding 1): the cursor kept the row the last knight (or
    an earlier round) left it on, and sat on the blind mystery spell: Ann
    pressed x and discarded it unseen. A fresh decision at the Wizard (BQ
    §2B) starts on the first spell, never on the mystery."""
    table = FakePort()
    app = ScreenApp(make_update(full_state(step=Step.WIZARD)), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        market = screen.query_one("#bq-market", Market)
        assert market.highlighted == 0
        market.move_to(4)  # Ann looks at the mystery spell, then the turn moves on
        await pilot.pause()
        screen.show(make_update(full_state(turn=2), 0, thinking=2))
        await pilot.pause()
        # another person's view at the Wizard (slot 1 taken meanwhile)
        state = attrs.evolve(full_state(step=Step.WIZARD, turn=2),
                             offer=(None, None, *full_state().offer[2:]))
        screen.show(make_update(state, 2))
        await pilot.pause()
        assert market.highlighted == 2
        market.move_to(4)
        await pilot.pause()
        # a new round, the same person at the Wizard again
        screen.show(make_update(full_state(turn=2), 2, thinking=0))
        await pilot.pause()
        screen.show(make_update(attrs.evolve(state, round=3), 2))
        await pilot.pause()
        assert market.highlighted == 2


async def test_a_spell_taken_back_has_the_cursor_on_it_again():
    """Play-test (qbq finding 1): after a take-back (u) the cursor came back
    one row below the spell taken back (chose 2, back on 3)."""
    table = FakePort()
    first = make_update(full_state(step=Step.WIZARD))
    app = ScreenApp(first, table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        market = screen.query_one("#bq-market", Market)
        await pilot.press("3", "x")  # discards Attack -2, slot 3
        await pilot.pause()
        assert table.submitted == [(0, Discard(2))]
        after = attrs.evolve(full_state(turn=1), offer=(*first.view.offer[:2], None,
                                                          first.view.offer[3]))
        screen.show(make_update(after, 0, thinking=1))
        await pilot.pause()
        screen.show(make_update(full_state(step=Step.WIZARD)))  # taken back
        await pilot.pause()
        assert market.highlighted == 2


async def test_the_wizards_footer_has_no_number_range_with_only_the_mystery_left():
    """BQ §2B: the knight at the Wizard takes a face-up spell or the mystery.
    Play-test (qa-bq7 finding 4): with every face-up spell taken the footer
    still said "1-9 Pick", numbers that choose nothing; only "m Mystery"."""
    state = attrs.evolve(full_state(step=Step.WIZARD), offer=(None, None, None, None))
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = screen_text(app).splitlines()[-1]
        assert "m Mystery" in footer and "Pick" not in footer, footer
        assert "1-9" not in footer, footer


async def test_a_bot_reading_a_potion_is_thinking_in_its_row_as_in_the_status_line():
    """The status line said "Bob's turn (...) thinking…" while Bob read a
    potion, but his row marked a bot thinking only on its own turn."""
    state = full_state(turn=1)
    bob = state.knights[1]
    potion = Weapon(None, 2)
    bob = attrs.evolve(bob, visible=bob.visible + (potion,))
    state = attrs.evolve(state, options=Options(potions=True),
                         knights=(state.knights[0], bob) + state.knights[2:],
                         weapon_deck=tuple(x for x in state.weapon_deck if x != potion),
                         phase=Phase.READ_POTION, reader=1, resume="draw", to_draw=1)
    _, text = await run(make_update(state, thinking=1), size=(120, 40))
    assert "thinking…" in text.split("Bob's turn")[1]  # the status line
    assert re.search(r"Bob\b.*thinking…", text.split("Bob's turn")[0])  # his row


async def test_a_knight_reading_a_box_at_a_shared_table_is_reading_not_to_play():
    """Play-test: at a shared table, a player reading the combat box read
    as deciding to the others. Their row and the status line say reading."""
    state = full_state(turn=2)
    update = attrs.evolve(make_update(state, seat=0), bots=frozenset(), reading=frozenset({2}))
    _, text = await run(update, size=(120, 36))
    assert "Cyd is reading…" in text, text
    assert re.search(r"Cyd\b.*reading…", text.split("Cyd's turn")[0]), text


async def test_an_away_knight_owing_a_turn_is_away_not_to_play():
    """An away player whose turn it is reads away in their row, not "to
    play"; the status line says the match waits for them."""
    state = full_state(turn=2)
    update = attrs.evolve(make_update(state, seat=0), bots=frozenset())
    names = list(update.names)
    names[2] += " (away)"
    update = attrs.evolve(update, names=tuple(names))
    _, text = await run(update, size=(120, 36))
    rows = text.split("Cyd's turn")[0]
    assert re.search(r"Cyd\b.*away", rows), text
    assert "to play" not in rows, text
    assert "the match waits until Cyd is back" in text, text


def test_the_wizards_offers_are_told_in_a_line():
    """Play-test (every game's log opens with its set-up): Boss Quest's
    log opened "Round 1: a Boss with 15 HP appears." and then a line for
    each of the Wizard's three offers (BQ §1), the weapons dealt after
    them. The offers of a round are one line, each still named; a single
    one stays as the log says it; a name ending in "!" takes no stop."""
    from tui.screens.bossquest import fold_log

    lines = ["Round 1: a Boss with 15 HP appears.", "The Wizard offers No heart lost.",
             "The Wizard offers Need Yellow (Y).", "The Wizard offers Final turn!",
             "Bram is dealt a hidden weapon."]
    assert fold_log(lines) == [
        "Round 1: a Boss with 15 HP appears.",
        "The Wizard offers: No heart lost; Need Yellow (Y); Final turn!",
        "Bram is dealt a hidden weapon."]
    assert fold_log(["The Wizard offers No heart lost.", "Ann asks for 2 weapons."]) == [
        "The Wizard offers No heart lost.", "Ann asks for 2 weapons."]


def set_up_lines(players, options, viewer=0):
    """A quest's set-up by the rules, until the first knight's decision,
    as the log tells it to `viewer` (None: a spectator): every chance
    step its first outcome."""
    from core import CHANCE
    from core.bossquest import GAME

    state = GAME.setup(players, options)
    lines = []
    while CHANCE in GAME.to_act(state):
        action = GAME.chance_outcomes(state)[0][0]
        lines.append(GAME.describe(state, CHANCE, action, names=NAMES[:players], viewer=viewer))
        state = GAME.apply(state, CHANCE, action)
    return state, lines


def test_the_weapons_and_companions_dealt_are_told_in_a_line_each():
    """Play-test (every game's log opens with its set-up): each round of a
    quest opened with a line a weapon the Armorer deals (BQ §Setting up a
    round, 3: one face down to each knight, then one face up), 8 at four
    knights, and at the start a line a companion (BQ §Companions): the
    first move scrolled out of the 80x24 log. Each deal is one line, every
    knight and every weapon the reader may see still in it (the journal
    keeps every line); a single line stays as the log says it."""
    from tui.screens.bossquest import fold_log

    lines = ["Bob is dealt the Owl: Once per round: looks at the mystery spell or at a "
             "knight's hidden weapon.",
             "Cyd is dealt the Fox: Wins ties.", "You are dealt the Hare: Once per round: ...",
             "Round 3: a Boss with 17 HP appears.",
             "Bob is dealt a hidden weapon.", "Cyd is dealt a hidden weapon.",
             "You are dealt a hidden weapon: B5.",
             "Bob is dealt Y3.", "Cyd is dealt ±2.", "You are dealt B3.",
             "Bob asks for 2 weapons."]
    assert fold_log(lines) == [
        "Companions dealt: Bob the Owl, Cyd the Fox, you the Hare.",
        "Round 3: a Boss with 17 HP appears.",
        "Hidden weapons dealt: Bob, Cyd, you (B5).",
        "Weapons dealt face up: Bob Y3, Cyd ±2, you B3.",
        "Bob asks for 2 weapons."]
    # BQ §Boss Ul'ul, night: the second weapon is dealt face down too
    night = ["Bob is dealt a hidden weapon.", "You are dealt a hidden weapon: R5.",
             "Bob is dealt a weapon face down.", "You are dealt P6 face down."]
    assert fold_log(night) == ["Hidden weapons dealt: Bob, you (R5).",
                               "Weapons dealt face down: Bob, you (P6)."]
    # a potion read (BQ §Potions) parts the deal; a weapon alone keeps its line
    potion = ["Bob is dealt ±1.", "Bob reads the potion ±1 as -1.", "Cyd is dealt G1.",
              "You are dealt P6."]
    assert fold_log(potion) == ["Bob is dealt ±1.", "Bob reads the potion ±1 as -1.",
                                "Weapons dealt face up: Cyd G1, you P6."]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("viewer", [0, None], ids=["knight", "spectator"])
def test_a_quests_set_up_by_the_rules_is_a_line_a_kind(players, viewer):
    """The set-up as the rules word it (with every option that deals at
    the start: companions, potions, Ul'ul's night), folded: the Boss, the
    Wizard's offers, each deal a line, every knight and weapon still named."""
    from core.bossquest.state import Ulul
    from tui.screens.bossquest import fold_log

    options = Options(companions=True, potions=True, ulul=Ulul.NIGHT, final_boss=True)
    state, lines = set_up_lines(players, options, viewer)
    folded = fold_log(lines)
    # companions, the Boss, the offers, the hidden weapons, the face-up ones
    # (a potion read parts them: a line more)
    assert 5 <= len(folded) <= 6 < len(lines), (lines, folded)
    assert folded[0].startswith("Companions dealt: ") and folded[1].startswith("Round 1: ")
    assert folded[3].startswith("Hidden weapons dealt: ")
    said = " ".join(folded)
    for seat, knight in enumerate(state.knights):
        name = "you" if seat == viewer else NAMES[seat]
        assert f"{name} the {state.companions[seat].label}" in said, said
        assert name in folded[3]
        for weapon in knight.visible:
            assert f"{weapon}" in said, said
        if seat == viewer:
            assert f"you ({knight.hidden.weapon})" in folded[3], folded
        else:
            assert f"{knight.hidden.weapon}" not in folded[3], folded


async def test_the_logs_first_screen_shows_the_first_move_after_the_set_up():
    """At 80x24 with four knights the log's first screen was the round's
    set-up (BQ §Setting up a round), the first move out of sight below
    it. Folded, the set-up and the first moves are in sight, and the
    hand-over cover folds them alike."""
    from core.bossquest.state import Ulul

    _, lines = set_up_lines(4, Options(companions=True, ulul=Ulul.CLASSIC), viewer=0)
    log = (*lines, "Bob asks for 2 weapons.")
    app = ScreenApp(make_update(full_state(), log=log), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        # (a loaded CI looked once before the log had its rows)
        await wait_for(pilot, lambda: "Bob asks for 2 weapons." in screen_text(app)
                       and "Hidden weapons dealt: " in screen_text(app))
        shown = app.game_screen.query_one("#bq-log")._shown
    assert len(shown) == 6 and shown[0].startswith("Companions dealt: "), shown
    assert app.game_screen.fold_moves(list(log)) == list(shown)


def test_the_solo_quests_rows_and_bosses_are_told_in_a_line_each():
    """Play-test: the Solo Quest's log opened with 16 lines of set-up, a
    spell laid beside a row (BQ §Solo Quest: 5, 5 and 3 face up) and a
    Boss turned (BQ-39: a wave's Bosses turn face up when it begins), the
    board showing them all; at 80x24 its three rows read only the first
    spells. The rows are one line, every spell in its row's order (the top
    first, as the board lists them), the Bosses of a wave another, the 2nd
    wave's too when it begins mid-quest; the journal keeps every line."""
    from core.bossquest.solo import row_sizes
    from tui.screens.bossquest import fold_log

    state, lines = set_up_lines(1, Options(), viewer=0)
    assert len(lines) == 16, lines
    assert [len(row) for row in state.rows] == list(row_sizes(state.options))
    rows = "; ".join(f"{where}: {', '.join(str(s) for s in row)}" for where, row
                     in zip(("1st wave", "2nd wave", "MegaBoss"), state.rows, strict=True))
    hps = [f"Boss {i + 1} ({b.hp} HP)" for i, b in enumerate(state.solo_bosses)]
    assert fold_log(lines) == [
        f"Spell rows laid out — {rows}.",
        f"Wave 1: {hps[0]}, {hps[1]} and {hps[2]} turn face up."]
    wave_2 = ["You attack: Boss 1 16/16 defeated, Boss 2 18/18 defeated, Boss 3 12/12 "
              "defeated; 3 hearts left.", "Wave 2: Boss 1 turns face up: 14 HP.",
              "Wave 2: Boss 2 turns face up: 18 HP.", "Wave 2: Boss 3 turns face up: 15 HP.",
              "You ask for 2 weapons."]
    assert fold_log(wave_2) == [
        wave_2[0], "Wave 2: Boss 1 (14 HP), Boss 2 (18 HP) and Boss 3 (15 HP) turn face up.",
        wave_2[-1]]
    assert fold_log(["Need Blue (B) is laid beside the 1st wave.", "You ask for 1 weapon."]) == [
        "Need Blue (B) is laid beside the 1st wave.", "You ask for 1 weapon."]


# -- what each spell on the Wizard's list acts on ---------------------------------


#: BQ §Spell Effects, §Potions, §Companions: what each spell acts on, as the
#: Wizard's list tags it (play-test bqall, finding 8: "Swap companions" and
#: "Flip a potion" said "light: all", "Swap with deck" "dark: one knight")
SPELL_TAGS = {
    # light: "placed next to the BOSS (they affect all players)"
    SpellKind.HP_PLUS_2: "light: all",
    SpellKind.NEED_PAIR: "light: all",
    SpellKind.FINAL_TURN: "light: all",
    # "Cancels an activated SPELL card that is still in play"
    SpellKind.CANCEL: "light: a spell in play",
    # dark: "a player's game area — their own, or another player's"
    SpellKind.ATTACK_MINUS_1: "dark: one knight",
    # "the hidden WEAPON card of the player who activates this spell with the
    # hidden WEAPON card of another player"
    SpellKind.SWAP_HIDDEN: "dark: yours and a knight's",
    # "one of the WEAPON cards ... of the player who activates this spell"
    SpellKind.SWAP_DECK: "dark: your weapon",
    # "the visible POTION card of any player, including themselves"
    SpellKind.FLIP_POTION: "a knight's potion",
    # "swap 2 COMPANION cards in play or in reserve"
    SpellKind.SWAP_COMPANIONS: "two companions",
}


@pytest.mark.parametrize("kinds", [list(SPELL_TAGS)[:4], list(SPELL_TAGS)[4:]],
                         ids=["light", "dark-and-extensions"])
async def test_each_spell_on_the_wizards_list_is_tagged_with_what_it_acts_on(kinds):
    offer = tuple(Spell(kind) for kind in kinds)
    state = attrs.evolve(full_state(step=Step.WIZARD), offer=offer)
    _, text = await run(make_update(state), size=(200, 50))
    lines = text.split("\n")
    for kind in kinds:
        name = Spell(kind).name
        line = next(line for line in lines if f" {name} " in line and "Wizard" not in line)
        assert SPELL_TAGS[kind] in line, (name, line)
    assert "light: all" not in "\n".join(line for line in lines if "Swap companions" in line
                                         or "Flip a potion" in line)


# -- the mark of a change since your last move, explained where it shows --------


@pytest.mark.parametrize("size", [(80, 24), (200, 50)], ids=["80x24", "200x50"])
async def test_the_knights_legend_explains_the_mark_of_a_change(size):
    """Play-test bqall, finding 7: "•19 HP", "•» Ann (you)" in the table's
    left margin were explained nowhere a player looks (the Knights legend
    had "♥ hearts ⚷ keys ⚒ Armorer * power used"): while a change since
    your last move is marked, the legend says what the mark is."""
    app = ScreenApp(make_update(full_state()), FakePort())
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = app.game_screen
        assert "• new" not in screen_text(app)  # nothing marked, nothing said
        screen.changed = lambda kind: frozenset({1}) if kind == "knights" else frozenset()
        screen.show(make_update(full_state()))
        await pilot.pause()
        text = screen_text(app)
    legend = next(line for line in text.splitlines() if "Knights" in line)
    assert "• new" in legend and "♥ hearts" in legend and "…" not in legend, legend
    assert any(line.lstrip("│ ").startswith("•") and "Bob" in line
               for line in text.splitlines()), text


def test_the_owls_look_at_the_mystery_is_one_line():
    """Play-test bqall, finding 12d: every round "Cora's Owl looks at the
    mystery spell." then "The Owl has seen the mystery spell." (BQ-33, the
    rules' two lines: the look, then the card drawn to it): one line says
    it. The Owl's holder reads what it saw in that one line; the journal
    keeps both."""
    from tui.screens.bossquest import fold_log

    assert fold_log(["Cora's Owl looks at the mystery spell.",
                     "The Owl has seen the mystery spell.", "Dev asks for 1 weapon."]) == [
        "Cora's Owl looks at the mystery spell.", "Dev asks for 1 weapon."]
    assert fold_log(["Your Owl looks at the mystery spell.",
                     "The mystery spell is Attack -2 (only you know)."]) == [
        "Your Owl looks at the mystery spell: Attack -2 (only you know)."]
    # the line alone (another's look at a hidden weapon, say) stays
    assert fold_log(["The Owl has seen the mystery spell."]) == [
        "The Owl has seen the mystery spell."]


def test_a_hare_not_used_goes_on_the_request_it_follows():
    """Play-test bqall, finding 12d: "Bram's Hare: not used this turn."
    (BQ §Companions, the Hare: a request, then the Wizard in the same turn,
    declined) took a line after every request of a knight with the Hare;
    it goes on the line of the weapons received."""
    from tui.screens.bossquest import fold_log

    assert fold_log(["Bram asks for 2 weapons.", "Bram receives R3.", "Bram receives B1.",
                     "Bram's Hare: not used this turn.", "Cora asks for 1 weapon."]) == [
        "Bram asks for 2 weapons.", "Bram receives R3 and B1; Hare not used.",
        "Cora asks for 1 weapon."]
    assert fold_log(["You receive Y4.", "Your Hare: not used this turn."]) == [
        "You receive Y4; Hare not used."]
    # after another knight's line it stays as the log says it
    assert fold_log(["Cora receives Y4.", "Bram's Hare: not used this turn."]) == [
        "Cora receives Y4.", "Bram's Hare: not used this turn."]


def test_a_solo_quests_draws_are_one_line():
    """Play-test bqall: in the Solo Quest each weapon drawn took a line
    ("You draw R1." four times), filling the 3-row log at 80x24; a run of
    draws is one line, as the multiplayer "receives" lines are (the
    journal keeps every line). The draws as the rules word them."""
    from core import CHANCE
    from core.bossquest import GAME
    from core.bossquest.actions import Ask
    from core.bossquest.state import Options
    from tui.screens.bossquest import fold_log

    state = GAME.setup(1, Options())
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, GAME.chance_outcomes(state)[0][0])
    state = GAME.apply(state, 0, Ask(3))
    lines, drawn = [], []
    while CHANCE in GAME.to_act(state):
        action = GAME.chance_outcomes(state)[0][0]
        drawn.append(str(action.weapon))
        lines.append(GAME.describe(state, CHANCE, action, names=["Ann"], viewer=0))
        state = GAME.apply(state, CHANCE, action)
    assert lines == [f"You draw {card}." for card in drawn], lines
    assert fold_log(["You ask for 3 weapons.", *lines]) == [
        "You ask for 3 weapons.", f"You draw {drawn[0]}, {drawn[1]} and {drawn[2]}."]
    assert fold_log(["Ann draws R1.", "Ann draws B2."]) == ["Ann draws R1 and B2."]


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_knights_panel_names_each_bots_level(size):
    """Play-test: Boss Quest's knights panel read "Bram ♥3 ⚷0" for a hard
    bot, as for a person (the levels were named only by F1 and the
    results); each bot of the match's says its level there, in one form
    for every row, and a person's row none."""
    import attrs

    update = attrs.evolve(make_update(full_state()), levels=(None, "hard", "normal", None))
    app = ScreenApp(update)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        rows = [" ".join(line.split()) for line in
                str(app.screen.query_one("#bq-knights").render()).splitlines()]
    text = "\n".join(rows)
    assert "Bob (hard)" in text and "Cyd (normal)" in text, text
    assert "Dee (" not in text and "Ann (you)" in text, text


async def test_enter_at_the_wizard_says_what_it_does():
    """A play-test at the Wizard: Enter on a spell read "↵ Choose", then
    "↵ Do it", and the second Enter activated the spell, while the prompt
    named only a and x. The footer names the bar's highlighted action
    ("↵ Activate", "↵ Discard") and the prompt names Enter beside a."""
    state = attrs.evolve(full_state(step=Step.WIZARD),
                         offer=(Spell(SpellKind.CANCEL), Spell(SpellKind.NO_HEART_LOSS), None, None))
    table = FakePort()
    app = ScreenApp(make_update(state), table)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = " ".join(app.screen.prompt_words().split())
        assert "then a/↵ activate, x discard." in prompt, prompt
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: "↵ Activate" in screen_text(app).splitlines()[-1])
        assert "Do it" not in screen_text(app).splitlines()[-1]
        assert table.submitted == []
        await pilot.press("right")
        await wait_for(pilot, lambda: "↵ Discard" in screen_text(app).splitlines()[-1])
        await pilot.press("left", "enter")
        await wait_for(pilot, lambda: table.submitted == [(0, Activate(1))])
