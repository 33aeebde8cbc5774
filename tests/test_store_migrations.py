"""The database is created and changed by migrations only, and never downgraded."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import text

from desktop.domain.errors import StoreError
from desktop.store.db import open_database
from desktop.store.schema_revision import head_revision, newest_script


def test_fresh_database_is_at_head_in_wal_mode_with_busy_timeout(tmp_path: Path) -> None:
    db = open_database(tmp_path / "sd.db")
    try:
        assert db.revision() == head_revision()
        with db.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert connection.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
            tables = {row[0] for row in connection.execute(text("SELECT name FROM sqlite_master"))}
        assert {"accounts", "settings", "conversations", "executions", "sessions"} <= tables
    finally:
        db.close()


def test_database_of_the_first_migration_is_upgraded_with_rows_intact(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = open_database(path, target="0001")
    assert old.revision() == "0001"
    with old.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO accounts (name, config_dir, auth, created) "
                "VALUES ('alpha', '/data/alpha', 'api-key', '2026-01-02 03:04:05')"
            )
        )
        connection.execute(text("INSERT INTO settings (key, value) VALUES ('language', 'es')"))
    old.close()

    upgraded = open_database(path)
    try:
        assert upgraded.revision() == head_revision() != "0001"
        with upgraded.engine.connect() as connection:
            account = connection.execute(
                text("SELECT name, config_dir, auth, created, secret_ref FROM accounts")
            ).one()
            setting = connection.execute(text("SELECT value FROM settings")).scalar()
            sessions = connection.execute(text("SELECT count(*) FROM sessions")).scalar()
        # an account made before 0011 keeps its keyring entry under its name
        assert tuple(account) == (
            "alpha", "/data/alpha", "api-key", "2026-01-02 03:04:05", "alpha"
        )  # fmt: skip
        assert setting == "es"
        assert sessions == 0
    finally:
        upgraded.close()


def test_executions_written_before_0005_say_whether_they_resumed(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = open_database(path, target="0004")
    with old.engine.begin() as connection:
        connection.execute(
            text("INSERT INTO conversations (id, number, title, description, archived, "
                 "history_epoch, created, updated) VALUES ('c', 1, '', '', 0, 0, "
                 "'2026-01-01', '2026-01-01')")
        )  # fmt: skip
        for eid, kind in (("e1", "new"), ("e2", "continue"), ("e3", "replay")):
            connection.execute(
                text("INSERT INTO executions (id, conversation_id, kind, cwd, prompt, args_json, "
                     "status, stop_requested, started) VALUES (:id, 'c', :kind, '/', 'p', '[]', "
                     "'succeeded', 0, '2026-01-01')"),
                {"id": eid, "kind": kind},
            )  # fmt: skip
    old.close()
    upgraded = open_database(path)
    try:
        with upgraded.engine.connect() as connection:
            found = connection.execute(
                text("SELECT id, resumed, resume_reason, last_uuid FROM executions ORDER BY id")
            ).all()
        assert [tuple(r) for r in found] == [
            ("e1", 0, None, None), ("e2", 1, None, None), ("e3", 0, None, None),
        ]  # fmt: skip
    finally:
        upgraded.close()


def test_database_of_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "newer.db"
    open_database(path).close()
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    before = path.read_bytes()

    with pytest.raises(StoreError, match="newer Sessiondesk") as info:
        open_database(path)
    assert "9999_from_the_future" in str(info.value)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_gets_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite at all\x00" * 200)
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"is damaged .* does not start as an SQLite database"):
        open_database(path)
    assert path.read_bytes() == before


def test_a_foreign_sqlite_database_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "foreign.db"
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE photos (id INTEGER)")
    before = path.read_bytes()
    with pytest.raises(StoreError, match="did not create"):
        open_database(path)
    assert path.read_bytes() == before


def test_the_quick_head_check_agrees_with_alembic() -> None:
    # open_database skips alembic when the file is at the newest script
    assert newest_script() == head_revision()


def _link_plans(path: Path) -> list[str]:
    """How SQLite finds an execution's children and its forks."""
    with closing(sqlite3.connect(path)) as connection, connection:
        return [
            " ".join(str(c) for c in row)
            for column in ("parent_execution_id", "forked_from_execution_id")
            for row in connection.execute(
                f"EXPLAIN QUERY PLAN SELECT id FROM executions WHERE {column} = 'x'"
            )
        ]


@pytest.mark.parametrize("start", ["0009", None])
def test_the_execution_links_are_indexed_after_0010_and_in_a_new_database(
    tmp_path: Path, start: str | None
) -> None:
    path = tmp_path / "links.db"
    if start:  # a database from before 0010, upgraded
        open_database(path, target=start).close()
        assert not any("USING INDEX" in p for p in _link_plans(path))
    db = open_database(path)
    assert db.revision() == head_revision()
    db.close()
    plans = _link_plans(path)
    assert any("ix_executions_parent_execution_id" in p for p in plans), plans
    assert any("ix_executions_forked_from_execution_id" in p for p in plans), plans
