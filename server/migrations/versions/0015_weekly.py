"""The weekly map: moderators' queue (weekly_queue) and the map featured each week
(weekly_maps). New tables only: a database with data keeps it all.

Revision ID: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "weekly_queue",
        sa.Column("id", Id, primary_key=True),
        sa.Column("map_id", sa.String(64), sa.ForeignKey(
            "maps.id", name="fk_weekly_queue_map_id_maps"), nullable=False),
        sa.Column("queued_by", Id, sa.ForeignKey(
            "players.id", name="fk_weekly_queue_queued_by_players")),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_weekly_queue"),
    )
    op.create_table(
        "weekly_maps",
        sa.Column("week", sa.String(10), nullable=False),
        sa.Column("map_id", sa.String(64), sa.ForeignKey(
            "maps.id", name="fk_weekly_maps_map_id_maps"), nullable=False),
        sa.Column("chosen", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("week", name="pk_weekly_maps"),
        sa.UniqueConstraint("map_id", name="uq_weekly_maps_map_id"),
    )


def downgrade() -> None:
    op.drop_table("weekly_maps")
    op.drop_table("weekly_queue")
