"""The About box: the version, what the app is for, where its data lives, what it runs on.

Its strings keep the main window's translation context, where they have
always been translated.
"""

from __future__ import annotations

import html
import platform
from pathlib import Path

import PySide6
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtWidgets import QMessageBox, QWidget


def show_about(parent: QWidget, home: Path) -> QMessageBox:
    """Opened with open(), so runs keep streaming behind it."""
    version = QCoreApplication.applicationVersion() or "?"
    box = QMessageBox(parent)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.setWindowTitle(QCoreApplication.translate("MainWindow", "About Sessiondesk"))
    box.setIconPixmap(parent.windowIcon().pixmap(64, 64))
    box.setText(f"<h3>Sessiondesk {html.escape(version)}</h3>")
    purpose = QCoreApplication.translate(
        "MainWindow", "Every Claude Code session on this machine, for every account."
    )
    folder = QCoreApplication.translate("MainWindow", "Data folder: {path}").format(path=home)
    details = [
        html.escape(purpose),
        html.escape(folder),
        f"Qt {qVersion()} · PySide6 {PySide6.__version__} · Python {platform.python_version()}",
    ]
    box.setInformativeText("<br><br>".join(details))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.open()
    return box
