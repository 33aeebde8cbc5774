"""A one-line label that shortens its text with an ellipsis to fit, so a long
path or id never sets the minimum width of the pane it sits in. `text()`
stays the whole text; the tooltip shows it when it does not fit."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    def __init__(
        self,
        parent: QWidget | None = None,
        mode: Qt.TextElideMode = Qt.TextElideMode.ElideMiddle,
    ) -> None:
        super().__init__(parent)
        self._mode = mode
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance("M…M"), super().minimumSizeHint().height())

    def setText(self, text: str) -> None:
        super().setText(text)
        self._update_tooltip()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._update_tooltip()

    def _update_tooltip(self) -> None:
        fits = self.fontMetrics().horizontalAdvance(self.text()) <= self.contentsRect().width()
        self.setToolTip("" if fits else self.text())

    def paintEvent(self, _event: QPaintEvent) -> None:
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), self._mode, rect.width())
        # ended here, not when the wrapper is collected: a frame kept alive (a traceback,
        # a stack sampler) kept the painter open past the paint, and Qt then crashed
        with QPainter(self) as painter:
            painter.drawText(rect, int(self.alignment()), shown)
