"""The server's own daily seeds (daily_seeds): each day's seed is drawn by the server when the
day starts, where it used to be worked out from the date by anyone. The days whose boards
exist already were played on those public seeds, so they keep them: their runs stay on their
boards, and those days can still be played from the archive.

Revision ID: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from server.verification import board_facts
    from services import clock

    table = op.create_table(
        "daily_seeds",
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("seed", sa.String(20), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game", "day", name="pk_daily_seeds"),
        sa.UniqueConstraint("game", "seed", name="uq_daily_seeds_game_seed"),
    )
    assert table is not None
    conn = op.get_bind()
    boards = conn.execute(sa.text("SELECT DISTINCT game, board FROM scored_boards "
                                  "WHERE kind = 'daily'")).all()
    found = {}
    for game, board in boards:
        facts = board_facts(game, board)
        if facts is not None and facts.get("kind") == "daily":
            found[game, facts["day"]] = str(facts["seed"])
    if found:
        op.bulk_insert(table, [{"game": game, "day": day, "seed": seed, "at": clock.now()}
                               for (game, day), seed in sorted(found.items())])


def downgrade() -> None:
    op.drop_table("daily_seeds")
