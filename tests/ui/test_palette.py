"""The command palette: every action of the window, its shortcut, a fuzzy filter."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.shell.fuzzy import rank, score
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.palette import plain, window_commands

pytestmark = pytest.mark.gui


def open_palette(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)  # fmt: skip
    qtbot.waitUntil(window.command_palette.isVisible)


def menu_actions(window: MainWindow) -> set[QAction]:
    """Every enabled, visible leaf action under the menu bar, walked independently."""
    found: set[QAction] = set()
    pending = list(window.menuBar().actions())
    while pending:
        action = pending.pop()
        if action.menu() is not None:
            pending.extend(action.menu().actions())
        elif not action.isSeparator() and action.isVisible() and action.isEnabled():
            found.add(action)
    return found


def test_ctrl_shift_p_lists_every_menu_action_with_its_shortcut(
    window: MainWindow, qtbot: QtBot
) -> None:
    open_palette(window, qtbot)
    palette = window.command_palette
    assert QApplication.focusWidget() is palette.edit
    shown = palette.shown()
    listed = {command.action for command in shown}
    assert menu_actions(window) - {palette.open_action} <= listed
    by_action = {command.action: command for command in shown}
    settings = by_action[window.commands.settings]
    assert settings.label == "File › Settings…"
    assert settings.shortcut == QKeySequence("Ctrl+,").toString(
        QKeySequence.SequenceFormat.NativeText
    )
    search = by_action[window.commands.search]
    assert search.shortcut.count(",") == 1  # both of its shortcuts: Ctrl+K, Ctrl+F
    assert by_action[window.commands.languages["es"]].label == "View › Language › Español"
    # what the row shows is what a person reads
    first = palette.list.topLevelItem(0)
    assert first.text(0) == shown[0].label and first.text(1) == shown[0].shortcut
    # a disabled action cannot run now, so it is not offered
    assert window.commands.stop_run not in listed


def test_an_action_added_later_appears_without_being_listed_anywhere(
    window: MainWindow, qtbot: QtBot
) -> None:
    ran: list[bool] = []
    later = QAction("Frobnicate Widgets", window)
    later.setShortcut(QKeySequence("Ctrl+Alt+J"))
    later.triggered.connect(lambda: ran.append(True))
    window.help_menu.addAction(later)
    open_palette(window, qtbot)
    qtbot.keyClicks(window.command_palette.edit, "frwid")
    top = window.command_palette.shown()[0]
    assert (top.action, top.label) == (later, "Help › Frobnicate Widgets")
    assert top.shortcut == QKeySequence("Ctrl+Alt+J").toString(
        QKeySequence.SequenceFormat.NativeText
    )
    qtbot.keyClick(window.command_palette.edit, Qt.Key.Key_Return)
    assert ran == [True]
    assert not window.command_palette.isVisible()


def test_arrows_choose_enter_runs_and_escape_closes(window: MainWindow, qtbot: QtBot) -> None:
    before = QApplication.focusWidget()
    open_palette(window, qtbot)
    palette = window.command_palette
    qtbot.keyClick(palette.edit, Qt.Key.Key_Escape)
    assert not palette.isVisible()
    assert QApplication.focusWidget() is before

    open_palette(window, qtbot)
    qtbot.keyClicks(palette.edit, "full")
    assert palette.shown()[0].action is window.commands.full_screen
    qtbot.keyClicks(palette.edit, "zzzz")
    assert palette.shown() == []
    qtbot.keyClick(palette.edit, Qt.Key.Key_Return)  # nothing matches: nothing runs
    assert not window.isFullScreen()
    palette.edit.clear()
    qtbot.keyClicks(palette.edit, "abt")
    assert palette.shown()[0].action is window.commands.about
    qtbot.keyClick(palette.edit, Qt.Key.Key_Down)
    assert palette.list.indexOfTopLevelItem(palette.list.currentItem()) == (
        1 if len(palette.shown()) > 1 else 0
    )
    qtbot.keyClick(palette.edit, Qt.Key.Key_Escape)


def test_the_palette_speaks_the_window_language(window: MainWindow, qtbot: QtBot) -> None:
    window.set_language("es")
    qtbot.waitUntil(lambda: window.command_palette.open_action.text() != "Command &Palette…")
    labels = {c.action: c.label for c in window_commands(window)}
    assert labels[window.commands.settings] == "Archivo › Ajustes…"
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: plain(window.view_menu.title()) == "视图")
    labels = {c.action: c.label for c in window_commands(window)}
    assert labels[window.commands.quit].startswith("文件 › ")
    assert "(&" not in labels[window.commands.quit]


def test_fuzzy_matching_prefers_starts_of_words() -> None:
    assert plain("文件(&F)") == "文件" and plain("Sav&e && Quit") == "Save & Quit"
    labels = ["File › Stop Run", "Accounts › Cancel", "File › New Conversation"]
    assert [labels[i] for i in rank("nc", labels)] == [labels[2], labels[1]]
    assert rank("NEW conv", labels) == [2]
    assert score("xyz", "File › Quit") is None
    assert score("", "anything") == 0
    assert rank("straße", ["Straße finden"]) == [0]
