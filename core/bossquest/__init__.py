"""Boss Quest: get your attack strength as close as you can to the Boss's HP."""

from core.bossquest import rules, solo, table_facts
from core.bossquest.actions import ACTION_TYPES
from core.bossquest.state import Options, State
from core.engine import GameRules

#: Beside the protocol, what a screen reads off the table (each works from a
#: view): the rules' counts and `table_facts`' (a knight's standing against
#: the HP, the knight in turn, the spells on a knight, the last ask).
GAME = GameRules(
    rules,
    #: a weapon drawn or a Boss turned, for `core.playout.even_draw`
    chance_pool=rules.chance_pool,
    #: the undo refusal's words for a draw: a weapon, a spell for the row,
    #: or the mystery spell turned ("a card was drawn" read wrong for it)
    chance_drawn="a card was drawn or turned",
    #: the undo refusal's words for another knight's move since yours: a
    #: knight plays in turn ("has chosen", the default, is for a secret choice)
    moved_since="has played",
    Options=Options,
    State=State,
    action_types=ACTION_TYPES,
    current_hp=rules.current_hp,
    strength=rules.strength,
    visible_strength=rules.visible_strength,
    deck_size=rules.deck_size,
    keys_to_win=rules.keys_to_win,
    standing=table_facts.standing,
    unmet_conditions=table_facts.unmet_conditions,
    unread_potions=table_facts.unread_potions,
    known_strength=table_facts.known_strength,
    seen_strength=table_facts.seen_strength,
    knight_in_turn=table_facts.knight_in_turn,
    face_down_known_to=table_facts.face_down_known_to,
    last_ask=table_facts.last_ask,
    spells_on=table_facts.spells_on,
    progress=table_facts.progress,
    unread_box=table_facts.unread_box,
    #: BQ-26: a knight's score in the results is `Outcome.scores` (the keys,
    #: lowered so that the scores read in the order of the standings); the
    #: score pad keeps the keys as won
    results_show_scores=True,
    #: the results' keys and hearts charts go from 0 to these (more drawn
    #: if a knight held more)
    results_chart_tops=rules.chart_tops,
    #: said under the results, first, for each knight whose score is below
    #: their keys: who is placed just above and why (a -1 read as a fault)
    results_scores_notes=rules.score_notes,
    #: the Solo Quest's result, shown in place of a ranking: won or lost,
    #: the ending's name and the hearts kept (None for a match of knights)
    results_solo=solo.quest_result,
    #: BQ-54: a choice the rulebook calls final (a potion's reading, going
    #: to the Wizard) cannot be taken back; the words say why
    final_choice=rules.final_choice,
)
