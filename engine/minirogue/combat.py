"""COMBAT: the hero attacks first, then the monster strikes back, until one of them falls.

Attack phase: all unlocked dice are rolled at once; a 1 misses; a 6 is a critical that the hero
may roll again and add (a 1 on that roll loses the whole die). Feats (feats.py) may then reroll
any die; after the first feat, only a feat's own 6 may still be rerolled. `strike` deals the sum; then one spell may be cast (spells.py). Defence phase: the monster
deals its damage less one per armour point, unless frozen.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.minirogue import character, dungeon, ending, experience, items, turn

if TYPE_CHECKING:
    from engine.minirogue.state import State

MONSTER, BOSS, EVENT_MONSTER = "monster", "boss", "event_monster"


@dataclass(slots=True)
class CombatDie:
    value: int  # the damage this die deals now: 0 once it missed
    last: int  # the face it showed last: a 6 may be rolled again
    missed: bool = False
    feat_used: bool = False

    @classmethod
    def rolled(cls, face: int, miss_face: int) -> CombatDie:
        return cls(0 if face == miss_face else face, face, face == miss_face)

    def as_tuple(self) -> tuple[int, int, bool, bool]:
        return (self.value, self.last, self.missed, self.feat_used)


@dataclass(slots=True)
class Fight:
    foe: str  # MONSTER, BOSS or EVENT_MONSTER
    name: str
    level: int
    hp: int
    max_hp: int
    damage: int
    xp: int
    gold: int = 0
    final: bool = False  # the last boss: beating it wins the game
    frozen: int = 0  # counter-attacks the ice spell still stops
    poisons: int = 0  # poison spells cast in this fight: each adds its damage to every strike
    round: int = 0
    dice: list[CombatDie] = field(default_factory=list)

    def clone(self) -> Fight:
        copy = Fight(self.foe, self.name, self.level, self.hp, self.max_hp, self.damage, self.xp,
                     self.gold, self.final, self.frozen, self.poisons, self.round)
        copy.dice = [CombatDie(*d.as_tuple()) for d in self.dice]
        return copy

    def as_tuple(self) -> tuple[str, str, int, int, int, int, int, int, bool, int, int, int,
                                tuple[tuple[int, int, bool, bool], ...]]:
        return (self.foe, self.name, self.level, self.hp, self.max_hp, self.damage, self.xp,
                self.gold, self.final, self.frozen, self.poisons, self.round,
                tuple(d.as_tuple() for d in self.dice))


def monster_fight(state: State, events: list[Event], foe: str = MONSTER) -> Fight:
    """A monster of the current level: the area's number plus one die in health."""
    t = state.tables
    level = dungeon.level_number(t, state.area)
    faces = [state.roll("monster_hp") for _ in range(t.monster_hp_dice)]
    hp = state.area + sum(faces)
    events.append(Event("monster_health", {"area": state.area, "faces": faces, "hp": hp}))
    if foe == EVENT_MONSTER:
        card = t.event_monster
        return Fight(foe, card.name, level, hp, hp, card.damage * level, card.xp)
    card = t.monsters[level - 1]
    return Fight(foe, card.name, level, hp, hp, card.damage, card.xp)


def boss_fight(state: State) -> Fight:
    t = state.tables
    level = dungeon.level_number(t, state.area)
    card = t.bosses[level - 1]
    return Fight(BOSS, card.name, level, card.hp, card.hp, card.damage, card.xp, card.gold,
                 final=level == t.levels[-1].number)


def start(state: State, fight: Fight, events: list[Event]) -> None:
    state.fight = fight
    events.append(Event("fight_begins", {"foe": fight.foe, "name": fight.name,
                                         "level": fight.level, "hp": fight.hp,
                                         "damage": fight.damage}))
    begin_attack(state, events)


def begin_attack(state: State, events: list[Event]) -> None:
    """ATTACK PHASE, step 1: roll every unlocked die."""
    fight, t = state.fight, state.tables
    assert fight is not None
    fight.round += 1
    faces = [state.roll("attack") for _ in range(experience.dice_count(state.hero, t))]
    fight.dice = [CombatDie.rolled(face, t.miss_face) for face in faces]
    state.pending = "attack"
    events.append(Event("attack_roll", {"round": fight.round, "faces": faces,
                                        "misses": faces.count(t.miss_face),
                                        "criticals": faces.count(t.critical_face)}))


def die_problem(state: State, die: int) -> str | None:
    assert state.fight is not None
    if die >= len(state.fight.dice):
        return f"there is no die {die}: you rolled {len(state.fight.dice)}"
    return None


def reroll_problem(state: State, die: int) -> str | None:
    problem = die_problem(state, die)
    if problem:
        return problem
    assert state.fight is not None
    d = state.fight.dice[die]
    if d.missed or d.last != state.tables.critical_face:
        return f"die {die} shows no critical {state.tables.critical_face}"
    if feats_begun_without(state.fight, d):
        return "criticals come before feats: after a feat only its own die's 6 may be rerolled"
    return None


def feats_begun_without(fight: Fight, d: CombatDie) -> bool:
    """Whether this attack phase has moved on to feats, and die `d` took none (FEATS: once
    feats begin, only a die a feat rerolled may still roll its 6 again)."""
    return not d.feat_used and any(other.feat_used for other in fight.dice)


def reroll(state: State, die: int, events: list[Event]) -> None:
    """A critical rolled again: the new face adds, unless it misses and loses the die."""
    assert state.fight is not None
    t, d = state.tables, state.fight.dice[die]
    face = state.roll("critical")
    if face == t.miss_face:
        d.value, d.missed = 0, True
    else:
        d.value += face
    d.last = face
    events.append(Event("critical_reroll", {"die": die, "roll": face, "value": d.value,
                                            "missed": d.missed}))


def strike(state: State, events: list[Event]) -> None:
    """ATTACK PHASE, step 5: the dice's sum, and 5 per poison cast, come off the monster's health."""
    fight, t = state.fight, state.tables
    assert fight is not None
    dice_damage = sum(d.value for d in fight.dice)
    poison = t.spell_numbers["poison_damage"] * fight.poisons
    before = fight.hp
    fight.hp = max(0, fight.hp - dice_damage - poison)
    events.append(Event("strike", {"dice": [d.value for d in fight.dice], "damage": dice_damage,
                                   "poison": poison, "hp_before": before, "hp": fight.hp}))
    if fight.hp == 0:
        defeat(state, events)
    elif state.hero.spells:
        state.pending = "spell"  # ATTACK PHASE, step 6: one spell may follow
    else:
        defend(state, events)


def after_spell(state: State, events: list[Event]) -> None:
    assert state.fight is not None
    if state.fight.hp == 0:
        defeat(state, events)
    else:
        defend(state, events)


def defend(state: State, events: list[Event]) -> None:
    """DEFENCE PHASE: the counter-attack, less the armour; then the next attack phase."""
    fight, t, hero = state.fight, state.tables, state.hero
    assert fight is not None
    if fight.frozen > 0:
        fight.frozen -= 1
        events.append(Event("frozen", {"name": fight.name}))
    else:
        blocked = min(fight.damage, hero.armor * t.armor_blocks_per_point)
        events.append(Event("counter_attack", {"name": fight.name, "damage": fight.damage,
                                               "blocked": blocked,
                                               "taken": fight.damage - blocked}))
        if fight.damage - blocked > 0:
            character.lose(hero, t, "hp", fight.damage - blocked, events, fight.foe)
        if ending.check_death(state, events, fight.foe):
            return
    begin_attack(state, events)


def defeat(state: State, events: list[Event]) -> None:
    """The foe falls: its reward, then the room is done."""
    fight, t, hero = state.fight, state.tables, state.hero
    assert fight is not None
    events.append(Event("foe_defeated", {"foe": fight.foe, "name": fight.name,
                                         "rounds": fight.round}))
    if fight.foe == BOSS:
        state.bosses_defeated += 1
        if fight.final:
            ending.win(state, events)
            return
        if fight.gold:
            character.gain(hero, t, "gold", fight.gold, events, "boss")
        character.gain(hero, t, "xp", fight.xp, events, "boss")
        state.fight = None
        for _ in range(t.boss_item_rolls):
            if items.find_item(state, events, "boss"):
                return  # the room ends once the found spell is settled
    else:
        state.monsters_defeated += 1
        state.turn_kills += 1
        character.gain(hero, t, "xp", fight.xp, events, fight.foe)
    turn.finish_room(state, events)
