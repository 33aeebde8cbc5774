"""Whether any execution was left unfinished: asked at every start (a
Sessiondesk that died mid-turn is recovered first), so read with plain
`sqlite3`: a command that runs nothing never imports SQLAlchemy for it."""

from __future__ import annotations

from desktop.store.db import Database

UNFINISHED = ("pending", "running")
"""The statuses of an execution that has not ended."""


def any_unfinished(db: Database) -> bool:
    marks = ", ".join("?" * len(UNFINISHED))
    query = f"SELECT 1 FROM executions WHERE status IN ({marks}) LIMIT 1"
    with db.read() as conn:
        found = conn.execute(query, UNFINISHED)
        return found.fetchone() is not None
