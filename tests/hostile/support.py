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
MINIMAL_MAP = REPO / "tests" / "maps" / "fixtures" / "valid" / "minimal.toml"
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
