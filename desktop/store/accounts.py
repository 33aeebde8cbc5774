"""Accounts in the database (the secrets are in the vault, never here)."""

from __future__ import annotations

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from desktop.domain.accounts import Account, AuthKind
from desktop.domain.errors import ConflictError
from desktop.store.db import Database
from desktop.store.models import AccountRow


def to_account(row: AccountRow) -> Account:
    return Account(
        name=row.name,
        config_dir=row.config_dir,
        auth=AuthKind(row.auth),
        created=row.created,
        id=row.id,
    )


class SqlAccountRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def add(self, name: str, config_dir: str, auth: AuthKind) -> Account:
        try:
            with self._db.session() as session:
                row = AccountRow(name=name, config_dir=config_dir, auth=auth.value)
                session.add(row)
                session.flush()
                return to_account(row)
        except IntegrityError:
            raise ConflictError(f"an account named {name!r} exists already",
                                kind="account_exists", name=name) from None  # fmt: skip

    def get(self, name: str) -> Account | None:
        with self._db.session(write=False) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name == name))
            return to_account(row) if row else None

    def list(self) -> list[Account]:
        with self._db.session(write=False) as session:
            rows = session.scalars(select(AccountRow).order_by(AccountRow.name))
            return [to_account(row) for row in rows]

    def update(self, name: str, config_dir: str, auth: AuthKind) -> Account | None:
        with self._db.session() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name == name))
            if row is None:
                return None
            row.config_dir = config_dir
            row.auth = auth.value
            session.flush()
            return to_account(row)

    def remove(self, name: str) -> bool:
        with self._db.session() as session:
            result = session.execute(delete(AccountRow).where(AccountRow.name == name))
            return bool(result.rowcount)
