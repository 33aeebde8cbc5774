"""A line above the composer that says Claude is at work before its first word arrives.

Between Send and the first streamed token there can be seconds (claude starts,
reads its config, asks the API): without a sign of life the window looks
stuck. The line shows what goes on, with dots that move, and hides as soon as
the reply (or a tool call, or a question) is on screen.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QLabel, QWidget

from desktop.domain.transcript import Role
from desktop.ui.runs.run_controller import LiveRun

TICK_MS = 400


def waiting_for_first_word(live: LiveRun | None) -> bool:
    """A run that streams but has shown nothing of Claude's yet (nor asked anything)."""
    if live is None or not live.streaming or live.pending:
        return False
    return not any(item.message.role is not Role.USER for item in live.transcript.items)


class ActivityLine(QLabel):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("runActivity")
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.setContentsMargins(18, 4, 18, 0)
        self._words = ""
        self._dots = 0
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)
        self.hide()

    def show_state(self, *, starting: bool, live: LiveRun | None) -> None:
        if starting:
            words = self.tr("Starting claude")
        elif waiting_for_first_word(live):
            words = self.tr("Claude is working on it")
        else:
            words = ""
        if words == self._words:
            return
        self._words = words
        if not words:
            self._timer.stop()
            self.hide()
            return
        self._dots = 0
        self._tick()
        self._timer.start()
        self.show()

    def _tick(self) -> None:
        self._dots = self._dots % 3 + 1
        self.setText(self._words + "." * self._dots)
