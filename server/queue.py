"""The verification queue on PostgreSQL: Procrastinate jobs, run by `cardrogue worker`.

    queue = open_queue(url)            # the server: defer a job per submitted run
    defer(queue, run_id, lane)
    run_workers(url, engine, ...)      # a worker process: verify jobs as they come

A job carries only the run's id; the run and its map are read from the tables, and the verdict
is recorded at most once (store.record_outcome), so a job that runs twice counts once.

What keeps runs from being lost:
- a failing job is retried (RetryStrategy below);
- a worker killed mid-job stops sending heartbeats; `retry_stalled` (periodic, on every
  worker) hands its jobs to a live worker once its last heartbeat is `stalled_after` old;
- a run whose job was never made (the server stopped between storing the run and deferring
  its job) is deferred by `requeue_forgotten`;
- a worker that loses the database (PostgreSQL restarted or unreachable) does not stop: it
  waits, trying again after 1, 2, 4 ... up to 30 seconds, and goes back to work once the
  database answers; the jobs it held are retried as a stalled worker's.
Each job has a queueing lock per run, so deferring again never queues a run twice.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from server import store
from server.db import reading
from server.defaults import WORKER_CONCURRENCY
from server.verification import Budget
from server.verifier import verify_one

VERIFY_TASK = "cardrogue.verify_run"
QUEUE = "verify"
STALLED_AFTER = 30.0  # seconds without a heartbeat before a worker's jobs go to another
HEARTBEAT = 2.0
FORGOTTEN_AFTER = 60.0
# How long a worker waits for a pooled connection before taking the database for lost (the
# pool's default, 30 s, kept a worker silent that long), and its waits between tries then.
POOL_TIMEOUT = 5.0
FIRST_RETRY, LAST_RETRY = 1.0, 30.0

log = logging.getLogger("cardrogue.server")


def conninfo(url: str) -> str:
    """The libpq form of a SQLAlchemy URL (postgresql+psycopg://... -> postgresql://...)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def build(url: str, engine: Engine | None = None, budget: Budget | None = None,
          stalled_after: float = STALLED_AFTER, **pool: Any) -> Any:
    """The Procrastinate app with the server's tasks; `engine` is needed only to run them.
    `pool`: settings of its connection pool (psycopg_pool's)."""
    import procrastinate

    app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=conninfo(url),
                                                                     **pool))
    check = budget or Budget()

    @app.task(name=VERIFY_TASK, queue=QUEUE,
              retry=procrastinate.RetryStrategy(max_attempts=5, wait=2))
    def verify(run_id: int) -> None:
        assert engine is not None, "tasks run only in a worker"
        verify_one(engine, run_id, check)

    @app.periodic(cron="* * * * * */5")  # every five seconds
    @app.task(name="cardrogue.retry_stalled", queue=QUEUE, queueing_lock="retry_stalled")
    async def retry_stalled(timestamp: int) -> None:
        for job in await app.job_manager.get_stalled_jobs(
                task_name=VERIFY_TASK, seconds_since_heartbeat=stalled_after):
            log.warning("retrying job %s: its worker stopped answering", job.id)
            await app.job_manager.retry_job(job)

    @app.periodic(cron="* * * * * */30")
    @app.task(name="cardrogue.requeue_forgotten", queue=QUEUE,
              queueing_lock="requeue_forgotten")
    async def requeue_forgotten(timestamp: int) -> None:
        from procrastinate.exceptions import AlreadyEnqueued

        assert engine is not None

        def waiting() -> list[tuple[int, int]]:
            with reading(engine) as conn:
                return store.stale_queued(conn, FORGOTTEN_AFTER)

        for run_id, lane in await asyncio.to_thread(waiting):
            try:
                await app.configure_task(VERIFY_TASK, queueing_lock=f"run:{run_id}",
                                         priority=-lane).defer_async(run_id=run_id)
            except AlreadyEnqueued:
                pass

    return app


def open_queue(url: str) -> Any:
    """The queue opened for deferring jobs from synchronous code (the server's routes)."""
    return build(url).open()


def defer(app: Any, run_id: int, lane: int) -> None:
    """Queue the job that verifies `run_id`, unless one is waiting already. Jobs are taken by
    priority, highest first: a run's is minus its lane (store.waiting_lane). The run is stored
    before: if the database is lost just now, its job is made by `requeue_forgotten` later,
    so this only says so."""
    from procrastinate.exceptions import AlreadyEnqueued

    try:
        app.configure_task(VERIFY_TASK, queueing_lock=f"run:{run_id}",
                           priority=-lane).defer(run_id=run_id)
    except AlreadyEnqueued:
        pass
    except Exception as error:  # noqa: BLE001 - see database_lost
        if not database_lost(error):
            raise
        log.warning("run %s is stored but its job could not be queued (%s): a worker will "
                    "queue it once it has waited %g s", run_id, lost_because(error),
                    FORGOTTEN_AFTER)


def run_workers(url: str, engine: Engine, *, concurrency: int = WORKER_CONCURRENCY,
                stalled_after: float = STALLED_AFTER, budget: Budget | None = None) -> None:
    """Verify jobs until stopped (SIGINT or SIGTERM: the worker finishes its jobs first).
    Losing the database does not stop it: it waits for the database and starts again."""
    app = build(url, engine, budget, stalled_after, timeout=POOL_TIMEOUT)
    wait = FIRST_RETRY
    while True:
        started = time.monotonic()
        try:
            app.run_worker(queues=[QUEUE], concurrency=concurrency, name="cardrogue-worker",
                           update_heartbeat_interval=min(HEARTBEAT, stalled_after / 3),
                           stalled_worker_timeout=stalled_after, delete_jobs="successful")
            return
        except Exception as error:  # noqa: BLE001 - see database_lost
            if not database_lost(error):
                raise
            reason = lost_because(error)
        if time.monotonic() - started > LAST_RETRY:
            wait = FIRST_RETRY  # it had been working: this is a new outage
        log.warning("cardrogue worker: lost the database (%s); trying again", reason)
        wait = wait_for_database(url, wait)
        log.warning("cardrogue worker: the database answers again; back to work")


def database_lost(error: BaseException) -> bool:
    """Whether an error (or what caused it) is the database going away or not answering:
    the errors a worker waits out rather than dies of."""
    import psycopg
    import psycopg_pool
    from sqlalchemy.exc import DBAPIError

    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, psycopg.OperationalError | psycopg_pool.PoolTimeout) or (
                isinstance(seen, DBAPIError) and seen.connection_invalidated):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def unreachable(error: BaseException) -> bool:
    """Whether the database could not be reached at all (down, not listening yet, starting or
    stopping): worth waiting for. A refusal it answers with (no such database, a wrong
    password) is not: waiting would only hide the mistake. psycopg gives no SQLSTATE for a
    failed connection, so this reads libpq's message: the server's own answers say FATAL."""
    if not database_lost(error):
        return False
    message = lost_because(error)
    return "FATAL" not in message or any(
        words in message for words in ("starting up", "shutting down", "in recovery"))


def lost_because(error: BaseException) -> str:
    """The first line of the deepest cause, for the worker's log."""
    while error.__cause__ is not None:
        error = error.__cause__
    lines = str(error).strip().splitlines()
    return lines[0][:200] if lines else type(error).__name__


def wait_for_database(url: str, wait: float) -> float:
    """Try to reach the database, waiting longer between tries (with a little jitter, so that
    many workers do not all come back at once), until it answers; the next wait."""
    import psycopg

    while True:
        time.sleep(wait * random.uniform(0.8, 1.2))
        wait = min(wait * 2, LAST_RETRY)
        try:
            with psycopg.connect(conninfo(url), connect_timeout=max(2, int(wait))) as conn:
                conn.execute("SELECT 1")
            return wait
        except psycopg.OperationalError:
            continue
