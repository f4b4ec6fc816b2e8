"""The map package costs the game's startup nothing: jsonschema and tomli-w load only when used,
and nothing here pulls in Textual or Rich."""

from __future__ import annotations

import subprocess
import sys

from tests.engine.cardrogue.maps.support import REPO, VALID

HEAVY = ("jsonschema", "tomli_w", "textual", "rich")


def modules_after(code: str) -> set[str]:
    probe = code + "\nimport sys\nprint(' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=60, check=True, cwd=REPO)
    return set(result.stdout.split())


def test_importing_the_map_package_and_the_cli_loads_no_heavy_module() -> None:
    loaded = modules_after(
        "import contextlib, io\n"
        "import engine.cardrogue.maps\n"
        "from app.cli.cardrogue import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['--version'])\n")
    assert not loaded & set(HEAVY), loaded & set(HEAVY)


def test_validating_loads_jsonschema_but_still_not_textual() -> None:
    loaded = modules_after(
        "import contextlib, io\n"
        "from app.cli.cardrogue import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['validate', {str(VALID[0])!r}]) == 0\n")
    assert "jsonschema" in loaded
    assert not loaded & {"textual", "rich", "tomli_w"}
