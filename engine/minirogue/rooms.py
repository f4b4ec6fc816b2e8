"""ROOM CARDS: what each room does when the hero enters it. Monster and boss rooms start a fight
(combat.py); treasure, event and trap rooms roll their dice; the merchant and resting rooms wait
for the hero's choice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue import character, combat, dungeon, ending, items, turn
from engine.minirogue.skill import skill_check
from engine.minirogue.tables import SPELLS, Entry

if TYPE_CHECKING:
    from engine.minirogue.state import State


def current_column(state: State) -> list[str]:
    return dungeon.columns_here(state.tables, state.layout, state.area)[state.column]


def enter_problem(state: State, row: int) -> str | None:
    rooms = current_column(state)
    if row >= len(rooms):
        count = "one room" if len(rooms) == 1 else f"{len(rooms)} rooms"
        return f"this column holds {count}, counted from row 0; there is no row {row}"
    return None


def enter(state: State, row: int, events: list[Event]) -> None:
    """HACK AND SLASH PHASE: take one room of the column and resolve it."""
    room = current_column(state)[row]
    state.taken.append(row)
    events.append(Event("room_entered", {"area": state.area, "column": state.column, "row": row,
                                         "room": room}))
    if room == "monster":
        combat.start(state, combat.monster_fight(state, events), events)
    elif room == dungeon.BOSS:
        combat.start(state, combat.boss_fight(state), events)
    elif room == "treasure":
        treasure(state, events)
    elif room == "merchant":
        state.pending = "merchant"
    elif room == "resting":
        state.pending = "resting"
    elif room == "event":
        event(state, events)
    elif room == "trap":
        trap(state, events)
    else:  # the data file lists only the rooms above; the schema keeps it so
        raise ValueError(f"unknown room {room!r}")


# ------------------------------------------------------------------ treasure

def treasure(state: State, events: list[Event]) -> None:
    t = state.tables
    gold = t.treasure_gold_with_kill if state.turn_kills else t.treasure_gold_without_kill
    character.gain(state.hero, t, "gold", gold, events, "treasure")
    face = state.roll("treasure")
    found = face >= t.treasure_item_on
    events.append(Event("treasure_roll", {"roll": face, "item": found}))
    if found and items.find_item(state, events, "treasure"):
        return
    turn.finish_room(state, events)


# ------------------------------------------------------------------ merchant

def ware(state: State, item: str) -> Entry:
    """The merchant's line for an item: every spell sells on the one "any spell" line."""
    return state.tables.wares["spell" if item in SPELLS else item]


def buy_problem(state: State, item: str) -> str | None:
    entry, hero = ware(state, item), state.hero
    if entry.buy is None:
        return f"the merchant does not sell {entry.name}"
    if item in SPELLS and len(hero.spells) >= state.tables.max_stats["spells"]:
        return "both spell slots are full: sell a spell first"
    if hero.gold < entry.buy:
        return f"{entry.name} costs {entry.buy} gold and you have {hero.gold}"
    return None


def buy(state: State, item: str, events: list[Event]) -> None:
    t, hero, entry = state.tables, state.hero, ware(state, item)
    assert entry.buy is not None
    events.append(Event("bought", {"item": item, "price": entry.buy}))
    character.lose(hero, t, "gold", entry.buy, events, "merchant")
    for stat, amount in entry.gain.items():
        character.gain(hero, t, stat, amount, events, "merchant")
    if item in SPELLS:
        character.add_spell(hero, t, item, events, "merchant")


def sell_problem(state: State, item: str) -> str | None:
    entry, hero = ware(state, item), state.hero
    if entry.sell is None:
        return f"the merchant does not buy {entry.name}"
    if item in SPELLS and item not in hero.spells:
        return f"you hold no {item} spell"
    for stat, amount in entry.gain.items():
        if getattr(hero, stat) < amount:
            return f"you have no {entry.name} to sell"
    return None


def sell(state: State, item: str, events: list[Event]) -> None:
    t, hero, entry = state.tables, state.hero, ware(state, item)
    assert entry.sell is not None
    events.append(Event("sold", {"item": item, "price": entry.sell}))
    if item in SPELLS:
        hero.spells.remove(item)
    for stat, amount in entry.gain.items():
        character.lose(hero, t, stat, amount, events, "merchant")
    character.gain(hero, t, "gold", entry.sell, events, "merchant")


# ------------------------------------------------------------------ resting

def rest(state: State, option: str, events: list[Event]) -> None:
    entry = state.tables.resting[option]
    events.append(Event("rested", {"option": option}))
    for stat, amount in entry.gain.items():
        character.gain(state.hero, state.tables, stat, amount, events, "resting")
    turn.finish_room(state, events)


# ------------------------------------------------------------------ event

def event(state: State, events: list[Event]) -> None:
    """Roll the event; a passed skill check lets the hero shift it by one either way."""
    t = state.tables
    face = state.roll("event")
    events.append(Event("event_roll", {"roll": face, "result": t.events[face].id}))
    if skill_check(state, events, "event"):
        state.event_options = tuple(f for f in range(face - t.event_shift, face + t.event_shift + 1)
                                    if f in t.events)
        state.pending = "event"
    else:
        resolve_event(state, face, events)


def choose_problem(state: State, face: int) -> str | None:
    if face not in state.event_options:
        return f"choose one of {', '.join(map(str, state.event_options))}"
    return None


def resolve_event(state: State, face: int, events: list[Event]) -> None:
    t = state.tables
    entry = t.events[face]
    state.event_options = ()
    events.append(Event("event_result", {"face": face, "result": entry.id, "name": entry.name}))
    if entry.fight:
        combat.start(state, combat.monster_fight(state, events, combat.EVENT_MONSTER), events)
        return
    for stat, amount in entry.gain.items():
        character.gain(state.hero, t, stat, amount, events, entry.id)
    turn.finish_room(state, events)


# ------------------------------------------------------------------ trap

def trap(state: State, events: list[Event]) -> None:
    """Roll the trap, then a skill check to evade it; the key is found either way."""
    t, hero = state.tables, state.hero
    face = state.roll("trap")
    entry = t.traps[face]
    events.append(Event("trap_roll", {"roll": face, "trap": entry.id, "name": entry.name}))
    if state.dungeon_keys and not state.has_key:
        state.has_key = True
        events.append(Event("key_found", {"level": dungeon.level_number(t, state.area)}))
    if skill_check(state, events, "trap"):
        events.append(Event("trap_evaded", {"trap": entry.id}))
        turn.finish_room(state, events)
        return
    events.append(Event("trap_sprung", {"trap": entry.id}))
    for stat, amount in entry.lose.items():
        if character.can_lose(hero, t, stat, amount):
            character.lose(hero, t, stat, amount, events, entry.id)
        else:  # nothing to lose: it costs health instead
            events.append(Event("penalty_in_health", {"stat": stat,
                                                      "hp_loss": t.trap_fallback_hp_loss}))
            character.lose(hero, t, "hp", t.trap_fallback_hp_loss, events, entry.id)
    if ending.check_death(state, events, entry.id):
        return
    landing = dungeon.landing(t, state.area) if entry.fall else None
    if landing is not None:
        events.append(Event("fell", {"from": state.area, "to": landing}))
        state.area = landing
    turn.finish_room(state, events)
