"""The Accounts menu's commands: add, remove, edit an account, change its secret;
and the account chosen in the left pane, said in the status bar.

Each opens its dialog (loaded when first opened) over the window and, once
the dialog has done its work, has the left pane read the accounts again and
says what changed in the status bar. An edited account's sessions are read
again from the folder it has now.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from desktop.domain.errors import SessiondeskError
from desktop.services.hub import ServiceHub
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions.navigation import NavigationPane

if TYPE_CHECKING:  # dialogs load when first opened
    from desktop.ui.accounts.account_dialogs import (
        AddAccountDialog,
        ChangeSecretDialog,
        RemoveAccountDialog,
    )
    from desktop.ui.accounts.account_edit import EditAccountDialog


class AccountCommands(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        window: QWidget,
        navigation: Callable[[], NavigationPane],
        status: StatusBar,
        reindex: QAction,
    ) -> None:
        """`navigation` is the window's left pane at the time of asking; `reindex`
        reads every account's sessions again."""
        super().__init__(window)
        self._hub, self._window, self._navigation = hub, window, navigation
        self._status, self._reindex = status, reindex

    def account_chosen(self, name: str) -> None:
        """The left pane's choice of account, said with its folder in the status bar."""
        if not name:
            return
        try:
            account = self._hub.accounts.get(name)
        except SessiondeskError as exc:
            self._status.notify(error_text(exc))
            return
        self._status.notify(
            self.tr("Account {name} · {folder}").format(name=name, folder=account.config_dir)
        )

    def open_add_account(self) -> AddAccountDialog:
        from desktop.ui.accounts.account_dialogs import AddAccountDialog

        dialog = AddAccountDialog(self._hub.accounts, self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.account_added.connect(self._account_added)
        dialog.open()
        return dialog

    def _account_added(self, name: str) -> None:
        navigation = self._navigation()
        navigation.refresh()
        navigation.select_account(name)
        self._status.notify(self.tr("Added account {name}.").format(name=name))

    def open_remove_account(self) -> RemoveAccountDialog:
        from desktop.ui.accounts.account_dialogs import RemoveAccountDialog

        navigation = self._navigation()
        dialog = RemoveAccountDialog(
            self._hub.accounts,
            navigation.account_names(),
            navigation.selected_account(),
            self._window,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.account_removed.connect(self._account_removed)
        dialog.open()
        return dialog

    def _account_removed(self, name: str) -> None:
        self._navigation().refresh()
        self._status.notify(self.tr("Removed account {name}.").format(name=name))

    def open_change_secret(self) -> ChangeSecretDialog:
        from desktop.ui.accounts.account_dialogs import ChangeSecretDialog

        selected = self._navigation().selected_account()
        dialog = ChangeSecretDialog(self._hub.accounts, selected, self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.secret_changed.connect(
            lambda name: self._status.notify(
                self.tr("The secret of {name} was changed.").format(name=name)
            )
        )
        dialog.open()
        return dialog

    def open_edit_account(self) -> EditAccountDialog:
        from desktop.ui.accounts.account_edit import EditAccountDialog

        selected = self._navigation().selected_account()
        dialog = EditAccountDialog(self._hub.accounts, selected, self._window)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.account_edited.connect(self._account_edited)
        dialog.open()
        return dialog

    def _account_edited(self, name: str) -> None:
        self._reindex.trigger()  # its sessions are read from the folder it has now
        self._navigation().refresh()
        self._status.notify(self.tr("Account {name} was changed.").format(name=name))
