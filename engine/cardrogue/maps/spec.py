"""From a valid document to the engine's MapSpec, through the engine's own `level_from_grids`."""

from __future__ import annotations

from typing import Any

from engine.cardrogue.level import Goal, MapSpec, level_from_grids, map_from_levels
from engine.cardrogue.maps.format import EMPTY_GLYPH


def _blank(grid: str) -> str:
    """The engine reads a space as "nothing here"; the file may also write the EMPTY_GLYPH."""
    return grid.replace(EMPTY_GLYPH, " ")


def _characters(level: dict[str, Any]) -> tuple[str, ...]:
    if "character" in level:
        return (level["character"],)
    return tuple(level.get("characters", ()))


def to_map_spec(document: dict[str, Any]) -> MapSpec:
    """The MapSpec of a document that passed the schema and lint without errors.

    Raises ValueError (from the engine) on a document that did not; use `check_document` first.
    """
    levels = []
    for level in document["levels"]:
        goals = tuple(Goal(g["kind"], g.get("card") if g["kind"] in ("slay", "hold") else None)
                      for g in level.get("goals", ()))
        identity = level.get("potion_identity")
        levels.append(level_from_grids(
            level["id"], _blank(level["paths"]), _blank(level["cells"]), level.get("legend"),
            goals=goals,
            exit=level.get("exit", "ladder"),
            characters=_characters(level),
            health=level.get("health"),
            gold=level.get("gold"),
            items=tuple(level.get("items", ())),
            seed=level.get("seed"),
            par=level.get("par"),
            potion_identity=dict(identity) if identity else None,
            title=level.get("title", ""),
            story=level.get("story", ""),
            epilogue=level.get("epilogue", ""),
            hints=tuple(level.get("hints", ())),
        ))
    return map_from_levels(
        levels, seed=document.get("seed", 0), title=document.get("title", ""),
        kind=document.get("kind", "challenge"), author=document.get("author", ""),
        description=document.get("description", ""),
        difficulty=document.get("difficulty", ""))
