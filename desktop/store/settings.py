"""Key/value settings in the database, read and written with plain `sqlite3`:
every command reads some, and a fresh home writes one on the way to its first
index, before anything else needs SQLAlchemy."""

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
        with self._db.plain_write() as conn:
            conn.execute(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    def delete(self, key: str) -> None:
        with self._db.plain_write() as conn:
            conn.execute("DELETE FROM settings WHERE key = ?", (key,))

    def all(self) -> dict[str, str]:
        with self._db.read() as conn:
            return dict(conn.execute("SELECT key, value FROM settings"))
