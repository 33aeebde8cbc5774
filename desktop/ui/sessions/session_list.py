"""The left pane: accounts, then every session on disk, sortable and filterable.

It fills from the index at once and then grows as the background indexer
reports records (`merge`), without resetting, so the selection and the scroll
position survive. A session asked for before it is listed (the one chosen
last time, while the first index still runs) is chosen once it appears.
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import (
    QEvent,
    QItemSelection,
    QLocale,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QAction, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord, is_under
from desktop.services.accounts import AccountService
from desktop.services.sessions import SessionService
from desktop.ui.common.records import Key, day_samples, key_of, project_name, sample_times
from desktop.ui.sessions.list_filters import AccountFilterList, ProjectCombo
from desktop.ui.sessions.navigation import NavigationPane
from desktop.ui.sessions.session_filter import SessionFilterProxy
from desktop.ui.sessions.session_model import (
    ACCOUNT,
    COLUMNS,
    MESSAGES,
    MODIFIED,
    PROJECT,
    RECORD_ROLE,
    TITLE,
    SessionTableModel,
)
from desktop.ui.sessions.session_table import SessionTable

REPAINTED_ON = frozenset({
    QEvent.Type.LocaleChange, QEvent.Type.PaletteChange, QEvent.Type.FontChange,
    QEvent.Type.ApplicationPaletteChange, QEvent.Type.ApplicationFontChange,
})  # fmt: skip
"""What changes how a row's cells look, beside the language."""
MAX_PROJECT_CHARS = 22
NARROW_LIST = 380
"""A list narrower than this (px) leaves out the Msgs column."""
DEFAULT_VIEWPORT = 420
"""The list's width before it is first shown (for the project column's cap)."""
"""The project column grows to its longest name up to this many characters' width."""


class MiddleElide(QStyledItemDelegate):
    """Cuts a long project name in its middle: "sessiondesk…backend", not "sessiondesk-…"."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = Qt.TextElideMode.ElideMiddle  # type: ignore[attr-defined]


class SessionListPane(NavigationPane):
    record_selected = Signal(object)
    """The chosen SessionRecord, or None."""
    record_changed = Signal(object)
    """The chosen session was read again (it grew, or was damaged or went missing)."""

    def __init__(
        self,
        accounts: AccountService,
        sessions: SessionService,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("sessionListPane")
        self._accounts, self._sessions = accounts, sessions
        self._error: SessiondeskError | None = None
        self._roots: tuple[str, ...] = ()
        self._selected: Key | None = None
        self._pending: Key | None = None
        self.source = SessionTableModel(self)
        self.proxy = SessionFilterProxy(self)
        self.proxy.setSourceModel(self.source)

        self.heading = QLabel(self)
        self.accounts_view = AccountFilterList(self)
        self.sessions_heading = QLabel(self)
        self.count_label = QLabel(self)
        self.count_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        for label in (self.heading, self.sessions_heading):
            font = label.font()
            font.setBold(True)
            label.setFont(font)
            label.setContentsMargins(6, 0, 0, 0)
        self.filter_edit = QLineEdit(self)
        self.filter_edit.setObjectName("sessionFilter")
        self.filter_edit.setClearButtonEnabled(True)
        self.project_combo = ProjectCombo(self)
        self.show_hidden_action = QAction(self)
        self.show_hidden_action.setObjectName("showHiddenConversations")
        self.show_hidden_action.setCheckable(True)
        self.show_hidden_action.toggled.connect(self.proxy.set_show_hidden)
        # a check box reads as a switch; the count sits by the heading, never by it
        self.hidden_button = QCheckBox(self)
        self.hidden_button.setObjectName("showHiddenButton")
        self.hidden_button.toggled.connect(self.show_hidden_action.setChecked)
        self.show_hidden_action.toggled.connect(self.hidden_button.setChecked)
        self.view = SessionTable(self)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        # a project's name is told apart by its end as much as by its start
        self.view.setItemDelegateForColumn(PROJECT, MiddleElide(self.view))
        self.view.sortByColumn(MODIFIED, Qt.SortOrder.DescendingOrder)
        self.view.setStyleSheet("QTableView#sessionTable::item { padding: 0px 2px; }")
        header = self.view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(TITLE, QHeaderView.ResizeMode.Stretch)
        for column in (ACCOUNT, PROJECT, MESSAGES, MODIFIED):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        header.setMinimumSectionSize(24)

        filters = QHBoxLayout()
        filters.setContentsMargins(4, 0, 4, 0)
        filters.addWidget(self.filter_edit, 3)
        filters.addWidget(self.project_combo, 2)
        titles = QHBoxLayout()
        titles.setContentsMargins(0, 0, 8, 0)
        titles.addWidget(self.sessions_heading)
        titles.addWidget(self.count_label)
        titles.addStretch(1)
        titles.addWidget(self.hidden_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 10, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.heading)
        layout.addWidget(self.accounts_view)
        layout.addSpacing(4)
        layout.addLayout(titles)
        layout.addLayout(filters)
        layout.addWidget(self.view, 1)

        self._recount = QTimer(self)
        self._recount.setSingleShot(True)
        self._recount.setInterval(150)
        self._recount.timeout.connect(self._update_counts)
        for signal in (self.source.rowsInserted, self.source.rowsRemoved, self.source.modelReset):
            signal.connect(self._recount.start)
        self.source.dataChanged.connect(self._source_changed)
        self.source.hidden_changed.connect(self.proxy.refilter)
        self.source.hidden_changed.connect(self._recount.start)
        self.proxy.rowsInserted.connect(self._recount.start)
        self.proxy.rowsRemoved.connect(self._recount.start)
        self.accounts_view.chosen.connect(self._account_chosen)
        self.filter_edit.textChanged.connect(self.proxy.set_text)
        self.project_combo.chosen.connect(lambda folder: self.proxy.set_project(folder or None))
        self.view.selectionModel().selectionChanged.connect(self._selection_changed)
        self._project_width = 0
        # the viewport's own resize: the view's comes before its viewport has the new width
        self.view.viewport().installEventFilter(self)
        self.retranslate_ui()

    # -- text ---------------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.heading.setText(self.tr("Accounts"))
        self.sessions_heading.setText(self.tr("Sessions"))
        self.accounts_view.set_all_label(self.tr("All accounts"))
        self.filter_edit.setPlaceholderText(self.tr("Filter sessions"))
        # its words whole, in any language: the list is never narrowed past them
        words = self.filter_edit.fontMetrics().horizontalAdvance(self.filter_edit.placeholderText())
        self.filter_edit.setMinimumWidth(words + 16)
        self.project_combo.set_all_label(self.tr("All projects"))
        self.view.setAccessibleName(self.tr("Sessions"))
        self.view.setAccessibleDescription(self.tr("The selected session is shown beside the list"))
        self.filter_edit.setAccessibleName(self.tr("Filter sessions"))
        self.project_combo.setAccessibleName(self.tr("Project"))
        self.accounts_view.setAccessibleName(self.tr("Accounts"))
        self.show_hidden_action.setText(self.tr("Show &Hidden Conversations"))
        self.show_hidden_action.setToolTip(self.tr("List the sessions of hidden conversations too"))
        self.hidden_button.setText(self.tr("Show hidden"))
        self.hidden_button.setToolTip(self.show_hidden_action.toolTip())
        self.hidden_button.setAccessibleName(self.tr("Show hidden conversations"))
        self.source.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMNS - 1)
        self._repaint_cells()
        self._size_columns()
        self._update_counts()

    def _size_columns(self) -> None:
        """Narrow columns as wide as their widest value or heading, in this language
        (measured again only when the list or the language changes; see `_fit_project`)."""
        width = self.fontMetrics().horizontalAdvance
        heading = self.view.horizontalHeader().fontMetrics().horizontalAdvance

        def title(column: int) -> int:
            return heading(str(self.source.headerData(column, Qt.Orientation.Horizontal)))

        header = self.view.horizontalHeader()
        header.resizeSection(ACCOUNT, 30)
        records = self.source.records()
        projects = [width(name) for name in {project_name(r.cwd) for r in records}]
        self._project_width = max([width("project_x"), title(PROJECT) - 16, *projects])
        self._fit_project()
        header.resizeSection(MESSAGES, max(width("9,999"), title(MESSAGES)) + 18)
        # the days listed, not the widest any day could give ("Yesterday …"): the room
        # saved goes to the title; the next count after midnight widens it again
        today = sample_times()[0]
        shown = day_samples(r.modified for r in records)
        samples = (*(width(text) for text in (today, *shown)), title(MODIFIED) + 10)
        header.resizeSection(MODIFIED, max(samples) + 18)

    def _fit_project(self) -> None:
        """The title takes the spare room: a long project name is cut to a fifth of
        the list (its tooltip is whole)."""
        width = self.fontMetrics().horizontalAdvance
        cap = min(width("x" * MAX_PROJECT_CHARS), max(width("project_x"), self._viewport() // 5))
        self.view.horizontalHeader().resizeSection(PROJECT, min(self._project_width, cap) + 16)
        # a narrow list (an 800 px window) left its titles one letter: the count of
        # messages gives way (the transcript's header says it too)
        narrow = self._viewport() < NARROW_LIST
        if self.view.isColumnHidden(MESSAGES) != narrow:
            self.view.setColumnHidden(MESSAGES, narrow)

    def _viewport(self) -> int:
        return self.view.viewport().width() if self.view.isVisible() else DEFAULT_VIEWPORT

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.view.viewport() and event.type() == QEvent.Type.Resize:
            self._fit_project()  # a narrower list cuts the project column first
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() in REPAINTED_ON:
            self._repaint_cells()
        super().changeEvent(event)

    def _repaint_cells(self) -> None:
        """The rows' kept cells are made again (their texts, grey and italics)."""
        self.source.forget_painted()
        self.view.viewport().update()

    # -- NavigationPane ----------------------------------------------------------------------

    def refresh(self) -> None:
        try:
            views = self._accounts.list()
            self._roots = self._sessions.roots()
            records = self._sessions.list()
            self._error = None
        except SessiondeskError as exc:
            views, records, self._error = [], [], exc
        self.accounts_view.set_accounts(views)
        self.merge(records, complete=True)
        if not self.source.reshaped:
            self._update_counts()  # the accounts may have changed when the sessions did not
        self.contents_changed.emit()

    def last_error(self) -> SessiondeskError | None:
        return self._error

    def session_count(self) -> int:
        return self.source.rowCount()

    def account_names(self) -> list[str]:
        return self.accounts_view.names()

    def selected_account(self) -> str | None:
        return self.accounts_view.chosen_account()

    def select_account(self, name: str) -> bool:
        return self.accounts_view.choose(name)

    # -- sessions -----------------------------------------------------------------------------

    def merge(self, records: list[SessionRecord], *, complete: bool = False) -> None:
        """Add or update sessions (a complete listing also drops the ones gone)."""
        accounts = set(self.accounts_view.names())
        kept = [r for r in records if r.account in accounts and self._in_roots(r)]
        self.source.merge(kept, complete=complete)
        if complete and self.source.reshaped:
            self._recount.stop()  # (its rows asked for a count in a moment: this is it)
            self._update_counts()  # a full listing is worth counting now, not in a moment
        # a listing that only updated rows (an index pass while runs stream, a few times
        # a second) counts nothing again: ~25 ms with 2,000 sessions
        if self._pending is not None and self.select_session(*self._pending):
            self._pending = None

    def _in_roots(self, record: SessionRecord) -> bool:
        return not self._roots or any(is_under(record.cwd, root) for root in self._roots)

    def choose_when_listed(self, key: Key | None) -> None:
        """Choose this session as soon as it is listed (the one chosen last time)."""
        self._pending = key
        if key is not None and self.select_session(*key):
            self._pending = None

    def selected_record(self) -> SessionRecord | None:
        return self.source.record(self._selected) if self._selected else None

    def select_session(self, account: str, session_id: str) -> bool:
        """Choose a session, clearing filters that hide it; False when it is not listed."""
        row = self.source.row_of((account, session_id))
        if row < 0:
            return False
        source_index = self.source.index(row, 0)
        if not self.proxy.mapFromSource(source_index).isValid():
            self.filter_edit.clear()
            self.project_combo.setCurrentIndex(0)
            if self.proxy.account() not in (None, account):
                self.accounts_view.choose("")
        if not self.proxy.mapFromSource(source_index).isValid():
            self.show_hidden_action.setChecked(True)  # asked for by name: show it hidden or not
        index = self.proxy.mapFromSource(source_index)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index, QAbstractItemView.ScrollHint.PositionAtCenter)
        return True

    def visible_keys(self) -> list[Key]:
        """The listed sessions in the order shown (for tests and keyboard users)."""
        return [
            key_of(self.proxy.index(row, 0).data(RECORD_ROLE))
            for row in range(self.proxy.rowCount())
        ]

    # -- reactions -----------------------------------------------------------------------------

    def _account_chosen(self, name: str) -> None:
        self.proxy.set_account(name or None)
        self._fill_projects()
        self.account_selected.emit(name)

    def _selection_changed(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        rows = self.view.selectionModel().selectedRows()
        record: SessionRecord | None = rows[0].data(RECORD_ROLE) if rows else None
        key = key_of(record) if record else None
        if key == self._selected:
            return
        self._selected = key
        if record is not None:
            self._pending = None
        self.session_selected.emit(record.session_id if record else "")
        self.record_selected.emit(record)

    def _source_changed(self, top: QModelIndex, bottom: QModelIndex) -> None:
        if self._selected is None:
            return
        row = self.source.row_of(self._selected)
        if top.row() <= row <= bottom.row():
            self.record_changed.emit(self.source.record(self._selected))

    def _update_counts(self) -> None:
        records = self.source.records()
        self.accounts_view.set_counts(dict(Counter(r.account for r in records)))
        shown = self.proxy.rowCount()
        self.count_label.setText(QLocale().toString(shown))
        described = self.tr("%Ln sessions shown", "", shown)
        self.count_label.setToolTip(described)
        self.count_label.setAccessibleName(described)
        self._fill_projects()
        self._size_columns()  # the project column follows the names listed

    def _fill_projects(self) -> None:
        account = self.proxy.account()
        self.project_combo.set_projects(
            r.cwd for r in self.source.records() if r.cwd and account in (None, r.account)
        )
