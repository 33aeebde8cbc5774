"""Load Context from the bundles page: a new conversation whose first turn carries the bundle,
run by the real claude against the fake API."""

from __future__ import annotations

import json

import pytest

from desktop.domain.conversations import ExecutionStatus
from tests.rig.fakeapi import Reply
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def test_load_context_starts_a_seeded_conversation_on_the_run_desk(rig: Rig) -> None:
    rig.api.enqueue(Reply.text("The magic word is xylophone."))
    hub = rig.hub
    hub.bundles.create("magic")
    hub.bundles.note("magic", "The magic word is xylophone.")
    page = rig.window.library.open_bundles()
    work = rig.window.library.work

    async def scenario() -> None:
        dialog = work.ask_load("magic")
        dialog.account.setCurrentText("alpha")
        dialog.folder.setText(str(rig.project))
        dialog.check()
        assert dialog.error.text() == "Write a prompt first."
        dialog.prompt.setPlainText("What is the magic word?")
        dialog.check()
        assert not dialog.isVisible()
        live = await rig.started()
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        await until(lambda: "Started a conversation" in page.message.text(), what="the news")

    rig.play(scenario())
    (turn,) = rig.api.main_turns()
    sent = json.dumps(turn.json["messages"])
    assert "The magic word is xylophone." in sent and "What is the magic word?" in sent
    (conversation,) = hub.conversations.list()
    assert conversation.title == "What is the magic word? [magic]"
