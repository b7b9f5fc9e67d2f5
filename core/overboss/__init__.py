"""Overboss Duel: two Bosses build one shared board of terrain and monsters."""

from core.overboss import rules
from core.overboss.actions import ACTION_TYPES
from core.overboss.state import Options, State


class OverbossDuel:
    """The Overboss Duel game object (satisfies core.engine.Game)."""

    id = rules.ID
    title = rules.TITLE
    players = rules.PLAYERS
    rules_version = rules.RULES_VERSION
    Options = Options
    State = State
    action_types = ACTION_TYPES

    setup = staticmethod(rules.setup)
    to_act = staticmethod(rules.to_act)
    legal_actions = staticmethod(rules.legal_actions)
    chance_outcomes = staticmethod(rules.chance_outcomes)
    apply = staticmethod(rules.apply)
    view = staticmethod(rules.view)
    outcome = staticmethod(rules.outcome)
    describe = staticmethod(rules.describe)


GAME = OverbossDuel()
