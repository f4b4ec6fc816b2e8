"""Tiles (rulebook: Traps, The fountain of healing, The Shop) and what a cell does to a hero.

- Flipping a card: a trap hits the flipper once, an artifact or the key goes to the hand, an
  enemy starts combat.
- Stepping onto a card: a trap triggers (again each time it is stepped on), a potion or any other
  loose card must be picked up, the chest opens with the key, the exit ends the level. A shop
  lets the hero buy and sell; a fountain acts at the start of the next turn.
- Shop: buy at twice the price, sell at the price, pay with gold or cards with a gold amount,
  change back in gold, any number of deals in a turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cardrogue import catacomb, characters, effects, goals
from engine.cardrogue.actions import Action
from engine.cardrogue.pieces import Enemy
from engine.core.protocol import Event

if TYPE_CHECKING:
    from engine.cardrogue.pieces import Card, Player
    from engine.cardrogue.state import State


def reveal_content(g: State, p: Player, index: int, events: list[Event]) -> None:
    """What the card just flipped on `index` does to the hero who flipped it."""
    card = g.board.content[index]
    if card is None:
        return
    d = g.catalog.cards[card.id]
    if d.type == "enemy":
        g.board.content[index] = None
        g.enemies[index] = Enemy(card, index, d.health, index)
    elif d.type == "trap":
        trigger_trap(g, p, index, events)
    elif d.type in ("artifact", "key"):
        _remove(g, index, p.pos, events)
        events.append(Event("pickup", {"player": p.seat, "card": card.id, "name": d.name,
                                       "from": list(g.cell(index))}))
        goals.take_card(g, p, card, events)


def arrive(g: State, p: Player, index: int, events: list[Event]) -> bool:
    """Resolve a hero standing on `index` after a move. Returns whether anything happened."""
    eventful = _arrive(g, p, index, events)
    if g.catacomb is not None and p.pos == index and not p.dead:
        catacomb.lay_cards(g, index, events)  # step 4: cards on every path into the unknown
    return eventful


def _arrive(g: State, p: Player, index: int, events: list[Event]) -> bool:
    eventful = False
    dropped = g.stash.pop(index, None)
    gold = g.stash_gold.pop(index, 0) if g.stash_gold else 0
    if dropped or gold:
        eventful = True
        p.gold += gold
        events.append(Event("stash_taken", {"player": p.seat,
                                            "cards": [c.id for c in dropped or ()],
                                            "gold": gold}))
        for taken in dropped or ():
            goals.take_card(g, p, taken, events)  # revealed and picked up: found here
    card = g.board.content[index]
    if card is None:
        return eventful
    d = g.catalog.cards[card.id]
    if d.type == "trap":
        trigger_trap(g, p, index, events)
        return True
    if d.holdable:
        _remove(g, index, None, events)
        events.append(Event("pickup", {"player": p.seat, "card": card.id, "name": d.name,
                                       "colour": card.colour, "from": list(g.cell(index))}))
        goals.take_card(g, p, card, events)
        return True
    if d.type == "chest":
        return goals.open_chest(g, p, index, events)
    if d.type in ("ladder", "start"):
        return goals.reach_exit(g, p, index, events)
    if d.type in ("shop", "fountain"):
        return True
    return eventful


def _remove(g: State, index: int, toward: int | None, events: list[Event]) -> None:
    """A card leaves its cell: a plain path remains (the classic game draws a new tile)."""
    g.board.content[index] = None
    if g.catacomb is not None:
        catacomb.replace_with_path(g, index, toward, events)


def stock_at(g: State, index: int | None) -> list[Card] | None:
    """What the shop on `index` sells (every classic shop sells from the one shop pile)."""
    if index is None:
        return None
    if index in g.stock:
        return g.stock[index]
    card = g.board.content[index]
    if g.catacomb is not None and card is not None and g.catalog.cards[card.id].type == "shop":
        return g.catacomb.shop
    return None


def trigger_trap(g: State, p: Player, index: int, events: list[Event]) -> None:
    d = g.catalog.cards[g.board.card_on(index).id]
    faces = characters.trap_avoid_faces(g, p)
    roll = g.dice.roll(f"trap:{g.level_index}:{index}") if faces else None
    avoided = roll is not None and roll in faces
    events.append(Event("trap", {"player": p.seat, "trap": d.trap, "name": d.name,
                                 "cell": list(g.cell(index)), "roll": roll,
                                 "avoid_on": sorted(faces), "avoided": avoided}))
    if avoided:
        return
    if d.trap == "spikes":
        effects.hurt_player(g, p, d.amount, d.name, events)
    elif d.trap == "paralysis":
        effects.paralyse_player(g, p, d.turns, d.name, events)
    elif d.trap == "poison":
        effects.poison_player(g, p, d.turns, d.name, events)


def fountain(g: State, p: Player, events: list[Event]) -> None:
    """At the start of a turn on a fountain: heal, unless the die drains it."""
    card = g.board.content[p.pos] if p.pos is not None else None
    if card is None:
        return
    d = g.catalog.cards[card.id]
    if d.type != "fountain":
        return
    assert p.pos is not None  # standing on the fountain
    roll = g.dice.roll(f"fountain:{g.level_index}:{p.pos}")
    drained = roll in d.drain_on
    events.append(Event("fountain", {"player": p.seat, "roll": roll, "drained": drained,
                                     "cell": list(g.cell(p.pos))}))
    if drained:
        _remove(g, p.pos, None, events)
    else:
        bonus = g.catalog.characters[p.character].fountain_bonus
        effects.heal(g, p, d.amount + bonus, d.name, events)


# ---------------------------------------------------------------------- the shop

def price(g: State, card_id: str) -> int:
    return 2 * (g.catalog.cards[card_id].gold or 0)


def sell_value(g: State, p: Player, card_id: str) -> int:
    return (g.catalog.cards[card_id].gold or 0) + g.catalog.characters[p.character].sell_bonus


def _find(cards: list[Card], uid: int | None) -> Card | None:
    for card in cards:
        if card.uid == uid:
            return card
    return None


def _found(cards: list[Card], uid: int | None) -> Card:
    """A card that check() has found there."""
    card = _find(cards, uid)
    assert card is not None  # check() refuses the action otherwise
    return card


def check(g: State, p: Player, action: Action) -> str | None:
    stock = stock_at(g, p.pos)
    if stock is None:
        return "you are not on a shop"
    if g.in_combat(p):
        return "you cannot trade with the shopkeeper while in combat"
    if action.kind == "sell":
        card = _find(p.hand, action.card)
        if card is None:
            return "that card is not in your hand"
        if not g.catalog.cards[card.id].can_sell:
            return f"{g.catalog.cards[card.id].name} cannot be sold"
        return None
    card = _find(stock, action.card)
    if card is None:
        return "the shop does not have that card"
    if g.catalog.cards[card.id].gold is None:
        # A card without a gold amount has no price: the shop cannot sell it.
        return f"{g.catalog.cards[card.id].name} has no price: it is not for sale"
    paying = []
    for uid in action.cards:
        pay = _find(p.hand, uid)
        if pay is None or pay in paying:
            return "you can only pay with cards in your hand, each once"
        if not g.catalog.cards[pay.id].can_sell:
            return f"{g.catalog.cards[pay.id].name} has no gold value to pay with"
        paying.append(pay)
    funds = p.gold + sum(sell_value(g, p, c.id) for c in paying)
    if funds < price(g, card.id):
        return f"it costs {price(g, card.id)} gold and you have {funds}"
    return None


def do(g: State, p: Player, action: Action, events: list[Event]) -> None:
    g.this_turn.only_moved = False
    if action.kind == "sell":
        card = _found(p.hand, action.card)
        p.hand.remove(card)
        value = sell_value(g, p, card.id)
        p.gold += value
        events.append(Event("sell", {"player": p.seat, "card": card.id,
                                     "name": g.catalog.cards[card.id].name, "gold": value,
                                     "purse": p.gold}))
        return
    stock = stock_at(g, p.pos)
    assert stock is not None  # check() found the shop
    card = _found(stock, action.card)
    paid_cards = [_found(p.hand, uid) for uid in action.cards]
    for pay in paid_cards:
        p.hand.remove(pay)
    cost = price(g, card.id)
    p.gold += sum(sell_value(g, p, c.id) for c in paid_cards) - cost
    stock.remove(card)
    d = g.catalog.cards[card.id]
    events.append(Event("buy", {"player": p.seat, "card": card.id, "name": d.name, "price": cost,
                                "paid_with": [c.id for c in paid_cards], "purse": p.gold}))
    if d.type == "debt":
        goals.buy_debt(g, p, d, events)
    else:
        goals.take_card(g, p, card, events)
