"""Overboss Duel: two Bosses build one shared board of terrain and monsters."""

from core.engine import GameRules
from core.overboss import rules
from core.overboss.actions import ACTION_TYPES
from core.overboss.state import Options, State

GAME = GameRules(rules, Options=Options, State=State, action_types=ACTION_TYPES)
