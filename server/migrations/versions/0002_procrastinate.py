"""PostgreSQL only: the tables and functions of Procrastinate, the verification queue.

Revision ID: 0002
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql":
        return  # SQLite verifies in the server's own process
    from procrastinate.schema import SchemaManager

    exists = bind.exec_driver_sql("SELECT to_regclass('procrastinate_jobs')").scalar()
    if exists is None:
        # Straight to psycopg, without parameters: the script holds literal % signs.
        cursor = bind.connection.dbapi_connection.cursor()  # type: ignore[union-attr]
        cursor.execute(SchemaManager.get_schema())
        cursor.close()


def downgrade() -> None:
    pass  # the queue's tables are left as they are
