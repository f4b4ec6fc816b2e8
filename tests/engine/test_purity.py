"""The engine is pure: no engine module imports Textual or Rich."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import engine

ROOT = Path(engine.__file__).parent


def engine_modules() -> list[str]:
    names = ["engine"]
    for info in pkgutil.walk_packages([str(ROOT)], prefix="engine."):
        names.append(info.name)
    return names


def test_engine_has_modules_to_check():
    assert {"engine.core.dice", "engine.cardrogue.combat", "engine.cardrogue.game"} <= set(engine_modules())


def test_no_engine_module_pulls_in_textual_or_rich():
    code = (
        "import importlib, sys\n"
        f"for name in {engine_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT.parent, check=True)
    assert result.stdout.strip() == ""


def test_engine_never_uses_pythons_random_module():
    for path in ROOT.rglob("*.py"):
        text = path.read_text()
        assert "import random" not in text and "from random" not in text, path


def test_rules_use_no_floats():
    """No true division and no float literals anywhere in the engine: rules are integers."""
    import ast

    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            assert not isinstance(node, ast.Div), f"{path}:{node.lineno} uses /"
            if isinstance(node, ast.Constant):
                assert not isinstance(node.value, float), f"{path}:{node.lineno} has a float"
