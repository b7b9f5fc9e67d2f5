"""Boss Quest: get your attack strength as close as you can to the Boss's HP."""

from core.bossquest import rules
from core.bossquest.actions import ACTION_TYPES
from core.bossquest.state import Options, State


class BossQuest:
    """The Boss Quest game object (satisfies core.engine.Game)."""

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


GAME = BossQuest()
