"""A new database made in one step: the schema the migrations end at, stamped.

Running every migration in turn on a new file imports Alembic and rebuilds
tables in batch mode (~0.4 s of a first start, before anything else can
happen). `schema.sql` is what those migrations leave in `sqlite_master`,
statement by statement in the order they made them, with the revision it
stands for on its first line. It is used only while that revision is the
newest migration's, so a migration added without a new dump falls back to
the migrations; `tests/test_fresh_schema.py` holds the two results identical.

Regenerate after adding a migration: `python -m desktop.store.fresh_schema`.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from contextlib import closing
from pathlib import Path

SCHEMA = Path(__file__).with_name("schema.sql")
_HEADER = "-- revision "


def dump(connection: sqlite3.Connection) -> str:
    """The statements that make `connection`'s schema and its Alembic stamp.
    Tables a virtual table keeps for itself (FTS5's `_data`, `_idx`, …) are
    left out: creating the virtual table makes them."""
    (revision,) = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    virtual = [
        name
        for (name,) in connection.execute(
            "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'"
        )
    ]
    lines = [f"{_HEADER}{revision}"]
    rows = connection.execute(
        "SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
    )
    for name, sql in rows:
        if any(name.startswith(f"{table}_") for table in virtual):
            continue
        lines.append(f"{sql};")
    lines.append(f"INSERT INTO alembic_version (version_num) VALUES ('{revision}');")
    return "\n".join(lines) + "\n"


def create(path: Path, revision: str) -> bool:
    """Make the database at `path` from `schema.sql` if that stands for
    `revision`; False when it does not (the caller migrates instead). The
    file is built beside `path` and linked into place, so a process opening
    the same new home at the same time finds either nothing or all of it."""
    try:
        script = SCHEMA.read_text(encoding="utf-8")
    except OSError:
        return False
    if script.split("\n", 1)[0] != f"{_HEADER}{revision}":
        return False
    temporary = path.with_name(f"{path.name}.new-{os.urandom(4).hex()}")
    try:
        with closing(sqlite3.connect(temporary)) as connection:
            connection.execute("PRAGMA journal_mode = WAL")
            connection.executescript(f"BEGIN;\n{script}COMMIT;")
        # another process may have made it first: that one is kept and opened
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return True


def migrated_schema() -> str:
    """The dump of a new database taken through every migration."""
    from desktop.store.db import open_database

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "migrated.db")
        open_database(path, target="head", migrate=True).close()
        with closing(sqlite3.connect(path)) as connection:
            return dump(connection)


if __name__ == "__main__":
    SCHEMA.write_text(migrated_schema(), encoding="utf-8")
    print(f"wrote {SCHEMA}")
