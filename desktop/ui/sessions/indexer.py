"""Keeps the session index up to date in the background and says what it found.

`Indexer` runs passes of `desktop.services.index_pass.IndexPass` on the
process's executor for blocking work, one pass at a time; requests that come
in while one runs fold into one more pass after it. Progress and the records
just read travel to the UI thread as queued signals, batched by the pass.
`SessionWatcher` decides *when* to run: on file-system change notices for the
accounts' `projects/` folders and the most recent transcripts
(`index_pass.watched_paths`), and on a slow timer as a fallback for what
notices miss (network drives, a watch limit reached). A pass where nothing
changed only stats the files.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from concurrent.futures import Executor, Future
from concurrent.futures import wait as wait_for

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.services.index_pass import WATCHED_FILES, IndexPass, PassStopped, watched_paths
from desktop.services.sessions import SessionService

log = logging.getLogger(__name__)

DEBOUNCE_MS = 300
POLL_MS = 5000


class Indexer(QObject):
    progress = Signal(int, int, str)
    """(done, total, account) of the running pass, a few times a second."""
    records = Signal(object)
    """A list of SessionRecords just (re)read, for the list to fill in as it goes."""
    finished = Signal(object, object)
    """(IndexReport, the full listing or None when nothing changed)."""
    failed = Signal(str)
    # the worker's own signals: the public ones are re-emitted on the UI thread, so
    # every listener has run by the time `completed` counts the pass
    _worker_finished = Signal(object, object)
    _worker_failed = Signal(str)

    def __init__(
        self, sessions: SessionService, executor: Executor, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._executor = executor
        self._pass = IndexPass(sessions, self._told_progress, self._told_records)
        self._future: Future[None] | None = None
        self._running = False
        """A pass is asked and its result has not reached the UI thread yet."""
        self._again = False
        self.runs = 0
        self.completed = 0
        """Passes whose result reached the UI thread."""
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(DEBOUNCE_MS)
        self._debounce.timeout.connect(self.start)
        self._worker_finished.connect(self._finished)
        self._worker_failed.connect(self._failed)

    def running(self) -> bool:
        return self._running

    def request(self) -> None:
        """Ask for a run soon; many requests in a burst become one run."""
        if not self._pass.stopped():
            self._debounce.start()

    def relist(self) -> None:
        """A pass whose end lists every session again, changed on disk or not (a
        removal took some out of the index)."""
        self._pass.relist()
        self.start()

    def start(self) -> None:
        if self._pass.stopped():
            return
        if self.running():
            self._again = True
            return
        self._again = False
        self.runs += 1
        self._running = True
        self._future = self._executor.submit(self._work)

    def stop(self, timeout: float = 5.0) -> None:
        """End the running pass at the next file and wait for it (the window closes)."""
        self._pass.stop()
        self._debounce.stop()
        if self._future is not None:
            wait_for([self._future], timeout)

    def _work(self) -> None:
        try:
            end = self._pass.run()
            self._emit(self._worker_finished, end.report, end.listing)
        except PassStopped:
            return
        except SessiondeskError as exc:
            self._emit(self._worker_failed, str(exc))
        except Exception as exc:  # a worker must report, never die silently
            log.exception("indexing failed")
            self._emit(self._worker_failed, f"{type(exc).__name__}: {exc}")

    def _told_progress(self, done: int, total: int, account: str) -> None:
        self._emit(self.progress, done, total, account)

    def _told_records(self, records: list[SessionRecord]) -> None:
        self._emit(self.records, records)

    def _emit(self, signal: Signal, *args: object) -> None:
        try:
            signal.emit(*args)  # type: ignore[attr-defined]
        except RuntimeError:  # the window is gone: end the pass quietly
            self._pass.stop()

    def _finished(self, report: object, listing: object) -> None:
        self.finished.emit(report, listing)
        self._after_run()

    def _failed(self, message: str) -> None:
        self.failed.emit(message)
        self._after_run()

    def _after_run(self) -> None:
        self._running = False
        self.completed += 1
        if self._again and not self._pass.stopped():
            self.start()


class SessionWatcher(QObject):
    """Says `changed` when transcripts may have appeared or grown."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None, poll_ms: int = POLL_MS) -> None:
        super().__init__(parent)
        self._watcher = QFileSystemWatcher(self)
        self._watcher.directoryChanged.connect(self._directory_changed)
        self._watcher.fileChanged.connect(lambda _path: self.changed.emit())
        self._roots: list[str] = []
        self._asked: list[str] | None = None
        """The transcripts last asked to be watched (None: none since the last stop)."""
        self._files: list[str] = []
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.changed)

    def watch(self, config_dirs: Iterable[str], recent_files: Iterable[str] = ()) -> None:
        """Watch these accounts' folders and (up to a limit) these transcripts."""
        roots, asked = list(config_dirs), list(recent_files)
        # the same as last time (each index pass while runs stream): nothing to look at
        # again; 200 files' checks and the folders' list were ~8 ms of the window's
        if (roots, asked) != (self._roots, self._asked):
            self._roots, self._asked = roots, asked
            self._files = [f for f in asked if os.path.isfile(f)][:WATCHED_FILES]
            self._sync()
        if not self.timer.isActive():
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        self._asked = None
        paths = self._watcher.directories() + self._watcher.files()
        if paths:
            self._watcher.removePaths(paths)

    def watched(self) -> list[str]:
        return self._watcher.directories() + self._watcher.files()

    def _wanted(self) -> set[str]:
        return watched_paths(self._roots, self._files)

    def _sync(self) -> None:
        current = set(self.watched())
        wanted = self._wanted()
        gone = sorted(current - wanted)
        new = sorted(p for p in wanted - current if os.path.exists(p))
        if gone:
            self._watcher.removePaths(gone)
        if new:
            failed = self._watcher.addPaths(new)
            if failed:  # a watch limit: the timer still sees these, only later
                log.debug("not watching %d paths", len(failed))

    def _directory_changed(self, _path: str) -> None:
        self._sync()  # a new project folder gets its own watch
        self.changed.emit()
