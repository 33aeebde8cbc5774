"""The executions as insight reads them (the StatsQueries port)."""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import select

from desktop.domain.stats import ExecutionFact
from desktop.store.db import Database
from desktop.store.models import AccountRow, ConversationRow, ExecutionRow


class SqlStatsQueries:
    def __init__(self, db: Database) -> None:
        self._db = db

    def facts(self, account: str | None, since: datetime | None) -> list[ExecutionFact]:
        e = ExecutionRow
        query = (
            select(
                AccountRow.name,
                e.cwd,
                e.conversation_id,
                ConversationRow.number,
                ConversationRow.title,
                e.kind,
                e.status,
                e.usage_json,
                e.cost_usd,
                e.session_id_in,
                e.sent_bytes,
                e.saved_bytes,
                e.resumed,
            )
            .join(ConversationRow, ConversationRow.id == e.conversation_id)
            .outerjoin(AccountRow, AccountRow.id == e.account_id)
            .order_by(e.started, e.id)
        )
        if account is not None:
            query = query.where(AccountRow.name == account)
        if since is not None:
            query = query.where(e.started >= since)
        with self._db.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            ExecutionFact(*row[:7], json.loads(row[7]) if row[7] else None, *row[8:])
            for row in rows
        ]
