"""Light and dark: following the desktop, or forced by `ui.theme`; the transcript follows."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.theme import is_dark, theme_controller
from desktop.ui.transcript import transcript_render as render

pytestmark = pytest.mark.gui


def lightness(colour: str) -> int:
    return QColor(colour).lightness()


def transcript_is_dark(window: MainWindow) -> bool:
    delegate = window.sessions.panel.view.delegate
    return delegate.dark and delegate.theme == render.Theme.for_dark(True)


def test_forcing_dark_then_light_repaints_the_window_and_the_transcript(
    window: MainWindow, qtbot: QtBot
) -> None:
    assert not is_dark(window.palette())  # this desktop (offscreen) is light
    theme_controller().apply("dark")
    qtbot.waitUntil(lambda: is_dark(window.palette()))
    assert transcript_is_dark(window)
    # a code block in dark: light text on a dark box, highlighted in a dark style
    code = render.code_html("x = 1", window.sessions.panel.view.delegate.theme, "python")
    theme = render.Theme.for_dark(True)
    assert theme.code_bg in code and lightness(theme.code_bg) < 64
    assert lightness(theme.text) > 192 and theme.pygments == "github-dark"
    # a widget with a style sheet naming palette colours is polished again
    popup = window.command_palette
    window.command_palette.open()
    picture = popup.grab().toImage()
    assert picture.pixelColor(popup.width() // 2, popup.height() - 4).lightness() < 100
    window.command_palette.close_palette()

    theme_controller().apply("light")
    qtbot.waitUntil(lambda: not is_dark(window.palette()))
    assert not window.sessions.panel.view.delegate.dark


def test_system_follows_the_desktop_when_it_changes(window: MainWindow, qtbot: QtBot) -> None:
    controller = theme_controller()
    controller.apply("system")
    hints = QGuiApplication.styleHints()
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    qtbot.waitUntil(lambda: is_dark(window.palette()))
    assert transcript_is_dark(window)
    controller.apply("light")  # a forced theme ignores the desktop
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
    assert not is_dark(QApplication.palette())
    controller.apply("system")
    hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
    qtbot.waitUntil(lambda: not is_dark(window.palette()))


def test_the_settings_dialog_saves_and_applies_the_theme(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot
) -> None:
    assert hub.settings.get("ui.theme") == "system"
    dialog = window.open_settings()
    assert dialog.theme_combo.currentData() == "system"
    assert dialog.theme_label.buddy() is dialog.theme_combo
    dialog.theme_combo.setCurrentIndex(dialog.theme_combo.findData("dark"))
    dialog.accept()
    assert hub.settings.get("ui.theme") == "dark"
    qtbot.waitUntil(lambda: is_dark(window.palette()))
    assert is_dark(QApplication.palette())
    assert QApplication.palette().color(QPalette.ColorRole.Text).lightness() > 192


def test_the_saved_theme_is_used_at_the_next_start(
    hub: ServiceHub, open_window: object, qtbot: QtBot
) -> None:
    hub.settings.set("ui.theme", "dark")
    window = open_window(hub)  # type: ignore[operator]
    assert is_dark(window.palette())
    assert transcript_is_dark(window)
