"""Card Rogue's events as sentences: the Narrator turns the events of one action into lines
of the log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from services.words import Line, cap, par_verdict, plural
from services.words.cardrogue.combat import CombatWords
from services.words.cardrogue.phrases import (
    EFFECT_NAMES,
    SLOT_NAMES,
    STEPS,
    STYLE_DIE,
    STYLE_GOOD,
    STYLE_HURT,
    STYLE_NOTE,
    STYLE_QUIET,
    cell_of,
    faces,
    listing,
    potion_name,
    signed,
    the,
)

if TYPE_CHECKING:
    from engine.core import Event


class Narrator(CombatWords):
    """Turns the events of one action into lines of the log.

    Events name enemies by their cell, and by the time the events are read a slain enemy has
    left the board, so `narrate` takes the names of the enemies that stood on each cell before
    the action (see `enemy_names`); enemies revealed during the action are learnt as it goes.
    """


    # -- the log

    def narrate(self, events: Iterable[Event], names: dict | None = None,
                step_note: str | None = None) -> list[Line]:
        """The log lines of `events`; `step_note` is the view's note on the step taken (the
        walk-on rule), said after its move."""
        names = dict(names or {})
        lines: list[Line] = []
        for event in events:
            self._learn(event, names)
            try:
                line = self.sentence(event, names)
            except (KeyError, TypeError, ValueError, IndexError):
                line = generic(event)  # an event shape we did not expect: still say something
            if step_note and event.kind == "move" and isinstance(line, Line):
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
                names[cell_of(data.get("cell"))] = data.get("name") or card.name
        elif event.kind == "teleported" and data.get("enemy"):
            name = names.pop(cell_of(data.get("from")), None)
            if name:
                names[cell_of(data.get("to"))] = name

    def sentence(self, event: Event, names: dict) -> Line | list[Line] | None:
        method = getattr(self, f"_on_{event.kind}", None)
        if method is None:
            return generic(event)
        return method(event.data, names)

    # -- turns and movement

    def _on_level_start(self, d: dict, names: dict) -> list[Line]:
        number = int(d.get("level", 0)) + 1
        title = d.get("title") or d.get("id") or ""
        line = Line(f"Level {number}", style="bold")
        if title:
            line.append(": ")
            line.append(str(title))  # author text: kept literally
        return [line, *self._level_gifts(number - 1), *self._level_hints(number - 1)]

    def _level_hints(self, index: int) -> list[Line]:
        """The author's hints for the level (its `hints`), kept literally."""
        levels = self.game.spec.levels
        if not 0 <= index < len(levels):
            return []
        return [Line(f"Hint: {hint}", style=STYLE_NOTE) for hint in levels[index].hints]

    def _level_gifts(self, index: int) -> list[Line]:
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
        return [Line(f"{self._who(None, 'start', 'starts')} this level with {listing(given)}.",
                     style=STYLE_NOTE)]

    def _on_turn_start(self, d: dict, names: dict) -> Line:
        who = "" if self._solo() else f" — {self.game.players[d['player']].name}"
        return Line(f"— Turn {d['turn']}{who} —", style=STYLE_QUIET)

    def _on_turn_end(self, d: dict, names: dict) -> None:
        return None  # the next "Turn N" line says it

    def _on_flip(self, d: dict, names: dict) -> Line:
        what = d.get("name") or "a card"
        if d.get("card") == "path":
            what = "an empty path"
        elif d.get("colour"):
            what = f"a {d['colour']} potion"
        return Line(f"{self._who(d.get('player'), 'flip', 'flips')} a card: {what}.")

    def _on_move(self, d: dict, names: dict) -> Line:
        start, end = cell_of(d.get("from")), cell_of(d.get("to"))
        way = STEPS.get((end[0] - start[0], end[1] - start[1])) if start and end else None
        verb = ("leap", "leaps") if d.get("leap") else ("move", "moves")
        where = way or f"to {end}"
        return Line(f"{self._who(d.get('player'), *verb)} {where}.", style=STYLE_QUIET)

    def _on_arrive(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'take', 'takes')} stock of where you landed.")

    def _on_turn_lost(self, d: dict, names: dict) -> Line:
        more = f" ({d['left']} more to lose)" if d.get("left") else ""
        return Line(f"{self._who(d.get('player'), 'lose', 'loses')} this turn{more}.",
                    style=STYLE_HURT)

    def _on_turn_ended(self, d: dict, names: dict) -> Line:
        return Line(f"{self._your(d.get('player'))} turn ends ({d.get('cause', 'an effect')}).")

    # -- tiles

    def _on_pickup(self, d: dict, names: dict) -> Line:
        what = f"a {d['colour']} potion" if d.get("colour") else the(d.get("name", "card"))
        return Line(f"{self._who(d.get('player'), 'pick', 'picks')} up {what}.")

    def _on_stash_taken(self, d: dict, names: dict) -> Line:
        found = [plural(len(d.get("cards", [])), "card")] if d.get("cards") else []
        if d.get("gold"):
            found.append(f"{d['gold']} gold")
        return Line(f"{self._who(d.get('player'), 'gather', 'gathers')} what was left here "
                    f"({' and '.join(found) or 'nothing'}).")

    def _on_trap(self, d: dict, names: dict) -> Line:
        line = Line(f"{self._who(d.get('player'), 'trigger', 'triggers')} a {d.get('name', 'trap')}")
        if d.get("roll") is not None:
            line.append(f": avoid roll {d['roll']}, needs {faces(d.get('avoid_on', []))}")
            line.append(" — avoided!" if d.get("avoided") else " — no luck",
                        style=STYLE_GOOD if d.get("avoided") else "")
        line.append(".")
        return line

    def _on_enemy_trap(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        return Line(f"{enemy} lands on a trap ({d.get('trap')}).")

    def _on_fountain(self, d: dict, names: dict) -> Line:
        line = Line("The fountain: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — it runs dry." if d.get("drained") else " — it heals.")
        return line

    def _on_sell(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'sell', 'sells')} {the(d.get('name'))} for "
                    f"{d.get('gold')} gold (purse: {d.get('purse')}).")

    def _on_buy(self, d: dict, names: dict) -> Line:
        paid = d.get("paid_with") or []
        cards = f", paying with {len(paid)} card{'s' if len(paid) != 1 else ''}" if paid else ""
        return Line(f"{self._who(d.get('player'), 'buy', 'buys')} {the(d.get('name'))} for "
                    f"{d.get('price')} gold{cards} (purse: {d.get('purse')}).")

    def _on_chest_locked(self, d: dict, names: dict) -> Line:
        return Line("The chest is locked: the key opens it.")

    def _on_chest_opened(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'open', 'opens')} the chest: "
                    f"+{d.get('vp', 0)} victory point.", style=STYLE_GOOD)

    def _on_debt_bought(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'buy', 'buys')} the shopkeeper's debt: "
                    f"+{d.get('vp', 0)} victory point.", style=STYLE_GOOD)

    # -- items

    def _on_potion_identified(self, d: dict, names: dict) -> Line:
        rolls = list(d.get("rolls", []))
        rolled = f"rolled {', then '.join(str(r) for r in rolls)}" if rolls else "known"
        effect = EFFECT_NAMES.get(d.get("effect", ""), d.get("effect"))
        return Line(f"{cap(str(d.get('colour', '')))} potions are {effect} ({rolled}).",
                    style=STYLE_NOTE)

    def _on_equip(self, d: dict, names: dict) -> Line:
        slots = listing(SLOT_NAMES.get(s, s) for s in d.get("slots", []))
        return Line(f"{self._who(d.get('player'), 'equip', 'equips')} {the(d.get('name'))} ({slots}).")

    def _on_unequip(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'take', 'takes')} off {the(d.get('name'))}.")

    def _on_drink(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'drink', 'drinks')} the "
                    f"{potion_name(d.get('colour'), d.get('effect'))}.")

    def _on_throw(self, d: dict, names: dict) -> Line:
        target = cell_of(d.get("target"))
        at = the(names[target]) if target in names else "another hero"
        return Line(f"{self._who(d.get('player'), 'throw', 'throws')} the "
                    f"{potion_name(d.get('colour'), d.get('effect'))} at {at}.")

    def _on_read(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'read', 'reads')} {the(d.get('name', 'scroll'))}.")

    def _on_attack_changed(self, d: dict, names: dict) -> Line:
        return Line(f"{self._your(d.get('player'))} attack changes by {signed(int(d['change']))} "
                    f"for good (potions: {signed(int(d['bonus']))}).")

    def _on_enemy_attack_changed(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        return Line(f"{enemy}'s attack is now {signed(int(d['attack_mod']))} from potions.")

    def _on_no_effect(self, d: dict, names: dict) -> Line:
        return Line(f"Nothing happens: {d.get('reason', 'no effect')}.")

    def _on_teleported(self, d: dict, names: dict) -> Line:
        to = cell_of(d.get("to"))
        if to is None:  # every teleport names where to; this keeps a malformed event readable
            return Line(f"{self._who(d.get('player'), 'are', 'is')} moved.")
        if d.get("enemy"):
            enemy = cap(self._enemy(names, to))
            return Line(f"{enemy} vanishes and reappears at row {to[0] + 1}, column {to[1] + 1}.")
        return Line(f"{self._who(d.get('player'), 'are', 'is')} moved to row {to[0] + 1}, column "
                    f"{to[1] + 1}; it takes effect at the start of the next turn.")

    def _on_cursed_removed(self, d: dict, names: dict) -> Line:
        count = len(d.get("cards", []))
        return Line(f"The cleansing takes away {plural(count, 'cursed card')}.")

    # -- effects

    def _on_poisoned(self, d: dict, names: dict) -> Line:
        if int(d.get("after", 0)) == int(d.get("before", 0)) and d.get("before"):
            return Line(f"A shorter poison ({d.get('cause')}) changes nothing: "
                        f"{plural(int(d['after']), 'turn')} left.")
        return Line(f"{self._who(d.get('player'), 'are', 'is')} poisoned for "
                    f"{plural(int(d['after']), 'turn')} ({d.get('cause')}).", style=STYLE_HURT)

    def _on_enemy_poisoned(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        return Line(f"{enemy} is poisoned for {plural(int(d['after']), 'turn')} ({d.get('cause')}).")

    def _on_paralysed(self, d: dict, names: dict) -> Line:
        who = self._who(d.get("player"), "are", "is")
        before, after = int(d.get("before") or 0), int(d.get("after") or d["turns"])
        if before and after == before:
            return Line(f"{who} paralysed again ({d.get('cause')}), but lost turns do not add up: "
                        f"still {plural(after, 'turn')} to lose.", style=STYLE_HURT)
        return Line(f"{who} paralysed ({d.get('cause')}): {plural(after, 'turn')} lost.",
                    style=STYLE_HURT)

    def _on_healed(self, d: dict, names: dict) -> Line:
        amount = int(d.get("amount", 0))
        if not amount:
            return Line(f"No healing from {d.get('cause')}: health is already full.",
                        style=STYLE_QUIET)
        return Line(f"{self._who(d.get('player'), 'heal', 'heals')} {amount} ({d.get('cause')}): "
                    f"{d.get('health')}/{d.get('max_health')}.", style=STYLE_GOOD)

    def _on_enemy_healed(self, d: dict, names: dict) -> Line:
        enemy = cap(self._enemy(names, d.get("target")))
        return Line(f"{enemy} heals {d.get('amount')} ({d.get('cause')}): {d.get('health')} health.")

    def _on_max_health(self, d: dict, names: dict) -> Line:
        return Line(f"{self._your(d.get('player'))} max health changes by {signed(int(d['change']))}: "
                    f"now {d.get('health')}/{d.get('max_health')}.")

    def _on_poison_ended(self, d: dict, names: dict) -> Line:
        return Line("The poison wears off.", style=STYLE_GOOD)

    def _on_enemy_poison_tick(self, d: dict, names: dict) -> Line:
        enemy = self._enemy(names, d.get("target"))
        return Line(f"Poison eats at {enemy} ({plural(int(d.get('left', 0)), 'turn')} left).")

    # -- goals and the end

    def _on_exit_locked(self, d: dict, names: dict) -> Line:
        return Line(f"The way out stays shut until you {listing(d.get('unmet', []))}.",
                    style=STYLE_NOTE)

    def _on_level_complete(self, d: dict, names: dict) -> Line:
        moves = int(d["moves"])
        levels = self.game.spec.levels
        index = int(d.get("level", -1))
        par = levels[index].par if 0 <= index < len(levels) else None
        against = f" ({par_verdict(moves, par)})" if par is not None else ""
        return Line(f"Level complete: {plural(moves, 'move')}{against}, "
                    f"{plural(int(d['turns']), 'turn')}.", style=STYLE_GOOD)

    def _on_death(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'die', 'dies')} ({d.get('cause')}).",
                    style=STYLE_HURT)

    def _on_game_over(self, d: dict, names: dict) -> Line:
        outcome = d.get("outcome")
        if outcome == "won":
            return Line(f"Victory in {plural(int(d.get('moves', 0)), 'move')} over "
                        f"{plural(int(d.get('turns', 0)), 'turn')}!", style=STYLE_GOOD)
        if outcome == "lost":
            return Line("The run is over.", style=STYLE_HURT)
        return Line("The game is over.", style="bold")

    def _on_basilisks_discarded(self, d: dict, names: dict) -> Line:
        return Line("Two basilisks in one hand cancel out: both are discarded.")

    def _on_end_rush(self, d: dict, names: dict) -> Line:
        return Line("The Golem falls: the end rush begins. Get back to a starting tile!",
                    style="bold")

    def _on_escaped(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'escape', 'escapes')} the catacombs "
                    f"(+{d.get('vp', 1)} victory point).", style=STYLE_GOOD)

    # -- exceptional rules and other heroes

    def _on_mole(self, d: dict, names: dict) -> Line:
        cell = cell_of(d.get("cell")) or (0, 0)
        line = Line(f"The mole digs at row {cell[0] + 1}, column {cell[1] + 1}: paths open all "
                    f"four ways")
        if d.get("sold"):
            line.append(f"; {plural(len(d['sold']), 'card')} sold to pay")
        if d.get("taken"):
            line.append(f"; short of gold, it takes {plural(len(d['taken']), 'card')}")
        line.append(f" (purse: {d.get('purse', 0)}).")
        return line

    def _on_quit(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'give', 'gives')} up.", style=STYLE_HURT)

    def _on_left(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'step', 'steps')} away from the table.")

    def _on_still_away(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'wait', 'waits')}: someone stands where you "
                    "would come back.")

    def _on_came_back(self, d: dict, names: dict) -> Line:
        return Line(f"{self._who(d.get('player'), 'come', 'comes')} back.")

    def _on_respawn(self, d: dict, names: dict) -> Line:
        kept = "1 gold" if d.get("kept_gold") else plural(len(d.get("kept", [])), "card")
        return Line(f"{self._who(d.get('player'), 'come', 'comes')} back to life at a starting "
                    f"tile, keeping {kept}.")

    def _on_trade(self, d: dict, names: dict) -> Line:
        other = self.game.players[d["with"]].name
        return Line(f"{self._who(d.get('player'), 'trade', 'trades')} with {other}: "
                    f"{plural(len(d.get('gave', [])), 'card')} for "
                    f"{plural(len(d.get('took', [])), 'card')}.")

    def _on_trip(self, d: dict, names: dict) -> Line:
        other = self.game.players[d["target"]].name
        line = Line(f"{self._who(d.get('player'), 'try', 'tries')} to trip {other}: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — down they go!" if d.get("success") else " — no luck.")
        return line

    def _on_steal(self, d: dict, names: dict) -> Line:
        other = self.game.players[d["target"]].name
        line = Line(f"{self._who(d.get('player'), 'try', 'tries')} to steal from {other}: roll ")
        line.append(str(d.get("roll")), style=STYLE_DIE)
        line.append(" — got a card!" if d.get("success") else " — caught empty-handed.")
        return line

    # -- the classic game's table

    def _on_picked(self, d: dict, names: dict) -> Line:
        char = self.game.catalog.characters.get(d.get("character", ""))
        return Line(f"{self._who(d.get('player'), 'play', 'plays')} the "
                    f"{char.name if char else d.get('character')}.")

    def _on_deciding_roll(self, d: dict, names: dict) -> Line:
        return Line(f"The deciding roll: {self.game.players[d['starter']].name} goes first.")

    def _on_table_laid(self, d: dict, names: dict) -> Line:
        return Line(f"The starting tiles are laid ({plural(len(d.get('starts', [])), 'start')}).")

    def _on_cards_laid(self, d: dict, names: dict) -> Line:
        return Line(f"{plural(len(d.get('cells', [])), 'face-down card')} laid "
                    f"({d.get('left', 0)} left in the stack).", style=STYLE_QUIET)

    def _on_card_reused(self, d: dict, names: dict) -> Line:
        return Line("The stack is out: a face-down card no one could reach is laid here instead.",
                    style=STYLE_QUIET)

    def _on_path_replaced(self, d: dict, names: dict) -> Line:
        return Line("The path turns to meet the way you came.", style=STYLE_QUIET)


def generic(event: Event) -> Line:
    """Any event this module has no sentence for: its name and its values, readable."""
    parts = [f"{key.replace('_', ' ')} {value}" for key, value in event.data.items()
             if key != "player"]
    text = cap(event.kind.replace("_", " "))
    return Line(f"{text}: {', '.join(parts)}." if parts else f"{text}.", style=STYLE_QUIET)

