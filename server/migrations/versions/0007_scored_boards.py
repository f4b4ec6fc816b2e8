"""Boards in points for Mini Rogue: one per seed (with its difficulty and variant) and one per
daily dungeon's date, with their entries counted per score and per board.

Revision ID: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
When = sa.DateTime(timezone=True)


def upgrade() -> None:
    # Plain ADD COLUMNs on both databases, as in 0004.
    op.add_column("runs", sa.Column("board", sa.String(120)))
    op.add_column("runs", sa.Column("score", sa.Integer))
    op.create_table(
        "scored_entries",
        sa.Column("id", Id, primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("board", sa.String(120), nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("player_id", Id, sa.ForeignKey(
            "players.id", name="fk_scored_entries_player_id_players"), nullable=False),
        sa.Column("run_id", Id, sa.ForeignKey("runs.id", name="fk_scored_entries_run_id_runs"),
                  nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("ending", sa.String(16), nullable=False),
        sa.Column("at", When, nullable=False),
        sa.Column("removed", sa.Boolean, nullable=False, server_default="0"),
        sa.UniqueConstraint("game", "board", "rules_version", "player_id",
                            name="uq_scored_entries_game_board_rules_version_player_id"),
    )
    op.create_index("ix_scored_entries_board", "scored_entries",
                    ["game", "board", "rules_version", "removed", sa.text("score DESC"),
                     "run_id"])
    op.create_table(
        "scored_counts",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("board", sa.String(120), nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("score", sa.Integer, nullable=False),
        sa.Column("entries", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("game", "board", "rules_version", "score",
                                name="pk_scored_counts"),
    )
    op.create_table(
        "scored_boards",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("board", sa.String(120), nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("entries", sa.BigInteger, nullable=False),
        sa.PrimaryKeyConstraint("game", "board", "rules_version", name="pk_scored_boards"),
    )
    op.create_index("ix_scored_boards_list", "scored_boards",
                    ["game", "rules_version", "kind", "board"])


def downgrade() -> None:
    op.drop_table("scored_boards")
    op.drop_table("scored_counts")
    op.drop_table("scored_entries")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE runs DROP COLUMN score")
    op.execute("ALTER TABLE runs DROP COLUMN board")
