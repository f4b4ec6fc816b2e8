"""The rules reference: every clarification term is there, in our own words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.games.cardrogue.glossary import TERMS, lookup, search

RULEBOOK = Path(__file__).resolve().parents[4] / "shared" / "rules" / "card-rogue-rulebook-v1.0.md"

# The terms the rulebook's Clarifications section explains (names only), plus the later
# edition's additions. Each must be findable by its name.
CLARIFIED = [
    "Adjacent tile", "Armor", "Armor slot", "Artifact", "Attack again",
    "Attack is double the roll", "Attack misses", "Attack roll", "Basilisk", "Battle Axe",
    "Block", "Body slot", "Boots", "Boot slot", "Boss", "Buy", "Can Flee", "Can avoid Trap",
    "Cave bat", "Character card", "Chest", "Chestplate", "Chest slot", "Cleric", "Cursed",
    "Dagger", "Damage Taken", "Death", "Dodges", "Does not chase", "Double Damage",
    "Effect card", "End rush", "Enemy", "Equipment Card", "Exploration card", "Explorer",
    "Feet slot", "Flee", "Fountain of healing", "Goblin", "Gold", "Gold card", "Golem",
    "Hasty Boots", "Head slot", "Heals +X health each attack", "Health", "Helm", "Helm slot",
    "Identify an unknown item", "Imp", "Key", "Kobold", "Leg slot", "Loot", "Maul",
    "Max health", "Min. Attack", "Movement", "Move to any adjacent tile", "Must be out of combat",
    "Must kill within a single turn", "Paralysis", "Pathing tile", "Player token", "Poison",
    "Poison instead heals", "Potion", "Potion of Healing", "Potion of Paralysis",
    "Potion of Poison", "Potion of Strength", "Potion of Teleportation", "Potion of Weakness",
    "Primary hand slot", "Reference Card", "Remove all your cursed items", "Rogue",
    "Roll a die: if X", "Roll a die: attack is double the roll", "can flee", "can avoid trap",
    "paralyze for Y turns", "Poison -1 Health for Y Turns", "Dodges player's attack",
    "Rolling an X", "reroll twice", "Score sheet", "Secondary hand slot", "Sell", "Sewer Rat",
    "Scroll", "Shadow Cape", "Shield", "Shield slot", "Shop", "Shopkeeper", "Shopkeeper's debt",
    "Shop card", "Shop tile", "Skip turn", "Standard turn sequence", "Starting tile", "Steal",
    "Sword", "Teleportation", "Throw", "Trade", "Trap", "Trap of Paralysis", "Trap of Poison",
    "Trap of Spikes", "Trip", "Troll", "Unsellable", "Vampire Bat", "Victory Point",
    "Vision Lens", "Warrior", "Weapon", "Weapon slot", "Zombie", "-X damage taken",
    "+X movement", "+X to attack roll", "-X to attack roll", "+X to max health",
    "-X to max health",
    # the later edition
    "Bard", "Mage", "Descending ladder", "Spare card", "cooldown",
]


@pytest.mark.parametrize("name", CLARIFIED)
def test_every_clarified_term_can_be_found(name: str) -> None:
    found = search(name)
    assert found, f"nothing found for {name!r}"
    first = found[0]
    names = [first.name, *first.aliases]
    assert any(name.casefold() in n.casefold() for n in names), (name, first.name)


def test_see_also_names_real_entries() -> None:
    for term in TERMS:
        for other in term.see:
            assert lookup(other) is not None, f"{term.name} refers to missing {other!r}"


def test_names_are_unique_and_texts_are_not_empty() -> None:
    names = [term.name for term in TERMS]
    assert len(names) == len(set(names))
    assert all(len(term.text) > 10 for term in TERMS)


def test_search_needs_every_word_and_prefers_names() -> None:
    assert [t.name for t in search("potion poison")][:1] == ["Potion of Poison"]
    assert search("zzz-nothing") == []
    assert len(search("")) == len(TERMS)


@pytest.mark.skipif(not RULEBOOK.exists(), reason="the rulebook is not beside the project")
def test_no_entry_copies_the_rulebook() -> None:
    """Our own words: no run of eight words of an entry appears in the rulebook."""
    def words(text: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", text.casefold().replace("’", "'"))

    book = " ".join(words(RULEBOOK.read_text(encoding="utf-8")))
    for term in TERMS:
        entry = words(term.text)
        for start in range(len(entry) - 7):
            run = " ".join(entry[start:start + 8])
            assert run not in book, f"{term.name}: '{run}' is the rulebook's wording"


def test_movement_teaches_the_walk_on_rule_the_engine_plays() -> None:
    """A turn that has only moved may move again (engine/cardrogue/turn.py): the entry a
    newcomer opens for moving must say so, not "one tile a turn"."""
    entry = lookup("Movement")
    assert entry is not None
    assert "one tile a turn" not in entry.text
    assert "walk on" in entry.text.lower() and "nothing but move" in entry.text
    assert search("walk on")[0] == entry
