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

import threading
from collections.abc import Callable
from concurrent.futures import Executor
from itertools import count
from typing import Any

import shiboken6
from PySide6.QtCore import QObject, Signal

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]


class _Relay(QObject):
    """Carries answers from the executor's threads to the UI thread, for every
    `Background`. It is never deleted: a worker emitting on a `Background` that the
    UI thread was destroying (a window closed mid-call) crashed the process."""

    finished = Signal(object, int, object, object)
    """(background, ticket, result, error): emitted from a worker, queued to the UI thread."""

    def __init__(self) -> None:
        super().__init__()
        self.finished.connect(self._route)

    def _route(self, target: Background, ticket: int, result: object, error: object) -> None:
        if shiboken6.isValid(target):  # its window may have gone meanwhile
            target._deliver(ticket, result, error)


_relay: _Relay | None = None


def _the_relay() -> _Relay:
    """The process's relay, made on the UI thread by the first `Background`."""
    global _relay
    if _relay is None:
        _relay = _Relay()
    return _relay


class Background(QObject):
    def __init__(self, executor: Executor, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._relay = _the_relay()
        self._executor = executor
        self._tickets = count(1)
        self._callbacks: dict[int, tuple[Done, Failed | None]] = {}
        self._running = threading.Condition()
        self._calls: set[int] = set()
        """The tickets of the calls not over yet."""
        self._closed = False
        """Closed with its window: work asked for later (a timer's) never starts,
        for it would reopen a database the window's hub has closed."""

    def submit(self, work: Callable[[], Any], done: Done, failed: Failed | None = None) -> int:
        ticket = next(self._tickets)
        if self._closed:
            return ticket  # its window closed: nobody is left to tell
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
        self._relay.finished.emit(self, ticket, result, error)
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
