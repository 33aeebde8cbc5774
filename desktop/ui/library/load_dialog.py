"""Ask how to load a bundle's context: under which account, in which folder, with what prompt.

Items of other accounts are named, and their text is sent under the chosen
account only when the person ticks the box that says so. A line says what
Start will do: continue the bundle's latest conversation (resuming its
session) or start a new one with every item's text, and why.
"""

from __future__ import annotations

import os

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop.services.bundles import ItemView


class LoadContextDialog(QDialog):
    chosen = Signal(str, str, str, bool)
    """(account, folder, prompt, send items of other accounts): checked, ready to start."""
    where_changed = Signal(str, str)
    """(account, folder): what Start will do is asked again (`show_plan`)."""

    def __init__(
        self, name: str, views: list[ItemView], accounts: list[str], folder: str,
        parent: QWidget | None = None,
    ) -> None:  # fmt: skip
        super().__init__(parent)
        self.setObjectName("loadContextDialog")
        self.setWindowTitle(self.tr("Load context of “{name}”").format(name=name))
        self._views = views
        self.account = QComboBox(self)
        self.account.addItems(accounts)
        self.folder = QLineEdit(folder, self)
        self.browse = QPushButton(self.tr("&Browse…"), self)
        self.browse.setAutoDefault(False)
        self.prompt = QPlainTextEdit(self)
        self.prompt.setPlaceholderText(self.tr("What should Claude do with this context?"))
        self.plan = QLabel(self)
        self.plan.setObjectName("loadPlan")
        self.plan.setWordWrap(True)
        self.cross = QCheckBox(self)
        self.cross.setObjectName("loadCrossAccount")
        self.error = QLabel(self)
        self.error.setObjectName("loadError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: palette(link);")
        self.error.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        start = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        start.setText(self.tr("&Start"))
        form = QFormLayout()
        form.addRow(self.tr("&Account:"), self.account)
        row = QHBoxLayout()
        row.addWidget(self.folder, 1)
        row.addWidget(self.browse)
        folder_label = QLabel(self.tr("&Folder:"), self)
        folder_label.setBuddy(self.folder)  # a row of a layout gets a label with no buddy
        form.addRow(folder_label, row)
        form.addRow(self.tr("&Prompt:"), self.prompt)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.plan)
        layout.addWidget(self.cross)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.account.currentTextChanged.connect(self._foreign)
        self.account.currentTextChanged.connect(self._where)
        self.folder.editingFinished.connect(self._where)
        self.browse.clicked.connect(self._browse)
        self.buttons.accepted.connect(self.check)
        self.buttons.rejected.connect(self.reject)
        self.resize(560, 360)
        self._foreign()

    def foreign(self) -> list[str]:
        """Items whose text belongs to another account than the chosen one."""
        account = self.account.currentText()
        return [
            f"{v.code or (v.ref or '')[:8]} ({v.account or '-'})"
            for v in self._views
            if v.kind != "note" and v.account != account
        ]

    def _foreign(self, *_args: object) -> None:
        others = self.foreign()
        self.cross.setVisible(bool(others))
        self.cross.setChecked(False)  # another account: ask again
        self.cross.setText(
            self.tr("Also send the text of {items} under {account}").format(
                items=", ".join(others), account=self.account.currentText()
            )
        )

    def _where(self, *_args: object) -> None:
        self.where_changed.emit(self.account.currentText(), self.folder.text().strip())

    def ask_plan(self) -> None:
        """Ask what Start would do with the account and folder chosen now."""
        self._where()

    def show_plan(self, text: str) -> None:
        self.plan.setText(text)

    def _browse(self) -> None:
        dialog = QFileDialog(self, self.tr("Working folder"), self.folder.text())
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly)
        dialog.fileSelected.connect(self.folder.setText)
        dialog.fileSelected.connect(self._where)
        dialog.open()

    def say(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))

    def check(self) -> None:
        account, folder = self.account.currentText(), self.folder.text().strip()
        prompt = self.prompt.toPlainText().strip()
        if not account:
            self.say(self.tr("Choose an account for this conversation."))
        elif not os.path.isdir(folder):
            self.say(self.tr("The working folder {folder} does not exist.").format(folder=folder))
        elif not prompt:
            self.say(self.tr("Write a prompt first."))
        elif self.foreign() and not self.cross.isChecked():
            self.say(
                self.tr("Tick the box to send the other accounts' text, or choose their account.")
            )
        else:
            self.say("")
            self.chosen.emit(account, folder, prompt, self.cross.isChecked())
            self.accept()
