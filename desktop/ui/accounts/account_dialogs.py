"""Dialogs that add and remove accounts through AccountService.

Each dialog calls the service itself when its OK button is pressed and stays
open with the service's message inline when the service refuses, so a typo
costs one correction instead of a new dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.accounts import AuthKind
from desktop.domain.errors import SessiondeskError
from desktop.services.accounts import AccountService
from desktop.ui.accounts.this_run import ThisRunOffer, keyring_unusable
from desktop.ui.common.error_text import error_text
from desktop.ui.sessions.navigation import auth_label

ERROR_COLOUR = "#B42318"
"""A red that stays readable on light and dark palettes."""


def error_label(parent: QWidget) -> QLabel:
    """A label for inline errors, hidden until there is one."""
    label = QLabel(parent)
    label.setObjectName("inlineError")
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {ERROR_COLOUR};")
    label.hide()
    return label


class AccountDialog(QDialog):
    """What the account dialogs share: they retranslate on a language change, and
    a refusal of the service shows inline (`error_label`), or, when no keyring
    could keep the secret, as the offer to keep it for this run (`this_run`)."""

    error_label: QLabel
    this_run: ThisRunOffer | None = None

    def retranslate_ui(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.show()
        if self.this_run is not None:
            self.this_run.hide()
        self._fit()

    def offer_this_run(self, error: SessiondeskError) -> None:
        """No keyring can keep the secret now: say why, and offer memory until quitting."""
        assert self.this_run is not None
        self.error_label.hide()
        self.this_run.offer(error)
        self._fit()

    def refused(self, error: SessiondeskError, secret: str | None) -> None:
        """The service refused: the offer when only the keyring failed a typed
        secret, else its message."""
        if keyring_unusable(error) and secret:
            self.offer_this_run(error)
        else:
            self.show_error(error_text(error))

    def _fit(self) -> None:
        # word-wrapped labels do not grow a dialog by themselves: ask for the new height
        self.layout().activate()
        self.resize(self.width(), self.heightForWidth(self.width()))


class AddAccountDialog(AccountDialog):
    """Name, config folder and sign-in kind of a new account."""

    account_added = Signal(str)
    """The new account's name, once the service has stored it."""

    def __init__(self, accounts: AccountService, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("addAccountDialog")
        self._accounts = accounts
        self.name_edit = QLineEdit(self)
        self.config_dir_edit = QLineEdit(self)
        self.browse_button = QPushButton(self)
        self.browse_button.clicked.connect(self._browse)
        self.auth_combo = QComboBox(self)
        for kind in AuthKind:
            self.auth_combo.addItem("", kind.value)
        self.auth_combo.currentIndexChanged.connect(self._auth_changed)
        self.secret_edit = QLineEdit(self)
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_hint = QLabel(self)
        self.secret_hint.setWordWrap(True)
        self.secret_hint.setEnabled(False)  # greyed: it is advice, not a field
        self.error_label = error_label(self)
        self.this_run = ThisRunOffer(self)
        self.this_run.chosen.connect(self._keep_for_this_run)
        self.button_box = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)

        folder_row = QHBoxLayout()
        folder_row.addWidget(self.config_dir_edit, 1)
        folder_row.addWidget(self.browse_button)
        self.form = QFormLayout()
        self.name_label = QLabel(self)
        self.folder_label = QLabel(self)
        self.auth_label = QLabel(self)
        self.secret_label = QLabel(self)
        self.form.addRow(self.name_label, self.name_edit)
        self.form.addRow(self.folder_label, folder_row)
        self.form.addRow(self.auth_label, self.auth_combo)
        secret_column = QVBoxLayout()
        secret_column.setSpacing(2)  # the hint belongs to the field above it
        secret_column.addWidget(self.secret_edit)
        secret_column.addWidget(self.secret_hint)
        self.form.addRow(self.secret_label, secret_column)
        for label, field in (
            (self.name_label, self.name_edit),
            (self.folder_label, self.config_dir_edit),
            (self.auth_label, self.auth_combo),
            (self.secret_label, self.secret_edit),
        ):
            label.setBuddy(field)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error_label)
        layout.addWidget(self.this_run)
        layout.addWidget(self.button_box)
        self.setMinimumWidth(520)
        self.retranslate_ui()
        self._auth_changed()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Add account"))
        self.name_label.setText(self.tr("&Name:"))
        self.name_edit.setPlaceholderText(self.tr("e.g. work"))
        self.folder_label.setText(self.tr("&Config folder:"))
        self.config_dir_edit.setPlaceholderText(self.tr("e.g. ~/.claude-work"))
        self.config_dir_edit.setToolTip(
            self.tr("The folder Claude Code uses for this account (its CLAUDE_CONFIG_DIR).")
        )
        self.browse_button.setText(self.tr("&Browse…"))
        self.auth_label.setText(self.tr("&Signs in with:"))
        for index in range(self.auth_combo.count()):
            kind = AuthKind(self.auth_combo.itemData(index))
            self.auth_combo.setItemText(index, auth_label(kind))
        self.secret_label.setText(self.tr("S&ecret:"))
        self.secret_hint.setText(
            self.tr(
                "Kept in the OS keyring, never in a file. Leave it empty to set it later "
                "(sessiondesk accounts set-secret)."
            )
        )

    def auth_kind(self) -> AuthKind:
        return AuthKind(self.auth_combo.currentData())

    def set_auth_kind(self, kind: AuthKind) -> None:
        self.auth_combo.setCurrentIndex(self.auth_combo.findData(kind.value))

    def _auth_changed(self) -> None:
        needs_secret = self.auth_kind() is not AuthKind.LOGIN
        for widget in (self.secret_label, self.secret_edit, self.secret_hint):
            widget.setVisible(needs_secret)
        self._fit()

    def _browse(self) -> None:
        start = self.config_dir_edit.text().strip() or str(Path.home())
        chosen = QFileDialog.getExistingDirectory(
            self, self.tr("Choose the account's config folder"), str(Path(start).expanduser())
        )
        if chosen:
            self.config_dir_edit.setText(chosen)

    def secret(self) -> str:
        return self.secret_edit.text().strip() if self.auth_kind() is not AuthKind.LOGIN else ""

    def accept(self) -> None:
        name = self.name_edit.text().strip()
        if not name:
            self.show_error(self.tr("Give the account a name."))
            self.name_edit.setFocus()
            return
        if not self.config_dir_edit.text().strip():
            self.show_error(self.tr("Choose the account's config folder."))
            self.config_dir_edit.setFocus()
            return
        self._add(name, self.secret() or None)

    def _add(self, name: str, secret: str | None) -> bool:
        try:
            self._accounts.add(name, self.config_dir_edit.text().strip(), self.auth_kind(), secret)
        except SessiondeskError as exc:
            self.refused(exc, secret)
            return False
        self.error_label.hide()
        self.account_added.emit(name)
        super().accept()
        return True

    def _keep_for_this_run(self) -> None:
        name, secret = self.name_edit.text().strip(), self.secret()
        if not secret:
            return
        try:  # the account first, then its secret in memory: the reverse could orphan it
            self._accounts.add(name, self.config_dir_edit.text().strip(), self.auth_kind())
            self._accounts.keep_for_this_run(name, secret)
        except SessiondeskError as exc:
            self.show_error(error_text(exc))
            return
        self.account_added.emit(name)
        super().accept()


class RemoveAccountDialog(AccountDialog):
    """Pick an account to forget; its folder and transcripts stay on disk."""

    account_removed = Signal(str)

    def __init__(
        self,
        accounts: AccountService,
        names: list[str],
        selected: str | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("removeAccountDialog")
        self._accounts = accounts
        self.account_combo = QComboBox(self)
        self.account_combo.addItems(names)
        if selected in names:
            self.account_combo.setCurrentText(selected)
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.error_label = error_label(self)
        self.button_box = QDialogButtonBox(self)
        self.remove_button = self.button_box.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.button_box.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)
        self.remove_button.setEnabled(bool(names))
        self.account_label = QLabel(self)
        self.account_label.setBuddy(self.account_combo)
        form = QFormLayout()
        form.addRow(self.account_label, self.account_combo)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.explanation)
        layout.addWidget(self.error_label)
        layout.addWidget(self.button_box)
        self.setMinimumWidth(420)
        self.retranslate_ui()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Remove account"))
        self.account_label.setText(self.tr("&Account:"))
        self.remove_button.setText(self.tr("&Remove"))
        self.explanation.setText(
            self.tr(
                "Sessiondesk forgets the account and its stored secret. "
                "Its config folder and its transcripts stay on disk."
            )
        )

    def accept(self) -> None:
        name = self.account_combo.currentText()
        if not name:
            return
        try:
            self._accounts.remove(name)
        except SessiondeskError as exc:
            self.show_error(error_text(exc))
            return
        self.account_removed.emit(name)
        super().accept()


class ChangeSecretDialog(AccountDialog):
    """Give an API-key or token account a new secret; it goes to the keyring only."""

    secret_changed = Signal(str)

    def __init__(
        self, accounts: AccountService, selected: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("changeSecretDialog")
        self._accounts = accounts
        names = [a.name for a in accounts.accounts() if a.auth is not AuthKind.LOGIN]
        self.account_combo = QComboBox(self)
        self.account_combo.addItems(names)
        if selected in names:
            self.account_combo.setCurrentText(selected)
        self.secret_edit = QLineEdit(self)
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_edit.setObjectName("secretEdit")
        self.explanation = QLabel(self)
        self.explanation.setWordWrap(True)
        self.error_label = error_label(self)
        self.this_run = ThisRunOffer(self)
        self.this_run.chosen.connect(self._keep_for_this_run)
        self.button_box = QDialogButtonBox(self)
        self.save_button = self.button_box.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.button_box.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.button_box.accepted.connect(self.accept)
        self.button_box.rejected.connect(self.reject)
        self.save_button.setEnabled(bool(names))
        self.account_label = QLabel(self)
        self.account_label.setBuddy(self.account_combo)
        self.secret_label = QLabel(self)
        self.secret_label.setBuddy(self.secret_edit)
        form = QFormLayout()
        form.addRow(self.account_label, self.account_combo)
        form.addRow(self.secret_label, self.secret_edit)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.explanation)
        layout.addWidget(self.error_label)
        layout.addWidget(self.this_run)
        layout.addWidget(self.button_box)
        self.setMinimumWidth(440)
        self.retranslate_ui()
        if not names:
            self.error_label.setText(
                self.tr(
                    "Every account signs in with the login kept in its folder: none has a secret."
                )
            )
            self.error_label.show()

    def retranslate_ui(self) -> None:
        self.setWindowTitle(self.tr("Change secret"))
        self.account_label.setText(self.tr("&Account:"))
        self.secret_label.setText(self.tr("New &secret:"))
        self.save_button.setText(self.tr("&Save"))
        self.explanation.setText(
            self.tr(
                "The API key or token goes to your system's keyring only. "
                "The next turn of this account uses it."
            )
        )

    def accept(self) -> None:
        name = self.account_combo.currentText()
        if not name:
            return
        self._save(lambda: self._accounts.set_secret(name, self.secret_edit.text()))

    def _keep_for_this_run(self) -> None:
        name = self.account_combo.currentText()
        self._save(lambda: self._accounts.keep_for_this_run(name, self.secret_edit.text()))

    def _save(self, store: Callable[[], None]) -> None:
        name = self.account_combo.currentText()
        try:
            store()
        except SessiondeskError as exc:
            self.refused(exc, self.secret_edit.text().strip())
            return
        self.secret_edit.clear()
        self.secret_changed.emit(name)
        super().accept()
