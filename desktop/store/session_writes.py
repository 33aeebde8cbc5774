"""Writing the session index: a batch of sessions in one transaction (upserts
with RETURNING, one `executemany` for the text rows), marking sessions gone,
forgetting an account's.

Apart from the reads (`desktop.store.sessions`) because it is the part that
needs SQLAlchemy: a listing that finds nothing changed never imports it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sqlalchemy import Connection, delete, select, text, update
from sqlalchemy.dialects.sqlite import insert
from sqlalchemy.exc import SQLAlchemyError

from desktop.domain.errors import StoreError
from desktop.domain.sessions import Increment
from desktop.store.db import Database, Plain
from desktop.store.models import AccountRow, SessionRow
from desktop.store.session_text import tune, write_texts

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
"""The summary columns of a session row, as `SessionRecord` names them."""
_T = SessionRow.__table__
_CACHE_KIB = 32 << 10
"""Page cache while writing a batch: FTS merges reread their segments."""
_IN_CHUNK = 500  # ids per IN (...): well under SQLite's variable limit


def _chunks(items: Sequence[str]) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), _IN_CHUNK):
        yield items[start : start + _IN_CHUNK]


def save_many(db: Database, increments: Sequence[Increment], *, tune_first: bool) -> None:
    """Store many sessions (each once) in one transaction: all or none.
    `tune_first` sets the text table's own settings first (once a process)."""
    try:
        _save_many(db, increments, tune_first)
    except (SQLAlchemyError, ValueError, OverflowError) as exc:
        reason = getattr(exc, "orig", None) or exc
        raise StoreError(f"cannot be stored ({type(reason).__name__}: {reason})") from exc


def _save_many(db: Database, increments: Sequence[Increment], tune_first: bool) -> None:
    with db.write() as conn:
        conn.exec_driver_sql(f"PRAGMA cache_size = -{_CACHE_KIB}")
        raw = Plain(conn.connection.driver_connection)  # the text rows: the same transaction
        if tune_first:
            tune(raw)
        names = {i.record.account for i in increments}
        query = select(AccountRow.name, AccountRow.id).where(AccountRow.name.in_(names))
        accounts: dict[str, int] = {name: pk for name, pk in conn.execute(query)}
        # an account removed while we were reading: its sessions are dropped
        todo = [i for i in increments if i.record.account in accounts]
        existing = _existing(conn, accounts, todo)
        pks = _upsert(conn, accounts, todo)
        keys = [(accounts[i.record.account], i.record.session_id) for i in todo]
        write_texts(raw, ((pks[k], k in existing, i) for k, i in zip(keys, todo, strict=True)))


def _existing(
    conn: Connection, accounts: dict[str, int], todo: Sequence[Increment]
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
    conn: Connection, accounts: dict[str, int], todo: Sequence[Increment]
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


def mark_missing(db: Database, account: str, session_ids: Sequence[str]) -> None:
    with db.session() as session:
        account_id = session.scalar(select(AccountRow.id).where(AccountRow.name == account))
        for chunk in _chunks(list(session_ids)):
            session.execute(
                update(SessionRow)
                .where(SessionRow.account_id == account_id, SessionRow.session_id.in_(chunk))
                .values(missing=True)
            )


def forget(db: Database, account: str) -> None:
    """Drop everything indexed for an account (for a rebuild)."""
    with db.session() as session:
        account_id = session.scalar(select(AccountRow.id).where(AccountRow.name == account))
        session.execute(
            text(
                "DELETE FROM session_text WHERE session_pk IN "
                "(SELECT id FROM sessions WHERE account_id = :a)"
            ),
            {"a": account_id},
        )
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
