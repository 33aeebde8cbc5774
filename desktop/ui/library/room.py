"""Put the library into the window: its commands in the menus and tool bar, its pages.

The shell calls `LibraryRoom(...)` once with the parts it already built; the
room adds *Insight…* and *Bundles…* (View menu, tool bar, shortcuts), and
*Export Session…* and *Add to Bundle…* to the File menu and the session's
right-click menu, and opens each page once, keeping it for the next time.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from desktop.services.hub import ServiceHub
from desktop.ui.common.status import StatusBar
from desktop.ui.library.insight_page import InsightPage

INSIGHT_KEYS = "Ctrl+Shift+I"


class LibraryRoom(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        window: QMainWindow,
        status: StatusBar,
        view_menu: QMenu,
        toolbar: QToolBar | None = None,
    ) -> None:
        super().__init__(window)
        self._hub, self._window, self._status = hub, window, status
        self.insight_page: InsightPage | None = None
        self.insight = QAction(window)
        self.insight.setObjectName("insightAction")
        self.insight.setShortcut(QKeySequence(INSIGHT_KEYS))
        self.insight.triggered.connect(self.open_insight)
        first = view_menu.actions()[0] if view_menu.actions() else None
        view_menu.insertAction(first, self.insight)
        view_menu.insertSeparator(first)
        if toolbar is not None:
            toolbar.addAction(self.insight)
        self.retranslate()
        window.installEventFilter(self)

    def retranslate(self) -> None:
        self.insight.setText(self.tr("&Insight…"))
        self.insight.setStatusTip(
            self.tr("Turns, tokens, cost and success per account, project and conversation")
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def open_insight(self) -> InsightPage:
        page = self.insight_page
        if page is None:
            page = self.insight_page = InsightPage(self._hub, self._window)
        else:
            page.fill_accounts()
        page.show()
        page.activateWindow()
        page.reload()
        return page

    def shutdown(self) -> None:
        if self.insight_page is not None:
            self.insight_page.shutdown()
