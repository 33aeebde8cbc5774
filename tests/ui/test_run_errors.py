"""A turn that cannot start, or fails, says why in the composer and keeps the prompt."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.domain.conversations import ExecutionStatus
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.ui.run_kit import Rig, open_rig, until
from tests.ui.session_kit import new_session, write

pytestmark = pytest.mark.gui

PROMPT = "Summarise the notes\nin three bullet points"


@pytest.fixture
def bare_rig(
    home: Path, hub: ServiceHub, tmp_path: Path, qapp: QApplication, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow], monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Rig]:  # fmt: skip
    """An account that signs in with its folder's login: no keyring, no API needed."""
    config = tmp_path / "claude-solo"
    config.mkdir()
    hub.accounts.add("solo", str(config), AuthKind.LOGIN)
    with open_rig(home=home, hub=hub, project=tmp_path, qapp=qapp, qtbot=qtbot,
                  open_window=open_window, monkeypatch=monkeypatch) as made:  # fmt: skip
        yield made


def send_and_fail(rig: Rig, folder: Path, expected: str) -> None:
    async def scenario() -> None:
        rig.new_conversation(folder)
        rig.type_and_send(PROMPT)
        composer = rig.desk.composer
        await until(lambda: composer.error_text(), 20, "the error")
        assert expected in composer.error_text()
        assert "Traceback" not in composer.error_text()
        assert composer.prompt_text() == PROMPT, "the prompt is still there to send again"
        assert composer.send_button.isEnabled()
        assert rig.desk.controller.runs == []
        assert not rig.window.commands.stop_run.isEnabled()

    rig.play(scenario())


def test_a_missing_working_folder_is_said_and_the_prompt_kept(
    bare_rig: Rig, claude_bin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SESSIONDESK_CLAUDE", str(claude_bin))
    send_and_fail(bare_rig, tmp_path / "gone", "does not exist")
    assert bare_rig.hub.conversations.list() == []


def test_a_wrong_claude_path_is_said_and_the_prompt_kept(
    bare_rig: Rig, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SESSIONDESK_CLAUDE", str(tmp_path / "nowhere" / "claude"))
    send_and_fail(bare_rig, tmp_path, "nowhere")
    # and once it is fixed, the same prompt is one key away: nothing was lost
    assert bare_rig.desk.composer.prompt_text() == PROMPT


def test_claude_not_found_goes_away_once_settings_point_at_a_working_claude(
    bare_rig: Rig, claude_bin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SESSIONDESK_CLAUDE", raising=False)
    bare_rig.hub.settings.set("claude.path", str(tmp_path / "nowhere" / "claude"))
    send_and_fail(bare_rig, tmp_path, "nowhere")
    dialog = bare_rig.window.open_settings()
    dialog.claude_path_edit.setText(str(claude_bin))
    dialog.accept()
    composer = bare_rig.desk.composer
    assert composer.error_text() == "", composer.error_text()
    assert str(claude_bin) in bare_rig.window.status_bar.currentMessage()
    assert composer.prompt_text() == PROMPT


@pytest.mark.claude
@pytest.mark.keyring
def test_a_turn_the_api_refuses_fails_with_its_reason_and_gives_the_prompt_back(
    home: Path, hub: ServiceHub, claude_account: AccountFactory, claude_bin: Path,
    fake_api: FakeAPI, tmp_path: Path, qapp: QApplication, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow], monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    fake_api.enqueue(Reply.error(401, "authentication_error", "invalid x-api-key"), times=None)
    with open_rig(home=home, hub=hub, account=claude_account("alpha"), claude_bin=claude_bin,
                  api=fake_api, project=tmp_path, qapp=qapp, qtbot=qtbot,
                  open_window=open_window, monkeypatch=monkeypatch) as rig:  # fmt: skip

        async def scenario() -> None:
            rig.new_conversation()
            rig.type_and_send(PROMPT)
            live = await rig.started()
            assert rig.desk.composer.prompt_text() == ""
            execution = await rig.finished(live)
            assert execution.status is ExecutionStatus.FAILED
            composer = rig.desk.composer
            await until(lambda: composer.error_text(), 10, "the error")
            assert "Traceback" not in composer.error_text()
            assert composer.prompt_text() == PROMPT

        rig.play(scenario())


def test_rename_from_a_sessions_menu_titles_its_conversation(
    bare_rig: Rig, claude_bin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SESSIONDESK_CLAUDE", str(claude_bin))
    t = new_session(str(tmp_path), "notes about the Esk")
    write(tmp_path / "claude-solo", t)
    rig = bare_rig
    heard: list[str] = []
    rig.window.changes.changed.connect(lambda changes: heard.extend(changes.conversations))

    async def scenario() -> None:
        rig.window.sessions.reindex()
        await until(lambda: rig.desk.pane.source.row_of(("solo", t.session_id)) >= 0, 20)
        # the index pass asked for says "Indexed 1 session." when it ends: that must
        # come before the rename's notice, not over it
        status = rig.window.status_bar
        await until(lambda: "Indexed" in status.currentMessage(), 20, "the index pass to end")
        record = rig.hub.sessions.find(t.session_id, "solo")
        await rig.window.sessions.menu.rename(record, "  River Esk notes ")
        (conversation,) = rig.hub.conversations.list()
        assert conversation.title == "River Esk notes"
        assert conversation.session_id == t.session_id
        assert set(heard) == {conversation.id}, "the service said what it changed"
        assert "River Esk notes" in rig.window.status_bar.currentMessage()

    rig.play(scenario())
