"""The engine is pure: no engine module imports Textual or Rich."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import engine

pytestmark = pytest.mark.clock

ROOT = Path(engine.__file__).parent


def engine_modules() -> list[str]:
    names = ["engine"]
    for info in pkgutil.walk_packages([str(ROOT)], prefix="engine."):
        names.append(info.name)
    return names


def test_engine_has_modules_to_check():
    assert {"engine.core.dice", "engine.cardrogue.combat", "engine.cardrogue.state"} <= set(engine_modules())


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
    """No true division and no float literals in the rules (the dice, the protocol, and every
    rulebook section): rules arithmetic is integers only. File handling (maps/) may use
    pathlib's `/`, so it is not part of this check."""
    import ast

    rules = [ROOT / "core" / "dice.py", ROOT / "core" / "protocol.py"]
    rules += list((ROOT / "cardrogue").glob("*.py"))
    assert len(rules) > 10
    for path in rules:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.BinOp, ast.AugAssign)):
                assert not isinstance(node.op, ast.Div), f"{path}:{node.lineno} uses /"
            if isinstance(node, ast.Constant):
                assert not isinstance(node.value, float), f"{path}:{node.lineno} has a float"


def test_core_names_no_game():
    """engine/core is what every game shares: it imports no game package and names none (a
    game's name, its directions or its setup belong in the game's own package)."""
    import ast

    game_packages = {path.name for path in ROOT.iterdir()
                     if path.is_dir() and path.name not in ("core", "__pycache__")}
    assert "cardrogue" in game_packages
    for path in (ROOT / "core").glob("*.py"):
        text = path.read_text()
        for name in game_packages:
            assert name not in text.lower(), f"{path.name} names the game {name!r}"
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert node.module.split(".")[:2] != ["engine", "games"], path.name


# Run in a fresh interpreter: every way of reading the clock raises before the engine is
# imported, then each registered game is played, recorded and verified. The error is a
# BaseException so that no `except Exception` in the engine can swallow it.
NO_CLOCK = r'''
import datetime, random, sys, time

reads = []

class ClockRead(BaseException):
    pass

def refuse(*args, **kwargs):
    import traceback
    reads.append("".join(traceback.format_stack(limit=6)))
    raise ClockRead("the engine read the clock")

for name in ("time", "time_ns", "monotonic", "monotonic_ns", "perf_counter", "perf_counter_ns",
             "process_time", "localtime", "gmtime", "ctime", "asctime"):
    setattr(time, name, refuse)

class Datetime(datetime.datetime):
    now = classmethod(refuse)
    utcnow = classmethod(refuse)
    today = classmethod(refuse)

class Date(datetime.date):
    today = classmethod(refuse)

datetime.datetime, datetime.date = Datetime, Date

from engine import games

played = []
for name in games.names():
    rules = games.load(name)
    for options in rules.sample_options():
        state = rules.new_game(**options)
        chooser = random.Random(7)
        for _ in range(300):
            if state.is_over:
                break
            state.apply(chooser.choice(list(state.legal_actions())))
        state.view(0)
        run = rules.record(state, player="Ann")
        context = {k: v for k, v in options.items() if k != "seed"}
        rules.verify(run, **context)
        played.append(name)
print(sorted(set(played)))
print(len(reads))
sys.stdout.flush()
'''


def test_the_engine_reads_no_clock_while_every_game_plays_records_and_verifies():
    from engine import games

    result = subprocess.run([sys.executable, "-c", NO_CLOCK], capture_output=True, text=True,
                            cwd=ROOT.parent, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    played, reads = result.stdout.splitlines()[-2:]
    assert played == str(sorted(games.names()))
    assert reads == "0"


def test_no_engine_module_names_a_clock():
    """The source side of the same rule: no engine module imports `time` or asks
    `datetime` for now or today (dates reach the engine as arguments)."""
    import ast

    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                assert all(alias.name != "time" for alias in node.names), f"{path} imports time"
            if isinstance(node, ast.ImportFrom):
                assert node.module != "time", f"{path} imports from time"
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("now", "utcnow", "today"), \
                    f"{path}:{node.lineno} asks for .{node.attr}"
