"""Card and character definitions, read from data/cards.toml.

No card has code of its own: a card is a bundle of values from a small vocabulary taken from the
rulebook's clarifications. The vocabulary (field -> meaning):

  attack            +X/-X to the attack roll (items, artifacts, characters); an enemy's attack
  health            an enemy's starting (max) health
  gold              sell price; shops charge twice this. Absent: the card has no gold amount
  sellable/tradeable/throwable/cursed   the symbols at the bottom of a card
  slot, two_handed  equipment slot: primary, secondary, head, chest or feet
  min_attack        Min. Attack: X
  double_damage     the attack roll counts twice, before the attack modifier
  on_roll           {X = "reroll_twice" | "miss" | "block" | "attack_again"}: when the attack
                    die shows X (attack_again: another whole attack roll this round)
  damage_taken      -X damage taken from attacks (stacks)
  movement          +X movement out of combat
  flee_on           can flee on X (besides 4, 5, 6)
  trap_avoid_on     a trap triggered on X has no effect
  max_health        +X/-X to max health
  dodge_on, poison = {on, turns}, paralyse = {on, turns}, heals, no_chase, kill_in_one_turn,
  attack_double_roll                        enemy abilities
  boss, vp          "basilisk" or "golem", and the victory points a card is worth
  scroll, amount, turns, trap, drain_on     what a scroll, trap or fountain does
  shape, arrow      a pathing tile's printed paths and red arrow (classic game)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib import resources
from typing import Any

CARD_TYPES = (
    "enemy", "weapon", "armour", "scroll", "artifact", "potion", "key", "debt",
    "path", "start", "ladder", "trap", "fountain", "shop", "chest",
)
SLOTS = ("primary", "secondary", "head", "chest", "feet")
ON_ROLL_EFFECTS = ("reroll_twice", "miss", "block", "attack_again")
SCROLLS = ("identify", "move_adjacent", "poison_heals", "remove_cursed", "max_health")
TRAPS = ("spikes", "paralysis", "poison")
# Cards a hero can hold; the rest are tiles that stay on the board.
HOLDABLE = ("enemy", "weapon", "armour", "scroll", "artifact", "potion", "key", "debt")
# The fields a legend entry may override for one map (custom cards).
OVERRIDABLE = (
    "name", "attack", "health", "gold", "dodge_on", "poison", "paralyse", "heals", "no_chase",
    "kill_in_one_turn", "attack_double_roll", "min_attack", "double_damage", "on_roll",
    "damage_taken", "movement", "flee_on", "trap_avoid_on", "max_health", "amount", "turns",
    "cursed", "drain_on",
)


@dataclass(frozen=True, slots=True)
class Chance:
    """An enemy ability that fires when its die shows one of `on`, lasting `turns`."""

    on: tuple[int, ...]
    turns: int


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name: str
    type: str
    base: str = ""  # the standard card a custom card derives from (itself for standard cards)
    attack: int = 0
    health: int = 0
    gold: int | None = None
    sellable: bool = True
    tradeable: bool = True
    throwable: bool = False
    cursed: bool = False
    slot: str | None = None
    two_handed: bool = False
    min_attack: int = 0
    double_damage: bool = False
    on_roll: tuple[tuple[int, str], ...] = ()
    damage_taken: int = 0
    movement: int = 0
    flee_on: tuple[int, ...] = ()
    trap_avoid_on: tuple[int, ...] = ()
    max_health: int = 0
    dodge_on: tuple[int, ...] = ()
    poison: Chance | None = None
    paralyse: Chance | None = None
    heals: int = 0
    no_chase: bool = False
    kill_in_one_turn: bool = False
    attack_double_roll: bool = False
    boss: str | None = None
    vp: int = 0
    scroll: str | None = None
    trap: str | None = None
    amount: int = 0
    turns: int = 0
    drain_on: tuple[int, ...] = ()
    shape: str = "┼"  # classic game: the card's paths as printed, as a box-drawing glyph
    arrow: str | None = None  # classic game: the edge a red arrow points through, as printed
    why: str = ""

    @property
    def holdable(self) -> bool:
        return self.type in HOLDABLE

    @property
    def can_sell(self) -> bool:
        return self.gold is not None and self.sellable and not self.cursed

    def on_roll_effect(self, roll: int) -> str | None:
        for face, effect in self.on_roll:
            if face == roll:
                return effect
        return None


@dataclass(frozen=True, slots=True)
class CharacterDef:
    id: str
    name: str
    max_health: int = 10
    attack: int = 0
    movement: int = 0
    damage_taken: int = 0
    flee_on: tuple[int, ...] = ()
    trap_avoid_on: tuple[int, ...] = ()
    steal_on: tuple[int, ...] = (6,)
    trip_on: tuple[int, ...] = (4, 5, 6)
    cannot_flee: bool = False
    second_dagger: bool = False
    regen: int = 0
    fountain_bonus: int = 0
    sell_bonus: int = 0
    spell_damage: int = 0
    spell_cooldown: int = 0
    why: str = ""


@dataclass(frozen=True)
class Catalog:
    """All card and character definitions a game can use, standard and custom."""

    cards: dict[str, CardDef]
    characters: dict[str, CharacterDef]
    format_version: int = 1
    extra: dict[str, Any] = field(default_factory=dict)

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def artifact_values(self, name: str) -> dict[str, int]:
        """Card id -> its value of the field `name`, for the artifacts where that is not 0 (an
        artifact's values count while it is in a hand). Worked out once per field, as heroes'
        numbers are read every turn; a catalog's cards never change (with_custom makes a new
        catalog)."""
        values = self._artifact_values.get(name)
        if values is None:
            values = {cid: getattr(d, name) for cid, d in self.cards.items()
                      if d.type == "artifact" and getattr(d, name)}
            self._artifact_values[name] = values
        return values

    @cached_property
    def _artifact_values(self) -> dict[str, dict[str, int]]:
        return {}

    def with_custom(self, custom_id: str, base_id: str, overrides: dict[str, Any]) -> Catalog:
        """A catalog that also holds a custom card: `base_id` with some values replaced."""
        base = self.cards[base_id]
        values = {k: _convert(k, v) for k, v in overrides.items()}
        cards = dict(self.cards)
        cards[custom_id] = replace(base, id=custom_id, base=base.base or base.id, **values)
        return Catalog(cards, self.characters, self.format_version)


def _tuple_ints(value: Any) -> tuple[int, ...]:
    return tuple(int(v) for v in value)


def _convert(key: str, value: Any) -> Any:
    if key in ("flee_on", "trap_avoid_on", "dodge_on", "drain_on", "steal_on", "trip_on"):
        return _tuple_ints(value)
    if key in ("poison", "paralyse"):
        return Chance(_tuple_ints(value["on"]), int(value["turns"]))
    if key == "on_roll":
        return tuple(sorted((int(face), str(effect)) for face, effect in value.items()))
    return value


def card_from_table(card_id: str, table: dict[str, Any]) -> CardDef:
    values = {k: _convert(k, v) for k, v in table.items()}
    return CardDef(id=card_id, base=card_id, **values)


def character_from_table(char_id: str, table: dict[str, Any]) -> CharacterDef:
    values = dict(table)
    spell = values.pop("spell", None)
    if spell:
        values["spell_damage"] = int(spell["damage"])
        values["spell_cooldown"] = int(spell["cooldown"])
    values = {k: _convert(k, v) for k, v in values.items()}
    return CharacterDef(id=char_id, **values)


def catalog_from_data(data: dict[str, Any]) -> Catalog:
    cards = {cid: card_from_table(cid, t) for cid, t in data["cards"].items()}
    chars = {cid: character_from_table(cid, t) for cid, t in data["characters"].items()}
    return Catalog(cards, chars, data.get("format_version", 1))


_STANDARD: Catalog | None = None


def standard_catalog() -> Catalog:
    """The bundled card data, read once."""
    global _STANDARD
    if _STANDARD is None:
        text = resources.files("engine.cardrogue").joinpath("data/cards.toml").read_text("utf-8")
        _STANDARD = catalog_from_data(tomllib.loads(text))
    return _STANDARD
