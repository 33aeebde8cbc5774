"""Load Context from the bundles page: a new conversation whose first turn carries the bundle,
or the bundle's latest conversation continued (its session resumed) when it can be; run by
the real claude against the fake API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.domain.conversations import ExecutionStatus
from tests.rig.fakeapi import Reply, last_user_text
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


def test_load_context_continues_the_bundles_latest_conversation_when_it_can(
    rig: Rig, tmp_path: Path
) -> None:
    rig.api.enqueue(Reply.text("The ship is ALBATROSS."))
    rig.api.enqueue(Reply.text("Twelve aboard."))
    hub = rig.hub
    page = rig.window.library.open_bundles()
    work = rig.window.library.work
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send("Name the ship.")
        first = await rig.finished(await rig.started(1))
        assert first.status is ExecutionStatus.SUCCEEDED, first.error
        hub.bundles.create("ship")
        hub.bundles.add("ship", ["SESS-001"])
        hub.bundles.note("ship", "Crew of twelve.")
        dialog = work.ask_load("ship")
        dialog.account.setCurrentText("alpha")
        dialog.folder.setText(str(elsewhere))
        dialog.ask_plan()
        await until(lambda: "another folder" in dialog.plan.text(), what="the plan")
        assert dialog.plan.text().startswith("Starts a new conversation with every item's text")
        dialog.folder.setText(str(rig.project))
        dialog.ask_plan()
        await until(lambda: dialog.plan.text().startswith("Continues SESS-001"), what="resume")
        dialog.prompt.setPlainText("Who sails?")
        dialog.check()
        live = await rig.started(2)
        second = await rig.finished(live)
        assert second.status is ExecutionStatus.SUCCEEDED, second.error
        assert second.resumed and second.conversation_id == first.conversation_id
        await until(lambda: "Continued SESS-001" in page.message.text(), what="the news")

    rig.play(scenario())
    assert len(hub.conversations.list()) == 1, "no new conversation"
    sent = last_user_text(rig.api.main_turns()[-1])
    assert "Crew of twelve." in sent and "ALBATROSS" not in sent and sent.endswith("Who sails?")
