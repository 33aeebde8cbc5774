"""The context chart of a conversation: its context size after each turn, the
rollover threshold as a dashed line, and a marker on each turn that rolled
over to a fresh session. Drawn with QtCharts in the window's own colours.

Its legend is a wrapped label under the plot, not QtCharts' own: that one
lays its entries on one line and cut them in a 270 px pane ("Conte…",
"Rollov…"). The turn axis runs half a turn past the first and last turn, so
one turn's dot sits in the middle and a rollover marker on the last turn is
whole.

The turn axis lays its own labels: whole turns only, spaced so that no two
meet at the plot's width. QValueAxis's dynamic ticks drew half turns at 2-4
turns, their "%d" labels one over the other.

`fill_text` words the same numbers for the composer: "62% of the rollover
threshold".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from PySide6.QtCharts import (
    QCategoryAxis,
    QChart,
    QChartView,
    QLineSeries,
    QScatterSeries,
    QValueAxis,
)
from PySide6.QtCore import QCoreApplication, QEvent, QMargins, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPalette, QPen, QResizeEvent
from PySide6.QtWidgets import QGraphicsView, QLabel, QWidget

from desktop.domain.conversations import Execution, ExecutionKind

THRESHOLD_COLOUR = QColor("#DC2626")
ROLLOVER_COLOUR = QColor("#F59E0B")
K = 1000.0
"""The chart counts in thousands of tokens: short labels on a narrow pane."""
MARGIN = 6
"""Room around the plot (px): a marker on its edge is drawn whole."""
PREFERRED_HEIGHT = 240
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000)
"""The turn axis labels every turn, or every 2nd, 5th, 10th...: round numbers."""
LABEL_GAP = 8
"""Room between two turn labels (px)."""


@dataclass(frozen=True, slots=True)
class TurnPoint:
    turn: int
    """1 for the conversation's first turn."""
    tokens: int
    rollover: bool


def turn_points(executions: Sequence[Execution]) -> list[TurnPoint]:
    """The turns that reported a context size, oldest first (a switch is no turn)."""
    ordered = sorted(executions, key=lambda e: (e.started is not None, e.started, e.id))
    measured = [e for e in ordered if e.context_tokens is not None]
    return [
        TurnPoint(n, e.context_tokens or 0, e.kind is ExecutionKind.ROLLOVER)
        for n, e in enumerate(measured, 1)
    ]


def fill_text(tokens: int | None, threshold: int | None) -> tuple[str, str]:
    """The composer's line and its tooltip ("" when there is nothing to say)."""
    translate = QCoreApplication.translate
    if tokens is None:
        return "", ""
    if threshold is None:
        tip = translate("TokenChart", "{tokens} context tokens").format(tokens=f"{tokens:,}")
        return translate("TokenChart", "Rollover is off"), tip
    percent = round(100 * tokens / threshold)
    if tokens >= threshold:
        line = translate(
            "TokenChart",
            "{percent}% of the rollover threshold: the next turn starts a fresh session",
        )
    else:
        line = translate("TokenChart", "{percent}% of the rollover threshold")
    tip = translate("TokenChart", "{tokens} of {threshold} context tokens").format(
        tokens=f"{tokens:,}", threshold=f"{threshold:,}"
    )
    return line.format(percent=percent), tip


class TokenChart(QChartView):
    def __init__(self, parent: QWidget | None = None) -> None:
        chart = QChart()
        chart.setMargins(QMargins(MARGIN, MARGIN, MARGIN, MARGIN))
        chart.setBackgroundRoundness(0)
        chart.legend().hide()  # `legend` below says the same, wrapped to the pane's width
        super().__init__(chart, parent)
        self.setObjectName("tokenChart")
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        # the turn labels are laid again as turns come: with Qt's minimal updates a real
        # screen kept pieces of the old ones between the new (an offscreen grab, which
        # paints everything, never showed them); the chart is small, so paint it whole
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.FullViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # a picture: nothing to do with the keys
        # a narrow pane squeezes it, never the other way round; a low window gives
        # the execution tree the height first (it was 1.5 rows at 560 px)
        self.setMinimumSize(40, 110)
        self.setMaximumHeight(280)
        self.legend = QLabel(self)
        self.legend.setObjectName("tokenChartLegend")
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.tokens = QLineSeries()
        self.tokens.setPointsVisible(True)
        self.threshold = QLineSeries()
        self.threshold.setPen(QPen(THRESHOLD_COLOUR, 1.5, Qt.PenStyle.DashLine))
        self.rollovers = QScatterSeries()
        self.rollovers.setMarkerShape(QScatterSeries.MarkerShape.MarkerShapeTriangle)
        self.rollovers.setMarkerSize(13)
        self.rollovers.setColor(ROLLOVER_COLOUR)
        self.rollovers.setBorderColor(ROLLOVER_COLOUR.darker(130))
        self.x_axis = QCategoryAxis()
        self.x_axis.setLabelsPosition(QCategoryAxis.AxisLabelsPosition.AxisLabelsPositionOnValue)
        self._step = 0
        self.y_axis = QValueAxis()
        self.y_axis.setLabelFormat("%gk")
        chart.addAxis(self.x_axis, Qt.AlignmentFlag.AlignBottom)
        chart.addAxis(self.y_axis, Qt.AlignmentFlag.AlignLeft)
        for series in (self.tokens, self.threshold, self.rollovers):
            chart.addSeries(series)
            series.attachAxis(self.x_axis)
            series.attachAxis(self.y_axis)
        self.points: list[TurnPoint] = []
        self.limit: int | None = None
        self._drawn = False
        chart.plotAreaChanged.connect(self._plot_resized)
        self._apply_palette()
        self.retranslate_ui()

    def show_turns(self, points: Sequence[TurnPoint], threshold: int | None) -> None:
        """The turns' context sizes and the threshold (None: rollover is off)."""
        if self._drawn and list(points) == self.points and threshold == self.limit:
            return  # the pane re-reads on every run's news: a chart redrawn costs a frame
        self._drawn = True
        self.points, self.limit = list(points), threshold
        self.tokens.replace([QPointF(p.turn, p.tokens / K) for p in points])
        self.rollovers.replace([QPointF(p.turn, p.tokens / K) for p in points if p.rollover])
        last = max(1, len(points))
        # half a turn either side: one turn's dot in the middle, the last marker whole
        low, high = 0.5, last + 0.5
        self.threshold.replace(
            [QPointF(low, threshold / K), QPointF(high, threshold / K)] if threshold else []
        )
        self.threshold.setVisible(threshold is not None)
        self.x_axis.setRange(low, high)
        self._step = 0
        self._lay_turn_labels()
        top = max([p.tokens for p in points] + [threshold or 0, 1000])
        self.y_axis.setRange(0, top * 1.1 / K)
        self.y_axis.applyNiceNumbers()
        self._fill_legend()

    def turn_step(self, width: float) -> int:
        """Label every how many turns: the smallest round step whose labels
        (as wide as the widest, the last turn's) do not meet in `width` px."""
        last = max(1, len(self.points))
        label = QFontMetrics(self.x_axis.labelsFont()).horizontalAdvance(str(last)) + LABEL_GAP
        per_turn = max(width, 1.0) / last
        for step in STEPS:
            if step * per_turn >= label:
                return step
        return math.ceil(label / per_turn)

    def _lay_turn_labels(self) -> None:
        last = max(1, len(self.points))
        step = self.turn_step(self.chart().plotArea().width())
        if step == self._step:
            return
        self._step = step
        for label in self.x_axis.categoriesLabels():
            self.x_axis.remove(label)
        self.x_axis.setStartValue(0.5)
        first = 1 if step == 1 else step
        # a pane too narrow for a round step's first label still names the last turn
        for turn in range(first, last + 1, step) if first <= last else [last]:
            self.x_axis.append(str(turn), turn)

    def _plot_resized(self, _area: QRectF) -> None:
        self._lay_turn_labels()

    def retranslate_ui(self) -> None:
        self.setAccessibleName(self.tr("Context tokens per turn"))
        self.tokens.setName(self.tr("Context tokens"))
        self.threshold.setName(self.tr("Rollover threshold"))
        self.rollovers.setName(self.tr("Rollover"))
        self.x_axis.setTitleText(self.tr("Turn"))
        self._fill_legend()

    def _fill_legend(self) -> None:
        """One entry per line drawn: its mark in its colour, its name unbroken."""
        entries = [("●", self.tokens.color(), self.tokens.name())]
        if self.limit is not None:
            entries.append(("╌╌", THRESHOLD_COLOUR, self.threshold.name()))  # no break in it
        if any(p.rollover for p in self.points):
            entries.append(("▲", ROLLOVER_COLOUR, self.rollovers.name()))
        self.legend.setText(
            " &nbsp; ".join(
                f'<nobr><span style="color:{colour.name()}">{mark}</span>&nbsp;'
                f"{escape(name).replace(' ', '&nbsp;')}</nobr>"
                for mark, colour, name in entries
            )
        )
        self._place_legend()

    def _place_legend(self) -> None:
        width = self.viewport().width() - 2 * MARGIN
        height = self.legend.heightForWidth(width)
        self.legend.setGeometry(MARGIN, self.height() - height - MARGIN // 2, width, height)
        margins = QMargins(MARGIN, MARGIN, MARGIN, height + MARGIN)
        if self.chart().margins() != margins:
            self.chart().setMargins(margins)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place_legend()

    def sizeHint(self) -> QSize:
        return QSize(250, PREFERRED_HEIGHT)  # as high as it can be read; less on a low window

    def _apply_palette(self) -> None:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        grid = palette.color(QPalette.ColorRole.Mid)
        chart = self.chart()
        chart.setBackgroundBrush(palette.color(QPalette.ColorRole.Base))
        chart.legend().setLabelColor(text)
        axes: tuple[QValueAxis | QCategoryAxis, ...] = (self.x_axis, self.y_axis)
        for axis in axes:
            axis.setLabelsColor(text)
            axis.setTitleBrush(text)
            axis.setGridLineColor(grid)
            axis.setLinePenColor(grid)
        self.tokens.setColor(palette.color(QPalette.ColorRole.Highlight))
        self._fill_legend()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.PaletteChange:
            self._apply_palette()
        super().changeEvent(event)
