"""Times as the database keeps them: naive UTC, in the text form SQLAlchemy's
SQLite dialect writes a `DateTime` in, so a row written with plain `sqlite3`
reads back like one written through a model."""

from __future__ import annotations

from datetime import UTC, datetime


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def stored_time(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M:%S.%f")
