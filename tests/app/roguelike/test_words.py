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
    # Random play meets the common events and offers the common actions.
    assert {"check", "door_tried", "corridor", "room", "encounter", "hurt",
            "monster_attack", "died", "game_over"} <= kinds_seen
    assert {"Open", "Stab", "Search", "Raise", "Learn", "Take"} <= labels_seen


def test_a_door_is_named_by_the_side_it_is_on() -> None:
    from engine.roguelike import RogueAction

    state = RULES.new_game(seed=42)
    for skill in ("stab", "archery"):
        state.apply(RogueAction("choose_skill", name=skill))
    view = state.view(0)
    (door,) = view.place.doors
    assert door.facing == "N"
    assert action_label({"do": "open", "door": door.door}, view) == \
        f"Open the north door (door {door.door})"
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
