"""A run's usage, cost and context size, shown as a quiet line at the end of its turn.

The figures come from the execution's record (what claude reported as the turn
ended), so they stay true after the transcript is read again from disk: each
read lays the lines back after the turns this window ran. The records are
read in a worker: on the window's thread the read (and the account names it
asks for) was a 13 ms piece of a stalled frame while other runs streamed.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QLocale, QObject

from desktop.domain.conversations import Execution, ExecutionStatus
from desktop.domain.errors import SessiondeskError
from desktop.domain.sessions import SessionRecord
from desktop.domain.token_savings import TokenSaving, saving_of
from desktop.domain.transcript import Message, Role
from desktop.services.hub import ServiceHub
from desktop.ui.common.background import Background
from desktop.ui.common.records import key_of
from desktop.ui.common.run_mode_words import mode_parts
from desktop.ui.runs.run_controller import RunController
from desktop.ui.transcript.transcript_panel import TranscriptPanel
from desktop.ui.transcript.transcript_rows import RowKind

Found = tuple[str, Execution, TokenSaving | None]
"""A turn's prompt (uuid), its record, and what resuming saved on it."""


class TurnUsage(QObject):
    def __init__(
        self,
        hub: ServiceHub,
        panel: TranscriptPanel,
        controller: RunController,
        background: Background,
    ) -> None:
        super().__init__(panel)
        self._hub, self._panel, self._controller = hub, panel, controller
        self._background = background
        self._known: dict[str, Execution] = {}
        self._savings: dict[str, TokenSaving] = {}
        """A resumed turn's input tokens next to what a replay would have sent."""
        """Ended turns' records with figures, by id: they no longer change, and a
        reading of the file again shows their lines at once, not a moment later."""
        panel.loaded.connect(self._loaded)
        panel.installEventFilter(self)

    def describe(self, execution: Execution, saving: TokenSaving | None = None) -> str:
        """ "claude-sonnet-5-5 · 1,204 tokens in · 310 out · $0.0123 · context 18,400
        tokens" (the model and, unless default, the permission mode first); a turn
        whose token counts claude never reported (an interrupted one) says so
        rather than claiming none: "interrupted · $0.0119". A resumed turn adds
        "resumed: 204 new tokens in, a replay would have sent 17,900"."""
        locale = QLocale()
        usage: dict[str, Any] = execution.usage or {}
        read_in = sum(int(usage.get(k) or 0) for k in (
            "input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"))  # fmt: skip
        written = int(usage.get("output_tokens") or 0)
        # which model and mode answered first: a plan-mode turn reads differently
        parts = mode_parts(execution.model, execution.permission_mode)
        if execution.status is ExecutionStatus.INTERRUPTED:
            parts.append(self.tr("interrupted"))
        # every turn claude answers reads its prompt: no input tokens means no report
        if read_in:
            parts.append(self.tr("{count} tokens in").format(count=locale.toString(read_in)))
            parts.append(self.tr("{count} out").format(count=locale.toString(written)))
        elif execution.status is not ExecutionStatus.INTERRUPTED:
            parts.append(self.tr("usage unknown"))
        if execution.cost_usd is not None:
            parts.append("$" + locale.toString(execution.cost_usd, "f", 4))  # billed in USD
        if execution.context_tokens:
            parts.append(self.tr("context {count} tokens").format(
                count=locale.toString(execution.context_tokens)))  # fmt: skip
        if saving is not None:
            parts.append(
                self.tr("resumed: {fresh} new tokens in, a replay would have sent {replay}").format(
                    fresh=locale.toString(saving.input_tokens),
                    replay=locale.toString(saving.replay_tokens),
                )
            )
        return "  ·  ".join(parts)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # the lines are the window's words: said again in a new language at once,
        # not when the session is next read
        if watched is self._panel and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return False

    def retranslate(self) -> None:
        for execution in self._known.values():
            text = self.describe(execution, self._savings.get(execution.id))
            note = Message(Role.SYSTEM, text, uuid=None)
            self._panel.model.update_message(_key(execution), note)

    def _loaded(self, record: SessionRecord | None) -> None:
        if record is None:
            return
        wanted = []
        for live in self._controller.runs:
            uuid = live.transcript.prompt.uuid
            if live.streaming or live.key != key_of(record) or not uuid or live.execution is None:
                continue
            known = self._known.get(live.execution.id)
            if known is not None:
                self._place(uuid, known)
            else:
                wanted.append((uuid, live.execution.id))
        if wanted:
            self._background.submit(partial(self._read, wanted), self._placed)

    def _read(self, wanted: list[tuple[str, str]]) -> list[Found]:
        """In a worker: the ended turns' records that have figures to show, and
        what a resumed one saved (from the turn it carried on from)."""
        found = []
        for uuid, execution_id in wanted:
            try:
                execution = self._hub.conversations.execution(execution_id)
            except SessiondeskError:
                continue
            if execution.usage is not None or execution.cost_usd is not None:
                found.append((uuid, execution, saving_of(execution, self._execution)))
        return found

    def _execution(self, execution_id: str) -> Execution | None:
        try:
            return self._hub.conversations.execution(execution_id)
        except SessiondeskError:
            return None

    def _placed(self, found: list[Found]) -> None:
        # rows of a transcript no longer shown are not found, and a line is
        # shown once however many reads answer (by its key)
        for uuid, execution, saving in found:
            self._known[execution.id] = execution
            if saving is not None:
                self._savings[execution.id] = saving
            self._place(uuid, execution)

    def _place(self, prompt_uuid: str, execution: Execution) -> None:
        model = self._panel.model
        start = model.row_of_uuid(prompt_uuid)
        if start < 0:
            return
        end = start + 1
        while end < model.rowCount() and model.row(end).kind is not RowKind.PROMPT:
            end += 1
        text = self.describe(execution, self._savings.get(execution.id))
        note = Message(Role.SYSTEM, text, uuid=None)
        model.insert_message(end, note, key=_key(execution))


def _key(execution: Execution) -> str:
    return f"usage:{execution.id}"
