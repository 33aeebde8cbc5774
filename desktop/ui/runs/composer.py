"""The composer under the transcript: the prompt, where it runs, Send and Stop.

It holds no service: it says what the person asked for (`send_requested`)
and shows what it is told (the target's account and folder, whether a run
streams, an error). The prompt text is only cleared by `clear_prompt()`,
which the window calls once a turn has really started, so an error never
costs the person what they typed.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QEvent, QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QAction, QFontMetrics, QKeyEvent, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.images import ImageAttachment
from desktop.ui.runs.attachments import AttachmentStrip, offers_images
from desktop.ui.runs.mode_choices import ModeChoices
from desktop.ui.sessions.navigation import account_avatar

MIN_LINES, MAX_LINES = 2, 8


class PromptEdit(QPlainTextEdit):
    """Enter (or Ctrl+Enter) sends; Shift+Enter starts a new line."""

    submitted = Signal()
    images_offered = Signal(QMimeData)
    """A paste or a drop of images: they go beside the prompt, not into it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("promptEdit")
        self.setTabChangesFocus(True)  # Tab must reach the buttons, not indent the prompt
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().contentsChanged.connect(self._fit)
        self._fit()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            modifiers = event.modifiers()
            if modifiers & Qt.KeyboardModifier.ShiftModifier:
                self.insertPlainText("\n")
                return
            if not modifiers & Qt.KeyboardModifier.AltModifier:
                self.submitted.emit()
                return
        super().keyPressEvent(event)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        return offers_images(source) or super().canInsertFromMimeData(source)

    def insertFromMimeData(self, source: QMimeData) -> None:
        if offers_images(source):
            self.images_offered.emit(source)
        else:
            super().insertFromMimeData(source)

    def _fit(self) -> None:
        # grow with the text up to a few lines, then scroll: the transcript keeps the room
        metrics = QFontMetrics(self.font())
        lines = max(MIN_LINES, min(MAX_LINES, self.document().lineCount()))
        margins = self.contentsMargins()
        frame = 2 * int(self.document().documentMargin()) + margins.top() + margins.bottom()
        self.setFixedHeight(lines * metrics.lineSpacing() + frame + 4)


class Composer(QFrame):
    send_requested = Signal()
    folder_chosen = Signal(str)
    switch_requested = Signal(str)
    """Another account was picked for an existing conversation (empty: none yet)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("composer")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._streaming = False
        self._starting = False
        self._owner: str | None = None

        self.error_label = QLabel(self)
        self.error_label.setObjectName("composerError")
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.PlainText)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.setStyleSheet(
            "QLabel#composerError { background: #FEF2F2; color: #991B1B;"
            " border: 1px solid #FCA5A5; border-radius: 6px; padding: 6px 8px; }"
        )
        self.error_label.hide()
        self.continue_button = QPushButton(self)
        self.continue_button.setObjectName("continueElsewhere")
        self.continue_button.hide()
        self.prompt = PromptEdit(self)
        self.attachments = AttachmentStrip(self)
        self.send_button = QPushButton(self)
        self.send_button.setObjectName("sendButton")
        self.send_button.setDefault(False)
        self.send_button.setAutoDefault(False)
        self.account_label = QLabel(self)
        self.account_combo = QComboBox(self)
        self.account_combo.setObjectName("accountPicker")
        self.account_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.account_combo.setMinimumContentsLength(6)
        self.folder_label = QLabel(self)
        self.folder_edit = QLineEdit(self)
        self.folder_edit.setObjectName("folderPicker")
        self.browse_button = QToolButton(self)
        self.browse_button.setText("…")
        self.fresh_check = QCheckBox(self)
        self.fresh_check.setObjectName("freshSession")
        self.fill_label = QLabel(self)
        self.fill_label.setObjectName("rolloverFill")
        self.fill_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        # beside the model and mode there may be no room for its line: it wraps rather
        # than widen the composer or lose its last words
        self.fill_label.setWordWrap(True)
        self.fill_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.fill_label.setMinimumWidth(1)
        self.fill_label.hide()
        self.modes = ModeChoices(self)
        self.stop_button = QToolButton(self)
        self.stop_button.setObjectName("stopButton")
        self.stop_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.stop_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.account_label.setBuddy(self.account_combo)
        self.folder_label.setBuddy(self.folder_edit)

        buttons = QVBoxLayout()
        buttons.setSpacing(4)
        buttons.addWidget(self.send_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        top = QHBoxLayout()
        top.setSpacing(8)
        top.addWidget(self.prompt, 1)
        top.addLayout(buttons)
        bottom = QHBoxLayout()
        bottom.setSpacing(6)
        bottom.addWidget(self.account_label)
        bottom.addWidget(self.account_combo)
        bottom.addSpacing(8)
        bottom.addWidget(self.folder_label)
        bottom.addWidget(self.folder_edit, 1)
        bottom.addWidget(self.browse_button)
        bottom.addSpacing(8)
        bottom.addWidget(self.fresh_check)  # the folder takes the spare width
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 8, 16, 10)
        layout.setSpacing(6)
        layout.addWidget(self.error_label)
        layout.addWidget(self.continue_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.attachments)
        layout.addLayout(top)
        layout.addLayout(bottom)
        under = QHBoxLayout()
        under.addWidget(self.modes)
        under.addWidget(self.fill_label, 1)
        layout.addLayout(under)

        self.prompt.submitted.connect(self._submit)
        self.prompt.textChanged.connect(self._update_buttons)
        self.prompt.images_offered.connect(self._images_offered)
        self.attachments.refused.connect(self.show_error)
        self.send_button.clicked.connect(self._submit)
        self.browse_button.clicked.connect(self._browse)
        self.account_combo.activated.connect(self._account_picked)
        self.continue_button.clicked.connect(lambda: self.switch_requested.emit(""))
        self.retranslate_ui()
        self._update_buttons()

    # -- what the window sets ----------------------------------------------------------------

    def use_stop_action(self, stop: QAction) -> None:
        """Stop triggers the window's action, so the menu, Esc and the button agree."""
        self.stop_button.setDefaultAction(stop)

    def set_accounts(self, names: list[str]) -> None:
        current = self.account()
        self.account_combo.clear()
        for name in names:
            self.account_combo.addItem(account_avatar(name, 16), name, name)
        if current in names:
            self.account_combo.setCurrentIndex(names.index(current))

    def set_target(self, account: str | None, folder: str | None) -> None:
        """Point the pickers at a session's account and folder (or a new turn's)."""
        if account:
            found = self.account_combo.findData(account)
            if found >= 0:
                self.account_combo.setCurrentIndex(found)
        if folder is not None:
            self.folder_edit.setText(folder)
        self.clear_error()

    def lock_account(self, owner: str | None) -> None:
        """An existing conversation belongs to `owner`: picking another account
        asks for a switch instead of changing it (None: a new one, free to choose)."""
        self._owner = owner
        self.set_target(owner, None)

    def offer_switch(self, offered: bool) -> None:
        """After a usage or rate limit: offer to continue under another account."""
        self.continue_button.setVisible(offered and self._owner is not None)

    def set_state(self, *, streaming: bool, starting: bool) -> None:
        """`streaming`: the shown conversation has a run going; `starting`: a send is on its way."""
        self._streaming, self._starting = streaming, starting
        self.prompt.setReadOnly(starting)
        # the box itself says what goes on: a narrow window has no room for a status label
        if streaming:
            self.prompt.setPlaceholderText(
                self.tr("Claude is answering… (Esc stops it; the next prompt can be written now)")
            )
        else:
            self.prompt.setPlaceholderText(
                self.tr("Ask Claude…  (Enter sends, Shift+Enter starts a new line)")
            )
        # QPlainTextEdit repaints only when its placeholder appears or goes, not when
        # the shown one changes: without this the screen said "answering" after the end
        self.prompt.viewport().update()
        self.send_button.setText(self.tr("Starting…") if starting else self.tr("Send"))
        self._update_buttons()

    def show_fill(self, line: str, tip: str) -> None:
        """How full the conversation's context is, against the rollover threshold."""
        self.fill_label.setText(line)
        self.fill_label.setToolTip(tip)
        self.fill_label.setVisible(bool(line))

    def show_error(self, text: str) -> None:
        self.error_label.setText(text)
        self.error_label.show()

    def clear_error(self) -> None:
        self.error_label.clear()
        self.error_label.hide()

    def error_text(self) -> str:
        return self.error_label.text() if self.error_label.isVisibleTo(self) else ""

    # -- what the window reads --------------------------------------------------------------

    def prompt_text(self) -> str:
        return self.prompt.toPlainText()

    def clear_prompt(self) -> None:
        self.prompt.clear()
        self.attachments.clear()

    def images(self) -> tuple[ImageAttachment, ...]:
        return self.attachments.images()

    def restore_prompt(self, text: str) -> None:
        """Give back a prompt whose turn failed, unless the person typed something new."""
        if not self.prompt.toPlainText().strip():
            self.prompt.setPlainText(text)

    def account(self) -> str | None:
        data = self.account_combo.currentData()
        return data if isinstance(data, str) else None

    def folder(self) -> str:
        return os.path.expanduser(self.folder_edit.text().strip())

    def fresh(self) -> bool:
        return self.fresh_check.isChecked()

    def can_send(self) -> bool:
        return bool(self.prompt_text().strip()) and not (self._streaming or self._starting)

    # -- reactions ---------------------------------------------------------------------------

    def _submit(self) -> None:
        if self.can_send():
            self.send_requested.emit()

    def _images_offered(self, mime: QMimeData) -> None:
        self.clear_error()  # a refusal of this offer replaces an older message
        self.attachments.offer(mime)

    def _account_picked(self, _index: int) -> None:
        picked = self.account()
        if self._owner is None or picked is None or picked == self._owner:
            return
        self.set_target(self._owner, None)  # nothing changes until the switch is made
        self.switch_requested.emit(picked)

    def _update_buttons(self) -> None:
        self.send_button.setEnabled(self.can_send())

    def _browse(self) -> None:
        # open(), not exec(): runs keep streaming while the dialog is up
        start = self.folder() or os.path.expanduser("~")
        dialog = QFileDialog(self, self.tr("Working folder"), start)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(self._folder_picked)
        dialog.open()

    def _folder_picked(self, folder: str) -> None:
        self.folder_edit.setText(folder)
        self.folder_chosen.emit(folder)

    def retranslate_ui(self) -> None:
        self.prompt.setAccessibleName(self.tr("Prompt"))
        self.prompt.setAccessibleDescription(
            self.tr("Enter sends the prompt; Shift+Enter starts a new line")
        )
        self.account_combo.setAccessibleName(self.tr("Account"))
        self.folder_edit.setAccessibleName(self.tr("Working folder"))
        self.browse_button.setAccessibleName(self.tr("Choose the working folder"))
        self.send_button.setToolTip(self.tr("Send the prompt (Enter or Ctrl+Enter)"))
        self.account_label.setText(self.tr("A&ccount:"))
        self.folder_label.setText(self.tr("F&older:"))
        self.folder_edit.setPlaceholderText(self.tr("Working folder"))
        self.browse_button.setToolTip(self.tr("Choose the working folder"))
        self.continue_button.setText(self.tr("Continue under another account…"))
        self.fresh_check.setText(self.tr("Fr&esh session"))
        self.fresh_check.setToolTip(
            self.tr("Start a new Claude session; the conversation so far is sent along as text")
        )
        self.set_state(streaming=self._streaming, starting=self._starting)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(max(hint.width(), 480), hint.height())
