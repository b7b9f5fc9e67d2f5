"""Boss Quest properties over many random playouts (DESIGN: properties every
game keeps; NOTES: OpenSpiel's random-simulation test)."""

from __future__ import annotations

import random
import re
import typing
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.bossquest import GAME, cards, rules, solo
from core.bossquest.state import Hidden, Phase
from tests.bossquest_tables import all_spells, all_weapons, knight, table
from tests.playouts import checked_playout, seeds

#: CI plays a bounded number of seeds; OVERTABLE_SEEDS raises it locally.
SEEDS = seeds(40)


def random_options(seed: int) -> GAME.Options:
    """A combination of the options, drawn from the seed (every field)."""
    rng = random.Random(seed * 31 + 7)
    hints = typing.get_type_hints(GAME.Options)
    values = {}
    for field in attrs.fields(GAME.Options):
        kind = hints[field.name]
        values[field.name] = rng.choice(list(kind)) if kind is not bool else rng.random() < 0.5
    return GAME.Options(**values)


def options_for(players: int, seed: int) -> GAME.Options:
    """Random options; the Solo Quest (1 knight) takes only its own (BQ-39)."""
    options = random_options(seed)
    if players == 1:
        return GAME.Options(solo_colour=options.solo_colour, solo_harder=options.solo_harder)
    return options


def playout(seed: int, players: int, check=None):
    """A random legal playout; `check(state)` runs after every step."""
    return checked_playout(GAME, players, options_for(players, seed), seed, check)


def solo_conserved(state):
    """The Solo Quest's weapons and row spells are all accounted for."""
    weapons = list(state.weapon_deck) + [t.weapon for t in state.deck_top] + list(state.drawn)
    weapons += [w for b in state.solo_bosses for w in b.weapons]
    if state.phase is Phase.OVER and state.waves:
        # the quest's last attack: its weapons stay on its Bosses, not
        # gathered into the deck (BQ-39 gathers them for a next wave only)
        weapons += [w for b in state.waves[-1].bosses for w in b.weapons]
    assert Counter(weapons) == Counter(solo.solo_weapons(state.options))
    spells = list(state.spell_deck) + list(state.spell_discard)
    spells += [s for row in state.rows for s in row]
    spells += [s for b in state.solo_bosses for s in b.spells if s not in solo.PERSONAL]
    spells += [state.casting] if state.casting is not None else []
    assert Counter(spells) == Counter(solo.solo_spells(state.options))
    assert 0 <= state.knights[0].hearts <= 3
    assert Counter(
        state.boss_deck + state.boss_discard + tuple(b.hp for b in state.solo_bosses if b.hp < 30)
    ) == Counter(cards.BOSSES)


def conserved(state):
    """Every weapon, spell, heart and key is accounted for."""
    if state.players == 1:
        return solo_conserved(state)
    green = rules.with_green(state.players, state.options)
    potions = state.options.potions
    assert Counter(all_weapons(state)) == Counter(cards.weapons(green, potions))
    spells = all_spells(state)
    assert Counter(spells) == Counter(cards.spells(green, potions, state.options.companions))
    if state.options.companions and None not in state.companions:
        dealt = [c for c in state.companions if c is not None]
        assert sorted(dealt + list(state.reserve)) == sorted(cards.Companion)
    for k in state.knights:
        # BQ-31: a reading belongs to a potion its holder still has
        held = set(rules.weapons_of(k))
        assert all(w in held and w.colour is None for w, _ in k.readings)
        assert len({w for w, _ in k.readings}) == len(k.readings)
    assert Counter(
        state.boss_deck
        + state.boss_discard
        + ((state.boss,) if state.boss and state.champion is None else ())
    ) == Counter(rules.bosses(state.options))
    if state.champion is not None:  # the Final Boss duel: the MegaBoss is out
        assert state.boss == cards.MEGABOSS and state.options.final_boss
    lost = sum(sum(r.hearts_lost) for r in state.history)
    night = [r for r in state.history if r.boss == cards.ULUL and state.options.ulul == "night"]
    assert all(max(r.hearts_lost) <= 2 for r in night)
    assert all(max(r.hearts_lost) <= 1 for r in state.history if r not in night)
    assert sum(k.hearts for k in state.knights) + lost == 3 * state.players
    won = sum(sum(r.keys_gained) for r in state.history)
    assert sum(k.keys for k in state.knights) == won
    assert all(k.hearts >= 0 for k in state.knights)


def views_agree(state):
    """A seat decides from its own view; views hide every unknown card."""
    for seat in range(state.players):
        v = GAME.view(state, seat)
        assert GAME.legal_actions(v, seat) == GAME.legal_actions(state, seat)
        assert GAME.to_act(v) == GAME.to_act(state)
        assert all(c is None for c in v.weapon_deck)
        for other, k in enumerate(state.knights):
            if k.hidden is not None and seat not in k.hidden.known_to:
                assert v.knights[other].hidden.weapon is None
            # Ul'ul's night: a face-down weapon shows only to who saw it
            for card, shown in zip(k.night, v.knights[other].night, strict=True):
                assert shown.weapon == (card.weapon if seat in card.known_to else None)
        # the mystery spell, drawn by the Owl's look, shows only to the Owl
        if seat not in state.mystery_known:
            assert v.mystery_card is None
        # nothing follows by subtraction: the unseen pool is everything unknown
        known = [c for c in all_weapons(v) if c is not None]
        assert Counter(known) + Counter(v.unseen) == Counter(all_weapons(state))


def test_random_solo_quests_end_and_conserve():
    """Random Solo Quests (BQ §Solo Quest) reach one of the printed endings,
    and conserve weapons, spells and Bosses along the way."""
    for seed in range(SEEDS):
        state, _ = playout(seed * 7 + 1, 1, conserved)
        assert GAME.outcome(state) is not None
        assert state.ending in set(solo.ENDINGS.values())


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_end_and_conserve(players):
    """Many seeded random playouts at each player count reach an outcome, and
    weapons, spells, Bosses, hearts and keys are conserved along the way."""
    for seed in range(SEEDS):
        state, _ = playout(seed * 7 + players, players, conserved)
        out = GAME.outcome(state)
        assert out is not None and out.winners
        assert any(k.hearts == 0 for k in state.knights) or any(
            k.keys >= rules.keys_to_win(players) for k in state.knights
        )


@pytest.mark.parametrize("players", [1, 2, 3, 5, 6])
def test_views_in_random_playouts(players):
    """legal_actions(view(s, seat), seat) == legal_actions(s, seat), and a view
    never holds another seat's hidden weapon or the deck's contents."""
    for seed in range(max(4, SEEDS // 4)):
        playout(1000 + seed, players, views_agree)


@pytest.mark.parametrize("players", [1, 2, 4])
def test_replay_rebuilds_equal_state(players):
    """DESIGN: replaying the actions of a match rebuilds an equal state."""
    for seed in range(max(4, SEEDS // 4)):
        final, journal = playout(2000 + seed, players)
        state = GAME.setup(players, options_for(players, 2000 + seed))
        for seat, action in journal:
            state = GAME.apply(state, seat, action)
        assert state == final


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_many_random_playouts(players):
    """The long run: 500 seeds per player count (run with -m slow)."""
    for seed in range(500):
        playout(10_000 + seed, players, conserved)


weapon_codes = st.sampled_from([w.code for w in cards.weapons(False)])


@settings(max_examples=60, deadline=None)
@given(st.lists(weapon_codes, min_size=8, max_size=8, unique=True), st.integers(0, 2))
def test_views_equal_when_only_others_hidden_cards_differ(codes, seat):
    """NOTES: two states that differ only in another seat's hidden card give
    the same view to every seat that has not seen it."""
    a = table([knight(codes[0], codes[1]), knight(codes[2], codes[3]), knight(codes[4], codes[5])])
    other = (seat + 1) % 3
    swapped = a.knights[other]
    # give `other` a different hidden card, taken from the deck
    replacement = a.weapon_deck[0]
    b = attrs.evolve(
        a,
        knights=tuple(
            attrs.evolve(k, hidden=Hidden(replacement, k.hidden.known_to)) if i == other else k
            for i, k in enumerate(a.knights)
        ),
        weapon_deck=tuple(sorted(a.weapon_deck[1:] + (swapped.hidden.weapon,))),
    )
    assert GAME.view(a, seat) == GAME.view(b, seat)
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, other) != GAME.view(b, other)


def _hidden_codes(view, before):
    """How the log would name each card `view` hides (a potion too)."""
    shown = set()
    if len(view.history) > len(before.history):
        shown = {weapon for kit in view.history[-1].equipment for weapon in kit}
    return [
        rf"(?<!\w){re.escape(weapon.code)}\b" for weapon in view.unseen if weapon not in shown
    ]


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_log_lines_hide_what_views_hide(players):
    """describe() never names, to a viewer, a card that viewer's view hides
    after the action, with any combination of options (BQ-29's night cards,
    BQ-31's potions, BQ-33's Owl, BQ-37's duel)."""
    from tests.test_describe_viewers import replay_lines

    for seed in range(max(2, SEEDS // 8)):
        options = options_for(players, 4000 + seed)
        assert replay_lines(GAME, players, options, 4000 + seed, _hidden_codes) > 0


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_journal_lines_roundtrip_with_every_option(players):
    """A saved match stores its options and every action (the extensions'
    and the Solo Quest's included) and reads back the same."""
    import json

    from saves.journal import codec

    c = codec(GAME)
    for seed in range(3):
        options = options_for(players, 5000 + seed)
        assert c.converter.structure(c.options_dict(options), GAME.Options) == options
        _, journal = checked_playout(GAME, players, options, 5000 + seed)
        for seat, action in journal:
            stored = json.loads(c.action_line(seat, action))
            assert c.action(stored["action"]) == action
