"""The library in the window: hiding a conversation from the list and showing
it again, the description edited in the conversation's header, and
`[[SESS-…]]` references shown as links that open their conversation."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu
from pytestqt.qtbot import QtBot

from desktop.domain.conversations import Conversation
from desktop.services.hub import ServiceHub
from desktop.ui.search.search_hits import HIT_ROLE, HTML_ROLE
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import (
    WAIT_MS,
    add_account,
    browser,
    conversation_rows,
    new_session,
    open_session,
    pane,
    wait_indexed,
    write,
)

pytestmark = pytest.mark.gui
SHOT = os.environ.get("SESSIONDESK_SHOT_DIR")
"""Set to a folder to keep the screenshot of a description with a reference."""


@pytest.fixture
def library(
    home: Path, hub: ServiceHub, tmp_path: Path, qtbot: QtBot,
    open_window: Callable[[ServiceHub], MainWindow],
) -> tuple[MainWindow, list[Conversation]]:  # fmt: skip
    config = add_account(hub, "work", tmp_path)
    cranes = new_session("/src/harbour", "plan the dock cranes")
    lighthouse = new_session("/src/harbour", "paint the lighthouse like [[SESS-001]] did")
    for t in (cranes, lighthouse):
        write(config, t)
    hub.sessions.refresh()
    made = []
    with conversation_rows(home) as rows:
        for title, t in (("Dock cranes", cranes), ("Lighthouse", lighthouse)):
            conv = rows.create(title, "work", "/src/harbour")
            rows.update(conv.id, session_id=t.session_id)
            made.append(conv)
    hub.conversations.describe(made[1].code, "Paint it the way [[SESS-001]] planned")
    window = open_window(hub)
    qtbot.waitUntil(lambda: pane(window).source.rowCount() == 2, timeout=WAIT_MS)
    wait_indexed(qtbot, window)
    return window, [hub.conversations.get(c.id) for c in made]


def _menu_action(window: MainWindow, session_id: str, text: str) -> None:
    record = pane(window).source.record(("work", session_id))
    assert record is not None
    menu: QMenu = browser(window).menu.build(record)
    found = [a for a in menu.actions() if a.text().replace("&", "") == text]
    assert found, [a.text() for a in menu.actions()]
    found[0].trigger()
    menu.deleteLater()


def test_hide_and_unhide_from_the_menu_and_the_show_hidden_toggle(
    library: tuple[MainWindow, list[Conversation]], hub: ServiceHub, qtbot: QtBot
) -> None:
    window, (cranes, lighthouse) = library
    listed = pane(window)
    both = {("work", cranes.session_id), ("work", lighthouse.session_id)}
    qtbot.waitUntil(lambda: set(listed.visible_keys()) == both, timeout=WAIT_MS)

    _menu_action(window, cranes.session_id or "", "Hide Conversation")
    qtbot.waitUntil(lambda: listed.visible_keys() == [("work", lighthouse.session_id)],
                    timeout=WAIT_MS)  # fmt: skip
    assert hub.conversations.get(cranes.code).hidden
    assert listed.source.rowCount() == 2  # left out of the list, not dropped
    qtbot.waitUntil(lambda: listed.count_label.text() == "1", timeout=WAIT_MS)

    # the toggle says what it does; the count sits by the heading, not by the toggle
    assert listed.hidden_button.text() == "Show hidden" and listed.hidden_button.isCheckable()
    heading, count = listed.sessions_heading.geometry(), listed.count_label.geometry()
    assert heading.right() < count.left() < listed.hidden_button.geometry().left()
    listed.hidden_button.click()  # Show hidden
    assert listed.show_hidden_action.isChecked() and listed.hidden_button.isChecked()
    qtbot.waitUntil(lambda: set(listed.visible_keys()) == both, timeout=WAIT_MS)
    assert window.sessions.pane.show_hidden_action in window.view_menu.actions()

    _menu_action(window, cranes.session_id or "", "Unhide Conversation")
    qtbot.waitUntil(lambda: not hub.conversations.get(cranes.code).hidden, timeout=WAIT_MS)
    listed.show_hidden_action.setChecked(False)
    qtbot.waitUntil(lambda: set(listed.visible_keys()) == both, timeout=WAIT_MS)


def test_the_description_is_edited_in_the_header_and_its_reference_opens(
    library: tuple[MainWindow, list[Conversation]], hub: ServiceHub, qtbot: QtBot,
) -> None:  # fmt: skip
    window, (cranes, lighthouse) = library
    open_session(qtbot, window, "work", lighthouse.session_id or "")
    header = window.conversation.header
    qtbot.waitUntil(lambda: header.code_label.text() == lighthouse.code, timeout=WAIT_MS)
    assert 'href="sessiondesk:SESS-001"' in header.description_html()
    if SHOT:
        window.resize(1400, 820)
        qtbot.wait(200)
        window.grab().save(str(Path(SHOT) / "reference-link.png"))

    # a hidden conversation's link still opens it: the list shows hidden ones then
    hub.conversations.set_hidden(cranes.code, True)  # the service tells the window
    qtbot.waitUntil(lambda: ("work", cranes.session_id) not in pane(window).visible_keys(),
                    timeout=WAIT_MS)  # fmt: skip
    header.description_label.linkActivated.emit("sessiondesk:SESS-001")
    qtbot.waitUntil(
        lambda: (
            (r := pane(window).selected_record()) is not None and r.session_id == cranes.session_id
        ),
        timeout=WAIT_MS,
    )
    assert pane(window).show_hidden_action.isChecked()
    qtbot.waitUntil(lambda: header.code_label.text() == cranes.code, timeout=WAIT_MS)

    # Edit, type, Enter: the description is stored
    qtbot.mouseClick(header.edit_description_button, Qt.MouseButton.LeftButton)
    assert header.description_stack.currentWidget() is header.description_edit
    header.description_edit.clear()
    qtbot.keyClicks(header.description_edit, "Cranes first, then [[SESS-002]]")
    qtbot.keyClick(header.description_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(
        lambda: hub.conversations.get(cranes.code).description == "Cranes first, then [[SESS-002]]",
        timeout=WAIT_MS,
    )
    assert header.description_stack.currentWidget() is header.description_label
    assert 'href="sessiondesk:SESS-002"' in header.description_html()

    # Esc drops an edit
    qtbot.mouseClick(header.edit_description_button, Qt.MouseButton.LeftButton)
    header.description_edit.end(False)
    qtbot.keyClicks(header.description_edit, " and more")
    qtbot.keyClick(header.description_edit, Qt.Key.Key_Escape)
    assert header.description_stack.currentWidget() is header.description_label
    assert hub.conversations.get(cranes.code).description == "Cranes first, then [[SESS-002]]"


def test_a_reference_in_a_prompt_is_a_link_in_the_transcript(
    library: tuple[MainWindow, list[Conversation]], qtbot: QtBot
) -> None:
    window, (cranes, lighthouse) = library
    open_session(qtbot, window, "work", lighthouse.session_id or "")
    panel = browser(window).panel
    prompt_rows = [
        n
        for n in range(panel.model.rowCount())
        if "[[SESS-001]]" in panel.model.row(n).message.text
    ]
    assert prompt_rows
    view = panel.view
    document = view.delegate.document(panel.model.row(prompt_rows[0]), 600)
    assert 'href="sessiondesk:SESS-001"' in document.toHtml()
    view.link_activated.emit("sessiondesk:SESS-001")
    qtbot.waitUntil(
        lambda: (
            (r := pane(window).selected_record()) is not None and r.session_id == cranes.session_id
        ),
        timeout=WAIT_MS,
    )


def test_the_windows_search_finds_a_conversation_by_its_description(
    library: tuple[MainWindow, list[Conversation]], qtbot: QtBot
) -> None:
    window, (_cranes, lighthouse) = library
    bar = browser(window).search
    bar.edit.setFocus()
    with qtbot.waitSignal(bar.finished, timeout=WAIT_MS):
        qtbot.keyClicks(bar.edit, "planned")  # only in SESS-002's description
    hits = [bar.results.item(i).data(HIT_ROLE) for i in range(bar.results.count())]
    assert [(h.session_id, h.role) for h in hits] == [(lighthouse.session_id, "conversation")]
    assert "SESS-002 · Lighthouse" in bar.results.item(0).data(HTML_ROLE)
    bar.choose(0)
    qtbot.waitUntil(
        lambda: (
            (r := pane(window).selected_record()) is not None
            and r.session_id == lighthouse.session_id
        ),
        timeout=WAIT_MS,
    )
