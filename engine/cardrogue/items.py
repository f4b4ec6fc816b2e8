"""Items (rulebook: Items, Scrolls, Weapons and Armor, Artifacts, Potions).

- Weapons and armour work only when equipped, one per slot; the Maul takes both hands; a Rogue
  may hold a second dagger in the secondary hand. Cursed cards cannot be taken off or let go.
- Scrolls affect only their reader and are discarded once read.
- Potions are drunk or thrown at an adjacent enemy or player. A colour's effect is unknown
  until a potion of that colour is used or identified; then a die decides it, rolled again
  until no two colours share an effect. Every potion of that colour has that effect.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cardrogue import characters, combat, effects, engagement
from engine.cardrogue.actions import DIRECTIONS, Action
from engine.cardrogue.board import DIRECTION_BITS, REVEALED, STEP
from engine.cardrogue.decisions import Teleport
from engine.cardrogue.level import POTION_EFFECTS
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Card, Enemy, Player
    from engine.cardrogue.state import State

POISON_POTION_TURNS = 3  # the rulebook's potion of poison
POTION_ATTACK_CHANGE = 1  # the rulebook's potions of strength and weakness
# Rolls for a colour's effect before the first free effect is taken instead: with one effect
# left, 64 misses come about once in 100,000 identifications, and none can loop for ever.
MAX_IDENTITY_ROLLS = 64


def _in_hand(p: Player, uid: int | None) -> Card | None:
    for card in p.hand:
        if card.uid == uid:
            return card
    return None


def _equipped(p: Player, uid: int | None) -> Card | None:
    for card in p.equipped.values():
        if card.uid == uid:
            return card
    return None


def equip_slot(g: State, p: Player, card: Card) -> str:
    d = g.catalog.cards[card.id]
    primary = p.equipped.get("primary")
    if (d.base == "dagger" and g.catalog.characters[p.character].second_dagger
            and primary is not None and g.catalog.cards[primary.id].base == "dagger"):
        return "secondary"
    assert d.slot is not None  # every weapon and armour card names its slot (cards.toml)
    return d.slot


def _second_dagger(g: State, p: Player) -> Card | None:
    """The Rogue's dagger in the secondary hand, if one is there."""
    second = p.equipped.get("secondary")
    if second is not None and g.catalog.cards[second.id].slot == "primary":
        return second  # only a second dagger takes a primary-hand card to the secondary hand
    return None


def _displaced(g: State, p: Player, card: Card) -> list[Card]:
    """The cards that equipping `card` would move back to the hand. A second dagger may only
    stay beside a dagger: whatever else takes the primary hand sends it back too."""
    d = g.catalog.cards[card.id]
    slots = ("primary", "secondary") if d.two_handed else (equip_slot(g, p, card),)
    if slots == ("primary",) and d.base != "dagger" and _second_dagger(g, p) is not None:
        slots = ("primary", "secondary")
    out = []
    for slot in slots:
        occupant = p.equipped.get(slot)
        if occupant is not None and occupant not in out:
            out.append(occupant)
    return out


# What the rules say to a hero who holds no card that an action takes.
NO_CARD = {
    "drink": "you have no potion",
    "throw": "you have nothing to throw",
    "read": "you have no scroll",
    "equip": "you hold no weapon or armour",
    "unequip": "you wear nothing",
}


def hand_candidates(g: State, p: Player, card: Card, on_shop: bool) -> list[Action]:
    """Every way to play `card` from p's hand, legal now or not, in legal_actions' order:
    equip or drink it, sell it (`on_shop`), throw it each way, read it."""
    d = g.catalog.cards[card.id]
    out = []
    if d.type in ("weapon", "armour"):
        out.append(Action("equip", card=card.uid))
    elif d.type == "potion":
        out.append(Action("drink", card=card.uid))
    if on_shop:
        out.append(Action("sell", card=card.uid))
    if d.throwable:
        out.extend(Action("throw", card=card.uid, dir=dr) for dr in DIRECTIONS)
    out.extend(read_candidates(g, p, card))
    return out


def read_candidates(g: State, p: Player, card: Card) -> list[Action]:
    """Each way to read `card`: a scroll that finds nothing to choose is still read bare, so
    the rules can say what it lacks."""
    d = g.catalog.cards[card.id]
    if d.type != "scroll":
        return []
    if d.scroll == "identify":
        return [Action("read", card=card.uid, cards=(c.uid,)) for c in p.hand if c.colour] \
            or [Action("read", card=card.uid)]
    if d.scroll == "move_adjacent" and p.pos is not None:
        row, col = g.cell(p.pos)
        return [Action("read", card=card.uid, target=(row + dr, col + dc)) for dr, dc in STEP.values()]
    return [Action("read", card=card.uid)]


def identify(g: State, colour: str, events: list[Event]) -> str:
    """The effect of potions of `colour`, rolling it the first time it is needed."""
    known = g.potion_identity.get(colour)
    if known is not None:
        return known
    taken = set(g.potion_identity.values())
    rolls = []
    effect = next(e for e in POTION_EFFECTS if e not in taken)  # if the dice never agree
    for _ in range(MAX_IDENTITY_ROLLS):
        roll = g.dice.roll(f"potion:{colour}")
        rolls.append(roll)
        if POTION_EFFECTS[roll - 1] not in taken:
            effect = POTION_EFFECTS[roll - 1]
            break
    g.potion_identity[colour] = effect
    events.append(Event("potion_identified", {"colour": colour, "effect": effect, "rolls": rolls}))
    return effect


def free_cell(g: State, index: int) -> bool:
    return (g.board.exists[index] and g.board.face[index] == REVEALED
            and not g.occupied(index))


def can_land(g: State, index: int) -> bool:
    """A teleport lands on a free, revealed pathing tile: a plain tile or a trap (the trap cards
    say what befalls an enemy on them, and only a teleport can put one there). Shops,
    fountains, chests, exits and loose cards are not pathing tiles."""
    if not free_cell(g, index):
        return False
    card = g.board.content[index]
    return card is None or g.catalog.cards[card.id].type == "trap"


def landing_cells(g: State) -> list[int]:
    return [i for i in range(len(g.board.face)) if g.board.face[i] == REVEALED and can_land(g, i)]


# ---------------------------------------------------------------------- checks

def check(g: State, p: Player, action: Action) -> str | None:
    if p.dead or p.deferred:
        return "you cannot act now"
    kind = action.kind
    if kind == "place":
        return _check_place(g, action)
    if kind == "unequip":
        return _check_unequip(g, p, action)
    card = _in_hand(p, action.card)
    if card is None:
        return "that card is not in your hand"
    rule = _HAND_CHECKS.get(kind)
    if rule is None:
        return f"{kind!r} is not an item action"
    return rule(g, p, card, action)


def _check_place(g: State, action: Action) -> str | None:
    index = g.index(action.target) if action.target else None
    if index is None or not can_land(g, index):
        return "a teleport must land on a free, revealed pathing tile"
    return None


def _check_unequip(g: State, p: Player, action: Action) -> str | None:
    card = _equipped(p, action.card)
    if card is None:
        return "that card is not equipped"
    if g.catalog.cards[card.id].cursed:
        return f"the cursed {g.catalog.cards[card.id].name} cannot be taken off"
    return None


def _check_equip(g: State, p: Player, card: Card, action: Action) -> str | None:
    d = g.catalog.cards[card.id]
    if d.type not in ("weapon", "armour"):
        return f"{d.name} is not a weapon or armour"
    for other in _displaced(g, p, card):
        if g.catalog.cards[other.id].cursed:
            return f"the cursed {g.catalog.cards[other.id].name} cannot be taken off"
    return None


def _check_drink(g: State, p: Player, card: Card, action: Action) -> str | None:
    d = g.catalog.cards[card.id]
    if d.type != "potion":
        return f"{d.name} is not a potion"
    return _no_teleport_in_end_rush(g, card)


def _check_throw(g: State, p: Player, card: Card, action: Action) -> str | None:
    d = g.catalog.cards[card.id]
    if not d.throwable:
        return f"{d.name} cannot be thrown"
    target = g.toward(p, action.dir)
    if target is None or (target not in g.enemies and g.player_at(target) is None):
        return "there is no one to throw at that way"
    return _no_teleport_in_end_rush(g, card)


def _no_teleport_in_end_rush(g: State, card: Card) -> str | None:
    if g.end_rush and card.colour is not None and g.potion_identity.get(card.colour) == "teleport":
        return "teleportation does not work during the end rush"
    return None


def _check_read(g: State, p: Player, card: Card, action: Action) -> str | None:
    d = g.catalog.cards[card.id]
    if d.type != "scroll":
        return f"{d.name} is not a scroll"
    # Each scroll takes only the choice it needs: one spelling per play.
    if action.target is not None and d.scroll != "move_adjacent":
        return f"the {d.name} takes no target tile"
    if action.cards and d.scroll != "identify":
        return f"the {d.name} takes no other cards"
    if d.scroll == "identify":
        return _check_identify(g, p, action)
    if d.scroll == "move_adjacent":
        return _check_move_adjacent(g, p, action)
    if d.scroll == "poison_heals" and p.poison <= 0:
        return "this scroll only works while you are poisoned"
    return None


def _check_identify(g: State, p: Player, action: Action) -> str | None:
    potion = _in_hand(p, action.cards[0]) if len(action.cards) == 1 else None
    if potion is None or not potion.colour:
        return "choose one potion in your hand to identify"
    if potion.colour in g.potion_identity:
        return f"{potion.colour} potions are already known"
    return None


def _check_move_adjacent(g: State, p: Player, action: Action) -> str | None:
    if action.target is None or p.pos is None:
        return "choose the tile to move to"
    row, col = g.cell(p.pos)
    if abs(action.target[0] - row) + abs(action.target[1] - col) != 1:
        return "the scroll moves you one tile up, down, left or right"
    index = g.index(action.target)
    if index is None or not free_cell(g, index):
        return "you can only move onto a revealed tile with no one on it"
    return None


# The checks of the actions that use a card from the hand, by action kind.
_HAND_CHECKS: dict[str, Callable[[State, Player, Card, Action], str | None]] = {
    "equip": _check_equip, "drink": _check_drink, "throw": _check_throw, "read": _check_read,
}


# ---------------------------------------------------------------------- effects

def do(g: State, p: Player, action: Action, events: list[Event]) -> None:
    kind = action.kind
    g.this_turn.only_moved = False
    if kind == "place":
        _land(g, action, events)
        return
    if kind == "unequip":
        worn = _equipped(p, action.card)
        assert worn is not None  # check() found the card equipped
        _unequip(g, p, worn, events)
        return
    card = _in_hand(p, action.card)
    assert card is not None  # check() found the card in the hand
    if kind == "equip":
        _equip(g, p, card, events)
    else:  # the card is used up
        p.hand.remove(card)
        if kind == "drink":
            _drink(g, p, card, events)
        elif kind == "throw":
            target = g.toward(p, action.dir)
            assert target is not None  # check() found someone to throw at that way
            _throw(g, p, card, target, events)
        else:
            _read(g, p, card, action, events)


def _unequip(g: State, p: Player, card: Card, events: list[Event]) -> None:
    before = characters.movement(g, p)
    for slot in [s for s, c in p.equipped.items() if c == card]:
        del p.equipped[slot]
    second = _second_dagger(g, p)
    if second is not None and "primary" not in p.equipped:
        # A lone dagger is held in the primary hand.
        del p.equipped["secondary"]
        p.equipped["primary"] = second
    p.hand.append(card)
    events.append(Event("unequip", {"player": p.seat, "card": card.id,
                                    "name": g.catalog.cards[card.id].name}))
    _movement_changed(g, p, before)


def _equip(g: State, p: Player, card: Card, events: list[Event]) -> None:
    d = g.catalog.cards[card.id]
    before = characters.movement(g, p)
    for other in _displaced(g, p, card):
        for slot in [s for s, c in p.equipped.items() if c == other]:
            del p.equipped[slot]
        p.hand.append(other)
    p.hand.remove(card)
    slots = ("primary", "secondary") if d.two_handed else (equip_slot(g, p, card),)
    for slot in slots:
        p.equipped[slot] = card
    events.append(Event("equip", {"player": p.seat, "card": card.id, "name": d.name,
                                  "slots": list(slots)}))
    _movement_changed(g, p, before)


def _drink(g: State, p: Player, card: Card, events: list[Event]) -> None:
    assert card.colour is not None  # check() found a potion, and every potion is dealt a colour
    effect = identify(g, card.colour, events)
    events.append(Event("drink", {"player": p.seat, "colour": card.colour, "effect": effect}))
    _potion_on_player(g, p, p, effect, events, drunk=True)


def _throw(g: State, p: Player, card: Card, target: int, events: list[Event]) -> None:
    assert card.colour is not None  # only potions are throwable, and every potion is dealt a colour
    effect = identify(g, card.colour, events)
    events.append(Event("throw", {"player": p.seat, "colour": card.colour, "effect": effect,
                                  "target": list(g.cell(target))}))
    if target in g.enemies:
        _potion_on_enemy(g, p, target, effect, events)
    else:
        hit = g.player_at(target)
        assert hit is not None  # check() found an enemy or a hero there
        _potion_on_player(g, p, hit, effect, events, drunk=False)


def _movement_changed(g: State, p: Player, before: int) -> None:
    """+X movement gear put on or taken off while the hero may still move this turn changes
    the moves left now, not only from the next turn."""
    if g.current == p.seat and g.this_turn.moves_left > 0:
        g.this_turn.moves_left = max(0, g.this_turn.moves_left + characters.movement(g, p) - before)


def _potion_on_player(g: State, by: Player, p: Player, effect: str, events: list[Event],
                      drunk: bool) -> None:
    if effect == "healing":
        effects.heal(g, p, characters.max_health(g, p), "potion of healing", events)
    elif effect == "poison":
        effects.poison_player(g, p, POISON_POTION_TURNS, "potion of poison", events)
    elif effect in ("strength", "weakness"):
        change = POTION_ATTACK_CHANGE if effect == "strength" else -POTION_ATTACK_CHANGE
        p.bonus_attack += change
        events.append(Event("attack_changed", {"player": p.seat, "change": change,
                                               "bonus": p.bonus_attack}))
    elif effect == "teleport":
        if g.end_rush:
            events.append(Event("no_effect", {"reason": "teleportation fails in the end rush"}))
        elif not landing_cells(g):
            events.append(Event("no_effect", {"reason": "there is no free pathing tile to land on"}))
        else:
            g.pending = Teleport("player", p.seat, by.seat, drunk)
    elif effect == "paralysis":
        if drunk:
            events.append(Event("turn_ended", {"player": p.seat, "cause": "potion of paralysis"}))
            g.ending = True
        else:
            effects.paralyse_player(g, p, 1, "potion of paralysis", events)


def _potion_on_enemy(g: State, by: Player, index: int, effect: str, events: list[Event]) -> None:
    e = g.enemies[index]
    target = list(g.cell(index))
    if effect == "healing":
        effects.heal_enemy(g, e, g.catalog.cards[e.card.id].health, "potion of healing", events)
    elif effect == "poison":
        effects.poison_enemy(g, e, POISON_POTION_TURNS, by.seat, "potion of poison", events)
    elif effect in ("strength", "weakness"):
        # Thrown at an enemy the two potions work the other way round on its attack.
        e.attack_mod += -POTION_ATTACK_CHANGE if effect == "strength" else POTION_ATTACK_CHANGE
        events.append(Event("enemy_attack_changed", {"target": target, "enemy": g.catalog.cards[e.card.id].name, "attack_mod": e.attack_mod}))
    elif effect == "teleport":
        if g.end_rush:
            events.append(Event("no_effect", {"reason": "teleportation fails in the end rush"}))
        elif not landing_cells(g):
            events.append(Event("no_effect", {"reason": "there is no free pathing tile to land on"}))
        else:
            g.pending = Teleport("enemy", index, by.seat, False)
    elif effect == "paralysis":
        e.paralysed = max(e.paralysed, 1)  # lost rounds do not add up: the longer wins
        events.append(Event("enemy_paralysed", {"target": target, "enemy": g.catalog.cards[e.card.id].name, "left": e.paralysed}))


def _land(g: State, action: Action, events: list[Event]) -> None:
    """Finish a teleport: the pending subject lands on the chosen tile."""
    pending = g.pending
    assert isinstance(pending, Teleport)  # _why_illegal lets a place through only then
    subject, ref, by, drunk = pending.subject, pending.ref, pending.by, pending.drunk
    g.pending = None
    assert action.target is not None  # _check_place found a tile to land on
    dest = g.index(action.target)
    assert dest is not None  # _check_place found the tile on the board
    if subject == "enemy":
        e = g.enemies.pop(ref)
        e.pos = dest
        g.enemies[dest] = e
        events.append(Event("teleported", {"enemy": True, "from": list(g.cell(ref)),
                                           "to": list(action.target)}))
        card = g.board.content[dest]
        if card is not None and g.catalog.cards[card.id].type == "trap":
            _enemy_on_trap(g, e, dest, by, events)
    else:
        p = g.players[ref]
        assert p.pos is not None  # a hero hit by a teleport stands on the board
        events.append(Event("teleported", {"player": p.seat, "from": list(g.cell(p.pos)),
                                           "to": list(action.target)}))
        p.pos = dest
        p.deferred = True  # moved out of turn: nothing happens to them until their next turn
        if drunk:
            g.ending = True
    engagement.refresh_aggro(g)
    me = g.players[g.current]
    if not g.ending and not me.deferred:
        engagement.engage(g, me, "move")


def _enemy_on_trap(g: State, e: Enemy, index: int, seat: int, events: list[Event]) -> None:
    """A teleported enemy landing on a trap; `seat` is the hero who sent it there."""
    d = g.catalog.cards[g.board.card_on(index).id]
    events.append(Event("enemy_trap", {"target": list(g.cell(index)), "enemy": g.catalog.cards[e.card.id].name, "trap": d.trap}))
    if d.trap == "spikes":
        combat.hurt_enemy(g, g.players[seat], e, d.amount, events)
    elif d.trap == "paralysis":
        e.paralysed = max(e.paralysed, d.turns)
    elif d.trap == "poison":
        effects.poison_enemy(g, e, d.turns, seat, d.name, events)


def _read(g: State, p: Player, card: Card, action: Action, events: list[Event]) -> None:
    d = g.catalog.cards[card.id]
    events.append(Event("read", {"player": p.seat, "card": card.id, "name": d.name,
                                 "scroll": d.scroll}))
    if d.scroll == "identify":
        potion = _in_hand(p, action.cards[0])
        assert potion is not None and potion.colour  # _check_identify found the potion in the hand
        identify(g, potion.colour, events)
    elif d.scroll == "move_adjacent":
        # _check_move_adjacent found the hero on the board and the tile next to them free.
        assert action.target is not None and p.pos is not None
        dest = g.index(action.target)
        assert dest is not None
        events.append(Event("teleported", {"player": p.seat, "from": list(g.cell(p.pos)),
                                           "to": list(action.target)}))
        p.pos = dest
        p.deferred = True
        engagement.refresh_aggro(g)
        g.ending = True
    elif d.scroll == "poison_heals":
        p.poison_heal = d.amount
    elif d.scroll == "remove_cursed":
        removed = [c for c in p.hand if g.catalog.cards[c.id].cursed]
        removed += [c for c in p.gear() if g.catalog.cards[c.id].cursed]
        for c in removed:
            if c in p.hand:
                p.hand.remove(c)
            for slot in [s for s, e in p.equipped.items() if e == c]:
                del p.equipped[slot]
        events.append(Event("cursed_removed", {"player": p.seat, "cards": [c.id for c in removed]}))
    elif d.scroll == "max_health":
        p.bonus_max += d.amount
        characters.change_max_health(g, p, d.amount, events)


__all__ = ["DIRECTION_BITS", "check", "do", "identify", "read_candidates"]
