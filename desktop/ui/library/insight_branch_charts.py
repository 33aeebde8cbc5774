"""The insight page's branch picture (QtCharts): per account, how often a turn
forked, re-ran, resumed, replayed or rolled over; and how many turns the
conversations have.

The rates are the ones `stats --json` gives (`Tally.rates`), counted from the
facts the execution tree labels its nodes with: a switch record is no turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCharts import QBarCategoryAxis, QBarSeries, QBarSet, QValueAxis
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from desktop.domain.stats import Tally
from desktop.ui.library.insight_charts import MOST_BARS, chart_view, new_chart, swap_chart

RATES = ("fork_rate", "rerun_rate", "resume_rate", "replay_rate", "rollover_rate")
RATE_COLOURS = ("#16a085", "#c0392b", "#3a78c9", "#9b59b6", "#d99a1e")
LENGTHS: tuple[tuple[int, int | None], ...] = (
    (1, 1),
    (2, 2),
    (3, 5),
    (6, 10),
    (11, 20),
    (21, None),
)
"""The bins of the turns-per-conversation chart: first and last turn count."""
LENGTH_COLOUR = "#2e9d4f"


def length_bins(turns: Sequence[int]) -> list[tuple[str, int]]:
    """How many conversations have 1, 2, 3–5… turns (conversations of none left out)."""
    bins = []
    for low, high in LENGTHS:
        name = f"{low}+" if high is None else str(low) if low == high else f"{low}–{high}"
        count = sum(1 for n in turns if n >= low and (high is None or n <= high))
        bins.append((name, count))
    return bins


class BranchCharts:
    """Two chart views the page lays out; `show()` fills them."""

    def __init__(self, parent: QWidget) -> None:
        self.rates = chart_view(parent, "insightBranchRates")
        self.lengths = chart_view(parent, "insightTurnsPerConversation")

    def show(
        self,
        accounts: Sequence[tuple[str, Tally]],
        conversations: Sequence[Tally],
        labels: dict[str, str],
    ) -> None:
        """`labels`: the translated words (titles, and one per rate in `RATES`)."""
        self._rates(accounts, labels)
        self._lengths(conversations, labels)

    def _rates(self, accounts: Sequence[tuple[str, Tally]], labels: dict[str, str]) -> None:
        chart = new_chart()
        chart.setTitle(labels["rates"])
        shown = sorted(accounts, key=lambda pair: pair[1].turns, reverse=True)[:MOST_BARS]
        series = QBarSeries()
        for key, colour in zip(RATES, RATE_COLOURS, strict=True):
            bars = QBarSet(labels[key])
            bars.setColor(QColor(colour))
            bars.append([100.0 * (tally.rates()[key] or 0.0) for _, tally in shown])
            series.append(bars)
        chart.addSeries(series)
        names = QBarCategoryAxis()
        names.append([name for name, _ in shown])
        chart.addAxis(names, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(names)
        share = QValueAxis()
        share.setLabelFormat("%d%%")
        share.setRange(0, 100)
        share.setTickCount(6)
        chart.addAxis(share, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(share)
        swap_chart(self.rates, chart)

    def _lengths(self, conversations: Sequence[Tally], labels: dict[str, str]) -> None:
        chart = new_chart()
        chart.setTitle(labels["lengths"])
        bins = length_bins([t.turns for t in conversations if t.turns])
        bars = QBarSet(labels["conversations"])
        bars.setColor(QColor(LENGTH_COLOUR))
        bars.append([float(count) for _, count in bins])
        series = QBarSeries()
        series.append(bars)
        chart.addSeries(series)
        names = QBarCategoryAxis()
        names.append([name for name, _ in bins])
        names.setTitleText(labels["turns"])
        chart.addAxis(names, Qt.AlignmentFlag.AlignBottom)
        series.attachAxis(names)
        counts = QValueAxis()
        counts.setLabelFormat("%d")
        most = max((count for _, count in bins), default=0)
        counts.setRange(0, max(1, most))
        counts.setTickCount(min(6, max(2, most + 1)))
        counts.applyNiceNumbers()
        chart.addAxis(counts, Qt.AlignmentFlag.AlignLeft)
        series.attachAxis(counts)
        chart.legend().hide()  # one series: the title says what it counts
        swap_chart(self.lengths, chart)
