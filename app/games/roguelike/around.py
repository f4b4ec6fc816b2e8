"""Plain mode's "what is around me" for Rogue Like Roguelike: where the rogue is, how he
stands, each side of his place with its doors and what its arrow does now, then every key that
works now. The words are the panel's and the actions menu's, drawn from the engine's view; what
a key sends is what the play screen's own keys send (`door_action`, `letter_action`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.games.roguelike.words import (
    DIRECTIONS,
    action_label,
    door_line,
    door_name,
    hp_words,
    level_line,
    name,
    place_line,
)
from app.screens.rules import key_for

if TYPE_CHECKING:
    from app.games.roguelike.screens.play import PlayScreen
    from engine.roguelike import View


def rogue_line(view: View) -> str:
    """The rogue as the panel shows him, in one sentence."""
    parts = [hp_words(view), f"rogue level {view.rogue_level}", f"gold {view.gold}",
             f"lockpicks {view.lockpicks}"]
    if view.diseased:
        parts.append("ill")
    # The better skills by name (as the panel makes them stand out), then the rest in a word.
    least = min((dice for _, dice in view.skills), default=0)
    better = [f"{name(skill)} {dice}d6" for skill, dice in view.skills if dice > least]
    parts.append("skills " + ", ".join([*better, f"the rest {least}d6"]))
    if view.items:
        parts.append("pack " + ", ".join(name(item.item) for item in view.items))
    if view.abilities:
        parts.append("abilities " + ", ".join(name(a) for a in view.abilities))
    return "You: " + "; ".join(parts) + "."


def around_lines(screen: PlayScreen) -> list[str]:
    from app.games.roguelike.screens.play import (
        LETTER_ACTIONS,
        door_action,
        letter_action,
        side_doors,
    )

    view = screen.view
    level = ", ".join(level_line(view).split("  "))
    lines = [f"Where: {level}. {place_line(view)}", rogue_line(view)]
    keyed: dict[object, str] = {}  # each action a key sends now, and that key
    for side in "NESW":
        key = key_for(screen, f"door('{side}')", f"refused_door('{side}')")  # doors not offered
        doors = side_doors(view, side)
        heading = DIRECTIONS[side].capitalize()
        if not doors:
            lines.append(f"{heading}: no door.")
            continue
        said = "; ".join(f"{door_name(d, view.place.doors)} (door {d.door + 1}), "
                         f"{door_line(d).split()[-1]}" for d in doors)
        action = door_action(view, side)
        if action is None:
            lines.append(f"{heading}: {said}; {key} does nothing now.")
        else:
            keyed[action] = key
            lines.append(f"{heading}: {said}; {key}: "
                         f"{action_label(action.to_dict(), view).lower()}.")
    for what in LETTER_ACTIONS:
        action = letter_action(view, what)
        if action is not None and action not in keyed:
            keyed[action] = key_for(screen, f"letter('{what}')")
    parts = [f"{keyed[a]} {action_label(a.to_dict(), view)}" for a in view.legal if a in keyed]
    menu = [action_label(a.to_dict(), view) for a in view.legal if a not in keyed]
    if menu:
        parts.append(f"{key_for(screen, 'menu')} the actions menu ({'; '.join(menu)})")
    lines.append(f"Now: {', '.join(parts)}." if parts else "Nothing to do now.")
    return lines
