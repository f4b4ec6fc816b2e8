"""The import contracts in pyproject.toml ([tool.importlinter]) hold, checked by `lint-imports`:
engine.core names no game and no app, every game's rules form layers with no exceptions, the games
are independent of each other (in the engine and in app/games), the app imports no module inside
an engine package, and the engine never imports textual, rich or the app."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    # --no-cache: the graph is built from the files as they are, never from an older run.
    return subprocess.run([str(LINT_IMPORTS), "--no-cache"], cwd=root, capture_output=True,
                          text=True, timeout=120)


def test_the_import_contracts_hold():
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_upward_import_hidden_in_a_function_breaks_the_layers(tmp_path):
    """A function-local import does not hide a cycle: the contract sees it, names the two
    modules, and fails."""
    shutil.copytree(ROOT / "engine", tmp_path / "engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    characters = tmp_path / "engine" / "cardrogue" / "characters.py"
    characters.write_text(characters.read_text("utf-8") + (
        "\n\ndef _reaches_up():\n"
        "    from engine.cardrogue import combat\n"
        "    return combat\n"), "utf-8")
    result = lint_imports(tmp_path)
    assert result.returncode != 0
    assert ("engine.cardrogue.characters is not allowed to import engine.cardrogue.combat"
            in result.stdout), result.stdout + result.stderr


def _copy_of(packages: list[str], tmp_path: Path) -> Path:
    for name in packages:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_a_game_that_imports_another_game_breaks_their_independence(tmp_path):
    root = _copy_of(["engine"], tmp_path)
    loot = root / "engine" / "roguelike" / "loot.py"
    loot.write_text(loot.read_text("utf-8") + "\nfrom engine.minirogue import tables  # noqa\n",
                    "utf-8")
    result = lint_imports(root)
    assert result.returncode != 0
    assert "engine.roguelike is not allowed to import engine.minirogue" in result.stdout, (
        result.stdout + result.stderr)


def test_the_app_may_not_import_any_module_inside_a_game_not_even_a_new_one(tmp_path):
    """The list is a wildcard: a module added to a game tomorrow is covered today."""
    root = _copy_of(["engine", "app"], tmp_path)
    (root / "engine" / "tabledungeon" / "brand_new.py").write_text('"""New."""\n', "utf-8")
    (root / "app" / "reaches_in.py").write_text("import engine.tabledungeon.brand_new  # noqa\n",
                                                "utf-8")
    result = lint_imports(root)
    assert result.returncode != 0
    assert "app.reaches_in -> engine.tabledungeon.brand_new" in result.stdout, (
        result.stdout + result.stderr)


def test_a_new_module_in_a_game_must_be_given_its_layer(tmp_path):
    root = _copy_of(["engine"], tmp_path)
    (root / "engine" / "roguelike" / "brand_new.py").write_text('"""New."""\n', "utf-8")
    result = lint_imports(root)
    assert result.returncode != 0
    assert "engine.roguelike.brand_new" in result.stdout, result.stdout + result.stderr


def test_a_game_added_later_is_independent_of_the_others_without_naming_it(tmp_path):
    """The independence contracts list the games by wildcard: a new game's rules and screens
    that reach into another game's are refused with no line of pyproject.toml changed."""
    root = _copy_of(["engine", "app"], tmp_path)
    for parent in (root / "engine" / "newgame", root / "app" / "games" / "newgame"):
        parent.mkdir()
        (parent / "__init__.py").write_text('"""A new game."""\n', "utf-8")
    (root / "engine" / "newgame" / "rules.py").write_text(
        "from engine.minirogue import tables  # noqa\n", "utf-8")
    (root / "app" / "games" / "newgame" / "screen.py").write_text(
        "import app.games.minirogue.words  # noqa\n", "utf-8")
    result = lint_imports(root)
    assert result.returncode != 0
    assert "engine.newgame is not allowed to import engine.minirogue" in result.stdout, (
        result.stdout + result.stderr)
    assert "app.games.newgame is not allowed to import app.games.minirogue" in result.stdout, (
        result.stdout + result.stderr)


def test_engine_core_imports_no_game_not_even_one_added_later(tmp_path):
    root = _copy_of(["engine"], tmp_path)
    (root / "engine" / "newgame").mkdir()
    (root / "engine" / "newgame" / "__init__.py").write_text('"""A new game."""\n', "utf-8")
    dice = root / "engine" / "core" / "dice.py"
    dice.write_text(dice.read_text("utf-8") + "\nimport engine.newgame  # noqa\n", "utf-8")
    result = lint_imports(root)
    assert result.returncode != 0
    assert "engine.core.dice -> engine.newgame" in result.stdout, result.stdout + result.stderr
