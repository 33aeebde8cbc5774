"""Message boxes for errors a person can act on: window-modal, never blocking.

They are opened with `open()` rather than `exec()` so the qasync loop keeps
running (streams go on while a box is up) and tests can find and close them.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QWidget


def show_message(
    parent: QWidget,
    title: str,
    text: str,
    icon: QMessageBox.Icon = QMessageBox.Icon.Warning,
) -> QMessageBox:
    box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setTextFormat(Qt.TextFormat.PlainText)  # service messages may hold <, > or paths
    box.open()
    return box
