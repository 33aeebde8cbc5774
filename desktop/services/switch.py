"""Move a conversation to another account: stop its running turn, record the
switch, point the conversation at the new account, and leave the carry-over
decision (not the content) for the next turn."""

from __future__ import annotations

import os
import uuid

from desktop.domain.carry import (
    CarryMode,
    SwitchDecision,
    carry_refusal,
    check_carry,
    parse_pairs,
)
from desktop.domain.changes import OpChanges
from desktop.domain.conversations import Conversation, Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.ports import ConversationRepository, ExecutionRepository
from desktop.services import audit
from desktop.services.accounts import AccountService
from desktop.services.carry import CarryOverBuilder
from desktop.services.conversations import ConversationService
from desktop.services.runs import RunService
from desktop.services.settings import SettingsService


class SwitchService:
    def __init__(
        self,
        conversations: ConversationService,
        conversation_rows: ConversationRepository,
        executions: ExecutionRepository,
        accounts: AccountService,
        settings: SettingsService,
        runs: RunService,
        carry: CarryOverBuilder | None = None,
    ) -> None:
        self._threads = conversations
        self._conversations = conversation_rows
        self._executions = executions
        self._accounts = accounts
        self._settings = settings
        self._runs = runs
        self._carry = carry

    def default_mode(self) -> CarryMode:
        """The mode the window's switcher pre-selects; never a consent by itself."""
        return CarryMode(self._settings.get("carry_context.default_mode") or "none")

    def carry_refusal(self, old_account: str | None, new_account: str) -> str | None:
        """Why context may not be carried between these accounts (None: it may).
        The switcher disables its checkbox with this reason."""
        pairs = parse_pairs(self._settings.get("carry_context.never") or "[]")
        return carry_refusal(pairs, old_account, new_account)

    async def switch(
        self, ref: str, to_account: str, mode: CarryMode | None = None
    ) -> tuple[Conversation, Execution]:
        conversation = self._threads.get(ref)
        self._accounts.get(to_account)
        if conversation.account == to_account:
            raise UsageError(f"{conversation.code} is already under account {to_account}")
        # carrying is consent the person gives at the switch, in the window's
        # checkbox or a named --carry-context: a setting never gives it for them
        chosen = mode or CarryMode.NONE
        check_carry(chosen, self.carry_refusal(conversation.account, to_account))
        for running in self._executions.for_conversation(conversation.id):
            if not running.status.finished:
                await self._runs.stop(running.id)
        history = self._executions.for_conversation(conversation.id)
        decision = SwitchDecision(chosen, conversation.account, to_account, conversation.session_id)
        owner = os.getpid()
        record = self._executions.create(
            Execution(
                id=str(uuid.uuid4()),
                conversation_id=conversation.id,
                kind=ExecutionKind.SWITCH,
                account=to_account,
                cwd=conversation.cwd or "",
                prompt=decision.summary,
                status=ExecutionStatus.SUCCEEDED,
                args=decision.args(),
                parent_execution_id=history[-1].id if history else None,
                session_id_in=conversation.session_id,
                owner_pid=owner,
                resume_reason=f"switched account: {decision.summary}",
            )
        )
        record = self._executions.update(record.id, finished=True)
        audit.switched(record, decision)
        # a session id means nothing under another account: the next turn starts one
        self._conversations.update(
            conversation.id,
            account=to_account,
            session_id=None,
            runtime_id=None,
            last_input_tokens=None,
        )
        # the old session joins no conversation now, the new account holds it: both are told
        self._threads.feed.report(OpChanges.of(
            conversations=[conversation.id], executions=[record.id],
            sessions=[(conversation.account or "", conversation.session_id or "")],
            accounts=[to_account, conversation.account or ""],
        ))  # fmt: skip
        return self._threads.get(conversation.id), record

    def carry_notice(self, record: Execution) -> str | None:
        """What the person should know at once of this switch's carry: the old
        transcript is missing or damaged, so the next turn will carry nothing
        (that turn says so again). None: nothing to say."""
        decision = SwitchDecision.of(record)
        if decision is None or self._carry is None:
            return None
        return self._carry.check(decision)
