"""The Overseers screen: keys give exactly the legal actions of every
stage, nobody's secret reaches another's screen, and the screen reads at
80x24 and 120x36."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import attrs
import pytest

from core import CHANCE
from core.overseers import GAME
from core.overseers.actions import (
    Admit,
    Choose,
    Copy,
    Deny,
    Discard,
    Draw,
    LosePair,
    Pick,
    Place,
    Turn,
    Vote,
)
from core.overseers.cards import TRAIT, Character
from core.overseers.state import Phase
from core.playout import sample_chance
from tests.fit_kit import overflows
from tests.overseers_screen_kit import NAMES, ScreenApp, make_update, run, screen_text
from tests.screen_kit import FakePort, settle, settled_text, wait_for
from tests.test_overseers_kit import placed, vote_all
from tui.screens.game import possessive
from tui.screens.overseers import OverseersScreen, pad_short_labels, recap_lines, recap_parts
from tui.widgets.actionbar import ActionBar, Choice
from tui.widgets.hand import BACK, Hand

SIZES = [(80, 24), (120, 36)]


def table_at_vote_abilities():
    """Four players after the placement: Bob (Purple) turns a card first."""
    return placed(
        [("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG")],
        characters=[Character.MEIXIU, Character.PURPLE, Character.LIANG, Character.TEAL],
    )


def drafting(seed: int = 3):
    """A standard 4-player table dealt at random, at the first draft turn."""
    rng = random.Random(seed)
    state = GAME.setup(4)
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    return state


def advance(state, until):
    """Play the first legal action of each seat until `until(state)`."""
    for _ in range(200):
        if until(state):
            return state
        seat = min(GAME.to_act(state))
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    raise AssertionError("never reached")


@pytest.mark.parametrize("size", SIZES)
async def test_the_draft_shows_your_pack_and_keeps_with_a_number(size):
    state = drafting()
    update = make_update(state)
    hand = state.seats[0].hand
    submitted, text, _ = await run(update, size=size, keys=["2"])
    assert submitted == [(0, Pick(hand[1]))]
    assert TRAIT[hand[0]].label in text
    assert "Keep one card of the pack" in text
    # in short beside the name where the whole does not fit
    assert "character hidden" + (" until the vote" if size[0] > 80 else "") in text


async def test_the_draft_prompt_says_which_turn_the_pack_is():
    """At 80x24 the header drops "turn 2/5": whoever chooses last goes on
    at once with the pack passed to them (at one terminal, no cover comes
    in between), and the prompt read the same as a moment before. It now
    says the turn."""
    state = drafting()
    state = advance(state, lambda s: s.draft_turn == 2)
    _, text, _ = await run(make_update(state), size=(80, 24))
    assert "Keep one card of the pack (turn 2/5," in " ".join(text.split())


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_alternating_draft_says_where_the_packs_pass_at_every_size(size):
    """Play-test, five players, the alternating draft at 80x24: the header
    dropped "turn 2/5, packs pass right" whole, and the direction, which
    changes every turn in this variant, was said nowhere. Play-test
    (seersbots, finding 5): then the game's name went to keep "packs pass
    left"; "(secret)" goes first, then the direction is said in short, and
    the name is left out last."""
    from core.overseers.state import Options

    rng = random.Random(5)
    state = GAME.setup(5, Options(alternate_draft=True))
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    for turn, direction in ((2, "right"), (3, "left")):
        state = advance(state, lambda s, turn=turn: s.draft_turn == turn)
        _, text, _ = await run(make_update(state), size=size)
        header = text.splitlines()[0].strip()
        assert header.startswith("Overseers · "), header
        assert "your total 0" in header
        if size[0] > 80:
            assert header.endswith(f"your total 0 (secret) · turn {turn}/5 · packs pass {direction}")
        else:  # "(secret)" gives way first
            assert header.endswith(f"your total 0 · packs pass {direction}"), header


async def test_enter_keeps_the_highlighted_card():
    state = drafting()
    submitted, _, _ = await run(make_update(state), keys=["right", "enter"])
    assert submitted == [(0, Pick(state.seats[0].hand[1]))]


async def test_a_pick_made_on_cards_since_changed_keeps_nothing():
    """Play-test (hot seat, draft): a card was kept from a pack its player
    had not seen. A pick waits as a message while the screen draws; if the
    next pack is drawn meanwhile, its position names another card, one not
    seen: it is dropped (the bar's choices alike), and a pick on the cards
    as shown still keeps its card."""
    state = drafting()
    fake = FakePort()
    app = ScreenApp(make_update(state), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        hand = app.game_screen.query_one("#ov-hand", Hand)
        cards = hand.cards
        hand.select(0)
        hand.set_cards(tuple(reversed(cards)), picking=True)  # the next pack, say
        await pilot.pause()
        assert fake.submitted == []
        hand.set_cards(cards, picking=True)
        hand.select(1)
        await pilot.pause()
        assert fake.submitted == [(0, Pick(state.seats[0].hand[1]))]
        bar = app.game_screen.query_one("#ov-actions", ActionBar)
        bar.set_choices([Choice("1", "Keep it", "a stale value")])
        bar.select(0)
        bar.set_choices([Choice("1", "Another decision", "a new value")])
        await pilot.pause()
        assert len(fake.submitted) == 1


@pytest.mark.parametrize("size", SIZES)
async def test_no_other_pack_or_pick_reaches_the_screen(size):
    state = drafting()
    state = GAME.apply(state, 1, Pick(state.seats[1].hand[0]))
    _, _, shown = await run(make_update(state), size=size, after=lambda screen: [
        c.text for c in screen.query_one("#ov-hand").cards])
    assert shown == [TRAIT[c].label for c in state.seats[0].hand]
    view = make_update(state).view
    assert all(c is None for c in view.seats[1].hand)


async def test_placement_offers_each_top_row_once():
    state = advance(drafting(), lambda s: s.phase is Phase.PLACE)
    update = make_update(state)
    signs = {tuple(sorted(TRAIT[c].value for c in a.cards)) for a in update.legal}
    submitted, text, got = await run(update, keys=["1"], after=lambda screen: list(
        screen._bar_actions))
    assert len(got) == len(signs)
    assert submitted and isinstance(submitted[0][1], Place)
    assert submitted[0][1] in update.legal
    assert "top row" in text


@pytest.mark.parametrize("size", SIZES)
async def test_rows_show_face_up_cards_backs_and_your_own_face_down(size):
    state = table_at_vote_abilities()
    _, text, _ = await run(make_update(state), size=size)
    assert "1[A] 2[A] 3[B] 4(C) 5(C)" in text  # Ann's own, face down known
    assert "1[L] 2[L] 3[C] 4[▒▒] 5[▒▒]" in text  # Bob's face-down unknown
    assert "Purple, the Changer" in text
    assert "Waiting for Bob to turn a card, as Purple" in text
    assert "your total 0 (secret)" in text


def _prompt_of(text: str) -> str:
    """The prompt's sentence and what follows it, on one line."""
    flat = " ".join(text.split())
    return flat[flat.index("Waiting for"):]


async def test_waiting_for_an_away_player_says_the_match_waits_until_they_are_back():
    """Play-test: "Waiting for cy (away) (chooses the card to give)…", then
    "Waiting for Bob (away) to turn a card…": the away mark inside a
    sentence, where every other screen says who is away and that the match
    waits until they are back (`GameScreen.away_note`)."""
    state = table_at_vote_abilities()
    update = attrs.evolve(make_update(state), names=("Ann", "Bob (away)", "Cat"),
                          bots=frozenset({2}))
    _, text, _ = await run(update)
    prompt = _prompt_of(text)
    assert prompt.startswith("Waiting for Bob to turn a card, as Purple… · the match waits "
                             "until Bob is back"), prompt
    assert "(away)" not in prompt and ") (" not in text


async def test_waiting_for_a_seat_a_stand_in_plays_says_the_bot_plays_for_them():
    """The same where a bot stands in for the away player ("Bob (away — bot
    playing)"): the bot playing for Bob is thinking, no mark in the line."""
    state = table_at_vote_abilities()
    update = attrs.evolve(make_update(state), names=("Ann", "Bob (away — bot playing)", "Cat"),
                          bots=frozenset({1, 2}), thinking=1)
    _, text, _ = await run(update)
    prompt = _prompt_of(text)
    assert prompt.startswith("Waiting for Bob to turn a card, as Purple… the bot playing for "
                             "Bob is thinking…"), prompt
    assert "(away" not in prompt


@pytest.mark.parametrize("size", [(80, 24), (160, 45)])
async def test_the_away_countdown_shows_while_you_choose_where_it_fits(size):
    """Play-test (shared tables, "When away: a bot plays after 30 s"): while
    Ann kept a card of her pack, Bob's row read only "(away)"; the count to
    the bot that plays for him came once she had chosen. Her prompt
    carries it while she chooses, where it fits the prompt's line."""
    state = drafting()
    update = attrs.evolve(make_update(state), names=("Ann", "Bob (away)", "Cat", "Dan"),
                          bots=frozenset({2, 3}), bot_plays_in=((1, 29.0),))
    assert {0, 1} <= update.to_act
    _, text, _ = await run(update, size=size)
    flat = " ".join(text.split())
    assert "Keep one card of the pack" in flat, flat
    wide = size[0] > 80
    # (the count may have moved on a second on a busy machine)
    assert bool(re.search(r"a bot plays for Bob in 2\d s", flat)) is wide, flat
    if not wide:  # one line, not two: the table keeps its rows at 80x24
        prompt = next(line for line in text.splitlines() if "Keep one card" in line)
        assert prompt.rstrip().endswith("chosen)."), text


async def test_purple_turns_a_card_from_the_bar():
    state = table_at_vote_abilities()
    submitted, text, _ = await run(make_update(state, 1), keys=["3"])
    assert submitted == [(1, Turn(2))]


@pytest.mark.parametrize("size", SIZES)
async def test_purples_choices_say_what_each_turn_makes_the_round_ov11(size):
    """OV §4 Vote, Purple (OV-11): the turned card's trait counts 5 for each
    of Purple's cards. With A C C B L (23) each choice says the change and
    the round score it gives (the rules' `turn_scores`): Anger -1, Courage
    none, Benevolence +1, Lust +2; every choice stays in sight at 80x24.
    Play-test: the first said "(round score 22, -1)", the others the change
    only, and the 22 read as the player's score now: every choice says it
    alike, and the prompt says the round score now, once."""
    state = placed([("LLC", "HH"), ("ACC", "BL"), ("GGH", "BB"), ("CHL", "AG")],
                   [Character.MEIXIU, Character.PURPLE, Character.LIANG, Character.TEAL])
    _, text, labels = await run(make_update(state, 1), size=size, after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions").choices])
    assert labels == [
        "Turn card 1 Anger (-1 → 22)",
        "Turn card 2 Courage (±0 → 23)",
        "Turn card 3 Courage (±0 → 23)",
        "Turn card 4 Benevolence (+1 → 24)",
        "Turn card 5 Lust (+2 → 25)",
    ]
    flat = " ".join(text.split())
    for label in labels:
        assert label in flat
    assert flat.count("Round score now 23.") == 1, text
    assert "round score 22" not in flat, text


@pytest.mark.parametrize("size", SIZES)
async def test_discards_and_gifts_say_what_the_round_scores_after(size):
    """OV §5 Judgement (ADMIT: "choose and discard two of his own cards")
    and §7 Greed (the robbed "will decide which card to give"): as Purple's
    turns, each choice says the change and the round score it leaves,
    counted as the rules count after the move, and the prompt the round
    score now. Play-test: the gift's choices said nothing of what each
    cost; then the first said "(round score 13, -6)" and the others the
    change only ("13" read as the score now)."""
    from core.overseers import rules

    state = vote_all(placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")]), [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    now = rules.round_score(state, 0).score
    _, text, labels = await run(make_update(state, 0), size=size, after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions").choices])
    assert len(labels) == 5
    for i, label in enumerate(labels):
        after = rules.round_score(GAME.apply(state, 0, Discard(i)), 0).score
        said = f"{after - now:+d}" if after != now else "±0"
        assert label.endswith(f" ({said} → {after})"), label
        assert label in " ".join(text.split())
    assert labels[0].startswith("Discard card 1 Anger (-")
    prompt = next(line for line in text.splitlines() if "You admitted" in line)
    assert re.search(rf"Round score (now )?{now}\.", prompt), text  # on the prompt's one line
    # the second card of the admission too (play-test: said for the first only)
    second = GAME.apply(state, 0, Discard(3))
    _, text, labels = await run(make_update(second, 0), size=size, after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions").choices])
    now = rules.round_score(second, 0).score
    assert len(labels) == 4 and all(" → " in label for label in labels), labels
    assert re.search(rf"Round score (now )?{now}\.", " ".join(text.split())), text
    # a card given to the thief (the round is scored with the gift)
    state = vote_all(placed([("LLC", "HH"), ("AAB", "LC"), ("GGH", "BB")]), [2, 2, 0])
    state = GAME.apply(state, 2, Deny())
    if state.phase is Phase.ROB:
        thief = min(GAME.to_act(state))
        state = GAME.apply(state, thief, Choose(next(s for s in range(3) if s != thief)))
    [victim] = GAME.to_act(state)
    now = rules.round_score(state, victim).score
    _, text, labels = await run(make_update(state, victim), size=size, after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions").choices])
    for a, label in zip(GAME.legal_actions(state, victim), labels, strict=True):
        after = GAME.apply(state, victim, a).seats[victim].rounds[-1].score
        # by its trait: its key is its number (the prompt: "give which card?")
        assert label.startswith(f"{TRAIT[state.seats[victim].slots[a.slot].card].label} ")
        said = f"{after - now:+d}" if after != now else "±0"
        assert label.endswith(f" ({said} → {after})"), label
    prompt = next(line for line in text.splitlines() if "robs you" in line)
    assert re.search(rf"Round score (now )?{now}\.", prompt), text


async def test_a_card_purple_turned_is_named_so_in_the_choices_ov11():
    """OV-11: Purple's turned card counts 5 with its twins, and once given
    away it counts as printed again. Play-test: robbed, Purple read three
    alike "Give card N Benevolence", the turned one costing more; it says
    "(turned)", as the table's ↻ does."""
    state = rob_after_a_denial()
    state = GAME.apply(state, 2, Choose(1))  # Cora robs Bob (Purple)
    assert state.phase is Phase.GIVE and GAME.to_act(state) == {1}
    assert state.seats[1].slots[0].turned
    _, _, labels = await run(make_update(state, 1), after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions").choices])
    assert labels[0].startswith("Lust (turned)"), labels
    assert not any("(turned)" in label for label in labels[1:]), labels


def _played_to(state, phase: Phase, rng: random.Random):
    """`state` played on at random (the lowest seat first) to `phase`."""
    while state.phase is not phase:
        if CHANCE in GAME.to_act(state):
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
        else:
            seat = min(GAME.to_act(state))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


async def test_score_notes_give_way_where_the_table_would_scroll():
    """Six players at 80x24, a player robbed (once four, before their rows
    took fewer lines; then another table, before the gifts went by their
    traits): the notes would put the bar on another line and the table's
    last rows out of sight, so the choices go without them there; six rows
    taller, they fit and are said."""
    state = next(s for s, _, _ in six_player_stages(3) if s.phase is Phase.GIVE and s.round == 2)
    [victim] = GAME.to_act(state)
    update = make_update(state, victim)
    for size, said in (((80, 24), False), ((80, 30), True)):
        _, text, labels = await run(update, size=size, after=lambda screen: [
            c.label for c in screen.query_one("#ov-actions").choices])
        assert "more below" not in text
        assert (" → " in labels[0]) is said, labels
        assert ("Round score " in text) is said, text
        assert labels[2].startswith(TRAIT[state.seats[victim].slots[2].card].label)
    # made taller mid-decision, the notes come; shorter again, they go
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.game_screen.query_one("#ov-actions")
        for size, said in (((80, 30), True), ((80, 24), False)):
            await pilot.resize_terminal(*size)
            await wait_for(pilot, lambda said=said: (" → " in bar.choices[0].label) is said)
    # three players at 80x24 (a random table's admission): the characters
    # go on their players' lines to make room, as when rows do not fit
    rng = random.Random(1)
    state = GAME.setup(3)
    state = _played_to(state, Phase.ADMIT, rng)
    [admitting] = GAME.to_act(state)
    app = ScreenApp(make_update(state, admitting), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        bar = app.game_screen.query_one("#ov-actions")
        # (a loaded machine lays the notes, then the folded rows, out over
        # several frames)
        await wait_for(pilot, lambda: " → " in bar.choices[0].label
                       and "more below" not in (text := screen_text(app))
                       and "Your character: " in text)
    # six players at 80x24 (the table scrolled here once, statuses and
    # scores on lines of their own): notes the table leaves room for are
    # said there too (once only those that added no line to the bar: the
    # gifts said "Give card N" then)
    rng = random.Random(5)
    state = GAME.setup(rng.choice([4, 5, 6]))
    assert state.players == 6
    state = _played_to(state, Phase.GIVE, rng)
    [victim] = GAME.to_act(state)
    _, text, labels = await run(make_update(state, victim), after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions").choices])
    assert "more below" not in text
    assert " → " in labels[0], labels
    assert "Round score " in text, text


@pytest.mark.parametrize("phase", [Phase.PURPLE, Phase.ADMIT])
async def test_a_decision_on_your_cards_for_good_highlights_none(phase):
    """Purple's turn and an admission's discard act on one of your cards
    for good, and none of their choices is safe: the bar starts with none
    highlighted, so a stray Enter (the one that placed the cards or
    admitted, pressed twice) turns or discards nothing. An arrow, then
    Enter, or the card's number choose."""
    if phase is Phase.PURPLE:
        state, seat = table_at_vote_abilities(), 1  # Bob is Purple
    else:
        state = vote_all(placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")]), [1, 0, 0])
        state, seat = GAME.apply(state, 0, Admit()), 0
    assert state.phase is phase
    update = make_update(state, seat)
    first = update.legal[0]
    submitted, text, (cursor, notes) = await run(
        update, keys=["enter"], after=lambda screen: (
            screen.query_one("#ov-actions").cursor,
            [n.message for n in screen.app._notifications]))
    assert submitted == [] and cursor == -1
    # the admission discards its cards one at a time: "Pick one", not "it"
    # (the round score now between them where the choices count from it)
    pick = "Pick it by its number" if phase is Phase.PURPLE else "Pick one: "
    prompt = " ".join(text.split())
    assert pick in prompt and (phase is Phase.PURPLE or "discard 2 cards. Round score" in prompt)
    # the Enter is answered: a notice says nothing is highlighted yet
    assert any(note.startswith("Nothing is highlighted yet") for note in notes)
    submitted, _, _ = await run(update, keys=["right", "enter"])
    assert submitted == [(seat, first)]
    # a vote has no card at stake for good: its bar starts on a choice
    voting = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    _, _, cursor = await run(make_update(voting, 0),
                             after=lambda screen: screen.query_one("#ov-actions").cursor)
    assert cursor == 0


@pytest.mark.parametrize("phase", [Phase.DECLARE, Phase.NEXT_LEADER])
async def test_the_leaders_tie_for_good_highlights_none_ov27(phase):
    """OV-13 and OV-17: the Leader breaks a tie for the highest showdown
    score (the denying player loses two cards or takes one) or the lowest
    round score (who takes the Leader card), and cannot take it back
    (OV-27). Play-test: the bar started on the first name, so a reflex
    Enter decided. It starts with none highlighted, as Purple's turn."""
    state = placed([("ABB", "LC"), ("ABB", "LC"), ("ABB", "LC")], leader=2)
    state = vote_all(state, [1, 2, 0])
    state = GAME.apply(state, 2, Choose(0))
    state = GAME.apply(state, 0, Deny())  # tied highest: the Leader declares
    if phase is Phase.NEXT_LEADER:
        state = GAME.apply(state, 2, Choose(1))  # all tied lowest
    assert state.phase is phase and GAME.to_act(state) == {2}
    update = make_update(state, 2)
    submitted, text, (cursor, notes) = await run(
        update, keys=["enter"], after=lambda screen: (
            screen.query_one("#ov-actions").cursor,
            [n.message for n in screen.app._notifications]))
    assert submitted == [] and cursor == -1
    assert "Pick one by its number" in " ".join(text.split()), text
    assert any(note.startswith("Nothing is highlighted yet") for note in notes)
    submitted, _, _ = await run(update, keys=["right", "enter"])
    assert submitted == [(2, update.legal[0])]


async def test_the_admission_counts_more_cards_only_once_one_is_gone():
    """Play-test: right after admitting, before any card was gone, the
    prompt said "discard 2 more cards". It says "discard 2 cards", then
    "discard 1 more card" after the first."""
    state = vote_all(placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")]), [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    app = ScreenApp(make_update(state, 0), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = " ".join(screen_text(app).split())
        assert "You admitted: discard 2 cards." in text
        state = GAME.apply(state, 0, Discard(4))
        assert state.phase is Phase.ADMIT
        app.game_screen.show(make_update(state, 0))
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "You admitted: discard 1 more card." in text


async def test_the_highlight_stays_while_the_others_move():
    """Play-test (2026-12-04): on Purple's turn a choice highlighted with
    an arrow went dark again at the next update (another player's move, a
    bot thinking), so the Enter that followed turned nothing. A new update
    of the same decision keeps the highlight; a new decision starts dark."""
    state, seat = table_at_vote_abilities(), 1  # Bob is Purple
    update = make_update(state, seat)
    port = FakePort()
    app = ScreenApp(update, port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        bar = app.screen.query_one("#ov-actions")
        assert bar.cursor == -1
        await pilot.press("right")
        await pilot.pause()
        assert bar.cursor == 0
        # the same decision, the log one line longer (another seat moved)
        app.game_screen.show(attrs.evolve(update, log=(*update.log, "Cat keeps a card.")))
        await pilot.pause()
        assert bar.cursor == 0
        await pilot.press("enter")
        await pilot.pause()
    assert port.submitted == [(seat, update.legal[0])]


async def test_teal_chooses_a_card_then_the_card_above():
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    update = make_update(state, 3)
    submitted, text, _ = await run(update, keys=["2", "1"])
    assert submitted == [(3, Copy(1, 0))]
    submitted, _, _ = await run(update, keys=["2", "b", "3", "1"])
    assert submitted == [(3, Copy(2, 0))]


async def test_teal_picks_the_card_below_by_its_own_number():
    """A number key picks a card by its number on the table, in Teal's
    second step too: card 1 goes under card 3 with 1 then 3 (the choices
    there are cards 2-5, and 3 picked the third of them, card 4)."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    update = make_update(state, 3)
    submitted, text, _ = await run(update, keys=["1", "3"])
    assert submitted == [(3, Copy(0, 2))]


async def test_a_number_that_chooses_nothing_says_which_do():
    """Play-test: Teal's card 1 chosen, the choices are cards 2-5 and b;
    pressing 1 again did nothing and said nothing. It says why: card 1 is
    the one being moved (OV-11: Teal puts a card under another)."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    update = make_update(state, 3)
    submitted, _, notes = await run(update, keys=["1", "1", "9"], after=lambda screen: [
        n.message for n in screen.app._notifications])
    assert submitted == []
    assert notes == ["1 is the card being moved: choose where it goes (2-5), or b to go back.",
                     "9 chooses nothing here: press 2-5 or b."], notes


async def test_a_card_meixiu_peeked_at_says_so_by_its_number_ov11():
    """OV-11: Meixiu peeks at two cards, not one twice. At her second peek
    the card peeked at keeps its number off the bar; pressing it said only
    that it chose nothing. It says which card it is."""
    state = GAME.apply(table_at_vote_abilities(), 1, Turn(0))  # Purple first (OV-11)
    first = make_update(state, 0, bots=frozenset())
    _, _, keys = await run(first, after=lambda screen: dict(zip(
        screen._bar_actions, screen._bar_keys, strict=True)))
    peek = first.legal[0]
    second = make_update(GAME.apply(state, 0, peek), 0, bots=frozenset())
    key = keys[peek]
    submitted, _, notes = await run(second, keys=[key], after=lambda screen: [
        n.message for n in screen.app._notifications])
    rest = sorted(v for a, v in keys.items() if a != peek)
    assert submitted == []
    assert notes == [f"{key} is {NAMES[peek.seat]}'s card {peek.slot + 1}, peeked at already: "
                     f"press {rest[0]}-{rest[-1]}."], (notes, rest)


async def test_meixiu_peeks_and_the_card_is_marked():
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.PEEK)
    update = make_update(state, 0)
    submitted, text, _ = await run(update, keys=["1"])
    assert submitted == [(0, update.legal[0])]
    peek = update.legal[0]
    state = GAME.apply(state, 0, peek)
    _, text, _ = await run(make_update(state, 0))
    assert ")*" in text  # the peeked card, marked


async def test_votes_hidden_until_all_vote_then_shown():
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    state = GAME.apply(state, 1, Vote(2))
    submitted, text, _ = await run(make_update(state, 0), keys=["2"])
    assert submitted == [(0, Vote(2))]
    assert "for Cat" not in text  # Bob's vote is secret
    assert "Bob · ✓ chosen" in text
    for s, target in ((0, 2), (2, 0), (3, 2)):
        state = GAME.apply(state, s, Vote(target))
    _, text, _ = await run(make_update(state, 0))
    # OV §Vote: the votes received, then the seat's own vote, apart
    assert "3 votes against · voted you" in text
    assert "Bob · 0 votes against · voted Cat" in text


@pytest.mark.parametrize("size", [(80, 24), (160, 48)], ids=["80x24", "160x48"])
@pytest.mark.parametrize("cat", ["Cat", "Catherine-Anne"])
async def test_who_voted_whom_is_never_cut_off(size, cat):
    """Play-test at 80 columns: "Ann (you) ♛ Leader · 1 vote against ·
    voted Cat" was cut at the panel's edge ("voted …"). The Leader's mark
    shortens to ♛ when that makes the line fit; a line that still does not
    fit goes on below, each part whole."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    for s, target in ((0, 2), (1, 2), (2, 0), (3, 2)):
        state = GAME.apply(state, s, Vote(target))
    names = ("Ann", "Bob", cat, "Dan")
    update = attrs.evolve(make_update(state, 0), names=names)
    _, text, region = await run(update, size=size,
                                after=lambda screen: screen.query_one("#ov-table").region)
    table = [line[region.x:region.right] for line in text.splitlines()[region.y:region.bottom]]
    assert not [line for line in table if "…" in line]
    assert "1 vote against" in text and f"voted {cat}" in text
    assert "3 votes against" in text and "voted you" in text
    if cat == "Cat":  # ♛ alone makes it fit at 80 columns
        assert "Ann (you) ♛" in text and "1 vote against · voted Cat" in text
    if size[0] >= 110:
        assert "Ann (you) ♛ Leader · 1 vote against" in text


async def test_judgment_deny_or_admit():
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    for s, target in ((0, 2), (1, 2), (2, 0), (3, 2)):
        state = GAME.apply(state, s, Vote(target))
    assert state.phase is Phase.JUDGE and state.accused == 2
    submitted, text, _ = await run(make_update(state, 2), keys=["1"])
    assert submitted == [(2, Deny())]
    assert "deny" in text.lower()
    submitted, _, _ = await run(make_update(state, 2), keys=["right", "enter"])
    assert submitted == [(2, Admit())]


async def test_table_talk_keeps_notes_at_this_terminal():
    state = table_at_vote_abilities()
    keys = ["t", *"Bob bluffs", "enter", "escape"]
    submitted, text, notes = await run(make_update(state), keys=keys,
                                       after=lambda screen: list(screen.notes))
    assert notes == ["You: Bob bluffs"]
    assert "You: Bob bluffs" in text
    assert submitted == []


async def test_talk_said_in_an_earlier_round_stays_with_that_round():
    """At a shared table each line comes with the match's moves when it was
    said: the hub's talk so far, sent to a player back on a new connection,
    goes under the rounds it was said in (a new round's panel starts with
    none of the last's), whatever round is played now."""
    state = attrs.evolve(table_at_vote_abilities(), round=2)
    log = ("Ann is given the Leader card.", "Round 1 is scored. You score 4.",
           "Bob takes the Leader card.")
    app = ScreenApp(make_update(state, log=log), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen.heard("Bob: round one's", 1)
        screen.heard("Cat: round two's", 3)
        screen.heard("Dan: just now")  # no moves: said now, this round's
        await pilot.pause()
        assert screen.talk_now(state) == ["Cat: round two's", "Dan: just now"]
        assert screen.notes == ["Bob: round one's", "Cat: round two's", "Dan: just now"]
        assert "round one's" not in await settled_text(app, pilot)


async def test_a_note_pasted_too_long_keeps_what_a_chat_line_holds():
    """Play-test: a paste past the note's limit put nothing in, while the
    notice said "the rest did not go in"; then a note was cut at 80
    characters without a word, where the chat (F2) takes 200 and says so.
    A note is a chat line: the same limit, the same notice, sent whole."""
    from textual import events

    from host.messages import MAX_CHAT

    app = ScreenApp(make_update(table_at_vote_abilities()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t", *"Hi ")
        field = app.screen.query_one("#ov-note")
        text = "".join(str(n % 10) for n in range(MAX_CHAT + 40))
        field.post_message(events.Paste(text))
        await pilot.pause()
        assert field.value == "Hi " + text[:MAX_CHAT - 3]
        said = [n.message for n in app._notifications if "at most" in n.message]
        assert said == [f"A chat line is {MAX_CHAT} characters at most: the rest did not go in."]
        await pilot.press("x")  # full: a key goes nowhere, as the notice said
        assert field.value == "Hi " + text[:MAX_CHAT - 3]
        await pilot.press("enter")
        assert app.game_screen.notes == ["You: Hi " + text[:MAX_CHAT - 3]]


async def test_the_talk_panel_shows_the_newest_note_at_80x24():
    """Play-test: at 80x24, after a few long notes, the sender's own new
    note was out of sight below the panel's end, with no scroll mark: it
    looked as if it was not sent. The panel follows its newest line."""
    app = ScreenApp(make_update(table_at_vote_abilities()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for who in ("Bob", "Cat", "Dan"):
            app.game_screen.heard(f"{who}: I hold nothing you want, believe me, truly")
        await pilot.press("t", *"mine is the last word", "enter", "escape")
        await pilot.pause()
        text = await settled_text(app, pilot)
        assert "last word" in text
        log = app.game_screen.query_one("#ov-notes")
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        # a line heard from another is followed too
        app.game_screen.heard("Bob: newest")
        await pilot.pause()
        assert "Bob: newest" in await settled_text(app, pilot)
        assert log.scroll_y == log.max_scroll_y


async def test_the_footer_says_how_to_leave_the_talk():
    """While a note is typed the footer names Escape, back to the cards."""
    state = drafting()
    _, typing, _ = await run(make_update(state), keys=["t", *"hi"])
    footer = typing.rstrip().splitlines()[-1]
    assert "esc" in footer and "Done talking" in footer
    submitted, cards, _ = await run(make_update(state), keys=["t", *"hi", "escape", "1"])
    assert "Done talking" not in cards.rstrip().splitlines()[-1]
    assert len(submitted) == 1


async def test_a_note_sent_gives_the_keys_back_to_the_cards():
    """Play-test: after Enter sent a note the talk box kept the keys, so
    the player's 1 to draft went into the box. Enter sends and closes it:
    the next key is a game key again (t talks on)."""
    state = drafting()
    submitted, text, notes = await run(make_update(state), keys=["t", *"hi", "enter", "1"],
                                       after=lambda screen: list(screen.notes))
    assert notes == ["You: hi"]
    assert len(submitted) == 1
    assert "Done talking" not in text.rstrip().splitlines()[-1]


async def test_escape_drops_a_note_not_sent():
    """Play-test: a "1" typed into the talk box stayed in the panel after
    Escape, for rounds, where it read as a line said. Escape drops it."""
    state = drafting()

    def field(screen):
        return screen.query_one("#ov-note").value

    submitted, text, value = await run(make_update(state), keys=["t", "1", "escape"],
                                       after=field)
    assert value == ""
    assert submitted == []
    assert "t: a note for the table" in text  # the hint, not the "1"


async def test_other_totals_hidden_until_the_end_and_the_pad_at_the_end():
    rng = random.Random(5)
    state = GAME.setup(3)
    while state.phase is not Phase.OVER:
        seat = min(GAME.to_act(state))
        if seat == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        state = GAME.apply(state, seat, action)
    _, text, _ = await run(make_update(state, 0))
    assert "The game is over" in text
    outcome = GAME.outcome(state)
    assert any(f"★ {NAMES[w]}" in text for w in outcome.winners)


async def test_a_screen_app_answers_through_the_port_only():
    fake = FakePort()
    app = ScreenApp(make_update(drafting()), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("1")
        await pilot.press("q")
        assert screen_text(app)
    assert fake.leaves == 1 and len(fake.submitted) == 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_snapshot_mid_round(snap_compare, size):
    """Round 1 at the vote abilities: Bob (Purple) turned a card, Ann
    (Meixiu) peeked at one of Cat's and peeks again; a note of table talk."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.PEEK)
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[2])
    update = make_update(state, 0, log=("Bob (Purple) turns a card.",
                                         "Ann (Meixiu) peeks at a card."))
    assert snap_compare(ScreenApp(update), terminal_size=size,
                        press=["t", *"Cat hides Hope", "enter"])  # Enter sends and closes


# --- play-test findings --------------------------------------------------------------


async def test_a_peeked_card_is_marked_in_its_owners_view_too_ov11():
    """QA hot seat (finding 3): Ann (Meixiu) peeked at one of Cat's
    face-down cards; it read "(C)*" in Ann's view but unmarked in Cat's, who
    learned which card only from the recap. A peek is made in the open (OV
    §Vote: "if you saw them using the Meixiu ability"; OV-11): the card is
    marked in every view, its trait shown only to those who know it."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.PEEK)
    peek = GAME.legal_actions(state, 0)[2]
    assert peek.seat == 2
    state = GAME.apply(state, 0, peek)
    number = peek.slot + 1
    label = TRAIT[state.seats[2].slots[peek.slot].card].value
    _, text, _ = await run(make_update(state, 2, log=("Ann (Meixiu) peeks at a card.",)))
    assert f"{number}({label})*" in text, text
    _, text, _ = await run(make_update(state, 1, log=("Ann (Meixiu) peeks at a card.",)))
    assert f"{number}[{BACK}]*" in text, text




#: the table's line saying what the peek mark is (`_marks_legend`)
PEEK_LEGEND = re.compile(r"^\W*\*: a (face-down )?card Meixiu peeked at", re.M)


@pytest.mark.parametrize("size", [(80, 24), (160, 45)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_table_says_what_the_peek_mark_means(size):
    """Play-test: "4(C)* 5(C)*" at 80x24, a * in a tile's corner at
    160x45, and nothing on the table said what the * was (F1 alone did).
    While a card bears it, a line under the points says so; four players
    at 80x24 still have every row in sight."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.PEEK)
    log = ("Ann (Meixiu) peeks at a card.",)
    _, text, _ = await run(make_update(state, 1, log=log), size=size)
    assert not PEEK_LEGEND.search(text)  # no card marked yet: no line
    state = GAME.apply(state, 0, GAME.legal_actions(state, 0)[2])
    for seat in (0, 1):  # Meixiu, who knows the card, and another
        _, text, _ = await run(make_update(state, seat, log=log), size=size)
        assert PEEK_LEGEND.search(text), text
        assert "more below" not in text
        assert all(name in text for name in NAMES[:4]) and "Your character: " in text

def wuming_elder_at_the_vote():
    """Ann, the elder Wuming sister, holds H H H L B at the vote."""
    state = placed([("HHH", "LB"), ("LLC", "HB"), ("AAB", "LC")],
                   [Character.WUMING_VALOUR, Character.PURPLE, Character.GOLD])
    return advance(state, lambda s: s.phase is Phase.VOTE)


async def test_the_score_label_says_what_it_counts_round_or_showdown_ov20():
    """OV §6 Showdown, the elder Wuming sister: +1 per Courage and Hope "This
    will not apply during the scoring phase" (OV-20): the label never calls
    the showdown's 31 the score of a round that scores 28."""
    _, text, _ = await run(make_update(wuming_elder_at_the_vote(), 0), size=(120, 36))
    assert "round score 28 · showdown 31" in text
    assert "score 31 now" not in text


def random_steps_to_round_two(seed: int = 7, players: int = 3, viewer: int | None = 0):
    """Played at random to round 2's draft: each step's state before, the
    line `viewer`'s log gives it (Ann's; None: a spectator's, the public
    line), and the state after."""
    rng = random.Random(seed)
    state = GAME.setup(players)
    while not (state.round == 2 and state.phase is Phase.DRAFT):
        seat = min(GAME.to_act(state))
        if seat == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        line = GAME.describe(state, seat, action, names=NAMES[:players], viewer=viewer)
        after = GAME.apply(state, seat, action)
        yield state, line, after
        state = after


def round_two_draft(seed: int = 7, players: int = 3):
    """Three players (or `players`), played at random to round 2's draft,
    with Ann's log."""
    state, log = GAME.setup(players), []
    for _, line, after in random_steps_to_round_two(seed, players):
        log.append(line)
        state = after
    return state, tuple(log)


async def test_the_recap_shows_every_hand_revealed_at_the_showdown():
    """OV §6 Showdown: "Players reveal their hands": the next draft's recap
    of the last round shows each player's revealed cards and score."""
    state, log = round_two_draft()
    _, text, _ = await run(make_update(state, 0, log=log), size=(160, 48))
    assert "Round 1 ended:" in text and "Showdown, every hand revealed:" in text
    for name in ("you", "Bob", "Cat"):
        assert re.search(rf"^\W*{name} \d+ \(([ABLCHG][↻]?(→[ABLCHG])? ?)+\)", text, re.M), name


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (160, 45)])
async def test_the_round_box_tells_the_round_score_source_by_source(size):
    """OV §Scoring: the box at a round's end tells the viewer's round score
    as the scoring counts it, a source a line, the figures adding up to
    it (it read as one figure); beside the recap on a wide screen, below
    it on a narrow one, where the box's foot says PgDn while lines are
    out of sight."""
    state, log = round_two_draft(players=5)
    update = make_update(state, 0, log=log)
    fake = FakePort()
    app = ScreenApp(update, fake)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        box = app.game_screen._round_box(update, 1)
        assert box is not None and box.aside
        head, *rows = box.aside
        assert head.startswith("Your round score, for the cards held now (")
        score = next(x for x in rows if x.strip().startswith("Round score"))
        figures = [int(x.split()[-1]) for x in rows if x.startswith("  ") and x != score
                   and not x.strip().startswith("(")]
        assert int(score.split()[-3]) == sum(figures) == state.seats[0].rounds[-1].score
        assert f"(total {state.seats[0].total})" in score
        app.push_screen(box)
        text = await settled_text(app, pilot)
        assert "Your round score" in text and "Showdown, every hand revealed:" in text
        # beside: the recap's text, a rule, the score, on one line
        beside = any("Your round score" in line and line.count("│") >= 3
                     for line in text.splitlines())
        assert beside == (size[0] >= 120)
        if not beside and "takes the Leader card" in text:  # the score where the log tells it
            assert text.index("Your round score") < text.index("takes the Leader card")
        ending = box.query_one("#ending")
        below = ending.max_scroll_y > 0
        assert below or size[1] > 24  # at 80x24 the recap and the score run longer
        assert ("PgDn: more · Enter:" in text) == below
        if below:
            await pilot.press("pagedown")
            await pilot.pause()
            assert "Round score" in screen_text(app)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 36), (160, 45), (200, 50)])
@pytest.mark.parametrize("players", [4, 6])
async def test_a_large_screen_lays_the_cards_out_as_tiles(size, players):
    """At 160x45 half the table stood empty: where every row of tiles and
    the whole table fit, each card is a tile three lines high (its number
    in the top edge, its trait named, face-down edges dashed, Purple's,
    Teal's and Meixiu's marks in the bottom edge); a smaller screen keeps
    one line a row. Nothing is cut, and the table does not scroll."""
    rows = [("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"),
            ("BLC", "HA"), ("HHB", "LC")][:players]
    state = placed(rows, [Character.MEIXIU, Character.PURPLE, Character.LIANG,
                          Character.TEAL, None, None][:players])
    state = GAME.apply(state, 1, Turn(3))
    _, text, found = await run(make_update(state, 0), size=size, after=lambda screen: (
        overflows(screen), screen.query_one("#ov-table").max_scroll_y))
    tiled = "┌1─" in text
    assert tiled == (size[0] >= 160)
    if tiled:
        assert "│    Anger    │" in text and "╎  (Courage)  ╎" in text
        assert "└↻" in text  # Bob's turned card
        assert found == ([], 0)
    else:
        assert "1[A] 2[A] 3[B] 4(C) 5(C)" in text or "1[Anger] 2[Anger] 3[Benevolence]" in text


def round_one_states(seed: int = 7):
    """Three players played at random: round 1 just before its showdown,
    just after it (the round going on), and round 2's draft, each with
    Ann's log."""
    log: list[str] = []
    before = after = state = None
    for state, line, nxt in random_steps_to_round_two(seed):
        log.append(line)
        if state.round == 1 and not state.showdown and nxt.showdown and nxt.round == 1:
            before, after = (state, tuple(log[:-1])), (nxt, tuple(log))
        state = nxt
    assert before is not None and after is not None
    return before, after, (state, tuple(log))


async def test_what_the_vote_did_stays_in_a_box_until_enter():
    """OV §Judgement, §Showdown: the bots judged, showed their hands and
    went on in a few seconds, and the next decision came over it: the
    showdown revealed in play brings what the vote did (the votes, the
    judgment, every hand) up in a box until Enter, or until the round
    ends: then the round's end in its own."""
    from tui.screens.ending import EndingScreen

    before, after, next_round = round_one_states()
    fake = FakePort()
    app = ScreenApp(make_update(before[0], 0, log=before[1]), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen
        app.game_screen.show(make_update(after[0], 0, log=after[1]))
        await pilot.pause()
        assert isinstance(app.screen, EndingScreen)
        assert "what the vote did" in app.screen.title_text
        # (the box's text waited for: a loaded machine drew it a frame later)
        await wait_for(pilot, lambda: "Votes:" in screen_text(app))
        text = screen_text(app)
        assert "Votes:" in text and "Showdown, every hand revealed:" in text
        app.game_screen.show(make_update(next_round[0], 0, log=next_round[1]))
        # the round over, its end in the vote box's place
        await wait_for(pilot, lambda: isinstance(app.screen, EndingScreen)
                       and app.screen.title_text.startswith("Round 1 ended"))
        assert len(app.screen_stack) == 3  # the app's, the table, the round's box


def admit_then_steal_round(seed: int = 7):
    """Three players at random, where Bob or Cat admits when judged (Ann
    denies), to round 2's draft: round 1 ends on a steal between the
    other two. Ann's updates just before the showdown, just after it,
    and at the next draft, each with her log."""
    rng = random.Random(seed)
    state, log = GAME.setup(3), []
    before = after = None
    while not (state.round == 2 and state.phase is Phase.DRAFT):
        seat = min(GAME.to_act(state))
        if seat == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            legal = GAME.legal_actions(state, seat)
            if state.phase is Phase.JUDGE:
                action = Deny() if seat == 0 else Admit()
            else:
                action = rng.choice(legal)
        log.append(GAME.describe(state, seat, action, names=NAMES[:3], viewer=0))
        nxt = GAME.apply(state, seat, action)
        if not state.showdown and nxt.showdown:
            before, after = (state, tuple(log[:-1])), (nxt, tuple(log))
        state = nxt
    assert before is not None and after is not None
    return before, after, (state, tuple(log))


async def test_a_round_that_ends_on_a_steal_takes_the_votes_box_place(monkeypatch):
    """Play-test: Bob admitted; the box of what the vote did came up; the
    bots stole and the round ended while it was up. A shared table's bots
    do not wait for a box, and the vote's stayed up over the next round's
    draft, the round's end behind it (test_host_hub_round_ends.py). The
    round's box takes its place, whole (the votes again, the steal, the
    round score); the Enter meant for the vote, pressed as it came up,
    does not put it away unread (an earlier play-test: it did): a box
    that comes up takes Enter after the app's `decision_grace`."""
    import types

    import tui.screens.ending
    from tui.screens.ending import EndingScreen

    clock = types.SimpleNamespace(now=1000.0)
    clock.monotonic = lambda: clock.now
    monkeypatch.setattr(tui.screens.ending, "time", clock)

    class GuardedApp(ScreenApp):
        decision_grace = 0.7  # the real app's

    before, after, next_round = admit_then_steal_round()
    assert any("admits" in line for line in after[1])
    assert any(" robs " in line for line in next_round[1][len(after[1]):])
    app = GuardedApp(make_update(before[0], 0, log=before[1]), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.show(make_update(after[0], 0, log=after[1]))
        await pilot.pause()
        vote_box = app.screen
        assert isinstance(vote_box, EndingScreen) and "what the vote did" in vote_box.title_text
        clock.now += 5  # read a while
        app.game_screen.show(make_update(next_round[0], 0, log=next_round[1]))
        await wait_for(pilot, lambda: app.screen is not vote_box
                       and isinstance(app.screen, EndingScreen))
        box = app.screen
        assert box.title_text.startswith("Round 1 ended") and vote_box not in app.screen_stack
        told = "\n".join([*box.lines, *box.aside])
        assert "Votes:" in told and " robs " in told and "Your round score" in told
        await pilot.press("enter")  # meant for the vote's box: too soon for this one
        await pilot.pause()
        assert app.screen is box
        clock.now += 1
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is app.game_screen


async def test_the_vote_box_is_one_viewers_and_goes_when_the_view_does():
    """At one terminal the box is in its viewer's words: a cover going up
    (the public view drawn under it) puts it away; a match resumed after
    the showdown brings none."""
    from tui.screens.ending import EndingScreen

    before, after, _ = round_one_states()
    fake = FakePort()
    app = ScreenApp(make_update(before[0], 0, log=before[1]), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.show(make_update(after[0], 0, log=after[1]))
        await pilot.pause()
        assert isinstance(app.screen, EndingScreen)
        app.game_screen.show(make_update(after[0], None, log=after[1]))
        await pilot.pause()
        assert app.screen is app.game_screen
    app = ScreenApp(make_update(after[0], 0, log=after[1]), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen is app.game_screen


async def test_the_next_draft_shows_the_players_above_the_last_rounds_recap():
    """OV §2 Draft: while drafting you keep an eye on your kept cards and
    your character; at 80x24 the recap of the last round (18 lines) stood
    above the players and pushed every seat below the fold. The players
    come first. On a tall screen the recap stands below them; on a short
    one a line at the top says the log tells it (l to read it back)."""
    state, log = round_two_draft()
    _, text, _ = await run(make_update(state, 0, log=log), size=(120, 40))
    assert text.index("Ann (you)") < text.index("Round 1 ended:")
    assert "Showdown, every hand revealed:" in text
    app = ScreenApp(make_update(state, 0, log=log), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert text.count("no cards yet") == 3  # every seat's row
        assert "Your character:" in text
        assert "Round 1 ended: the log tells how (l)" in text
        await pilot.press("l", "pageup")
        await wait_for(pilot, lambda: "is scored" in screen_text(app))


@pytest.mark.parametrize("players", [3, 4, 5])
async def test_the_next_draft_at_80x24_does_not_scroll_for_the_recap(players):
    """Play-tests (80x24, round 2's draft): below the rows, above the
    prompt, a stray "Round 1 ended:" stood through the whole draft, the
    recap's first line cut from the rest by the panel's edge; then, with
    six players, the recap below the rows made the table scroll ("more
    below (PgDn)"). On a short screen the recap is not below the rows (the
    round's box told it; the log keeps it): the table does not scroll."""
    state, log = round_two_draft(7, players=players)
    _, text, scroll = await run(make_update(state, 0, log=log),
                                after=lambda screen: screen.query_one("#ov-table").max_scroll_y)
    assert "Round 1 ended: the log tells how (l)" in text
    assert scroll == 0 and "more below" not in text, text
    assert "Round 1 ended:\n" not in text and "Showdown" not in text, text


async def test_a_tall_table_shows_the_recap_without_a_pointer():
    """At 160x48 the players and the recap both fit: no pointer line."""
    state, log = round_two_draft()
    _, text, _ = await run(make_update(state, 0, log=log), size=(160, 48))
    assert "Ann (you)" in text and "Round 1 ended:" in text
    assert "the log tells how" not in text


async def test_a_long_character_goes_on_below_its_name_never_cut():
    """OV-8: the house names say each character's ability in short; at 80x24
    "Brown G, the Hoarder (takes the discarded Greed)" was cut to "...Gr…"
    beside another seat. A character too long for the table puts its
    ability on the next line, whole."""
    state = placed([("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB")],
                   [Character.TEAL, Character.GOLD, Character.GREED])
    state = advance(state, lambda s: s.phase is Phase.VOTE)
    _, text, _ = await run(make_update(state, 0), size=(80, 24))
    assert re.search(r"Brown G, the Hoarder\s*\n\s+\(takes the discarded Greed\)", text)
    assert re.search(r"Gold, the Scavenger\s+\(draws from the discards\)", text)
    _, wide, _ = await run(make_update(state, 0), size=(160, 48))
    assert "Brown G, the Hoarder (takes the discarded Greed)" in wide


async def test_gold_keeps_the_card_shown_under_the_number_pressed():
    """OV §Vote, Gold: "Draw two cards from the discard pile, pick one".
    The two cards drawn were shown in the order drawn ([Hope] [Benevolence])
    while the bar listed them sorted (1 Keep Benevolence, 2 Keep Hope): 1
    kept the second card shown. Both now go in one order."""
    state = placed([("AAB", "CC"), ("LLC", "AA"), ("GGL", "BB")],
                   [Character.GOLD, Character.TEAL, Character.LIANG], discard="BH")
    first, second = sorted(state.discard)
    state = GAME.apply(state, CHANCE, Draw(second))
    state = GAME.apply(state, CHANCE, Draw(first))
    assert state.phase is Phase.GOLD_KEEP and state.drawn == (second, first)
    update = make_update(state, 0)
    for key, index in (("1", 0), ("2", 1)):
        submitted, text, shown = await run(update, keys=[key], after=lambda screen: [
            c.text for c in screen.query_one("#ov-hand").cards])
        (seat, action), = submitted
        assert seat == 0 and TRAIT[action.card].label == shown[index]
    a, b = shown
    assert f"[{a}] [{b}]" in text and re.search(rf"1 Keep {a}\s+2 Keep {b}", text)


async def test_gold_drawing_two_cards_of_one_trait_is_offered_one_keep():
    """Play-test: Gold drew two Greed cards and the bar offered "1 Keep
    Greed   2 Keep Greed", two choices that are one (OV-26: cards of one
    trait are alike; OV-28: Gold knows the traits drawn, not the copies).
    One choice, and it keeps one of the two."""
    state = placed([("AAB", "CC"), ("LLC", "AA"), ("GHL", "BB")],
                   [Character.GOLD, Character.TEAL, Character.LIANG], discard="GG")
    for card in sorted(state.discard):
        state = GAME.apply(state, CHANCE, Draw(card))
    assert state.phase is Phase.GOLD_KEEP and len(set(state.drawn)) == 2
    update = make_update(state, 0)
    assert len(update.legal) == 2
    submitted, text, bar = await run(update, keys=["1"], after=lambda screen: list(
        screen._bar_actions))
    assert text.count("Keep Greed") == 1 and "2 Keep" not in text, text
    assert "[Greed] [Greed]" in text  # both cards drawn still show
    assert len(bar) == 1
    assert submitted == [(0, bar[0])] and bar[0] in update.legal


async def test_the_others_see_golds_two_cards_face_down():
    """While Gold keeps one of the two cards drawn, the other players' hand
    row read "No cards. drawn from the discard pile": it shows the two
    cards face down and who drew them."""
    state = placed([("AAB", "CC"), ("LLC", "AA"), ("GGL", "BB")],
                   [Character.GOLD, Character.TEAL, Character.LIANG], discard="BH")
    for card in sorted(state.discard):
        state = GAME.apply(state, CHANCE, Draw(card))
    assert state.phase is Phase.GOLD_KEEP and state.acting == 0
    _, text, shown = await run(make_update(state, 1), after=lambda screen: [
        c.text for c in screen.query_one("#ov-hand").cards])
    assert shown == [BACK, BACK]
    assert "No cards" not in text
    assert f"{NAMES[0]} drew these from the discard pile" in text
    for card in state.drawn:  # which cards they are stays Gold's
        assert f"[{TRAIT[card].label}]" not in text


async def test_your_own_row_stays_in_view_at_a_full_table():
    """Six players at 80x24: the table is taller than the screen, and the
    sixth seat's own cards were below the fold while that player voted or
    chose the card to give (the rows are in seat order). The table scrolls
    so that your own row is in view when a decision comes to you."""
    characters = [Character.GREED, Character.WUMING_VALOUR, Character.PURPLE,
                  Character.GOLD, Character.ORANGE, Character.LIANG]
    state = placed([("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"),
                    ("BL", "HCA"), ("HHB", "LC")], characters)
    state = advance(state, lambda s: s.phase is Phase.VOTE)
    update = make_update(state, 5, bots=frozenset())
    _, text, _ = await run(update, size=(80, 24))
    assert "Fay (you)" in text and "1[B] 2[H] 3[H] 4(L) 5(C)" in text
    assert "Vote: who scores highest" in text
    # the first seat's player still sees their row at the top
    _, first, _ = await run(make_update(state, 0, bots=frozenset()), size=(80, 24))
    assert "Ann (you)" in first and "1[A] 2[A] 3[B] 4(C) 5(C)" in first


def six_players_votes_in(first: Character = Character.GREED,
                         second: Character = Character.WUMING_VALOUR):
    """Six players at the vote, every vote in (three against Ann, three
    against Cat): Ann (seat 0) is `first`, Bob `second`, the others Purple,
    Gold, Orange and Liang."""
    characters = [first, second, Character.PURPLE, Character.GOLD, Character.ORANGE,
                  Character.LIANG]
    state = placed([("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"),
                    ("BL", "HCA"), ("HHB", "LC")], characters)
    state = advance(state, lambda s: s.phase is Phase.VOTE)
    for voter, target in ((0, 2), (1, 2), (2, 0), (3, 2), (4, 0), (5, 0)):
        state = GAME.apply(state, voter, Vote(target))
    return state


async def test_the_tables_title_says_rows_are_out_of_sight_and_the_keys():
    """Six players at 80x24: the table is taller than its panel and PgUp /
    PgDn scroll it, which only F1 told; a player did not know other rows
    existed. The table's title says where rows are hidden and the key that
    shows them, and says nothing when every row is in sight."""
    # (the votes in: each seat's status and character no longer share a
    # line, and the rows do not fit)
    state = six_players_votes_in()

    def title(screen):
        # (with the hint that F1 tells the characters in short, its own test)
        return str(screen.query_one("#ov-table").border_title).removesuffix(" · F1 characters")

    fake = FakePort()
    app = ScreenApp(make_update(state, 0, bots=frozenset()), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        # the title follows the table's layout: waited for, not one pause
        # (a loaded machine lays it out later)
        # (its rows all fit now, `test_six_players_votes_in_see_the_whole_table_at_80x24`:
        # rows too many for it stand in)
        await wait_for(pilot, lambda: title(screen) == "Table")
        screen.query_one("#ov-rows").update("\n".join(["a line"] * 40))
        await wait_for(pilot, lambda: title(screen) == "Table · more below (PgDn)")
        await wait_for(pilot, lambda: "Table · more below (PgDn)" in screen_text(app))
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: "(PgUp" in title(screen))
        for _ in range(4):
            await pilot.press("pagedown")
        await wait_for(pilot, lambda: title(screen) == "Table · more above (PgUp)")
        # the rows' height alone changes (the panel keeps its size, so
        # Textual sends it no Resize): the title follows all the same. CI
        # (a loaded machine) once left "more below" over rows that all fit.
        screen.query_one("#ov-rows").update("one line")
        await wait_for(pilot, lambda: title(screen) == "Table")
        screen.query_one("#ov-rows").update("\n".join(["a line"] * 40))
        await wait_for(pilot, lambda: title(screen) == "Table · more below (PgDn)")
    # every row in sight: the title alone
    _, _, tall = await run(make_update(state, 0, bots=frozenset()), size=(160, 60), after=title)
    assert tall == "Table"


async def test_six_players_votes_in_see_the_whole_table_at_80x24():
    """Play-test (six players at 80x24, the Leader breaking a tie): with
    the votes in, each seat's "0 votes against · voted Cat" left no room
    for its character beside the name, so each took a line of its own,
    three lines a seat, and the table scrolled ("Table · more below").
    The character goes after the cards there (by its name where only that
    fits): every seat's cards, character and vote, the points and your
    ability are in sight, and the table does not scroll."""
    state = six_players_votes_in()
    _, text, scroll = await run(make_update(state, 0, bots=frozenset()), size=(80, 24),
                                after=lambda screen: screen.query_one("#ov-table").max_scroll_y)
    assert scroll == 0 and "more below" not in text, text
    lines = text.splitlines()
    assert any("1[L] 2[L] 3[C] 4[▒▒] 5[▒▒] · Wuming the elder" in line for line in lines), text
    for name in ("Purple", "Gold", "Orange", "Liang"):  # (or on a line of its own)
        assert re.search(rf"(· |^\s+){name}\b", text, re.MULTILINE), name
    for name in NAMES[1:]:
        assert f"{name} · " in text and "voted" in text
    assert "Points: A6" in text and "Your character: Greed" in text


async def test_a_character_in_short_is_told_whole_by_f1():
    """Six players at 80x24 show a character by its name alone ("Purple")
    where its full name and ability do not fit: the table's title says F1
    tells them, and F1 lists every character you know with its ability
    (only the rulebook told what "Liang" does). Where all fit, the title
    says nothing of it."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    state = six_players_votes_in()
    for size, told in (((80, 24), True), ((160, 45), False)):
        app = ScreenApp(make_update(state, 0, bots=frozenset()), FakePort())
        async with app.run_test(size=size) as pilot:
            text = await settled_text(app, pilot)
            assert ("Table · F1 characters" in text) is told, text
            assert (Character.PURPLE.label in text) is not told
            await app.push_screen(HelpScreen(app.game_screen))
            await pilot.pause()
            table = app.screen.query_one(DataTable)
            rows = [tuple(" ".join(str(c).split()) for c in table.get_row_at(i))
                    for i in range(table.row_count)]
        at = rows.index(("", "Characters at the table"))
        listed = dict(rows[at + 1:at + 7])
        assert listed["You"] == f"{Character.GREED.label}. {GAME.ability(Character.GREED)}"
        assert listed["Cat"] == f"{Character.PURPLE.label}. {GAME.ability(Character.PURPLE)}"
        assert listed["Fay"] == f"{Character.LIANG.label}. {GAME.ability(Character.LIANG)}"


async def test_f1_opens_on_the_characters_at_80x24():
    """Play-test (six players at 80x24): F1 listed the characters below
    every key, so a player who pressed it for "Liang" (the table's title
    says "F1 characters") scrolled past some thirty rows of keys first. The
    characters come first, in sight as the help opens, then the keys under
    their own heading; j and k still move down and up the list."""
    from textual.widgets import DataTable

    from tui.screens.help import HelpScreen

    characters = [Character.GREED, Character.WUMING_VALOUR, Character.PURPLE,
                  Character.GOLD, Character.ORANGE, Character.LIANG]
    state = placed([("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"),
                    ("BL", "HCA"), ("HHB", "LC")], characters)
    state = advance(state, lambda s: s.phase is Phase.VOTE)
    app = ScreenApp(make_update(state, 0, bots=frozenset()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settled_text(app, pilot)
        await app.push_screen(HelpScreen(app.game_screen))  # (what F1 does)
        await pilot.pause()
        table = app.screen.query_one(DataTable)
        rows = [tuple(" ".join(str(c).split()) for c in table.get_row_at(i))
                for i in range(table.row_count)]
        text = screen_text(app)
        assert rows[0] == ("", "Characters at the table"), rows[:3]
        assert [who for who, _ in rows[1:7]] == ["You", *NAMES[1:6]], rows[:8]
        assert rows[7] == ("", "Keys"), rows[7]
        assert table.scroll_y == 0
        # in sight as it opens: the heading and the first characters whole
        # (the rest a j or two below, before any key)
        assert "Characters at the table" in text and "Key " in text, text
        for c in characters[:3]:
            assert c.label.partition(" (")[0] in text, (c, text)
        # j and k scroll down the list and back; the keys below are reached
        await pilot.press("j", "j")
        await pilot.pause()
        assert table.scroll_y == 2
        await pilot.press("k")
        await pilot.pause()
        assert table.scroll_y == 1
        await pilot.press("G")
        await pilot.pause()
        assert table.scroll_y == table.max_scroll_y > 0
        assert "Ctrl+Q" in screen_text(app) or "ctrl+q" in screen_text(app).lower()


def six_player_stages(seed: int = 5):
    """A six-player match played at random from `seed`: the first state of
    every stage of every round, with the lowest seat that decides there and
    that seat's log so far (the next round's draft begins under the last
    round's recap, which the log makes)."""
    rng = random.Random(seed)
    state = GAME.setup(6)
    seen = set()
    steps: list[tuple] = []

    def log(viewer: int) -> tuple[str, ...]:
        return tuple(GAME.describe(before, actor, action, names=NAMES[:6], viewer=viewer)
                     for before, actor, action in steps)

    while state.phase is not Phase.OVER:
        to_act = GAME.to_act(state)
        if CHANCE in to_act:
            seat, action = CHANCE, sample_chance(GAME.chance_outcomes(state), rng)
        else:
            seat = min(to_act)
            if (state.round, state.phase) not in seen:
                seen.add((state.round, state.phase))
                yield state, seat, log(seat)
            action = rng.choice(GAME.legal_actions(state, seat))
        steps.append((state, seat, action))
        state = GAME.apply(state, seat, action)


def _seat_blocks(lines: list[str], names: Sequence[str]) -> list[str]:
    """The table's lines of each seat, its name's line to the next seat's."""
    starts = [next(i for i, line in enumerate(lines) if re.match(rf"[\s•»]*{name}\b", line))
              for name in names]
    end = next(i for i, line in enumerate(lines) if "Points: " in line)
    return ["\n".join(lines[a:b]) for a, b in zip(starts, [*starts[1:], end], strict=True)]


#: 3: round 2's Greed stage, Fay robbed (the table scrolled by two lines
#: under a four-line give bar); 11 and 13: the same by one line
@pytest.mark.parametrize("seed", [5, 3, 11, 13])
async def test_six_players_see_the_whole_table_in_every_stage_at_80x24(seed):
    """Play-test (six players at 80x24, the showdown's Greed stage): the
    scores sat on the cards' lines, so the characters went on lines of
    their own, and statuses wrapped ("judged, denies: not highest / 3
    votes against · voted Fay"): the table scrolled. A whole match, stage
    by stage: the table never scrolls, and every seat's name, cards,
    character, what it did and its showdown score are in sight, with the
    points and your character. Play-test: the robbed player's give bar
    ("1 Give card 1 Benevolence (round score 9, -4)", the card's number
    said twice) took four lines and the table scrolled by two."""
    recaps = 0
    for state, seat, log in six_player_stages(seed):
        update = make_update(state, seat, log=log, bots=frozenset(range(6)) - {seat})
        # (round 2's and 3's first draft turn come under the last round's
        # recap: the walk missed them with a log of one line)
        recaps += bool(state.phase is Phase.DRAFT and recap_lines(log))
        view = update.view

        def seen(screen, view=view):
            table = screen.query_one("#ov-table")
            return (table.max_scroll_y, table.region.right,
                    [screen._cards_text(view, s).plain for s in range(6)])

        _, text, (scroll, right, cards) = await run(update, after=seen)
        where = f"round {state.round}, {state.phase.value}, {NAMES[seat]}'s view:\n{text}"
        assert scroll == 0 and "more below" not in text, where
        lines = [line[:right] for line in text.splitlines()]
        assert "Points: " in text and "Your character: " in text, where
        votes = GAME.votes_received(view)
        for s, block in enumerate(_seat_blocks(lines, NAMES)):
            p = view.seats[s]
            assert cards[s] in block, (s, where)
            if p.character is not None:
                # (by its name in short at the least: `Character.short`)
                assert p.character.short in block, (s, where)
            else:
                assert "character hidden" in block, (s, where)
            if votes:  # (in few words: "2 against", none said by the others' counts)
                said = re.search(rf"\b{votes[s]} (votes? )?against", block)
                assert said if votes[s] else (said or "against" not in block), (s, where)
                voted = "you" if p.vote == seat else NAMES[p.vote]
                assert f"voted {voted}" in block, (s, where)
            if view.accused == s:
                assert re.search(r"\b(judged|denies|admits)\b", block), (s, where)
            for flag, word in ((view.thief, "steals"), (view.victim, "robbed"),
                               (view.liang_target, "-1 per card (Liang)")):
                assert (flag == s) is (word in block), (s, word, where)
            if view.showdown:
                assert f"showdown {view.showdown[s]}" in block, (s, where)
    assert recaps == 2  # rounds 2 and 3


async def test_meixiu_is_told_which_peek_and_how_to_reach_the_tenth_choice():
    """OV §Vote, Meixiu: "peek at any two face-down cards from any other
    player". With six players there are ten cards to peek at and the keys
    1-9 name only nine: the others are marked · and reached with the
    arrows, which the prompt now says; it also says which of the two peeks
    this is."""
    rows = [("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"),
            ("BLC", "HA"), ("HHB", "LC")]
    state = placed(rows, [Character.MEIXIU, None, None, None, None, None])
    assert state.phase is Phase.PEEK
    update = make_update(state, 0, bots=frozenset())
    assert len(update.legal) == 10
    submitted, text, keys = await run(update, size=(80, 24), keys=["right"] * 9 + ["enter"],
                                      after=lambda screen: list(screen._bar_keys))
    flat = " ".join(text.split())
    assert keys.count("·") == 1
    assert "(1 of 2)" in flat and "marked ·: ←→ then Enter" in flat
    assert submitted == [(0, update.legal[-1])]  # the tenth, by the arrows
    second = make_update(GAME.apply(state, 0, update.legal[0]), 0, bots=frozenset())
    _, text, _ = await run(second, size=(80, 24))
    assert "(2 of 2)" in " ".join(text.split())


async def test_meixius_prompt_says_the_arrows_once():
    """Play-test (seersbots, finding 6): Meixiu's peek came under the key
    of the last choice, and the prompt said "Choices marked ·: ←→ then
    Enter. Pick with a number, or ←→ then Enter.": the arrows once, the
    marked choices said in the same sentence (OV §Vote, Meixiu)."""
    rows = [("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"),
            ("BLC", "HA"), ("HHB", "LC")]
    state = placed(rows, [Character.MEIXIU, None, None, None, None, None])
    update = make_update(state, 0, bots=frozenset())

    def unlooked(screen):
        screen._unlooked = screen._decision_of(update)  # as `decided_again` marks it
        return screen._prompt(update).plain

    for size in ((80, 24), (160, 45)):
        _, _, prompt = await run(update, size=size, after=unlooked)
        assert prompt.count("←→") == 1, prompt
        assert "marked ·" in prompt and "number" in prompt, prompt


async def test_meixiu_second_peek_keeps_each_cards_number():
    """OV §Vote, Meixiu peeks twice: between the peeks the cards keep their
    numbers (the one peeked at is gone); they renumbered, and a player who
    had read "3" for Cat's card pressed 3 for another."""
    state = table_at_vote_abilities()
    state = GAME.apply(state, 1, Turn(0))  # Purple first (OV-11)
    assert state.phase is Phase.PEEK
    first = make_update(state, 0, bots=frozenset())
    _, _, keys = await run(first, after=lambda screen: dict(zip(
        screen._bar_actions, screen._bar_keys, strict=True)))
    second = make_update(GAME.apply(state, 0, first.legal[0]), 0, bots=frozenset())
    submitted, text, kept = await run(second, keys=[keys[second.legal[1]]], after=lambda screen: dict(
        zip(screen._bar_actions, screen._bar_keys, strict=True)))
    assert kept == {a: keys[a] for a in second.legal}
    assert keys[first.legal[0]] not in kept.values()
    assert submitted == [(0, second.legal[1])]


def test_recap_parts_put_each_revealed_hand_on_its_line():
    line = ("Cat denies. Showdown: you 15 (H G↻ G L C), Bob 28 (A B C L B), "
            "Cat 26 (B H H A B). Cat was not the highest.")
    assert recap_parts(line) == [
        "Cat denies.", "Showdown, every hand revealed:", "  you 15 (H G↻ G L C)",
        "  Bob 28 (A B C L B)", "  Cat 26 (B H H A B)", "Cat was not the highest."]


def test_the_showdown_box_names_the_wuming_sisters_effect_ov20():
    """OV-20, play-test: the box listed Edda's 33 (C↻ G G A A) with nothing
    saying that the younger sister counted every Anger 12: its line, under
    the hands."""
    line = ("Bob denies. Showdown: you 12 (L L C H B), Bob 33 (A A B L C). "
            "Wuming the younger counts every Anger 12 here, for everyone. "
            "Bob was the highest.")
    assert recap_parts(line) == [
        "Bob denies.", "Showdown, every hand revealed:", "  you 12 (L L C H B)",
        "  Bob 33 (A A B L C)", "Wuming the younger counts every Anger 12 here, for everyone.",
        "Bob was the highest."]


def test_the_showdown_box_names_meixius_three_and_purples_fives():
    """OV §4 Vote, grey (Meixiu): "three (3) more points this round, this
    applies for the voting phase as well"; purple: the turned trait counts
    five. Play-test: "Edda 23 (B L C A B)" did not add up; each note is a
    line under the hands, as the sisters' (OV-20)."""
    line = ("Bob denies. Showdown: you 13 (L L C H B), Edda 23 (B L C A B). "
            "You (Purple) count every Lust 5. Edda's 23 includes Meixiu's +3. "
            "Wuming the elder adds 1 per Courage and Hope here, for everyone. "
            "Edda was the highest.")
    assert recap_parts(line) == [
        "Bob denies.", "Showdown, every hand revealed:", "  you 13 (L L C H B)",
        "  Edda 23 (B L C A B)", "You (Purple) count every Lust 5.", "Edda's 23 includes Meixiu's +3.",
        "Wuming the elder adds 1 per Courage and Hope here, for everyone.",
        "Edda was the highest."]


def test_the_showdown_box_keeps_the_sisters_purple_exception_on_its_line_ov20():
    """OV-20: the sisters leave Purple's fives at 5; the note saying so
    stays one line of the box, the lines after it their own."""
    line = ("Bob denies. Showdown: you 13 (L L C H B), Bob 28 (A C↻ C B L). "
            "Bob (Purple) counts every Courage 5. "
            "Wuming the younger counts every Anger 12 here, for everyone. "
            "Wuming the elder adds 1 per Courage and Hope here, for everyone (not on Purple's fives). "
            "Bob was the highest.")
    assert recap_parts(line) == [
        "Bob denies.", "Showdown, every hand revealed:", "  you 13 (L L C H B)",
        "  Bob 28 (A C↻ C B L)", "Bob (Purple) counts every Courage 5.",
        "Wuming the younger counts every Anger 12 here, for everyone.",
        "Wuming the elder adds 1 per Courage and Hope here, for everyone (not on Purple's fives).",
        "Bob was the highest."]


def test_recap_parts_put_each_source_of_the_score_on_its_line():
    """OV §Scoring, OV-14, OV-20: the round's score a source a line, its
    figures in a column; the Wuming sisters' showdown-only part under it."""
    line = ("Round 2 is scored. You score 11 (total 23) for the cards held now (L G↻ G C): "
            "Lust ×1: 3; Courage ×1 (2/10/18): 2; Greed ×2 turned by Purple (5 each): 10; "
            "Liang, -1 per card ×4: -4. The Wuming sisters' +1 on these cards counts at the "
            "showdown only. You take the Leader card.")
    assert recap_parts(line) == [
        "Round 2 is scored.",
        "Your round score, for the cards held now (L G↻ G C):",
        "  Lust ×1                               3",
        "  Courage ×1 (2/10/18)                  2",
        "  Greed ×2 turned by Purple (5 each)   10",
        "  Liang, -1 per card ×4                -4",
        "  Round score                          11  (total 23)",
        "  (the Wuming sisters' +1 on these cards counts at the showdown only)",
        "You take the Leader card."]


@pytest.mark.parametrize("after", ["ann takes the Leader card.", "ébo takes the Leader card.",
                                   "3po takes the Leader card.", "Tied for the lowest: you, bob."])
def test_the_score_ends_at_its_last_figure_whatever_name_comes_next(after):
    """A name in lower case (or opening with no letter) after the score
    was glued onto its last source: "Liang, -1 per card ×6  -6. ann takes
    the Leader card"."""
    line = ("Round 1 is scored. You score 0 (total 0) for the cards held now (H L L L L L): "
            "Hope ×1 (0/6/21): 0; Lust ×5: 6; Liang, -1 per card ×6: -6. " + after)
    parts = recap_parts(line)
    assert parts[-1] == after
    assert parts[-3:-1] == ["  Liang, -1 per card ×6   -6",
                            "  Round score              0  (total 0)"]
    nothing = recap_parts("You score 0 (total 0) for the cards held now (): nothing. " + after)
    assert nothing[-1] == after and "nothing" not in " ".join(nothing)


def test_a_log_with_lower_case_names_keeps_each_sentence_off_the_score():
    """The core's own round-end lines, with lower-case names: no score row
    carries another sentence."""
    rng = random.Random(11)
    names = ("you-know", "ann", "bob")
    state, scored = GAME.setup(3), 0
    while state.phase is not Phase.OVER:
        seat = min(GAME.to_act(state))
        action = (sample_chance(GAME.chance_outcomes(state), rng) if seat == CHANCE
                  else rng.choice(GAME.legal_actions(state, seat)))
        line = GAME.describe(state, seat, action, names=names, viewer=0)
        state = GAME.apply(state, seat, action)
        if " (total " not in line:
            continue
        scored += 1
        parts = recap_parts(line)
        rows = parts[parts.index(next(x for x in parts if "round score, for" in x)):]
        figures = [x for x in rows if x.startswith("  ") and not x.strip().startswith("(")]
        assert figures and all(re.fullmatch(r"  .+  +-?\d+(  \(total \d+\))?", x)
                               for x in figures), parts
    assert scored >= 3


async def test_admitted_cards_keep_their_numbers_as_the_others_go():
    """OV §5 Judgement, ADMIT: "The player will choose and discard two of
    his own cards": card 2 gone, the others keep their numbers, so a key
    pressed twice never discards another card."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    fake = FakePort()
    app = ScreenApp(make_update(state, 0), fake)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        await pilot.press("2")
        assert fake.submitted == [(0, Discard(1))]
        app.game_screen.show(make_update(GAME.apply(state, 0, Discard(1)), 0))
        await pilot.pause()
        text = screen_text(app)
        assert "1[A] 3[B] 4(L) 5(C)" in text
        assert "3 Discard card 3 Benevolence" in text
        await pilot.press("2")  # card 2 is gone: nothing happens
        assert fake.submitted == [(0, Discard(1))]
        await pilot.press("4")
        assert fake.submitted == [(0, Discard(1)), (0, Discard(2))]  # the Lust


async def test_table_talk_lasts_until_the_vote_not_into_the_next_round():
    """OV §4 Vote: the discussion comes before the judgment tokens: a new
    round's talk starts without the last round's notes."""
    state = table_at_vote_abilities()
    fake = FakePort()
    app = ScreenApp(make_update(state, 0), fake)
    async with app.run_test(size=(120, 36)) as pilot:
        await settle(pilot)
        app.game_screen.heard("Cat hides Hope")
        await pilot.pause()
        assert "Cat hides Hope" in screen_text(app)
        later = advance(drafting(), lambda s: True)
        app.game_screen.show(make_update(attrs.evolve(later, round=2), 0))
        await pilot.pause()
        text = screen_text(app)
        assert "Table talk" in text and "Cat hides Hope" not in text
        app.game_screen.heard("Bob bluffs")
        await pilot.pause()
        assert "Bob bluffs" in screen_text(app)


async def test_a_discard_pile_of_one_card_reads_one_card():
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")], discard="C")
    _, text, _ = await run(make_update(state, 0), size=(120, 36))
    assert "Discard pile: 1 card " in text or "Discard pile: 1 card\n" in text
    assert "1 cards" not in text


def test_a_possessive_leaves_the_away_mark_out():
    """A shared table marks an away player ("bob (away)"); a possessive
    says whose, not who is away (the players panel and the prompt do):
    "bob's turn", never "bob's (away) turn" or "bob (away)'s turn". A
    name of one's own in brackets is a name."""
    assert possessive("bob (away)") == "bob's"
    assert possessive("bob (away — bot playing)") == "bob's"
    assert possessive("Bob") == "Bob's"
    assert possessive("Bob (the Great)") == "Bob (the Great)'s"


def leader_chooses_for_ann():
    """Ann denied and was the highest; her pairs A+C and C+H cost her
    alike, so Bob, the Leader, chooses which she loses (OV-5, OV-13)."""
    state = placed([("ACC", "HH"), ("LLC", "HB"), ("LHA", "BL")], leader=1)
    state = GAME.apply(vote_all(state, [1, 0, 0]), 0, Deny())
    assert state.phase is Phase.GUILTY and GAME.to_act(state) == {1}
    return state


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("ann", ["Ann", "Catherine-Anne"])
async def test_the_leader_chooses_the_pair_the_guilty_player_loses_ov5_ov13(size, ann):
    """OV-5, OV-13: the Leader is asked, among the guilty player's cards:
    the prompt names whose cards (face up since the Showdown), each choice
    names them, a number picks one and nothing is cut off; the guilty
    player waits for the Leader."""
    state = leader_chooses_for_ann()
    names = (ann, "Bob", "Cat")
    update = attrs.evolve(make_update(state, 1, bots=frozenset({2})), names=names)
    assert update.legal == (LosePair(0, 1), LosePair(1, 3))
    submitted, text, found = await run(update, size=size, keys=["2"], after=overflows)
    assert submitted == [(1, LosePair(1, 3))]
    flat = " ".join(text.split())
    assert (f"Leader: {ann} had the highest score. Choose which two of {possessive(ann)} "
            f"cards (all face up) {ann} loses.") in flat
    assert f"{ann} loses card 1 Anger + card 2 Courage" in flat
    assert f"{ann} loses card 2 Courage + card 4 Hope" in flat
    assert found == []
    # a stray Enter loses nothing: no pair is highlighted at first
    submitted, _, _ = await run(update, size=size, keys=["enter"])
    assert submitted == []
    # the guilty player is not asked; they wait for the Leader
    update = attrs.evolve(make_update(state, 0, bots=frozenset({2})), names=names)
    assert update.legal == ()
    _, text, _ = await run(update, size=size)
    assert "Waiting for Bob, the Leader, to choose which two of your cards are lost" in " ".join(
        text.split())
    _, text, _ = await run(attrs.evolve(make_update(state, 2, bots=frozenset({2})), names=names),
                           size=size)
    assert (f"Waiting for Bob, the Leader, to choose which two of {possessive(ann)} cards are "
            "lost") in " ".join(text.split())


async def test_a_judged_player_found_highest_is_said_highest_once():
    """Play-test: "ann · judged, denies: highest · highest"."""
    state = leader_chooses_for_ann()
    assert state.accused == state.declared == 0 and state.guilty
    update = attrs.evolve(make_update(state, 1, bots=frozenset({2})), names=("ann", "Bob", "Cat"))
    _, _, status = await run(update, size=(120, 36),
                             after=lambda screen: screen._status(update, 0))
    assert status.count("judged, denies: highest") == 1
    assert not any(x == "highest" for x in status), status


async def test_a_guilty_leader_chooses_their_own_pair_as_before_ov13():
    """OV-13: a Leader who is the guilty player chooses among their own
    cards, asked as before."""
    state = placed([("ACC", "HH"), ("LLC", "HB"), ("LHA", "BL")], leader=0)
    state = GAME.apply(vote_all(state, [1, 0, 0]), 0, Deny())
    update = make_update(state, 0)
    submitted, text, _ = await run(update, keys=["1"])
    assert submitted == [(0, LosePair(0, 1))]
    flat = " ".join(text.split())
    assert "You had the highest score: choose the two cards you lose." in flat
    assert "Lose card 1 Anger + card 2 Courage" in flat


def test_a_deal_is_told_in_one_line():
    """Play-test: the deal wrote a line a card (24 for four players), which
    pushed the round's first decision out of the log and the recap; a run
    of trait cards dealt is one line, the reader's own cards named."""
    from tui.screens.overseers import fold_deals

    lines = ["Bob is given the Leader card."]
    for card in ("Anger (A)", "Hope (H)"):
        lines += [f"You are dealt {card}.", "Bob is dealt a trait card.", "Cyd is dealt a trait card."]
    lines += ["You are dealt a character: Teal, the Mimic (a card copies another).", "You keep Hope (H)."]
    assert fold_deals(lines) == [
        "Bob is given the Leader card.",
        "Trait cards dealt: you Anger (A), Hope (H); Bob 2 cards; Cyd 2 cards.",
        "You are dealt a character: Teal, the Mimic (a card copies another).",
        "You keep Hope (H).",
    ]
    # a spectator's log, and a single card (a line of its own, as it was)
    assert fold_deals(["Ann is dealt a trait card.", "Bob is dealt a trait card."]) == [
        "Trait cards dealt: Ann 1 card; Bob 1 card."]
    assert fold_deals(["You are dealt Anger (A).", "You keep Anger (A)."]) == [
        "You are dealt Anger (A).", "You keep Anger (A)."]


async def test_the_log_and_the_recap_show_the_deal_folded():
    state, rng = GAME.setup(4, GAME.Options()), random.Random(5)
    log = []
    while CHANCE in GAME.to_act(state):
        action = sample_chance(GAME.chance_outcomes(state), rng)
        log.append(GAME.describe(state, CHANCE, action, names=NAMES[:4], viewer=0))
        state = GAME.apply(state, CHANCE, action)
    update = make_update(state, 0, log=tuple(log))
    assert sum("is dealt a trait card" in line for line in update.log) >= 6
    _, text, shown = await run(update, after=lambda screen: screen.query_one("#ov-log").shown)
    assert not any("is dealt a trait card" in line for line in shown)
    assert any(line.startswith("Trait cards dealt: you ") for line in shown)
    assert "dealt a trait card" not in text


async def test_golds_two_draws_are_one_line_cards_named_to_gold_only():
    """OV §4 Vote, Gold: "Draw two (2) cards from the discard pile"
    (OV-10, OV-28: drawn at random, only Gold sees them). Play-test: the
    log and the recap read "You (Gold) draw Hope (H) from the discard
    pile." twice; the two draws are one line, naming both cards to Gold,
    saying two cards were drawn to everyone else (never which)."""
    from tui.screens.overseers import fold_deals, fold_public_deal

    state = placed([("AAB", "CC"), ("LLC", "AA"), ("GGL", "BB")],
                   [Character.GOLD, Character.TEAL, Character.LIANG], discard="HL")
    lines = {0: [], 1: [], None: []}
    for card in sorted(state.discard):
        for viewer, log in lines.items():
            log.append(GAME.describe(state, CHANCE, Draw(card), names=NAMES[:3], viewer=viewer))
        state = GAME.apply(state, CHANCE, Draw(card))
    assert state.phase is Phase.GOLD_KEEP
    assert fold_deals(lines[0]) == [
        "You (Gold) draw two cards from the discard pile: Lust (L) and Hope (H)."]
    for viewer in (1, None):
        for fold in (fold_deals, fold_public_deal):
            assert fold(lines[viewer]) == ["Ann (Gold) draws two cards from the discard pile."]
    # one card drawn (a pile of one) reads as before
    assert fold_deals(lines[0][:1]) == lines[0][:1]
    update = make_update(state, 0, log=tuple(lines[0]))
    _, text, shown = await run(update, after=lambda screen: screen.query_one("#ov-log").shown)
    assert sum("from the discard pile" in str(line) for line in shown) == 1, shown


async def test_teals_second_step_waits_a_moment_for_enter(screen_clock):
    """Hot-seat play-test: Teal's card chosen with a doubled Enter, the
    second Enter moved it under whatever card the cursor came to rest on,
    unseen. The second step's choices take Enter only after the app's
    `decision_grace`; the arrows move at once."""
    from textual import events

    class GuardedApp(ScreenApp):
        decision_grace = 1.5

        async def on_event(self, event: events.Event) -> None:
            # what the real app does with a key (tui/app.py, `key_dropped`)
            if isinstance(event, events.Key) and self.game_screen.too_soon(event.key):
                return
            await super().on_event(event)

    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    fake = FakePort()
    app = GuardedApp(make_update(state, 3), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        screen_clock.now += 1.6  # the first step has been on screen a while
        await pilot.press("2", "enter")  # card 2 chosen; the Enter comes too soon
        await pilot.pause()
        assert fake.submitted == []
        bar = app.game_screen.query_one("#ov-actions")
        cursor = bar.cursor
        await pilot.press("right")
        await pilot.pause()
        assert bar.cursor != cursor  # the arrows do not wait
        await pilot.press("left")
        screen_clock.now += 1.6
        await pilot.press("enter")  # now on purpose
        await pilot.pause()
        assert fake.submitted == [(3, Copy(1, 0))]


async def test_another_players_secret_pick_does_not_hold_back_enter(screen_clock):
    """At a shared table the others' draft picks come in while a player
    decides (a new update each, the same choices): Enter is not held back
    by them, only by choices new to the player (the next pack)."""
    clock = screen_clock

    class GraceApp(ScreenApp):
        decision_grace = 1.5

    state = drafting()
    update = make_update(state, 0)
    app = GraceApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        assert screen.too_soon("enter")  # the decision just appeared
        assert not screen.too_soon("right")  # the arrows never wait
        clock.now += 1.6
        assert not screen.too_soon("enter")
        screen.show(attrs.evolve(update, seq=update.seq + 1))  # Bob picked
        assert not screen.too_soon("enter")
        later = state
        for seat in sorted(GAME.to_act(state)):  # everyone picks: the packs pass
            later = GAME.apply(later, seat, GAME.legal_actions(later, seat)[0])
        assert CHANCE not in GAME.to_act(later)
        next_pack = make_update(later, 0)
        assert next_pack.legal and next_pack.legal != update.legal
        screen.show(attrs.evolve(next_pack, seq=update.seq + 2))
        assert screen.too_soon("enter")  # a new pack: Enter waits a moment


async def test_an_ignored_enter_lights_the_prompt(screen_clock):
    """An Enter ignored as too soon did nothing to see: the player took the
    key for broken. The prompt, which says the new decision, now stands
    out; an arrow (never ignored) leaves it be."""
    from textual.widgets import Static

    class GraceApp(ScreenApp):
        # (the screen's clock stands still: a loaded machine's first pause
        # outlasted the grace, in CI)
        decision_grace = 1.5

    app = GraceApp(make_update(drafting(), 0), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.game_screen
        await pilot.pause()
        prompt = screen.query_one(f"#{screen.prompt_id}", Static)
        assert not screen.too_soon("right")
        assert not prompt.has_class("-your-turn")
        assert screen.too_soon("enter")
        assert prompt.has_class("-your-turn")


async def test_the_table_is_fitted_again_after_the_terminal_shrinks(tmp_path, monkeypatch):
    """A terminal made smaller in steps (160x48, 120x36, 80x24): the table's
    rows were cut to a width the table had on the way (33 cells, before the
    side panel took its narrow width: "Points: ... H0/6/2…") and stayed so;
    they are drawn again at the width they end up with (47)."""
    from saves.journal import PlayerSpec
    from tui.app import OvertableApp

    monkeypatch.setenv("OVERTABLE_DATA_DIR", str(tmp_path))
    app = OvertableApp(bot_delay=0.0, seed=5, theme_name="textual-dark")
    async with app.run_test(size=(160, 48)) as pilot:
        app.new_match("overseers", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "bot", "random"),
                                    PlayerSpec("Cyd", "bot", "random")])
        for _ in range(10):
            await pilot.pause()
        for size in ((120, 36), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause(0.5)
        text = screen_text(app)
        rows = app.screen.query_one("#ov-rows")
        assert rows.fitted_width == rows.size.width
    points = next(line for line in text.splitlines() if "Points:" in line)
    in_play = next(line for line in text.splitlines() if "Deck:" in line)
    assert "…" not in points and "(25, 7 aside)" in in_play, text


@pytest.mark.parametrize(("size", "cards"), [
    ((80, 24), "1[A] 2[A] 3[B] 4(L) 5(C)"),
    ((120, 36), "1[A] 2[A] 3[B] 4(L) 5(C)"),  # no room beside the longest score
    # (at 160x45 the cards are tiles: test_a_large_screen_lays_the_cards_out_as_tiles)
    ((160, 20), "1[Anger] 2[Anger] 3[Benevolence] 4(Lust) 5(Courage)"),  # tiles too tall
])
async def test_a_wide_table_names_the_traits_a_narrow_one_letters_them(size, cards):
    """Play-test (2026-12-03): at 160 columns the table kept its 80-column
    rows of letters ("[A] [B]") beside empty room, the legend needed to
    read them. Where every seat's row fits with the names and the longest
    score a row shows, the cards are named; else lettered, every seat alike
    (the choice does not follow each new score)."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    _, text, _ = await run(make_update(state, 0), size=size)
    assert cards in text
    other = "[Lust] [Lust] [Courage]" if "Anger" in cards else "[L] [L] [C]"
    assert re.sub(r"\d", "", other) in re.sub(r"\d", "", text)
    # the lines of points and copies name the traits where they fit (a
    # newcomer at 160 columns read "C2/10/18" with no legend in sight)
    points = next(line for line in text.splitlines() if "Points:" in line)
    in_play = next(line for line in text.splitlines() if "Deck:" in line)
    if size[0] >= 160:
        assert "Points: Anger 6 · Benevolence 4 · Lust 3 · Courage 2/10/18 · Hope 0/6/21" in points
        assert "Deck: Anger ×3 · Benevolence ×4" in in_play
        assert "(25 cards, 7 aside unseen)" in in_play  # OV-23: three players
    else:
        assert "Points: A6 B4 L3 C2/10/18 H0/6/21 G2" in points
        # OV-23 in fewer words where the panel is narrow
        assert "Deck: A×3 B×4 L×5 C×5 H×5 G×3 (25" in in_play and "7 aside" in in_play


@pytest.mark.parametrize("players", [5, 6])
async def test_many_players_at_80x24_see_the_whole_table_to_vote(players):
    """QA (2026-12-04, six players at 80x24, the vote): "Table · more below
    (PgDn)", the last player's cards, the discards, the points and your own
    ability below the fold, that line against the scrollbar ("a player of
    its choice▇"). Where the rows do not fit, each character goes on its
    player's name line (in short if need be): every seat's cards, the
    points and your ability are in sight, and no line reaches the
    scrollbar's column."""
    rows = [("AAB", "CC"), ("LLC", "HH"), ("GGH", "BB"), ("CHL", "AG"), ("ABL", "CH"),
            ("BBL", "GA")][:players]
    characters = [Character.LIANG, Character.GOLD, Character.GREED, Character.TEAL,
                  Character.MEIXIU, Character.PURPLE][:players]
    state = advance(placed(rows, characters), lambda s: s.phase is Phase.VOTE)
    update = make_update(state, 0, bots=frozenset(range(1, players)))
    assert update.legal  # Ann votes

    def table(screen):
        return screen.query_one("#ov-table"), screen._width()

    _, text, (panel, width) = await run(update, after=table)
    assert "more below" not in text, text
    for name in NAMES[1:players]:
        assert f"{name} · " in text and f"Vote {name}" in text
    assert text.count("5[▒▒]") == players - 1  # every other seat's cards
    assert "Points: A6" in text and "Your character: Scoring:" in text
    assert "Liang" in text and "Meixiu (grey: peeks, +3)" in text
    assert panel.max_scroll_y == 0
    # your ability, wrapped a cell short of the scrollbar (the table's
    # text starts in column 1, its scrollbar in column width + 1)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if "Your character:" in line)
    for line in lines[at:at + 2]:
        assert line[width] == " ", (width, line)


# --- play-test at 80x24 (four players): Teal's copy, your notes, the fit ---------------


def teal_judged(names=("Ann", "Bram", "Cora", "Dev")):
    """Dev (Teal) put card 4 (Anger, face down) under card 1 (Lust): card 4
    counts as Lust; the table judged Dev, who admits."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    state = GAME.apply(state, 3, Copy(3, 0))
    for voter, target in ((0, 3), (1, 3), (2, 3), (3, 0)):
        state = GAME.apply(state, voter, Vote(target))
    return GAME.apply(state, 3, Admit())


async def test_teals_copy_points_to_its_card_and_the_discard_says_what_it_counts():
    """Play-test: "1(L)=3" read as "Lust, 3 points"; the mark is now an
    arrow to the card above, "→1", which F1 explains. Admitting, the copy
    was offered as "Discard card 3 Lust" though it counted as Anger, and
    discarding the card it copied turned it back silently (OV-22): each
    choice now says what the card counts as, and what leaving does."""
    state = teal_judged()
    update = make_update(state, 3)
    fake = FakePort()
    app = ScreenApp(update, fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "4(A)→1" in text and "=1" not in text
        assert "Discard card 4 Anger (counts as Lust)" in text
        assert "Discard card 1 Lust (Teal's copy 4 becomes Anger again)" in text
        # the marks still point at the cards' numbers once one is gone
        await pilot.press("2")
        app.game_screen.show(make_update(GAME.apply(state, 3, Discard(1)), 3))
        await pilot.pause()
        text = screen_text(app)
        assert "1[L] 3[H] 4(A)→1 5(G)" in text
        assert "Discard card 4 Anger (counts as Lust)" in text
    # F1's symbols say what the arrow means
    assert dict(OverseersScreen.HELP_SYMBOLS)["→2"].startswith(
        "Teal's copy: lies under card 2 and counts as that card")


async def test_your_own_note_says_it_is_yours():
    """Play-test: a note typed here read "Cora has a lot of hope", with no
    speaker, where a shared table's notes come as "Bram: ..."; it reads
    "You: ..." now. With several people at this terminal "You" would be
    whoever looks next: the note takes the name of the view it was typed in."""
    state = table_at_vote_abilities()
    keys = ["t", *"Cora has hope", "enter", "escape"]
    _, text, notes = await run(make_update(state, 0), keys=keys,
                               after=lambda screen: list(screen.notes))
    assert notes == ["You: Cora has hope"] and "You: Cora has hope" in text

    class HotSeat(FakePort):
        humans = (0, 1)

    fake = HotSeat()
    app = ScreenApp(make_update(state, 1), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        assert app.game_screen.notes == ["Bob: Cora has hope"]


async def test_the_vote_prompt_is_one_line_at_80_columns():
    """Play-test: the vote's prompt wrapped its last word ("first.") onto
    a line of its own at 80 columns."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    _, _, prompt = await run(make_update(state, 0), after=lambda screen: (
        screen.query_one("#ov-prompt").size.height, str(screen.query_one("#ov-prompt").render())))
    height, words = prompt
    assert "t: talk first." in words and height == 1


def rob_after_a_denial():
    """Cora denied and was not highest; she steals. Long statuses at 80
    columns: Ann's and Cora's wrap onto a second line."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.VOTE)
    for voter, target in ((0, 2), (1, 2), (2, 0), (3, 2)):
        state = GAME.apply(state, voter, Vote(target))
    state = GAME.apply(state, 2, Deny())
    assert state.phase is Phase.ROB
    return state


@pytest.mark.parametrize("state, seat", [
    (rob_after_a_denial(), 0),  # nothing to decide: the bar empty
    (teal_judged(), 3),  # five discards: the bar three lines high
], ids=["waiting", "admitting"])
async def test_four_players_fit_at_80x24_when_statuses_wrap(state, seat):
    """Play-test (four players, 80x24): once a status wrapped, the table
    read "more below (PgDn)" and "Your character" was cut off: the rows
    were fitted to the table's height before the bar below took its lines.
    They are fitted again when the height changes; a character goes on its
    player's name line whole where it fits, and by its name alone only
    while the rows still do not fit (yours first: your ability is written
    out below), where all went short ("Dev · 0 votes against · voted you ·
    Liang")."""
    names = ("Ann", "Bram", "Cora", "Dev")
    update = attrs.evolve(make_update(state, seat), names=names)
    _, text, (scroll, right) = await run(update, after=lambda screen: (
        screen.query_one("#ov-table").max_scroll_y, screen.query_one("#ov-table").region.right))
    assert "more below" not in text and scroll == 0, text
    assert "Points: A6" in text
    # every card face up from the showdown on: the deck's line gives way
    assert ("Deck: A×3" in text) is not bool(state.showdown)
    ability = GAME.ability(state.seats[seat].character)
    assert " ".join(text.split()).count(ability.split()[-1]) >= 1
    lines = [line[:right] for line in text.splitlines()]
    at = next(i for i, line in enumerate(lines) if "Your character:" in line)
    shown = " ".join(" ".join(line.split()) for line in lines[at:at + 4])
    assert f"Your character: {ability}" in shown, shown
    for name in names:
        assert f"{name}" in text
    if seat == 0:  # every ability in short kept
        for label in ("Meixiu (grey: peeks, +3)", "Purple, the Changer (one trait counts 5)",
                      "Liang (brown S: another player -1 per card)", "Teal, the Mimic (a card copies another)"):
            assert label in text, text


async def test_the_next_draft_keeps_your_ability_in_sight_below_the_recap_note():
    """Play-test (four players, 80x24, round 2's draft): the line saying
    the recap is below took a line the rows had been fitted without, and
    the end of your character's ability went below the fold. The rows are
    fitted to the room that line leaves (your character on your name's
    line, by name: its ability is written out below)."""
    state, log = round_two_draft(7, players=4)
    assert state.seats[0].character is Character.MEIXIU
    _, text, _ = await run(make_update(state, 0, log=log))
    assert "Round 1 ended: the log tells how (l)" in text
    assert "Meixiu" in text
    assert "Your character: Vote: peeks at two face-down" in text
    assert "the vote included." in text
    assert text.count("no cards yet") == 4
    # the Leader as ♛ alone where that makes room for the character
    state, log = round_two_draft(8, players=4)
    _, text, _ = await run(make_update(state, 0, log=log))
    assert "Purple, the Changer" in text
    assert "trait it has count 5 each." in text


async def test_l_lets_the_keys_scroll_the_log_back():
    """Play-test at 80x24: the log showed its last lines only, and Up and
    PgUp scrolled the table: how the Leader was chosen could no longer be
    read. l puts the arrows and PgUp / PgDn on the log (its title names the
    key, F1 lists it); l or Escape gives them back to the decision."""
    state, log = round_two_draft()
    app = ScreenApp(make_update(state, 0, log=log), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        panel = screen.query_one("#ov-log")
        await pilot.press("z")  # the whole log, not the recap
        await pilot.pause()
        assert panel.border_title == "Log · l to scroll"
        assert panel.max_scroll_y > 0 and round(panel.scroll_y) == panel.max_scroll_y
        assert any(active.binding.key == "l" and active.binding.description == "Log"
                   for active in screen.active_bindings.values())
        await pilot.press("l", "pageup", "up")
        await pilot.pause()
        assert panel.has_focus and round(panel.scroll_y) < panel.max_scroll_y
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one("#ov-hand").has_focus  # the pack again
        # the log's end again: old lines under its usual title read as the latest
        await pilot.pause()
        assert round(panel.scroll_y) == panel.max_scroll_y


@pytest.mark.parametrize("whole_log", [False, True])
async def test_the_log_read_with_l_says_how_to_go_back_and_enter_goes_back(whole_log):
    """Play-test at 80x24: l only made the log's border bold; "↵ Choose"
    left the footer and Enter then chose nothing. While the log has the
    keys its title says them and the way back, the footer names Escape,
    and Enter gives the keys back to the decision (choosing nothing)."""
    state, log = round_two_draft()
    fake = FakePort()
    app = ScreenApp(make_update(state, 0, log=log), fake)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        panel = screen.query_one("#ov-log")
        if whole_log:
            await pilot.press("z")
            await pilot.pause()
        before = panel.border_title
        await pilot.press("l")
        await pilot.pause()
        assert panel.has_focus
        assert panel.border_title == "↑↓ scroll · Esc back"  # ("Log · " on a wider panel)
        screen.show(make_update(state, 0, log=(*log, "Bob keeps a card.")))  # a bot moves
        await pilot.pause()
        assert panel.has_focus and panel.border_title == "↑↓ scroll · Esc back"
        footer = {active.binding.key: active.binding.description
                  for active in screen.active_bindings.values() if active.binding.show}
        assert footer.get("escape") == "Back to the table"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.query_one("#ov-hand").has_focus and fake.submitted == []
        assert panel.border_title == before
        await pilot.press("l", "escape")
        await pilot.pause()
        assert screen.query_one("#ov-hand").has_focus and panel.border_title == before
        footer = {active.binding.key for active in screen.active_bindings.values()
                  if active.binding.show and active.enabled}
        assert "escape" not in footer


async def test_a_refit_pending_as_the_screen_is_taken_down_does_not_stop_the_app():
    """CI, a shared table left for the lobby: the refit after the last
    update ran once the screen's widgets were gone, and its query's
    NoMatches stopped the app. Deferred work skips a screen taken down."""
    from textual.css.query import NoMatches

    state = table_at_vote_abilities()
    app = ScreenApp(make_update(state, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        pending = []
        screen.call_after_refresh = pending.append  # held until the widgets are gone
        screen.after_refresh_while_shown(screen._show_my_row)
        screen.after_refresh_while_shown(screen._title_table)
        assert screen._my_lines is not None and len(pending) == 2

        def gone(selector, *_):  # the widgets of a screen being taken down
            raise NoMatches(f"No nodes match {selector!r}")

        screen.query_one = gone
        for run_later in pending:
            run_later()  # raised NoMatches ('#ov-rows') before
        del screen.query_one
        await pilot.pause()
        assert app.is_running


async def test_a_reflexive_enter_after_a_number_pick_does_not_keep_from_the_next_pack(screen_clock):
    """Play-test (hot seat): Cora kept a card with 5 and pressed Enter 0.9 s
    later, as a player confirming; she went first in the next draft turn, no
    cover came between, and the Enter kept a card of a pack she never saw.
    When the same person's next decision replaces the one just made, Enter
    waits about 1.5 s from the key that decided, and a notice says a new
    pack is shown. The number keys wait as long there (a doubled 2 kept a
    card unseen); after a cover, or past the wait, they choose at once."""
    from tests.screen_kit import record_notices

    clock = screen_clock

    class GraceApp(ScreenApp):
        decision_grace = 0.7  # the real app's

    state = drafting()
    update = make_update(state, 0)
    fake = FakePort()
    app = GraceApp(update, fake)
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        screen = app.game_screen
        await pilot.pause()
        clock.now += 2.0
        await pilot.press("1")  # kept with a number key
        assert len(fake.submitted) == 1
        later = state
        for seat in sorted(GAME.to_act(state)):  # everyone picks: the packs pass
            later = GAME.apply(later, seat, GAME.legal_actions(later, seat)[0])
        next_pack = attrs.evolve(make_update(later, 0), seq=update.seq + 1)
        clock.now += 0.05  # the next pack comes at once
        screen.show(next_pack)
        await pilot.pause()
        assert any(n.startswith("Your next pack") for n in notices), notices
        clock.now += 0.85  # Enter 0.9 s after the 1
        assert screen.too_soon("enter")
        assert screen.too_soon("2")  # nor a number: the pack is not seen yet
        assert not screen.too_soon("right")  # the arrows never wait
        clock.now += 0.7  # 1.6 s after the 1
        assert not screen.too_soon("enter")
        assert not screen.too_soon("2")


async def test_a_new_rounds_pack_is_not_announced_over_the_rounds_end():
    """Play-test (80x24): the last to act in a round is dealt the next
    round's pack at once, and "Your next pack" was drawn over the round's
    end box that comes up first; putting that box away is the pause the
    notice asked for, so a new round's first pack has no notice."""
    from tests.screen_kit import record_notices

    rng = random.Random(5)
    state = GAME.setup(4)
    before = None
    while not (state.round == 2 and state.phase is Phase.DRAFT):
        if state.phase is Phase.DRAFT and state.round == 1:
            before = state
        acting = GAME.to_act(state)
        if CHANCE in acting:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
        else:
            seat = min(acting)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    app = ScreenApp(make_update(before, 0))
    async with app.run_test(size=(80, 24)) as pilot:
        notices = record_notices(app)
        await pilot.pause()
        screen = app.game_screen
        assert not screen.decided_again(make_update(before, 0), make_update(state, 0))
        await pilot.pause()
    assert not any(n.startswith("Your next pack") for n in notices), notices


def test_the_deal_is_one_line_on_the_hand_over_cover():
    """OV §1 Setup (each player is dealt trait cards and a character).
    Play-test: the cover at a new round listed 30 lines of "X is dealt a
    trait card." and 5 of "X is dealt a character." before the moves that
    mattered; the deal is one line, the counts as dealt."""
    names = ("Ann", "Bram", "Cora", "Dev", "Edda")
    screen = OverseersScreen(FakePort())
    lines = ["Bram gives Ann Benevolence (B). Round 1 is scored. Bram takes the Leader card.",
             *(f"{n} is dealt a trait card." for _ in range(6) for n in names),
             *(f"{n} is dealt a character." for n in names), "Dev keeps a card (pick 1)."]
    assert screen.fold_moves(lines) == [
        lines[0], "Everyone is dealt six trait cards and a character.", lines[-1]]


def test_the_rounds_box_ends_with_who_takes_the_leader_card_after_a_tie_ov17():
    """OV-17: a tie for the lowest round score, the Leader chooses who
    takes the Leader card. Play-test: the round's box ended at the scoring
    and never said who (only the log did); without a tie it ends so."""
    log = ["Votes: Ann for Bob; Bob for Ann; Cat for Bob. Bob is judged.",
           "Bob admits and will discard two cards.",
           "Round 1 is scored. Tied for the lowest: Ann, Bob.",
           "Cat (Leader) breaks the tie for the lowest score: Bob. Bob takes the Leader card.",
           "Ann is dealt a trait card."]
    assert recap_lines(log) == log[:4]
    assert recap_lines(log[:3]) == log[:3]


def test_the_last_rounds_end_is_for_everyone_at_a_hot_seat():
    """README: a round's end is shown first to everyone at the terminal.
    Play-test (hot seat): rounds 1 and 2 said "for everyone", the last said
    "Round 3 ended · Bram's view", with Bram's own score breakdown. Several
    people here: the last round's box is the public view's too."""
    rng = random.Random(4)
    state = GAME.setup(4)
    log: list[str] = []
    before = None
    while GAME.outcome(state) is None:
        to_act = GAME.to_act(state)
        seat = CHANCE if CHANCE in to_act else min(to_act)
        if seat == CHANCE:
            action = sample_chance(GAME.chance_outcomes(state), rng)
        else:
            action = GAME.legal_actions(state, seat)[0]
        log.append(GAME.describe(state, seat, action, names=NAMES[:4]))
        before, state = state, GAME.apply(state, seat, action)
    mine = GAME.describe(before, 1, action, names=NAMES[:4], viewer=1)

    class HotSeatPort(FakePort):
        humans = (0, 1)
        at_this_terminal = True

        def public_update(self):
            return make_update(state, None, log=tuple(log))

    screen = OverseersScreen(HotSeatPort())
    screen.show(make_update(before, 1, log=tuple(log[:-1])))
    screen.show(make_update(state, 1, log=(*log[:-1], mine)))
    [box] = screen.over_the_results
    assert box.title_text.endswith("· for everyone"), box.title_text
    assert not any("Your round score" in str(x) for x in [*box.lines, *box.aside])


async def test_a_waiting_line_names_an_away_player_without_doubled_brackets():
    """Play-test over SSH: "Waiting for cy (away) (chooses the card to
    give)…": the name carries its own away mark, so what they do follows
    in words, not in a second bracket."""
    state = rob_after_a_denial()
    state = GAME.apply(state, 2, GAME.legal_actions(state, 2)[0])
    assert state.phase is Phase.GIVE
    victim = next(iter(GAME.to_act(state)))
    names = ["Ann", "Bram", "Cora", "Dev"]
    names[victim] = f"{names[victim]} (away)"
    watcher = next(s for s in range(4) if s != victim)
    update = attrs.evolve(make_update(state, watcher), names=tuple(names))
    _, text, _ = await run(update)
    flat = " ".join(text.split())
    bare = names[victim].removesuffix(" (away)")
    assert (f"Waiting for {bare} to choose the card to give… · the match waits until {bare} "
            "is back") in flat, flat
    assert ") (" not in flat


async def test_a_choice_made_takes_down_the_hints_about_the_last_prompt():
    """Play-test (80x24, Purple): Enter with nothing highlighted says how
    to choose; the card then turned with 3, and the hint stayed up over
    the next prompt, where a choice was highlighted. A choice made takes
    such hints down (a number that chose nothing too); other notices
    stay."""
    state, seat = table_at_vote_abilities(), 1  # Bob is Purple
    update = make_update(state, seat)
    app = ScreenApp(update, FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.notify("Cat: hello")
        await pilot.press("enter")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any(note.startswith("Nothing is highlighted yet") for note in notes), notes
        await pilot.press("3")
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert not any(note.startswith("Nothing is highlighted yet") for note in notes), notes
        assert "Cat: hello" in notes
    assert app.port.submitted == [(seat, Turn(2))]
    # Teal: 1 again where 2-5 choose says so; the card chosen after, it goes
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    _, _, notes = await run(make_update(state, 3), keys=["1", "1", "3"], after=lambda screen: [
        n.message for n in screen.app._notifications])
    assert not any("chooses nothing here" in note for note in notes), notes


@pytest.mark.parametrize("size", [(80, 24), (120, 36)])
async def test_a_six_player_draft_keeps_each_player_on_one_line(size):
    """Play-test (six players, 80x24, round 1's draft): the rows read
    "Bram · ✓ chosen · character hidden", but the last (in another run
    every one) took two lines, "Finn · ✓ chosen" above "character hidden
    until the vote": only the seats shortened to fit the table had the
    short words. Every hidden character goes on its player's line, in
    short where the whole does not fit."""
    rng = random.Random(11)
    state = GAME.setup(6)
    while CHANCE in GAME.to_act(state):
        state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
    for seat in range(1, 6):
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    names = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")
    update = attrs.evolve(make_update(state, 0, bots=frozenset(range(1, 6))), names=names)
    _, text, _ = await run(update, size=size)
    lines = text.splitlines()
    for name in names[1:]:
        row = next(line for line in lines if f" {name} " in line and "✓ chosen" in line)
        assert "✓ chosen · character hidden" in row, text
    assert not any(line.strip().startswith("character hidden") for line in lines), text


@pytest.mark.parametrize("size", [(200, 60), (80, 24)])
async def test_the_discard_pile_and_the_top_rows_name_the_traits_where_they_fit(size):
    """Play-test (200x60): "Discard pile: 5 cards (you know L)" and the
    placement's "1 Top row B C L" wanted the legend where the rows named
    the traits. The top rows name them as the rows do, letters at 80
    columns. The discard pile names them where its line has room, whatever
    the rows do: at 160x45 it read "(you know C)" in one round and "(you
    know Courage)" in the next, as the rows' cards came and went."""
    state = advance(drafting(), lambda s: s.phase is Phase.PLACE)
    update = make_update(state, 0)
    known = [TRAIT[c] for c in update.view.discard if c is not None]
    assert known
    cards = sorted(update.view.seats[0].kept, key=lambda c: TRAIT[c].value)
    _, text, labels = await run(update, size=size, after=lambda screen: [
        c.label for c in screen.query_one("#ov-actions")._choices])
    flat = " ".join(text.split())
    wide = size[0] >= 200
    said = " ".join(t.label for t in sorted(known))  # (room at 80 columns too)
    assert f"(you know {said})" in flat, flat
    assert all(label.startswith("Top row ") for label in labels)
    size_ = GAME.top_row_size(update.view, 0)  # (Orange: two)
    first = " ".join(TRAIT[c].label if wide else TRAIT[c].value for c in cards[:size_])
    assert f"Top row {first}" in labels, labels


async def test_the_top_rows_go_back_to_letters_when_the_terminal_narrows():
    state = advance(drafting(), lambda s: s.phase is Phase.PLACE)
    app = ScreenApp(make_update(state, 0), FakePort())
    async with app.run_test(size=(200, 60)) as pilot:
        await settled_text(app, pilot)
        bar = app.screen.query_one("#ov-actions")
        assert all(len(c.label.split()) == 2 + 2 for c in bar._choices)  # Orange: 2
        assert any(len(w) > 1 for c in bar._choices for w in c.label.split()[2:])
        await pilot.resize_terminal(80, 24)
        await settled_text(app, pilot)
        assert all(len(w) == 1 for c in bar._choices for w in c.label.split()[2:])


def robbed_teal():
    """Four players at the Greed stage: Dev (Teal, a card copied) is
    robbed by the player who denied."""
    state = rob_after_a_denial()
    state = next(after for a in GAME.legal_actions(state, 2)
                 if (after := GAME.apply(state, 2, a)).phase is Phase.GIVE
                 and 3 in GAME.to_act(after))
    return state


def ability_in_sight(text: str, right: int, ability: str) -> bool:
    flat = " ".join(" ".join(line[:right].split()) for line in text.splitlines())
    return f"Your character: {ability}" in flat


@pytest.mark.parametrize("players", [5, 6])
async def test_a_full_tables_next_draft_keeps_your_whole_ability_in_sight(players):
    """Play-test (six players, 80x24, round 2's draft): under the line
    saying the recap is below, every row shortened, your ability still
    ended cut ("Your character: Vote: turns one of its cards"). The empty
    discard pile's line and the deck's make-up give way to it."""
    state, log = round_two_draft(7, players=players)
    names = ("Ann", "Bram", "Cora", "Dev", "Edda", "Finn")[:players]
    update = attrs.evolve(make_update(state, 0, log=log, bots=frozenset(range(1, players))),
                          names=names)
    _, text, right = await run(update, after=lambda screen: screen.query_one(
        "#ov-table").region.right)
    assert "Round 1 ended: the log tells how (l)" in text
    assert ability_in_sight(text, right, GAME.ability(state.seats[0].character)), text
    assert "Points: A6" in text


async def test_a_robbed_teal_keeps_the_whole_ability_in_sight_at_80x24():
    """Play-test over SSH (four players, 80x24, the Greed stage, Teal
    robbed after a copy): the table read "more below (PgDn)" and the
    ability ended "it copies the card on ▇": the prompt took two lines
    with a long thief's name. It keeps to one."""
    state = robbed_teal()
    names = ("ann", "bob", "bot (normal)", "cy")
    update = attrs.evolve(make_update(state, 3, bots=frozenset({2})), names=names)
    _, text, right = await run(update, after=lambda screen: screen.query_one(
        "#ov-table").region.right)
    assert ability_in_sight(text, right, GAME.ability(state.seats[3].character)), text
    assert "more below" not in text
    # (on one line with the round score now, the choices count from it)
    prompt = next(line for line in text.splitlines() if "robs you" in line).strip()
    assert prompt.startswith("bot (normal) robs you: give which card? Round score "), text
    assert prompt.endswith("or ←→ Enter."), text


async def test_at_a_shared_table_a_note_not_sent_stays_in_the_box():
    """The hub turned a line down (too soon after the last): it stays,
    with the keys, to send again; a line sent closes the box."""
    class SharedPort(FakePort):
        def __init__(self) -> None:
            super().__init__()
            self.said: list[str] = []
            self.answer = False

        def say(self, text: str) -> bool:
            if self.answer:
                self.said.append(text)
            return self.answer

    port = SharedPort()
    app = ScreenApp(make_update(drafting()), port)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("t", *"hi", "enter")
        field = app.screen.query_one("#ov-note")
        assert field.value == "hi" and app.screen.focused is field
        port.answer = True
        await pilot.press("enter")
        assert port.said == ["hi"] and field.value == "" and app.screen.focused is not field


async def test_your_row_counts_the_card_you_kept_in_secret_this_turn():
    """Play-test (shared tables, F2): after a secret pick in round 2's
    draft (OV §2 Draft: kept cards are revealed when all have chosen), your
    row read "no cards yet  round score 2": the score counted the card the
    row did not. Your row shows it, marked secret; the others' rows not."""
    state, log = round_two_draft()
    pick = next(a for a in GAME.legal_actions(state, 0) if isinstance(a, Pick))
    state = GAME.apply(state, 0, pick)
    assert state.seats[0].pick == pick.card and not state.seats[0].kept
    _, text, _ = await run(make_update(state, 0, log=log))
    mine = text[text.index("Ann (you)"):text.index("Bob")]
    assert "no cards yet" not in mine and "round score" in mine, mine
    assert f"({TRAIT[pick.card].value})" in mine and "kept 1" in mine, mine
    assert text.count("no cards yet") == 2  # Bob's and Cat's rows
    # Bob sees nothing of it
    _, text, _ = await run(make_update(state, 1, log=log))
    assert text.count("no cards yet") == 3


def _bar(screen) -> str:
    return " ".join(label for label, _ in screen._choices(screen.update))


async def test_teals_under_step_shows_the_round_score():
    """Play-test (shared tables, F1): Purple's turns said "(round score 21,
    -1)", Teal's "Under card …" (OV §Vote, OV-11: the copy counts as the
    card above; OV-2: a fourth Courage scores nothing) and a robbed
    player's "Give card …" said nothing of their score. Teal's second step
    says it; the first step (Move), whose effect depends on the second,
    does not."""
    state = advance(table_at_vote_abilities(), lambda s: s.phase is Phase.TEAL)
    now = GAME.own_round_score(state, 3)
    _, text, bar = await run(make_update(state, 3), keys=["2"], after=_bar)
    after = GAME.round_score(GAME.apply(state, 3, Copy(1, 0)), 3).score
    change = f"{after - now:+d}" if after != now else "±0"
    assert f"Under card 1 {TRAIT[state.seats[3].slots[0].card].label} ({change} → {after})" \
        in bar, bar
    assert re.search(rf"Round score (now )?{now}\.", " ".join(text.split())), text
    _, text, bar = await run(make_update(state, 3), after=_bar)
    assert "Move card" in bar and " → " not in bar, bar
    assert "Round score " not in text, text


async def test_meixius_notice_names_both_peeks_ov11():
    """OV §Vote, Meixiu: "peek at any two face-down cards"; OV-11: of one
    player or two, only their owners learn what they are. Play-test: the
    box for her eyes only named the second card alone ("card 5: Hope"),
    though she had peeked at card 4 too. It names every peek of that use,
    the cards of one owner together."""
    state = GAME.apply(table_at_vote_abilities(), 1, Turn(0))  # Purple first (OV-11)
    assert state.phase is Phase.PEEK
    legal = GAME.legal_actions(state, 0)
    dans = [a for a in legal if a.seat == 3][:2]
    cat = next(a for a in legal if a.seat == 2)

    def card(peek):
        return TRAIT[state.seats[peek.seat].slots[peek.slot].card]

    def told(first, second):
        one = GAME.apply(state, 0, first)
        two = GAME.apply(one, 0, second)
        return app.screen.received_privately(make_update(one, 0), make_update(two, 0))

    app = ScreenApp(make_update(state, 0), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        a, b = dans
        assert card(a) != card(b)
        assert told(a, b) == [
            f"You peek at Dan's card {a.slot + 1}: {card(a).label} ({card(a).value}); "
            f"card {b.slot + 1}: {card(b).label} ({card(b).value}). "
            "Only you and Dan know them."]
        assert told(cat, a) == [
            f"You peek at Cat's card {cat.slot + 1}: {card(cat).label} ({card(cat).value}). "
            "Only you and Cat know it.",
            f"You peek at Dan's card {a.slot + 1}: {card(a).label} ({card(a).value}). "
            "Only you and Dan know it."]


def played_out(players: int, seed: int = 1):
    """A whole match of random legal moves, to its end."""
    rng = random.Random(seed)
    state = GAME.setup(players)
    while GAME.outcome(state) is None:
        to_act = GAME.to_act(state)
        if CHANCE in to_act:
            state = GAME.apply(state, CHANCE, sample_chance(GAME.chance_outcomes(state), rng))
            continue
        seat = min(to_act)
        state = GAME.apply(state, seat, rng.choice(list(GAME.legal_actions(state, seat))))
    return state


async def test_the_final_tables_score_pad_keeps_each_row_on_one_line():
    """Play-test, six players at 80x24: the final table's score pad wrapped
    its row labels over two or three lines ("Round 1:" / "the" / "Hoarder's"
    / "Greed") where the Results screen showed them whole. Short labels
    where the whole ones do not fit, each row on one line, and a note says
    what R1 stands for. (At 80x24 the pad now keeps only the total, the
    rows below it in sight: test_tui_overseers_fit; 80 columns by 50 rows
    give it room for every source.)"""
    state = played_out(6)
    _, text, _ = await run(make_update(state, 0, bots=frozenset()), size=(80, 50))
    lines = text.splitlines()
    # the labels of the rounds' first rows, beside their numbers
    for r in (1, 2):
        assert any(re.match(rf"[\s│]+R{r} traits\s+\d+(\s+-?\d+){{5}}\s", x) for x in lines), text
    assert not any(re.search(r"Round \d:\s+\d", x) for x in lines), text
    assert not any(x[:50].strip(" │") in ("traits", "score", "fives", "Greed") for x in lines), text


async def test_table_talk_says_whether_the_panel_shows_it():
    """Play-test at a shared table: a line said from the vote to the round's
    end (the talk panel is put away then, OV §Vote ends the discussion)
    reached no one's screen, not even as a notice. `heard` says whether
    the panel shows the line, so the shared table tells it otherwise."""
    app = ScreenApp(make_update(drafting()), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen.heard("Bob: I kept nothing good") is True
    (_, _), (after, log), _ = round_one_states()
    assert after.phase not in (Phase.DRAFT, Phase.PLACE, Phase.VOTE)
    app = ScreenApp(make_update(after, log=log), FakePort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.game_screen.heard("Bob: good game") is False
        assert "good game" not in screen_text(app)


async def test_the_leader_among_the_tied_is_you_in_the_choices():
    """Play-test over a hub: Cyd, the Leader and tied for the most Greed,
    was asked "Who steals? 1 Cyd 2 Bot 4", naming herself in the third
    person where every box says "You". Her own choice reads "You (Cyd)"."""
    from core.overseers.actions import Choose

    found = None
    for seed in range(200):
        for state, _, _ in random_steps_to_round_two(seed, 4):
            seats = [s for s in GAME.to_act(state) if s != CHANCE]
            for seat in seats:
                legal = GAME.legal_actions(state, seat)
                if any(isinstance(a, Choose) and a.seat == seat for a in legal):
                    found = (state, seat)
                    break
            if found:
                break
        if found:
            break
    assert found is not None
    state, seat = found
    app = ScreenApp(make_update(state, seat), FakePort())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        labels = [label for label, _ in app.game_screen._choices(app.game_screen.update)]
    me = NAMES[seat]
    assert f"You ({me})" in labels, labels
    assert me not in labels, labels


async def test_escape_says_the_note_was_not_sent():
    """Regression sweep: Escape in the table talk dropped a typed note
    without a word (the footer said only "esc Done talking"), and a player
    thought it sent. It says so; an empty note leaves quietly."""
    app = ScreenApp(make_update(drafting()), FakePort())
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("t", *"hi all", "escape")
        await pilot.pause()
        assert [n.message for n in app._notifications] == [
            "Note not sent: Escape drops it, Enter sends it."]
        assert app.game_screen.notes == []
        app.clear_notifications()
        await pilot.press("t", "escape")
        await pilot.pause()
        assert not list(app._notifications)


async def test_a_long_talk_line_keeps_its_speaker_in_sight():
    """Play-test over a hub (80x24): a line of some 180 characters in the
    five-row talk panel showed its end only; "Bob:" had scrolled above, and
    no key scrolls the panel. The panel shows the newest line from its
    start where it is taller than the panel; a short one still shows whole
    at the end."""
    app = ScreenApp(make_update(drafting()), FakePort())
    long = "Bob: " + "a very long message that goes on and on " * 5 + "the end"
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.heard("Cat: hello")
        app.game_screen.heard(long)
        text = await settled_text(app, pilot)
        assert "Bob: a very long" in text, text
        app.game_screen.heard("Dan: short")
        text = await settled_text(app, pilot)
        log = app.game_screen.query_one("#ov-notes")
        assert "Dan: short" in text and log.scroll_y == log.max_scroll_y


@pytest.mark.parametrize("viewer", [0, 1, None], ids=["owner", "other", "spectator"])
async def test_every_view_numbers_an_admitting_row_alike(viewer):
    """OV §5 Judgement, ADMIT and OV-19 (everyone sees which card goes):
    Ann discards her card 4 (face down); every view then numbers her row
    1 2 3 5, so "card 5" said at the table is one card. The others' views
    renumbered it 1 2 3 4 while Ann's kept 5."""
    state = placed([("AAB", "LC"), ("LLC", "HH"), ("LHA", "BL")])
    state = vote_all(state, [1, 0, 0])
    state = GAME.apply(state, 0, Admit())
    state = GAME.apply(state, 0, Discard(3))
    assert state.phase is Phase.ADMIT
    # a screen opened after the discard (a reconnect, a hand-over) too
    _, text, _ = await run(make_update(state, viewer), size=(120, 36))
    back = r"\(C\)" if viewer == 0 else re.escape(f"[{BACK}]")
    # (a spectator's wider row names the traits in full)
    assert re.search(rf"1\[A\w*\] 2\[A\w*\] 3\[B\w*\] 5{back}", text), text


async def test_b_names_teal_only_to_the_player_who_is_teal():
    """qa-share3 F8: b pressed in the draft said "b lets Teal choose the
    card to move again" to a player who was not Teal, at a table with no
    Teal. Characters are secret until the vote (OV-9): b's words speak of
    Teal's move only to the player dealt Teal."""
    state = drafting()
    for teal in (True, False):
        seat = next(i for i, s in enumerate(state.seats)
                    if (s.character is Character.TEAL) is teal and i in GAME.to_act(state))
        _, _, notes = await run(make_update(state, seat), keys=["b"], after=lambda screen: [
            n.message for n in screen.app._notifications])
        (note,) = notes
        assert ("Teal" in note) is teal, note
        assert note == ("Not now: b lets Teal choose the card to move again, once one is chosen."
                        if teal else "b does nothing for your character this round.")


@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
async def test_the_next_pack_under_your_own_key_is_named_in_the_prompt(screen_clock, size):
    """Hot-seat play-test (2 people, 4 bots, the draft): the person who
    picked last went first in the next turn, and the next pack came at
    once, no cover between. At 80 columns a notice over the log said "Your
    next pack: turn 5 of 5"; at 200x50 nothing said it. The prompt says so
    until a card of it is kept, at every size, so an Enter pressed after
    the wait is made on a pack the player can see is new."""
    class GraceApp(ScreenApp):
        decision_grace = 0.7  # the real app's

    state = drafting()
    update = make_update(state, 0)
    app = GraceApp(update, FakePort())
    async with app.run_test(size=size) as pilot:
        screen = app.game_screen
        await pilot.pause()
        assert "Your next pack" not in screen_text(app)
        screen_clock.now += 2.0
        await pilot.press("1")
        later = state
        for seat in sorted(GAME.to_act(state)):  # everyone picks: the packs pass
            later = GAME.apply(later, seat, GAME.legal_actions(later, seat)[0])
        screen_clock.now += 0.05  # the next pack comes at once
        screen.show(attrs.evolve(make_update(later, 0), seq=update.seq + 1))
        screen_clock.now += 3.5  # the notice has gone
        text = await settled_text(app, pilot)
        prompt = str(screen.query_one("#ov-prompt").render())
        # (Enter keeps none of it until an arrow has moved over it: the
        # prompt says how it is kept, tests/test_tui_overseers_next_pack.py)
        assert prompt.startswith("Your next pack (turn 2 of 5): pick with a number"), prompt
        assert "Your next pack (turn 2 of 5)" in text
        # kept: the others' turn, then a pack after a cover reads as before
        after = attrs.evolve(make_update(GAME.apply(later, 0, GAME.legal_actions(later, 0)[0]),
                                         0), seq=update.seq + 2)
        screen.show(after)
        await pilot.pause()
        assert "Your next pack" not in str(screen.query_one("#ov-prompt").render())


async def test_a_seats_cards_are_made_once_for_each_view():
    # fitting the rows tries them several ways an update, each asking for
    # every seat's cards: the same view's come back as made, a new view's anew
    state = table_at_vote_abilities()

    def cards(screen):
        view = screen.update.view
        first = [screen._cards_text(view, seat, long=True) for seat in range(4)]
        again = [screen._cards_text(view, seat, long=True) for seat in range(4)]
        other = attrs.evolve(view)
        fresh = screen._cards_text(other, 1)
        return first, again, fresh, screen._cards_text(view, 1)

    _, _, (first, again, fresh, letters) = await run(make_update(state), after=cards)
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert fresh.plain == letters.plain and fresh is not letters


def test_the_showdown_only_part_keeps_the_sisters_name():
    """The round's score names the sister in play ("Wuming the elder's
    +3"): under the score, as the sisters' part was, her name as printed."""
    line = ("Round 1 is scored. You score 11 (total 11) for the cards held now (L C): "
            "Lust ×1: 3; Courage ×1 (2/10/18): 2. Wuming the elder's +3 on these cards counts "
            "at the showdown only. You take the Leader card.")
    parts = recap_parts(line)
    assert "  (Wuming the elder's +3 on these cards counts at the showdown only)" in parts, parts
    assert parts[-1] == "You take the Leader card."


async def test_a_thinking_bot_is_said_thinking_once_not_also_choosing():
    """Play-test, six players at 80x24: a bot's row read "Bram · thinking…"
    by its name and "kept 5 · choosing…" after its cards, two words for one
    pick in the draft. A thinking bot is said thinking; a person (or a bot
    not yet asked) choosing."""
    state = drafting()
    update = attrs.evolve(make_update(state, 0, bots=frozenset({1, 2, 3})), thinking=1)
    _, _, (bot, person) = await run(
        update, after=lambda screen: (screen._status(update, 1), screen._status(update, 0)))
    assert bot == ["thinking…"], bot
    assert person == ["choosing…"], person


async def test_a_player_reading_a_box_at_a_shared_table_is_reading_not_choosing():
    """Play-test: at a shared table, a player reading the vote's box read
    as "choosing…" to the others (the table does not wait for one
    player's box). Their row and the prompt say they are reading; the
    others still choosing are choosing."""
    state = drafting()
    update = attrs.evolve(make_update(state, 0, bots=frozenset()), reading=frozenset({1, 0}))
    _, text, (bob, cat, me) = await run(update, after=lambda screen: (
        screen._status(update, 1), screen._status(update, 2), screen._status(update, 0)))
    assert bob == ["reading…"], bob
    assert cat == ["choosing…"], cat
    assert me == ["choosing…"], me  # (the viewer's own box: not told to themself)
    assert "Bob · reading…" in text, text


async def test_an_away_player_owing_a_pick_is_away_not_choosing():
    """Play-test: ann left the table (q) before choosing in the draft; the
    others read "ann (away) ♛ Leader · choosing…". An away player owing a
    decision is not choosing: "(away)" by the name says it."""
    state = drafting()
    update = make_update(state, 0, bots=frozenset())
    names = list(update.names)
    names[1] += " (away)"
    update = attrs.evolve(update, names=tuple(names))
    _, text, (bob, cat) = await run(update, after=lambda screen: (
        screen._status(update, 1), screen._status(update, 2)))
    assert bob == [], bob
    assert cat == ["choosing…"], cat
    assert not re.search(r"Bob \(away\).*choosing…", text), text


async def test_a_long_talk_line_shows_its_speaker_and_its_end():
    """Play-test (80x24, 30 columns, five rows): a 139-character line
    showed its first five wrapped rows and not its end, with no mark and no
    way to scroll. A line taller than the panel shows its first row (the
    speaker) and its end, the middle folded to "…" (F2's chat has it
    whole at a shared table)."""
    app = ScreenApp(make_update(drafting()), FakePort())
    long = ("Bob: I kept the gold one because Ann said she had two purples, and if "
            "that is true then cyd is bluffing about red and we all vote cyd out!!")
    assert len(long) == 139
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.heard("Cat: hello")
        app.game_screen.heard(long)
        text = await settled_text(app, pilot)
        log = app.game_screen.query_one("#ov-notes")
        rows = [row for row in log.rows if row]
        shown = " ".join(text.split())
        assert "Bob: I kept" in text, text
        assert "vote cyd out!!" in shown, text
        assert any(row.startswith("…") for row in rows), rows
        assert log.scroll_y == log.max_scroll_y


@pytest.mark.parametrize("said", [
    "漢字" * 40 + "終わり",  # CJK: no spaces, each character 2 cells wide
    "https://example.org/" + "a1b2c3d4e5" * 14 + "/END",  # a URL
    "🎲🃏" * 30 + "END",  # emoji, 2 cells each
    "look: https://example.org/" + "a1b2c3d4e5" * 14 + "/END",  # a last word too long
])
async def test_a_long_talk_line_without_spaces_shows_its_speaker_and_its_end(said):
    """Hostile play-test: the fold went by words, so a long line of CJK
    text, a URL or emoji without spaces showed its first rows, never its
    end, and no "…". It folds by cells there (a wide character counting
    two): the speaker's first row, "…" and the end show."""
    from rich.cells import cell_len

    app = ScreenApp(make_update(drafting()), FakePort())
    long = "Bob: " + said
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.game_screen.heard("Cat: hello")
        app.game_screen.heard(long)
        await settled_text(app, pilot)
        log = app.game_screen.query_one("#ov-notes")
        rows = [row for row in log.rows if row]
        width = log._width()
        mine = rows[rows.index("Cat: hello") + 1:]
        assert mine[0].startswith("Bob: ") and said[:3] in mine[0], rows
        assert len(mine) <= log._fold_rows(), rows
        assert any(row.startswith("…") for row in mine), rows
        assert "".join(mine[1:]).endswith(said[-3:]), rows
        assert all(cell_len(row) <= width for row in mine), rows
        assert log.scroll_y == log.max_scroll_y


@pytest.mark.parametrize("seed", [7, 11])
async def test_the_round_end_for_everyone_shows_each_round_score_at_80x24(seed):
    """Play-test (several people at one terminal): "Round 1 ended · for
    everyone" said "Ann takes the Leader card (the lowest round score)" and
    never showed a score, so the table could not see why; each person found
    their own only in their log. Every card counted is face up after the
    Showdown (OV §6, OV-13, OV-15): the round scores are public, only the
    totals secret (OV-6). The box lists every player's round score (OV-17:
    the Leader card goes by them) and no total, in sight at 80x24 with six
    players without scrolling."""
    state, log = GAME.setup(6), []
    for _, line, after in random_steps_to_round_two(seed, 6, viewer=None):
        log.append(line)
        state = after

    class HotSeatPort(FakePort):
        humans = (0, 1)
        at_this_terminal = True

    public = make_update(state, None, log=tuple(log))
    app = ScreenApp(public, HotSeatPort())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        screen._round_asked = 1  # (round 1 was played here)
        [box] = screen.round_end_dialogs(public)
        assert box.title_text == "Round 1 ended · for everyone"
        app.push_screen(box)
        await pilot.pause()
        scores = ", ".join(f"{name} {p.rounds[-1].score}" for name, p in zip(NAMES, state.seats,
                                                                           strict=True))
        # a line of its own, whole: where the box runs longer, PgDn brings it
        for _ in range(3):
            text = screen_text(app)
            rows = [row.strip("│ ") for row in text.splitlines()]
            if f"Round scores: {scores}." in rows or "PgDn: more" not in text:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert f"Round scores: {scores}." in rows, text
        assert "total" not in text.lower(), text


def test_every_character_has_a_short_name_that_reads_as_a_name():
    """Play-test (six players at 80x24): the characters in short read
    "Brown G" (as if cut off) beside "Teal" and "Gold". Each has a short
    name by one rule: a word or words of its full name that no other
    character's name holds (brown is Liang's colour too), never ending in
    a lone letter."""
    shorts = {c: c.short for c in Character}
    assert len(set(shorts.values())) == len(shorts)
    for character, short in shorts.items():
        assert short in character.label, character
        assert not re.search(r"\b[A-Z]$", short), short
        for other in Character:
            if other is not character:
                assert short.lower() not in other.label.lower(), (short, other)
    assert shorts[Character.GREED] == "Hoarder"
    assert shorts[Character.GOLD] == "Gold" and shorts[Character.LIANG] == "Liang"


async def test_six_players_show_each_character_by_its_short_name_at_80x24():
    """Play-test (six players at 80x24, the votes in): Bob's row read "voted
    Cat · Brown G", a name that looked cut off. The rows that have room for
    a character's name alone show its short name ("Hoarder")."""
    state = six_players_votes_in(first=Character.WUMING_VALOUR, second=Character.GREED)
    _, text, _ = await run(make_update(state, 0, bots=frozenset()), size=(80, 24))
    assert re.search(r"Bob · .*· Hoarder *$", text, re.MULTILINE), text
    assert not re.search(r"Brown G(?!, the Hoarder)", text), text
    for name in ("Purple", "Gold", "Orange", "Liang"):
        assert re.search(rf"· {name} *$", text, re.MULTILINE), name


def test_the_score_pads_rows_each_have_a_short_label():
    """Every row of the pad (OV §Scoring, each source of a card its own
    row: seersbots, finding 4) has a short label for a narrow panel, as
    long at most as "R1 Liang -1/card"."""
    from core.overseers import rules

    names = [f"Round 1: {name}" for _, name in rules._PAD_LINES]
    short = pad_short_labels(names)
    assert short["Round 1: card drawn, not guilty"] == "R1 Not guilty"
    assert short["Round 1: card stolen"] == "R1 Stolen"
    assert all(len(label) <= len("R1 Liang -1/card") for label in short.values()), short



async def test_a_tab_on_the_draft_gives_the_keys_back_to_the_decision():
    """Play-test: a Tab on the draft focused the Table panel, the footer
    lost "↵ Choose", and the focus stayed there into the next decisions
    (the top-row pick had no ↵). Enter there says where the keys are,
    Escape gives them back to the hand, and a new decision takes them back."""
    from tests.screen_kit import record_notices

    state = drafting()
    app = ScreenApp(make_update(state))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.game_screen
        hand = screen.query_one("#ov-hand", Hand)
        assert app.focused is hand
        said = record_notices(app)
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is screen.query_one("#ov-table")
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(s.startswith("Not now") for s in said))
        assert app.port.submitted == []
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.focused is hand)
        await pilot.press("tab")
        await settle(pilot)
        placing = advance(state, lambda s: s.phase is Phase.PLACE)
        screen.show(make_update(placing))
        bar = screen.query_one("#ov-actions", ActionBar)
        await wait_for(pilot, lambda: app.focused is bar)
        assert "↵" in screen_text(app).splitlines()[-1]
