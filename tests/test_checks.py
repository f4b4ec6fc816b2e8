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
