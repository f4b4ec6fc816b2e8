"""The small story maps the run corpus was played on, built in code from text grids.

A run file names its map by id (the sha256 of the map's gameplay form), so changing anything
here that affects play gives the map a new id and orphans its runs: the corpus test then fails
with "unknown map". Titles may change freely; they are not part of the id.
"""

from __future__ import annotations

from engine.cardrogue import Goal, MapSpec, level_from_grids, map_from_levels
from engine.cardrogue.identity import map_id


def _one(level_id: str, paths: str, cells: str, legend: dict | None = None, *, seed: int,
         title: str, **fields) -> MapSpec:
    level = level_from_grids(level_id, paths, cells, legend, **fields)
    return map_from_levels([level], seed=seed, title=title)


def corridor() -> MapSpec:
    """Flip and step to the ladder: the shortest kind of run."""
    return _one("hall", "╶───╴", "@...>", seed=11, title="Corridor")


def goblin_gate() -> MapSpec:
    """A goblin blocks the way; the warrior has to fight it."""
    return _one("gate", "╶───╴", "@.g.>", {"g": "goblin"}, seed=22, title="Goblin Gate")


def crossroads() -> MapSpec:
    """A small maze with a bat, a trap, a fountain and a potion, played by the explorer."""
    paths = """
┌┬─┐
├┼┬┤
└┴┴┘"""
    cells = """
@b.p
t.fs
..k>"""
    legend = {"b": "cave_bat", "p": "potion", "t": "trap_spikes", "f": "fountain",
              "s": "sewer_rat", "k": "kobold"}
    return _one("cross", paths, cells, legend, seed=33, title="Crossroads",
                characters=("explorer",))


def market() -> MapSpec:
    """A rogue with gold, a shop with a short stock, and a ladder behind a rat."""
    paths = """
╶┬─╴
 └─╴"""
    cells = """
@$.r
 ..>"""
    legend = {"$": {"card": "shop", "stock": ["dagger", "potion", "helm"]}, "r": "sewer_rat"}
    return _one("market", paths, cells, legend, seed=44, title="Market", gold=6,
                characters=("rogue",))


def two_floors() -> MapSpec:
    """Two levels: find the key and open the chest; then slay the goblin and come back to the
    start, the last level's exit. Health and items carry over between them."""
    first = level_from_grids(
        "cellar", """
┌─┐
├─┤
└─┘""", """
@.k
..b
c.>""", {"k": "key", "c": "chest", "b": "cave_bat"},
        goals=(Goal("chest"),), title="Cellar")
    second = level_from_grids(
        "crypt", """
╶─┐
 ┌┘""", """
@.g
 ..""", {"g": "goblin"},
        goals=(Goal("slay", "goblin"),), exit="start", title="Crypt")
    return map_from_levels([first, second], seed=55, title="Two Floors")


def deadly() -> MapSpec:
    """A frail mage next to a troll, with 2 health: the corpus's lost run."""
    return _one("lair", "╶─╴", "@T>", {"T": "troll"}, seed=66, title="Troll's Lair",
                characters=("mage",), health=2)


def alchemy() -> MapSpec:
    """A cleric among potions of known colours, a paralysis trap, a vampire bat and an amulet;
    the goal is to leave holding the amulet."""
    paths = """
┌┬┬┐
└┴┴┘"""
    cells = """
@pvr
aqx>"""
    legend = {"p": {"card": "potion", "colour": "red"}, "q": {"card": "potion", "colour": "blue"},
              "v": "vampire_bat", "r": "trap_paralysis", "a": "amulet_of_vigour",
              "x": "trap_poison"}
    return _one("still", paths, cells, legend, seed=77, title="Alchemy",
                characters=("cleric",), goals=(Goal("hold", "amulet_of_vigour"),),
                potion_identity={"red": "healing", "blue": "strength", "green": "poison",
                                 "yellow": "weakness", "purple": "teleport",
                                 "white": "paralysis"})


MAPS = {
    "corridor": corridor,
    "goblin_gate": goblin_gate,
    "crossroads": crossroads,
    "market": market,
    "two_floors": two_floors,
    "deadly": deadly,
    "alchemy": alchemy,
}


def by_id() -> dict[str, MapSpec]:
    """Every corpus map, keyed by its map id."""
    out = {}
    for make in MAPS.values():
        spec = make()
        out[map_id(spec)] = spec
    return out
