"""Table Dungeon's log in words: every event the engine can send has a sentence (but the hand
refills, which the hand panel shows), a hidden card is never named, and names stay literal."""

from __future__ import annotations

import dataclasses

from rich.text import Text

from app.games.tabledungeon.words import card, describe
from engine.core import Event
from engine.tabledungeon import RULES, ItemView, View
from tests.engine.tabledungeon.support import engine_event_kinds, play_out

UNTOLD = {"drew"}  # a hand refilled: the counts on screen show it


def test_every_engine_event_gets_a_sentence_in_real_games():
    kinds = engine_event_kinds()
    assert len(kinds) > 15
    told: set[str] = set()
    for seed in range(60):
        state = play_out(seed=seed, players=2 + seed % 3, level="easy" if seed % 2 else "normal")
        replay = RULES.new_game(seed=seed, players=state.names)
        view = replay.view(None)
        for action in state.history:
            for event in replay.apply(action):
                line = describe(event, view)
                if event.kind in UNTOLD:
                    assert line is None
                else:
                    assert isinstance(line, Text) and line.plain.strip(), event
                    told.add(event.kind)
        if told >= kinds - UNTOLD:
            break
    assert told == kinds - UNTOLD


def test_a_card_from_a_hand_is_not_named_in_the_log():
    state = RULES.new_game(seed=1, players=["Ann", "Bo"])
    line = describe(Event("hand_to_xp", {"seat": 1, "card": "7S", "xp_top": "9C"}),
                    state.view(None))
    assert line is not None
    assert line.plain == "Bo puts a card from their hand under their XP pile."
    assert card("7S").plain not in line.plain


def test_names_stay_literal():
    state = RULES.new_game(seed=1, players=["[bold]Ann[/]", "Bo\u202e"])
    line = describe(Event("died", {"seat": 0}), state.view(None))
    assert line is not None and line.plain.startswith("[bold]Ann[/] has fallen")
    line = describe(Event("hurt", {"seat": 1, "damage": 4, "health": 2}), state.view(None))
    assert line is not None and "\u202e" not in line.plain  # spelled out, never obeyed


def test_the_status_line_fits_its_width_keeping_the_level_and_the_seed():
    from app.games.tabledungeon.widgets.panels import status_text

    view = RULES.new_game(seed=3, players=["Annabelle Longname", "Bo"]).view(0)
    seed = 18446744073709551615
    full = str(status_text(view, seed))
    assert full.endswith(f"Loot deck {view.loot_deck} · Seed {seed}")
    assert str(status_text(view, seed, len(full))) == full  # room enough: nothing changes
    for width in range(30, len(full)):
        line = str(status_text(view, seed, width))
        assert len(line) <= width or "·" not in line, (width, line)
        assert line.startswith("▶ Annabelle Longname picks a class")
        # Given up in this order: the loot deck, the round, the seed, the level; the aces last.
        if "Loot" in line:
            assert "Round" in line
        if "Round" in line:
            assert "Seed" in line
        if "Seed" in line:
            assert "Level" in line
        if "Level" in line:
            assert "Aces" in line
    assert str(status_text(view, seed, 78)) == \
        "▶ Annabelle Longname picks a class · Level 1 · Aces 0/4 · Seed 1844674…9551615"
    assert str(status_text(view, seed, 60)) == \
        "▶ Annabelle Longname picks a class · Level 1 · Aces 0/4"


def test_sorting_xp_at_80_columns_keeps_the_level_and_the_seed():
    """The long "levelled up: sorts the top XP card" gives way to fewer words (the hand panel
    spells the choices out) before any figure goes."""
    from app.games.tabledungeon.widgets.panels import status_text

    view = dataclasses.replace(RULES.new_game(seed=3, players=["Computer 2", "Bo"]).view(0),
                               phase="play", waiting_for="level", moves_left=1,
                               current_player=0, round=3, level=2, loot_deck=31)
    wide = str(status_text(view, 2026))
    assert wide.startswith("▶ Computer 2 levelled up: sorts the top XP card (1 to go) · ")
    line = str(status_text(view, 2026, 78))  # the status line's width at 80 columns
    assert line == "▶ Computer 2 sorts XP (1 to go) · Round 3 · Level 2 · Aces 0/4 · Seed 2026"


def test_at_80_columns_the_whole_seed_shows_once_the_loot_deck_is_left_out():
    """Tester: with two computers at 80 columns the loot figure went and the seed was still
    cut to "888…499", though the whole seed fitted in the room the loot figure left."""
    from app.games.tabledungeon.widgets.panels import status_text

    view = dataclasses.replace(RULES.new_game(seed=3, players=["Computer 1", "Computer 2"]).view(0),
                               phase="play", waiting_for="card", current_player=1, round=2,
                               level=1, loot_deck=40)
    seed = 8881234567499
    line = str(status_text(view, seed, 78))  # the status line's width at 80 columns
    assert line == f"▶ Computer 2 lays a card · Round 2 · Level 1 · Aces 0/4 · Seed {seed}"
    # A seed too long for that room still loses only as many middle digits as it must.
    long_seed = 18446744073709551615
    line = str(status_text(view, long_seed, 78))
    assert line == "▶ Computer 2 lays a card · Round 2 · Level 1 · Aces 0/4 · Seed 1844674…9551615"
    assert len(line) == 78


def test_a_heal_at_full_health_says_so_and_never_heals_0():
    """In real games a heart laid at full health restores nothing: the log says the player is
    already at full health, never "heals 0"."""
    said = {"full": 0, "healed": 0}
    for seed in range(40):
        state = play_out(seed=seed, players=2 + seed % 3)
        replay = RULES.new_game(seed=seed, players=state.names)
        view = replay.view(None)
        for action in state.history:
            for event in replay.apply(action):
                if event.kind != "healed":
                    continue
                line = describe(event, view)
                assert line is not None and "heals 0" not in line.plain
                who = state.names[event.data["seat"]]
                if event.data["amount"] == 0:
                    assert line.plain == \
                        f"{who} is already at full health ({event.data['health']})."
                    said["full"] += 1
                else:
                    assert line.plain.startswith(f"{who} heals {event.data['amount']} (health")
                    said["healed"] += 1
        if all(said.values()):
            break
    assert all(said.values()), said



def test_an_enemy_with_a_plural_name_takes_a_plural_verb():
    from tests.engine.tabledungeon.support import act, rig

    # Level 1: two dice showing 8 find the cave bats, 10 the swarm (one swarm), 4 a giant rat.
    for dice, said in (((4, 4), "Cave bats appear, health 8."),
                       ((5, 5), "Swarm of spiders appears, health 10."),
                       ((2, 2), "Giant rat appears, health 4.")):
        state = RULES.new_game(seed=1, players=["Ann", "Bo"])
        act(state, "pick", name="fighter")
        rig(state, "encounter", *dice)
        events = act(state, "pick", name="wizard")
        enemy = next(e for e in events if e.kind == "enemy")
        line = describe(enemy, state.view(None))
        assert line is not None and said in line.plain


def test_one_die_is_told_as_one_die():
    """Found by a tester: "the dice show 1 = 1"."""
    from engine.core.protocol import Event
    from tests.engine.tabledungeon.support import act, rig

    state = RULES.new_game(seed=1, players=["Ann", "Bo"])
    act(state, "pick", name="fighter")
    rig(state, "encounter", 4, 4)
    enemy = next(e for e in act(state, "pick", name="wizard") if e.kind == "enemy")
    two = describe(enemy, state.view(None))
    assert two is not None and ": the dice show 4 + 4 = 8. " in two.plain
    one = describe(Event("enemy", {**enemy.data, "dice": [3], "roll": 3}), state.view(None))
    assert one is not None and ": the die shows 3. " in one.plain


def test_the_enemies_with_plural_names_say_so():
    from engine.tabledungeon.data import load

    plural = {e.name for level in load().levels for e in level.enemies if e.plural}
    assert plural == {"Cave bats", "Goblin thieves"}


def test_items_without_loot_cards_are_not_said_to_be_none():
    """Found by a tester: "Loot: none (★0) · War horn (once)"."""
    from app.games.tabledungeon.widgets.panels import hand_text

    state = RULES.new_game(seed=1, players=["Ann", "Bo"])
    view = state.view(0)
    horn = ItemView(card="KS", name="War horn", passive=False, text="", heal=0, heal_all=0,
                    attack=2, flee=False, armour=0)
    charm = dataclasses.replace(horn, card="QS", name="Lucky charm", passive=True, attack=0)

    def holding(*items: ItemView) -> View:
        me = dataclasses.replace(view.players[0], loot=(), points=0, items=items)
        return dataclasses.replace(view, players=(me, *view.players[1:]))

    shown = hand_text(holding(horn), [], 0).plain
    assert "Loot: War horn (once)" in shown and "none" not in shown
    assert "Loot: War horn (once) · Lucky charm (carried)" in hand_text(holding(horn, charm), [], 0).plain
