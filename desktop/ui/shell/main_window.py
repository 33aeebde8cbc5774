"""The main window: navigation on the left, the transcript in the centre.

It owns the menus, the status bar, the window state and the one `Changes`
notice; it builds its parts (the session browser, the run desk) and hands
each the collaborators it needs, never itself. At the app's start the parts
no one sees before a session is chosen are built just after the first paint
(`build_parts`). The left pane is any
`NavigationPane` (`set_navigation_pane()`); the transcript page takes any
widget (`transcript.set_transcript_view()`). Geometry and splitter state are
kept in the settings keys `ui.geometry` and `ui.splitter` (base64 of Qt's
own saveGeometry/saveState bytes).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QLocale,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QWidget

from desktop.domain.changes import OpChanges
from desktop.domain.errors import SessiondeskError
from desktop.domain.settings import LANGUAGES
from desktop.services.hub import ServiceHub
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.common.first_paint import after_first_paint
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions.navigation import AccountsPane, NavigationPane
from desktop.ui.sessions.session_browser import SessionBrowser
from desktop.ui.shell.actions import WindowActions
from desktop.ui.shell.log_folder import open_log_folder
from desktop.ui.shell.menus import fill_session_menu
from desktop.ui.shell.messages import show_message
from desktop.ui.shell.theme import theme_controller
from desktop.ui.shell.translations import Translations
from desktop.ui.shell.window_layout import PaneSplitter
from desktop.ui.transcript.transcript_area import TranscriptArea

if TYPE_CHECKING:  # dialogs load when first opened, the parts after the first paint
    from desktop.ui.accounts.account_dialogs import (
        AddAccountDialog,
        ChangeSecretDialog,
        RemoveAccountDialog,
    )
    from desktop.ui.accounts.account_edit import EditAccountDialog
    from desktop.ui.conversations.conversation_pane import ConversationPane
    from desktop.ui.library.room import LibraryRoom
    from desktop.ui.runs.run_desk import RunDesk
    from desktop.ui.runs.wall_room import WallRoom
    from desktop.ui.settings.settings_dialog import SettingsDialog
    from desktop.ui.shell.palette import CommandPalette

GEOMETRY_KEY = "ui.geometry"
SPLITTER_KEY = "ui.splitter"
DEFAULT_SIZE = QSize(1200, 760)


class MainWindow(QMainWindow):
    session_selected = Signal(str)
    """Re-emits the left pane's selection for the transcript view to follow."""
    runs: RunDesk
    conversation: ConversationPane
    library: LibraryRoom
    wall: WallRoom
    command_palette: CommandPalette
    """These five come with `build_parts()`."""

    def __init__(
        self,
        hub: ServiceHub,
        translations: Translations | None = None,
        parent: QWidget | None = None,
        *,
        parts_after_paint: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.hub = hub
        self.translations = translations
        self.commands = WindowActions(self)
        self.changes = Changes(self)
        self._indexed_once = False
        """A pass over the session files has ended: an empty list is really empty."""
        self.status_bar = StatusBar(self)
        self.setStatusBar(self.status_bar)
        self.transcript = TranscriptArea(self)
        self.transcript.empty_state.action_requested.connect(self.open_add_account)
        self.splitter = PaneSplitter(self)
        self.splitter.setObjectName("mainSplitter")
        self.splitter.setChildrenCollapsible(False)
        self.navigation: NavigationPane = AccountsPane(hub.accounts, self.splitter)
        self.navigation.setMinimumWidth(180)
        self.splitter.addWidget(self.navigation)
        self.splitter.addWidget(self.transcript)
        self._right = QWidget(self.splitter)  # the conversation pane's place until it is built
        self.splitter.addWidget(self._right)
        self.splitter.setCollapsible(2, True)  # folded away on a narrow window
        self.setCentralWidget(self.splitter)
        self._build_menus()
        self._connect_navigation(self.navigation)
        self.commands.check_language(translations.choice if translations else "en")
        self.retranslate_ui()
        self.navigation.refresh()
        self._build_sessions()
        self.changes.follow(hub.changes)  # what the services report reaches every view
        self.changes.changed.connect(self._changed)
        for ended in (self.sessions.indexer.finished, self.sessions.indexer.failed):
            ended.connect(self._index_ended)
        self._update_empty_state()  # "reading" until the first pass ends
        self.parts_built = False
        """The run desk, the conversation pane and the library are in (`build_parts`)."""
        if parts_after_paint:
            after_first_paint(self, self.build_parts)
        else:
            self.build_parts()
        self.restore_state()  # the conversation pane or its placeholder is the third part

    def _build_sessions(self) -> None:
        """The session list, search and indexing replace the placeholders (the
        transcript panel comes with the other parts, `build_parts`)."""
        c = self.commands
        self.sessions = SessionBrowser(
            self.hub, status=self.status_bar, search_action=c.search,
            reindex_action=c.reindex, changes=self.changes, parent=self,
        )  # fmt: skip
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.sessions.toolbar)
        self.set_navigation_pane(self.sessions.pane)
        self.view_menu.insertAction(c.full_screen, self.sessions.pane.show_hidden_action)

    def build_parts(self) -> None:
        """The transcript panel, the composer and runs, the conversation pane,
        the library and the palette.

        The window's start asks for them just after its first paint (none is on
        screen before a session is chosen, and together with their modules they
        were a third of the time to it; a session chosen at the start is read
        from disk in the background anyway, and its transcript takes the
        placeholder's place now); anything else gets them at once.
        """
        if self.parts_built:
            return
        self.parts_built = True
        self.transcript.set_transcript_view(self.sessions.panel)
        # Tab goes left to right: the list, then the transcript it opens, then the composer
        QWidget.setTabOrder(self.sessions.pane.view, self.sessions.panel.view)
        from desktop.ui.conversations.conversation_pane import ConversationPane
        from desktop.ui.library.room import LibraryRoom
        from desktop.ui.runs.orphan_watch import OrphanWatch
        from desktop.ui.runs.run_desk import RunDesk
        from desktop.ui.runs.tray import Notifier
        from desktop.ui.shell.palette import CommandPalette

        c = self.commands
        # the composer, live runs and their permission questions
        self.runs = RunDesk(
            self.hub, sessions=self.sessions, area=self.transcript, status=self.status_bar,
            new_conversation=c.new_conversation, stop_run=c.stop_run,
            notifier=Notifier(self, self.status_bar), changes=self.changes, parent=self,
        )  # fmt: skip
        self.sessions.menu.continue_requested.connect(self.runs.branching.continue_session)
        # a turn whose Sessiondesk died (kill -9) is marked and its claude ended within seconds
        self.orphans = OrphanWatch(self.hub, self.changes, self)
        self.session_menu.aboutToShow.connect(
            lambda: fill_session_menu(self.session_menu, self.sessions.pane, self.sessions.menu)
        )
        self.sessions.menu.fork_requested.connect(self.runs.branching.fork_session)
        self.conversation = ConversationPane(
            self.hub, sessions=self.sessions, desk=self.runs, changes=self.changes,
            status=self.status_bar,
        )  # fmt: skip
        sizes = self.splitter.sizes()
        self.splitter.replaceWidget(2, self.conversation)  # right of the transcript
        self.splitter.setSizes(sizes)
        self._right.deleteLater()
        pane = self.conversation
        self.conversation_menu.addActions([pane.continue_action, pane.fork_action])
        self.conversation_menu.addSeparator()
        self.conversation_menu.addAction(pane.compare_action)
        self._build_removals(pane)
        # insight, bundles and export: their commands join the menus and the tool bar
        self.library = LibraryRoom(
            self.hub, self, status=self.status_bar, changes=self.changes, sessions=self.sessions,
            desk=self.runs, file_menu=self.file_menu, view_menu=self.view_menu,
            execution_tree=self.conversation.tree,
        )  # fmt: skip
        self.library.bundles_page.reference_activated.connect(self.conversation.open_reference)
        self.runs.switching.available.connect(c.switch_account.setEnabled)
        c.switch_account.setEnabled(self.runs.switching.can_switch())
        c.switch_account.triggered.connect(lambda: self.runs.switching.open(""))
        from desktop.ui.runs.wall_room import WallRoom

        self.wall = WallRoom(self.hub, self, desk=self.runs, changes=self.changes,
                             status=self.status_bar, view_menu=self.view_menu)  # fmt: skip
        self.command_palette = CommandPalette(self, self.view_menu)

    def _build_removals(self, pane: ConversationPane) -> None:
        """Delete Conversation… (its menu, the list's menu, Delete in the list or the
        tree) and Remove Archived Copy… (the list's menu): each asks first."""
        from desktop.ui.conversations.delete_conversation import ConversationDeleter
        from desktop.ui.settings.archive_removal import ArchiveRemover

        self.deleter = ConversationDeleter(self.hub, self.status_bar, self)
        self.deleter.action.triggered.connect(lambda: self.deleter.ask(pane.conversation()))
        self.conversation_menu.addSeparator()
        self.conversation_menu.addAction(self.deleter.action)
        # greyed in the menu while no conversation is shown; the key says so in the status bar
        action = self.deleter.action
        self.conversation_menu.aboutToShow.connect(
            lambda: action.setEnabled(pane.conversation() is not None)
        )
        self.conversation_menu.aboutToHide.connect(lambda: action.setEnabled(True))
        pane.tree.addAction(self.deleter.action)
        self.sessions.pane.view.addAction(self.deleter.action)
        self.sessions.menu.delete_requested.connect(self.deleter.ask)
        self.archive_remover = ArchiveRemover(self.hub, self.status_bar, self)
        self.sessions.menu.remove_copy_requested.connect(self.archive_remover.remove_copy)

    # -- structure -----------------------------------------------------------------

    def _build_menus(self) -> None:
        c = self.commands
        bar = self.menuBar()
        self.file_menu = bar.addMenu("")
        self.file_menu.addActions([c.new_conversation, c.stop_run])
        self.file_menu.addSeparator()
        self.file_menu.addAction(c.settings)
        self.file_menu.addSeparator()
        self.file_menu.addAction(c.quit)
        self.view_menu = bar.addMenu("")
        self.view_menu.addAction(c.search)
        self.view_menu.addAction(c.reindex)
        self.view_menu.addSeparator()
        self.language_menu = QMenu(self.view_menu)
        self.language_menu.addActions(list(c.languages.values()))
        self.view_menu.addMenu(self.language_menu)
        self.view_menu.addSeparator()
        self.view_menu.addAction(c.full_screen)
        self.session_menu = bar.addMenu("")
        self.conversation_menu = bar.addMenu("")  # the execution tree's commands
        self.accounts_menu = bar.addMenu("")
        self.accounts_menu.aboutToShow.connect(self._rebuild_accounts_menu)
        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(c.open_logs)
        self.help_menu.addAction(c.about)
        self._rebuild_accounts_menu()

        c.settings.triggered.connect(self.open_settings)
        c.quit.triggered.connect(self.close)
        c.full_screen.toggled.connect(self._set_full_screen)
        c.add_account.triggered.connect(self.open_add_account)
        c.remove_account.triggered.connect(self.open_remove_account)
        c.change_secret.triggered.connect(self.open_change_secret)
        c.edit_account.triggered.connect(self.open_edit_account)
        c.about.triggered.connect(self.show_about)
        c.open_logs.triggered.connect(lambda: open_log_folder(self.hub.home))
        c.language_group.triggered.connect(lambda action: self.set_language(action.data()))

    def set_navigation_pane(self, pane: NavigationPane) -> None:
        """Replace the left pane (the session list drops in here), keeping its width."""
        sizes = self.splitter.sizes()
        old = self.navigation
        self.splitter.replaceWidget(self.splitter.indexOf(old), pane)
        old.deleteLater()
        self.navigation = pane
        self._connect_navigation(pane)
        self.splitter.setSizes(sizes)
        pane.refresh()

    def _connect_navigation(self, pane: NavigationPane) -> None:
        pane.contents_changed.connect(self._navigation_changed)
        pane.account_selected.connect(self._account_selected)
        pane.session_selected.connect(self._session_selected)

    # -- text ----------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setWindowTitle("Sessiondesk")  # a name, the same in every language
        self.file_menu.setTitle(self.tr("&File"))
        self.view_menu.setTitle(self.tr("&View"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.session_menu.setTitle(self.tr("&Session"))
        self.conversation_menu.setTitle(self.tr("&Conversation"))
        self.accounts_menu.setTitle(self.tr("&Accounts"))
        self.help_menu.setTitle(self.tr("&Help"))
        self.commands.retranslate()
        if self.parts_built if hasattr(self, "parts_built") else False:
            self.deleter.retranslate()
        self._update_empty_state()
        self._update_summary()
        self._rebuild_accounts_menu()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.WindowStateChange:
            self.commands.full_screen.setChecked(self.isFullScreen())
        super().changeEvent(event)

    def _update_empty_state(self) -> None:
        names = self.navigation.account_names()
        if not names:
            folder = str(self.hub.accounts.default_folder())
            if os.path.isdir(folder):
                found = self.tr(
                    "Claude Code's folder was found at {folder}, but it is not an account here yet."
                ).format(folder=folder)
            else:
                found = self.tr(
                    "No Claude Code folder was found at {folder}: sign in once with the claude "
                    "command, or add the folder of an account you already use."
                ).format(folder=folder)
            where = self.tr("Its sessions will appear in the list on the left, newest first.")
            self.transcript.empty_state.set_content(
                self.tr("No Claude accounts yet"), f"{found}\n\n{where}",
                self.tr("Add Account…"),
            )  # fmt: skip
        elif not self.navigation.session_count() and self._first_index_running():
            self.transcript.empty_state.set_content(
                self.tr("Reading sessions…"),
                self.tr(
                    "Sessiondesk is reading the Claude Code sessions on this computer. "
                    "They appear on the left as they are found."
                ),
            )
        elif not self.navigation.session_count():
            self.transcript.empty_state.set_content(
                self.tr("No sessions yet"),
                self.tr(
                    "Sessions appear on the left as soon as Claude Code writes them. "
                    "Start one with New Conversation (Ctrl+N)."
                ),
            )
        else:
            self.transcript.empty_state.set_content(
                self.tr("No session selected"),
                self.tr("Select a session on the left to read its transcript."),
            )

    def _first_index_running(self) -> bool:
        """No pass over the files has ended yet: an empty list may only be unread."""
        return hasattr(self, "sessions") and not self._indexed_once  # texts come before it

    def _index_ended(self) -> None:
        self._indexed_once = True
        self._update_empty_state()

    def _update_summary(self) -> None:
        count = len(self.navigation.account_names())
        self.status_bar.set_summary(
            self.tr("Accounts: {count}").format(count=QLocale().toString(count))
        )

    def _rebuild_accounts_menu(self) -> None:
        """Add/remove, then which account's sessions the list shows: a filter, said so."""
        menu = self.accounts_menu
        menu.clear()
        menu.addAction(self.commands.add_account)
        menu.addAction(self.commands.remove_account)
        menu.addAction(self.commands.edit_account)
        menu.addAction(self.commands.change_secret)
        menu.addSeparator()
        menu.addAction(self.commands.switch_account)
        names = self.navigation.account_names()
        selected = self.navigation.selected_account()
        self.commands.remove_account.setEnabled(bool(names))
        self.commands.change_secret.setEnabled(bool(names))
        self.commands.edit_account.setEnabled(bool(names))
        menu.addSection(self.tr("Show sessions of"))
        if not names:
            empty = QAction(self.tr("No accounts yet"), menu)
            empty.setEnabled(False)
            menu.addAction(empty)
            return
        group = QActionGroup(menu)
        every = QAction(self.tr("All Accounts"), menu)
        every.setStatusTip(self.tr("List the sessions of every account"))
        entries = [(every, "")] + [(QAction(name, menu), name) for name in names]
        for action, name in entries:
            action.setCheckable(True)
            action.setChecked(name == (selected or ""))
            if name:
                action.setStatusTip(self.tr("List only the sessions of {name}").format(name=name))
            action.triggered.connect(
                lambda _checked=False, n=name: self.navigation.select_account(n)
            )
            group.addAction(action)
            menu.addAction(action)

    # -- reactions -----------------------------------------------------------------

    def _changed(self, changes: OpChanges) -> None:
        if changes.listing:
            self._update_empty_state()

    def _navigation_changed(self) -> None:
        self._update_empty_state()
        self._update_summary()
        self._rebuild_accounts_menu()
        error = self.navigation.last_error()
        if error is not None:
            self.show_error(self.tr("Could not load accounts"), error)

    def _account_selected(self, name: str) -> None:
        if not name:
            return
        try:
            account = self.hub.accounts.get(name)
        except SessiondeskError as exc:
            self.status_bar.notify(error_text(exc))
            return
        self.status_bar.notify(
            self.tr("Account {name} · {folder}").format(name=name, folder=account.config_dir)
        )

    def _session_selected(self, session_id: str) -> None:
        if session_id:
            self.transcript.show_transcript()
        else:
            self.transcript.show_empty()
        self.session_selected.emit(session_id)

    def _set_full_screen(self, on: bool) -> None:
        if on != self.isFullScreen():
            self.setWindowState(self.windowState() ^ Qt.WindowState.WindowFullScreen)

    # -- commands ------------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """Speak `code` now and from the next start on."""
        try:
            self.hub.settings.set("language", code)
        except SessiondeskError as exc:
            self.show_error(self.tr("Could not save the language"), exc)
        loaded = self.translations.apply(code) if self.translations else code == "en"
        self.commands.check_language(code)
        if not loaded:
            self.status_bar.notify(
                self.tr("No translation found for {language}; showing English.").format(
                    language=LANGUAGES.get(code, code)
                )
            )

    def open_settings(self) -> SettingsDialog:
        from desktop.ui.settings.archive_section import ArchiveSection
        from desktop.ui.settings.settings_dialog import SettingsDialog

        self.build_parts()  # its changes reach the run desk and the conversation pane
        dialog = SettingsDialog(
            self.hub.settings, self.hub.claude_override, self, self.navigation.account_names()
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.language_chosen.connect(self._language_from_settings)
        dialog.theme_chosen.connect(theme_controller().apply)
        dialog.roots_changed.connect(self.navigation.refresh)
        dialog.accepted.connect(self.runs.refusal.settings_saved)
        ArchiveSection.attach(dialog, self.hub)
        dialog.open()
        return dialog

    def _language_from_settings(self, code: str) -> None:
        current = self.translations.choice if self.translations else "en"
        if code != current:
            self.set_language(code)
        self.status_bar.notify(self.tr("Settings saved."))

    def open_add_account(self) -> AddAccountDialog:
        from desktop.ui.accounts.account_dialogs import AddAccountDialog

        dialog = AddAccountDialog(self.hub.accounts, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.account_added.connect(self._account_added)
        dialog.open()
        return dialog

    def _account_added(self, name: str) -> None:
        self.navigation.refresh()
        self.navigation.select_account(name)
        self.status_bar.notify(self.tr("Added account {name}.").format(name=name))

    def open_remove_account(self) -> RemoveAccountDialog:
        from desktop.ui.accounts.account_dialogs import RemoveAccountDialog

        dialog = RemoveAccountDialog(
            self.hub.accounts,
            self.navigation.account_names(),
            self.navigation.selected_account(),
            self,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.account_removed.connect(self._account_removed)
        dialog.open()
        return dialog

    def _account_removed(self, name: str) -> None:
        self.navigation.refresh()
        self.status_bar.notify(self.tr("Removed account {name}.").format(name=name))

    def open_change_secret(self) -> ChangeSecretDialog:
        from desktop.ui.accounts.account_dialogs import ChangeSecretDialog

        dialog = ChangeSecretDialog(self.hub.accounts, self.navigation.selected_account(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.secret_changed.connect(
            lambda name: self.status_bar.notify(
                self.tr("The secret of {name} was changed.").format(name=name)
            )
        )
        dialog.open()
        return dialog

    def open_edit_account(self) -> EditAccountDialog:
        from desktop.ui.accounts.account_edit import EditAccountDialog

        dialog = EditAccountDialog(self.hub.accounts, self.navigation.selected_account(), self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.account_edited.connect(self._account_edited)
        dialog.open()
        return dialog

    def _account_edited(self, name: str) -> None:
        self.commands.reindex.trigger()  # its sessions are read from the folder it has now
        self.navigation.refresh()
        self.status_bar.notify(self.tr("Account {name} was changed.").format(name=name))

    def show_about(self) -> QMessageBox:
        from desktop.ui.shell.about import show_about

        return show_about(self, self.hub.home)

    def show_error(self, title: str, error: SessiondeskError | str) -> QMessageBox:
        """Tell the person what went wrong, in words: never a traceback."""
        self.status_bar.notify(title)
        text = error if isinstance(error, str) else error_text(error)
        return show_message(self, title, text)

    # -- window state --------------------------------------------------------------

    def restore_state(self) -> None:
        geometry = self._saved_bytes(GEOMETRY_KEY)
        if geometry is None or not self.restoreGeometry(geometry):
            available = self.screen().availableGeometry().size()
            size = DEFAULT_SIZE.boundedTo(available * 0.94)
            self.resize(size)
        splitter = self._saved_bytes(SPLITTER_KEY)
        if splitter is None or not self.splitter.restoreState(splitter):
            self.default_layout()

    def default_layout(self) -> None:
        """The list, the transcript with most of the room, and the conversation
        pane at a width its text can be read at, or folded away (its handle
        drags it out) when the window is too narrow for that (`window_layout`)."""
        self.splitter.lay_out()

    def save_state(self) -> None:
        try:
            self.hub.settings.set(GEOMETRY_KEY, self.saveGeometry().toBase64().toStdString())
            self.hub.settings.set(SPLITTER_KEY, self.splitter.saveState().toBase64().toStdString())
        except SessiondeskError as exc:
            # closing must not fail: the window simply opens at its default size next time
            self.status_bar.notify(error_text(exc))

    def _saved_bytes(self, key: str) -> QByteArray | None:
        try:
            text = self.hub.settings.get(key)
        except SessiondeskError:
            return None
        return QByteArray.fromBase64(text.encode("ascii", "ignore")) if text else None

    def closeEvent(self, event: QCloseEvent) -> None:
        self.changes.close()  # a closed window's views hear nothing more from the hub
        self.save_state()
        if self.parts_built:
            self.runs.shutdown()
            self.library.shutdown()
        self.sessions.shutdown()
        super().closeEvent(event)
