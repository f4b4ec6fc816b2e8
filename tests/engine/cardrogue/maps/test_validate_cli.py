"""`cardrogue validate`: the corpus of bad inputs, run through the real command line.

Every bad input must be rejected with a clear message and the right exit status (1 invalid,
2 unreadable), and no input may ever produce a traceback.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.engine.cardrogue.maps.support import INVALID, VALID, run_cli

# fixture file -> (exit status, rule that must be reported, words the message must contain)
CORPUS = {
    "bad-toml.toml": (2, "toml_syntax", "closing quote"),
    "wrong-type.toml": (1, "wrong_type", "expected a whole number, found text"),
    "unknown-key.toml": (1, "unknown_field", 'did you mean "health"?'),
    "unknown-glyph.toml": (1, "unknown_glyph", '"g" has no legend entry'),
    "ragged-rows.toml": (1, "ragged_rows", "row 2 of the cells grid has 2 cells"),
    "no-start.toml": (1, "one_start", "no start"),
    "two-starts.toml": (1, "one_start", "a second start"),
    "unreachable-exit.toml": (1, "exit_unreachable", "no route leads from the start"),
    "absurd-number.toml": (1, "out_of_range", "too large; the most allowed is 99"),
    "control-character.toml": (1, "control_character", "U+001B"),
    "date-value.toml": (1, "date_value", "TOML date"),
    "newer-format.toml": (1, "newer_format", "newer Card Rogue"),
    "fraction.toml": (1, "wrong_type", "no fractions"),
    "key-unreachable.toml": (1, "key_before_chest", "cannot get a key"),
    "duplicate-ids.toml": (1, "duplicate_level_id", "already used"),
    "unknown-card.toml": (1, "unknown_card", 'did you mean "goblin"?'),
}


def assert_clean(result) -> None:
    """No traceback and no Python error name leaks out, on either stream."""
    both = result.stdout + result.stderr
    assert "Traceback" not in both
    assert "Error:" not in both.replace("error:", "")  # e.g. "KeyError:" would be a crash


def test_every_invalid_fixture_is_in_the_corpus_table() -> None:
    assert sorted(p.name for p in INVALID.glob("*.toml")) == sorted(CORPUS)


@pytest.mark.parametrize("name", sorted(CORPUS))
def test_bad_input_is_rejected_with_its_rule_and_exit_status(name: str) -> None:
    status, rule, words = CORPUS[name]
    result = run_cli("validate", str(INVALID / name))
    assert_clean(result)
    assert result.returncode == status, result.stdout
    assert f"[{rule}]" in result.stdout
    assert words in result.stdout
    assert result.stdout.rstrip().endswith("unreadable (1 error)" if status == 2 else ")")


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_fixtures_pass_with_status_0(path: Path) -> None:
    result = run_cli("validate", str(path))
    assert_clean(result)
    assert result.returncode == 0, result.stdout
    assert ": valid" in result.stdout
    assert "share code" in result.stdout


def test_warnings_are_printed_but_the_status_is_0(tmp_path: Path) -> None:
    text = (VALID[0].parent / "minimal.toml").read_text(encoding="utf-8")
    text += '\n[levels.legend]\nz = "goblin"\n'
    path = tmp_path / "unused.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 0
    assert "warning [unused_legend]" in result.stdout
    assert "valid (1 warning)" in result.stdout


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


GENERATED = {
    # name -> (bytes, exit status, rule, words)
    "nul.toml": (b'format_version = 1\ntitle = "a\x00b"\n', 2, "nul_byte", "line 2, column 11"),
    "latin1.toml": ('title = "caf\u00e9"\n'.encode("latin-1"), 2, "not_utf8", "0xe9"),
    "utf16.toml": ('format_version = 1\n'.encode("utf-16"), 2, "nul_byte", "UTF-16"),
    "raw-control.toml": (b'title = "bell\x07"\n', 2, "toml_syntax", "line 1, column 14"),
    "empty.toml": (b"", 1, "missing_field", '"format_version" is missing'),
    "array-root.toml": (b"levels = 3\n", 1, "wrong_type", "expected a list"),
    "deep.toml": (b"a = " + b"[" * 5000 + b"]" * 5000 + b"\n", 2, "too_deep",
                  "nested more than 32 deep"),
}


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_bad_files(tmp_path: Path, name: str) -> None:
    data, status, rule, words = GENERATED[name]
    result = run_cli("validate", str(write(tmp_path, name, data)))
    assert_clean(result)
    assert result.returncode == status, result.stdout
    assert f"[{rule}]" in result.stdout
    assert words in result.stdout


def test_a_10_mb_file_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    with open(path, "wb") as out:
        out.write(b"title = \"")
        out.write(b"x" * (10 * 1024 * 1024))
        out.write(b"\"\n")
    result = run_cli("validate", str(path))
    assert_clean(result)
    assert result.returncode == 2
    assert "[too_large]" in result.stdout
    assert "at most 8,388,608 bytes" in result.stdout


def test_a_directory_given_as_a_file(tmp_path: Path) -> None:
    result = run_cli("validate", str(tmp_path))
    assert_clean(result)
    assert result.returncode == 2
    assert "this is a directory" in result.stdout


def test_a_missing_file(tmp_path: Path) -> None:
    result = run_cli("validate", str(tmp_path / "nowhere.toml"))
    assert_clean(result)
    assert result.returncode == 2
    assert "there is no such file" in result.stdout


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_not_read(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.toml"
    os.mkfifo(pipe)
    result = run_cli("validate", str(pipe))  # must not block waiting for a writer
    assert result.returncode == 2
    assert "not a regular file" in result.stdout


def test_an_oversized_map(tmp_path: Path) -> None:
    row_paths, row_cells = "\u2500" * 129, "@" + "." * 127 + ">"
    text = ('format_version = 1\nkind = "challenge"\ntitle = "Wide"\n[[levels]]\nid = "wide"\n'
            f'paths = """\n{row_paths}\n"""\ncells = """\n{row_cells}\n"""\n')
    path = tmp_path / "wide.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("validate", str(path))
    assert_clean(result)
    assert result.returncode == 1
    assert "[size_limit]" in result.stdout
    assert "129 cells wide" in result.stdout


def test_too_many_levels_and_too_long_a_story(tmp_path: Path) -> None:
    level = '[[levels]]\nid = "l{n}"\nstory = "{story}"\npaths = "\u2576\u2574"\ncells = "@>"\n'
    text = 'format_version = 1\nkind = "campaign"\ntitle = "Long"\n' + "".join(
        level.format(n=n, story="s" * (20_001 if n == 0 else 1)) for n in range(51))
    path = tmp_path / "long.toml"
    path.write_text(text, encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 1
    assert "levels: lists 51 entries; the limit is 50" in result.stdout
    assert "levels[0].story: is 20,001 characters long; the limit is 20,000" in result.stdout


def test_several_files_exit_with_the_worst_status(tmp_path: Path) -> None:
    result = run_cli("validate", str(VALID[0]), str(INVALID / "no-start.toml"))
    assert result.returncode == 1
    result = run_cli("validate", str(VALID[0]), str(INVALID / "no-start.toml"), str(tmp_path))
    assert result.returncode == 2
    assert result.stdout.count(": valid") == 1


def test_json_report_lists_every_problem_with_its_place(tmp_path: Path) -> None:
    result = run_cli("validate", "--json", str(INVALID / "two-starts.toml"), str(tmp_path),
                     str(VALID[0]))
    assert_clean(result)
    assert result.returncode == 2
    report = json.loads(result.stdout)
    assert report["exit_code"] == 2
    statuses = [f["status"] for f in report["files"]]
    assert statuses == ["invalid", "unreadable", "valid"]
    problem = report["files"][0]["problems"][0]
    assert problem == {
        "file": str(INVALID / "two-starts.toml"), "level": "one", "row": 1, "col": 3,
        "severity": "error", "rule": "one_start",
        "message": "a second start: a level has exactly one, and the first is at row 1, col 1",
        "path": "$.levels[0].cells", "line": None, "column": None,
    }
    assert len(report["files"][2]["map_id"]) == 64


def test_json_report_gives_the_toml_line_and_column() -> None:
    result = run_cli("validate", "--json", str(INVALID / "bad-toml.toml"))
    problem = json.loads(result.stdout)["files"][0]["problems"][0]
    assert (problem["line"], problem["column"]) == (3, 28)
    assert problem["rule"] == "toml_syntax"


def test_terminal_escapes_in_a_file_are_not_passed_to_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "escape.toml"
    path.write_text('format_version = 1\nkind = "challenge"\ntitle = "x"\n'
                    '[[levels]]\nid = "one"\npaths = "\u2576\u2574"\ncells = "@\\u001b"\n',
                    encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 1
    assert "\x1b" not in result.stdout
    assert "U+001B" in result.stdout


def test_validate_needs_at_least_one_file() -> None:
    result = run_cli("validate")
    assert result.returncode == 2
    assert "usage: cardrogue validate" in result.stderr


def test_a_file_without_a_schema_line_gets_a_warning(tmp_path: Path) -> None:
    text = (VALID[0].parent / "minimal.toml").read_text(encoding="utf-8")
    path = tmp_path / "bare.toml"
    path.write_text(text.split("\n", 1)[1], encoding="utf-8")
    result = run_cli("validate", str(path))
    assert result.returncode == 0
    assert "warning [schema_line] (line 1)" in result.stdout
