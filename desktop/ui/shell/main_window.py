"""The main window: navigation on the left, the transcript in the centre.

It owns the menus, the status bar, the window state and the one `Changes`
notice; it builds its parts (the session browser, the run desk) and hands
each the collaborators it needs, never itself. At the app's start the parts
no one sees before a session is chosen are built just after the first paint
(`build_parts`). The left pane is any
`NavigationPane` (`set_navigation_pane()`); the transcript page takes any
widget (`transcript.set_transcript_view()`). Beside it: the menus
(`menu_bar`), the Accounts menu's commands (`account_commands`), what the
centre says with no transcript (`empty_centre`), where the removals are
offered (`removals`), and the window's size and panes' widths kept from one
start to the next (`window_state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QEvent,
    QLocale,
    Qt,
    Signal,
)
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QMessageBox, QWidget

from desktop.domain.changes import OpChanges
from desktop.domain.errors import SessiondeskError
from desktop.domain.settings import LANGUAGES
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.changes import Changes
from desktop.ui.common.error_text import error_text
from desktop.ui.common.first_paint import after_first_paint
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions.navigation import AccountsPane, NavigationPane
from desktop.ui.sessions.session_browser import SessionBrowser
from desktop.ui.shell.account_commands import AccountCommands
from desktop.ui.shell.actions import WindowActions
from desktop.ui.shell.empty_centre import EmptyCentre
from desktop.ui.shell.log_folder import open_log_folder
from desktop.ui.shell.menu_bar import MenuBar
from desktop.ui.shell.menus import fill_session_menu
from desktop.ui.shell.messages import show_message
from desktop.ui.shell.theme import theme_controller
from desktop.ui.shell.translations import Translations
from desktop.ui.shell.window_layout import PaneSplitter
from desktop.ui.shell.window_state import WindowState
from desktop.ui.transcript.transcript_area import TranscriptArea

if TYPE_CHECKING:  # dialogs load when first opened, the parts after the first paint
    from desktop.ui.conversations.conversation_pane import ConversationPane
    from desktop.ui.library.room import LibraryRoom
    from desktop.ui.runs.run_desk import RunDesk
    from desktop.ui.runs.wall_room import WallRoom
    from desktop.ui.settings.settings_dialog import SettingsDialog
    from desktop.ui.shell.palette import CommandPalette


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
        self.empty_centre = EmptyCentre(
            hub, self.transcript.empty_state, lambda: self.navigation, self
        )
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
        self.window_state = WindowState(self, self.splitter, hub.settings, self.status_bar)
        self._build_menus()
        self.transcript.empty_state.action_requested.connect(self.open_add_account)
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
        from desktop.ui.shell.removals import offer_removals

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
        self.deleter, self.archive_remover = offer_removals(
            self.hub, self, self.status_bar, menu=self.conversation_menu, pane=pane,
            sessions=self.sessions,
        )  # fmt: skip
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

    # -- structure -----------------------------------------------------------------

    def _build_menus(self) -> None:
        c = self.commands
        self.menus = MenuBar(self.menuBar(), c, lambda: self.navigation)
        m = self.menus  # the window's own names for them: the parts and the tests use these
        self.file_menu, self.view_menu = m.file_menu, m.view_menu
        self.language_menu = m.language_menu
        self.session_menu, self.conversation_menu = m.session_menu, m.conversation_menu
        self.accounts_menu, self.help_menu = m.accounts_menu, m.help_menu
        accounts = self.account_commands = AccountCommands(
            self.hub, self, lambda: self.navigation, self.status_bar, c.reindex
        )
        self.open_add_account, self.open_remove_account = (
            accounts.open_add_account, accounts.open_remove_account)  # fmt: skip
        self.open_change_secret = accounts.open_change_secret
        self.open_edit_account = accounts.open_edit_account

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
        pane.account_selected.connect(self.account_commands.account_chosen)
        pane.session_selected.connect(self._session_selected)

    # -- text ----------------------------------------------------------------------

    def retranslate_ui(self) -> None:
        self.setWindowTitle("Sessiondesk")  # a name, the same in every language
        self.menus.retranslate()
        self.commands.retranslate()
        if self.parts_built if hasattr(self, "parts_built") else False:
            self.deleter.retranslate()
        self._update_empty_state()
        self._update_summary()
        self.menus.rebuild_accounts_menu()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        elif event.type() == QEvent.Type.WindowStateChange:
            self.commands.full_screen.setChecked(self.isFullScreen())
        super().changeEvent(event)

    def _update_empty_state(self) -> None:
        self.empty_centre.update(first_pass_running=self._first_index_running())

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

    # -- reactions -----------------------------------------------------------------

    def _changed(self, changes: OpChanges) -> None:
        if changes.listing:
            self._update_empty_state()

    def _navigation_changed(self) -> None:
        self._update_empty_state()
        self._update_summary()
        self.menus.rebuild_accounts_menu()
        error = self.navigation.last_error()
        if error is not None:
            self.show_error(self.tr("Could not load accounts"), error)

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
        self.window_state.restore()

    def default_layout(self) -> None:
        """The list, the transcript with most of the room, and the conversation
        pane at a width its text can be read at, or folded away (its handle
        drags it out) when the window is too narrow for that (`window_layout`)."""
        self.splitter.lay_out()

    def save_state(self) -> None:
        self.window_state.save()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.changes.close()  # a closed window's views hear nothing more from the hub
        self.save_state()
        if self.parts_built:
            self.runs.shutdown()
        self.sessions.shutdown()
        # the one wait for the parts' worker calls: each ends before the hub closes, and
        # none starts after (a pending timer's), which would leave a connection unclosed
        for background in self.findChildren(Background):
            background.close(3.0)
        super().closeEvent(event)
