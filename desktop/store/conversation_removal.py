"""Deleting a conversation from the database: one write transaction, or nothing.

Its executions and rollovers go with it; bundle items that name it are taken
out (the others close up); forks in other conversations lose only their link
to it (they keep their own sessions); its `SESS-` number is never handed out
again (`conversations.last_number`), so a `[[SESS-042]]` left in other text
never comes to mean another conversation. What would go is planned and
re-planned inside the deleting transaction (`BEGIN IMMEDIATE`, which a new
turn's `SqlExecutionRepository.create` also takes), so a turn started by
another process meanwhile either is seen running and refuses the delete, or
finds the conversation gone.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session

from desktop.domain.conversations import Execution, conversation_code
from desktop.domain.errors import BusyError, NotFoundError
from desktop.domain.references import referenced_numbers
from desktop.domain.removal import ConversationRemoval, TranscriptFile
from desktop.store.conversations import LAST_NUMBER, _execution, _names
from desktop.store.db import Database
from desktop.store.models import ExecutionRow
from desktop.store.path_bytes import loaded_path
from desktop.store.unfinished import UNFINISHED

Key = tuple[int, str]
"""(account id, Claude session id)."""


def _rows(session: Session, sql: str, *params: object) -> list[tuple[object, ...]]:
    return list(session.connection().exec_driver_sql(sql, params).fetchall())


def _sessions_of(session: Session, conversation_id: str) -> set[Key]:
    """The Claude sessions its turns ran in (an adopted session's file, which
    Claude Code made before Sessiondesk knew it, counts once a turn of ours ran in it)."""
    found = _rows(
        session,
        "SELECT DISTINCT account_id, session_id FROM executions WHERE conversation_id = ? "
        "AND account_id IS NOT NULL AND session_id IS NOT NULL",
        conversation_id,
    )
    return {(int(a), str(s)) for a, s in found}  # type: ignore[call-overload]


def _used_elsewhere(session: Session, conversation_id: str, keys: set[Key]) -> set[Key]:
    used = set()
    for account_id, session_id in keys:
        if _rows(
            session,
            "SELECT 1 FROM executions WHERE conversation_id != ? AND account_id = ? "
            "AND session_id = ? UNION SELECT 1 FROM conversations WHERE id != ? "
            "AND account_id = ? AND session_id = ? LIMIT 1",
            conversation_id, account_id, session_id, conversation_id, account_id, session_id,
        ):  # fmt: skip
            used.add((account_id, session_id))
    return used


def _transcripts(session: Session, keys: set[Key]) -> list[TranscriptFile]:
    """Claude's files of these sessions that the index finds on disk."""
    found = []
    for account_id, session_id in sorted(keys):
        row = _rows(
            session,
            "SELECT a.name, s.path FROM sessions s JOIN accounts a ON a.id = s.account_id "
            "WHERE s.account_id = ? AND s.session_id = ? AND s.missing = 0",
            account_id,
            session_id,
        )
        if not row:
            continue
        name, raw = row[0]
        path = loaded_path(raw)  # type: ignore[arg-type]
        try:
            size = os.stat(path).st_size
        except OSError:
            continue  # gone meanwhile: nothing of it to remove
        found.append(TranscriptFile(str(name), session_id, path, size))
    return found


def _plan(session: Session, conversation_id: str) -> tuple[ConversationRemoval, list[str]]:
    row = _rows(session, "SELECT number, title FROM conversations WHERE id = ?", conversation_id)
    if not row:
        raise NotFoundError(f"no conversation {conversation_id}")
    number, title = int(row[0][0]), str(row[0][1])  # type: ignore[call-overload]
    ids = [
        str(i)
        for (i,) in _rows(
            session, "SELECT id FROM executions WHERE conversation_id = ?", conversation_id
        )
    ]
    marks = ", ".join("?" * len(ids)) or "NULL"
    forks = _rows(
        session,
        "SELECT DISTINCT c.number FROM executions e JOIN conversations c "
        "ON c.id = e.conversation_id WHERE e.conversation_id != ? AND "
        f"(e.forked_from_execution_id IN ({marks}) OR e.parent_execution_id IN ({marks})) "
        "ORDER BY c.number",
        conversation_id, *ids, *ids,
    )  # fmt: skip
    bundles = _rows(
        session,
        "SELECT DISTINCT b.name FROM bundle_items i JOIN bundles b ON b.id = i.bundle_id "
        "WHERE i.kind = 'conversation' AND i.ref = ? ORDER BY b.name",
        conversation_id,
    )
    rollovers = _rows(
        session, "SELECT count(*) FROM rollovers WHERE conversation_id = ?", conversation_id
    )
    citing: set[int] = set()
    for other, text in _rows(
        session, "SELECT number, description FROM conversations WHERE id != ?", conversation_id
    ):
        if number in referenced_numbers(str(text or "")):
            citing.add(int(other))  # type: ignore[call-overload]
    for other, text in _rows(
        session,
        "SELECT c.number, e.prompt FROM executions e JOIN conversations c "
        "ON c.id = e.conversation_id WHERE e.conversation_id != ? AND e.prompt LIKE '%[[%'",
        conversation_id,
    ):
        if number in referenced_numbers(str(text or "")):
            citing.add(int(other))  # type: ignore[call-overload]
    keys = _sessions_of(session, conversation_id)
    shared = _used_elsewhere(session, conversation_id, keys)
    plan = ConversationRemoval(
        conversation_id=conversation_id,
        code=conversation_code(number),
        title=title,
        executions=len(ids),
        rollovers=int(rollovers[0][0]),  # type: ignore[call-overload]
        bundles=tuple(str(name) for (name,) in bundles),
        forks=tuple(conversation_code(int(n)) for (n,) in forks),  # type: ignore[call-overload]
        referenced_by=tuple(conversation_code(n) for n in sorted(citing)),
        transcripts=tuple(_transcripts(session, keys - shared)),
        shared_sessions=len(shared),
    )
    return plan, ids


class SqlConversationRemoval:
    def __init__(self, db: Database) -> None:
        self._db = db

    def plan(self, conversation_id: str) -> ConversationRemoval:
        with self._db.session(write=False) as session:
            return _plan(session, conversation_id)[0]

    def delete(
        self,
        conversation_id: str,
        *,
        running: Callable[[Execution], bool],
        with_transcripts: bool,
        archived: set[tuple[str, str]],
    ) -> ConversationRemoval:
        """Delete it, as planned now; `BusyError` while one of its turns runs.
        With `with_transcripts`, the index forgets the sessions whose files the
        caller removes next (those still `archived` stay listed, as gone)."""
        with self._db.session() as session:
            names = _names(session)
            # read whole before a refusal can leave the loop: a statement left open
            # on a pooled connection would pin that connection's snapshot
            unfinished = session.scalars(
                select(ExecutionRow).where(
                    ExecutionRow.conversation_id == conversation_id,
                    ExecutionRow.status.in_(UNFINISHED),
                )
            ).all()
            for execution in (_execution(row, names) for row in unfinished):
                if running(execution):
                    raise BusyError(execution)
            plan, ids = _plan(session, conversation_id)
            run = session.connection().exec_driver_sql
            self._reserve(session, plan)
            for marks, chunk in _slices(ids):
                # forks and continues elsewhere keep their rows, without a link to nothing
                run(
                    "UPDATE executions SET forked_from_execution_id = NULL WHERE "
                    f"conversation_id != ? AND forked_from_execution_id IN {marks}",
                    (conversation_id, *chunk),
                )
                run(
                    "UPDATE executions SET parent_execution_id = NULL WHERE "
                    f"conversation_id != ? AND parent_execution_id IN {marks}",
                    (conversation_id, *chunk),
                )
            self._take_out_of_bundles(session, conversation_id)
            run("DELETE FROM rollovers WHERE conversation_id = ?", (conversation_id,))
            run("DELETE FROM executions WHERE conversation_id = ?", (conversation_id,))
            run("DELETE FROM conversations WHERE id = ?", (conversation_id,))
            if with_transcripts:
                self._forget(session, plan, archived)
            return plan

    @staticmethod
    def _reserve(session: Session, plan: ConversationRemoval) -> None:
        number = int(plan.code.split("-", 1)[1])
        session.connection().exec_driver_sql(
            "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE "
            "SET value = max(CAST(value AS INTEGER), CAST(excluded.value AS INTEGER))",
            (LAST_NUMBER, str(number)),
        )

    @staticmethod
    def _take_out_of_bundles(session: Session, conversation_id: str) -> None:
        run = session.connection().exec_driver_sql
        touched = _rows(
            session,
            "SELECT DISTINCT bundle_id FROM bundle_items WHERE kind = 'conversation' AND ref = ?",
            conversation_id,
        )
        run("DELETE FROM bundle_items WHERE kind = 'conversation' AND ref = ?", (conversation_id,))
        for (bundle_id,) in touched:
            # items are numbered 1.. in `bundle show`: close the gap, stepping aside first
            # (positions are unique per bundle)
            run("UPDATE bundle_items SET position = -position WHERE bundle_id = ?", (bundle_id,))
            left = _rows(
                session,
                "SELECT id FROM bundle_items WHERE bundle_id = ? ORDER BY position DESC",
                bundle_id,
            )
            for position, (item_id,) in enumerate(left, 1):
                run("UPDATE bundle_items SET position = ? WHERE id = ?", (position, item_id))
            run(
                "UPDATE bundles SET updated = strftime('%Y-%m-%d %H:%M:%f000', 'now') WHERE id = ?",
                (bundle_id,),
            )

    @staticmethod
    def _forget(
        session: Session, plan: ConversationRemoval, archived: set[tuple[str, str]]
    ) -> None:
        run = session.connection().exec_driver_sql
        for t in plan.transcripts:
            account = "SELECT id FROM accounts WHERE name = ?"
            if (t.account, t.session_id) in archived:
                run(
                    f"UPDATE sessions SET missing = 1 WHERE account_id = ({account}) "
                    "AND session_id = ?",
                    (t.account, t.session_id),
                )
                continue
            run(
                "DELETE FROM session_text WHERE session_pk IN (SELECT id FROM sessions "
                f"WHERE account_id = ({account}) AND session_id = ?)",
                (t.account, t.session_id),
            )
            run(
                f"DELETE FROM sessions WHERE account_id = ({account}) AND session_id = ?",
                (t.account, t.session_id),
            )


def _slices(ids: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    from desktop.store.db import in_slices

    return [(marks, tuple(chunk)) for marks, chunk in in_slices(ids)]
