"""Record the run corpus: play every map in tests/runs/maps.py with a simple bot, and keep runs.

    .venv/bin/python -m tests.runs.record          # rewrites tests/runs/*.run.json and expected.json

Only run this after a deliberate RULES_VERSION bump (see tests/engine/cardrogue/test_runs.py): the corpus
exists to catch rules changes that alter outcomes, and re-recording hides them.

The bot is not clever. Its choices come from our own seeded dice (never Python's random), it
attacks when it can, flips when it can, walks without stepping straight back, and now and then
uses an item. For each map it tries many bot seeds and keeps the shortest run with the wanted
outcome, and a longer one for variety.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.cardrogue import Action, State
from engine.cardrogue.runs import record
from engine.core.dice import Dice
from engine.core.runs import save_run
from tests.runs.maps import MAPS

HERE = Path(__file__).parent
RECORDED = "2025-01-01T00:00:00Z"  # fixed, so re-recording an unchanged corpus changes no byte
# map name -> the outcome its runs should have
WANTED = {"corridor": "won", "goblin_gate": "won", "crossroads": "won", "market": "won",
          "two_floors": "won", "deadly": "lost", "alchemy": "won"}
NEVER = ("quit", "leave", "mole", "sell", "trade", "trip", "steal")


def bot_game(spec, seed: int, limit: int = 400) -> State:
    game = State.story(spec, name="Corpus")
    dice = Dice(seed)
    previous = None
    while not game.is_over and len(game.history) < limit:
        legal = [a for a in game.legal_actions() if a.kind not in NEVER]
        action = choose(game, legal, dice, previous)
        here = game.players[0].pos
        game.apply(action)
        if action.kind == "move":
            previous = here
    return game


def choose(game: State, legal: list[Action], dice: Dice, previous: int | None) -> Action:
    def pick(options: list[Action]) -> Action:
        return options[dice.below("pick", len(options))]

    by_kind: dict[str, list[Action]] = {}
    for a in legal:
        by_kind.setdefault(a.kind, []).append(a)
    for kind in ("attack", "flip"):
        if kind in by_kind:
            return pick(by_kind[kind])
    extras = [a for k in ("equip", "drink", "buy", "read", "cast", "place", "respawn")
              for a in by_kind.get(k, [])]
    if extras and dice.below("extra", 4) == 0:
        return pick(extras)
    if "place" in by_kind:
        return pick(by_kind["place"])
    moves = by_kind.get("move", [])
    onward = [a for a in moves if game.toward(game.players[0], a.dir) != previous] or moves
    if onward and ("end_turn" not in by_kind or dice.below("rest", 5) != 0):
        return pick(onward)
    if "end_turn" in by_kind:
        return by_kind["end_turn"][0]
    if "flee" in by_kind:
        return pick(by_kind["flee"])
    return pick(legal)


def main() -> int:
    expected = {}
    for path in HERE.glob("*.run.json"):
        path.unlink()
    for name, make in MAPS.items():
        spec = make()
        found: list[State] = []
        for seed in range(400):
            game = bot_game(spec, seed)
            if game.outcome == WANTED[name]:
                found.append(game)
        if not found:
            print(f"{name}: no {WANTED[name]} run found", file=sys.stderr)
            return 1
        found.sort(key=lambda g: (g.moves, g.turn))
        keep = {"shortest": found[0], "longer": found[len(found) * 3 // 4]}
        for label, game in keep.items():
            if label == "longer" and game.moves == found[0].moves:
                continue
            run = record(game, recorded=RECORDED)
            stem = f"{name}-{label}"
            save_run(HERE / f"{stem}.run.json", run)
            expected[stem] = final_state(game)
            print(f"{stem}: {game.outcome} in {game.moves} moves, {game.turn} turns")
    text = json.dumps(expected, indent=2, sort_keys=True) + "\n"
    (HERE / "expected.json").write_text(text)
    return 0


def final_state(game: State) -> dict:
    """Figures of the final state that a rules change would move, beyond the run's claims:
    where the hero stands, what they carry, how many dice were rolled on each stream."""
    p = game.players[0]
    return {
        "outcome": game.outcome,
        "moves": game.moves,
        "turns": game.turn,
        "level": game.level_index,
        "health": p.health,
        "gold": p.gold,
        "position": list(game.cell(p.pos)) if p.pos is not None else None,
        "hand": sorted(c.id for c in p.hand),
        "equipped": sorted(c.id for c in set(p.equipped.values())),
        "poison": p.poison,
        "dice_draws": dict(sorted(game.dice.counters.items())),
    }


if __name__ == "__main__":
    raise SystemExit(main())
