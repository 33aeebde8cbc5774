"""Keeps the session index up to date in the background and says what it found.

`Indexer` runs `SessionService.refresh()` in a worker thread, one run at a
time; requests that come in while it runs fold into one more run after it.
The thread is started once and waits for the next run: starting a thread
(and joining the last one) made the window's thread wait until the other
was scheduled, milliseconds at a time while five runs streamed and each
transcript's growth asked for a run.
Progress and the records just read travel to the UI thread as queued
signals, batched so a 2,000-file first run costs a few dozen repaints, not
2,000. `SessionWatcher` decides *when* to run: on file-system change
notices for the accounts' `projects/` folders and the most recent transcripts,
and on a slow timer as a fallback for what notices miss (network drives, a
watch limit reached). A run where nothing changed only stats the files.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterable

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import IndexProgress
from desktop.services.sessions import SessionService

log = logging.getLogger(__name__)

BATCH_SECONDS = 0.1
DEBOUNCE_MS = 300
POLL_MS = 5000
WATCHED_FILES = 200
WATCHED_DIRS = 2000


class _Stopped(Exception):
    """Raised from the progress callback to end a run early (the window is closing)."""


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

    def __init__(self, sessions: SessionService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._sessions = sessions
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._wanted = threading.Event()
        """A run is asked of the worker thread."""
        self._running = False
        """A run is asked and its result has not reached the UI thread yet."""
        self._again = False
        self._listed = False
        self._missing = -1
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
        if not self._stop.is_set():
            self._debounce.start()

    def relist(self) -> None:
        """A pass whose end lists every session again, changed on disk or not (a
        removal took some out of the index)."""
        self._listed = False
        self.start()

    def start(self) -> None:
        if self._stop.is_set():
            return
        if self.running():
            self._again = True
            return
        self._again = False
        self.runs += 1
        self._running = True
        self._wanted.set()
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, name="sessiondesk-index",
                                            daemon=True)  # fmt: skip
            self._thread.start()

    def stop(self, timeout: float = 5.0) -> None:
        """End the running pass at the next file and wait for it (the window closes)."""
        self._stop.set()
        self._debounce.stop()
        self._wanted.set()  # a waiting worker wakes up to end
        if self._thread is not None:
            self._thread.join(timeout)

    def _serve(self) -> None:
        while True:
            self._wanted.wait()
            self._wanted.clear()
            if self._stop.is_set():
                return
            self._work()

    def _work(self) -> None:
        batch: list[object] = []
        last = time.monotonic()

        def report(step: IndexProgress) -> None:
            nonlocal last
            if self._stop.is_set():
                raise _Stopped  # unwinds refresh(), which releases its lock
            if step.record is not None:
                batch.append(step.record)
            now = time.monotonic()
            if now - last >= BATCH_SECONDS or step.done == step.total:
                last = now
                self._emit(self.progress, step.done, step.total, step.account)
                if batch and step.done < step.total:
                    self._emit(self.records, list(batch))
                    batch.clear()

        try:
            result = self._sessions.refresh(report)
            listing = None
            if not self._listed or result.read or result.missing != self._missing:
                listing = self._sessions.list()
                self._listed, self._missing = True, result.missing
            # the last records once the pass's writes are done: the list's merge and
            # repaint then have the interpreter lock to themselves (a new run's session,
            # listed while the pass still wrote, painted in 15 ms waits for the lock)
            if batch:
                self._emit(self.records, list(batch))
            self._emit(self._worker_finished, result, listing)
        except _Stopped:
            return
        except SessiondeskError as exc:
            self._emit(self._worker_failed, str(exc))
        except Exception as exc:  # a worker must report, never die silently
            log.exception("indexing failed")
            self._emit(self._worker_failed, f"{type(exc).__name__}: {exc}")

    def _emit(self, signal: Signal, *args: object) -> None:
        try:
            signal.emit(*args)  # type: ignore[attr-defined]
        except RuntimeError:  # the window is gone: end the run quietly
            self._stop.set()

    def _finished(self, report: object, listing: object) -> None:
        self.finished.emit(report, listing)
        self._after_run()

    def _failed(self, message: str) -> None:
        self.failed.emit(message)
        self._after_run()

    def _after_run(self) -> None:
        self._running = False
        self.completed += 1
        if self._again and not self._stop.is_set():
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
        self._files: list[str] = []
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.changed)

    def watch(self, config_dirs: Iterable[str], recent_files: Iterable[str] = ()) -> None:
        """Watch these accounts' folders and (up to a limit) these transcripts."""
        self._roots = list(config_dirs)
        self._files = [f for f in recent_files if os.path.isfile(f)][:WATCHED_FILES]
        self._sync()
        if not self.timer.isActive():
            self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        paths = self._watcher.directories() + self._watcher.files()
        if paths:
            self._watcher.removePaths(paths)

    def watched(self) -> list[str]:
        return self._watcher.directories() + self._watcher.files()

    def _wanted(self) -> set[str]:
        wanted: set[str] = set()
        for root in self._roots:
            projects = os.path.join(root, "projects")
            if not os.path.isdir(projects):
                # watch the account folder so the first session's projects/ is noticed
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
        return wanted | set(self._files)

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
