"""How the test suite is laid out: helpers that several test modules use live in support modules
(`support.py`, `terminal.py`, ...) or in a conftest.py as fixtures, never in a test module that
others import. Importing a test module runs its module-level code a second time under another
name, hands its tests to the importer's namespace, and ties one file's tests to another's."""

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def is_test_module(dotted: str) -> bool:
    """A test module of ours: under tests/, or a bare `test_*` (another package's own, such
    as aiohttp.test_utils, is a library module like any other)."""
    parts = dotted.lstrip(".").split(".")
    ours = dotted.startswith(".") or parts[0] == "tests" or len(parts) == 1
    return ours and any(part.startswith("test_") for part in parts)


def imported_test_modules(path: Path) -> list[str]:
    """Each import of a `test_*` module in a file (top level or inside a function), as
    "line: name"."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: {alias.name}" for alias in node.names
                      if is_test_module(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if is_test_module(module):
                found.append(f"{node.lineno}: {module}")
            else:  # `from tests.app import test_play`
                found += [f"{node.lineno}: {module}.{alias.name}" for alias in node.names
                          if is_test_module(f"{module}.{alias.name}")]
    return found


def test_no_test_module_imports_another() -> None:
    offenders = [f"{path.relative_to(TESTS.parent)}:{line}"
                 for path in sorted(TESTS.rglob("*.py")) for line in imported_test_modules(path)]
    assert not offenders, "test modules imported (move the helper to a support module or a " \
        "conftest.py fixture):\n" + "\n".join(offenders)


# ---------------------------------------------------------------------- module size

ROOT = TESTS.parent
PRODUCT_FOLDERS = ("engine", "services", "server", "app")
MAX_MODULE_LINES = 600  # issue 31: past this a module holds more than one idea


def module_lines() -> dict[str, int]:
    """Each product module (path from the repository's root) and its number of lines."""
    return {path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
            for folder in PRODUCT_FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))}


def test_no_module_is_over_600_lines() -> None:
    over = [f"{name}: {count}" for name, count in module_lines().items()
            if count > MAX_MODULE_LINES]
    assert not over, f"modules over {MAX_MODULE_LINES} lines (split each along its seams):\n" \
        + "\n".join(over)

