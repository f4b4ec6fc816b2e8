"""Entries in points keep how their run was played as the run's setup (Run.setup(), as JSON),
for any game ranked in points, instead of Mini Rogue's own columns (difficulty and Dungeon Keys).

Revision ID: 0019
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

BATCH = 500  # entries read at once, so a large database is not read into memory


def _scored(*columns: sa.ColumnClause[Any]) -> sa.TableClause:
    return sa.table("scored_entries", sa.column("id", sa.BigInteger),
                    sa.column("run_id", sa.BigInteger), *columns)


def upgrade() -> None:
    from server.verification import document_setup

    # A plain ADD COLUMN on both databases (see 0004).
    op.add_column("scored_entries", sa.Column("setup", sa.JSON))
    # Each entry's setup from its run as submitted (verified, so the engine read it); an entry
    # whose run no longer reads keeps what its old columns said.
    conn = op.get_bind()
    scored = _scored(sa.column("difficulty", sa.String), sa.column("dungeon_keys", sa.Boolean),
                     sa.column("setup", sa.JSON))
    runs = sa.table("runs", sa.column("id", sa.BigInteger), sa.column("document", sa.JSON))
    last = 0
    while True:
        batch = conn.execute(sa.select(scored.c.id, scored.c.difficulty, scored.c.dungeon_keys,
                                       runs.c.document)
                             .join(runs, runs.c.id == scored.c.run_id)
                             .where(scored.c.id > last).order_by(scored.c.id).limit(BATCH)).all()
        if not batch:
            break
        for entry, difficulty, keys, document in batch:
            setup = document_setup(document)
            if setup is None:
                setup = {name: value for name, value in
                         (("difficulty", difficulty), ("dungeon_keys", keys))
                         if value is not None}
            conn.execute(sa.update(scored).where(scored.c.id == entry).values(setup=setup))
        last = batch[-1][0]
    op.execute("ALTER TABLE scored_entries DROP COLUMN dungeon_keys")
    op.execute("ALTER TABLE scored_entries DROP COLUMN difficulty")


def downgrade() -> None:
    op.add_column("scored_entries", sa.Column("difficulty", sa.String(16)))
    op.add_column("scored_entries", sa.Column("dungeon_keys", sa.Boolean))
    conn = op.get_bind()
    scored = _scored(sa.column("difficulty", sa.String), sa.column("dungeon_keys", sa.Boolean),
                     sa.column("setup", sa.JSON))
    for entry, setup in conn.execute(sa.select(scored.c.id, scored.c.setup)).all():
        setup = setup if isinstance(setup, dict) else {}
        difficulty, keys = setup.get("difficulty"), setup.get("dungeon_keys")
        conn.execute(sa.update(scored).where(scored.c.id == entry).values(
            difficulty=difficulty if isinstance(difficulty, str) else None,
            dungeon_keys=keys if isinstance(keys, bool) else None))
    op.execute("ALTER TABLE scored_entries DROP COLUMN setup")
