"""The first hour with runs, as a newcomer meets it: each test is a bug seen on screen once.

The real claude against the fake API; what the window shows is compared with
what claude wrote to the transcript file.
"""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import ExecutionKind, ExecutionStatus
from desktop.domain.events import PermissionRequest
from desktop.ui.runs.permission_card import PermissionCard
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

NO_RESPONSE = "No response requested."
THREE_PARAGRAPHS = (
    "The Esk rises on the moors above Westerdale.\n\n"
    "It runs east through Danby, Glaisdale and Grosmont, gathering becks.\n\n"
    "At Whitby it meets the North Sea between the two piers."
)


def replies_on_disk(path: Path) -> list[str]:
    """The assistant's text blocks as claude wrote them to the transcript file."""
    texts: list[str] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("type") != "assistant":
            continue
        for block in entry["message"].get("content", []):
            if isinstance(block, dict) and block.get("type") == "text" and block["text"].strip():
                texts.append(block["text"])
    return texts


def painted_replies(rig: Rig) -> list[str]:
    """The reply rows' text as the view lays it out and paints it (whitespace folded)."""
    view = rig.desk.panel.view
    model = rig.desk.panel.model
    width = view.viewport().width()
    return [
        " ".join(view.delegate.document(row, width).toPlainText().split())
        for row in model.rows()
        if row.kind is RowKind.REPLY
    ]


@pytest.mark.parametrize(("chunks", "delay"), [(1, 0.0), (6, 0.2)])
def test_the_first_reply_of_a_new_conversation_is_shown_whole_as_on_disk(
    rig: Rig, chunks: int, delay: float
) -> None:
    rig.api.enqueue(Reply.text(THREE_PARAGRAPHS, chunks=chunks, delay=delay))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Tell me about the Esk in three paragraphs.")
        live = await rig.started()
        await rig.finished(live)
        await rig.settled_on(live)
        assert live.key is not None
        record = rig.hub.sessions.find(live.key[1], live.key[0])
        on_disk = replies_on_disk(Path(record.path))
        assert on_disk == [THREE_PARAGRAPHS]
        assert rig.texts(RowKind.REPLY) == on_disk
        # what is painted: the delegate's document for each reply row
        assert painted_replies(rig) == [" ".join(THREE_PARAGRAPHS.split())]

    rig.play(scenario())


def test_the_composer_stops_saying_claude_is_answering_once_the_run_ends(rig: Rig) -> None:
    rig.api.enqueue(Reply.text("First.", chunks=3, delay=0.2))
    rig.api.enqueue(Reply.text("Second.", chunks=3, delay=0.2))
    prompt = rig.desk.composer.prompt

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("One")
        first = await rig.started()
        await until(lambda: "answering" in prompt.placeholderText(), 10, "the busy hint")
        await rig.finished(first)
        await rig.settled_on(first)
        await until(lambda: True)
        assert "answering" not in prompt.placeholderText()
        rig.type_and_send("Two")  # continues the chosen session
        second = await rig.started(2)
        await rig.finished(second)
        await rig.settled_on(second)
        await until(lambda: True)
        assert "answering" not in prompt.placeholderText()
        assert rig.desk.composer.send_button.text() == "Send"

    rig.play(scenario())


def test_after_allow_or_deny_the_focus_is_back_in_the_composer_and_the_command_shown_once(
    rig: Rig,
) -> None:
    first = rig.project / "a.txt"
    second = rig.project / "b.txt"
    rig.api.enqueue(
        Reply.tool_use("Bash", {"command": f"touch '{first}'"}),
        Reply.tool_use("Bash", {"command": f"touch '{second}'"}),
        Reply.text("Done."),
    )

    async def scenario() -> None:
        rig.window.activateWindow()
        rig.new_conversation()
        rig.type_and_send("make two files")
        live = await rig.started()
        stack = rig.desk.cards
        for target, button in ((first, "allow_button"), (second, "deny_button")):
            await until(lambda: stack.pending(), 30, "the permission card")
            (card,) = stack.pending()
            command = f"touch '{target}'"
            words = [card.title_label.text(), card.input_label.text()]
            if card.note_label.isVisibleTo(card):
                words.append(card.note_label.text())
            # the command's start, not only its whole: claude's cut copy repeats that
            assert " ".join(words).count(command[:40]) == 1, words
            getattr(card, button).setFocus()
            rig.qtbot.keyClick(getattr(card, button), Qt.Key.Key_Space)
            await until(lambda: not stack.pending(), 5, "the answer")
            await until(lambda: True)
            assert QApplication.focusWidget() is rig.desk.composer.prompt, (
                QApplication.focusWidget()
            )
        await rig.finished(live)

    rig.play(scenario())


def test_after_a_stop_the_next_turn_does_not_open_with_no_response_requested(rig: Rig) -> None:
    # after an interrupt the model answers the interrupt note with this exact line; claude
    # marks it as closing a quiet turn and never shows it: neither may the window
    words = " ".join(f"word{n}" for n in range(60))
    rig.api.enqueue(Reply.text(words, chunks=30, delay=0.2))
    rig.api.enqueue(Reply.text(NO_RESPONSE, stop_reason="end_turn"))
    rig.api.enqueue(Reply.text("Here I am again."))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Count slowly")
        live = await rig.started()
        await until(lambda: len(live.transcript.text()) > 30, 30, "some of the reply")
        rig.window.commands.stop_run.trigger()
        await rig.finished(live, timeout=30)
        await rig.settled_on(live)
        for number, prompt in ((2, "Go on"), (3, "Are you there?")):
            rig.type_and_send(prompt)
            again = await rig.started(number)
            await rig.finished(again)
            await rig.settled_on(again)
        assert again.key is not None
        shown = [row.message.text for row in rig.desk.panel.model.rows()]
        assert not any(NO_RESPONSE in text for text in shown), shown
        assert rig.texts(RowKind.REPLY)[-1] == "Here I am again."

    rig.play(scenario())


def test_between_send_and_the_first_word_the_window_shows_claude_is_at_work(rig: Rig) -> None:
    hold = threading.Event()
    rig.api.enqueue(Reply.text("At last.", hold=hold))
    activity = rig.desk.activity

    async def scenario() -> None:
        assert activity.isHidden()
        rig.new_conversation()
        rig.type_and_send("Take your time")
        live = await rig.started()
        await until(lambda: rig.api.main_turns(), 30, "claude to ask the API")
        await until(lambda: True)
        assert activity.isVisible() and activity.text()
        hold.set()
        await rig.finished(live)
        await rig.settled_on(live)
        assert activity.isHidden()

    rig.play(scenario())


LONG_COMMAND = "printf '%s\\n' alpha beta gamma delta epsilon zeta eta theta > 'greek letters.txt'"


@pytest.mark.parametrize(
    ("command", "description"),
    [
        ("touch 'x y.txt'", "touch 'x y.txt'"),
        ("touch 'x y.txt'", "  touch  'x y.txt'\n"),
        # what claude 2.1.332 sends for a command of more than 49 characters without a
        # description of its own: the command cut, and an ellipsis
        (LONG_COMMAND, LONG_COMMAND[:49] + "…"),
    ],
)
def test_a_permission_card_shows_its_command_once(
    qtbot: QtBot, command: str, description: str
) -> None:
    request = PermissionRequest(
        "r1", "can_use_tool", {}, "Bash", {"command": command}, "toolu_1", (), description
    )
    card = PermissionCard(request)
    qtbot.addWidget(card)
    card.show()
    labels = [label.text() for label in card.findChildren(QLabel) if label.isVisibleTo(card)]
    assert " ".join(labels).count(command[:40]) == 1, labels


def test_a_finished_turn_shows_its_usage_cost_and_context_after_its_reply(rig: Rig) -> None:
    rig.api.enqueue(Reply.text("Counted.", input_tokens=1200, output_tokens=34))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Count the tokens")
        live = await rig.started()
        execution = await rig.finished(live)
        await rig.settled_on(live)
        await until(lambda: rig.texts(RowKind.NOTE), 10, "the usage line")
        rows = rig.desk.panel.model.rows()
        kinds = [row.kind for row in rows]
        note = rows[kinds.index(RowKind.NOTE)]
        assert kinds.index(RowKind.NOTE) == kinds.index(RowKind.REPLY) + 1  # on its turn
        assert "tokens in" in note.message.text and "34 out" in note.message.text
        assert execution.cost_usd is not None and "$" in note.message.text
        if execution.context_tokens:
            assert "context" in note.message.text
        # a second reading of the file keeps it, once
        rig.desk.panel.show_record(rig.desk.panel.current())
        await until(lambda: not rig.desk.panel.is_loading(), 10, "the re-read")
        await until(lambda: True)
        assert len(rig.texts(RowKind.NOTE)) == 1

    rig.play(scenario())


def test_a_turn_s_usage_is_read_off_the_window_s_thread_and_once(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ended turn's record is read in a worker (on the window's thread it was a
    piece of a stalled frame while other runs streamed), and a second reading of
    the file shows the line again without reading the record again."""
    rig.api.enqueue(Reply.text("Counted.", input_tokens=10, output_tokens=3))
    service = rig.hub.conversations
    read = service.execution
    threads: list[threading.Thread] = []

    def reading(execution_id: str) -> object:
        if sys._getframe(1).f_code.co_filename.endswith("turn_usage.py"):  # not the rig's
            threads.append(threading.current_thread())
        return read(execution_id)

    monkeypatch.setattr(service, "execution", reading)

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Count the tokens")
        live = await rig.started()
        await rig.finished(live)
        await rig.settled_on(live)
        await until(lambda: rig.texts(RowKind.NOTE), 10, "the usage line")
        reads = len(threads)
        rig.desk.panel.show_record(rig.desk.panel.current())
        await until(lambda: not rig.desk.panel.is_loading(), 10, "the re-read")
        assert len(rig.texts(RowKind.NOTE)) == 1
        assert len(threads) == reads

    rig.play(scenario())
    assert threads and threading.main_thread() not in threads


def test_once_claude_has_answered_the_composer_stops_saying_it_is_answering(rig: Rig) -> None:
    # a background task keeps claude from exiting for seconds after its answer: the
    # composer said "Claude is answering…" all that while, under a complete reply
    rig.api.enqueue(
        Reply.tool_use("Bash", {"command": "sleep 120", "run_in_background": True}),
        Reply.text("Started it in the background."),
    )
    rig.api.enqueue(Reply.text("Still here."))
    prompt = rig.desk.composer.prompt

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("start a long job in the background")
        live = await rig.started()
        await until(lambda: rig.desk.cards.pending() or live.replied, 30, "claude")
        for card in rig.desk.cards.pending():  # whether claude asks depends on the command
            card.allow_button.click()
        await until(lambda: live.replied, 30, "claude's answer")
        await until(lambda: True)
        assert live.streaming, "claude is still exiting (its background task holds it)"
        assert "answering" not in prompt.placeholderText()
        # the next prompt may be sent now: it waits for that claude to end, then continues
        rig.type_and_send("are you still there?")
        second = await rig.started(2)
        assert not live.streaming
        done = await rig.finished(second)
        assert done.status is ExecutionStatus.SUCCEEDED, done.error
        assert done.kind is ExecutionKind.CONTINUE and not rig.desk.composer.error_text()

    rig.play(scenario())
