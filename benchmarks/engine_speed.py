"""Engine speed: actions applied per second, replaying a 500-action run, clone() and
legal_actions().

Run: .venv/bin/python benchmarks/engine_speed.py
Prints medians over repeated rounds, and ratios against baselines measured in the same run
(copy.deepcopy for clone; a bare loop over the same action list for apply).
Targets (issue 2): >= 50,000 actions/s on one core; a 500-action replay in < 10 ms.
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.cardrogue import Action, State, level_from_grids, map_from_levels  # noqa: E402
from engine.cardrogue.board import PATH_GLYPHS  # noqa: E402
from engine.cardrogue.level import MapSpec  # noqa: E402
from engine.core.dice import Dice  # noqa: E402

CONTENT = ["path"] * 12 + ["goblin", "cave_bat", "sewer_rat", "trap_spikes", "potion",
                           "fountain", "shop", "sword", "helm", "scroll_identify"]


def make_map(seed: int, size: int = 24):
    """A big, fully connected level with scattered content, so random play runs long."""
    dice = Dice(seed)
    paths = "\n".join(PATH_GLYPHS[15] * size for _ in range(size))
    cells = []
    legend: dict[str, str] = {}
    for _ in range(size):
        row = ""
        for _ in range(size):
            card = CONTENT[dice.below("content", len(CONTENT))]
            row += legend.setdefault(card, chr(0x41 + len(legend)))
        cells.append(row)
    cells[0] = "@" + cells[0][1:]
    cells[-1] = cells[-1][:-1] + ">"
    legend = {g: c for c, g in legend.items()}
    level, custom = level_from_grids("bench", paths, "\n".join(cells), legend)
    return map_from_levels([(level, custom)], seed=seed)


def record_run(spec, length: int, seed: int):
    """Random legal play (choices from our own dice) until `length` actions or the end."""
    game = State.story(spec, "warrior")
    chooser = Dice(seed)
    while len(game.history) < length and not game.is_over:
        legal = game.legal_actions()
        # Prefer anything but ending the turn (or giving up) so the hero explores.
        useful = [a for a in legal if a.kind not in ("end_turn", "quit", "mole")] or \
            [a for a in legal if a.kind != "quit"]
        game.apply(useful[chooser.below("choose", len(useful))])
    return list(game.history)


def median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    runs: list[tuple[MapSpec, list[Action]]] = []
    seed = 1
    while len(runs) < 5 and seed < 500:
        spec = make_map(seed)
        actions = record_run(spec, 500, seed)
        seed += 1
        if len(actions) == 500:
            runs.append((spec, actions))
    print(f"corpus: {len(runs)} random legal runs of 500 actions on 24x24 levels")

    def replay_all():
        for spec, actions in runs:
            game = State.story(spec, "warrior")
            for action in actions:
                game.apply(action)

    def baseline_loop():
        for spec, actions in runs:
            State.story(spec, "warrior")
            for action in actions:
                action.to_dict()

    t = median_time(replay_all, 15)
    base = median_time(baseline_loop, 15)
    total = sum(len(a) for _, a in runs)
    apply_t = t / total
    print(f"apply: {total / t:,.0f} actions/s (median of 15 rounds; target >= 50,000)")
    print(f"  baseline (game setup + to_dict per action): {total / base:,.0f} actions/s; "
          f"apply costs {t / base:.1f}x the baseline")

    spec, actions = runs[0]

    def one_replay():
        game = State.story(spec, "warrior")
        for action in actions:
            game.apply(action)

    t = median_time(one_replay, 31)
    print(f"replay of a 500-action run: {t * 1000:.2f} ms median of 31 (target < 10 ms)")

    game = State.story(spec, "warrior")
    for action in actions[:250]:
        game.apply(action)
    clone_t = median_time(lambda: [game.clone() for _ in range(100)], 15) / 100
    deep_t = median_time(lambda: [copy.deepcopy(game) for _ in range(10)], 7) / 10
    print(f"clone(): {clone_t * 1e6:.1f} us median; copy.deepcopy baseline {deep_t * 1e6:.1f} us "
          f"(clone is {deep_t / clone_t:.0f}x faster)")

    # legal_actions() over states all along the runs (not one state): what a solver pays.
    states = []
    for spec, actions in runs:
        game = State.story(spec, "warrior")
        for n, action in enumerate(actions):
            game.apply(action)
            if n % 10 == 0:
                states.append(game.clone())
    legal_t = median_time(lambda: [s.legal_actions() for s in states], 15) / len(states)
    print(f"legal_actions(): {legal_t * 1e6:.1f} us median over {len(states)} states; "
          f"{legal_t / apply_t:.1f}x an apply ({apply_t * 1e6:.1f} us) in the same run "
          "(target < 3x)")

    # The classic table late in the game, where the mole and the end rush are offered: their
    # check walks the board, once per listing (Game.listing) against once per candidate.
    from engine.cardrogue import COMPUTER_LEVELS, RULES, computer_move

    late = []
    for seed in range(3):
        game = RULES.new_game(seed=seed, players=["Bot 1", "Bot 2"])
        minds = [Dice(seed * 10 + n) for n in range(2)]
        for n in range(600):
            if game.is_over:
                break
            seat = game.current_player
            assert seat is not None  # the game is not over
            game.apply(computer_move(game, seat, COMPUTER_LEVELS[seat % 2], minds[seat]))
            if n % 20 == 0:
                late.append(game.clone())
    listed = median_time(lambda: [s.legal_actions() for s in late], 5) / len(late)
    one_by_one = median_time(lambda: [[a for a in s._candidates(s.player)
                                       if s.why_illegal(a) is None] for s in late], 5) / len(late)
    print(f"classic table legal_actions(): {listed * 1e6:.0f} us median over {len(late)} states "
          f"of 2-computer games; each candidate checked alone: {one_by_one * 1e6:.0f} us "
          f"({one_by_one / listed:.1f}x)")


if __name__ == "__main__":
    main()
