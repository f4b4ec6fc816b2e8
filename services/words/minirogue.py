"""Mini Rogue in words: every event as a sentence for the log, and every legal action as a
choice. Only words live here: the numbers come from the events and the view, worked out by the
engine. Names of monsters, traps and events arrive in the events themselves. Shared by the
app (as Rich Text) and the server's run pages."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engine.core import Event
from engine.minirogue import RULES, View
from services.words import Line

ROOMS = {"monster": "Monster", "boss": "Boss", "treasure": "Treasure", "merchant": "Merchant",
         "resting": "Camp", "event": "Event", "trap": "Trap"}
SPELLS = {"fire": "Fireball", "ice": "Ice", "poison": "Poison", "heal": "Healing"}
STATS = {"armor": "armour", "hp": "health", "gold": "gold", "food": "food", "xp": "XP"}
# The difficulties' names, as Mini Rogue's GameInfo gives them for its form.
DIFFICULTIES = {choice: RULES.info.option("difficulty").choice_label(choice)
                for choice in RULES.info.option("difficulty").choices}
REST = {"weapon": "Sharpen your weapon: +1 XP", "food": "Forage: +1 food",
        "heal": "Sleep: +2 health"}
# The event card's faces, as the choice after a passed skill check offers them.
EVENT_FACES = {1: "a ration (+1 food)", 2: "a health potion (+2 health)",
               3: "loot (+2 gold)", 4: "a whetstone (+2 XP)", 5: "armour (+1 armour)",
               6: "a wandering monster (fight it)"}
CAUSES = {"monster": "a monster killed you", "boss": "a boss killed you",
          "event_monster": "a wandering monster killed you", "starving": "you starved",
          "locked_door": "a locked door and no key ended the delve",
          "spring_blades": "spring blades killed you", "pit": "you fell to your death",
          "feat": "a feat cost your last health"}
PURPOSES = {"monster_hp": "monster health", "attack": "attack", "critical": "critical",
            "feat": "feat", "skill": "skill check", "event": "event", "trap": "trap",
            "treasure": "treasure", "item": "item"}


def room_name(room: str | None) -> str:
    return "face down" if room is None else ROOMS.get(room, room.title())


def spell_name(spell: str | None) -> str:
    return "" if spell is None else SPELLS.get(spell, spell.title())


def cause_text(cause: str | None) -> str:
    if cause is None:
        return ""
    return CAUSES.get(cause, f"{cause.replace('_', ' ')} ended the delve")


def listed(items: Sequence[Any]) -> str:
    """1, 2 and 3."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def plural(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def told_in_order(events: Iterable[Event]) -> list[Event]:
    """The events in the order a player reads them: the engine takes a feat's price (the loss,
    and any rank it costs) before the feat, which read like a monster's hit; the log tells the
    feat first, then what it cost."""
    out: list[Event] = []
    price: list[Event] = []  # a loss that may be a feat's price, and the ranks it took
    for event in events:
        if event.kind == "rank_down" or (event.kind == "loss"
                                         and event.data.get("source") == "feat"):
            price.append(event)
            continue
        if event.kind == "feat":  # the feat, what it cost, then the rank that cost took
            out.append(event)
            out += sorted(price, key=lambda held: held.kind != "loss")
        else:
            out += price
            out.append(event)
        price = []
    return out + price


class Narrator:
    """Turns events into log lines. It remembers the foe of the fight in progress, so a roll
    can name what it is rolled against."""

    def __init__(self) -> None:
        self.foe = "monster"

    def lines(self, events: Iterable[Event]) -> list[Line]:
        out = []
        for event in told_in_order(events):
            sentence = self.sentence(event.kind, event.data)
            if sentence:
                out.append(Line(sentence, style=STYLES.get(event.kind, "")))
        return out

    def sentence(self, kind: str, d: dict[str, Any]) -> str:  # noqa: C901 - one line per kind
        foe = self.foe
        if kind == "area_begins":
            boss = " A boss waits at its end." if d["boss"] else ""
            return f"Area {d['area']}: {d['level_name']}, level {d['level']}.{boss}"
        if kind == "column_revealed":
            rooms = [room_name(r) for r in d["rooms"]]
            if len(rooms) == 1:
                return f"Column {d['column'] + 1}: the {rooms[0]} lies ahead."
            return f"Column {d['column'] + 1}: choose the {' or the '.join(rooms)}."
        if kind == "room_entered":
            return f"You enter the {room_name(d['room'])}."
        if kind == "monster_health":
            return (f"Its health: area {d['area']} plus a roll of {listed(d['faces'])}"
                    f" = {d['hp']}.")
        if kind == "fight_begins":
            self.foe = d["name"]
            return (f"The {d['name']} (level {d['level']}) has {d['hp']} health and hits for "
                    f"{d['damage']}.")
        if kind == "attack_roll":
            faces = d["faces"]
            parts = []
            if d["misses"]:
                parts.append(f"{plural(d['misses'], 'miss', 'misses')} (a 1 deals nothing)")
            if d["criticals"]:
                parts.append(f"{plural(d['criticals'], 'critical')} (a 6 may be rolled again)")
            hits = len(faces) - d["misses"]
            summary = listed(parts) if parts else plural(hits, "hit")
            return (f"Round {d['round']}: you roll {listed(faces)} against the {foe}: "
                    f"{summary}.")
        if kind == "critical_reroll":
            if d["missed"]:
                return f"Die {d['die'] + 1} rolled again: {d['roll']}, a miss: it deals nothing."
            return f"Die {d['die'] + 1} rolled again: {d['roll']}, it now deals {d['value']}."
        if kind == "feat":
            result = "a miss" if d["missed"] else f"it deals {d['value']}"
            return (f"Feat: die {d['die'] + 1} rolled again: {d['roll']}, {result} (marked * "
                    f"on the dice).")
        if kind == "strike":
            poison = f" and poison {d['poison']}" if d["poison"] else ""
            return (f"You strike for {d['damage']}{poison}: the {foe} goes from "
                    f"{d['hp_before']} to {d['hp']} health.")
        if kind == "spell_cast":
            return f"You cast {spell_name(d['spell'])}."
        if kind == "spell_damage":
            return (f"{spell_name(d['spell'])} deals {d['damage']}: the {foe} goes from "
                    f"{d['hp_before']} to {d['hp']} health.")
        if kind == "frozen":
            return f"The {d['name']} is frozen and cannot strike back."
        if kind == "counter_attack":
            return (f"The {d['name']} strikes back for {d['damage']}; your armour stops "
                    f"{d['blocked']}: you take {d['taken']}.")
        if kind == "foe_defeated":
            return f"The {d['name']} falls after {plural(d['rounds'], 'round')}."
        if kind == "gain":
            return self.change("gain", d)
        if kind == "loss":
            return self.change("lose", d)
        if kind == "rank_up":
            return f"Rank {d['rank']}! You now roll {plural(d['dice'], 'die', 'dice')}."
        if kind == "rank_down":
            return f"You fall back to rank {d['rank']}: {plural(d['dice'], 'die', 'dice')}."
        if kind == "spell_gained":
            return f"You keep the {spell_name(d['spell'])} spell."
        if kind == "treasure_roll":
            if d["item"]:
                return f"Treasure roll {d['roll']}: 5 or more, an item!"
            return f"Treasure roll {d['roll']}: no item (that takes 5 or more)."
        if kind == "item_found":
            return f"Item roll {d['roll']}: {d['name']}."
        if kind == "spell_replaced":
            return f"You give up {spell_name(d['dropped'])} for {spell_name(d['kept'])}."
        if kind == "spell_left":
            return f"You leave the {spell_name(d['spell'])} spell behind."
        if kind == "bought":
            return f"You buy {item_name(d['item'])} for {d['price']} gold."
        if kind == "sold":
            return f"You sell {item_name(d['item'])} for {d['price']} gold."
        if kind == "left_merchant":
            return "You leave the merchant."
        if kind == "rested":
            return f"You rest: {REST.get(d['option'], d['option'])}."
        if kind == "event_roll":
            return f"Event roll {d['roll']}: {EVENT_FACES.get(d['roll'], d['result'])}."
        if kind == "skill_check":
            what = "the event" if d["for"] == "event" else "the trap"
            if d["success"]:
                then = "you may move the event by one" if d["for"] == "event" else "evaded"
                return (f"Skill check against {what}: you roll {d['roll']}, at most your rank "
                        f"{d['rank']}: passed, {then}.")
            return (f"Skill check against {what}: you roll {d['roll']}, more than your rank "
                    f"{d['rank']}: failed.")
        if kind == "event_result":
            return f"You find {EVENT_FACES.get(d['face'], d['name'])}."
        if kind == "trap_roll":
            return f"Trap roll {d['roll']}: {d['name']}."
        if kind == "key_found":
            return f"You find the key of level {d['level']}."
        if kind == "trap_evaded":
            return "You slip past the trap."
        if kind == "trap_sprung":
            return "The trap springs."
        if kind == "penalty_in_health":
            return (f"You have no {STATS.get(d['stat'], d['stat'])} to lose: it costs "
                    f"{d['hp_loss']} health instead.")
        if kind == "fell":
            return f"You fall from area {d['from']} to area {d['to']}."
        if kind == "starving":
            return f"No food left: hunger costs {d['hp_loss']} health."
        if kind == "door_locked":
            return f"The door of level {d['level']} is locked, and you found no key."
        if kind == "door_opened":
            return f"Your key opens the door of level {d['level']}."
        if kind == "game_over":
            if d["outcome"] == "won":
                return "The Og's Blood is yours. You win!"
            return f"The delve ends in area {d['area']}: {cause_text(d['cause'])}."
        return ""  # no_spell: nothing worth a line

    @staticmethod
    def change(verb: str, d: dict[str, Any]) -> str:
        stat = STATS.get(d["stat"], d["stat"])
        if verb == "lose" and d.get("source") == "feat":
            if d["stat"] == "xp" and d["rank"] != d["rank_before"]:
                return (f"You pay {d['amount']} XP for the feat: rank {d['rank_before']} with "
                        f"{d['before']} XP becomes rank {d['rank']} with {d['after']}.")
            return f"You pay {d['amount']} {stat} for the feat ({d['before']} → {d['after']})."
        if "instead_of_xp" in d:
            return (f"At the top rank, {d['instead_of_xp']} XP becomes {d['amount']} health "
                    f"({d['before']} → {d['after']}).")
        if d["stat"] == "xp" and d["rank"] != d["rank_before"]:  # the XP track starts again
            return (f"You {verb} {d['amount']} XP: rank {d['rank_before']} with {d['before']} "
                    f"XP becomes rank {d['rank']} with {d['after']}.")
        capped = " (the card holds no more)" if verb == "gain" and \
            d["after"] - d["before"] < d["amount"] and d["stat"] != "xp" else ""
        return f"You {verb} {d['amount']} {stat} ({d['before']} → {d['after']}){capped}."


STYLES = {"game_over": "bold", "rank_up": "bold green", "foe_defeated": "green",
          "counter_attack": "red", "starving": "red", "trap_sprung": "red",
          "door_locked": "bold red", "area_begins": "bold cyan", "key_found": "yellow"}


def item_name(item: str) -> str:
    if item in SPELLS:
        return f"the {SPELLS[item]} spell"
    return {"ration": "a ration", "potion": "a health potion", "big_potion":
            "a big health potion", "armor": "an armour piece"}.get(item, item)


def action_label(action: dict[str, Any], view: View) -> str:
    """A legal action (as view.legal holds it) as a choice for the player."""
    kind = action["do"]
    if kind == "enter":
        rooms = view.columns[view.column].rooms
        return f"Enter the {room_name(rooms[action['row']].room)}"
    if kind == "cast":
        return f"Cast {spell_name(action['spell'])}"
    if kind == "reroll":
        return f"Reroll critical die {action['die'] + 1}"
    if kind == "feat":
        pay = action["pay"]
        return f"Feat: die {action['die'] + 1} for {dict(view.feat_costs)[pay]} {STATS[pay]}"
    if kind == "strike":
        return "Strike"
    if kind == "pass":
        if view.pending == "found_spell":
            return f"Leave the {spell_name(view.found_spell)} behind"
        return "Cast nothing"
    if kind == "choose":
        return f"Take {EVENT_FACES.get(action['face'], str(action['face']))}"
    if kind == "replace":
        return f"Give up {spell_name(action['spell'])} for {spell_name(view.found_spell)}"
    if kind in ("buy", "sell"):
        ware = next((w for w in view.wares if w.item == ("spell" if action["item"] in SPELLS
                                                         else action["item"])), None)
        price = (ware.buy if kind == "buy" else ware.sell) if ware is not None else None
        cost = f" ({price} gold)" if price is not None else ""
        return f"{kind.title()} {item_name(action['item'])}{cost}"
    if kind == "leave":
        return "Leave the merchant"
    if kind == "rest":
        return REST.get(action["option"], action["option"])
    return kind


WAITING = {  # the title of the choices: what the game waits for, in a few words
    "room": "Choose a room",
    "attack": "Attack",
    "spell": "Cast a spell?",
    "event": "Pick the event",
    "found_spell": "Spell slots full",
    "merchant": "The merchant",
    "resting": "Rest",
    "over": "The delve is over",
}


def narrator(state: Any) -> Callable[[Iterable[Event]], list[Line]]:
    """A replay's narrator (services.words.narrator): each call tells one action's events."""
    return Narrator().lines


def opening(state: Any) -> list[Event]:
    return list(state.start_events)


def legend(_state: Any) -> dict[str, tuple[str, str, str]]:
    """The room cards and the spells by name, as the app's tabletop calls them (a run page
    draws the dungeon with these words, never the rules' ids)."""
    rooms = {room: ("", "room", room_name(room)) for room in ROOMS}
    return rooms | {spell: ("", "spell", spell_name(spell)) for spell in SPELLS}


LEVEL_EVENT = "area_begins"  # each area of the dungeon: a replay can jump to the next one


def summary(state: Any, events: Iterable[Event]) -> list[tuple[str, str]]:
    """What a finished delve adds up to, as (label, value) lines for a morgue."""
    view: View = state.view(0)
    dealt = taken = 0
    for event in events:
        d = event.data
        if event.kind in ("strike", "spell_damage"):
            dealt += int(d.get("damage") or 0)
        elif event.kind == "loss" and d.get("stat") == "hp":
            taken += int(d.get("amount") or 0)
    ended = {"won": "won: the delve is done"}.get(view.outcome or "") or \
        (cause_text(view.cause) if view.outcome else "not finished")
    level = next((known.name for known in view.levels if known.number == view.level), "")
    return [("Reached", f"area {view.area}, level {view.level}" + (f" ({level})" if level else "")),
            ("Monsters defeated", str(view.monsters_defeated)),
            ("Bosses defeated", str(view.bosses_defeated)),
            ("Damage dealt", str(dealt)), ("Damage taken", str(taken)),
            ("Gold", str(view.gold)), ("Health", f"{view.hp} of {view.max_hp}"),
            ("Rank", str(view.rank)), ("Ended", ended)]
