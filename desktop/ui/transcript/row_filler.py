"""Put a long transcript's rows into the model a few milliseconds per event-loop turn.

A 200 MB transcript is 75,000 rows. Handing them to the model in one go
means guessing every row's height and summing them in one call of the
window's thread: long enough to be a stall. So the full reading's rows go in
front of the first screen (the transcript's end, already shown) in slices,
each slice bounded by `SLICE_S`, with the event loop free to paint in
between; the view keeps the reader's place as rows arrive above it. Last,
the first screen's rows, now duplicates of the full reading's end, go.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_rows import Row, RowBuilder
from desktop.ui.transcript.transcript_view import TranscriptView

SLICE_S = 0.006
"""Time for inserting rows per event-loop turn: well inside one 16 ms frame."""
FIRST_ROWS = 512
"""Rows in the first insertion; later ones are sized by how long the last took.
Each insertion also costs the view a pass over all rows (their total height),
so a few large ones beat many small ones."""


class RowFiller(QObject):
    def __init__(self, model: TranscriptModel, view: TranscriptView, parent: QObject) -> None:
        super().__init__(parent)
        self._model = model
        self._view = view
        self._rows: list[Row] = []
        self._builder = RowBuilder()
        self._done = 0
        self._step_rows = FIRST_ROWS
        self._finished: Callable[[], None] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    def busy(self) -> bool:
        return self._timer.isActive()

    def start(self, rows: list[Row], builder: RowBuilder, finished: Callable[[], None]) -> None:
        """Replace the model's rows by `rows`, then call `finished`."""
        self.stop()
        self._rows, self._builder, self._finished = rows, builder, finished
        self._done = 0
        self._step_rows = FIRST_ROWS
        self._timer.start()

    def stop(self) -> None:
        """Leave the model as it is (another session is being shown)."""
        self._timer.stop()
        self._rows, self._finished = [], None

    def _step(self) -> None:
        if self._done < len(self._rows):
            count = self._step_rows
            started = time.perf_counter()
            part = self._rows[self._done : self._done + count]
            self._model.insert_rows(self._done, part)
            took = time.perf_counter() - started
            self._done += len(part)
            self._step_rows = max(FIRST_ROWS, min(32768, int(count * SLICE_S / max(took, 1e-5))))
            return
        at_end = self._view.is_at_bottom()
        self._model.keep_rows(len(self._rows), self._builder)
        if at_end:
            self._view.scroll_to_bottom()
        finished = self._finished
        self.stop()
        if finished is not None:
            finished()
