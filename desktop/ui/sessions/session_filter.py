"""Which sessions the list shows: one account, one project, words in the title,
and those of hidden conversations only when asked.

Only filters: sorting happens in `SessionTableModel` on precomputed keys, so
the proxy keeps the source's order and never asks data() to compare rows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QModelIndex,
    QModelRoleDataSpan,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from desktop.ui.sessions.session_model import PAINTED_ROLES, SessionTableModel

Index = QModelIndex | QPersistentModelIndex


class SessionFilterProxy(QSortFilterProxyModel):
    """Keeps the rows of one account, project and text; the source model sorts."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setDynamicSortFilter(False)
        self._account: str | None = None
        self._project: str | None = None
        self._text = ""
        self._show_hidden = False

    def set_show_hidden(self, shown: bool) -> None:
        if shown != self._show_hidden:
            self._refilter(lambda: setattr(self, "_show_hidden", shown))

    def show_hidden(self) -> bool:
        return self._show_hidden

    def refilter(self) -> None:
        """Look at every row again (what hides a row changed outside the proxy)."""
        self._refilter(lambda: None)

    def set_account(self, account: str | None) -> None:
        if account != self._account:
            self._refilter(lambda: setattr(self, "_account", account))

    def set_project(self, cwd: str | None) -> None:
        if cwd != self._project:
            self._refilter(lambda: setattr(self, "_project", cwd))

    def set_text(self, text: str) -> None:
        text = text.strip().casefold()
        if text != self._text:
            self._refilter(lambda: setattr(self, "_text", text))

    def account(self) -> str | None:
        return self._account

    def project(self) -> str | None:
        return self._project

    def _refilter(self, change: Callable[[], None]) -> None:
        # Qt 6.9 replaced invalidateFilter() with a begin/end pair
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            change()
            self.invalidateRowsFilter()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        # handed to the source, which sorts on precomputed keys; the proxy keeps its order
        source = self.sourceModel()
        if isinstance(source, SessionTableModel):
            source.sort(column, order)

    def multiData(self, index: Index, roleDataSpan: QModelRoleDataSpan) -> None:
        # a painted cell's roles in one call into Python, from the row's kept cells;
        # Qt's would call data() once a role, and the source's index() with each
        model = self.sourceModel()
        assert isinstance(model, SessionTableModel)
        source = self.mapToSource(index)
        if not source.isValid():
            return
        cell = model.painted(source.row(), source.column())
        for item in roleDataSpan:
            role = item.role()
            value = cell.get(role) if role in PAINTED_ROLES else model.data(source, role)
            # cleared, not left alone: a delegate hands the same span for every cell it
            # paints, so a role left alone kept the cell before's (the account's avatar
            # showed in every column after it)
            if value is None:
                item.clearData()
            else:
                item.setData(value)

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        model = self.sourceModel()
        assert isinstance(model, SessionTableModel)
        record = model.record_at(source_row)
        if self._account and record.account != self._account:
            return False
        if self._project and record.cwd != self._project:
            return False
        if not self._show_hidden:
            member = model.member(record)
            if member is not None and member.hidden:
                return False
        if self._text:
            haystack = " ".join(
                part or ""
                for part in (record.title, record.first_prompt, record.cwd, record.session_id)
            ).casefold()
            return all(word in haystack for word in self._text.split())
        return True
