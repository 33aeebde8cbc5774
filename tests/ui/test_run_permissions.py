"""A Bash call from the model waits on a card; Allow runs the tool, Deny does not."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from desktop.domain.conversations import ExecutionStatus
from desktop.ui.runs.run_indicator import Badge
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply, tool_results
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def has_tool_card(rig: Rig) -> bool:
    return any(row.kind is RowKind.TOOL for row in rig.desk.panel.model.rows())


def tool_card_result(rig: Rig) -> str | None:
    cards = [row for row in rig.desk.panel.model.rows() if row.kind is RowKind.TOOL]
    assert len(cards) == 1, f"one Bash card, not {len(cards)}"
    assert cards[0].message.tool_name == "Bash"
    return cards[0].result.text if cards[0].result is not None else None


def test_allow_on_the_card_runs_the_command(rig: Rig) -> None:
    target = rig.project / "made-by-bash.txt"
    command = f"touch '{target}'"
    rig.api.enqueue(Reply.tool_use("Bash", {"command": command, "description": "Make a file"}),
                    Reply.text("The file is there."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("make a file")
        live = await rig.started()
        stack = rig.desk.cards
        await until(lambda: stack.pending(), 30, "the permission card")
        (card,) = stack.pending()
        assert card.isVisible() and card.input_label.text() == command
        assert card.note_label.text() == "Make a file"
        assert "Bash" in card.title_label.text()
        # the tool card reaches the transcript too (rows are painted in batches, so
        # on a loaded machine it may land just after the card), waiting for its result
        await until(lambda: has_tool_card(rig), 10, "the tool card")
        assert tool_card_result(rig) is None
        assert "waiting for permission" in rig.desk.indicator.label.text()
        assert not target.exists()

        rig.qtbot.mouseClick(card.allow_button, Qt.MouseButton.LeftButton)
        await until(lambda: live.decided, 5, "the answer to be recorded")
        (decided,) = stack.cards()
        assert decided.choice is not None and "Allowed" in decided.decision_label.text()
        assert decided.allow_button.isHidden()
        # the result fills the same card in place
        # the rows are swapped for the file's when it is read again: wait across the swap
        await until(
            lambda: has_tool_card(rig) and tool_card_result(rig) is not None, 30, "the result"
        )
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert target.exists()
        await rig.settled_on(live)
        assert tool_card_result(rig) is not None
        assert rig.texts(RowKind.REPLY) == ["The file is there."]
        rig.assert_no_repeats()
        assert not stack.isVisible(), "no question is left once the turn is over"

    rig.play(scenario())


def test_deny_by_keyboard_keeps_the_command_from_running(rig: Rig) -> None:
    target = rig.project / "must-not-exist.txt"
    rig.api.enqueue(Reply.tool_use("Bash", {"command": f"touch '{target}'"}),
                    Reply.text("Understood, I did not touch it."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("make a file, if I let you")
        live = await rig.started()
        await until(lambda: rig.desk.cards.pending(), 30, "the permission card")
        (card,) = rig.desk.cards.pending()
        assert card.deny_button.focusPolicy() & Qt.FocusPolicy.TabFocus
        card.deny_button.setFocus()
        rig.qtbot.keyClick(card.deny_button, Qt.Key.Key_Space)
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert not target.exists()
        (result,) = tool_results(rig.api.main_turns()[-1])
        assert result.is_error and "denied" in result.text.lower()
        await rig.settled_on(live)
        text = tool_card_result(rig)
        assert text is not None and "denied" in text.lower()
        rig.assert_no_repeats()

    rig.play(scenario())


def test_a_question_in_another_conversation_is_flagged_not_shown(rig: Rig) -> None:
    target = rig.project / "later.txt"
    rig.api.enqueue(Reply.tool_use("Bash", {"command": f"touch '{target}'"}),
                    Reply.text("Done later."))  # fmt: skip

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("make it later")
        live = await rig.started()
        await until(lambda: live.key is not None and live.pending, 30, "the question")
        await until(lambda: rig.desk.pane.source.row_of(live.key) >= 0, 30, "the session listed")
        assert rig.desk.indicator.badge(live.key) is Badge.ATTENTION
        rig.window.commands.new_conversation.trigger()  # look elsewhere
        assert rig.desk.cards.pending() == []
        assert "1 waiting for permission" in rig.desk.indicator.label.text()
        # back to it: the question is still there and can be answered
        assert rig.desk.pane.select_session(*live.key)
        await until(lambda: rig.desk.cards.pending(), 10, "the card again")
        rig.desk.cards.pending()[0].allow_button.click()
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED and target.exists()
        assert rig.desk.indicator.badge(live.key) is None

    rig.play(scenario())
