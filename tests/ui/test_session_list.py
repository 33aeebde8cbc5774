"""The session list over a real home and transcripts on disk: filling, sorting,
filtering, badges, live updates, the remembered selection and the folders setting."""

from __future__ import annotations

import itertools
import threading
import time
from collections import Counter
from collections.abc import Callable
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QLocale, Qt, QTimer
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop.compose import open_services
from desktop.services.hub import ServiceHub
from desktop.ui.common.records import day_samples, key_of, short_time
from desktop.ui.common.status import StatusBar
from desktop.ui.sessions import session_browser, session_list, session_model
from desktop.ui.sessions.session_browser import LAST_SESSION_KEY
from desktop.ui.sessions.session_filter import SessionFilterProxy
from desktop.ui.sessions.session_model import (
    ACCOUNT,
    COLUMNS,
    MESSAGES,
    MODIFIED,
    PROJECT,
    TITLE,
    SessionTableModel,
)
from desktop.ui.shell.main_window import MainWindow
from tests.test_transcript_fixtures import Transcript, text
from tests.ui.session_kit import (
    WAIT_MS,
    add_account,
    browser,
    new_session,
    open_session,
    pane,
    wait_indexed,
    wait_listed,
    write,
)

pytestmark = pytest.mark.gui

API, WEB = "/home/ana/src/api", "/home/ana/src/web"


@pytest.fixture
def populated(hub: ServiceHub, tmp_path: Path) -> dict[str, Any]:
    alpha = add_account(hub, "alpha", tmp_path)
    beta = add_account(hub, "beta", tmp_path)
    sessions = {
        "one": write(alpha, new_session(API, "parser refactor plan")),
        "three": write(alpha, new_session(WEB, "fix the navbar", "then the footer", "and css")),
        "two": write(beta, new_session(API, "migrate the schema", "add an index")),
    }
    return {"alpha": alpha, "beta": beta, "paths": sessions}


def said_in_status_bar(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each progress text the status bar shows from now on."""
    said: list[str] = []
    show_progress = StatusBar.show_progress

    def record(bar: StatusBar, text: str, *args: Any) -> None:
        said.append(text)
        show_progress(bar, text, *args)

    monkeypatch.setattr(StatusBar, "show_progress", record)
    return said


def listed(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, sessions: list[Transcript],
) -> MainWindow:  # fmt: skip
    """A window listing these sessions of account "alpha", indexed."""
    config = add_account(hub, "alpha", tmp_path)
    for session in sessions:
        write(config, session)
    window = open_window(hub)
    wait_listed(qtbot, window, len(sessions))
    wait_indexed(qtbot, window)
    return window


def titles(window: MainWindow) -> list[str]:
    view = pane(window)
    return [view.proxy.index(row, TITLE).data() for row in range(view.proxy.rowCount())]


def test_the_list_fills_after_indexing_with_columns_sorting_and_filters(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    listing = pane(window)
    header = listing.proxy
    names = [header.headerData(c, Qt.Orientation.Horizontal) for c in (TITLE, PROJECT, MESSAGES)]
    assert names == ["Title", "Project", "Msgs"]
    by_title = {header.index(r, TITLE).data(): r for r in range(header.rowCount())}
    row = by_title["migrate the schema"]
    assert header.index(row, PROJECT).data() == "api"
    assert header.index(row, PROJECT).data(Qt.ItemDataRole.ToolTipRole) == API
    assert header.index(row, ACCOUNT).data(Qt.ItemDataRole.ToolTipRole) == "beta"
    assert header.index(row, MESSAGES).data() == "4"
    assert header.index(row, MODIFIED).data()

    listing.view.sortByColumn(MESSAGES, Qt.SortOrder.AscendingOrder)
    assert titles(window) == ["parser refactor plan", "migrate the schema", "fix the navbar"]
    listing.view.sortByColumn(TITLE, Qt.SortOrder.AscendingOrder)
    assert titles(window) == ["fix the navbar", "migrate the schema", "parser refactor plan"]

    assert listing.select_account("beta")
    assert titles(window) == ["migrate the schema"]
    projects = [listing.project_combo.itemText(i) for i in range(listing.project_combo.count())]
    assert projects == ["All projects", "api"]  # only beta's projects are offered
    assert listing.select_account("")
    listing.project_combo.setCurrentIndex(listing.project_combo.findData(API))
    assert titles(window) == ["migrate the schema", "parser refactor plan"]
    qtbot.keyClicks(listing.filter_edit, "PARSER")
    assert titles(window) == ["parser refactor plan"]
    listing.filter_edit.clear()
    listing.project_combo.setCurrentIndex(0)
    assert len(titles(window)) == 3
    qtbot.waitUntil(lambda: listing.accounts_view.model_.item(0, 1).text() == "3")
    assert listing.accounts_view.model_.item(1, 1).text() == "2"  # alpha


def test_indexing_runs_off_the_ui_thread_and_reports_progress(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    for number in range(40):
        write(config, new_session(f"{API}/{number}", f"question {number}"))
    source = hub.sessions._source
    slow_read = source.read
    threads: set[str] = set()

    def read(*args: Any) -> Any:
        threads.add(threading.current_thread().name)
        time.sleep(0.02)  # a slow disk: 40 files take most of a second
        return slow_read(*args)

    monkeypatch.setattr(source, "read", read)
    ticks: list[float] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(10)
    shown = said_in_status_bar(monkeypatch)
    window = open_window(hub)
    wait_listed(qtbot, window, 40)
    wait_indexed(qtbot, window)
    timer.stop()
    assert threading.main_thread().name not in threads
    assert any(t.startswith("Indexing ") and t.endswith(" / 40") for t in shown), set(shown)
    # the event loop kept turning while the files were read
    assert len(ticks) >= 20
    assert max(b - a for a, b in itertools.pairwise(ticks)) < 0.5
    assert not window.status_bar.progress_visible()


def test_damaged_and_missing_sessions_are_marked(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    damaged = populated["paths"]["three"]
    lines = damaged.read_bytes().split(b"\n")
    damaged.write_bytes(b"\n".join([*lines[:2], b"{this line is broken", *lines[2:]]))
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    listing = pane(window)
    wait_indexed(qtbot, window)

    def cell(title: str, column: int, role: int) -> Any:
        for row in range(listing.proxy.rowCount()):
            if listing.proxy.index(row, TITLE).data() in (title, f"{title} · archived"):
                return listing.proxy.index(row, column).data(role)
        raise AssertionError(title)

    assert not cell("fix the navbar", TITLE, Qt.ItemDataRole.DecorationRole).isNull()
    assert "Damaged: 1 unreadable line" in cell(
        "fix the navbar", TITLE, Qt.ItemDataRole.ToolTipRole
    )
    assert cell("parser refactor plan", TITLE, Qt.ItemDataRole.DecorationRole) is None

    populated["paths"]["one"].unlink()
    window.commands.reindex.trigger()
    grey = QApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    qtbot.waitUntil(
        lambda: cell("parser refactor plan", TITLE, Qt.ItemDataRole.ForegroundRole) == grey,
        timeout=WAIT_MS,
    )
    assert "gone from disk" in cell("parser refactor plan", TITLE, Qt.ItemDataRole.ToolTipRole)
    # our archive kept a copy: the list says so
    qtbot.waitUntil(
        lambda: (
            "parser refactor plan · archived"
            in [listing.proxy.index(r, TITLE).data() for r in range(listing.proxy.rowCount())]
        ),
        timeout=WAIT_MS,
    )
    assert cell("fix the navbar", TITLE, Qt.ItemDataRole.ForegroundRole) is None


def test_new_and_growing_sessions_show_up_without_a_restart(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    wait_indexed(qtbot, window)
    listing = pane(window)
    listing.view.setFocus()
    growing = new_session("/home/ana/src/live", "start a live session")
    # a session found on disk is announced on the window's one change spine
    with qtbot.waitSignal(window.changes.changed, timeout=WAIT_MS,
                          check_params_cb=lambda changes: changes.listing):  # fmt: skip
        path = write(populated["alpha"], growing)
    wait_listed(qtbot, window, 4)
    key = ("alpha", growing.session_id)
    open_session(qtbot, window, *key)
    panel = browser(window).panel
    before = panel.model.rowCount()

    growing.prompt("one more question")
    growing.reply(text("one more answer"))
    path.write_bytes(growing.dumps())
    qtbot.waitUntil(lambda: listing.source.record(key).message_count == 4, timeout=WAIT_MS)
    # the open transcript follows the file, and the selection stayed put
    qtbot.waitUntil(lambda: panel.model.rowCount() == before + 2, timeout=WAIT_MS)
    assert panel.model.row(panel.model.rowCount() - 1).message.text == "one more answer"
    assert listing.selected_record().session_id == growing.session_id


def test_the_last_selection_is_chosen_again_after_a_restart(
    home: Path, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow], qtbot: QtBot
) -> None:
    first_hub = open_services(home)
    config = add_account(first_hub, "alpha", tmp_path)
    chosen = new_session(WEB, "the one to remember", "and a follow-up")
    write(config, new_session(API, "another one"))
    write(config, chosen)
    try:
        first = open_window(first_hub)
        wait_listed(qtbot, first, 2)
        open_session(qtbot, first, "alpha", chosen.session_id)
        first.close()
    finally:
        first_hub.close()
    with closing(open_services(home)) as later:
        assert chosen.session_id in later.settings.get(LAST_SESSION_KEY)

    second_hub = open_services(home)
    try:
        second = open_window(second_hub)
        qtbot.waitUntil(lambda: pane(second).selected_record() is not None, timeout=WAIT_MS)
        assert pane(second).selected_record().session_id == chosen.session_id
        panel = browser(second).panel
        qtbot.waitUntil(lambda: panel.model.rowCount() == 4, timeout=WAIT_MS)
        assert panel.title_label.text() == "the one to remember"
        assert not second.transcript.is_showing_empty()
        second.close()
    finally:
        second_hub.close()


def test_a_walk_down_the_list_writes_down_its_last_choice_once_it_rests(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setattr(session_browser, "REMEMBER_AFTER_MS", 2000)
    first, second = new_session(WEB, "the first stop"), new_session(API, "the second stop")
    window = listed(hub, tmp_path, open_window, qtbot, [first, second])
    written = hub.settings.get(LAST_SESSION_KEY)
    open_session(qtbot, window, "alpha", first.session_id)
    open_session(qtbot, window, "alpha", second.session_id)
    # the commit waits: a worker beside the new transcript's read and paint slowed both
    assert hub.settings.get(LAST_SESSION_KEY) == written
    qtbot.waitUntil(lambda: hub.settings.get(LAST_SESSION_KEY) != written, timeout=WAIT_MS)
    assert second.session_id in (hub.settings.get(LAST_SESSION_KEY) or "")


def test_a_transcript_read_is_said_in_the_status_bar_only_once_it_takes_a_while(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setattr(session_browser, "LOADING_SAID_AFTER_MS", 1000)
    quick, slow = new_session(WEB, "read at once"), new_session(API, "read slowly")
    said = said_in_status_bar(monkeypatch)
    window = listed(hub, tmp_path, open_window, qtbot, [quick, slow])
    open_session(qtbot, window, "alpha", quick.session_id)
    assert "Loading transcript…" not in said  # shown and hidden in one go, a frame's layouts
    show = hub.sessions.show

    def slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(1.5)
        return show(*args, **kwargs)

    monkeypatch.setattr(hub.sessions, "show", slowly)
    assert pane(window).select_session("alpha", slow.session_id)
    qtbot.waitUntil(lambda: window.status_bar.progress_visible(), timeout=WAIT_MS)
    assert said[-1] == "Loading transcript…"
    open_session(qtbot, window, "alpha", slow.session_id)
    qtbot.waitUntil(lambda: not window.status_bar.progress_visible(), timeout=WAIT_MS)


def test_the_folders_setting_limits_the_list(
    hub: ServiceHub, populated: dict[str, Any], window: MainWindow, qtbot: QtBot
) -> None:
    pane(window).refresh()
    wait_listed(qtbot, window, 3)
    dialog = window.open_settings()
    assert dialog.roots_editor.folders() == []
    assert dialog.roots_editor.add_folder(WEB)
    assert not dialog.roots_editor.add_folder(WEB)  # listed once
    qtbot.mouseClick(
        dialog.button_box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert hub.sessions.roots() == (WEB,)
    assert titles(window) == ["fix the navbar"]

    again = window.open_settings()
    assert again.roots_editor.folders() == [WEB]
    again.roots_editor.list.setCurrentRow(0)
    qtbot.mouseClick(again.roots_editor.remove_button, Qt.MouseButton.LeftButton)
    assert again.roots_editor.folders() == []
    qtbot.mouseClick(
        again.button_box.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton
    )
    qtbot.waitUntil(lambda: len(titles(window)) == 3)
    QCoreApplication.processEvents()


def test_the_list_and_the_transcript_speak_the_window_language(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    open_session(qtbot, window, "alpha", populated["paths"]["one"].stem)
    listing = pane(window)
    window.set_language("es")
    qtbot.waitUntil(lambda: listing.sessions_heading.text() == "Sesiones")
    header = listing.proxy.headerData(TITLE, Qt.Orientation.Horizontal)
    assert header == "Título"
    assert listing.filter_edit.placeholderText() == "Filtrar sesiones"
    assert listing.accounts_view.model_.item(0, 0).text() == "Todas las cuentas"
    assert browser(window).search.edit.placeholderText().startswith("Buscar en todas")
    delegate = browser(window).panel.view.delegate
    assert delegate.names[0] == "Tú"
    assert "  ·  2 mensajes  ·  " in browser(window).panel.meta_label.text()
    window.set_language("en")
    qtbot.waitUntil(lambda: listing.sessions_heading.text() == "Sessions")


def test_a_repaint_of_the_list_calls_into_python_once_a_cell(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """Each call from Qt into Python takes the interpreter lock back, a wait of up to
    the switch interval while a worker runs Python: a repaint asks each cell's
    painted roles in one call, with no data(), rowCount() or columnCount() a role
    (data() is still asked for a size hint and the run badge's record, once a row)."""
    calls: Counter[str] = Counter()

    class CountedModel(SessionTableModel):
        def data(self, *args: Any) -> Any:
            calls[f"data {args[1] if len(args) > 1 else 0}"] += 1
            return super().data(*args)

        def rowCount(self, *args: Any) -> int:
            calls["rowCount"] += 1
            return super().rowCount(*args)

        def columnCount(self, *args: Any) -> int:
            calls["columnCount"] += 1
            return super().columnCount(*args)

    class CountedProxy(SessionFilterProxy):
        def multiData(self, *args: Any) -> None:
            calls["multiData"] += 1
            super().multiData(*args)

    monkeypatch.setattr(session_list, "SessionTableModel", CountedModel)
    monkeypatch.setattr(session_list, "SessionFilterProxy", CountedProxy)
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    wait_indexed(qtbot, window)
    listing = pane(window)
    before = [[listing.proxy.index(r, c).data() for c in range(COLUMNS)] for r in range(3)]
    calls.clear()
    listing.view.viewport().repaint()
    assert 0 < calls["multiData"] <= 3 * COLUMNS
    assert calls["rowCount"] == calls["columnCount"] == 0
    asked = {name: n for name, n in calls.items() if name.startswith("data")}
    hint, record = Qt.ItemDataRole.SizeHintRole.value, session_model.RECORD_ROLE
    assert set(asked) <= {f"data {hint}", f"data {record}"}
    assert all(n <= 3 for n in asked.values())
    assert [[listing.proxy.index(r, c).data() for c in range(COLUMNS)] for r in range(3)] == before


def test_the_listed_times_are_made_again_when_the_day_turns(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A row's cells are kept from its first paint, but "Today 14:03" is not today's
    tomorrow; nor is a gone session's grey the grey of another palette."""
    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    listing = pane(window)
    when = listing.proxy.index(0, MODIFIED)
    shown = when.data()
    assert shown == short_time(when.data(session_model.RECORD_ROLE).modified)
    monkeypatch.setattr(session_model, "short_time", lambda moment: "the next day's")
    assert when.data() == shown  # kept while the day lasts
    tomorrow = time.time() + 24 * 3600
    monkeypatch.setattr(session_model, "time", type("Clock", (), {"time": lambda: tomorrow}))
    assert when.data() == "the next day's"

    populated["paths"]["one"].unlink()
    window.commands.reindex.trigger()
    row = next(r for r in range(3) if listing.proxy.index(r, TITLE).data().startswith("parser"))
    title = listing.proxy.index(row, TITLE)
    disabled = (QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
    grey = QApplication.palette().color(*disabled)
    qtbot.waitUntil(lambda: title.data(Qt.ItemDataRole.ForegroundRole) == grey, timeout=WAIT_MS)
    palette = QApplication.palette()
    before = QPalette(palette)
    palette.setColor(*disabled, Qt.GlobalColor.magenta)
    QApplication.setPalette(palette)
    try:
        qtbot.waitUntil(
            lambda: title.data(Qt.ItemDataRole.ForegroundRole) == Qt.GlobalColor.magenta,
            timeout=WAIT_MS,
        )
    finally:
        QApplication.setPalette(before)


def test_the_title_column_takes_the_spare_room(
    hub: ServiceHub, tmp_path: Path, open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    """A long project name is cut to a fifth of the list; a short one keeps its
    own width; the title gets what is left, and more when the list widens."""
    alpha = add_account(hub, "alpha", tmp_path)
    write(alpha, new_session("/home/ana/src/a-rather-long-project-folder-name", "first title"))
    write(alpha, new_session(API, "second title"))
    window = open_window(hub)
    window.resize(1200, 760)
    window.default_layout()
    wait_listed(qtbot, window, 2)
    header = pane(window).view.horizontalHeader()
    viewport = pane(window).view.viewport().width()
    # the columns are measured again a moment after rows arrive: wait for the long
    # name's measure, which cuts it to a fifth of the list
    qtbot.waitUntil(lambda: header.sectionSize(PROJECT) == viewport // 5 + 16)
    title = header.sectionSize(TITLE)
    others = [header.sectionSize(c) for c in (ACCOUNT, PROJECT, MESSAGES, MODIFIED)]
    assert title == viewport - sum(others) and title > max(others), (title, others, viewport)
    sizes = window.splitter.sizes()
    window.splitter.setSizes([sizes[0] + 120, sizes[1] - 120, sizes[2]])
    qtbot.waitUntil(lambda: header.sectionSize(TITLE) > title)


def test_the_modified_column_is_measured_by_the_days_listed(qapp: QApplication) -> None:
    """Two samples a day (not one a session) are as wide as any time that day shows,
    with a 24-hour clock or an AM/PM one."""
    now = datetime.now(UTC).replace(tzinfo=None)
    moments = [now - timedelta(days=day, minutes=37 * day) for day in range(0, 400, 3)]
    moments += [now.replace(hour=h, minute=m) for h, m in ((0, 0), (9, 41), (12, 8), (23, 59))]
    days = {m.replace(tzinfo=UTC).astimezone().date() for m in moments}
    width = QFontMetrics(QApplication.font()).horizontalAdvance
    before = QLocale()
    for locale in ("en_US", "de_DE", "zh_CN"):  # AM/PM and 24-hour clocks
        QLocale.setDefault(QLocale(locale))
        try:
            samples = day_samples([*moments, None])
            assert len(days) <= len(samples) <= 2 * len(days)
            widest = max(width(text) for text in samples)
            assert all(width(short_time(m)) <= widest for m in moments), locale
        finally:
            QLocale.setDefault(before)


def test_a_conversation_mark_remakes_and_repaints_only_its_rows(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    """A run's end marks one session with its conversation, an index pass marks
    one archived: only those rows' cells are made again and repainted, not the
    whole list's (a 10 ms paint while other runs streamed)."""
    from desktop.services.conversations import Membership

    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    wait_indexed(qtbot, window)
    listing = pane(window)
    model = listing.source
    records = [model.index(row, TITLE).data(session_model.RECORD_ROLE) for row in range(3)]
    members = {key_of(r): m for r in records if (m := model.member(r)) is not None}
    listing.view.viewport().repaint()  # every row's cells kept
    remade: list[str] = []
    make = model._cells
    monkeypatch.setattr(
        model, "_cells", lambda record: remade.append(record.session_id) or make(record)
    )
    spans: list[tuple[int, int]] = []
    model.dataChanged.connect(lambda first, last, *_: spans.append((first.row(), last.row())))

    model.set_memberships({**members, key_of(records[1]): Membership("SESS-042")})
    listing.view.viewport().repaint()
    assert spans == [(1, 1)] and remade == [records[1].session_id]
    assert model.index(1, TITLE).data().startswith("SESS-042")
    model.set_archived({key_of(r) for r in records})  # as the index's archive marks say
    listing.view.viewport().repaint()
    del spans[:], remade[:]
    model.set_archived({key_of(records[0]), key_of(records[1])})
    listing.view.viewport().repaint()
    assert spans == [(2, 2)] and remade == [records[2].session_id]
    assert [model.index(r, TITLE).data(session_model.RECORD_ROLE) for r in range(3)] == records


def test_a_streaming_session_keeps_its_row_until_its_run_ends(qapp: QApplication) -> None:
    """Sorted by time, a session whose run streams is re-indexed a few times a second:
    it keeps its row (nothing jumps under the pointer, and the list is not laid out
    again each time) and moves to its place once let go; other rows sort as they change."""
    from desktop.domain.sessions import SessionRecord

    model = SessionTableModel()
    model.sort(MODIFIED, Qt.SortOrder.DescendingOrder)
    start = datetime(2026, 11, 29, 9, tzinfo=UTC)

    def record(sid: str, minutes: int, count: int = 1) -> SessionRecord:
        return SessionRecord("alpha", sid, f"/s/{sid}.jsonl", title=sid, message_count=count,
                             modified=start + timedelta(minutes=minutes))  # fmt: skip

    def order() -> list[str]:
        return [model.index(row, TITLE).data() for row in range(model.rowCount())]

    model.merge([record("old", 0), record("mid", 10), record("new", 20)], complete=True)
    assert order() == ["new", "mid", "old"]
    moves: list[str] = []
    model.layoutChanged.connect(lambda *_: moves.append("layout"))
    model.hold({("alpha", "old")})
    model.merge([record("old", 30, count=4)])
    assert order() == ["new", "mid", "old"] and moves == []
    assert model.index(2, MESSAGES).data() == "4"  # its cells follow; only its place holds
    model.merge([record("mid", 40)])  # not held: sorts as it changes
    assert order() == ["mid", "new", "old"] and moves == ["layout"]
    model.hold(set())
    assert order() == ["mid", "old", "new"] and moves == ["layout", "layout"]


def test_a_cell_shows_only_its_own_roles_whatever_the_delegate_painted_before(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    """A delegate asks each cell's roles into the same span: a role the cell has no
    value for must come back empty, not as the last cell's (the account's avatar
    was drawn in the message count and the time after it)."""
    from PySide6.QtWidgets import QStyleOptionViewItem

    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    view = pane(window).view
    delegate = view.itemDelegate()
    for row in range(view.model().rowCount()):
        for column in (ACCOUNT, MESSAGES, MODIFIED):  # in the order a paint asks them
            option = QStyleOptionViewItem()
            delegate.initStyleOption(option, view.model().index(row, column))
            assert option.icon.isNull() == (column != ACCOUNT), (row, column)
            assert bool(option.text) == (column != ACCOUNT), (row, column)


def test_a_new_session_goes_straight_to_its_place_without_sorting_the_list(
    qapp: QApplication,
) -> None:
    """A few new rows are each inserted where they sort (no re-sort, whose layout and
    refiltering of every row took ~45 ms with 2,000 sessions); many at once (an index
    filling the list) are sorted in once, as before."""
    from desktop.domain.sessions import SessionRecord
    from desktop.ui.sessions.session_model import FEW_NEW

    model = SessionTableModel()
    model.sort(MODIFIED, Qt.SortOrder.DescendingOrder)
    start = datetime(2026, 11, 29, 9, tzinfo=UTC)

    def record(sid: str, minutes: int) -> SessionRecord:
        return SessionRecord("alpha", sid, f"/s/{sid}.jsonl", title=sid,
                             modified=start + timedelta(minutes=minutes))  # fmt: skip

    def order() -> list[str]:
        return [model.index(row, TITLE).data() for row in range(model.rowCount())]

    model.merge([record(f"s{n}", 10 * n) for n in range(6)], complete=True)
    said: list[tuple[str, int]] = []
    model.layoutChanged.connect(lambda *_: said.append(("layout", -1)))
    model.rowsInserted.connect(lambda _parent, first, _last: said.append(("inserted", first)))
    # the newest, one in the middle, one level with s2 (after it, as a stable sort puts it)
    model.merge([record("newest", 99), record("middle", 25), record("level", 20)])
    assert order() == ["newest", "s5", "s4", "s3", "middle", "s2", "level", "s1", "s0"]
    assert said == [("inserted", 0), ("inserted", 4), ("inserted", 6)]
    del said[:]
    model.merge([record(f"b{n}", n) for n in range(FEW_NEW + 1)])  # many: sorted in at once
    assert ("layout", -1) in said
    listed = order()
    assert listed[:2] == ["newest", "s5"] and listed[-1] == "b0" and len(listed) == 26
    model.sort(MODIFIED, Qt.SortOrder.AscendingOrder)
    model.merge([record("oldest", -5)])
    assert order()[0] == "oldest"


def test_the_list_moves_by_rows_as_a_list_does(
    hub: ServiceHub, populated: dict[str, Any], open_window: Callable[[ServiceHub], MainWindow],
    qtbot: QtBot,
) -> None:  # fmt: skip
    """Home and End go to the first and last session, Left and Right stay on the row,
    and the chosen row has no frame around the one cell that holds the keys' place."""
    from PySide6.QtTest import QTest

    window = open_window(hub)
    wait_listed(qtbot, window, 3)
    view = pane(window).view
    view.setFocus()
    qtbot.waitUntil(view.hasFocus, timeout=WAIT_MS)

    def chosen() -> list[int]:
        return [index.row() for index in view.selectionModel().selectedRows()]

    QTest.keyClick(view, Qt.Key.Key_End)
    assert chosen() == [2]
    QTest.keyClick(view, Qt.Key.Key_Right)
    QTest.keyClick(view, Qt.Key.Key_Left)
    assert chosen() == [2] and view.currentIndex().row() == 2
    QTest.keyClick(view, Qt.Key.Key_Home)
    assert chosen() == [0]
    QTest.keyClick(view, Qt.Key.Key_Down)
    assert chosen() == [1] and view.currentIndex().column() == TITLE
    picture = view.viewport().grab().toImage()
    cell = view.visualRect(view.currentIndex())
    chosen_colour = view.palette().color(QPalette.ColorGroup.Active, QPalette.ColorRole.Highlight)
    for x, y in ((cell.left() + 1, cell.top() + 1), (cell.left() + 1, cell.bottom() - 1),
                 (cell.right() - 1, cell.top() + 1)):  # fmt: skip
        assert picture.pixelColor(x, y) == chosen_colour, (x, y, picture.pixelColor(x, y).name())
