"""The question asked before a prompt's `[[SESS-…]]` references send another
account's conversation under this turn's account.

An account is a privacy boundary: the referenced conversation's recent text
goes to Anthropic under the account the turn runs as, so the person says yes
first. The box is opened window-modal (`open`, never a nested event loop);
its `accepted` signal sends the turn again, with the consent.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox, QWidget


def ask_cross_account(parent: QWidget, codes: str, account: str) -> QMessageBox:
    box = QMessageBox(parent)
    box.setObjectName("crossAccountReference")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(
        QCoreApplication.translate("ReferenceConsent", "Another account's conversation")
    )
    box.setText(
        QCoreApplication.translate(
            "ReferenceConsent", "This prompt refers to {codes}, a conversation of another account."
        ).format(codes=codes)
    )
    box.setInformativeText(
        QCoreApplication.translate(
            "ReferenceConsent",
            "Its recent text will be sent to Anthropic under {account}, with this prompt. Send it?",
        ).format(account=account)
    )
    label = QCoreApplication.translate("ReferenceConsent", "Send under {account}")
    send = box.addButton(label.format(account=account), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)  # a boundary: no by default
    send.setObjectName("sendUnderThisAccount")
    box.open()
    return box
