"""Table Dungeon's numbers, read once from data/rules.toml (its shape: schemas/
tabledungeon-rules.schema.json). The class sheets and the enemy table live there as data."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent.joinpath("data", "rules.toml")
STATS = ("strength", "dexterity", "intelligence", "constitution")
# The stat that adds to a non-royal card of each suit (hearts heal, the others attack).
SUIT_STAT = {"S": "dexterity", "C": "strength", "D": "intelligence", "H": "constitution"}


@dataclass(frozen=True)
class Item:
    """A royal drawn as loot: kept for its passive bonus, or used once and removed."""

    name: str
    passive: bool
    text: str
    stats: tuple[tuple[str, int], ...] = ()  # passive stat bonuses
    armour: int = 0  # passive: less damage from a lost fight
    heal: int = 0  # once: heal yourself
    heal_all: int = 0  # once: heal every living player
    attack: int = 0  # once: add to the party's attack this round
    flee: bool = False  # once: the enemy flees this round (a win with no loot)


@dataclass(frozen=True)
class ClassSheet:
    id: str
    name: str
    removes: str  # the suit that goes to the loot deck
    royal_suit: str  # the suit of the J, Q and K that join the action pile
    stats: dict[str, int]
    items: dict[str, Item]  # "J", "Q", "K" -> item


@dataclass(frozen=True)
class Enemy:
    low: int
    high: int
    name: str
    text: str
    plural: bool = False  # the name is a plural, for the sentences that name it
    automatic_win: bool = False
    flee_if: str | None = None  # "heart", "royal" or "ace"
    immune: str | None = None  # a suit whose attacks count 0
    weak: str | None = None  # a suit whose attacks count double
    loss_damage: int = 0
    loss_loot: bool = False


@dataclass(frozen=True)
class Level:
    level: int
    damage: int
    health_per_die: int
    enemies: tuple[Enemy, ...]

    def enemy_for(self, roll: int) -> Enemy:
        for enemy in self.enemies:
            if enemy.low <= roll <= enemy.high:
                return enemy
        raise ValueError(f"no enemy for a roll of {roll} at level {self.level}")


@dataclass(frozen=True)
class TableData:
    start_health: int
    hand_size: int
    action_top_rank: int
    setup_peek: int
    aces_to_end: int
    level_up_max_health: int
    level_up_heal: int
    level_up_xp_cards: int
    die_sides: int
    classes: dict[str, ClassSheet]
    levels: tuple[Level, ...]

    def level(self, number: int) -> Level:
        """The enemy sheet for `number`; past the last sheet the last one stays in play."""
        return self.levels[min(number, len(self.levels)) - 1]


def _item(doc: dict[str, Any]) -> Item:
    return Item(name=doc["name"], passive=doc["passive"], text=doc["text"],
                stats=tuple((s, doc[s]) for s in STATS if s in doc),
                armour=doc.get("armour", 0), heal=doc.get("heal", 0),
                heal_all=doc.get("heal_all", 0), attack=doc.get("attack", 0),
                flee=doc.get("flee", False))


def parse(doc: dict[str, Any]) -> TableData:
    """Build the typed data from the parsed TOML (already valid against the schema)."""
    table = doc["table"]
    classes = {
        cid: ClassSheet(cid, c["name"], c["removes"], c["royal_suit"],
                        {s: c[s] for s in STATS}, {r: _item(i) for r, i in c["items"].items()})
        for cid, c in doc["classes"].items()
    }
    levels = tuple(
        Level(lv["level"], lv["damage"], lv["health_per_die"],
              tuple(Enemy(**{k: v for k, v in e.items()}) for e in lv["enemies"]))
        for lv in doc["levels"]
    )
    return TableData(classes=classes, levels=levels, **table)


@lru_cache(maxsize=1)
def load() -> TableData:
    with open(DATA_FILE, "rb") as handle:
        return parse(tomllib.load(handle))
