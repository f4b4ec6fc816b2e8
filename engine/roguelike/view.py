"""What a screen may show of a game: frozen values only, and only what the rogue has seen.

The map is drawn as the rogue has drawn it on his sheet: one string per row, with the glyphs of
LEGEND. Unidentified magic items go by their colour, a mimic by the ware it looks like.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.roguelike.actions import Action
from engine.roguelike.encounters import letters_at
from engine.roguelike.loot import item_name, unidentified
from engine.roguelike.paper import LEFT, Door
from engine.roguelike.tables import difficulty

if TYPE_CHECKING:
    from engine.roguelike.state import State


@dataclass(frozen=True)
class DoorView:
    """A door of the rogue's place that he can see: where it is, the way it faces, its state
    (locked None until tried; false once opened onto bare rock; beyond while a chasm or cliff
    still to be crossed lies between it and the rogue)."""

    door: int
    square: tuple[int, int]
    facing: str  # the way from the rogue's place through the door: "N", "E", "S" or "W"
    open: bool
    locked: bool | None
    false: bool
    beyond: bool = False


@dataclass(frozen=True)
class MonsterView:
    name: str
    letter: str
    hp: int


@dataclass(frozen=True)
class ItemView:
    item: str  # its colour and kind until identified ("yellow_potion")
    status: str  # "cursed", "uncursed", "blessed", or "unknown" until identified
    charges: int


@dataclass(frozen=True)
class WareView:
    item: str
    price: int
    count: int


@dataclass(frozen=True)
class PlaceView:
    """The place the rogue is in."""

    kind: str  # "room" or "corridor"
    feature: str  # a room's special feature ("empty", "chasm", "altar", ...); "" in a corridor
    landmarks: tuple[str, ...]
    monsters: tuple[MonsterView, ...]
    trap: str | None
    corpses: tuple[str, ...]
    stock: tuple[WareView, ...]
    doors: tuple[DoorView, ...]
    crossed: bool


@dataclass(frozen=True)
class View:
    """What a screen shows: plain frozen values only, and only what the rogue has seen."""

    phase: str
    level: int
    difficulty: int
    letters: tuple[str, ...]  # the encounter letters a room of this level can meet, E to A
    map_rows: tuple[str, ...]
    legend: tuple[tuple[str, str], ...]
    rogue_at: tuple[int, int]
    place: PlaceView
    skills: tuple[tuple[str, int], ...]
    hp: int
    max_hp: int
    rogue_level: int
    gold: int
    lockpicks: int
    items: tuple[ItemView, ...]
    abilities: tuple[str, ...]
    diseased: bool
    pending: str
    legal: tuple[Action, ...]
    outcome: str | None
    score: int
    deepest: int


LEGEND = (("@", "you"), (".", "room floor"), (",", "corridor"), ("#", "wall"),
          ("+", "closed door"), ("=", "locked door"), ("'", "open door"), ("x", "false door"),
          ("<", "stairs up"), (">", "stairs down"), ("T", "terminal"), ("S", "shop"),
          ("A", "the Amulet's chamber"))
LANDMARK_GLYPH = {"up": "<", "down": ">", "terminal": "T", "shop": "S", "amulet": "A"}
PENDING_BY_PHASE = {"create": "choose_skills", "raise": "raise_skills", "ability": "choose_ability",
                    "over": "none"}


def build_view(state: State) -> View:
    """The rogue's seat's view of `state`."""
    level, rogue, place = state.level, state.rogue, state.place
    doors = tuple(DoorView(d, level.doors[d].square, _way_through(state, level.doors[d]),
                           level.doors[d].open, level.doors[d].locked,
                           level.doors[d].false and level.doors[d].open, place.beyond(d))
                  for d in place.doors if level.doors[d].visible)
    place_view = PlaceView(
        kind=place.kind, feature=place.feature if place.kind == "room" else "",
        landmarks=tuple(place.landmarks),
        monsters=tuple(MonsterView(m.name, m.letter, m.hp) for m in place.monsters),
        trap=place.trap.name if place.trap else None,
        corpses=tuple(c["name"] for c in place.corpses),
        stock=tuple(WareView(_ware_name(w), w["price"], w["count"]) for w in place.stock),
        doors=doors, crossed=place.crossed)
    return View(
        phase=state.phase, level=state.depth, difficulty=difficulty(state.depth),
        letters=letters_at(state.depth),
        map_rows=tuple(map_rows(state)), legend=LEGEND, rogue_at=state.rogue_square(),
        place=place_view,
        skills=tuple(sorted(rogue.skills.items())), hp=rogue.hp, max_hp=rogue.max_hp,
        rogue_level=rogue.level, gold=rogue.gold, lockpicks=rogue.lockpicks,
        items=tuple(ItemView(item_name(i), i.status if i.identified else "unknown",
                             i.charges) for i in rogue.items),
        abilities=tuple(rogue.abilities), diseased=rogue.diseased, pending=_pending(state),
        legal=tuple(state.legal_actions()), outcome=state.outcome, score=state.score(),
        deepest=state.deepest)


def _pending(state: State) -> str:
    """The decision the game waits for."""
    if state.phase != "play":
        return PENDING_BY_PHASE[state.phase]
    place = state.place
    if place.in_chasm:
        return "climb_out"
    if place.trap is not None:
        return "trap"
    return "fight" if state.awake() else "explore"


def _way_through(state: State, door: Door) -> str:
    """The way from the rogue's place through `door`: its facing, or the opposite way when
    the rogue is on its far side."""
    return door.facing if door.inner == state.here else LEFT[LEFT[door.facing]]


def _ware_name(ware: dict[str, Any]) -> str:
    item = ware["item"]
    if ware["mimic"]:
        item = item["guise"]  # a mimic looks like a ware until touched
    if item["name"] == "fake_amulet":
        return "amulet_of_yendor"
    return item["name"] if item.get("identified", True) else unidentified(item["name"], item["colour"])


def map_rows(state: State) -> list[str]:
    """The current level as the rogue has drawn it: one string per row of the sheet."""
    level = state.level
    width = level.width
    cells = [" "] * (width * level.height)
    for index in level.seen:
        cells[index] = "#"  # a seen square is wall unless something is drawn there
    for place in level.places:
        glyph = "." if place.kind == "room" else ","
        for r, c in place.squares:
            if r * width + c in level.seen:
                cells[r * width + c] = glyph
    for door in level.doors:
        index = door.square[0] * width + door.square[1]
        if index in level.seen and door.visible:
            cells[index] = "x" if door.false and door.open else (
                "'" if door.open else "=" if door.locked else "+")
    for name, place_id in level.reached.items():
        square = level.landmarks[name]
        if square not in level.places[place_id].squares:
            square = level.places[place_id].squares[0]  # a hidden way on, found by search
        r, c = square
        if r * width + c in level.seen:
            cells[r * width + c] = LANDMARK_GLYPH[name]
    r, c = state.rogue_square()
    cells[r * width + c] = "@"
    return ["".join(cells[row * width:(row + 1) * width]) for row in range(level.height)]
