"""The composer's Model and Permission mode: the models the real claude lists,
the choice reaching claude's argv and the API, remembered per conversation,
and shown on the turn."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from desktop.domain.conversations import ExecutionStatus
from desktop.ui.common.run_mode_words import mode_name
from desktop.ui.runs.mode_choices import ModeChoices
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def _pick(combo_owner: ModeChoices, *, model: str | None = None, mode: str | None = None) -> None:
    """Choose as a person does: the item, then the combo's `activated`."""
    for combo, value in ((combo_owner.model_combo, model), (combo_owner.mode_combo, mode)):
        if value is None:
            continue
        index = combo.findData(value)
        assert index >= 0, f"{value} is not offered"
        combo.setCurrentIndex(index)
        combo.activated.emit(index)


def _values(choices: ModeChoices) -> list[str]:
    combo = choices.model_combo
    return [combo.itemData(i) for i in range(combo.count())]


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: the popup grabs nothing
def test_a_model_and_plan_mode_picked_in_the_composer_reach_claude_and_stay(rig: Rig) -> None:
    choices = rig.desk.composer.modes
    rig.api.enqueue(Reply.text("Here is a plan; nothing was changed."))

    async def scenario() -> None:
        rig.new_conversation()
        assert _values(choices)[0] == "" and not choices.models_loaded()
        # opening the list asks claude for the account's models (no API call)
        choices.model_combo.showPopup()
        await until(choices.models_loaded, 30, "claude's models")
        choices.model_combo.hidePopup()
        assert not rig.api.requests, "listing the models asked the API nothing"
        offered = _values(choices)
        assert offered[0] == "" and {"sonnet", "haiku"} <= set(offered), offered
        _pick(choices, model="sonnet", mode="plan")
        assert "#3B82F6" in choices.mode_combo.styleSheet(), "plan mode stands out"

        rig.type_and_send("Plan the change, do not make it.")
        live = await rig.started()
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED, execution.error
        args = execution.args
        assert args[args.index("--permission-mode") + 1] == "plan"
        assert args[args.index("--model") + 1] == "sonnet"
        (turn,) = rig.api.main_turns()
        assert "sonnet" in turn.json["model"]  # claude's own default is another
        assert (execution.model, execution.permission_mode) == (turn.json["model"], "plan")

        await rig.settled_on(live)
        await until(lambda: any(turn.json["model"] in t for t in rig.texts(RowKind.NOTE)),
                    20, "the turn's footer")  # fmt: skip
        (note,) = rig.texts(RowKind.NOTE)
        assert mode_name("plan") in note
        # the tree's node says it too
        tree = rig.window.conversation.model
        await until(lambda: tree.index_of(execution.id).isValid(), 20, "the turn's node")
        tip = tree.index_of(execution.id).data(Qt.ItemDataRole.ToolTipRole) or ""
        assert turn.json["model"] in tip and mode_name("plan") in tip, tip

        # another choice for a draft, then back: the conversation's own comes back
        rig.new_conversation()
        _pick(choices, model="", mode="acceptEdits")
        assert choices.model() is None and choices.permission_mode() == "acceptEdits"
        assert live.key is not None
        rig.window.sessions.pane.select_session(*live.key)
        await until(lambda: choices.permission_mode() == "plan", 20, "the remembered mode")
        assert choices.model() == "sonnet"

    rig.play(scenario())


def test_a_choice_made_on_a_shown_conversation_is_remembered_before_any_turn(rig: Rig) -> None:
    choices = rig.desk.composer.modes
    rig.api.enqueue(Reply.text("first"))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("hello")
        live = await rig.started()
        execution = await rig.finished(live)
        assert "--permission-mode" not in execution.args and "--model" not in execution.args
        await rig.settled_on(live)
        _pick(choices, mode="plan")
        conversation = execution.conversation_id
        await until(lambda: rig.hub.conversations.get(conversation).permission_mode == "plan",
                    20, "the choice to be stored")  # fmt: skip
        rig.new_conversation()
        assert choices.permission_mode() == "plan", "a draft starts from the choice shown"
        _pick(choices, mode="default")
        assert live.key is not None
        rig.window.sessions.pane.select_session(*live.key)
        await until(lambda: choices.permission_mode() == "plan", 20, "the remembered mode")

    rig.play(scenario())
    QApplication.processEvents()
