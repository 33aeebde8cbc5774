"""Send a turn: record the execution, drive `claude`, stream its events, finish the row.

An execution row is written before the process starts, so a crash leaves an
`interrupted` row (see `recover`), never a hole. Whether a turn resumes
Claude's session or replays our transcript is `plan_turn`'s call; a resume
that `claude` rejects is retried once, fresh, with the replay of the same
history. Conversations themselves (queries, edits, references) belong to
`ConversationService`.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import os
import uuid
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from desktop.domain.carry import SwitchDecision, pending_switch, recorded_args
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.events import Result, SystemInit
from desktop.domain.moved import refuse_if_moved
from desktop.domain.ports import (
    ClaudeRuntime,
    ConversationRepository,
    ExecutionRepository,
    RolloverRepository,
    RunningClaude,
    RunNotes,
)
from desktop.domain.redact import redact
from desktop.domain.rollover import FRAMING as ROLLOVER_FRAMING
from desktop.domain.rollover import Rollover, RolloverPolicy, RolloverTrigger, failed_notice
from desktop.domain.run_modes import (
    ModelOption,
    check_model,
    check_permission_mode,
)
from desktop.domain.run_wall import RunNote
from desktop.domain.runs import RunRequest, TurnOutcome
from desktop.domain.transcript_text import shorten
from desktop.domain.turn_plan import (
    Plan,
    after_refusal,
    carried_retry,
    plan_rerun,
    plan_turn,
    rolled_over,
    rollover_failed,
    with_history,
)
from desktop.services import audit
from desktop.services.accounts import AccountService
from desktop.services.carry import CarryOverBuilder
from desktop.services.claude_launch import ClaudeLauncher, Launch
from desktop.services.conversations import ConversationService
from desktop.services.references import ReferenceService
from desktop.services.run import Run, TurnRequest
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService

log = logging.getLogger(__name__)
T = TypeVar("T")
P = ParamSpec("P")


class Offload(Protocol):
    """Runs blocking work (SQLite, the keyring, the index) for a coroutine that must not block."""

    def __call__(self, work: Callable[[], T]) -> Awaitable[T]: ...


async def inline(work: Callable[[], T]) -> T:
    """A command's offload: nothing else shares its loop, so the work runs right there."""
    return work()


def offloaded(
    method: Callable[Concatenate[RunService, P], T],
) -> Callable[Concatenate[RunService, P], Awaitable[T]]:
    """A blocking step of a run, awaited through the service's `offload`."""

    @functools.wraps(method)
    async def step(service: RunService, *args: P.args, **kwargs: P.kwargs) -> T:
        return await service.offload(lambda: method(service, *args, **kwargs))

    return step


class RunService:
    def __init__(
        self,
        launcher: ClaudeLauncher,
        conversations: ConversationService,
        conversation_rows: ConversationRepository,
        executions: ExecutionRepository,
        accounts: AccountService,
        settings: SettingsService,
        sessions: SessionService,
        carry: CarryOverBuilder | None = None,
        references: ReferenceService | None = None,
        rollovers: RolloverRepository | None = None,
        notes: RunNotes | None = None,
    ) -> None:
        self._launcher = launcher
        self._threads = conversations
        self._conversations = conversation_rows
        self._executions = executions
        self._accounts = accounts
        self._settings = settings
        self._sessions = sessions
        self._carry = carry
        self._references = references
        self._rollovers = rollovers
        self.notes = notes
        """Where a running turn's tokens and questions are kept for other processes."""
        self.live: dict[str, Run] = {}
        """Runs this process drives, by execution id."""
        self._models: dict[tuple[str, str], list[ModelOption]] = {}
        self.offload: Offload = inline
        """How a run's blocking steps are run: its execution row's writes, the
        account's secret, the index refresh and the replayed history when it
        ends or retries. The window hands them to a thread of its own, so the
        loop that reads the pipes keeps painting."""

    @property
    def runtime(self) -> ClaudeRuntime:
        return self._launcher.runtime

    def binary(self) -> str:
        return self._launcher.binary()

    async def models(self, account: str) -> list[ModelOption]:
        """The models `claude` offers `account` (its `initialize` answer), asked
        once per binary and account; ClaudeError when claude cannot say."""
        launch = await self._launcher.probe()
        key = (str(launch.caps.fingerprint), account)
        if key not in self._models:
            env = await self.offload(lambda: self._account_env(account))
            self._models[key] = await self.runtime.models(launch.binary, launch.caps, env)
        return self._models[key]

    # ---- planning ---------------------------------------------------------------

    async def prepare(self, request: TurnRequest) -> Run:
        """Check everything a turn needs and decide how it runs (nothing starts yet)."""
        if request.model is not None:
            request = replace(request, model=check_model(request.model))
        if request.permission_mode is not None:
            check_permission_mode(request.permission_mode)
        launch = await self._launcher.probe()
        ref = request.continue_from or request.fork_from
        if request.rerun_of:
            plan = self._rerun(request)
        elif ref:
            branch = await self._threads.branch_point(ref)
            owner = self._threads.get(branch.conversation_id).account
            refuse_if_moved(branch.execution_id, branch.account, owner, branch.conversation_code)
            plan = plan_turn(
                prompt=request.prompt,
                account=request.account or branch.account,
                cwd=_folder(request.cwd or branch.cwd),
                runtime=launch.runtime,
                branch=branch,
                fork=request.fork_from is not None,
                fresh=request.fresh,
            )
            plan = self._referenced(plan, request)
        else:
            plan = self._referenced(self._plan_next(request, launch), request)
            plan = await self._carried(plan, launch)
            plan = await self._rolled(plan, launch)
        plan = self._with_history(plan)
        if plan.conversation_id is None:
            conversation = self._conversations.create(
                shorten(request.prompt, 80), plan.account, plan.cwd
            )
            plan = replace(plan, conversation_id=conversation.id)
        epoch = self._threads.get(plan.conversation_id).history_epoch
        return Run(self, request, replace(plan, history_epoch=epoch), launch)

    def _rerun(self, request: TurnRequest) -> Plan:
        """A history edit: the conversation's epoch goes up first, so no session
        of the old history is resumed after it, whatever becomes of this turn."""
        replaced = self._threads.execution(request.rerun_of or "")
        prompt = request.prompt if request.prompt.strip() else replaced.prompt
        plan = plan_rerun(prompt=prompt, replaced=replaced)
        conversation = self._threads.get(replaced.conversation_id)
        refuse_if_moved(replaced.id, plan.account, conversation.account, conversation.code)
        self._conversations.bump_epoch(replaced.conversation_id)
        return plan

    def _referenced(self, plan: Plan, request: TurnRequest) -> Plan:
        """`[[SESS-…]]` in the prompt, checked and expanded into context (the
        execution still records the prompt as typed)."""
        if self._references is None:
            return plan
        expanded = self._references.expand(
            plan.prompt, plan.account, confirm_cross_account=request.confirm_cross_account
        )
        return plan if expanded == plan.prompt else replace(plan, prompt=expanded, content=expanded)

    def _plan_next(self, request: TurnRequest, launch: Launch) -> Plan:
        """A turn of a named conversation, or the first of a new one."""
        conv = self._threads.get(request.conversation_id) if request.conversation_id else None
        account = request.account or (conv.account if conv else None)
        if not account:
            raise UsageError("choose an account (--account NAME)", kind="no_account_chosen")
        self._accounts.get(account)
        cwd = _folder(request.cwd or (conv.cwd if conv else None))
        history = self._executions.for_conversation(conv.id) if conv else []
        answered = any(e.status is ExecutionStatus.SUCCEEDED and e.session_id for e in history)
        # the epoch the pinned session was made under: older than the conversation's
        # after a history edit, and then it is never resumed
        made = [e for e in history if conv and e.session_id == conv.session_id
                and e.status is ExecutionStatus.SUCCEEDED]  # fmt: skip
        # an adopted session (found on disk) had its turns before we knew it
        answered = answered or (not history and conv is not None and conv.session_id is not None)
        return plan_turn(
            prompt=request.prompt,
            account=account,
            cwd=cwd,
            runtime=launch.runtime,
            conversation=conv,
            head=history[-1].id if history else None,
            answered=answered,
            fresh=request.fresh,
            session_epoch=made[-1].history_epoch if made else None,
        )

    async def _carried(self, plan: Plan, launch: Launch) -> Plan:
        """The first turn after a switch: what its decision says to carry, built now."""
        if plan.resume or plan.conversation_id is None or self._carry is None:
            return plan
        decision = pending_switch(self._executions.for_conversation(plan.conversation_id))
        if decision is None or decision.to_account != plan.account:
            return plan
        carried = await self._carry.build(decision, plan.cwd, launch)
        seeded = carried.text is not None or carried.resume is not None
        return replace(
            plan,
            kind=ExecutionKind.CARRYOVER if seeded else plan.kind,
            carry_over=carried.text,
            resume=carried.resume,
            fork=carried.resume is not None,
            carry_fallback=carried.fallback,
            notice=carried.notice,
            resume_blocker=carried.notice or plan.resume_blocker,
            carried_from=decision,
        )

    def rollover_policy(self) -> RolloverPolicy:
        return RolloverPolicy.of(self._settings.effective())

    def rollovers(self, conversation_id: str) -> list[Rollover]:
        """The conversation's rollovers, oldest first."""
        return self._rollovers.for_conversation(conversation_id) if self._rollovers else []

    async def _rolled(self, plan: Plan, launch: Launch) -> Plan:
        """The next turn of a conversation whose context reached the threshold:
        a fresh session, seeded with a continuation of the old one."""
        if plan.kind not in (ExecutionKind.CONTINUE, ExecutionKind.REPLAY) or self._carry is None:
            return plan
        assert plan.conversation_id is not None
        conv = self._threads.get(plan.conversation_id)
        policy = self.rollover_policy()
        threshold = policy.due(conv.last_input_tokens, conv.context_window)
        if threshold is None or not conv.session_id or not conv.account:
            return plan
        decision = SwitchDecision(policy.seed, conv.account, conv.account, conv.session_id)
        carried = await self._carry.build(decision, plan.cwd, launch, ROLLOVER_FRAMING)
        if carried.text is None:
            log.warning("rollover of %s failed: session %s could not be read", conv.code,
                        conv.session_id)  # fmt: skip
            return replace(plan, notice=failed_notice("the old session could not be read"))
        trigger = RolloverTrigger(conv.session_id, conv.last_input_tokens or 0, threshold)
        return replace(rolled_over(plan, trigger, carried.text), notice=carried.notice)

    def _with_history(self, plan: Plan) -> Plan:
        """The content as sent: the replayed history, or the guard line of a
        resumed turn (whose would-be replay is read to count what it saves)."""
        if not (plan.replays or plan.resumed):
            return plan
        budget = int(self._settings.get("carry_context.budget_bytes"))
        turns = self._threads.replay_history(
            plan.parent or plan.forked_from, plan.account, plan.replay_from
        )
        return with_history(plan, turns, budget)

    @offloaded
    def retry_plan(self, plan: Plan, refused: Execution) -> Plan:
        if plan.fallback is not None:
            log.warning("rollover of conversation %s failed: %s", plan.conversation_id,
                        refused.error)  # fmt: skip
            why = shorten(refused.error or "claude failed", 120)
            return self._with_history(rollover_failed(plan, refused.id, why))
        if plan.carry_fallback is not None:
            return carried_retry(plan, refused.id)
        return self._with_history(after_refusal(plan, refused.id, refused.error))

    # ---- running ----------------------------------------------------------------

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
            running=self._owner_alive,  # one turn per conversation at a time
        )
        # the conversation's next turn starts from this one's choice (the composer shows it)
        self._conversations.update(
            plan.conversation_id, model=request.model, permission_mode=request.permission_mode
        )
        audit.began(execution, plan)
        return execution

    async def spawn(self, execution: Execution, plan: Plan, argv: Sequence[str]) -> RunningClaude:
        env = await self.offload(lambda: self._account_env(plan.account))
        process = await self.runtime.start(argv, plan.cwd, env)
        await self.offload(lambda: self._executions.update(
            execution.id,
            status=ExecutionStatus.RUNNING,
            pid=process.pid,
            pid_started=process.start_time,
        ))  # fmt: skip
        return process

    def _account_env(self, name: str) -> dict[str, str]:
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
        self._keep_note(execution.id, note)

    def _keep_note(self, execution_id: str, note: RunNote | None) -> None:
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

    # ---- stopping and recovery ----------------------------------------------------

    async def stop(self, execution_id: str) -> Execution:
        """Interrupt a running turn, whichever Sessiondesk process drives it."""
        local = self.live.get(execution_id)
        if local is not None:
            await local.stop()
            return self._threads.execution(execution_id)
        execution = self._threads.execution(execution_id)
        if execution.status.finished:
            raise UsageError(f"execution {execution_id} is not running ({execution.status})")
        self._executions.update(execution_id, stop_requested=True)
        if execution.pid and execution.pid_started:
            await self.runtime.end_group(execution.pid, execution.pid_started)
        if not self._owner_alive(execution):
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
        return next((e for e in mine if self._owner_alive(e)), None)

    def owner_alive(self, execution: Execution) -> bool:
        """Whether the Sessiondesk process that drives this turn still runs."""
        return self._owner_alive(execution)

    def _owner_alive(self, execution: Execution) -> bool:
        if not execution.owner_pid or execution.owner_started is None:
            return False
        started = self.runtime.start_time(execution.owner_pid)
        return started is not None and abs(started - execution.owner_started) < 1.0

    def needs_recovery(self) -> bool:
        return bool(self._executions.unfinished())

    async def recover(self) -> list[Execution]:
        """Rows left running by a Sessiondesk that died: end their `claude`, mark them."""
        recovered = []
        for execution in self._executions.unfinished():
            if self._owner_alive(execution):
                continue  # another Sessiondesk process is driving it right now
            if execution.pid and execution.pid_started:
                await self.runtime.end_group(execution.pid, execution.pid_started)
            self._keep_note(execution.id, None)  # its owner died before removing its note
            recovered.append(
                self._executions.update(
                    execution.id,
                    status=ExecutionStatus.INTERRUPTED,
                    error="Sessiondesk ended while this turn ran",
                    finished=True,
                )
            )
        return recovered


STOPPED = "stopped by the user"
"""The error of a stopped turn, instead of what `claude` said on its way out
(its internal `[ede_diagnostic] …` lines, say)."""


def _error(status: ExecutionStatus, outcome: TurnOutcome) -> str | None:
    if status is ExecutionStatus.INTERRUPTED:
        return STOPPED
    return None if status is ExecutionStatus.SUCCEEDED else redact(outcome.error or "")


def _folder(path: str | None) -> str:
    if not path:
        raise UsageError("choose a working folder (--cwd DIR)", kind="no_folder_chosen")
    folder = Path(os.path.expanduser(path)).absolute()
    if not folder.is_dir():
        raise UsageError(f"the working folder {folder} does not exist", kind="folder_missing",
                     folder=str(folder))  # fmt: skip
    return str(folder)
