"""The index of sessions found on disk (the list's rows; their text and its
search are in `session_text`).

Built for a first index of thousands of sessions and hundreds of thousands of
messages, and for a start-up that only checks what changed:

* the writes (`session_writes`) store a batch of sessions in one transaction;
* the list and the known files are read as columns with plain `sqlite3`, no
  ORM objects and no SQLAlchemy at all (its import alone would be most of a
  listing's start-up), their dates parsed by `fromisoformat`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from desktop.domain.sessions import (
    FileState,
    Increment,
    IndexedText,
    SearchHit,
    SessionFilter,
    SessionRecord,
    is_under,
)
from desktop.store.db import Database, in_slices
from desktop.store.path_bytes import loaded_path
from desktop.store.session_text import search, session_texts

_LIST = (
    "SELECT a.name, s.session_id, s.path, s.cwd, s.title, s.first_prompt, s.message_count, "
    "s.created, s.modified, s.size, s.model, s.input_tokens, s.output_tokens, s.error, "
    "s.missing FROM sessions s JOIN accounts a ON a.id = s.account_id"
)
_ORDER = " ORDER BY s.modified DESC NULLS LAST, s.id"


def _record(row: Sequence[Any]) -> SessionRecord:
    (account, session_id, path, cwd, title, first_prompt, messages, created, modified) = row[:9]
    size, model, input_tokens, output_tokens, error, missing = row[9:]
    return SessionRecord(
        account,
        session_id,
        loaded_path(path),
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
    # parsed here: fromisoformat is several times faster than a generic
    # DateTime conversion, and a list reads two per session
    return datetime.fromisoformat(stored) if stored else None


def _like_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


class SqlSessionIndex:
    def __init__(self, db: Database) -> None:
        self._db = db
        self._tuned = False

    def file_stamps(self, account: str) -> dict[str, tuple[int, int]]:
        # three columns of every row: every command's refresh reads them, and the
        # summary states beside them are half the table's bytes. `+` keeps SQLite
        # from the (account, id) index: one pass over the table in its own order
        # costs a third less than a row looked up by rowid for each index entry
        # a path kept as shown (U+FFFD for a byte that is not UTF-8, before paths were
        # stored bytes-safe) names no file: its row is read again, and the path mended
        query = (
            "SELECT s.session_id, CASE WHEN instr(s.path, char(65533)) THEN -1 ELSE s.size END, "
            "s.mtime_ns FROM sessions s "
            "JOIN accounts a ON a.id = +s.account_id WHERE a.name = ? AND s.missing = 0"
        )
        with self._db.read() as conn:
            return {sid: (size, mtime) for sid, size, mtime in conn.execute(query, (account,))}

    def known_files(self, account: str, session_ids: Iterable[str]) -> dict[str, FileState]:
        ids = list(session_ids)
        query = (
            "SELECT s.session_id, s.path, s.size, s.mtime_ns, s.read_offset, s.summary_state "
            "FROM sessions s JOIN accounts a ON a.id = s.account_id "
            "WHERE a.name = ? AND s.missing = 0 AND s.session_id IN "
        )
        found: dict[str, FileState] = {}
        if not ids:
            return found
        with self._db.read() as conn:
            for marks, chunk in in_slices(ids):
                rows = conn.execute(query + marks, [account, *chunk])
                found.update(
                    (sid, FileState(loaded_path(path), *rest)) for sid, path, *rest in rows
                )
        return found

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
        from desktop.store.session_writes import save_many

        save_many(self._db, increments, tune_first=not self._tuned)
        self._tuned = True

    def search(self, query: str, account: str | None, limit: int) -> list[SearchHit]:
        with self._db.read() as conn:
            return search(conn, query, account, limit)

    def texts(self, account: str, session_id: str) -> list[IndexedText]:
        """The searchable text kept for a session, in the order it was read."""
        with self._db.read() as conn:
            row = conn.execute(
                "SELECT s.id FROM sessions s JOIN accounts a ON a.id = s.account_id "
                "WHERE a.name = ? AND s.session_id = ?",
                (account, session_id),
            ).fetchone()
            return [] if row is None else session_texts(conn, row[0])

    def mark_missing(self, account: str, session_ids: Sequence[str]) -> None:
        if not session_ids:
            return
        from desktop.store.session_writes import mark_missing

        mark_missing(self._db, account, session_ids)

    def forget(self, account: str) -> None:
        """Drop everything indexed for an account (for a rebuild)."""
        from desktop.store.session_writes import forget

        forget(self._db, account)

    def _select(self, flt: SessionFilter) -> tuple[str, list[Any]]:
        where: list[str] = []
        params: list[Any] = []
        if flt.account:
            where.append("a.name = ?")
            params.append(flt.account)
        if flt.cwd:
            cwd = flt.cwd.rstrip("/") or "/"
            where.append("(s.cwd = ? OR s.cwd LIKE ? ESCAPE '\\')")
            params += [cwd, _like_escape(cwd) + "/%"]
        if flt.text:
            needle = f"%{_like_escape(flt.text)}%"
            where.append(
                "(s.title LIKE ? ESCAPE '\\' OR s.cwd LIKE ? ESCAPE '\\' "
                "OR s.session_id LIKE ? ESCAPE '\\')"
            )
            params += [needle, needle, needle]
        return _LIST + (" WHERE " + " AND ".join(where) if where else ""), params

    def list(self, flt: SessionFilter) -> list[SessionRecord]:
        query, params = self._select(flt)
        with self._db.read() as conn:
            records = [_record(row) for row in conn.execute(query + _ORDER, params)]
        if flt.roots:
            records = [r for r in records if any(is_under(r.cwd, root) for root in flt.roots)]
        return records

    def find(self, session_id: str, account: str | None = None) -> list[SessionRecord]:
        query, params = self._select(SessionFilter(account=account))
        query += (" AND" if params else " WHERE") + " s.session_id = ?"
        with self._db.read() as conn:
            return [_record(row) for row in conn.execute(query + _ORDER, [*params, session_id])]
