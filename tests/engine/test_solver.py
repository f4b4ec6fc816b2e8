"""The solver finds the true minimum number of moves on small maps."""

from engine.cardrogue import Game, level_from_grids, map_from_levels
from engine.cardrogue.solver import solve


def spec(paths, cells, legend=None, **fields):
    level, custom = level_from_grids("s", paths, cells, legend, **fields)
    return map_from_levels([(level, custom)], seed=5)


def test_straight_corridor_needs_flip_and_move_per_tile():
    # Each turn: flip the next card, then step onto it (the turn has done more than move).
    solution = solve(spec("───", "@.>"), "warrior")
    assert solution is not None
    kinds = [a.kind for a in solution.actions]
    assert kinds == ["flip", "move", "end_turn", "flip", "move"]
    assert solution.moves == 5


def test_solution_replays_to_a_win():
    s = spec("─┬─\n │ ", "@.>\n p ", {"p": "potion"})
    solution = solve(s, "explorer")
    game = Game.story(s, "explorer")
    for action in solution.actions:
        game.apply(action)
    assert game.outcome == "won" and game.moves == solution.moves


def test_unwinnable_map_has_no_solution():
    # The ladder sits behind a wall.
    assert solve(spec("╴ ", "@>"), "warrior", max_states=1000) is None
