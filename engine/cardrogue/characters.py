"""Characters and a hero's numbers (rulebook: The deciding roll and characters).

A hero's numbers come from the character card, permanent changes (potions, scrolls), artifacts
held in the hand, and equipped weapons and armour. The Mage's spell is cast in combat.py.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import TYPE_CHECKING

from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.cards import CardDef
    from engine.cardrogue.pieces import Card, Player
    from engine.cardrogue.state import State


def _equipped(g: State, p: Player) -> Iterator[CardDef]:
    for card in p.gear():
        yield g.catalog.cards[card.id]


def _carried(g: State, p: Player, field: str, *, equipped: bool = True) -> int:
    """The sum of `field` over the artifacts in p's hand (and, with `equipped`, p's gear)."""
    cards = g.catalog.cards
    total = 0
    artifacts = g.catalog.artifact_values(field)  # often empty: then the hand needs no look
    if artifacts:
        for card in p.hand:
            value = artifacts.get(card.id)
            if value:
                total += value
    if equipped and p.equipped:
        gear: Collection[Card] = p.equipped.values()
        if len(gear) > 1:
            gear = set(gear)  # a two-handed card fills two slots: count it once
        for card in gear:
            total += getattr(cards[card.id], field)
    return total


def max_health(g: State, p: Player) -> int:
    char = g.catalog.characters[p.character]
    return char.max_health + p.bonus_max + _carried(g, p, "max_health", equipped=False)


def attack_modifier(g: State, p: Player) -> int:
    char = g.catalog.characters[p.character]
    return char.attack + p.bonus_attack + _carried(g, p, "attack")


def damage_taken(g: State, p: Player) -> int:
    """The stacked -X damage taken of everything the hero wears and holds."""
    return g.catalog.characters[p.character].damage_taken + _carried(g, p, "damage_taken")


def movement(g: State, p: Player) -> int:
    return g.catalog.characters[p.character].movement + _carried(g, p, "movement")


def flee_faces(g: State, p: Player) -> tuple[set[int], bool]:
    """The faces that let p flee, and whether only the item faces count (the Warrior's rule)."""
    char = g.catalog.characters[p.character]
    item_faces = set(char.flee_on)
    for d in _equipped(g, p):
        item_faces.update(d.flee_on)
    if char.cannot_flee:
        return item_faces - set(char.flee_on), True
    return {4, 5, 6} | item_faces, False


def trap_avoid_faces(g: State, p: Player) -> set[int]:
    char = g.catalog.characters[p.character]
    faces = set(char.trap_avoid_on)
    for d in _equipped(g, p):
        faces.update(d.trap_avoid_on)
    return faces


def weapons(g: State, p: Player) -> list[CardDef]:
    """Equipped weapons (a Rogue may hold two daggers) and shields, whose dice rules apply."""
    return [d for d in _equipped(g, p) if d.type in ("weapon", "armour")]


def change_max_health(g: State, p: Player, amount: int, events: list[Event], *,
                      gain: bool = True) -> None:
    """+X raises max and current health (the current only with `gain`: an artifact's X health
    comes once, when it is found); -X lowers max but keeps the current health."""
    if amount > 0 and gain:
        p.health += amount
    events.append(Event("max_health", {"player": p.seat, "change": amount,
                                       "max_health": max_health(g, p),
                                       "health": p.health}))
