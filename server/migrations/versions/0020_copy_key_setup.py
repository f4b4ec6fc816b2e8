"""The copy check compares a run in points' setup too (verification.actions_key): the same
moves on another setup of one board (a Mini Rogue daily at another difficulty) are no copy. The
verified runs in points get their new key from their document; runs on maps keep theirs.

Revision ID: 0020
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def _rekey(key_of: Callable[[Any], str | None]) -> None:
    """Give each verified run in points (one with a board) the key `key_of` its document."""
    conn = op.get_bind()
    runs = sa.table("runs", sa.column("id", sa.BigInteger), sa.column("document", sa.JSON),
                    sa.column("status", sa.String), sa.column("board", sa.String),
                    sa.column("actions_key", sa.String))
    last = 0
    while True:  # in batches, so a large database is not read into memory at once
        batch = conn.execute(sa.select(runs.c.id, runs.c.document)
                             .where(runs.c.status == "verified", runs.c.board.is_not(None),
                                    runs.c.id > last)
                             .order_by(runs.c.id).limit(500)).all()
        if not batch:
            break
        for identity, document in batch:
            key = key_of(document)
            if key is not None:
                conn.execute(sa.update(runs).where(runs.c.id == identity)
                             .values(actions_key=key))
        last = batch[-1][0]


def upgrade() -> None:
    from server.verification import document_actions_key

    _rekey(document_actions_key)


def _actions_only(document: Any) -> str | None:
    """The key as it was before this revision: the actions alone."""
    from engine import games
    from engine.core.runs import RunError

    try:
        actions = [action.to_dict() for action in games.run_from_dict(document).actions]
    except RunError:
        return None
    canonical = json.dumps(actions, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


def downgrade() -> None:
    _rekey(_actions_only)
