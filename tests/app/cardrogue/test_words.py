"""Events in words: every die, every modifier, every kind of event the engine emits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.games.cardrogue.words import Narrator, generic, look
from app.words import reason_line
from engine.core.protocol import Event
from tests.engine.cardrogue.support import act, give, story

ENGINE = Path(__file__).resolve().parents[3] / "engine"
GOBLIN = {(0, 1): "Goblin"}


def hero_with(*gear: str):
    game = story("╶╴", "@.", {".": {"card": "path", "revealed": True}})
    for card_id in gear:
        uid = give(game, card_id)
        act(game, f"equip {uid}")
    return game


def attack(**fields) -> Event:
    data = {"player": 0, "enemy": "Goblin", "target": [0, 1], "rolls": [5], "counted": [5],
            "base": 5, "min_attack": 0, "multiplier": 1, "modifier": 1, "damage": 6,
            "missed": False, "blocked": False, "gear": [], "dodge_roll": None, "dodged": False,
            "dealt": 6}
    data.update(fields)
    return Event("attack", data)


def say(game, event: Event, names=None) -> str:
    return Narrator(game).narrate([event], names if names is not None else GOBLIN)[0].plain


def test_a_plain_attack_shows_the_die_and_the_modifier() -> None:
    assert say(hero_with(), attack()) == "You roll 5 +1 = 6 damage to the Goblin."


def test_the_maul_doubles_the_roll_before_the_modifier() -> None:
    event = attack(multiplier=2, damage=11, dealt=11, gear=["Maul"])
    assert say(hero_with("maul"), event) == "You roll 5 ×2 (Maul) +1 = 11 damage to the Goblin."


def test_the_maul_misses_on_a_one() -> None:
    event = attack(rolls=[1], counted=[1], base=1, multiplier=2, damage=0, dealt=0, missed=True)
    assert say(hero_with("maul"), event) == "You roll 1: a miss (Maul) = 0 damage to the Goblin."


def test_the_dagger_rerolls_and_adds_every_die() -> None:
    event = attack(rolls=[6, 2, 5], counted=[2, 5], base=7, modifier=2, damage=9, dealt=9)
    assert say(hero_with("dagger"), event) == (
        "You roll 6 (Dagger: more dice) → 2 + 5 = 7 +2 = 9 damage to the Goblin.")


def test_the_battle_axe_raises_a_low_roll() -> None:
    event = attack(rolls=[1], counted=[1], base=1, min_attack=3, damage=4, dealt=4)
    assert say(hero_with("battle_axe"), event) == (
        "You roll 1, raised to 3 (Battle Axe) +1 = 4 damage to the Goblin.")


def test_the_battle_axe_floor_beats_a_minus_modifier() -> None:
    event = attack(rolls=[2], counted=[2], base=2, min_attack=3, modifier=-1, damage=3, dealt=3)
    assert say(hero_with("battle_axe"), event) == (
        "You roll 2, raised to 3 (Battle Axe) −1, but never below 3 (Battle Axe) = 3 damage to "
        "the Goblin.")


def test_a_dodge_is_reported_with_its_roll() -> None:
    event = attack(dodge_roll=6, dodged=True, dealt=0)
    assert say(hero_with(), event).endswith("to the Goblin, but it dodges (rolled 6).")


def test_an_enemy_blow_shows_the_armour() -> None:
    event = Event("enemy_attack", {"target": [0, 1], "player": 0, "roll": None, "attack": 2,
                                   "reduction": 1, "damage": 1})
    assert say(hero_with(), event) == "The Goblin attacks for 2 −1 (armour) = 1 damage."


def test_the_golem_blow_is_twice_its_die() -> None:
    event = Event("enemy_attack", {"target": [0, 1], "player": 0, "roll": 4, "attack": 8,
                                   "reduction": 2, "damage": 6})
    assert say(hero_with(), event, {(0, 1): "The Golem"}) == (
        "The Golem attacks: rolls 4 ×2 = 8 −2 (armour) = 6 damage.")


def test_names_from_map_files_stay_literal() -> None:
    game = hero_with()
    line = Narrator(game).narrate([Event("flip", {"player": 0, "cell": [0, 1], "card": "goblin",
                                                  "name": "[red]Boss[/red]", "colour": None,
                                                  "placed": []})])[0]
    assert line.plain == "You flip a card: [red]Boss[/red]."
    assert not line.spans


def test_an_enemy_revealed_by_a_flip_is_named_in_later_events() -> None:
    game = hero_with()
    lines = Narrator(game).narrate([
        Event("flip", {"player": 0, "cell": [0, 1], "card": "goblin", "name": "Goblin",
                       "colour": None, "placed": []}),
        Event("enemy_damage", {"target": [0, 1], "amount": 3, "health": 2, "by": 0}),
    ])
    assert lines[1].plain == "The Goblin takes 3 damage (2 health left)."


def engine_event_kinds() -> set[str]:
    kinds = set()
    # Card Rogue's narrator tells Card Rogue's events (and core's); other games have their own.
    for path in [*(ENGINE / "cardrogue").rglob("*.py"), *(ENGINE / "core").rglob("*.py")]:
        kinds.update(re.findall(r'Event\("([a-z_]+)"', path.read_text(encoding="utf-8")))
    return kinds


def test_every_engine_event_has_a_sentence() -> None:
    kinds = engine_event_kinds()
    assert len(kinds) > 40
    missing = sorted(k for k in kinds if not hasattr(Narrator, f"_on_{k}"))
    assert not missing, f"events with no sentence in app/words.py: {missing}"


def test_an_unknown_event_still_gets_a_line() -> None:
    line = generic(Event("new_thing", {"amount": 3}))
    assert line.plain == "New thing: amount 3."
    game = hero_with()
    # An event missing the fields its sentence needs falls back to the same plain form.
    assert Narrator(game).narrate([Event("turn_start", {})])[0].plain == "Turn start."


def test_refusals_read_as_sentences() -> None:
    assert reason_line("there is a wall that way").plain == "✗ There is a wall that way."


@pytest.mark.parametrize(("card_id", "glyph", "category"), [
    ("goblin", "g", "enemy"), ("golem", "G", "boss"), ("sword", ")", "item"),
    ("potion", "!", "potion"), ("ladder", ">", "exit"), ("shop", "$", "shop"),
    ("trap_spikes", "^", "trap"),
])
def test_cards_have_a_glyph_and_a_colour_family(card_id: str, glyph: str, category: str) -> None:
    from engine.cardrogue.cards import standard_catalog

    found = look(standard_catalog().cards[card_id])
    assert (found.glyph, found.category) == (glyph, category)


def test_an_enemy_blow_shows_a_sum_only_when_there_is_one() -> None:
    def blow(**data) -> str:
        event = Event("enemy_attack", {"target": [0, 1], "player": 0, **data})
        return say(hero_with(), event, {(0, 1): "Goblin"})

    assert blow(attack=2, damage=2) == "The Goblin attacks for 2 damage."
    assert blow(attack=3, reduction=1, damage=2) == "The Goblin attacks for 3 −1 (armour) = 2 damage."
    assert blow(roll=3, attack=6, damage=6) == "The Goblin attacks: rolls 3 ×2 = 6 damage."
