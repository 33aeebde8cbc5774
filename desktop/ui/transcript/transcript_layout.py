"""Where each transcript row sits: heights, guessed or measured, and the scroll anchor.

Heights start as guesses from the text's size and become exact when a row is
first measured (it is about to be shown). The scroll position is kept as
(row, pixels into that row) rather than as one pixel offset, so a row above
the viewport that turns out taller than guessed never moves what the reader
is looking at. Pure Python: the view hands in how to measure a row.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator
from itertools import accumulate, islice


class RowLayout:
    def __init__(self, measure: Callable[[int], int]) -> None:
        self._measure = measure
        self.heights: list[int] = []
        self._exact: list[bool] = []
        self._prefix: list[int] | None = None
        """Each row's top, summed when a scroll needs them (`scroll_to`)."""
        self._total: int | None = None
        self.anchor = 0
        """The row at the top of the viewport."""
        self.offset = 0
        """How many pixels of the anchor row are scrolled out of sight."""

    def __len__(self) -> int:
        return len(self.heights)

    # -- rows come and go ----------------------------------------------------------------

    def reset(self, guesses: list[int]) -> None:
        self.heights = guesses
        self._exact = [False] * len(guesses)
        self._heights_changed()
        self.anchor = self.offset = 0

    def rescale(self, guesses: list[int]) -> None:
        """New guesses for every row (the width changed); the anchor stays."""
        anchor, offset = self.anchor, self.offset
        self.reset(guesses)
        self.anchor, self.offset = min(anchor, max(0, len(guesses) - 1)), offset

    def insert(self, first: int, guesses: list[int]) -> None:
        self.heights[first:first] = guesses
        self._exact[first:first] = [False] * len(guesses)
        self._heights_changed()
        if first <= self.anchor and first < len(self.heights) - len(guesses):
            self.anchor += len(guesses)

    def remove(self, first: int, last: int) -> None:
        del self.heights[first : last + 1]
        del self._exact[first : last + 1]
        self._heights_changed()
        if self.anchor > last:
            self.anchor -= last - first + 1
        elif self.anchor >= first:
            self.anchor, self.offset = max(0, min(first, len(self.heights) - 1)), 0

    def invalidate(self, first: int, last: int) -> None:
        """These rows changed: measure them again when next shown."""
        for number in range(max(0, first), min(last + 1, len(self._exact))):
            self._exact[number] = False

    # -- measuring --------------------------------------------------------------------------

    def height(self, number: int) -> int:
        if not self._exact[number]:
            height = self._measure(number)
            self._exact[number] = True
            if height != self.heights[number]:
                self.heights[number] = height
                self._heights_changed()
        return self.heights[number]

    def changed(self) -> bool:
        """True when a height changed since the totals were last summed."""
        return self._total is None

    def _heights_changed(self) -> None:
        self._prefix = self._total = None

    def prefix(self) -> list[int]:
        if self._prefix is None:
            self._prefix = list(accumulate(self.heights, initial=0))
        return self._prefix

    def total(self) -> int:
        # a sum, not the tops: a long transcript's rows arrive in many slices, and the
        # scroll bar asks for the total and the value after each (the tops of 75,000
        # rows made again for each of 30 slices were half of their inserting)
        if self._total is None:
            self._total = self._prefix[-1] if self._prefix is not None else sum(self.heights)
        return self._total

    # -- scrolling ---------------------------------------------------------------------------

    def value(self) -> int:
        """The scroll position in pixels, as the scroll bar shows it."""
        if not self.heights:
            return 0
        anchor = min(self.anchor, len(self.heights) - 1)
        if self._prefix is not None:
            return self._prefix[anchor] + self.offset
        return sum(islice(self.heights, anchor)) + self.offset

    def scroll_to(self, value: int) -> None:
        if not self.heights:
            return
        prefix = self.prefix()
        value = max(0, min(value, prefix[-1]))
        number = min(bisect_right(prefix, value) - 1, len(self.heights) - 1)
        self.anchor, self.offset = number, value - prefix[number]

    def scroll_to_row(self, number: int) -> None:
        self.anchor, self.offset = max(0, min(number, len(self.heights) - 1)), 0

    def scroll_to_end(self, visible: int) -> None:
        """Measure upwards from the last row until `visible` pixels are filled."""
        filled, number = 0, len(self.heights)
        while number > 0 and filled < visible:
            number -= 1
            filled += self.height(number)
        self.anchor, self.offset = number, max(0, filled - visible)

    def rows(self, visible: int) -> Iterator[tuple[int, int, int]]:
        """(row, top, height) of each row in a viewport `visible` pixels high."""
        top, number = -self.offset, self.anchor
        while top < visible and number < len(self.heights):
            height = self.height(number)
            yield number, top, height
            top += height
            number += 1

    def fill(self, visible: int) -> None:
        """Measure what shows; if the end leaves a gap at the bottom, scroll back."""
        for _ in range(4):  # each pass measures more rows; a few settle any guess
            if not self.heights:
                return
            self.anchor = max(0, min(self.anchor, len(self.heights) - 1))
            bottom = max((top + height for _n, top, height in self.rows(visible)), default=0)
            if bottom >= visible or (self.anchor == 0 and self.offset == 0):
                return
            self.scroll_to(max(0, self.total() - visible))
