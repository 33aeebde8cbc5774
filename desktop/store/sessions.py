"""The index of sessions found on disk (the list's rows; their text and its
search are in `session_text`).

Built for a first index of thousands of sessions and hundreds of thousands of
messages, and for a start-up that only checks what changed:

* `save_many` writes a batch of sessions in one transaction with a few
  statements (upserts with RETURNING, one `executemany` for the text rows);
* the list and the known files are read as columns, not ORM objects, and
  their dates parsed by `fromisoformat`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Row,
    Select,
    String,
    delete,
    or_,
    select,
    text,
    type_coerce,
    update,
)
from sqlalchemy.dialects.sqlite import insert
from sqlalchemy.exc import SQLAlchemyError

from desktop.domain.errors import StoreError
from desktop.domain.sessions import (
    FileState,
    Increment,
    IndexedText,
    SearchHit,
    SessionFilter,
    SessionRecord,
    is_under,
)
from desktop.store.db import Database
from desktop.store.models import AccountRow, SessionRow
from desktop.store.session_text import search, session_texts, tune, write_texts

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
_T = SessionRow.__table__
_CACHE_KIB = 32 << 10
"""Page cache while writing a batch: FTS merges reread their segments."""
_IN_CHUNK = 500  # ids per IN (...): well under SQLite's variable limit


def _record(row: Row[tuple[Any, ...]]) -> SessionRecord:
    (account, session_id, path, cwd, title, first_prompt, messages, created, modified) = row[:9]
    size, model, input_tokens, output_tokens, error, missing = row[9:]
    return SessionRecord(
        account,
        session_id,
        path,
        cwd,
        title,
        first_prompt,
        messages,
        _when(created),
        _when(modified),
        size,
        model,
        input_tokens,
        output_tokens,
        error,
        bool(missing),
    )


def _when(stored: str | None) -> datetime | None:
    # read as text and parsed here: fromisoformat is several times faster than
    # the generic DateTime conversion, and a list reads two per session
    return datetime.fromisoformat(stored) if stored else None


def _like_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _chunks(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), _IN_CHUNK):
        yield items[start : start + _IN_CHUNK]


class SqlSessionIndex:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._tuned = False

    def known_files(self, account: str) -> dict[str, FileState]:
        query = (
            select(_T.c.session_id, _T.c.path, _T.c.size, _T.c.mtime_ns, _T.c.read_offset)
            .add_columns(_T.c.summary_state)
            .join(AccountRow, AccountRow.id == _T.c.account_id)
            .where(AccountRow.name == account, _T.c.missing.is_(False))
        )
        with self._db.engine.connect() as conn:
            return {sid: FileState(*rest) for sid, *rest in conn.execute(query)}

    def save(
        self,
        record: SessionRecord,
        file: FileState,
        texts: Sequence[IndexedText],
        *,
        replace: bool,
    ) -> None:
        """Store a session's summary; `replace` drops its earlier text first."""
        self.save_many([Increment(record, file, list(texts), replace)])

    def save_many(self, increments: Sequence[Increment]) -> None:
        """Store many sessions (each once) in one transaction: all or none."""
        if not increments:
            return
        try:
            self._save_many(increments)
        except (SQLAlchemyError, ValueError, OverflowError) as exc:
            reason = getattr(exc, "orig", None) or exc
            raise StoreError(f"cannot be stored ({type(reason).__name__}: {reason})") from exc

    def _save_many(self, increments: Sequence[Increment]) -> None:
        with self._db.write() as conn:
            conn.exec_driver_sql(f"PRAGMA cache_size = -{_CACHE_KIB}")
            if not self._tuned:
                tune(conn)
                self._tuned = True
            names = {i.record.account for i in increments}
            query = select(AccountRow.name, AccountRow.id).where(AccountRow.name.in_(names))
            accounts: dict[str, int] = {name: pk for name, pk in conn.execute(query)}
            # an account removed while we were reading: its sessions are dropped
            todo = [i for i in increments if i.record.account in accounts]
            existing = self._existing(conn, accounts, todo)
            pks = self._upsert(conn, accounts, todo)
            keys = [(accounts[i.record.account], i.record.session_id) for i in todo]
            write_texts(conn, ((pks[k], k in existing, i) for k, i in zip(keys, todo, strict=True)))

    def _existing(
        self, conn: Connection, accounts: dict[str, int], todo: Sequence[Increment]
    ) -> set[tuple[int, str]]:
        by_account: dict[int, list[str]] = {}
        for item in todo:
            by_account.setdefault(accounts[item.record.account], []).append(item.record.session_id)
        found: set[tuple[int, str]] = set()
        for account_id, ids in by_account.items():
            for chunk in _chunks(ids):
                query = select(_T.c.account_id, _T.c.session_id).where(
                    _T.c.account_id == account_id, _T.c.session_id.in_(chunk)
                )
                found.update((a, s) for a, s in conn.execute(query))
        return found

    def _upsert(
        self, conn: Connection, accounts: dict[str, int], todo: Sequence[Increment]
    ) -> dict[tuple[int, str], int]:
        rows = [
            {
                "account_id": accounts[i.record.account],
                "session_id": i.record.session_id,
                "path": i.file.path,
                **{name: getattr(i.record, name) for name in _FIELDS},
                "mtime_ns": i.file.mtime_ns,
                "read_offset": i.file.read_offset,
                "summary_state": i.file.state,
            }
            for i in todo
        ]
        stmt = insert(_T)
        kept = {c: stmt.excluded[c] for c in rows[0] if c not in ("account_id", "session_id")}
        stmt = stmt.on_conflict_do_update(
            index_elements=[_T.c.account_id, _T.c.session_id], set_=kept
        ).returning(_T.c.id, _T.c.account_id, _T.c.session_id)
        return {(a, s): pk for pk, a, s in conn.execute(stmt, rows)}

    def search(self, query: str, account: str | None, limit: int) -> list[SearchHit]:
        with self._db.engine.connect() as conn:
            return search(conn, query, account, limit)

    def texts(self, account: str, session_id: str) -> list[IndexedText]:
        """The searchable text kept for a session, in the order it was read."""
        with self._db.engine.connect() as conn:
            pk = conn.execute(
                select(_T.c.id)
                .join(AccountRow, AccountRow.id == _T.c.account_id)
                .where(AccountRow.name == account, _T.c.session_id == session_id)
            ).scalar()
            return [] if pk is None else session_texts(conn, pk)

    def mark_missing(self, account: str, session_ids: Sequence[str]) -> None:
        if not session_ids:
            return
        with self._db.session() as session:
            account_id = session.scalar(select(AccountRow.id).where(AccountRow.name == account))
            for chunk in _chunks(list(session_ids)):
                session.execute(
                    update(SessionRow)
                    .where(SessionRow.account_id == account_id, SessionRow.session_id.in_(chunk))
                    .values(missing=True)
                )

    def forget(self, account: str) -> None:
        """Drop everything indexed for an account (for a rebuild)."""
        with self._db.session() as session:
            account_id = session.scalar(select(AccountRow.id).where(AccountRow.name == account))
            session.execute(
                text(
                    "DELETE FROM session_text WHERE session_pk IN "
                    "(SELECT id FROM sessions WHERE account_id = :a)"
                ),
                {"a": account_id},
            )
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    def _select(self, flt: SessionFilter) -> Select[Any]:
        columns = (
            type_coerce(_T.c[name], String) if name in ("created", "modified") else _T.c[name]
            for name in _FIELDS
        )
        query = select(AccountRow.name, _T.c.session_id, _T.c.path).add_columns(*columns)
        query = query.join(AccountRow, AccountRow.id == _T.c.account_id)
        if flt.account:
            query = query.where(AccountRow.name == flt.account)
        if flt.cwd:
            cwd = flt.cwd.rstrip("/") or "/"
            query = query.where(or_(_T.c.cwd == cwd, _T.c.cwd.like(_like_escape(cwd) + "/%", "\\")))
        if flt.text:
            needle = f"%{_like_escape(flt.text)}%"
            query = query.where(
                or_(
                    _T.c.title.like(needle, "\\"),
                    _T.c.cwd.like(needle, "\\"),
                    _T.c.session_id.like(needle, "\\"),
                )
            )
        return query.order_by(_T.c.modified.desc().nulls_last(), _T.c.id)

    def list(self, flt: SessionFilter) -> list[SessionRecord]:
        with self._db.engine.connect() as conn:
            records = [_record(row) for row in conn.execute(self._select(flt))]
        if flt.roots:
            records = [r for r in records if any(is_under(r.cwd, root) for root in flt.roots)]
        return records

    def find(self, session_id: str, account: str | None = None) -> list[SessionRecord]:
        query = self._select(SessionFilter(account=account)).where(_T.c.session_id == session_id)
        with self._db.engine.connect() as conn:
            return [_record(row) for row in conn.execute(query)]
