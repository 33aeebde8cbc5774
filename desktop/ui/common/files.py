"""Show a folder or a file's folder in the desktop's file manager."""

from __future__ import annotations

import os

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices


def open_folder(folder: str) -> bool:
    """Show a folder in the desktop's file manager; False when it is gone."""
    if not folder or not os.path.isdir(folder):
        return False
    return QDesktopServices.openUrl(QUrl.fromLocalFile(folder))


def reveal_file(path: str) -> bool:
    """Show the folder that holds `path` (file managers differ on selecting the file)."""
    return open_folder(os.path.dirname(path)) if path and os.path.exists(path) else False
