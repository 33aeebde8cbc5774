"""The top of the conversation pane: the `SESS-042` handle, the title (edited
in place), the account with *Switch…* (the account switcher, also Ctrl+Shift+S),
the folder, and the Claude session id with Copy."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.conversations import Conversation

BADGE_STYLE = (
    "QLabel#{name} {{ background: {bg}; color: {fg}; border-radius: 8px; padding: 1px 8px; }}"
)


def badge(name: str, bg: str, fg: str, parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setStyleSheet(BADGE_STYLE.format(name=name, bg=bg, fg=fg))
    return label


class ConversationHeader(QWidget):
    rename_requested = Signal(str)
    """The person finished editing the title (the new text)."""
    switch_requested = Signal()
    """The person asked to move the conversation to another account."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.code_label = badge("conversationCode", "#1E3A8A", "#FFFFFF", self)
        font = self.code_label.font()
        font.setBold(True)
        self.code_label.setFont(font)
        self.account_badge = badge("accountBadge", "#E0E7FF", "#3730A3", self)
        self.switch_button = QToolButton(self)
        self.switch_button.setObjectName("switchAccount")
        self.switch_button.clicked.connect(self.switch_requested)
        self.title_edit = QLineEdit(self)
        self.title_edit.setObjectName("conversationTitle")
        self.title_edit.editingFinished.connect(self._edited)
        self.folder_label = QLabel(self)
        self.folder_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.session_label = QLabel(self)
        self.session_label.setObjectName("sessionId")
        self.session_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.copy_button = QToolButton(self)
        self.copy_button.setObjectName("copySessionId")
        self.copy_button.clicked.connect(self.copy_session_id)
        self.folder_caption = QLabel(self)
        self.session_caption = QLabel(self)

        top = QHBoxLayout()
        top.addWidget(self.code_label)
        top.addWidget(self.title_edit, 1)
        top.addWidget(self.account_badge)
        top.addWidget(self.switch_button)
        session_row = QHBoxLayout()
        session_row.addWidget(self.session_label, 1)
        session_row.addWidget(self.copy_button)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.folder_caption, self.folder_label)
        form.addRow(self.session_caption, session_row)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(form)
        self._conversation: Conversation | None = None
        self._shown_title = ""
        self.retranslate_ui()

    def show_conversation(self, conversation: Conversation, session_id: str | None) -> None:
        self._conversation = conversation
        self.code_label.setText(conversation.code)
        self._shown_title = conversation.title
        if not self.title_edit.hasFocus():
            self.title_edit.setText(conversation.title)
            self.title_edit.setCursorPosition(0)  # a long title shows its start
        self.account_badge.setText(conversation.account or "")
        self.account_badge.setVisible(bool(conversation.account))
        self.folder_label.setText(conversation.cwd or "")
        self.folder_label.setToolTip(conversation.cwd or "")
        self.session_label.setText(session_id or conversation.session_id or "")
        self.copy_button.setEnabled(bool(self.session_label.text()))

    def session_id(self) -> str:
        return self.session_label.text()

    def copy_session_id(self) -> None:
        QGuiApplication.clipboard().setText(self.session_id())

    def _edited(self) -> None:
        text = self.title_edit.text().strip()
        if self._conversation is None or text == self._shown_title:
            return
        if not text:  # an empty title is refused: show the one it has
            self.title_edit.setText(self._shown_title)
            return
        self._shown_title = text
        self.rename_requested.emit(text)

    def retranslate_ui(self) -> None:
        self.title_edit.setPlaceholderText(self.tr("Title"))
        self.title_edit.setToolTip(self.tr("Edit the title and press Enter to rename"))
        self.folder_caption.setText(self.tr("Folder:"))
        self.session_caption.setText(self.tr("Claude session:"))
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the Claude session id"))
        self.switch_button.setText(self.tr("Switch…"))
        self.switch_button.setToolTip(
            self.tr("Go on with this conversation under another account (Ctrl+Shift+S)")
        )
        self.switch_button.setAccessibleName(self.tr("Switch account"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
