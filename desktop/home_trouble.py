"""A home that cannot be used, said in words: on a kernel file system, read-only,
or on a full disk.

Two moments: `check_home` refuses, before the database opens, a home that
could never work (`/proc`, `/sys`, a folder no one may write in); `explain`
turns a failure in the middle of a command (SQLite's "database or disk is
full", "attempt to write a readonly database", an `OSError` ENOSPC or EROFS)
into the error a person can act on, by looking at the home itself rather
than trusting the wording of the error. What it does not recognize stays an
internal error, with its crash report.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from desktop.domain.errors import SessiondeskError, StoreError
from desktop.domain.oddtext import clean
from desktop.safe_output import on_kernel_filesystem

LOW_SPACE = 256 * 1024
"""Free bytes below which a failed write is taken for a full disk (SQLite needs
a few pages for its journal; a "full" disk often still has a block or two)."""


def _shown(path: Path) -> str:
    return clean(os.fsdecode(path))


def check_home(home: Path) -> None:
    """Refuse a home on a kernel file system, or one that cannot be written."""
    if on_kernel_filesystem(os.path.realpath(home)):
        raise StoreError(  # exit 1, as for any home that cannot be made
            f"cannot use {_shown(home)} as Sessiondesk's data folder: it is on a kernel "
            "file system (/proc, /sys); choose another with --home",
            kind="home_unusable",
            path=_shown(home),
        )
    if home.is_dir() and not os.access(home, os.W_OK):
        raise home_read_only(home)


def home_read_only(home: Path) -> StoreError:
    return StoreError(
        f"cannot use {_shown(home)} as Sessiondesk's data folder: it is read-only (a read-only "
        "mount, an immutable folder, or not yours); make it writable or choose another with --home",
        kind="home_read_only",
        path=_shown(home),
    )


def _causes(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    stack: list[BaseException | None] = [exc]
    while stack:
        current = stack.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        orig = getattr(current, "orig", None)  # SQLAlchemy's wrapper of the DB-API error
        stack += [orig if isinstance(orig, BaseException) else None]
        stack += [current.__cause__, current.__context__]


def _free_bytes(folder: Path) -> int | None:
    try:
        got = os.statvfs(folder)
    except OSError:
        return None
    return got.f_bavail * got.f_frsize


def _disk_full(home: Path) -> StoreError:
    return StoreError(
        f"the disk that holds {_shown(home)} is full: free some space and try again",
        kind="disk_full",
        path=_shown(home),
    )


def _database_read_only(database: Path) -> StoreError:
    return StoreError(
        f"the database {_shown(database)} cannot be written (a read-only or immutable file, "
        "or a read-only mount): make it writable, or choose another home with --home",
        kind="database_read_only",
        path=_shown(database),
    )


def _storage_trouble(exc: BaseException) -> bool:
    """Whether the failure is of the kind a full or read-only disk gives."""
    for cause in _causes(exc):
        if isinstance(cause, OSError) and cause.errno in (
            errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EIO,
        ):  # fmt: skip
            return True
        if isinstance(cause, sqlite3.OperationalError | sqlite3.DatabaseError):
            text = str(cause).lower()
            if any(
                words in text
                for words in ("disk is full", "readonly", "read-only", "disk i/o", "unable to open")
            ):
                return True
        if isinstance(cause, StoreError) and "disk i/o error" in str(cause).lower():
            return True
    return False


def explain(exc: BaseException, home: Path, database: Path) -> SessiondeskError | None:
    """The error a person can act on for a failure caused by the home's disk, or None."""
    if isinstance(exc, SessiondeskError) and not isinstance(exc, StoreError):
        return None  # already in words, and about something else (an export's own file)
    if not _storage_trouble(exc):
        return None
    free = _free_bytes(home if home.is_dir() else home.parent)
    if free is not None and free < LOW_SPACE:
        return _disk_full(home)
    if home.is_dir() and not os.access(home, os.W_OK):
        return home_read_only(home)
    if database.exists() and not os.access(database, os.W_OK):
        return _database_read_only(database)
    for cause in _causes(exc):
        if not isinstance(cause, OSError) or not _inside(cause.filename, home):
            continue
        if cause.errno in (errno.ENOSPC, errno.EDQUOT):
            return _disk_full(home)
        if cause.errno == errno.EROFS:
            return home_read_only(home)
    return None


def _inside(filename: object, home: Path) -> bool:
    """Whether an OSError's file is the home's (or unnamed, as SQLite's are)."""
    if not isinstance(filename, str | bytes | os.PathLike):
        return True
    path = os.path.abspath(os.fsdecode(filename))
    return path == str(home) or path.startswith(str(home).rstrip("/") + "/")
