"""The execution tree as a Qt item model: one row per execution, a line of
turns in one column and each branch (fork, re-run, switch, rollover) one
column in, under the node it came from, columns for what a person scans
(kind, status, account, time, tokens). Built from `hub.conversations.tree()`."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLocale, QModelIndex, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QIcon,
    QPainter,
    QPixmap,
    QStandardItem,
    QStandardItemModel,
)

from desktop.domain.conversations import Execution, ExecutionStatus
from desktop.domain.execution_tree import HistoryRow, TreeNode, history_columns
from desktop.domain.tree_labels import Sent
from desktop.ui.common.records import short_time
from desktop.ui.conversations.tree_labels import mode_line, node_label, node_tip

EXECUTION_ROLE = Qt.ItemDataRole.UserRole + 1
"""The `Execution` of a row (on its first column)."""
HEAD_ROLE = Qt.ItemDataRole.UserRole + 2
"""True on the newest node of a branch: where a plain continue goes on."""
LABEL_ROLE = Qt.ItemDataRole.UserRole + 3
"""The node's label as `tree --json` gives it (no head mark)."""
ROW_ROLE = Qt.ItemDataRole.UserRole + 4
"""The node's `HistoryRow`: its facts (what reached Claude), depth and branches."""

NODE, STATUS, ACCOUNT, TIME, TOKENS = range(5)
FAILED_RED = QColor("#B91C1C")
STATUS_COLOURS = {
    ExecutionStatus.SUCCEEDED: "#16A34A",
    ExecutionStatus.FAILED: "#DC2626",
    ExecutionStatus.INTERRUPTED: "#D97706",
    ExecutionStatus.RUNNING: "#2563EB",
    ExecutionStatus.PENDING: "#9CA3AF",
}


def status_label(status: ExecutionStatus) -> str:
    labels = {
        ExecutionStatus.SUCCEEDED: QCoreApplication.translate("ExecutionTree", "succeeded"),
        ExecutionStatus.FAILED: QCoreApplication.translate("ExecutionTree", "failed"),
        ExecutionStatus.INTERRUPTED: QCoreApplication.translate("ExecutionTree", "interrupted"),
        ExecutionStatus.RUNNING: QCoreApplication.translate("ExecutionTree", "running"),
        ExecutionStatus.PENDING: QCoreApplication.translate("ExecutionTree", "pending"),
    }
    return labels.get(status, str(status))


def status_icon(status: ExecutionStatus) -> QIcon:
    """A filled dot in the status's colour (a shape too: a failed one is a square)."""
    pixmap = QPixmap(12, 12)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(STATUS_COLOURS.get(status, "#9CA3AF")))
    if status is ExecutionStatus.FAILED:
        painter.drawRect(1, 1, 10, 10)
    else:
        painter.drawEllipse(1, 1, 10, 10)
    painter.end()
    return QIcon(pixmap)


class ExecutionTreeModel(QStandardItemModel):
    def __init__(self, parent: object | None = None) -> None:
        super().__init__(0, 5, parent)
        self.retranslate()

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("ExecutionTree", "Turn"),
                "",  # the status is a dot: its header would be wider than the column
                QCoreApplication.translate("ExecutionTree", "Account"),
                QCoreApplication.translate("ExecutionTree", "Started"),
                QCoreApplication.translate("ExecutionTree", "Tokens"),
            ]
        )
        status = QCoreApplication.translate("ExecutionTree", "Status")
        self.setHeaderData(STATUS, Qt.Orientation.Horizontal, status, Qt.ItemDataRole.ToolTipRole)
        # the nodes' words in the new language, in place: the chosen nodes stay chosen
        for item in self._items(self.invisibleRootItem()):
            row = item.data(ROW_ROLE)
            if isinstance(row, HistoryRow):
                self._words(row, [item, *self._siblings(item)])

    def _siblings(self, item: QStandardItem) -> list[QStandardItem]:
        parent = item.parent() or self.invisibleRootItem()
        return [parent.child(item.row(), c) for c in range(1, self.columnCount())]

    def fill(self, roots: list[TreeNode]) -> None:
        """The tree as history: a line of turns is one column, a branch one column in."""
        self.removeRows(0, self.rowCount())
        for column in history_columns(roots):
            self._add(self.invisibleRootItem(), column)

    def _add(self, parent: QStandardItem, column: list[HistoryRow]) -> None:
        for row in column:
            parent.appendRow(self._row(row))
            item = parent.child(parent.rowCount() - 1, NODE)
            for branch in row.branches:
                self._add(item, branch)

    def _row(self, row: HistoryRow) -> list[QStandardItem]:
        e = row.node.execution
        locale = QLocale()
        tokens = locale.toString(e.context_tokens) if e.context_tokens is not None else ""
        cells = [
            QStandardItem(),
            QStandardItem(status_icon(e.status), ""),
            QStandardItem(e.account or ""),
            QStandardItem(short_time(e.started)),
            QStandardItem(tokens),
        ]
        for cell in cells:
            cell.setEditable(False)
            if e.status is ExecutionStatus.FAILED:
                cell.setForeground(QBrush(FAILED_RED))
        self._words(row, cells)
        cells[TOKENS].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        first = cells[NODE]
        first.setData(e, EXECUTION_ROLE)
        first.setData(row.head, HEAD_ROLE)
        first.setData(row, ROW_ROLE)
        if row.head:
            font = QFont(first.font())
            font.setBold(True)
            first.setFont(font)
        return cells

    def _words(self, row: HistoryRow, cells: list[QStandardItem]) -> None:
        """The translated label, status and tooltip of a row's cells."""
        e = row.node.execution
        label = node_label(row.facts)
        # the prompt is in the tooltip: the pane is narrow
        cells[NODE].setText(f"{label} ◀" if row.head else label)
        cells[NODE].setData(label, LABEL_ROLE)
        # the status is its coloured dot: its word is for the tooltip and screen readers
        cells[STATUS].setData(status_label(e.status), Qt.ItemDataRole.AccessibleTextRole)
        tip = f"{status_label(e.status)} · {node_tip(e)}"
        if row.own_code:  # a fork lives in a conversation of its own
            tip += "\n" + QCoreApplication.translate(
                "ExecutionTree", "In {code}, a conversation of its own"
            ).format(code=row.own_code)
        if row.facts.sent is Sent.NOTHING:  # a switch: what its next turn carries
            tip += "\n" + mode_line(row.facts)
        if row.head:
            tip += "\n" + QCoreApplication.translate(
                "ExecutionTree", "◀ The newest turn of its line: Continue goes on from here"
            )
        for cell in cells:
            cell.setToolTip(tip)

    # -- queries -------------------------------------------------------------------------

    def execution_at(self, index: QModelIndex) -> Execution | None:
        if not index.isValid():
            return None
        first = index.siblingAtColumn(NODE)
        value = first.data(EXECUTION_ROLE)
        return value if isinstance(value, Execution) else None

    def index_of(self, execution_id: str) -> QModelIndex:
        for item in self._items(self.invisibleRootItem()):
            execution = item.data(EXECUTION_ROLE)
            if isinstance(execution, Execution) and execution.id == execution_id:
                return item.index()
        return QModelIndex()

    def executions(self) -> list[Execution]:
        found = [i.data(EXECUTION_ROLE) for i in self._items(self.invisibleRootItem())]
        return [e for e in found if isinstance(e, Execution)]

    def _items(self, parent: QStandardItem) -> list[QStandardItem]:
        items = []
        for row in range(parent.rowCount()):
            child = parent.child(row, NODE)
            items.append(child)
            items += self._items(child)
        return items
