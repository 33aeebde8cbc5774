"""The settings dialog: a claude path that must run, and the language."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.settings.archive_section import ArchiveSection
from desktop.ui.settings.settings_dialog import SettingsDialog
from desktop.ui.shell.main_window import MainWindow

pytestmark = pytest.mark.gui


def press_ok(qtbot: QtBot, dialog: SettingsDialog) -> None:
    ok = dialog.button_box.button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)


def fake_claude(folder: Path, mode: int = 0o755) -> Path:
    program = folder / "claude"
    program.write_text("#!/bin/sh\necho 2.0.0\n", encoding="utf-8")
    program.chmod(mode)
    return program


def test_a_missing_claude_is_refused_inline_and_a_real_one_saved(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    window.commands.settings.trigger()
    dialog = window.findChild(SettingsDialog)
    assert dialog is not None and dialog.isVisible()
    assert dialog.claude_path_edit.text() == ""

    qtbot.keyClicks(dialog.claude_path_edit, str(tmp_path / "nowhere" / "claude"))
    press_ok(qtbot, dialog)
    assert dialog.isVisible()
    assert dialog.path_error_label.isVisible()
    assert dialog.path_error_label.text() == "There is no file at this path."
    assert hub.settings.get("claude.path") == ""

    qtbot.keyClicks(dialog.claude_path_edit, "x")  # typing again clears the old complaint
    assert not dialog.path_error_label.isVisible()

    program = fake_claude(tmp_path)
    dialog.claude_path_edit.clear()
    qtbot.keyClicks(dialog.claude_path_edit, str(program))
    press_ok(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.settings.get("claude.path") == str(program)


def test_a_folder_or_a_plain_file_is_not_a_program(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = window.open_settings()
    dialog.claude_path_edit.setText(str(tmp_path))
    press_ok(qtbot, dialog)
    assert "folder" in dialog.path_error_label.text()
    dialog.claude_path_edit.setText(str(fake_claude(tmp_path, 0o644)))
    press_ok(qtbot, dialog)
    assert dialog.path_error_label.text() == "This file is not executable."
    assert dialog.isVisible()
    assert hub.settings.get("claude.path") == ""
    dialog.reject()


def test_an_empty_path_means_search_the_path(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    hub.settings.set("claude.path", str(fake_claude(tmp_path)))
    dialog = window.open_settings()
    assert dialog.claude_path_edit.text() == str(tmp_path / "claude")
    dialog.claude_path_edit.clear()
    press_ok(qtbot, dialog)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.settings.get("claude.path") == ""


def test_choosing_a_language_in_settings_switches_the_window(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot
) -> None:
    dialog = window.open_settings()
    dialog.language_combo.setCurrentIndex(dialog.language_combo.findData("zh_CN"))
    press_ok(qtbot, dialog)
    qtbot.waitUntil(lambda: window.file_menu.title() == "文件(&F)")
    assert hub.settings.get("language") == "zh_CN"
    assert window.commands.languages["zh_CN"].isChecked()
    assert window.translations is not None and window.translations.current == "zh_CN"


def test_every_section_fits_whole_and_the_page_scrolls_on_a_short_screen(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The dialog stays on the screen; no section is squeezed below its own
    height (its words cut); the archive section is on the page that scrolls."""
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    archive = dialog.findChild(ArchiveSection)
    assert archive is not None and dialog.page.isAncestorOf(archive)
    assert dialog.height() <= dialog.screen().availableGeometry().height() * 0.9 + 1
    for section in (dialog.carry_section, dialog.rollover, archive):
        for label in section.findChildren(QLabel):
            if label.isVisibleTo(dialog) and label.text():
                width = label.contentsRect().width()
                needed = label.heightForWidth(width) if label.wordWrap() else 0
                needed = max(needed, label.minimumSizeHint().height())
                assert label.height() >= needed, label.text()
    scrollbar = dialog.scroll.verticalScrollBar()
    if dialog.page.sizeHint().height() > dialog.scroll.viewport().height():
        assert scrollbar.maximum() > 0, "what does not fit scrolls"
    dialog.scroll.ensureWidgetVisible(archive.enabled)
    assert not archive.enabled.visibleRegion().isEmpty()
    dialog.close()
