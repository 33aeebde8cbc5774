"""Blocking service calls on the process's executor, their answers back on the UI thread.

The session services read files and SQLite synchronously. The window hands
such a call to `Background.submit()`; the call runs on the one executor for
blocking work (`desktop.compose.blocking_executor`, reached as `hub.executor`)
and its result (or error) is delivered through a queued Qt signal, so
callbacks always run on the UI thread. A newer request can make an older
one's answer irrelevant: `cancel()` drops the callbacks, the call just finishes.

This works the same under the qasync loop and in tests without one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]


class Background(QObject):
    _finished = Signal(int, object, object)
    """(ticket, result, error): emitted from the worker, received on the UI thread."""

    def __init__(self, executor: Executor, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._executor = executor
        self._tickets = count(1)
        self._callbacks: dict[int, tuple[Done, Failed | None]] = {}
        self._running = threading.Condition()
        self._calls: set[int] = set()
        """The tickets of the calls not over yet."""
        self._closed = False
        """Closed with its window: work asked for later (a timer's) never starts,
        for it would reopen a database the window's hub has closed."""
        self._finished.connect(self._deliver)

    def submit(self, work: Callable[[], Any], done: Done, failed: Failed | None = None) -> int:
        ticket = next(self._tickets)
        if self._closed:
            log.debug("background call %d dropped: closed", ticket)
            return ticket
        self._callbacks[ticket] = (done, failed)
        # no lock here: a set's add is whole, and waiting for the lock a worker holds
        # is waiting for that worker to get the interpreter lock back
        self._calls.add(ticket)
        self._executor.submit(self._run, ticket, work)
        return ticket

    def cancel(self, ticket: int) -> None:
        self._callbacks.pop(ticket, None)

    def busy(self) -> bool:
        return bool(self._calls)

    def wait(self, timeout: float = 5.0) -> bool:
        """Wait for the calls still running (at close); True when all ended in time."""
        self._callbacks.clear()
        with self._running:
            return self._running.wait_for(lambda: not self._calls, timeout)

    def close(self, timeout: float = 5.0) -> bool:
        """The window closes: start no more calls, and wait for those running
        (they use the hub, which closes next); True when all ended in time."""
        self._closed = True
        return self.wait(timeout)

    def _run(self, ticket: int, work: Callable[[], Any]) -> None:
        result: Any = None
        error: BaseException | None = None
        try:
            result = work()
        except BaseException as exc:  # handed to the UI thread, which decides
            error = exc
        try:
            self._finished.emit(ticket, result, error)
        except RuntimeError:
            # the window went away while we worked: nobody is left to tell
            log.debug("background result %d dropped: receiver deleted", ticket)
        with self._running:
            self._calls.discard(ticket)
            self._running.notify_all()

    def _deliver(self, ticket: int, result: object, error: object) -> None:
        callbacks = self._callbacks.pop(ticket, None)
        if callbacks is None:
            return
        done, failed = callbacks
        if error is None:
            done(result)
        elif failed is not None:
            failed(error)  # type: ignore[arg-type]
        else:
            raise error  # type: ignore[misc]
