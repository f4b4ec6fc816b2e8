"""The treasure card's items: armour, a better weapon, or a spell. A spell found with both slots
full waits for the hero to give one up for it, or to leave it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue import character, turn

if TYPE_CHECKING:
    from engine.minirogue.state import State


def find_item(state: State, events: list[Event], source: str) -> bool:
    """Roll for an item and take it. True when a found spell now waits for a choice."""
    t = state.tables
    face = state.roll("item")
    item = t.treasure_items[face]
    events.append(Event("item_found", {"roll": face, "item": item.id, "name": item.name,
                                       "source": source}))
    for stat, amount in item.gain.items():
        character.gain(state.hero, t, stat, amount, events, item.id)
    if item.spell is not None and not character.add_spell(state.hero, t, item.spell, events,
                                                          source):
        state.found_spell = item.spell
        state.pending = "found_spell"
        return True
    return False


def replace_problem(state: State, spell: str) -> str | None:
    if spell not in state.hero.spells:
        return f"you hold no {spell} spell to give up"
    return None


def replace(state: State, spell: str, events: list[Event]) -> None:
    found = state.found_spell
    assert found is not None
    state.hero.spells.remove(spell)
    state.hero.spells.append(found)
    state.found_spell = None
    events.append(Event("spell_replaced", {"dropped": spell, "kept": found,
                                           "spells": list(state.hero.spells)}))
    turn.finish_room(state, events)


def leave(state: State, events: list[Event]) -> None:
    events.append(Event("spell_left", {"spell": state.found_spell}))
    state.found_spell = None
    turn.finish_room(state, events)
