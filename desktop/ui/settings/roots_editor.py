"""A list of folders with Add and Remove, for the `sessions.roots` setting.

An empty list means every session is listed; otherwise only sessions that
were started in one of these folders (or below one) are.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)


class FolderListEditor(QWidget):
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget(self)
        self.list.setObjectName("rootsList")
        self.list.setMinimumHeight(90)
        self.list.setMaximumHeight(140)
        self.add_button = QPushButton(self)
        self.remove_button = QPushButton(self)
        self.add_button.clicked.connect(self._choose)
        self.remove_button.clicked.connect(self._remove_selected)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        buttons = QVBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.retranslate_ui()
        self._update_buttons()

    def retranslate_ui(self) -> None:
        self.add_button.setText(self.tr("A&dd…"))
        self.remove_button.setText(self.tr("Re&move"))
        self.list.setAccessibleName(self.tr("Folders whose sessions are listed"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def folders(self) -> list[str]:
        return [self.list.item(row).text() for row in range(self.list.count())]

    def set_folders(self, folders: list[str]) -> None:
        self.list.clear()
        for folder in folders:
            self.add_folder(folder)

    def add_folder(self, folder: str) -> bool:
        """Add a folder (made absolute); False when it is already there."""
        path = str(Path(os.path.expanduser(folder)).absolute())
        if path in self.folders():
            return False
        self.list.addItem(path)
        self.changed.emit()
        return True

    def _choose(self) -> None:
        start = self.folders()[-1] if self.folders() else str(Path.home())
        chosen = QFileDialog.getExistingDirectory(self, self.tr("Choose a folder"), start)
        if chosen:
            self.add_folder(chosen)

    def _remove_selected(self) -> None:
        for item in self.list.selectedItems():
            self.list.takeItem(self.list.row(item))
        self.changed.emit()
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.remove_button.setEnabled(bool(self.list.selectedItems()))
