"""What the window says while it reads, what the list's columns are called, and
a context chart whose legend, axis and markers are whole."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.conversations.token_chart import TokenChart, TurnPoint
from desktop.ui.sessions.session_model import ACCOUNT, COLUMNS
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import add_account, pane, wait_indexed
from tests.ui.text_fit import cut_texts

pytestmark = pytest.mark.gui


def test_while_the_first_index_runs_the_window_says_it_is_reading(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[..., MainWindow], qtbot: QtBot
) -> None:
    add_account(hub, "work", tmp_path)
    window = open_window(hub, show=False)  # the first pass starts after the first paint
    assert "Reading sessions" in window.transcript.empty_state.text()
    assert "No sessions yet" not in window.transcript.empty_state.text()
    window.show()
    wait_indexed(qtbot, window)
    qtbot.waitUntil(lambda: "No sessions yet" in window.transcript.empty_state.text())


def test_every_column_of_the_session_list_has_a_heading(window: MainWindow) -> None:
    model = pane(window).view.model()
    for column in range(COLUMNS):
        text = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        icon = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DecorationRole)
        tip = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
        assert text or (isinstance(icon, QIcon) and not icon.isNull()), column
        assert tip
    # the account column's head is drawn: some pixels in the text colour
    header = pane(window).view.horizontalHeader()
    picture = header.grab().toImage()
    left = header.sectionViewportPosition(ACCOUNT)
    inked = [
        picture.pixelColor(x, y).lightness()
        for x in range(left + 2, left + header.sectionSize(ACCOUNT) - 2)
        for y in range(2, header.height() - 2)
    ]
    assert max(inked) - min(inked) > 100, "an empty heading"


def chart(qtbot: QtBot, points: list[TurnPoint], threshold: int | None) -> TokenChart:
    made = TokenChart()
    qtbot.addWidget(made)
    made.resize(252, 200)
    made.show()
    qtbot.waitExposed(made)
    made.show_turns(points, threshold)
    qtbot.wait(20)
    return made


def test_one_turn_sits_in_the_middle_of_its_axis(qtbot: QtBot) -> None:
    made = chart(qtbot, [TurnPoint(1, 40_000, False)], 150_000)
    assert made.x_axis.min() < 1 < made.x_axis.max()
    at = made.chart().mapToPosition(QPointF(1, 40))
    area = made.chart().plotArea()
    assert abs(at.x() - area.center().x()) < 2, (at, area)


def test_the_legend_is_whole_in_a_narrow_pane(qtbot: QtBot) -> None:
    points = [TurnPoint(1, 40_000, False), TurnPoint(2, 90_000, False),
              TurnPoint(3, 30_000, True)]  # fmt: skip
    made = chart(qtbot, points, 150_000)
    legend = made.legend.text().replace("&nbsp;", " ")
    for name in ("Context tokens", "Rollover threshold", "Rollover"):
        assert name in legend
    assert made.legend.isVisible() and cut_texts(made, {"tokenChartLegend"}) == []
    # the legend sits below the plot, not over it
    assert made.legend.geometry().top() >= made.chart().plotArea().bottom()


def test_a_rollover_marker_on_the_last_turn_is_whole(qtbot: QtBot) -> None:
    points = [TurnPoint(1, 40_000, False), TurnPoint(2, 30_000, True)]
    made = chart(qtbot, points, 150_000)
    at = made.chart().mapToPosition(QPointF(2, 30))
    half = made.rollovers.markerSize() / 2
    assert at.x() + half <= made.chart().plotArea().right() + 1
    assert at.x() + half <= made.viewport().width()


def test_the_legend_follows_the_language(qtbot: QtBot, window: MainWindow) -> None:
    made = chart(qtbot, [TurnPoint(1, 40_000, False)], None)
    assert "Rollover threshold" not in made.legend.text()  # rollover is off: no line, no entry
    window.set_language("es")
    qtbot.waitUntil(lambda: "Context tokens" not in made.legend.text())
    assert QApplication.instance() is not None
