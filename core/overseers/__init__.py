"""Overseers: draft traits, hide the best of them, and judge who hides most."""

from core.engine import GameRules
from core.overseers import cards, rules, table_facts
from core.overseers.actions import ACTION_TYPES, seen_by_others
from core.overseers.state import Options, State

#: Beside the protocol, `chance_pool` (a deal's pool for
#: `core.playout.even_draw`) and what a screen reads off a view: the characters'
#: holders, cards as they count (`effective`), the scores as the rules count
#: them (`showdown_score`, `round_score`, `greed_count`), the choices the
#: others see made (`seen_by_others`: no undo past them, OV-27), the step that
#: reveals the secret choices, in a refused undo's words (`revealed`), whether a viewer
#: sees a card (`sees`), the draft's direction (`pass_step`: +1 left, -1
#: right), each card's place as an admission began (`admission_places`),
#: whom the thief may rob, the pairs a guilty player may lose, and
#: the score pad so far (`score_pad`, the outcome's breakdown); and
#: `table_facts`' (the stage, abilities in words, cards as a viewer sees
#: them, the viewer's own score at the showdown, for the round and with
#: each of Purple's turns (`turn_scores`), Teal's copies
#: (`copy_scores`) and without the cards it discards, loses or gives
#: (`score_without`), the votes once all are in).
GAME = GameRules(
    rules,
    Options=Options,
    State=State,
    action_types=ACTION_TYPES,
    chance_pool=rules.chance_pool,
    holder=rules.holder,
    effective=rules.effective,
    showdown_score=rules.showdown_score,
    round_score=rules.round_score,
    greed_count=rules.greed_count,
    face_up_needed=rules.face_up_needed,
    peek_targets=rules.peek_targets,
    sees=rules.sees,
    label=cards.label,
    pass_step=rules.pass_step,
    victims=rules.victims,
    admission_places=rules.admission_places,
    losing_pairs=rules.losing_pairs,
    score_pad=rules.breakdown,
    stage=table_facts.stage,
    ability=table_facts.ability,
    trait_copies=table_facts.trait_copies,
    cards_aside=table_facts.cards_aside,
    trait_points=table_facts.trait_points,
    slot_marks=table_facts.slot_marks,
    own_score=table_facts.own_score,
    own_round_score=table_facts.own_round_score,
    turn_scores=table_facts.turn_scores,
    copy_scores=table_facts.copy_scores,
    score_without=table_facts.score_without,
    votes_received=table_facts.votes_received,
    top_row_size=table_facts.top_row_size,
    progress=table_facts.progress,
    unread_box=table_facts.unread_box,
    seen_by_others=seen_by_others,
    revealed=rules.revealed,
    # after "wins" in the results' title: how a tie on the total went (OV-18)
    results_tie_words=rules.results_tie_words,
)
