"""Cyclic garbage collection on the window's thread, never on a worker's.

Python's cycle collector runs on whichever thread happens to allocate when a
threshold is crossed: the runs' blocking lane, the transcript reader, the
highlighter warm-up. A cycle that holds a Qt object with a live timer (a
widget, a QTimer) then dies on that thread, and Qt warns "Timers cannot be
stopped from another thread" or worse. So while the window lives, automatic
collection is off and a timer on the window's thread collects instead, by the
same thresholds Python would use.

What survives the window's start lives as long as the window: at the first
collection it is moved to the oldest generation (`freeze` then `unfreeze`, no
walk), so the younger collections do not walk it again. Left young, the
first middle collection walked it while five runs streamed: 35–42 ms of the
window's thread in one piece.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500


class MainThreadCollector(QObject):
    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.setObjectName("sessiondesk-gc")
        self._thresholds = gc.get_threshold()
        self._started = False
        self._timer = QTimer(self)
        self._timer.setInterval(INTERVAL_MS)
        self._timer.timeout.connect(self.collect_due)

    def start(self) -> None:
        self._started = False
        gc.disable()
        self._timer.start()

    def stop(self) -> None:
        """Back to Python's own collection, after a last sweep on this thread."""
        self._timer.stop()
        gc.collect()
        gc.enable()

    def collect_due(self) -> None:
        """Collect the oldest generation whose count has passed its threshold."""
        counts = gc.get_count()
        for generation in (2, 1, 0):
            threshold = self._thresholds[generation]
            if threshold and counts[generation] > threshold:
                gc.collect(generation)
                break
        if not self._started:
            self._started = True
            gc.freeze()  # the start's survivors, young no more
            gc.unfreeze()


def install(app: QObject) -> MainThreadCollector:
    """The application's one collector, started; a second call returns the first."""
    existing = app.findChild(MainThreadCollector, "sessiondesk-gc")
    if isinstance(existing, MainThreadCollector):
        existing.start()
        return existing
    collector = MainThreadCollector(app)
    collector.start()
    return collector


def uninstall(app: QObject) -> None:
    existing = app.findChild(MainThreadCollector, "sessiondesk-gc")
    if isinstance(existing, MainThreadCollector):
        existing.stop()
