"""Table Dungeon computer strength: how often one seat wins, played at each level, against the
other seats' computer players.

Run: .venv/bin/python benchmarks/tabledungeon_strength.py [GAMES] [OPPONENTS]
     (default 2000 games per cell, against "normal" computer players; or "random", "easy")

For each seat count (2, 3, 4) and each level (random, easy, normal) it plays GAMES seeded games.
In game g the measured seat is g mod the seat count (so no seat's place in the turn order
favours a level) and every other seat plays at the OPPONENTS level ("random": uniformly random
legal actions). Against random opponents the party mostly dies whoever is measured (about 9
games in 10 at four seats), which hides the measured seat's play; normal opponents reach the
fourth ace far more often, so the points race shows each level's play. A win is being
among the winners (a shared win counts). Each player thinks with its own dice stream, seeded
from the game's seed as the app seeds it, so every figure replays. It prints each win rate
with its 95% Wilson interval, and whether each level's interval lies wholly above the one
below it ("clearly beats").
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.dice import Dice  # noqa: E402
from engine.tabledungeon import RULES  # noqa: E402
from engine.tabledungeon.policy import choose  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di"]
LEVELS = ("random", "easy", "normal")
Z = 1.96  # 95%


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + Z * Z / (2 * games)
    spread = Z * math.sqrt(p * (1 - p) / games + Z * Z / (4 * games * games))
    scale = 1 + Z * Z / games
    return (centre - spread) / scale, (centre + spread) / scale


def measured_seat_wins(seed: int, players: int, level: str, opponents: str) -> bool:
    """One game: the seat seed % players plays `level`, the others play `opponents`."""
    state = RULES.new_game(seed=seed, players=NAMES[:players])
    minds = [Dice(seed ^ (0x5EA7 + n)) for n in range(players)]  # as the app seeds its seats
    measured = seed % players
    while not state.is_over:
        seat = state.current_player
        assert seat is not None  # a game not over has a seat to act
        legal = state.legal_actions()
        playing = level if seat == measured else opponents
        if playing == "random":
            action = legal[minds[seat].below("computer", len(legal))]
        else:
            action = choose(state.view(seat), legal, playing, minds[seat])
        state.apply(action)
    return measured in state.winners


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    opponents = sys.argv[2] if len(sys.argv) > 2 else "normal"
    if opponents not in LEVELS:
        raise SystemExit(f"opponents must be one of {', '.join(LEVELS)}")
    print(f"Table Dungeon: the measured seat's win rate against {opponents} players, {games} "
          f"seeded games per cell, 95% Wilson intervals")
    start = time.perf_counter()
    for players in (2, 3, 4):
        intervals = {}
        for level in LEVELS:
            wins = sum(measured_seat_wins(seed, players, level, opponents)
                       for seed in range(games))
            low, high = wilson(wins, games)
            intervals[level] = (low, high)
            print(f"  {players} seats, {level:6}: {wins / games:6.1%} [{low:5.1%}, {high:5.1%}]"
                  f"  ({wins} of {games})")
        for weaker, stronger in zip(LEVELS, LEVELS[1:], strict=False):
            clear = intervals[stronger][0] > intervals[weaker][1]
            print(f"    {stronger} {'clearly beats' if clear else 'does NOT clearly beat'} "
                  f"{weaker}")
    print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
