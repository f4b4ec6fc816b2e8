"""Maps keep their author's difficulty rating, so the lists can show it.

Revision ID: 0006
"""

from __future__ import annotations

import tomllib

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

RATINGS = ("easy", "medium", "hard", "expert")


def upgrade() -> None:
    # A plain ADD COLUMN on both databases (see 0004).
    op.add_column("maps", sa.Column("difficulty", sa.String(16)))
    # Maps published before this: their rating, read from the text as published (every stored
    # text was checked at publication, so it parses).
    conn = op.get_bind()
    maps = sa.table("maps", sa.column("id", sa.String), sa.column("text", sa.Text),
                    sa.column("difficulty", sa.String))
    for identity, text in conn.execute(sa.select(maps.c.id, maps.c.text)).all():
        try:
            rating = tomllib.loads(text).get("difficulty")
        except tomllib.TOMLDecodeError:
            continue
        if rating in RATINGS:
            conn.execute(sa.update(maps).where(maps.c.id == identity).values(difficulty=rating))


def downgrade() -> None:
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE maps DROP COLUMN difficulty")
