"""Players and what they do to each other (rulebook: Interacting with other players, Player
dies, The deciding roll and characters).

Out of combat, once a turn, a hero may deal with an adjacent hero: trade cards that carry the
trade symbol, try to trip them (4-6; a tripped hero loses a turn and may be leapt over; tripping
a hero in combat who is not tripped earns their attack), or try to steal (6: a random card from
the hand, never an equipped one).

Coming back after a death (death.py decides what a death does): in the classic game the hero
keeps one card in all (an item or one gold card), leaves one more (and every unsellable card)
face down where they fell, discards the rest, resets attack and max health, and comes back on a
starting tile of their choice on their next turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardrogue import characters, combat, effects, engagement, goals, tiles, turn
from engine.cardrogue.actions import Action
from engine.cardrogue.decisions import Pick, Respawn
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Card, Player
    from engine.cardrogue.state import State


def can_trade(g: State, card: Card) -> bool:
    d = g.catalog.cards[card.id]
    return d.tradeable and not d.cursed and d.type != "artifact"


# ---------------------------------------------------------------------- coming back

KEEP_GOLD = "gold"  # the respawn choice that keeps one gold card (1 gold) instead of an item


def respawn_candidates(g: State, p: Player) -> list[Action]:
    cards = p.cards()
    starts = [g.cell(i) for i, c in enumerate(g.board.content)
              if c is not None and g.catalog.cards[c.id].type == "start"]
    keeps: list[tuple[int | None, str | None]] = [(None, None)] + [(c.uid, None) for c in cards]
    if p.gold > 0:
        keeps.append((None, KEEP_GOLD))
    out: list[Action] = []
    for keep, name in keeps:
        rest = [c.uid for c in cards if c.uid != keep]
        for drop in ([()] if not rest else [(uid,) for uid in rest]):
            out.extend(Action("respawn", card=keep, cards=drop, target=s, name=name)
                       for s in starts)
    return out


def free_starts(g: State) -> list[int]:
    """The starting tiles no one stands on: where a fallen hero may come back."""
    return [i for i, c in enumerate(g.board.content)
            if c is not None and g.catalog.cards[c.id].type == "start" and not g.occupied(i)]


def taken_characters(g: State) -> set[str]:
    """The characters already picked (the classic game picks them in turn order)."""
    return {g.players[s].character for s in range(len(g.players)) if s not in g.picks}


def _check_respawn(g: State, p: Player, action: Action) -> str | None:
    cards = {c.uid for c in p.cards()}
    if action.name is not None:
        if action.name != KEEP_GOLD:
            return f"to keep gold, name it {KEEP_GOLD!r}"
        if action.card is not None:
            return "a fallen hero keeps one card in all: an item or a gold card"
        if p.gold <= 0:
            return "you have no gold to keep"
    if action.card is not None and action.card not in cards:
        return "you can only keep one of your own cards"
    rest = cards - {action.card}
    if rest and (len(action.cards) != 1 or action.cards[0] not in rest):
        return "choose one other card to leave where you fell"
    if not rest and action.cards:
        return "you have no other card to leave"
    index = g.index(action.target) if action.target else None
    card = g.board.content[index] if index is not None else None
    if index is None or card is None or g.catalog.cards[card.id].type != "start":
        return "come back on a starting tile"
    if g.occupied(index):
        return "that starting tile is taken"
    return None


def _respawn(g: State, p: Player, action: Action, events: list[Event]) -> None:
    """The fallen hero keeps one card in all, an item or one gold card (each gold card is worth
    1 gold). One more card stays face down where they fell: the chosen item, or a gold card
    when no item is left; so do the cards that cannot be sold. The rest is discarded."""
    pending = g.pending
    assert isinstance(pending, Respawn)  # _why_illegal lets a respawn through only then
    seat, fell = pending.seat, pending.fell
    g.pending = None
    cards = p.cards()
    left = [c for c in cards if c.uid != action.card
            and (c.uid in action.cards or not g.catalog.cards[c.id].can_sell)]
    kept = [c for c in cards if c.uid == action.card]
    kept_gold = 1 if action.name == KEEP_GOLD else 0
    items_left = [c for c in cards if c.uid != action.card]
    gold_left = 1 if not items_left and p.gold - kept_gold > 0 else 0
    if fell is not None:
        if left:
            g.stash.setdefault(fell, []).extend(left)
        if gold_left:
            g.stash_gold[fell] = g.stash_gold.get(fell, 0) + gold_left
    p.hand, p.equipped, p.gold = kept, {}, kept_gold
    p.bonus_attack = p.bonus_max = 0
    p.poison = p.poison_heal = p.skip = 0
    p.dead, p.deferred = False, False
    assert action.target is not None  # _check_respawn found a starting tile there
    p.pos = g.index(action.target)
    p.health = characters.max_health(g, p)
    events.append(Event("respawn", {"player": seat, "kept": [c.id for c in kept],
                                    "kept_gold": kept_gold, "left": [c.id for c in left],
                                    "left_gold": gold_left, "cell": list(action.target)}))
    if g.current == seat:
        g.ending = True


def _pick(g: State, p: Player, character: str, events: list[Event]) -> None:
    """Characters are picked in turn order after the deciding roll."""
    p.character = character
    p.health = characters.max_health(g, p)
    g.picks.pop(0)
    events.append(Event("picked", {"player": p.seat, "character": character}))
    if g.picks:
        g.pending = Pick(g.picks[0])
    else:
        g.pending = None
        turn.start_turn(g, events)


# ---------------------------------------------------------------------- interactions

def interaction_candidates(g: State, p: Player) -> list[Action]:
    out = []
    for q in g.players:
        if q is p:
            continue
        out.append(Action("trip", player=q.seat))
        out.append(Action("steal", player=q.seat))
        for mine in p.hand:
            out.append(Action("trade", player=q.seat, cards=(mine.uid,)))
            out.extend(Action("trade", player=q.seat, cards=(mine.uid,), take=(theirs.uid,))
                       for theirs in q.hand)
        out.extend(Action("trade", player=q.seat, take=(theirs.uid,)) for theirs in q.hand)
    if g.this_turn.leap_from is not None:
        out.extend(Action("leap", target=g.cell(i))
                   for i in g.board.adjacent(g.this_turn.leap_from))
    return out


def check(g: State, p: Player, action: Action) -> str | None:
    if action.kind == "respawn":
        return _check_respawn(g, p, action)
    if action.kind == "pick":
        return _check_pick(g, action)
    if p.dead or p.deferred:
        return "you cannot act now"
    if action.kind == "leap":
        return _check_leap(g, action)
    return _check_dealing(g, p, action)


def _check_pick(g: State, action: Action) -> str | None:
    if action.name not in g.catalog.characters:
        return "choose one of the characters"
    if action.name in taken_characters(g):
        return f"the {g.catalog.characters[action.name].name} is already taken"
    return None


def _check_leap(g: State, action: Action) -> str | None:
    if g.this_turn.leap_from is None:
        return "there is no tripped player to leap over"
    index = g.index(action.target) if action.target else None
    if index is None or index not in g.board.adjacent(g.this_turn.leap_from) or g.occupied(index):
        return "leap onto a free tile next to the tripped player"
    if g.board.face[index] != 2:
        return "you can only land on a revealed tile"
    return None


def _check_dealing(g: State, p: Player, action: Action) -> str | None:
    """What every dealing with another player needs (a trade, a trip, a theft)."""
    if action.player is None or not 0 <= action.player < len(g.players) or action.player == p.seat:
        return "choose another player"
    q = g.players[action.player]
    if q.out or q.dead or q.pos is None or p.pos is None or q.pos not in g.board.adjacent(p.pos):
        return f"{q.name} is not on an adjacent tile"
    if g.in_combat(p):
        return "you cannot deal with other players while in combat"
    if g.this_turn.interacted:
        return "you have already dealt with a player this turn"
    if action.kind == "trade":
        return _check_trade(g, p, q, action)
    return None


def _check_trade(g: State, p: Player, q: Player, action: Action) -> str | None:
    if g.in_combat(q):
        return f"{q.name} is in combat and cannot trade"
    if not action.cards and not action.take:
        return "a trade moves at least one card"
    if not _tradeable(g, p, action.cards):
        return "you can only give tradeable cards from your hand"
    if not _tradeable(g, q, action.take):
        return f"you can only take tradeable cards from {q.name}'s hand"
    if len(set(action.cards)) != len(action.cards) or len(set(action.take)) != len(action.take):
        return "each card can be traded once"
    return None


def _tradeable(g: State, p: Player, uids: tuple[int, ...]) -> bool:
    """Every card named is in p's hand and can be traded."""
    hand = {c.uid: c for c in p.hand}
    return all(uid in hand and can_trade(g, hand[uid]) for uid in uids)


def do(g: State, p: Player, action: Action, events: list[Event]) -> None:
    if action.kind == "respawn":
        _respawn(g, p, action, events)
        return
    if action.kind == "pick":
        assert action.name is not None  # _check_pick found the character
        _pick(g, p, action.name, events)
        return
    g.this_turn.only_moved = False
    if action.kind == "leap":
        # _check_leap found the tile on the board next to the tripped player, where p stood.
        assert action.target is not None
        dest = g.index(action.target)
        origin = p.pos
        assert dest is not None and origin is not None
        g.this_turn.leap_from = None
        p.pos = dest
        events.append(Event("move", {"player": p.seat, "from": list(g.cell(origin)),
                                     "to": list(action.target), "leap": True}))
        tiles.arrive(g, p, dest, events)
        engagement.refresh_aggro(g)
        engagement.engage(g, p, "move")
        return
    assert action.player is not None  # _check_dealing found the other player
    q = g.players[action.player]
    g.this_turn.interacted = True
    # Dealing with a player is step 3 of the turn: flipping and moving are over.
    g.this_turn.can_flip = False
    g.this_turn.moves_left = 0
    if action.kind == "trade":
        give = [c for c in p.hand if c.uid in action.cards]
        take = [c for c in q.hand if c.uid in action.take]
        for c in give:
            p.hand.remove(c)
        for c in take:
            q.hand.remove(c)
        events.append(Event("trade", {"player": p.seat, "with": q.seat,
                                      "gave": [c.id for c in give], "took": [c.id for c in take]}))
        for c in give:
            goals.take_card(g, q, c, events, found=False)
        for c in take:
            goals.take_card(g, p, c, events, found=False)
    elif action.kind == "trip":
        _trip(g, p, q, events)
    else:
        _steal(g, p, q, events)


def _trip(g: State, p: Player, q: Player, events: list[Event]) -> None:
    faces = g.catalog.characters[p.character].trip_on
    roll = g.dice.roll(f"trip:{p.seat}")
    success = roll in faces
    fighting = bool(g.in_combat(q))
    events.append(Event("trip", {"player": p.seat, "target": q.seat, "roll": roll,
                                 "success": success, "in_combat": fighting}))
    if success:
        q.skip = max(q.skip, 1)  # lost turns do not add up: a paralysed hero loses no more
        if not fighting:
            g.this_turn.leap_from = q.pos
        return
    if fighting:
        # The hero in combat turns on the one who tried to trip them.
        result = combat.roll_attack(g, q, f"trip:{q.seat}")
        reduction = characters.damage_taken(g, p)
        damage = max(0, result["damage"] - reduction)
        events.append(Event("counter_attack", {"player": q.seat, "target": p.seat, **result,
                                               "reduction": reduction, "dealt": damage}))
        if damage:
            effects.hurt_player(g, p, damage, f"{q.name}'s counter-attack", events)


def _steal(g: State, p: Player, q: Player, events: list[Event]) -> None:
    faces = g.catalog.characters[p.character].steal_on
    roll = g.dice.roll(f"steal:{p.seat}")
    pool = [c for c in q.hand if g.end_rush or g.catalog.cards[c.id].boss != "golem"]
    success = roll in faces and bool(pool)
    card = pool[g.dice.below(f"steal:{p.seat}", len(pool))] if success else None
    events.append(Event("steal", {"player": p.seat, "target": q.seat, "roll": roll,
                                  "success": success, "card": card.id if card else None}))
    if card is not None:
        q.hand.remove(card)
        goals.take_card(g, p, card, events, found=False)
