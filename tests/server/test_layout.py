"""The server's place in the layout: headless (no Textual, Rich or app), and the rules of the
game reached through server/verification.py alone, so the game registry can take its place."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import server

ROOT = Path(server.__file__).parent


def server_modules() -> list[str]:
    return ["server"] + [info.name for info in pkgutil.walk_packages([str(ROOT)], "server.")
                         if ".migrations" not in info.name]


def test_no_server_module_pulls_in_textual_rich_or_the_app() -> None:
    assert {"server.app", "server.store", "server.verification", "server.queue"} <= set(
        server_modules())
    code = (
        "import importlib, sys\n"
        f"for name in {server_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(','.join(sorted(m for m in sys.modules\n"
        "                      if m.split('.')[0] in ('textual', 'rich', 'app'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT.parent, check=True)
    assert result.stdout.strip() == ""


def imported(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_only_verification_knows_the_game() -> None:
    knowing = sorted(path.name for path in ROOT.glob("*.py")
                     if any(name.startswith("engine.") and not name.startswith("engine.core.")
                            for name in imported(path)))
    assert knowing == ["verification.py"]
