"""The first tables: players, runs, maps, leaderboard entries, reports, moderation log.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
When = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", Id, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("role", sa.String(16), nullable=False, server_default="player"),
        sa.Column("created_at", When, nullable=False),
        sa.Column("banned_at", When),
        sa.Column("banned_by", sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
                  sa.ForeignKey("players.id", name="fk_players_banned_by_players")),
        sa.Column("banned_why", sa.Text),
        sa.CheckConstraint("role IN ('player', 'moderator')", name="ck_players_role"),
        sa.UniqueConstraint("name", name="uq_players_name"),
        sa.UniqueConstraint("token_hash", name="uq_players_token_hash"),
    )
    op.create_table(
        "runs",
        sa.Column("id", Id, primary_key=True),
        sa.Column("player_id", Id, sa.ForeignKey("players.id", name="fk_runs_player_id_players"),
                  nullable=False),
        sa.Column("document", sa.JSON, nullable=False),
        sa.Column("map_id", sa.String(64)),
        sa.Column("rules_version", sa.Integer),
        sa.Column("status", sa.String(16), nullable=False, server_default="queued"),
        sa.Column("reason", sa.String(40)),
        sa.Column("message", sa.Text),
        sa.Column("action_index", sa.Integer),
        sa.Column("moves", sa.Integer),
        sa.Column("turns", sa.Integer),
        sa.Column("submitted_at", When, nullable=False),
        sa.Column("verified_at", When),
        sa.Column("claimed_at", When),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("removed_at", When),
        sa.Column("removed_by", Id, sa.ForeignKey("players.id",
                                                  name="fk_runs_removed_by_players")),
        sa.Column("removed_why", sa.Text),
        sa.CheckConstraint("status IN ('queued', 'verified', 'refused')", name="ck_runs_status"),
    )
    op.create_index("ix_runs_queued", "runs", ["status", "id"])
    op.create_table(
        "maps",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("share_code", sa.String(9), nullable=False),
        sa.Column("title", sa.Text, nullable=False),
        sa.Column("author_id", Id, sa.ForeignKey("players.id", name="fk_maps_author_id_players"),
                  nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("levels", sa.Integer, nullable=False),
        sa.Column("par", sa.Integer),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("clear_run_id", Id, sa.ForeignKey("runs.id", name="fk_maps_clear_run_id_runs"),
                  nullable=False),
        sa.Column("plays", sa.BigInteger, nullable=False, server_default="0"),
        sa.Column("published_at", When, nullable=False),
        sa.Column("hidden_at", When),
        sa.Column("hidden_by", Id, sa.ForeignKey("players.id", name="fk_maps_hidden_by_players")),
        sa.Column("hidden_why", sa.Text),
        sa.UniqueConstraint("share_code", name="uq_maps_share_code"),
        sa.UniqueConstraint("clear_run_id", name="uq_maps_clear_run_id"),
    )
    op.create_index("ix_maps_plays", "maps", ["plays", "clear_run_id"])
    op.create_index("ix_maps_title", "maps", ["title", "clear_run_id"])
    op.create_table(
        "leaderboard_entries",
        sa.Column("id", Id, primary_key=True),
        sa.Column("map_id", sa.String(64),
                  sa.ForeignKey("maps.id", name="fk_leaderboard_entries_map_id_maps"),
                  nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("player_id", Id, sa.ForeignKey(
            "players.id", name="fk_leaderboard_entries_player_id_players"), nullable=False),
        sa.Column("run_id", Id, sa.ForeignKey("runs.id",
                                              name="fk_leaderboard_entries_run_id_runs"),
                  nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
        sa.Column("at", When, nullable=False),
        sa.Column("removed", sa.Boolean, nullable=False, server_default="0"),
        sa.UniqueConstraint("map_id", "rules_version", "player_id",
                            name="uq_leaderboard_entries_map_id_rules_version_player_id"),
    )
    op.create_index("ix_entries_board", "leaderboard_entries",
                    ["map_id", "rules_version", "removed", "moves", "turns", "run_id"])
    op.create_table(
        "reports",
        sa.Column("id", Id, primary_key=True),
        sa.Column("reporter_id", Id, sa.ForeignKey("players.id",
                                                   name="fk_reports_reporter_id_players"),
                  nullable=False),
        sa.Column("map_id", sa.String(64), sa.ForeignKey("maps.id",
                                                         name="fk_reports_map_id_maps")),
        sa.Column("run_id", Id, sa.ForeignKey("runs.id", name="fk_reports_run_id_runs")),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("at", When, nullable=False),
        sa.CheckConstraint("(map_id IS NULL) <> (run_id IS NULL)", name="ck_reports_one_target"),
    )
    op.create_table(
        "moderation_log",
        sa.Column("id", Id, primary_key=True),
        sa.Column("moderator_id", Id, sa.ForeignKey("players.id",
                                                    name="fk_moderation_log_moderator_id_players")),
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.Text, nullable=False),
        sa.Column("why", sa.Text, nullable=False),
        sa.Column("at", When, nullable=False),
    )


def downgrade() -> None:
    for table in ("moderation_log", "reports", "leaderboard_entries", "maps", "runs", "players"):
        op.drop_table(table)
