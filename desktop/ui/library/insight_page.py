"""The insight page: turns, tokens, cost, success rate, rollovers, resumes vs. replays.

Per account, project (working folder) and conversation, with totals and two
charts, over every turn or those since a date. The query runs on a worker
thread (`Background`); only its plain answer comes back to the window.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QDate, QEvent, QLocale, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.errors import SessiondeskError
from desktop.domain.stats import Insight, Tally
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.error_text import error_text
from desktop.ui.library.insight_branch_charts import BranchCharts
from desktop.ui.library.insight_charts import InsightCharts

COLUMNS = ("turns", "input_tokens", "output_tokens", "cost_usd", "success_rate",
           "rollovers", "resumes", "replays", "tokens_saved")  # fmt: skip
GROUPS = ("accounts", "projects", "conversations")


class InsightPage(QDialog):
    def __init__(self, hub: ServiceHub, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("insightPage")
        self.setWindowFlag(Qt.WindowType.Window)
        self._hub = hub
        self._background = Background(hub.executor, self)
        self._ticket: int | None = None
        self.insight: Insight | None = None

        self.account = QComboBox(self)
        self.account.setObjectName("insightAccount")
        self.since_on = QCheckBox(self)
        self.since_on.setObjectName("insightSinceOn")
        self.since = QDateEdit(self)
        self.since.setObjectName("insightSince")
        self.since.setCalendarPopup(True)
        self.since.setDisplayFormat("yyyy-MM-dd")
        self.since.setDate(QDate.currentDate().addDays(-30))
        self.since.setEnabled(False)
        self.refresh_button = QPushButton(self)
        self.refresh_button.setObjectName("insightRefresh")
        self.state = QLabel(self)
        self.state.setObjectName("insightState")
        filters = QHBoxLayout()
        self.account_label = QLabel(self)
        self.account_label.setBuddy(self.account)
        for widget in (self.account_label, self.account, self.since_on, self.since):
            filters.addWidget(widget)
        filters.addStretch(1)
        filters.addWidget(self.state)
        filters.addWidget(self.refresh_button)

        self.total_names: dict[str, QLabel] = {}
        self.total_values: dict[str, QLabel] = {}
        totals = QGridLayout()
        for column, key in enumerate(COLUMNS):
            name, value = QLabel(self), QLabel("–", self)
            value.setObjectName(f"insightTotal_{key}")
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            font = value.font()
            font.setPointSizeF(font.pointSizeF() * 1.4)
            font.setBold(True)
            value.setFont(font)
            totals.addWidget(name, 0, column)
            totals.addWidget(value, 1, column)
            self.total_names[key], self.total_values[key] = name, value

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("insightTabs")
        self.tables: dict[str, QTableWidget] = {}
        for group in GROUPS:
            table = QTableWidget(0, len(COLUMNS) + 1, self.tabs)
            table.setObjectName(f"insightTable_{group}")
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.verticalHeader().setVisible(False)
            header = table.horizontalHeader()
            # the figures as wide as their header in any language; the names take the rest
            header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
            table.setSortingEnabled(True)
            self.tables[group] = table
            self.tabs.addTab(table, "")
        self.charts = InsightCharts(self)
        charts = QSplitter(Qt.Orientation.Horizontal, self)
        charts.addWidget(self.charts.outcomes)
        charts.addWidget(self.charts.history)
        charts.setSizes([600, 360])
        self.branch_charts = BranchCharts(self)
        branches = QSplitter(Qt.Orientation.Horizontal, self)
        branches.addWidget(self.branch_charts.rates)
        branches.addWidget(self.branch_charts.lengths)
        branches.setSizes([600, 360])
        # two pages of charts: four side by side would each be too narrow to read
        self.chart_tabs = QTabWidget(self)
        self.chart_tabs.setObjectName("insightChartTabs")
        self.chart_tabs.addTab(charts, "")
        self.chart_tabs.addTab(branches, "")
        body = QSplitter(Qt.Orientation.Vertical, self)
        body.addWidget(self.tabs)
        body.addWidget(self.chart_tabs)
        body.setSizes([300, 280])

        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addLayout(totals)
        layout.addWidget(body, 1)

        self.account.currentIndexChanged.connect(self.reload)
        self.since_on.toggled.connect(self.since.setEnabled)
        self.since_on.toggled.connect(self.reload)
        self.since.dateChanged.connect(self.reload)
        self.refresh_button.clicked.connect(self.reload)
        self.tabs.currentChanged.connect(self._draw_charts)
        self.resize(1000, 700)
        self.retranslate()
        self.fill_accounts()

    # -- text ----------------------------------------------------------------------

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Insight"))
        self.account_label.setText(self.tr("&Account:"))
        self.since_on.setText(self.tr("S&ince"))
        self.since_on.setToolTip(self.tr("Count only the turns started on or after this day"))
        self.since.setAccessibleName(self.tr("Since this day"))
        self.refresh_button.setText(self.tr("&Refresh"))
        if self.account.count():
            self.account.setItemText(0, self.tr("All accounts"))
        names = self._column_names()
        for key, label in self.total_names.items():
            label.setText(names[key])
        firsts = {"accounts": self.tr("Account"), "projects": self.tr("Project folder"),
                  "conversations": self.tr("Conversation")}  # fmt: skip
        tabs = {"accounts": self.tr("By account"), "projects": self.tr("By project"),
                "conversations": self.tr("By conversation")}  # fmt: skip
        self.chart_tabs.setTabText(0, self.tr("Outcomes"))
        self.chart_tabs.setTabText(1, self.tr("Branches"))
        for index, group in enumerate(GROUPS):
            self.tabs.setTabText(index, tabs[group])
            headers = [firsts[group], *(names[key] for key in COLUMNS)]
            self.tables[group].setHorizontalHeaderLabels(headers)
        if self.insight is not None:
            self._draw_charts()

    def _column_names(self) -> dict[str, str]:
        return {
            "turns": self.tr("Turns"),
            "input_tokens": self.tr("Tokens in"),
            "output_tokens": self.tr("Tokens out"),
            "cost_usd": self.tr("Cost (USD)"),
            "success_rate": self.tr("Success rate"),
            "rollovers": self.tr("Rollovers"),
            "resumes": self.tr("Resumes"),
            "replays": self.tr("Replays"),
            "tokens_saved": self.tr("Tokens saved"),
        }

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- loading -------------------------------------------------------------------

    def fill_accounts(self) -> None:
        chosen = self.account.currentData()
        self.account.blockSignals(True)
        self.account.clear()
        self.account.addItem(self.tr("All accounts"), None)
        try:
            names = [a.name for a in self._hub.accounts.accounts()]
        except SessiondeskError:
            names = []
        for name in names:
            self.account.addItem(name, name)
        index = self.account.findData(chosen)
        self.account.setCurrentIndex(max(0, index))
        self.account.blockSignals(False)

    def since_value(self) -> datetime | None:
        if not self.since_on.isChecked():
            return None
        day = self.since.date()
        return datetime(day.year(), day.month(), day.day())

    def reload(self) -> int:
        """Ask again for the figures; an answer still on its way is dropped."""
        if self._ticket is not None:
            self._background.cancel(self._ticket)
        account, since = self.account.currentData(), self.since_value()
        stats = self._hub.stats
        self.state.setText(self.tr("Counting…"))
        self.refresh_button.setEnabled(False)
        self._ticket = self._background.submit(
            lambda: stats.insight(account, since), self._show, self._failed
        )
        return self._ticket

    def busy(self) -> bool:
        return self._background.busy()

    def _failed(self, error: BaseException) -> None:
        self._ticket = None
        self.refresh_button.setEnabled(True)
        if not isinstance(error, SessiondeskError):
            raise error
        self.state.setText(self.tr("Could not count: {reason}").format(reason=error_text(error)))

    def _show(self, insight: Insight) -> None:
        self._ticket = None
        self.refresh_button.setEnabled(True)
        self.insight = insight
        self.state.setText(self.tr("%Ln turns counted", "", insight.totals.turns))
        for key, label in self.total_values.items():
            label.setText(self._cell(key, insight.totals))
        self.total_values["tokens_saved"].setToolTip(self._saved_tip(insight.totals))
        for group in GROUPS:
            self._fill(self.tables[group], self.rows(group))
        self._draw_charts()

    def rows(self, group: str) -> list[tuple[str, Tally]]:
        insight = self.insight
        if insight is None:
            return []
        if group == "accounts":
            return sorted(insight.accounts.items())
        if group == "projects":
            return sorted(insight.projects.items())
        ordered = sorted(insight.conversations.values(), key=lambda p: p[0].conversation_number)
        return [
            (f"SESS-{fact.conversation_number:03d} {fact.title}".strip(), tally)
            for fact, tally in ordered
        ]

    def _fill(self, table: QTableWidget, rows: Sequence[tuple[str, Tally]]) -> None:
        table.setSortingEnabled(False)
        table.setRowCount(len(rows))
        for row, (name, tally) in enumerate(rows):
            first = QTableWidgetItem(name)
            first.setToolTip(name)
            table.setItem(row, 0, first)
            for column, key in enumerate(COLUMNS, 1):
                raw = getattr(tally, key)
                item = _NumberItem(self._cell(key, tally), -1.0 if raw is None else float(raw))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if key == "tokens_saved":
                    item.setToolTip(self._saved_tip(tally))
                table.setItem(row, column, item)
        table.setSortingEnabled(True)

    def _saved_tip(self, tally: Tally) -> str:
        """The resumed turns' input tokens next to what replays would have sent."""
        locale = QLocale()
        return self.tr(
            "Resumed turns sent {fresh} new input tokens; replays would have sent {replay}"
        ).format(
            fresh=locale.toString(tally.resumed_input_tokens),
            replay=locale.toString(tally.replay_tokens),
        )

    def _cell(self, key: str, tally: Tally) -> str:
        locale = QLocale()
        value = getattr(tally, key)
        if key == "cost_usd":
            return "$" + locale.toString(float(value), "f", 4)
        if key == "success_rate":
            return "–" if value is None else locale.toString(value * 100, "f", 1) + " %"
        return locale.toString(int(value))

    def _draw_charts(self) -> None:
        if self.insight is None:
            return
        group = GROUPS[max(0, self.tabs.currentIndex())]
        labels = {
            "outcomes": self.tr("Turns by outcome"),
            "history": self.tr("How turns got their history"),
            "succeeded": self.tr("Succeeded"),
            "failed": self.tr("Failed"),
            "interrupted": self.tr("Interrupted"),
            "resumes": self.tr("Resumed"),
            "replays": self.tr("Replayed"),
            "fresh": self.tr("Fresh start"),
            "others": self.tr("Others"),
        }
        self.charts.show(self.rows(group), self.insight.totals, labels)
        average = self.insight.totals.turns_per_conversation
        lengths = self.tr("Turns per conversation (average {average})").format(
            average=QLocale().toString(average or 0.0, "f", 1)
        )
        branch_labels = {
            "rates": self.tr("How turns began, per account (share of turns)"),
            "fork_rate": self.tr("Forks"),
            "rerun_rate": self.tr("Re-runs"),
            "resume_rate": self.tr("Resumes"),
            "replay_rate": self.tr("Replays"),
            "rollover_rate": self.tr("Rollovers"),
            "lengths": lengths,
            "conversations": self.tr("Conversations"),
            "turns": self.tr("Turns"),
        }
        conversations = [tally for _, tally in self.insight.conversations.values()]
        self.branch_charts.show(self.rows("accounts"), conversations, branch_labels)


class _NumberItem(QTableWidgetItem):
    """Shown as the locale writes the number, sorted by the number itself."""

    def __init__(self, text: str, value: float) -> None:
        super().__init__(text)
        self.value = value

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _NumberItem):
            return self.value < other.value
        return super().__lt__(other)
