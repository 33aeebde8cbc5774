"""Help → Open Log Folder: the home's `logs/` (the audit log, crash reports,
claude's stderr of failed runs) in the desktop's file manager."""

from __future__ import annotations

import contextlib
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices


def open_log_folder(home: Path) -> bool:
    """False when the desktop has nothing to open a folder with."""
    folder = home / "logs"
    with contextlib.suppress(OSError):  # made here so the first look is not an error
        folder.mkdir(parents=True, exist_ok=True)
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))
