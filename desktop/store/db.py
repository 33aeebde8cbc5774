"""Open the SQLite database: WAL, busy timeout, and migrations on open.

Several Sessiondesk processes use one home at once (the window and scripts).
Every unit of work that writes starts with `BEGIN IMMEDIATE`: it takes the
write lock before its first read, so a read-then-write (the next conversation
number, a session's next text rowid) cannot interleave with another process's,
and a writer that finds the lock taken waits (`BUSY_TIMEOUT_MS`) instead of
failing at once on a stale snapshot, as a deferred transaction in WAL mode does.

A database written by an older Sessiondesk is migrated forward; one written
by a newer Sessiondesk is refused untouched, so a downgrade never eats data
(`schema_revision` knows the revisions and runs the migrations).
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.domain.errors import StoreError
from desktop.domain.oddtext import clean
from desktop.store import db_health
from desktop.store.db_health import Identity
from desktop.store.schema_revision import check_revision, current_revision, newest_script, upgrade
from desktop.store.sqlite_uri import file_uri

if TYPE_CHECKING:
    from sqlalchemy import Connection, Engine
    from sqlalchemy.orm import Session
    from sqlalchemy.pool import ConnectionPoolEntry

BUSY_TIMEOUT_MS = 30_000
"""How long a writer waits for another process's write to end."""


IN_AT_ONCE = 500
"""Values bound in one `IN (...)`: SQLite limits a statement's parameters."""


def in_slices(values: Sequence[Any]) -> Iterator[tuple[str, list[Any]]]:
    """`values` a slice at a time, each with the `(?, ?, ...)` that binds it."""
    for start in range(0, len(values), IN_AT_ONCE):
        chunk = list(values[start : start + IN_AT_ONCE])
        yield f"({', '.join('?' * len(chunk))})", chunk


def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.close()


def _close_on_checkin(_dbapi_connection: sqlite3.Connection, entry: ConnectionPoolEntry) -> None:
    entry.close()


def make_engine(path: Path, *, create: bool = False) -> Engine:
    from sqlalchemy import URL, create_engine, event

    engine = create_engine(
        # built, not parsed; `mode=rw` unless the file is being made: a connection opened
        # after the file vanished fails instead of silently making a new, empty database
        URL.create(
            "sqlite",
            database=file_uri(path),
            query={"mode": "rwc" if create else "rw", "uri": "true"},
        ),
        connect_args={"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000},
    )
    event.listen(engine, "connect", _on_connect)
    return engine


def _cleaned(value: Any) -> Any:
    return clean(value) if isinstance(value, str) else value


class Plain:
    """A `sqlite3` connection whose `execute` cleans its text parameters as the
    `Safe*` column types clean what SQLAlchemy binds (a lone surrogate cannot
    be encoded, and the stored text had it replaced): a filter or a name from
    the command line matches what was stored, and never fails to encode.
    `executemany` passes rows as they are: its callers clean what they write."""

    def __init__(self, connection: sqlite3.Connection) -> None:
        self.connection = connection

    def execute(self, sql: str, params: Sequence[Any] | Mapping[str, Any] = ()) -> sqlite3.Cursor:
        if isinstance(params, Mapping):
            return self.connection.execute(sql, {k: _cleaned(v) for k, v in params.items()})
        return self.connection.execute(sql, [_cleaned(v) for v in params])

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> sqlite3.Cursor:
        return self.connection.executemany(sql, rows)


class Database:
    """One SQLite file: reads on plain `sqlite3` connections, and SQLAlchemy's
    engine and sessions for the rest, made on their first use (importing
    SQLAlchemy is most of a listing's start-up, and a listing only reads)."""

    def __init__(self, path: Path, engine: Engine | None = None) -> None:
        self.path = path
        self._engine = engine
        self._sessions: Any = None
        self._making = threading.Lock()
        self._main_reader: Plain | None = None
        self._main_depth = 0
        self._closed = False
        self.identity: Identity | None = None
        """The file as found whole at open: a write commits only while the
        path still names it (`still_there`)."""

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            with self._making:
                if self._engine is None:
                    self._engine = make_engine(self.path)
        return self._engine

    @contextmanager
    def read(self) -> Iterator[Plain]:
        """A plain connection for reads. On the main thread it is kept open until
        `close`: opening one and reading the schema costs about a millisecond,
        a listing reads a dozen times, and a kept one also keeps the pages it
        read. Other threads get one for the block, closed when it ends (never
        shared by threads). Each statement outside a transaction sees the latest
        commit, so a kept connection reads nothing stale. After `close` (an event
        the window handles late) a read gets one for the block too."""
        if threading.current_thread() is threading.main_thread() and not self._closed:
            if self._main_reader is None:
                self._main_reader = Plain(self._connect())
            self._main_depth += 1
            try:
                yield self._main_reader
            except BaseException:
                if self._main_depth == 1:  # not while an enclosing block still reads
                    self._close_main_reader()  # a statement left open would pin an old snapshot
                raise
            finally:
                self._main_depth -= 1
            if self._main_depth == 0 and self._main_reader.connection.in_transaction:
                # a statement that wrote would have opened a transaction that pins
                # this kept connection to its snapshot: every later read stale
                self._main_reader.connection.rollback()
            return
        with closing(self._connect()) as connection:
            yield Plain(connection)

    def _connect(self) -> sqlite3.Connection:
        try:
            connection = sqlite3.connect(
                f"{file_uri(self.path)}?mode=rw", uri=True, timeout=BUSY_TIMEOUT_MS / 1000
            )
        except sqlite3.Error as exc:
            self.still_there()
            raise StoreError(f"cannot open the database {self.path}: {exc}") from None
        _on_connect(connection, None)
        return connection

    @contextmanager
    def session(self, *, write: bool = True) -> Iterator[Session]:
        """A unit of work: committed when the block ends, rolled back on error.

        One that may write holds the write lock from its start (`BEGIN
        IMMEDIATE`); `write=False` is for reads, which never wait for writers."""
        if self._sessions is None:
            from sqlalchemy.orm import sessionmaker

            self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        with self._sessions() as session:
            try:
                if write:
                    session.connection().exec_driver_sql("BEGIN IMMEDIATE")
                yield session
                if write:
                    self.still_there()
                session.commit()
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """A Core connection in one write transaction (`BEGIN IMMEDIATE`)."""
        with self.engine.connect() as conn:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            try:
                yield conn
                self.still_there()
                conn.commit()
            except BaseException:
                conn.rollback()
                raise

    @contextmanager
    def plain_write(self) -> Iterator[Plain]:
        """A plain `sqlite3` connection in one write transaction (`BEGIN
        IMMEDIATE`), for the few small writes that come before any other on a
        fresh home (its first account): importing SQLAlchemy for them held up
        a first index's worker processes by a quarter of a second."""
        with closing(self._connect()) as connection:
            connection.isolation_level = None  # this block's BEGIN and COMMIT, no others
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield Plain(connection)
                self.still_there()
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise

    def revision(self) -> str | None:
        return current_revision(self.engine)

    def still_there(self) -> None:
        """Raise `DatabaseGoneError` when the path no longer names the file this
        process opened (deleted, or replaced by another): a commit to the old,
        unlinked file would be reported kept and be lost when the process ends."""
        if self.identity is None:
            return
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            raise db_health.gone(self.path, "was deleted while in use") from None
        except OSError:
            return  # unreadable for another reason: the write itself says why
        if (st.st_ino, st.st_dev) != (self.identity.inode, self.identity.device):
            raise db_health.gone(self.path, "was replaced by another file while in use")
        # not `check_file` (the header) here: see its note on file descriptors

    def probe(self, table: str) -> None:
        """The file is still ours and `table`'s pages read whole, through a new
        connection (no page cached: what is on disk now). Before a turn leaves,
        and when it ends: ~1 ms, most of it opening the connection."""
        self.still_there()
        with closing(self._connect()) as connection:
            db_health.quick_check(connection, self.path, table)

    def _close_main_reader(self) -> None:
        reader, self._main_reader = self._main_reader, None
        if reader is not None:
            reader.connection.close()

    def close(self) -> None:
        self._closed = True
        if threading.current_thread() is threading.main_thread():
            self._close_main_reader()
        if self._engine is not None:
            from sqlalchemy import event

            # `dispose` closes only the pooled connections: one a worker is still using
            # (the window closing mid-read) or takes later would go back to a pool and be
            # left to the gc, open; closed when given back instead
            if not event.contains(self._engine, "checkin", _close_on_checkin):  # closed twice
                event.listen(self._engine, "checkin", _close_on_checkin)
            self._engine.dispose()
        if self.identity is not None and self._still_ours():
            # the last close checkpoints the log into the file: recorded as whole,
            # so the next start need not read every page again
            db_health.remember(self.path)

    def _still_ours(self) -> bool:
        now = db_health.Identity.of(self.path)
        return now is not None and (now.inode, now.device) == (
            self.identity.inode if self.identity else None,
            self.identity.device if self.identity else None,
        )


def open_database(
    path: Path, *, target: str = "head", migrate: bool = False, repair_index: bool = False
) -> Database:
    """Open (creating or migrating as needed) the database at `path`. A new
    file is made in one step from the dumped schema when that is current
    (`fresh_schema`); `migrate` takes it through every migration instead.
    A damaged file is refused untouched (`db_health`), an empty one too;
    with `repair_index` (`index --rebuild`), damage confined to the session
    index is repaired first (`index_repair`), for the rebuild to fill."""
    path.parent.mkdir(parents=True, exist_ok=True)
    existed = path.exists()
    if not existed:
        db_health.refuse_missing(path)
    if target == "head" and not migrate and not existed:
        from desktop.store import fresh_schema

        fresh_schema.create(path, newest_script())
    identity = None
    if path.exists() and (existed or not migrate):
        head = newest_script() if target == "head" else None
        identity, revision = _checked(path, head, repair_index)
        if head is not None and revision == head:
            db = Database(path)  # neither SQLAlchemy nor Alembic is needed to open it
            db.identity = identity
            return db
    from sqlalchemy.exc import DatabaseError, OperationalError

    engine = make_engine(path, create=not existed)
    try:
        current = current_revision(engine)
        if not (target == "head" and current is not None and current == newest_script()):
            check_revision(engine, path, current)
            with engine.connect() as connection:
                # WAL is a property of the file: set it only once the file is known to be ours
                connection.exec_driver_sql("PRAGMA journal_mode = WAL")
            upgrade(engine, target)
    except (DatabaseError, OperationalError) as exc:
        engine.dispose()
        reason = getattr(exc, "orig", exc)
        raise StoreError(f"cannot open the database {path}: {reason}") from None
    except StoreError:
        engine.dispose()
        raise
    db = Database(path, engine)
    db.identity = db_health.Identity.of(path)
    return db


def _checked(
    path: Path, head: str | None, repair_index: bool
) -> tuple[Identity | None, str | None]:
    def schema_of(stored: str | None) -> str | None:
        return _current_schema() if stored == head else None

    try:
        return db_health.check(path, schema_of)
    except db_health.DatabaseDamagedError:
        schema = _current_schema() if head is not None else None
        if not (repair_index and schema is not None):
            raise
        from desktop.store import index_repair

        if not index_repair.repair(path, schema):
            raise
    return db_health.check(path, schema_of)  # whole now, or the damage is told as it is


def _current_schema() -> str | None:
    from desktop.store.fresh_schema import SCHEMA

    try:
        return SCHEMA.read_text(encoding="utf-8")
    except OSError:
        return None
