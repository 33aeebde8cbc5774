"""The conversation pane with the real claude through the fake API: run,
continue and fork make a tree of three nodes; choosing a node scrolls the
transcript to its turn; Continue from a node sends a turn that is answered."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QLabel

from desktop.domain.branches import Comparison
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.replay import Turn
from desktop.ui.conversations.compare_dialog import CompareDialog
from desktop.ui.conversations.conversation_pane import ConversationPane
from desktop.ui.conversations.tree_model import NODE
from desktop.ui.runs.run_controller import LiveRun
from desktop.ui.sessions.session_model import TITLE
from desktop.ui.shell.palette import window_commands
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, open_rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]

FIRST = "The river is the Esk."
SECOND = "It reaches the sea at Whitby."
FORKED = "The Ouse, if you start again from York."
LAST = "And the Ouse meets the Trent at the Humber."


def shape(pane: ConversationPane) -> list[tuple[str, list]]:
    """The tree as (kind, children) pairs, oldest first."""
    model = pane.model

    def walk(parent: QModelIndex) -> list[tuple[str, list]]:
        rows = []
        for row in range(model.rowCount(parent)):
            index = model.index(row, NODE, parent)
            execution = model.execution_at(index)
            rows.append((str(execution.kind), walk(index)))
        return rows

    return walk(QModelIndex())


async def send(rig: Rig, prompt: str, count: int) -> tuple[LiveRun, Execution]:
    rig.type_and_send(prompt)
    live = await rig.started(count)
    execution = await rig.finished(live)
    assert execution.status is ExecutionStatus.SUCCEEDED, execution.error
    await rig.settled_on(live)
    return live, execution


def test_run_continue_and_fork_make_a_tree_that_scrolls_and_continues(rig: Rig) -> None:
    for text in (FIRST, SECOND, FORKED, LAST):
        rig.api.enqueue(Reply.text(text))
    pane = rig.window.conversation

    async def scenario() -> None:
        assert pane.empty_label.isVisibleTo(pane) and not pane.body.isVisibleTo(pane)
        rig.new_conversation()
        _, first = await send(rig, "Which river?", 1)
        await until(lambda: pane.conversation() is not None, what="the pane to show it")
        assert pane.header.code_label.text() == pane.conversation().code
        assert pane.header.session_id() == first.session_id
        _, second = await send(rig, "Where does it reach the sea?", 2)

        # fork from the first node: chosen in the tree, Fork, then a prompt
        pane.tree.setCurrentIndex(pane.model.index_of(first.id))
        assert pane.fork_action.isEnabled()
        offered = {command.action for command in window_commands(rig.window)}
        assert {pane.continue_action, pane.fork_action} <= offered  # the palette finds them
        pane.fork_action.trigger()
        assert not rig.desk.branch_banner.isHidden()
        _, fork = await send(rig, "Start again from York", 3)
        assert fork.kind is ExecutionKind.FORK and fork.forked_from_execution_id == first.id
        assert rig.desk.branch_banner.isHidden(), "the mode is a one-off"
        await until(lambda: len(pane.model.executions()) == 3, what="the tree to hold three")
        # the continue is the next row, the fork one column in under the node it left
        assert shape(pane) == [("new", [("fork", [])]), ("continue", [])]
        assert pane.header.session_id() == fork.session_id  # the fork's session is shown
        # the list marks each session's conversation, and the fork as a fork of its parent
        source, conversations = rig.desk.pane.source, rig.hub.conversations
        parent_code = conversations.get(first.conversation_id).code
        fork_code = conversations.get(fork.conversation_id).code

        def title(execution: Execution) -> str:
            row = source.row_of((execution.account or "", execution.session_id or ""))
            return str(source.index(row, TITLE).data())

        assert title(fork).startswith(f"{fork_code} fork of {parent_code} · ")
        assert title(first).startswith(f"{parent_code} · ")

        # choosing the second node shows the first session at that turn
        pane.tree.setCurrentIndex(pane.model.index_of(second.id))
        panel = rig.desk.panel
        await until(lambda: panel.current() is not None
                    and panel.current().session_id == second.session_id
                    and not panel.is_loading() and panel.view.selected_rows(),
                    20, "the transcript at the second turn")  # fmt: skip
        row = panel.view.selected_rows()[0]
        shown = panel.model.rows()[row]
        assert shown.kind is RowKind.PROMPT and shown.message.text == "Where does it reach the sea?"

        # Continue from the fork's node: the reply appears, under the fork
        pane.tree.setCurrentIndex(pane.model.index_of(fork.id))
        pane.tree.setFocus()
        rig.qtbot.keyClick(pane.tree, Qt.Key.Key_Return)  # Enter continues from the node
        assert not rig.desk.branch_banner.isHidden()
        _, last = await send(rig, "And then?", 4)
        assert last.kind is ExecutionKind.CONTINUE and last.conversation_id == fork.conversation_id
        assert rig.texts(RowKind.REPLY)[-1] == LAST
        await until(lambda: len(pane.model.executions()) == 4, what="the fourth node")
        assert shape(pane) == [("new", [("fork", []), ("continue", [])]), ("continue", [])]

        # the two heads compared: the shared turn folded, the tails side by side
        selection = pane.tree.selectionModel()
        pane.tree.setCurrentIndex(pane.model.index_of(second.id))
        selection.select(pane.model.index_of(last.id),
                         selection.SelectionFlag.Select | selection.SelectionFlag.Rows)  # fmt: skip
        assert pane.compare_action.isEnabled()
        dialog = pane.compare_selected()
        assert isinstance(dialog, CompareDialog)
        # an older node's fork replays its history in one prompt: nothing is shared verbatim
        assert [t.text for t in dialog.comparison.a][-1] == SECOND
        assert [t.text for t in dialog.comparison.b][-1] == LAST
        assert "Humber" in [c.text() for c in dialog.findChildren(QLabel, "compareCell")][-1]
        dialog.close()

    rig.play(scenario())


def test_the_compare_dialog_folds_the_shared_part_and_marks_what_differs(qtbot) -> None:
    shared = (Turn("user", "Which river?", "u1"), Turn("assistant", "The Esk.", "a1"))
    comparison = Comparison(
        common=shared,
        a=(
            Turn("user", "Where does it meet the sea?"),
            Turn("assistant", "At Whitby, in the east."),
        ),
        b=(Turn("user", "Where does it rise?"),),
    )
    dialog = CompareDialog(comparison, "continue 1", "fork 2")
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.common_toggle.text() == "Shared history: 2 messages"
    assert dialog.common_view.isHidden(), "the shared history starts folded"
    qtbot.mouseClick(dialog.common_toggle, Qt.MouseButton.LeftButton)
    assert dialog.common_view.isVisible() and "The Esk." in dialog.common_view.toPlainText()
    cells = [c.text() for c in dialog.findChildren(QLabel, "compareCell")]
    assert len(cells) == 4, "two rows, side by side; the missing message is a blank cell"
    left_prompt, right_prompt, left_reply, right_reply = cells
    assert "#FDE68A" in left_prompt and ">meet " in left_prompt.replace("</span>", "")
    assert "Where does it" in left_prompt and "Where does it" in right_prompt
    assert "it <span" in left_prompt, "the shared words are not marked, the first new one is"
    assert "Whitby" in left_reply and "(nothing here)" in right_reply


def test_a_listed_session_shows_its_conversation_as_soon_as_a_turn_adopts_it(
    claude_account, claude_bin, fake_api, home, hub, tmp_path, qapp, qtbot, open_window,
    monkeypatch,
) -> None:  # fmt: skip
    """A session the CLI wrote outside the window is no conversation yet; the
    first turn sent to it adopts it, and the pane shows that conversation while
    the turn still waits on a permission, not only after it ends."""
    project = tmp_path / "river project"
    project.mkdir()
    account = claude_account("alpha")
    fake_api.enqueue(Reply.text(FIRST))
    proc = account.run(["-p", "--output-format", "json", "Which river?"], cwd=project)
    assert proc.returncode == 0, proc.stderr
    fake_api.enqueue(
        Reply.tool_use("Bash", {"command": f"touch '{project}/sea'", "description": "Mark"}),
        Reply.text(SECOND),
    )
    with open_rig(home=home, hub=hub, account=account, claude_bin=claude_bin, api=fake_api,
                  project=project, qapp=qapp, qtbot=qtbot, open_window=open_window,
                  monkeypatch=monkeypatch) as rig:  # fmt: skip
        pane, desk = rig.window.conversation, rig.desk

        async def scenario() -> None:
            (record,) = desk.pane.source.records()
            assert desk.pane.select_session(record.account, record.session_id)
            await until(lambda: desk.panel.current() is not None, what="the transcript")
            assert pane.conversation() is None and pane.empty_label.isVisibleTo(pane)
            rig.type_and_send("Where does it reach the sea?")
            live = await rig.started(1)
            await until(lambda: desk.cards.pending(), 30, "the permission card")
            await until(lambda: pane.conversation() is not None, what="the adopted conversation")
            assert live.streaming
            assert pane.body.isVisibleTo(pane) and not pane.empty_label.isVisibleTo(pane)
            assert pane.header.code_label.text() == pane.conversation().code
            assert pane.header.session_id() == record.session_id
            await until(lambda: pane.model.executions(), what="the running turn's node")
            assert live.streaming, "shown while the turn still waits"
            for card in desk.cards.pending():
                card.deny_button.click()
            await rig.finished(live)

        rig.play(scenario())
