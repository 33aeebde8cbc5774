"""Permission questions pinned above the composer: which tool, with what, and the answer.

A card shows the tool and its input the way a person checks it (the Bash
command itself, the file a Write would touch) and three buttons, each with a
mnemonic so the keyboard reaches them. Once answered, the card stays for a
while saying what was decided, so nobody wonders whether their click counted.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.edit_diff import MAX_LINES, EditDiff, edit_diff
from desktop.domain.events import PermissionRequest
from desktop.domain.questions import questions_of
from desktop.services.run import PermissionChoice
from desktop.ui.runs.question_card import QuestionCard
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.transcript.diff_html import diff_html
from desktop.ui.transcript.transcript_render import STYLE_SHEET, Theme

MAX_INPUT_CHARS = 800
MAX_DIFF_HEIGHT = 280
"""Pixels a diff takes on the card before it scrolls: the buttons stay in sight."""
DECIDED_SHOWN = 2
"""How many answered cards of the shown run stay in sight."""


def describe_input(tool: str, data: Mapping[str, Any]) -> tuple[str, str]:
    """(what the call does, a note) for a card: a command, a path, else compact JSON."""
    note = data.get("description")
    note = note if isinstance(note, str) else ""
    for field in ("command", "file_path", "notebook_path", "url", "pattern", "query"):
        value = data.get(field)
        if isinstance(value, str) and value.strip():
            return _cut(value.strip()), note
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    except (TypeError, ValueError):
        text = str(data)
    return _cut(text), note


def repeats(note: str, command: str) -> bool:
    """Whether `note` only says (part of) `command` again. claude describes a
    call it has no description for by its command, cut to 49 characters and an
    ellipsis: that cut copy is a repeat too."""
    folded = " ".join(note.split())
    for ellipsis in ("…", "..."):
        folded = folded.removesuffix(ellipsis).rstrip()
    return folded in " ".join(command.split())


def _cut(text: str) -> str:
    return text if len(text) <= MAX_INPUT_CHARS else text[: MAX_INPUT_CHARS - 1] + "…"


class DiffView(QTextBrowser):
    """The change an Edit, MultiEdit or Write asks for, as tall as its lines up to
    MAX_DIFF_HEIGHT. The card is light in either theme, so is its diff."""

    def __init__(self, diff: EditDiff, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("permissionDiff")
        self.setOpenLinks(False)
        self.setTabChangesFocus(True)  # Tab goes on to Allow and Deny, never into the diff
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.document().setDocumentMargin(0)
        self.document().setDefaultStyleSheet(STYLE_SHEET)
        self.setHtml(diff_html(diff, Theme.for_dark(False), limit=MAX_LINES))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        document = self.document()
        document.setTextWidth(self.viewport().width())
        tall = int(document.size().height()) + 2 * self.frameWidth() + 2
        if self.height() != min(tall, MAX_DIFF_HEIGHT):
            self.setFixedHeight(min(tall, MAX_DIFF_HEIGHT))


class PermissionCard(QFrame):
    decided = Signal(str, object)
    """(request id, PermissionChoice)"""

    def __init__(self, request: PermissionRequest, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("permissionCard")
        self.request = request
        self.choice: PermissionChoice | None = None
        self.setStyleSheet(
            "QFrame#permissionCard { background: #FFFBEB; border: 1px solid #F59E0B;"
            " border-radius: 8px; }"
            "QFrame#permissionCard QLabel { background: transparent; border: none;"
            " color: #451A03; }"
            "QFrame#permissionCard QLabel#permissionInput { background: #FEF3C7;"
            " border-radius: 4px; padding: 4px 6px; }"
            "QFrame#permissionCard QTextBrowser#permissionDiff { background: #FFFBEB; }"
        )
        self.title_label = QLabel(self)
        font = self.title_label.font()
        font.setBold(True)
        self.title_label.setFont(font)
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)
        command, note = describe_input(request.tool_name, request.input)
        self.input_label = QLabel(command, self)
        self.input_label.setObjectName("permissionInput")
        self.input_label.setTextFormat(Qt.TextFormat.PlainText)
        self.input_label.setWordWrap(True)
        self.input_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.input_label.setFont(mono)
        diff = edit_diff(request.tool_name, request.input)
        self.diff_view = DiffView(diff, self) if diff is not None else None
        if diff is not None:
            self.input_label.setText(f"{command}   +{diff.added} −{diff.removed}")
        note = note or (request.description or "")
        if repeats(note, command):
            note = ""  # claude's description may repeat the command: show it once
        self.note_label = QLabel(note, self)
        self.note_label.setTextFormat(Qt.TextFormat.PlainText)
        self.note_label.setWordWrap(True)
        self.note_label.setVisible(bool(self.note_label.text()))
        self.allow_button = QPushButton(self)
        self.allow_button.setObjectName("allowButton")
        self.session_button = QPushButton(self)
        self.session_button.setObjectName("allowSessionButton")
        self.deny_button = QPushButton(self)
        self.deny_button.setObjectName("denyButton")
        self.decision_label = QLabel(self)
        self.decision_label.setObjectName("permissionDecision")
        self.decision_label.hide()
        buttons = QHBoxLayout()
        buttons.setSpacing(6)
        for button in (self.allow_button, self.session_button, self.deny_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addWidget(self.decision_label)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(5)
        layout.addWidget(self.title_label)
        layout.addWidget(self.input_label)
        if self.diff_view is not None:
            layout.addWidget(self.diff_view)
        layout.addWidget(self.note_label)
        layout.addLayout(buttons)
        self.allow_button.clicked.connect(lambda: self._decide(PermissionChoice.ALLOW))
        self.session_button.clicked.connect(lambda: self._decide(PermissionChoice.ALLOW_SESSION))
        self.deny_button.clicked.connect(lambda: self._decide(PermissionChoice.DENY))
        self.retranslate_ui()

    def show_decision(self, choice: PermissionChoice) -> None:
        self.choice = choice
        for button in (self.allow_button, self.session_button, self.deny_button):
            button.hide()
        self.decision_label.setText(self._decision_text(choice))
        self.decision_label.show()
        self.setStyleSheet(self.styleSheet().replace("#FFFBEB", "#F9FAFB").replace(
            "#F59E0B", "#D1D5DB"))  # fmt: skip

    def _decide(self, choice: PermissionChoice) -> None:
        if self.choice is None:
            self.show_decision(choice)
            self.decided.emit(self.request.request_id, choice)

    def _decision_text(self, choice: PermissionChoice) -> str:
        if choice is PermissionChoice.DENY:
            return self.tr("✗ Denied")
        if choice is PermissionChoice.ALLOW_SESSION:
            return self.tr("✓ Allowed, and allowed again until this turn ends")
        return self.tr("✓ Allowed")

    def retranslate_ui(self) -> None:
        tool = self.request.tool_name
        if self.choice is None:
            self.title_label.setText(self.tr("⚑ Claude wants to use {tool}").format(tool=tool))
        else:
            self.title_label.setText(self.tr("Claude asked to use {tool}").format(tool=tool))
            self.decision_label.setText(self._decision_text(self.choice))
        self.allow_button.setText(self.tr("A&llow"))
        self.session_button.setText(self.tr("Allow for this &session"))
        self.session_button.setToolTip(
            self.tr("Allow, and do not ask again about {tool} until this turn ends").format(
                tool=tool
            )
        )
        self.deny_button.setText(self.tr("&Deny"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate_ui()
        super().changeEvent(event)


class PermissionStack(QWidget):
    """The cards of the run the window shows: pending ones, and the last answers."""

    decided = Signal(object, str, object)
    """(LiveRun, request id, PermissionChoice)"""
    answered = Signal(object, str, object)
    """(LiveRun, request id, {question: answer}): Claude's questions answered."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("permissionStack")
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._live: LiveRun | None = None
        self._shown: tuple[object, ...] = ()
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(16, 6, 16, 0)
        self._layout.setSpacing(6)
        self.hide()

    def cards(self) -> list[PermissionCard | QuestionCard]:
        return [
            card
            for i in range(self._layout.count())
            if isinstance(card := self._layout.itemAt(i).widget(), PermissionCard | QuestionCard)
        ]

    def pending(self) -> list[PermissionCard | QuestionCard]:
        return [card for card in self.cards() if card.choice is None]

    def show_run(self, live: LiveRun | None) -> None:
        """Show `live`'s questions (None: nothing), rebuilt only when they changed."""
        shown = self._state(live)
        if live is self._live and shown == self._shown:
            return  # keep the cards, and the keyboard focus on one of their buttons
        self._live, self._shown = live, shown
        for card in self.cards():
            self._layout.removeWidget(card)
            card.hide()
            card.deleteLater()
        if live is None:
            self.hide()
            return
        for request, choice in live.decided[-DECIDED_SHOWN:] if live.streaming else ():
            card = self._add(request)
            if isinstance(card, QuestionCard):
                card.show_decision(choice, live.answers.get(request.request_id))
            else:
                card.show_decision(choice)
        for request in live.pending.values():
            self._add(request)
        self.setVisible(bool(self.cards()))

    @staticmethod
    def _state(live: LiveRun | None) -> tuple[object, ...]:
        if live is None:
            return ()
        decided = tuple(request.request_id for request, _choice in live.decided)
        return (live.streaming, decided, tuple(live.pending))

    def _add(self, request: PermissionRequest) -> PermissionCard | QuestionCard:
        questions = questions_of(request.tool_name, request.input)
        card: PermissionCard | QuestionCard
        if questions is None:  # any other tool, or questions of a shape not understood
            card = PermissionCard(request, self)
        else:
            card = QuestionCard(request, questions, self)
            card.answered.connect(self._answered)
        card.decided.connect(self._decided)
        self._layout.addWidget(card)
        return card

    def _answered(self, request_id: str, answers: dict[str, str]) -> None:
        if self._live is not None:
            self.answered.emit(self._live, request_id, answers)

    def _decided(self, request_id: str, choice: PermissionChoice) -> None:
        if self._live is not None:
            self.decided.emit(self._live, request_id, choice)
