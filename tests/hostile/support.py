"""The real `cardrogue` command in a child process with a memory ceiling, for hostile input.

The child's address space is capped with RLIMIT_AS, so an input that makes a reader allocate
without bound fails its test (MemoryError, or a kill) instead of taking the machine down; the
timeout does the same for an input that would hang.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

CARDROGUE = Path(sys.executable).parent / "cardrogue"
REPO = Path(__file__).resolve().parents[2]
MINIMAL_MAP = REPO / "tests" / "engine" / "cardrogue" / "maps" / "fixtures" / "valid" / "minimal.toml"
# Python, jsonschema and the engine reserve about 300 MB of address space; the largest valid
# map needs well under 200 MB more.
MEMORY_LIMIT = 1024 * 1024 * 1024
TIMEOUT = 120  # a generous ceiling for a hang, never a measured time


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_cardrogue(*args: str | os.PathLike[str], data_dir: Path | None = None,
                  env: dict[str, str] | None = None, stdin: int | None = subprocess.DEVNULL,
                  ) -> subprocess.CompletedProcess[str]:
    """`cardrogue ARGS...` with the memory ceiling; data_dir becomes CARDROGUE_DATA_DIR."""
    child_env = {**os.environ, **(env or {})}
    if data_dir is not None:
        child_env["CARDROGUE_DATA_DIR"] = str(data_dir)
    return subprocess.run([str(CARDROGUE), *map(str, args)], capture_output=True, text=True,
                          errors="backslashreplace", timeout=TIMEOUT, check=False,
                          env=child_env, stdin=stdin, preexec_fn=_limit_memory)


def assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    """No traceback, no Python error name, and not the CLI's last-resort line."""
    both = result.stdout + result.stderr
    assert "Traceback" not in both, both[-2000:]
    assert "MemoryError" not in both, both[-2000:]
    assert "cardrogue: error:" not in both, both[-2000:]
    assert result.returncode >= 0, f"killed by signal {-result.returncode}"


def minimal_map_text() -> str:
    return MINIMAL_MAP.read_text(encoding="utf-8")


# ---------------------------------------------------------------------- hostile map files
# The CLI's validate refuses each, within the memory ceiling (test_map_files); the library and
# the app list them as broken without reading them twice (test_map_index, test_hostile_names).

BASE = minimal_map_text()


def with_title(extra: str) -> str:
    return BASE.replace('title = "Two Steps"', 'title = "Two Steps"\n' + extra)


# name -> (file text, exit status, rule, words in the message)
CORPUS = {
    # tomllib is quadratic on these: 24 GB for the first before the guard
    "dotted-key.toml": (BASE + ".".join(["a"] * 100_000) + " = 1\n", 2, "key_too_deep",
                        "more than 8 dotted parts"),
    "table-header.toml": (BASE + "[" + ".".join(["a"] * 100_000) + "]\n", 2, "key_too_deep",
                          "more than 8 dotted parts"),
    "many-tables.toml": (BASE + "".join(f"[t{i}]\n" for i in range(210_000)), 2,
                         "too_many_tables", "more than 200,000 tables"),
    "deep-array.toml": (with_title("x = " + "[" * 20_000 + "]" * 20_000), 2, "too_deep",
                        "nested more than 32 deep"),
    # Python will not print an int of over 4,300 digits
    "long-decimal.toml": (with_title("seed = " + "9" * 5000), 2, "too_long_word",
                          "5,000 characters"),
    "hex-seed.toml": (with_title("seed = 0x" + "f" * 3600), 2, "too_long_word",
                      "3,602 characters"),
    "hex-version.toml": (BASE.replace("format_version = 1", "format_version = 0x" + "f" * 3600),
                         2, "too_long_word", "3,602 characters"),
    "fraction-version.toml": (BASE.replace("format_version = 1", "format_version = 1.0"), 1,
                              "format_version", "expected a whole number"),
    # a charmap that marks "no character" with U+FFFE
    "fffe-cell.toml": (BASE.replace("@.>", "@\ufffe>"), 1, "unknown_glyph", "U+FFFE"),
    "fffe-glyph.toml": (BASE.replace("@.>", "@\ufffe>") + '\n[levels.legend]\n"\ufffe" = "goblin"\n',
                        1, "bad_glyph", "U+FFFE cannot be a legend glyph"),
    "bidi-title.toml": (BASE.replace("Two Steps", "Two \u202eSteps"), 1, "bidi_control",
                        "U+202E"),
    "bidi-story.toml": (BASE.replace('id = "only"', 'id = "only"\nstory = "a\u2067b"'), 1,
                        "bidi_control", "U+2067"),
    "combining-glyph.toml": (BASE.replace("@.>", "@\u0301>") + '\n[levels.legend]\n"\u0301" = "goblin"\n',
                             1, "bad_glyph", "combining mark"),
    "zero-width-glyph.toml": (BASE.replace("@.>", "@\u200b>") + '\n[levels.legend]\n"\u200b" = "goblin"\n',
                              1, "bad_glyph", "invisible"),
    "c1-in-grid.toml": (BASE.replace("@.>", "@\u009b>"), 1, "unknown_glyph", "U+009B"),
}
