"""The archive in the window: a session whose original is gone is marked "archived" and still
opens; Settings shows the archive's size and turns `archive.enabled` on and off."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.sessions.session_model import TITLE
from desktop.ui.settings.archive_section import ArchiveSection
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import add_account, new_session, open_session, pane, wait_listed, write

pytestmark = pytest.mark.gui


def _title_cell(window: MainWindow) -> QModelIndex:
    source = pane(window).source
    return source.index(0, TITLE)


def test_a_deleted_transcript_is_marked_archived_and_still_opens(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, qtbot: QtBot,
    tmp_path: Path,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    session = new_session(str(tmp_path), "remember the tide tables", "and the moon")
    path = write(config, session)
    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    model = pane(window).source
    qtbot.waitUntil(lambda: hub.archive.archived() == {("alpha", session.session_id)})
    assert model.data(_title_cell(window)) == "remember the tide tables"

    path.unlink()
    window.sessions.reindex()
    qtbot.waitUntil(
        lambda: model.data(_title_cell(window)) == "remember the tide tables · archived",
        timeout=15_000,
    )
    tip = model.data(_title_cell(window), Qt.ItemDataRole.ToolTipRole)
    assert "it opens from Sessiondesk's archive" in tip
    open_session(qtbot, window, "alpha", session.session_id)
    texts = [row.message.text for row in window.sessions.panel.model.rows()]
    assert "remember the tide tables" in texts and "Answer 2 to: and the moon" in texts


def test_settings_show_the_archive_size_and_switch_it_off(
    open_window: Callable[[ServiceHub], MainWindow], hub: ServiceHub, qtbot: QtBot,
    tmp_path: Path,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    write(config, new_session(str(tmp_path), "one"))
    write(config, new_session(str(tmp_path), "two"))
    window = open_window(hub)
    wait_listed(qtbot, window, 2)
    qtbot.waitUntil(lambda: len(hub.archive.archived()) == 2)
    dialog = window.open_settings()
    section = dialog.findChild(ArchiveSection)
    assert section is not None and section.isVisible()
    assert section.enabled.isChecked()
    qtbot.waitUntil(lambda: not isinstance(section.measured(), type(None)))
    size = hub.archive.size()
    text = section.size_label.text()
    assert text.startswith("2 transcripts, ") and str(size.folder) in text
    assert "uncompressed" in text

    section.enabled.setChecked(False)
    dialog.button_box.button(QDialogButtonBox.StandardButton.Ok).click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.settings.get("archive.enabled") == "false"
