"""What a widget last put on screen, as opposed to what its properties say now.

Qt's `QPlainTextEdit.setPlaceholderText` changes the property but repaints only
when the placeholder appears or goes: a composer told "idle" went on showing
"Claude is answering…" (issue 22). Asserting the property proves nothing about
the screen; `PaintedPlaceholder` records the placeholder at each paint that
covers the text's line, so a test asserts what a person sees.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QPlainTextEdit


class PaintedPlaceholder(QObject):
    """The placeholder text at `edit`'s last paint wide enough to redraw it (a
    blinking cursor repaints a sliver only, and leaves the old words beside it)."""

    def __init__(self, edit: QPlainTextEdit) -> None:
        super().__init__(edit)
        self._edit = edit
        self.painted: str | None = None
        self.paints = 0
        edit.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and isinstance(event, QPaintEvent):
            viewport = self._edit.viewport()
            if event.rect().width() >= viewport.width() // 2:
                self.paints += 1
                empty = not self._edit.toPlainText()
                self.painted = self._edit.placeholderText() if empty else ""
        return False

    def on_screen(self) -> str | None:
        """The placeholder a person sees now ("" when the prompt has text)."""
        return self.painted
