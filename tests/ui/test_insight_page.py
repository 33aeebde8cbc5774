"""The insight page: figures per account, project and conversation, charts, a since filter."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCharts import QHorizontalStackedBarSeries, QPieSeries
from PySide6.QtCore import QDate
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import ExecutionKind, ExecutionStatus
from desktop.services.hub import ServiceHub
from desktop.ui.library.insight_page import InsightPage
from desktop.ui.shell.main_window import MainWindow
from tests.ui.library_kit import Turn, record
from tests.ui.session_kit import add_account

pytestmark = pytest.mark.gui


def _loaded(qtbot: QtBot, page: InsightPage) -> None:
    qtbot.waitUntil(lambda: page.refresh_button.isEnabled() and page.insight is not None)


def _column(page: InsightPage, group: str, column: int) -> list[str]:
    table = page.tables[group]
    return [table.item(row, column).text() for row in range(table.rowCount())]


def test_insight_counts_each_account_project_and_conversation(
    window: MainWindow, hub: ServiceHub, home: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    add_account(hub, "alpha", tmp_path / "alpha")
    add_account(hub, "beta", tmp_path / "beta")
    record(home, "Fix the parser", "alpha", "/src/parser", [
        Turn(),
        Turn(ExecutionKind.CONTINUE, resumed_from="s1", cost=0.02),
        Turn(ExecutionKind.REPLAY, ExecutionStatus.FAILED),
    ])  # fmt: skip
    record(home, "Write docs", "beta", "/src/docs", [
        Turn(ExecutionKind.ROLLOVER, ExecutionStatus.INTERRUPTED, tokens_in=1000),
    ])  # fmt: skip

    action = window.library.insight
    assert action.shortcut().toString() == "Ctrl+Shift+I"
    assert action in window.view_menu.actions()
    action.trigger()
    page = window.findChild(InsightPage)
    assert page is not None and page.isVisible()
    _loaded(qtbot, page)

    totals = page.total_values
    assert totals["turns"].text() == "4"
    assert totals["input_tokens"].text() == "1,300"
    assert totals["cost_usd"].text() == "$0.0500"
    assert totals["success_rate"].text() == "50.0 %"  # 2 of 4 finished turns
    assert (totals["rollovers"].text(), totals["resumes"].text()) == ("1", "1")
    assert totals["replays"].text() == "1"
    assert _column(page, "accounts", 0) == ["alpha", "beta"]
    assert _column(page, "accounts", 1) == ["3", "1"]
    assert _column(page, "projects", 0) == ["/src/docs", "/src/parser"]
    assert _column(page, "conversations", 0) == ["SESS-001 Fix the parser", "SESS-002 Write docs"]
    assert page.state.text() == "4 turns counted"

    bars = page.charts.outcomes.chart().series()[0]
    assert isinstance(bars, QHorizontalStackedBarSeries)
    outcome = {s.label(): sum(s.at(i) for i in range(s.count())) for s in bars.barSets()}
    assert outcome == {"Succeeded": 2.0, "Failed": 1.0, "Interrupted": 1.0}
    pie = page.charts.history.chart().series()[0]
    assert isinstance(pie, QPieSeries)
    assert [s.value() for s in pie.slices()] == [1.0, 1.0, 2.0]

    page.tabs.setCurrentIndex(2)  # the chart follows the tab: one bar per conversation
    bars = page.charts.outcomes.chart().series()[0]
    assert bars.barSets()[0].count() == 2

    # a column sorts by its number, not by its text
    table = page.tables["accounts"]
    table.sortItems(2)  # tokens in: alpha 300, beta 1,000
    assert _column(page, "accounts", 0) == ["alpha", "beta"]


def test_insight_filters_by_account_and_since(
    window: MainWindow, hub: ServiceHub, home: Path, qtbot: QtBot, tmp_path: Path
) -> None:
    add_account(hub, "alpha", tmp_path / "alpha")
    add_account(hub, "beta", tmp_path / "beta")
    record(home, "One", "alpha", "/a", [Turn(), Turn()])
    record(home, "Two", "beta", "/b", [Turn()])
    page = window.library.open_insight()
    _loaded(qtbot, page)
    assert page.total_values["turns"].text() == "3"

    page.account.setCurrentIndex(page.account.findData("beta"))
    qtbot.waitUntil(lambda: page.total_values["turns"].text() == "1")
    assert _column(page, "accounts", 0) == ["beta"]

    page.account.setCurrentIndex(0)
    page.since.setDate(QDate.currentDate().addDays(1))
    page.since_on.setChecked(True)
    qtbot.waitUntil(lambda: page.total_values["turns"].text() == "0")
    assert page.total_values["success_rate"].text() == "–"
    assert page.tables["conversations"].rowCount() == 0

    page.since.setDate(QDate.currentDate().addDays(-1))
    qtbot.waitUntil(lambda: page.total_values["turns"].text() == "3")


def test_insight_is_translated(
    window: MainWindow, hub: ServiceHub, home: Path, qtbot: QtBot
) -> None:
    page = window.library.open_insight()
    _loaded(qtbot, page)
    window.set_language("es")
    qtbot.waitUntil(lambda: page.windowTitle() == "Estadísticas")
    assert window.library.insight.text() == "&Estadísticas…"
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: page.tabs.tabText(0) == "按账户")
