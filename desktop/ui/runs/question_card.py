"""Claude's questions (`AskUserQuestion`) pinned above the composer, answered in place.

Each question shows its options as radio buttons (one choice) or check boxes
(several), and an "Other" answer in the person's own words, which the tool
always accepts. Send allows the call with the answers; Cancel denies it.
Everything is reachable from the keyboard: Tab between questions, arrows
within a one-choice question, Enter in an "Other" field sends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QButtonGroup,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.events import PermissionRequest
from desktop.domain.questions import Question, answer_text, unanswered
from desktop.services.run import PermissionChoice

LIGHT = {"ground": "#EFF6FF", "edge": "#3B82F6", "text": "#172554", "chip": "#DBEAFE",
         "note": "#475569", "done_ground": "#F9FAFB", "done_edge": "#D1D5DB"}  # fmt: skip
DARK = {"ground": "#0F1D3A", "edge": "#3B82F6", "text": "#DBEAFE", "chip": "#1E3A8A",
        "note": "#94A3B8", "done_ground": "#1F2328", "done_edge": "#4B5563"}  # fmt: skip
MAX_BODY_HEIGHT = 300
"""Pixels of questions shown before they scroll."""


def card_style(dark: bool, answered: bool) -> str:
    """The card's colours in the window's theme. Only the card's own ground and
    text are set: the radio buttons, check boxes and fields keep the theme's
    drawing, so their marks show in either theme."""
    c = DARK if dark else LIGHT
    ground, edge = (c["done_ground"], c["done_edge"]) if answered else (c["ground"], c["edge"])
    return (
        f"QFrame#questionCard {{ background: {ground}; border: 1px solid {edge};"
        " border-radius: 8px; }"
        f"QFrame#questionCard QLabel {{ background: transparent; border: none;"
        f" color: {c['text']}; }}"
        f"QFrame#questionCard QRadioButton, QFrame#questionCard QCheckBox {{ color: {c['text']}; }}"
        f"QFrame#questionCard QLabel#questionHeader {{ background: {c['chip']}; border-radius: 4px;"
        " padding: 1px 6px; }"
        f"QFrame#questionCard QLabel#optionNote {{ color: {c['note']}; }}"
        "QFrame#questionCard QScrollArea, QWidget#questionBody { background: transparent; }"
    )


def _dark() -> bool:
    return QApplication.palette().color(QPalette.ColorRole.Base).lightness() < 128


def _plain(text: str) -> str:
    return text.replace("&", "&&")  # a label's "&" is text, never a mnemonic


class QuestionBox(QWidget):
    """One question: its header, its text, its options and an "Other" answer."""

    changed = Signal()
    submitted = Signal()

    def __init__(self, question: Question, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.question = question
        self.header_label = QLabel(question.header, self)
        self.header_label.setObjectName("questionHeader")
        self.header_label.setTextFormat(Qt.TextFormat.PlainText)
        self.header_label.setVisible(bool(question.header.strip()))
        self.text_label = QLabel(question.text, self)
        self.text_label.setTextFormat(Qt.TextFormat.PlainText)
        self.text_label.setWordWrap(True)
        font = self.text_label.font()
        font.setBold(True)
        self.text_label.setFont(font)
        self.group = QButtonGroup(self)
        self.group.setExclusive(not question.multi)
        self.option_buttons: list[QAbstractButton] = []
        grid = QGridLayout()
        grid.setContentsMargins(8, 0, 0, 0)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(2)
        for row, option in enumerate(question.options):
            button = self._button(_plain(option.label))
            button.setToolTip(option.description)
            note = QLabel(option.description, self)
            note.setObjectName("optionNote")
            note.setTextFormat(Qt.TextFormat.PlainText)
            note.setWordWrap(True)
            note.setBuddy(button)
            grid.addWidget(button, row, 0)
            grid.addWidget(note, row, 1)
            self.option_buttons.append(button)
        self.other_button = self._button("")
        self.other_edit = QLineEdit(self)
        self.other_edit.setObjectName("otherAnswer")
        self.other_edit.setClearButtonEnabled(True)
        grid.addWidget(self.other_button, len(question.options), 0)
        grid.addWidget(self.other_edit, len(question.options), 1)
        grid.setColumnStretch(1, 1)
        self.other_edit.textEdited.connect(self._typed)
        self.other_edit.returnPressed.connect(self.submitted)
        self.group.buttonToggled.connect(lambda *_: self.changed.emit())
        top = QHBoxLayout()
        top.setSpacing(6)
        top.addWidget(self.header_label, 0, Qt.AlignmentFlag.AlignTop)
        top.addWidget(self.text_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(3)
        layout.addLayout(top)
        layout.addLayout(grid)
        self.retranslate_ui()

    def _button(self, text: str) -> QAbstractButton:
        button: QAbstractButton = (
            QCheckBox(text, self) if self.question.multi else QRadioButton(text, self)
        )
        self.group.addButton(button)
        return button

    def _typed(self, text: str) -> None:
        # writing an answer of one's own picks "Other", as clicking it would
        if text.strip() and not self.other_button.isChecked():
            self.other_button.setChecked(True)
        self.changed.emit()

    def answer(self) -> str:
        picked = [
            option.label
            for option, button in zip(self.question.options, self.option_buttons, strict=True)
            if button.isChecked()
        ]
        other = self.other_edit.text() if self.other_button.isChecked() else ""
        return answer_text(picked, other)

    def retranslate_ui(self) -> None:
        self.other_button.setText(self.tr("Other:"))
        self.other_edit.setPlaceholderText(self.tr("Your own answer"))
        # a screen reader says which question the field answers
        self.other_edit.setAccessibleName(f"{self.question.text} {self.tr('Your own answer')}")


class _FitScroll(QScrollArea):
    """As tall as the questions, up to `MAX_BODY_HEIGHT`: four questions of
    five rows would otherwise push the composer off a small window."""

    def __init__(self, body: QWidget, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWidget(body)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.viewport().setAutoFillBackground(False)
        body.setAutoFillBackground(False)

    def sizeHint(self) -> QSize:
        body = self.widget()
        width = self.viewport().width() or body.sizeHint().width()
        height = body.heightForWidth(width) if body.hasHeightForWidth() else -1
        height = height if height > 0 else body.sizeHint().height()
        return QSize(body.sizeHint().width(), min(height, MAX_BODY_HEIGHT))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # wrapped text: the height wanted follows the width

    def minimumSizeHint(self) -> QSize:
        return QSize(0, min(self.sizeHint().height(), MAX_BODY_HEIGHT // 2))


class QuestionCard(QFrame):
    decided = Signal(str, object)
    """(request id, PermissionChoice.DENY): the person declined to answer."""
    answered = Signal(str, object)
    """(request id, {question: answer})"""

    def __init__(
        self,
        request: PermissionRequest,
        questions: Sequence[Question],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("questionCard")
        self.request = request
        self.questions = tuple(questions)
        self.choice: PermissionChoice | None = None
        self._sent: dict[str, str] = {}
        self._restyle()
        self.title_label = QLabel(self)
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.boxes = [QuestionBox(question, self) for question in self.questions]
        self.hint_label = QLabel(self)
        self.hint_label.setObjectName("optionNote")
        self.send_button = QPushButton(self)
        self.send_button.setObjectName("sendAnswersButton")
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("cancelQuestionsButton")
        self.decision_label = QLabel(self)
        self.decision_label.setObjectName("questionDecision")
        self.decision_label.setTextFormat(Qt.TextFormat.PlainText)
        self.decision_label.setWordWrap(True)
        self.decision_label.hide()
        buttons = QHBoxLayout()
        buttons.setSpacing(6)
        for button in (self.send_button, self.cancel_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addWidget(self.hint_label)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(8)
        layout.addWidget(self.title_label)
        body = QWidget(self)
        body.setObjectName("questionBody")
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.setSpacing(8)
        for box in self.boxes:
            body_layout.addWidget(box)
            box.changed.connect(self._update)
            box.submitted.connect(self._send)
        self.scroll = _FitScroll(body, self)
        layout.addWidget(self.scroll)
        layout.addWidget(self.decision_label)
        layout.addLayout(buttons)
        self.send_button.clicked.connect(self._send)
        self.cancel_button.clicked.connect(self._cancel)
        self.retranslate_ui()
        self._update()

    def answers(self) -> dict[str, str]:
        return {box.question.text: box.answer() for box in self.boxes}

    def _update(self) -> None:
        missing = unanswered(self.questions, self.answers())
        self.send_button.setEnabled(not missing)
        self.hint_label.setVisible(bool(missing) and self.choice is None)

    def _send(self) -> None:
        answers = self.answers()
        if self.choice is None and not unanswered(self.questions, answers):
            self.show_decision(PermissionChoice.ALLOW, answers)
            self.answered.emit(self.request.request_id, answers)

    def _cancel(self) -> None:
        if self.choice is None:
            self.show_decision(PermissionChoice.DENY)
            self.decided.emit(self.request.request_id, PermissionChoice.DENY)

    def show_decision(
        self, choice: PermissionChoice, answers: Mapping[str, str] | None = None
    ) -> None:
        """Fold the card to what was decided: the answers sent, or that none were."""
        self.choice = choice
        self._sent = dict(answers or {})
        for widget in (self.scroll, self.send_button, self.cancel_button, self.hint_label):
            widget.hide()
        self.decision_label.setText(self._decision_text())
        self.decision_label.show()
        self._restyle()
        self.retranslate_ui()

    def _decision_text(self) -> str:
        if self.choice is PermissionChoice.DENY or not self._sent:
            return self.tr("✗ Not answered")
        lines = [f"{question} → {answer}" for question, answer in self._sent.items()]
        return self.tr("✓ Sent:") + "\n" + "\n".join(lines)

    def retranslate_ui(self) -> None:
        count = len(self.questions)
        if self.choice is None:
            self.title_label.setText(self.tr("⚑ Claude asks you %n question(s)", "", count))
        else:
            self.title_label.setText(self.tr("Claude asked %n question(s)", "", count))
            self.decision_label.setText(self._decision_text())
        self.send_button.setText(self.tr("Send Ans&wers"))
        self.cancel_button.setText(self.tr("Ca&ncel"))
        self.cancel_button.setToolTip(
            self.tr("Answer nothing: Claude is told the questions were declined")
        )
        self.hint_label.setText(self.tr("Answer every question to send"))

    def _restyle(self) -> None:
        style = card_style(_dark(), answered=self.choice is not None)
        if style != self.styleSheet():  # a style sheet set again is a palette change again
            self.setStyleSheet(style)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "choice"):
            self._restyle()  # the theme changed while the card is up
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
            for box in self.boxes:
                box.retranslate_ui()
        super().changeEvent(event)
