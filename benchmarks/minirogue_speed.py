"""Mini Rogue engine speed: actions applied per second over random seeded games, a full-game
replay (verify of a won run), legal_actions() and clone().

Run: .venv/bin/python benchmarks/minirogue_speed.py
Prints medians over repeated rounds, with baselines measured in the same run: a bare loop over
the same actions (game setup plus to_dict per action), and the same number of bare dice rolls
the games used (the floor set by the seeded PRNG).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.dice import Dice  # noqa: E402
from engine.minirogue import RULES, record, verify  # noqa: E402
from engine.minirogue.tables import DIFFICULTIES  # noqa: E402
from tests.engine.minirogue.players import careful_choice, won_game  # noqa: E402

GAMES = 400


def median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def corpus() -> list[tuple[int, str, bool, list]]:
    """Seeded games, each chosen with our own dice: mostly careful play, some random moves."""
    games = []
    for seed in range(GAMES):
        difficulty, keys = DIFFICULTIES[seed % 4], seed % 3 == 0
        state = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
        chooser = Dice(seed)
        while not state.is_over:
            legal = state.legal_actions()
            if chooser.below("mix", 4) == 0:
                state.apply(legal[chooser.below("pick", len(legal))])
            else:
                state.apply(careful_choice(state))
        games.append((seed, difficulty, keys, list(state.history)))
    return games


def main() -> None:
    games = corpus()
    total = sum(len(g[3]) for g in games)
    print(f"corpus: {len(games)} seeded games, {total:,} actions "
          f"(median {statistics.median(len(g[3]) for g in games):.0f} per game)")

    def replay_all():
        for seed, difficulty, keys, actions in games:
            state = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
            for action in actions:
                state.apply(action)

    def baseline_loop():
        for seed, difficulty, keys, actions in games:
            RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
            for action in actions:
                action.to_dict()

    rolls = 0
    for seed, difficulty, keys, actions in games:
        state = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
        for action in actions:
            state.apply(action)
        rolls += sum(state.dice.counters.values())

    def dice_only():
        dice = Dice(1)
        for _ in range(rolls):
            dice.roll("bench")

    t = median_time(replay_all, 9)
    base = median_time(baseline_loop, 9)
    dice_t = median_time(dice_only, 9)
    print(f"apply: {total / t:,.0f} actions/s (median of 9 rounds)")
    print(f"  baseline, setup + to_dict per action: {total / base:,.0f} actions/s; apply costs "
          f"{t / base:.1f}x")
    print(f"  baseline, the {rolls:,} dice rolls alone: {dice_t * 1000:.1f} ms of apply's "
          f"{t * 1000:.1f} ms ({dice_t / t:.0%})")

    won = won_game()
    run = record(won, "Bench")
    replay_t = median_time(lambda: verify(run), 31)
    print(f"full-game replay (verify of a won casual run, {len(run['actions'])} actions): "
          f"{replay_t * 1000:.2f} ms median of 31")

    states = []
    for seed, difficulty, keys, actions in games[:50]:
        state = RULES.new_game(seed=seed, difficulty=difficulty, dungeon_keys=keys)
        for n, action in enumerate(actions):
            if n % 5 == 0:
                states.append(state.clone())
            state.apply(action)
    legal_t = median_time(lambda: [s.legal_actions() for s in states], 9) / len(states)
    clone_t = median_time(lambda: [s.clone() for s in states], 9) / len(states)
    apply_each = t / total
    print(f"legal_actions(): {legal_t * 1e6:.1f} us median over {len(states)} states "
          f"({legal_t / apply_each:.1f}x an apply of {apply_each * 1e6:.1f} us)")
    print(f"clone(): {clone_t * 1e6:.1f} us median")


if __name__ == "__main__":
    main()
