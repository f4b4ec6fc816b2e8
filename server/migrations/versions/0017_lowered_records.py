"""Record history rows for a top score lowered by a removal or a ban (record_changes.lowered_by).
A plain ADD COLUMN: the rows kept before are improvements, None.

Revision ID: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("record_changes", sa.Column("lowered_by", sa.String(16)))


def downgrade() -> None:
    with op.batch_alter_table("record_changes") as batch:
        batch.drop_column("lowered_by")
