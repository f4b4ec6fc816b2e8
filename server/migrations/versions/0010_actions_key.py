"""Runs keep the key of their actions (verification.actions_key), so a run whose actions equal
an earlier verified run's on the same board is refused as copied_run in one lookup.

Revision ID: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from server.verification import document_actions_key

    # A plain ADD COLUMN on both databases (see 0004).
    op.add_column("runs", sa.Column("actions_key", sa.String(64)))
    # Runs verified before this get theirs from their document (verified, so the engine read
    # it). Copies verified before this keep their entries: the check applies from now on.
    conn = op.get_bind()
    runs = sa.table("runs", sa.column("id", sa.BigInteger), sa.column("document", sa.JSON),
                    sa.column("status", sa.String), sa.column("actions_key", sa.String))
    last = 0
    while True:  # in batches, so a large database is not read into memory at once
        batch = conn.execute(sa.select(runs.c.id, runs.c.document)
                             .where(runs.c.status == "verified", runs.c.id > last)
                             .order_by(runs.c.id).limit(500)).all()
        if not batch:
            break
        for identity, document in batch:
            key = document_actions_key(document)
            if key is not None:
                conn.execute(sa.update(runs).where(runs.c.id == identity)
                             .values(actions_key=key))
        last = batch[-1][0]
    op.create_index("ix_runs_actions_key", "runs", ["actions_key", "id"])


def downgrade() -> None:
    op.drop_index("ix_runs_actions_key", table_name="runs")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE runs DROP COLUMN actions_key")
