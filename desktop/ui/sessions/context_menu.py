"""The right-click menu of a session in the list: continue, fork, rename, hide, bundle, export.

Continuing and forking happen in the composer, which this room does not own:
they are signals the shell connects. The rest goes through `session_commands`.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Signal
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.services.hub import ServiceHub
from desktop.ui.common.error_text import error_text
from desktop.ui.common.files import open_folder, reveal_file
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions import session_commands as commands

if TYPE_CHECKING:
    from desktop.domain.conversations import Conversation

log = logging.getLogger(__name__)


class SessionMenu(QObject):
    continue_requested = Signal(object)
    """A SessionRecord whose next turn the person wants to write."""
    fork_requested = Signal(object)
    """A SessionRecord to start a new session from."""
    bundle_requested = Signal(object)
    """A SessionRecord to add to a bundle (the library asks which)."""
    export_requested = Signal(object)
    """A SessionRecord to save as Markdown or HTML (the library asks where)."""
    delete_requested = Signal(object)
    """A Conversation to delete (the shell's deleter asks first)."""
    remove_copy_requested = Signal(object)
    """A SessionRecord whose archived copy to remove (asked first)."""

    def __init__(self, hub: ServiceHub, status: StatusBar, parent: QWidget) -> None:
        super().__init__(parent)
        self._hub, self._status = hub, status
        self._parent = parent
        self.menu: QMenu | None = None
        self._tasks: set[asyncio.Future[None]] = set()

    def build(self, record: SessionRecord) -> QMenu:
        menu = QMenu(self._parent)
        menu.setObjectName("sessionMenu")
        menu.addAction(
            self.tr("&Continue This Session"), lambda: self.continue_requested.emit(record)
        )
        menu.addAction(
            self.tr("&Fork into a New Session"), lambda: self.fork_requested.emit(record)
        )
        menu.addAction(self.tr("&Rename…"), lambda: self.ask_title(record))
        self._add_visibility(menu, record)
        menu.addAction(self.tr("Add to &Bundle…"), lambda: self.bundle_requested.emit(record))
        menu.addAction(self.tr("&Export…"), lambda: self.export_requested.emit(record))
        if commands.has_archived_copy(self._hub, record):
            menu.addAction(self.tr("Remove &Archived Copy…"),
                           lambda: self.remove_copy_requested.emit(record))  # fmt: skip
        menu.addSeparator()
        menu.addAction(self.tr("Copy Session &ID"), lambda: self._copied(record))
        folder = menu.addAction(self.tr("&Open Project Folder"),
                                lambda: open_folder(record.cwd or ""))  # fmt: skip
        folder.setEnabled(bool(record.cwd))
        reveal = menu.addAction(self.tr("Reveal Transcript &File"),
                                lambda: reveal_file(record.path))  # fmt: skip
        reveal.setEnabled(bool(record.path) and not record.missing)
        self.menu = menu
        return menu

    def _add_visibility(self, menu: QMenu, record: SessionRecord) -> None:
        """Hide or Unhide, for a session that is a conversation's."""
        try:
            conversation = commands.conversation_of(self._hub, record)
        except SessiondeskError as exc:
            log.warning("cannot tell the conversation of %s: %s", record.session_id, exc)
            return
        if conversation is None:
            return
        if conversation.hidden:
            menu.addAction(self.tr("&Unhide Conversation"),
                           lambda: self.set_hidden(conversation, False))  # fmt: skip
        else:
            menu.addAction(self.tr("&Hide Conversation"),
                           lambda: self.set_hidden(conversation, True))  # fmt: skip
        menu.addAction(self.tr("&Delete Conversation…"),
                       lambda: self.delete_requested.emit(conversation))  # fmt: skip

    def set_hidden(self, conversation: Conversation, hidden: bool) -> None:
        try:
            changed = commands.set_hidden(self._hub, conversation, hidden)
        except SessiondeskError as exc:
            self._status.notify(error_text(exc))
            return
        said = (self.tr("{code} is hidden from the list; View → Show Hidden Conversations "
                        "lists it again.") if changed.hidden
                else self.tr("{code} is listed again."))  # fmt: skip
        self._status.notify(said.format(code=changed.code))

    def popup(self, record: SessionRecord, where: QPoint) -> QMenu:
        menu = self.build(record)
        menu.popup(where)
        return menu

    def _copied(self, record: SessionRecord) -> None:
        commands.copy_session_id(record)
        self._status.notify(self.tr("Copied the session id {id}.").format(id=record.session_id))

    def ask_title(self, record: SessionRecord) -> QInputDialog:
        dialog = QInputDialog(self._parent)
        dialog.setWindowTitle(self.tr("Rename session"))
        dialog.setLabelText(self.tr("A title for this conversation:"))
        dialog.setTextValue(record.title or record.first_prompt or "")
        dialog.textValueSelected.connect(lambda title: self.rename(record, title))
        dialog.open()
        return dialog

    def rename(self, record: SessionRecord, title: str) -> asyncio.Future[None]:
        task = asyncio.ensure_future(self._rename(record, title))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _rename(self, record: SessionRecord, title: str) -> None:
        try:
            conversation = await commands.rename_session(self._hub, record, title)
        except SessiondeskError as exc:
            self._status.notify(self.tr("Could not rename: {reason}").format(
                reason=error_text(exc)))  # fmt: skip
            return
        self._status.notify(self.tr("Renamed to “{title}”.").format(title=conversation.title))
