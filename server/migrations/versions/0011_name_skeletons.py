"""Players' names keep their TR39 skeleton (server.names.name_skeleton), unique: a name that
looks like a taken one (a Cyrillic "Аlice" beside "Alice") can no longer be registered, and
the check is one lookup.

Revision ID: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from server.names import name_skeleton

    # A plain ADD COLUMN on both databases (see 0004).
    op.add_column("players", sa.Column("name_skeleton", sa.Text))
    conn = op.get_bind()
    players = sa.table("players", sa.column("id", sa.BigInteger), sa.column("name", sa.String),
                       sa.column("name_skeleton", sa.Text))
    seen: set[str] = set()
    for identity, name in conn.execute(sa.select(players.c.id, players.c.name)
                                       .order_by(players.c.id)).all():
        key = name_skeleton(name)
        if key in seen:
            # Registered before the check: the later player keeps their name, under a key no
            # new name can have (names are printable; a tab is not), as in 0008.
            key = f"{key}\t{identity}"
        seen.add(key)
        conn.execute(sa.update(players).where(players.c.id == identity)
                     .values(name_skeleton=key))
    op.create_index("uq_players_name_skeleton", "players", ["name_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_players_name_skeleton", table_name="players")
    # Plain SQL for both databases (SQLite has dropped columns itself since 3.35).
    op.execute("ALTER TABLE players DROP COLUMN name_skeleton")
