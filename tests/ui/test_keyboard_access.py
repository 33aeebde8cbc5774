"""Every control of the main window is reached with Tab and named for screen readers."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QLineEdit,
    QWidget,
)
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import add_account, new_session, open_session, wait_listed, write

pytestmark = pytest.mark.gui

NEED_OWN_NAME = (QLineEdit, QComboBox, QAbstractItemView, QAbstractSpinBox)
"""Controls whose visible text is their value, not what they are for."""


def focusable(window: MainWindow) -> list[QWidget]:
    return [
        w for w in window.findChildren(QWidget)
        if w.isVisible() and w.isEnabled() and w.window() is window
        and w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.focusProxy() is None
    ]  # fmt: skip


def tab_round(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    """Press Tab until the focus comes back where it started; what got it, in order."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    start = focusable(window)[0]
    start.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is start)
    reached = [start]
    for _ in range(100):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        now = QApplication.focusWidget()
        assert now is not None and now.window() is window, "Tab left the window"
        if now is start:
            return reached
        assert now not in reached, f"Tab is stuck in a loop at {now.objectName()}"
        reached.append(now)
    raise AssertionError("Tab never came back to where it started")


def spoken_name(widget: QWidget) -> str:
    interface = QAccessible.queryAccessibleInterface(widget)
    assert interface is not None
    if isinstance(widget, NEED_OWN_NAME):
        return widget.accessibleName()
    return interface.text(QAccessible.Text.Name)


def describe(widget: QWidget) -> str:
    return f"{type(widget).__name__} {widget.objectName()!r}"


def check_window(window: MainWindow, qtbot: QtBot) -> list[QWidget]:
    reached = tab_round(window, qtbot)
    missed = [describe(w) for w in focusable(window) if w not in reached]
    assert missed == [], "not reachable with Tab"
    unnamed = [describe(w) for w in reached if not any(c.isalpha() for c in spoken_name(w))]
    assert unnamed == [], "no accessible name"
    return reached


def test_the_first_run_window_is_reachable_and_named(window: MainWindow, qtbot: QtBot) -> None:
    reached = check_window(window, qtbot)
    button = window.transcript.empty_state.action_button
    assert button in reached


def test_the_window_with_a_session_is_reachable_and_named_in_every_language(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    config = add_account(hub, "work", tmp_path)
    session = new_session("/src/app", "Why does it crash?")
    write(config, session)
    window.navigation.refresh()
    wait_listed(qtbot, window, 1)
    open_session(qtbot, window, "work", session.session_id)
    reached = check_window(window, qtbot)
    order = [w.objectName() for w in reached]
    # left to right: the list, the transcript it opened, then the composer under it
    assert order.index("sessionTable") + 1 == order.index("transcriptView")
    assert order.index("transcriptView") + 1 == order.index("promptEdit")
    names = {w.objectName(): spoken_name(w) for w in reached}
    assert names["transcriptView"] == "Transcript"
    assert names["sessionFilter"] == "Filter sessions"
    assert names["accountPicker"] == "Account"
    assert window.runs.composer.prompt in reached
    assert window.runs.composer.prompt.accessibleDescription()
    window.set_language("es")
    qtbot.waitUntil(lambda: window.sessions.panel.view.accessibleName() == "Transcripción")
    assert window.runs.composer.account_combo.accessibleName() == "Cuenta"
    check_window(window, qtbot)
