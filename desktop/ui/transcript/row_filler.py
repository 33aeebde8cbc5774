"""Make and show a long transcript's rows a few milliseconds per event-loop turn.

A 200 MB transcript is 75,000 rows. Making them and handing them to the
model in one go means a long call on the window's thread (or, made on a
worker thread, hundreds of thousands of young objects that the window's
cycle collector then walks on its thread, in one pause). So the full
reading's rows are made here, a slice per turn bounded by `SLICE_S`, and go in
front of the first screen (the transcript's end, already shown); the view
keeps the reader's place as rows arrive above it, and the event loop paints
in between. Each slice's new objects are frozen out of the collector's young
generations (moved, not collected) until the end, when they join the oldest.
Last, the first screen's rows, now duplicates of the full reading's end, go;
their layouts are kept for the identical rows that replace them.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator

from PySide6.QtCore import QObject, QTimer

from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_rows import Row, RowBuilder
from desktop.ui.transcript.transcript_view import TranscriptView

SLICE_S = 0.004
"""Time for making rows per event-loop turn; inserting them adds about as much."""


class RowFiller(QObject):
    def __init__(self, model: TranscriptModel, view: TranscriptView, parent: QObject) -> None:
        super().__init__(parent)
        self._model = model
        self._view = view
        self._builder = RowBuilder()
        self._rows: Iterator[Row] = iter(())
        self._made = 0
        self._finished: Callable[[], None] | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)

    def busy(self) -> bool:
        return self._timer.isActive()

    def start(self, rows: Iterable[Row], builder: RowBuilder, finished: Callable[[], None]) -> None:
        """Replace the model's rows by `rows` (made as they are taken: `builder.rows()`),
        then call `finished`."""
        self.stop()
        self._builder = builder
        self._rows = iter(rows)
        self._made = 0
        self._finished = finished
        self._timer.start()

    def stop(self) -> None:
        """Leave the model as it is (another session is being shown)."""
        if self._timer.isActive():
            self._timer.stop()
            gc.unfreeze()
        self._rows, self._finished = iter(()), None

    def _step(self) -> None:
        part: list[Row] = []
        until = time.perf_counter() + SLICE_S
        for row in self._rows:
            part.append(row)
            if len(part) % 64 == 0 and time.perf_counter() >= until:
                break
        self._model.insert_rows(self._made, part)
        self._made += len(part)
        gc.freeze()
        if part:
            return
        self._keep_layouts()
        at_end = self._view.is_at_bottom()
        self._model.keep_rows(self._made, self._builder)
        if at_end:
            self._view.scroll_to_bottom()
        finished = self._finished
        self.stop()
        if finished is not None:
            finished()

    def _keep_layouts(self) -> None:
        """The first screen's rows that the full reading repeats keep their
        revision (so their laid-out text is reused) and their open state."""
        old = self._model.rows(self._made)
        shown = {row.key: row for row in old}
        for row in self._model.rows(max(0, self._made - len(old) - 8), self._made):
            was = shown.get(row.key)
            if was is not None and was.same_content(row):
                row.revision, row.expanded = was.revision, was.expanded
