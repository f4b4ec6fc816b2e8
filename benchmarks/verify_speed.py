"""Run verification throughput, and leaderboard queries with 100,000 entries.

Run: .venv/bin/python benchmarks/verify_speed.py
Prints medians over repeated rounds, with baselines measured in the same run:
- verification (read the file's text, parse it strictly, replay every action, compare the
  claims) against just parsing the same files, and against a bare engine replay of the same
  actions with no run machinery;
- leaderboard queries on the derived `best` table against the same ranking computed from the
  entries with a window function (what a board would cost without `best`).
One process, one thread: the figures are per core.
Targets (issue 5): at least 300 verified runs per second per core for 300-action runs.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import games  # noqa: E402
from engine.cardrogue import (  # noqa: E402
    State,
    level_from_grids,
    map_from_levels,
    runs,  # noqa: E402
)
from engine.cardrogue.board import PATH_GLYPHS, E, N, S, W  # noqa: E402
from engine.cardrogue.identity import map_id  # noqa: E402
from engine.cardrogue.runs import parse_run  # noqa: E402
from engine.core.dice import Dice  # noqa: E402
from engine.core.runs import parse_document  # noqa: E402

SIDE = 10
CONTENT = ["path"] * 12 + ["cave_bat", "potion", "fountain", "sword", "sewer_rat", "helm",
                          "fountain", "shield"]


def serpentine_grids(seed: int) -> tuple[str, str, dict[str, str]]:
    """A 10x10 level whose single path snakes through every cell, start to ladder, with bats,
    potions, fountains, traps and gear along the way: its paths grid, cells grid and legend
    (glyph -> card). A won run takes about 300 actions."""
    order = [(r, c if r % 2 == 0 else SIDE - 1 - c) for r in range(SIDE) for c in range(SIDE)]
    masks = {cell: 0 for cell in order}
    step = {(0, 1): (E, W), (0, -1): (W, E), (1, 0): (S, N)}
    for a, b in pairwise(order):
        out_bit, in_bit = step[(b[0] - a[0], b[1] - a[1])]
        masks[a] |= out_bit
        masks[b] |= in_bit
    shaper = Dice(seed)
    legend: dict[str, str] = {}
    cells = {}
    for n, cell in enumerate(order):
        card = "start" if n == 0 else "ladder" if n == len(order) - 1 else CONTENT[shaper.below("content", len(CONTENT))]
        if card == "start":
            cells[cell] = "@"
        elif card == "ladder":
            cells[cell] = ">"
        else:
            cells[cell] = legend.setdefault(card, chr(0x41 + len(legend)))
    paths = "\n".join("".join(PATH_GLYPHS[masks[(r, c)]] for c in range(SIDE)) for r in range(SIDE))
    grid = "\n".join("".join(cells[(r, c)] for c in range(SIDE)) for r in range(SIDE))
    return paths, grid, {g: c for c, g in legend.items()}


def serpentine_map(seed: int):
    """The serpentine level as a one-level map."""
    level = level_from_grids("snake", *serpentine_grids(seed))
    return map_from_levels([level], seed=seed, title=f"Snake {seed}")


def play(spec) -> State:
    """Attack, else flip, else equip the first gear found, else step onward, else end the turn."""
    game = State.story(spec, "warrior", name="Bench")
    previous = None
    equipped: set[int] = set()
    while not game.is_over and game.moves < 1000:
        legal = game.legal_actions()
        by_kind: dict[str, list] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        here = game.players[0].pos
        onward = [a for a in by_kind.get("move", []) if game.toward(game.players[0], a.dir) != previous]
        gear = [a for a in by_kind.get("equip", []) if a.card not in equipped][:1]
        if equipped:
            gear = []  # one piece of gear is enough: the run stays near 300 actions
        for choice in (by_kind.get("attack"), by_kind.get("flip"), gear, onward,
                       by_kind.get("end_turn"), legal):
            if choice:
                action = choice[0]
                break
        game.apply(action)
        if action.kind == "move":
            previous = here
        elif action.kind == "equip" and action.card is not None:
            equipped.add(action.card)
    return game


def interleaved(fns: dict, rounds: int) -> dict[str, float]:
    """Median time of each function, taking turns round by round, so that load from other
    processes on a shared machine falls on all of them alike."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def median_time(fn, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def verification() -> None:
    files: list[str] = []
    maps = {}
    seed = 0
    while len(files) < 20 and seed < 400:
        seed += 1
        spec = serpentine_map(seed)
        game = play(spec)
        if game.outcome == "won" and 295 <= game.moves <= 315:
            run = runs.record(game, recorded="2025-01-01T00:00:00Z")
            maps[run.map_id] = spec
            files.append(run.to_json())
    lengths = [len(parse_run(text).actions) for text in files]
    print(f"corpus: {len(files)} won runs on 10x10 serpentine levels, "
          f"{min(lengths)}-{max(lengths)} actions (mean {statistics.mean(lengths):.0f})")
    identities = {k: map_id(v) for k, v in maps.items()}

    def verify_all():
        for text in files:
            run = parse_run(text)
            runs.verify(run, maps[run.map_id], identity=identities[run.map_id])

    def verify_all_hashing_the_map():
        for text in files:
            run = parse_run(text)
            runs.verify(run, maps[run.map_id])

    class Found:  # what a map lookup gives the game's verify: the map and its id
        def __init__(self, identity: str) -> None:
            self.spec, self.map_id = maps[identity], identities[identity]

    found = {identity: Found(identity) for identity in maps}

    def verify_all_with_the_summary():  # what `cardrogue verify` printed before the registry
        for text in files:
            run = parse_run(text)
            runs.verify(run, maps[run.map_id], identity=identities[run.map_id]).summary()

    def verify_all_through_the_registry():
        # What `cardrogue verify` and a server do: the file's JSON, its game's rules by name.
        for text in files:
            verdict = games.verify(parse_document(text), find_map=lambda i, _: found[i])
            assert verdict.ok, verdict.reason

    def parse_all():
        for text in files:
            parse_run(text)

    parsed = [parse_run(text) for text in files]

    def bare_replay():
        for run in parsed:
            game = State.story(maps[run.map_id], run.characters[0], run.player)
            for action in run.actions:
                game.apply(action)

    def verify_parsed():
        for run in parsed:
            runs.verify(run, maps[run.map_id], identity=identities[run.map_id])

    rounds = 15
    t = interleaved({"verify": verify_all, "hash": verify_all_hashing_the_map,
                     "summary": verify_all_with_the_summary,
                     "registry": verify_all_through_the_registry,
                     "parsed": verify_parsed, "parse": parse_all, "bare": bare_replay}, rounds)
    n = len(files)
    print(f"verify (parse + replay + claims): {n / t['verify']:,.0f} runs/s per core "
          f"({t['verify'] / n * 1000:.2f} ms a run; median of {rounds}; target >= 300)")
    print(f"  with the map id recomputed for each run: {n / t['hash']:,.0f} runs/s")
    print(f"  with the summary the CLI prints (run hash included): {n / t['summary']:,.0f} "
          f"runs/s; through the game registry (engine.games.verify of the document, as the CLI does "
          f"now): {n / t['registry']:,.0f} runs/s ({t['registry'] / t['summary']:.2f}x)")
    print(f"  baseline, parsing only: {n / t['parse']:,.0f} runs/s "
          f"({t['parse'] / t['verify'] * 100:.0f}% of verify's time)")
    print(f"  baseline, bare engine replay: {n / t['bare']:,.0f} runs/s; verify takes "
          f"{t['verify'] / t['bare']:.2f}x its time, {t['parsed'] / t['bare']:.2f}x without "
          "the parse")


def leaderboard(entries: int = 1_000_000) -> None:
    from services.scores import RULES_VERSION, ScoreStore

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scores.db"
        store = ScoreStore(path)
        board = "a" * 64
        shaper = Dice(5)
        conn = store._conn
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO maps (map_id, share_code, title) VALUES (?, 'XXXX-XXXX', 'Bench')",
                     (board,))
        for i in range(entries):  # one entry per player: every entry is on the board
            digest = f"{i:064x}"
            conn.execute("INSERT INTO runs (hash, body) VALUES (?, '{}')", (digest,))
            conn.execute(
                "INSERT INTO entries (map_id, rules_version, player, character, moves, turns, "
                "health, recorded, added, run_hash) VALUES (?, ?, ?, 'warrior', ?, ?, 5, "
                "'2025-01-01T00:00:00Z', ?, ?)",
                (board, RULES_VERSION, f"player{i}", 40 + shaper.below("moves", 361),
                 10 + shaper.below("turns", 111), f"2025-01-01T00:00:00.{i:06d}Z", digest))
        conn.execute(
            "INSERT INTO best (map_id, rules_version, player, moves, turns, entry_id) "
            "SELECT map_id, rules_version, player, moves, turns, id FROM entries")
        conn.execute(
            "INSERT INTO score_counts (map_id, rules_version, moves, turns, players) "
            "SELECT map_id, rules_version, moves, turns, COUNT(*) FROM best "
            "GROUP BY map_id, rules_version, moves, turns")
        conn.execute(
            "INSERT INTO moves_counts (map_id, rules_version, moves, players) "
            "SELECT map_id, rules_version, moves, COUNT(*) FROM best "
            "GROUP BY map_id, rules_version, moves")
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
        filled = time.perf_counter() - start
        store.close()
        size = path.stat().st_size
        opened = median_time(lambda: ScoreStore(path).close(), 7)
        store = ScoreStore(path)
        conn = store._conn
        ranked = store.players(board)
        print(f"leaderboard: {entries:,} entries, {ranked:,} players on one map, "
              f"{size / 1e6:.0f} MB (filled in {filled:.1f} s)")
        ordered = conn.execute(
            "SELECT e.player, e.run_hash FROM best b JOIN entries e ON e.id = b.entry_id "
            "ORDER BY b.moves, b.turns, b.entry_id").fetchall()
        middle = ordered[ranked // 2][0]
        before_last_page = ordered[ranked - 11][1]
        rounds = 51
        top = median_time(lambda: store.leaderboard(board, limit=100), rounds)
        deep = median_time(lambda: store.leaderboard(board, limit=10, after=before_last_page),
                           rounds)
        mine = median_time(lambda: store.best(board, middle), rounds)
        would = median_time(lambda: store.rank_for(board, 200, 50), rounds)
        count = median_time(lambda: store.players(board), rounds)

        def rank_by_counting():  # the way ranks were found before score_counts
            found = conn.execute("SELECT moves, turns, entry_id FROM best WHERE map_id = ? "
                                 "AND rules_version = ? AND player = ?",
                                 (board, RULES_VERSION, middle)).fetchone()
            conn.execute("SELECT COUNT(*) FROM best WHERE map_id = ? AND rules_version = ? "
                         "AND (moves, turns, entry_id) < (?, ?, ?)",
                         (board, RULES_VERSION, *found)).fetchone()

        def last_page_by_offset():  # pages were found with OFFSET before
            conn.execute("SELECT player FROM best WHERE map_id = ? AND rules_version = ? "
                         "ORDER BY moves, turns, entry_id LIMIT 10 OFFSET ?",
                         (board, RULES_VERSION, ranked - 10)).fetchall()

        counting = median_time(rank_by_counting, 11)
        offset = median_time(last_page_by_offset, 5)
        print(f"  top 100: {top * 1000:.2f} ms; last 10 ranks (after the entry before them): "
              f"{deep * 1000:.2f} ms; a player's best and rank (mid-board): {mine * 1000:.2f} ms")
        print(f"  rank a new score would take: {would * 1000:.2f} ms; players on the board: "
              f"{count * 1000:.2f} ms; opening the store: {opened * 1000:.1f} ms (medians)")
        print(f"  baselines in the same run: the rank by counting the players ahead "
              f"{counting * 1000:.1f} ms ({counting / mine:.0f}x); the last page by OFFSET "
              f"{offset * 1000:.0f} ms ({offset / deep:.0f}x)")

        seed = 1
        while (game := play(spec := serpentine_map(seed))).outcome != "won":
            seed += 1
        run = runs.record(game, player="Newcomer")
        start = time.perf_counter()
        result = store.add(run, spec)
        added = time.perf_counter() - start
        print(f"  add one verified run ({len(run.actions)} actions, replay included) to the full "
              f"board: {added * 1000:.1f} ms (rank {result.best.rank})")
        store.close()


def main() -> None:
    verification()
    leaderboard(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000)


if __name__ == "__main__":
    main()
