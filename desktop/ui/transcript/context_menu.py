"""The right-click menu of a message or a tool card in the transcript.

Copy its text (or a tool call's input), copy its id, and for a call that
names a file, show that file's folder. Whatever is selected is what is
copied, so a right-click on a row of a selection copies the selection.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from desktop.domain.transcript import Message
from desktop.ui.common.files import reveal_file
from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_rows import Row, RowKind

_PATH_FIELDS = ("file_path", "notebook_path", "path")


def copy(text: str) -> None:
    QGuiApplication.clipboard().setText(text)


def tool_input(row: Row) -> str:
    """What a tool card was asked to do: its command, else its input as JSON."""
    data = row.message.input if isinstance(row.message.input, dict) else {}
    command = data.get("command")
    if isinstance(command, str):
        return command
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


def named_file(row: Row) -> str | None:
    data = row.message.input if isinstance(row.message.input, dict) else {}
    for field in _PATH_FIELDS:
        value = data.get(field)
        if isinstance(value, str) and os.path.isabs(value):
            return value
    return None


def message_menu(
    model: TranscriptModel,
    numbers: list[int],
    number: int,
    parent: QWidget,
    on_rerun: Callable[[Message], None] | None = None,
) -> QMenu:
    """The menu for row `number`; `numbers` are the selected rows it belongs to.
    `on_rerun`: what "Edit & Re-run from Here" on a prompt does."""
    row = model.row(number)
    menu = QMenu(parent)
    menu.setObjectName("messageMenu")
    rows = numbers if number in numbers and len(numbers) > 1 else [number]
    label = (
        QCoreApplication.translate("TranscriptMenu", "&Copy Text")
        if len(rows) == 1
        else QCoreApplication.translate("TranscriptMenu", "&Copy Selected Messages")
    )
    menu.addAction(label, lambda: copy(model.text_of(rows)))
    if row.kind is RowKind.TOOL:
        menu.addAction(
            QCoreApplication.translate("TranscriptMenu", "Copy Tool &Input"),
            lambda: copy(tool_input(row)),
        )
        if row.result is not None:
            result = row.result.text
            menu.addAction(
                QCoreApplication.translate("TranscriptMenu", "Copy Tool &Output"),
                lambda: copy(result),
            )
    if row.kind is RowKind.PROMPT and on_rerun is not None:
        message = row.message
        menu.addAction(
            QCoreApplication.translate("TranscriptMenu", "&Edit && Re-run from Here"),
            lambda: on_rerun(message),
        )
    uuid = row.message.uuid or (row.uuids[0] if row.uuids else None)
    if uuid:
        menu.addAction(
            QCoreApplication.translate("TranscriptMenu", "Copy Message &ID"), lambda: copy(uuid)
        )
    path = named_file(row) if row.kind is RowKind.TOOL else None
    if path is not None:
        reveal = menu.addAction(
            QCoreApplication.translate("TranscriptMenu", "&Reveal File"), lambda: reveal_file(path)
        )
        reveal.setEnabled(os.path.exists(path))
    return menu
