"""What a cell of the board holds, in words: for look mode and the board's legend.

Every number comes from the engine's card data and the game state; this module only words
them. A face-down card is described as face down and nothing more: what it holds stays hidden
until it is flipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from app.games.cardrogue.words import (
    EFFECT_NAMES,
    PLAYER_GLYPH,
    SLOT_NAMES,
    faces,
    label_of,
    listing,
    look,
    signed,
)
from app.words import plural

if TYPE_CHECKING:
    from engine.cardrogue import (
        CardDef,
        Catalog,
        CellView,
        CharacterDef,
        ShopView,
        View,
    )

SCROLL_WORDS = {
    "identify": "read it to learn what one of your unknown potions does",
    "move_adjacent": "read it to step one tile any way, even through a wall, and end the turn",
    "poison_heals": "read it while poisoned: the poison heals you {amount} a turn instead",
    "remove_cursed": "read it to throw away every cursed card you hold or wear",
    "max_health": "read it for {amount} more max health, for good",
}
TRAP_WORDS = {
    "spikes": "costs {amount} health to whoever flips it or steps on it",
    "poison": "poisons whoever flips it or steps on it for {turns} turns",
    "paralysis": "ends the turn of whoever flips it or steps on it, and they lose the next",
}
ON_ROLL_WORDS = {
    "reroll_twice": "on a {face} you roll two more dice",
    "miss": "on a {face} your attack misses",
    "block": "on a {face} the enemy neither attacks nor uses its abilities",
    "attack_again": "on a {face} you strike again with a fresh roll",
}
# What each colour family of the board stands for, for the legend.
CATEGORY_WORDS = {"enemy": "enemy", "boss": "boss", "item": "to pick up", "potion": "to pick up"}


def enemy_traits(card: CardDef) -> list[str]:
    """An enemy's abilities in a few words each."""
    traits = []
    if card.dodge_on:
        traits.append(f"dodges on {faces(card.dodge_on)}")
    if card.poison:
        traits.append(f"poisons on {faces(card.poison.on)} ({card.poison.turns} turns)")
    if card.paralyse:
        traits.append(f"paralyses on {faces(card.paralyse.on)} ({card.paralyse.turns} turn)")
    if card.heals:
        traits.append(f"heals {card.heals} a round")
    if card.kill_in_one_turn:
        traits.append("must fall in one turn")
    if card.no_chase:
        traits.append("never chases")
    if card.boss:
        traits.append(f"boss, {card.vp} point{'s' if card.vp != 1 else ''}")
    return traits


def gear_facts(d: CardDef) -> list[str]:
    """What a weapon, armour or artifact does, one short phrase per number it carries."""
    facts = []
    if d.slot:
        where = "both hands" if d.two_handed else SLOT_NAMES.get(d.slot, d.slot)
        facts.append(f"worn on the {where}" if d.slot != "primary" or d.two_handed
                     else "held in the main hand")
    elif d.type == "artifact":
        facts.append("works from your hand, no slot needed")
    if d.attack:
        facts.append(f"{signed(d.attack)} to every attack")
    if d.min_attack:
        facts.append(f"a roll never counts below {d.min_attack}")
    if d.double_damage:
        facts.append("your roll counts twice")
    for face, effect in d.on_roll:
        facts.append(ON_ROLL_WORDS.get(effect, f"on a {{face}}: {effect}").format(face=face))
    if d.damage_taken:
        facts.append(f"{d.damage_taken} less damage from each blow")
    if d.movement:
        facts.append(f"{plural(d.movement, 'more tile')} of movement out of combat")
    if d.flee_on:
        facts.append(f"you may also flee on {faces(d.flee_on)}")
    if d.trap_avoid_on:
        facts.append(f"a trap does you no harm on {faces(d.trap_avoid_on)}")
    if d.max_health:
        facts.append(f"{signed(d.max_health)} max health")
    return facts


def value_fact(d: CardDef) -> str:
    if d.cursed:
        return "cursed: once picked up it cannot be dropped, sold or traded"
    if d.gold is None or not d.sellable:
        return "no shop buys it"
    return f"sells for {d.gold} gold"


def character_facts(char: CharacterDef, table: bool = False) -> list[str]:
    """A character's numbers and traits, one short phrase each; `table` adds the classic
    game's rules between heroes (stealing, tripping)."""
    facts = [f"health {char.max_health}", f"attack {signed(char.attack)}"]
    if char.spell_damage:
        facts.append(f"casts {char.spell_damage} sure damage every "
                     f"{plural(char.spell_cooldown, 'turn')}")
    if char.movement:
        facts.append(f"{plural(char.movement, 'more move')} out of combat")
    if char.damage_taken:
        facts.append(f"{char.damage_taken} less damage from each blow")
    if char.regen:
        facts.append(f"heals {char.regen} a turn out of combat")
    if char.fountain_bonus:
        facts.append(f"{char.fountain_bonus} more from fountains")
    if char.cannot_flee:
        facts.append("never flees unless an item allows it")
    elif char.flee_on:
        facts.append(f"also flees on {faces(char.flee_on)}")
    if char.trap_avoid_on:
        facts.append(f"avoids traps on {faces(char.trap_avoid_on)}")
    if char.second_dagger:
        facts.append("may hold a second dagger")
    if char.sell_bonus:
        facts.append(f"sells every card for {char.sell_bonus} more gold")
    if table and tuple(char.steal_on) != (6,):
        facts.append(f"steals on {faces(char.steal_on)}")
    return facts


# The chooser's rows fit a dialog at 80 columns: its number column, the name in a column of its
# own, then the facts, wrapped between facts onto two rows at most, lined up under the first;
# so six characters fit on a 24-line screen without scrolling.
NUMBER_COLUMN = 3  # "1  ", put before each entry by ChooseScreen
NAME_COLUMN = 9
LABEL_WIDTH = 65  # a whole row, the number column included


def character_label(char: CharacterDef, table: bool = False) -> Text:
    """The hero chooser's entry: the name, then its numbers and traits beside it."""
    head = char.name.ljust(NAME_COLUMN - 1) + " "  # a longer name is kept whole
    label = Text(head, style="bold")
    indent = " " * (NUMBER_COLUMN + NAME_COLUMN)
    lines: list[str] = []
    for fact in character_facts(char, table):
        used = NUMBER_COLUMN + (len(head) if len(lines) == 1 else NAME_COLUMN)
        if lines and used + len(lines[-1]) + len(fact) + 3 <= LABEL_WIDTH:
            lines[-1] += f" · {fact}"
        else:
            lines.append(fact)
    label.append("\n".join([lines[0], *(indent + line for line in lines[1:])]) if lines else "",
                 style="dim")
    return label


def card_facts(catalog: Catalog, look: CellView) -> tuple[str, list[str]]:
    """The name of what lies face up on the cell, and its numbers and abilities in words."""
    if look.card is None:
        return "An empty path", ["nothing on it: walk over it freely"]
    d = catalog.cards[look.card]
    facts: list[str] = []
    enemy = look.enemy
    if enemy is not None:
        attack = str(enemy.attack)
        if enemy.double_roll:
            attack = "twice a die roll" + (f" {signed(enemy.attack)}" if enemy.attack else "")
        facts.append(f"health {enemy.health}/{enemy.max_health}, attack {attack}")
        facts.extend(enemy_traits(d))
        if enemy.poison:
            facts.append(f"poisoned for {plural(enemy.poison, 'more turn')}")
        if enemy.paralysed:
            facts.append("paralysed")
        if d.gold:
            facts.append(f"its card is worth {d.gold} gold once slain")
        return d.name, facts
    if d.type == "potion":
        if look.effect is None:
            facts.append("what it does shows once a potion of its colour is drunk, thrown "
                         "or identified")
        else:
            facts.append(f"a potion of {EFFECT_NAMES.get(look.effect, look.effect)}")
        facts.append("step onto it to pick it up")
        return label_of(d, look.colour, look.effect), facts
    if d.type in ("weapon", "armour", "artifact"):
        facts.extend(gear_facts(d))
        facts.append(value_fact(d))
        facts.append("step onto it to pick it up")
    elif d.type == "scroll":
        facts.append(SCROLL_WORDS.get(d.scroll or "", "read it for its effect").format(
            amount=d.amount, turns=d.turns))
        facts.append("step onto it to pick it up")
    elif d.type == "key":
        facts.append("opens the chest; step onto it to pick it up")
    elif d.type == "debt":
        facts.append(f"worth {plural(d.vp or 1, 'victory point')} to whoever holds it")
    elif d.type == "trap":
        facts.append(TRAP_WORDS.get(d.trap or "", "hurts whoever steps on it").format(
            amount=d.amount, turns=d.turns))
        facts.append("it stays armed after it goes off")
    elif d.type == "fountain":
        facts.append(f"start a turn on it and roll: it heals {d.amount}, but "
                     f"{faces(d.drain_on)} dries it up for good")
    elif d.type == "shop":
        facts.extend(_shop_facts(catalog, look.shop))
    elif d.type == "chest":
        facts.append("step onto it holding the key to open it")
    elif d.type == "path":
        facts.append("nothing on it: walk over it freely")
    elif d.type == "ladder":
        facts.append("the way down: step onto it once every goal of the level is met")
    elif d.type == "start":
        facts.append("where the level began" + (", and its way out" if look.way_out else ""))
    return d.name, facts


def _shop_facts(catalog: Catalog, shop: ShopView | None) -> list[str]:
    if shop is None or not shop.wares:
        return ["sold out"]
    wares = [f"{label_of(catalog.cards[w.id], w.colour, w.effect)} {w.price}"
             for w in shop.wares]
    return ["stand on it and press b to trade", "for sale (gold): " + ", ".join(wares)]


def describe_cell(view: View, catalog: Catalog, cell: tuple[int, int]) -> Text:
    """Look mode's words for one cell, as `view` shows it: who stands there, what lies there,
    and its numbers."""
    look = view.look(cell)
    out = Text()
    if look is None:
        out.append("Nothing here: no card lies on this spot.", style="bold")
        return out
    for seat in look.heroes:
        hero = view.players[seat]
        who = "You" if len(view.players) == 1 else hero.name
        out.append(f"{who}, the {catalog.characters[hero.character].name}", style="bold")
        out.append(f" — health {hero.health}\n")
    if look.face == "unseen":
        out.append("Unexplored", style="bold")
        out.append("\nNo path leads here yet.")
        return out
    if look.face == "face_down":
        out.append("A face-down card", style="bold")
        out.append("\nWhat it holds shows only once it is flipped, from the tile next to it.")
        return out
    name, facts = card_facts(catalog, look)
    if look.enemy is not None:
        out.append(name, style="bold red")
        out.append("  fighting you\n" if look.fighting else "  not fighting yet\n",
                   style="red" if look.fighting else "dim")
    else:
        out.append(name, style="bold")
        out.append("\n")
    for fact in facts:
        out.append(f"· {fact}\n")
    out.rstrip()
    return out


# ---------------------------------------------------------------------- the legend

@dataclass(frozen=True)
class LegendEntry:
    """One glyph of the board, how it is drawn (category and colour) and what it means."""

    glyph: str
    category: str
    colour: str | None
    meaning: str


def legend_entries(view: View, catalog: Catalog) -> list[LegendEntry]:
    """Every glyph on the board `view` shows, with its meaning, in the board's own order of
    kinds."""
    seen: dict[tuple[str, str, str | None], list[str]] = {}
    face_down = False
    for cell in view.cells:
        face_down = face_down or cell.face == "face_down"
        if cell.face != "revealed" or cell.card is None:
            continue
        d = catalog.cards[cell.card]
        drawn = look(d)
        names = seen.setdefault((drawn.glyph, drawn.category, cell.colour), [])
        name = label_of(d, cell.colour, cell.effect)
        if name not in names:
            names.append(name)
    entries = [LegendEntry(PLAYER_GLYPH, "player", None, "you")]
    if face_down:
        entries.append(LegendEntry("░", "face-down", None, "face down: flip to see"))
    entries.append(LegendEntry("┃", "corridor", None, "path (else a wall)"))
    for (glyph, category, colour), names in seen.items():
        kind = CATEGORY_WORDS.get(category)
        meaning = listing(names) + (f" ({kind})" if kind else "")
        entries.append(LegendEntry(glyph, category, colour, meaning))
    return entries


FRAME_ENTRIES = (
    ("legal", "an arrow acts on it now"),
    ("fighting", "an enemy fighting you"),
    ("cursor", "the look cursor"),
)
