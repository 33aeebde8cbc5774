"""The execution tree as a Qt item model: one row per execution, forks and
continues under the node they came from, columns for what a person scans
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

from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.execution_tree import TreeNode
from desktop.domain.transcript_text import shorten
from desktop.ui.common.records import short_time

EXECUTION_ROLE = Qt.ItemDataRole.UserRole + 1
"""The `Execution` of a row (on its first column)."""
HEAD_ROLE = Qt.ItemDataRole.UserRole + 2
"""True on the newest node of a branch: where a plain continue goes on."""

NODE, STATUS, ACCOUNT, TIME, TOKENS = range(5)
FAILED_RED = QColor("#B91C1C")
STATUS_COLOURS = {
    ExecutionStatus.SUCCEEDED: "#16A34A",
    ExecutionStatus.FAILED: "#DC2626",
    ExecutionStatus.INTERRUPTED: "#D97706",
    ExecutionStatus.RUNNING: "#2563EB",
    ExecutionStatus.PENDING: "#9CA3AF",
}


def kind_label(kind: ExecutionKind) -> str:
    # the names the issue uses: a carry-over is the switch of account
    labels = {
        ExecutionKind.NEW: QCoreApplication.translate("ExecutionTree", "new"),
        ExecutionKind.CONTINUE: QCoreApplication.translate("ExecutionTree", "continue"),
        ExecutionKind.FORK: QCoreApplication.translate("ExecutionTree", "fork"),
        ExecutionKind.REPLAY: QCoreApplication.translate("ExecutionTree", "replay"),
        ExecutionKind.CARRYOVER: QCoreApplication.translate("ExecutionTree", "switch"),
        ExecutionKind.ROLLOVER: QCoreApplication.translate("ExecutionTree", "rollover"),
    }
    return labels.get(kind, str(kind))


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


def carried_mark(execution: Execution) -> str:
    """How the history reached claude: its own session resumed, or replayed to it."""
    if execution.kind in (ExecutionKind.NEW, ExecutionKind.ROLLOVER):
        return ""  # a fresh session: nothing resumed, nothing replayed
    return (
        QCoreApplication.translate("ExecutionTree", "resumed")
        if execution.resumed
        else QCoreApplication.translate("ExecutionTree", "replayed")
    )


class ExecutionTreeModel(QStandardItemModel):
    def __init__(self, parent: object | None = None) -> None:
        super().__init__(0, 5, parent)
        self.retranslate()

    def retranslate(self) -> None:
        self.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("ExecutionTree", "Turn"),
                QCoreApplication.translate("ExecutionTree", "Status"),
                QCoreApplication.translate("ExecutionTree", "Account"),
                QCoreApplication.translate("ExecutionTree", "Started"),
                QCoreApplication.translate("ExecutionTree", "Tokens"),
            ]
        )

    def fill(self, roots: list[TreeNode]) -> None:
        self.removeRows(0, self.rowCount())
        for node in roots:
            self._add(self.invisibleRootItem(), node, None)

    def _add(self, parent: QStandardItem, node: TreeNode, parent_code: str | None) -> None:
        same_branch = [c for c in node.children if c.conversation_code == node.conversation_code]
        head = not same_branch
        parent.appendRow(self._row(node, head, parent_code))
        item = parent.child(parent.rowCount() - 1, NODE)
        for child in node.children:
            self._add(item, child, node.conversation_code)

    def _row(self, node: TreeNode, head: bool, parent_code: str | None) -> list[QStandardItem]:
        e = node.execution
        locale = QLocale()
        words = [kind_label(e.kind)]
        if parent_code is not None and node.conversation_code != parent_code:
            words.append(node.conversation_code)  # a fork lives in a conversation of its own
        mark = carried_mark(e)
        if mark:
            words.append(f"({mark})")
        if head:
            words.append("◀ " + QCoreApplication.translate("ExecutionTree", "head"))
        title = "  ".join(words)  # the prompt is in the tooltip: the pane is narrow
        started = short_time(e.started)
        tokens = locale.toString(e.context_tokens) if e.context_tokens is not None else ""
        cells = [
            QStandardItem(title),
            QStandardItem(status_icon(e.status), status_label(e.status)),
            QStandardItem(e.account or ""),
            QStandardItem(started),
            QStandardItem(tokens),
        ]
        tip = [
            QCoreApplication.translate("ExecutionTree", "Execution {id}").format(id=e.id),
            shorten(e.prompt, 200),
        ]
        if e.sent_bytes is not None:
            sent = QCoreApplication.translate(
                "ExecutionTree", "Sent {sent}; resuming saved {saved}"
            )
            tip.append(
                sent.format(
                    sent=locale.formattedDataSize(e.sent_bytes, 1),
                    saved=locale.formattedDataSize(e.saved_bytes or 0, 1),
                )
            )
        if e.kind is ExecutionKind.ROLLOVER and e.resume_reason:
            tip.append(e.resume_reason)  # the tokens and the threshold that made it roll over
        elif e.resume_reason and not e.resumed:
            tip.append(
                QCoreApplication.translate("ExecutionTree", "Replayed because: {reason}").format(
                    reason=e.resume_reason
                )
            )
        if e.status is ExecutionStatus.FAILED:
            tip.append(
                QCoreApplication.translate("ExecutionTree", "Failed: {error}").format(
                    error=e.error
                    or QCoreApplication.translate("ExecutionTree", "no error recorded")
                )
            )
        for cell in cells:
            cell.setEditable(False)
            cell.setToolTip("\n".join(tip))
            if e.status is ExecutionStatus.FAILED:
                cell.setForeground(QBrush(FAILED_RED))
        cells[TOKENS].setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        first = cells[NODE]
        first.setData(e, EXECUTION_ROLE)
        first.setData(head, HEAD_ROLE)
        if head:
            font = QFont(first.font())
            font.setBold(True)
            first.setFont(font)
        return cells

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
