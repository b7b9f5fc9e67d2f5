"""Overboss Duel components: terrain tiles, tokens, heroes and Boss cards (OD-3).

Every kind has a letter so that a screen never tells kinds apart by colour
alone. Counts are the box's (OD-3): 5 terrains x 12 tiles + 8 Dungeons = 68
tiles; 5 x 10 monsters + 5 crystals + 6 minibosses + 7 spires = 68 tokens in
the bag; 15 heroes in their own supply; 6 Boss cards.
"""

from __future__ import annotations

import enum


class Terrain(enum.StrEnum):
    """A terrain tile. The value is what journals store."""

    DUNGEON = "dungeon"
    ICY_PEAK = "icy-peak"
    SPAWNING_POOL = "spawning-pool"
    ROAD = "road"
    TOWN = "town"
    SUNKEN_CITY = "sunken-city"

    @property
    def label(self) -> str:
        return _TERRAIN_LABELS[self]

    @property
    def letter(self) -> str:
        """One capital letter per terrain: D I P R T S."""
        return _TERRAIN_LETTERS[self]


_TERRAIN_LABELS = {
    Terrain.DUNGEON: "Dungeon",
    Terrain.ICY_PEAK: "Icy Peak",
    Terrain.SPAWNING_POOL: "Spawning Pool",
    Terrain.ROAD: "Road",
    Terrain.TOWN: "Town",
    Terrain.SUNKEN_CITY: "Sunken City",
}
_TERRAIN_LETTERS = {
    Terrain.DUNGEON: "D",
    Terrain.ICY_PEAK: "I",
    Terrain.SPAWNING_POOL: "P",
    Terrain.ROAD: "R",
    Terrain.TOWN: "T",
    Terrain.SUNKEN_CITY: "S",
}


class Token(enum.StrEnum):
    """A token: the bag's monsters, minibosses, crystals and spires, and the
    heroes of the separate hero supply."""

    YETI = "yeti"
    BANDIT = "bandit"
    SPELLSLIME = "spellslime"
    ROCKTOPUS = "rocktopus"
    WEREWOLF = "werewolf"
    MINIBOSS = "miniboss"
    ICY_PEAK_CRYSTAL = "icy-peak-crystal"
    SPAWNING_POOL_CRYSTAL = "spawning-pool-crystal"
    ROAD_CRYSTAL = "road-crystal"
    TOWN_CRYSTAL = "town-crystal"
    SUNKEN_CITY_CRYSTAL = "sunken-city-crystal"
    SPIRE = "spire"
    HERO = "hero"

    @property
    def label(self) -> str:
        return _TOKEN_LABELS[self]

    @property
    def letter(self) -> str:
        """One letter per token kind (crystals: lowercase terrain letter)."""
        return _TOKEN_LETTERS[self]

    @property
    def monster(self) -> bool:
        """One of the five matching monsters (not a miniboss)."""
        return self in MATCH

    @property
    def placeable(self) -> bool:
        """Monsters and minibosses: the tokens placed on tiles."""
        return self in MATCH or self is Token.MINIBOSS

    @property
    def crystal(self) -> bool:
        return self in CRYSTAL_TERRAIN


_TOKEN_LABELS = {
    Token.YETI: "Yeti",
    Token.BANDIT: "Bandit",
    Token.SPELLSLIME: "Spellslime",
    Token.ROCKTOPUS: "Rocktopus",
    Token.WEREWOLF: "Werewolf",
    Token.MINIBOSS: "Miniboss",
    Token.ICY_PEAK_CRYSTAL: "Icy Peak Crystal",
    Token.SPAWNING_POOL_CRYSTAL: "Spawning Pool Crystal",
    Token.ROAD_CRYSTAL: "Road Crystal",
    Token.TOWN_CRYSTAL: "Town Crystal",
    Token.SUNKEN_CITY_CRYSTAL: "Sunken City Crystal",
    Token.SPIRE: "Spire",
    Token.HERO: "Hero",
}
_TOKEN_LETTERS = {
    Token.YETI: "Y",
    Token.BANDIT: "B",
    Token.SPELLSLIME: "L",
    Token.ROCKTOPUS: "K",
    Token.WEREWOLF: "W",
    Token.MINIBOSS: "M",
    Token.ICY_PEAK_CRYSTAL: "i",
    Token.SPAWNING_POOL_CRYSTAL: "p",
    Token.ROAD_CRYSTAL: "r",
    Token.TOWN_CRYSTAL: "t",
    Token.SUNKEN_CITY_CRYSTAL: "s",
    Token.SPIRE: "^",
    Token.HERO: "H",
}

#: OD-3: each monster's matching terrain.
MATCH: dict[Token, Terrain] = {
    Token.YETI: Terrain.ICY_PEAK,
    Token.BANDIT: Terrain.ROAD,
    Token.SPELLSLIME: Terrain.SPAWNING_POOL,
    Token.ROCKTOPUS: Terrain.SUNKEN_CITY,
    Token.WEREWOLF: Terrain.TOWN,
}
MONSTERS: tuple[Token, ...] = tuple(MATCH)

#: Each crystal's terrain (one crystal per non-Dungeon terrain).
CRYSTAL_TERRAIN: dict[Token, Terrain] = {
    Token.ICY_PEAK_CRYSTAL: Terrain.ICY_PEAK,
    Token.SPAWNING_POOL_CRYSTAL: Terrain.SPAWNING_POOL,
    Token.ROAD_CRYSTAL: Terrain.ROAD,
    Token.TOWN_CRYSTAL: Terrain.TOWN,
    Token.SUNKEN_CITY_CRYSTAL: Terrain.SUNKEN_CITY,
}

#: The order of `State.stack` counts.
TERRAINS: tuple[Terrain, ...] = tuple(Terrain)
#: The order of `State.bag` counts (every token kind but the hero).
BAG_TOKENS: tuple[Token, ...] = tuple(t for t in Token if t is not Token.HERO)

TERRAIN_INDEX = {t: i for i, t in enumerate(TERRAINS)}
BAG_INDEX = {t: i for i, t in enumerate(BAG_TOKENS)}

#: OD-3: the tile stack at the start.
TILE_COUNTS: dict[Terrain, int] = {t: (8 if t is Terrain.DUNGEON else 12) for t in TERRAINS}
#: OD-3: the token bag at the start.
TOKEN_COUNTS: dict[Token, int] = {
    **{m: 10 for m in MONSTERS},
    Token.MINIBOSS: 6,
    **{c: 1 for c in CRYSTAL_TERRAIN},
    Token.SPIRE: 7,
}
HEROES = 15
TILES_TOTAL = sum(TILE_COUNTS.values())  # 68
TOKENS_TOTAL = sum(TOKEN_COUNTS.values())  # 68

START_STACK: tuple[int, ...] = tuple(TILE_COUNTS[t] for t in TERRAINS)
START_BAG: tuple[int, ...] = tuple(TOKEN_COUNTS[t] for t in BAG_TOKENS)

#: Scoring table for bands (OD-11): size -> points; 4 and more score 7.
BAND_POINTS = {2: 2, 3: 5, 4: 7}
LONGEST_ROAD_BONUS = 4
MARKET_SLOTS = 4


def band_points(size: int) -> int:
    if size < 2:
        return 0
    return BAND_POINTS[min(size, 4)]


class Boss(enum.StrEnum):
    """The six Boss cards (OD-8, OD-9). Only King Croak is printed in the
    rulebook; the others are house designs (see `core.overboss.bosses`)."""

    KING_CROAK = "king-croak"
    BELLADONNA = "belladonna"
    BARON_HEX = "baron-hex"
    DR_DEADLY = "dr-deadly"
    QUEEN_RIMEFANG = "queen-rimefang"
    WARLORD_GRIMTUSK = "warlord-grimtusk"


BOSSES: tuple[Boss, ...] = tuple(Boss)
