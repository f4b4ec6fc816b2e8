"""Rogue Like Roguelike balance: how deep a careful scripted player gets, and whether it ever wins.

Run: .venv/bin/python benchmarks/roguelike_balance.py [GAMES]   (default 300 games per build)
Aim (docs/rules-decisions.md, Balance): this player wins 1-5% of games, and its better builds
reach level 2 in about half of theirs.
     .venv/bin/python benchmarks/roguelike_balance.py 200 --what-if   (our numbers changed in turn)

The player (`careful_action`) plays as a cautious person would with the map on the screen:
  - it raises the two skills of its build first, and keeps Search, Climb and the others that
    open the way up with the Difficulty;
  - it disables traps (a failure springs them, the same as walking on) and climbs out of chasms;
  - it fights only weak monsters while its hit points are high, else sneaks past (Stealth), else
    runs back, else fights the weakest; relentless monsters must be fought;
  - it eats corpses that the rulebook does not call diseased, drinks healing potions when hurt
    (an unknown potion when no known one is left), and a fountain's water; it zaps any wand;
  - it crosses a chasm or a cliff only when no other way is left (a fall costs 3d6 or 2d6);
  - it goes down at once when it stands on the stairs (going down is the only way to gain hit
    points besides food), takes the Amulet when it sees it;
  - it explores towards the corner opposite the stairs up (where the rulebook draws the stairs
    down), through doors already open to the nearest unexplored door; a locked door is picked
    while lockpicks last and forced only with hit points to spare; with no door left it searches.
It reads the map the rogue has drawn (the places and doors it has seen), never the Dungeon
Master's secrets. Prints, for each starting build, the outcomes and the deepest level reached,
and the causes of death.
"""

from __future__ import annotations

import sys
from collections import Counter, deque
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.roguelike import RULES, Action  # noqa: E402
from engine.roguelike.state import State  # noqa: E402
from engine.roguelike.tables import difficulty, tables  # noqa: E402

BOUND = 3000  # actions: a game still going after this many is counted as stuck
DISEASED = {"sewer_rat", "gray_ooze", "piranha_snail", "wererat"}  # the rulebook's words
HEALING = ("potion_of_healing", "potion_of_major_healing", "potion_of_full_healing")
ABILITIES = ("sneak", "luck", "sneak_attack", "iron_stomach", "lockpick_mastery", "bullseye_attack_roll",
             "animal_friendship", "magic_item_affinity", "hamstring", "master_barterer",
             "cannibal", "hackmaster")
RAISE_WEIGHTS = {"search": 2.0, "climb": 1.5, "jump": 1.0, "lockpick": 1.0,
                 "disable_trap": 1.0, "stab": 1.0, "stealth": 1.0, "run": 0.5, "hack": 0.5}
BUILDS = {
    "stealth+stab": ("stealth", "stab"),
    "stealth+search": ("stealth", "search"),
    "stab+lockpick": ("stab", "lockpick"),
    "stealth+run": ("stealth", "run"),
}


def _first(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a.kind == kind), None)


def _raise(state: State, legal: list[Action], build: tuple[str, str]) -> Action:
    """Two dice where they help most: each to the skill with the most weight per die it has
    (so Search, Climb and the rest keep up with the Difficulty, which a 1d6 skill cannot pass
    from level 4)."""
    weight = {**RAISE_WEIGHTS, build[0]: 3.0, build[1]: 3.0}
    dice = dict(state.rogue.skills)
    chosen = []
    for _ in range(2):
        best = max((s for s in weight if dice[s] < 6), key=lambda s: weight[s] / dice[s])
        chosen.append(best)
        dice[best] += 1
    action = Action("raise", names=tuple(sorted(chosen)))
    return action if action in legal else legal[0]


def _fight(state: State, legal: list[Action]) -> Action:
    place, rogue = state.place, state.rogue
    monsters = place.monsters
    total = sum(m.hp for m in monsters)
    weakest = min(range(len(monsters)), key=lambda i: monsters[i].hp)
    attack = Action("attack", monster=weakest)
    heal = _healing(state, legal)
    if heal is not None and rogue.hp <= max(2, rogue.max_hp // 3):
        return heal
    for item_index, item in enumerate(rogue.items):  # a wand or a bow before the knife
        for kind in ("zap", "shoot"):
            action = Action(kind, monster=weakest, item=item_index)
            if action in legal and item.charges > 0:  # an unknown wand is learnt by zapping
                return action
    # Weak enough to beat with hit points to spare: fight (and eat afterwards).
    if total <= 6 and rogue.hp >= 4 * len(monsters) and attack in legal:
        return attack
    for kind in ("sneak", "flee"):
        away = _first(legal, kind)
        if away is not None:
            return away
    return attack


def _healing(state: State, legal: list[Action]) -> Action | None:
    """A known healing potion, else (as a person would, hurt and with nothing better) an
    unknown potion: most potions found early heal."""
    potions = [(not item.identified, index) for index, item in enumerate(state.rogue.items)
               if (item.name in HEALING or (not item.identified and item.name.startswith("potion_")))
               and Action("use", item=index) in legal]
    return Action("use", item=min(potions)[1]) if potions else None


def _can_pass(state: State, skill: str) -> bool:
    """Whether the skill's dice can reach the level's Difficulty at all (each die gives at most
    one success)."""
    rogue = state.rogue
    return rogue.skills[skill] + rogue.bonus_dice(skill) >= difficulty(state.depth)


def _target(state: State) -> tuple[int, int]:
    """Where the way on is drawn: the corner opposite the stairs up."""
    level = state.level
    row, col = level.landmarks["up"]
    return (level.height - 1 - row, level.width - 1 - col)


def _explore(state: State, legal: list[Action], searched: set) -> Action | None:
    level, rogue = state.level, state.rogue
    target = _target(state)
    # Doors of places already drawn, by the open ways between them (breadth first).
    first_step: dict[int, Action | None] = {state.here: None}
    queue = deque([state.here])
    frontier: list[tuple[int, int, Action | None, int]] = []
    across: Action | None = None  # the way to the nearest room still to be crossed
    while queue:
        here = queue.popleft()
        for door_id in level.places[here].doors:
            door = level.doors[door_id]
            if not door.visible or door.false:
                continue
            if not door.open:
                if level.places[here].beyond(door_id):  # a chasm or cliff between: a last resort
                    across = across or (first_step[here] or Action("cross"))
                    continue
                far = abs(door.square[0] - target[0]) + abs(door.square[1] - target[1])
                frontier.append((far, len(frontier), first_step[here], door_id))
                continue
            there = door.outer if door.inner == here else door.inner
            if there is None or there in first_step:
                continue
            first_step[there] = first_step[here] or Action("go", door=door_id)
            queue.append(there)
    frontier.sort(key=lambda entry: entry[:2])
    forced = None
    for _, _, step, door_id in frontier:
        door = level.doors[door_id]
        if door.locked:  # picked while picks last, forced only with hit points to spare
            kind = "pick" if rogue.lockpicks > 0 and _can_pass(state, "lockpick") else "force"
            if kind == "force" and (rogue.hp <= 3 or not _can_pass(state, "stab")):
                forced = forced or (step or Action("force", door=door_id))
                continue
        else:
            kind = "open"
        action = step or Action(kind, door=door_id)
        if action in legal:
            return action
    # Nothing left to open: hack a terminal, search each place once, else force a door.
    if "terminal" in state.place.landmarks and not level.hacked and _first(legal, "hack") \
            and _can_pass(state, "hack"):
        return Action("hack")
    if _can_pass(state, "search"):
        if (state.depth, level.visits, state.here) not in searched:
            return Action("search")
        unsearched = sorted(place for place, step in first_step.items()  # one goal, no dithering
                            if step is not None and (state.depth, level.visits, place)
                            not in searched)
        if unsearched and first_step[unsearched[0]] in legal:
            return first_step[unsearched[0]]
    if across is not None and across in legal:  # a fall costs 3d6 (chasm) or 2d6 (cliff)
        return across
    if forced is not None:  # the last way on, whatever it costs
        return forced
    if _can_pass(state, "search"):
        return Action("search")  # the shifting dungeon's hidden way, once no door is left
    return None  # no check left that can pass: the rogue is shut in on this level


def careful_action(state: State, build: tuple[str, str], searched: set) -> Action | None:
    """The careful player's next action, or None when nothing it can do can pass."""
    legal = state.legal_actions()
    rogue, place = state.rogue, state.place
    if state.phase == "create":
        return Action("choose_skill", name=build[len(rogue.chosen)])
    if state.phase == "raise":
        return _raise(state, legal, build)
    if state.phase == "ability":
        return next(Action("ability", name=a) for a in ABILITIES
                    if Action("ability", name=a) in legal)
    for kind in ("take_amulet", "climb", "disable"):
        action = _first(legal, kind)
        if action is not None:
            return action
    if place.monsters and _first(legal, "attack") is not None:
        return _fight(state, legal)
    if rogue.hp < rogue.max_hp:
        for index, corpse in enumerate(place.corpses):
            if corpse["name"] not in DISEASED or "iron_stomach" in rogue.abilities:
                return Action("eat", index=index)
        heal = _healing(state, legal)
        if heal is not None and rogue.hp <= rogue.max_hp // 2:
            return heal
    for kind in ("descend", "drink"):
        action = _first(legal, kind)
        if action is not None:
            return action
    return _explore(state, legal, searched)


def play(seed: int, build: tuple[str, str]) -> tuple[State, str, str]:
    """One game: the state, how it ended ("won", "dead", "shut in": no check it could pass was
    left, or "stuck": still going after BOUND actions) and what hurt the rogue last."""
    state = RULES.new_game(seed=seed)
    searched: set[tuple[int, int, int]] = set()  # (level, visit, place) searched successfully
    hurt_by = ""
    while not state.is_over and len(state.history) < BOUND:
        action = careful_action(state, build, searched)
        if action is None:
            return state, "shut in", hurt_by
        where = (state.depth, state.level.visits, state.here)
        events = state.apply(action)
        if action.kind == "search" and any(e.kind == "check" and e.data["passed"]
                                           for e in events):
            searched.add(where)
        for event in events:
            if event.kind == "hurt":
                hurt_by = event.data.get("by", "?")
    return state, state.outcome or "stuck", hurt_by


def main(games: int) -> None:
    print(f"Rogue Like Roguelike, careful scripted player, {games} seeded games per build")
    for label, build in BUILDS.items():
        deepest: Counter[int] = Counter()
        causes: Counter[str] = Counter()
        outcomes: Counter[str] = Counter()
        actions = 0
        for seed in range(games):
            state, ending, hurt_by = play(seed, build)
            deepest[state.deepest] += 1
            outcomes[ending] += 1
            actions += len(state.history)
            if ending == "dead":
                causes[hurt_by] += 1
        depths = sorted(level for level, count in deepest.items() for _ in range(count))
        middle = (depths[(games - 1) // 2] + depths[games // 2]) / 2
        print(f"\n{label}: {dict(outcomes)}; won {100 * outcomes['won'] / games:.1f}%; median"
              f" deepest {middle:g}; mean {actions / games:.0f} actions a game")
        print("  deepest level reached: " + ", ".join(
            f"{level}: {deepest[level]}" for level in sorted(deepest)))
        print("  deaths, by what hurt last: " + ", ".join(f"{c} {n}" for c, n in causes.most_common(8)))


# Our own numbers (and one of the rulebook's, for scale), changed one at a time by --what-if.
WHAT_IF: dict[str, dict[tuple[str, str], int]] = {
    "none": {},
    "forcing a door costs 1 hit point (ours: nothing)": {("combat", "force_door_hurt"): 1},
    "10 lockpicks to start (ours: 3)": {("character", "starting_lockpicks"): 10},
    "a sheet of 32 by 16 (ours: 24 by 12)": {("paper", "width"): 32, ("paper", "height"): 16},
    "12 starting hit points (the rulebook's 6)": {("character", "starting_hp"): 12},
}


def what_if(games: int, build: tuple[str, str] = BUILDS["stealth+stab"]) -> None:
    """Each change of WHAT_IF in turn, on the loaded tables (put back afterwards)."""
    data = tables()
    print(f"What if (Stealth + Stab, {games} games each): died on level 1, deepest, endings")
    for label, change in WHAT_IF.items():
        kept = {key: data[key[0]][key[1]] for key in change}
        for (section, name), value in change.items():
            data[section][name] = value
        try:
            games_played = [play(seed, build) for seed in range(games)]
        finally:
            for (section, name), value in kept.items():
                data[section][name] = value
        first = sum(1 for state, _, _ in games_played if state.deepest == 1)
        deepest = max(state.deepest for state, _, _ in games_played)
        endings = Counter(ending for _, ending, _ in games_played)
        print(f"  {label}: {first}, {deepest}, {dict(endings)}")


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if a != "--what-if"]
    count = int(arguments[0]) if arguments else 300
    if "--what-if" in sys.argv:
        what_if(count)
    else:
        main(count)
