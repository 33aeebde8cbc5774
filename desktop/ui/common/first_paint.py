"""Work that waits until something has been painted: the one helper for it.

A window's first paint comes from the window system some time after
`show()`, once the event loop runs; work queued with a zero timer while the
window is built runs before it, so the person looks at an empty screen while
the index is checked or the conversations' tables are read. `after_first_paint`
runs such work just after the window's first paint instead: at once when the
window is not shown at all (a test, a window built but never shown), or when
it has painted already; and after `FALLBACK_MS` if no paint comes.

`after_paint` is the same wait for any later paint: a widget's next paint (a
window's: the next paint of anything in it), or a view's own "painted"
signal (the transcript's first rows), each with the longest wait it may
take. The session list's choice of a new run's row, the transcript's whole
read after its last screen, the conversation pane's read after the
transcript's first rows, and its context chart after a read's header and
tree all wait through it (they exist for
the bench's stall row: work in a worker beside a paint made the paint wait
for the interpreter lock).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, SignalInstance
from PySide6.QtWidgets import QWidget

FALLBACK_MS = 1000
"""The longest a shown window's start-up work waits for its first paint."""
_PAINTED = "sessiondeskPainted"
_PAINTS = (QEvent.Type.Paint, QEvent.Type.UpdateRequest)
"""A widget's own paint, or a window's repaint of whatever changed inside it."""


class _AfterPaint(QObject):
    """Runs its work once: on the loop's turn after the paint, or at the fallback."""

    def __init__(
        self,
        owner: QObject,
        work: Callable[[], None],
        fallback_ms: int,
        widget: QWidget | None = None,
        painted: SignalInstance | None = None,
    ) -> None:
        super().__init__(owner)
        self._widget = widget
        self._work: Callable[[], None] | None = work
        if widget is not None:
            widget.installEventFilter(self)
        if painted is not None:
            painted.connect(self._painted, Qt.ConnectionType.SingleShotConnection)
        QTimer.singleShot(fallback_ms, self, self._run)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._widget and event.type() in _PAINTS:
            self._widget.setProperty(_PAINTED, True)
            self._painted()
        return False

    def _painted(self) -> None:
        QTimer.singleShot(0, self, self._run)  # once this paint is on screen

    def cancel(self) -> None:
        self._work = None
        self._run()

    def pending(self) -> bool:
        return self._work is not None

    def _run(self) -> None:
        if self._widget is not None:
            self._widget.removeEventFilter(self)
            self._widget = None
        work, self._work = self._work, None
        self.deleteLater()
        if work is not None:
            work()


def after_first_paint(widget: QWidget, work: Callable[[], None]) -> None:
    """Run `work` on the next turn of the event loop, or, when `widget`'s window
    is shown but not yet painted then, just after its first paint."""

    def start() -> None:
        window = widget.window()
        if window.isVisible() and not window.property(_PAINTED):
            _AfterPaint(window, work, FALLBACK_MS, widget=window)
        else:
            work()

    QTimer.singleShot(0, widget, start)


def after_paint(
    after: QWidget | SignalInstance,
    work: Callable[[], None],
    fallback_ms: int,
    owner: QObject | None = None,
) -> _AfterPaint:
    """Run `work` once, just after `after` painted — a widget's next paint, or a
    signal a view emits once it has painted — or after `fallback_ms` if none
    comes. (A zero timer would not do: Qt posts a paint at low priority, after
    such calls.) The handle's `cancel()` calls it off; `owner` (by default the
    widget) ends it when it goes."""
    if isinstance(after, QWidget):
        return _AfterPaint(owner or after, work, fallback_ms, widget=after)
    if owner is None:
        raise ValueError("waiting for a signal needs an owner")
    return _AfterPaint(owner, work, fallback_ms, painted=after)
