"""The context chart's turn axis: whole turns only, and no two labels meet,
at every turn count from 1 to 500 and in a narrow pane as in a wide one.

At 2-4 turns the axis used to draw half-turn ticks whose labels lay one over
the other ("1ı ı 2 ⁊ 3")."""

from __future__ import annotations

import math
from itertools import pairwise
from pathlib import Path

import pytest
from PySide6.QtCharts import QCategoryAxis, QValueAxis
from PySide6.QtCore import QPointF
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.conversations.token_chart import TokenChart, TurnPoint


def turn_labels(made: TokenChart) -> list[tuple[float, str]]:
    """The turn axis's labels and where they sit, whatever kind of axis draws them."""
    axis = made.x_axis
    if isinstance(axis, QCategoryAxis):
        return [(axis.endValue(label), label) for label in axis.categoriesLabels()]
    assert isinstance(axis, QValueAxis)
    if axis.tickType() is QValueAxis.TickType.TicksDynamic:
        interval, anchor = axis.tickInterval(), axis.tickAnchor()
        first = anchor + math.ceil((axis.min() - anchor) / interval) * interval
        values = []
        while first <= axis.max() + 1e-9:
            values.append(first)
            first += interval
    else:
        span = axis.max() - axis.min()
        values = [axis.min() + span * k / (axis.tickCount() - 1) for k in range(axis.tickCount())]
    return [(v, str(int(v))) for v in values]


def chart(qtbot: QtBot, width: int) -> TokenChart:
    made = TokenChart()
    qtbot.addWidget(made)
    made.resize(width, 220)
    made.show()
    qtbot.waitExposed(made)
    return made


def draw(made: TokenChart, turns: int) -> None:
    made.show_turns([TurnPoint(n, 1000 * n, n == turns) for n in range(1, turns + 1)], 150_000)
    QApplication.processEvents()


def assert_whole_and_apart(made: TokenChart, turns: int) -> None:
    labels = turn_labels(made)
    assert labels, f"{turns} turns: no turn labelled"
    metrics = QFontMetrics(made.x_axis.labelsFont())
    for value, text in labels:
        assert value == int(value) and text == str(int(value)), (turns, labels)
        assert 1 <= value <= turns, (turns, labels)
    places = [made.chart().mapToPosition(QPointF(value, 0)).x() for value, _ in labels]
    placed = [(x, text) for x, (_, text) in zip(places, labels, strict=True)]
    for (left, a), (right, b) in pairwise(placed):
        room = (metrics.horizontalAdvance(a) + metrics.horizontalAdvance(b)) / 2
        assert right - left >= room + 2, f"{turns} turns: {a!r} and {b!r} meet"


@pytest.mark.gui
@pytest.mark.parametrize("width", [252, 120])
def test_every_turn_count_labels_whole_turns_that_never_meet(qtbot: QtBot, width: int) -> None:
    made = chart(qtbot, width)
    for turns in range(1, 501):
        draw(made, turns)
        assert_whole_and_apart(made, turns)


@pytest.mark.gui
def test_two_to_four_turns_label_each_turn_once(qtbot: QtBot, tmp_path: Path) -> None:
    made = chart(qtbot, 270)
    for turns in (2, 3, 4):
        draw(made, turns)
        assert [text for _, text in turn_labels(made)] == [str(n) for n in range(1, turns + 1)]
        assert made.grab().save(str(tmp_path / f"token-chart-{turns}-turns.png"))
