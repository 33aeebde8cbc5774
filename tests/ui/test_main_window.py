"""The main window over a real home: empty states, accounts, state across restarts."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QDialogButtonBox, QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from desktop import __version__
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.conversations import Conversation
from desktop.domain.errors import StoreError
from desktop.services.hub import ServiceHub
from desktop.ui.accounts.account_dialogs import AddAccountDialog, RemoveAccountDialog
from desktop.ui.sessions.navigation import NavigationPane
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.shell.window_layout import DEFAULT_RIGHT_WIDTH
from desktop.ui.shell.window_state import GEOMETRY_KEY, SPLITTER_KEY

pytestmark = pytest.mark.gui


def add_login_account(hub: ServiceHub, name: str, tmp_path: Path) -> None:
    hub.accounts.add(name, str(tmp_path / f".claude-{name}"), AuthKind.LOGIN)


def test_first_run_tells_the_person_to_add_an_account(window: MainWindow) -> None:
    assert window.transcript.is_showing_empty()
    text = window.transcript.empty_state.text()
    assert "No Claude accounts yet" in text
    assert "No Claude Code folder was found at" in text
    assert "will appear in the list on the left" in text
    assert window.transcript.empty_state.action_button.isVisible()
    assert window.navigation.account_names() == []
    assert window.status_bar.summary_label.text() == "Accounts: 0"
    assert not window.commands.remove_account.isEnabled()


def test_adding_an_account_through_the_dialog_lists_it(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    # the empty state's own button is the first-run path
    qtbot.mouseClick(window.transcript.empty_state.action_button, Qt.MouseButton.LeftButton)
    dialog = window.findChild(AddAccountDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.name_edit, "alpha")
    qtbot.keyClicks(dialog.config_dir_edit, str(tmp_path / ".claude-alpha"))
    assert dialog.auth_kind() is AuthKind.LOGIN
    assert not dialog.secret_edit.isVisible()  # a login account has no secret to ask for
    qtbot.mouseClick(
        dialog.button_box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: not dialog.isVisible())

    assert window.navigation.account_names() == ["alpha"]
    assert window.navigation.selected_account() == "alpha"
    assert [view.account.name for view in hub.accounts.list()] == ["alpha"]
    # once the first pass over the files has ended ("Reading sessions…" until then)
    qtbot.waitUntil(lambda: "No sessions yet" in window.transcript.empty_state.text())
    assert not window.transcript.empty_state.action_button.isVisibleTo(window)
    assert window.status_bar.summary_label.text() == "Accounts: 1"
    assert "alpha" in [action.text() for action in window.accounts_menu.actions()]


def test_the_add_dialog_keeps_a_refused_account_open_with_the_reason(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    dialog = window.open_add_account()
    qtbot.keyClicks(dialog.name_edit, "no spaces allowed")
    qtbot.keyClicks(dialog.config_dir_edit, str(tmp_path / "x"))
    qtbot.mouseClick(
        dialog.button_box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    assert dialog.isVisible()
    assert dialog.error_label.isVisible()
    assert "“no spaces allowed” cannot be an account name" in dialog.error_label.text()
    assert hub.accounts.list() == []
    dialog.set_auth_kind(AuthKind.API_KEY)
    assert dialog.secret_edit.isVisible()
    dialog.reject()


def test_removing_an_account_brings_the_first_run_state_back(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    add_login_account(hub, "beta", tmp_path)
    window.navigation.refresh()
    assert window.navigation.account_names() == ["beta"]
    window.commands.remove_account.trigger()
    dialog = window.findChild(RemoveAccountDialog)
    assert dialog is not None
    assert dialog.account_combo.currentText() == "beta"
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.accounts.list() == []
    assert window.navigation.account_names() == []
    assert "No Claude accounts yet" in window.transcript.empty_state.text()


def test_geometry_and_splitter_survive_a_restart(
    home: Path, open_window: Callable[[ServiceHub], MainWindow], qtbot: QtBot
) -> None:
    first_hub = open_services(home)
    try:
        first = open_window(first_hub)
        first.resize(780, 480)
        # the list grows and shrinks with the window: place the panes once it has its
        # size, in sizes that fill it (a pixel more or less is shared by the list too)
        # and give each pane its least width (the list's filters need about 234 px)
        qtbot.waitUntil(lambda: first.splitter.width() == 780)
        room = sum(first.splitter.sizes())
        first.splitter.setSizes([240, room - 340, 100])  # list, transcript, conversation
        qtbot.waitUntil(lambda: first.splitter.sizes()[0] == 240)
        first.close()
        assert first_hub.settings.get(GEOMETRY_KEY)
        assert first_hub.settings.get(SPLITTER_KEY)
    finally:
        first_hub.close()

    second_hub = open_services(home)
    try:
        second = open_window(second_hub)
        assert (second.width(), second.height()) == (780, 480)
        assert second.splitter.sizes()[0] == 240
        second.close()
    finally:
        second_hub.close()


def test_a_window_without_saved_state_opens_at_a_sensible_size(window: MainWindow) -> None:
    available = window.screen().availableGeometry()
    assert window.width() <= 1200 and window.height() <= 760
    assert window.width() >= min(900, available.width() * 0.9)
    left, centre, right = window.splitter.sizes()
    assert 0 < left < centre and 0 <= right < centre, "the transcript gets the most room"


def test_about_shows_the_version(window: MainWindow, qtbot: QtBot) -> None:
    window.commands.about.trigger()
    box = window.findChild(QMessageBox)
    assert box is not None and box.isVisible()
    assert __version__ in box.text()
    assert str(window.hub.home) in box.informativeText()
    box.accept()


def test_a_service_error_becomes_a_message_not_a_traceback(
    window: MainWindow, hub: ServiceHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken() -> list[object]:
        raise StoreError("the database is locked by another program")

    monkeypatch.setattr(hub.accounts, "list", broken)
    window.navigation.refresh()
    box = window.findChild(QMessageBox)
    assert box is not None and box.isVisible()
    # the window's own words, never the command line's English
    assert box.text() == "Sessiondesk's database cannot be used right now."
    assert box.windowTitle() == "Could not load accounts"
    box.accept()


class FakeSessionPane(NavigationPane):
    """Stands in for the session list that will replace the accounts pane."""

    def __init__(self) -> None:
        super().__init__()
        self.refreshed = 0

    def refresh(self) -> None:
        self.refreshed += 1
        self.contents_changed.emit()

    def account_names(self) -> list[str]:
        return ["alpha"]

    def selected_account(self) -> str | None:
        return None

    def select_account(self, name: str) -> bool:
        return False


def test_a_session_list_and_a_transcript_view_drop_in(window: MainWindow, qtbot: QtBot) -> None:
    indexer = window.sessions.indexer  # its first pass ends before the list is replaced
    qtbot.waitUntil(lambda: indexer.completed >= 1 and not indexer.running())
    pane = FakeSessionPane()
    window.set_navigation_pane(pane)
    assert window.navigation is pane and window.splitter.widget(0) is pane
    assert pane.refreshed == 1
    assert "No sessions yet" in window.transcript.empty_state.text()

    view = QLabel("a transcript")
    window.transcript.set_transcript_view(view)
    with qtbot.waitSignal(window.session_selected) as chosen:
        pane.session_selected.emit("SESS-001")
    assert chosen.args == ["SESS-001"]
    assert window.transcript.currentWidget() is window.transcript.transcript_page
    assert window.transcript.transcript_view is view
    pane.session_selected.emit("")
    assert window.transcript.is_showing_empty()


def test_the_status_bar_shows_and_hides_progress(window: MainWindow) -> None:
    window.status_bar.show_progress("Indexing", 3, 10)
    assert window.status_bar.progress_visible()
    assert window.status_bar.progress_bar.value() == 3
    assert window.status_bar.progress_label.text() == "Indexing"
    window.status_bar.hide_progress()
    assert not window.status_bar.progress_visible()


def test_menus_have_keyboard_shortcuts(window: MainWindow) -> None:
    c = window.commands
    assert c.quit.shortcut().toString() == "Ctrl+Q"
    assert c.settings.shortcut().toString() == "Ctrl+,"
    assert c.add_account.shortcut().toString() == "Ctrl+Shift+A"
    titles = [action.text() for action in window.menuBar().actions()]
    assert titles == ["&File", "&View", "&Session", "&Conversation", "&Accounts", "&Help"]
    # the execution tree's commands, so the palette finds them; off until a node is chosen
    pane = window.conversation
    branch = [pane.continue_action, pane.fork_action, pane.compare_action]
    listed = [a for a in window.conversation_menu.actions() if not a.isSeparator()]
    assert listed == [*branch, window.deleter.action]
    keys = [a.shortcut().toString() for a in listed]
    assert keys == ["Ctrl+Shift+C", "Ctrl+Shift+F", "Ctrl+Shift+D", "Del"]
    assert not any(a.isEnabled() for a in branch)


def test_quit_closes_the_window(window: MainWindow, qtbot: QtBot) -> None:
    window.commands.quit.trigger()
    qtbot.waitUntil(lambda: not window.isVisible())
    QCoreApplication.processEvents()
    assert window.hub.settings.get(GEOMETRY_KEY)


def test_the_conversation_pane_opens_wide_enough_to_read(window: MainWindow) -> None:
    """Without saved state the pane right of the transcript is usable, and a
    conversation with a long folder and id does not make it demand more."""
    left, centre, right = window.splitter.sizes()
    assert right == 0 or right >= 260, "folded away on a narrow screen, else readable"
    window.resize(1200, 760)
    window.default_layout()
    left, centre, right = window.splitter.sizes()
    assert right >= 260 and centre > max(left, right), (left, centre, right)
    pane = window.conversation
    pane.header.show_conversation(
        Conversation(id="c1", number=7, title="A title", account="work",
                     cwd="/home/someone/" + "deeply/nested/" * 12 + "project"),
        "81dc0b0b-8159-40aa-bc21-3428cfa48b69",
    )  # fmt: skip
    pane.body.show()
    pane.empty_label.hide()
    assert pane.minimumSizeHint().width() <= DEFAULT_RIGHT_WIDTH
    # the title has the header's width: the account and Switch… sit on a line below it
    QCoreApplication.processEvents()
    assert pane.header.title_edit.width() >= pane.header.width() // 2
    assert pane.header.session_id() == "81dc0b0b-8159-40aa-bc21-3428cfa48b69"
