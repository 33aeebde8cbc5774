"""One turn driven in a worker thread on its own asyncio loop, its events posted to the window.

Driving a turn calls blocking code: the keyring over D-Bus for the account's
key, SQLite commits for the execution row, fork and exec for `claude`, and
the index refresh when the turn ends. Each is brief, but on the window's
loop they add up to frames the window cannot paint, five runs at a time. So
each run gets a thread with its own loop; the window only receives what the
run says, as queued Qt signals, in order, on its own thread.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Coroutine
from dataclasses import replace
from typing import Any, Protocol

from PySide6.QtCore import QObject, Signal

from desktop.domain.errors import SessiondeskError
from desktop.domain.events import Event
from desktop.services.hub import ServiceHub
from desktop.services.run import Run, TurnRequest

log = logging.getLogger(__name__)

Key = tuple[str, str]
"""(account, session id), as the session list keys its rows."""


class RunHandler(Protocol):
    """What the window does with a run's news; called on the window's thread."""

    def prepared(self, run: Run) -> None:
        """The turn is recorded and about to start `claude`."""

    def refused(self, error: BaseException) -> None:
        """The turn could not start (a SessiondeskError says why, in words)."""

    def event(self, event: Event) -> None:
        """One event of the turn, in order."""

    def ended(self, error: str | SessiondeskError | None) -> None:
        """The turn is over: None when it ran to its end, else what went wrong."""


class RunDriver(QObject):
    # emitted on the worker thread; a QObject of the window's thread receives them, so
    # Qt queues each one and the handler runs there, in the order they were sent
    _prepared = Signal(object)
    _refused = Signal(object)
    _event = Signal(object)
    _ended = Signal(object)

    def __init__(
        self,
        hub: ServiceHub,
        request: TurnRequest,
        origin: Key | None,
        handler: RunHandler,
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self._hub = hub
        self._request = request
        self._origin = origin
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._work, name="sessiondesk-run", daemon=True)
        self._prepared.connect(self._on_prepared)
        self._refused.connect(self._on_refused)
        self._event.connect(self._on_event)
        self._ended.connect(self._on_ended)
        self._handler = handler

    def start(self) -> None:
        self._thread.start()

    # the window's thread: hand over to whoever handles this run now
    def _on_prepared(self, run: Run) -> None:
        self._handler.prepared(run)

    def _on_refused(self, error: BaseException) -> None:
        self._handler.refused(error)

    def _on_event(self, event: Event) -> None:
        self._handler.event(event)

    def _on_ended(self, error: str | SessiondeskError | None) -> None:
        self._handler.ended(error)

    def call(self, work: Coroutine[Any, Any, None], what: str) -> None:
        """Run `work` (an answer, a stop) on the run's own loop."""
        loop = self._loop
        if loop is None or loop.is_closed():
            work.close()
            return
        try:
            future = asyncio.run_coroutine_threadsafe(work, loop)
        except RuntimeError:  # the loop ended between the check and the call
            work.close()
            return

        def report(done: Any) -> None:
            if not done.cancelled() and done.exception() is not None:
                # how the turn ended is told by its events; this is only for a log
                log.warning("%s failed: %s", what, done.exception())

        future.add_done_callback(report)

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    # -- the worker thread -------------------------------------------------------------------

    def _work(self) -> None:
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self._loop = asyncio.get_running_loop()
        try:
            run = await self._prepare()
        except Exception as exc:  # told to the window, which shows it in words
            self._post(self._refused, exc)
            return
        self._post(self._prepared, run)
        error: str | SessiondeskError | None = None
        try:
            async for event in run.events():
                self._post(self._event, event)
        except SessiondeskError as exc:
            error = exc  # put in words on the window's thread, in its language
        except Exception as exc:  # a run must end visibly, never silently
            log.exception("a run failed")
            error = f"{type(exc).__name__}: {exc}"
        self._post(self._ended, error)

    async def _prepare(self) -> Run:
        runs, request = self._hub.runs, self._request
        runs.binary()  # a wrong claude path is worth saying before anything is recorded
        if self._origin is not None and request.conversation_id is None:
            conversation = await self._hub.conversations.adopt(self._origin[1], self._origin[0])
            request = replace(request, conversation_id=conversation.id)
        return await runs.prepare(request)

    def _post(self, signal: Any, value: object) -> None:
        try:
            signal.emit(value)
        except RuntimeError:
            # the window is gone; the turn goes on and is recorded all the same
            log.debug("a run's news was dropped: the window closed")
