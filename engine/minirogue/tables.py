"""The rulebook's numbers and tables, read once from data/rules.toml into frozen values.

Every rule module takes its numbers from here, so changing a number is a data edit (and a
RULES_VERSION bump), never a code edit. The file's shape is in schemas/minirogue-rules.schema.json.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType
from typing import Any

STATS = ("armor", "hp", "gold", "food", "xp")  # what a gain or a loss may name
DIFFICULTIES = ("casual", "normal", "hard", "impossible")
SPELLS = ("fire", "ice", "poison", "heal")


@dataclass(frozen=True)
class Level:
    number: int
    name: str
    areas: tuple[int, ...]


@dataclass(frozen=True)
class Start:
    armor: int
    hp: int
    gold: int
    food: int
    score_percent: int


@dataclass(frozen=True)
class Foe:
    """A monster or a boss as its card prints it (a monster's health is rolled, so hp is 0)."""

    level: int
    name: str
    damage: int
    xp: int
    hp: int = 0
    gold: int = 0


@dataclass(frozen=True)
class Entry:
    """One line of a table: a treasure item, a ware, a resting option, an event or a trap."""

    id: str
    name: str
    face: int = 0
    gain: Mapping[str, int] = field(default_factory=dict)
    lose: Mapping[str, int] = field(default_factory=dict)
    spell: str | None = None
    fight: bool = False
    fall: bool = False
    buy: int | None = None
    sell: int | None = None


@dataclass(frozen=True)
class Tables:
    levels: tuple[Level, ...]
    last_area: int
    pit_landing: Mapping[int, int]
    max_stats: Mapping[str, int]  # armor, hp, gold, food, spells
    starts: Mapping[str, Start]
    dice_per_rank: tuple[int, ...]
    xp_to_next_rank: tuple[int, ...]
    top_rank_hp_per_gain: int
    xp_per_track_slot: int
    room_cards: tuple[str, ...]
    columns: tuple[int, ...]
    food_per_delve: int
    starving_hp_loss: int
    event_shift: int
    miss_face: int
    critical_face: int
    armor_blocks_per_point: int
    feat_hp_cost: int
    feat_xp_cost: int
    spell_numbers: Mapping[str, int]
    monsters: tuple[Foe, ...]  # by level, 1 first
    monster_hp_dice: int
    bosses: tuple[Foe, ...]
    boss_item_rolls: int
    treasure_gold_without_kill: int
    treasure_gold_with_kill: int
    treasure_item_on: int
    treasure_items: Mapping[int, Entry]  # by face
    wares: Mapping[str, Entry]
    resting: Mapping[str, Entry]
    event_monster: Foe  # level 0: its damage is per level
    events: Mapping[int, Entry]
    trap_fallback_hp_loss: int
    traps: Mapping[int, Entry]
    scoring: Mapping[str, int]

    @property
    def max_rank(self) -> int:
        return len(self.dice_per_rank)

    def level_of(self, area: int) -> Level:
        for level in self.levels:
            if area in level.areas:
                return level
        raise ValueError(f"no level holds area {area}")


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


def _entry(table: dict[str, Any]) -> Entry:
    return Entry(id=table["id"], name=table["name"], face=table.get("face", 0),
                 gain=_frozen(table.get("gain", {})), lose=_frozen(table.get("lose", {})),
                 spell=table.get("spell"), fight=table.get("fight", False),
                 fall=table.get("fall", False), buy=table.get("buy"), sell=table.get("sell"))


def tables_from_data(data: dict[str, Any]) -> Tables:
    """Build the tables from the parsed TOML (already valid against the schema)."""
    dungeon, character, spells = data["dungeon"], data["character"], data["spells"]
    event_rules = data["event_rules"]
    return Tables(
        levels=tuple(Level(t["number"], t["name"], tuple(t["areas"])) for t in dungeon["levels"]),
        last_area=dungeon["last_area"],
        pit_landing=_frozen({a: b for a, b in dungeon["pit_landing"]}),
        max_stats=_frozen({"armor": character["max_armor"], "hp": character["max_hp"],
                           "gold": character["max_gold"], "food": character["max_food"],
                           "spells": character["max_spells"]}),
        starts=_frozen({name: Start(**{k: v for k, v in t.items()})
                        for name, t in data["difficulties"].items() if name != "why"}),
        dice_per_rank=tuple(data["experience"]["dice_per_rank"]),
        xp_to_next_rank=tuple(data["experience"]["xp_to_next_rank"]),
        top_rank_hp_per_gain=data["experience"]["top_rank_hp_per_gain"],
        xp_per_track_slot=data["experience"]["xp_per_track_slot"],
        room_cards=tuple(data["turn"]["room_cards"]),
        columns=tuple(data["turn"]["columns"]),
        food_per_delve=data["turn"]["food_per_delve"],
        starving_hp_loss=data["turn"]["starving_hp_loss"],
        event_shift=data["skill"]["event_shift"],
        miss_face=data["combat"]["miss_face"],
        critical_face=data["combat"]["critical_face"],
        armor_blocks_per_point=data["combat"]["armor_blocks_per_point"],
        feat_hp_cost=data["feats"]["hp_cost"],
        feat_xp_cost=data["feats"]["xp_cost"],
        spell_numbers=_frozen({k: v for k, v in spells.items() if k != "why"}),
        monsters=tuple(Foe(t["level"], t["name"], t["damage"], t["xp"])
                       for t in sorted(data["monsters"], key=lambda t: t["level"])),
        monster_hp_dice=data["monster_rules"]["hp_dice"],
        bosses=tuple(Foe(t["level"], t["name"], t["damage"], t["xp"], t["hp"], t["gold"])
                     for t in sorted(data["bosses"], key=lambda t: t["level"])),
        boss_item_rolls=data["boss_rules"]["item_rolls"],
        treasure_gold_without_kill=data["treasure"]["gold_without_kill"],
        treasure_gold_with_kill=data["treasure"]["gold_with_kill"],
        treasure_item_on=data["treasure"]["item_on_or_above"],
        treasure_items=_frozen({t["face"]: _entry(t) for t in data["treasure"]["items"]}),
        wares=_frozen({t["id"]: _entry(t) for t in data["merchant"]["wares"]}),
        resting=_frozen({t["id"]: _entry(t) for t in data["resting"]["options"]}),
        event_monster=Foe(0, event_rules["monster_name"], event_rules["monster_damage_per_level"],
                          event_rules["monster_xp"]),
        events=_frozen({t["face"]: _entry(t) for t in data["events"]}),
        trap_fallback_hp_loss=data["trap_rules"]["fallback_hp_loss"],
        traps=_frozen({t["face"]: _entry(t) for t in data["traps"]}),
        scoring=_frozen({k: v for k, v in data["scoring"].items() if k != "why"}),
    )


def rules_text() -> str:
    return resources.files("engine.minirogue").joinpath("data/rules.toml").read_text("utf-8")


_TABLES: Tables | None = None


def tables() -> Tables:
    """The bundled tables, read once."""
    global _TABLES
    if _TABLES is None:
        _TABLES = tables_from_data(tomllib.loads(rules_text()))
    return _TABLES
