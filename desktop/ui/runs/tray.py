"""Telling the person a run needs them: the tray when they look elsewhere, else the status bar.

`decide()` is the whole policy, a pure function: a question or an ending
that the person can already see needs no message; one in another
conversation gets a status-bar line; anything while the window is not
active goes to the system tray (when the desktop has one) and asks the task
bar to flag the window.
"""

from __future__ import annotations

from enum import StrEnum

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QMainWindow, QSystemTrayIcon

from desktop.ui.common.status import StatusBar

TRAY_MS = 8000


class Attention(StrEnum):
    PERMISSION = "permission"
    """A tool waits for Allow or Deny."""
    FINISHED = "finished"
    FAILED = "failed"


class Channel(StrEnum):
    NONE = "none"
    STATUS = "status"
    TRAY = "tray"


def decide(kind: Attention, *, window_active: bool, run_shown: bool) -> Channel:
    """Where to tell the person about `kind` happening to a run."""
    if not window_active:
        return Channel.TRAY
    if run_shown:
        # the card, the reply or the error is right in front of them
        return Channel.NONE
    return Channel.STATUS


class Notifier(QObject):
    """Delivers what `decide()` chose; falls back to the status bar without a tray."""

    def __init__(self, window: QMainWindow, status: StatusBar) -> None:
        super().__init__(window)
        self._window = window
        self._status = status
        self._tray: QSystemTrayIcon | None = None
        self.sent: list[tuple[Channel, str]] = []
        """What was said and where (the last few), for tests and the curious."""

    def tray_available(self) -> bool:
        return QSystemTrayIcon.isSystemTrayAvailable()

    def tell(self, kind: Attention, title: str, text: str, *, run_shown: bool) -> Channel:
        channel = decide(kind, window_active=self._window.isActiveWindow(), run_shown=run_shown)
        if channel is Channel.NONE:
            return channel
        self.sent = [*self.sent[-19:], (channel, f"{title}: {text}")]
        if channel is Channel.TRAY:
            QApplication.alert(self._window)
            tray = self._tray_icon()
            if tray is not None:
                icon = QSystemTrayIcon.MessageIcon.Warning if kind is Attention.PERMISSION else (
                    QSystemTrayIcon.MessageIcon.Information)  # fmt: skip
                tray.showMessage(title, text, icon, TRAY_MS)
                return channel
        # no tray on this desktop (or a status-bar matter): the status bar says it
        self._status.notify(f"{title}: {text}")
        return channel

    def _tray_icon(self) -> QSystemTrayIcon | None:
        if self._tray is None and self.tray_available():
            self._tray = QSystemTrayIcon(self._window.windowIcon(), self)
            self._tray.setToolTip("Sessiondesk")
            self._tray.activated.connect(self._raise_window)
            self._tray.messageClicked.connect(self._raise_window)
            self._tray.show()
        return self._tray

    def _raise_window(self, *_args: object) -> None:
        self._window.showNormal() if self._window.isMinimized() else None
        self._window.raise_()
        self._window.activateWindow()

    def close(self) -> None:
        if self._tray is not None:
            self._tray.hide()
