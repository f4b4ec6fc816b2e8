"""Runs wait in lanes (runs.lane): verifiers take every player's first waiting run before
anyone's second, so one player's many runs cannot hold back everyone else's (store.waiting_lane).
Runs queued before this wait in lane 0, in the order they came.

Revision ID: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN on both databases (see 0004).
    op.add_column("runs", sa.Column("lane", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_runs_lanes", "runs", ["status", "lane", "id"])
    op.create_index("ix_runs_player_waiting", "runs", ["player_id", "status", "lane"])


def downgrade() -> None:
    op.drop_index("ix_runs_player_waiting", table_name="runs")
    op.drop_index("ix_runs_lanes", table_name="runs")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE runs DROP COLUMN lane")
