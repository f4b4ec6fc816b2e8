"""What a screen may show of a game: frozen values only, worked out by the engine.

Face-down room cards show as None: a column is revealed when the hero reaches it (both cards
of a two-card column), and the boss lies face up from the start of a level's last area.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.minirogue import combat, dungeon, experience, scoring

if TYPE_CHECKING:
    from engine.minirogue.state import State


@dataclass(frozen=True)
class RoomView:
    room: str | None  # None while face down
    taken: bool  # the hero entered this room


@dataclass(frozen=True)
class ColumnView:
    index: int
    rooms: tuple[RoomView, ...]
    current: bool
    done: bool


@dataclass(frozen=True)
class LevelView:
    number: int
    name: str
    areas: tuple[int, ...]


@dataclass(frozen=True)
class FoeView:
    kind: str  # monster, boss or event_monster
    name: str
    level: int
    hp: int
    max_hp: int
    damage: int
    frozen: bool
    poisons: int  # poison spells cast on it: each deals 5 at every strike
    round: int


@dataclass(frozen=True)
class DieView:
    value: int  # damage it deals now
    face: int  # the face it shows last
    missed: bool
    critical: bool  # may be rolled again
    feat_used: bool


@dataclass(frozen=True)
class WareView:
    item: str
    name: str
    buy: int | None
    sell: int | None


@dataclass(frozen=True)
class View:
    seat: int
    difficulty: str
    dungeon_keys: bool
    has_key: bool
    # the character card
    armor: int
    hp: int
    gold: int
    food: int
    rank: int
    xp: int
    xp_to_next_rank: int | None  # None at the top rank
    xp_die: tuple[int, int] | None  # (slot, face) of the die on the XP track; None at 0 XP
    dice: int  # unlocked combat dice
    spells: tuple[str, ...]
    max_armor: int
    max_hp: int
    max_gold: int
    max_food: int
    max_spells: int
    # the dungeon card
    levels: tuple[LevelView, ...]
    level: int
    area: int
    last_area: int
    columns: tuple[ColumnView, ...]
    column: int
    # the fight, the dice, the choice
    foe: FoeView | None
    combat_dice: tuple[DieView, ...]
    last_dice: tuple[tuple[str, int], ...]  # (purpose, face) of the latest action that rolled
    pending: str
    event_options: tuple[int, ...]
    found_spell: str | None
    wares: tuple[WareView, ...]  # at the merchant, else empty
    rest_options: tuple[str, ...]  # at the resting room, else empty
    feat_costs: tuple[tuple[str, int], ...]  # what a feat costs, paid in each way: ("hp", 2)
    legal: tuple[tuple[tuple[str, Any], ...], ...]  # the legal actions as (field, value) pairs
    # the score sheet
    monsters_defeated: int
    bosses_defeated: int
    score: int
    outcome: str | None
    cause: str | None


def xp_die(xp: int, per_slot: int) -> tuple[int, int] | None:
    """Where the XP die sits: each slot of the track holds `per_slot` XP and the face shows the
    rest (a die on its top face moves up a slot at the next XP and shows 1 again)."""
    if xp <= 0:
        return None
    return ((xp - 1) // per_slot, (xp - 1) % per_slot + 1)


def build_view(state: State, seat: int = 0) -> View:
    t, hero = state.tables, state.hero
    columns = dungeon.columns_here(t, state.layout, state.area)
    column_views = []
    for index, cards in enumerate(columns):
        face_up = index <= state.column or cards == [dungeon.BOSS]
        taken = state.taken[index] if index < len(state.taken) else None
        column_views.append(ColumnView(
            index, tuple(RoomView(room if face_up else None, row == taken)
                         for row, room in enumerate(cards)),
            current=index == state.column and state.outcome is None,
            done=index < len(state.taken) and index != state.column))
    fight = state.fight
    foe = None if fight is None else FoeView(fight.foe, fight.name, fight.level, fight.hp,
                                             fight.max_hp, fight.damage, fight.frozen > 0,
                                             fight.poisons, fight.round)
    dice = () if fight is None or state.pending not in ("attack", "spell") else tuple(
        DieView(d.value, d.last, d.missed,
                not d.missed and d.last == t.critical_face
                and not combat.feats_begun_without(fight, d),
                d.feat_used) for d in fight.dice)
    wares = () if state.pending != "merchant" else tuple(
        WareView(w.id, w.name, w.buy, w.sell) for w in t.wares.values())
    top = hero.rank >= t.max_rank
    return View(
        seat=seat, difficulty=state.difficulty, dungeon_keys=state.dungeon_keys,
        has_key=state.has_key,
        armor=hero.armor, hp=hero.hp, gold=hero.gold, food=hero.food, rank=hero.rank,
        xp=hero.xp, xp_to_next_rank=None if top else t.xp_to_next_rank[hero.rank - 1],
        xp_die=xp_die(hero.xp, t.xp_per_track_slot),
        dice=experience.dice_count(hero, t), spells=tuple(hero.spells),
        max_armor=t.max_stats["armor"], max_hp=t.max_stats["hp"], max_gold=t.max_stats["gold"],
        max_food=t.max_stats["food"], max_spells=t.max_stats["spells"],
        levels=tuple(LevelView(lv.number, lv.name, lv.areas) for lv in t.levels),
        level=dungeon.level_number(t, state.area), area=state.area, last_area=t.last_area,
        columns=tuple(column_views), column=state.column,
        foe=foe, combat_dice=dice, last_dice=state.last_dice, pending=state.pending,
        event_options=state.event_options, found_spell=state.found_spell, wares=wares,
        rest_options=tuple(t.resting) if state.pending == "resting" else (),
        feat_costs=(("hp", t.feat_hp_cost), ("xp", t.feat_xp_cost)),
        legal=tuple(tuple(a.to_dict().items()) for a in state.legal_actions()),
        monsters_defeated=state.monsters_defeated, bosses_defeated=state.bosses_defeated,
        score=scoring.score(state), outcome=state.outcome, cause=state.cause,
    )
