"""One turn in flight: drive its events, answer permissions, stop it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from desktop.domain.conversations import Conversation, Execution, ExecutionKind
from desktop.domain.errors import SessiondeskError, UsageError
from desktop.domain.events import Event, PermissionRequest, SystemInit
from desktop.domain.ports import RunningClaude
from desktop.domain.runs import TurnOutcome, summarize_turn

if TYPE_CHECKING:
    from desktop.services.runs import RunService

REJECTED_RESUME = "No conversation found with session ID"


class PermissionChoice(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    ALLOW_SESSION = "allow-session"
    """Allow, and allow this tool again without asking for the rest of the run."""


@dataclass(frozen=True, slots=True)
class TurnRequest:
    prompt: str
    account: str | None = None
    """Default: the conversation's account."""
    cwd: str | None = None
    """Default: the conversation's working folder."""
    conversation_id: str | None = None
    fresh: bool = False
    allowed_tools: tuple[str, ...] = ()
    ask_permissions: bool = True
    continue_from: str | None = None
    """An execution id: resume exactly its session."""
    fork_from: str | None = None
    """An execution id: a new conversation branching from its session."""


@dataclass(frozen=True, slots=True)
class Plan:
    conversation: Conversation
    kind: ExecutionKind
    account: str
    cwd: str
    content: str
    resume: str | None
    fork: bool
    parent: str | None
    forked_from: str | None


class Run:
    """One turn in flight. Iterate `events()` to drive it to its end."""

    def __init__(self, service: RunService, request: TurnRequest, plan: Plan) -> None:
        self._service = service
        self._request = request
        self._plan = plan
        self._process: RunningClaude | None = None
        self._stopping = False
        self._always: set[str] = set()
        self.execution: Execution | None = None
        self.outcome: TurnOutcome | None = None

    @property
    def conversation_id(self) -> str:
        return self._plan.conversation.id

    @property
    def resumed(self) -> bool:
        return self._plan.resume is not None and not self._plan.fork

    @property
    def kind(self) -> ExecutionKind:
        return self._plan.kind

    async def events(self) -> AsyncIterator[Event]:
        async for event in self._attempt():
            yield event
        rejected = self.outcome is not None and any(
            REJECTED_RESUME in e for e in (*self.outcome.errors, self.outcome.stderr)
        )
        if rejected and self._plan.resume and not self._stopping:
            # the pinned session is gone (other machine, cleaned up): replay instead
            self._plan = self._service.replan_fresh(self._request, self._plan)
            async for event in self._attempt():
                yield event

    async def _attempt(self) -> AsyncIterator[Event]:
        service = self._service
        self.execution = await service.begin(self._plan, self._request)
        service.live[self.execution.id] = self
        seen: list[Event] = []
        try:
            self._process = await service.spawn(self.execution, self._plan, self._request)
            async for event in self._process.turn(self._plan.content):
                seen.append(event)
                if isinstance(event, SystemInit) and event.session_id:
                    self.execution = service.executions.update(
                        self.execution.id, session_id=event.session_id
                    )
                if isinstance(event, PermissionRequest) and event.tool_name in self._always:
                    await self._process.respond_permission(event.request_id, True)
                    continue
                yield event
            await self._process.close()
        except SessiondeskError as exc:
            self.outcome = summarize_turn(seen)
            self.execution = service.fail(self.execution, str(exc))
            raise
        finally:
            service.live.pop(self.execution.id, None)
            if self._process is not None and self._process.returncode is None:
                await self._process.close()
        self.outcome = summarize_turn(seen)
        code = self._process.returncode if self._process else None
        self.execution = service.finish(
            self.execution, self._plan, self.outcome, code, interrupted=self._stopping
        )

    async def answer(
        self, request: PermissionRequest, choice: PermissionChoice, message: str | None = None
    ) -> None:
        if self._process is None:
            raise UsageError("this run has no process to answer")
        if choice is PermissionChoice.ALLOW_SESSION:
            self._always.add(request.tool_name)
        allow = choice is not PermissionChoice.DENY
        reason = message or ("The person denied this tool call." if not allow else None)
        await self._process.respond_permission(request.request_id, allow, message=reason)

    async def stop(self) -> None:
        """End the turn, keeping the partial reply."""
        self._stopping = True
        if self._process is not None and self._process.returncode is None:
            try:
                await self._process.interrupt()
            except SessiondeskError:
                await self._process.close()
