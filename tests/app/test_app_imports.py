"""The app imports engine packages, never the modules inside them, and never a rules module.

Views draw what the engine says (`State.view`); the rules stay private to their package, so they
can be rearranged without touching the app. Every import in every module under app/ is read from
its source (function-local and type-checking imports included), without running anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "app"

# The engine packages the app may import from, and nothing below them.
# The registry (engine.games) is public too: the app dispatches runs by their game through it.
PACKAGES = ("engine.core", "engine.games", "engine.cardrogue", "engine.cardrogue.maps",
            "engine.minirogue", "engine.tabledungeon", "engine.roguelike")
# Card Rogue's rules, by the rulebook's sections: never the app's business.
RULES = ("turn", "combat", "effects", "tiles", "items", "characters", "goals", "players",
         "exceptional", "catacomb")


def is_module(dotted: str) -> bool:
    """Whether `dotted` names a module or package of ours (a file or a folder on disk)."""
    path = REPO.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def imported(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, dotted name) for each module an import statement brings in: `from p import m`
    names p.m when m is a module, p otherwise."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            subs = [f"{node.module}.{a.name}" for a in node.names
                    if is_module(f"{node.module}.{a.name}")]
            out.extend((node.lineno, name) for name in subs)
            if len(subs) < len(node.names):
                out.append((node.lineno, node.module))
    return out


def refusal(name: str) -> str | None:
    """Why the app may not import `name`, or None if it may."""
    if name != "engine" and not name.startswith("engine."):
        return None
    if name.split(".")[-1] in RULES and name.startswith("engine.cardrogue."):
        return "a Card Rogue rules module"
    if name not in PACKAGES:
        return f"an engine module below package level (import from {', '.join(PACKAGES)})"
    return None


def problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    where = path.relative_to(REPO)
    return [f"{where}:{line} imports {name}: {why}" for line, name in imported(tree)
            if (why := refusal(name)) is not None]


def test_no_app_module_imports_an_engine_module_or_a_rules_module():
    found = [problem for path in sorted(APP.rglob("*.py")) for problem in problems(path)]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize(("source", "expected"), [
    ("from engine.cardrogue import State, View", []),
    ("from engine.cardrogue.maps import load_map", []),
    ("from engine.cardrogue import maps", []),
    ("from engine.core import Action", []),
    ("import json\nfrom rich.text import Text", []),
    ("from engine.cardrogue import tiles", [("engine.cardrogue.tiles", "rules")]),
    ("def f():\n    from engine.cardrogue.players import can_trade",
     [("engine.cardrogue.players", "rules")]),
    ("from engine.cardrogue import State, characters", [("engine.cardrogue.characters", "rules")]),
    ("from engine.cardrogue.state import State", [("engine.cardrogue.state", "below")]),
    ("import engine.core.runs", [("engine.core.runs", "below")]),
    ("from engine.cardrogue.maps.lint import FIXED_TILES",
     [("engine.cardrogue.maps.lint", "below")]),
])
def test_the_scan_names_each_forbidden_import(source, expected):
    """The scan itself, on small sources: what it lets through, and what it names and why."""
    named = [(name, why) for _, name in imported(ast.parse(source))
             if (why := refusal(name)) is not None]
    kinds = [(name, "rules" if why == "a Card Rogue rules module" else "below")
             for name, why in named]
    assert kinds == expected
    assert all("below package level" in why for _, why in named
               if why != "a Card Rogue rules module")


# ---------------------------------------------------------------------- the shell and the games

GAMES = APP / "games"
CLI = APP / "cli"


def game_of(name: str) -> str | None:
    """The game whose app package `name` is in (app.games.<game>...), or None."""
    parts = name.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["app", "games"] else None


def test_the_shell_names_no_game():
    """The shell (app/ outside app/games and app/cli) imports no game's app modules: it reaches
    the games only through the registry (app/registry.py)."""
    shell = [path for path in sorted(APP.rglob("*.py"))
             if GAMES not in path.parents and CLI not in path.parents]
    found = [f"{path.relative_to(REPO)}:{line} imports {name}" for path in shell
             for line, name in imported(ast.parse(path.read_text(encoding="utf-8")))
             if game_of(name) is not None]
    assert found == [], "\n".join(found)


def test_a_game_imports_no_other_game_s_app_modules():
    """What the games share lives in the shell, not in one of them."""
    found = [f"{path.relative_to(REPO)}:{line} imports {name}"
             for path in sorted(GAMES.rglob("*.py"))
             for line, name in imported(ast.parse(path.read_text(encoding="utf-8")))
             if game_of(name) not in (None, path.relative_to(GAMES).parts[0])]
    assert found == [], "\n".join(found)
