"""The dialog that asks before anything is removed: what goes, what stays, and
a button that names the removal (Cancel is the default, so Enter never removes)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class ConfirmRemoval(QDialog):
    def __init__(
        self,
        parent: QWidget | None,
        *,
        title: str,
        heading: str,
        body: str,
        action: str,
        option: str | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("confirmRemoval")
        self.setWindowTitle(title)
        self.setMinimumWidth(440)
        self.heading = QLabel(heading, self)
        self.heading.setObjectName("removalHeading")
        font = self.heading.font()
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.body = QLabel(body, self)
        self.body.setObjectName("removalBody")
        self.body.setWordWrap(True)
        self.body.setTextFormat(Qt.TextFormat.PlainText)
        self.body.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.body)
        self.option: QCheckBox | None = None
        if option is not None:
            self.option = QCheckBox(option, self)
            self.option.setObjectName("removalOption")
            layout.addWidget(self.option)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.remove_button = QPushButton(action, self)
        self.remove_button.setObjectName("removalConfirm")
        self.buttons.addButton(self.remove_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        self.remove_button.setAutoDefault(False)
        cancel = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)
        cancel.setFocus()
        self.remove_button.clicked.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def ticked(self) -> bool:
        return self.option is not None and self.option.isChecked()
