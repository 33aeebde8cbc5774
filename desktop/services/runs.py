"""Send a turn: record the execution, drive `claude`, stream its events, finish the row.

An execution row is written before the process starts, so a crash leaves an
`interrupted` row (see `recover`), never a hole. Whether a turn resumes
Claude's session or replays our transcript is `decide_resume`'s call; a
resume that `claude` rejects is retried once, fresh, with the replay.
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from pathlib import Path

from desktop.domain.conversations import (
    Conversation,
    Execution,
    ExecutionKind,
    ExecutionStatus,
    parse_code,
)
from desktop.domain.errors import NotFoundError, UsageError
from desktop.domain.events import Result
from desktop.domain.ports import (
    ClaudeRuntime,
    ConversationRepository,
    ExecutionRepository,
    RunningClaude,
)
from desktop.domain.redact import redact
from desktop.domain.replay import replay_prompt
from desktop.domain.resume import ProviderPointer, RunContext, decide_resume
from desktop.domain.runs import RunRequest, TurnOutcome
from desktop.domain.transcript_text import shorten
from desktop.services.accounts import AccountService
from desktop.services.run import Plan, Run, TurnRequest
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService


class RunService:
    def __init__(
        self,
        runtime: ClaudeRuntime,
        conversations: ConversationRepository,
        executions: ExecutionRepository,
        accounts: AccountService,
        settings: SettingsService,
        sessions: SessionService,
        claude_override: str | None = None,
    ) -> None:
        self.runtime = runtime
        self.conversations = conversations
        self.executions = executions
        self._accounts = accounts
        self._settings = settings
        self._sessions = sessions
        self._claude_override = claude_override
        self.live: dict[str, Run] = {}
        """Runs this process drives, by execution id."""

    # ---- planning ---------------------------------------------------------------

    def conversation(self, ref: str) -> Conversation:
        """By id or by its `SESS-042` code."""
        number = parse_code(ref)
        found = self.conversations.by_number(number) if number else self.conversations.get(ref)
        if found is None:
            raise NotFoundError(f"no conversation {ref}")
        return found

    def execution(self, execution_id: str) -> Execution:
        found = self.executions.get(execution_id)
        if found is None:
            raise NotFoundError(f"no execution {execution_id}")
        return found

    async def adopt(self, session_id: str, account: str | None = None) -> Conversation:
        """A conversation of a session found on disk (the existing one if adopted before)."""
        record = self._sessions.find(session_id, account)
        for conv in self.conversations.list():
            if conv.session_id == session_id and conv.account == record.account:
                return conv
        caps = await self.runtime.probe(self.binary())
        conv = self.conversations.create(record.title or session_id[:8], record.account, record.cwd)
        # the session was made by a claude on this machine: resumable by the current one
        self.conversations.update(conv.id, session_id=session_id, runtime_id=str(caps.fingerprint))
        return self.conversation(conv.id)

    def rename(self, ref: str, title: str) -> Conversation:
        if not title.strip():
            raise UsageError("the title is empty")
        conv = self.conversation(ref)
        self.conversations.update(conv.id, title=title.strip())
        return self.conversation(conv.id)

    def binary(self) -> str:
        return self.runtime.locate(self._claude_override, self._settings.get("claude.path"))

    async def prepare(self, request: TurnRequest) -> Run:
        """Check everything a turn needs and decide how it runs (nothing starts yet)."""
        if not request.prompt.strip():
            raise UsageError("the prompt is empty", kind="prompt_empty")
        if request.continue_from or request.fork_from:
            plan = self._plan_branch(request)
        else:
            plan = await self._plan_turn(request)
        run = Run(self, request, plan)
        return run

    async def _plan_turn(self, request: TurnRequest) -> Plan:
        conv = self.conversation(request.conversation_id) if request.conversation_id else None
        account = request.account or (conv.account if conv else None)
        if not account:
            raise UsageError("choose an account (--account NAME)", kind="no_account_chosen")
        self._accounts.get(account)
        cwd = _folder(request.cwd or (conv.cwd if conv else None))
        if conv is None:
            conv = self.conversations.create(shorten(request.prompt, 80), account, cwd)
            return Plan(
                conv, ExecutionKind.NEW, account, cwd, request.prompt, None, False, None, None
            )
        caps = await self.runtime.probe(self.binary())
        history = self.executions.for_conversation(conv.id)
        answered = any(e.status is ExecutionStatus.SUCCEEDED and e.session_id for e in history)
        # an adopted session (found on disk) had its turns before we knew it
        answered = answered or (not history and conv.session_id is not None)
        pointer = ProviderPointer(
            conv.session_id, conv.account, conv.cwd, conv.runtime_id, conv.history_epoch, answered
        )
        current = RunContext(
            account,
            cwd,
            str(caps.fingerprint),
            conv.history_epoch,
            caps.supports("--resume"),
            request.fresh,
        )
        resume = decide_resume(pointer, current)
        parent = history[-1].id if history else None
        if resume:
            return Plan(
                conv,
                ExecutionKind.CONTINUE,
                account,
                cwd,
                request.prompt,
                resume,
                False,
                parent,
                None,
            )
        content = self._replayed(conv, request.prompt)
        kind = ExecutionKind.REPLAY if content != request.prompt else ExecutionKind.NEW
        return Plan(conv, kind, account, cwd, content, None, False, parent, None)

    def _plan_branch(self, request: TurnRequest) -> Plan:
        source = self.execution(request.continue_from or request.fork_from or "")
        if not source.session_id or not source.account:
            raise UsageError(f"execution {source.id} has no Claude session to resume")
        cwd = _folder(request.cwd or source.cwd)
        if request.fork_from:
            conv = self.conversations.create(shorten(request.prompt, 80), source.account, cwd)
            return Plan(
                conv,
                ExecutionKind.FORK,
                source.account,
                cwd,
                request.prompt,
                source.session_id,
                True,
                None,
                source.id,
            )
        conv = self.conversation(source.conversation_id)
        return Plan(
            conv,
            ExecutionKind.CONTINUE,
            source.account,
            cwd,
            request.prompt,
            source.session_id,
            False,
            source.id,
            None,
        )

    def _replayed(self, conv: Conversation, prompt: str) -> str:
        if not conv.session_id or not conv.account:
            return prompt
        turns = self._sessions.history(conv.account, conv.session_id)
        budget = int(self._settings.get("carry_context.budget_bytes"))
        return replay_prompt(turns, prompt, budget)

    def replan_fresh(self, request: TurnRequest, plan: Plan) -> Plan:
        content = self._replayed(plan.conversation, request.prompt)
        # the retry continues from the attempt that was just refused
        history = self.executions.for_conversation(plan.conversation.id)
        parent = history[-1].id if history else plan.parent
        return Plan(
            plan.conversation,
            ExecutionKind.REPLAY,
            plan.account,
            plan.cwd,
            content,
            None,
            False,
            parent,
            None,
        )

    # ---- running ----------------------------------------------------------------

    async def begin(self, plan: Plan, request: TurnRequest) -> Execution:
        """Write the execution row, before any process exists."""
        binary = self.binary()
        caps = await self.runtime.probe(binary)
        run_request = self._run_request(plan, request)
        argv = [redact(a) for a in self.runtime.argv(binary, run_request, caps)]
        owner = os.getpid()
        execution = self.executions.create(
            Execution(
                id=str(uuid.uuid4()),
                conversation_id=plan.conversation.id,
                kind=plan.kind,
                account=plan.account,
                cwd=plan.cwd,
                prompt=request.prompt,
                parent_execution_id=plan.parent,
                forked_from_execution_id=plan.forked_from,
                runtime_fingerprint=str(caps.fingerprint),
                session_id_in=plan.resume,
                owner_pid=owner,
                owner_started=self.runtime.start_time(owner),
            )
        )
        return self.executions.update(execution.id, args_json=json.dumps(argv))

    def _run_request(self, plan: Plan, request: TurnRequest) -> RunRequest:
        return RunRequest(
            cwd=plan.cwd,
            resume=plan.resume,
            fork_session=plan.fork,
            allowed_tools=request.allowed_tools,
            ask_permissions=request.ask_permissions,
        )

    async def spawn(self, execution: Execution, plan: Plan, request: TurnRequest) -> RunningClaude:
        binary = self.binary()
        caps = await self.runtime.probe(binary)
        account = self._accounts.get(plan.account)
        env = self.runtime.account_env(
            account.config_dir, account.auth, self._accounts.secret(account.name)
        )
        process = await self.runtime.start(binary, self._run_request(plan, request), env, caps)
        self.executions.update(
            execution.id,
            status=ExecutionStatus.RUNNING,
            pid=process.pid,
            pid_started=process.start_time,
        )
        return process

    def fail(self, execution: Execution, error: str) -> Execution:
        return self.executions.update(
            execution.id, status=ExecutionStatus.FAILED, error=error, finished=True
        )

    def finish(
        self,
        execution: Execution,
        plan: Plan,
        outcome: TurnOutcome,
        exit_code: int | None,
        *,
        interrupted: bool,
    ) -> Execution:
        current = self.execution(execution.id)
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
        done = self.executions.update(
            execution.id,
            status=status,
            exit_code=exit_code,
            error=None if status is ExecutionStatus.SUCCEEDED else redact(outcome.error or ""),
            usage=usage,
            context_tokens=outcome.context_tokens,
            cost_usd=result.total_cost_usd if result else None,
            session_id=session_id,
            finished=True,
        )
        if session_id:
            # index the transcript now, so the turn is searchable and kept even if
            # Claude Code removes the file before the next scan
            self._sessions.refresh(account=plan.account)
        if session_id and status is not ExecutionStatus.FAILED:
            self.conversations.update(
                plan.conversation.id,
                account=plan.account,
                session_id=session_id,
                cwd=plan.cwd,
                runtime_id=done.runtime_fingerprint,
                last_input_tokens=outcome.context_tokens,
            )
        return done

    # ---- stopping and recovery ----------------------------------------------------

    async def stop(self, execution_id: str) -> Execution:
        """Interrupt a running turn, whichever Sessiondesk process drives it."""
        local = self.live.get(execution_id)
        if local is not None:
            await local.stop()
            return self.execution(execution_id)
        execution = self.execution(execution_id)
        if execution.status.finished:
            raise UsageError(f"execution {execution_id} is not running ({execution.status})")
        self.executions.update(execution_id, stop_requested=True)
        if execution.pid and execution.pid_started:
            await self.runtime.end_group(execution.pid, execution.pid_started)
        if not self._owner_alive(execution):
            return self.executions.update(
                execution_id, status=ExecutionStatus.INTERRUPTED, error="stopped", finished=True
            )
        # the owning process records the end; give it a moment to do so
        for _ in range(100):
            current = self.execution(execution_id)
            if current.status.finished:
                return current
            await asyncio.sleep(0.1)
        return self.execution(execution_id)

    def _owner_alive(self, execution: Execution) -> bool:
        if not execution.owner_pid or execution.owner_started is None:
            return False
        started = self.runtime.start_time(execution.owner_pid)
        return started is not None and abs(started - execution.owner_started) < 1.0

    async def recover(self) -> list[Execution]:
        """Rows left running by a Sessiondesk that died: end their `claude`, mark them."""
        recovered = []
        for execution in self.executions.unfinished():
            if self._owner_alive(execution):
                continue  # another Sessiondesk process is driving it right now
            if execution.pid and execution.pid_started:
                await self.runtime.end_group(execution.pid, execution.pid_started)
            recovered.append(
                self.executions.update(
                    execution.id,
                    status=ExecutionStatus.INTERRUPTED,
                    error="Sessiondesk ended while this turn ran",
                    finished=True,
                )
            )
        return recovered


def _folder(path: str | None) -> str:
    if not path:
        raise UsageError("choose a working folder (--cwd DIR)", kind="no_folder_chosen")
    folder = Path(os.path.expanduser(path)).absolute()
    if not folder.is_dir():
        raise UsageError(f"the working folder {folder} does not exist", kind="folder_missing",
                     folder=str(folder))  # fmt: skip
    return str(folder)
