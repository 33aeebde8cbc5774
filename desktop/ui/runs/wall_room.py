"""Put the run wall into the window: View → Runs… (Ctrl+Shift+R), a click on the
status bar's run count, and what its rows ask for (open a conversation, stop
another process's turn). The wall itself is built when first opened."""

from __future__ import annotations

import asyncio
import logging

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from desktop.domain.errors import SessiondeskError
from desktop.services.hub import ServiceHub
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.run_desk import RunDesk
from desktop.ui.runs.run_wall import RunWall, WallRow
from desktop.ui.runs.wall_feed import WallFeed

log = logging.getLogger(__name__)
WALL_KEYS = "Ctrl+Shift+R"


class WallRoom(QObject):
    def __init__(
        self, hub: ServiceHub, window: QMainWindow, *, desk: RunDesk, changes: Changes,
        status: StatusBar, view_menu: QMenu,
    ) -> None:  # fmt: skip
        super().__init__(window)
        self._hub, self._window, self._desk, self._status = hub, window, desk, status
        self._changes = changes
        self.feed = WallFeed(hub, changes, self)
        self.wall: RunWall | None = None
        self._stops: set[asyncio.Future[object]] = set()
        """Stops of other processes' turns still going (the loop keeps only weak references)."""
        self.action = QAction(window)
        self.action.setObjectName("runWallAction")
        self.action.setShortcut(QKeySequence(WALL_KEYS))
        self.action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.action.triggered.connect(self.open)
        first = view_menu.actions()[0] if view_menu.actions() else None
        view_menu.insertAction(first, self.action)
        # the status bar's "2 runs streaming" opens the wall
        count = desk.indicator.label
        count.setCursor(Qt.CursorShape.PointingHandCursor)
        count.installEventFilter(self)
        self.retranslate()
        window.installEventFilter(self)

    def open(self) -> RunWall:
        wall = self.wall
        if wall is None:
            wall = self.wall = RunWall(self._desk.controller, self.feed, self._changes,
                                       self._window)  # fmt: skip
            wall.open_requested.connect(self._go_to)
            wall.stop_requested.connect(self._stop_elsewhere)
        wall.show()
        wall.activateWindow()
        return wall

    def _go_to(self, row: WallRow) -> None:
        """Show the row's conversation in the window, and the window."""
        if row.live is not None:
            self._desk.show_run(row.live)
        elif row.read is not None:
            session = row.read.session_id
            if not session or not self._desk.pane.select_session(row.read.account, session):
                self._status.notify(self.tr("That turn's session is not in the list yet."))
                return
        self._window.activateWindow()

    def _stop_elsewhere(self, row: WallRow) -> None:
        """Another process's turn: stopped as `sessiondesk stop` does, a task of this loop."""
        read = row.read
        if read is None:
            return
        self._status.notify(self.tr("Stopping…"))
        stop = asyncio.ensure_future(self._hub.runs.stop(read.execution_id))
        self._stops.add(stop)
        stop.add_done_callback(self._stopped)

    def _stopped(self, stop: asyncio.Future[object]) -> None:
        self._stops.discard(stop)
        if not stop.cancelled() and stop.exception() is not None:
            self._stop_failed(stop.exception())  # type: ignore[arg-type]

    def _stop_failed(self, error: BaseException) -> None:
        if isinstance(error, SessiondeskError):
            self._status.notify(error_text(error))
        else:
            log.error("stopping another process's turn", exc_info=error)

    def retranslate(self) -> None:
        self.action.setText(self.tr("R&uns…"))
        self.action.setStatusTip(self.tr("Every running or waiting turn, across accounts"))
        self._desk.indicator.label.setToolTip(
            self.tr("Show every run ({keys})").format(keys=WALL_KEYS)
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        elif (watched is self._desk.indicator.label
              and event.type() == QEvent.Type.MouseButtonRelease):  # fmt: skip
            self.open()
            return True
        return False
