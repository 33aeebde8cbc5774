"""How one turn runs, decided from plain values: resume, fork, or replay.

`plan_turn` is pure and takes keywords only, so each new way of starting a
turn (the carry-over of an account switch, a rollover) is one more input, not
a new branch through the services. What it cannot know (the replayed text)
the service fills in afterwards with `with_history`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from desktop.domain.carry import COPY_REFUSED, SwitchDecision
from desktop.domain.conversations import Conversation, Execution, ExecutionKind
from desktop.domain.errors import UsageError
from desktop.domain.prompt_wrap import guarded
from desktop.domain.replay import Turn, replay_prompt
from desktop.domain.resume import ProviderPointer, RunContext, resume_blocker
from desktop.domain.rollover import RolloverTrigger, failed_notice


@dataclass(frozen=True, slots=True)
class HistorySource:
    """Where a replay reads the conversation so far: one session, up to one message."""

    account: str
    session_id: str
    last_uuid: str | None = None
    """The node's last message: later turns of the same session are not its history."""


@dataclass(frozen=True, slots=True)
class BranchPoint:
    """Where a continue or a fork starts: an execution, or an adopted session
    that has none yet (`execution_id` None)."""

    conversation_id: str
    conversation_code: str
    execution_id: str | None
    account: str
    cwd: str
    session_id: str
    runtime_id: str | None
    history_epoch: int = 0
    last_uuid: str | None = None
    superseded: bool = False
    """Later turns followed this one in its session: resuming the session
    would bring them along, so the branch replays this node's history."""

    @property
    def history(self) -> HistorySource:
        return HistorySource(self.account, self.session_id, self.last_uuid)


@dataclass(frozen=True, slots=True)
class Runtime:
    """The `claude` that will run the turn, as far as a plan cares."""

    runtime_id: str
    supports_resume: bool
    supports_fork: bool


@dataclass(frozen=True, slots=True)
class Plan:
    kind: ExecutionKind
    account: str
    cwd: str
    prompt: str
    """What the person typed."""
    content: str
    """What is sent: the prompt, or the replayed history and the prompt."""
    conversation_id: str | None
    """None: a new conversation, created when the turn is recorded."""
    resume: str | None = None
    fork: bool = False
    parent: str | None = None
    forked_from: str | None = None
    resume_blocker: str | None = None
    """Why the turn does not resume Claude's session (None when it does)."""
    replay_from: HistorySource | None = None
    """The history a replay carries: now when the session is not resumed, or
    on the retry when `claude` refuses to resume it."""
    carry_over: str | None = None
    """Text for `--append-system-prompt` on this turn only."""
    carry_fallback: str | None = None
    """A migrated transcript's stand-in: carried instead if `claude` refuses the copy."""
    notice: str | None = None
    """What the person is told about this turn (less was carried than asked)."""
    carried_from: SwitchDecision | None = None
    """The switch whose carry this turn makes (what the audit log says of it)."""
    saved_bytes: int | None = None
    """On a resumed turn: what a replay would have sent beyond `content`."""
    history_epoch: int = 0
    """The conversation's history epoch this turn runs under."""
    rollover: RolloverTrigger | None = None
    """This turn starts a fresh session in place of a full one."""
    fallback: Plan | None = None
    """A rollover's original plan: where the turn goes if the fresh session fails."""

    @property
    def resumed(self) -> bool:
        return self.resume is not None

    @property
    def sent_bytes(self) -> int:
        """What goes to `claude` for this turn: the content and any carried text."""
        return sum(len(t.encode("utf-8")) for t in (self.content, self.carry_over or ""))

    @property
    def replays(self) -> bool:
        """The content must carry the history: no session to resume, one to read."""
        return self.resume is None and self.replay_from is not None


def plan_turn(
    *,
    prompt: str,
    account: str,
    cwd: str,
    runtime: Runtime,
    conversation: Conversation | None = None,
    head: str | None = None,
    answered: bool = False,
    branch: BranchPoint | None = None,
    fork: bool = False,
    fresh: bool = False,
    carry_over: str | None = None,
    session_epoch: int | None = None,
) -> Plan:
    """The plan of one turn.

    `conversation`, `head` (its latest execution) and `answered` (it has a
    reply to resume): a next turn of that conversation. `branch`: a continue
    from that point, or with `fork` a new conversation branching from it.
    Neither: a new conversation. `session_epoch`: the history epoch the
    conversation's session was made under (default: the current one).
    """
    if not prompt.strip():
        raise UsageError("the prompt is empty", kind="prompt_empty")
    base = Plan(ExecutionKind.NEW, account, cwd, prompt, prompt, None, carry_over=carry_over)
    if branch is not None:
        return _branch(base, branch, runtime, fork=fork, fresh=fresh)
    if conversation is None:
        return replace(base, resume_blocker="a new conversation")
    if conversation.account and conversation.account != account:
        raise _other_account(conversation.code, conversation.account, account)
    pointer = ProviderPointer(
        conversation.session_id,
        conversation.account,
        conversation.cwd,
        conversation.runtime_id,
        conversation.history_epoch if session_epoch is None else session_epoch,
        answered,
    )
    blocker = _blocker(pointer, account, cwd, conversation.history_epoch, runtime, fresh)
    source = (
        HistorySource(conversation.account, conversation.session_id)
        if conversation.account and conversation.session_id
        else None
    )
    if blocker is None:
        kind = ExecutionKind.CONTINUE
    else:
        kind = ExecutionKind.REPLAY if source else ExecutionKind.NEW
    return replace(
        base,
        kind=kind,
        conversation_id=conversation.id,
        resume=None if blocker else conversation.session_id,
        parent=head,
        resume_blocker=blocker,
        replay_from=source,
    )


def _other_account(where: str, owner: str, asked: str) -> UsageError:
    """Nothing of a conversation crosses to another account but through a switch."""
    return UsageError(
        f"{where} belongs to account {owner}: "
        f"move it with `sessiondesk switch {where} --to {asked}`"
    )


def _branch(base: Plan, branch: BranchPoint, runtime: Runtime, *, fork: bool, fresh: bool) -> Plan:
    if base.account != branch.account:
        raise _other_account(branch.conversation_code, branch.account, base.account)
    pointer = ProviderPointer(
        branch.session_id, branch.account, branch.cwd, branch.runtime_id,
        branch.history_epoch, True,
    )  # fmt: skip
    blocker = _blocker(pointer, branch.account, base.cwd, branch.history_epoch, runtime, fresh)
    if blocker is None and branch.superseded:
        blocker = "later turns followed this one in its session"
    if blocker is None and fork and not runtime.supports_fork:
        blocker = "this claude has no --fork-session"
    resumed = blocker is None
    if fork:
        kind = ExecutionKind.FORK
    else:
        kind = ExecutionKind.CONTINUE if resumed else ExecutionKind.REPLAY
    return replace(
        base,
        kind=kind,
        account=branch.account,
        conversation_id=None if fork else branch.conversation_id,
        resume=branch.session_id if resumed else None,
        fork=fork and resumed,
        parent=None if fork else branch.execution_id,
        forked_from=branch.execution_id if fork else None,
        resume_blocker=blocker,
        replay_from=branch.history,
    )


def _blocker(
    pointer: ProviderPointer,
    account: str,
    cwd: str,
    epoch: int,
    runtime: Runtime,
    fresh: bool,
) -> str | None:
    current = RunContext(account, cwd, runtime.runtime_id, epoch, runtime.supports_resume, fresh)
    return resume_blocker(pointer, current)


def after_refusal(plan: Plan, refused_execution: str, why: str | None = None) -> Plan:
    """The retry when `claude` refused to resume: the same history, replayed,
    continuing from the attempt that was refused; `why` is what claude said."""
    reason = f"rejected by claude: {why or f'no session {plan.resume}'}"
    return replace(
        plan,
        kind=ExecutionKind.REPLAY,
        content=plan.prompt,
        resume=None,
        fork=False,
        parent=refused_execution,
        forked_from=None,
        resume_blocker=reason,
        saved_bytes=None,
    )


def carried_retry(plan: Plan, refused_execution: str) -> Plan:
    """The retry when `claude` refused a migrated transcript: a fresh session
    seeded with the recent turns instead."""
    notice = COPY_REFUSED
    return replace(
        plan,
        kind=ExecutionKind.CARRYOVER,
        resume=None,
        fork=False,
        carry_over=plan.carry_fallback,
        carry_fallback=None,
        parent=refused_execution,
        resume_blocker=notice,
        notice=notice,
    )


def with_history(plan: Plan, turns: Sequence[Turn], budget: int) -> Plan:
    """The plan with its replayed history in the content (nothing to replay: as is).
    A resumed turn instead gets the guard line, and counts what it saves."""
    if plan.resumed:
        content = guarded(plan.prompt)
        replay = replay_prompt(turns, plan.prompt, budget)
        saved = len(replay.encode("utf-8")) - len(content.encode("utf-8"))
        return replace(plan, content=content, saved_bytes=max(0, saved))
    if not plan.replays:
        return plan
    return replace(plan, content=replay_prompt(turns, plan.prompt, budget))


def plan_rerun(*, prompt: str, replaced: Execution) -> Plan:
    """A new branch of `replaced`'s conversation from just before it, with
    `prompt` (its own or an edited one): it replays the history before that
    execution, never the execution itself, and resumes nothing. The caller
    bumps the history epoch."""
    if replaced.kind is ExecutionKind.SWITCH:
        raise UsageError(f"execution {replaced.id} is a switch: it has no prompt to re-run")
    if not prompt.strip():
        raise UsageError(f"execution {replaced.id} has no prompt to re-run: give one")
    if not replaced.account:
        raise UsageError(f"execution {replaced.id} has no account to re-run under")
    parent = replaced.parent_execution_id
    origin = replaced.forked_from_execution_id if parent is None else None
    return Plan(
        ExecutionKind.REPLAY if parent or origin else ExecutionKind.NEW,
        replaced.account,
        replaced.cwd,
        prompt,
        prompt,
        replaced.conversation_id,
        parent=parent,
        forked_from=origin,
        resume_blocker="the history was rewritten",
        # read along the lineage of `parent` (or `origin`), not from one session
        replay_from=HistorySource(replaced.account, "") if parent or origin else None,
    )


def rolled_over(plan: Plan, trigger: RolloverTrigger, seed: str) -> Plan:
    """The turn in a fresh session of the same conversation, seeded with `seed`."""
    return replace(
        plan,
        kind=ExecutionKind.ROLLOVER,
        content=plan.prompt,
        resume=None,
        fork=False,
        replay_from=None,
        carry_over=seed,
        carry_fallback=None,
        resume_blocker=trigger.reason,
        rollover=trigger,
        fallback=plan,
    )


def rollover_failed(plan: Plan, failed_execution: str, why: str) -> Plan:
    """The turn on the old session after its rollover failed, continuing from the failure."""
    assert plan.fallback is not None
    return replace(plan.fallback, parent=failed_execution, notice=failed_notice(why))
