"""The local leaderboard: SQLite settings, migrations, ranking, verified-only inserts, and the
reliability the issue asks for (SIGKILL mid-save, four writers at once, a corrupt file)."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import pytest

from engine.cardrogue import runs
from engine.cardrogue.identity import map_id
from engine.cardrogue.runs import Run
from engine.core.runs import CLAIMS_DIFFER, RunError
from services import paths, score_tables, scores
from services.score_tables import SCHEMA_VERSION
from services.scores import NOT_WON, ScoreStore, StoreError
from tests.app.support import CORPUS, corpus_run
from tests.runs import maps as corpus_maps
from tests.runs.record import bot_game

pytestmark = pytest.mark.clock

ROOT = Path(__file__).resolve().parents[3]
CORRIDOR = corpus_maps.corridor()
CORRIDOR_ID = map_id(CORRIDOR)


@pytest.fixture
def store(data_dir):
    with ScoreStore.open() as opened:
        yield opened


@pytest.fixture(scope="module")
def corridor_runs() -> list[Run]:
    """Won corridor runs of many different lengths, played by the corpus bot."""
    found = {}
    for seed in range(80):
        game = bot_game(CORRIDOR, seed, limit=120)
        if game.outcome == "won":
            found.setdefault((game.moves, game.turn), runs.record(game, recorded=""))
    return [found[k] for k in sorted(found)]


def as_player(run: Run, name: str) -> Run:
    return replace(run, player=name)


# ---------------------------------------------------------------------- the database itself


def test_location_follows_the_environment_variable(data_dir, store):
    assert store.path == data_dir / "scores.db"
    assert store.path.exists()


def test_default_location_is_the_user_data_folder(monkeypatch):
    import platformdirs

    monkeypatch.delenv(paths.DATA_DIR_ENV, raising=False)
    expected = Path(platformdirs.user_data_dir("cardrogue", appauthor=False))
    assert paths.data_dir(create=False) == expected


def test_every_connection_uses_wal_busy_timeout_and_foreign_keys(store):
    conn = store._conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] >= 1000
    assert conn.isolation_level is None  # we say BEGIN IMMEDIATE ourselves
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_foreign_keys_are_enforced(store):
    with pytest.raises(sqlite3.IntegrityError):
        store._conn.execute(
            "INSERT INTO entries (map_id, rules_version, player, character, moves, turns, health,"
            " recorded, added, run_hash) VALUES ('nope', 1, 'a', 'b', 1, 1, 1, 'x', 'x', 'h')")


def test_reopening_does_not_migrate_again(data_dir, corridor_runs):
    with ScoreStore.open() as first:
        first.add(corridor_runs[0], CORRIDOR)
    with ScoreStore.open() as second:
        assert second.players(CORRIDOR_ID) == 1


def test_a_migration_is_one_transaction(data_dir, monkeypatch):
    broken = (score_tables.MIGRATIONS[0][:2] + ("CREATE TABLE oops (",),)
    monkeypatch.setattr(score_tables, "MIGRATIONS", broken)
    monkeypatch.setattr(score_tables, "SCHEMA_VERSION", 1)
    with pytest.raises(StoreError):
        ScoreStore.open()
    conn = sqlite3.connect(data_dir / "scores.db")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert conn.execute("SELECT name FROM sqlite_master").fetchall() == []  # rolled back whole
    conn.close()


def test_migrations_run_in_order_from_any_older_version(data_dir, monkeypatch):
    extra = score_tables.MIGRATIONS + (
        ("ALTER TABLE maps ADD COLUMN note TEXT NOT NULL DEFAULT ''",),)
    with ScoreStore.open():
        pass
    monkeypatch.setattr(score_tables, "MIGRATIONS", extra)
    monkeypatch.setattr(score_tables, "SCHEMA_VERSION", len(extra))
    with ScoreStore.open() as upgraded:
        assert upgraded._conn.execute("PRAGMA user_version").fetchone()[0] == len(extra)
        upgraded._conn.execute("SELECT note FROM maps").fetchall()


def test_a_database_from_a_newer_app_is_refused_and_left_alone(data_dir):
    data_dir.mkdir(parents=True)
    conn = sqlite3.connect(data_dir / "scores.db")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    with pytest.raises(StoreError, match="newer Card Rogue"):
        ScoreStore.open()
    assert (data_dir / "scores.db").exists()
    assert not list(data_dir.glob("*.corrupt-*"))


# ---------------------------------------------------------------------- entries and ranking


def test_a_verified_win_enters_with_its_figures(store):
    run = corpus_run("corridor-shortest")
    result = store.add(run, CORRIDOR)
    assert result.added and result.improved
    entry = result.entry
    assert (entry.map_id, entry.player, entry.moves, entry.turns) == (CORRIDOR_ID, "Corpus", 11, 4)
    assert entry.run_hash == run.hash
    assert entry.recorded == run.recorded
    assert result.best.rank == 1
    assert store.run_text(run.hash) == run.to_json()


def test_importing_twice_changes_nothing(store):
    run = corpus_run("corridor-shortest")
    store.add(run, CORRIDOR)
    before = store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0]
    again = store.add(run, CORRIDOR)
    assert not again.added and not again.improved
    assert store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == before == 1
    # The same run with another date or title is the same run.
    assert not store.add(replace(run, recorded="2030-01-01T00:00:00Z"), CORRIDOR).added


def test_one_best_entry_per_player_ranked_by_moves_then_turns_ties_sharing_a_rank(store, corridor_runs):
    assert len(corridor_runs) >= 4
    short, longer = corridor_runs[0], corridor_runs[-1]
    store.add(as_player(longer, "Ann"), CORRIDOR)
    store.add(as_player(short, "Bob"), CORRIDOR)
    store.add(as_player(short, "Cid"), CORRIDOR)  # ties Bob, entered later
    improved = store.add(as_player(short, "Ann"), CORRIDOR)  # Ann improves
    assert improved.improved
    worse = store.add(as_player(corridor_runs[1], "Bob"), CORRIDOR)  # Bob does worse
    assert worse.added and not worse.improved
    board = store.leaderboard(CORRIDOR_ID)
    # A tie shares its rank, as on the community server (issue 34: "2 of 2" here, 1 there);
    # the earlier entry is listed first.
    assert [(e.rank, e.player) for e in board] == [(1, "Bob"), (1, "Cid"), (1, "Ann")]
    assert store.best(CORRIDOR_ID, "Cid").rank == 1
    assert store.players(CORRIDOR_ID) == 3
    assert len(store.entries(CORRIDOR_ID)) == 5
    assert [e.moves for e in store.entries(CORRIDOR_ID, "Bob")] == sorted(
        [short.claimed["moves"], corridor_runs[1].claimed["moves"]])
    assert store.best(CORRIDOR_ID, "Ann").rank == 1  # improved to the same score, later
    assert store.best(CORRIDOR_ID, "Nobody") is None


def test_fewer_turns_break_a_tie_in_moves(store, corridor_runs):
    by_moves: dict[int, list[Run]] = {}
    for run in corridor_runs:
        by_moves.setdefault(run.claimed["moves"], []).append(run)
    tied = next((v for v in by_moves.values() if len(v) > 1), None)
    if tied is None:
        pytest.skip("the bot found no two runs with equal moves")
    slow, fast = max(tied, key=lambda r: r.claimed["turns"]), min(tied, key=lambda r: r.claimed["turns"])
    store.add(as_player(slow, "Slow"), CORRIDOR)
    store.add(as_player(fast, "Fast"), CORRIDOR)
    assert [e.player for e in store.leaderboard(CORRIDOR_ID)] == ["Fast", "Slow"]


def test_rank_for_a_score_not_yet_entered(store, corridor_runs):
    for n, run in enumerate(corridor_runs[:3]):
        store.add(as_player(run, f"P{n}"), CORRIDOR)
    best = corridor_runs[0].claimed
    assert store.rank_for(CORRIDOR_ID, best["moves"] - 1, 0) == 1
    assert store.rank_for(CORRIDOR_ID, best["moves"], best["turns"]) == 1  # a tie shares it
    assert store.rank_for(CORRIDOR_ID, 10_000, 0) == 4


def test_boards_are_kept_per_map(store):
    store.add(corpus_run("corridor-shortest"), CORRIDOR)
    store.add(corpus_run("market-shortest"), corpus_maps.market())
    assert [e.player for e in store.leaderboard(CORRIDOR_ID)] == ["Corpus"]
    assert store.leaderboard(map_id(corpus_maps.market()))[0].moves == 12
    assert store.map_title(CORRIDOR_ID) == "Corridor"


def test_the_derived_best_table_matches_a_full_ranking(store, corridor_runs):
    """`best` is kept in step on insert; check it against a ranking computed from scratch."""
    names = ["A", "B", "C", "D", "E"]
    for n in range(25):
        run = corridor_runs[(n * 7) % len(corridor_runs)]
        store.add(as_player(run, names[n % 5]), CORRIDOR)
    from_scratch = store._conn.execute(
        "SELECT player, moves, turns FROM ("
        "  SELECT player, moves, turns, id, ROW_NUMBER() OVER ("
        "    PARTITION BY player ORDER BY moves, turns, id) AS n FROM entries WHERE map_id = ?)"
        " WHERE n = 1 ORDER BY moves, turns, id", (CORRIDOR_ID,)).fetchall()
    board = store.leaderboard(CORRIDOR_ID, limit=100)
    assert [(e.player, e.moves, e.turns) for e in board] == [tuple(r) for r in from_scratch]
    for e in board:
        assert store.best(CORRIDOR_ID, e.player).rank == e.rank


def test_score_counts_stay_in_step_with_the_best_table(store, corridor_runs):
    """Ranks are sums over `score_counts`: after players improve, it must still count `best`."""
    names = ["A", "B", "C", "D", "E", "F"]
    for n in range(30):
        run = corridor_runs[(n * 5 + 3) % len(corridor_runs)]
        store.add(as_player(run, names[n % 6]), CORRIDOR)
    counted = store._conn.execute(
        "SELECT moves, turns, players FROM score_counts WHERE map_id = ? ORDER BY moves, turns",
        (CORRIDOR_ID,)).fetchall()
    from_best = store._conn.execute(
        "SELECT moves, turns, COUNT(*) FROM best WHERE map_id = ? GROUP BY moves, turns "
        "ORDER BY moves, turns", (CORRIDOR_ID,)).fetchall()
    assert counted == from_best
    per_moves = store._conn.execute(
        "SELECT moves, players FROM moves_counts WHERE map_id = ? ORDER BY moves",
        (CORRIDOR_ID,)).fetchall()
    assert per_moves == store._conn.execute(
        "SELECT moves, COUNT(*) FROM best WHERE map_id = ? GROUP BY moves ORDER BY moves",
        (CORRIDOR_ID,)).fetchall()
    assert store.players(CORRIDOR_ID) == 6


def test_pages_after_an_entry_give_every_player_once_with_running_ranks(store, corridor_runs):
    for n, run in enumerate(corridor_runs[:7]):
        store.add(as_player(run, f"P{n}"), CORRIDOR)
    store.add(as_player(corridor_runs[0], "Late"), CORRIDOR)  # ties P0, entered later
    whole = store.leaderboard(CORRIDOR_ID, limit=100)
    seen = []
    page = store.leaderboard(CORRIDOR_ID, limit=3)
    while page:
        seen += page
        page = store.leaderboard(CORRIDOR_ID, limit=3, after=page[-1].run_hash)
    assert [(e.rank, e.player) for e in seen] == [(e.rank, e.player) for e in whole]
    scores = [(e.moves, e.turns) for e in whole]
    assert [e.rank for e in seen] == [scores.index(score) + 1 for score in scores]
    assert [(e.rank, e.player) for e in seen[:2]] == [(1, "P0"), (1, "Late")]
    assert store.leaderboard(CORRIDOR_ID, after="f" * 64) == []  # not on this board


def test_a_board_from_the_first_layout_gets_its_score_counts(data_dir, corridor_runs):
    with ScoreStore.open() as store:
        for n, run in enumerate(corridor_runs[:4]):
            store.add(as_player(run, f"P{n}"), CORRIDOR)
    conn = sqlite3.connect(data_dir / "scores.db", isolation_level=None)
    conn.execute("DROP TABLE score_counts")  # what the first layout had
    conn.execute("DROP TABLE moves_counts")
    conn.execute("DROP TABLE scored_entries")  # added by the third layout
    conn.execute("PRAGMA user_version = 1")
    conn.close()
    with ScoreStore.open() as upgraded:
        assert upgraded.players(CORRIDOR_ID) == 4
        assert [e.rank for e in upgraded.leaderboard(CORRIDOR_ID)] == [1, 2, 3, 4]
        assert upgraded.best(CORRIDOR_ID, "P3").rank == 4


# ---------------------------------------------------------------------- only verified runs


def test_a_lost_run_is_not_a_score(store):
    with pytest.raises(RunError) as caught:
        store.add(corpus_run("deadly-shortest"), corpus_maps.deadly())
    assert caught.value.code == NOT_WON
    assert store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 0


@pytest.mark.parametrize("forge, code", [
    (lambda r: replace(r, claimed=dict(r.claimed, moves=3)), CLAIMS_DIFFER),
    (lambda r: replace(r, actions=r.actions[:2] + r.actions[3:]), None),
])
def test_forged_runs_never_enter(store, forge, code):
    with pytest.raises(RunError) as caught:
        store.add(forge(corpus_run("corridor-shortest")), CORRIDOR)
    if code is not None:
        assert caught.value.code == code
    assert store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 0
    assert store._conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 0


def test_insert_replays_the_run_itself(store, monkeypatch):
    """There is no way in that skips the replay: `add` calls the engine's verify."""
    calls = []
    real = scores.verify_run
    assert real is runs.verify
    monkeypatch.setattr(scores, "verify_run", lambda *a, **k: calls.append(1) or real(*a, **k))
    store.add(corpus_run("corridor-shortest"), CORRIDOR)
    assert calls == [1]


# ---------------------------------------------------------------------- a corrupt file


def test_a_file_that_is_not_a_database_is_moved_aside(data_dir):
    data_dir.mkdir(parents=True)
    bad = data_dir / "scores.db"
    bad.write_bytes(b"this is not SQLite at all" * 100)
    with ScoreStore.open() as store:
        assert store.recovered is not None
        assert store.recovered.name.startswith("scores.db.corrupt-")
        assert store.recovered.read_bytes() == b"this is not SQLite at all" * 100
        assert "damaged" in store.notice and str(store.recovered) in store.notice
        assert store.add(corpus_run("corridor-shortest"), CORRIDOR).added
    with ScoreStore.open() as store:
        assert store.recovered is None and store.notice is None
        assert store.players(CORRIDOR_ID) == 1


def test_a_damaged_database_with_its_wal_is_moved_aside(data_dir, corridor_runs):
    with ScoreStore.open() as store:
        for n, run in enumerate(corridor_runs):
            store.add(as_player(run, f"P{n}"), CORRIDOR)
    db = data_dir / "scores.db"
    size = db.stat().st_size
    with open(db, "r+b") as out:  # keep the header page, scramble the rest
        out.seek(4096)
        out.write(bytes((n * 37) % 251 for n in range(size - 4096)))
    (data_dir / "scores.db-wal").write_bytes(b"left behind")
    with ScoreStore.open() as store:
        assert store.recovered is not None
        assert store.players(CORRIDOR_ID) == 0
        assert store.integrity() == "ok"
    # The old write-ahead log went with the old file (or SQLite dropped it as invalid): it can
    # never be replayed into the fresh database.
    wal = data_dir / "scores.db-wal"
    assert not wal.exists() or wal.read_bytes() != b"left behind"


def test_a_large_file_is_not_fully_checked_at_open_and_damage_is_a_clear_error(
        data_dir, corridor_runs, monkeypatch):
    with ScoreStore.open() as store:
        for n, run in enumerate(corridor_runs):
            store.add(as_player(run, f"P{n}"), CORRIDOR)
    db = data_dir / "scores.db"
    size = db.stat().st_size
    pages = sqlite3.connect(db).execute("SELECT name, rootpage FROM sqlite_master "
                                        "WHERE name = 'moves_counts'").fetchone()
    with open(db, "r+b") as out:  # scramble the moves_counts table's page only
        out.seek((pages[1] - 1) * 4096)
        out.write(bytes((n * 37) % 251 for n in range(4096)))
    assert db.stat().st_size == size
    limit = scores.QUICK_CHECK_LIMIT
    monkeypatch.setattr(scores, "QUICK_CHECK_LIMIT", 0)  # as if it were a huge board
    with ScoreStore.open() as store:
        assert store.recovered is None  # the quick check did not run
        with pytest.raises(StoreError, match="cannot be read"):
            store.players(CORRIDOR_ID)
    monkeypatch.setattr(scores, "QUICK_CHECK_LIMIT", limit)
    with ScoreStore.open() as store:  # a small file is checked: moved aside, a fresh board
        assert store.recovered is not None
        assert store.players(CORRIDOR_ID) == 0


def test_a_busy_database_is_not_mistaken_for_a_corrupt_one(data_dir):
    with ScoreStore.open():
        pass
    other = sqlite3.connect(data_dir / "scores.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with ScoreStore.open(timeout=0.2) as store:
            assert store.recovered is None
            assert store.leaderboard(CORRIDOR_ID) == []
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert not list(data_dir.glob("*.corrupt-*"))


# ---------------------------------------------------------------------- crashes and concurrency

CHILD_PRELUDE = """
import sys, time
from dataclasses import replace
from engine.cardrogue.runs import read_run
from services import scores
from tests.runs.maps import by_id

db, run_file = sys.argv[1], sys.argv[2]
run = read_run(run_file)
spec = by_id()[run.map_id]
store = scores.ScoreStore(db)
"""

CHILD_STOP_INSIDE = CHILD_PRELUDE + """
stop_at = int(sys.argv[3])
n = 0

def hook():
    if n == stop_at:
        print("inside", flush=True)
        time.sleep(60)

scores._before_commit = hook
while True:
    entry = replace(run, player=f"p{n}")
    store.add(entry, spec)
    print("committed", entry.hash, flush=True)
    n += 1
"""

CHILD_LOOP = CHILD_PRELUDE + """
print("ready", flush=True)
n = 0
while True:
    entry = replace(run, player=f"q{n}")
    store.add(entry, spec)
    print("committed", entry.hash, flush=True)
    n += 1
"""


def _child(script: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", script, *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT)


def _committed_hashes(store: ScoreStore) -> set[str]:
    return {r[0] for r in store._conn.execute("SELECT run_hash FROM entries")}


def test_sigkill_in_the_middle_of_saving_loses_no_committed_score(tmp_path):
    db = tmp_path / "scores.db"
    child = _child(CHILD_STOP_INSIDE, str(db), str(CORPUS / "corridor-shortest.run.json"), "5")
    committed = []
    for line in child.stdout:
        if line.startswith("inside"):
            break
        committed.append(line.split()[1])
    else:
        pytest.fail(f"the child stopped early: {child.stderr.read()}")
    child.send_signal(signal.SIGKILL)  # inside the transaction, rows written, COMMIT not sent
    child.wait(timeout=10)
    assert len(committed) == 5
    with ScoreStore.open(db) as store:
        assert store.recovered is None
        assert store.integrity() == "ok"
        assert _committed_hashes(store) == set(committed)
        assert store.best(CORRIDOR_ID, "p5") is None  # the one being saved is wholly absent
        assert store._conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0] == 5
        assert store.add(as_player(corpus_run("corridor-shortest"), "p5"), CORRIDOR).added


def test_sigkill_at_random_moments_never_loses_a_committed_score(tmp_path):
    db = tmp_path / "scores.db"
    run_file = str(CORPUS / "corridor-shortest.run.json")
    everything: set[str] = set()
    for round_, wait_for in enumerate((1, 3, 7, 12)):
        child = _child(CHILD_LOOP.replace('f"q{n}"', f'f"r{round_}-{{n}}"'), str(db), run_file)
        assert child.stdout.readline().strip() == "ready"
        seen = [child.stdout.readline().split()[1] for _ in range(wait_for)]
        time.sleep(0.002 * wait_for)  # somewhere in a later save
        child.send_signal(signal.SIGKILL)
        rest = child.stdout.read()
        child.wait(timeout=10)
        # Whole lines only: the kill can cut the last line short ("committed" with no hash);
        # that save then counts as the one in flight.
        whole = rest.split("\n")[:-1]
        seen += [line.split()[1] for line in whole if line.startswith("committed")]
        everything.update(seen)
        with ScoreStore.open(db) as store:
            assert store.recovered is None
            assert store.integrity() == "ok"
            stored = _committed_hashes(store)
            assert everything <= stored
            assert len(stored - everything) <= 1 * (round_ + 1)  # at most the one in flight


CHILD_WRITER = CHILD_PRELUDE + """
go, who, count = sys.argv[3], sys.argv[4], int(sys.argv[5])
print("ready", flush=True)
while not __import__("os").path.exists(go):
    time.sleep(0.001)
shared = replace(run, player="everyone")
for n in range(count):
    store.add(replace(run, player=f"{who}-{n}"), spec)
    if n == count // 2:
        store.add(shared, spec)
print("done", flush=True)
"""


def test_four_processes_inserting_at_once_lose_nothing(tmp_path):
    db = tmp_path / "scores.db"
    go = tmp_path / "go"
    count = 25
    with ScoreStore.open(db):
        pass  # created and migrated once, as the app would have
    children = [_child(CHILD_WRITER, str(db), str(CORPUS / "corridor-shortest.run.json"), str(go),
                       f"w{k}", str(count)) for k in range(4)]
    for child in children:
        assert child.stdout.readline().strip() == "ready"
    go.touch()
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        assert out.strip() == "done"
    with ScoreStore.open(db) as store:
        assert store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 4 * count + 1
        assert store.players(CORRIDOR_ID) == 4 * count + 1
        players = {e.player for e in store.leaderboard(CORRIDOR_ID, limit=1000)}
        assert players == {f"w{k}-{n}" for k in range(4) for n in range(count)} | {"everyone"}
        assert store.integrity() == "ok"


def test_four_processes_creating_a_new_database_at_once_migrate_it_once(tmp_path):
    db = tmp_path / "fresh.db"
    go = tmp_path / "go"
    children = [_child(CHILD_WRITER, str(db), str(CORPUS / "corridor-shortest.run.json"), str(go),
                       f"n{k}", "3") for k in range(4)]
    for child in children:
        assert child.stdout.readline().strip() == "ready"
    go.touch()
    for child in children:
        _, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
    with ScoreStore.open(db) as store:
        assert store.players(CORRIDOR_ID) == 4 * 3 + 1
