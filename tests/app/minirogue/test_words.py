"""Every event the engine emits reads as a sentence, and every legal action as a choice: played
over many seeded delves (careful and random), in every difficulty, with and without keys."""

from __future__ import annotations

import random

from app.games.minirogue.words import Narrator, action_label, cause_text
from engine.minirogue import DIFFICULTIES, RULES
from tests.engine.minirogue.players import careful_choice

SILENT = {"no_spell"}  # events that add nothing worth a line


def test_every_event_and_every_choice_has_words() -> None:
    seen: set[str] = set()
    causes: set[str] = set()
    for seed in range(40):
        state = RULES.new_game(seed=seed, difficulty=DIFFICULTIES[seed % 4],
                               dungeon_keys=seed % 3 == 0)
        narrator, chooser = Narrator(), random.Random(seed)
        for event in state.start_events:
            assert narrator.sentence(event.kind, event.data)
        while not state.is_over:
            view = state.view(0)
            for pairs in view.legal:
                label = action_label(dict(pairs), view)
                assert label and label != dict(pairs)["do"], pairs
            legal = state.legal_actions()
            action = careful_choice(state) if seed % 2 else chooser.choice(legal)
            for event in state.apply(action):
                seen.add(event.kind)
                sentence = narrator.sentence(event.kind, event.data)
                assert sentence or event.kind in SILENT, event
                assert "{" not in sentence and "None" not in sentence, sentence
        causes.add(state.cause or "")
        assert cause_text(state.cause)
    # The delves above meet every part of the game.
    assert {"attack_roll", "critical_reroll", "strike", "counter_attack", "foe_defeated",
            "skill_check", "trap_roll", "event_roll", "treasure_roll", "bought", "rested",
            "rank_up", "area_begins", "game_over"} <= seen


def test_a_roll_is_told_against_the_foe_it_is_rolled_at() -> None:
    narrator = Narrator()
    narrator.sentence("fight_begins", {"foe": "monster", "name": "Skeleton", "level": 2,
                                       "hp": 9, "damage": 4})
    assert narrator.sentence("attack_roll", {"round": 1, "faces": [5, 2], "misses": 0,
                                             "criticals": 0}) == \
        "Round 1: you roll 5 and 2 against the Skeleton: 2 hits."
    assert narrator.sentence("attack_roll", {"round": 2, "faces": [1, 6, 3], "misses": 1,
                                             "criticals": 1}) == \
        ("Round 2: you roll 1, 6 and 3 against the Skeleton: 1 miss (a 1 deals nothing) and "
         "1 critical (a 6 may be rolled again).")


def test_xp_that_reaches_a_rank_is_told_as_the_rulebook_counts_it() -> None:
    # Mary: rank 1 with 5 XP gains 2 from a boss: rank 2, and the 1 XP left over is kept.
    narrator = Narrator()
    assert narrator.sentence("gain", {"stat": "xp", "amount": 2, "before": 5, "after": 1,
                                      "rank_before": 1, "rank": 2, "source": "boss"}) == \
        "You gain 2 XP: rank 1 with 5 XP becomes rank 2 with 1."
    assert narrator.sentence("gain", {"stat": "xp", "amount": 1, "before": 2, "after": 3,
                                      "rank_before": 1, "rank": 1, "source": "resting"}) == \
        "You gain 1 XP (2 → 3)."
    assert narrator.sentence("gain", {"stat": "hp", "amount": 8, "before": 15, "after": 20,
                                      "source": "heal"}) == \
        "You gain 8 health (15 → 20) (the card holds no more)."


def test_a_feat_paid_in_xp_tells_the_feat_then_the_rank_it_cost() -> None:
    from engine.core import Event

    events = [Event("rank_down", {"rank": 1, "dice": 1}),
              Event("loss", {"stat": "xp", "amount": 1, "before": 0, "after": 5,
                             "rank_before": 2, "rank": 1, "source": "feat"}),
              Event("feat", {"die": 1, "pay": "xp", "cost": 1, "roll": 1, "value": 0,
                             "missed": True})]
    assert [line.plain for line in Narrator().lines(events)] == [
        "Feat: die 2 rolled again: 1, a miss (marked * on the dice).",
        "You pay 1 XP for the feat: rank 2 with 0 XP becomes rank 1 with 5.",
        "You fall back to rank 1: 1 die."]
    # Any other loss keeps its place and its words.
    trap = [Event("loss", {"stat": "hp", "amount": 2, "before": 9, "after": 7,
                           "source": "trap"}), Event("rested", {"option": "heal"})]
    assert Narrator().lines(trap)[0].plain == "You lose 2 health (9 → 7)."


def test_the_feat_choice_names_its_price_from_the_rules() -> None:
    import dataclasses

    state = RULES.new_game(seed=0, difficulty="casual", dungeon_keys=False)
    view = state.view(0)
    assert dict(view.feat_costs) == {"hp": 2, "xp": 1}  # the rulebook's prices
    dearer = dataclasses.replace(view, feat_costs=(("hp", 3), ("xp", 2)))
    assert action_label({"do": "feat", "die": 0, "pay": "hp"}, dearer) == \
        "Feat: die 1 for 3 health"
    assert action_label({"do": "feat", "die": 2, "pay": "xp"}, dearer) == "Feat: die 3 for 2 XP"


def test_the_difficulties_are_named_as_mini_rogue_s_game_info_labels_them() -> None:
    """One place says what a difficulty is called: the option's labels, which a form built
    from the option specs shows too."""
    from app.games.minirogue.words import DIFFICULTIES
    from engine.minirogue import RULES

    spec = RULES.info.option("difficulty")
    assert [spec.choice_label(choice) for choice in spec.choices] == [
        "Casual", "Normal", "Hard", "Impossible"]
    assert DIFFICULTIES == dict(zip(spec.choices, spec.labels, strict=True))
