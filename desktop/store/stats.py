"""The executions as insight reads them (the StatsQueries port)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.engine import Row
from sqlalchemy.orm import aliased

from desktop.domain.conversations import Execution, ExecutionKind
from desktop.domain.stats import ExecutionFact
from desktop.domain.tree_labels import node_kind
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
                e.history_epoch,
                link.usage_json.label("link_usage"),
                link.kind.label("link_kind"),
                link.conversation_id.label("link_conversation"),
                link.history_epoch.label("link_epoch"),
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
            ExecutionFact(
                *row[:7],
                _usage(row.usage_json),
                *row[8:13],
                link_usage=_usage(row.link_usage),
                node_kind=_node_kind(row),
            )
            for row in rows
        ]


def _usage(text: str | None) -> dict[str, Any] | None:
    return json.loads(text) if text else None


def _kind(text: str | None) -> ExecutionKind:
    try:
        return ExecutionKind(text)
    except ValueError:  # a kind this version does not know: a turn of its own
        return ExecutionKind.NEW


def _node_kind(row: Row[Any]) -> str:
    """How the node came to be, as the tree says it (a re-run, a fork...)."""
    me = Execution("", row.conversation_id, _kind(row.kind), None, "", "",
                   history_epoch=row.history_epoch or 0)  # fmt: skip
    if row.link_kind is None:
        return node_kind(me, None)
    link = Execution("", row.link_conversation, _kind(row.link_kind), None, "", "",
                     history_epoch=row.link_epoch or 0)  # fmt: skip
    return node_kind(me, link)
