"""Claude's questions (AskUserQuestion) from the real claude, answered on a card in the window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.domain.conversations import ExecutionStatus
from desktop.ui.runs.question_card import QuestionCard
from tests.rig.fakeapi import Reply, tool_results
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

QUESTIONS = [
    {
        "question": "Which database should the service use?",
        "header": "Database",
        "multiSelect": False,
        "options": [
            {"label": "SQLite", "description": "One file, nothing to run"},
            {"label": "PostgreSQL", "description": "A server, for many writers"},
        ],
    },
    {
        "question": "Which platforms must it support?",
        "header": "Platforms",
        "multiSelect": True,
        "options": [
            {"label": "Linux", "description": "Servers and desktops"},
            {"label": "macOS", "description": "Laptops"},
            {"label": "Windows", "description": "Office machines"},
        ],
    },
]


def test_the_card_answers_claudes_questions_and_the_next_request_carries_them(rig: Rig) -> None:
    rig.api.enqueue(Reply.tool_use("AskUserQuestion", {"questions": QUESTIONS}),
                    Reply.text("SQLite on Linux and the BSDs, then."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("plan the storage")
        live = await rig.started()
        stack = rig.desk.cards
        await until(lambda: stack.pending(), 30, "the question card")
        (card,) = stack.pending()
        assert isinstance(card, QuestionCard) and card.isVisible()
        first, second = card.boxes
        assert first.text_label.text() == QUESTIONS[0]["question"]
        assert [b.text() for b in first.option_buttons] == ["SQLite", "PostgreSQL"]
        assert first.option_buttons[0].autoExclusive() or not first.question.multi
        assert second.question.multi
        assert not card.send_button.isEnabled(), "nothing answered yet"

        # by keyboard: pick the first option of the one-choice question
        first.option_buttons[0].setFocus()
        rig.qtbot.keyClick(first.option_buttons[0], Qt.Key.Key_Space)
        assert first.option_buttons[0].isChecked()
        assert not card.send_button.isEnabled(), "the second question is still open"
        # several picks, and an answer in the person's own words
        rig.qtbot.keyClick(second.option_buttons[0], Qt.Key.Key_Space)
        rig.qtbot.keyClicks(second.other_edit, "the BSDs")
        assert second.other_button.isChecked()
        assert card.send_button.isEnabled()
        rig.qtbot.keyClick(second.other_edit, Qt.Key.Key_Return)  # Enter sends
        # the card is rebuilt from what the run recorded: it says what was sent
        (decided,) = stack.cards()
        assert decided is not card and isinstance(decided, QuestionCard)
        assert decided.send_button.isHidden()
        assert "→ Linux, the BSDs" in decided.decision_label.text()

        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        (result,) = tool_results(rig.api.main_turns()[-1])
        assert not result.is_error
        assert f'"{QUESTIONS[0]["question"]}"="SQLite"' in result.text
        assert f'"{QUESTIONS[1]["question"]}"="Linux, the BSDs"' in result.text

    rig.play(scenario())


def test_cancel_declines_and_a_malformed_question_falls_back_to_allow_deny(rig: Rig) -> None:
    # claude checks the input against the tool's schema before it asks, but lets
    # a blank label through: a card cannot show that as a choice
    blank = {
        **QUESTIONS[1],
        "options": [{"label": " ", "description": "?"}, {"label": "Linux", "description": "?"}],
    }
    broken = {"questions": [QUESTIONS[0], blank]}
    rig.api.enqueue(Reply.tool_use("AskUserQuestion", {"questions": QUESTIONS}),
                    Reply.tool_use("AskUserQuestion", broken),
                    Reply.text("I will choose myself."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("plan it")
        live = await rig.started()
        stack = rig.desk.cards
        await until(lambda: stack.pending(), 30, "the question card")
        (card,) = stack.pending()
        assert isinstance(card, QuestionCard)
        rig.qtbot.mouseClick(card.cancel_button, Qt.MouseButton.LeftButton)
        await until(lambda: stack.pending(), 30, "the second, malformed question")
        (plain,) = stack.pending()
        assert not isinstance(plain, QuestionCard), "a shape not understood gets Allow/Deny"
        assert "AskUserQuestion" in plain.title_label.text()
        rig.qtbot.mouseClick(plain.deny_button, Qt.MouseButton.LeftButton)
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        declined = tool_results(rig.api.main_turns()[-2])
        assert declined[-1].is_error and "declined to answer" in declined[-1].text
        denied = tool_results(rig.api.main_turns()[-1])
        assert denied[-1].is_error and "denied" in denied[-1].text

    rig.play(scenario())
