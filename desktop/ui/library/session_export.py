"""Save one session as Markdown or HTML: a save dialog, the work off the window's thread.

The format follows the file type chosen in the dialog (or the name's
extension); the document comes from the same service as `sessions export`,
so it works from the archive too. Failures are said in the window's words.
"""

from __future__ import annotations

import os
import re

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QWidget

from desktop.domain.errors import SessiondeskError
from desktop.domain.oddtext import clean
from desktop.domain.sessions import SessionRecord
from desktop.safe_output import write_output
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.error_text import error_text
from desktop.ui.common.status import StatusBar

MARKDOWN, HTML = "Markdown (*.md)", "HTML (*.html)"


def format_of(path: str, chosen_filter: str = "") -> str:
    """`html` for an .html/.htm name or the HTML filter, otherwise `md`."""
    if path.lower().endswith((".html", ".htm")):
        return "html"
    if path.lower().endswith(".md"):
        return "md"
    return "html" if chosen_filter == HTML else "md"


def _file_name(record: SessionRecord) -> str:
    title = record.title or record.first_prompt or record.session_id
    cleaned = re.sub(r"[^\w\- ]+", "", title, flags=re.UNICODE).strip()[:60].strip()
    return cleaned or record.session_id


class SessionExporter(QObject):
    finished = Signal(bool, str)
    """(written, what to tell the person)."""

    def __init__(self, hub: ServiceHub, status: StatusBar, parent: QWidget) -> None:
        super().__init__(parent)
        self._hub, self._status, self._parent = hub, status, parent
        self._background = Background(hub.executor, self)
        self.dialog: QFileDialog | None = None

    def ask(self, record: SessionRecord | None) -> QFileDialog | None:
        if record is None:
            self._status.notify(self.tr("Choose a session in the list first"))
            return None
        folder = record.cwd if record.cwd and os.path.isdir(record.cwd) else os.path.expanduser("~")
        dialog = QFileDialog(self._parent, self.tr("Export session"), folder)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setNameFilters([MARKDOWN, HTML])
        dialog.selectFile(_file_name(record) + ".md")
        dialog.filterSelected.connect(lambda chosen: self._suffix(dialog, chosen))
        dialog.fileSelected.connect(
            lambda path: self.export(record, path, format_of(path, dialog.selectedNameFilter()))
        )
        self.dialog = dialog
        dialog.open()
        return dialog

    @staticmethod
    def _suffix(dialog: QFileDialog, chosen: str) -> None:
        dialog.setDefaultSuffix("html" if chosen == HTML else "md")

    def export(self, record: SessionRecord, path: str, fmt: str) -> int:
        from desktop.services.export import export_session  # with the first export, not the window

        sessions = self._hub.sessions

        def work() -> str:
            text = export_session(sessions, record.session_id, fmt, record.account)
            # the command's rules: a device, a folder or a FIFO is refused, a link written through
            return os.fsdecode(write_output(path, clean(text).encode("utf-8")))

        self._status.notify(self.tr("Exporting…"))
        return self._background.submit(work, self._written, self._failed)

    def _written(self, path: str) -> None:
        text = self.tr("Saved the session to {path}.").format(path=path)
        self._status.notify(text)
        self.finished.emit(True, text)

    def _failed(self, error: BaseException) -> None:
        if isinstance(error, SessiondeskError):
            reason = error_text(error)
        elif isinstance(error, OSError):
            reason = self.tr("{path} cannot be written: {why}").format(
                path=error.filename or "", why=error.strerror or str(error)
            )
        else:
            raise error
        text = self.tr("Could not export the session: {reason}").format(reason=reason)
        self._status.notify(text)
        self.finished.emit(False, text)
