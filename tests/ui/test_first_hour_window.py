"""The first hour in the window, without runs: each test is something a newcomer met on screen."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from pathlib import Path

import keyring
import pytest
from PySide6.QtCore import QLocale, Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from desktop.domain.accounts import AuthKind
from desktop.domain.errors import BusyError, NotFoundError, SessiondeskError, UsageError
from desktop.services.hub import ServiceHub
from desktop.ui.accounts.account_dialogs import ChangeSecretDialog
from desktop.ui.common.error_text import error_text
from desktop.ui.common.records import local_time
from desktop.ui.sessions.session_model import MODIFIED, PROJECT
from desktop.ui.shell.main_window import MainWindow
from desktop.ui.transcript.transcript_rows import RowKind
from tests.ui.session_kit import (
    add_account,
    new_session,
    open_session,
    pane,
    tool_session,
    transcript_path,
    wait_listed,
    write,
)

pytestmark = pytest.mark.gui

LONG_PROJECT = "/home/ana/src/sessiondesk-backend-services"


def test_first_run_names_the_claude_folder_it_found_and_where_sessions_will_appear(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    found = tmp_path / "claude-home"
    found.mkdir()
    monkeypatch.setattr(hub.accounts, "default_folder", lambda: found)
    window = open_window(hub)
    text = window.transcript.empty_state.text()
    assert f"Claude Code's folder was found at {found}" in text
    assert "will appear in the list on the left" in text
    assert window.transcript.empty_state.action_button.text() == "Add Account…"


def test_the_accounts_menu_is_an_explained_filter_with_all_accounts(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
) -> None:  # fmt: skip
    add_account(hub, "alpha", tmp_path)
    add_account(hub, "beta", tmp_path)
    window = open_window(hub)
    menu = window.accounts_menu
    menu.aboutToShow.emit()
    texts = [action.text() for action in menu.actions()]
    assert "Show sessions of" in texts, texts
    heading = texts.index("Show sessions of")
    assert texts[heading + 1 :] == ["All Accounts", "alpha", "beta"]
    entries = menu.actions()[heading + 1 :]
    assert entries[0].isChecked() and all(a.actionGroup() is not None for a in entries)
    assert entries[1].statusTip() == "List only the sessions of alpha"
    entries[2].trigger()
    assert window.navigation.selected_account() == "beta"
    menu.aboutToShow.emit()
    entries = menu.actions()[heading + 1 :]
    entries[0].trigger()
    assert window.navigation.selected_account() is None


def test_modified_shows_a_date_and_a_long_project_is_cut_in_its_middle_with_its_path(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    write(config, new_session(LONG_PROJECT, "where is the config read?"))
    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    view = pane(window).view
    proxy = pane(window).proxy
    record = pane(window).source.records()[0]
    modified = proxy.index(0, MODIFIED).data()
    when = local_time(record.modified)
    assert when is not None
    clock = QLocale().toString(when.time(), QLocale.FormatType.ShortFormat)
    assert modified != clock and clock in modified, modified  # a day and a time of day
    project = proxy.index(0, PROJECT)
    assert project.data() == "sessiondesk-backend-services"
    assert project.data(Qt.ItemDataRole.ToolTipRole) == LONG_PROJECT
    option = QStyleOptionViewItem()
    view.itemDelegateForColumn(PROJECT).initStyleOption(option, project)
    assert option.textElideMode == Qt.TextElideMode.ElideMiddle
    # a fifth of the list at most (the title takes the rest), so a wide list
    # leaves a usual project name whole: once the columns are measured (a moment
    # after the rows arrive), widening the list alone widens the column
    qtbot.waitUntil(lambda: not pane(window)._recount.isActive())
    window.resize(1400, 760)
    window.splitter.setSizes([720, 410, 270])
    qtbot.waitUntil(
        lambda: (
            view.horizontalHeader().sectionSize(PROJECT)
            >= view.fontMetrics().horizontalAdvance("sessiondesk-backend")
        )
    )


@pytest.mark.keyring
def test_an_accounts_secret_is_changed_from_the_window(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot, tmp_path: Path
) -> None:
    if "fail" in type(keyring.get_keyring()).__module__:
        pytest.skip("no keyring in this session")
    hub.accounts.add("keyed", str(tmp_path / ".claude-keyed"), AuthKind.API_KEY, "sk-old-1")
    hub.accounts.add("plain", str(tmp_path / ".claude-plain"), AuthKind.LOGIN)
    window.navigation.refresh()
    window.accounts_menu.aboutToShow.emit()
    assert window.commands.change_secret in window.accounts_menu.actions()
    window.commands.change_secret.trigger()
    dialog = window.findChild(ChangeSecretDialog)
    assert dialog is not None and dialog.isVisible()
    names = [dialog.account_combo.itemText(i) for i in range(dialog.account_combo.count())]
    assert names == ["keyed"]  # a login account has no secret to change
    dialog.secret_edit.setText("   ")
    dialog.save_button.click()
    assert dialog.isVisible() and dialog.error_label.text() == "The secret is empty."
    dialog.secret_edit.setText("sk-new-2")
    dialog.save_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.accounts.secret("keyed") == "sk-new-2"
    assert "sk-new-2" not in window.status_bar.currentMessage()


def test_service_errors_reach_the_window_in_its_language(
    window: MainWindow, hub: ServiceHub, qtbot: QtBot
) -> None:
    with pytest.raises(SessiondeskError) as caught:
        hub.accounts.get("ghost")
    assert caught.value.kind == "no_account"
    assert error_text(caught.value) == "There is no account named ghost."
    # an error the window has no sentence for says its family's, not the English message
    assert error_text(UsageError("--limit must be a positive number")) == (
        "That cannot be done as asked."
    )
    # a second turn of a busy conversation is said as such, not as "Something went wrong."
    assert error_text(BusyError("e1")).startswith("This conversation is still answering")
    window.set_language("es")
    qtbot.waitUntil(lambda: window.file_menu.title() == "&Archivo")
    assert error_text(caught.value) == "No hay ninguna cuenta llamada ghost."
    assert "no account named" not in error_text(NotFoundError("no account named 'x'"))
    window.set_language("en")


def test_an_empty_session_says_so_and_its_folder_is_the_accounts_last(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    write(config, new_session(LONG_PROJECT, "an earlier question"))
    empty_id = str(uuid.uuid4())
    empty = transcript_path(config, "/home/ana/src/blank", empty_id)
    empty.parent.mkdir(parents=True)
    line = {"type": "last-prompt", "lastPrompt": "", "sessionId": empty_id}
    empty.write_text(json.dumps(line) + "\n")
    window = open_window(hub)
    wait_listed(qtbot, window, 2)
    assert pane(window).select_session("alpha", empty_id)
    panel = window.sessions.panel
    qtbot.waitUntil(lambda: panel.current() is not None and not panel.is_loading())
    qtbot.waitUntil(lambda: panel.empty_label.isVisible())
    assert "no messages yet" in panel.empty_label.text()
    folder = window.runs.composer.folder()
    assert folder == LONG_PROJECT, folder  # not the home folder nobody chose


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: no grabs
def test_right_click_on_a_session_offers_its_actions_and_they_work(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    t = new_session(str(tmp_path), "a question worth keeping")
    write(config, t)
    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    view = pane(window).view
    where = view.visualRect(pane(window).proxy.index(0, 0)).center()
    view.customContextMenuRequested.emit(where)
    menu = window.sessions.menu.menu
    assert menu is not None and menu.isVisible()
    actions = {a.text().replace("&", ""): a for a in menu.actions() if a.text()}
    assert list(actions) == [
        "Continue This Session", "Fork into a New Session", "Rename…", "Add to Bundle…",
        "Export…", "Remove Archived Copy…", "Copy Session ID", "Open Project Folder",
        "Reveal Transcript File",
    ]  # fmt: skip
    menu.close()
    actions["Copy Session ID"].trigger()
    assert QApplication.clipboard().text() == t.session_id
    actions["Fork into a New Session"].trigger()
    assert pane(window).selected_record().session_id == t.session_id
    banner = window.runs.branch_banner
    assert banner.isVisible() and "a question worth keeping" in banner.label.text()
    actions["Continue This Session"].trigger()
    assert not banner.isVisible() and not window.runs.composer.fresh()
    assert QApplication.focusWidget() in (window.runs.composer.prompt, None)


@pytest.mark.qt_log_ignore("This plugin does not support")  # offscreen: no grabs
def test_right_click_on_a_tool_card_copies_its_command_output_and_id(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    t = tool_session(str(tmp_path))
    write(config, t)
    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    open_session(qtbot, window, "alpha", t.session_id)
    panel = window.sessions.panel
    view = panel.view
    model = panel.model
    tools = [n for n in range(model.rowCount()) if model.row(n).kind is RowKind.TOOL]
    bash = next(n for n in tools if model.row(n).message.tool_name == "Bash")
    view.scroll_to_row(bash)
    rect = view.visual_rect(bash)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, rect.center(), rect.center())
    view.contextMenuEvent(event)
    menu = view.menu
    actions = {a.text().replace("&", ""): a for a in menu.actions() if a.text()}
    assert list(actions)[:3] == ["Copy Text", "Copy Tool Input", "Copy Tool Output"]
    actions["Copy Tool Input"].trigger()
    assert QApplication.clipboard().text() == "pytest -q"
    actions["Copy Tool Output"].trigger()
    assert "1 failed" in QApplication.clipboard().text()
    actions["Copy Message ID"].trigger()
    assert QApplication.clipboard().text() == model.row(bash).message.uuid
    menu.close()
    # a reply: its text
    reply = max(n for n in range(model.rowCount()) if model.row(n).kind is RowKind.REPLY)
    view.scroll_to_row(reply)
    rect = view.visual_rect(reply)
    view.contextMenuEvent(
        QContextMenuEvent(QContextMenuEvent.Reason.Mouse, rect.center(), rect.center())
    )
    copy_text = view.menu.actions()[0]
    copy_text.trigger()
    assert "xylophone" in QApplication.clipboard().text()
    view.menu.close()


def test_the_session_menu_of_the_menu_bar_offers_the_chosen_sessions_actions(
    hub: ServiceHub, open_window: Callable[[ServiceHub], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    t = new_session(str(tmp_path), "a question")
    write(config, t)
    window = open_window(hub)
    wait_listed(qtbot, window, 1)
    window.session_menu.aboutToShow.emit()
    (only,) = window.session_menu.actions()
    assert not only.isEnabled() and "Choose a session" in only.text()
    assert pane(window).select_session("alpha", t.session_id)
    window.session_menu.aboutToShow.emit()
    texts = [a.text().replace("&", "") for a in window.session_menu.actions() if a.text()]
    assert texts[:3] == ["Continue This Session", "Fork into a New Session", "Rename…"]
    copy = next(a for a in window.session_menu.actions() if "Copy Session" in a.text())
    copy.trigger()
    assert QApplication.clipboard().text() == t.session_id
