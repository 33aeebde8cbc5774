"""What a person asks of a turn: its prompt, and where and how it runs.

Its own module because the planner, the recorder and the run all read it,
and none of them may import another's module just for this value.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop.domain.images import ImageAttachment


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
    """An execution (or a conversation's head, or a Claude session): resume its session."""
    fork_from: str | None = None
    """The same references: a new conversation branching from that point."""
    rerun_of: str | None = None
    """An execution: a new branch from just before it (a history edit), with
    `prompt`, or its own prompt when `prompt` is empty."""
    model: str | None = None
    """`--model`: an alias or a full name (None: claude's default)."""
    permission_mode: str | None = None
    """`--permission-mode` (None: claude's default)."""
    confirm_cross_account: bool = False
    """The person agreed that `[[SESS-…]]` references to another account's
    conversations send their text under this turn's account."""
    images: tuple[ImageAttachment, ...] = ()
    """Sent beside the text as image blocks (checked when they were read)."""
