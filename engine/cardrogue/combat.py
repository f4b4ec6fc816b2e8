"""Combat (rulebook: Combat, Fleeing, Slaying, Surround an enemy; clarifications on attacks).

A combat round on the hero's turn:
  1. the hero attacks one adjacent enemy, or tries to flee;
  2. each enemy fighting the hero applies its abilities;
  3. each enemy fighting the hero attacks.
Only the first hero to engage an enemy is attacked by it and triggers its abilities (surround).

The attack roll: the die (a reroll-twice face becomes two more dice, again and again, and two
more per dagger when a Rogue holds two), then
Min. Attack, then double damage, then the +X/-X attack modifier last. Where Min. Attack and a
negative modifier disagree, the reading better for the hero wins, as the rulebook asks. An attack
of 0 or less does nothing; a miss face deals nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cardrogue import catacomb, characters, effects, goals, tiles
from engine.cardrogue.actions import Action
from engine.cardrogue.engagement import engage
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Enemy, Player
    from engine.cardrogue.state import State

# A run of reroll faces is cut off after this many dice, so no roll can loop for ever.
MAX_ATTACK_DICE = 64
# "Attack again" faces can chain; a round holds at most this many attacks (a chain of eight
# sixes comes once in 1.7 million rounds), so no round can loop for ever.
MAX_ATTACKS_PER_ROUND = 8


def fight_stream(g: State, e: Enemy) -> str:
    return f"fight:{g.level_index}:{e.home}"


def roll_attack(g: State, p: Player, stream: str) -> dict[str, Any]:
    """Roll p's attack with everything p has equipped. Returns the worked arithmetic."""
    gear = characters.weapons(g, p)
    # face -> how many equipped cards reroll on it: two daggers each give two more dice.
    reroll: dict[int, int] = {}
    miss, block, again = set(), set(), set()
    for d in gear:
        for face, effect in d.on_roll:
            if effect == "reroll_twice":
                reroll[face] = reroll.get(face, 0) + 1
            elif effect == "miss":
                miss.add(face)
            elif effect == "block":
                block.add(face)
            else:  # attack_again
                again.add(face)
    min_attack = max((d.min_attack for d in gear), default=0)
    multiplier = 2 if any(d.double_damage for d in gear) else 1
    modifier = characters.attack_modifier(g, p)
    first = g.dice.roll(stream)
    rolls, counted = [first], []
    owed = 2 * reroll.get(first, 0)
    if not owed:
        counted.append(first)
    while owed and len(rolls) < MAX_ATTACK_DICE:
        owed -= 1
        r = g.dice.roll(stream)
        rolls.append(r)
        if r in reroll:
            owed += 2 * reroll[r]
        else:
            counted.append(r)
    base = sum(counted)
    damage = multiplier * max(base, min_attack) + modifier
    if min_attack:
        damage = max(damage, max(multiplier * base + modifier, min_attack))
    missed = first in miss
    if missed or damage < 0:
        damage = 0
    return {
        "rolls": rolls, "counted": counted, "base": base, "min_attack": min_attack,
        "multiplier": multiplier, "modifier": modifier, "damage": damage, "missed": missed,
        "blocked": first in block, "again": first in again,
        "gear": [d.name for d in gear if d.double_damage or d.min_attack or d.on_roll],
    }


def hurt_enemy(g: State, p: Player, e: Enemy, amount: int, events: list[Event]) -> None:
    if amount <= 0:
        return
    e.health -= amount
    e.hurt_this_turn = True
    events.append(Event("enemy_damage", {"target": list(g.cell(e.pos)), "enemy": g.catalog.cards[e.card.id].name, "amount": amount,
                                         "health": e.health, "by": p.seat}))
    if e.health <= 0:
        slay(g, p, e, events)


def slay(g: State, p: Player, e: Enemy, events: list[Event]) -> None:
    """The enemy card goes to the slayer's hand as loot; a pathing tile takes its place."""
    del g.enemies[e.pos]
    if g.catacomb is not None:
        catacomb.replace_with_path(g, e.pos, p.pos, events)
    d = g.catalog.cards[e.card.id]
    p.slain.append(d.id)
    if d.base and d.base != d.id:
        p.slain.append(d.base)  # a custom goblin still counts as a goblin for goals
    events.append(Event("slain", {"player": p.seat, "card": e.card.id, "name": d.name,
                                  "target": list(g.cell(e.pos)), "gold": d.gold or 0}))
    goals.take_card(g, p, e.card, events)


def after_enemy_slain(g: State, p: Player) -> None:
    """With no enemy left next to the hero, the standard turn resumes: at step 2 (move) if
    combat began by flipping the enemy, at step 4 (place cards, end) if by moving next to it."""
    if g.in_combat(p):
        return
    if g.this_turn.combat_origin == "flip":
        g.this_turn.can_flip = False
        g.this_turn.moves_left = 1 + characters.movement(g, p)
    elif g.this_turn.combat_origin is not None:
        g.this_turn.moves_left = 0
    g.this_turn.combat_origin = None


def tick_enemy_poison(g: State, p: Player, events: list[Event]) -> None:
    """Enemies that p poisoned lose 1 health at the start of p's turn."""
    if not g.enemies:
        return
    for e in [e for e in g.enemies.values() if e.poison > 0 and e.poisoner == p.seat]:
        e.poison -= 1
        events.append(Event("enemy_poison_tick", {"target": list(g.cell(e.pos)), "enemy": g.catalog.cards[e.card.id].name, "left": e.poison}))
        hurt_enemy(g, p, e, 1, events)


def enemy_attack(g: State, e: Enemy, roll: int | None = None) -> int:
    """What e hits for before armour: its card's attack (twice its die `roll`, for an enemy
    that rolls), plus what thrown potions changed; never below 0: a weakened blow does
    nothing."""
    d = g.catalog.cards[e.card.id]
    if d.attack_double_roll and roll is None:
        raise ValueError(f"{d.name} rolls for its attack: give the roll")
    base = 2 * roll if d.attack_double_roll and roll is not None else d.attack
    return max(base + e.attack_mod, 0)


def enemy_steps(g: State, p: Player, blocked: bool, events: list[Event]) -> None:
    """Steps 2 and 3 for every enemy whose first opponent is p."""
    for e in list(g.enemies.values()):
        if p.dead or g.outcome is not None:
            return
        if e.pos not in g.enemies or not e.aggro or e.aggro[0] != p.seat:
            continue
        assert p.pos is not None  # a living hero someone fights stands on the board
        if e.pos not in g.board.adjacent(p.pos):
            continue
        target = list(g.cell(e.pos))
        if e.paralysed > 0:
            e.paralysed -= 1
            events.append(Event("enemy_paralysed", {"target": target, "enemy": g.catalog.cards[e.card.id].name, "left": e.paralysed}))
            continue
        if blocked:
            events.append(Event("blocked", {"player": p.seat, "target": target}))
            continue
        d = g.catalog.cards[e.card.id]
        stream = fight_stream(g, e)
        # Step 2: abilities.
        for ability in ("poison", "paralyse"):
            chance = getattr(d, ability)
            if chance is None:
                continue
            roll = g.dice.roll(stream)
            hit = roll in chance.on
            events.append(Event("enemy_ability", {"target": target, "enemy": g.catalog.cards[e.card.id].name, "ability": ability,
                                                  "roll": roll, "on": list(chance.on), "hit": hit}))
            if hit and ability == "poison":
                effects.poison_player(g, p, chance.turns, d.name, events)
            elif hit:
                effects.paralyse_player(g, p, chance.turns, d.name, events)
        if d.heals:
            effects.heal_enemy(g, e, d.heals, "heals each attack", events)
        # Step 3: the attack.
        attack_roll = g.dice.roll(stream) if d.attack_double_roll else None
        attack = enemy_attack(g, e, attack_roll)
        reduction = characters.damage_taken(g, p)
        damage = max(0, attack - reduction)
        events.append(Event("enemy_attack", {"target": target, "enemy": g.catalog.cards[e.card.id].name, "player": p.seat, "roll": attack_roll,
                                             "attack": attack, "reduction": reduction,
                                             "damage": damage}))
        if damage:
            effects.hurt_player(g, p, damage, d.name, events)


# ---------------------------------------------------------------------- attack, flee, cast

def check(g: State, p: Player, action: Action) -> str | None:
    if action.kind == "cast":
        return _check_cast(g, p, action)
    fighting = g.in_combat(p)
    if not fighting:
        return "you are not in combat: no enemy is next to you"
    if g.this_turn.attacked:
        return "you have already attacked this turn"
    if g.this_turn.fled:
        return "you have already fled this turn"
    if action.kind == "attack":
        target = g.toward(p, action.dir)
        if target is None or target not in g.enemies:
            return "there is no enemy that way"
        return None
    # flee; first what no tile changes, so a Warrior is told why whichever way he tries
    faces, warrior = characters.flee_faces(g, p)
    if warrior and not faces and _chasers(g, p):
        return "the Warrior does not flee without an item that allows it"
    dest = g.toward(p, action.dir)
    if dest is None or g.board.face[dest] != 2:
        return "you can only flee onto a revealed tile connected to yours"
    if g.occupied(dest):
        return "that tile is occupied"
    near = set(g.board.adjacent(dest))
    if any(e.pos in near for e in fighting):
        return "fleeing must take you away from the enemy"
    return None


def _chasers(g: State, p: Player) -> list[Enemy]:
    """Enemies that would chase p: p is their first opponent, and they can and do chase."""
    out = []
    for e in g.in_combat(p):
        d = g.catalog.cards[e.card.id]
        if e.aggro and e.aggro[0] == p.seat and not d.no_chase and e.paralysed == 0:
            out.append(e)
    return out


def do(g: State, p: Player, action: Action, events: list[Event]) -> None:
    if action.kind == "cast":
        _cast(g, p, action, events)
        return
    g.this_turn.only_moved = False
    target = g.toward(p, action.dir)
    assert target is not None  # check() found an enemy to attack or a tile to flee to that way
    if action.kind == "attack":
        _attack(g, p, g.enemies[target], events)
    else:
        _flee(g, p, target, events)


def _attack(g: State, p: Player, e: Enemy, events: list[Event]) -> None:
    """Step 1 of the round: one attack roll, and one more each time an "attack again" face
    comes up while the enemy stands; then the enemies act (unless a roll blocked them)."""
    g.this_turn.attacked = True
    d = g.catalog.cards[e.card.id]
    stream = fight_stream(g, e)
    blocked = False
    for _ in range(MAX_ATTACKS_PER_ROUND):
        result = roll_attack(g, p, stream)
        blocked = blocked or result["blocked"]
        dodged, dodge_roll = False, None
        first_opponent = bool(e.aggro) and e.aggro[0] == p.seat
        if d.dodge_on and first_opponent and not result["blocked"] and e.paralysed == 0:
            dodge_roll = g.dice.roll(stream)
            dodged = dodge_roll in d.dodge_on
        dealt = 0 if dodged else result["damage"]
        events.append(Event("attack", {"player": p.seat, "target": list(g.cell(e.pos)),
                                       "enemy": d.name, **result, "dodge_roll": dodge_roll,
                                       "dodged": dodged, "dealt": dealt}))
        hurt_enemy(g, p, e, dealt, events)
        if not result["again"] or g.enemies.get(e.pos) is not e or g.outcome is not None:
            break
    enemy_steps(g, p, blocked, events)
    if p.dead or g.outcome is not None:
        return
    if g.in_combat(p):
        g.ending = True
    else:
        after_enemy_slain(g, p)


def _flee(g: State, p: Player, dest: int, events: list[Event]) -> None:
    fighting = g.in_combat(p)
    chasers = _chasers(g, p)
    roll = None
    if chasers:
        faces, _ = characters.flee_faces(g, p)
        roll = g.dice.roll(f"flee:{g.level_index}:{chasers[0].home}")
        success = roll in faces
    else:
        success = True
    events.append(Event("flee", {"player": p.seat, "roll": roll, "success": success,
                                 "free": not chasers}))
    if not success:
        g.this_turn.attacked = True
        enemy_steps(g, p, False, events)
        if not p.dead and g.outcome is None:
            g.ending = True
        return
    for e in fighting:
        if p.seat in e.aggro:
            e.aggro.remove(p.seat)
        if not e.aggro:  # left with no opponent, the enemy recovers; in a surround it fights on
            e.health = g.catalog.cards[e.card.id].health
            e.hurt_this_turn = False
    g.this_turn.fled = True
    g.this_turn.can_flip = False
    g.this_turn.combat_origin = None
    origin = p.pos
    assert origin is not None  # a hero in combat stands on the board
    p.pos = dest
    events.append(Event("move", {"player": p.seat, "from": list(g.cell(origin)),
                                 "to": list(g.cell(dest))}))
    tiles.arrive(g, p, dest, events)
    g.this_turn.moves_left = 0
    engage(g, p, "move")


# ---------------------------------------------------------------------- the Mage's spell

def _check_cast(g: State, p: Player, action: Action) -> str | None:
    char = g.catalog.characters[p.character]
    if not char.spell_damage:
        return f"the {char.name} casts no spells"
    if p.cooldown > 0:
        return f"the spell is cooling down ({p.cooldown} turn(s) left)"
    target = g.toward(p, action.dir)
    if target is None or target not in g.enemies:
        return "there is no adjacent enemy that way"
    return None


def _cast(g: State, p: Player, action: Action, events: list[Event]) -> None:
    char = g.catalog.characters[p.character]
    target = g.toward(p, action.dir)
    assert target is not None  # _check_cast found an enemy that way
    enemy = g.enemies[target]
    p.cooldown = char.spell_cooldown
    g.this_turn.only_moved = False
    events.append(Event("spell", {"player": p.seat, "target": list(g.cell(enemy.pos)),
                                  "damage": char.spell_damage, "cooldown": p.cooldown}))
    hurt_enemy(g, p, enemy, char.spell_damage, events)
    if enemy.pos in g.enemies:
        engage(g, p, "flip" if g.this_turn.combat_origin is None else g.this_turn.combat_origin)
    else:
        after_enemy_slain(g, p)
