"""One pass of the session index, and where to look for change: the part of
the window's indexer that needs no Qt.

`IndexPass.run()` is blocking (it stats and reads transcripts, writes SQLite):
the window runs it on the process's executor, one pass at a time. It reports
progress and the records just read in batches (`BATCH_SECONDS`), so a
2,000-file first pass costs the window a few dozen repaints, not 2,000, and
it ends early at the next file once `stop()` was asked (the window closes).
`watched_paths()` says which folders and files a watcher should follow.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from desktop.domain.sessions import IndexProgress, IndexReport, SessionRecord
from desktop.services.sessions import SessionService

log = logging.getLogger(__name__)

BATCH_SECONDS = 0.1
WATCHED_FILES = 200
WATCHED_DIRS = 2000


class PassStopped(Exception):
    """The pass ended early: `stop()` was asked."""


@dataclass(frozen=True)
class PassEnd:
    report: IndexReport
    listing: list[SessionRecord] | None
    """Every session again, or None when nothing changed since the last listing."""


class IndexPass:
    """Passes of `SessionService.refresh()` whose news goes to the three callbacks:
    `progress(done, total, account)`, `records(list)` and nothing else (the
    caller gets the `PassEnd` back). They are called on the pass's thread."""

    def __init__(
        self,
        sessions: SessionService,
        progress: Callable[[int, int, str], None],
        records: Callable[[list[SessionRecord]], None],
    ) -> None:
        self._sessions = sessions
        self._progress = progress
        self._records = records
        self._stop = threading.Event()
        self._listed = False
        self._missing = -1

    def stop(self) -> None:
        self._stop.set()

    def stopped(self) -> bool:
        return self._stop.is_set()

    def relist(self) -> None:
        """The next pass's end lists every session again, changed on disk or not."""
        self._listed = False

    def run(self) -> PassEnd:
        """One pass (blocking); PassStopped when `stop()` ended it early."""
        batch: list[SessionRecord] = []
        last = time.monotonic()

        def report(step: IndexProgress) -> None:
            nonlocal last
            if self._stop.is_set():
                raise PassStopped  # unwinds refresh(), which releases its lock
            if step.record is not None:
                batch.append(step.record)
            now = time.monotonic()
            if now - last >= BATCH_SECONDS or step.done == step.total:
                last = now
                self._progress(step.done, step.total, step.account)
                if batch and step.done < step.total:
                    self._records(list(batch))
                    batch.clear()

        result = self._sessions.refresh(report)
        listing = None
        if not self._listed or result.read or result.missing != self._missing:
            listing = self._sessions.list()
            self._listed, self._missing = True, result.missing
        # the last records once the pass's writes are done: the list's merge and
        # repaint then have the interpreter lock to themselves (a new run's session,
        # listed while the pass still wrote, painted in 15 ms waits for the lock)
        if batch:
            self._records(list(batch))
        return PassEnd(result, listing)


def watched_paths(config_dirs: Iterable[str], files: Iterable[str]) -> set[str]:
    """The accounts' `projects/` folders and their project folders (up to
    `WATCHED_DIRS`), or an account folder with no `projects/` yet so the first
    session is noticed, and `files`."""
    wanted: set[str] = set()
    for root in config_dirs:
        projects = os.path.join(root, "projects")
        if not os.path.isdir(projects):
            if os.path.isdir(root):
                wanted.add(root)
            continue
        wanted.add(projects)
        try:
            with os.scandir(projects) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False) and len(wanted) < WATCHED_DIRS:
                        wanted.add(entry.path)
        except OSError as exc:
            log.debug("cannot list %s: %s", projects, exc)
    return wanted | set(files)
