"""The computer player: an honest policy that sees only what its seat may see.

    action = choose(state.view(seat), state.legal_actions(), "normal", Dice(seed))

It reads the view (engine/tabledungeon/view.py) and the legal actions, nothing else, and draws any chance from
its own dice stream, never the game's, so a computer seat changes no game outcome by thinking.

Levels:
    easy     follows normal's plan one action in PLAN_ONE_IN, and otherwise plays a random
             sensible one (never wasteful: no healing at full health)
    normal   greedy: play just enough attack to win the fight, the lowest card when the win is
             safe (for the loot), heal when hurt, flee when a loss would kill, keep high XP cards,
             decline a royal's XP move that would only bury a good card
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.tabledungeon.actions import Action
from engine.tabledungeon.cards import RANK, SUIT, is_ace, is_royal
from engine.tabledungeon.view import EnemyView, ItemView, PlayerView, View, card_effect

LEVELS = ("easy", "normal")
GUESS_PER_PLAYER = 4  # what the policy expects each other living player's card to add
KEEP_XP_FROM = 6  # XP cards of this rank or more are worth having in the hand
# Easy follows the plan one action in this many: measured, that puts it clearly between random
# and normal at every seat count (benchmarks/tabledungeon_strength.py, figures in the README).
PLAN_ONE_IN = 3


class Chance(Protocol):
    """What the policy needs of its random stream (engine.core.dice.Dice has it)."""

    def below(self, key: str, n: int) -> int: ...


def choose(view: View, legal: Sequence[Action], level: str, rng: Chance) -> Action:
    """One legal action for the seat the view belongs to."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}")
    if not legal:
        raise ValueError("there is no legal action to choose from")
    sensible = [a for a in legal if not _wasteful(view, a)] or list(legal)
    if level == "easy" and rng.below("computer", PLAN_ONE_IN) != 0:
        return sensible[rng.below("computer", len(sensible))]
    wanted = _greedy(view, sensible, rng)
    return wanted if wanted in legal else sensible[0]


def _me(view: View) -> PlayerView:
    if view.me is None:
        raise ValueError("the computer chooses from a seat's view, not a spectator's")
    return view.me


def _item(view: View, code: str | None) -> ItemView:
    return next(i for i in _me(view).items if i.card == code)


def _wasteful(view: View, action: Action) -> bool:
    if action.kind != "use":
        return False
    me, item = _me(view), _item(view, action.card)
    hurt = me.max_health - me.health
    return bool(item.heal) and hurt < item.heal and not item.heal_all


def _greedy(view: View, legal: Sequence[Action], rng: Chance) -> Action:
    kinds = {a.kind for a in legal}
    if "pick" in kinds:
        taken = {p.class_id for p in view.players}
        fresh = [a for a in legal if a.name not in taken] or list(legal)
        return fresh[rng.below("computer", len(fresh))]
    if "play" in kinds or "pass" in kinds:
        return _play(view, legal)
    return _xp_move(view, legal)


def attack_value(view: View, code: str) -> int:
    """What a card would add to the party's attack, as the view tells it."""
    kind, value = card_effect(view, code)
    return value if kind == "attack" else 0


def _triggers_flee(enemy: EnemyView, code: str) -> bool:
    when = enemy.flee_if
    return (when == "royal" and is_royal(code)) or (when == "ace" and is_ace(code)) or \
        (when == "heart" and SUIT[code] == "H" and not is_royal(code))


def _play(view: View, legal: Sequence[Action]) -> Action:
    me, enemy = _me(view), view.enemy
    if enemy is None:  # cards are laid only against an enemy in play
        return legal[0]
    plays = [a for a in legal if a.kind == "play"]
    uses = [a for a in legal if a.kind == "use"]
    if not plays:
        return legal[0]
    others = sum(1 for p in view.players if p.alive and p.seat != view.seat)
    expected = others * GUESS_PER_PLAYER + view.round_attack_bonus
    deadly = me.health <= enemy.damage - me.armour
    safe_win = enemy.automatic_win or view.round_flee
    best = max(plays, key=lambda a: attack_value(view, a.card or ""))
    short = not safe_win and expected + attack_value(view, best.card or "") < enemy.health
    for use in uses:  # items first: they cost no card
        item = _item(view, use.card)
        if item.heal and me.max_health - me.health >= item.heal:
            return use
        if item.flee and deadly and short:
            return use
        if item.attack and short and expected + attack_value(view, best.card or "") \
                + item.attack >= enemy.health:
            return use
    fleeing = [a for a in plays if _triggers_flee(enemy, a.card or "")]
    if fleeing and (deadly or short):
        return fleeing[0]  # a win without a fight beats a likely loss
    lowest = min(plays, key=lambda a: (is_royal(a.card or ""), RANK[a.card or "AS"]))
    if safe_win:
        return lowest  # the lowest non-royal card takes the loot
    need = enemy.health - expected
    if need <= 0 and not deadly and not _triggers_flee(enemy, lowest.card or ""):
        return lowest
    hearts = [a for a in plays if SUIT[a.card or ""] == "H" and not is_royal(a.card or "")]
    if hearts and not deadly and me.health * 2 <= me.max_health and need <= 0:
        return max(hearts, key=lambda a: RANK[a.card or "AS"])
    enough = [a for a in plays if attack_value(view, a.card or "") >= need]
    if enough:
        return min(enough, key=lambda a: attack_value(view, a.card or ""))
    return best


def _xp_move(view: View, legal: Sequence[Action]) -> Action:
    top = _me(view).xp_top
    by_kind = {a.kind: a for a in legal}
    if top is not None and not is_royal(top) and RANK[top] >= KEEP_XP_FROM \
            and "xp_to_discard" in by_kind:
        return by_kind["xp_to_discard"]
    dumps = [a for a in legal if a.kind == "hand_to_xp"]
    if dumps:
        worst = min(dumps, key=lambda a: (not is_royal(a.card or ""), RANK[a.card or "AS"]))
        if RANK[worst.card or "AS"] <= 2 or \
                ("xp_to_bottom" not in by_kind and is_royal(worst.card or "")):
            return worst
    # With an empty XP pile and only good cards in hand, a royal's move is better declined.
    return by_kind.get("xp_to_bottom") or by_kind.get("decline") or legal[0]
