"""Delete Conversation… and Prune Archive… in the window: each asks first in a
dialog that says what goes, then removes, and every view follows the spine."""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop.claude.reap import process_start_time
from desktop.compose import DB_NAME
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.services.hub import ServiceHub
from desktop.store.conversations import SqlExecutionRepository
from desktop.store.db import open_database
from desktop.ui.common.confirm_removal import ConfirmRemoval
from desktop.ui.settings.archive_removal import PruneDialog
from desktop.ui.shell.main_window import MainWindow
from tests.bundlekit import tree_digest
from tests.removal_kit import family
from tests.ui.session_kit import WAIT_MS, open_session, pane, wait_indexed

DOCS = Path(__file__).resolve().parents[2] / "docs"
SHOTS = "SESSIONDESK_DOCS_SHOTS"
"""Set, the test writes docs/delete-conversation-en.png (the README's picture)."""


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
    shot = (DOCS if os.environ.get(SHOTS) else tmp_path) / "delete-conversation-en.png"
    picture = dialog.grab()
    assert picture.save(str(shot)) and picture.width() >= 440
    dialog.reject()
    assert hub.conversations.find("SESS-001") is not None

    # the Conversation menu's action asks again; Delete deletes
    window.deleter.action.trigger()
    qtbot.waitUntil(lambda: deleter.dialog is not dialog and deleter.dialog is not None
                    and deleter.dialog.isVisible(), timeout=WAIT_MS)  # fmt: skip
    with qtbot.waitSignal(deleter.deleted, timeout=WAIT_MS):
        deleter.dialog.remove_button.click()
    assert "Deleted SESS-001." in window.status_bar.currentMessage()
    assert hub.conversations.find("SESS-001") is None
    assert hub.conversations.find("SESS-002") is not None
    qtbot.waitUntil(lambda: window.conversation.conversation() is None, timeout=WAIT_MS)
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


@pytest.mark.gui
def test_a_running_turn_refuses_the_delete_in_words(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> None:  # fmt: skip
    f = family(home, tmp_path)
    started = process_start_time(os.getpid())
    db = open_database(home / DB_NAME)
    SqlExecutionRepository(db).create(Execution(
        str(uuid.uuid4()), f.root.id, ExecutionKind.CONTINUE, "work", "/src/app", "more",
        status=ExecutionStatus.RUNNING, owner_pid=os.getpid(), owner_started=started,
    ))  # fmt: skip
    db.close()
    window = open_window(hub)
    wait_indexed(qtbot, window)
    deleter = window.deleter
    deleter.ask(f.root)
    qtbot.waitUntil(lambda: deleter.dialog is not None and deleter.dialog.isVisible(),
                    timeout=WAIT_MS)  # fmt: skip
    assert deleter.dialog is not None
    with qtbot.waitSignal(deleter.refused, timeout=WAIT_MS) as refused:
        deleter.dialog.remove_button.click()
    assert refused.args is not None and "SESS-001 is still answering a turn" in refused.args[0]
    assert hub.conversations.find("SESS-001") is not None


@pytest.mark.gui
def test_remove_archived_copy_from_the_list_asks_then_removes(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> None:  # fmt: skip
    f = family(home, tmp_path)
    window = open_window(hub)
    wait_indexed(qtbot, window)
    menu = window.sessions.menu
    record = next(r for r in hub.sessions.list() if r.session_id == f.shared)
    actions = {a.text().replace("&", ""): a for a in menu.build(record).actions() if a.text()}
    actions["Remove Archived Copy…"].trigger()
    remover = window.archive_remover
    qtbot.waitUntil(lambda: remover.dialog is not None and remover.dialog.isVisible(),
                    timeout=WAIT_MS)  # fmt: skip
    dialog = remover.dialog
    assert isinstance(dialog, ConfirmRemoval)
    assert f.shared[:8] in dialog.heading.text()
    assert "still on disk" in dialog.body.text()
    with qtbot.waitSignal(remover.said, timeout=WAIT_MS):
        dialog.remove_button.click()
    assert (record.account, f.shared) not in hub.archive.archived()
    assert len(hub.archive.archived()) == 3
    assert any(r.session_id == f.shared for r in hub.sessions.list())
