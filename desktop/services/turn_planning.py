"""Plan a turn before anything starts: which account, folder and session, and what is sent.

Whether a turn resumes Claude's session or replays our transcript is the
domain's `plan_turn`; this module gathers what that call needs from the
conversations, the accounts and the settings, expands `[[SESS-…]]`
references, carries context over after an account switch, rolls a full
session over, and plans the one retry of a turn `claude` refused.
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from pathlib import Path

from desktop.domain.carry import SwitchDecision, pending_switch
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.moved import refuse_if_moved
from desktop.domain.ports import ConversationRepository, ExecutionRepository
from desktop.domain.rollover import FRAMING as ROLLOVER_FRAMING
from desktop.domain.rollover import RolloverPolicy, RolloverTrigger, failed_notice
from desktop.domain.run_modes import check_model, check_permission_mode
from desktop.domain.transcript_text import shorten
from desktop.domain.turn_plan import (
    BranchPoint,
    Plan,
    after_refusal,
    carried_retry,
    plan_rerun,
    plan_turn,
    rolled_over,
    rollover_failed,
    with_history,
)
from desktop.services.accounts import AccountService
from desktop.services.carry import CarryOverBuilder
from desktop.services.claude_launch import ClaudeLauncher, Launch
from desktop.services.conversations import ConversationService
from desktop.services.offload import Offload, inline
from desktop.services.references import ReferenceService
from desktop.services.settings import SettingsService
from desktop.services.turn_request import TurnRequest

log = logging.getLogger(__name__)


class TurnPlanner:
    def __init__(
        self,
        launcher: ClaudeLauncher,
        conversations: ConversationService,
        conversation_rows: ConversationRepository,
        executions: ExecutionRepository,
        accounts: AccountService,
        settings: SettingsService,
        carry: CarryOverBuilder | None = None,
        references: ReferenceService | None = None,
    ) -> None:
        self._launcher = launcher
        self._threads = conversations
        self._conversations = conversation_rows
        self._executions = executions
        self._accounts = accounts
        self._settings = settings
        self._carry = carry
        self._references = references
        self.offload: Offload = inline
        """How its blocking steps (SQLite, transcripts) are run: see `RunService.offload`."""

    async def plan(self, request: TurnRequest) -> tuple[TurnRequest, Plan, Launch]:
        """Check everything a turn needs and decide how it runs (nothing starts
        yet): the request as checked (its model named as `claude` takes it), the
        plan, and the `claude` that runs it."""
        if request.model is not None:
            request = replace(request, model=check_model(request.model))
        if request.permission_mode is not None:
            check_permission_mode(request.permission_mode)
        launch = await self._launcher.probe(self.offload)
        ref = request.continue_from or request.fork_from
        off = self.offload
        if request.rerun_of:
            plan = await off(lambda: self._rerun(request))
        elif ref:
            branch = await self._threads.branch_point(ref)
            plan = await off(lambda: self._branched(request, branch, launch))
        else:
            plan = await off(lambda: self._referenced(self._plan_next(request, launch), request))
            plan = await self._carried(plan, launch)
            plan = await self._rolled(plan, launch)
        return request, await off(lambda: self._recorded(plan, request)), launch

    def _branched(self, request: TurnRequest, branch: BranchPoint, launch: Launch) -> Plan:
        """A continue or a fork from `branch`."""
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
        return self._referenced(plan, request)

    def _recorded(self, plan: Plan, request: TurnRequest) -> Plan:
        """The plan with its history, in a conversation (made now for a new one) at its epoch."""
        plan = self._with_history(plan)
        if plan.conversation_id is None:
            conversation = self._conversations.create(
                shorten(request.prompt, 80), plan.account, plan.cwd
            )
            plan = replace(plan, conversation_id=conversation.id)
        epoch = self._threads.get(plan.conversation_id).history_epoch
        return replace(plan, history_epoch=epoch)

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
        conversation_id = plan.conversation_id
        decision = await self.offload(
            lambda: pending_switch(self._executions.for_conversation(conversation_id))
        )
        if decision is None or decision.to_account != plan.account:
            return plan
        carried = await self._carry.build(decision, plan.cwd, launch, offload=self.offload)
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

    async def _rolled(self, plan: Plan, launch: Launch) -> Plan:
        """The next turn of a conversation whose context reached the threshold:
        a fresh session, seeded with a continuation of the old one."""
        if plan.kind not in (ExecutionKind.CONTINUE, ExecutionKind.REPLAY) or self._carry is None:
            return plan
        assert plan.conversation_id is not None
        conversation_id = plan.conversation_id
        conv, policy = await self.offload(
            lambda: (self._threads.get(conversation_id), self.rollover_policy())
        )
        threshold = policy.due(conv.last_input_tokens, conv.context_window)
        if threshold is None or not conv.session_id or not conv.account:
            return plan
        decision = SwitchDecision(policy.seed, conv.account, conv.account, conv.session_id)
        carried = await self._carry.build(
            decision, plan.cwd, launch, ROLLOVER_FRAMING, self.offload
        )
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
        turns = self._threads.turns.replay_history(
            plan.parent or plan.forked_from, plan.account, plan.replay_from
        )
        return with_history(plan, turns, budget)

    def retry_plan(self, plan: Plan, refused: Execution) -> Plan:
        """The one retry of a refused attempt: a failed rollover goes back to the
        old session, anything else starts fresh with the replayed history. It
        reads that history from the database: a run awaits it off its loop."""
        if plan.fallback is not None:
            log.warning("rollover of conversation %s failed: %s", plan.conversation_id,
                        refused.error)  # fmt: skip
            why = shorten(refused.error or "claude failed", 120)
            return self._with_history(rollover_failed(plan, refused.id, why))
        if plan.carry_fallback is not None:
            return carried_retry(plan, refused.id)
        return self._with_history(after_refusal(plan, refused.id, refused.error))


def _folder(path: str | None) -> str:
    if not path:
        raise UsageError("choose a working folder (--cwd DIR)", kind="no_folder_chosen")
    folder = Path(os.path.expanduser(path)).absolute()
    if not folder.is_dir():
        raise UsageError(f"the working folder {folder} does not exist", kind="folder_missing",
                     folder=str(folder))  # fmt: skip
    return str(folder)
