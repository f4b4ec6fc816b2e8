"""Votes and tags for maps: players who cleared a map rate it and vote its difficulty
(map_votes), authors tag it (map_tags), and each map keeps the figures the lists filter and
sort by (votes, rating, voted and shown difficulty, players, clears, clear rate). Maps published before
this get their players and clears counted from their runs; they have no votes or tags yet.

Revision ID: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

FIGURES = ("votes", "rating_sum", "rating", "players", "clears", "clear_rate")


def upgrade() -> None:
    # Plain ADD COLUMNs on both databases (see 0004).
    for name in FIGURES:
        kind = sa.Integer if name in ("rating", "clear_rate") else sa.BigInteger
        op.add_column("maps", sa.Column(name, kind, nullable=False, server_default="0"))
    op.add_column("maps", sa.Column("voted_difficulty", sa.String(16)))
    op.add_column("maps", sa.Column("shown_difficulty", sa.String(16)))
    op.execute("UPDATE maps SET shown_difficulty = difficulty")  # nobody has voted yet
    op.create_index("ix_maps_rating", "maps", ["rating", "clear_run_id"])
    op.create_index("ix_maps_clear_rate", "maps", ["clear_rate", "clear_run_id"])
    op.create_index("ix_runs_map_player", "runs", ["map_id", "player_id", "status"])
    op.create_table(
        "map_votes",
        sa.Column("map_id", sa.String(64), sa.ForeignKey("maps.id", name="fk_map_votes_map_id_maps"),
                  nullable=False),
        sa.Column("player_id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
                  sa.ForeignKey("players.id", name="fk_map_votes_player_id_players"),
                  nullable=False),
        sa.Column("rating", sa.Integer, nullable=False),
        sa.Column("difficulty", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("map_id", "player_id", name="pk_map_votes"),
        sa.CheckConstraint("rating BETWEEN 1 AND 5", name="ck_map_votes_rating"),
        sa.CheckConstraint("difficulty IN ('easy', 'medium', 'hard', 'expert')",
                           name="ck_map_votes_difficulty"),
    )
    op.create_index("ix_map_votes_player_id", "map_votes", ["player_id"])
    op.create_table(
        "map_tags",
        sa.Column("map_id", sa.String(64), sa.ForeignKey("maps.id", name="fk_map_tags_map_id_maps"),
                  nullable=False),
        sa.Column("tag", sa.String(32), nullable=False),
        sa.PrimaryKeyConstraint("map_id", "tag", name="pk_map_tags"),
    )
    op.create_index("ix_map_tags_tag", "map_tags", ["tag", "map_id"])
    # Players and clears as server.ratings counts them: a player's settled runs on the map,
    # removed runs left out.
    counted = ("FROM runs WHERE runs.map_id = maps.id AND runs.removed_at IS NULL AND "
               "runs.status IN ('verified', 'refused')")
    op.execute(f"UPDATE maps SET players = (SELECT COUNT(DISTINCT player_id) {counted}), "
               f"clears = (SELECT COUNT(DISTINCT player_id) {counted} "
               "AND runs.status = 'verified')")
    op.execute("UPDATE maps SET clear_rate = CASE WHEN players > 0 "
               "THEN clears * 10000 / players ELSE 0 END")


def downgrade() -> None:
    op.drop_index("ix_map_tags_tag", table_name="map_tags")
    op.drop_table("map_tags")
    op.drop_index("ix_map_votes_player_id", table_name="map_votes")
    op.drop_table("map_votes")
    op.drop_index("ix_runs_map_player", table_name="runs")
    op.drop_index("ix_maps_clear_rate", table_name="maps")
    op.drop_index("ix_maps_rating", table_name="maps")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    for name in (*FIGURES, "voted_difficulty", "shown_difficulty"):
        op.execute(f"ALTER TABLE maps DROP COLUMN {name}")
