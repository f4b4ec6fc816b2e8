"""The side panel: the hero, the fight, the level's goals, equipment and hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from app.games.cardrogue.look import enemy_traits
from app.games.cardrogue.words import SLOT_NAMES, label_of, signed, the
from engine.core import shown

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from engine.cardrogue import Catalog, View

BAR_WIDTH = 12
HEADING = "bold underline"


def health_bar(health: int, top: int, width: int = BAR_WIDTH) -> Text:
    """A bar of `width` cells filled in proportion, then the numbers: ███░░ 7/12, and "!"
    at a quarter or less."""
    filled = 0 if top <= 0 else max(0, min(width, (max(health, 0) * width + top - 1) // top))
    ratio = health / top if top > 0 else 0
    colour = "green" if ratio > 0.5 else "yellow" if ratio > 0.25 else "red"
    bar = Text("█" * filled, style=colour)
    bar.append("░" * (width - filled), style="dim")
    bar.append(f" {health}/{top}")
    if colour == "red":  # danger: a glyph as well as the colour
        bar.append(" !", style="bold")
    return bar


def _goal_lines(view: View, catalog: Catalog, out: Text) -> None:
    """The goals of the level (or of a solo table), ticked when met, then the way out."""
    out.append("\nGoals\n", style=HEADING)
    for goal in view.goals:
        out.append("✓ " if goal.met else "· ", style="green" if goal.met else "dim")
        named = catalog.cards.get(goal.card) if goal.kind == "slay" and goal.card else None
        # "slay the Golem", not "slay the The Golem" (the card's name has its article)
        slay = the(named.name) if named is not None else ""
        out.append((f"slay {slay[:1].lower()}{slay[1:]}" if slay else goal.text) + "\n")
    exit_name = "the ladder" if view.level_exit == "ladder" else "the starting tile"
    out.append("· ", style="dim")
    out.append(f"reach {exit_name}\n")


def panel_text(view: View, catalog: Catalog, hints: bool = True) -> Text:  # noqa: C901 (one section per panel line, read top to bottom like the panel)
    """The panel's text for the player who sees `view` (the one who acts now), their cards
    named from the game's `catalog`; `hints` adds key hints (off where no key acts, as in a
    replay)."""
    p = view.hero
    cards = catalog.cards
    out = Text()
    char = catalog.characters[p.character]
    out.append(char.name, style="bold")
    out.append(f"  {shown(p.name)}\n", style="dim")
    out.append("Health ")
    out.append_text(health_bar(p.health, p.max_health))
    out.append("\n")
    out.append(f"Attack {signed(p.attack)}  Armour −{p.armour}\n")
    out.append(f"Gold {p.gold}  Points {p.points}\n")

    effects = []
    if p.poison:
        heal = " (healing)" if p.poison_heals else ""
        effects.append(f"poisoned {p.poison} turn{'s' if p.poison != 1 else ''}{heal}")
    if p.skip:
        effects.append(f"loses {p.skip} turn{'s' if p.skip != 1 else ''}")
    if p.cooldown:
        effects.append(f"spell in {p.cooldown}")
    if p.deferred:
        effects.append("landing next turn")
    if effects:
        out.append("Effects: ", style="bold")
        out.append(", ".join(effects) + "\n", style="yellow")

    if view.fighting:
        out.append("\nFighting\n", style=HEADING)
        for enemy in view.fighting:
            d = cards[enemy.id]
            out.append(f"{d.name}\n", style="bold red")
            attack = str(enemy.attack)
            if enemy.double_roll:  # its attack is then what potions add to the two dice
                attack = "2×die" + (signed(enemy.attack) if enemy.attack else "")
            out.append(f"  health {enemy.health}/{enemy.max_health} · attack {attack}\n")
            for trait in enemy_traits(d):
                out.append(f"  {trait}\n", style="dim")
            if enemy.poison:
                out.append(f"  poisoned {enemy.poison} turns\n", style="dim")
            if enemy.paralysed:
                out.append("  paralysed\n", style="dim")

    if view.here is not None:
        d = cards[view.here]
        if d.type in ("shop", "fountain", "chest", "ladder", "start", "trap"):
            out.append("\nHere: ", style="bold")
            out.append(d.name)
            if d.type == "shop" and hints:
                out.append(" (b to trade)", style="dim")
            out.append("\n")

    if view.mode == "classic" and len(view.players) > 1:
        # A table has no goals to tick: points win, and the end rush is the way out.
        out.append("\nPoints\n", style=HEADING)
        out.append("chest, debt, bosses; the Golem starts the end rush: first back to a "
                   "starting tile ends the game\n" if not view.end_rush
                   else "END RUSH: reach a starting tile (+1 point)\n",
                   style="dim" if not view.end_rush else "bold red")
    else:
        _goal_lines(view, catalog, out)

    out.append(f"\nHand ({len(p.hand)})\n", style=HEADING)
    if not p.hand:
        out.append("empty\n", style="dim")
    for card in p.hand:
        d = cards[card.id]
        out.append(label_of(d, card.colour, card.effect))
        if d.type == "enemy" and d.gold:
            out.append(f" · {d.gold} gold", style="dim")
        if d.cursed:
            out.append(" · cursed", style="red")
        out.append("\n")
    out.append("\nEquipped\n", style=HEADING)
    for slot in p.equipped:
        out.append(f"{SLOT_NAMES.get(slot.slot, slot.slot):<10}", style="dim")
        out.append((cards[slot.card.id].name if slot.card else "—") + "\n")

    out.rstrip()
    return out


class SidePanel(VerticalScroll, can_focus=False):
    DEFAULT_CSS = """
    SidePanel {
        width: 30;
        background: $surface;
        border-left: tall $panel;
        padding: 0 1;
        scrollbar-size-vertical: 1;
    }
    SidePanel > #panel-body {
        width: 100%;
    }
    """

    text = Text()
    hints = True  # key hints such as "b to trade"; a read-only view turns them off

    def compose(self) -> ComposeResult:
        yield Static(id="panel-body")

    def show(self, view: View, catalog: Catalog) -> None:
        text = panel_text(view, catalog, self.hints)
        if text == self.text:
            return
        # A new layout only when the text may take a different number of lines.
        old_lines = self.text.plain.split("\n")
        new_lines = text.plain.split("\n")
        width = self.query_one("#panel-body", Static).size.width
        same_height = len(old_lines) == len(new_lines) and width > 0 and all(
            len(line) <= width for line in new_lines + old_lines)
        self.text = text
        self.query_one("#panel-body", Static).update(text, layout=not same_height)

    @property
    def plain(self) -> str:
        return self.text.plain
