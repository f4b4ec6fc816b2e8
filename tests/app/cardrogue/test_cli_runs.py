"""`cardrogue verify`, `replay --events`, `scores`, `import` and `export`: exit statuses,
output shapes, every refusal named, and never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.cli import textual_app
from engine.cardrogue import RULES_VERSION
from engine.cardrogue.runs import read_run
from engine.core.runs import save_run
from services import paths
from services.scores import ScoreStore
from tests.app.support import CORPUS, MAPS, lines, run_main
from tests.hypothesis_profiles import examples

ROOT = Path(__file__).resolve().parents[3]
CARDROGUE = Path(sys.executable).parent / "cardrogue"
EVENTS_SCHEMA = json.loads((ROOT / "schemas" / "events.schema.json").read_text())
# Each test has a data folder of its own (conftest.py).
pytestmark = pytest.mark.usefixtures("data_dir")


def forged(tmp_path: Path, name: str, change, source: str = "goblin_gate-shortest") -> Path:
    doc = json.loads((CORPUS / f"{source}.run.json").read_text())
    change(doc)
    path = tmp_path / f"{name}.run.json"
    path.write_text(json.dumps(doc))
    return path


# ---------------------------------------------------------------------- verify


def test_verify_prints_a_summary_per_run_and_exits_0(capsys, user_maps):
    files = sorted(CORPUS.glob("*.run.json"))
    status, out, err = run_main(capsys, "verify", *files)
    assert status == 0, err
    results = lines(out)
    assert [r["file"] for r in results] == [str(f) for f in files]
    for result in results:
        assert result["ok"] is True
        assert set(result) >= {"map_id", "outcome", "moves", "level_moves", "turns", "health",
                               "rules_version"}
        assert result["rules_version"] == RULES_VERSION
        assert sum(result["level_moves"]) == result["moves"]
    two = next(r for r in results if "two_floors-shortest" in r["file"])
    assert two["outcome"] == "won" and len(two["level_moves"]) == 2


def test_verify_with_a_map_file(capsys):
    status, out, _ = run_main(capsys, "verify", CORPUS / "market-shortest.run.json",
                              "--map", MAPS / "market.toml")
    assert status == 0
    assert lines(out)[0]["moves"] == 12


def test_verify_a_lost_run_is_a_valid_finished_run(capsys, user_maps):
    status, out, _ = run_main(capsys, "verify", CORPUS / "deadly-shortest.run.json")
    assert status == 0
    assert lines(out)[0]["outcome"] == "lost"


def _forgeries(tmp_path: Path) -> dict[str, tuple[str, Path, list]]:
    """what was forged -> (the refusal's code, run file, extra arguments)."""
    other = json.loads((CORPUS / "corridor-shortest.run.json").read_text())
    big = tmp_path / "big.run.json"
    with open(big, "wb") as out:
        out.write(b"{" + b" " * (50 * 1024 * 1024) + b"}")
    truncated = tmp_path / "truncated.run.json"
    truncated.write_bytes((CORPUS / "goblin_gate-shortest.run.json").read_bytes()[:300])

    def tamper(doc):
        attack = next(i for i, a in enumerate(doc["actions"]) if a["do"] == "attack")
        doc["actions"][attack] = {"do": "move", "dir": "W"}

    return {
        "tampered action": ("illegal_action", forged(tmp_path, "tampered", tamper), []),
        "swapped map": ("map_hash_mismatch", CORPUS / "goblin_gate-shortest.run.json",
                        ["--map", MAPS / "corridor.toml"]),
        # The map swapped inside the run: its id and seed edited to another map's.
        "swapped map id": ("illegal_action", forged(tmp_path, "swapped", lambda d: d.update(
            map_id=other["map_id"], seed=other["seed"])), []),
        "changed seed": ("seed_mismatch",
                         forged(tmp_path, "seed", lambda d: d.update(seed=d["seed"] + 1)), []),
        "edited move count": ("claims_differ",
                              forged(tmp_path, "moves", lambda d: d["claimed"].update(moves=3)), []),
        "truncated file": ("not_json", truncated, []),
        "50 MB file": ("too_large", big, []),
        "other rules version": ("other_rules_version", forged(
            tmp_path, "rules", lambda d: d.update(rules_version=RULES_VERSION + 1)), []),
        "unknown map": ("unknown_map",
                        forged(tmp_path, "nomap", lambda d: d.update(map_id="0" * 64)), []),
        "cut short": ("does_not_finish", forged(
            tmp_path, "short", lambda d: (d["actions"].pop(), d.pop("claimed"))), []),
        "unknown field": ("bad_run", forged(tmp_path, "unknown", lambda d: d.update(cheat=True)), []),
        "missing file": ("unreadable", tmp_path / "missing.run.json", []),
        # Verification dispatches on the run's game (engine.games): none by that name here.
        "game not installed": ("other_game", forged(
            tmp_path, "othergame", lambda d: d.update(game="chess")), []),
        "no game named": ("bad_run", forged(tmp_path, "nogame", lambda d: d.pop("game")), []),
    }


def test_every_forgery_exits_1_with_its_reason(capsys, tmp_path, user_maps):
    for what, (code, path, extra) in _forgeries(tmp_path).items():
        status, out, err = run_main(capsys, "verify", path, *extra)
        assert status == 1, what
        result = lines(out)[0]
        assert result["ok"] is False and result["error"] == code, (what, result)
        assert code.replace("_", " ") in err, err
        assert str(path) in err
    big = _forgeries(tmp_path)["50 MB file"][1]
    _, out, _ = run_main(capsys, "verify", big)
    assert "1,000,000" in lines(out)[0]["message"]


def test_replay_and_import_refuse_a_run_of_a_game_not_installed(capsys, tmp_path, user_maps,
                                                                 data_dir):
    path = forged(tmp_path, "othergame", lambda d: d.update(game="chess"))
    for command in (["replay", "--events"], ["import"]):
        status, out, err = run_main(capsys, *command, path)
        assert status == 1, command
        assert f"{command[0]}: {path}: other game: no game named 'chess'" in err
        assert "cardrogue" in err  # the games that are installed are named
        assert out == ""


def test_illegal_action_names_its_index_and_why(capsys, tmp_path, user_maps):
    _, path, _ = _forgeries(tmp_path)["tampered action"]
    _, out, err = run_main(capsys, "verify", path)
    result = lines(out)[0]
    assert isinstance(result["index"], int)
    assert f"action {result['index']} (move dir=W) is illegal: you are in combat" in err


def test_one_bad_run_among_good_ones_exits_1_and_reports_all(capsys, tmp_path, user_maps):
    _, bad, _ = _forgeries(tmp_path)["edited move count"]
    status, out, _ = run_main(capsys, "verify", CORPUS / "corridor-shortest.run.json", bad,
                              CORPUS / "market-shortest.run.json")
    assert status == 1
    assert [r["ok"] for r in lines(out)] == [True, False, True]


def test_an_unreadable_map_file_is_named(capsys, tmp_path):
    bad_map = tmp_path / "bad.toml"
    bad_map.write_text("this is = = not toml")
    status, out, err = run_main(capsys, "verify", CORPUS / "corridor-shortest.run.json",
                                "--map", bad_map)
    assert status == 1
    assert lines(out)[0]["error"] == "map_unreadable"
    assert "the map cannot be read" in err


def test_the_installed_script_refuses_a_50_mb_file_quickly_and_clearly(tmp_path):
    big = tmp_path / "big.run.json"
    with open(big, "wb") as out:
        out.truncate(50 * 1024 * 1024)
    result = subprocess.run([str(CARDROGUE), "verify", str(big)], capture_output=True,
                            text=True, timeout=30, env=_env(tmp_path), check=False)
    assert result.returncode == 1
    assert "too large" in result.stderr and "52,428,800 bytes" in result.stderr
    assert "Traceback" not in result.stderr


def _env(tmp_path: Path) -> dict[str, str]:
    import os

    return {**os.environ, paths.DATA_DIR_ENV: str(tmp_path / "script-data")}


@settings(max_examples=examples(150), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_mutated_run_files_never_give_a_traceback(capsys, tmp_path, user_maps, data):
    original = (CORPUS / "goblin_gate-shortest.run.json").read_bytes()
    kind = data.draw(st.sampled_from(["bytes", "json"]))
    if kind == "bytes":
        cut = data.draw(st.integers(0, len(original)))
        noise = data.draw(st.binary(max_size=20))
        content = original[:cut] + noise + original[cut + len(noise):]
    else:
        doc = json.loads(original)
        key = data.draw(st.sampled_from(sorted(doc)))
        value = data.draw(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8),
                                    st.lists(st.integers(), max_size=3),
                                    st.dictionaries(st.text(max_size=4), st.integers(), max_size=2)))
        doc[key] = value
        content = json.dumps(doc).encode()
    path = tmp_path / "mutant.run.json"
    path.write_bytes(content)
    status, out, _ = run_main(capsys, "verify", path)
    assert status in (0, 1)
    if status == 1:
        assert lines(out)[0]["error"]


# ---------------------------------------------------------------------- replay --events


def test_replay_prints_events_as_json_lines_that_match_the_schema(capsys, user_maps):
    status, out, err = run_main(capsys, "replay", CORPUS / "crossroads-longer.run.json", "--events")
    assert status == 0, err
    events = lines(out)
    validator = jsonschema.Draft7Validator(EVENTS_SCHEMA)
    for event in events:
        assert not list(validator.iter_errors(event)), event
    assert events[0]["step"] is None and events[0]["event"] == "level_start"
    actions = [e for e in events if e["event"] == "action"]
    run = read_run(CORPUS / "crossroads-longer.run.json")
    assert [a["action"] for a in actions] == [a.to_dict() for a in run.actions]
    assert [a["step"] for a in actions] == list(range(len(run.actions)))
    kinds = {e["event"] for e in events}
    assert {"flip", "move", "attack", "enemy_damage", "turn_start", "game_over"} <= kinds
    attack = next(e for e in events if e["event"] == "attack")
    assert {"rolls", "modifier", "damage", "dealt"} <= set(attack)  # dice and modifiers
    assert events[-1]["event"] == "game_over"


def test_replay_of_a_bad_run_stops_at_the_illegal_action(capsys, tmp_path, user_maps):
    _, path, _ = _forgeries(tmp_path)["tampered action"]
    status, out, err = run_main(capsys, "replay", path, "--events")
    assert status == 1
    assert "illegal action" in err
    steps = [e["step"] for e in lines(out) if e["event"] == "action"]
    assert steps and "is illegal" in err and f"action {steps[-1] + 1} " in err


def test_replay_without_events_opens_the_viewer_in_the_app(capsys, user_maps, monkeypatch):
    from app.cardrogue_app import CardRogueApp

    opened = []
    monkeypatch.setattr(CardRogueApp, "run", lambda self: opened.append(
        (self.replay_at_start, self.replay_map)))
    monkeypatch.setattr(textual_app, "can_open_app", lambda command="": True)  # as in a terminal
    run = CORPUS / "corridor-shortest.run.json"
    status, _, _ = run_main(capsys, "replay", run)
    assert status == 0 and opened == [(run, None)]
    status, _, _ = run_main(capsys, "replay", run, "--map", MAPS / "corridor.toml")
    assert status == 0 and opened[-1] == (run, MAPS / "corridor.toml")


def test_replay_of_a_missing_file_is_a_usage_error(capsys, tmp_path, user_maps):
    status, _, err = run_main(capsys, "replay", tmp_path / "nowhere.run.json")
    assert status == 2 and "no such file" in err
    status, _, err = run_main(capsys, "replay", CORPUS / "corridor-shortest.run.json", "--map",
                              tmp_path / "nowhere.toml")
    assert status == 2 and "no such file" in err


# ---------------------------------------------------------------------- import, scores, export


def test_import_then_scores(capsys, user_maps, data_dir):
    status, out, err = run_main(capsys, "import", CORPUS / "corridor-longer.run.json",
                                CORPUS / "corridor-shortest.run.json")
    assert status == 0, err
    assert out.count(": added:") == 2
    kept = sorted((data_dir / "runs").glob("*.run.json"))
    assert len(kept) == 2 and all(read_run(p) for p in kept)

    status, out, _ = run_main(capsys, "scores", MAPS / "corridor.toml", "--player", "Corpus")
    assert status == 0
    assert "Corridor [CG40-H41C]" in out
    assert "   1  Corpus     11      4  warrior" in out
    assert "Corpus's best: rank 1 of 1, 11 moves, 4 turns" in out

    status, out, _ = run_main(capsys, "scores", MAPS / "corridor.toml", "--json")
    board = lines(out)[0]
    assert board["players"] == 1 and board["entries"][0]["moves"] == 11


def test_importing_twice_changes_nothing(capsys, user_maps, data_dir):
    run_main(capsys, "import", CORPUS / "market-shortest.run.json")
    status, out, _ = run_main(capsys, "import", CORPUS / "market-shortest.run.json")
    assert status == 0 and "already on the board" in out
    with ScoreStore.open() as store:
        assert store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 1


def test_import_refuses_forgeries_and_losses(capsys, tmp_path, user_maps):
    _, bad, _ = _forgeries(tmp_path)["edited move count"]
    status, _, err = run_main(capsys, "import", bad, CORPUS / "deadly-shortest.run.json")
    assert status == 1
    assert "claims differ" in err and "not won" in err
    with ScoreStore.open() as store:
        assert store._conn.execute("SELECT COUNT(*) FROM entries").fetchone()[0] == 0


def test_scores_of_a_map_with_no_entries_and_by_map_id(capsys, user_maps):
    status, out, _ = run_main(capsys, "scores", MAPS / "alchemy.toml")
    assert status == 0 and "No scores yet" in out
    run = read_run(CORPUS / "alchemy-shortest.run.json")
    run_main(capsys, "import", CORPUS / "alchemy-shortest.run.json")
    status, out, _ = run_main(capsys, "scores", run.map_id)
    assert status == 0 and "Corpus" in out


def test_scores_of_an_unreadable_map(capsys, tmp_path):
    status, _, err = run_main(capsys, "scores", tmp_path / "nothing.toml")
    assert status == 1 and "cannot be read" in err


def test_scores_after_a_corrupt_database_says_so_and_works(capsys, user_maps, data_dir):
    data_dir.mkdir(exist_ok=True)
    (data_dir / "scores.db").write_bytes(b"\x00garbage" * 500)
    status, out, err = run_main(capsys, "scores", MAPS / "corridor.toml")
    assert status == 0
    assert "damaged" in err and "scores.db.corrupt-" in err
    assert "No scores yet" in out
    assert list(data_dir.glob("scores.db.corrupt-*"))


def test_export_writes_run_files_that_verify(capsys, tmp_path, user_maps):
    renamed = read_run(CORPUS / "corridor-longer.run.json")
    other = tmp_path / "other.run.json"
    save_run(other, replace(renamed, player="Zed"))
    run_main(capsys, "import", CORPUS / "corridor-shortest.run.json",
             CORPUS / "corridor-longer.run.json", other)
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    status, out, _ = run_main(capsys, "export", MAPS / "corridor.toml", "--out", out_dir)
    assert status == 0
    written = sorted(out_dir.glob("*.run.json"))
    assert sorted(out.split()) == [str(p) for p in written]
    assert len(written) == 2  # the board: each player's best
    assert {read_run(p).player for p in written} == {"Corpus", "Zed"}
    status, _, _ = run_main(capsys, "verify", *written)
    assert status == 0
    every = tmp_path / "every"
    every.mkdir()
    run_main(capsys, "export", MAPS / "corridor.toml", "--out", every, "--all", "--player", "Corpus")
    assert len(list(every.glob("*.run.json"))) == 2


def test_export_to_a_missing_folder(capsys, tmp_path, user_maps):
    status, _, err = run_main(capsys, "export", MAPS / "corridor.toml", "--out", tmp_path / "no")
    assert status == 1 and "not a folder" in err


def test_script_commands_do_not_import_textual(tmp_path):
    code = (
        "import sys, contextlib, io\n"
        "from app.cli.cardrogue import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['verify', {str(CORPUS / 'corridor-shortest.run.json')!r}, '--map', "
        f"{str(MAPS / 'corridor.toml')!r}])\n"
        "assert 'textual' not in sys.modules, 'textual was imported'\n"
        "assert 'rich' not in sys.modules, 'rich was imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60, cwd=ROOT,
                   env=_env(tmp_path))


# ---------------------------------------------------------------------- byte-stable events

CLEARS = ROOT / "tests" / "clears"
CAMPAIGNS = ROOT / "campaigns"


def every_run_and_its_map() -> list[tuple[Path, Path]]:
    """Every run of the corpus (tests/runs) and every author clear (tests/clears), with the
    map file each was played on."""
    pairs = [(run, MAPS / f"{run.name.split('-')[0]}.toml")
             for run in sorted(CORPUS.glob("*.run.json"))]
    for run in sorted(CLEARS.glob("*.run.json")):
        stem = run.name.removesuffix(".run.json")
        found = list(CAMPAIGNS.glob(f"{stem}.toml")) + list(CAMPAIGNS.glob(f"*/{stem}.toml"))
        assert len(found) == 1, f"no single map for {run.name}"
        pairs.append((run, found[0]))
    return pairs


EVENTS_OF_EVERY_RUN = """
import sys
from app.cli import cardrogue
pairs = [line.split("\\t") for line in sys.stdin.read().splitlines()]
for run, map_file in pairs:
    sys.stdout.write("=== " + run + "\\n")
    sys.stdout.flush()
    status = cardrogue.main(["replay", run, "--events", "--map", map_file])
    sys.stdout.write(f"=== exit {status}\\n")
"""


def events_under_hash_seed(seed: str, pairs, tmp_path) -> bytes:
    listing = "\n".join(f"{run}\t{map_file}" for run, map_file in pairs)
    env = {**os.environ, "PYTHONHASHSEED": seed,
           paths.DATA_DIR_ENV: str(tmp_path / f"data-{seed}")}
    done = subprocess.run([sys.executable, "-c", EVENTS_OF_EVERY_RUN], input=listing.encode(),
                          capture_output=True, env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


def test_every_run_replays_to_the_same_event_bytes_whatever_the_hash_seed(tmp_path):
    """Byte-stable events: nothing in an event comes from set or dict order that
    PYTHONHASHSEED changes (the gear of an attack, cursed cards removed, the order of legal
    actions), so every corpus run and author clear prints identical --events bytes."""
    pairs = every_run_and_its_map()
    first_bytes = events_under_hash_seed("0", pairs, tmp_path)
    assert first_bytes.count(b"=== exit 0\n") == len(pairs)
    assert first_bytes == events_under_hash_seed("4242", pairs, tmp_path)


def test_the_installed_command_prints_the_same_events_whatever_the_hash_seed(tmp_path):
    run = CORPUS / "market-longer.run.json"
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed,
               paths.DATA_DIR_ENV: str(tmp_path / "data")}
        done = subprocess.run([str(CARDROGUE), "replay", str(run), "--events", "--map",
                               str(MAPS / "market.toml")], capture_output=True, env=env,
                              timeout=60)
        assert done.returncode == 0, done.stderr.decode()
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and b'"event":"attack"' in outputs[0]


def test_a_boards_names_line_up_on_screen_whatever_their_characters() -> None:
    """Found by a tester: a full-width "ｂｏｂ" takes six cells, not three, and pushed the
    columns after it out of line."""
    from rich.cells import cell_len

    from app.cli.output import name_column

    padded, width = name_column(["ｂｏｂ", "Ann", "👾 Zed"])
    assert width == 6 and [cell_len(name) for name in padded] == [6, 6, 6]
    padded, width = name_column(["A long player name"])
    assert padded == ["A long player name"] and width == 18


def test_a_one_turn_win_is_said_in_the_singular(capsys, tmp_path, data_dir):
    """Found by a tester: "2 moves, 1 turns". A flip and a step onto the ladder win in one turn."""
    from engine.cardrogue import Action, State, record_run
    from services.library import load_map_file

    maps = data_dir / "maps"
    maps.mkdir(parents=True, exist_ok=True)
    map_path = maps / "step.toml"
    map_path.write_text('format_version = 1\nkind = "challenge"\ntitle = "One Step"\nseed = 5\n\n'
                        '[[levels]]\nid = "step"\npaths = """\n╶╴\n"""\ncells = """\n@>\n"""\n',
                        encoding="utf-8")
    game = State.story(load_map_file(map_path), "warrior")
    for action in (Action("flip", dir="E"), Action("move", dir="E")):
        game.apply(action)
    assert game.outcome == "won" and (game.moves, game.turn) == (2, 1)
    run_path = tmp_path / "step.run.json"
    save_run(run_path, record_run(game, "Solo"))

    status, out, err = run_main(capsys, "import", run_path)
    assert status == 0, err
    assert "Solo, 2 moves, 1 turn on One Step;" in out
    status, out, _ = run_main(capsys, "scores", map_path, "--player", "Solo")
    assert status == 0 and "Solo's best: rank 1 of 1, 2 moves, 1 turn\n" in out
    assert "1 turns" not in out
