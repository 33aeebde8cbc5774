"""The Edit Account dialog: another config folder or sign-in kind for an account.

It is the Add Account form with the name replaced by a choice of account,
filled with that account's folder and kind. A secret typed here is stored
like Change Secret stores it (the keyring, or memory until quitting when no
keyring is there); left empty, the stored one stays.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QDialog, QLabel, QWidget

from desktop.domain.errors import SessiondeskError
from desktop.services.accounts import AccountService
from desktop.ui.accounts.account_dialogs import AddAccountDialog
from desktop.ui.common.error_text import error_text


class EditAccountDialog(AddAccountDialog):
    account_edited = Signal(str)
    """The account's name, once its new folder and kind are stored."""

    def __init__(
        self, accounts: AccountService, selected: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(accounts, parent)
        self.setObjectName("editAccountDialog")
        self.account_combo = QComboBox(self)
        self.account_label = QLabel(self)
        self.account_label.setBuddy(self.account_combo)
        self.form.insertRow(0, self.account_label, self.account_combo)
        self.form.setRowVisible(self.name_edit, False)
        names = [a.name for a in accounts.accounts()]
        self.account_combo.addItems(names)
        if selected in names:
            self.account_combo.setCurrentText(selected)
        self.account_combo.currentTextChanged.connect(self._fill)
        self.button_box.setEnabled(bool(names))
        self._fill()
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        super().retranslate_ui()
        self.setWindowTitle(self.tr("Edit account"))
        if not hasattr(self, "account_label"):
            return  # the Add form translates itself before the account row exists
        self.account_label.setText(self.tr("&Account:"))
        self.secret_hint.setText(
            self.tr(
                "Kept in the OS keyring, never in a file. Leave it empty to keep the stored one."
            )
        )

    def _fill(self) -> None:
        """Show the chosen account as it is stored."""
        name = self.account_combo.currentText()
        self.name_edit.setText(name)
        self.secret_edit.clear()
        self.error_label.hide()
        self.this_run.hide()
        if not name:
            return
        try:
            account = self._accounts.get(name)
        except SessiondeskError as exc:
            self.show_error(error_text(exc))
            return
        self.config_dir_edit.setText(account.config_dir)
        self.set_auth_kind(account.auth)

    def accept(self) -> None:
        name = self.account_combo.currentText()
        if not name:
            return
        if not self.config_dir_edit.text().strip():
            self.show_error(self.tr("Choose the account's config folder."))
            self.config_dir_edit.setFocus()
            return
        secret = self.secret()
        try:
            self._accounts.edit(name, self.config_dir_edit.text().strip(), self.auth_kind())
            if secret:
                self._accounts.set_secret(name, secret)
        except SessiondeskError as exc:
            self.refused(exc, secret)  # the folder and kind are stored already
            return
        self._done(name)

    def _keep_for_this_run(self) -> None:
        name, secret = self.account_combo.currentText(), self.secret()
        try:
            self._accounts.keep_for_this_run(name, secret)
        except SessiondeskError as exc:
            self.show_error(error_text(exc))
            return
        self._done(name)

    def _done(self, name: str) -> None:
        self.secret_edit.clear()
        self.account_edited.emit(name)
        QDialog.accept(self)  # not the Add form's accept, which would add an account
