"""What one seat may see (the hidden information rule): its own hand and face-down card; of the
others, only hand sizes and whether they have laid a card; every face-down pile as a count; the
face-up cards (XP tops, discard piles, loot, the enemy, the last fight) as they are.

The keys a screen (or the computer player) reads:
    seat, phase ("pick" | "play" | "choose" | "over"), current_player, waiting_for ("royal" |
    "level" | None), moves_left, round, level, aces, aces_to_end, leader, loot_deck (a count),
    enemy {name, text, roll, health, automatic_win, flee_if, immune, weak, damage, loss_loot},
    round_attack_bonus, round_flee, final_ace (the fourth ace, face up), out_of_game (used
    items), last_round {round, enemy, cards, total, health, defeated,
    fled}, outcome, winners, score, hand (this seat's cards), my_card (its face-down card),
    players [{seat, name, class, class_name, health, max_health, alive, stats, armour,
    hand_size, action_pile, xp_pile, xp_top, discard, loot, items, points, laid}]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.tabledungeon.cards import RANK, SUIT, is_royal
from engine.tabledungeon.data import SUIT_STAT

if TYPE_CHECKING:
    from engine.tabledungeon.state import State


def view(state: State, seat: int | None) -> dict[str, Any]:
    """A plain JSON-ready dict for `seat` (None: a spectator, who sees no hand)."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)
                             or not 0 <= seat < len(state.seats)):
        raise ValueError(f"seat must be 0 to {len(state.seats) - 1}")
    enemy = state.enemy
    players = []
    for number, s in enumerate(state.seats):
        sheet = state.data.classes.get(s.class_id or "")
        items = [{"card": code, "name": item.name, "passive": item.passive, "text": item.text,
                  "heal": item.heal, "heal_all": item.heal_all, "attack": item.attack,
                  "flee": item.flee, "armour": item.armour}
                 for code, item in state.items(number)]
        players.append({
            "seat": number, "name": s.name, "class": s.class_id,
            "class_name": sheet.name if sheet else None,
            "health": s.health, "max_health": s.max_health, "alive": s.alive,
            "stats": {k: state.stat(number, k) for k in sheet.stats} if sheet else {},
            "armour": state.armour(number),
            "hand_size": len(s.hand), "action_pile": len(s.action), "xp_pile": len(s.xp),
            "xp_top": s.xp[0] if s.xp else None, "discard": list(s.discard),
            "loot": [c for c in s.loot if not is_royal(c)], "items": items,
            "points": state.points(number), "laid": number in state.laid,
        })
    last = state.last_round
    waiting = state.pending[0][0] if state.phase == "choose" and state.pending else None
    out: dict[str, Any] = {
        "game": "tabledungeon", "seat": seat, "phase": state.phase,
        "current_player": state.current_player, "waiting_for": waiting,
        "moves_left": state.to_sort if waiting == "level" else (1 if waiting else 0),
        "round": state.round, "level": state.level, "aces": state.aces,
        "aces_to_end": state.data.aces_to_end, "leader": state.leader,
        "loot_deck": len(state.loot_deck), "final_ace": state.final_ace,
        "out_of_game": list(state.out_of_game),
        "enemy": None if enemy is None or state.phase == "pick" else {
            "name": enemy.name, "text": enemy.text, "roll": state.enemy_roll,
            "health": state.enemy_health, "automatic_win": enemy.automatic_win,
            "flee_if": enemy.flee_if, "immune": enemy.immune, "weak": enemy.weak,
            "damage": state.data.level(state.level).damage + enemy.loss_damage,
            "loss_loot": enemy.loss_loot},
        "round_attack_bonus": state.round_attack_bonus, "round_flee": state.round_flee,
        "players": players,
        "last_round": None if last is None else {**last, "cards": list(last["cards"])},
        "outcome": state.outcome, "winners": list(state.winners), "score": state.score,
        "hand": list(state.seats[seat].hand) if seat is not None else None,
        "my_card": state.seats[seat].played if seat is not None else None,
    }
    return out


def card_effect(view: dict[str, Any], code: str) -> tuple[str, int]:
    """What laying `code` would do for the seat the view belongs to, against the enemy in play:
    ("attack", value), ("heal", amount), ("royal", 0) (no attack, no loot, one XP pile move) or
    ("nothing", 0) (an attack the enemy is immune to). Read from the view alone, so a screen
    and the computer player can both ask it."""
    if is_royal(code):
        return "royal", 0
    me = view["players"][view["seat"]]
    suit = SUIT[code]
    value = RANK[code] + me["stats"].get(SUIT_STAT[suit], 0)
    if suit == "H":
        return "heal", max(value, 0)
    enemy = view["enemy"] or {}
    if enemy.get("immune") == suit:
        return "nothing", 0
    if enemy.get("weak") == suit:
        value *= 2
    return "attack", max(value, 0)
