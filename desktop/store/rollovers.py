"""Each rollover of a conversation, in the database."""

from __future__ import annotations

from sqlalchemy import select

from desktop.domain.rollover import Rollover
from desktop.store.db import Database
from desktop.store.models import RolloverRow


def _rollover(row: RolloverRow) -> Rollover:
    return Rollover(
        execution_id=row.execution_id,
        conversation_id=row.conversation_id,
        old_session_id=row.old_session_id,
        new_session_id=row.new_session_id,
        tokens=row.tokens,
        threshold=row.threshold,
        created=row.created,
    )


class SqlRolloverRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, rollover: Rollover) -> Rollover:
        with self._db.session() as session:
            row = RolloverRow(
                execution_id=rollover.execution_id,
                conversation_id=rollover.conversation_id,
                old_session_id=rollover.old_session_id,
                new_session_id=rollover.new_session_id,
                tokens=rollover.tokens,
                threshold=rollover.threshold,
            )
            session.merge(row)  # the same turn recorded twice stays one rollover
            session.flush()
            return _rollover(session.get(RolloverRow, rollover.execution_id) or row)

    def for_conversation(self, conversation_id: str) -> list[Rollover]:
        with self._db.session(write=False) as session:
            rows = session.scalars(
                select(RolloverRow)
                .where(RolloverRow.conversation_id == conversation_id)
                .order_by(RolloverRow.created, RolloverRow.execution_id)
            )
            return [_rollover(row) for row in rows]
