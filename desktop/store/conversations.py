"""Conversations and their executions in the database."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import ColumnElement, func, select
from sqlalchemy.orm import Session

from desktop.domain.conversations import (
    Conversation,
    Execution,
    ExecutionKind,
    ExecutionStatus,
    SessionLink,
)
from desktop.domain.errors import BusyError, NotFoundError
from desktop.store.accounts import account_names
from desktop.store.db import Database
from desktop.store.models import AccountRow, ConversationRow, ExecutionRow
from desktop.store.times import utcnow
from desktop.store.unfinished import UNFINISHED as _UNFINISHED


def _names(session: Session) -> dict[int, str]:
    return account_names(session.connection().connection.driver_connection)


def _account_id(session: Session, name: str | None) -> int | None:
    if name is None:
        return None
    return session.scalar(select(AccountRow.id).where(AccountRow.name == name))


def _conversation(row: ConversationRow, names: dict[int, str]) -> Conversation:
    return Conversation(
        id=row.id,
        number=row.number,
        title=row.title,
        description=row.description,
        account=names.get(row.account_id) if row.account_id else None,
        session_id=row.session_id,
        cwd=row.cwd,
        runtime_id=row.runtime_id,
        history_epoch=row.history_epoch,
        last_input_tokens=row.last_input_tokens,
        hidden=row.archived,
        context_window=row.context_window,
        model=row.model,
        permission_mode=row.permission_mode,
        created=row.created,
        updated=row.updated,
    )


def _execution(row: ExecutionRow, names: dict[int, str]) -> Execution:
    return Execution(
        id=row.id,
        conversation_id=row.conversation_id,
        kind=ExecutionKind(row.kind),
        account=names.get(row.account_id) if row.account_id else None,
        cwd=row.cwd,
        prompt=row.prompt,
        status=ExecutionStatus(row.status),
        parent_execution_id=row.parent_execution_id,
        forked_from_execution_id=row.forked_from_execution_id,
        args=json.loads(row.args_json or "[]"),
        runtime_fingerprint=row.runtime_fingerprint,
        session_id_in=row.session_id_in,
        session_id=row.session_id,
        exit_code=row.exit_code,
        error=row.error,
        usage=json.loads(row.usage_json) if row.usage_json else None,
        context_tokens=row.context_tokens,
        cost_usd=row.cost_usd,
        pid=row.pid,
        pid_started=row.pid_started,
        owner_pid=row.owner_pid,
        owner_started=row.owner_started,
        stop_requested=row.stop_requested,
        resumed=row.resumed,
        resume_reason=row.resume_reason,
        last_uuid=row.last_uuid,
        sent_bytes=row.sent_bytes,
        saved_bytes=row.saved_bytes,
        history_epoch=row.history_epoch or 0,
        model=row.model,
        permission_mode=row.permission_mode,
        started=row.started,
        finished=row.finished,
    )


_POINTER_FIELDS = {
    "session_id",
    "cwd",
    "runtime_id",
    "history_epoch",
    "last_input_tokens",
    "context_window",
    "title",
    "description",
    "hidden",
    "model",
    "permission_mode",
}
_COLUMNS = {"hidden": "archived"}
"""Fields stored under another column's name: `archived` (migration 0002) is
whether the conversation is hidden from the main list."""
_EXECUTION_FIELDS = {
    "session_id",
    "status",
    "exit_code",
    "error",
    "context_tokens",
    "cost_usd",
    "pid",
    "pid_started",
    "runtime_fingerprint",
    "args_json",
    "stop_requested",
    "last_uuid",
    "model",
    "permission_mode",
}


LAST_NUMBER = "conversations.last_number"
"""A settings row: the highest `SESS-` number a deleted conversation had. Numbers
are never handed out twice, so a `[[SESS-042]]` in some text never comes to
name another conversation."""


def next_number(session: Session) -> int:
    """The number for a new conversation: after every one that exists or existed."""
    highest = session.scalar(select(func.max(ConversationRow.number))) or 0
    reserved = (
        session.connection()
        .exec_driver_sql("SELECT value FROM settings WHERE key = ?", (LAST_NUMBER,))
        .scalar()
    )
    return max(highest, int(reserved or 0)) + 1


class SqlConversationRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def create(self, title: str, account: str | None, cwd: str | None) -> Conversation:
        with self._db.session() as session:
            number = next_number(session)
            row = ConversationRow(
                id=str(uuid.uuid4()),
                number=number,
                title=title,
                description="",
                archived=False,
                account_id=_account_id(session, account),
                cwd=cwd,
                history_epoch=0,
            )
            session.add(row)
            session.flush()
            return _conversation(row, _names(session))

    def get(self, conversation_id: str) -> Conversation | None:
        with self._db.session(write=False) as session:
            row = session.get(ConversationRow, conversation_id)
            return _conversation(row, _names(session)) if row else None

    def by_number(self, number: int) -> Conversation | None:
        with self._db.session(write=False) as session:
            row = session.scalar(select(ConversationRow).where(ConversationRow.number == number))
            return _conversation(row, _names(session)) if row else None

    def list(self) -> list[Conversation]:
        with self._db.session(write=False) as session:
            names = _names(session)
            rows = session.scalars(select(ConversationRow).order_by(ConversationRow.number))
            return [_conversation(row, names) for row in rows]

    def update(self, conversation_id: str, *, account: str | None = None, **fields: Any) -> None:
        unknown = set(fields) - _POINTER_FIELDS
        if unknown:
            raise ValueError(f"not conversation fields: {sorted(unknown)}")
        with self._db.session() as session:
            row = session.get(ConversationRow, conversation_id)
            if row is None:
                raise NotFoundError(f"no conversation {conversation_id}")
            if account is not None:
                row.account_id = _account_id(session, account)
            for name, value in fields.items():
                setattr(row, _COLUMNS.get(name, name), value)
            row.updated = utcnow()

    def bump_epoch(self, conversation_id: str) -> int:
        """The conversation's history epoch, raised by one in the database itself
        (two processes bumping at once both count) and returned."""
        table = ConversationRow.__table__
        with self._db.session() as session:
            session.execute(
                table.update()
                .where(table.c.id == conversation_id)
                .values(history_epoch=table.c.history_epoch + 1, updated=utcnow())
            )
            epoch = session.scalar(
                select(ConversationRow.history_epoch).where(ConversationRow.id == conversation_id)
            )
        if epoch is None:
            raise NotFoundError(f"no conversation {conversation_id}")
        return int(epoch)


class SqlExecutionRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def create(
        self, execution: Execution, *, running: Callable[[Execution], bool] | None = None
    ) -> Execution:
        """Record an execution. With `running`, refuse (`BusyError`) while another
        execution of its conversation is unfinished and `running` says it still
        runs: checked and written in one write transaction, so two processes
        cannot both start a turn of one conversation."""
        with self._db.session() as session:
            if session.get(ConversationRow, execution.conversation_id) is None:
                # deleted by another process since the turn was planned
                raise NotFoundError(f"no conversation {execution.conversation_id}")
            if running is not None:
                names = _names(session)
                others = session.scalars(
                    select(ExecutionRow).where(
                        ExecutionRow.conversation_id == execution.conversation_id,
                        ExecutionRow.status.in_(_UNFINISHED),
                    )
                )
                for other in (_execution(row, names) for row in others):
                    if running(other):
                        raise BusyError(other)
            row = ExecutionRow(
                id=execution.id,
                conversation_id=execution.conversation_id,
                kind=execution.kind.value,
                parent_execution_id=execution.parent_execution_id,
                forked_from_execution_id=execution.forked_from_execution_id,
                account_id=_account_id(session, execution.account),
                cwd=execution.cwd,
                prompt=execution.prompt,
                args_json=json.dumps(execution.args),
                runtime_fingerprint=execution.runtime_fingerprint,
                session_id_in=execution.session_id_in,
                session_id=execution.session_id,
                status=execution.status.value,
                owner_pid=execution.owner_pid,
                owner_started=execution.owner_started,
                resumed=execution.resumed,
                resume_reason=execution.resume_reason,
                sent_bytes=execution.sent_bytes,
                saved_bytes=execution.saved_bytes,
                history_epoch=execution.history_epoch,
                model=execution.model,
                permission_mode=execution.permission_mode,
            )
            session.add(row)
            session.flush()
            created = _execution(row, _names(session))
        # committed; and before the turn leaves, the file is still ours and whole
        # where the turn will be kept (raises when not: nothing is sent)
        self._db.probe("executions")
        return created

    def update(
        self,
        execution_id: str,
        *,
        usage: dict[str, Any] | None = None,
        finished: bool = False,
        **fields: Any,
    ) -> Execution:
        unknown = set(fields) - _EXECUTION_FIELDS
        if unknown:
            raise ValueError(f"not execution fields: {sorted(unknown)}")
        with self._db.session() as session:
            row = session.get(ExecutionRow, execution_id)
            if row is None:
                raise NotFoundError(f"no execution {execution_id}")
            for name, value in fields.items():
                setattr(row, name, value.value if isinstance(value, ExecutionStatus) else value)
            if usage is not None:
                row.usage_json = json.dumps(usage)
            if finished:
                row.finished = utcnow()
            session.flush()
            updated = _execution(row, _names(session))
        if finished:
            # a turn's end is reported only once the file holds it: a fresh read of the table
            self._db.probe("executions")
        return updated

    def get(self, execution_id: str) -> Execution | None:
        with self._db.session(write=False) as session:
            row = session.get(ExecutionRow, execution_id)
            return _execution(row, _names(session)) if row else None

    def for_conversation(self, conversation_id: str) -> list[Execution]:
        with self._db.session(write=False) as session:
            names = _names(session)
            rows = session.scalars(
                select(ExecutionRow)
                .where(ExecutionRow.conversation_id == conversation_id)
                .order_by(ExecutionRow.started, ExecutionRow.id)
            )
            return [_execution(row, names) for row in rows]

    def session_links(self) -> list[SessionLink]:
        # one plain query for every conversation's, not an ORM read of each one's
        # executions (~0.7 ms apiece): the list's marks are read on every listing and
        # turn; on a pooled connection, as a worker's new sqlite3 one costs a millisecond
        with self._db.session(write=False) as session:
            rows = session.connection().connection.driver_connection.execute(
                "SELECT e.id, e.conversation_id, a.name, e.session_id,"
                " e.forked_from_execution_id FROM executions e"
                " LEFT JOIN accounts a ON a.id = e.account_id ORDER BY e.started, e.id"
            )
            return [SessionLink(*row) for row in rows]

    def forks_of(self, execution_ids: Sequence[str]) -> list[Execution]:
        """The executions that forked from any of these, oldest first."""
        return self._where(ExecutionRow.forked_from_execution_id.in_(list(execution_ids)))

    def with_session(self, session_id: str) -> list[Execution]:
        """The executions that ran in this Claude session, oldest first."""
        return self._where(ExecutionRow.session_id == session_id)

    def with_prefix(self, prefix: str) -> list[Execution]:
        """The executions whose id starts so (a short id as the tables print it)."""
        return self._where(ExecutionRow.id.startswith(prefix, autoescape=True))

    def prompts_containing(self, text: str) -> list[tuple[str, str]]:
        with self._db.session(write=False) as session:
            rows = session.execute(
                select(ExecutionRow.conversation_id, ExecutionRow.prompt).where(
                    ExecutionRow.prompt.contains(text, autoescape=True)
                )
            )
            return [(conversation_id, prompt or "") for conversation_id, prompt in rows]

    def _where(self, condition: ColumnElement[bool]) -> list[Execution]:
        with self._db.session(write=False) as session:
            names = _names(session)
            rows = session.scalars(
                select(ExecutionRow)
                .where(condition)
                .order_by(ExecutionRow.started, ExecutionRow.id)
            )
            return [_execution(row, names) for row in rows]

    def unfinished(self) -> list[Execution]:
        with self._db.session(write=False) as session:
            names = _names(session)
            rows = session.scalars(select(ExecutionRow).where(ExecutionRow.status.in_(_UNFINISHED)))
            return [_execution(row, names) for row in rows]
