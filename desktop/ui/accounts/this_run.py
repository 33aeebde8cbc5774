"""The offer made when no keyring can keep a secret: keep it for this run only.

The account dialogs show it when the service says the keyring is missing or
locked (a locked one may stay locked: its unlock prompt can fail to open).
Accepting it hands the secret to `AccountService.keep_for_this_run`, which
holds it in memory until the app quits: never a file, never the database.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop.domain.errors import SessiondeskError

NO_KEYRING = "keyring_missing"
LOCKED_KEYRING = "keyring_locked"


def keyring_unusable(error: SessiondeskError) -> bool:
    """The keyring cannot keep a secret now: none is there, or it is locked."""
    return error.kind in (NO_KEYRING, LOCKED_KEYRING)


class ThisRunOffer(QWidget):
    """The question "no usable keyring: keep the secret until Sessiondesk quits?" and its button."""

    chosen = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("thisRunOffer")
        self.explanation = QLabel(self)
        self.explanation.setObjectName("thisRunExplanation")
        self.explanation.setWordWrap(True)
        self.keep_button = QPushButton(self)
        self.keep_button.setObjectName("keepForThisRun")
        self.keep_button.clicked.connect(self.chosen)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.keep_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.explanation)
        layout.addLayout(row)
        self._kind = NO_KEYRING
        self.hide()
        self.retranslate_ui()

    def offer(self, error: SessiondeskError) -> None:
        """Show the offer, explained for why the keyring could not keep the secret."""
        self._kind = error.kind or NO_KEYRING
        self.retranslate_ui()
        self.show()
        self.keep_button.setFocus()

    def retranslate_ui(self) -> None:
        if self._kind == LOCKED_KEYRING:
            why = self.tr(
                "The keyring is locked. Unlock it and try again, or Sessiondesk can keep the "
                "secret in memory until you quit instead: it is never written to disk, and you "
                "will have to enter it again the next time you start Sessiondesk."
            )
        else:
            why = self.tr(
                "No keyring is available on this computer to keep the secret. Sessiondesk can "
                "keep it in memory until you quit instead: it is never written to disk, and you "
                "will have to enter it again the next time you start Sessiondesk."
            )
        self.explanation.setText(why)
        self.keep_button.setText(self.tr("&Keep Until I Quit"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
