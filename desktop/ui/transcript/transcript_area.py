"""The centre of the window: an empty state, or the transcript of the selection.

The transcript page starts as a plain placeholder; the transcript view of a
later feature goes in with `TranscriptArea.set_transcript_view()`.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QIcon, QPalette
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

ICON_SIZE = 96
COLUMN_WIDTH = 460


class EmptyState(QWidget):
    """A calm page that says what to do next: icon, heading, hint, one button."""

    action_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("emptyState")
        # the text lives in a column of fixed maximum width: a word-wrapped QLabel
        # given a layout alignment gets a height for the wrong width and clips
        column = QWidget(self)
        column.setMaximumWidth(COLUMN_WIDTH)
        self.icon_label = QLabel(column)
        self.icon_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading_label = QLabel(column)
        self.heading_label.setObjectName("emptyHeading")
        self.heading_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.heading_label.setWordWrap(True)
        heading_font = self.heading_label.font()
        if heading_font.pointSizeF() > 0:
            heading_font.setPointSizeF(heading_font.pointSizeF() * 1.45)
        else:  # a platform font given in pixels has no point size to scale
            heading_font.setPixelSize(round(heading_font.pixelSize() * 1.45))
        heading_font.setBold(True)
        self.heading_label.setFont(heading_font)
        self.hint_label = QLabel(column)
        self.hint_label.setObjectName("emptyHint")
        self.hint_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint_label.setWordWrap(True)
        self.hint_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.action_button = QPushButton(column)
        self.action_button.setObjectName("emptyAction")
        self.action_button.clicked.connect(self.action_requested)
        self.action_button.hide()

        inner = QVBoxLayout(column)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(10)
        inner.addWidget(self.icon_label)
        inner.addSpacing(6)
        inner.addWidget(self.heading_label)
        inner.addWidget(self.hint_label)
        inner.addSpacing(10)
        inner.addWidget(self.action_button, 0, Qt.AlignmentFlag.AlignHCenter)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(column, 4)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(24, 24, 24, 24)
        layout.addStretch(3)
        layout.addLayout(row)
        layout.addStretch(4)
        self.set_icon(QApplication.windowIcon())

    def set_icon(self, icon: QIcon) -> None:
        if icon.isNull():
            self.icon_label.hide()
            return
        self.icon_label.setPixmap(icon.pixmap(ICON_SIZE, ICON_SIZE))
        self.icon_label.show()

    def set_content(self, heading: str, hint: str, action_text: str | None = None) -> None:
        self.heading_label.setText(heading)
        self.hint_label.setText(hint)
        self.action_button.setText(action_text or "")
        self.action_button.setVisible(bool(action_text))

    def text(self) -> str:
        """Heading and hint as one string, for tests and accessibility."""
        return f"{self.heading_label.text()}\n{self.hint_label.text()}"


class TranscriptArea(QStackedWidget):
    """Page 0 is the empty state; page 1 holds the transcript view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("transcriptArea")
        # the reading area sits on the base colour, the sidebar on the window colour
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.empty_state = EmptyState(self)
        self.transcript_page = QWidget(self)
        self.transcript_page.setObjectName("transcriptPage")
        self._page_layout = QVBoxLayout(self.transcript_page)
        self._page_layout.setContentsMargins(0, 0, 0, 0)
        placeholder = QLabel(self.transcript_page)
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self._page_layout.addWidget(placeholder)
        self.placeholder: QLabel | None = placeholder
        self._view: QWidget = placeholder
        self.addWidget(self.empty_state)
        self.addWidget(self.transcript_page)
        self.retranslate_ui()

    @property
    def transcript_view(self) -> QWidget:
        return self._view

    def set_transcript_view(self, view: QWidget) -> None:
        """Put the real transcript widget where the placeholder was."""
        self._page_layout.replaceWidget(self._view, view)
        if self._view is not view:
            self._view.hide()
            self._view.deleteLater()
        self.placeholder = None  # gone for good: retranslate_ui must not touch it
        self._view = view
        view.show()

    def show_empty(self) -> None:
        self.setCurrentWidget(self.empty_state)

    def show_transcript(self) -> None:
        self.setCurrentWidget(self.transcript_page)

    def is_showing_empty(self) -> bool:
        return self.currentWidget() is self.empty_state

    def retranslate_ui(self) -> None:
        if self.placeholder is not None:
            self.placeholder.setText(
                self.tr("The transcript of the selected session appears here.")
            )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
