"""How the window's three panes share its width: the session list, the
transcript and the conversation pane.

* The list grows and shrinks with the window: a third of its width by
  default (between `MIN_LEFT_WIDTH` and `MAX_LEFT_WIDTH`), or the share the
  person dragged it to. On a wide screen sessions whose titles start alike
  can be told apart; on a narrow one the transcript keeps most of the room.
* The conversation pane keeps its width, and is folded away while the
  window is narrower than `FOLD_BELOW` (the README names this width): at
  800 px the composer and the transcript need the room. It comes back at its
  old width when the window is widened again, unless the person folded it
  themselves. Its handle drags it out at any width.
* What a pane shows never changes these widths: a pane's minimum width is
  not allowed to grow with its text (a long banner above the composer took
  50 px from the list).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter, QWidget

FOLD_BELOW = 1000
"""Window width (px) under which the conversation pane is folded away."""
LEFT_SHARE = 0.34
MIN_LEFT_WIDTH = 250
MAX_LEFT_WIDTH = 640
DEFAULT_RIGHT_WIDTH = 270
MIN_RIGHT_WIDTH = 260
LEFT, CENTRE, RIGHT = range(3)


def left_width(width: int, share: float = LEFT_SHARE) -> int:
    """The list's width in a splitter `width` px wide."""
    left = max(MIN_LEFT_WIDTH, min(MAX_LEFT_WIDTH, round(width * share)))
    return min(left, width * 2 // 5)  # a tiny window still gives the transcript the most


def default_sizes(width: int, window_width: int) -> list[int]:
    """The three panes' widths for a first start in a splitter `width` px wide."""
    left = left_width(width)
    right = 0 if window_width < FOLD_BELOW else DEFAULT_RIGHT_WIDTH
    return [left, max(width - left - right, left), right]


class PaneSplitter(QSplitter):
    """The window's splitter: keeps the list's share and the conversation pane's
    width, and folds that pane below `FOLD_BELOW`, on each of its own resizes
    (so sizes set right after a resize are kept)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Horizontal, parent)
        self._share = LEFT_SHARE
        self._right = DEFAULT_RIGHT_WIDTH
        """The conversation pane's width on a wide window (0: the person folded it)."""
        self._narrow: bool | None = None
        """Whether the window was narrow at the last fit (None: not laid out yet)."""
        self.splitterMoved.connect(self._moved)

    def lay_out(self) -> None:
        """The first start's sizes for the width now."""
        self._share, self._right = LEFT_SHARE, DEFAULT_RIGHT_WIDTH
        self._narrow = self._is_narrow()
        self.setSizes(default_sizes(self._total(), self.window().width()))

    def adopt(self) -> None:
        """Take the sizes now (restored from the last run) as the person's choice."""
        sizes = self.sizes()
        if len(sizes) == 3 and sum(sizes) > 0:
            self._share = sizes[LEFT] / sum(sizes)
            self._narrow = self._is_narrow()
            if not self._narrow:
                self._right = sizes[RIGHT]

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.count() == 3 and self._narrow is not None:
            self._fit()

    def _is_narrow(self) -> bool:
        return self.window().width() < FOLD_BELOW

    def _total(self) -> int:
        # the window's width: before the window is first shown, the splitter has none yet
        return max(0, self.window().width() - (self.count() - 1) * self.handleWidth())

    def _fit(self) -> None:
        sizes = self.sizes()
        width, right = sum(sizes), sizes[RIGHT]
        narrow = self._is_narrow()
        if narrow and not self._narrow:
            right = 0  # folded for the narrow window; `_right` brings it back
        elif not narrow:
            right = self._right
        self._narrow = narrow
        left = left_width(width, self._share)
        self.setSizes([left, max(width - left - right, 0), right])

    def _moved(self, _pos: int, _index: int) -> None:
        # the person placed the panes: keep the list's share, and the pane's width or fold
        sizes = self.sizes()
        if sum(sizes) > 0:
            self._share = sizes[LEFT] / sum(sizes)
        if not self._is_narrow():
            self._right = sizes[RIGHT]
