"""Rogue Like Roguelike engine speed: actions per second over random seeded games, and the time
to replay a whole game from its run.

Run: .venv/bin/python benchmarks/roguelike_speed.py
Prints medians over repeated rounds. The baseline, measured in the same run, is the same loop
with `apply` replaced by choosing the action alone (legal_actions + the chooser's draw), so the
ratio shows what applying costs on top of listing the choices.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.dice import Dice  # noqa: E402
from engine.roguelike import RULES  # noqa: E402

GAMES = 40
ROUNDS = 5
ORDER = ("take_amulet", "descend", "raise", "ability", "choose_skill", "disable", "climb",
         "attack", "pick", "open", "eat", "buy")


def choose(state, chooser: Dice):
    """A cautious player (stairs, doors and fights first), so that games run long."""
    legal = state.legal_actions()
    preferred = [a for k in ORDER for a in legal if a.kind == k]
    pool = [a for a in legal if a.kind == preferred[0].kind] if preferred else \
        [a for a in legal if a.kind in ("go", "search", "hack", "force", "cross")] or legal
    return pool[chooser.below("p", len(pool))]


def play_games(apply: bool) -> tuple[int, float]:
    actions = 0
    start = time.perf_counter()
    for seed in range(GAMES):
        state = RULES.new_game(seed=seed)
        chooser = Dice(seed)
        while not state.is_over and len(state.history) < 3000:
            action = choose(state, chooser)
            if not apply:
                # The baseline: the same choosing, then the game is applied off the clock.
                paused = time.perf_counter()
                state.apply(action)
                start += time.perf_counter() - paused
            else:
                state.apply(action)
            actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    rates, base_rates = [], []
    for _ in range(ROUNDS):
        count, seconds = play_games(apply=True)
        rates.append(count / seconds)
        count, seconds = play_games(apply=False)
        base_rates.append(count / seconds)
    rate, base = statistics.median(rates), statistics.median(base_rates)
    print(f"random seeded play: {rate:,.0f} actions/s (median of {ROUNDS} rounds, {GAMES} games)")
    print(f"baseline, choosing only (legal_actions + a draw): {base:,.0f} actions/s; "
          f"choosing and applying take {base / rate:.2f}x the time of choosing alone")
    # The longest of the games, recorded and replayed from its run.
    longest = None
    for seed in range(GAMES):
        state = RULES.new_game(seed=seed)
        chooser = Dice(seed)
        while not state.is_over and len(state.history) < 3000:
            state.apply(choose(state, chooser))
        if longest is None or len(state.history) > len(longest.history):
            longest = state
    assert longest is not None  # GAMES > 0 games were played
    run = RULES.record(longest, player="bench")
    replays, verifies = [], []
    for _ in range(ROUNDS):
        start = time.perf_counter()
        again = RULES.new_game(seed=run["seed"])
        for data in run["actions"]:
            again.apply(RULES.parse_action(data))
        replays.append(time.perf_counter() - start)
        start = time.perf_counter()
        verdict = RULES.verify(run)
        verifies.append(time.perf_counter() - start)
    print(f"full-game replay: {len(run['actions'])} actions (to level {longest.deepest}) in "
          f"{statistics.median(replays) * 1000:.1f} ms; verify {statistics.median(verifies) * 1000:.1f} ms "
          f"(ok={verdict.ok})")


if __name__ == "__main__":
    main()
