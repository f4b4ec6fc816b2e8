"""SCORING SHEET: the printed sheet is missing from our rulebook, so the score is ours (see
docs/rules-decisions.md). Every weight is in data/rules.toml under [scoring]; integers only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.minirogue.ending import WON

if TYPE_CHECKING:
    from engine.minirogue.state import State


def score_parts(state: State) -> dict[str, int]:
    """Each line of the sheet, before the difficulty's percentage."""
    w, hero = state.tables.scoring, state.hero
    return {
        "depth": w["per_area_reached"] * state.area,
        "bosses": w["per_boss"] * state.bosses_defeated,
        "monsters": w["per_monster"] * state.monsters_defeated,
        "hp": w["per_hp"] * hero.hp,
        "gold": w["per_gold"] * hero.gold,
        "armor": w["per_armor"] * hero.armor,
        "food": w["per_food"] * hero.food,
        "spells": w["per_spell"] * len(hero.spells),
        "rank": w["per_rank_above_first"] * (hero.rank - 1),
        "victory": w["win_bonus"] if state.outcome == WON else 0,
    }


def score(state: State) -> int:
    percent = state.tables.starts[state.difficulty].score_percent
    return sum(score_parts(state).values()) * percent // 100
