"""Wires the session list, the transcript, search and indexing into the window.

The window stays a shell: this object makes the session list (for its left
pane), the transcript panel (for its centre) and the search box in a toolbar
(for its top), then connects them; the window puts each in place. The
transcript panel and its modules are made on first use of `panel` (the
window's start asks for it just after the first paint); a session chosen
before that is shown as soon as it exists. Indexing starts as soon as the
event loop runs and never on the UI thread; its progress goes to the status
bar, and every listing is announced on `Changes`.
"""

from __future__ import annotations

import contextlib
import heapq
import json
from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale, QObject, QPoint, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QSizePolicy, QToolBar, QWidget

from desktop.domain.changes import OpChanges
from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import IndexReport, SearchHit, SessionRecord
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.changes import Changes
from desktop.ui.common.first_paint import after_first_paint
from desktop.ui.common.latest_write import LatestWrite
from desktop.ui.common.records import Key, key_of
from desktop.ui.common.status import StatusBar
from desktop.ui.search.search_panel import SearchBar
from desktop.ui.sessions.indexer import Indexer, SessionWatcher
from desktop.ui.sessions.session_list import SessionListPane
from desktop.ui.sessions.session_model import RECORD_ROLE

if TYPE_CHECKING:  # made on first use, after the first paint (the panel's modules
    # were ~10% of the window's start, the menu's a few milliseconds)
    from desktop.ui.sessions.context_menu import SessionMenu
    from desktop.ui.transcript.transcript_panel import TranscriptPanel

LAST_SESSION_KEY = "ui.last_session"
"""The chosen session, {"account", "session_id"}, chosen again at the next start."""
REMEMBER_AFTER_MS = 1000
"""The chosen session is written down this long after it was chosen (at the latest
when the window closes): a settings commit in a worker beside the new transcript's
read and first paint made the window wait for the interpreter lock, and a quick
walk down the list writes once."""
LOADING_SAID_AFTER_MS = 250
"""A transcript's read is said in the status bar only once it took this long: a
small one is read sooner, and the bar shown and hidden again cost two layouts
of the window and a busy bar's paints in the frame that chose it (a new
conversation's session listed while five runs streamed)."""
QUIET_READS = 20
"""A background pass that reads fewer files than this does not show progress."""
WATCHED_RECENT = 200

LISTED = OpChanges(listing=True)
"""Sessions on disk were listed or merged into the list (an index pass or its batch)."""


class SessionBrowser(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        *,
        status: StatusBar,
        search_action: QAction,
        reindex_action: QAction,
        changes: Changes,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self.hub = hub
        self.status = status
        self.changes = changes
        self.background = Background(hub.executor, self)
        self._last_written = LatestWrite(self.background, self._store_last)
        self._unwritten: SessionRecord | None = None
        self._remember_timer = QTimer(self)
        self._remember_timer.setSingleShot(True)
        self._remember_timer.setInterval(REMEMBER_AFTER_MS)
        self._remember_timer.timeout.connect(self._write_chosen)
        self._loading_timer = QTimer(self)
        self._loading_timer.setSingleShot(True)
        self._loading_timer.setInterval(LOADING_SAID_AFTER_MS)
        self._loading_timer.timeout.connect(lambda: self._loading(True))
        self.pane = SessionListPane(hub.accounts, hub.sessions)
        self._panel: TranscriptPanel | None = None
        self._chosen: tuple[SessionRecord, str | None] | None = None
        """A session chosen before the panel was made, and the message to scroll to."""
        self.search = SearchBar(hub.sessions, self.background, parent, search=self._find)
        self.indexer = Indexer(hub.sessions, hub.executor, self)
        self.watcher = SessionWatcher(self)
        self._menu: SessionMenu | None = None
        view = self.pane.view
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._context_menu)
        # a removal names the sessions it took out of the index: the list reads it again
        changes.changed.connect(self._removed_from_index)
        self._announce = True
        self._read_in_run = 0
        self._scroll_to: str | None = None
        self._showing_load = False

        self.toolbar = QToolBar(parent)
        self.toolbar.setObjectName("searchToolbar")
        self.toolbar.setMovable(False)
        self.toolbar.setFloatable(False)
        self.toolbar.toggleViewAction().setVisible(False)
        for widget in (self._spacer(), self.search, self._spacer()):
            self.toolbar.addWidget(widget)

        self.pane.record_selected.connect(self._open)
        self.pane.record_changed.connect(self._record_changed)
        self.pane.contents_changed.connect(self._accounts_changed)
        self.indexer.progress.connect(self._progress)
        self.indexer.records.connect(self._records)
        self.indexer.finished.connect(self._indexed)
        self.indexer.failed.connect(self._index_failed)
        self.watcher.changed.connect(self.indexer.request)
        self.search.hit_chosen.connect(self.open_hit)
        search_action.triggered.connect(self.search.focus)
        reindex_action.triggered.connect(self.reindex)
        # before the window installs the pane: its first refresh may choose this session
        self.pane.choose_when_listed(self._last_session())
        # the list shows what the database holds; files are checked once it is on screen
        after_first_paint(self.pane, self._first_index)

    @property
    def panel(self) -> TranscriptPanel:
        """The transcript of the chosen session, made (with its modules) on first use."""
        if self._panel is None:
            from desktop.ui.transcript.transcript_panel import TranscriptPanel

            self._panel = TranscriptPanel(self.hub.sessions, self.background)
            self._panel.loading_changed.connect(self._panel_loading)
            chosen, self._chosen = self._chosen, None
            if chosen is not None:
                self._panel.show_record(chosen[0], scroll_to_uuid=chosen[1])
        return self._panel

    @property
    def menu(self) -> SessionMenu:
        """The sessions' context menu commands, made (with their modules) on first use."""
        if self._menu is None:
            from desktop.ui.sessions.context_menu import SessionMenu

            self._menu = SessionMenu(self.hub, self.status, self.pane.view)
        return self._menu

    def panel_made(self) -> bool:
        return self._panel is not None

    def menu_made(self) -> bool:
        return self._menu is not None

    def _find(self, query: str, account: str | None, limit: int) -> list[SearchHit]:
        # the search service (its segmenter, the conversations' directory) is
        # built by the first search, not before the window's first paint
        return self.hub.search.search(query, account, limit)

    def _spacer(self) -> QWidget:
        spacer = QWidget(self.toolbar)
        spacer.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        return spacer

    # -- commands --------------------------------------------------------------------------

    def _first_index(self) -> None:
        if not self.indexer.runs:  # unless a run was asked for meanwhile (Reindex, a change)
            self.indexer.start()

    def _removed_from_index(self, changes: OpChanges) -> None:
        """An operation that changed which sessions the index lists (a removal says
        `listing` and names them; a pass of our own says `listing` alone)."""
        if changes.listing and changes.sessions and not changes.run_events:
            self.indexer.relist()

    def reindex(self) -> None:
        self._announce = True
        self.indexer.start()

    def open_hit(self, hit: SearchHit) -> None:
        """Show the hit's session and, once it is loaded, the message that matched."""
        current = self.panel.current()
        shown = current is not None and key_of(current) == (hit.account, hit.session_id)
        if not self.show_message(hit.account, hit.session_id, hit.uuid):
            if shown:
                self.panel.view.setFocus()
            else:
                self.status.notify(self.tr("That session is not in the list yet."))

    def show_message(self, account: str, session_id: str, uuid: str | None) -> bool:
        """Show a session scrolled to one message, now or once it is read; False
        when the session is not listed or the message is not in it."""
        current = self.panel.current()
        if current is not None and key_of(current) == (account, session_id):
            return bool(uuid) and self.panel.scroll_to_uuid(uuid or "")
        self._scroll_to = uuid
        if not self.pane.select_session(account, session_id):
            self._scroll_to = None
            return False
        return True

    def _context_menu(self, pos: QPoint) -> None:
        index = self.pane.view.indexAt(pos)
        record = index.data(RECORD_ROLE) if index.isValid() else None
        if isinstance(record, SessionRecord):
            self.menu.popup(record, self.pane.view.viewport().mapToGlobal(pos))

    def shutdown(self) -> None:
        """Stop the workers before the services close (the window is closing)."""
        self.watcher.stop()
        self.indexer.stop()
        self._remember_timer.stop()
        self._write_chosen()

    # -- reactions -----------------------------------------------------------------------------

    def _open(self, record: SessionRecord | None) -> None:
        target, self._scroll_to = self._scroll_to, None
        if self._panel is not None:
            self._panel.show_record(record, scroll_to_uuid=target)
        else:  # the start's chosen session: read once the panel is made, after the first paint
            self._chosen = None if record is None else (record, target)
            self._loading(record is not None)  # as the panel will say while it reads
        if record is not None:
            self._remember(record)

    def _last_session(self) -> Key | None:
        try:
            saved = json.loads(self.hub.settings.get(LAST_SESSION_KEY) or "null")
        except (SessiondeskError, ValueError):
            return None
        if not isinstance(saved, dict):
            return None
        account, session_id = saved.get("account"), saved.get("session_id")
        return (
            (account, session_id)
            if isinstance(account, str) and isinstance(session_id, str)
            else None
        )

    def _remember(self, record: SessionRecord) -> None:
        self._unwritten = record
        self._remember_timer.start()

    def _write_chosen(self) -> None:
        record, self._unwritten = self._unwritten, None
        if record is None:
            return
        # in a worker: a commit on the window's thread stalled it while runs streamed
        self._last_written.write(
            json.dumps({"account": record.account, "session_id": record.session_id})
        )

    def _store_last(self, value: str) -> None:
        # remembering the selection is a convenience, never worth an error box
        with contextlib.suppress(SessiondeskError):
            self.hub.settings.set(LAST_SESSION_KEY, value)

    def _record_changed(self, record: SessionRecord | None) -> None:
        if self._panel is None:
            if record is not None and self._chosen and key_of(self._chosen[0]) == key_of(record):
                self._chosen = (record, self._chosen[1])
            return
        current = self._panel.current()
        if record is None or current is None or key_of(record) != key_of(current):
            return
        if (record.size, record.modified, record.missing) != (
            current.size,
            current.modified,
            current.missing,
        ):
            self.panel.show_record(record)  # read again in place: the reader keeps their place

    def _accounts_changed(self) -> None:
        # an added account has sessions to find; a removed one has a folder to stop watching
        if self.indexer.runs:
            self.indexer.request()

    def _progress(self, done: int, total: int, _account: str) -> None:
        if self._announce or self._read_in_run >= QUIET_READS:
            locale = QLocale()
            text = self.tr("Indexing {done} / {total}").format(
                done=locale.toString(done), total=locale.toString(total)
            )
            self.status.show_progress(text, done, total)
            self._showing_load = False

    def _records(self, records: list[SessionRecord]) -> None:
        self._read_in_run += len(records)
        self.pane.merge(records)
        self.changes.publish(LISTED)

    def _indexed(self, report: IndexReport, listing: list[SessionRecord] | None) -> None:
        if listing is not None:
            self.pane.merge(listing, complete=True)
        if self._announce or self._read_in_run >= QUIET_READS:
            self.status.hide_progress()
        if report.scanned and (self._announce or self._read_in_run >= QUIET_READS):
            self.status.notify(self.tr("Indexed %Ln sessions.", "", report.scanned))
        if report.errors:
            self.status.notify(
                self.tr("Some transcripts could not be read: {first}").format(
                    first=report.errors[0]
                )
            )
        self._announce, self._read_in_run = False, 0
        self._watch()
        if self._panel is not None and self._panel.is_loading():
            self._loading(True)  # the load outlived the indexing: say so again
        self.changes.publish(LISTED)

    def _index_failed(self, message: str) -> None:
        self.status.hide_progress()
        self.status.notify(self.tr("Indexing failed: {reason}").format(reason=message))
        self._announce, self._read_in_run = False, 0

    def _panel_loading(self, busy: bool) -> None:
        if busy:
            self._loading_timer.start()
        else:
            self._loading_timer.stop()
            self._loading(False)

    def _loading(self, busy: bool) -> None:
        bar = self.status
        if busy and not bar.progress_visible():
            bar.show_progress(self.tr("Loading transcript…"))
            self._showing_load = True
        elif not busy and self._showing_load:
            self._showing_load = False
            bar.hide_progress()

    def _watch(self) -> None:
        try:
            roots = [account.config_dir for account in self.hub.accounts.accounts()]
        except SessiondeskError:
            return
        recent = heapq.nlargest(WATCHED_RECENT, self.pane.source.records(), key=_modified)
        self.watcher.watch(roots, [r.path for r in recent if not r.missing])


def _modified(record: SessionRecord) -> float:
    return record.modified.timestamp() if record.modified else 0.0
