"""The Dungeon Master's words: every event random play meets has its own sentence, and every
action the game offers has a menu label naming what it acts on."""

from __future__ import annotations

import random

from app.games.roguelike.words import SENTENCES, action_label, describe
from engine.roguelike import RULES


def test_every_event_and_every_offered_action_is_worded() -> None:
    kinds_seen: set[str] = set()
    labels_seen: set[str] = set()
    for seed in range(40):
        state = RULES.new_game(seed=seed)
        chooser = random.Random(seed)
        while not state.is_over and len(state.history) < 400:
            view = state.view(0)
            for action in view.legal:
                label = action_label(action.to_dict(), view)
                assert label and "_" not in label, (action, label)
                labels_seen.add(label.split()[0])
            for event in state.apply(chooser.choice(view.legal)):
                assert event.kind in SENTENCES, f"no sentence for {event.kind}"
                kinds_seen.add(event.kind)
                for sentence in describe(event):
                    assert sentence and "_" not in sentence, (event, sentence)
                    assert "(s)" not in sentence, (event, sentence)
    # Random play meets the common events and offers the common actions.
    assert {"check", "door_tried", "corridor", "room", "encounter", "hurt",
            "monster_attack", "died", "game_over"} <= kinds_seen
    assert {"Open", "Stab", "Search", "Raise", "Learn", "Take"} <= labels_seen


def test_a_door_is_named_by_the_side_it_is_on() -> None:
    from engine.roguelike import Action

    state = RULES.new_game(seed=42)
    for skill in ("stab", "archery"):
        state.apply(Action("choose_skill", name=skill))
    view = state.view(0)
    (door,) = view.place.doors
    assert door.facing == "N"
    assert action_label({"do": "open", "door": door.door}, view) == \
        f"Open the north door (door {door.door + 1})"  # counted from 1 for the player
    assert action_label({"do": "force", "door": door.door}, view).startswith("Force the north")


def test_a_death_says_what_killed() -> None:
    from engine.core import Event

    def said(**data) -> str:
        (sentence,) = describe(Event("died", {"level": 4, **data}))
        return sentence

    assert said(cause="fall", by="chasm") == "You die on level 4: A fall into the chasm."
    assert said(cause="fall", by="cliff") == "You die on level 4: A fall from the cliff."
    assert said(cause="monster", by="giant_rat") == "You die on level 4: Killed by the giant rat."
    assert said(cause="trap", by="poison_needle") == \
        "You die on level 4: Killed by the poison needle."
    assert said(cause="door", by="the door") == "You die on level 4: Worn out forcing a door."
    assert said(cause="poison", by="potion_of_poison") == \
        "You die on level 4: Poisoned by the potion of poison."
    assert said(cause="disease", by="disease") == "You die on level 4: Killed by disease."
    assert said(cause="petrified", by="cockatrice") == \
        "You die on level 4: Turned to stone by the cockatrice's gaze."
    assert said(cause=None, by=None) == "You die on level 4."  # the engine named nothing


def test_the_saved_run_is_shown_file_then_folder_never_broken_in_a_name() -> None:
    from pathlib import Path

    from app.games.roguelike.screens.results import saved_text

    short = Path("/home/ann/runs/roguelike_Ann_dead_1a2b3c4d.run.json")
    assert saved_text(short, 58).plain.splitlines() == [
        "Run saved to the file", "roguelike_Ann_dead_1a2b3c4d.run.json", "in /home/ann/runs"]
    long = Path("/home/" + "a" * 40 + "/runs") / ("roguelike_" + "B" * 50 + ".run.json")
    _, name, folder = saved_text(long, 30).plain.splitlines()
    assert len(name) == 30 and name.startswith("roguelike_B") and name.endswith("B.run.json")
    assert len(folder) == 30 and folder.startswith("in /home/aaa") and folder.endswith("a/runs")
    assert saved_text("The run could not be saved: disk full", 30).plain == \
        "The run could not be saved: disk full"


def test_two_doors_on_one_side_are_told_apart() -> None:
    """Seed 3's first room has two doors on its north side (and one on the west): the menu
    and the panel say which is which, west to east, and number the doors from 1."""
    from app.games.roguelike.words import door_line
    from engine.roguelike import Action

    state = RULES.new_game(seed=3)
    for skill in ("stab", "archery"):
        state.apply(Action("choose_skill", name=skill))
    view = state.view(0)
    doors = view.place.doors
    assert [(d.door, d.facing, d.square[1]) for d in doors] == \
        [(0, "N", 12), (1, "W", 11), (2, "N", 14)]
    assert [action_label(a.to_dict(), view) for a in view.legal if a.kind == "open"] == [
        "Open the north door to the west (door 1)", "Open the west door (door 2)",
        "Open the north door to the east (door 3)"]
    assert [door_line(d, doors) for d in doors] == ["N west closed", "W closed",
                                                    "N east closed"]


def test_three_doors_on_one_side_are_counted_from_one_end() -> None:
    from app.games.roguelike.words import door_name

    class Door:  # only what the words read of a DoorView
        def __init__(self, door: int, row: int) -> None:
            self.door, self.square, self.facing = door, (row, 9), "E"

    doors = [Door(4, 7), Door(5, 3), Door(6, 5)]
    assert [door_name(d, doors) for d in doors] == [
        "the east door, 3rd from the north", "the east door, 1st from the north",
        "the east door, 2nd from the north"]


def test_every_roll_says_what_it_had_to_reach() -> None:
    """Checks, monster and trap attacks and befriending say the roll against what it needed,
    as the engine's events give both: "[5 2 6], 2 dice at 5 or more against 3 needed"."""
    seen: set[str] = set()
    for seed in range(40):
        state = RULES.new_game(seed=seed)
        chooser = random.Random(seed)
        while not state.is_over and len(state.history) < 400:
            for event in state.apply(chooser.choice(state.view(0).legal)):
                data = event.data
                if event.kind in ("check", "monster_attack", "trap_attack"):
                    faces = data.get("reroll", data["dice"])
                    count = sum(face >= data["success_on"] for face in faces)
                    assert count == data["successes"]
                    (sentence,) = describe(event)
                    dice_word = "die" if count == 1 else "dice"
                    assert (f"{count} {dice_word} at {data['success_on']} or more against "
                            f"{data['needed']} needed: ") in sentence, sentence
                    seen.add(event.kind)
                elif event.kind == "befriend":
                    (sentence,) = describe(event)
                    assert f"you roll {data['roll']} against {data['needed']}: " in sentence
                    seen.add(event.kind)
    assert {"check", "monster_attack", "trap_attack"} <= seen


def test_counts_take_the_singular_for_one_and_the_plural_for_more() -> None:
    from engine.core import Event

    def first_room(doors: int) -> list[str]:
        roll = {"table": "first_room_doors", "roll": doors + 3, "result": doors}
        return describe(Event("room", {"rolls": [roll]}))

    assert first_room(1) == ["Rolling 1d6 for its doors: 4, so 1 door."]
    assert first_room(2) == ["Rolling 1d6 for its doors: 5, so 2 doors."]
    assert describe(Event("shop", {"wares": 1})) == ["The shopkeeper shows 1 ware."]
    assert describe(Event("shop", {"wares": 3})) == ["The shopkeeper shows 3 wares."]
    found = describe(Event("secret_doors_found", {"doors": [4]}))
    assert found == ["You find 1 secret door."]
    found = describe(Event("secret_doors_found", {"doors": [4, 5]}))
    assert found == ["You find 2 secret doors."]
    assert describe(Event("prayed", {"curses_lifted": 1})) == ["You pray: 1 curse lifted."]
    assert describe(Event("prayed", {"curses_lifted": 0})) == ["You pray: 0 curses lifted."]


def test_monsters_traps_and_loot_take_a_or_an() -> None:
    from engine.core import Event

    def said(kind: str, thing: str) -> str:
        data = {"letter": "C", "roll": 3, "name": thing, "hp": 25}
        return describe(Event(kind, data))[0]

    assert said("monster", "air_elemental").endswith("): an air elemental with 25 hp.")
    assert said("monster", "imp").endswith("): an imp with 25 hp.")
    assert said("monster", "unicorn").endswith("): a unicorn with 25 hp.")
    assert said("monster", "fox").endswith("): a fox with 25 hp.")
    assert said("loot", "elven_cloak").endswith("): an elven cloak.")
    assert said("loot", "speed_boots").endswith("): a pair of speed boots.")
    assert said("trap", "dart_trap").endswith("): a dart trap.")


def test_the_shopkeeper_fight_is_worded() -> None:
    from engine.core import Event

    assert action_label({"do": "attack_shopkeeper"}, None) == \
        "Attack the shopkeeper (a fearsome opponent)"
    assert describe(Event("shopkeeper_attacked", {})) == [
        "You attack the shopkeeper, and he comes round his counter to fight."]
    assert describe(Event("shop_unguarded", {"wares": 1})) == [
        "The shop is unguarded: what it holds (1 ware) is yours for nothing, and nobody is left"
        " to buy from you."]


def test_a_hackmasters_choice_of_level_is_worded() -> None:
    assert action_label({"do": "reveal", "index": 2}, None) == \
        "Draw all of level 2 from the terminal (Hackmaster)"


def test_low_hit_points_are_said_in_a_word_not_colour_alone() -> None:
    """Issue 34: the panel's low HP was bold red against bold, told apart by colour alone."""
    from dataclasses import replace

    from app.games.roguelike.widgets.panel import panel_text

    view = RULES.new_game(seed=42).view(0)
    assert "HP 6/6  " in panel_text(replace(view, hp=6, max_hp=6)).plain
    assert "HP 2/6 low  " in panel_text(replace(view, hp=2, max_hp=6)).plain
    assert "HP 3/6  " in panel_text(replace(view, hp=3, max_hp=6)).plain
