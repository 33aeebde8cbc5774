"""Shows a streaming run in the transcript panel, and hands over to the disk when it ends.

The panel's model holds what was read from the transcript file; the run's
messages that are not on disk yet are appended after them ("live rows").
Whenever the panel (re)reads the file, the live rows are laid on top again,
minus every message the file now has (matched by uuid), so a message is
never shown twice. When the run ends the panel reads the file once more and
nothing live is laid on top: from then on the disk is the only truth.

A reply still streaming is shown as one row per paragraph: only the last
one grows, so each new chunk re-renders a paragraph, not the whole reply.
A new conversation has no file yet: the panel is then a *draft* that shows
the run's live rows alone, until its session is listed and chosen.
"""

from __future__ import annotations

import time
from datetime import timedelta

from msgspec.structs import replace
from PySide6.QtCore import QObject, QTimer

from desktop.domain.changes import OpChanges, RunEvent
from desktop.domain.sessions import SessionRecord
from desktop.domain.transcript import Message, Role
from desktop.domain.transcript_summary import stamp_time
from desktop.ui.common.changes import Changes
from desktop.ui.common.records import key_of, project_name
from desktop.ui.runs.live_run import Change, LiveItem, Op, split_paragraphs
from desktop.ui.runs.run_controller import LiveRun, RunController
from desktop.ui.transcript.transcript_panel import TranscriptPanel
from desktop.ui.transcript.transcript_rows import RowKind

FLUSH_MS = 40
"""Streamed text is painted at most this often: a repaint per chunk would cost more
than it shows, with five runs streaming."""
MAX_FLUSH_MS = 250
CLOCK_SLACK = timedelta(seconds=1)
"""claude stamps our prompt after we do; both read one clock, in milliseconds."""


class LivePresenter(QObject):
    def __init__(self, panel: TranscriptPanel, controller: RunController, changes: Changes) -> None:
        super().__init__(panel)
        self._panel = panel
        self._controller = controller
        self._shown: LiveRun | None = None
        self._draft = False
        self._rows: dict[str, list[str]] = {}
        """Live item key -> the model rows showing it (valid until the next read)."""
        self._queue: list[Change] = []
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(FLUSH_MS)
        self._timer.timeout.connect(self.flush)
        controller.updated.connect(self._updated)
        controller.finished.connect(self._finished)
        changes.changed.connect(self._changed)
        panel.loaded.connect(self._loaded)

    # -- what the window asks ----------------------------------------------------------------

    def shown(self) -> LiveRun | None:
        """The run whose live rows are in the panel now."""
        return self._shown

    def is_draft(self) -> bool:
        return self._draft

    def live_keys(self) -> list[str]:
        """Model row keys of the live rows (for tests: they must go when the run ends)."""
        model = self._panel.model
        return [key for keys in self._rows.values() for key in keys if model.row_of_key(key) >= 0]

    def show_draft(self, live: LiveRun | None, title: str, meta: str) -> None:
        """Empty the panel for a conversation that has no transcript yet."""
        self._panel.show_record(None)
        self._draft = True
        self._panel.title_label.setText(title)
        self._panel.title_label.setToolTip(title)
        self._panel.meta_label.setText(meta)
        self._panel.meta_label.setToolTip("")
        self._panel.banner.hide()
        self._bind(live)

    def selection_changed(self, record: SessionRecord | None) -> None:
        """The list chose another session: live rows wait for its transcript to load."""
        self._draft = False
        self._bind(None)

    def attach(self, live: LiveRun) -> None:
        """A run just started from what the panel shows: lay its first rows on top."""
        current = self._panel.current()
        if self._draft:
            self.show_draft(live, *self.draft_header(live))
        elif current is not None and key_of(current) == live.key and not self._panel.is_loading():
            self._bind(live)

    # -- reactions -----------------------------------------------------------------------------

    def _loaded(self, record: SessionRecord | None) -> None:
        self._draft = False
        self._bind(self._controller.for_key(key_of(record)) if record is not None else None)

    def _updated(self, live: LiveRun, changes: list[Change]) -> None:
        if live is not self._shown:
            return  # kept in the run's own transcript until its session is shown
        self._queue.extend(changes)
        if not self._timer.isActive():
            self._timer.start()

    def _finished(self, live: LiveRun) -> None:
        if live is self._shown:
            self.flush()  # the last words; the window then has the file read again

    def _changed(self, changes: OpChanges) -> None:
        """The spine's news: the run shown ended (its session listed and chosen by then):
        the file has it all now, read it again unless a read is on its way."""
        live, current = self._shown, self._panel.current()
        if live is None or live.id not in changes.runs or RunEvent.ENDED not in changes.run_events:
            return
        if self._draft or current is None:
            return
        if key_of(current) == live.key and not self._panel.is_loading():
            self._panel.show_record(current)  # the file has it all now; nothing live on top

    def draft_header(self, live: LiveRun | None) -> tuple[str, str]:
        if live is None:
            return self.tr("New conversation"), self.tr(
                "Choose an account and a working folder below, then send the first prompt."
            )
        title = " ".join(live.prompt.split())
        return title, "  ·  ".join(p for p in (live.account, project_name(live.cwd)) if p)

    # -- the model -------------------------------------------------------------------------------

    def _bind(self, live: LiveRun | None) -> None:
        self._shown = live
        self._rows.clear()
        self._queue.clear()
        self._timer.stop()
        if live is None:
            return
        # decide everything before changing anything: each change drops the model's
        # uuid index, and rebuilding it per message would cost a long session dearly
        items = live.transcript.items
        read = [self._on_disk(item) for item in items]
        results_read = [item.result is None or self._has_uuid(item.result.uuid) for item in items]
        for item, on_disk, result_read in zip(items, read, results_read, strict=True):
            if not on_disk:
                self._show(item)
            elif not result_read and item.result is not None:
                self._panel.model.append_message(item.result)  # the card is read; its result not

    def flush(self) -> None:
        self._timer.stop()
        queue, self._queue = self._queue, []
        if self._shown is None or self._panel.is_loading():
            return  # the read in flight lays every live row on top when it lands
        started = time.perf_counter()
        model = self._panel.model
        touched: set[str] = set()
        for change in queue:
            item = change.item
            if change.op is Op.RESULT:
                if item.result is not None and model.row_of_key(item.key) >= 0:
                    model.append_message(item.result)
            elif item.key not in touched:  # the item holds its latest message already
                touched.add(item.key)
                self._show(item)
        # a costly repaint waits longer for the next one: the loop stays mostly free
        cost_ms = (time.perf_counter() - started) * 1000
        self._timer.setInterval(int(min(MAX_FLUSH_MS, max(FLUSH_MS, 4 * cost_ms))))

    def _show(self, item: LiveItem) -> None:
        """Append the item's rows, or bring the ones it has up to date."""
        model = self._panel.model
        message = item.message
        parts = split_paragraphs(message.text) if message.role is Role.ASSISTANT else [""]
        rows = [key for key in self._rows.get(item.key, []) if model.row_of_key(key) >= 0]
        if message.is_meta and not rows:
            return  # bookkeeping (a quiet turn's close): the transcript does not show it
        if not rows and self._on_disk(item):
            return  # news of a message the last read already showed (it came a frame late)
        if rows and self._read_elsewhere(message.uuid, rows):
            # our prompt: the file had it before claude echoed its uuid, so a read in
            # between laid the live copy under the file's; the echo says they are one,
            # and its images (no echo of their own) came in the same line
            for sent in self._sent_with(item):
                for key in self._rows.pop(sent.key, []):
                    model.remove_row(key)
            return
        new = not rows
        last_row = model.rowCount() - 1
        if rows and len(parts) > len(rows) and model.row_of_key(rows[-1]) != last_row:
            # something came after this item: its new paragraphs cannot go below it
            parts = [*parts[: len(rows) - 1], "\n\n".join(parts[len(rows) - 1 :])]
        for number, part in enumerate(parts):
            # only the first piece carries the uuid: one message, one match on disk
            piece = message if len(parts) == 1 else replace(
                message, text=part, uuid=message.uuid if number == 0 else None)  # fmt: skip
            if number < len(rows):
                shown = model.row(model.row_of_key(rows[number])).message
                if shown != piece:
                    model.update_message(rows[number], piece)
            elif (key := model.append_message(piece)) is not None:
                rows.append(key)
        if rows:
            self._rows[item.key] = rows
            if new and item.result is not None:
                model.append_message(item.result)  # fills the card just shown

    def _on_disk(self, item: LiveItem) -> bool:
        message = item.message
        if message.role is Role.TOOL_USE and message.tool_use_id:
            return self._panel.model.row_of_key(f"tool:{message.tool_use_id}") >= 0
        live = self._shown
        if message.uuid is None and live is not None:
            prompt = live.transcript.prompt
            if item is prompt:
                return self._prompt_in_file(message)
            if message.image is not None:  # sent with the prompt, in its line on disk
                return self._on_disk(prompt)
        return self._has_uuid(message.uuid)

    def _sent_with(self, item: LiveItem) -> list[LiveItem]:
        """The live run's prompt and its images, when `item` is that prompt (a live
        transcript's only messages with an image are its prompt's)."""
        live = self._shown
        if live is None or item is not live.transcript.prompt:
            return [item]
        return [item, *(i for i in live.transcript.items if i.message.image is not None)]

    def _prompt_in_file(self, prompt: Message) -> bool:
        """Our prompt before claude echoed it (so without its uuid), which claude writes
        to its file first: a reading in between has it when the file's last prompt has
        the same words and was written no earlier than ours was sent. Under load that
        reading often came first, and the prompt showed twice until the echo."""
        model = self._panel.model
        for number in range(model.rowCount() - 1, -1, -1):
            row = model.row(number)
            if row.kind is RowKind.PROMPT and row.message.uuid:  # the file's, not a live row
                written, sent = stamp_time(row.message.timestamp), stamp_time(prompt.timestamp)
                return (row.message.text == prompt.text and written is not None
                        and sent is not None and written >= sent - CLOCK_SLACK)  # fmt: skip
        return False

    def _read_elsewhere(self, uuid: str | None, rows: list[str]) -> bool:
        """Whether the file's reading shows the message with this uuid on a row
        that is not one of the live `rows`."""
        model = self._panel.model
        number = model.row_of_uuid(uuid) if uuid else -1
        return number >= 0 and model.row(number).key not in rows

    def _has_uuid(self, uuid: str | None) -> bool:
        return bool(uuid) and self._panel.model.row_of_uuid(uuid or "") >= 0
