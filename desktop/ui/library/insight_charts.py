"""The insight page's charts (QtCharts): turns by outcome, and how turns got their history.

Both are rebuilt from a list of rows the page already shows, so the charts and
the table never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSet,
    QChart,
    QChartView,
    QHorizontalStackedBarSeries,
    QPieSeries,
    QValueAxis,
)
from PySide6.QtCore import QMargins, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import QApplication, QWidget

from desktop.domain.stats import Tally

MOST_BARS = 8
"""More groups than this are summed into the last bar: a chart is read at a glance."""

OUTCOME_COLOURS = ("#2e9d4f", "#d0402b", "#d99a1e")
HISTORY_COLOURS = ("#3a78c9", "#9b59b6", "#8a8f98")


def new_chart() -> QChart:
    chart = QChart()
    dark = QApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    # the theme sets the text and grid colours; the page's own background shows through
    chart.setTheme(QChart.ChartTheme.ChartThemeDark if dark else QChart.ChartTheme.ChartThemeLight)
    chart.setBackgroundVisible(False)
    chart.setMargins(QMargins(4, 4, 4, 4))
    chart.legend().setAlignment(Qt.AlignmentFlag.AlignBottom)
    chart.setAnimationOptions(QChart.AnimationOption.NoAnimation)
    return chart


def chart_view(parent: QWidget, name: str) -> QChartView:
    view = QChartView(new_chart(), parent)
    view.setObjectName(name)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumHeight(200)
    return view


class InsightCharts:
    """Two chart views the page lays out; `show()` fills them."""

    def __init__(self, parent: QWidget) -> None:
        self.outcomes = chart_view(parent, "insightOutcomes")
        self.history = chart_view(parent, "insightHistory")

    def show(
        self,
        rows: Sequence[tuple[str, Tally]],
        totals: Tally,
        labels: dict[str, str],
    ) -> None:
        """`labels`: the translated words for the legend and titles."""
        self._outcomes(rows, labels)
        self._history(totals, labels)

    def _outcomes(self, rows: Sequence[tuple[str, Tally]], labels: dict[str, str]) -> None:
        chart = new_chart()
        chart.setTitle(labels["outcomes"])
        shown = sorted(rows, key=lambda pair: pair[1].turns, reverse=True)
        if len(shown) > MOST_BARS:
            rest = Tally()
            for _, tally in shown[MOST_BARS - 1 :]:
                for field in ("turns", "succeeded", "failed", "interrupted"):
                    setattr(rest, field, getattr(rest, field) + getattr(tally, field))
            shown = [*shown[: MOST_BARS - 1], (labels["others"], rest)]
        shown.reverse()  # the biggest on top: horizontal bars grow upwards
        series = QHorizontalStackedBarSeries()
        for field, colour in zip(
            ("succeeded", "failed", "interrupted"), OUTCOME_COLOURS, strict=True
        ):
            bars = QBarSet(labels[field])
            bars.setColor(QColor(colour))
            bars.append([float(getattr(tally, field)) for _, tally in shown])
            series.append(bars)
        chart.addSeries(series)
        names = QBarCategoryAxis()
        names.append([_short(name) for name, _ in shown])
        chart.addAxis(names, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(names)
        counts = QValueAxis()
        counts.setLabelFormat("%d")
        most = max((t.succeeded + t.failed + t.interrupted for _, t in shown), default=0)
        counts.setRange(0, max(1, most))
        counts.setTickCount(min(6, max(2, most + 1)))
        counts.applyNiceNumbers()  # whole, even steps rather than 0, 1, 3, 5…
        chart.addAxis(counts, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(counts)
        swap_chart(self.outcomes, chart)

    def _history(self, totals: Tally, labels: dict[str, str]) -> None:
        chart = new_chart()
        chart.setTitle(labels["history"])
        series = QPieSeries()
        fresh = max(0, totals.turns - totals.resumes - totals.replays)
        for key, count, colour in zip(
            ("resumes", "replays", "fresh"),
            (totals.resumes, totals.replays, fresh),
            HISTORY_COLOURS,
            strict=True,
        ):
            piece = series.append(f"{labels[key]}: {count}", float(count))
            piece.setColor(QColor(colour))
        chart.addSeries(series)
        chart.legend().setAlignment(Qt.AlignmentFlag.AlignRight)  # the labels are long
        swap_chart(self.history, chart)


def swap_chart(view: QChartView, chart: QChart) -> None:
    old = view.chart()
    view.setChart(chart)
    old.deleteLater()  # setChart hands the old one back to us


def _short(name: str, most: int = 28) -> str:
    return name if len(name) <= most else "…" + name[-(most - 1) :]
