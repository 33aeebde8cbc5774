"""The window's side of `reap_orphans`: a timer, a task of the window's loop, and the news.

Every `CHECK_EVERY_S` a task of the window's loop asks the services for turns
whose Sessiondesk process died (their reads on the executor for blocking
work); what it marked is announced on the change spine
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
from desktop.services.orphans import CHECK_EVERY_S, reap_orphans
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
        self._checking: asyncio.Task[None] | None = None
        self.reaped.connect(self._announce)
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self._check)
        self._timer.start()

    def stop(self) -> None:
        self._timer.stop()

    def _check(self) -> None:
        if self._checking is not None and not self._checking.done():
            return  # the last check still runs (a slow disk): never two at once
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop drives this window (a test without one): none to check with
        self._checking = loop.create_task(self._work())

    async def _work(self) -> None:
        hub = self._hub
        try:
            runs = await hub.offload(lambda: hub.runs)  # built off this thread the first time
            found = await reap_orphans(runs)
        except (SessiondeskError, OSError) as exc:  # the next tick tries again
            log.warning("checking for turns whose Sessiondesk died: %s", exc)
            found = []
        if found:
            self.reaped.emit(found)

    def _announce(self, found: list[Execution]) -> None:
        self._changes.publish(OpChanges.of(
            executions=[e.id for e in found], conversations=[e.conversation_id for e in found],
        ))  # fmt: skip
