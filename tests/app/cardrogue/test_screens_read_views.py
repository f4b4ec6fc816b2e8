"""Card Rogue's screens and widgets draw the engine's view and ask the session, which owns the
live game (issue 31): none of them reads the game itself or names the engine's State."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CARDROGUE = Path(__file__).resolve().parents[3] / "app" / "games" / "cardrogue"
DRAWING = sorted([*CARDROGUE.glob("screens/*.py"), *CARDROGUE.glob("widgets/*.py"),
                  CARDROGUE / "around.py", CARDROGUE / "tips.py"])


def live_reads(source: str) -> list[str]:
    """Where `source` reads a live game: `.game` on anything, or the name State."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "game":
            found.append(f"line {node.lineno}: .game")
        elif isinstance(node, ast.Name) and node.id == "State":
            found.append(f"line {node.lineno}: State")
        elif isinstance(node, ast.ImportFrom) and any(a.name == "State" for a in node.names):
            found.append(f"line {node.lineno}: imports State")
    return found


def test_the_check_finds_a_live_read():
    source = "from engine.cardrogue import State\ndef f(screen):\n    return screen.game.turn\n"
    assert live_reads(source) == ["line 1: imports State", "line 3: .game"]


@pytest.mark.parametrize("path", DRAWING, ids=lambda path: path.relative_to(CARDROGUE).as_posix())
def test_a_screen_draws_the_view_not_the_live_game(path: Path):
    assert live_reads(path.read_text(encoding="utf-8")) == []
