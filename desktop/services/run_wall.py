"""The run wall's reading: every running or waiting turn of this home, whoever drives it.

A turn is on the wall while its execution row is unfinished and the process
that owns it lives (a row whose owner died is the orphan watch's, and is
marked interrupted). Its tokens so far and its waiting question come from the
owner's note (`RunNote`); a turn whose owner keeps none (an older
Sessiondesk) shows no figure and `running`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.domain.run_wall import WallRun, state_of

if TYPE_CHECKING:
    from desktop.domain.ports import ConversationRepository, ExecutionRepository, RunNotes
    from desktop.services.runs import RunService


class RunWall:
    def __init__(
        self,
        executions: ExecutionRepository,
        conversations: ConversationRepository,
        runs: RunService,
        notes: RunNotes,
    ) -> None:
        self._executions = executions
        self._conversations = conversations
        self._runs = runs
        self._notes = notes

    def list(self) -> list[WallRun]:
        """Oldest first. Blocking (SQLite, the process table, small files)."""
        found: list[WallRun] = []
        for execution in self._executions.unfinished():
            if not self._runs.owner_alive(execution):
                continue
            conversation = self._conversations.get(execution.conversation_id)
            note = self._notes.read(execution.id)
            found.append(WallRun(
                execution_id=execution.id,
                conversation_id=execution.conversation_id,
                conversation=conversation.code if conversation else "",
                title=conversation.title if conversation else "",
                account=execution.account or "",
                state=state_of(note),
                started=execution.started,
                tokens=note.tokens if note is not None else None,
                waiting=note.waiting if note is not None else (),
                session_id=execution.session_id or execution.session_id_in
                or (conversation.session_id if conversation else None),
                owner_pid=execution.owner_pid,
            ))  # fmt: skip
        found.sort(key=lambda run: (run.started is None, run.started or 0, run.execution_id))
        return found
