"""Blocking service calls in worker threads, their answers back on the UI thread.

The session services read files and SQLite synchronously. The window hands
such a call to `Background.submit()`; the call runs in a plain thread and its
result (or error) is delivered through a queued Qt signal, so callbacks always
run on the UI thread. A newer request can make an older one's answer
irrelevant: `cancel()` drops the callbacks, the thread just finishes.

Each call runs at once in a thread of its own, as ever, but a thread whose
call is over waits a while for the next one instead of ending: starting a
thread blocks the thread that starts it until the new one is scheduled and
holds the interpreter lock, which on two loaded cores took milliseconds a
call (up to 7 ms in one stall while five runs streamed). So when no thread
is idle, a starter thread starts the next one: the window's thread only
queues the call, and takes no lock a worker may hold.

This works the same under the qasync loop and in tests without one.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from functools import partial
from itertools import count
from typing import Any

from PySide6.QtCore import QObject, Signal

log = logging.getLogger(__name__)

Done = Callable[[Any], None]
Failed = Callable[[BaseException], None]
IDLE_S = 30.0
"""How long a thread with nothing to do waits for another call before it ends."""


class _Workers:
    """Threads for every `Background`'s calls: an idle one takes a call, else a new one.

    Plain Python, no Qt: a thread holds a call only while it runs it.
    """

    def __init__(self) -> None:
        self._calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._idle: deque[None] = deque()
        """One entry per thread waiting for a call that no `start` has counted on yet.
        A deque's append and pop need no lock: a caller that waited for one held by a
        worker waited for that worker to get the interpreter lock back (6 ms once)."""
        self._births: queue.SimpleQueue[str] = queue.SimpleQueue()
        """Names of the threads the starter is to start."""
        self._starter: threading.Thread | None = None
        self._lock = threading.Lock()

    def start(self, call: Callable[[], None], name: str) -> None:
        self._calls.put(call)
        try:
            self._idle.pop()  # an idle thread takes it
        except IndexError:
            self._births.put(name)
            if self._starter is None:
                self._start_starter()

    def _start_starter(self) -> None:
        """The first call's: the only thread start a caller waits for."""
        with self._lock:
            if self._starter is None:
                starter = threading.Thread(
                    target=self._start_threads, name="sessiondesk-bg-starter", daemon=True
                )
                starter.start()
                self._starter = starter

    def _start_threads(self) -> None:
        while True:
            name = self._births.get()
            threading.Thread(target=self._serve, name=name, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                call = self._calls.get(timeout=IDLE_S)
            except queue.Empty:
                try:
                    self._idle.pop()  # no `start` counts on this thread: it may end
                except IndexError:
                    continue  # a call is on its way to this thread
                return
            call()
            del call  # nothing of it is kept while this thread waits
            self._idle.append(None)


_WORKERS = _Workers()


class Background(QObject):
    _finished = Signal(int, object, object)
    """(ticket, result, error): emitted from the worker, received on the UI thread."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tickets = count(1)
        self._callbacks: dict[int, tuple[Done, Failed | None]] = {}
        self._running = threading.Condition()
        self._calls: set[int] = set()
        """The tickets of the calls not over yet."""
        self._finished.connect(self._deliver)

    def submit(self, work: Callable[[], Any], done: Done, failed: Failed | None = None) -> int:
        ticket = next(self._tickets)
        self._callbacks[ticket] = (done, failed)
        # no lock here: a set's add is whole, and waiting for the lock a worker holds
        # is waiting for that worker to get the interpreter lock back
        self._calls.add(ticket)
        _WORKERS.start(partial(self._run, ticket, work), f"sessiondesk-bg-{ticket}")
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
