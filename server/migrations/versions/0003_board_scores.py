"""Entries per score on each board, so ranks and board sizes are sums over a few scores.

Revision ID: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "board_scores",
        sa.Column("map_id", sa.String(64),
                  sa.ForeignKey("maps.id", name="fk_board_scores_map_id_maps"),
                  nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
        sa.Column("entries", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("map_id", "rules_version", "moves", "turns",
                                name="pk_board_scores"),
    )
    op.execute("INSERT INTO board_scores (map_id, rules_version, moves, turns, entries) "
               "SELECT map_id, rules_version, moves, turns, COUNT(*) FROM leaderboard_entries "
               "WHERE NOT removed GROUP BY map_id, rules_version, moves, turns")


def downgrade() -> None:
    op.drop_table("board_scores")
