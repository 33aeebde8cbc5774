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
        off, read = self._recorder.offload, self._threads.execution
        local = self._recorder.stops.get(execution_id)
        if local is not None:
            await local()
            return await off(lambda: read(execution_id))
        execution = await off(lambda: read(execution_id))
        if execution.status.finished:
            raise UsageError(f"execution {execution_id} is not running ({execution.status})")
        await off(lambda: self._executions.update(execution_id, stop_requested=True))
        if execution.pid and execution.pid_started:
            await self._recorder.runtime.end_group(execution.pid, execution.pid_started)
        if not await off(lambda: self._recorder.owner_alive(execution)):
            return await off(lambda: self._executions.update(
                execution_id, status=ExecutionStatus.INTERRUPTED, error=STOPPED, finished=True
            ))  # fmt: skip
        # the owning process records the end; give it a moment to do so
        for _ in range(100):
            current = await off(lambda: read(execution_id))
            if current.status.finished:
                return current
            await asyncio.sleep(0.1)
        return await off(lambda: read(execution_id))

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
        off = self._recorder.offload
        recovered = []
        for execution in await off(self._orphaned):
            if execution.pid and execution.pid_started:
                await self._recorder.runtime.end_group(execution.pid, execution.pid_started)
            recovered.append(await off(lambda e=execution: self._interrupted(e)))
        return recovered

    def _orphaned(self) -> list[Execution]:
        """The unfinished rows whose owning process is gone."""
        return [e for e in self._executions.unfinished() if not self._recorder.owner_alive(e)]

    def _interrupted(self, execution: Execution) -> Execution:
        self._recorder.keep_note(execution.id, None)  # its owner died before removing it
        return self._executions.update(
            execution.id,
            status=ExecutionStatus.INTERRUPTED,
            error="Sessiondesk ended while this turn ran",
            finished=True,
        )
