"""The transcript's row layout: totals and the scroll place as rows come and are measured."""

from __future__ import annotations

from desktop.ui.transcript.transcript_layout import RowLayout


def test_the_total_and_the_place_follow_rows_put_in_front_and_measured() -> None:
    measured = {0: 30}
    layout = RowLayout(lambda number: measured.get(number, 10))
    layout.reset([10] * 5)
    layout.scroll_to_row(3)
    layout.offset = 4
    assert (layout.total(), layout.value()) == (50, 34)
    assert not layout.changed()

    layout.insert(0, [7, 8])  # before the place: the same row stays at the top
    assert layout.changed()
    assert layout.anchor == 5
    assert (layout.total(), layout.value()) == (65, 49)
    assert not layout.changed()
    assert layout.value() == layout.prefix()[5] + 4 and layout.total() == layout.prefix()[-1]

    assert layout.height(0) == 30  # a guess measured: everything below it moves down
    assert layout.changed()
    assert (layout.total(), layout.value()) == (88, 72)
    layout.scroll_to(layout.value())  # through the tops: the same place
    assert (layout.anchor, layout.offset) == (5, 4)
    layout.remove(0, 1)
    assert (layout.total(), layout.value(), layout.anchor) == (50, 34, 3)
