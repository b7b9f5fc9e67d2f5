"""OV-30 (docs/rulings.md): a secret choice a shared table's stand-in bot
made for an away player is theirs to take back, back at the table, as
their own would be (OV-27: until it is revealed; README: never past
another player's move), and nobody else's."""

from __future__ import annotations

import pytest

from core.overseers.state import Phase
from tests.stand_in_kit import (
    bobs_update_back,
    check_no_take_back_once_another_chose,
    check_take_back,
)

#: the prompt's words, back at the table, while u takes the bot's choice back
STAND_IN_WORDS = "Your bot chose for you while you were away: u takes it back"

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


@pytest.mark.parametrize("choice", list(SECRET))
async def test_ov_30_the_table_says_the_bot_chose_and_which_key_takes_it_back(tmp_path, choice):
    """Play-test: back at the table after his bot chose his top row, Bob
    read "You have chosen; waiting for the others…", as if he had, and
    nothing said that u would give him the choice back. The prompt says
    his bot chose for him and that u takes it back; u sends the take-back.
    His own choice keeps its words."""
    from tests.overseers_screen_kit import run

    bots, own = bobs_update_back(tmp_path, "overseers", SECRET[choice])
    assert bots.stand_in_undo and own.can_undo and not own.stand_in_undo
    _, text, undos = await run(bots, keys=("u",), after=lambda screen: screen.port.undos)
    said = " ".join(text.split())
    assert STAND_IN_WORDS in said, said
    assert "You have chosen" not in said
    assert undos == 1
    _, text, _ = await run(own)
    said = " ".join(text.split())
    assert "You have chosen; waiting for the others" in said and STAND_IN_WORDS not in said
