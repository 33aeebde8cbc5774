"""A transcript the real claude CLI wrote (against the fake API) in the window."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_rows import RowKind
from tests.rig.fakeapi import FakeAPI, Reply
from tests.rig.fixtures import AccountFactory
from tests.ui.session_kit import WAIT_MS, browser, open_session, pane, wait_indexed

pytestmark = [pytest.mark.gui, pytest.mark.claude]


def test_a_real_cli_session_with_a_tool_call_is_listed_and_shown(
    claude_account: AccountFactory,
    fake_api: FakeAPI,
    hub: ServiceHub,
    tmp_path: Path,
    open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:
    account = claude_account("alpha")
    cwd = tmp_path / "notes project"
    cwd.mkdir()
    notes = cwd / "notes.md"
    notes.write_text("the magic word is xylophone-93\n", encoding="utf-8")
    fake_api.enqueue(
        Reply.tool_use("Read", {"file_path": str(notes)}, id="toolu_ui_read", text="Reading."),
        Reply.text(
            "The word is **xylophone-93**.\n\n```python\nprint('xylophone-93')\n```\n中文也可以。"
        ),
    )
    proc = account.run(["-p", "--output-format", "json", "what is the magic word?"], cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    hub.accounts.add("alpha", str(account.config_dir), AuthKind.LOGIN)

    window = open_window(hub)
    qtbot.waitUntil(lambda: pane(window).source.rowCount() == 1, timeout=WAIT_MS)
    wait_indexed(qtbot, window)
    (record,) = pane(window).source.records()
    assert record.title == "what is the magic word?" and record.cwd == str(cwd)
    open_session(qtbot, window, "alpha", record.session_id)

    model = browser(window).panel.model
    kinds = [k.value for k in model.kinds()]
    assert kinds == ["prompt", "reply", "tool", "reply"]
    card = model.row(kinds.index(RowKind.TOOL.value))
    assert card.message.tool_name == "Read" and card.result is not None
    assert "the magic word is xylophone-93" in card.result.text and not card.result.is_error
    assert model.row(3).message.text.endswith("中文也可以。")
    assert not browser(window).panel.banner.isVisible()
