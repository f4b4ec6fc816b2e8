"""Verifying queued runs: claim one, replay it, record the verdict, and the next.

With SQLite the server runs one `Verifier` thread in its own process; it wakes when a run is
submitted. A claim is a lease (runs.claimed_at): a run whose verifier died mid-replay is
claimed again once the lease runs out, and recording a verdict happens at most once per run
(store.record_outcome), so no run is lost or counted twice.
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import Engine

from server import dailies, store
from server.db import writing
from server.verification import Budget, Outcome, verify_run

LEASE_SECONDS = 120.0
MAX_ATTEMPTS = 3  # a run that brought its verifier down this often is refused

log = logging.getLogger("cardrogue.server")


def verify_next(engine: Engine, budget: Budget, lease: float = LEASE_SECONDS) -> bool:
    """Verify the oldest waiting run; False when none waits."""
    with writing(engine) as conn:
        claim = store.claim_next(conn, lease)
        text = store.map_text(conn, claim.map_id) if claim and claim.map_id else None
    if claim is None:
        return False
    outcome = _verify(engine, claim, text, budget)
    with writing(engine) as conn:
        store.record_outcome(conn, claim.run_id, outcome)
    return True


def verify_one(engine: Engine, run_id: int, budget: Budget) -> bool:
    """Verify one run by id (the PostgreSQL queue's job). False if it was settled already, so
    a job run twice (retried after its worker stalled) counts the run once."""
    with writing(engine) as conn:
        claim = store.claim(conn, run_id)
        text = store.map_text(conn, claim.map_id) if claim and claim.map_id else None
    if claim is None:
        return False
    outcome = _verify(engine, claim, text, budget)
    with writing(engine) as conn:
        return store.record_outcome(conn, run_id, outcome)


def _verify(engine: Engine, claim: store.Claim, text: str | None, budget: Budget) -> Outcome:
    if claim.attempts > MAX_ATTEMPTS:
        return Outcome(False, "check_failed", f"verification failed {MAX_ATTEMPTS} times")
    try:
        # When it was sent, not now: a run verified after midnight keeps its day's board.
        return verify_run(claim.document, text, budget, claim.submitted_at,
                          lambda game, seed: dailies.day_of_seed(engine, game, seed))
    except Exception as error:  # noqa: BLE001 - a bug in replay must not stop the queue
        log.exception("verifying run %s failed", claim.run_id)
        return Outcome(False, "check_failed", f"the server failed while replaying this run "
                       f"({type(error).__name__})")


def verify_all(engine: Engine, budget: Budget, lease: float = LEASE_SECONDS) -> int:
    """Verify every waiting run; how many were verified or refused."""
    count = 0
    while verify_next(engine, budget, lease):
        count += 1
    return count


class Verifier(threading.Thread):
    """The in-process verifier: a daemon thread that drains the queue whenever woken."""

    def __init__(self, engine: Engine, budget: Budget, *, idle: float = 5.0,
                 lease: float = LEASE_SECONDS) -> None:
        super().__init__(name="cardrogue-verifier", daemon=True)
        self.engine = engine
        self.budget = budget
        self.idle = idle  # also looks now and then, for runs whose lease ran out
        self.lease = lease
        self._wake = threading.Event()
        self._stopping = threading.Event()

    def wake(self) -> None:
        self._wake.set()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        self.join(timeout=30)

    def run(self) -> None:
        if self.engine.dialect.name == "sqlite":
            # Only this process verifies an SQLite database: a claim left from before was a
            # verifier that stopped with the last server, so its runs need not wait the lease.
            with writing(self.engine) as conn:
                store.release_claims(conn)
        while not self._stopping.is_set():
            self._wake.clear()
            try:
                while not self._stopping.is_set() and verify_next(self.engine, self.budget,
                                                              self.lease):
                    pass
            except Exception:  # noqa: BLE001 - the database went away; try again later
                log.exception("the verifier could not reach the database")
            self._wake.wait(self.idle)
