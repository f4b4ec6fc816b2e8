"""Effects that last or change health (rulebook clarifications: Poison, Paralysis, Max health).

- Poison: lose 1 health at the start of each turn for X turns; a new poison only replaces the
  old one when it lasts longer. A poisoned enemy loses its health on the poisoner's turns.
- "Poison instead heals": while poisoned, each tick heals instead; it ends with the poison.
- Paralysis: end the turn if it is yours, then lose the next one; the longer duration wins.
- Healing never goes above max health, and does nothing while health is already above it
  (possible after a -X max health artifact).

Damage that kills hands over to death.py. Enemies poisoned by a hero lose their health in
combat.py, where enemies are hurt and slain.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardrogue import characters
from engine.cardrogue.death import die
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Enemy, Player
    from engine.cardrogue.state import State


def poison_player(g: State, p: Player, turns: int, cause: str, events: list[Event]) -> None:
    before = p.poison
    p.poison = max(p.poison, turns)
    events.append(Event("poisoned", {"player": p.seat, "turns": turns, "before": before,
                                     "after": p.poison, "cause": cause}))


def poison_enemy(g: State, e: Enemy, turns: int, seat: int, cause: str, events: list[Event]) -> None:
    before = e.poison
    if turns >= e.poison:
        e.poison = turns
        e.poisoner = seat
    events.append(Event("enemy_poisoned", {"target": list(g.cell(e.pos)), "enemy": g.catalog.cards[e.card.id].name, "turns": turns,
                                           "before": before, "after": e.poison, "cause": cause}))


def paralyse_player(g: State, p: Player, turns: int, cause: str, events: list[Event]) -> None:
    """Lost turns do not add up: as with poison, the longer duration wins. On the hero's own
    turn paralysis ends it now; a turn that is already lost is ended by the player."""
    before = p.skip
    p.skip = max(p.skip, turns)
    events.append(Event("paralysed", {"player": p.seat, "turns": turns, "before": before,
                                      "after": p.skip, "cause": cause}))
    if g.current == p.seat and g.pending is None and not g.this_turn.lost_turn:
        g.ending = True


def heal(g: State, p: Player, amount: int, cause: str, events: list[Event]) -> int:
    """Heal up to max health; returns the health gained."""
    top = characters.max_health(g, p)
    gained = max(0, min(amount, top - p.health))
    p.health += gained
    events.append(Event("healed", {"player": p.seat, "amount": gained, "health": p.health,
                                   "max_health": top, "cause": cause}))
    return gained


def heal_enemy(g: State, e: Enemy, amount: int, cause: str, events: list[Event]) -> None:
    top = g.catalog.cards[e.card.id].health
    gained = max(0, min(amount, top - e.health))
    e.health += gained
    events.append(Event("enemy_healed", {"target": list(g.cell(e.pos)), "enemy": g.catalog.cards[e.card.id].name, "amount": gained,
                                         "health": e.health, "cause": cause}))


def hurt_player(g: State, p: Player, amount: int, cause: str, events: list[Event]) -> None:
    p.health -= amount
    events.append(Event("damage", {"player": p.seat, "amount": amount, "health": p.health,
                                   "cause": cause}))
    if p.health <= 0 and not p.dead:
        die(g, p, cause, events)


def tick_player_poison(g: State, p: Player, events: list[Event]) -> None:
    if p.poison <= 0:
        return
    p.poison -= 1
    if p.poison_heal:
        heal(g, p, p.poison_heal, "poison reversed", events)
    else:
        hurt_player(g, p, 1, "poison", events)
    if p.poison == 0:
        p.poison_heal = 0
        events.append(Event("poison_ended", {"player": p.seat}))
