"""The services are headless: the command line, the app and the server share them, so importing
every one of them must not pull in Textual or Rich."""

import pkgutil
import subprocess
import sys
from pathlib import Path

import services

ROOT = Path(services.__file__).parent


def service_modules() -> list[str]:
    return ["services"] + [info.name for info in pkgutil.walk_packages([str(ROOT)], "services.")]


def test_there_are_services_to_check():
    assert {"services.library", "services.scores", "services.runfiles", "services.paths"} <= set(
        service_modules())


def test_no_service_pulls_in_textual_or_rich():
    code = (
        "import importlib, sys\n"
        f"for name in {service_modules()!r}:\n"
        "    importlib.import_module(name)\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=ROOT.parent, check=True)
    assert result.stdout.strip() == ""
