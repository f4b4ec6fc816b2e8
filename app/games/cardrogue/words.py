"""What the app says: each engine event as a sentence, and each card as a glyph and a colour.

The engine's events carry every die and modifier; this module turns them into lines a player can
check by hand, such as "You roll 5 ×2 (Maul) +1 = 11 damage". Names that come from map files
(custom card names, level titles) may contain square brackets, so everything here is built as
`rich.text.Text`, never as markup.

Sentences are in the second person for a lone hero (story mode). With several heroes (the
classic game) the hero's name is used instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.text import Text

from app.words import cap, par_verdict, plural

if TYPE_CHECKING:
    from engine.cardrogue import Action, CardDef, State
    from engine.core import Event

# ---------------------------------------------------------------------- cards on the board

# Enemies are letters, as in the classic roguelikes; a custom enemy borrows its base card's.
ENEMY_GLYPHS = {
    "sewer_rat": "r", "cave_bat": "b", "vampire_bat": "v", "goblin": "g", "kobold": "k",
    "imp": "i", "zombie": "z", "troll": "T", "basilisk_venom": "B", "basilisk_gaze": "B",
    "golem": "G",
}
TYPE_GLYPHS = {
    "weapon": ")", "armour": "[", "scroll": "?", "artifact": '"', "potion": "!", "key": "&",
    "debt": "%", "path": " ", "start": "<", "ladder": ">", "trap": "^", "fountain": "{",
    "shop": "$", "chest": "=",
}
# Each card type draws in one colour family; the board maps these names to theme colours.
TYPE_CATEGORIES = {
    "enemy": "enemy", "weapon": "item", "armour": "item", "scroll": "item", "artifact": "item",
    "key": "item", "debt": "item", "potion": "potion", "path": "path", "start": "exit",
    "ladder": "exit", "trap": "trap", "fountain": "fountain", "shop": "shop", "chest": "chest",
}
CATEGORIES = ("enemy", "boss", "item", "potion", "path", "exit", "trap", "fountain", "shop", "chest")

# Potion colours as terminal colours: the names a map uses, drawn as themselves.
POTION_STYLES = {
    "red": "red", "blue": "dodger_blue2", "green": "green3", "yellow": "yellow3",
    "purple": "medium_purple2", "white": "grey82",
}

PLAYER_GLYPH = "@"


@dataclass(frozen=True, slots=True)
class Look:
    """How a card is drawn: one character and a colour family (see CATEGORIES)."""

    glyph: str
    category: str


def look(card: CardDef) -> Look:
    if card.type == "enemy":
        glyph = ENEMY_GLYPHS.get(card.base or card.id) or (card.name[:1].lower() or "e")
        return Look(glyph, "boss" if card.boss else "enemy")
    return Look(TYPE_GLYPHS.get(card.type, "?"), TYPE_CATEGORIES.get(card.type, "item"))


# ---------------------------------------------------------------------- small words

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
STEPS = {(-1, 0): "north", (0, 1): "east", (1, 0): "south", (0, -1): "west"}
SLOT_NAMES = {
    "primary": "main hand", "secondary": "off hand", "head": "head", "chest": "body",
    "feet": "feet",
}
EFFECT_NAMES = {
    "healing": "healing", "poison": "poison", "strength": "strength", "weakness": "weakness",
    "teleport": "teleportation", "paralysis": "paralysis",
}


def signed(number: int) -> str:
    """+2, −1 (a true minus sign), +0."""
    return f"−{-number}" if number < 0 else f"+{number}"


def the(name: object) -> str:
    """'the Goblin', but 'The Golem' stays as it is."""
    text = str(name)
    return text if text.casefold().startswith("the ") else f"the {text}"


def faces(values: Iterable[int]) -> str:
    """[4, 5, 6] -> '4, 5 or 6'."""
    items = [str(v) for v in values]
    if not items:
        return "nothing"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


def listing(items: Iterable[str]) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def reflow(text: str) -> str:
    """Author prose as paragraphs that flow to any width: a single line break inside a
    paragraph becomes a space, and a blank line (or several) separates paragraphs."""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def potion_name(colour: str | None, effect: str | None = None) -> str:
    name = f"{colour} potion" if colour else "potion"
    return f"{name} of {EFFECT_NAMES.get(effect, effect)}" if effect else name


def card_label(game: State, card: Any) -> str:
    """A card in hand or in a shop as the player reads it: name, colour and known effect."""
    effect = game.potion_identity.get(card.colour) if card.colour else None
    return label_of(game.catalog.cards[card.id], card.colour, effect)


def label_of(d: CardDef, colour: str | None, effect: str | None) -> str:
    """A card's name; a potion's is its colour and, once known, its effect."""
    if d.type == "potion":
        label = cap(potion_name(colour, effect))
        return label if effect else f"{label} (unknown)"
    return d.name


def describe_action(game: State, action: Action) -> str:
    """A short phrase naming an action, for the undo message and the palette."""
    direction = DIRECTION_NAMES.get(action.dir or "", "")
    card = _find_card(game, action.card) if action.card is not None else None
    name = card_label(game, card) if card is not None else "a card"
    phrases = {
        "flip": f"flip the card to the {direction}",
        "move": f"move {direction}",
        "attack": f"attack to the {direction}",
        "flee": f"flee {direction}",
        "cast": f"cast to the {direction}",
        "end_turn": "end the turn",
        "equip": f"equip {name}",
        "unequip": f"take off {name}",
        "drink": f"drink {name}",
        "throw": f"throw {name} {direction}",
        "read": f"read {name}",
        "buy": f"buy {name}",
        "sell": f"sell {name}",
        "place": f"choose {action.target}",
    }
    return phrases.get(action.kind, action.kind.replace("_", " "))


def _find_card(game: State, uid: int) -> Any:
    for p in game.players:
        for card in list(p.hand) + list(p.equipped.values()):
            if card.uid == uid:
                return card
    for stock in game.stock.values():
        for card in stock:
            if card.uid == uid:
                return card
    return None


# ---------------------------------------------------------------------- events as sentences

STYLE_DIE = "bold"
STYLE_HURT = "bold red"
STYLE_GOOD = "bold green"
STYLE_QUIET = "dim"
STYLE_NOTE = "italic"


def _cell(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return (int(value[0]), int(value[1]))
    return None


class Narrator:
    """Turns the events of one action into lines of the log.

    Events name enemies by their cell, and by the time the events are read a slain enemy has
    left the board, so `narrate` takes the names of the enemies that stood on each cell before
    the action (see `enemy_names`); enemies revealed during the action are learnt as it goes.
    """

    def __init__(self, game: State) -> None:
        self.game = game

    # -- who is who

    def enemy_names(self) -> dict[tuple[int, int], str]:
        g = self.game
        return {g.cell(i): g.catalog.cards[e.card.id].name for i, e in g.enemies.items()}

    def _solo(self) -> bool:
        return len(self.game.players) == 1

    def _who(self, seat: Any, you: str, other: str) -> str:
        """'You roll' for the lone hero, 'Ann rolls' at a table."""
        if self._solo() or not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
            return f"You {you}" if you else "You"
        return f"{self.game.players[seat].name} {other}" if other else self.game.players[seat].name

    def _your(self, seat: Any) -> str:
        if self._solo() or not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
            return "Your"
        return f"{self.game.players[seat].name}'s"

    def _enemy(self, names: dict, target: Any, fallback: str = "the enemy") -> str:
        name = names.get(_cell(target))
        return the(name) if name else fallback

    # -- the log

    def narrate(self, events: Iterable[Event], names: dict | None = None,
                step_note: str | None = None) -> list[Text]:
        """The log lines of `events`; `step_note` is the view's note on the step taken (the
        walk-on rule), said after its move."""
        names = dict(names or {})
        lines: list[Text] = []
        for event in events:
            self._learn(event, names)
            try:
                line = self.sentence(event, names)
            except (KeyError, TypeError, ValueError, IndexError):
                line = generic(event)  # an event shape we did not expect: still say something
            if step_note and event.kind == "move" and isinstance(line, Text):
                line.right_crop(1)  # the full stop goes after the note
                line.append(f" ({step_note})", style=STYLE_NOTE)
                line.append(".")
                step_note = None
            if isinstance(line, list):
                lines.extend(line)
            elif line is not None:
                lines.append(line)
        return lines

    def _learn(self, event: Event, names: dict) -> None:
        data = event.data
        if event.kind == "flip":
            card = self.game.catalog.cards.get(data.get("card", ""))
            if card is not None and card.type == "enemy":
                names[_cell(data.get("cell"))] = data.get("name") or card.name
        elif event.kind == "teleported" and data.get("enemy"):
            name = names.pop(_cell(data.get("from")), None)
            if name:
                names[_cell(data.get("to"))] = name

    def sentence(self, event: Event, names: dict) -> Text | list[Text] | None:
        method = getattr(self, f"_on_{event.kind}", None)
        if method is None:
            return generic(event)
        return method(event.data, names)

    # -- turns and movement

    def _on_level_start(self, d: dict, names: dict) -> list[Text]:
        number = int(d.get("level", 0)) + 1
        title = d.get("title") or d.get("id") or ""
        line = Text(f"Level {number}", style="bold")
        if title:
            line.append(": ")
            line.append(str(title))  # author text: kept literally
        return [line, *self._level_gifts(number - 1), *self._level_hints(number - 1)]

    def _level_hints(self, index: int) -> list[Text]:
        """The author's hints for the level (its `hints`), kept literally."""
        levels = self.game.spec.levels
        if not 0 <= index < len(levels):
            return []
        return [Text(f"Hint: {hint}", style=STYLE_NOTE) for hint in levels[index].hints]

    def _level_gifts(self, index: int) -> list[Text]:
        """What the level's start sets or hands over (the map's health, gold and items), which
        the engine applies without an event of its own."""
        levels = self.game.spec.levels
        if not 0 <= index < len(levels):
            return []
        level, cards = levels[index], self.game.catalog.cards
        given = []
        if level.health is not None:
            given.append(f"{level.health} health")
        if level.gold is not None:
            given.append(f"{level.gold} gold")
        given.extend(the(cards[item].name if item in cards else item) for item in level.items)
        if not given:
            return []
        return [Text(f"{self._who(None, 'start', 'starts')} this level with {listing(given)}.",
                     style=STYLE_NOTE)]

    def _on_turn_start(self, d: dict, names: dict) -> Text:
        who = "" if self._solo() else f" — {self.game.players[d['player']].name}"
        return Text(f"— Turn {d['turn']}{who} —", style=STYLE_QUIET)

    def _on_turn_end(self, d: dict, names: dict) -> None:
        return None  # the next "Turn N" line says it

    def _on_flip(self, d: dict, names: dict) -> Text:
        what = d.get("name") or "a card"
        if d.get("card") == "path":
            what = "an empty path"
        elif d.get("colour"):
            what = f"a {d['colour']} potion"
        return Text(f"{self._who(d.get('player'), 'flip', 'flips')} a card: {what}.")

    def _on_move(self, d: dict, names: dict) -> Text:
        start, end = _cell(d.get("from")), _cell(d.get("to"))
        way = STEPS.get((end[0] - start[0], end[1] - start[1])) if start and end else None
        verb = ("leap", "leaps") if d.get("leap") else ("move", "moves")
        where = way or f"to {end}"
        return Text(f"{self._who(d.get('player'), *verb)} {where}.", style=STYLE_QUIET)

    def _on_arrive(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'take', 'takes')} stock of where you landed.")

    def _on_turn_lost(self, d: dict, names: dict) -> Text:
        more = f" ({d['left']} more to lose)" if d.get("left") else ""
        return Text(f"{self._who(d.get('player'), 'lose', 'loses')} this turn{more}.",
                    style=STYLE_HURT)

    def _on_turn_ended(self, d: dict, names: dict) -> Text:
        return Text(f"{self._your(d.get('player'))} turn ends ({d.get('cause', 'an effect')}).")

    # -- combat

    def _on_attack(self, d: dict, names: dict) -> Text:
        enemy = d.get("enemy") or "enemy"
        line = Text(f"{self._who(d.get('player'), 'roll', 'rolls')} ")
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

    def attack_sum(self, d: dict) -> Text:
        """The worked arithmetic of an attack roll: '5 ×2 (Maul) +1 = 11 damage'."""
        gear = self._gear(d.get("player"))
        rolls, counted = list(d.get("rolls", [])), list(d.get("counted", []))
        base = int(d.get("base", sum(counted)))
        line = Text(str(rolls[0]) if rolls else "?", style=STYLE_DIE)
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

    def _gear(self, seat: Any) -> dict[str, str]:
        """Which equipped card gives which attack rule, to name it in the sum."""
        out: dict[str, str] = {}
        if not isinstance(seat, int) or not 0 <= seat < len(self.game.players):
            return out
        cards = self.game.catalog.cards
        for d in (cards[c.id] for c in self.game.players[seat].gear()):
            if d.type not in ("weapon", "armour"):  # whose dice rules apply
                continue
            if d.double_damage:
                out.setdefault("double", d.name)
            if d.min_attack:
                out.setdefault("min_attack", d.name)
            for _, effect in d.on_roll:
                out.setdefault(effect, d.name)
        return out

    def _on_enemy_damage(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        health = int(d.get("health", 0))
        left = f"{health} health left" if health > 0 else "no health left"
        return Text(f"{enemy} takes {d['amount']} damage ({left}).")

    def _on_slain(self, d: dict, names: dict) -> Text:
        names.pop(_cell(d.get("target")), None)
        gold = int(d.get("gold") or 0)
        worth = f" (worth {gold} gold)" if gold else ""
        line = Text(f"{self._who(d.get('player'), 'slay', 'slays')} {the(d.get('name', 'enemy'))}",
                    style=STYLE_GOOD)
        line.append(f"; its card{worth} goes to the hand.")
        return line

    def _on_enemy_ability(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        ability = {"poison": "poison", "paralyse": "paralyse"}.get(d.get("ability", ""), d.get("ability"))
        outcome = "it works" if d.get("hit") else "no effect"
        return Text(f"{enemy} tries to {ability} you: rolls {d['roll']}, needs {faces(d.get('on', []))}"
                    f" — {outcome}.", style=STYLE_HURT if d.get("hit") else "")

    def _on_enemy_attack(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        roll = d.get("roll")
        attack = int(d.get("attack", 2 * int(roll) if roll is not None else 0))
        reduction = int(d.get("reduction") or 0)
        damage = int(d.get("damage", 0))
        line = Text(f"{enemy} attacks")
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

    def _on_damage(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'lose', 'loses')} {d['amount']} health "
                    f"({d.get('cause', 'harm')}): {d.get('health')} left.", style=STYLE_HURT)

    def _on_blocked(self, d: dict, names: dict) -> Text:
        enemy = self._enemy(names, d.get("target"))
        return Text(f"{self._your(d.get('player'))} block stops {enemy}: no attack, no ability.")

    def _on_enemy_paralysed(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        return Text(f"{enemy} is paralysed ({plural(int(d.get('left', 0)), 'round')} more).")

    def _on_enemy_recovered(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        return Text(f"{enemy} was not slain within the turn and recovers to {d['health']} health.")

    def _on_flee(self, d: dict, names: dict) -> Text:
        seat = d.get("player")
        if d.get("free"):
            return Text(f"{self._who(seat, 'slip', 'slips')} away: nothing gives chase.")
        line = Text(f"{self._who(seat, 'try', 'tries')} to flee: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — away!" if d.get("success") else " — caught.",
                    style=STYLE_GOOD if d.get("success") else STYLE_HURT)
        return line

    def _on_spell(self, d: dict, names: dict) -> Text:
        enemy = self._enemy(names, d.get("target"))
        return Text(f"{self._who(d.get('player'), 'cast', 'casts')} a spell at {enemy} for "
                    f"{d['damage']} damage; it cools down for {plural(int(d['cooldown']), 'turn')}.")

    def _on_counter_attack(self, d: dict, names: dict) -> Text:
        line = Text(f"{self.game.players[d['player']].name} strikes back and rolls ")
        line.append_text(self.attack_sum(d))
        line.append(".")
        return line

    # -- tiles

    def _on_pickup(self, d: dict, names: dict) -> Text:
        what = f"a {d['colour']} potion" if d.get("colour") else the(d.get("name", "card"))
        return Text(f"{self._who(d.get('player'), 'pick', 'picks')} up {what}.")

    def _on_stash_taken(self, d: dict, names: dict) -> Text:
        found = [plural(len(d.get("cards", [])), "card")] if d.get("cards") else []
        if d.get("gold"):
            found.append(f"{d['gold']} gold")
        return Text(f"{self._who(d.get('player'), 'gather', 'gathers')} what was left here "
                    f"({' and '.join(found) or 'nothing'}).")

    def _on_trap(self, d: dict, names: dict) -> Text:
        line = Text(f"{self._who(d.get('player'), 'trigger', 'triggers')} a {d.get('name', 'trap')}")
        if d.get("roll") is not None:
            line.append(f": avoid roll {d['roll']}, needs {faces(d.get('avoid_on', []))}")
            line.append(" — avoided!" if d.get("avoided") else " — no luck",
                        style=STYLE_GOOD if d.get("avoided") else "")
        line.append(".")
        return line

    def _on_enemy_trap(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        return Text(f"{enemy} lands on a trap ({d.get('trap')}).")

    def _on_fountain(self, d: dict, names: dict) -> Text:
        line = Text("The fountain: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — it runs dry." if d.get("drained") else " — it heals.")
        return line

    def _on_sell(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'sell', 'sells')} {the(d.get('name'))} for "
                    f"{d.get('gold')} gold (purse: {d.get('purse')}).")

    def _on_buy(self, d: dict, names: dict) -> Text:
        paid = d.get("paid_with") or []
        cards = f", paying with {len(paid)} card{'s' if len(paid) != 1 else ''}" if paid else ""
        return Text(f"{self._who(d.get('player'), 'buy', 'buys')} {the(d.get('name'))} for "
                    f"{d.get('price')} gold{cards} (purse: {d.get('purse')}).")

    def _on_chest_locked(self, d: dict, names: dict) -> Text:
        return Text("The chest is locked: the key opens it.")

    def _on_chest_opened(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'open', 'opens')} the chest: "
                    f"+{d.get('vp', 0)} victory point.", style=STYLE_GOOD)

    def _on_debt_bought(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'buy', 'buys')} the shopkeeper's debt: "
                    f"+{d.get('vp', 0)} victory point.", style=STYLE_GOOD)

    # -- items

    def _on_potion_identified(self, d: dict, names: dict) -> Text:
        rolls = list(d.get("rolls", []))
        rolled = f"rolled {', then '.join(str(r) for r in rolls)}" if rolls else "known"
        effect = EFFECT_NAMES.get(d.get("effect", ""), d.get("effect"))
        return Text(f"{cap(str(d.get('colour', '')))} potions are {effect} ({rolled}).",
                    style=STYLE_NOTE)

    def _on_equip(self, d: dict, names: dict) -> Text:
        slots = listing(SLOT_NAMES.get(s, s) for s in d.get("slots", []))
        return Text(f"{self._who(d.get('player'), 'equip', 'equips')} {the(d.get('name'))} ({slots}).")

    def _on_unequip(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'take', 'takes')} off {the(d.get('name'))}.")

    def _on_drink(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'drink', 'drinks')} the "
                    f"{potion_name(d.get('colour'), d.get('effect'))}.")

    def _on_throw(self, d: dict, names: dict) -> Text:
        target = _cell(d.get("target"))
        at = the(names[target]) if target in names else "another hero"
        return Text(f"{self._who(d.get('player'), 'throw', 'throws')} the "
                    f"{potion_name(d.get('colour'), d.get('effect'))} at {at}.")

    def _on_read(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'read', 'reads')} {the(d.get('name', 'scroll'))}.")

    def _on_attack_changed(self, d: dict, names: dict) -> Text:
        return Text(f"{self._your(d.get('player'))} attack changes by {signed(int(d['change']))} "
                    f"for good (potions: {signed(int(d['bonus']))}).")

    def _on_enemy_attack_changed(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        return Text(f"{enemy}'s attack is now {signed(int(d['attack_mod']))} from potions.")

    def _on_no_effect(self, d: dict, names: dict) -> Text:
        return Text(f"Nothing happens: {d.get('reason', 'no effect')}.")

    def _on_teleported(self, d: dict, names: dict) -> Text:
        to = _cell(d.get("to"))
        if to is None:  # every teleport names where to; this keeps a malformed event readable
            return Text(f"{self._who(d.get('player'), 'are', 'is')} moved.")
        if d.get("enemy"):
            enemy = cap(self._enemy(names, to))
            return Text(f"{enemy} vanishes and reappears at row {to[0] + 1}, column {to[1] + 1}.")
        return Text(f"{self._who(d.get('player'), 'are', 'is')} moved to row {to[0] + 1}, column "
                    f"{to[1] + 1}; it takes effect at the start of the next turn.")

    def _on_cursed_removed(self, d: dict, names: dict) -> Text:
        count = len(d.get("cards", []))
        return Text(f"The cleansing takes away {plural(count, 'cursed card')}.")

    # -- effects

    def _on_poisoned(self, d: dict, names: dict) -> Text:
        if int(d.get("after", 0)) == int(d.get("before", 0)) and d.get("before"):
            return Text(f"A shorter poison ({d.get('cause')}) changes nothing: "
                        f"{plural(int(d['after']), 'turn')} left.")
        return Text(f"{self._who(d.get('player'), 'are', 'is')} poisoned for "
                    f"{plural(int(d['after']), 'turn')} ({d.get('cause')}).", style=STYLE_HURT)

    def _on_enemy_poisoned(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        return Text(f"{enemy} is poisoned for {plural(int(d['after']), 'turn')} ({d.get('cause')}).")

    def _on_paralysed(self, d: dict, names: dict) -> Text:
        who = self._who(d.get("player"), "are", "is")
        before, after = int(d.get("before") or 0), int(d.get("after") or d["turns"])
        if before and after == before:
            return Text(f"{who} paralysed again ({d.get('cause')}), but lost turns do not add up: "
                        f"still {plural(after, 'turn')} to lose.", style=STYLE_HURT)
        return Text(f"{who} paralysed ({d.get('cause')}): {plural(after, 'turn')} lost.",
                    style=STYLE_HURT)

    def _on_healed(self, d: dict, names: dict) -> Text:
        amount = int(d.get("amount", 0))
        if not amount:
            return Text(f"No healing from {d.get('cause')}: health is already full.",
                        style=STYLE_QUIET)
        return Text(f"{self._who(d.get('player'), 'heal', 'heals')} {amount} ({d.get('cause')}): "
                    f"{d.get('health')}/{d.get('max_health')}.", style=STYLE_GOOD)

    def _on_enemy_healed(self, d: dict, names: dict) -> Text:
        enemy = cap(self._enemy(names, d.get("target")))
        return Text(f"{enemy} heals {d.get('amount')} ({d.get('cause')}): {d.get('health')} health.")

    def _on_max_health(self, d: dict, names: dict) -> Text:
        return Text(f"{self._your(d.get('player'))} max health changes by {signed(int(d['change']))}: "
                    f"now {d.get('health')}/{d.get('max_health')}.")

    def _on_poison_ended(self, d: dict, names: dict) -> Text:
        return Text("The poison wears off.", style=STYLE_GOOD)

    def _on_enemy_poison_tick(self, d: dict, names: dict) -> Text:
        enemy = self._enemy(names, d.get("target"))
        return Text(f"Poison eats at {enemy} ({plural(int(d.get('left', 0)), 'turn')} left).")

    # -- goals and the end

    def _on_exit_locked(self, d: dict, names: dict) -> Text:
        return Text(f"The way out stays shut until you {listing(d.get('unmet', []))}.",
                    style=STYLE_NOTE)

    def _on_level_complete(self, d: dict, names: dict) -> Text:
        moves = int(d["moves"])
        levels = self.game.spec.levels
        index = int(d.get("level", -1))
        par = levels[index].par if 0 <= index < len(levels) else None
        against = f" ({par_verdict(moves, par)})" if par is not None else ""
        return Text(f"Level complete: {plural(moves, 'move')}{against}, "
                    f"{plural(int(d['turns']), 'turn')}.", style=STYLE_GOOD)

    def _on_death(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'die', 'dies')} ({d.get('cause')}).",
                    style=STYLE_HURT)

    def _on_game_over(self, d: dict, names: dict) -> Text:
        outcome = d.get("outcome")
        if outcome == "won":
            return Text(f"Victory in {plural(int(d.get('moves', 0)), 'move')} over "
                        f"{plural(int(d.get('turns', 0)), 'turn')}!", style=STYLE_GOOD)
        if outcome == "lost":
            return Text("The run is over.", style=STYLE_HURT)
        return Text("The game is over.", style="bold")

    def _on_basilisks_discarded(self, d: dict, names: dict) -> Text:
        return Text("Two basilisks in one hand cancel out: both are discarded.")

    def _on_end_rush(self, d: dict, names: dict) -> Text:
        return Text("The Golem falls: the end rush begins. Get back to a starting tile!",
                    style="bold")

    def _on_escaped(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'escape', 'escapes')} the catacombs "
                    f"(+{d.get('vp', 1)} victory point).", style=STYLE_GOOD)

    # -- exceptional rules and other heroes

    def _on_mole(self, d: dict, names: dict) -> Text:
        cell = _cell(d.get("cell")) or (0, 0)
        line = Text(f"The mole digs at row {cell[0] + 1}, column {cell[1] + 1}: paths open all "
                    f"four ways")
        if d.get("sold"):
            line.append(f"; {plural(len(d['sold']), 'card')} sold to pay")
        if d.get("taken"):
            line.append(f"; short of gold, it takes {plural(len(d['taken']), 'card')}")
        line.append(f" (purse: {d.get('purse', 0)}).")
        return line

    def _on_quit(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'give', 'gives')} up.", style=STYLE_HURT)

    def _on_left(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'step', 'steps')} away from the table.")

    def _on_still_away(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'wait', 'waits')}: someone stands where you "
                    "would come back.")

    def _on_came_back(self, d: dict, names: dict) -> Text:
        return Text(f"{self._who(d.get('player'), 'come', 'comes')} back.")

    def _on_respawn(self, d: dict, names: dict) -> Text:
        kept = "1 gold" if d.get("kept_gold") else plural(len(d.get("kept", [])), "card")
        return Text(f"{self._who(d.get('player'), 'come', 'comes')} back to life at a starting "
                    f"tile, keeping {kept}.")

    def _on_trade(self, d: dict, names: dict) -> Text:
        other = self.game.players[d["with"]].name
        return Text(f"{self._who(d.get('player'), 'trade', 'trades')} with {other}: "
                    f"{plural(len(d.get('gave', [])), 'card')} for "
                    f"{plural(len(d.get('took', [])), 'card')}.")

    def _on_trip(self, d: dict, names: dict) -> Text:
        other = self.game.players[d["target"]].name
        line = Text(f"{self._who(d.get('player'), 'try', 'tries')} to trip {other}: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — down they go!" if d.get("success") else " — no luck.")
        return line

    def _on_steal(self, d: dict, names: dict) -> Text:
        other = self.game.players[d["target"]].name
        line = Text(f"{self._who(d.get('player'), 'try', 'tries')} to steal from {other}: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — got a card!" if d.get("success") else " — caught empty-handed.")
        return line

    # -- the classic game's table

    def _on_picked(self, d: dict, names: dict) -> Text:
        char = self.game.catalog.characters.get(d.get("character", ""))
        return Text(f"{self._who(d.get('player'), 'play', 'plays')} the "
                    f"{char.name if char else d.get('character')}.")

    def _on_deciding_roll(self, d: dict, names: dict) -> Text:
        return Text(f"The deciding roll: {self.game.players[d['starter']].name} goes first.")

    def _on_table_laid(self, d: dict, names: dict) -> Text:
        return Text(f"The starting tiles are laid ({plural(len(d.get('starts', [])), 'start')}).")

    def _on_cards_laid(self, d: dict, names: dict) -> Text:
        return Text(f"{plural(len(d.get('cells', [])), 'face-down card')} laid "
                    f"({d.get('left', 0)} left in the stack).", style=STYLE_QUIET)

    def _on_card_reused(self, d: dict, names: dict) -> Text:
        return Text("The stack is out: a face-down card no one could reach is laid here instead.",
                    style=STYLE_QUIET)

    def _on_path_replaced(self, d: dict, names: dict) -> Text:
        return Text("The path turns to meet the way you came.", style=STYLE_QUIET)


def generic(event: Event) -> Text:
    """Any event this module has no sentence for: its name and its values, readable."""
    parts = [f"{key.replace('_', ' ')} {value}" for key, value in event.data.items()
             if key != "player"]
    text = cap(event.kind.replace("_", " "))
    return Text(f"{text}: {', '.join(parts)}." if parts else f"{text}.", style=STYLE_QUIET)
