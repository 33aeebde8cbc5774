"""The index of sessions found on disk, and full-text search over their messages."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import Select, delete, or_, select, text, update
from sqlalchemy.orm import Session

from desktop.domain.sessions import (
    FileState,
    IndexedText,
    SearchHit,
    SessionFilter,
    SessionRecord,
    is_under,
)
from desktop.domain.textsearch import make_snippet, match_expression, segment
from desktop.store.db import Database
from desktop.store.models import AccountRow, SessionRow

_FIELDS = (
    "cwd",
    "title",
    "first_prompt",
    "message_count",
    "created",
    "modified",
    "size",
    "model",
    "input_tokens",
    "output_tokens",
    "error",
    "missing",
)


def _record(row: SessionRow, account: str) -> SessionRecord:
    return SessionRecord(
        account=account,
        session_id=row.session_id,
        path=row.path,
        **{name: getattr(row, name) for name in _FIELDS},
    )


def _like_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class SqlSessionIndex:
    def __init__(self, db: Database) -> None:
        self._db = db

    def _account_id(self, session: Session, name: str) -> int | None:
        return session.scalar(select(AccountRow.id).where(AccountRow.name == name))

    def known_files(self, account: str) -> dict[str, FileState]:
        with self._db.session() as session:
            rows = session.execute(
                select(SessionRow)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(AccountRow.name == account)
            ).scalars()
            return {
                row.session_id: FileState(
                    row.path, row.size, row.mtime_ns, row.read_offset, row.summary_state
                )
                for row in rows
                if not row.missing
            }

    def save(
        self,
        record: SessionRecord,
        file: FileState,
        texts: Sequence[IndexedText],
        *,
        replace: bool,
    ) -> None:
        """Store a session's summary; `replace` drops its earlier text first."""
        with self._db.session() as session:
            account_id = self._account_id(session, record.account)
            if account_id is None:
                return  # the account was removed while we were reading
            row = session.scalar(
                select(SessionRow).where(
                    SessionRow.account_id == account_id,
                    SessionRow.session_id == record.session_id,
                )
            )
            if row is None:
                row = SessionRow(account_id=account_id, session_id=record.session_id)
                session.add(row)
            elif replace:
                session.execute(
                    text("DELETE FROM session_text WHERE session_pk = :pk"), {"pk": row.id}
                )
            row.path = file.path
            for name in _FIELDS:
                setattr(row, name, getattr(record, name))
            row.mtime_ns = file.mtime_ns
            row.read_offset = file.read_offset
            row.summary_state = file.state
            session.flush()
            if texts:
                session.execute(
                    text(
                        "INSERT INTO session_text (body, raw, session_pk, uuid, role) "
                        "VALUES (:body, :raw, :pk, :uuid, :role)"
                    ),
                    [
                        {
                            "body": segment(t.text),
                            "raw": t.text,
                            "pk": row.id,
                            "uuid": t.uuid,
                            "role": t.role,
                        }
                        for t in texts
                        if t.text.strip()
                    ],
                )

    def mark_missing(self, account: str, session_ids: Sequence[str]) -> None:
        if not session_ids:
            return
        with self._db.session() as session:
            account_id = self._account_id(session, account)
            session.execute(
                update(SessionRow)
                .where(
                    SessionRow.account_id == account_id,
                    SessionRow.session_id.in_(list(session_ids)),
                )
                .values(missing=True)
            )

    def forget(self, account: str) -> None:
        """Drop everything indexed for an account (for a rebuild)."""
        with self._db.session() as session:
            account_id = self._account_id(session, account)
            session.execute(
                text(
                    "DELETE FROM session_text WHERE session_pk IN "
                    "(SELECT id FROM sessions WHERE account_id = :a)"
                ),
                {"a": account_id},
            )
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    def _select(self, flt: SessionFilter) -> Select[tuple[SessionRow, str]]:
        query = select(SessionRow, AccountRow.name).join(
            AccountRow, AccountRow.id == SessionRow.account_id
        )
        if flt.account:
            query = query.where(AccountRow.name == flt.account)
        if flt.cwd:
            cwd = flt.cwd.rstrip("/") or "/"
            query = query.where(
                or_(SessionRow.cwd == cwd, SessionRow.cwd.like(_like_escape(cwd) + "/%", "\\"))
            )
        if flt.text:
            needle = f"%{_like_escape(flt.text)}%"
            query = query.where(
                or_(
                    SessionRow.title.like(needle, "\\"),
                    SessionRow.cwd.like(needle, "\\"),
                    SessionRow.session_id.like(needle, "\\"),
                )
            )
        return query.order_by(SessionRow.modified.desc().nulls_last(), SessionRow.id)

    def list(self, flt: SessionFilter) -> list[SessionRecord]:
        with self._db.session() as session:
            records = [_record(row, name) for row, name in session.execute(self._select(flt))]
        if flt.roots:
            records = [r for r in records if any(is_under(r.cwd, root) for root in flt.roots)]
        return records

    def find(self, session_id: str, account: str | None = None) -> list[SessionRecord]:
        flt = SessionFilter(account=account)
        with self._db.session() as session:
            query = self._select(flt).where(SessionRow.session_id == session_id)
            return [_record(row, name) for row, name in session.execute(query)]

    def search(self, query: str, account: str | None, limit: int) -> list[SearchHit]:
        expression = match_expression(query)
        if expression is None:
            return []
        sql = (
            "SELECT t.raw, t.uuid, t.role, bm25(session_text) AS score, "
            "s.session_id, s.title, s.cwd, a.name "
            "FROM session_text t JOIN sessions s ON s.id = t.session_pk "
            "JOIN accounts a ON a.id = s.account_id "
            "WHERE session_text MATCH :q "
            + ("AND a.name = :account " if account else "")
            + "ORDER BY score LIMIT :limit"
        )
        with self._db.session() as session:
            rows = session.execute(
                text(sql), {"q": expression, "account": account, "limit": limit * 8}
            ).all()
        best: dict[tuple[str, str], SearchHit] = {}
        for raw, uuid, role, score, sid, title, cwd, name in rows:
            if (name, sid) in best:
                continue  # rows come best first: keep each session's best message
            best[(name, sid)] = SearchHit(
                account=name,
                session_id=sid,
                uuid=uuid,
                role=role,
                snippet=make_snippet(raw, query),
                score=-score,
                title=title,
                cwd=cwd,
            )
        return list(best.values())[:limit]

    def texts(self, account: str, session_id: str) -> list[IndexedText]:
        """The searchable text kept for a session, in the order it was read."""
        with self._db.session() as session:
            rows = session.execute(
                text(
                    "SELECT t.uuid, t.role, t.raw FROM session_text t "
                    "JOIN sessions s ON s.id = t.session_pk "
                    "JOIN accounts a ON a.id = s.account_id "
                    "WHERE a.name = :account AND s.session_id = :sid ORDER BY t.rowid"
                ),
                {"account": account, "sid": session_id},
            ).all()
        return [IndexedText(uuid, role, raw) for uuid, role, raw in rows]
