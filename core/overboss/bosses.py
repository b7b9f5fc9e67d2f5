"""The six Boss cards: reveal abilities and scoring objectives.

King Croak is printed in the rulebook (OD-8). The other five are house
designs (OD-9): Belladonna, Baron Hex and Dr. Deadly are named in published
sources, Queen Rimefang and Warlord Grimtusk are house inventions. The game
marks every house Boss as such wherever it shows a card.
"""

from __future__ import annotations

import attrs

from core.overboss.components import Boss


@attrs.frozen
class BossCard:
    boss: Boss
    name: str
    #: a house design (OD-9), not printed in the rulebook
    house: bool
    reveal: str
    objective: str
    #: what the reveal leaves in force for the rest of the game (shown to
    #: everyone once the card is face up)
    lasting: str = ""
    #: `lasting` said shortly, where a line has little room (80x24)
    lasting_short: str = ""
    #: `reveal` said shortly, for a line of its own at 80x24
    reveal_short: str = ""
    #: the lasting power binds the owner's opponent (King Croak's: they
    #: cannot move Dungeons), not the owner
    binds_opponent: bool = False


CARDS: dict[Boss, BossCard] = {
    c.boss: c
    for c in (
        BossCard(
            Boss.KING_CROAK,
            "King Croak",
            False,
            "You may destroy any tile and replace it with a Dungeon from the market. "
            "Your opponent cannot move Dungeons for the rest of the game.",
            "+1 for each Dungeon on the board.",
            "Your opponent cannot move Dungeons.",
            reveal_short="Any tile becomes a market Dungeon.",
            binds_opponent=True,
        ),
        BossCard(
            Boss.BELLADONNA,
            "Belladonna",
            True,
            "Poison: return any one token on the board (a monster or miniboss to the bag, "
            "a hero to the supply).",
            "+1 for each Matching Monster on your side.",
            reveal_short="Return any one token on the board.",
        ),
        BossCard(
            Boss.BARON_HEX,
            "Baron Hex",
            True,
            "Take any one token from the market into your lair. From then on, each of your "
            "Crystals may score either half of the board (the better one).",
            "+2 for each Crystal in your lair.",
            "Each of your Crystals scores the better half of the board.",
            lasting_short="Each Crystal scores the better half.",
            reveal_short="Take a token; Crystals: best half.",
        ),
        BossCard(
            Boss.DR_DEADLY,
            "Dr. Deadly",
            True,
            "Refresh all your expended Spires.",
            "+2 for each Spire in your lair, active or expended.",
        ),
        BossCard(
            Boss.QUEEN_RIMEFANG,
            "Queen Rimefang",
            True,
            "Slide any one tile in a straight line, as an Icy Peak does.",
            "+1 for each Icy Peak and each Yeti on your side.",
            reveal_short="Slide a tile, as an Icy Peak does.",
        ),
        BossCard(
            Boss.WARLORD_GRIMTUSK,
            "Warlord Grimtusk",
            True,
            "Slay any one hero on the board: it goes to your lair.",
            "+1 for each hero in your lair and each Road on your side.",
            reveal_short="Slay a hero: it goes to your lair.",
        ),
    )
}


def card(boss: Boss) -> BossCard:
    return CARDS[boss]


def title(boss: Boss) -> str:
    """The Boss's name, marked "(house)" when it is a house design."""
    c = CARDS[boss]
    return f"{c.name} (house)" if c.house else c.name
