"""The centre page: the chosen session's header, a problems banner, the transcript.

Loading is a blocking read (a 200 MB transcript takes seconds), so it runs in
a worker thread that also turns the messages into rows; the window shows a
busy bar meanwhile and keeps answering. A long transcript shows its end
first; its whole is then read by worker processes (so decoding it never holds
this process's interpreter lock) and its rows go in front of that end a slice
per event-loop turn (`RowFiller`). Reading the same session again (it grew)
keeps the rows that did not change and the reader's place.
"""

from __future__ import annotations

import html
import time
from collections.abc import Iterable
from itertools import chain

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QSizePolicy,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.domain.transcript_problems import LineProblem
from desktop.services.sessions import SessionService
from desktop.ui.common.background import Background
from desktop.ui.common.elided_label import ElidedLabel
from desktop.ui.common.error_text import error_text
from desktop.ui.common.first_paint import after_paint
from desktop.ui.common.records import Key, key_of, project_name, short_time
from desktop.ui.transcript.problem_text import heading, problem_line
from desktop.ui.transcript.row_filler import RowFiller
from desktop.ui.transcript.transcript_model import TranscriptModel
from desktop.ui.transcript.transcript_rows import Row, RowBuilder, build_rows
from desktop.ui.transcript.transcript_view import TranscriptView

MAX_PROBLEMS_SHOWN = 3
RELOAD_MIN_S = 0.3
RELOAD_MAX_S = 10.0
# a transcript this large shows its end first, then the whole of it
FIRST_SCREEN_BYTES = 4 << 20
FIRST_SCREEN_MESSAGES = 60
PAINT_WAIT_MS = 50
"""The longest wait for the first screen's paint before the whole is asked for."""
PREPARED_ROWS = 12
"""Rows whose Markdown is made before they are shown: a tall window's last screen."""


class TranscriptPanel(QWidget):
    loading_changed = Signal(bool)
    loaded = Signal(object)
    """The SessionRecord whose rows are now in the model."""

    def __init__(
        self, sessions: SessionService, background: Background, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName("transcriptPanel")
        self._sessions = sessions
        self._background = background
        self._ticket = 0
        self._key: Key | None = None
        self._record: SessionRecord | None = None
        self._problems: list[str] = []
        """Problems of the last read that are not a transcript's lines (a failed read)."""
        self._details: list[LineProblem] = []
        """The transcript's unreadable lines, as the last read met them."""
        self._scroll_to: str | None = None
        self.load_seconds = 0.0
        self._inflight = False
        self._again: SessionRecord | None = None
        self._partial = False
        self._whole_token: object | None = None
        """The whole's reading waiting for the first screen's paint."""
        self._cooldown = QTimer(self)
        self._cooldown.setSingleShot(True)
        self._cooldown.timeout.connect(self._cooled_down)

        # a long title ends in "…" (its tooltip whole), never cut off mid-word
        self.title_label = ElidedLabel(self, Qt.TextElideMode.ElideRight)
        self.title_label.setObjectName("transcriptTitle")
        self.title_label.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title_label.font()
        font.setBold(True)
        if font.pointSizeF() > 0:  # a font given in pixels has no point size to scale
            font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title_label.setFont(font)
        self.title_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.meta_label = ElidedLabel(self, Qt.TextElideMode.ElideRight)
        self.meta_label.setTextFormat(Qt.TextFormat.PlainText)
        self.meta_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.meta_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.busy_bar = QProgressBar(self)
        self.busy_bar.setRange(0, 0)
        self.busy_bar.setTextVisible(False)
        self.busy_bar.setFixedSize(120, 8)
        self.busy_bar.hide()

        self.banner = QFrame(self)
        self.banner.setObjectName("problemBanner")
        self.banner.setStyleSheet(
            "QFrame#problemBanner { background: #FFF7E6; border: 1px solid #F5C16C;"
            " border-radius: 6px; }"
            "QFrame#problemBanner QLabel { color: #7A4B00; background: transparent; border: none; }"
        )
        icon = QLabel(self.banner)
        icon.setPixmap(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning).pixmap(20, 20)
        )
        self.banner_label = QLabel(self.banner)
        self.banner_label.setWordWrap(True)
        self.banner_label.setTextFormat(Qt.TextFormat.RichText)
        self.banner_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(10, 8, 10, 8)
        row.addWidget(icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.banner_label, 1)
        self.banner.hide()

        self.model = TranscriptModel(self)
        self.view = TranscriptView(self)
        self.view.setModel(self.model)
        self._filler = RowFiller(self.model, self.view, self)
        self.empty_label = QLabel(self)
        self.empty_label.setObjectName("emptySession")
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.empty_label.setContentsMargins(24, 32, 24, 32)
        self.empty_label.hide()
        # rows arriving (a live turn's) end the empty state at once; only a read says it
        self.model.rowsInserted.connect(lambda *_args: self.empty_label.hide())

        head = QHBoxLayout()
        text = QVBoxLayout()
        text.setSpacing(2)
        text.addWidget(self.title_label)
        text.addWidget(self.meta_label)
        head.addLayout(text, 1)
        head.addWidget(self.busy_bar, 0, Qt.AlignmentFlag.AlignVCenter)
        header = QWidget(self)
        header.setObjectName("transcriptHeader")
        header.setLayout(head)
        head.setContentsMargins(20, 12, 20, 10)
        line = QFrame(self)
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Plain)
        line.setStyleSheet("color: palette(mid);")
        banner_row = QHBoxLayout()
        banner_row.setContentsMargins(16, 8, 16, 0)
        banner_row.addWidget(self.banner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(header)
        layout.addWidget(line)
        layout.addLayout(banner_row)
        layout.addWidget(self.empty_label)
        layout.addWidget(self.view, 1)

    # -- what the window calls ------------------------------------------------------------

    def current(self) -> SessionRecord | None:
        return self._record

    def is_loading(self) -> bool:
        return not self.busy_bar.isHidden()

    def show_record(
        self, record: SessionRecord | None, *, scroll_to_uuid: str | None = None
    ) -> None:
        """Load and show a session; the same session again is read again in place."""
        if record is None:
            self._background.cancel(self._ticket)
            self._filler.stop()
            self._whole_token = None
            self._key, self._record, self._again = None, None, None
            self._cooldown.stop()
            self.model.clear()
            self.empty_label.hide()
            self._settle()
            return
        same = self._key == key_of(record)
        if same and scroll_to_uuid is None and (self._inflight or self._cooldown.isActive()):
            self._again = record  # a growing file: one more reading once this one is done
            return
        self._again = None
        self._whole_token = None
        self._cooldown.stop()
        self._filler.stop()
        self._key, self._record = key_of(record), record
        self._scroll_to = scroll_to_uuid
        if not same:
            self.empty_label.hide()
            self.model.clear()
            self._problems, self._details = [], []
            self._partial = False
        self._fill_header(record)
        self._update_banner()
        self._background.cancel(self._ticket)
        started = time.perf_counter()
        recent = FIRST_SCREEN_MESSAGES if not same and record.size > FIRST_SCREEN_BYTES else None
        self._read(record, same, started, recent)

    def _read(self, record: SessionRecord, same: bool, started: float, recent: int | None) -> None:
        account, session_id = record.account, record.session_id
        sessions = self._sessions
        # the whole after a first screen: its rows are made by the filler, a slice at a time
        fill = self._partial

        delegate = self.view.delegate
        ahead = not same  # a re-read keeps the rows (and documents) it already has

        def work() -> tuple[SessionRecord, list[str], Iterable[Row], RowBuilder, object]:
            found, content = sessions.show(session_id, account, recent, split=True)
            if not fill:
                rows, builder = build_rows(content.messages, content.thread)
                if ahead:
                    # the view opens at the end: its last rows' Markdown is made here,
                    # not in the turn that lays them out
                    delegate.prepare(rows[-PREPARED_ROWS:])
                return found, list(content.details), rows, builder, content
            builder = RowBuilder(content.thread)
            rows = builder.rows(content.messages)
            first = next(rows, None)  # its set-up (pairing calls and results) runs here
            return (
                found,
                list(content.details),
                chain([first] if first else [], rows),
                builder,
                content,
            )

        self._inflight = True
        self._set_busy(not same or recent is not None)  # a growing session re-reads quietly
        self._ticket = self._background.submit(
            work,
            lambda result: self._loaded(result, same, started),
            self._failed,
        )

    def scroll_to_uuid(self, uuid: str) -> bool:
        row = self.model.row_of_uuid(uuid)
        if row < 0:
            return False
        self.view.select_row(row)
        self.view.scroll_to_row(max(0, row))
        return True

    # -- loading --------------------------------------------------------------------

    def _loaded(self, result: tuple, same: bool, started: float) -> None:
        record, problems, rows, builder, content = result
        if not content.complete:
            # the end of a long transcript, shown at once; the whole follows
            self.model.set_rows(rows, builder)
            self.view.scroll_to_bottom()
            self._partial = True
            self._read_after_paint(record, started)
            return
        if self._partial:
            self._partial = False
            self._filler.start(rows, builder, lambda: self._settled(record, problems, started))
            return
        if same and self.model.rowCount():
            self.model.sync_rows(rows, builder)
        elif rows:
            self.model.set_rows(rows, builder)
            self.view.scroll_to_bottom()
        self._settled(record, problems, started)

    def _read_after_paint(self, record: SessionRecord, started: float) -> None:
        """Ask for the whole once the first screen is painted. Its thread looks the
        session up and spawns the reading process (imports, pickling, a fork):
        stretches of the interpreter lock that the paint, handing the lock back and
        forth with it, would wait for, beyond a frame. A window that does not paint
        (hidden, minimised) is not waited for longer than `PAINT_WAIT_MS`."""
        token = self._whole_token = object()

        def read() -> None:
            if self._whole_token is token:
                self._whole_token = None
                self._read(record, True, started, None)

        after_paint(self.view.rows_painted, read, PAINT_WAIT_MS, owner=self)

    def _settled(self, record: SessionRecord, problems: list[LineProblem], started: float) -> None:
        """The whole transcript is in the model."""
        self._settle()
        self.load_seconds = time.perf_counter() - started
        # a live 200 MB session must not keep a core busy re-reading it
        self._cooldown.start(
            int(min(RELOAD_MAX_S, max(RELOAD_MIN_S, 2 * self.load_seconds)) * 1000)
        )
        self._record, self._problems, self._details = record, [], problems
        self._fill_header(record)
        self._update_banner()
        if self._scroll_to:
            self.scroll_to_uuid(self._scroll_to)
            self._scroll_to = None
        self._update_empty()
        self.loaded.emit(record)

    def _failed(self, error: BaseException) -> None:
        self._settle()
        if isinstance(error, OSError):
            reason = error.strerror or str(error)
            text = self.tr("The transcript file cannot be read: {reason}").format(reason=reason)
        elif isinstance(error, SessiondeskError):
            text = error_text(error)
        else:
            text = f"{type(error).__name__}: {error}"
        self.model.clear()
        self._problems, self._details = [text], []
        self._update_banner()
        self.loaded.emit(self._record)

    def _settle(self) -> None:
        self._inflight = False
        self._set_busy(False)

    def _update_empty(self) -> None:
        """A session read whole with nothing to show says so, instead of a blank page."""
        empty = self._record is not None and self.model.rowCount() == 0
        if empty:
            self.empty_label.setText(
                self.tr(
                    "This session has no messages yet. Claude Code made its file, but nothing "
                    "was said in it; a prompt sent below continues it."
                )
            )
        self.empty_label.setVisible(empty)

    def _cooled_down(self) -> None:
        if self._again is not None and not self._inflight:
            self.show_record(self._again)

    def _set_busy(self, busy: bool) -> None:
        if busy != self.is_loading():
            self.busy_bar.setVisible(busy)
            self.loading_changed.emit(busy)

    # -- header and banner ------------------------------------------------------------

    def _fill_header(self, record: SessionRecord) -> None:
        title = record.title or record.first_prompt or self.tr("(untitled)")
        self.title_label.setText(" ".join(title.split()))
        self.title_label.setToolTip(title)
        messages = self.tr("%Ln messages", "", record.message_count)
        parts = [record.account, project_name(record.cwd), messages, short_time(record.modified)]
        self.meta_label.setText("  ·  ".join(p for p in parts if p))
        self.meta_label.setToolTip(f"{record.cwd or ''}\n{record.path}")

    def problems(self) -> list[str]:
        """What the banner lists, one line each, in the window's language."""
        found = [problem_line(p) for p in self._details] + self._problems
        record = self._record
        if record is not None and record.error and not self._details and not self._problems:
            found.append(self.tr("This file had unreadable lines when it was last indexed."))
        if record is not None and record.missing:
            found.append(self.tr("The file is gone from disk; this is what was indexed."))
        return list(dict.fromkeys(found))

    def _update_banner(self) -> None:
        problems = self.problems()
        if not problems:
            self.banner.hide()
            return
        if self._details:
            title = heading(self._details)  # counts exactly the lines it lists
        else:
            title = self.tr(
                "Part of this transcript could not be read. Everything readable is shown."
            )
        shown = [html.escape(p) for p in problems[:MAX_PROBLEMS_SHOWN]]
        hidden = len(problems) - len(shown)
        if hidden > 0:
            shown.append(html.escape(self.tr("…and %Ln more", "", hidden)))
        self.banner_label.setText(f"<b>{html.escape(title)}</b><br>" + "<br>".join(shown))
        self.banner.show()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange and self._record is not None:
            self._fill_header(self._record)
            self._update_banner()
            if self.empty_label.isVisible():
                self._update_empty()
        super().changeEvent(event)
