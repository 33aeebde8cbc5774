"""Key/value settings in the database."""

from __future__ import annotations

from sqlalchemy import delete, select

from desktop.store.db import Database
from desktop.store.models import SettingRow


class SqlSettingsRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str) -> str | None:
        with self._db.session(write=False) as session:
            row = session.get(SettingRow, key)
            return row.value if row else None

    def set(self, key: str, value: str) -> None:
        with self._db.session() as session:
            session.merge(SettingRow(key=key, value=value))

    def delete(self, key: str) -> None:
        with self._db.session() as session:
            session.execute(delete(SettingRow).where(SettingRow.key == key))

    def all(self) -> dict[str, str]:
        with self._db.session(write=False) as session:
            return {row.key: row.value for row in session.scalars(select(SettingRow))}
