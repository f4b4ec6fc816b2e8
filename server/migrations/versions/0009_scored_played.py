"""Entries in points keep how their delve was played (difficulty and Dungeon Keys), so a daily
board, which mixes them, can say it.

Revision ID: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs on both databases (see 0004).
    op.add_column("scored_entries", sa.Column("difficulty", sa.String(16)))
    op.add_column("scored_entries", sa.Column("dungeon_keys", sa.Boolean))
    # Entries made before this: read from their run as submitted (a verified run's document
    # was read by the replay, so it holds both).
    conn = op.get_bind()
    scored = sa.table("scored_entries", sa.column("id", sa.BigInteger),
                      sa.column("run_id", sa.BigInteger), sa.column("difficulty", sa.String),
                      sa.column("dungeon_keys", sa.Boolean))
    runs = sa.table("runs", sa.column("id", sa.BigInteger), sa.column("document", sa.JSON))
    for entry, document in conn.execute(sa.select(scored.c.id, runs.c.document).join(
            runs, runs.c.id == scored.c.run_id)).all():
        difficulty = document.get("difficulty") if isinstance(document, dict) else None
        keys = document.get("dungeon_keys") if isinstance(document, dict) else None
        conn.execute(sa.update(scored).where(scored.c.id == entry).values(
            difficulty=difficulty if isinstance(difficulty, str) else None,
            dungeon_keys=keys if isinstance(keys, bool) else None))


def downgrade() -> None:
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE scored_entries DROP COLUMN dungeon_keys")
    op.execute("ALTER TABLE scored_entries DROP COLUMN difficulty")
