"""The card data files: valid against their schemas, every number explained, every card of the
rulebooks present, and no card with code of its own."""

import json
import tomllib
from pathlib import Path

import jsonschema
import pytest

from engine.cardrogue.cards import standard_catalog

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "engine" / "cardrogue" / "data"

RULEBOOK_CARDS = [
    "sewer_rat", "cave_bat", "vampire_bat", "goblin", "kobold", "imp", "zombie", "troll",
    "basilisk_venom", "basilisk_gaze", "golem", "sword", "dagger", "battle_axe", "maul", "helm",
    "chestplate", "boots", "hasty_boots", "shield", "shadow_cape", "vision_lens",
    "scroll_identify", "scroll_move_adjacent", "scroll_poison_heals", "scroll_remove_cursed",
    "scroll_max_health", "potion", "shopkeeper_debt", "key", "chest", "trap_spikes",
    "trap_paralysis", "trap_poison", "fountain", "shop", "start", "ladder",
]


@pytest.mark.parametrize("data, schema", [("cards.toml", "cards.schema.json"),
                                          ("decks.toml", "decks.schema.json")])
def test_data_file_matches_its_schema(data, schema):
    document = tomllib.loads((DATA / data).read_text())
    validator = jsonschema.Draft7Validator(json.loads((ROOT / "schemas" / schema).read_text()))
    assert [e.message for e in validator.iter_errors(document)] == []


def test_the_schema_catches_a_misspelled_ability():
    document = tomllib.loads((DATA / "cards.toml").read_text())
    document["cards"]["imp"]["dodges_on"] = [6]
    validator = jsonschema.Draft7Validator(json.loads((ROOT / "schemas" / "cards.schema.json").read_text()))
    assert any("dodges_on" in e.message for e in validator.iter_errors(document))


def test_every_rulebook_card_and_all_six_characters_are_there():
    catalog = standard_catalog()
    assert set(RULEBOOK_CARDS) <= set(catalog.cards)
    assert set(catalog.characters) == {"warrior", "rogue", "cleric", "explorer", "mage", "bard"}


def test_every_card_and_character_says_why():
    catalog = standard_catalog()
    for d in list(catalog.cards.values()) + list(catalog.characters.values()):
        assert len(d.why) >= 10, d.id


def test_decks_name_only_known_cards():
    decks = tomllib.loads((DATA / "decks.toml").read_text())
    catalog = standard_catalog()
    for section in ("exploration", "pathing", "shop"):
        assert set(decks[section]) <= set(catalog.cards), section
    assert "ladder" not in decks["exploration"]


def test_characters_have_two_strengths_and_a_weakness():
    """Each character differs from a plain hero in at least three ways."""
    from engine.cardrogue.cards import CharacterDef

    plain = CharacterDef("plain", "Plain")
    for char in standard_catalog().characters.values():
        changed = [f for f in ("max_health", "attack", "movement", "damage_taken", "flee_on",
                               "trap_avoid_on", "steal_on", "trip_on", "cannot_flee",
                               "second_dagger", "regen", "fountain_bonus", "sell_bonus",
                               "spell_damage")
                   if getattr(char, f) != getattr(plain, f)]
        assert len(changed) >= 3, (char.id, changed)
