"""Delete Conversation… and Prune Archive… in the window: each asks first in a
dialog that says what goes, then removes, and every view follows the spine."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.settings.archive_removal import PruneDialog
from desktop.ui.shell.main_window import MainWindow
from tests.bundlekit import tree_digest
from tests.removal_kit import family
from tests.ui.session_kit import WAIT_MS, open_session, pane, wait_indexed

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.gui
def test_delete_conversation_asks_then_deletes_and_every_view_follows(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> None:  # fmt: skip
    f = family(home, tmp_path)
    before = tree_digest(f.config)
    window = open_window(hub)
    wait_indexed(qtbot, window)
    window.resize(1400, 900)
    open_session(qtbot, window, "work", f.own)
    header = window.conversation.header
    qtbot.waitUntil(lambda: header.code_label.text() == "SESS-001", timeout=WAIT_MS)

    # Delete in the session list asks; Cancel leaves everything
    view = pane(window).view
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(lambda: view.hasFocus(), timeout=WAIT_MS)
    qtbot.keyClick(view, Qt.Key.Key_Delete)
    deleter = window.deleter
    qtbot.waitUntil(lambda: deleter.dialog is not None and deleter.dialog.isVisible(),
                    timeout=WAIT_MS)  # fmt: skip
    dialog = deleter.dialog
    assert dialog is not None
    assert dialog.heading.text() == "Delete SESS-001 “Root”?"
    body = dialog.body.text()
    assert "3 recorded turns" in body and "Pack" in body
    assert "SESS-002" in body and "SESS-003" in body
    assert "stay on disk unless you tick" in body
    assert dialog.option is not None and not dialog.option.isChecked()
    assert "only the 1 that no other conversation uses" in body
    dialog.adjustSize()
    assert dialog.grab().save(str(DOCS / "delete-conversation-en.png"))
    dialog.reject()
    assert hub.conversations.find("SESS-001") is not None

    # the Conversation menu's action asks again; Delete deletes
    window.deleter.action.trigger()
    qtbot.waitUntil(lambda: deleter.dialog is not dialog and deleter.dialog is not None
                    and deleter.dialog.isVisible(), timeout=WAIT_MS)  # fmt: skip
    with qtbot.waitSignal(deleter.deleted, timeout=WAIT_MS):
        deleter.dialog.remove_button.click()
    assert hub.conversations.find("SESS-001") is None
    assert hub.conversations.find("SESS-002") is not None
    qtbot.waitUntil(lambda: window.conversation.conversation() is None, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: "Deleted SESS-001." in window.status_bar.currentMessage(),
                    timeout=WAIT_MS)  # fmt: skip
    assert tree_digest(f.config) == before, "Claude's files are untouched"
    # the list's marks follow: the fork no longer says whose fork it is
    marks = hub.conversations.memberships()
    assert marks[("work", f.forked)].fork_of is None


@pytest.mark.gui
def test_prune_archive_says_what_goes_and_removes_it(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> None:  # fmt: skip
    f = family(home, tmp_path)
    gone = f.config / "projects" / "-src-app" / f"{f.other_own}.jsonl"
    os.unlink(gone)
    hub.sessions.refresh()
    window = open_window(hub)
    wait_indexed(qtbot, window)
    dialog = window.archive_remover.prune()
    assert isinstance(dialog, PruneDialog)
    dialog.days.setValue(0)
    qtbot.waitUntil(lambda: dialog.prune_button.isEnabled(), timeout=WAIT_MS)
    said = dialog.summary.text()
    assert said.startswith("Removes 4 archived copies") and "1 sessions whose original" in said
    with qtbot.waitSignal(window.archive_remover.said, timeout=WAIT_MS):
        dialog.prune_button.click()
    assert hub.archive.size().files == 0
    listed = {r.session_id for r in hub.sessions.list()}
    assert f.other_own not in listed and f.own in listed
    qtbot.waitUntil(
        lambda: all(r.session_id != f.other_own for r in pane(window).source.records()),
        timeout=WAIT_MS,
    )
