"""The static checks are part of the test command: ruff and mypy, configured in pyproject.toml,
must report nothing on the project. A failure shows their own report."""

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True,
                          text=True, timeout=600)


def test_ruff_finds_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing(request: pytest.FixtureRequest, tmp_path: Path) -> None:
    # mypy's incremental cache lives in pytest's cache, so a second run only rechecks what changed.
    # (-p no:cacheprovider turns that cache off: then a fresh folder, and a full check.)
    pytest_cache = getattr(request.config, "cache", None)
    cache = pytest_cache.mkdir("mypy") if pytest_cache is not None else tmp_path
    result = _run("mypy", "--cache-dir", str(cache))  # the files come from pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr
