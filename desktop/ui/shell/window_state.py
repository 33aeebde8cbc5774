"""The window's size and place, and the panes' widths, kept from one start to the next.

They are kept in the settings keys `ui.geometry` and `ui.splitter` (base64
of Qt's own saveGeometry/saveState bytes). A first start, or state Qt cannot
restore, gets the default size (within the screen) and the default layout
of the panes (`window_layout`).
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSize
from PySide6.QtWidgets import QMainWindow

from desktop.domain.errors import SessiondeskError
from desktop.services.settings import SettingsService
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar
from desktop.ui.shell.window_layout import PaneSplitter

GEOMETRY_KEY = "ui.geometry"
SPLITTER_KEY = "ui.splitter"
DEFAULT_SIZE = QSize(1200, 760)


class WindowState:
    def __init__(
        self,
        window: QMainWindow,
        splitter: PaneSplitter,
        settings: SettingsService,
        status: StatusBar,
    ) -> None:
        self._window, self._splitter = window, splitter
        self._settings, self._status = settings, status

    def restore(self) -> None:
        geometry = self._saved_bytes(GEOMETRY_KEY)
        if geometry is None or not self._window.restoreGeometry(geometry):
            available = self._window.screen().availableGeometry().size()
            size = DEFAULT_SIZE.boundedTo(available * 0.94)
            self._window.resize(size)
        splitter = self._saved_bytes(SPLITTER_KEY)
        if splitter is None or not self._splitter.restoreState(splitter):
            self._splitter.lay_out()

    def save(self) -> None:
        try:
            geometry = self._window.saveGeometry().toBase64().toStdString()
            self._settings.set(GEOMETRY_KEY, geometry)
            self._settings.set(SPLITTER_KEY, self._splitter.saveState().toBase64().toStdString())
        except SessiondeskError as exc:
            # closing must not fail: the window simply opens at its default size next time
            self._status.notify(error_text(exc))

    def _saved_bytes(self, key: str) -> QByteArray | None:
        try:
            text = self._settings.get(key)
        except SessiondeskError:
            return None
        return QByteArray.fromBase64(text.encode("ascii", "ignore")) if text else None
