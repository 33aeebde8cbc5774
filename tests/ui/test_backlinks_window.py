"""The conversation pane's header lists the conversations that reference the one
shown ("Referenced by"), each a link that opens it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop.domain.references import link_target
from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import (
    WAIT_MS,
    add_account,
    conversation_rows,
    new_session,
    open_session,
    wait_indexed,
    write,
)


@pytest.mark.gui
def test_the_header_says_who_references_the_conversation(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> None:  # fmt: skip
    config = add_account(hub, "work", tmp_path)
    t = new_session("/src/harbour", "plan the dock cranes")
    write(config, t)
    hub.sessions.refresh()
    with conversation_rows(home) as rows:
        cited = rows.create("Dock cranes", "work", "/src/harbour")
        rows.update(cited.id, session_id=t.session_id)
        citing = rows.create("Quay lights", "work", "/src/harbour")
    hub.conversations.describe(citing.id, f"wired like [[{cited.code}]]")

    window = open_window(hub)
    wait_indexed(qtbot, window)
    open_session(qtbot, window, "work", t.session_id)
    header = window.conversation.header
    qtbot.waitUntil(lambda: header.code_label.text() == cited.code, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: header.backlinks_label.isVisible(), timeout=WAIT_MS)
    assert header.backlinks_caption.text() == "Referenced by:"
    shown = header.backlinks_label.text()
    assert link_target(citing.number) in shown and "Quay lights" in shown
    with qtbot.waitSignal(header.reference_activated, timeout=WAIT_MS) as opened:
        header.backlinks_label.linkActivated.emit(link_target(citing.number))
    assert opened.args == [citing.number]
