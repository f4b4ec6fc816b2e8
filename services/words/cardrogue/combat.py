"""Card Rogue's fights in words: every die and modifier of an attack, the enemy's blows,
fleeing and spells."""

from __future__ import annotations

from services.words import Line, cap, plural
from services.words.cardrogue.phrases import (
    STYLE_DIE,
    STYLE_GOOD,
    STYLE_HURT,
    cell_of,
    faces,
    signed,
    the,
)
from services.words.cardrogue.voice import Voice


class CombatWords(Voice):
    # -- combat

    def _on_attack(self, d: dict, names: dict) -> Line:
        enemy = d.get("enemy") or "enemy"
        line = Line(f"{self._who(d.get('player'), 'roll', 'rolls')} ")
        line.append_text(self.attack_sum(d))
        line.append(f" to {the(enemy)}")
        if d.get("dodged"):
            line.append(f", but it dodges (rolled {d['dodge_roll']})")
        elif d.get("dodge_roll") is not None:
            line.append(f" (its dodge roll of {d['dodge_roll']} fails)")
        line.append(".")
        if d.get("again"):
            line.append(f" The {self._gear(d.get('player')).get('attack_again', 'weapon')} "
                        "strikes again!", style=STYLE_GOOD)
        return line

    def attack_sum(self, d: dict) -> Line:
        """The worked arithmetic of an attack roll: '5 ×2 (Maul) +1 = 11 damage'."""
        gear = self._gear(d.get("player"))
        rolls, counted = list(d.get("rolls", [])), list(d.get("counted", []))
        base = int(d.get("base", sum(counted)))
        line = Line(str(rolls[0]) if rolls else "?", style=STYLE_DIE)
        if d.get("missed"):
            line.append(f": a miss ({gear.get('miss', 'weapon')}) = ")
            line.append("0 damage", style=STYLE_DIE)
            return line
        if len(rolls) > 1:
            line.append(f" ({gear.get('reroll_twice', 'weapon')}: more dice) → ")
            line.append(" + ".join(str(r) for r in counted), style=STYLE_DIE)
            if len(counted) > 1:
                line.append(f" = {base}")
        value = base
        minimum = int(d.get("min_attack") or 0)
        if minimum and base < minimum:
            line.append(f", raised to {minimum} ({gear.get('min_attack', 'weapon')})")
            value = minimum
        multiplier = int(d.get("multiplier") or 1)
        if multiplier != 1:
            line.append(f" ×{multiplier} ({gear.get('double', 'weapon')})")
            value *= multiplier
        modifier = int(d.get("modifier") or 0)
        if modifier:
            line.append(f" {signed(modifier)}")
            value += modifier
        damage = int(d.get("damage", value))
        if damage != value:
            if minimum and damage == minimum:
                line.append(f", but never below {minimum} ({gear.get('min_attack', 'weapon')})")
            elif damage == 0:
                line.append(", which does nothing")
        line.append(" = ")
        line.append(f"{damage} damage", style=STYLE_DIE)
        if d.get("blocked"):
            line.append(f" — and the {gear.get('block', 'shield')} blocks")
        return line


    def _on_enemy_damage(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        health = int(d.get("health", 0))
        left = f"{health} health left" if health > 0 else "no health left"
        return Line(f"{enemy} takes {d['amount']} damage ({left}).")

    def _on_slain(self, d: dict, names: dict) -> Line:
        names.pop(cell_of(d.get("target")), None)
        gold = int(d.get("gold") or 0)
        worth = f" (worth {gold} gold)" if gold else ""
        line = Line(f"{self._who(d.get('player'), 'slay', 'slays')} {the(d.get('name', 'enemy'))}",
                    style=STYLE_GOOD)
        line.append(f"; its card{worth} goes to the hand.")
        return line

    def _on_enemy_ability(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        ability = {"poison": "poison", "paralyse": "paralyse"}.get(d.get("ability", ""), d.get("ability"))
        outcome = "it works" if d.get("hit") else "no effect"
        return Line(f"{enemy} tries to {ability} you: rolls {d['roll']}, needs {faces(d.get('on', []))}"
                    f" — {outcome}.", style=STYLE_HURT if d.get("hit") else "")

    def _on_enemy_attack(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        roll = d.get("roll")
        attack = int(d.get("attack", 2 * int(roll) if roll is not None else 0))
        reduction = int(d.get("reduction") or 0)
        damage = int(d.get("damage", 0))
        line = Line(f"{enemy} attacks")
        if roll is not None:
            line.append(": rolls ")
            line.append(str(roll), style=STYLE_DIE)
            line.append(" ×2")
            if attack != 2 * int(roll):
                line.append(f" = {2 * int(roll)}, now {attack}")
            elif reduction:
                line.append(f" = {attack}")
        else:
            line.append(f" for {attack}" if reduction or damage != attack else " for")
        if reduction:
            line.append(f" −{reduction} (armour)")
        # Only a sum worth working out gets an "=": "attacks for 2 damage" needs none.
        plain = roll is None and not reduction and damage == attack
        line.append(" " if plain else " = ")
        line.append(f"{damage} damage", style=STYLE_HURT if damage else STYLE_DIE)
        line.append(".")
        return line

    def _on_damage(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'lose', 'loses')} {d['amount']} health "
                    f"({d.get('cause', 'harm')}): {d.get('health')} left.", style=STYLE_HURT)

    def _on_blocked(self, d: dict, names: dict) -> Line:
        enemy = self._enemy(names, d.get("target"))
        return Line(f"{self._your(d.get('player'))} block stops {enemy}: no attack, no ability.")

    def _on_enemy_paralysed(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        return Line(f"{enemy} is paralysed ({plural(int(d.get('left', 0)), 'round')} more).")

    def _on_enemy_recovered(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        return Line(f"{enemy} was not slain within the turn and recovers to {d['health']} health.")

    def _on_flee(self, d: dict, names: dict) -> Line:
        seat = d.get("player")
        if d.get("free"):
            return Line(f"{self._who(seat, 'slip', 'slips')} away: nothing gives chase.")
        line = Line(f"{self._who(seat, 'try', 'tries')} to flee: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — away!" if d.get("success") else " — caught.",
                    style=STYLE_GOOD if d.get("success") else STYLE_HURT)
        return line

    def _on_spell(self, d: dict, names: dict) -> Line:
        enemy = self._enemy(names, d.get("target"))
        return Line(f"{self._who(d.get('player'), 'cast', 'casts')} a spell at {enemy} for "
                    f"{d['damage']} damage; it cools down for {plural(int(d['cooldown']), 'turn')}.")

    def _on_counter_attack(self, d: dict, names: dict) -> Line:
        line = Line(f"{self.game.players[d['player']].name} strikes back and rolls ")
        line.append_text(self.attack_sum(d))
        line.append(".")
        return line

