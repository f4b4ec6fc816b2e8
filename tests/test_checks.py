"""The static checks are part of the test command: ruff and mypy, configured in pyproject.toml,
must report nothing on the project. A failure shows their own report."""

import fcntl
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def _mypy_cache() -> Path:
    """mypy's incremental cache, in the user's cache folder (as `.ci/run` keeps the proved pars),
    not in the clone: mypy compares each file's hash with what it cached, whatever folder the
    file was in then, so a clean clone rechecks only what differs from the last check on this
    machine. A cold check cost 14.7 s of CPU in a run of the suite, a warm one 0.4 s."""
    root = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return root / "cardrogue-tests" / "mypy"


def test_mypy_finds_nothing(tmp_path: Path) -> None:
    cache = _mypy_cache()
    try:
        cache.mkdir(parents=True, exist_ok=True)
    except OSError:
        cache = tmp_path  # no writable cache folder: a full check
    # mypy does not lock its cache: two runs on this machine (two clones) take turns.
    with (cache / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        result = _run("mypy", "--cache-dir", str(cache))  # the files come from pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_holds_the_engine_to_strict(tmp_path: Path) -> None:
    """A loosely typed engine module fails; the same module outside the engine passes (only the
    engine is strict), so the override in pyproject.toml is what makes the difference."""
    loose = (
        "from typing import Any\n\n\n"
        "def untyped(x):\n    return x\n\n\n"
        "def bare_generic(items: list) -> None:\n    pass\n\n\n"
        "def leaks_any(data: dict[str, Any]) -> int:\n    return data['n']\n"
    )
    for package in ("engine", "elsewhere"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("", "utf-8")
        (tmp_path / package / "loose.py").write_text(loose, "utf-8")

    def check(package: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(REPO / "pyproject.toml"),
             "--no-incremental", "-p", package], cwd=tmp_path, capture_output=True, text=True,
            timeout=120)

    strict = check("engine")
    assert strict.returncode != 0
    for code in ("no-untyped-def", "type-arg", "no-any-return"):
        assert f"[{code}]" in strict.stdout, strict.stdout + strict.stderr
    assert check("elsewhere").returncode == 0, "only the engine is held to strict"
