"""A new database is made in one step from `schema.sql`, and is the same as
one taken through every migration."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

from desktop.store import fresh_schema
from desktop.store.db import open_database
from desktop.store.schema_revision import head_revision, newest_script


def _normalised(script: str) -> list[str]:
    """The statements in sorted order, each table's FOREIGN KEY clauses too:
    the migrations' batch rebuilds make a table's indexes and write its
    keys in an order that changes from run to run (a set's), which SQLite
    gives no meaning to."""
    statements: list[str] = []
    for statement in script.split(";\n"):
        out: list[str] = []
        keys: list[str] = []
        for line in statement.splitlines():
            if line.strip().startswith("FOREIGN KEY"):
                keys.append(line.rstrip().rstrip(","))
                continue
            out += sorted(keys)
            keys = []
            out.append(line)
        statements.append("\n".join(out + sorted(keys)))
    return sorted(statements)


def _schema(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as connection:
        rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master")
        text = ";\n".join(f"{kind} {name} {table}\n{sql}" for kind, name, table, sql in rows)
        pragmas = [
            f"{p} {connection.execute(f'PRAGMA {p}').fetchone()[0]}"
            for p in ("journal_mode", "page_size", "user_version", "auto_vacuum", "encoding")
        ]
        stamp = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    return [*_normalised(text), *pragmas, repr(stamp)]


def test_the_dump_is_what_the_migrations_make_now() -> None:
    assert fresh_schema.SCHEMA.read_text(encoding="utf-8").startswith(
        f"-- revision {newest_script()}\n"
    ), "a migration was added: run `python -m desktop.store.fresh_schema`"
    assert _normalised(fresh_schema.SCHEMA.read_text(encoding="utf-8")) == _normalised(
        fresh_schema.migrated_schema()
    )


def test_a_new_database_from_the_dump_equals_a_migrated_one(tmp_path: Path) -> None:
    fresh = open_database(tmp_path / "fresh.db")
    migrated = open_database(tmp_path / "migrated.db", migrate=True)
    try:
        assert fresh.revision() == migrated.revision() == head_revision()
    finally:
        fresh.close()
        migrated.close()
    assert _schema(tmp_path / "fresh.db") == _schema(tmp_path / "migrated.db")
    assert not list(tmp_path.glob("*.new-*"))  # the file it was built in is gone


def test_a_new_database_opens_without_alembic(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path; from desktop.store.db import open_database; "
        f"open_database(Path({str(tmp_path / 'sd.db')!r})).close(); "
        "print('alembic' in sys.modules)"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "False"


def test_a_dump_of_an_older_revision_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = tmp_path / "schema.sql"
    stale.write_text("-- revision 0001\nCREATE TABLE nothing_else (x);\n", encoding="utf-8")
    monkeypatch.setattr(fresh_schema, "SCHEMA", stale)
    assert not fresh_schema.create(tmp_path / "unused.db", newest_script())
    db = open_database(tmp_path / "sd.db")  # through the migrations instead
    try:
        assert db.revision() == head_revision()
    finally:
        db.close()
    assert "nothing_else" not in "\n".join(_schema(tmp_path / "sd.db"))


def test_a_database_made_meanwhile_by_another_process_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "sd.db"
    first = open_database(path)
    with first.engine.begin() as connection:
        connection.exec_driver_sql("INSERT INTO settings (key, value) VALUES ('language', 'es')")
    first.close()
    # the other process lost the race: its file is not linked over the one there
    assert fresh_schema.create(path, newest_script())
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("SELECT value FROM settings").fetchall() == [("es",)]
    assert not list(tmp_path.glob("*.new-*"))
