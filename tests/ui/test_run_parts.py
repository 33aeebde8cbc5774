"""The run window's parts on their own: folding events, the composer's keys, when to notify."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.domain.events import (
    AssistantMessage,
    StreamDelta,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    Usage,
    UserMessage,
)
from desktop.domain.transcript import Role
from desktop.services.hub import ServiceHub
from desktop.ui.common.status import StatusBar
from desktop.ui.runs.composer import Composer
from desktop.ui.runs.live_run import LiveTranscript, Op, split_paragraphs
from desktop.ui.runs.permission_card import describe_input
from desktop.ui.runs.tray import Attention, Channel, Notifier, decide
from desktop.ui.shell.main_window import MainWindow

pytestmark = pytest.mark.gui


def assistant(*blocks: object, uuid: str, message_id: str = "m1") -> AssistantMessage:
    return AssistantMessage(message_id=message_id, blocks=blocks, usage=Usage(), model="fake",
                            is_api_error=False, session_id="s", parent_tool_use_id=None,
                            uuid=uuid)  # type: ignore[arg-type]  # fmt: skip


def user(*blocks: object, uuid: str, replay: bool = False) -> UserMessage:
    return UserMessage(blocks=blocks, session_id="s", parent_tool_use_id=None, uuid=uuid,
                       is_replay=replay)  # type: ignore[arg-type]  # fmt: skip


def delta(kind: str, text: str = "", index: int = 0, parent: str | None = None) -> StreamDelta:
    return StreamDelta(kind=kind, index=index, text=text, message_id="m1",
                       parent_tool_use_id=parent)  # fmt: skip


def test_a_streamed_turn_folds_into_the_rows_the_transcript_file_will_hold() -> None:
    live = LiveTranscript("list the files")
    assert [i.message.role for i in live.items] == [Role.USER]
    assert (
        live.apply(user(TextBlock("list the files"), uuid="u-prompt", replay=True))[0].op
        is Op.UPDATE
    )
    assert live.prompt.uuid == "u-prompt" and live.prompt.message.text == "list the files"

    live.apply(delta("message_start"))
    assert live.apply(delta("thinking", "Let me ", index=0))[0].op is Op.ADD
    live.apply(delta("thinking", "think.", index=0))
    added = live.apply(delta("text", "I will ", index=1))
    assert added[0].op is Op.ADD and added[0].item.message.role is Role.ASSISTANT
    changed = live.apply(delta("text", "run ls.", index=1))
    assert changed[0].op is Op.UPDATE and changed[0].item.message.text == "I will run ls."
    assert live.apply(delta("text", "ignored", parent="toolu_agent")) == []

    live.apply(assistant(ThinkingBlock("Let me think."), uuid="u-think"))
    live.apply(assistant(TextBlock("I will run ls."), uuid="u-text"))
    tool = live.apply(assistant(ToolUseBlock("toolu_1", "Bash", {"command": "ls"}), uuid="u-tool"))
    assert tool[0].op is Op.ADD and tool[0].item.message.tool_use_id == "toolu_1"
    result = live.apply(user(ToolResultBlock("toolu_1", "a.txt\nb.txt"), uuid="u-result"))
    assert result[0].op is Op.RESULT and result[0].item.result is not None
    assert result[0].item.result.text == "a.txt\nb.txt" and result[0].item.result.uuid == "u-result"

    roles = [i.message.role for i in live.items]
    assert roles == [Role.USER, Role.THINKING, Role.ASSISTANT, Role.TOOL_USE]
    assert [i.uuid for i in live.items] == ["u-prompt", "u-think", "u-text", "u-tool"]
    assert all(i.final for i in live.items[1:3]), "whole blocks close what streamed"
    assert live.text() == "I will run ls."


def test_a_reply_without_partial_messages_arrives_whole() -> None:
    live = LiveTranscript("hi")
    changes = live.apply(assistant(TextBlock("Hello."), uuid="u1"))
    assert [c.op for c in changes] == [Op.ADD]
    assert live.text() == "Hello." and live.items[-1].uuid == "u1"


def test_enter_sends_shift_enter_breaks_the_line_and_ctrl_enter_sends(qtbot: QtBot) -> None:
    composer = Composer()
    qtbot.addWidget(composer)
    sent: list[str] = []
    composer.send_requested.connect(lambda: sent.append(composer.prompt_text()))
    qtbot.keyClicks(composer.prompt, "first line")
    qtbot.keyClick(composer.prompt, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(composer.prompt, "second")
    assert composer.prompt_text() == "first line\nsecond" and sent == []
    qtbot.keyClick(composer.prompt, Qt.Key.Key_Return)
    qtbot.keyClick(composer.prompt, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert sent == ["first line\nsecond"] * 2
    composer.set_state(streaming=True, starting=False)
    qtbot.keyClick(composer.prompt, Qt.Key.Key_Return)
    assert len(sent) == 2, "no second turn while this conversation's run streams"
    assert not composer.send_button.isEnabled()
    composer.set_state(streaming=False, starting=False)
    composer.clear_prompt()
    assert not composer.send_button.isEnabled(), "nothing to send"


def test_a_failed_prompt_comes_back_unless_something_new_was_typed(qtbot: QtBot) -> None:
    composer = Composer()
    qtbot.addWidget(composer)
    composer.restore_prompt("the old prompt")
    assert composer.prompt_text() == "the old prompt"
    composer.prompt.setPlainText("something new")
    composer.restore_prompt("the old prompt")
    assert composer.prompt_text() == "something new"


@pytest.mark.parametrize(
    ("kind", "active", "shown", "channel"),
    [
        (Attention.PERMISSION, True, True, Channel.NONE),
        (Attention.PERMISSION, True, False, Channel.STATUS),
        (Attention.PERMISSION, False, True, Channel.TRAY),
        (Attention.PERMISSION, False, False, Channel.TRAY),
        (Attention.FINISHED, True, True, Channel.NONE),
        (Attention.FINISHED, True, False, Channel.STATUS),
        (Attention.FINISHED, False, True, Channel.TRAY),
        (Attention.FAILED, True, True, Channel.NONE),
        (Attention.FAILED, False, False, Channel.TRAY),
    ],
)
def test_when_to_tell_the_person(
    kind: Attention, active: bool, shown: bool, channel: Channel
) -> None:
    assert decide(kind, window_active=active, run_shown=shown) is channel


def test_without_a_tray_the_status_bar_says_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = QMainWindow()  # never shown, so never the active window
    qtbot.addWidget(window)
    status = StatusBar(window)
    window.setStatusBar(status)
    notifier = Notifier(window, status)
    monkeypatch.setattr(notifier, "tray_available", lambda: False)
    channel = notifier.tell(Attention.FINISHED, "Claude finished", "fix the parser", run_shown=True)
    assert channel is Channel.TRAY
    assert status.currentMessage() == "Claude finished: fix the parser"
    assert notifier.sent == [(Channel.TRAY, "Claude finished: fix the parser")]


def test_a_card_shows_the_command_not_the_json() -> None:
    assert describe_input("Bash", {"command": "pytest -q", "description": "Run tests"}) == (
        "pytest -q",
        "Run tests",
    )
    assert describe_input("Write", {"file_path": "/tmp/a.py", "content": "x"})[0] == "/tmp/a.py"
    text, note = describe_input("Custom", {"n": 1})
    assert '"n": 1' in text and note == ""
    long, _ = describe_input("Bash", {"command": "x" * 5000})
    assert len(long) <= 800 and long.endswith("…")


def test_new_conversation_is_a_file_menu_command_on_ctrl_n(window: MainWindow) -> None:
    command = window.commands.new_conversation
    assert command in window.file_menu.actions()
    assert command.shortcut().toString() == "Ctrl+N"
    assert window.commands.stop_run in window.file_menu.actions()
    assert not window.commands.stop_run.isEnabled(), "nothing streams yet"
    assert not command.isEnabled(), "no account, so no conversation to start"


def test_a_new_conversation_is_an_empty_draft_under_the_composer(
    window: MainWindow, hub: ServiceHub, tmp_path: Path
) -> None:
    hub.accounts.add("solo", str(tmp_path / "claude-solo"), AuthKind.LOGIN)
    window.navigation.refresh()
    window.commands.new_conversation.trigger()
    desk = window.runs
    assert desk.presenter.is_draft() and desk.presenter.shown() is None
    assert not window.transcript.is_showing_empty()
    assert desk.composer.isVisible() and desk.composer.account() == "solo"
    assert desk.panel.title_label.text() == "New conversation"
    assert desk.panel.model.rowCount() == 0


def test_a_streaming_reply_is_cut_at_paragraphs_never_inside_code() -> None:
    text = "Plan:\n\n1. read\n2. fix\n\n```python\nx = 1\n\ny = 2\n```\n\nDone"
    assert split_paragraphs(text) == [
        "Plan:",
        "1. read\n2. fix",
        "```python\nx = 1\n\ny = 2\n```",
        "Done",
    ]
    assert split_paragraphs("```\nopen fence\n\nstill code") == ["```\nopen fence\n\nstill code"]
    assert "\n\n".join(split_paragraphs(text)) == text
