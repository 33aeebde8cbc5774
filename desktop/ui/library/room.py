"""Put the library into the window: its commands in the menus and tool bar, its pages.

The shell calls `LibraryRoom(...)` once with the parts it already built; the
room adds *Insight…* and *Bundles…* (View menu, tool bar, shortcuts) and
*Export Session…* (File menu), answers the session menu's *Add to Bundle…*
and *Export…*, and opens each page once, keeping it for the next time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from desktop.domain.changes import OpChanges, RunEvent
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.changes import Changes
from desktop.ui.common.first_paint import after_first_paint
from desktop.ui.common.status import StatusBar
from desktop.ui.library.bundle_work import BundleWork
from desktop.ui.library.bundles_page import BundlesPage
from desktop.ui.library.session_export import SessionExporter
from desktop.ui.runs.run_desk import RunDesk
from desktop.ui.sessions.session_browser import SessionBrowser

if TYPE_CHECKING:  # QtCharts loads when the page first opens (18 ms), not with the window
    from desktop.ui.library.insight_page import InsightPage

INSIGHT_KEYS = "Ctrl+Shift+I"
BUNDLES_KEYS = "Ctrl+Shift+B"
EXPORT_KEYS = "Ctrl+Shift+E"


class LibraryRoom(QObject):
    def __init__(
        self, hub: ServiceHub, window: QMainWindow, *, status: StatusBar, changes: Changes,
        sessions: SessionBrowser, desk: RunDesk, file_menu: QMenu, view_menu: QMenu,
        execution_tree: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(window)
        self._hub, self._window, self._status = hub, window, status
        self._sessions = sessions
        self.insight_page: InsightPage | None = None
        self.insight = self._action("insightAction", INSIGHT_KEYS, self.open_insight)
        self.bundles = self._action("bundlesAction", BUNDLES_KEYS, self.open_bundles)
        self.export = self._action("exportSessionAction", EXPORT_KEYS, self.export_selected)
        first = view_menu.actions()[0] if view_menu.actions() else None
        view_menu.insertActions(first, [self.insight, self.bundles])
        view_menu.insertSeparator(first)
        # File: after New Conversation and Stop Run, before Settings
        settings = next((a for a in file_menu.actions() if a.isSeparator()), None)
        file_menu.insertAction(settings, self.export)
        sessions.toolbar.addActions([self.insight, self.bundles])

        self.bundles_page = BundlesPage(hub, window)
        self.work = BundleWork(hub, self.bundles_page, desk, status, window)
        self.exporter = SessionExporter(hub, status, window)
        self._marks = Background(hub.executor, self)
        changes.changed.connect(self._changed)
        after_first_paint(window, self.mark_archived)  # a thread: not before the window shows
        sessions.menu.bundle_requested.connect(self.work.ask_bundle_for)
        # the execution tree's right-click menu: the conversation it shows, into a bundle
        self.bundle_conversation = QAction(window)
        self.bundle_conversation.triggered.connect(self._bundle_shown)
        if execution_tree is not None:
            execution_tree.addAction(self.bundle_conversation)
        sessions.menu.export_requested.connect(self.exporter.ask)
        self.retranslate()
        window.installEventFilter(self)

    def _action(self, name: str, keys: str, slot: object) -> QAction:
        action = QAction(self._window)
        action.setObjectName(name)
        action.setShortcut(QKeySequence(keys))
        action.triggered.connect(slot)
        return action

    def retranslate(self) -> None:
        self.insight.setText(self.tr("&Insight…"))
        self.insight.setStatusTip(
            self.tr("Turns, tokens, cost and success per account, project and conversation")
        )
        self.bundles.setText(self.tr("&Bundles…"))
        self.bundles.setStatusTip(
            self.tr("Named collections of conversations, sessions and notes to load as context")
        )
        self.bundle_conversation.setText(self.tr("Add Conversation to &Bundle…"))
        self.export.setText(self.tr("&Export Session…"))
        self.export.setStatusTip(self.tr("Save the chosen session as Markdown or HTML"))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def open_insight(self) -> InsightPage:
        page = self.insight_page
        if page is None:
            from desktop.ui.library.insight_page import InsightPage

            page = self.insight_page = InsightPage(self._hub, self._window)
        else:
            page.fill_accounts()
        page.show()
        page.activateWindow()
        page.reload()
        return page

    def open_bundles(self) -> BundlesPage:
        page = self.bundles_page
        page.reload()
        page.show()
        page.activateWindow()
        return page

    def _bundle_shown(self) -> None:
        record = self._sessions.pane.selected_record()
        if record is not None:
            self.work.ask_bundle_for(record)

    def export_selected(self) -> None:
        self.exporter.ask(self._sessions.pane.selected_record())

    def _changed(self, changes: OpChanges) -> None:
        """The spine's news: the archived marks follow the list; an open insight page
        counts again when a run ended or a conversation changed, and an open bundles
        page reads its conversations' titles and sessions again."""
        if changes.listing:
            self.mark_archived()
        touched = bool(changes.conversations or changes.executions or changes.accounts)
        insight = self.insight_page
        if insight is not None and insight.isVisible() and touched and (
                RunEvent.ENDED in changes.run_events or not changes.run_events):  # fmt: skip
            insight.reload()
        if self.bundles_page.isVisible() and (changes.listing or (
                changes.conversations and not changes.run_events)):  # fmt: skip
            self.bundles_page.reload()

    def mark_archived(self) -> int:
        """The list says "archived" of a session whose original is gone and we keep."""
        model = self._sessions.pane.source
        return self._marks.submit(self._hub.archive.archived, model.set_archived)
