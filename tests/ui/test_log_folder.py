"""Help → Open Log Folder hands the home's `logs/` (the audit log, crash
reports) to the desktop, made first so it opens even before anything is logged."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices

from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow


class _Desktop(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url)


@pytest.mark.gui
def test_help_opens_the_log_folder(
    home: Path, hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow]
) -> None:
    window = open_window(hub)
    help_actions = window.help_menu.actions()
    assert window.commands.open_logs in help_actions
    assert window.commands.open_logs.text() == "Open &Log Folder"
    desktop = _Desktop()
    QDesktopServices.setUrlHandler("file", desktop, "open")
    try:
        window.commands.open_logs.trigger()
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert [Path(u.toLocalFile()) for u in desktop.opened] == [home / "logs"]
    assert (home / "logs").is_dir()
