"""The top of the conversation pane: the `SESS-042` handle, the title (edited
in place), the description (its `[[SESS-…]]` references are links; Edit
changes it), the account with *Switch…* (the account switcher, also
Ctrl+Shift+S), the folder, and the Claude session id with Copy."""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QEvent, QLocale, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeyEvent
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QStackedWidget,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.conversations import Conversation
from desktop.domain.references import number_of_link
from desktop.domain.token_savings import TokenSaving
from desktop.ui.common.elided_label import ElidedLabel
from desktop.ui.common.reference_links import linked_html

BADGE_STYLE = (
    "QLabel#{name} {{ background: {bg}; color: {fg}; border-radius: 8px; padding: 1px 8px; }}"
)


def badge(name: str, bg: str, fg: str, parent: QWidget) -> QLabel:
    label = QLabel(parent)
    label.setObjectName(name)
    label.setStyleSheet(BADGE_STYLE.format(name=name, bg=bg, fg=fg))
    return label


class _LineEdit(QLineEdit):
    """A line whose Esc drops the edit (before the window's Esc shortcut sees it)."""

    cancelled = Signal()

    def event(self, event: QEvent) -> bool:
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and event.key() == Qt.Key.Key_Escape):  # fmt: skip
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.cancelled.emit()
            return
        super().keyPressEvent(event)


class ConversationHeader(QWidget):
    rename_requested = Signal(str)
    """The person finished editing the title (the new text)."""
    describe_requested = Signal(str)
    """The person finished editing the description (the new text, maybe empty)."""
    reference_activated = Signal(int)
    """A `[[SESS-042]]` link in the description was clicked (its number)."""
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
        # a long folder or id is shortened to fit, never widening the pane (Copy copies it whole)
        self.folder_label = ElidedLabel(self)
        self.session_label = ElidedLabel(self, Qt.TextElideMode.ElideRight)
        self.session_label.setObjectName("sessionId")
        self.copy_button = QToolButton(self)
        self.copy_button.setObjectName("copySessionId")
        self.copy_button.clicked.connect(self.copy_session_id)
        self.folder_caption = QLabel(self)
        self.description_label = QLabel(self)
        self.description_label.setObjectName("conversationDescription")
        self.description_label.setWordWrap(True)
        self.description_label.setTextFormat(Qt.TextFormat.RichText)
        self.description_label.setOpenExternalLinks(False)
        self.description_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.LinksAccessibleByMouse
            | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.description_label.linkActivated.connect(self._link)
        self.description_edit = _LineEdit(self)
        self.description_edit.cancelled.connect(self._show_description)
        self.description_edit.setObjectName("conversationDescriptionEdit")
        self.description_edit.editingFinished.connect(self._described)
        self.description_stack = QStackedWidget(self)
        self.description_stack.addWidget(self.description_label)
        self.description_stack.addWidget(self.description_edit)
        self.edit_description_button = QToolButton(self)
        self.edit_description_button.setObjectName("editDescription")
        self.edit_description_button.clicked.connect(self.edit_description)
        self.session_caption = QLabel(self)
        self.saved_caption = QLabel(self)
        self.saved_label = QLabel(self)
        self.saved_label.setObjectName("savedByResuming")
        self.backlinks_caption = QLabel(self)
        self.backlinks_label = QLabel(self)
        self.backlinks_label.setObjectName("referencedBy")
        self.backlinks_label.setWordWrap(True)
        self.backlinks_label.setTextFormat(Qt.TextFormat.RichText)
        self.backlinks_label.linkActivated.connect(self._link)

        top = QHBoxLayout()
        top.addWidget(self.code_label)
        top.addWidget(self.title_edit, 1)
        # the account on a line of its own: the title keeps the width of the pane
        account_row = QHBoxLayout()
        account_row.addWidget(self.account_badge)
        account_row.addWidget(self.switch_button)
        account_row.addStretch(1)
        description_row = QHBoxLayout()
        description_row.addWidget(self.description_stack, 1)
        description_row.addWidget(self.edit_description_button, 0, Qt.AlignmentFlag.AlignTop)
        session_row = QHBoxLayout()
        session_row.addWidget(self.session_label, 1)
        session_row.addWidget(self.copy_button)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(self.folder_caption, self.folder_label)
        form.addRow(self.session_caption, session_row)
        form.addRow(self.saved_caption, self.saved_label)
        form.addRow(self.backlinks_caption, self.backlinks_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addLayout(account_row)
        layout.addLayout(description_row)
        layout.addLayout(form)
        self._conversation: Conversation | None = None
        self._shown_title = ""
        self._saved = 0
        self._saved_tokens: TokenSaving | None = None
        self._shown_description = ""
        self._editing = False
        self.retranslate_ui()
        self.show_backlinks(())

    def show_conversation(
        self,
        conversation: Conversation,
        session_id: str | None,
        saved_bytes: int = 0,
        saved_tokens: TokenSaving | None = None,
    ) -> None:
        """`saved_bytes` and `saved_tokens`: what resuming saved this
        conversation so far (the replays its resumed turns did not have to
        send; the tokens summed over the turns whose usage says it)."""
        self._conversation = conversation
        self._saved = saved_bytes
        self._saved_tokens = saved_tokens
        self._show_saved()
        self.code_label.setText(conversation.code)
        self._shown_title = conversation.title
        if not self.title_edit.hasFocus():
            self.title_edit.setText(conversation.title)
            self.title_edit.setCursorPosition(0)  # a long title shows its start
        self._shown_description = conversation.description
        if not self._editing:
            self._show_description()
        self.account_badge.setText(conversation.account or "")
        self.account_badge.setVisible(bool(conversation.account))
        self.folder_label.setText(conversation.cwd or "")
        self.session_label.setText(session_id or conversation.session_id or "")
        self.copy_button.setEnabled(bool(self.session_label.text()))

    def show_backlinks(self, citing: Sequence[Conversation]) -> None:
        """The conversations that reference this one, as links (the row hides when none)."""
        colour = self.palette().link().color().name()
        text = ", ".join(f"[[{c.code}]] {c.title}" for c in citing)
        self.backlinks_label.setText(linked_html(text, colour))
        for part in (self.backlinks_caption, self.backlinks_label):
            part.setVisible(bool(citing))

    def _show_saved(self) -> None:
        locale = QLocale()
        size = locale.formattedDataSize(self._saved, 1)
        saving = self._saved_tokens
        tokens = saving.saved if saving else 0
        # tokens are what is paid for; the bytes of prompt text not re-sent come second
        if saving is None and self._saved:  # resumed, but no turn's usage says it yet
            text = self.tr("{size}; tokens pending").format(size=size)
        else:
            text = self.tr("{tokens} tokens ({size})").format(
                tokens=locale.toString(tokens), size=size
            )
        self.saved_label.setText(text)
        tip = self.tr(
            "Input tokens that resumed turns did not send, compared with replaying the history"
        )
        if saving is not None:
            tip += "\n" + self.tr(
                "Resumed turns sent {fresh} new tokens; replays would have sent {replay}"
            ).format(
                fresh=locale.toString(saving.input_tokens),
                replay=locale.toString(saving.replay_tokens),
            )
        self.saved_label.setToolTip(tip)

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

    def _show_description(self) -> None:
        self._editing = False  # first: hiding the line ends its editing, which must not save
        text = self._shown_description
        colour = self.palette().link().color().name()
        empty = self.tr("No description")
        self.description_label.setText(
            linked_html(text, colour) if text else f"<i>{html.escape(empty)}</i>"
        )
        self.description_stack.setCurrentWidget(self.description_label)

    def description_html(self) -> str:
        return self.description_label.text()

    def edit_description(self) -> None:
        """Swap the description for a line to edit it in (Enter keeps it, Esc drops it)."""
        if self._conversation is None:
            return
        self.description_edit.setText(self._shown_description)
        self._editing = True
        self.description_stack.setCurrentWidget(self.description_edit)
        self.description_edit.setFocus()
        self.description_edit.selectAll()

    def _described(self) -> None:
        if not self._editing:
            return
        text = self.description_edit.text().strip()
        changed = text != self._shown_description
        self._shown_description = text
        self._show_description()
        if changed and self._conversation is not None:
            self.describe_requested.emit(text)

    def _link(self, link: str) -> None:
        number = number_of_link(link)
        if number is not None:
            self.reference_activated.emit(number)

    def retranslate_ui(self) -> None:
        self.title_edit.setPlaceholderText(self.tr("Title"))
        self.title_edit.setToolTip(self.tr("Edit the title and press Enter to rename"))
        self.folder_caption.setText(self.tr("Folder:"))
        self.session_caption.setText(self.tr("Claude session:"))
        self.saved_caption.setText(self.tr("Saved by resuming:"))
        self.backlinks_caption.setText(self.tr("Referenced by:"))
        self._show_saved()
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the Claude session id"))
        self.description_edit.setPlaceholderText(
            self.tr("What this conversation is about; [[SESS-042]] links another")
        )
        self.description_edit.setAccessibleName(self.tr("Description"))
        self.edit_description_button.setText(self.tr("Edit"))
        self.edit_description_button.setToolTip(self.tr("Edit the description"))
        self.description_label.setAccessibleName(self.tr("Description"))
        if not self._editing:
            self._show_description()
        self.switch_button.setText(self.tr("Switch…"))
        self.switch_button.setToolTip(
            self.tr("Go on with this conversation under another account (Ctrl+Shift+S)")
        )
        self.switch_button.setAccessibleName(self.tr("Switch account"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)
