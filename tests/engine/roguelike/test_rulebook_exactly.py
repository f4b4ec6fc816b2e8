"""Issue 38, "every rulebook, exactly": each test is named after the rulebook's words it holds
the engine to, and plays through `apply`."""

from __future__ import annotations

from engine.core.dice import Dice
from engine.core.protocol import Event
from engine.roguelike import RULES
from engine.roguelike.actions import Action
from engine.roguelike.character import Item
from engine.roguelike.encounters import letter_up
from engine.roguelike.levelling import abilities
from engine.roguelike.loot import colour_map
from engine.roguelike.paper import Monster, Trap
from engine.roguelike.shops import roll_stock
from engine.roguelike.state import State
from engine.roguelike.tables import difficulty, tables
from tests.engine.roguelike.support import created


def _fight(seed: int, *items: Item):
    state = created(seed)
    state.rogue.hp = state.rogue.max_hp = 99
    state.rogue.items.extend(items)
    state.place.monsters.append(Monster("tiger", "B", 500, "0d", []))
    return state


def _hit_dice(state) -> int:
    """How many damage dice the rogue's first successful Stab rolls."""
    for _ in range(60):
        events = state.apply(Action("attack", monster=0))
        if events[0].data["passed"]:
            return len(next(e for e in events if e.kind == "wounded").data["dice"])
    raise AssertionError("no Stab passed in 60 tries")


def test_cursed_minus_1d_never_leaves_stab_without_dice() -> None:
    """A cursed (or rusted) dagger is worse than the knife every rogue carries: he stabs with
    the knife, 1d, not with the dagger's 0 dice."""
    assert _hit_dice(_fight(3, Item("dagger", dice="1d", status="cursed"))) == 1
    assert _hit_dice(_fight(4, Item("dagger", dice="1d", rusty=True))) == 1
    assert _hit_dice(_fight(5, Item("dagger", dice="1d", status="cursed"),
                            Item("sword", dice="3d"))) == 3


def test_helmet_minus_1_damage_counts_once_however_many_are_carried() -> None:
    """Helmet: -1 damage. Three helmets in the pack still make one worn helmet."""
    helmets = [Item("helmet", armour=1) for _ in range(3)]
    state = _fight(6, *helmets, Item("shield", armour=3))
    state.place.monsters[0] = Monster("ogre", "B", 500, "6", [])  # always 6 damage
    for _ in range(60):
        events = state.apply(Action("sneak"))
        hurt = [e.data for e in events if e.kind == "hurt"]
        if hurt:
            assert hurt[0]["damage"] == 6 - 1 - 3  # one helmet, one shield
            return
        state.place.sneaked = False
    raise AssertionError("the monster never hit in 60 rounds")


def _on_level(number: int, seed: int = 2) -> State:
    """A rogue with Stealth and Run at 2d6 who went straight down to `number`, raising only
    those: Search, Hack, Stab, Lockpick, Jump and Climb stay at 1d6."""
    state = created(seed, ("stealth", "run"))
    while state.depth < number:
        state.place.landmarks.append("down")
        state.apply(Action("descend"))
        state.apply(Action("raise", names=("stealth", "run")))
        plain = [name for name in abilities() if not name.startswith("bullseye")]
        state.apply(Action("ability", name=plain[state.depth]))
    assert difficulty(state.depth) == 2 and state.rogue.skills["search"] == 1
    return state


def test_difficulty_2_against_a_1d6_search_is_no_dead_level_behind_secret_doors() -> None:
    """From level 4 a 1d6 Search or Hack can never pass. When every door left is secret, a
    search (which he cannot pass) still finds the hidden way on: the level is never dead."""
    state = _on_level(4)
    for door in state.level.doors:
        door.secret, door.found = True, False
    assert "down" not in state.place.landmarks
    events = state.apply(Action("search"))
    assert any(e.kind == "hidden_way_found" for e in events), [e.kind for e in events]
    assert state.why_illegal(Action("descend")) is None


def test_difficulty_2_against_a_1d6_stab_is_no_dead_level_behind_locked_doors() -> None:
    """Out of lockpicks, with a 1d6 Stab, a locked door can never be forced from level 4."""
    state = _on_level(4, seed=3)
    state.rogue.lockpicks = 0
    for door in state.level.doors:
        door.locked = True
    events = state.apply(Action("search"))
    assert any(e.kind == "hidden_way_found" for e in events), [e.kind for e in events]


def test_a_door_the_rogue_can_still_open_keeps_the_level_alive() -> None:
    state = _on_level(4, seed=3)
    state.rogue.skills["search"] = 2  # Search can pass again: no free way on
    for door in state.level.doors:
        door.secret, door.found = True, False
    for _ in range(20):
        events = state.apply(Action("search"))
        assert not any(e.kind == "hidden_way_found" for e in events)
        if any(e.kind == "secret_doors_found" and e.data["doors"] for e in events):
            return
    raise AssertionError("no search passed in 20 tries")


def test_chasm_requires_climbing_out_and_a_climb_that_cannot_pass_climbs_back() -> None:
    """Falling into a chasm requires climbing out; with a 1d6 Climb against Difficulty 2 no
    roll can do it, so the rogue climbs back out where he fell in (the far side stays closed)."""
    state = _on_level(4)
    state.place.feature, state.place.crossed, state.place.in_chasm = "chasm", False, True
    events = state.apply(Action("climb"))
    assert [e.kind for e in events] == ["climbed_back"]
    assert not state.place.in_chasm and not state.place.crossed


def _shop(*wares: dict) -> State:
    state = created(9)
    state.place.landmarks.append("shop")
    state.rogue.gold = 100
    state.place.stock = list(wares)
    return state


def test_rations_3_gp_each_and_lockpicks_2_gp_each() -> None:
    """The shop table's 1d6 rations are 3 gp each, and its lockpicks 2 gp each: one bought
    costs the price and leaves the rest on the shelf. (Torches, 2 gp, are for the lot.)"""
    stock = None
    for seed in range(400):
        stock = roll_stock(Dice(seed), "shop", {})
        if any(w["item"]["name"] == "rations" and w["count"] > 1 for w in stock):
            break
    assert stock is not None
    index = next(i for i, w in enumerate(stock) if w["item"]["name"] == "rations")
    count = stock[index]["count"]
    state = _shop(*stock)
    state.apply(Action("buy", index=index))
    assert state.rogue.gold == 97
    assert [i.name for i in state.rogue.items] == ["rations"]
    assert state.place.stock[index]["count"] == count - 1
    picks = _shop({"price": 2, "count": 3, "mimic": False, "each": True,
                   "item": {"name": "lockpicks"}})
    before = picks.rogue.lockpicks
    picks.apply(Action("buy", index=0))
    assert (picks.rogue.lockpicks, picks.rogue.gold) == (before + 1, 98)


def test_mimic_attacks_when_touched_before_taking_any_gold_and_looks_like_a_ware() -> None:
    """A levelled shop roll that comes up gold is a mimic: listed like a real ware of its
    letter, and touching it starts the fight with the rogue's gold untouched."""
    found = None
    for seed in range(400):
        found = next((w for w in roll_stock(Dice(seed), "shop", colour_map(Dice(seed)))
                      if w["mimic"]), None)
        if found:
            break
    assert found is not None
    state = _shop(found)
    shown = state.view(0).place.stock[0].item
    real = {row["result"]["name"] for letter in "EDCBA" for row in tables()["loot"][letter]}
    assert shown != "gold" and (shown in real or shown.endswith(("_potion", "_wand"))), shown
    events = state.apply(Action("buy", index=0))
    assert state.rogue.gold == 100 and [m.name for m in state.place.monsters] == ["mimic"]
    assert "mimic" in [e.kind for e in events]


def _trap(name: str) -> Trap:
    return next(Trap(letter=letter, **row["result"]) for letter, rows in tables()["traps"].items()
                for row in rows if row["result"]["name"] == name)


def _teleport_to_a_new_room(state: State, feature: str = "empty", rolled: int = 0) -> list:
    """Spring a teleportation trap that sends the rogue to the one other room on his map, a
    room (drawn for the test in the middle of the sheet) whose encounters are still to roll."""
    level = state.level
    middle = (level.height // 2, level.width // 2)
    squares = [(r, c) for r in (middle[0] - 1, middle[0]) for c in range(middle[1] - 2, middle[1] + 2)]
    assert all(level.is_rock(sq) for sq in squares)
    room = level.add_place("room", squares)
    room.entrance, room.feature, room.rolled_visit = 0, feature, rolled
    level.see_place(room)
    state.place.trap = _trap("teleportation_trap")
    return state.apply(Action("spring"))


def test_monster_hq_rolls_twice_for_encounters_on_a_revisit_too() -> None:
    """Monster HQ: roll twice for encounters; returning to a level rolls each room's
    encounters again, so a Monster HQ rolls twice then too (keeping only even rolls)."""
    state = created(11)
    state.level.visits = 2  # the rogue has come back to this level
    events = _teleport_to_a_new_room(state, "monster_hq", rolled=1)  # rolled on the first visit
    assert state.here == len(state.level.places) - 1
    assert sum(1 for e in events if e.kind == "encounter") == 2


def test_squeaky_board_levels_up_the_whole_next_monster_encounter() -> None:
    """Squeaky Board: the next monster encounter is levelled up, every monster in it."""
    for seed in range(300):
        state = created(seed)
        state.place.trap = _trap("squeaky_board")
        state.apply(Action("spring"))
        events = _teleport_to_a_new_room(state)
        monsters = [e.data for e in events if e.kind == "monster"]
        if len(monsters) >= 2:
            parts = next(e.data["parts"] for e in events if e.kind == "encounter")
            asked = [letter for count, letter, kind in parts if kind == "monster"
                     for _ in range(count)]
            assert [m["letter"] for m in monsters] == [letter_up(x) for x in asked]
            assert not state.squeaky
            return
    raise AssertionError("no encounter of two monsters in 300 seeds")


def test_antimagic_field_nulls_scrolls_spellbooks_and_the_bag_of_tricks() -> None:
    state = created(5)
    state.place.feature = "antimagic"
    state.rogue.items += [Item("scroll", spell="light"), Item("spellbook", spell="light"),
                          Item("bag_of_tricks")]
    for index in range(3):
        assert state.why_illegal(Action("use", item=index)) == \
            "magic does not work in this room"


def test_unidentified_loot_shows_its_colour_not_its_name() -> None:
    """All magical loot is unidentified: a cure-all is a teal (or other colour) potion, not a
    'cureall'."""
    state = created(5)
    colour = state.colours["cureall_potion"]
    state.rogue.items.append(Item("cureall_potion", identified=False, colour=colour))
    assert state.view(0).items[-1].item == f"{colour}_potion"
    state.place.landmarks.append("shop")
    state.place.stock = [{"price": 20, "count": 1, "mimic": False,
                          "item": {"name": "cureall_potion", "identified": False,
                                   "colour": colour}}]
    assert state.view(0).place.stock[0].item == f"{colour}_potion"


def test_cursed_cannot_be_unequipped_so_it_cannot_be_sold() -> None:
    """A cursed thing stays with the rogue until the curse is lifted (at an altar)."""
    state = _shop()
    state.rogue.items.append(Item("sword", dice="3d", status="cursed", value=30))
    assert state.why_illegal(Action("sell", item=0)) == \
        "a curse binds it to you: pray at an altar to lift it"
    state.place.feature = "altar"
    state.apply(Action("pray"))
    state.apply(Action("sell", item=0))
    assert state.rogue.gold == 103


def test_cureall_cures_diseases_and_the_disease_clock_starts_again() -> None:
    """Cured, and later diseased again, the rogue has a full five minutes before the next
    point of disease damage."""
    state = created(5)
    state.rogue.hp = state.rogue.max_hp = 50
    state.rogue.diseased, state.rogue.disease_clock = True, 4
    state.rogue.items.append(Item("cureall_potion"))
    state.apply(Action("use", item=0))
    state.rogue.diseased = True
    hurt = [e for _ in range(4) for e in state.apply(Action("search")) if e.kind == "hurt"]
    assert hurt == []


def _events_of_random_play(seeds: range) -> list[Event]:
    """Every event of random legal play over `seeds` (the opening's first)."""
    seen: list[Event] = []
    for seed in seeds:
        state = RULES.new_game(seed=seed)
        seen += state.opening
        chooser = Dice(seed, {})
        while not state.is_over and len(state.history) < 600:
            legal = state.legal_actions()
            seen += state.apply(legal[chooser.below("player", len(legal))])
    return seen


def test_secret_doors_pencilled_in_on_the_dungeon_masters_separate_copy() -> None:
    """"The Dungeon Master will also keep a separate copy of each map with secret doors":
    a new room's event tells its size, exits and feature, never its secret doors roll."""
    rooms = [e for e in _events_of_random_play(range(40)) if e.kind == "room"]
    assert rooms
    tables_told = {entry["table"] for e in rooms for entry in e.data["rolls"]}
    assert "secret_doors" not in tables_told
    assert {"room_area", "room_exits", "features"} <= tables_told


def test_magical_loot_unidentified_when_discovered_carries_no_roll_that_names_it() -> None:
    """"All magical loot will be unidentified when discovered ... introduce magic items by
    the color listed": the loot roll would name the item on its letter's table, so an
    unidentified find is told by its colour alone."""
    loot = [e.data for e in _events_of_random_play(range(60)) if e.kind == "loot"]
    unknown = [d for d in loot if d.get("status") == "unknown"]
    assert unknown, "no magic loot found in these games"
    assert all("roll" not in d for d in unknown)
    assert all("roll" in d for d in loot if d.get("status") != "unknown")


def test_a_room_2d6_squares_in_area_gains_no_square_for_a_landmark_beside_it() -> None:
    """"Draw a room 2d6 squares in area": a room drawn right beside a staircase, the terminal
    or the shop finds it, drawn on the room's own square next to the mark, and the room keeps
    exactly the area rolled."""
    rooms = found_beside = 0
    for seed in range(80):
        state = RULES.new_game(seed=seed)
        chooser = Dice(seed, {})
        while not state.is_over and len(state.history) < 600:
            legal = state.legal_actions()
            level = state.level
            marks = set(level.reached)
            events = state.apply(legal[chooser.below("player", len(legal))])
            for event in events:
                tables_rolled = [r["table"] for r in event.data.get("rolls", ())]
                if event.kind != "room" or "room_exits" not in tables_rolled:
                    continue  # no room of that area fitted: the door was false
                area = next(r["roll"] for r in event.data["rolls"] if r["table"] == "room_area")
                room = max((p for p in level.places if p.kind == "room"), key=lambda p: p.id)
                if room.entrance is None:
                    continue
                rooms += 1
                assert len(room.squares) == area, (seed, area, len(room.squares))
                for name in set(level.reached) - marks:
                    if level.reached[name] == room.id:
                        assert level.landmarks[name] in room.squares  # drawn in the room
                        found_beside += 1
    assert rooms > 100 and found_beside > 0


def test_regular_cloak_or_boots_choice_is_the_rogues() -> None:
    """C level loot "Regular cloak or boots (choice)": found, the rogue chooses which, by an
    action offered wherever he is; the other is never offered again."""
    state = created(3)
    state.rogue.items.append(Item("cloak_or_boots"))
    index = len(state.rogue.items) - 1
    offered = [a for a in state.legal_actions() if a.kind == "wear"]
    assert offered == [Action("wear", item=index, name="cloak"),
                       Action("wear", item=index, name="boots")]
    events = state.apply(Action("wear", item=index, name="boots"))
    assert [e.kind for e in events][0] == "garment_chosen"
    assert state.rogue.items[index].name == "boots"
    assert not [a for a in state.legal_actions() if a.kind == "wear"]
    assert state.why_illegal(Action("wear", item=index, name="cloak")) is not None
    found = [row["result"]["name"] for row in tables()["loot"]["C"] if row["from"] == 3]
    assert found == ["cloak_or_boots"]


def test_all_actions_require_successes_equal_to_the_difficulty_monsters_too() -> None:
    """"All actions require a number of successes to pass equal to the current dungeon level's
    Difficulty", and "monsters always roll a number of dice equal to the current level's
    Difficulty": on level 4 a monster's two dice hit only with two successes, and so does a
    trap's attack (rules version 4; before, one success hit)."""
    state = _on_level(4)
    state.rogue.hp = state.rogue.max_hp = 500
    state.place.monsters.append(Monster("tiger", "B", 500, "1d", []))
    attacks = []
    while len(attacks) < 200:
        events = state.apply(Action("attack", monster=0))
        attacks += [e.data for e in events if e.kind == "monster_attack"]
    assert all(a["needed"] == 2 and len(a["dice"]) == 2 for a in attacks)
    assert all(a["hit"] == (a["successes"] == 2) for a in attacks)
    assert any(a["successes"] == 1 and not a["hit"] for a in attacks)
    state.place.monsters.clear()
    sprung = []
    while len(sprung) < 60:
        state.place.trap = Trap("land_mine", "B", 2, "1d", "")
        sprung += [e.data for e in state.apply(Action("spring")) if e.kind == "trap_attack"]
    assert all(s["needed"] == 2 and s["hit"] == (s["successes"] == 2) for s in sprung)
    assert any(s["successes"] == 1 and not s["hit"] for s in sprung)


def test_forcing_a_locked_door_costs_time_not_hit_points() -> None:
    """The rulebook has locked doors and lockpicks that break, but no forcing: our way past a
    lock (a Stab check) is never a way to die the rulebook lacks."""
    state = created(3, ("search", "run"))
    door = state.place.doors[0]
    state.level.doors[door].locked = True
    hp, failed = state.rogue.hp, 0
    while state.level.doors[door].locked:
        events = state.apply(Action("force", door=door))
        failed += not events[0].data["passed"]
        assert state.rogue.hp == hp
    assert failed > 0


def test_regular_cloak_or_boots_choice_takes_no_minute_of_play() -> None:
    """Choosing whether the "Regular cloak or boots (choice)" is a cloak or boots is the
    rogue's choice, not a deed in the dungeon: no minute passes, so disease does not bite."""
    state = created(3)
    state.rogue.diseased = True
    state.rogue.disease_clock = tables()["eating"]["disease_every"] - 1
    state.rogue.items.append(Item("cloak_or_boots"))
    hp, taken = state.rogue.hp, state.actions_taken
    events = state.apply(Action("wear", item=len(state.rogue.items) - 1, name="cloak"))
    assert [e.kind for e in events] == ["garment_chosen"]
    assert state.rogue.hp == hp and state.actions_taken == taken
    events = state.apply(Action("search"))
    assert any(e.kind == "hurt" and e.data["cause"] == "disease" for e in events)


def _at_the_shop(seed: int = 3) -> State:
    state = created(seed)
    place = state.place
    place.landmarks.append("shop")
    place.stock = roll_stock(state.dice, "shop:test", state.colours)
    place.stocked = True
    state.rogue.gold = 100
    return state


def test_if_attacked_the_shopkeeper_is_a_fearsome_opponent_attack_4d_damage_4d_50_hp() -> None:
    """"If attacked, the shopkeeper is a fearsome opponent to behold: attack 4d, damage 4d,
    50 hp." He fights as a monster of the shop; while he lives the shop neither sells nor buys."""
    state = _at_the_shop()
    state.rogue.hp = state.rogue.max_hp = 500
    assert Action("attack_shopkeeper") in state.legal_actions()
    events = state.apply(Action("attack_shopkeeper"))
    assert events[0].kind == "shopkeeper_attacked"
    keeper = state.place.monsters[0]
    assert (keeper.name, keeper.damage, keeper.attack_dice) == ("shopkeeper", "4d", 4)
    wounds = sum(e.data["damage"] for e in events if e.kind == "wounded")
    assert keeper.hp == 50 - wounds
    attacks = [e.data for e in events if e.kind == "monster_attack"]
    assert attacks and len(attacks[0]["dice"]) == 4
    assert Action("attack_shopkeeper") not in state.legal_actions()
    state.place.sneaked = True  # even slipped past, he does not trade with his attacker
    assert state.why_illegal(Action("buy", index=0)) == "the shopkeeper is fighting you"
    assert state.why_illegal(Action("attack_shopkeeper")) == "the shopkeeper is fighting you"


def test_a_slain_shopkeeper_leaves_his_wares_for_the_taking() -> None:
    """What winning gives is ours to say (the rulebook stops at his numbers): every ware costs
    tables.toml's keeper_slain_price, nothing, and nobody is left to sell to."""
    state = _at_the_shop()
    state.rogue.hp = state.rogue.max_hp = 10_000
    state.rogue.skills["stab"] = 6
    state.rogue.items.append(Item("sell_me", value=50))
    wares = len(state.place.stock)
    events = state.apply(Action("attack_shopkeeper"))
    while state.place.monsters:
        events = state.apply(Action("attack", monster=0))
    assert [e.data for e in events if e.kind == "shop_unguarded"] == [{"wares": wares}]
    assert state.place.keeper == "slain"
    assert all(ware["price"] == tables()["shop"]["keeper_slain_price"] == 0
               for ware in state.place.stock)
    gold = state.rogue.gold
    ware = next(i for i, w in enumerate(state.place.stock) if not w["mimic"])
    state.apply(Action("buy", index=ware))
    assert state.rogue.gold == gold
    mine = next(i for i, item in enumerate(state.rogue.items) if item.name == "sell_me")
    assert state.why_illegal(Action("sell", item=mine)) == "nobody is left to buy it"
    assert state.why_illegal(Action("attack_shopkeeper")) == "the shopkeeper is dead"


def _thrown(state: State) -> tuple[int, int]:
    """The Throw pool and the damage dice of the first thrown dagger that hits."""
    dagger = next(i for i, item in enumerate(state.rogue.items) if item.name == "dagger")
    for _ in range(60):
        events = state.apply(Action("shoot", monster=0, item=dagger))
        if events[0].data["passed"]:
            wound = next(e for e in events if e.kind == "wounded")
            return len(events[0].data["dice"]), len(wound.data["dice"])
    raise AssertionError("no throw hit in 60 tries")


def test_bullseye_bonus_damage_or_attack_roll_on_ranged_attacks_choose_first() -> None:
    """"Bullseye: +2d6 bonus damage OR attack roll on ranged attacks (choose first)": both
    halves are offered when an ability is learnt; the one chosen gives its two dice, and the
    other is not offered again."""
    offered = [name for name in abilities() if name.startswith("bullseye")]
    assert offered == ["bullseye_attack_roll", "bullseye_damage"]
    plain = _thrown(_fight(5, Item("dagger", dice="1d")))
    aiming = _fight(5, Item("dagger", dice="1d"))
    aiming.rogue.abilities.append("bullseye_attack_roll")
    hitting = _fight(5, Item("dagger", dice="1d"))
    hitting.rogue.abilities.append("bullseye_damage")
    assert plain == (1, 1)
    assert _thrown(aiming) == (3, 1)
    assert _thrown(hitting) == (1, 3)
    hitting.phase = "ability"
    assert hitting.why_illegal(Action("ability", name="bullseye_attack_roll")) == \
        "you already have bullseye damage"
    assert Action("ability", name="bullseye_attack_roll") not in hitting.legal_actions()


def test_hackmaster_reveals_a_previously_explored_upper_level_of_your_choice() -> None:
    """"Hackmaster: when hacking, you can reveal the complete map for a previously explored
    upper level of your choice": on level 3, after a hack that passes, levels 1 and 2 are
    offered, and the one chosen (level 1, not the level just above) is drawn in full."""
    state = created(4, ("hack", "stab"))
    for ability in ("luck", "hackmaster"):
        state.place.landmarks.append("down")
        state.apply(Action("descend"))
        state.apply(Action("raise", names=("hack", "hack")))
        state.apply(Action("ability", name=ability))
    assert state.depth == 3
    first, second = state.levels[0], state.levels[1]
    first.seen = set()  # wiped from his map, as a Forgetfulness Trap does
    seen_before = set(second.seen)
    state.place.landmarks.append("terminal")
    for _ in range(30):
        events = state.apply(Action("hack"))
        if events[0].data["passed"]:
            break
    assert [e.kind for e in events].count("map_revealed") == 0
    assert [a for a in state.legal_actions() if a.kind == "reveal"] == [
        Action("reveal", index=1), Action("reveal", index=2)]
    taken = state.actions_taken
    events = state.apply(Action("reveal", index=1))
    assert [e.data for e in events] == [{"level": 1}]
    assert all(r * first.width + c in first.seen for place in first.places
               for r, c in place.squares)
    assert state.actions_taken == taken and second.seen == seen_before
    assert not [a for a in state.legal_actions() if a.kind == "reveal"]
