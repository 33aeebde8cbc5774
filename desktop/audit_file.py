"""The audit log on disk: `<home>/logs/audit.log`, one JSON record a line,
rotated at 1 MB with five old files kept (`audit.log.1` … `audit.log.5`).

Several Sessiondesk processes write one home at once (the window and any
number of scripts), and the stdlib's `RotatingFileHandler` is not made for
that: each process decides to rotate by its own idea of the size and renames
files the others still write to, so one process's fresh file becomes
another's `.1` and lines land in the wrong file or are lost. What we do
instead:

* every line, and every rotation, is written holding an exclusive `flock` on
  `logs/audit.lock`: a line is one write of one whole line to a file opened
  for appending, so lines never interleave;
* holding the lock, a writer first checks that `audit.log` is still the file
  it has open (another process may have rotated it) and reopens it if not,
  then rotates only when the file *at that path* is full — so a rotation
  happens once, by whoever finds it full first.

We chose a lock over one file per process because `logs` reads one ordered
stream, and per-process files would need merging and clean-up of their own;
an audit line is written a few times a turn, where a lock costs microseconds.
Without `fcntl` (Windows) the lock is skipped: lines are still appended
whole, and two processes rotating at once could lose lines.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import IO

from desktop.domain.audit import AuditEntry, matches, parse
from desktop.file_lock import exclusive

LOGGER = "sessiondesk.audit"
"""The services' audit logger (`desktop.services.audit`)."""
FILE = "audit.log"
MAX_BYTES = 1 << 20
BACKUPS = 5


class SharedRotatingFileHandler(logging.FileHandler):
    """A rotating file that several processes append to at once (see the module).

    A `FileHandler` that rotates by itself: the stdlib's rotating handler is in
    `logging.handlers`, whose imports (sockets, pickle) were ~10 ms of each
    command's start, for a rename of five files."""

    def __init__(self, path: Path, max_bytes: int = MAX_BYTES, backups: int = BACKUPS) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        super().__init__(path, "a", encoding="utf-8", delay=True)
        self.maxBytes, self.backupCount = max_bytes, backups
        self._lock_path = path.with_name(path.stem + ".lock")
        self.setFormatter(_LineFormatter())

    def emit(self, record: logging.LogRecord) -> None:
        try:
            line = self.format(record) + "\n"
            if not self._lock_path.parent.is_dir():  # the folder was deleted meanwhile
                self._lock_path.parent.mkdir(parents=True, exist_ok=True)
            with exclusive(self._lock_path):
                self._follow_rotation()
                if self._full(len(line.encode("utf-8"))):
                    self._rotate()
                if self.stream is None:
                    self.stream = self._open()
                self.stream.write(line)
                self.stream.flush()
        except Exception:  # a log line must never break a turn
            self.handleError(record)

    def _follow_rotation(self) -> None:
        """Reopen when the path no longer names the file held open (rotated elsewhere)."""
        if self.stream is None:
            return
        try:
            on_disk = os.stat(self.baseFilename)
        except FileNotFoundError:
            on_disk = None
        held = os.fstat(self.stream.fileno())
        if on_disk is None or (on_disk.st_dev, on_disk.st_ino) != (held.st_dev, held.st_ino):
            self.stream.close()
            self.stream = None  # type: ignore[assignment]

    def _rotate(self) -> None:
        """audit.log becomes audit.log.1, .1 becomes .2, …; the oldest is dropped."""
        if self.stream is not None:
            self.stream.close()
            self.stream = None  # type: ignore[assignment]
        base = self.baseFilename
        for number in range(self.backupCount, 0, -1):
            with contextlib.suppress(FileNotFoundError):
                os.replace(f"{base}.{number - 1}" if number > 1 else base, f"{base}.{number}")

    def _full(self, adding: int) -> bool:
        if self.maxBytes <= 0:
            return False
        try:
            size = os.stat(self.baseFilename).st_size
        except FileNotFoundError:
            return False
        return size > 0 and size + adding > self.maxBytes


class _LineFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = getattr(record, "audit", None)
        if isinstance(entry, AuditEntry):
            return entry.line()
        # not a decision: kept as a record of its own kind, never a second format
        return AuditEntry.of("note", None, None, message=record.getMessage()).line()


class _Human(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = getattr(record, "audit", None)
        return f"audit: {entry.human() if isinstance(entry, AuditEntry) else record.getMessage()}"


def install(home: Path, *, verbose: bool = False, stream: IO[str] | None = None) -> None:
    """Send the audit lines to the home's file (and to stderr with `verbose`).
    Once per process and home: a second call replaces the first's handlers."""
    logger = logging.getLogger(LOGGER)
    for old in list(logger.handlers):
        logger.removeHandler(old)
        old.close()
    logger.setLevel(logging.INFO)
    logger.propagate = False  # the window's root handler prints warnings, not decisions
    with contextlib.suppress(OSError):  # a home we cannot write logs in still runs commands
        logger.addHandler(SharedRotatingFileHandler(home / "logs" / FILE))
    if verbose:
        echo = logging.StreamHandler(stream or sys.stderr)
        echo.setFormatter(_Human())
        logger.addHandler(echo)


def folder(home: Path) -> Path:
    return home / "logs"


def read(
    home: Path, conversation_id: str | None = None, since: datetime | None = None
) -> list[AuditEntry]:
    """Every record kept, oldest first (the oldest rotated file first)."""
    base = home / "logs" / FILE
    rotated = [p for p in base.parent.glob(f"{FILE}.*") if p.suffix[1:].isdigit()]
    files = [*sorted(rotated, key=lambda p: -int(p.suffix[1:])), base]
    found: list[AuditEntry] = []
    for path in files:
        try:
            with path.open(encoding="utf-8", errors="replace") as lines:
                for line in lines:
                    entry = parse(line)
                    if entry is not None and matches(entry, conversation_id, since):
                        found.append(entry)
        except FileNotFoundError:
            continue
    return found
