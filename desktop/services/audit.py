"""Audit lines: each decision about a turn, at INFO on the `sessiondesk.audit` logger.

The services call these one-liners where a decision is made; where the lines
go (a rotating file in the home's `logs/`, stderr with `--verbose`) is for
the program's face to set up (`desktop.audit_file`). With no handler set up
they cost a level check and go nowhere.
"""

from __future__ import annotations

import logging

from desktop.domain.audit import AuditEntry
from desktop.domain.carry import SwitchDecision
from desktop.domain.conversations import Execution
from desktop.domain.rollover import RolloverTrigger
from desktop.domain.turn_plan import Plan

LOGGER = "sessiondesk.audit"
log = logging.getLogger(LOGGER)


def record(entry: AuditEntry) -> None:
    # the entry rides on the record: the file writes its JSON, stderr its human form
    log.info("%s", entry.human(), extra={"audit": entry})


def began(execution: Execution, plan: Plan) -> None:
    """A turn's row is written: whether it resumes Claude's session, replays the
    history in its prompt, or starts fresh, and why."""
    if not log.isEnabledFor(logging.INFO):
        return
    # fresh: a session started with no history in the prompt (a new conversation,
    # or one whose context comes by --append-system-prompt: a carry, a rollover)
    decision = "resume" if plan.resumed else "replay" if plan.replays else "fresh"
    record(AuditEntry.of(
        decision, execution.conversation_id, execution.id,
        kind=execution.kind.value, account=execution.account,
        session=plan.resume, reason=plan.resume_blocker,
        sent_bytes=plan.sent_bytes, saved_bytes=plan.saved_bytes,
    ))  # fmt: skip
    if plan.carried_from is not None:
        carried(execution, plan)


def carried(execution: Execution, plan: Plan) -> None:
    """What the first turn after a switch carried across: mode, bytes, the accounts."""
    decision = plan.carried_from
    assert decision is not None
    text = plan.carry_over or ""
    record(AuditEntry.of(
        "carry", execution.conversation_id, execution.id,
        mode=decision.mode.value, from_account=decision.from_account,
        to_account=decision.to_account, from_session=decision.from_session,
        bytes=len(text.encode("utf-8")), migrated_session=plan.resume if plan.fork else None,
        notice=plan.notice,
    ))  # fmt: skip


def switched(record_row: Execution, decision: SwitchDecision) -> None:
    record(AuditEntry.of(
        "switch", record_row.conversation_id, record_row.id,
        mode=decision.mode.value, from_account=decision.from_account,
        to_account=decision.to_account, from_session=decision.from_session,
    ))  # fmt: skip


def rolled_over(done: Execution, trigger: RolloverTrigger, new_session: str) -> None:
    record(AuditEntry.of(
        "rollover", done.conversation_id, done.id,
        old_session=trigger.old_session_id, new_session=new_session,
        tokens=trigger.tokens, threshold=trigger.threshold, account=done.account,
    ))  # fmt: skip


def context_stored(done: Execution, window: int | None) -> None:
    """The context size kept for the next turn's rollover check."""
    record(AuditEntry.of(
        "context", done.conversation_id, done.id,
        context_tokens=done.context_tokens, context_window=window, session=done.session_id,
    ))  # fmt: skip
