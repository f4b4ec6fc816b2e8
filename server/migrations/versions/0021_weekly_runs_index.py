"""An index of a map's runs by when they were sent: the weekly map's board reads its week's runs
alone (benchmarks/server_weekly.py: a scan of every run before).

Revision ID: 0021
"""

from __future__ import annotations

from alembic import op

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_runs_map_submitted", "runs", ["map_id", "submitted_at"])


def downgrade() -> None:
    op.drop_index("ix_runs_map_submitted", table_name="runs")
