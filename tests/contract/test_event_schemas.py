"""Every event kind of every game, checked against that game's events schema on purpose.

Two sides, so that neither random play nor a rare rule decides what is checked:
- from the engine's source: each place an Event is built gives its kind and its fields (the
  scan follows a `**spread`, a call, a name bound to either or to an item of a returned tuple,
  and keys set on that dict afterwards); the schema must name exactly those kinds and fields
  (and the replay's `step`);
- from the engine itself: seeded games, the corpus runs and a few rigged situations must produce
  every kind at least once, and every event they produce must match the schema.
"""

from __future__ import annotations

import ast
import functools
import itertools
import json
import random
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine import games
from engine.core.protocol import Event

ROOT = Path(__file__).resolve().parents[2]

SCHEMAS = {
    "cardrogue": "events.schema.json",
    "minirogue": "minirogue-events.schema.json",
    "roguelike": "roguelike-events.schema.json",
    "tabledungeon": "tabledungeon-events.schema.json",
}
# A registered game with no events schema yet, and why.
NO_SCHEMA: dict[str, str] = {"nim": "the test game (tests/nim): not a game of the project"}
# Kinds a schema names that the engine does not build: the replay command's own lines.
REPLAY_LINES = {"cardrogue": {"action": "action_line"}}
# A field a schema may name that the engine does not build: the step `replay --events` adds.
REPLAY_FIELDS = {"step"}
# Events whose kind is not a string literal, by file: the kinds that call can build.
COMPUTED_KINDS = {
    ("tabledungeon", "levelling.py"): {"xp_to_bottom", "xp_to_discard", "hand_to_xp"},
}


def schema(game: str) -> dict[str, Any]:
    return json.loads((ROOT / "schemas" / SCHEMAS[game]).read_text("utf-8"))


def _routes(doc: dict[str, Any]) -> dict[str, str]:
    """kind -> the definition its if/then sends it to."""
    return {rule["if"]["properties"]["event"]["const"]: rule["then"]["$ref"]
            for rule in doc["allOf"]}


# ---------------------------------------------------------------------- the engine's source


@dataclass
class Built:
    """One `Event(...)` in the source: its kinds and the fields it names (None: unknown)."""

    where: str
    kinds: set[str]
    fields: set[str] | None


def _functions(trees: list[ast.Module]) -> dict[str, list[ast.FunctionDef]]:
    found: dict[str, list[ast.FunctionDef]] = {}
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                found.setdefault(node.name, []).append(node)
    return found


def _called_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


def _returned_fields(name: str | None, functions: dict[str, list[ast.FunctionDef]],
                     index: int | None = None, depth: int = 0) -> set[str] | None:
    """The keys of the dicts a function returns (item `index` of the tuples it returns), as far
    as `_data_fields` can tell them; None when it returns anything else."""
    defs = functions.get(name or "", [])
    if len(defs) != 1 or depth > 5:
        return None
    keys: set[str] = set()
    for node in ast.walk(defs[0]):
        if isinstance(node, ast.Return):
            value = node.value
            if index is not None:
                value = value.elts[index] if isinstance(value, ast.Tuple) else None
            part = _data_fields(value, defs[0], functions, depth + 1) if value else None
            if part is None:
                return None
            keys |= part
    return keys or None


def _data_fields(value: ast.expr, scope: ast.FunctionDef,
                 functions: dict[str, list[ast.FunctionDef]], depth: int = 0) -> set[str] | None:
    """The keys of an event's data as the code builds it: a dict literal, a call of a function
    that returns one, or a name bound once in `scope` to either (or to an item of a returned
    tuple), with the keys the function sets on it afterwards; None when the code does not say."""
    if isinstance(value, ast.Dict):
        return _dict_fields(value, scope, functions, depth)
    if isinstance(value, ast.Call):
        return _returned_fields(_called_name(value), functions, None, depth)
    arguments = scope.args.posonlyargs + scope.args.args + scope.args.kwonlyargs
    if not isinstance(value, ast.Name) or value.id in {a.arg for a in arguments}:
        return None
    stores = [n for n in ast.walk(scope) if isinstance(n, ast.Name) and n.id == value.id
              and isinstance(n.ctx, ast.Store)]
    if len(stores) != 1:
        return None
    keys: set[str] | None = None
    for node in ast.walk(scope):
        if isinstance(node, ast.AnnAssign) and node.target is stores[0] and node.value:
            keys = _data_fields(node.value, scope, functions, depth)
        elif isinstance(node, ast.Assign) and stores[0] in node.targets:
            keys = _data_fields(node.value, scope, functions, depth)
        elif (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
              and any(isinstance(t, ast.Tuple) and stores[0] in t.elts for t in node.targets)):
            target = next(t for t in node.targets if isinstance(t, ast.Tuple))
            keys = _returned_fields(_called_name(node.value), functions,
                                    target.elts.index(stores[0]), depth)
    later = _keys_set_later(value.id, scope)
    return None if keys is None or later is None else keys | later


def _keys_set_later(name: str, scope: ast.FunctionDef) -> set[str] | None:
    """Keys put into the dict `name` by `name["key"] = ...` or `name.update(key=...)`; None if
    the function changes it in a way that does not name its keys."""
    keys: set[str] = set()
    for node in ast.walk(scope):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id == name:
            if not (isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str)):
                return None
            keys.add(node.slice.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and isinstance(node.func.value, ast.Name) and node.func.value.id == name \
                and node.func.attr in ("update", "setdefault", "pop", "clear", "popitem"):
            if node.func.attr != "update" or node.args or any(k.arg is None for k in node.keywords):
                return None
            keys |= {k.arg for k in node.keywords if k.arg is not None}
    return keys


def _dict_fields(literal: ast.Dict, scope: ast.FunctionDef,
                 functions: dict[str, list[ast.FunctionDef]], depth: int = 0) -> set[str] | None:
    keys: set[str] = set()
    for key, value in zip(literal.keys, literal.values, strict=True):
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.add(key.value)
            continue
        if key is not None:
            return None
        # `**value`: a call, or a name bound once in this function to one
        spread = _data_fields(value, scope, functions, depth + 1)
        if spread is None:
            return None
        keys |= spread
    return keys


@functools.cache
def built_events(game: str) -> tuple[Built, ...]:
    files = sorted((ROOT / "engine" / game).rglob("*.py"))
    trees = [ast.parse(path.read_text("utf-8")) for path in files]
    functions = _functions(trees)
    seen: set[tuple[str, int, int]] = set()
    out: list[Built] = []
    for path, tree in zip(files, trees, strict=True):
        for scope in ast.walk(tree):
            if not isinstance(scope, ast.FunctionDef):
                continue
            for node in ast.walk(scope):
                if not (isinstance(node, ast.Call) and _called_name(node) == "Event"):
                    continue
                spot = (path.name, node.lineno, node.col_offset)
                if spot in seen:
                    continue  # met again from an enclosing function
                seen.add(spot)
                where = f"engine/{game}/{path.relative_to(ROOT / 'engine' / game)}:{node.lineno}"
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    kinds = {first.value}
                else:
                    assert (game, path.name) in COMPUTED_KINDS, f"{where}: kind is not a literal"
                    kinds = COMPUTED_KINDS[game, path.name]
                fields: set[str] | None = set()
                if len(node.args) > 1:
                    data = node.args[1]
                    fields = _data_fields(data, scope, functions)
                out.append(Built(where, kinds, fields))
    return tuple(out)


def engine_kinds(game: str) -> set[str]:
    return {kind for built in built_events(game) for kind in built.kinds}


def test_every_registered_game_has_its_events_schema_or_a_reason():
    assert set(games.names()) == set(SCHEMAS) | set(NO_SCHEMA)
    assert not set(SCHEMAS) & set(NO_SCHEMA)


def test_the_source_scan_sees_through_a_spread():
    """The scan is what found issue 39: a counter-attack spreads the attack roll's dict."""
    counter = [b for b in built_events("cardrogue") if b.kinds == {"counter_attack"}]
    assert len(counter) == 1 and counter[0].fields is not None
    assert {"again", "rolls", "counted", "gear", "reduction", "dealt"} <= counter[0].fields


@pytest.mark.parametrize("game", sorted(SCHEMAS))
def test_the_schema_names_exactly_the_kinds_the_engine_builds(game):
    doc = schema(game)
    listed = set(doc["properties"]["event"]["enum"])
    extra = set(REPLAY_LINES.get(game, {}))
    emitted = engine_kinds(game)
    assert sorted(emitted - listed) == [], "built by the engine, missing from the schema"
    assert sorted(listed - emitted - extra) == [], "in the schema, never built by the engine"
    # Each kind leads to its own definition, so an event is checked field by field.
    routes = _routes(doc)
    names = {kind: f"event_{kind}" for kind in emitted} | REPLAY_LINES.get(game, {})
    for kind, name in names.items():
        assert name in doc["definitions"], f"{kind}: no definition"
        assert routes.get(kind) == f"#/definitions/{name}", f"{kind}: not routed to {name}"


@pytest.mark.parametrize("game", sorted(SCHEMAS))
def test_every_field_the_engine_names_is_in_the_schema(game):
    definitions = schema(game)["definitions"]
    missing = []
    for built in built_events(game):
        for kind in built.kinds:
            documented = set(definitions[f"event_{kind}"]["properties"])
            missing += [f"{built.where} {kind}.{name}" for name in
                        sorted((built.fields or set()) - documented)]
    assert missing == []


@pytest.mark.parametrize("game", sorted(SCHEMAS))
def test_the_source_scan_knows_the_fields_of_every_event(game):
    """So the check above misses no field: each event's data is a dict literal, or comes from
    one through a call, a name or a returned tuple that the scan follows."""
    assert [b.where for b in built_events(game) if b.fields is None] == []


@pytest.mark.parametrize("game", sorted(SCHEMAS))
def test_the_schema_names_no_field_the_engine_does_not_build(game):
    built: dict[str, set[str]] = {}
    for b in built_events(game):
        for kind in b.kinds:
            built.setdefault(kind, set()).update(b.fields or set())
    definitions = schema(game)["definitions"]
    extra = [f"{kind}.{name}" for kind, names in sorted(built.items())
             for name in sorted(set(definitions[f"event_{kind}"]["properties"])
                                - names - {"event"} - REPLAY_FIELDS)]
    assert extra == []


# ---------------------------------------------------------------------- the engine's events


def _cardrogue_corpus() -> Iterator[Event]:
    from engine.cardrogue import runs
    from engine.cardrogue.runs import read_run
    from tests.runs import maps as corpus_maps

    seen: list[Event] = []
    for path in sorted((ROOT / "tests" / "runs").glob("*.run.json")):
        run = read_run(path)
        runs.verify(run, runs.locate(run, corpus_maps.by_id()), on_start=seen.extend,
                    on_step=lambda n, action, events: seen.extend(events))
    yield from seen


def _cardrogue_classic_games(count: int) -> Iterator[Event]:
    """Seeded classic tables of 1 to 4 players, played by a seeded random hand that rarely
    ends a turn and more rarely still leaves or quits."""
    from engine.cardrogue import State

    for seed in range(count):
        rng = random.Random(seed)
        game = State.classic([f"P{n}" for n in range(1 + seed % 4)], seed)
        yield from game.opening_events
        for _ in range(800):
            if game.is_over:
                break
            legal = game.legal_actions()
            roll = rng.random()
            pool = [a for a in legal if a.kind not in ("quit", "leave", "end_turn")]
            if roll < 0.15 or not pool:
                pool = [a for a in legal if a.kind not in ("quit", "leave")] or legal
            if roll < 0.003:
                pool = legal
            yield from game.apply(rng.choice(pool))


def _cardrogue_rigged() -> Iterator[Event]:
    """Rare kinds, each from a small table with the dice told what to roll."""
    from engine.cardrogue import Action, Goal
    from engine.cardrogue.board import S
    from tests.engine.cardrogue.support import (
        ROW,
        ROW_CELLS,
        ROW_OPEN,
        act,
        branch,
        close_every_path,
        fight,
        give,
        pair,
        picked,
        rig,
        story,
        table,
        up,
        versus,
        wall_in,
    )

    # counter_attack (issue 39): a failed trip on a hero in combat earns their attack
    g = pair(cells="@@g", legend={"g": {"card": "goblin", "revealed": True}})
    rig(g, "trip:0", 3)
    rig(g, "trip:1", 5)
    yield from act(g, "trip 1")
    # blocked: a shield's one stops the enemy's reply
    g = fight({"card": "sewer_rat", "health": 10})
    g.apply(Action("equip", card=give(g, "shield")))
    rig(g, "fight", 1)
    yield from act(g, "attack E")
    # enemy_poisoned, then enemy_poison_tick on the poisoner's next turn
    troll = {"card": "troll", "revealed": True, "health": 10}
    g = table("╶───╴", "o@t.@", {"o": {"card": "path", "revealed": True}, "t": troll},
              [("Ann", "bard"), ("Bob", "rogue")], [(0, 1), (0, 4)],
              potion_identity={"green": "poison"})
    yield from g.apply(Action("throw", card=give(g, "potion", colour="green"), dir="E"))
    yield from act(g, "flee W", "end", "end")
    # debt_bought
    g = story("╶─╴", "@$.", {"$": up("shop", stock=["shopkeeper_debt"])}, gold=12)
    act(g, "move E")
    yield from act(g, f"buy {g.stock[g.players[0].pos][0].uid}")
    # exit_locked
    g = branch("goblin", goals=[Goal("slay", "goblin")])
    yield from act(g, "move E", "move E")
    # no_effect: a teleport with nowhere to land
    g = story("╶╴", "@.", {}, character="bard", potion_identity={"red": "teleport"})
    yield from g.apply(Action("drink", card=give(g, "potion", colour="red")))
    # card_reused: the stack is out, so a walled-in card is laid again
    g = picked(("A",), seed=2, characters=["explorer"])
    below = g.board.neighbour(g.players[0].pos, S)
    g.board.content[below] = g.new_card("path_crossing")
    wall_in(g, "golem")
    g.catacomb.exploration.clear()
    yield from act(g, "flip S", "move S")
    # mole: no path leads anywhere new, and the hero pays to dig a crossing
    g = picked(("A", "B"))
    close_every_path(g)
    g.player.gold = 10
    below = g.board.neighbour(g.player.pos, S)
    yield from g.apply(Action("mole", target=g.cell(below)))
    # enemy_paralysed: a paralysis potion thrown at an enemy
    g = versus("goblin", "bard", potion_identity={"red": "paralysis"})
    yield from g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    # enemy_trap: an enemy teleported onto a trap
    g = story("╶╴ ╶╴", "@g .x", {"g": up("goblin"), ".": up("path"), "x": up("trap_spikes")},
              potion_identity={"red": "teleport"})
    yield from g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    yield from act(g, "place 0,4")
    # basilisks_discarded: stealing the second basilisk
    g = pair()
    give(g, "basilisk_venom", 0)
    give(g, "basilisk_gaze", 1)
    rig(g, "steal", 6)
    yield from act(g, "steal 1")
    # enemy_attack_changed: a strength potion thrown at an enemy
    g = versus("goblin", "bard", potion_identity={"red": "strength"})
    yield from g.apply(Action("throw", card=give(g, "potion", colour="red"), dir="E"))
    # still_away: coming back to a tile someone stands on
    g = table(ROW, ROW_CELLS, ROW_OPEN, [("Ann", "warrior"), ("Bo", "rogue")], [(0, 0), (0, 3)])
    yield from act(g, "move E", "leave", "move W", "move W", "end", "come_back")


def cardrogue_events() -> Iterator[Event]:
    yield from _cardrogue_rigged()
    yield from _cardrogue_corpus()
    yield from _cardrogue_classic_games(20)


def minirogue_events() -> Iterator[Event]:
    """Seeded games until every kind has turned up (spell_replaced needs a few hundred)."""
    from engine.minirogue import RULES
    from tests.engine.minirogue.players import careful_choice

    wanted = engine_kinds("minirogue")
    seen: set[str] = set()
    for seed in range(1500):
        if wanted <= seen:
            return
        rng = random.Random(seed)
        state = RULES.new_game(seed=seed, difficulty=("casual", "hard")[seed % 2],
                               dungeon_keys=seed % 3 == 0)
        events = list(state.start_events)
        while not state.is_over and len(state.history) < 5000:
            action = careful_choice(state) if rng.random() < 0.6 else rng.choice(
                state.legal_actions())
            events += state.apply(action)
        seen.update(e.kind for e in events)
        yield from events


def tabledungeon_events() -> Iterator[Event]:
    from engine.tabledungeon import RULES
    from tests.engine.tabledungeon.support import play_out

    wanted = engine_kinds("tabledungeon")
    seen: set[str] = set()
    for seed in range(60):
        if wanted <= seen:
            return
        state = play_out(seed=seed, players=2 + seed % 3, level="easy" if seed % 2 else "normal")
        replay = RULES.new_game(seed=seed, players=state.names)
        for action in state.history:
            events = replay.apply(action)
            seen.update(e.kind for e in events)
            yield from events


def _roguelike_rigged() -> Iterator[Event]:
    """The kinds careful play hardly meets, each from a game past creation with one thing set
    up. Where the dice decide, the seed is the first of range(200) that gives the kind (found
    by trying them in order; a rules change that moves it shows here as a kind never produced)."""
    from engine.roguelike import Action, State
    from engine.roguelike.character import Item
    from engine.roguelike.paper import Monster, Trap
    from engine.roguelike.tables import tables
    from tests.engine.roguelike.support import created

    def trap(name: str) -> Trap:
        return next(Trap(letter=letter, **row["result"])
                    for letter, rows in tables()["traps"].items()
                    for row in rows if row["result"]["name"] == name)

    def on_level_two(seed: int, ability: str) -> Generator[Event, None, State]:
        g = created(seed, ("hack", "stab"))
        g.place.landmarks.append("down")
        yield from g.apply(Action("descend"))
        yield from g.apply(Action("raise", names=("hack", "hack")))
        yield from g.apply(Action("ability", name=ability))
        return g

    def tiger() -> Monster:
        return Monster("tiger", "B", 30, "3d", ["edible", "trainable"])

    # spell: a scroll of lifedrain read in a fight (it wounds and heals)
    g = created(14)
    g.rogue.items.append(Item("scroll", spell="lifedrain"))
    g.place.monsters.append(tiger())
    yield from g.apply(Action("use", item=0))
    # cured: the cure-all potion; fake_amulet: the Amulet bought at a shop, used
    g = created(14)
    g.rogue.diseased = True
    g.rogue.items += [Item("cureall_potion"), Item("fake_amulet")]
    yield from g.apply(Action("use", item=0))
    yield from g.apply(Action("use", item=0))
    # befriend: Animal Friendship and a trainable creature
    g = created(7)
    g.rogue.abilities.append("animal_friendship")
    g.place.monsters.append(tiger())
    yield from g.apply(Action("befriend", monster=0))
    # barter, bought and mimic: a Master Barterer at a shop
    g = created(9)
    g.rogue.abilities.append("master_barterer")
    g.place.landmarks.append("shop")
    g.rogue.gold = 100
    g.place.stock = [
        {"price": 20, "count": 1, "mimic": False, "item": {"name": "leather_armour", "armour": 2}},
        {"price": 10, "count": 1, "mimic": True,
         "item": {"name": "mimic", "guise": {"name": "dagger", "dice": "1d"}}},
    ]
    yield from g.apply(Action("buy", index=0))
    yield from g.apply(Action("buy", index=0))
    # forgot_level: the forgetfulness trap (no attack roll)
    g = created(5)
    g.place.trap = trap("forgetfulness_trap")
    yield from g.apply(Action("spring"))
    # teleported: the level teleporter on level 2 sends the rogue up
    g = yield from on_level_two(5, "sneak")
    g.place.trap = trap("level_teleporter")
    yield from g.apply(Action("spring"))
    # map_revealed: a Hackmaster's hack on level 2 (seed 0: the hack passes)
    g = yield from on_level_two(0, "hackmaster")
    g.place.landmarks.append("terminal")
    yield from g.apply(Action("hack"))
    yield from g.apply(Action("reveal", index=1))
    # amulet_found: the Amulet's chamber
    g = created(12)
    g.place.landmarks.append("amulet")
    yield from g.apply(Action("take_amulet"))
    # rusted: the rust trap hits (seed 3)
    g = created(3)
    g.rogue.items.append(Item("sword", dice="3d"))
    g.place.trap = trap("rust_trap")
    yield from g.apply(Action("spring"))
    # climbed_back: in a chasm on level 4, where a 1d6 Climb cannot pass Difficulty 2
    g = created(2, ("stealth", "run"))
    while g.depth < 4:
        g.place.landmarks.append("down")
        g.apply(Action("descend"))
        g.apply(Action("raise", names=("stealth", "run")))
        g.apply(Action("ability", name="sneak" if g.depth == 2 else "luck" if g.depth == 3
                            else "sneak_attack"))
    g.place.feature, g.place.crossed, g.place.in_chasm = "chasm", False, True
    yield from g.apply(Action("climb"))
    # petrified: a medusa's gaze meets the rogue who tried to sneak past (seed 4)
    g = created(4)
    g.place.monsters.append(Monster("medusa", "A", 40, "0d", ["petrifies"]))
    yield from g.apply(Action("sneak"))
    # garment_chosen: the regular cloak or boots found, and made boots
    g = created(3)
    g.rogue.items.append(Item("cloak_or_boots"))
    yield from g.apply(Action("wear", item=len(g.rogue.items) - 1, name="boots"))
    # shop_unguarded: a rogue past all harm fells the shopkeeper he attacked
    g = created(3)
    g.place.landmarks.append("shop")
    g.rogue.hp = g.rogue.max_hp = 10_000
    yield from g.apply(Action("attack_shopkeeper"))
    while g.place.monsters:
        yield from g.apply(Action("attack", monster=0))


def _roguelike_corpus() -> Iterator[Event]:
    from engine.roguelike import RULES

    seen: list[Event] = []
    for path in sorted((ROOT / "tests" / "engine" / "roguelike" / "runs").glob("*.run.json")):
        verdict = RULES.verify(json.loads(path.read_text("utf-8")), on_start=seen.extend,
                               on_step=lambda n, action, events: seen.extend(events))
        assert verdict.ok, (path.name, verdict.reason)
    yield from seen


def _roguelike_played(seen: set[str]) -> Iterator[Event]:
    """Seeded games of the careful player of benchmarks/roguelike_balance.py, one action in three
    (and every special ability) chosen at random instead, until every kind has turned up (`seen`:
    the kinds met so far)."""
    import importlib.util

    from engine.roguelike import RULES

    spec = importlib.util.spec_from_file_location(
        "roguelike_balance", ROOT / "benchmarks" / "roguelike_balance.py")
    assert spec is not None and spec.loader is not None
    balance = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(balance)
    wanted = engine_kinds("roguelike")
    for seed in range(200):
        if wanted <= seen:
            return
        rng = random.Random(seed)
        build = list(balance.BUILDS.values())[seed % len(balance.BUILDS)]
        state = RULES.new_game(seed=seed)
        searched: set[tuple[int, int, int]] = set()
        while not state.is_over and len(state.history) < 1500:
            legal = state.legal_actions()
            action = None
            if state.phase != "ability" and rng.random() >= 0.3:
                action = balance.careful_action(state, build, searched)
            if action is None or action not in legal:
                action = rng.choice(legal)
            where = (state.depth, state.level.visits, state.here)
            events = state.apply(action)
            if action.kind == "search" and any(e.kind == "check" and e.data["passed"]
                                               for e in events):
                searched.add(where)
            seen.update(e.kind for e in events)
            yield from events


def roguelike_events() -> Iterator[Event]:
    seen: set[str] = set()
    for event in itertools.chain(_roguelike_rigged(), _roguelike_corpus()):
        seen.add(event.kind)
        yield event
    yield from _roguelike_played(seen)


def _shape(value: Any) -> Any:
    """An event's fields and the JSON types of their values, all the way down."""
    if isinstance(value, dict):
        return tuple(sorted((key, _shape(v)) for key, v in value.items()))
    if isinstance(value, list):
        return ("list", tuple(sorted({repr(_shape(v)) for v in value})))
    return type(value).__name__


PRODUCERS: dict[str, Callable[[], Iterator[Event]]] = {
    "cardrogue": cardrogue_events,
    "minirogue": minirogue_events,
    "roguelike": roguelike_events,
    "tabledungeon": tabledungeon_events,
}


def test_every_game_with_a_schema_has_a_producer():
    assert set(PRODUCERS) == set(SCHEMAS)


@pytest.mark.parametrize("game", sorted(SCHEMAS))
def test_every_kind_the_engine_builds_is_produced_and_matches_the_schema(game):
    doc = schema(game)
    jsonschema.Draft7Validator.check_schema(doc)
    validator = jsonschema.Draft7Validator(doc)
    shapes: set[tuple[Any, ...]] = set()
    seen: set[str] = set()
    for event in PRODUCERS[game]():
        data = json.loads(json.dumps(event.to_dict()))  # plain JSON values only
        seen.add(data["event"])
        shape = (data["event"], _shape(data))
        if shape in shapes:
            continue  # an event of this kind with these fields and types passed already
        shapes.add(shape)
        errors = [e.message for e in validator.iter_errors(data)]
        assert errors == [], f"{data}: {errors}"
    assert sorted(engine_kinds(game) - seen) == [], "never produced"
