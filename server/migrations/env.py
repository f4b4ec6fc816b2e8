"""Alembic's entry point: run by server.db.migrate with an open connection."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from server.schema import metadata

connection = context.config.attributes["connection"]
if connection.dialect.name == "postgresql":
    # Two servers starting at once on one database: the second waits for the first's upgrade
    # (the lock ends with the transaction).
    connection.execute(text("SELECT pg_advisory_xact_lock(7215032)"))
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
