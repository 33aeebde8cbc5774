"""The window's one change spine: every `OpChanges`, handed to every view.

The main window makes one `Changes` and gives it to its parts. What the
services report on their hub's feed (from any thread) and what the window's
runs say (started, recorded, needs an answer, replied, ended) arrive here as
one kind of value, on the window's thread, in the order they happened. Each
view connects `changed` once and decides from the ids whether what it shows
is touched: the conversation pane (header, tree, chart, the composer's fill
line), the composer with Stop, the permission cards and the activity line,
the list's run badges and status-bar count, its conversation and archived
marks, the insight and bundles pages, the window's empty state, the
transcript's read at the end of the run it shows. (Between, the transcript
follows its file and a run's live rows, which are data, not news.) Anki's
`operation_did_execute` is the model: an operation says what it changed;
views listen for that, never for each other.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt, Signal

from desktop.domain.changes import ChangeFeed, OpChanges


class Changes(QObject):
    changed = Signal(object)
    """An `OpChanges`: what one operation or one step of a run changed."""
    _reported = Signal(object)
    """A service's report, from whichever thread made it."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._unsubscribe: list[Callable[[], None]] = []
        # queued from a worker thread, direct from the window's own (Auto): either way
        # the views hear it on the window's thread
        self._reported.connect(self.publish, Qt.ConnectionType.AutoConnection)
        self.published = 0
        """How many values went out: for tests and benches."""

    def follow(self, feed: ChangeFeed) -> None:
        """Hand on what a hub's services report (until `close()`)."""
        self._unsubscribe.append(feed.subscribe(self._reported.emit))

    def publish(self, changes: OpChanges) -> None:
        """Tell every view; an empty value is dropped."""
        if changes:
            self.published += 1
            self.changed.emit(changes)

    def close(self) -> None:
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()
