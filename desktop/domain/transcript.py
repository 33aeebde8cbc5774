"""Claude Code transcript entries, typed: what one JSON line of a transcript is to us.

Claude Code writes one JSON object a line. Only `user` and `assistant` lines are
conversation; everything else (attachments, request blobs, cost state, queue
operations, and types that do not exist yet) is bookkeeping that we recognise
and hide. `transcript_decode` is the one decoder that makes these from a line.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec

from desktop.domain.events import Usage  # one shape for a call's token counts
from desktop.domain.images import ImageRef
from desktop.domain.prompt_wrap import SentPart
from desktop.domain.sessions import is_valid_session_id, validate_session_id
from desktop.domain.transcript_text import UserKind

__all__ = ["Entry", "EntryKind", "Message", "Role", "Usage", "UserKind", "is_valid_session_id",
           "validate_session_id"]  # fmt: skip


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"
    TOOL_USE = "tool_use"
    TOOL_RESULT = "tool_result"
    SYSTEM = "system"
    THINKING = "thinking"


class EntryKind(StrEnum):
    MESSAGE = "message"
    """A user or assistant line: part of the conversation."""
    COMPACT_BOUNDARY = "compact_boundary"
    """Starts a new chain after compaction; `logical_parent_uuid` links back."""
    SYSTEM = "system"
    """Any other `system` line (API retries, local command output…)."""
    TITLE = "title"
    """A title the CLI or the person gave the session."""
    META = "meta"
    """Bookkeeping: hidden, but may still be a link of the parentUuid chain."""


# Frozen msgspec Structs rather than frozen dataclasses: a 200 MB transcript
# makes 75,000 of each, and a frozen dataclass's `__init__` sets every field
# through `object.__setattr__` (~4.5 µs a Message against ~0.5 µs). Change one
# with `msgspec.structs.replace`. Not tracked by the cycle collector (gc=False): they hold
# only text, numbers, enums, `Usage` and decoded JSON, never themselves, so a
# window holding 75,000 of them gives its collector nothing more to walk.
# Packed as arrays (array_like) when they cross between processes
# (`transcript_wire`): a third fewer bytes than maps that repeat every field name.
class Message(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """One row of a conversation as a person reads it."""

    role: Role
    text: str = ""
    timestamp: str | None = None
    uuid: str | None = None
    parent_uuid: str | None = None
    tool_name: str | None = None
    input: Any = None
    is_error: bool = False
    tool_use_id: str | None = None
    is_sidechain: bool = False
    is_compact_summary: bool = False
    is_meta: bool = False
    """Hidden by default: the CLI's own reminders and command output."""
    divider: str | None = None
    """`compact` or `gap` on a marker row that separates parts of a conversation."""
    model: str | None = None
    message_id: str | None = None
    """Blocks of one assistant reply share it; usage repeats on every block."""
    usage: Usage | None = None
    agent_id: str | None = None
    """The subagent whose transcript this message belongs to."""
    spawned_agent_id: str | None = None
    """On an Agent/Task tool result: the subagent that call started."""
    replayed_turns: int = 0
    """A prompt Sessiondesk sent with the conversation replayed before it: the
    text is the person's own words, these say how much history rode along."""
    replayed_bytes: int = 0
    resumed: bool = False
    """A prompt sent to a resumed session (it carried the guard line, now removed)."""
    sent_with: tuple[SentPart, ...] = ()
    """What Sessiondesk sent with the person's words (`split_sent`), in sent order."""
    image: ImageRef | None = None
    """An image block of a user line: `text` is its placeholder, this its bytes."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, for `sessions show --json`; usage flattened to token counts."""
        data = msgspec.structs.asdict(self)
        data["role"] = str(self.role)
        data["sent_with"] = [msgspec.structs.asdict(part) for part in self.sent_with]
        # the base64 stays out of every export: the placeholder text says what it was
        image = self.image
        data["image"] = {"media_type": image.media_type, "size": image.size} if image else None
        usage = data.pop("usage")
        data["input_tokens"] = usage.input_tokens if usage else None
        data["output_tokens"] = usage.output_tokens if usage else None
        return data


class Entry(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """One transcript line, reduced to what the app uses."""

    type: str
    kind: EntryKind
    uuid: str | None = None
    parent_uuid: str | None = None
    logical_parent_uuid: str | None = None
    is_sidechain: bool = False
    timestamp: str | None = None
    cwd: str | None = None
    session_id: str | None = None
    agent_id: str | None = None
    user_kind: UserKind | None = None
    message_id: str | None = None
    request_id: str | None = None
    """The API request a reply came from (`requestId`, or `requestRef` lately)."""
    model: str | None = None
    usage: Usage | None = None
    title: str | None = None
    title_source: str | None = None
    """`custom-title` (the person's), `ai-title` or `summary` (older CLIs)."""
    messages: tuple[Message, ...] = ()

    @property
    def is_prompt(self) -> bool:
        return self.user_kind is UserKind.PROMPT

    @property
    def is_reply(self) -> bool:
        return self.kind is EntryKind.MESSAGE and self.type == "assistant"

    @property
    def reply_key(self) -> str | None:
        """What the blocks of one reply share. The message id should be enough;
        the request id is added because test servers reuse message ids."""
        if not self.is_reply or self.message_id is None:
            return None
        return f"{self.message_id}|{self.request_id}" if self.request_id else self.message_id
