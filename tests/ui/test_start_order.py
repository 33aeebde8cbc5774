"""The window's start as the app does it: the list from the database before the
first paint; the transcript panel, the run desk, the conversation pane and the
library just after it; the transcript reader and the archive once files are read."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from pytestqt.qtbot import QtBot

from desktop.compose import open_services
from desktop.services.hub import ServiceHub
from desktop.ui.sessions.session_browser import LAST_SESSION_KEY
from desktop.ui.shell.main_window import MainWindow
from tests.ui.session_kit import add_account, browser, new_session, open_session, pane, write

pytestmark = pytest.mark.gui

API = "/home/ana/src/api"


@pytest.fixture
def start_window(
    open_window: Callable[..., MainWindow],
) -> Callable[[ServiceHub, bool], MainWindow]:
    """A window as the app builds it (the parts after the first paint) or whole; not shown."""
    return lambda hub, after_paint: open_window(hub, show=False, parts_after_paint=after_paint)


class PaintWatch(QObject):
    """What was built when the window was first painted."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.seen: tuple[bool, int, int] | None = None
        self.panel_made: bool | None = None
        self.menu_made: bool | None = None
        self.popup_made: bool | None = None
        self.chosen: str | None = None
        self.loading: bool | None = None
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Paint and self.seen is None:
            list_pane = pane(self.window)
            self.seen = (self.window.parts_built, list_pane.session_count(),
                         browser(self.window).indexer.runs)  # fmt: skip
            self.panel_made = browser(self.window).panel_made()
            self.menu_made = browser(self.window).menu_made()
            self.popup_made = browser(self.window).search.popup_made()
            record = list_pane.selected_record()
            self.chosen = record.session_id if record else None
            self.loading = self.window.status_bar.progress_visible()
        return False


def menu_texts(window: MainWindow) -> list[list[str]]:
    menus = (window.file_menu, window.view_menu, window.conversation_menu)
    return [[action.text() for action in menu.actions()] for menu in menus]


def test_the_list_is_painted_first_and_the_other_parts_follow(
    hub: ServiceHub, start_window: Callable[[ServiceHub, bool], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    path = write(config, new_session(API, "parser refactor plan"))
    hub.sessions.refresh()
    eager = start_window(hub, False)
    assert eager.parts_built and eager.splitter.widget(2) is eager.conversation
    menus, tools = menu_texts(eager), [a.text() for a in browser(eager).toolbar.actions()]
    eager.close()

    window = start_window(hub, True)
    assert pane(window).session_count() == 1  # read from the database, no event loop yet
    assert not window.parts_built and window.splitter.count() == 3
    watch = PaintWatch(window)
    window.show()
    qtbot.waitUntil(lambda: window.parts_built)
    assert watch.seen == (False, 1, 0)  # painted with its row; nothing else yet, no index run
    # nor the panel, the menu or the search's drop-down
    assert (watch.panel_made, watch.menu_made, watch.popup_made) == (False, False, False)
    assert window.transcript.transcript_view is browser(window).panel
    assert window.splitter.widget(2) is window.conversation
    assert window.splitter.count() == 3
    assert menu_texts(window) == menus  # the same commands in the same order
    assert [a.text() for a in browser(window).toolbar.actions()] == tools
    # and they work: the session opens with the composer under its transcript
    open_session(qtbot, window, "alpha", path.stem)
    qtbot.waitUntil(lambda: window.runs.composer.isVisible())
    assert window.conversation.isVisible()
    search = browser(window).search  # the drop-down comes with the first search
    search.edit.setText("parser")
    search.search_now()
    qtbot.waitUntil(lambda: search.popup.isVisible())
    assert [hit.session_id for hit in search.hits()] == [path.stem]


def test_the_window_module_loads_no_lock_or_ctypes() -> None:
    """QtNetwork is the single-instance lock's, loaded by `run_app` alone; ctypes
    only pins reference counts on Python 3.11."""
    probe = (
        "import sys, desktop.app; print(sorted({'PySide6.QtNetwork', 'ctypes'} & set(sys.modules)))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(json.loads(done.stdout)) & {"PySide6.QtNetwork", "ctypes"}
    assert loaded == ({"ctypes"} if sys.version_info < (3, 12) else set())


def test_settings_or_closing_before_the_parts_are_built(
    hub: ServiceHub, start_window: Callable[[ServiceHub, bool], MainWindow], qtbot: QtBot,
) -> None:  # fmt: skip
    window = start_window(hub, True)
    dialog = window.open_settings()  # its changes go to the run desk: it is built for it
    assert window.parts_built
    dialog.reject()
    early = start_window(hub, True)
    early.close()  # before any event: nothing of the parts to stop, the state is saved
    assert not early.parts_built
    assert hub.settings.get("ui.geometry")


def test_the_session_chosen_last_time_is_read_once_the_panel_is_made(
    hub: ServiceHub, start_window: Callable[[ServiceHub, bool], MainWindow], tmp_path: Path,
    qtbot: QtBot,
) -> None:  # fmt: skip
    config = add_account(hub, "alpha", tmp_path)
    write(config, new_session(API, "an older session"))
    chosen = write(config, new_session(API, "the one read last time"))
    hub.sessions.refresh()
    hub.settings.set(LAST_SESSION_KEY, json.dumps({"account": "alpha", "session_id": chosen.stem}))
    window = start_window(hub, True)
    watch = PaintWatch(window)
    window.show()
    qtbot.waitUntil(lambda: window.parts_built)
    # chosen in the painted list, its transcript read only with the panel, after that paint
    assert (watch.chosen, watch.panel_made, watch.loading) == (chosen.stem, False, True)
    assert not window.transcript.is_showing_empty()
    panel = browser(window).panel
    qtbot.waitUntil(lambda: panel.model.rowCount() > 0 and not panel.is_loading())
    current = panel.current()
    assert current is not None and current.session_id == chosen.stem
    assert window.transcript.transcript_view is panel
    qtbot.waitUntil(lambda: not window.status_bar.progress_visible())  # read: the bar goes


def test_listing_builds_neither_the_archive_nor_the_transcript_reader(home: Path) -> None:
    hub = open_services(home)
    try:
        assert hub.sessions.list() == []
        assert "archive" not in hub.__dict__  # built on the first refresh or copy read
        assert hub.sessions.refresh().scanned == 0  # the reader and the archive come now
        assert "archive" in hub.__dict__
    finally:
        hub.close()
