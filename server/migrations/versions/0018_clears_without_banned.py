"""Players and clears leave banned players out: the maps banned players played are counted
again from their runs (server.ratings.recount_players). No change to the schema.

Revision ID: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from server.ratings import recount_players

    conn = op.get_bind()
    played = conn.execute(sa.text(
        "SELECT DISTINCT runs.map_id FROM runs JOIN players ON players.id = runs.player_id "
        "WHERE players.banned_at IS NOT NULL AND runs.map_id IS NOT NULL")).scalars().all()
    recount_players(conn, played)


def downgrade() -> None:
    pass  # the counts without banned players are right under the old code too
