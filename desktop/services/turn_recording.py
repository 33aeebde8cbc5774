"""Record a turn: its execution row before `claude` starts, what it said while it ran, how it ended.

The row is written before the process exists, so a crash leaves an
`interrupted` row (`turn_recovery`), never a hole. Each blocking step (the
row's writes, the account's secret, the index refresh at the end) is awaited
through `offload`, which the window points at the process's executor, so the
loop that reads `claude`'s pipes keeps painting.

This module knows nothing of `Run`, which drives a turn through it: `Run`
takes a `TurnRecorder`, and the recorder keeps only how to stop each run.
"""

from __future__ import annotations

import functools
import logging
import os
import uuid
from collections.abc import Awaitable, Callable, Sequence
from typing import Concatenate, ParamSpec, TypeVar

from desktop.domain.carry import recorded_args
from desktop.domain.conversations import Execution, ExecutionStatus
from desktop.domain.events import Result, SystemInit
from desktop.domain.ports import (
    ClaudeRuntime,
    ConversationRepository,
    ExecutionRepository,
    RolloverRepository,
    RunningClaude,
    RunNotes,
)
from desktop.domain.redact import redact
from desktop.domain.rollover import Rollover, RolloverTrigger
from desktop.domain.run_wall import RunNote
from desktop.domain.runs import RunRequest, TurnOutcome
from desktop.domain.turn_plan import Plan
from desktop.services import audit
from desktop.services.accounts import AccountService
from desktop.services.claude_launch import Launch
from desktop.services.conversations import ConversationService
from desktop.services.offload import Offload, inline
from desktop.services.sessions import SessionService
from desktop.services.turn_request import TurnRequest

log = logging.getLogger(__name__)
T = TypeVar("T")
P = ParamSpec("P")

STOPPED = "stopped by the user"
"""The error of a stopped turn, instead of what `claude` said on its way out
(its internal `[ede_diagnostic] …` lines, say)."""


def offloaded(
    method: Callable[Concatenate[TurnRecorder, P], T],
) -> Callable[Concatenate[TurnRecorder, P], Awaitable[T]]:
    """A blocking step of a run, awaited through the recorder's `offload`."""

    @functools.wraps(method)
    async def step(recorder: TurnRecorder, *args: P.args, **kwargs: P.kwargs) -> T:
        return await recorder.offload(lambda: method(recorder, *args, **kwargs))

    return step


class TurnRecorder:
    def __init__(
        self,
        runtime: ClaudeRuntime,
        executions: ExecutionRepository,
        conversation_rows: ConversationRepository,
        conversations: ConversationService,
        sessions: SessionService,
        accounts: AccountService,
        rollovers: RolloverRepository | None = None,
        notes: RunNotes | None = None,
    ) -> None:
        self.runtime = runtime
        self._executions = executions
        self._conversations = conversation_rows
        self._threads = conversations
        self._sessions = sessions
        self._accounts = accounts
        self._rollovers = rollovers
        self.notes = notes
        """Where a running turn's tokens and questions are kept for other processes."""
        self.stops: dict[str, Callable[[], Awaitable[None]]] = {}
        """How to stop each run this process drives, by execution id."""
        self.offload: Offload = inline
        """How a run's blocking steps are run: its execution row's writes, the
        account's secret, the index refresh and the replayed history when it
        ends or retries. The window hands them to the process's executor, so
        the loop that reads the pipes keeps painting."""

    def command(self, plan: Plan, request: TurnRequest, launch: Launch) -> list[str]:
        """The argv of this attempt, built once: recorded (redacted) and run as is."""
        run_request = RunRequest(
            cwd=plan.cwd,
            resume=plan.resume,
            fork_session=plan.fork,
            append_system_prompt=plan.carry_over,
            allowed_tools=request.allowed_tools,
            model=request.model,
            permission_mode=request.permission_mode,
            ask_permissions=request.ask_permissions,
        )
        return self.runtime.argv(launch.binary, run_request, launch.caps)

    @offloaded
    def begin(
        self, plan: Plan, request: TurnRequest, launch: Launch, argv: Sequence[str]
    ) -> Execution:
        """Write the execution row, before any process exists."""
        assert plan.conversation_id is not None
        owner = os.getpid()
        execution = self._executions.create(
            Execution(
                id=str(uuid.uuid4()),
                conversation_id=plan.conversation_id,
                kind=plan.kind,
                account=plan.account,
                cwd=plan.cwd,
                prompt=request.prompt,
                args=[redact(a) for a in recorded_args(argv)],
                parent_execution_id=plan.parent,
                forked_from_execution_id=plan.forked_from,
                runtime_fingerprint=str(launch.caps.fingerprint),
                session_id_in=plan.resume,
                owner_pid=owner,
                owner_started=self.runtime.start_time(owner),
                resumed=plan.resumed,
                resume_reason=plan.resume_blocker,
                sent_bytes=plan.sent_bytes,
                saved_bytes=plan.saved_bytes,
                history_epoch=plan.history_epoch,
                model=request.model,
                permission_mode=request.permission_mode,
            ),
            running=self.owner_alive,  # one turn per conversation at a time
        )
        # the conversation's next turn starts from this one's choice (the composer shows it)
        self._conversations.update(
            plan.conversation_id, model=request.model, permission_mode=request.permission_mode
        )
        audit.began(execution, plan)
        return execution

    async def spawn(self, execution: Execution, plan: Plan, argv: Sequence[str]) -> RunningClaude:
        env = await self.offload(lambda: self.account_env(plan.account))
        process = await self.runtime.start(argv, plan.cwd, env)
        await self.offload(lambda: self._executions.update(
            execution.id,
            status=ExecutionStatus.RUNNING,
            pid=process.pid,
            pid_started=process.start_time,
        ))  # fmt: skip
        return process

    def account_env(self, name: str) -> dict[str, str]:
        """The environment `claude` runs with under account `name` (blocking: its secret)."""
        account = self._accounts.get(name)
        secret = self._accounts.secret(account.name)  # the keyring, over D-Bus
        return self.runtime.account_env(account.config_dir, account.auth, secret)

    @offloaded
    def record_session(self, execution: Execution, init: SystemInit) -> Execution:
        """Its session, and the model and mode claude says it runs with (an alias resolved)."""
        return self._executions.update(
            execution.id,
            session_id=init.session_id,
            model=init.model or execution.model,
            permission_mode=init.permission_mode or execution.permission_mode,
        )

    @offloaded
    def note(self, execution: Execution, note: RunNote | None) -> None:
        """Keep what other processes cannot see of the turn (None: it ended)."""
        self.keep_note(execution.id, note)

    def keep_note(self, execution_id: str, note: RunNote | None) -> None:
        if self.notes is None:
            return
        try:
            if note is None:
                self.notes.remove(execution_id)
            else:
                self.notes.write(execution_id, note)
        except OSError as exc:  # a full disk costs the wall a figure, never the turn
            log.warning("run note of %s not kept: %s", execution_id, exc)

    @offloaded
    def fail(self, execution: Execution, error: str) -> Execution:
        return self._executions.update(
            execution.id, status=ExecutionStatus.FAILED, error=error, finished=True
        )

    @offloaded
    def finish(
        self,
        execution: Execution,
        plan: Plan,
        outcome: TurnOutcome,
        exit_code: int | None,
        *,
        interrupted: bool,
    ) -> Execution:
        """Record how the turn ended, after indexing its transcript."""
        current = self._threads.execution(execution.id)
        if interrupted or current.stop_requested:
            status = ExecutionStatus.INTERRUPTED
        elif outcome.ok:
            status = ExecutionStatus.SUCCEEDED
        else:
            status = ExecutionStatus.FAILED
        result: Result | None = outcome.result
        usage = None
        if result is not None:
            u = result.usage
            usage = {
                "input_tokens": u.input_tokens,
                "output_tokens": u.output_tokens,
                "cache_read_input_tokens": u.cache_read_input_tokens,
                "cache_creation_input_tokens": u.cache_creation_input_tokens,
            }
        session_id = outcome.session_id or current.session_id
        last_uuid = None
        if session_id:
            # index the transcript now, so the turn is searchable and kept even if
            # Claude Code removes the file before the next scan
            self._sessions.refresh(account=plan.account)
            turns = self._sessions.history(plan.account, session_id)
            last_uuid = turns[-1].uuid if turns else None
        done = self._executions.update(
            execution.id,
            status=status,
            exit_code=exit_code,
            error=_error(status, outcome),
            usage=usage,
            context_tokens=outcome.context_tokens,
            cost_usd=result.total_cost_usd if result else None,
            session_id=session_id,
            last_uuid=last_uuid,
            model=outcome.model or current.model,
            finished=True,
        )
        if session_id and status is not ExecutionStatus.FAILED:
            self._conversations.update(
                done.conversation_id,
                account=plan.account,
                session_id=session_id,
                cwd=plan.cwd,
                runtime_id=done.runtime_fingerprint,
                last_input_tokens=outcome.context_tokens,
                **({"context_window": outcome.context_window} if outcome.context_window else {}),
            )
            audit.context_stored(done, outcome.context_window)
            if plan.rollover is not None:
                self._record_rollover(done, plan.rollover, session_id)
        return done

    def _record_rollover(self, done: Execution, trigger: RolloverTrigger, session_id: str) -> None:
        audit.rolled_over(done, trigger, session_id)
        if self._rollovers is not None:
            record = Rollover(done.id, done.conversation_id, trigger.old_session_id, session_id,
                              trigger.tokens, trigger.threshold)  # fmt: skip
            self._rollovers.add(record)

    def owner_alive(self, execution: Execution) -> bool:
        """Whether the Sessiondesk process that drives this turn still runs (the
        pid and start time `begin` recorded)."""
        if not execution.owner_pid or execution.owner_started is None:
            return False
        started = self.runtime.start_time(execution.owner_pid)
        return started is not None and abs(started - execution.owner_started) < 1.0


def _error(status: ExecutionStatus, outcome: TurnOutcome) -> str | None:
    if status is ExecutionStatus.INTERRUPTED:
        return STOPPED
    return None if status is ExecutionStatus.SUCCEEDED else redact(outcome.error or "")
