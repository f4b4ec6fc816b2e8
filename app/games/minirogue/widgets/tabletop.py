"""The Mini Rogue tabletop as widgets: the dungeon card (levels and areas, the hero's place), the
room cards of the area as columns, the character card with its tracks, and the dice as rolled.

Each widget draws one View (engine.minirogue.View) and works nothing out: every number on show
is in the view. Text is built as rich Text, never markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from app.games.minirogue.words import DIFFICULTIES, PURPOSES, room_name, spell_name
from engine.minirogue import View


class DungeonTrack(Static):
    """The dungeon card: five levels, their areas, and where the hero stands."""

    DEFAULT_CSS = """
    DungeonTrack {
        height: 3;
        border: round $primary;
        border-title-color: $text;
        padding: 0 1;
    }
    """

    def show(self, view: View) -> None:
        level = next(lv for lv in view.levels if lv.number == view.level)
        keys = ""
        if view.dungeon_keys:
            keys = " · key found" if view.has_key else " · no key yet"
        self.border_title = (f"Area {view.area} of {view.last_area} · {level.name} · "
                             f"{DIFFICULTIES.get(view.difficulty, view.difficulty)}{keys}")
        text = Text()
        for n, lv in enumerate(view.levels):
            if n:
                text.append(" │ ", style="dim")
            text.append(f"L{lv.number} ", style="bold" if lv.number == view.level else "dim")
            for m, area in enumerate(lv.areas):
                if m:
                    text.append(" ")
                if area == view.area:
                    text.append(f"[{area}]", style="bold reverse")
                elif area < view.area:
                    text.append(str(area), style="dim")
                else:
                    text.append(str(area))
        self.update(text)


CARD_WIDTH = 10  # "✓ Treasure": a mark and the longest room name


class RoomColumns(Static):
    """The room cards of the current area, column by column: face-down cards as ?, the room
    taken in each column marked ✓, the column to choose from highlighted. The boss, a column of
    its own, needs only its name's width: five columns fit in 48 cells."""

    DEFAULT_CSS = """
    RoomColumns {
        height: 5;
        border: round $primary;
        border-title-color: $text;
        padding: 0;
    }
    """

    def show(self, view: View) -> None:
        self.border_title = "Rooms of this area"
        text = Text()
        widths = [4 if c.rooms[0].room == "boss" else CARD_WIDTH for c in view.columns]
        for column, width in zip(view.columns, widths, strict=True):
            label = "Boss" if width == 4 else f"Col {column.index + 1}"
            style = "bold reverse" if column.current else ("dim" if column.done else "bold")
            text.append(f"{label:<{width}}", style=style)
            text.append(" ")
        text.append("\n")
        rows = max(len(c.rooms) for c in view.columns) if view.columns else 0
        for row in range(rows):
            for column, width in zip(view.columns, widths, strict=True):
                if row >= len(column.rooms):
                    text.append(" " * (width + 1))
                    continue
                room = column.rooms[row]
                if room.room is None:
                    text.append(f"  {'?' * (width - 2)}"[:width], style="dim")
                elif width == 4:
                    text.append("Boss", style="bold red" if not room.taken else "bold green")
                else:
                    mark = "✓ " if room.taken else "  "
                    style = ("bold green" if room.taken else
                             "bold" if column.current else "dim" if column.done else "")
                    text.append(f"{mark}{room_name(room.room):<{width - 2}}", style=style)
                text.append(" ")
            text.append("\n")
        text.rstrip()
        self.update(text)


def bar(value: int, top: int, width: int, style: str) -> Text:
    """A track: filled cells for the value, empty ones up to the card's top."""
    filled = round(width * value / top) if top else 0
    filled = max(filled, 1) if value else 0
    return Text.assemble(("█" * filled, style), ("░" * (width - filled), "dim"))


class CharacterCard(Static):
    """The character card: armour, health, gold, food, experience and rank, spells."""

    DEFAULT_CSS = """
    CharacterCard {
        height: auto;
        border: round $primary;
        border-title-color: $text;
        padding: 0 1;
    }
    """

    def show(self, view: View) -> None:
        self.border_title = "Character"
        text = Text()
        for label, value, top, style in (("Armour", view.armor, view.max_armor, "cyan"),
                                         ("Health", view.hp, view.max_hp, "red"),
                                         ("Gold", view.gold, view.max_gold, "yellow"),
                                         ("Food", view.food, view.max_food, "green")):
            text.append(f"{label:<7}")
            text.append_text(bar(value, top, 10, style))
            text.append(f" {value:>2}/{top}\n")
        text.append(f"Rank {view.rank}", style="bold")
        dice = "die" if view.dice == 1 else "dice"
        text.append(f" · {view.dice} {dice}\n")
        if view.xp_to_next_rank is None:
            text.append("XP     top rank\n")
        else:
            text.append(f"XP     {view.xp}/{view.xp_to_next_rank} to rank {view.rank + 1}\n")
        held = [spell_name(s) for s in view.spells]
        held += ["—"] * (view.max_spells - len(held))
        text.append(f"Spells {', '.join(held)}\n")
        text.append(f"Score  {view.score}", style="bold")
        self.update(text)


class DicePanel(Static):
    """The fight and the dice as they were rolled: the foe's health, each attack die (a miss
    struck through, a critical in bold), or the latest rolls out of a fight."""

    DEFAULT_CSS = """
    DicePanel {
        height: 4;
        border: round $primary;
        border-title-color: $text;
        padding: 0 1;
    }
    """

    def show(self, view: View) -> None:
        text = Text()
        foe = view.foe
        if foe is not None:
            self.border_title = "Fight"
            text.append(f"{foe.name}", style="bold")
            text.append(f"  health {foe.hp}/{foe.max_hp} · hits for {foe.damage}")
            if foe.frozen:
                text.append(" · frozen", style="cyan")
            if foe.poisons:
                times = f" x{foe.poisons}" if foe.poisons > 1 else ""
                text.append(f" · poisoned{times}", style="green")
            text.append("\n")
        else:
            self.border_title = "Dice"
        if view.combat_dice:
            text.append("Dice ")
            for n, die in enumerate(view.combat_dice):
                text.append(f" {n + 1}:")
                if die.missed:
                    text.append(f"[{die.face}]", style="dim strike")
                    text.append(" miss", style="dim")
                else:
                    text.append(f"[{die.face}]", style="bold yellow" if die.critical else "bold")
                    text.append(f"={die.value}")
                if die.feat_used:
                    text.append("*", style="magenta")
        elif view.last_dice:
            text.append("Rolled ")
            text.append(", ".join(f"{PURPOSES.get(p, p)} {face}" for p, face in view.last_dice))
        elif foe is None:
            text.append("No dice rolled yet.", style="dim")
        self.update(text)
