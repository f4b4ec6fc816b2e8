"""Entries per move count on each board, so a rank is a sum over a few hundred move counts
rather than over every distinct score.

Revision ID: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "board_moves",
        sa.Column("map_id", sa.String(64),
                  sa.ForeignKey("maps.id", name="fk_board_moves_map_id_maps"),
                  nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("entries", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("map_id", "rules_version", "moves", name="pk_board_moves"),
    )
    op.execute("INSERT INTO board_moves (map_id, rules_version, moves, entries) "
               "SELECT map_id, rules_version, moves, SUM(entries) FROM board_scores "
               "GROUP BY map_id, rules_version, moves")


def downgrade() -> None:
    op.drop_table("board_moves")
