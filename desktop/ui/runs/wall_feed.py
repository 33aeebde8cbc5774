"""What the run wall lists, read off the window's thread and told on the change spine.

The window's own runs are news on the spine already (started, needs an answer,
ended). Turns other processes drive (a `sessiondesk run`, a second window)
are known only from the database and their owners' notes, so while the wall
is open this asks the run wall service every `OTHERS_EVERY_MS` — never the
view — and when what it found differs from before, it says so on the spine
(the executions that came, went or changed), as every operation does.
"""

from __future__ import annotations

import logging
import os

from PySide6.QtCore import QObject, QTimer

from desktop.domain.changes import OpChanges
from desktop.domain.run_wall import WallRun
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.changes import Changes
from desktop.ui.common.latest_read import LatestRead

log = logging.getLogger(__name__)
OTHERS_EVERY_MS = 2000
"""How soon a turn another process starts, asks or ends shows on an open wall."""


def _facts(run: WallRun) -> tuple[object, ...]:
    """What the wall shows of a run that only a read can change (the clock is not)."""
    return (run.state, run.tokens, run.waiting, run.conversation, run.title, run.account)


class WallFeed(QObject):
    def __init__(self, hub: ServiceHub, changes: Changes, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._changes = changes
        self.runs: list[WallRun] = []
        """Every unfinished turn of the home whose owner lives, as last read."""
        self._telling = False
        self._read: LatestRead[list[WallRun]] = LatestRead(
            Background(hub.executor, self), lambda: hub.wall.list, self._apply, self._failed
        )
        self._timer = QTimer(self)
        self._timer.setInterval(OTHERS_EVERY_MS)
        self._timer.timeout.connect(self._read.request)
        changes.changed.connect(self._changed)

    def others(self, own: set[str]) -> list[WallRun]:
        """The runs of other processes (and none of this one's, whose own news is newer);
        `own`: the execution ids of the window's runs."""
        me = os.getpid()
        return [r for r in self.runs if r.execution_id not in own and r.owner_pid != me]

    def find(self, execution_id: str | None) -> WallRun | None:
        return next((r for r in self.runs if r.execution_id == execution_id), None)

    def watch(self, on: bool) -> None:
        """Follow other processes' turns (while the wall is open), or stop."""
        if on:
            self._read.request()
            self._timer.start()
        else:
            self._timer.stop()

    def _changed(self, changes: OpChanges) -> None:
        if self._telling or not self._timer.isActive():
            return
        if changes.run_events or changes.executions or changes.conversations:
            self._read.request()  # a run of ours began or ended, a title changed

    def _apply(self, runs: list[WallRun]) -> None:
        before = {r.execution_id: _facts(r) for r in self.runs}
        after = {r.execution_id: _facts(r) for r in runs}
        self.runs = runs
        moved = {i for i in before.keys() | after.keys() if before.get(i) != after.get(i)}
        if moved:
            conversations = {r.conversation_id for r in runs if r.execution_id in moved}
            self._telling = True
            try:
                self._changes.publish(OpChanges.of(executions=moved, conversations=conversations))
            finally:
                self._telling = False

    def _failed(self, error: BaseException) -> None:  # the next tick reads again
        log.warning("reading the running turns: %s", error)
