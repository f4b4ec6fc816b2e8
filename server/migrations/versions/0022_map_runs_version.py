"""A version of each map's counted runs (maps.runs_version), which the weekly board's cache
holds to (server.weekly). A plain ADD COLUMN with a default: every map starts at 0, and no board
was kept before.

Revision ID: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("maps", sa.Column("runs_version", sa.BigInteger(), nullable=False,
                                    server_default="0"))


def downgrade() -> None:
    # Plain SQL for both databases: a batch copy of maps would break the keys that refer to it.
    op.execute("ALTER TABLE maps DROP COLUMN runs_version")
