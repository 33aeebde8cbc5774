"""Searching every session from the toolbar, in English and in Chinese, and
opening a hit at the message that matched."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.services.hub import ServiceHub
from desktop.ui.search.search_hits import HTML_ROLE, marked_html
from desktop.ui.search.search_panel import SearchBar
from desktop.ui.shell.main_window import MainWindow
from tests.test_transcript_fixtures import Transcript, text
from tests.ui.session_kit import WAIT_MS, add_account, browser, pane, wait_indexed, write

pytestmark = pytest.mark.gui
BOLD = "<b style='background-color:#FDE68A; color:#1F2328'>{}</b>"


def session(cwd: str, *turns: tuple[str, str]) -> Transcript:
    t = Transcript(session_id=str(uuid.uuid4()), cwd=cwd)
    for prompt, reply in turns:
        t.prompt(prompt)
        t.reply(text(reply))
    return t


@pytest.fixture
def searchable(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow], qtbot: QtBot
) -> tuple[MainWindow, dict[str, Transcript]]:
    alpha = add_account(hub, "alpha", tmp_path)
    beta = add_account(hub, "beta", tmp_path)
    made = {
        "english": session(
            "/home/ana/src/lab",
            ("what does the lab need?", "Mostly coffee."),
            *[(f"filler question {n}", f"filler answer {n}") for n in range(30)],
            ("and the time machine?", "The flux capacitor needs 1.21 gigawatts."),
            ("thanks", "You are welcome."),
        ),
        "chinese": session(
            "/home/ana/src/解析",
            ("请帮我重构这个解析器", "好的，我先读一下代码。"),
            ("还有测试吗？", "测试都通过了。"),
        ),
    }
    write(alpha, made["english"])
    write(beta, made["chinese"])
    window = open_window(hub)
    qtbot.waitUntil(lambda: pane(window).source.rowCount() == 2, timeout=WAIT_MS)
    wait_indexed(qtbot, window)
    return window, made


def search(qtbot: QtBot, bar: SearchBar, query: str) -> list[str]:
    bar.edit.clear()
    bar.edit.setFocus()
    with qtbot.waitSignal(bar.finished, timeout=WAIT_MS):
        if query.isascii():
            qtbot.keyClicks(bar.edit, query)
        else:  # QTest types only what a keyboard has keys for; an input method inserts text
            bar.edit.insert(query)
    return [bar.results.item(i).data(HTML_ROLE) for i in range(bar.results.count())]


def wait_open(qtbot: QtBot, window: MainWindow, t: Transcript) -> None:
    panel = browser(window).panel
    qtbot.waitUntil(
        lambda: (
            (r := panel.current()) is not None
            and r.session_id == t.session_id
            and not panel.is_loading()
            and panel.model.rowCount() > 0
        ),
        timeout=WAIT_MS,
    )


def test_an_english_hit_opens_its_session_at_the_message(
    searchable: tuple[MainWindow, dict[str, Transcript]], qtbot: QtBot
) -> None:
    window, made = searchable
    bar = browser(window).search
    shown = search(qtbot, bar, "capacitor")
    assert len(shown) == 1
    assert BOLD.format("capacitor") in shown[0] and "what does the lab need?" in shown[0]
    assert "alpha" in shown[0] and "lab" in shown[0]
    assert bar.popup.isVisible()
    (hit,) = bar.hits()
    qtbot.keyClick(bar.edit, Qt.Key.Key_Return)
    assert not bar.popup.isVisible()
    wait_open(qtbot, window, made["english"])
    assert pane(window).selected_record().session_id == made["english"].session_id
    panel = browser(window).panel
    row = panel.model.row_of_uuid(hit.uuid)
    assert panel.model.row(row).message.text == "The flux capacitor needs 1.21 gigawatts."
    assert panel.view.selected_rows() == [row]
    qtbot.waitUntil(lambda: row in panel.view.painted, timeout=WAIT_MS)


def test_a_chinese_query_finds_and_opens_its_session(
    searchable: tuple[MainWindow, dict[str, Transcript]], qtbot: QtBot
) -> None:
    window, made = searchable
    bar = browser(window).search
    shown = search(qtbot, bar, "重构")
    assert len(shown) == 1 and BOLD.format("重构") in shown[0] and "beta" in shown[0]
    assert search(qtbot, bar, "没有这个词") == [
        "<i>No session mentions “没有这个词”.</i>"
    ]  # the empty state says so
    search(qtbot, bar, "测试")
    item = bar.results.item(0)
    qtbot.mouseClick(
        bar.results.viewport(),
        Qt.MouseButton.LeftButton,
        pos=bar.results.visualItemRect(item).center(),
    )
    wait_open(qtbot, window, made["chinese"])
    panel = browser(window).panel
    (selected,) = panel.view.selected_rows()
    assert "测试" in panel.model.row(selected).message.text


def test_ctrl_k_and_ctrl_f_focus_the_search_box(
    searchable: tuple[MainWindow, dict[str, Transcript]], qtbot: QtBot
) -> None:
    window, _made = searchable
    bar = browser(window).search
    shortcuts = [s.toString() for s in window.commands.search.shortcuts()]
    assert shortcuts == ["Ctrl+K", "Ctrl+F"]
    window.activateWindow()
    pane(window).view.setFocus()
    qtbot.keyClick(pane(window).view, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is bar.edit)
    pane(window).view.setFocus()
    qtbot.keyClick(pane(window).view, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is bar.edit)


def test_only_marks_around_searched_terms_become_bold() -> None:
    snippet = "…use list[int] for the [Parser] and <the> [parser]…"
    assert marked_html(snippet, "parser") == (
        f"…use list[int] for the {BOLD.format('Parser')} and &lt;the&gt; {BOLD.format('parser')}…"
    )
