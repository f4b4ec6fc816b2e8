"""The engine packages export what the app needs by name; the slower modules behind some of
those names load only when a name is first used, so a program that never needs them (the app's
start) does not pay for them."""

from __future__ import annotations

import subprocess
import sys

import pytest

import engine.cardrogue
import engine.cardrogue.maps
import engine.core


def loaded_after(code: str) -> set[str]:
    """The engine modules a fresh interpreter has loaded after running `code`."""
    script = f"import sys\n{code}\nprint(' '.join(m for m in sys.modules if m.startswith('engine')))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout
    return set(out.split())


def test_importing_the_core_leaves_runs_files_and_toml_for_later():
    loaded = loaded_after("import engine.core")
    assert {"engine.core.protocol", "engine.core.safe_text"} <= loaded
    assert not loaded & {"engine.core.runs", "engine.core.files", "engine.core.toml_guard"}
    assert "engine.core.runs" in loaded_after("from engine.core import RunError")


def test_the_solver_and_run_records_load_on_first_use():
    loaded = loaded_after("import engine.cardrogue")
    assert "engine.cardrogue.state" in loaded
    assert not loaded & {"engine.cardrogue.solver", "engine.cardrogue.runs"}
    assert "engine.cardrogue.solver" in loaded_after("from engine.cardrogue import search")


def test_a_lazy_name_is_the_modules_own_value():
    from engine.cardrogue import runs, solver
    from engine.core import runs as core_runs
    from engine.core import toml_guard

    assert engine.cardrogue.record_run is runs.record
    assert engine.cardrogue.Search is solver.Search
    assert engine.core.read_document is core_runs.read_document
    assert engine.cardrogue.read_run is runs.read_run
    assert engine.core.loads_toml is toml_guard.loads


@pytest.mark.parametrize("package", [engine.core, engine.cardrogue, engine.cardrogue.maps])
def test_every_exported_name_exists_and_an_unknown_one_is_refused(package):
    for name in package.__all__:
        assert getattr(package, name) is not None, name
    with pytest.raises(AttributeError, match="has no attribute 'no_such_name'"):
        package.no_such_name  # noqa: B018 - the lookup is the test
