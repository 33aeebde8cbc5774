"""The window's menu bar: File, View (with Language), Session, Conversation,
Accounts and Help, over the window's shared actions (`WindowActions`).

The parts built after the first paint add their own commands to these menus
(the Session menu is filled as it opens, `menus.fill_session_menu`; the
Conversation menu gets the execution tree's commands). The Accounts menu is
rebuilt each time it opens: add and remove come first, then which account's
sessions the list shows — a filter, said so.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMenuBar

from desktop.ui.sessions.navigation import NavigationPane
from desktop.ui.shell.actions import WindowActions


class MenuBar(QObject):
    def __init__(
        self,
        bar: QMenuBar,
        commands: WindowActions,
        navigation: Callable[[], NavigationPane],
    ) -> None:
        """`navigation` is the window's left pane at the time of asking (it is replaced
        once the session list is built)."""
        super().__init__(bar)
        self._commands, self._navigation = commands, navigation
        c = commands
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
        self.accounts_menu.aboutToShow.connect(self.rebuild_accounts_menu)
        self.help_menu = bar.addMenu("")
        self.help_menu.addAction(c.open_logs)
        self.help_menu.addAction(c.about)
        self.rebuild_accounts_menu()

    def retranslate(self) -> None:
        self.file_menu.setTitle(self.tr("&File"))
        self.view_menu.setTitle(self.tr("&View"))
        self.language_menu.setTitle(self.tr("&Language"))
        self.session_menu.setTitle(self.tr("&Session"))
        self.conversation_menu.setTitle(self.tr("&Conversation"))
        self.accounts_menu.setTitle(self.tr("&Accounts"))
        self.help_menu.setTitle(self.tr("&Help"))

    def rebuild_accounts_menu(self) -> None:
        """Add/remove, then which account's sessions the list shows: a filter, said so."""
        commands, navigation = self._commands, self._navigation()
        menu = self.accounts_menu
        menu.clear()
        menu.addAction(commands.add_account)
        menu.addAction(commands.remove_account)
        menu.addAction(commands.edit_account)
        menu.addAction(commands.change_secret)
        menu.addSeparator()
        menu.addAction(commands.switch_account)
        names = navigation.account_names()
        selected = navigation.selected_account()
        commands.remove_account.setEnabled(bool(names))
        commands.change_secret.setEnabled(bool(names))
        commands.edit_account.setEnabled(bool(names))
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
                lambda _checked=False, n=name: self._navigation().select_account(n)
            )
            group.addAction(action)
            menu.addAction(action)
