"""`[[SESS-…]]` in the composer, with the real claude through the fake API: an
unknown handle is said in the composer and nothing is sent; another
account's conversation is sent only after the person confirms it."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QMessageBox, QPushButton

from desktop.domain.accounts import AuthKind
from desktop.domain.conversations import ExecutionStatus
from tests.rig.fakeapi import Reply, last_user_text
from tests.ui.run_kit import Rig, until
from tests.ui.session_kit import conversation_rows, new_session, write

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def _other_accounts_conversation(rig: Rig) -> str:
    """SESS-001: a conversation of account `beta` whose session mentions OSPREY COVE."""
    config = rig.project.parent / "claude-beta"
    config.mkdir()
    rig.hub.accounts.add("beta", str(config), AuthKind.LOGIN)
    t = new_session("/src/harbour", "where is the secret harbour? OSPREY COVE, I think")
    write(config, t)
    rig.hub.sessions.refresh()
    with conversation_rows(rig.hub.home) as rows:
        conv = rows.create("Harbour", "beta", "/src/harbour")
        rows.update(conv.id, session_id=t.session_id)
    return conv.code


def test_an_unknown_handle_is_said_in_the_composer_and_nothing_is_sent(rig: Rig) -> None:
    prompt = "do it like [[SESS-077]] did"

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send(prompt)
        composer = rig.desk.composer
        await until(lambda: composer.error_text(), 20, "the composer's message")
        assert "SESS-077" in composer.error_text()
        assert "Nothing was sent" in composer.error_text()
        assert composer.prompt_text() == prompt, "the prompt is kept to fix"
        assert rig.desk.controller.runs == []

    rig.play(scenario())
    assert rig.api.main_turns() == []
    assert rig.hub.conversations.list() == []


def test_another_accounts_conversation_is_sent_once_confirmed(rig: Rig) -> None:
    code = _other_accounts_conversation(rig)
    prompt = f"anchor where [[{code}]] said"
    rig.api.enqueue(Reply.text("Anchoring there."))

    async def scenario() -> None:
        rig.new_conversation()
        rig.type_and_send(prompt)
        await until(lambda: rig.desk.consent is not None and rig.desk.consent.isVisible(),
                    20, "the question")  # fmt: skip
        box = rig.desk.consent
        assert isinstance(box, QMessageBox)
        assert code in box.text() and "alpha" in box.informativeText()
        assert rig.desk.controller.runs == [] and rig.api.main_turns() == []

        box.reject()  # Cancel: nothing is sent, the prompt stays
        await until(lambda: not box.isVisible(), 5, "the question to close")
        assert rig.desk.controller.runs == []
        assert rig.desk.composer.prompt_text() == prompt

        rig.desk.send()
        await until(lambda: rig.desk.consent is not box and rig.desk.consent is not None
                    and rig.desk.consent.isVisible(), 20, "the question again")  # fmt: skip
        send = rig.desk.consent.findChild(QPushButton, "sendUnderThisAccount")
        assert send is not None
        send.click()
        live = await rig.started()
        execution = await rig.finished(live)
        assert execution.status is ExecutionStatus.SUCCEEDED
        assert execution.account == "alpha" and execution.prompt == prompt

    rig.play(scenario())
    sent = last_user_text(rig.api.main_turns()[-1])
    assert "OSPREY COVE" in sent and sent.rstrip().endswith(prompt)
