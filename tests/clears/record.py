"""Author clears of the bundled maps: play an action list through the engine and keep the run.

    .venv/bin/python -m tests.clears.record campaigns/a-sons-descent.toml --solve
    .venv/bin/python -m tests.clears.record MAP --actions ACTIONS.json [--character NAME]

`--solve` finds the actions with the solver's A* search, one level at a time: from the state the
previous levels left, it looks for the fewest actions that finish the level (ties, where another
level follows: fewest turns, then most health kept; on the last level, the first win proved
fewest). Each level's count is then the true minimum for that starting state, which is how the
pars in campaigns/ were set. `--actions` replays a scripted list instead (JSON:
a list of action objects as in run files). Either way the game is played through the engine and
the run written atomically to tests/clears/<map file stem>.run.json; it must end in a win.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.cardrogue import Action
from engine.cardrogue.maps import load_map
from engine.cardrogue.runs import record
from engine.cardrogue.solver import Search, search
from engine.cardrogue.state import State
from engine.core.runs import save_run

HERE = Path(__file__).parent
ROOT = HERE.parent.parent
RECORDED = "2026-11-22T00:00:00Z"  # fixed, so re-recording an unchanged clear changes no byte
PLAYER = "Author"


class NotProved(Exception):
    """A level the solver could not finish, or not prove minimal, within its state limit."""


def prove_levels(path: Path, character: str | None, *,
                 max_states: int) -> tuple[State, list[Search]]:
    """Play the map level by level, each level by the solver's proved fewest moves from the
    state the previous levels left: the game won and each level's search."""
    spec = load_map(path)
    game = State.story(spec, character, name=PLAYER)
    proofs: list[Search] = []
    while game.outcome is None:
        number = game.level_index + 1
        found = search(game, level_only=True, max_states=max_states)
        if not found.proved:
            raise NotProved(f"{path}: level {number}: the proof did not finish within "
                            f"{max_states:,} states (the fewest moves are at least "
                            f"{found.lower_bound}); allow more with --max-states")
        if found.solution is None:
            raise NotProved(f"{path}: level {number}: no way to finish it")
        for action in found.solution.actions:
            game.apply(action)
        proofs.append(found)
    return game, proofs


def solve_map(path: Path, character: str | None, *, max_states: int) -> State:
    try:
        game, proofs = prove_levels(path, character, max_states=max_states)
    except NotProved as problem:
        raise SystemExit(str(problem)) from None
    for number, found in enumerate(proofs, 1):
        assert found.solution is not None
        print(f"level {number}: {found.solution.moves} moves ({found.states} states)",
              file=sys.stderr)
    return game


def play(path: Path, character: str | None, actions: list[Action]) -> State:
    game = State.story(load_map(path), character, name=PLAYER)
    for action in actions:
        game.apply(action)
    return game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", type=Path)
    parser.add_argument("--character")
    parser.add_argument("--solve", action="store_true")
    parser.add_argument("--actions", type=Path)
    parser.add_argument("--max-states", type=int, default=2_000_000)
    args = parser.parse_args(argv)
    if args.solve:
        game = solve_map(args.map, args.character, max_states=args.max_states)
    elif args.actions:
        listed = json.loads(args.actions.read_text(encoding="utf-8"))
        game = play(args.map, args.character, [Action.from_dict(a) for a in listed])
    else:
        parser.error("give --solve or --actions")
    if game.outcome != "won":
        print(f"{args.map}: the actions end {game.outcome or 'unfinished'}, not won", file=sys.stderr)
        return 1
    out = HERE / f"{args.map.name.removesuffix('.toml')}.run.json"
    save_run(out, record(game, recorded=RECORDED))
    print(f"{out.relative_to(ROOT)}: won in {game.moves} moves, {game.turn} turns, "
          f"level moves {game.level_moves}, health {game.players[0].health}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
