"""A conversation with resumed and replayed turns, in the window, with the real
claude through the fake API: a replayed prompt reads as the person's words with
a folded "history replayed" chip, a resumed one is marked, the header counts
what resuming saved, and "Edit & Re-run from Here" makes a new branch."""

from __future__ import annotations

import pytest

from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.prompt_wrap import REPLAY_INTRO
from desktop.ui.sessions.session_model import TITLE
from desktop.ui.transcript.context_menu import message_menu
from desktop.ui.transcript.transcript_paint import prompt_chip
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import Reply, last_user_text
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


async def send(rig: Rig, prompt: str, count: int, *, fresh: bool = False) -> Execution:
    rig.desk.composer.fresh_check.setChecked(fresh)
    rig.type_and_send(prompt)
    live = await rig.started(count)
    execution = await rig.finished(live)
    assert execution.status is ExecutionStatus.SUCCEEDED, execution.error
    await rig.settled_on(live)
    return execution


def test_replayed_and_resumed_turns_read_as_one_and_a_prompt_reruns(rig: Rig) -> None:
    for text in ("The Esk.", "At Whitby.", "The Esk, at Whitby.", "North Sea.", "The Ouse."):
        rig.api.enqueue(Reply.text(text))
    desk, pane = rig.desk, rig.window.conversation

    async def scenario() -> None:
        rig.new_conversation()
        await send(rig, "Which river?", 1)
        resumed = await send(rig, "Where does it reach the sea?", 2)
        assert resumed.resumed and resumed.saved_bytes
        replayed = await send(rig, "Tell me again from the start.", 3, fresh=True)
        assert replayed.kind is ExecutionKind.REPLAY
        after = await send(rig, "Which sea?", 4)
        assert after.resumed and after.session_id == replayed.session_id

        # the replayed session: the person's words, a folded chip; the next prompt resumed
        prompts = [r for r in desk.panel.model.rows() if r.kind is RowKind.PROMPT]
        assert [r.message.text for r in prompts] == ["Tell me again from the start.", "Which sea?"]
        labels = desk.panel.view.delegate.labels
        size = f"{prompts[0].message.replayed_bytes / 1024:.1f}"
        assert prompt_chip(labels, prompts[0]) == f"history replayed (2 turns, {size} KB)"
        assert prompt_chip(labels, prompts[1]) == "resumed"
        assert all(REPLAY_INTRO not in rig.texts(kind) for kind in RowKind)
        # the list titles the session with the person's words, never the preamble
        source = desk.pane.source
        row = source.row_of((replayed.account or "", replayed.session_id or ""))
        assert "Tell me again from the start." in str(source.index(row, TITLE).data())
        # the header counts what resuming saved in this conversation
        await until(lambda: pane.conversation() is not None, what="the pane")
        saved = pane.header.saved_label.text()
        assert "tokens" in saved and not saved.startswith("0 "), saved

        # Edit & Re-run from Here on the replayed prompt: its words in the composer
        menu = message_menu(desk.panel.model, [], desk.panel.model.rows().index(prompts[0]),
                            desk.panel.view, desk.panel.view.rerun_requested.emit)  # fmt: skip
        (action,) = [a for a in menu.actions() if "Re-run" in a.text()]
        action.trigger()
        assert desk.composer.prompt_text() == "Tell me again from the start."
        assert not desk.branch_banner.isHidden()
        rig.type_and_send("Tell me again, briefly.")
        live = await rig.started(5)
        rerun = await rig.finished(live)
        assert rerun.status is ExecutionStatus.SUCCEEDED, rerun.error
        assert (rerun.kind, rerun.resumed) == (ExecutionKind.REPLAY, False)
        assert rerun.parent_execution_id == resumed.id and rerun.history_epoch == 1
        sent = last_user_text(rig.api.main_turns()[-1])
        assert sent.endswith("Tell me again, briefly.") and "At Whitby." in sent
        assert "Tell me again from the start." not in sent, "never the turn it replaces"
        assert desk.branch_banner.isHidden()
        await until(lambda: len(pane.model.executions()) == 5, what="both branches in the tree")

    rig.play(scenario())
