"""A read the window asks for again on every piece of news, done off its thread.

Each run event (started, bound, its status, its end) used to re-read the
same rows on the window's thread. `LatestRead` runs the read in a worker
(`Background`) and applies its answer on the window's thread. A read starts
once the window's thread is done with the news at hand (or `delay_ms`
later), so asks made together make one read; asks that come while a read is
out fold into one more read after it, and an answer is applied only when
nothing newer was asked meanwhile (so a newer read always wins and no stale
state is shown, even for a moment). A caller that applied a state of its
own, read in place, `cancel()`s what is asked and what is out. A read can
also be held until the window has done something first (`request_after`):
a read in a worker holds the interpreter lock in stretches, and the window's
thread, painting, takes it back at every return from Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtCore import QTimer, SignalInstance

from desktop.ui.common.background import Background
from desktop.ui.common.first_paint import after_paint

T = TypeVar("T")


class LatestRead(Generic[T]):
    def __init__(
        self,
        background: Background,
        plan: Callable[[], Callable[[], T]],
        apply: Callable[[T], None],
        failed: Callable[[BaseException], None] | None = None,
        delay_ms: int = 0,
    ) -> None:
        """`plan` runs on the window's thread at each read's start and returns the
        work for the worker (so the read sees what the window shows then);
        `apply` and `failed` get its answer on the window's thread (without
        `failed`, an error is raised there)."""
        self._background = background
        self._plan = plan
        self._apply = apply
        self._failed = failed
        self._ticket: int | None = None
        self._again = False
        self._delay_ms = delay_ms
        self._timer = QTimer(background)  # made, run and dropped on the window's thread
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._start)
        self._held: object | None = None
        """The paint a held read waits for (`request_after`), while it waits."""
        self.applied = 0
        """How many answers were applied: for tests and benches."""

    def request(self) -> None:
        """Read again soon: after the news at hand, or after the read that is out."""
        if self._ticket is not None:
            self._again = True
        elif not self._timer.isActive() and self._held is None:  # a held read takes it
            self._timer.start(self._delay_ms)

    def request_after(self, ready: SignalInstance, wait_ms: int) -> None:
        """Read once `ready` has been emitted (out of its emitter first), or after
        `wait_ms` when it is not; asks that come meanwhile wait with it."""
        if self._ticket is not None:
            self._again = True
            return
        self._timer.stop()
        token = self._held = object()
        after_paint(ready, lambda: self._released(token), wait_ms, owner=self._timer)

    def _released(self, token: object) -> None:
        if self._held is token:  # not cancelled, nor held again since
            self._held = None
            self._start()

    def cancel(self) -> None:
        """Forget what was asked and what is out: the caller has shown a newer state."""
        self._timer.stop()
        self._held = None
        if self._ticket is not None:
            self._background.cancel(self._ticket)
        self._ticket, self._again = None, False

    def busy(self) -> bool:
        """A read is out or asked for: what is shown may still change."""
        return self._ticket is not None or self._timer.isActive() or self._held is not None

    def _start(self) -> None:
        self._ticket = self._background.submit(self._plan(), self._done, self._error)

    def _next(self) -> bool:
        """The answer just in is the newest wanted (False: another read was started)."""
        self._ticket = None
        if not self._again:
            return True
        self._again = False
        self._start()  # it waited for the read that was out: no need to wait more
        return False

    def _done(self, result: T) -> None:
        if self._next():
            self.applied += 1
            self._apply(result)

    def _error(self, error: BaseException) -> None:
        if not self._next():
            return
        if self._failed is None:
            raise error
        self._failed(error)
