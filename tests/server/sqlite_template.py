"""Fresh SQLite server databases at the newest revision, each a copy of one file migrated once
per test process (per xdist worker) in that process's own temporary folder: running the
migrations costs about ten times what connecting to a migrated database does.

    url = migrated_sqlite(tmp_path / "server.db", tmp_path_factory)
"""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest

from server.db import connect


@functools.cache
def _template(folder: Path) -> Path:
    path = folder / "migrated-template" / "server.db"
    path.parent.mkdir()
    engine = connect(f"sqlite:///{path}")
    try:
        with engine.connect() as conn:  # every page into the main file
            conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        engine.dispose()
    # The last connection closed removes the WAL files: the main file alone is the database.
    left = [side.name for side in path.parent.iterdir() if side != path]
    assert not left, f"the template is more than its file: {left}"
    return path


def migrated_sqlite(path: Path, factory: pytest.TempPathFactory) -> str:
    """The URL of a new database file at `path`, already at the newest revision."""
    shutil.copyfile(_template(factory.getbasetemp()), path)
    return f"sqlite:///{path}"
