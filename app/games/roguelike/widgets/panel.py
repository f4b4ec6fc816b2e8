"""The side panel: the level (its number, letters and Difficulty), the rogue's hit points,
skills and belongings, and the place he stands in. All from the engine's view."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from app.games.roguelike.words import door_line, level_line, low_hp, name, place_line
from engine.roguelike import View


def panel_text(view: View) -> Text:
    text = Text()
    text.append(level_line(view) + "\n", style="bold")
    text.append("HP ")
    if low_hp(view):  # said in a word too: colour alone is lost on some eyes and terminals
        text.append(f"{view.hp}/{view.max_hp} low", style="bold red")
    else:
        text.append(f"{view.hp}/{view.max_hp}", style="bold")
    text.append(f"  Rogue level {view.rogue_level}  Gold {view.gold}  Picks {view.lockpicks}")
    if view.diseased:
        text.append("  ill", style="bold red")
    text.append("\n")
    # The skills in two columns; the better ones stand out.
    cells = [f"{name(skill):<13}{dice}d6" for skill, dice in view.skills]
    half = (len(cells) + 1) // 2
    for left, right in zip(cells[:half], cells[half:] + [""], strict=True):
        text.append(f"{left:<19}{right}\n")
    if view.items:
        text.append("Pack: " + ", ".join(name(i.item) for i in view.items) + "\n")
    if view.abilities:
        text.append("Abilities: " + ", ".join(name(a) for a in view.abilities) + "\n")
    text.append(place_line(view) + "\n", style="italic")
    if view.place.doors:
        doors = view.place.doors
        text.append("Doors: " + ", ".join(door_line(d, doors) for d in doors))
    return text


class RoguePanel(Static):
    """The rogue and his place, redrawn after every action."""

    DEFAULT_CSS = """
    RoguePanel { padding: 0 1; background: $panel; height: 100%; }
    """

    def show(self, view: View) -> None:
        self.update(panel_text(view))
