"""The left pane: what the window shows there and the contract it keeps.

`NavigationPane` is the contract: the window talks to its left pane only
through it, so the session list (a later `SessionListPane`) replaces the
`AccountsPane` placeholder with `MainWindow.set_navigation_pane()` and
nothing else changes.
"""

from __future__ import annotations

import hashlib

from PySide6.QtCore import QCoreApplication, QEvent, QItemSelection, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTreeView, QVBoxLayout, QWidget

from desktop.domain.accounts import AuthKind
from desktop.domain.errors import SessiondeskError
from desktop.services.accounts import AccountService, AccountView

ACCOUNT_ROLE = Qt.ItemDataRole.UserRole + 1
"""Items that stand for an account carry its name under this role."""

_AVATAR_COLOURS = ("#4F46E5", "#0E7490", "#B45309", "#BE185D", "#15803D", "#7C3AED", "#B91C1C")


def account_avatar(name: str, size: int = 20) -> QIcon:
    """A round badge with the account's initial, its colour fixed by the name."""
    digest = hashlib.sha1(name.encode("utf-8")).digest()
    colour = QColor(_AVATAR_COLOURS[int.from_bytes(digest[:4], "big") % len(_AVATAR_COLOURS)])
    pixmap = QPixmap(size * 2, size * 2)  # drawn at 2x so it stays crisp on HiDPI screens
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawEllipse(0, 0, size * 2, size * 2)
    font = QFont()
    font.setPixelSize(int(size * 1.1))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("white"))
    painter.drawText(pixmap.rect(), Qt.AlignmentFlag.AlignCenter, name[:1].upper())
    painter.end()
    pixmap.setDevicePixelRatio(2.0)
    icon = QIcon(pixmap)
    # the badge is its own contrast: keep the style from tinting it on selected rows
    icon.addPixmap(pixmap, QIcon.Mode.Selected)
    return icon


class NavigationPane(QWidget):
    """What the window needs from whatever fills its left pane."""

    account_selected = Signal(str)
    """The selected account's name, or "" when no account is selected."""
    session_selected = Signal(str)
    """The selected session or conversation id, or "" when none is."""
    contents_changed = Signal()
    """The pane reloaded; the window then updates its empty state and counts."""

    def refresh(self) -> None:
        """Reload from the services, keeping the selection when it still exists."""
        raise NotImplementedError

    def account_names(self) -> list[str]:
        raise NotImplementedError

    def selected_account(self) -> str | None:
        raise NotImplementedError

    def select_account(self, name: str) -> bool:
        """Select an account's row; False when there is none by that name."""
        raise NotImplementedError

    def last_error(self) -> SessiondeskError | None:
        """The error of the last `refresh()`, for the window to show."""
        return None

    def session_count(self) -> int:
        """How many sessions the pane lists (a placeholder lists none)."""
        return 0


class AccountListModel(QStandardItemModel):
    """Accounts as top-level rows; sessions will hang under them later."""

    def set_accounts(self, views: list[AccountView]) -> None:
        self.clear()
        for view in views:
            account = view.account
            item = QStandardItem(account_avatar(account.name), account.name)
            item.setData(account.name, ACCOUNT_ROLE)
            item.setToolTip(account_tooltip(view))
            item.setEditable(False)
            self.appendRow(item)

    def names(self) -> list[str]:
        return [self.item(row).data(ACCOUNT_ROLE) for row in range(self.rowCount())]

    def row_of(self, name: str) -> int:
        names = self.names()
        return names.index(name) if name in names else -1


def auth_label(kind: AuthKind) -> str:
    """How an account signs in, in the person's language."""
    labels = {
        AuthKind.LOGIN: QCoreApplication.translate("AuthKind", "Login stored in its config folder"),
        AuthKind.API_KEY: QCoreApplication.translate("AuthKind", "Anthropic API key"),
        AuthKind.OAUTH_TOKEN: QCoreApplication.translate(
            "AuthKind", "OAuth token (claude setup-token)"
        ),
    }
    return labels[kind]


def account_tooltip(view: AccountView) -> str:
    return f"{view.account.config_dir}\n{auth_label(view.account.auth)}"


class AccountsPane(NavigationPane):
    """The placeholder left pane: the registered accounts, one row each."""

    def __init__(self, accounts: AccountService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._accounts = accounts
        self._error: SessiondeskError | None = None
        self._views: list[AccountView] = []
        self.model = AccountListModel(self)
        self.heading = QLabel(self)
        self.heading.setObjectName("paneHeading")
        heading_font = self.heading.font()
        heading_font.setBold(True)
        self.heading.setFont(heading_font)
        self.heading.setContentsMargins(6, 0, 0, 0)
        self.view = QTreeView(self)
        self.view.setObjectName("accountTree")
        self.view.setModel(self.model)
        self.view.setHeaderHidden(True)
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setFrameShape(QTreeView.Shape.NoFrame)
        self.view.setIconSize(QSize(20, 20))
        # the list blends into the sidebar; rows get room to breathe
        self.view.setStyleSheet(
            "QTreeView#accountTree { background: palette(window); outline: 0; }"
            "QTreeView#accountTree::item { padding: 5px 2px; border: none; }"
            "QTreeView#accountTree::item:selected {"
            " background: palette(highlight); color: palette(highlighted-text); }"
        )
        self.view.selectionModel().selectionChanged.connect(self._on_selection)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 10, 0, 0)
        layout.setSpacing(6)
        layout.addWidget(self.heading)
        layout.addWidget(self.view)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.heading.setText(self.tr("Accounts"))
        self.view.setAccessibleName(self.tr("Accounts"))
        # tooltips hold the auth kind's label, which is translated too
        for row, view in enumerate(self._views):
            item = self.model.item(row)
            if item is not None:
                item.setToolTip(account_tooltip(view))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def refresh(self) -> None:
        previous = self.selected_account()
        try:
            views = self._accounts.list()
            self._error = None
        except SessiondeskError as exc:
            views, self._error = [], exc
        self._views = views
        blocker = self.view.selectionModel().blockSignals(True)
        self.model.set_accounts(views)
        self.view.selectionModel().blockSignals(blocker)
        if previous is None or not self.select_account(previous):
            self.account_selected.emit("")
        self.contents_changed.emit()

    def last_error(self) -> SessiondeskError | None:
        return self._error

    def account_names(self) -> list[str]:
        return self.model.names()

    def selected_account(self) -> str | None:
        indexes = self.view.selectionModel().selectedRows()
        return indexes[0].data(ACCOUNT_ROLE) if indexes else None

    def select_account(self, name: str) -> bool:
        row = self.model.row_of(name)
        if row < 0:
            return False
        index = self.model.index(row, 0)
        self.view.setCurrentIndex(index)
        self.view.scrollTo(index)
        return True

    def _on_selection(self, _selected: QItemSelection, _deselected: QItemSelection) -> None:
        self.account_selected.emit(self.selected_account() or "")


_HEADS: dict[str, QIcon] = {}


def account_head(colour: QColor) -> QIcon:
    """A person's head and shoulders in `colour`: the account column's heading."""
    if colour.name() not in _HEADS:
        picture = QPixmap(32, 32)
        picture.fill(Qt.GlobalColor.transparent)
        painter = QPainter(picture)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        painter.drawEllipse(QRectF(10, 3, 12, 12))
        painter.drawRoundedRect(QRectF(4, 18, 24, 13), 6, 6)
        painter.end()
        _HEADS[colour.name()] = QIcon(picture)
    return _HEADS[colour.name()]
