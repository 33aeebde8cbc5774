"""Paths in the database, kept exact: text when UTF-8, their bytes (a BLOB) when not.

Apart from `safe_types` (which imports SQLAlchemy) so the plain `sqlite3`
reads that every command makes (accounts, the session list) use them without
loading SQLAlchemy.
"""

from __future__ import annotations

from typing import Any

from desktop.domain.oddtext import clean


def stored_path(path: str) -> str | bytes:
    """A path as the database keeps it: as text when it is UTF-8, else as the
    bytes the file system gave (a name carried with surrogateescape), a BLOB,
    which no text equals: so it is found again exactly, never replaced by its
    shown form (U+FFFD), which names no file."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        try:
            return path.encode("utf-8", "surrogateescape")
        except UnicodeEncodeError:  # a lone surrogate no file system made: text, shown
            return clean(path)
    return path


def loaded_path(value: Any) -> Any:
    """`stored_path` undone: the str whose `open` finds the same file."""
    if isinstance(value, bytes | memoryview):
        return bytes(value).decode("utf-8", "surrogateescape")
    return value
