"""Key/value settings in the database (read with plain `sqlite3`: every
command reads some; SQLAlchemy is imported only by the writes)."""

from __future__ import annotations

from desktop.store.db import Database


class SqlSettingsRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    def get(self, key: str) -> str | None:
        with self._db.read() as conn:
            row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def set(self, key: str, value: str) -> None:
        from desktop.store.models import SettingRow

        with self._db.session() as session:
            session.merge(SettingRow(key=key, value=value))

    def delete(self, key: str) -> None:
        from sqlalchemy import delete

        from desktop.store.models import SettingRow

        with self._db.session() as session:
            session.execute(delete(SettingRow).where(SettingRow.key == key))

    def all(self) -> dict[str, str]:
        with self._db.read() as conn:
            return dict(conn.execute("SELECT key, value FROM settings"))
