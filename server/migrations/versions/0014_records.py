"""Records: each map's first clear by a player other than its author (maps.first_clear_run_id)
and the history of its boards' top scores (record_changes). Maps published before this get
both from their runs: verified, not removed runs in submission order, as they would have been
written had the server kept them then.

Revision ID: 0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None

Id = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    # A plain ADD COLUMN on both databases (see 0004), without a foreign key (see the schema).
    op.add_column("maps", sa.Column("first_clear_run_id", Id))
    op.create_table(
        "record_changes",
        sa.Column("id", Id, primary_key=True),
        sa.Column("map_id", sa.String(64), sa.ForeignKey(
            "maps.id", name="fk_record_changes_map_id_maps"), nullable=False),
        sa.Column("rules_version", sa.Integer, nullable=False),
        sa.Column("run_id", Id, sa.ForeignKey("runs.id", name="fk_record_changes_run_id_runs"),
                  nullable=False),
        sa.Column("player_id", Id, sa.ForeignKey(
            "players.id", name="fk_record_changes_player_id_players"), nullable=False),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("turns", sa.Integer, nullable=False),
        sa.Column("before_moves", sa.Integer),
        sa.Column("before_turns", sa.Integer),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_record_changes"),
    )
    op.create_index("ix_record_changes_board", "record_changes",
                    ["map_id", "rules_version", "id"])
    op.create_index("ix_record_changes_player_id", "record_changes", ["player_id"])
    op.execute("UPDATE maps SET first_clear_run_id = (SELECT MIN(runs.id) FROM runs WHERE "
               "runs.map_id = maps.id AND runs.status = 'verified' AND runs.removed_at IS NULL "
               "AND runs.player_id <> maps.author_id)")
    _history()


def _history() -> None:
    """Walk each board's counted runs in submission order, keeping every improvement of its
    top score (banned players' runs are off the boards, so left out)."""
    conn = op.get_bind()
    runs = sa.table("runs", *(sa.column(name) for name in (
        "id", "player_id", "map_id", "rules_version", "status", "removed_at", "board", "moves",
        "turns", "submitted_at")))
    players = sa.table("players", sa.column("id"), sa.column("banned_at"))
    maps = sa.table("maps", sa.column("id"))
    changes = sa.table("record_changes", *(sa.column(name) for name in (
        "map_id", "rules_version", "run_id", "player_id", "moves", "turns", "before_moves",
        "before_turns", "at")))
    counted = conn.execute(
        sa.select(runs.c.id, runs.c.player_id, runs.c.map_id, runs.c.rules_version,
                  runs.c.moves, runs.c.turns, runs.c.submitted_at)
        .join(players, players.c.id == runs.c.player_id)
        .join(maps, maps.c.id == runs.c.map_id)
        .where(runs.c.status == "verified", runs.c.removed_at.is_(None),
               runs.c.board.is_(None), players.c.banned_at.is_(None))
        .order_by(runs.c.map_id, runs.c.rules_version, runs.c.id))
    top: dict[tuple[str, int], tuple[int, int]] = {}
    found = []
    for run in counted.all():
        board, score = (run.map_id, run.rules_version), (run.moves, run.turns)
        before = top.get(board)
        if before is None or score < before:
            found.append({"map_id": run.map_id, "rules_version": run.rules_version,
                          "run_id": run.id, "player_id": run.player_id, "moves": run.moves,
                          "turns": run.turns, "before_moves": before[0] if before else None,
                          "before_turns": before[1] if before else None,
                          "at": run.submitted_at})
            top[board] = score
    for start in range(0, len(found), 5000):  # many rows a statement
        conn.execute(sa.insert(changes), found[start:start + 5000])


def downgrade() -> None:
    op.drop_index("ix_record_changes_player_id", table_name="record_changes")
    op.drop_index("ix_record_changes_board", table_name="record_changes")
    op.drop_table("record_changes")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE maps DROP COLUMN first_clear_run_id")
