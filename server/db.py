"""Connecting to the server's database and bringing it up to date.

    engine = connect(url)          # SQLite file or PostgreSQL, ready to use
    migrate(engine)                # Alembic upgrade to the newest revision (done by connect)
    with writing(engine) as conn:  # one write transaction (BEGIN IMMEDIATE on SQLite)
        ...

SQLite connections get WAL, a busy timeout and foreign keys, and open write transactions with
BEGIN IMMEDIATE: with a deferred BEGIN, concurrent writers fail with "database is locked"
instead of waiting their turn (ENGINEERING.md, "SQLite"). PostgreSQL goes through psycopg 3
with SQLAlchemy's connection pool.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from services import clock

MIGRATIONS = Path(__file__).parent / "migrations"
SQLITE_BUSY_MS = 10_000


class DatabaseURLError(ValueError):
    """A --database value we cannot use, with the reason in words."""


def normalise_url(url: str) -> str:
    """postgresql:// (and postgres://) go through psycopg 3; sqlite:// stays as it is."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseURLError(f"{url!r} is not a database URL (try sqlite:///FILE or "
                               "postgresql://USER@HOST/NAME)") from None
    backend = parsed.get_backend_name()
    if backend in ("postgres", "postgresql"):
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if backend == "sqlite":
        return url
    raise DatabaseURLError(f"the server runs on SQLite or PostgreSQL, not {backend}")


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def connect(url: str, *, upgrade: bool = True) -> Engine:
    """An engine for `url`, with the database migrated to the newest revision."""
    url = normalise_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout":
                                                  SQLITE_BUSY_MS / 1000})
        _sqlite_setup(engine)
    else:
        engine = create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)
    if upgrade:
        migrate(engine)
    return engine


def _sqlite_setup(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # We issue BEGIN ourselves (below), so the driver must not.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get("write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


@contextmanager
def writing(engine: Engine) -> Iterator[Connection]:
    """One write transaction: committed at the end, rolled back on an exception."""
    with engine.connect() as connection:
        connection.execution_options(write=True)
        with connection.begin():
            yield connection


@contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """One read transaction on one snapshot, so a page, its ranks and its total agree
    (SQLite's WAL gives a read transaction its snapshot; PostgreSQL needs REPEATABLE READ,
    which a transaction that only reads can never fail)."""
    with engine.connect() as connection:
        if engine.dialect.name == "postgresql":
            connection.execution_options(isolation_level="REPEATABLE READ")
        with connection.begin():
            yield connection


@contextmanager
def reading_statements(engine: Engine) -> Iterator[Connection]:
    """A connection for answers that each come from one statement, so each statement's own
    snapshot is enough: on PostgreSQL no BEGIN and COMMIT to wait for (two round trips of a
    board's three). SQLite is in this process, so it reads as `reading` does."""
    if engine.dialect.name == "sqlite":
        with reading(engine) as connection:
            yield connection
        return
    with engine.connect() as connection:
        connection.execution_options(isolation_level="AUTOCOMMIT")
        yield connection


def migrate(engine: Engine, revision: str = "head", *, down: bool = False) -> None:
    """Upgrade the database to the newest revision (an empty database gets every table), or
    to `revision`; `down` goes back to it instead (for tests of the migrations)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as connection:
        connection.execution_options(write=True)
        config.attributes["connection"] = connection
        (command.downgrade if down else command.upgrade)(config, revision)
        connection.commit()


def head_revision() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


def now() -> datetime:
    """The server's time for every row it stamps: the one clock the tests set."""
    return clock.now()
