"""The session list's filters: the accounts list at the top of the left pane,
each account with its session count, and the project chooser.

Choosing an account narrows the session list to it; the first row, "All
accounts", shows every session. It is the account switcher of the sidebar, so
the window's Accounts menu and this list always agree. Projects are the
folders sessions were started in, named by their last folder.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from PySide6.QtCore import QLocale, QModelIndex, QPersistentModelIndex, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPalette, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHeaderView,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionComboBox,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from desktop.services.accounts import AccountView
from desktop.ui.common.contrast import readable
from desktop.ui.common.records import project_name
from desktop.ui.sessions.navigation import account_avatar, account_tooltip

ACCOUNT_ROLE = Qt.ItemDataRole.UserRole + 1
ROW_HEIGHT_PAD = 10
MAX_VISIBLE_ROWS = 6


class CountDelegate(QStyledItemDelegate):
    """Draws a count in the palette's placeholder colour as it is at paint time: a
    colour stored in the item stayed the light theme's (near black at half
    strength) after a switch to dark, where the counts could hardly be seen."""

    def initStyleOption(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        super().initStyleOption(option, index)
        palette = option.palette  # type: ignore[attr-defined]
        faint = readable(palette.color(QPalette.ColorRole.PlaceholderText),
                         palette.color(QPalette.ColorRole.Window),
                         palette.color(QPalette.ColorRole.WindowText))  # fmt: skip
        palette.setColor(QPalette.ColorRole.Text, faint)


class AccountFilterList(QTreeView):
    chosen = Signal(str)
    """The chosen account's name, or "" for all accounts."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("accountTree")
        self.model_ = QStandardItemModel(0, 2, self)
        self.setModel(self.model_)
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setUniformRowHeights(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setFrameShape(QTreeView.Shape.NoFrame)
        self.setIconSize(QSize(20, 20))
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = self.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.setItemDelegateForColumn(1, CountDelegate(self))
        self.setStyleSheet(
            "QTreeView#accountTree { background: palette(window); outline: 0; }"
            "QTreeView#accountTree::item { padding: 4px 2px; border: none; }"
            "QTreeView#accountTree::item:selected {"
            " background: palette(highlight); color: palette(highlighted-text); }"
        )
        self._views: list[AccountView] = []
        self._all_label = "All accounts"
        self.selectionModel().selectionChanged.connect(self._selection_changed)

    def set_accounts(self, views: list[AccountView]) -> None:
        """Rebuild the rows, keeping the chosen account when it still exists."""
        previous = self.chosen_account()
        self._views = views
        blocked = self.selectionModel().blockSignals(True)
        self.model_.removeRows(0, self.model_.rowCount())
        everything = QStandardItem(self._all_icon(), self._all_label)
        everything.setData("", ACCOUNT_ROLE)
        self.model_.appendRow([everything, self._count_item()])
        for view in views:
            name = view.account.name
            item = QStandardItem(account_avatar(name), name)
            item.setData(name, ACCOUNT_ROLE)
            item.setToolTip(account_tooltip(view))
            self.model_.appendRow([item, self._count_item()])
        for row in range(self.model_.rowCount()):
            for column in range(2):
                self.model_.item(row, column).setEditable(False)
        self.selectionModel().blockSignals(blocked)
        if not self.choose(previous or ""):
            self.choose("")
        self._fit_height()

    def set_all_label(self, text: str) -> None:
        self._all_label = text
        item = self.model_.item(0, 0)
        if item is not None:
            item.setText(text)
        for row, view in enumerate(self._views, start=1):
            account = self.model_.item(row, 0)
            if account is not None:
                account.setToolTip(account_tooltip(view))

    def set_counts(self, counts: dict[str, int]) -> None:
        locale = QLocale()
        for row in range(self.model_.rowCount()):
            name = self.model_.item(row, 0).data(ACCOUNT_ROLE)
            value = sum(counts.values()) if name == "" else counts.get(name, 0)
            self.model_.item(row, 1).setText(locale.toString(value))

    def names(self) -> list[str]:
        return [view.account.name for view in self._views]

    def chosen_account(self) -> str | None:
        """The chosen account, or None when "All accounts" (or nothing) is chosen."""
        rows = self.selectionModel().selectedRows()
        name = rows[0].data(ACCOUNT_ROLE) if rows else None
        return name or None

    def choose(self, name: str) -> bool:
        for row in range(self.model_.rowCount()):
            if self.model_.item(row, 0).data(ACCOUNT_ROLE) == name:
                self.setCurrentIndex(self.model_.index(row, 0))
                return True
        return False

    def _count_item(self) -> QStandardItem:
        item = QStandardItem("")
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return item

    def _all_icon(self) -> QIcon:
        return self.style().standardIcon(self.style().StandardPixmap.SP_DirHomeIcon)

    def _fit_height(self) -> None:
        # show every account without a scroll bar, up to a handful
        rows = min(self.model_.rowCount(), MAX_VISIBLE_ROWS)
        height = self.sizeHintForRow(0) if self.model_.rowCount() else 24
        self.setFixedHeight(rows * max(height, 24) + 4)

    def _selection_changed(self) -> None:
        self.chosen.emit(self.chosen_account() or "")


class ProjectCombo(QComboBox):
    chosen = Signal(str)
    """The chosen project's folder, or "" for every project."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("projectFilter")
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(8)
        self._folders: tuple[str, ...] = ()
        self.addItem("All projects", "")
        self.currentIndexChanged.connect(lambda _index: self.chosen.emit(self.currentData() or ""))

    def set_all_label(self, text: str) -> None:
        self.setItemText(0, text)
        self.updateGeometry()

    def minimumSizeHint(self) -> QSize:
        """Room for "All projects" in any language (a project's long name may be cut:
        its tooltip is whole); "Todos los proyectos" was cut to "Todos los pr…"."""
        hint = super().minimumSizeHint()
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        text = QSize(self.fontMetrics().horizontalAdvance(self.itemText(0)), hint.height())
        whole = self.style().sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, text, self)
        return QSize(max(hint.width(), whole.width()), hint.height())

    def chosen_project(self) -> str | None:
        return self.currentData() or None

    def set_projects(self, folders: Iterable[str]) -> None:
        """Offer these folders, keeping the chosen one; rebuilt only when they changed."""
        ordered = tuple(sorted(set(folders), key=lambda f: (project_name(f).casefold(), f)))
        if ordered == self._folders:
            return
        self._folders = ordered
        current = self.currentData()
        names = Counter(project_name(folder) for folder in ordered)
        blocked = self.blockSignals(True)
        while self.count() > 1:
            self.removeItem(1)
        for folder in ordered:
            name = project_name(folder)
            if names[name] > 1:  # two "api" folders: say which parent each is in
                name = f"{name} · {project_name(folder.rstrip('/').rsplit('/', 1)[0])}"
            self.addItem(name, folder)
            self.setItemData(self.count() - 1, folder, Qt.ItemDataRole.ToolTipRole)
        self.setCurrentIndex(max(0, self.findData(current)) if current else 0)
        self.blockSignals(blocked)
        if (self.currentData() or "") != (current or ""):
            self.chosen.emit(self.currentData() or "")
