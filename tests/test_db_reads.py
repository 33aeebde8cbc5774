"""Plain `sqlite3` reads (`Database.read`): the main thread keeps one
connection open between reads, and must still see every commit made
elsewhere (another process, the writer) the moment it is made."""

from __future__ import annotations

import gc
import sqlite3
import threading
import warnings
from collections.abc import Callable, Iterator
from contextlib import closing
from pathlib import Path

import pytest

from desktop.domain.accounts import AuthKind
from desktop.store.accounts import SqlAccountRepository
from desktop.store.conversations import SqlConversationRepository, _names
from desktop.store.db import Database, open_database
from desktop.store.models import AccountRow


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(tmp_path / "sessiondesk.db")
    yield database
    database.close()


def _write(db: Database, key: str, value: str) -> None:
    """A commit by another connection, as another process makes one."""
    with closing(sqlite3.connect(db.path)) as other, other:
        other.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, value))


def _value(db: Database, key: str) -> str | None:
    with db.read() as conn:
        row = conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    return row[0] if row else None


def test_the_kept_connection_sees_each_commit_made_elsewhere(db: Database) -> None:
    assert _value(db, "a") is None
    _write(db, "a", "1")
    assert _value(db, "a") == "1"
    _write(db, "a", "2")
    assert _value(db, "a") == "2"


def test_main_thread_reads_share_a_connection_until_close(db: Database) -> None:
    with db.read() as first:
        pass
    with db.read() as second:
        assert second.connection is first.connection
    db.close()
    with pytest.raises(sqlite3.ProgrammingError):
        first.connection.execute("SELECT 1")
    with db.read() as again:  # reads after close still work, on a new connection
        assert again.connection is not first.connection
        assert again.execute("SELECT 1").fetchone() == (1,)


def test_a_read_that_fails_leaves_no_old_snapshot_behind(db: Database) -> None:
    _write(db, "a", "1")
    _write(db, "b", "1")
    kept: list[BaseException] = []
    try:
        with db.read() as conn:
            cursor = conn.execute("SELECT key FROM settings ORDER BY key")
            cursor.fetchone()  # a statement left open, its cursor held by the traceback
            raise RuntimeError("the block failed")
    except RuntimeError as exc:
        kept.append(exc)
    _write(db, "a", "2")
    assert _value(db, "a") == "2"
    with pytest.raises(sqlite3.ProgrammingError):
        conn.connection.execute("SELECT 1")  # the failed block's connection was closed
    assert kept


def test_other_threads_get_a_connection_of_their_own_for_the_block(db: Database) -> None:
    with db.read() as main:
        pass
    seen: list[sqlite3.Connection] = []

    def worker() -> None:
        with db.read() as conn:
            seen.append(conn.connection)
            conn.execute("SELECT 1")

    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen and seen[0] is not main.connection
    with pytest.raises(sqlite3.ProgrammingError):
        seen[0].execute("SELECT 1")  # closed when its block ended


def test_a_failed_inner_block_leaves_the_enclosing_one_its_connection(db: Database) -> None:
    with db.read() as outer:
        with pytest.raises(RuntimeError), db.read():
            raise RuntimeError("the inner block failed")
        assert outer.execute("SELECT 1").fetchone() == (1,)


def test_conversations_name_their_account_from_their_own_transaction(db: Database) -> None:
    """The account names are read on the conversation read's own connection, as
    the accounts are at that moment: one added in the same, uncommitted write is
    named, and one removed by another process since is not."""
    accounts, conversations = SqlAccountRepository(db), SqlConversationRepository(db)
    accounts.add("alpha", "/home/ana/.claude", AuthKind.LOGIN)
    with db.session() as session:
        session.add(AccountRow(name="beta", config_dir="/home/ana/.beta", auth="login"))
        session.flush()
        assert set(_names(session).values()) == {"alpha", "beta"}
    made = conversations.create("plan", "alpha", "/home/ana/src")
    assert made.account == "alpha"
    with closing(sqlite3.connect(db.path)) as other, other:
        other.execute("PRAGMA foreign_keys = ON")
        other.execute("DELETE FROM accounts WHERE name = 'alpha'")
    again = conversations.get(made.id)
    assert again is not None and again.account is None


def _resource_warnings_of(make_garbage: Callable[[], None]) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        make_garbage()
        gc.collect()
    return [str(w.message) for w in caught if issubclass(w.category, ResourceWarning)]


def test_connections_used_across_or_after_close_are_closed_not_left_to_the_gc(
    tmp_path: Path,
) -> None:
    """A window's worker can be inside a unit of work when the hub closes, or a late
    event read after it: those connections are closed when given back, not pooled."""
    db = open_database(tmp_path / "sessiondesk.db")

    def across_and_after() -> None:
        with db.session(write=False) as session:
            session.execute(AccountRow.__table__.select()).all()
            db.close()
        with db.session(write=False) as session:
            session.execute(AccountRow.__table__.select()).all()
        with db.read() as conn:
            conn.execute("SELECT count(*) FROM settings").fetchone()

    assert _resource_warnings_of(across_and_after) == []
    db.close()
