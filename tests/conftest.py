"""Settings shared by every test."""

import gc
import os
import sys
import tempfile
from collections.abc import Iterator

import pytest
from hypothesis import settings

from services import clock
from tests import hypothesis_profiles, support

# No animations, so screenshots and timings don't depend on when a frame is taken. Set here for
# child processes (the real `cardrogue` in tmux); in-process apps set `animation_level` directly,
# because the snapshot plugin imports Textual, which reads this variable, before conftest runs.
os.environ["TEXTUAL_ANIMATIONS"] = "none"

# pytest-xdist's workers have LINES=24 and COLUMNS=80 in their environment, which a program
# they start (the real `cardrogue` in tmux, the command line's output) takes for its terminal's
# size: without them, every test sees the same terminal with or without workers.
for name in ("LINES", "COLUMNS"):
    os.environ.pop(name, None)

# Bytecode caches on, for this process, the xdist workers it starts and every program they run.
# With PYTHONDONTWRITEBYTECODE set (this machine sets it), each of the 4 workers rewrote the
# asserts of every test module and compiled every module again: collection took 46 s a worker
# instead of 19 s (`pytest --collect-only`, measured on a loaded machine).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# Temporary files in memory, where the machine has a writable tmpfs and nobody chose TMPDIR: for
# this process, its workers (pytest's tmp_path) and every program they start. This machine's disk
# takes about 3.7 ms to write and read back a small file, /dev/shm 0.09 ms, and the suite writes
# thousands (maps, saves, run files, SQLite databases). Each test still gets its own folder.
def _temporary_files_in_memory() -> None:
    shm = "/dev/shm"
    if "TMPDIR" in os.environ or not (os.path.isdir(shm) and os.access(shm, os.W_OK)):
        return
    root = os.path.join(shm, f"cardrogue-tests-{os.getuid()}")
    os.makedirs(root, exist_ok=True)
    os.chmod(root, 0o755)  # PostgreSQL's test clusters run as `postgres` beneath it
    os.environ["TMPDIR"] = root
    tempfile.tempdir = None  # asked again on next use


_temporary_files_in_memory()

# Fewer garbage collections in each test process. A test's app lives through many collections
# of the young generations, so it reaches the oldest one, and Python then ran a full collection
# about once a test: a third of the app tests' CPU went to it. Measured on a quiet machine,
# test_classic.py and test_play.py in one process: 106.5 s of CPU with the default thresholds,
# 71.6 s with these (7.3 s of it in collections against 30.2 s), the peak memory 240 MB against
# 166 MB. Programs the tests start keep Python's defaults.
gc.set_threshold(10_000, 50, 100)

# Every app a worker starts shares one parse of each stylesheet (see the function): about a tenth
# of each app's start, and the suite starts about a thousand apps.
support.parse_each_stylesheet_once()

# The live community server fixture (`server`) for the clients' tests, wherever they are.
pytest_plugins = ("tests.server.live",)



@pytest.fixture
def steady_clock() -> Iterator[None]:
    """The one clock held at the time the test starts: the real date (or faketime's), but a
    test that straddles midnight still sees one day from start to end."""
    with clock.frozen(clock.now()):
        yield


hypothesis_profiles.register()
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items: list) -> None:
    """Mark as slow every property test (Hypothesis) and every browser test, so that
    `-m "not slow"` gives the quick loop; solver modules mark themselves."""
    for item in items:
        function = getattr(item, "function", None)
        if getattr(function, "is_hypothesis_test", False) or "tests/web/" in item.nodeid:
            item.add_marker(pytest.mark.slow)
