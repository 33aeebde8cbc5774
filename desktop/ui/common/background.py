"""Blocking service calls in worker threads, their answers back on the UI thread.

The session services read files and SQLite synchronously. The window hands
such a call to `Background.submit()`; the call runs in a plain thread and its
result (or error) is delivered through a queued Qt signal, so callbacks always
run on the UI thread. A newer request can make an older one's answer
irrelevant: `cancel()` drops the callbacks, the thread just finishes.

This works the same under the qasync loop and in tests without one.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]


class Background(QObject):
    _finished = Signal(int, object, object)
    """(ticket, result, error): emitted from the worker, received on the UI thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tickets = count(1)
        self._callbacks: dict[int, tuple[Done, Failed | None]] = {}
        self._threads: dict[int, threading.Thread] = {}
        self._finished.connect(self._deliver)

    def submit(self, work: Callable[[], Any], done: Done, failed: Failed | None = None) -> int:
        ticket = next(self._tickets)
        self._callbacks[ticket] = (done, failed)
        thread = threading.Thread(
            target=self._run, args=(ticket, work), name=f"sessiondesk-bg-{ticket}", daemon=True
        )
        self._threads[ticket] = thread
        thread.start()
        return ticket

    def cancel(self, ticket: int) -> None:
        self._callbacks.pop(ticket, None)

    def busy(self) -> bool:
        return any(thread.is_alive() for thread in self._threads.values())

    def wait(self, timeout: float = 5.0) -> bool:
        """Join the running workers (at close); True when all ended in time."""
        self._callbacks.clear()
        for thread in list(self._threads.values()):
            thread.join(timeout)
        return not self.busy()

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

    def _deliver(self, ticket: int, result: object, error: object) -> None:
        self._threads.pop(ticket, None)
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
