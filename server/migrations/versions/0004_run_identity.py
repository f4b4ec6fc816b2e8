"""The same run sent twice by one player is one submission: runs keep their document's hash.

Revision ID: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN on both databases (SQLite's batch mode would rebuild the table, which
    # the other tables' foreign keys forbid).
    op.add_column("runs", sa.Column("document_hash", sa.String(64)))
    # Runs stored before this have no hash (NULL), and NULLs never collide in a unique index.
    op.create_index("uq_runs_player_document", "runs", ["player_id", "document_hash"],
                    unique=True)


def downgrade() -> None:
    op.drop_index("uq_runs_player_document", "runs")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE runs DROP COLUMN document_hash")
