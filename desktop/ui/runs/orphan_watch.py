"""The window's side of `desktop.services.orphans`: a timer, a check, and the news.

Every `CHECK_EVERY_S` the window asks the services, on the executor for
blocking work, whether a turn's Sessiondesk process died; only then is the
turn recovered, by a task of the window's loop (`RunService.recover`, its
blocking steps on the executor too); what it marked is announced on the change spine
(one `OpChanges` naming their executions and conversations), so every view
that shows those turns reads them again.
"""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.domain.changes import OpChanges
from desktop.domain.conversations import Execution
from desktop.domain.errors import SessiondeskError
from desktop.services.hub import ServiceHub
from desktop.services.orphans import CHECK_EVERY_S
from desktop.ui.common.background import Background
from desktop.ui.common.changes import Changes

log = logging.getLogger(__name__)


class OrphanWatch(QObject):
    reaped = Signal(list)
    """The executions just marked interrupted (emitted on the window's thread)."""

    def __init__(
        self, hub: ServiceHub, changes: Changes, parent: QObject | None = None,
        interval_ms: int = int(CHECK_EVERY_S * 1000),
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self._hub = hub
        self._changes = changes
        self._background = Background(hub.executor, self)
        self._checking = False
        """A check or its recovery is under way: never two at once (a slow disk)."""
        self._recovering: asyncio.Task[None] | None = None
        self.reaped.connect(self._announce)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._check)
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _check(self) -> None:
        if self._checking or not _loop_runs():
            return  # a window without a loop (a test) has nothing to recover with
        self._checking = True
        hub = self._hub
        # hub.runs is built there the first time, off this thread
        self._background.submit(lambda: hub.runs.needs_recovery(), self._checked, self._failed)

    def _checked(self, needed: bool) -> None:
        if not needed or not _loop_runs():
            self._checking = False
            return
        self._recovering = asyncio.ensure_future(self._recover())

    async def _recover(self) -> None:
        try:
            found = await self._hub.runs.recover()
        except Exception as exc:  # said in the log; the next tick tries again
            self._failed(exc)
            return
        self._checking = False
        if found:
            self.reaped.emit(found)

    def _failed(self, error: BaseException) -> None:
        self._checking = False
        if isinstance(error, (SessiondeskError, OSError)):  # the next tick tries again
            log.warning("checking for turns whose Sessiondesk died: %s", error)
        else:
            log.error("checking for turns whose Sessiondesk died", exc_info=error)

    def _announce(self, found: list[Execution]) -> None:
        self._changes.publish(OpChanges.of(
            executions=[e.id for e in found], conversations=[e.conversation_id for e in found],
        ))  # fmt: skip


def _loop_runs() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
