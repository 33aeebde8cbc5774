"""A run's usage, cost and context size, shown as a quiet line at the end of its turn.

The figures come from the execution's record (what claude reported as the turn
ended), so they stay true after the transcript is read again from disk: each
read lays the lines back after the turns this window ran.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QLocale, QObject

from desktop.domain.conversations import Execution
from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.domain.transcript import Message, Role
from desktop.services.hub import ServiceHub
from desktop.ui.common.records import key_of
from desktop.ui.runs.run_controller import RunController
from desktop.ui.transcript.transcript_panel import TranscriptPanel
from desktop.ui.transcript.transcript_rows import RowKind


class TurnUsage(QObject):
    def __init__(self, hub: ServiceHub, panel: TranscriptPanel, controller: RunController) -> None:
        super().__init__(panel)
        self._hub, self._panel, self._controller = hub, panel, controller
        panel.loaded.connect(self._loaded)

    def describe(self, execution: Execution) -> str:
        """ "1,204 tokens in · 310 out · $0.0123 · context 18,400 tokens"."""
        locale = QLocale()
        usage: dict[str, Any] = execution.usage or {}
        read_in = sum(int(usage.get(k) or 0) for k in (
            "input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"))  # fmt: skip
        written = int(usage.get("output_tokens") or 0)
        parts = [
            self.tr("{count} tokens in").format(count=locale.toString(read_in)),
            self.tr("{count} out").format(count=locale.toString(written)),
        ]
        if execution.cost_usd is not None:
            parts.append("$" + locale.toString(execution.cost_usd, "f", 4))  # billed in USD
        if execution.context_tokens:
            parts.append(self.tr("context {count} tokens").format(
                count=locale.toString(execution.context_tokens)))  # fmt: skip
        return "  ·  ".join(parts)

    def _loaded(self, record: SessionRecord | None) -> None:
        if record is None:
            return
        for live in self._controller.runs:
            uuid = live.transcript.prompt.uuid
            if live.streaming or live.key != key_of(record) or not uuid or live.execution is None:
                continue
            try:
                execution = self._hub.conversations.execution(live.execution.id)
            except SessiondeskError:
                continue
            if execution.usage is None and execution.cost_usd is None:
                continue
            self._place(uuid, execution)

    def _place(self, prompt_uuid: str, execution: Execution) -> None:
        model = self._panel.model
        start = model.row_of_uuid(prompt_uuid)
        if start < 0:
            return
        end = start + 1
        while end < model.rowCount() and model.row(end).kind is not RowKind.PROMPT:
            end += 1
        note = Message(Role.SYSTEM, self.describe(execution), uuid=None)
        model.insert_message(end, note, key=f"usage:{execution.id}")
