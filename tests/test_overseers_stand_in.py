"""OV-30 (docs/rulings.md): a secret choice a shared table's stand-in bot
made for an away player is theirs to take back, back at the table, as
their own would be (OV-27: until it is revealed; README: never past
another player's move), and nobody else's."""

from __future__ import annotations

import pytest

from core.overseers.state import Phase
from tests.stand_in_kit import check_no_take_back_once_another_chose, check_take_back

#: the secret choices of OV-27 everyone makes at once
SECRET = {
    "pick": lambda state: state.phase is Phase.DRAFT,
    "top row": lambda state: state.phase is Phase.PLACE,
    "vote": lambda state: state.phase is Phase.VOTE,
}


@pytest.mark.parametrize("choice", list(SECRET))
def test_ov_30_a_player_back_takes_back_the_secret_choice_their_bot_made(tmp_path, choice):
    check_take_back(tmp_path, "overseers", SECRET[choice])


@pytest.mark.parametrize("choice", list(SECRET))
def test_ov_30_not_past_another_players_choice(tmp_path, choice):
    check_no_take_back_once_another_chose(tmp_path, "overseers", SECRET[choice])
