"""Is the database file whole, and still the one this process opened?

A damaged database must be refused before anything reads or writes it: a
command that went on would change the file further (and a turn would leave
for the API with nowhere to be kept). The checks, cheapest first:

* the file: not empty, SQLite's header, a page size SQLite writes, a length
  that is whole pages and no shorter than the header says (~20 µs);
* the schema: every table and index the current schema has (a dropped index
  table is damage as much as a torn page; ~0.3 ms);
* the pages: `PRAGMA quick_check`, which reads every page (about 0.2 s per
  100 MB, measured): too dear for every start, so it runs only when the
  file's identity (inode, size, modification time) differs from the one
  recorded after the last check or the last clean close. The file changes
  outside SQLite's write-ahead log only by a checkpoint, and a clean close
  (the last one checkpoints) records the file as it left it; so the full
  check runs after another program touched the file or after a crash, not
  after every command.

A file that vanished or was replaced while in use is told apart from a
damaged one (`gone`): writes check the inode before they commit.
"""

from __future__ import annotations

import os
import re
import sqlite3
import stat
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from desktop.domain.errors import StoreError
from desktop.store.sqlite_uri import file_uri

MAGIC = b"SQLite format 3\x00"
FTS5_SHADOWS = ("data", "idx", "content", "docsize", "config")
"""The tables an FTS5 virtual table keeps for itself (`session_text_data`, …)."""

CHECKED_SUFFIX = ".checked"
"""`cache/sessiondesk.db.checked`, beside the database: the identity of the
file last found whole (and the mark of a home that had one)."""


class DatabaseDamagedError(StoreError):
    """The database file is damaged: refused, and left as it is."""

    default_kind = "database_damaged"


class DatabaseGoneError(StoreError):
    """The database file vanished or was replaced while this process used it."""

    default_kind = "database_gone"


def damaged(path: Path, why: str) -> DatabaseDamagedError:
    """The one message for every kind of damage: the file, why, and what to do."""
    return DatabaseDamagedError(
        f"the database {path} is damaged ({why}); it was left untouched. Restore it "
        "from a backup, or move it aside to start a new one; when only the search "
        "index is damaged, `sessiondesk index --rebuild` rebuilds it from the transcripts",
        path=str(path),
        why=why,
    )


def gone(path: Path, why: str, instead: str = "") -> DatabaseGoneError:
    """The database vanished or was replaced: said once, with what to do."""
    return DatabaseGoneError(
        f"the database {path} {why}: nothing more was written, and no new, empty "
        f"database is made in its place. Restore it from a backup{instead}",
        path=str(path),
        why=why,
    )


def refuse_missing(path: Path) -> None:
    """A home that had a database, without it: the file was deleted or moved
    (perhaps while a Sessiondesk used it). Making a new, empty one would hide
    the loss, and take in a left write-ahead log's pages: say so instead."""
    log = path.with_name(path.name + "-wal")
    if log.exists() and log.stat().st_size > 0:
        raise gone(path, f"is missing, but its write-ahead log {log} is there")
    record = checked_file(path)
    if record.exists():
        raise gone(path, "is missing, though this home had one",
                   f", or remove {record} to start a new, empty one")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Identity:
    """Which file, in which state: what the full check's result is kept for."""

    inode: int
    device: int
    size: int
    mtime_ns: int

    @classmethod
    def of(cls, path: Path) -> Identity | None:
        try:
            st = os.stat(path)
        except OSError:
            return None
        return cls(st.st_ino, st.st_dev, st.st_size, st.st_mtime_ns)

    def line(self) -> str:
        return f"{self.device} {self.inode} {self.size} {self.mtime_ns}\n"


def check_file(path: Path) -> None:
    """The file's own structure, from its first 100 bytes and its length.

    Only before this process has an SQLite connection to the file: closing a
    file descriptor drops every POSIX lock the process holds on that file,
    SQLite's included, and another process would then take this one's log
    for abandoned (checkpoint it, delete it) under its open connections."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            return  # not a file: opening it says what it is
        with open(path, "rb") as file:
            header = file.read(100)
    except OSError:
        return  # unreadable: opening it says why, in its own words
    if st.st_size == 0:
        raise damaged(path, "it is empty, 0 bytes: not taken as a new database")
    if len(header) < 100 or not header.startswith(MAGIC):
        raise damaged(path, "it does not start as an SQLite database does")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if page_size < 512 or page_size & (page_size - 1):
        raise damaged(path, f"its header gives a page size of {page_size}")
    if st.st_size % page_size:
        raise damaged(path, "its length is not a whole number of pages: it was cut short")
    pages = int.from_bytes(header[28:32], "big")
    # the header's page count is valid only when written by the same change (SQLite's rule)
    if header[24:28] == header[92:96] and pages * page_size > st.st_size:
        raise damaged(path, f"it is cut short: {st.st_size} bytes of {pages * page_size}")


_NAMED = re.compile(r"^CREATE (VIRTUAL )?(TABLE|INDEX) \"?(\w+)\"?", re.MULTILINE)


def expected_names(schema: str) -> set[str]:
    """The tables and indexes `schema.sql` makes, FTS5's own tables included."""
    names: set[str] = set()
    for virtual, _kind, name in _NAMED.findall(schema):
        names.add(name)
        if virtual:
            names.update(f"{name}_{shadow}" for shadow in FTS5_SHADOWS)
    return names


def check_schema(connection: sqlite3.Connection, path: Path, expected: set[str]) -> None:
    try:
        present = {name for (name,) in connection.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as exc:
        raise damaged(path, str(exc)) from None
    missing = sorted(expected - present)
    if missing:
        raise damaged(path, f"missing {', '.join(missing)}")


def quick_check(connection: sqlite3.Connection, path: Path, table: str | None = None) -> None:
    """SQLite's own check of every page (or of one table's), without the slow
    index-against-table comparison of `integrity_check`."""
    pragma = f"PRAGMA quick_check({table})" if table else "PRAGMA quick_check"
    try:
        rows = [row[0] for row in connection.execute(pragma).fetchmany(3)]
    except sqlite3.DatabaseError as exc:
        raise damaged(path, str(exc)) from None
    if rows != ["ok"]:
        raise damaged(path, "; ".join(str(r) for r in rows)[:300])


def checked_file(path: Path) -> Path:
    return path.parent / "cache" / f"{path.name}{CHECKED_SUFFIX}"


def last_checked(path: Path) -> str | None:
    try:
        return checked_file(path).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None


def remember(path: Path, identity: Identity | None = None) -> None:
    """Record the file as whole in its present state (best effort: a read-only
    home only checks again next time)."""
    identity = identity or Identity.of(path)
    if identity is None or last_checked(path) == identity.line():
        return  # already recorded: a command that changed nothing writes nothing
    record = checked_file(path)
    try:
        record.parent.mkdir(exist_ok=True)
        spare = record.with_name(f"{record.name}.{os.getpid()}")
        spare.write_text(identity.line(), encoding="ascii")
        os.replace(spare, record)
    except OSError:
        pass


def read_only(path: Path) -> sqlite3.Connection:
    """A connection for the checks, which only read: it cannot create the file.
    Not SQLite's `mode=ro`: a read-only connection to a database in WAL mode
    makes its `-wal` and `-shm` files and cannot remove them when it closes;
    this one, the last to close, removes them as it found them (absent)."""
    return sqlite3.connect(f"{file_uri(path)}?mode=rw", uri=True, timeout=30)


def check(
    path: Path, schema_of: Callable[[str | None], str | None]
) -> tuple[Identity | None, str | None]:
    """Refuse a damaged database (`DatabaseDamagedError`); when whole, its
    identity and schema revision, read on the one connection. `schema_of`
    gives the schema whose names a file at that revision must hold (None: an
    older file, migrated first, is not held to today's names)."""
    check_file(path)
    identity = Identity.of(path)
    if identity is None:
        return None, None
    with closing(read_only(path)) as connection:
        try:
            row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        except sqlite3.Error:
            row = None  # new, foreign or damaged: the checks below say which
        revision = row[0] if row else None
        schema = schema_of(revision)
        if schema is not None:
            check_schema(connection, path, expected_names(schema))
        if last_checked(path) != identity.line():
            quick_check(connection, path)
            remember(path, identity)
    return identity, revision


_SIGNS = ("malformed", "not a database", "no such table", "unable to open", "disk i/o",
          "database corrupt", "no such column")  # fmt: skip
"""What SQLite says when the file under it is not what the schema promised."""


def diagnose(path: Path, error: BaseException) -> StoreError | None:
    """What an SQLite error escaping a command means for a person, when it is
    the file's doing: deleted, damaged. None when the file is whole (a fault of
    ours, reported as one)."""
    if isinstance(error, (DatabaseDamagedError, DatabaseGoneError)):
        return error
    cause = getattr(error, "orig", None) or error
    if not isinstance(cause, sqlite3.Error) and not isinstance(error, StoreError):
        return None
    if not any(sign in str(cause).lower() for sign in _SIGNS):
        return None
    if not path.exists():
        return gone(path, "was deleted while in use")
    try:
        from desktop.store.fresh_schema import SCHEMA

        check_file(path)
        with closing(read_only(path)) as connection:
            check_schema(connection, path, _schema_names(SCHEMA))
            quick_check(connection, path)
    except DatabaseDamagedError as damage:
        return damage
    except (OSError, sqlite3.Error):
        return None
    return None


def _schema_names(schema_file: Path) -> set[str]:
    try:
        return expected_names(schema_file.read_text(encoding="utf-8"))
    except OSError:
        return set()
