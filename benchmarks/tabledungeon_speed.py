"""Table Dungeon speed: computer-vs-computer actions per second, a whole game's replay time,
clone() and view().

Run: .venv/bin/python benchmarks/tabledungeon_speed.py
Prints medians over repeated rounds, with baselines measured in the same run: a bare loop over
the same actions (the floor of any replay), and copy.deepcopy against clone().
"""

from __future__ import annotations

import copy
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.dice import Dice  # noqa: E402
from engine.tabledungeon import RULES  # noqa: E402
from engine.tabledungeon.policy import choose  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di"]
GAMES = 40


def computer_game(seed: int, level: str):
    players = 2 + seed % 3
    state = RULES.new_game(seed=seed, players=NAMES[:players])
    minds = [Dice(seed * 31 + n) for n in range(players)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None  # a game not over has a seat to act
        state.apply(choose(state.view(seat), state.legal_actions(), level, minds[seat]))
    return state


def median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    print(f"Table Dungeon, {GAMES} seeded computer-vs-computer games per round (2-4 players)")
    for level in ("easy", "normal"):
        games = [computer_game(seed, level) for seed in range(GAMES)]
        actions = sum(len(g.history) for g in games)
        seconds = median_time(lambda level=level: [computer_game(s, level) for s in range(GAMES)], 5)
        print(f"  {level:6}: {actions / seconds:9,.0f} actions/s with the policy thinking "
              f"({actions} actions, median {seconds * 1000:.0f} ms a round)")

    games = [computer_game(seed, "normal") for seed in range(GAMES)]
    longest = max(games, key=lambda g: len(g.history))
    history = list(longest.history)
    names = longest.names
    replay = median_time(lambda: RULES.replay(longest.seed, names, history), 21)
    bare = median_time(lambda: [a.to_dict() for a in history], 21)
    print(f"  replay of the longest game ({len(history)} actions, {longest.round} rounds): "
          f"median {replay * 1000:.2f} ms = {len(history) / replay:,.0f} actions/s")
    print(f"    baseline, a bare loop over the same actions: {bare * 1000:.3f} ms "
          f"(replay costs {replay / bare:.0f}x the floor)")
    all_actions = sum(len(g.history) for g in games)
    replay_all = median_time(lambda: [RULES.replay(g.seed, g.names, g.history) for g in games], 5)
    print(f"  replay of all {GAMES} games: {all_actions / replay_all:,.0f} actions/s (engine only)")

    mid = RULES.replay(longest.seed, names, history[: len(history) // 2])
    clone = median_time(lambda: [mid.clone() for _ in range(1000)], 5) / 1000
    deep = median_time(lambda: [copy.deepcopy(mid) for _ in range(100)], 5) / 100
    view = median_time(lambda: [mid.view(mid.current_player) for _ in range(1000)], 5) / 1000
    print(f"  clone(): {clone * 1e6:.1f} us; baseline copy.deepcopy: {deep * 1e6:.1f} us "
          f"({deep / clone:.1f}x slower)")
    print(f"  view(seat): {view * 1e6:.1f} us")


if __name__ == "__main__":
    main()
