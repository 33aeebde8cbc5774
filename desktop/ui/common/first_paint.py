"""Start-up work that waits until the window has painted once.

A window's first paint comes from the window system some time after
`show()`, once the event loop runs; work queued with a zero timer while the
window is built runs before it, so the person looks at an empty screen while
the index is checked or the conversations' tables are read. `after_first_paint`
runs such work just after the window's first paint instead: at once when the
window is not shown at all (a test, a window built but never shown), or when
it has painted already; and after `FALLBACK_MS` if no paint comes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

FALLBACK_MS = 1000
"""The longest a shown window's start-up work waits for its first paint."""
_PAINTED = "sessiondeskPainted"


class _AfterPaint(QObject):
    def __init__(
        self, window: QWidget, work: Callable[[], None], fallback_ms: int = FALLBACK_MS
    ) -> None:
        super().__init__(window)
        self._window = window
        self._work: Callable[[], None] | None = work
        window.installEventFilter(self)
        QTimer.singleShot(fallback_ms, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.Paint:
            self._window.setProperty(_PAINTED, True)
            QTimer.singleShot(0, self, self._run)  # once this paint is on screen
        return False

    def _run(self) -> None:
        work, self._work = self._work, None
        if work is None:
            return
        self._window.removeEventFilter(self)
        self.deleteLater()
        work()


def after_first_paint(widget: QWidget, work: Callable[[], None]) -> None:
    """Run `work` on the next turn of the event loop, or, when `widget`'s window
    is shown but not yet painted then, just after its first paint."""

    def start() -> None:
        window = widget.window()
        if window.isVisible() and not window.property(_PAINTED):
            _AfterPaint(window, work)
        else:
            work()

    QTimer.singleShot(0, widget, start)


def after_next_paint(widget: QWidget, work: Callable[[], None], fallback_ms: int) -> None:
    """Run `work` just after `widget`'s next paint, or after `fallback_ms` if none comes.
    (A zero timer would not do: Qt posts a paint at low priority, after such calls.)"""
    _AfterPaint(widget, work, fallback_ms)
