"""Players' names as they are compared (store.name_key), unique: a name equal to a taken one
but for case or width ("BOB", full-width "ｂｏｂ") can no longer be registered.

Revision ID: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from server.store import name_key

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A plain ADD COLUMN on both databases (see 0004).
    op.add_column("players", sa.Column("name_key", sa.Text))
    conn = op.get_bind()
    players = sa.table("players", sa.column("id", sa.BigInteger), sa.column("name", sa.String),
                       sa.column("name_key", sa.Text))
    seen: set[str] = set()
    for identity, name in conn.execute(sa.select(players.c.id, players.c.name)
                                       .order_by(players.c.id)).all():
        key = name_key(name)
        if key in seen:
            # Registered before the check: the later player keeps their name, under a key no
            # new name can have (names are printable; a tab is not).
            key = f"{key}\t{identity}"
        seen.add(key)
        conn.execute(sa.update(players).where(players.c.id == identity).values(name_key=key))
    op.create_index("uq_players_name_key", "players", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_players_name_key", table_name="players")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE players DROP COLUMN name_key")
