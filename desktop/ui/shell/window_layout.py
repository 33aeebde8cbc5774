"""How the window's three panes share its width: the session list, the
transcript and the conversation pane.

* The list grows and shrinks with the window, in proportion with the
  transcript (a third of the width on a first start, between
  `MIN_LEFT_WIDTH` and `MAX_LEFT_WIDTH`): on a wide screen sessions whose
  titles start alike can be told apart. The conversation pane keeps its
  width.
* The conversation pane is folded away when the window becomes narrower
  than `FOLD_BELOW` (the README names this width): at 800 px the composer
  and the transcript need the room. It comes back at its old width when the
  window is widened past it again, unless the person moved it meanwhile.
  Its handle drags it out at any width.
* What a pane shows never changes these widths: a pane's minimum width must
  not grow with its text (a long banner above the composer took 50 px from
  the list).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter, QWidget

FOLD_BELOW = 1000
"""Window width (px) under which the conversation pane is folded away."""
LEFT_SHARE = 0.342
"""The list's share of a first start's width (410 px of the usual 1200)."""
MIN_LEFT_WIDTH = 250
MAX_LEFT_WIDTH = 640
DEFAULT_RIGHT_WIDTH = 270
MIN_RIGHT_WIDTH = 260
LEFT, CENTRE, RIGHT = range(3)
STRETCH = {LEFT: 1, CENTRE: 1, RIGHT: 0}
"""QSplitter shares a change of width by these factors times each pane's width."""


def default_sizes(width: int, window_width: int) -> list[int]:
    """The three panes' widths for a first start in a splitter `width` px wide."""
    left = max(MIN_LEFT_WIDTH, min(MAX_LEFT_WIDTH, round(window_width * LEFT_SHARE)))
    left = min(left, width * 2 // 5)  # a tiny window still gives the transcript the most
    right = 0 if window_width < FOLD_BELOW else DEFAULT_RIGHT_WIDTH
    return [left, max(width - left - right, left), right]


def _least(widget: QWidget) -> QSize:
    """The size QSplitter will not go below for `widget` (as its qSmartMinSize)."""
    hint = widget.minimumSizeHint()
    return QSize(widget.minimumWidth() or hint.width(), widget.minimumHeight() or hint.height())


class PaneSplitter(QSplitter):
    """The window's splitter: the list and the transcript share a change of
    width; the conversation pane folds when the window crosses `FOLD_BELOW`
    and comes back when it crosses it again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self._unfold_to = 0
        """The pane's width before it was folded for a narrow window (0: not folded by us)."""
        self.splitterMoved.connect(self._moved)

    def lay_out(self) -> None:
        """The first start's sizes for the width now."""
        width = max(0, self.window().width() - (self.count() - 1) * self.handleWidth())
        sizes = default_sizes(width, self.window().width())
        self._unfold_to = 0 if sizes[RIGHT] else DEFAULT_RIGHT_WIDTH  # folded by us
        self.setSizes(sizes)

    def minimumSizeHint(self) -> QSize:
        """Without a folded pane's least size: QSplitter counts it, so the window
        could not be made narrower than 941 px with the conversation folded."""
        hint = super().minimumSizeHint()
        sizes = self.sizes()
        shown = [self.widget(i) for i, size in enumerate(sizes) if size > 0 or i != RIGHT]
        folded = [self.widget(i) for i, size in enumerate(sizes) if size == 0 and i == RIGHT]
        width = hint.width() - sum(_least(w).width() for w in folded if w is not None)
        height = max([_least(w).height() for w in shown if w is not None] or [hint.height()])
        return QSize(max(width, 0), min(hint.height(), height))

    def setSizes(self, sizes: Sequence[int]) -> None:
        super().setSizes(list(sizes))
        self.updateGeometry()  # folded or not: the window's least size follows

    def event(self, event: QEvent) -> bool:
        handled = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            # a pane's minimum grew (another language's words): the splitter only
            # notices at its next resize, and "Fresh session" was cut meanwhile
            QTimer.singleShot(0, self, self._respect_minimums)  # not after the splitter is gone
        return handled

    def _respect_minimums(self) -> None:
        sizes = self.sizes()
        shown = [(size, self.widget(i)) for i, size in enumerate(sizes) if size]
        least = [max(w.minimumSizeHint().width(), w.minimumWidth()) for _s, w in shown]
        if sum(least) > sum(sizes):
            return  # the panes cannot all fit: the person placed them so, leave it
        if any(size < need for (size, _w), need in zip(shown, least, strict=True)):
            self.setSizes(sizes)  # QSplitter gives each pane at least its minimum

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._stretch()
        before = self.sizes()
        super().resizeEvent(event)
        if self.count() != 3 or not self.window().isVisible():
            return
        old, new = event.oldSize().width(), event.size().width()
        edge = FOLD_BELOW - (self.window().width() - new)  # the window's edge, in ours
        if old >= edge > new and self.sizes()[RIGHT] > 0:
            self._unfold_to = before[RIGHT]
            self._share(before, 0)
        elif old < edge <= new and self._unfold_to and self.sizes()[RIGHT] == 0:
            self._share(before, max(self._unfold_to, MIN_RIGHT_WIDTH))
            self._unfold_to = 0

    def _share(self, before: list[int], right: int) -> None:
        """The pane at `right` px; the list keeps the share of the width it had
        `before` (while shrinking, the transcript's minimum took it all from the list)."""
        total = sum(self.sizes())
        left = round(total * before[LEFT] / sum(before)) if sum(before) else 0
        left = max(min(left, (total - right) // 2), min(MIN_LEFT_WIDTH, (total - right) // 3))
        self.setSizes([left, total - right - left, right])

    def _stretch(self) -> None:
        # a factor lives in the pane's size policy: a pane put in later has none yet
        for index, factor in STRETCH.items():
            widget = self.widget(index)
            if widget is not None and widget.sizePolicy().horizontalStretch() != factor:
                self.setStretchFactor(index, factor)

    def _moved(self, _pos: int, _index: int) -> None:
        self.updateGeometry()
        self._unfold_to = 0  # the person placed the panes: a wider window keeps their choice
