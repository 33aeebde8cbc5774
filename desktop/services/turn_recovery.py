"""Stop a running turn, say which turn keeps a conversation busy, and recover
the rows a Sessiondesk that died left running.

Several Sessiondesk processes share a home, so a turn may be driven by
another process: it is stopped through its row (`stop_requested` and its
process group), and recovered only once the process that owns it is gone.
"""

from __future__ import annotations

import asyncio

from desktop.domain.conversations import Execution, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.ports import ExecutionRepository
from desktop.services.conversations import ConversationService
from desktop.services.turn_recording import STOPPED, TurnRecorder


class TurnRecovery:
    def __init__(
        self,
        recorder: TurnRecorder,
        conversations: ConversationService,
        executions: ExecutionRepository,
    ) -> None:
        self._recorder = recorder
        self._threads = conversations
        self._executions = executions

    async def stop(self, execution_id: str) -> Execution:
        """Interrupt a running turn, whichever Sessiondesk process drives it."""
        local = self._recorder.stops.get(execution_id)
        if local is not None:
            await local()
            return self._threads.execution(execution_id)
        execution = self._threads.execution(execution_id)
        if execution.status.finished:
            raise UsageError(f"execution {execution_id} is not running ({execution.status})")
        self._executions.update(execution_id, stop_requested=True)
        if execution.pid and execution.pid_started:
            await self._recorder.runtime.end_group(execution.pid, execution.pid_started)
        if not self._recorder.owner_alive(execution):
            return self._executions.update(
                execution_id, status=ExecutionStatus.INTERRUPTED, error=STOPPED, finished=True
            )
        # the owning process records the end; give it a moment to do so
        for _ in range(100):
            current = self._threads.execution(execution_id)
            if current.status.finished:
                return current
            await asyncio.sleep(0.1)
        return self._threads.execution(execution_id)

    def busy(self, conversation_id: str) -> Execution | None:
        """The turn a live process runs in this conversation, or None: a new
        turn is refused meanwhile (`BusyError`), so the window disables Send."""
        unfinished = self._executions.unfinished()
        mine = (e for e in unfinished if e.conversation_id == conversation_id)
        return next((e for e in mine if self._recorder.owner_alive(e)), None)

    def needs_recovery(self) -> bool:
        return bool(self._executions.unfinished())

    async def recover(self) -> list[Execution]:
        """Rows left running by a Sessiondesk that died: end their `claude`, mark them."""
        recovered = []
        for execution in self._executions.unfinished():
            if self._recorder.owner_alive(execution):
                continue  # another Sessiondesk process is driving it right now
            if execution.pid and execution.pid_started:
                await self._recorder.runtime.end_group(execution.pid, execution.pid_started)
            self._recorder.keep_note(execution.id, None)  # its owner died before removing it
            recovered.append(
                self._executions.update(
                    execution.id,
                    status=ExecutionStatus.INTERRUPTED,
                    error="Sessiondesk ended while this turn ran",
                    finished=True,
                )
            )
        return recovered
