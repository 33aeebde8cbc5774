"""Turns driven on the window's own asyncio loop, their blocking steps on the process's executor.

A turn's pipes are asyncio streams: reading `claude`'s output never blocks,
so each run is a task on the window's loop (qasync), with its answers and its
stop. What does block is handed to the one executor for blocking work
(`hub.executor`, made in `desktop.compose`) with `loop.run_in_executor`:
preparing the turn (SQLite reads and writes, adopting a session), the
execution row's writes, the keyring look-up for the account's key, and the
index refresh when the turn ends. The services await those through their
`offload`, which the window points at the executor (`desktop.services.offload`).

The window is not told of each event as it comes: `FrameBatch` collects what
every run said and hands it over once a frame (16 ms), so five streams cost
a handful of updates a frame, not one per token.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from PySide6.QtCore import QObject, QTimer

from desktop.domain.errors import SessiondeskError, StoreError
from desktop.domain.events import Event
from desktop.services.hub import ServiceHub
from desktop.services.run import Run, TurnRequest
from desktop.services.turn_lost import lost_turn, trail_of

log = logging.getLogger(__name__)
T = TypeVar("T")
FRAME_MS = 16
CLAUDE_NICE = 10
"""How far below the window's the scheduling priority of its `claude` processes is,
so that five of them starting on two cores take turns with the window's thread
rather than keep it waiting. It works since they stay in our session (`spawn`):
in sessions of their own each was a scheduling group of its own and the
priority changed nothing (bench/RESULTS.md, round 4); `ui_stall.py --nice N|idle`
measures others."""

Key = tuple[str, str]
"""(account, session id), as the session list keys its rows."""


class RunHandler(Protocol):
    """What the window does with a run's news; called on the window's thread."""

    def prepared(self, run: Run) -> None:
        """The turn is recorded and about to start `claude`."""

    def refused(self, error: BaseException) -> None:
        """The turn could not start (a SessiondeskError says why, in words)."""

    def events(self, events: list[Event]) -> None:
        """The events of the turn since the last frame, in order."""

    def ended(self, error: str | SessiondeskError | None) -> None:
        """The turn is over: None when it ran to its end, else what went wrong."""


class FrameBatch(QObject):
    """The runs' events, handed to their handlers once a frame rather than one by one."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._waiting: dict[int, tuple[RunHandler, list[Event]]] = {}
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FRAME_MS)
        self._timer.timeout.connect(self.flush)

    def post(self, handler: RunHandler, event: Event) -> None:
        entry = self._waiting.setdefault(id(handler), (handler, []))
        entry[1].append(event)
        if not self._timer.isActive():
            self._timer.start()

    def flush(self) -> None:
        """Hand over everything waiting now (a run that ends says its last words first)."""
        self._timer.stop()
        waiting, self._waiting = self._waiting, {}
        for handler, events in waiting.values():
            handler.events(events)


class RunDriver:
    """One turn as a task on the window's loop: prepared, then streamed."""

    def __init__(
        self,
        hub: ServiceHub,
        request: TurnRequest,
        origin: Key | None,
        handler: RunHandler,
        batch: FrameBatch,
    ) -> None:
        self._hub = hub
        self._request = request
        self._origin = origin
        self._handler = handler
        self._batch = batch
        self._task: asyncio.Task[None] | None = None
        self._work: set[asyncio.Future[None]] = set()

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._serve())

    def call(self, work: Coroutine[Any, Any, None], what: str) -> None:
        """Run `work` (an answer, a stop) beside the turn, on the same loop."""
        future = asyncio.ensure_future(work)
        self._work.add(future)  # held until done: the loop keeps only weak references

        def report(done: asyncio.Future[None]) -> None:
            self._work.discard(done)
            if not done.cancelled() and done.exception() is not None:
                # how the turn ended is told by its events; this is only for a log
                log.warning("%s failed: %s", what, done.exception())

        future.add_done_callback(report)

    def done(self) -> bool:
        return self._task is not None and self._task.done()

    async def _serve(self) -> None:
        try:
            run = await self._prepare()
        except Exception as exc:  # told to the window, which shows it in words
            self._tell(self._handler.refused, exc)
            return
        self._tell(self._handler.prepared, run)
        error: str | SessiondeskError | None = None
        try:
            async for event in run.events():
                self._tell(self._post, event)
        except StoreError as exc:  # the database went away under the turn: name the turn
            error = self._lost(run, exc)
        except SessiondeskError as exc:
            error = exc  # put in words by the handler, in the window's language
        except Exception as exc:  # a run must end visibly, never silently
            log.exception("a run failed")
            error = f"{type(exc).__name__}: {exc}"
        self._tell(self._end, error)

    def _lost(self, run: Run, error: StoreError) -> StoreError:
        """The error with the turn it cost (its id, its transcript), as `run` prints it."""
        try:
            config_dir: str | None = self._hub.accounts.get(run.plan.account).config_dir
        except (SessiondeskError, OSError):
            config_dir = None  # the database that would say is the trouble
        return lost_turn(error, trail_of(run, config_dir))

    def _end(self, error: str | SessiondeskError | None) -> None:
        self._batch.flush()  # its last words first
        self._handler.ended(error)

    def _post(self, event: Event) -> None:
        self._batch.post(self._handler, event)

    async def _prepare(self) -> Run:
        runs, request = self._hub.runs, self._request
        # a wrong claude path is worth saying before anything is recorded
        await runs.offload(runs.binary)
        if self._origin is not None and request.conversation_id is None:
            conversation = await self._hub.conversations.adopt(self._origin[1], self._origin[0])
            request = replace(request, conversation_id=conversation.id)
        return await runs.prepare(request)

    @staticmethod
    def _tell(news: Callable[[Any], object], value: object) -> None:
        try:
            news(value)
        except RuntimeError as exc:
            if "already deleted" not in str(exc):
                raise
            # the window is gone; the turn goes on and is recorded all the same
            log.debug("a run's news was dropped: the window closed")
