"""The switch from the window: the composer's account picker opens the
switcher, and with the box ticked the next turn runs under the new account
seeded with the conversation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from tests.rig.claude import ClaudeAccount
from tests.rig.fakeapi import Reply
from tests.rig.fixtures import AccountFactory
from tests.sdrig import register
from tests.ui.run_kit import Rig, until

pytestmark = [pytest.mark.gui, pytest.mark.claude, pytest.mark.keyring]


def with_beta(rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path,
              word: str, answer: str) -> ClaudeAccount:  # fmt: skip
    """Account beta registered; the fake API ready for a first turn about `word`
    under alpha and `answer` after the switch."""
    beta = claude_account("beta")
    register(home, beta, claude_bin)
    rig.api.enqueue(Reply.text(f"Noted: {word}."))
    rig.api.enqueue(Reply.text(answer))
    return beta


async def first_turn(rig: Rig, word: str) -> Execution:
    """A new conversation under alpha that heard `word`, read back from disk;
    the composer offers both accounts."""
    rig.new_conversation()
    rig.type_and_send(f"remember the code word {word}")
    first = await rig.finished(await rig.started())
    await rig.settled_on(rig.desk.controller.runs[0])
    rig.desk.composer.set_accounts(["alpha", "beta"])  # beta was added by another process
    return first


def test_the_composer_switches_a_conversation_with_consent(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    beta = with_beta(rig, home, claude_account, claude_bin, "MARMOT", "It was MARMOT.")

    async def scenario() -> None:
        first = await first_turn(rig, "MARMOT")
        composer, flow = rig.desk.composer, rig.desk.switching

        composer.account_combo.setCurrentIndex(composer.account_combo.findData("beta"))
        composer.account_combo.activated.emit(composer.account_combo.currentIndex())
        dialog = flow.dialog
        assert dialog is not None and dialog.isVisible()
        assert composer.account() == "alpha"  # nothing changed yet
        assert not dialog.carry_check.isChecked()
        dialog.carry_check.setChecked(True)
        dialog.accept()
        await until(lambda: composer.account() == "beta", 20, "the switch")
        assert rig.hub.conversations.get(first.conversation_id).account == "beta"

        mark = len(rig.api.requests)
        rig.type_and_send("what was it?")
        second = await rig.finished(await rig.started(2))
        assert second.status is ExecutionStatus.SUCCEEDED
        assert second.account == "beta" and second.kind is ExecutionKind.CARRYOVER
        assert second.conversation_id == first.conversation_id
        sent = [r for r in rig.api.main_turns() if r in rig.api.requests[mark:]]
        assert sent and all(r.headers.get("x-api-key") == beta.api_key for r in sent)
        system = json.dumps(sent[0].json.get("system", ""), ensure_ascii=False)
        assert "MARMOT" in system and "earlier conversation under another account" in system

    rig.play(scenario())


def test_the_header_and_its_shortcut_open_the_switcher(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    beta = with_beta(rig, home, claude_account, claude_bin, "OCELOT", "A fresh start.")

    async def scenario() -> None:
        first = await first_turn(rig, "OCELOT")
        window, flow = rig.window, rig.desk.switching
        header = window.conversation.header
        await until(lambda: header.isVisible() and header.switch_button.isEnabled(), 20,
                    "the conversation's header")  # fmt: skip
        assert window.commands.switch_account.isEnabled()

        header.switch_button.click()
        assert flow.dialog is not None and flow.dialog.isVisible()
        flow.dialog.reject()
        await until(lambda: not flow.dialog.isVisible(), 5, "the switcher to close")

        window.activateWindow()
        rig.qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier
                           | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
        dialog = flow.dialog
        assert dialog is not None and dialog.isVisible(), "Ctrl+Shift+S opens the switcher"
        assert not dialog.carry_check.isChecked()
        dialog.choose("beta")
        dialog.accept()
        await until(lambda: rig.desk.composer.account() == "beta", 20, "the switch")
        assert rig.hub.conversations.get(first.conversation_id).account == "beta"

        mark = len(rig.api.requests)
        rig.type_and_send("what was it?")
        second = await rig.finished(await rig.started(2))
        assert second.account == "beta" and second.conversation_id == first.conversation_id
        later = rig.api.requests[mark:]
        assert later and all(r.headers.get("x-api-key") == beta.api_key
                             for r in rig.api.main_turns() if r in later)  # fmt: skip
        assert not [r for r in later if "OCELOT" in json.dumps(r.json, ensure_ascii=False)]

    rig.play(scenario())


def test_a_carry_over_that_cannot_be_built_is_said_in_the_window(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    beta = with_beta(rig, home, claude_account, claude_bin, "PUFFIN", "Starting afresh.")

    async def scenario() -> None:
        first = await first_turn(rig, "PUFFIN")
        composer, flow = rig.desk.composer, rig.desk.switching
        alpha_dir = Path(rig.hub.accounts.get("alpha").config_dir)
        (transcript,) = alpha_dir.glob(f"projects/*/{first.session_id}.jsonl")
        transcript.unlink()  # Claude Code cleaned it up: nothing is left to carry

        flow.open("beta")
        assert flow.dialog is not None
        flow.dialog.carry_check.setChecked(True)
        flow.dialog.accept()
        await until(lambda: composer.account() == "beta", 20, "the switch")
        rig.type_and_send("what was it?")
        second = await rig.finished(await rig.started(2))
        assert second.status is ExecutionStatus.SUCCEEDED and second.account == "beta"
        assert "Nothing could be carried from the earlier account" in composer.error_text()
        sent = [r for r in rig.api.main_turns() if r.headers.get("x-api-key") == beta.api_key]
        assert sent and not [r for r in sent if "PUFFIN" in json.dumps(r.json)]

    rig.play(scenario())


def test_a_partly_damaged_transcript_is_not_carried_and_the_switch_says_so(
    rig: Rig, home: Path, claude_account: AccountFactory, claude_bin: Path
) -> None:
    beta = with_beta(rig, home, claude_account, claude_bin, "GANNET", "Starting afresh.")

    async def scenario() -> None:
        first = await first_turn(rig, "GANNET")
        composer, flow = rig.desk.composer, rig.desk.switching
        alpha_dir = Path(rig.hub.accounts.get("alpha").config_dir)
        (transcript,) = alpha_dir.glob(f"projects/*/{first.session_id}.jsonl")
        with transcript.open("ab") as damaged:  # one unreadable line; the rest still reads
            damaged.write(b'{"type":"assistant","message":\x00\xff\n')

        flow.open("beta")
        assert flow.dialog is not None
        flow.dialog.carry_check.setChecked(True)
        flow.dialog.accept()
        await until(lambda: composer.account() == "beta", 20, "the switch")
        said = rig.window.status_bar.currentMessage()
        assert "damaged" in said and "nothing will be carried" in said, said
        rig.type_and_send("what was it?")
        second = await rig.finished(await rig.started(2))
        assert second.status is ExecutionStatus.SUCCEEDED and second.account == "beta"
        assert "its transcript is damaged" in composer.error_text()
        sent = [r for r in rig.api.main_turns() if r.headers.get("x-api-key") == beta.api_key]
        assert sent and not [r for r in sent if "GANNET" in json.dumps(r.json)]

    rig.play(scenario())
