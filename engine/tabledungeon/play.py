"""PLAYERS' PLAY: each living player lays one card face down (and may use one-use items first);
when all have, the cards are revealed and the fight is settled.

Hearts heal (after any damage), spades, clubs and diamonds attack, royals do neither and give up
the chance of loot; a player who played a royal then makes one XP pile move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.protocol import Event
from engine.tabledungeon import encounter, ending, levelling, loot
from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import RANK, SUIT, is_royal
from engine.tabledungeon.data import SUIT_STAT

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def why_not(state: State, action: Action) -> str | None:
    seat = state.seats[state.current]
    if action.kind == "play":
        if action.card not in seat.hand:
            return f"{action.card} is not in your hand"
    elif action.kind == "pass":
        if seat.hand:
            return "you have cards: play one"
    elif action.kind == "use":
        item = state.item_of(state.current, action.card)
        if item is None:
            return f"{action.card} is not an item in your loot"
        if item.passive:
            return f"the {item.name} works by itself: it is not used up"
    else:
        return f"{action.kind} is not a move of the play; lay a card"
    return None


def act(state: State, action: Action, events: list[Event]) -> None:
    number = state.current
    seat = state.seats[number]
    if action.kind == "use":
        use_item(state, number, action.card or "", events)
        return
    if action.kind == "play":
        assert action.card is not None  # why_not checked it is in the hand
        seat.hand.remove(action.card)
        seat.played = action.card
    state.laid.add(number)
    events.append(Event("laid", {"seat": number, "card": action.kind == "play"}))
    waiting = [s for s in state.order if s not in state.laid]
    if waiting:
        state.current = waiting[0]
        return
    reveal(state, events)


def use_item(state: State, number: int, code: str, events: list[Event]) -> None:
    item = state.item_of(number, code)
    assert item is not None
    seat = state.seats[number]
    seat.loot.remove(code)  # used once, then out of the game
    state.out_of_game.append(code)
    events.append(Event("item_used", {"seat": number, "card": code, "item": item.name}))
    if item.heal:
        heal(state, number, item.heal, events)
    for other in state.living():
        if item.heal_all:
            heal(state, other, item.heal_all, events)
    if item.attack:
        state.round_attack_bonus += item.attack
    if item.flee:
        state.round_flee = True


def heal(state: State, number: int, amount: int, events: list[Event]) -> None:
    seat = state.seats[number]
    if not seat.alive or amount <= 0:
        return  # no healing at 0 health
    before = seat.health
    seat.health = min(seat.max_health, seat.health + amount)
    events.append(Event("healed", {"seat": number, "amount": seat.health - before,
                                   "health": seat.health}))


def reveal(state: State, events: list[Event]) -> None:
    enemy = state.enemy
    assert enemy is not None
    played = {s: code for s in state.order if (code := state.seats[s].played)}
    cards = [played.get(n) for n in range(len(state.seats))]
    attacks = [encounter.attack_of(state, n, c) if c else 0 for n, c in enumerate(cards)]
    total = sum(attacks) + state.round_attack_bonus
    fled = state.round_flee or encounter.flees(enemy, list(played.values()))
    won = fled or enemy.automatic_win or total >= state.enemy_health
    events.append(Event("revealed", {"cards": cards, "attacks": attacks,
                                     "item_attack": state.round_attack_bonus, "total": total,
                                     "health": state.enemy_health, "fled": fled,
                                     "automatic_win": enemy.automatic_win, "defeated": won}))
    state.last_round = {"round": state.round, "enemy": enemy.name, "cards": cards,
                        "total": total, "health": state.enemy_health, "defeated": won,
                        "fled": fled}
    if not won:
        lose_fight(state, events)
    for number, code in played.items():
        if SUIT[code] == "H" and not is_royal(code):
            heal(state, number, RANK[code] + state.stat(number, SUIT_STAT["H"]), events)
    for number, code in played.items():
        state.seats[number].discard.append(code)
        state.seats[number].played = None
    state.laid.clear()
    if not state.living():
        ending.everyone_dead(state, events)
        return
    level_ups = 0
    if won and not fled:
        winner = lowest_card(state, played)
        if winner is not None:
            level_ups = loot.draw(state, winner, events)
            if state.outcome is not None:
                return
    state.pending = [("royal", n) for n, c in played.items()
                     if is_royal(c) and state.seats[n].alive]
    for _ in range(level_ups):
        levelling.level_up(state, events)
    state.advance(events)


def lowest_card(state: State, played: dict[int, str]) -> int | None:
    """The seat that played the lowest ranked non-royal card; a tie goes to the first of them in
    this round's order."""
    best: int | None = None
    for number in state.order:
        code = played.get(number)
        if code is None or is_royal(code):
            continue
        if best is None or RANK[code] < RANK[played[best]]:
            best = number
    return best


def lose_fight(state: State, events: list[Event]) -> None:
    enemy = state.enemy
    assert enemy is not None
    base = state.data.level(state.level).damage + enemy.loss_damage
    for number in state.living():
        seat = state.seats[number]
        damage = max(0, base - state.armour(number))
        seat.health = max(0, seat.health - damage)
        events.append(Event("hurt", {"seat": number, "damage": damage, "health": seat.health}))
        if seat.health == 0:
            seat.alive = False
            events.append(Event("died", {"seat": number}))
    if enemy.loss_loot:
        loot.return_newest(state, events)
