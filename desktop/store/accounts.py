"""Accounts in the database (the secrets are in the vault, never here).

Read and added with plain `sqlite3` (every command reads them, and a fresh
home adds its first on the way to its first index); SQLAlchemy is imported
only by the other writes."""

from __future__ import annotations

import sqlite3
import uuid
from datetime import datetime
from typing import Any

from desktop.domain.accounts import Account, AuthKind
from desktop.domain.errors import ConflictError
from desktop.domain.oddtext import clean
from desktop.store.db import Database
from desktop.store.path_bytes import loaded_path, stored_path
from desktop.store.times import stored_time, utcnow

_COLUMNS = "SELECT name, config_dir, auth, created, id, secret_ref FROM accounts"


def _account(row: Any) -> Account:
    name, config_dir, auth, created, pk, secret_ref = row
    when = created if isinstance(created, datetime) else datetime.fromisoformat(created)
    return Account(
        name=name, config_dir=loaded_path(config_dir), auth=AuthKind(auth), created=when, id=pk,
        secret_ref=secret_ref or name,
    )  # fmt: skip


def account_names(connection: sqlite3.Connection) -> dict[int, str]:
    """Each account's name by its id, on the caller's connection (inside its
    transaction). Plain `sqlite3`: the ORM's select took ~80 µs of CPU against
    ~5 µs, and the conversation and execution reads ask it on every call."""
    return dict(connection.execute("SELECT id, name FROM accounts").fetchall())


class SqlAccountRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, name: str, config_dir: str, auth: AuthKind) -> Account:
        created = utcnow()
        secret_ref = uuid.uuid4().hex
        try:
            with self._db.plain_write() as conn:
                pk = conn.execute(
                    "INSERT INTO accounts (name, config_dir, auth, created, secret_ref)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (name, stored_path(config_dir), auth.value, stored_time(created), secret_ref),
                ).lastrowid
        except sqlite3.IntegrityError:
            raise ConflictError(f"an account named {name!r} exists already",
                                kind="account_exists", name=name) from None  # fmt: skip
        return _account((clean(name), config_dir, auth.value, created, pk, secret_ref))

    def get(self, name: str) -> Account | None:
        with self._db.read() as conn:
            row = conn.execute(_COLUMNS + " WHERE name = ?", (name,)).fetchone()
        return _account(row) if row else None

    def list(self) -> list[Account]:
        with self._db.read() as conn:
            return [_account(row) for row in conn.execute(_COLUMNS + " ORDER BY name")]

    def update(self, name: str, config_dir: str, auth: AuthKind) -> Account | None:
        from sqlalchemy import select

        from desktop.store.models import AccountRow

        with self._db.session() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None:
                return None
            row.config_dir = config_dir
            row.auth = auth.value
            session.flush()
            return _account(
                (row.name, row.config_dir, row.auth, row.created, row.id, row.secret_ref)
            )

    def remove(self, name: str) -> bool:
        from sqlalchemy import delete

        from desktop.store.models import AccountRow

        with self._db.session() as session:
            result = session.execute(delete(AccountRow).where(AccountRow.name == name))
            return bool(result.rowcount)
