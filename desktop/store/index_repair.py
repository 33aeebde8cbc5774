"""`index --rebuild` of a database whose damage is confined to the index.

The session index (`sessions`, the `session_text` search table and its own
tables) is derived from the transcripts on disk: when only it is damaged or
dropped, it can be made again, and the rest of the file (accounts,
conversations, executions, settings, bundles, the archive's rows) kept. Only
when every other table reads whole (`PRAGMA quick_check` of each) is anything
written; otherwise the file is left as it was and the damage refused.

The damaged tables are struck from the schema and `VACUUM` copies what is
left into whole pages (a torn page of the old index cannot be dropped the
ordinary way: dropping walks it); then the index's tables are made afresh
from `schema.sql`, for the rebuild to fill.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from desktop.store.db_health import (
    FTS5_SHADOWS,
    DatabaseDamagedError,
    expected_names,
    quick_check,
    read_only,
)

INDEX_TABLES = ("sessions", "session_text")
INDEX_NAMES = frozenset(
    {"sessions", "ix_sessions_modified", "sqlite_autoindex_sessions_1", "session_text"}
    | {f"session_text_{shadow}" for shadow in FTS5_SHADOWS}
)


def _statements(schema: str) -> list[str]:
    """`schema.sql`'s statements that make the index's tables."""
    made = []
    for statement in schema.split(";\n"):
        names = expected_names(statement.strip() + "\n")
        if names and names <= INDEX_NAMES:
            made.append(statement.strip())
    return made


def repair(path: Path, schema: str) -> bool:
    """Make the index's tables again when the damage is theirs alone; False
    (nothing written) when anything else is damaged too."""
    try:
        with closing(read_only(path)) as connection:
            present = {n for (n,) in connection.execute("SELECT name FROM sqlite_master")}
            expected = expected_names(schema)
            if (expected - present) - INDEX_NAMES:
                return False
            tables = {n for (n,) in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}  # fmt: skip
            for table in sorted((tables & expected) - INDEX_NAMES):
                quick_check(connection, path, table)
    except (sqlite3.DatabaseError, DatabaseDamagedError):
        return False
    with closing(read_only(path)) as connection:
        connection.isolation_level = None  # this block's own transactions
        struck = ", ".join(f"'{name}'" for name in sorted(INDEX_NAMES))
        connection.execute("PRAGMA writable_schema = ON")
        connection.execute("BEGIN IMMEDIATE")
        connection.execute(f"DELETE FROM sqlite_master WHERE name IN ({struck})")
        connection.execute("COMMIT")
        connection.execute("PRAGMA writable_schema = OFF")
    with closing(read_only(path)) as connection:
        connection.isolation_level = None
        connection.execute("VACUUM")  # the struck tables' pages, torn or not, are left behind
        connection.execute("BEGIN IMMEDIATE")
        for statement in _statements(schema):
            connection.execute(statement)
        connection.execute("COMMIT")
    return True
