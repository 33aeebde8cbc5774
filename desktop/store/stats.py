"""The executions as insight reads them (the StatsQueries port)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import aliased

from desktop.domain.stats import ExecutionFact
from desktop.store.db import Database
from desktop.store.models import AccountRow, ConversationRow, ExecutionRow


class SqlStatsQueries:
    def __init__(self, db: Database) -> None:
        self._db = db

    def facts(self, account: str | None, since: datetime | None) -> list[ExecutionFact]:
        e = ExecutionRow
        link = aliased(ExecutionRow)  # the turn each one carried on from
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
                link.usage_json,
            )
            .join(ConversationRow, ConversationRow.id == e.conversation_id)
            .outerjoin(AccountRow, AccountRow.id == e.account_id)
            .outerjoin(
                link, link.id == func.coalesce(e.parent_execution_id, e.forked_from_execution_id)
            )
            .order_by(e.started, e.id)
        )
        if account is not None:
            query = query.where(AccountRow.name == account)
        if since is not None:
            query = query.where(e.started >= since)
        with self._db.engine.connect() as conn:
            rows = conn.execute(query).all()
        return [
            ExecutionFact(*row[:7], _usage(row[7]), *row[8:13], _usage(row[13])) for row in rows
        ]


def _usage(text: str | None) -> dict[str, Any] | None:
    return json.loads(text) if text else None
