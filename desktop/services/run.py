"""One turn in flight: drive its events, answer permissions, stop it.

A run asks its planner for the one retry of a refused attempt and records
every step through its recorder; neither of them knows the run.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from enum import StrEnum

from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import SessiondeskError, UsageError
from desktop.domain.event_redact import StreamMasker
from desktop.domain.events import Event, PermissionRequest, SystemInit
from desktop.domain.images import turn_content
from desktop.domain.ports import RunningClaude
from desktop.domain.questions import answered_input, questions_of
from desktop.domain.redact import redact
from desktop.domain.run_wall import RunNote, TokenTally
from desktop.domain.runs import TurnOutcome, summarize_turn
from desktop.domain.turn_plan import Plan
from desktop.services.claude_launch import Launch
from desktop.services.turn_planning import TurnPlanner
from desktop.services.turn_recording import TurnRecorder
from desktop.services.turn_request import TurnRequest

REJECTED_RESUME = "No conversation found with session ID"
QUESTIONS_DECLINED = "The person declined to answer these questions."


class PermissionChoice(StrEnum):
    ALLOW = "allow"
    DENY = "deny"
    ALLOW_SESSION = "allow-session"
    """Allow, and allow this tool again without asking for the rest of the run."""


class Run:
    """One turn in flight. Iterate `events()` to drive it to its end."""

    def __init__(
        self,
        recorder: TurnRecorder,
        planner: TurnPlanner,
        request: TurnRequest,
        plan: Plan,
        launch: Launch,
    ) -> None:
        self._recorder = recorder
        self._planner = planner
        self._request = request
        self._plan = plan
        self._launch = launch
        self._process: RunningClaude | None = None
        self._stopping = False
        self._always: set[str] = set()
        self.execution: Execution | None = None
        self.outcome: TurnOutcome | None = None
        self.secrets: tuple[str, ...] = ()
        self.tally = TokenTally()
        """Tokens used so far, every attempt of the turn counted."""
        self.waiting: dict[str, str] = {}
        """Permission questions waiting for an answer: tool by request id."""
        """The secrets `claude` was given, once it runs: masked in every event
        yielded; a consumer that joins pieces of text masks the joins."""

    @property
    def conversation_id(self) -> str:
        assert self._plan.conversation_id is not None  # set when the run was prepared
        return self._plan.conversation_id

    @property
    def plan(self) -> Plan:
        return self._plan

    @property
    def kind(self) -> ExecutionKind:
        return self._plan.kind

    async def events(self) -> AsyncIterator[Event]:
        async for event in self._attempt():
            yield event
        rejected = self.outcome is not None and any(
            REJECTED_RESUME in e for e in (*self.outcome.errors, self.outcome.stderr)
        )
        # a rollover whose fresh session failed: the turn goes to the old one
        rollover_failed = (
            self._plan.rollover is not None
            and self.execution is not None
            and (self.execution.status is ExecutionStatus.FAILED)
        )
        if ((rejected and self._plan.resume) or rollover_failed) and not self._stopping:
            # the pinned session is gone (other machine, cleaned up): replay instead;
            # a failed rollover: the turn goes to the old session
            assert self.execution is not None
            refused, plan = self.execution, self._plan
            # the retry's plan reads the replayed history: a blocking step like the recorder's
            self._plan = await self._recorder.offload(
                lambda: self._planner.retry_plan(plan, refused)
            )
            async for event in self._attempt():
                yield event

    async def _attempt(self) -> AsyncIterator[Event]:
        recorder = self._recorder
        argv = recorder.command(self._plan, self._request, self._launch)
        self.execution = await recorder.begin(self._plan, self._request, self._launch, argv)
        recorder.stops[self.execution.id] = self.stop
        seen: list[Event] = []
        secrets: tuple[str, ...] = ()
        try:
            self._process = await recorder.spawn(self.execution, self._plan, argv)
            self.secrets = secrets = self._process.secrets
            await self._noted()  # on the wall from its start, at 0 tokens so far
            # masked before anything keeps or shows it: --json, the window, the row
            masker = StreamMasker(secrets)
            content = turn_content(self._plan.content, self._request.images)
            async for said in self._process.turn(content):
                for event in masker.take(said):
                    seen.append(event)
                    if isinstance(event, SystemInit) and event.session_id:
                        self.execution = await recorder.record_session(self.execution, event)
                    if (
                        isinstance(event, PermissionRequest)
                        and event.tool_name in self._always
                        and questions_of(event.tool_name, event.input) is None
                    ):  # an earlier "allow for this session" never answers new questions
                        await self._process.respond_permission(event.request_id, True)
                        continue
                    if isinstance(event, PermissionRequest):
                        self.waiting[event.request_id] = event.tool_name
                        await self._noted()
                    elif self.tally.add(event):
                        await self._noted()
                    yield event
            for event in masker.finish():
                seen.append(event)
                yield event
            await self._process.close()
        except SessiondeskError as exc:
            self.outcome = summarize_turn(seen)
            # its message may quote what claude said on its way out (its stderr)
            exc.args = (redact(str(exc), secrets),)
            self.execution = await recorder.fail(self.execution, str(exc))
            raise
        finally:
            recorder.stops.pop(self.execution.id, None)
            self.waiting.clear()
            await recorder.note(self.execution, None)
            if self._process is not None and self._process.returncode is None:
                await self._process.close()
        self.outcome = summarize_turn(seen)
        code = self._process.returncode if self._process else None
        self.execution = await recorder.finish(
            self.execution, self._plan, self.outcome, code, interrupted=self._stopping
        )

    async def answer(
        self,
        request: PermissionRequest,
        choice: PermissionChoice,
        message: str | None = None,
        answers: Mapping[str, str] | None = None,
    ) -> None:
        """Answer a permission request; with `answers`, allow Claude's questions
        (`AskUserQuestion`) with them, the one way the window and the command
        line send answers back."""
        if self._process is None:
            raise UsageError("this run has no process to answer")
        allow = choice is not PermissionChoice.DENY
        if answers is not None and (
            not allow or questions_of(request.tool_name, request.input) is None
        ):
            raise UsageError("answers go only with allowing Claude's questions")
        if self.waiting.pop(request.request_id, None) is not None:
            await self._noted()  # the run wall: nothing waits on this request any more
        if answers is not None:
            await self._process.respond_permission(
                request.request_id, True, updated_input=answered_input(request.input, answers)
            )
            return
        if choice is PermissionChoice.ALLOW_SESSION:
            self._always.add(request.tool_name)
        asked = questions_of(request.tool_name, request.input) is not None
        refusal = QUESTIONS_DECLINED if asked else "The person denied this tool call."
        reason = message or (refusal if not allow else None)
        await self._process.respond_permission(request.request_id, allow, message=reason)

    def note(self) -> RunNote:
        return RunNote(self.tally.total, tuple(self.waiting.values()))

    async def _noted(self) -> None:
        if self.execution is not None:
            await self._recorder.note(self.execution, self.note())

    async def stop(self) -> None:
        """End the turn, keeping the partial reply."""
        self._stopping = True
        if self._process is not None and self._process.returncode is None:
            try:
                await self._process.interrupt()
            except SessiondeskError:
                await self._process.close()
