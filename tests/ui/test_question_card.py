"""The card for Claude's questions on its own: choices, the own answer, Send, Cancel, size."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QRadioButton
from pytestqt.qtbot import QtBot

from desktop.domain.events import PermissionRequest
from desktop.domain.questions import ASK_TOOL, questions_of
from desktop.services.run import PermissionChoice
from desktop.ui.runs.question_card import MAX_BODY_HEIGHT, QuestionCard

pytestmark = [pytest.mark.gui]


def question(number: int, multi: bool) -> dict[str, Any]:
    return {
        "question": f"Question {number}?",
        "header": f"Q{number}",
        "multiSelect": multi,
        "options": [{"label": f"A&{i}", "description": f"about {i}"} for i in range(4)],
    }


def card_for(qtbot: QtBot, *questions: dict[str, Any]) -> QuestionCard:
    data = {"questions": list(questions)}
    request = PermissionRequest("r7", "can_use_tool", {}, ASK_TOOL, data, "t", (), None)
    card = QuestionCard(request, questions_of(ASK_TOOL, data) or ())
    qtbot.addWidget(card)
    card.resize(640, 400)
    card.show()
    return card


def test_one_choice_is_radio_several_are_checks_and_send_waits_for_every_answer(
    qtbot: QtBot,
) -> None:
    card = card_for(qtbot, question(1, False), question(2, True))
    one, many = card.boxes
    assert all(isinstance(b, QRadioButton) for b in one.option_buttons)
    assert all(isinstance(b, QCheckBox) for b in many.option_buttons)
    assert one.option_buttons[0].text() == "A&&0", "a label's & is shown, not a mnemonic"
    sent: list[tuple[str, object]] = []
    card.answered.connect(lambda rid, answers: sent.append((rid, answers)))

    card.activateWindow()
    qtbot.waitUntil(card.isActiveWindow)
    one.option_buttons[0].setFocus()
    qtbot.keyClick(one.option_buttons[0], Qt.Key.Key_Space)
    qtbot.keyClick(one.option_buttons[0], Qt.Key.Key_Down)  # arrows move the one choice
    assert one.option_buttons[1].isChecked() and not one.option_buttons[0].isChecked()
    assert not card.send_button.isEnabled() and card.hint_label.isVisible()
    qtbot.keyClick(one.other_edit, Qt.Key.Key_Return)
    assert sent == [], "Enter does not send while a question is open"

    qtbot.keyClicks(one.other_edit, "neither")  # the own answer replaces the pick
    assert one.other_button.isChecked() and not one.option_buttons[1].isChecked()
    many.option_buttons[3].click()
    many.option_buttons[1].click()
    assert card.send_button.isEnabled()
    qtbot.mouseClick(card.send_button, Qt.MouseButton.LeftButton)
    assert sent == [("r7", {"Question 1?": "neither", "Question 2?": "A&1, A&3"})]
    assert card.choice is PermissionChoice.ALLOW and card.send_button.isHidden()
    assert "Question 2? → A&1, A&3" in card.decision_label.text()
    card.cancel_button.click()
    assert len(sent) == 1 and card.choice is PermissionChoice.ALLOW, "answered once only"


def test_cancel_declines(qtbot: QtBot) -> None:
    card = card_for(qtbot, question(1, False))
    decided: list[tuple[str, object]] = []
    card.decided.connect(lambda rid, choice: decided.append((rid, choice)))
    qtbot.keyClick(card.cancel_button, Qt.Key.Key_Space)
    assert decided == [("r7", PermissionChoice.DENY)]
    assert "Not answered" in card.decision_label.text()


def test_four_long_questions_scroll_inside_the_card(qtbot: QtBot) -> None:
    card = card_for(qtbot, *(question(n, n % 2 == 0) for n in range(1, 5)))
    assert card.scroll.sizeHint().height() == MAX_BODY_HEIGHT
    assert card.scroll.widget().sizeHint().height() > MAX_BODY_HEIGHT
    few = card_for(qtbot, question(1, False))
    assert few.scroll.sizeHint().height() < MAX_BODY_HEIGHT, "a short card does not scroll"
