"""Conversations (our stable threads) and executions (one `claude` process each)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, NamedTuple


class ExecutionKind(StrEnum):
    NEW = "new"
    CONTINUE = "continue"
    FORK = "fork"
    REPLAY = "replay"
    CARRYOVER = "carryover"
    """The first turn under an account a conversation was switched to, carrying context."""
    SWITCH = "switch"
    """Not a turn: the conversation moved to another account (no process ran)."""
    ROLLOVER = "rollover"
    """The first turn of a fresh session that replaced one whose context was full."""


class ExecutionStatus(StrEnum):
    PENDING = "pending"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    INTERRUPTED = "interrupted"

    @property
    def finished(self) -> bool:
        return self not in (ExecutionStatus.PENDING, ExecutionStatus.RUNNING)


_CODE = re.compile(r"^SESS-(\d+)$", re.IGNORECASE)


def conversation_code(number: int) -> str:
    return f"SESS-{number:03d}"


def parse_code(text: str) -> int | None:
    """The number in `SESS-042`, or None when `text` is not such a code."""
    match = _CODE.match(text.strip())
    return int(match.group(1)) if match else None


@dataclass(frozen=True, slots=True)
class Conversation:
    id: str
    number: int
    title: str = ""
    description: str = ""
    account: str | None = None
    session_id: str | None = None
    cwd: str | None = None
    runtime_id: str | None = None
    history_epoch: int = 0
    last_input_tokens: int | None = None
    hidden: bool = False
    """Left out of the main list (nothing of it is deleted)."""
    context_window: int | None = None
    """The model's context window, as the CLI last reported it."""
    model: str | None = None
    """The model its next turn asks for (None: claude's default)."""
    permission_mode: str | None = None
    """The permission mode its next turn asks for (None: claude's default)."""
    created: datetime | None = None
    updated: datetime | None = None

    @property
    def code(self) -> str:
        return conversation_code(self.number)


@dataclass(frozen=True, slots=True)
class Execution:
    id: str
    conversation_id: str
    kind: ExecutionKind
    account: str | None
    cwd: str
    prompt: str
    status: ExecutionStatus = ExecutionStatus.PENDING
    parent_execution_id: str | None = None
    forked_from_execution_id: str | None = None
    args: list[str] = field(default_factory=list)
    runtime_fingerprint: str | None = None
    session_id_in: str | None = None
    session_id: str | None = None
    exit_code: int | None = None
    error: str | None = None
    usage: dict[str, Any] | None = None
    context_tokens: int | None = None
    cost_usd: float | None = None
    pid: int | None = None
    pid_started: float | None = None
    owner_pid: int | None = None
    owner_started: float | None = None
    stop_requested: bool = False
    resumed: bool = False
    """Claude's own session carried the history (`--resume`), not a replay."""
    resume_reason: str | None = None
    """Why it did not resume, when it did not."""
    last_uuid: str | None = None
    """The last message of its turn in the transcript: where this node's history ends."""
    sent_bytes: int | None = None
    """What was sent to `claude` for the turn: the prompt as sent and any carried text."""
    saved_bytes: int | None = None
    """On a resumed turn: what a replay would have sent beyond `sent_bytes`."""
    history_epoch: int = 0
    """The conversation's history epoch when the turn began."""
    model: str | None = None
    """The model it ran with: as asked, then as `claude` reported it (system/init)."""
    permission_mode: str | None = None
    """Its permission mode: as asked, then as `claude` reported it."""
    started: datetime | None = None
    finished: datetime | None = None


class SessionLink(NamedTuple):
    """An execution as the session list's conversation marks need it."""

    execution_id: str
    conversation_id: str
    account: str | None
    session_id: str | None
    forked_from_execution_id: str | None


@dataclass(frozen=True)
class ConversationTarget:
    """What search needs of a conversation: its words, and where it is read now
    (its session pointer, else its newest turn that got a session)."""

    number: int
    title: str
    description: str
    cwd: str | None
    account: str | None
    session_id: str | None

    @property
    def code(self) -> str:
        return conversation_code(self.number)
