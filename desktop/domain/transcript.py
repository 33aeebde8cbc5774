"""Claude Code transcript entries, typed: one decoded JSON line in, one `Entry` out.

Claude Code writes one JSON object a line. Only `user` and `assistant` lines are
conversation; everything else (attachments, request blobs, cost state, queue
operations, and types that do not exist yet) is bookkeeping that we recognise
and hide. A transcript is untrusted input: every field is type-checked here so
that a strange line becomes a harmless entry, never an exception.

Attachments matter although they are hidden: they sit inside the `parentUuid`
chain (a prompt's attachments link the prompt to the reply), so their uuid and
parent are kept even though their content is dropped.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import msgspec

from desktop.domain import transcript_text as tt
from desktop.domain.events import Usage  # one shape for a call's token counts
from desktop.domain.images import ImageRef, stored_image
from desktop.domain.prompt_wrap import SentPart, split_sent
from desktop.domain.sessions import is_valid_session_id, validate_session_id
from desktop.domain.transcript_text import UserKind

__all__ = ["Entry", "EntryKind", "Message", "Role", "Usage", "UserKind", "is_valid_session_id",
           "overall_kind", "parse_entry", "reply_message", "result_message", "shared_fields",
           "usage_of", "user_message", "validate_session_id"]  # fmt: skip


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


_TITLE_FIELDS = {"custom-title": "customTitle", "ai-title": "aiTitle", "summary": "summary"}


def parse_entry(obj: dict[str, Any]) -> Entry:
    """Type one decoded line. Never raises: unknown shapes become META entries."""
    kind_name = obj.get("type")
    kind_name = kind_name if isinstance(kind_name, str) else ""
    base: dict[str, Any] = {
        "type": kind_name,
        "uuid": tt.str_or_none(obj.get("uuid")),
        "parent_uuid": tt.str_or_none(obj.get("parentUuid")),
        "is_sidechain": obj.get("isSidechain") is True,
        "timestamp": tt.str_or_none(obj.get("timestamp")),
        "cwd": tt.str_or_none(obj.get("cwd")),
        "session_id": tt.str_or_none(obj.get("sessionId")),
        "agent_id": tt.str_or_none(obj.get("agentId")),
    }
    message = obj.get("message")
    if kind_name == "assistant" and isinstance(message, dict):
        return _assistant(obj, message, base)
    if kind_name == "user" and isinstance(message, dict):
        return _user(obj, message, base)
    if kind_name == "system":
        return _system(obj, base)
    field = _TITLE_FIELDS.get(kind_name)
    if field is not None:
        title = tt.one_line(tt.str_or_none(obj.get(field)) or "")
        if title:
            return Entry(kind=EntryKind.TITLE, title=title, title_source=kind_name, **base)
    return Entry(kind=EntryKind.META, **base)


def shared_fields(base: dict[str, Any]) -> dict[str, Any]:
    """The per-message fields every block of an entry shares."""
    return {
        "timestamp": base["timestamp"],
        "uuid": base["uuid"],
        "parent_uuid": base["parent_uuid"],
        "is_sidechain": base["is_sidechain"],
        "agent_id": base["agent_id"],
    }


def _assistant(obj: dict[str, Any], message: dict[str, Any], base: dict[str, Any]) -> Entry:
    model = tt.str_or_none(message.get("model"))
    message_id = tt.str_or_none(message.get("id"))
    usage = _usage(message.get("usage"))
    # API failures are written as assistant lines from a "<synthetic>" model
    failed = obj.get("isApiErrorMessage") is True
    shared = shared_fields(base) | {"model": model, "message_id": message_id, "usage": usage}
    out: list[Message] = []
    content = message.get("content")
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    if (
        isinstance(blocks, list)
        and len(blocks) == 1
        and isinstance(blocks[0], dict)
        and blocks[0].get("type") == "text"
        and tt.closes_quiet_turn(
            tt.text_of(blocks[0]),
            stop_reason=tt.str_or_none(message.get("stop_reason")),
            model=model,
            flagged=obj.get("closesQuietTurn") is True,
        )
    ):
        shared["is_meta"] = True  # kept for the chain, never shown nor replayed
    for block in blocks if isinstance(blocks, list) else ():
        if not isinstance(block, dict):
            continue
        said = reply_message(
            block.get("type"),
            block.get("text"),
            block.get("thinking"),
            block.get("name"),
            block.get("input"),
            block.get("id"),
            failed,
            shared,
        )
        if said is not None:
            out.append(said)
    return Entry(
        kind=EntryKind.MESSAGE,
        message_id=message_id,
        request_id=tt.str_or_none(obj.get("requestId")) or tt.str_or_none(obj.get("requestRef")),
        model=model,
        usage=usage,
        messages=tuple(out),
        **base,
    )


def _user(obj: dict[str, Any], message: dict[str, Any], base: dict[str, Any]) -> Entry:
    shared = shared_fields(base)
    content = message.get("content")
    if obj.get("isCompactSummary") is True:
        text = tt.flatten(content)
        msg = Message(Role.USER, text, is_compact_summary=True, is_meta=False, **shared)
        return Entry(
            kind=EntryKind.MESSAGE,
            user_kind=UserKind.COMPACT_SUMMARY,
            messages=(msg,),
            **base,
        )
    forced_meta = obj.get("isMeta") is True
    spawned = _spawned_agent(obj.get("toolUseResult"))
    messages: list[Message] = []
    kinds: list[UserKind] = []
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    for block in blocks if isinstance(blocks, list) else ():
        if not isinstance(block, dict):
            continue
        if block.get("type") == "tool_result":
            kinds.append(UserKind.TOOL_RESULT)
            messages.append(
                result_message(
                    block.get("content"),
                    block.get("is_error"),
                    block.get("tool_use_id"),
                    spawned,
                    shared,
                )
            )
            continue
        image = stored_image(block.get("source")) if block.get("type") == "image" else None
        kind, said = user_message(tt.flatten([block]), forced_meta, obj, shared, image)
        kinds.append(kind)
        messages.append(said)
    return Entry(
        kind=EntryKind.MESSAGE, user_kind=overall_kind(kinds), messages=tuple(messages), **base
    )


# One block's message, for `parse_entry` and for the window's decoder
# (`claude/entry_decode`), which reads the same fields from typed lines.


def reply_message(
    btype: Any,
    text: Any,
    thinking: Any,
    name: Any,
    tool_input: Any,
    tool_id: Any,
    failed: bool,
    shared: dict[str, Any],
) -> Message | None:
    """One block of an assistant line; None for a kind of block never shown."""
    if btype == "text":
        return Message(Role.ASSISTANT, tt.str_or_none(text) or "", is_error=failed, **shared)
    if btype == "thinking":
        return Message(Role.THINKING, tt.str_or_none(thinking) or "", **shared)
    if btype == "redacted_thinking":
        return Message(Role.THINKING, "[redacted thinking]", **shared)
    if btype in ("tool_use", "server_tool_use"):
        return Message(Role.TOOL_USE, tool_name=tt.str_or_none(name), input=tool_input,
                       tool_use_id=tt.str_or_none(tool_id), **shared)  # fmt: skip
    return None


def result_message(
    content: Any, is_error: Any, tool_use_id: Any, spawned: str | None, shared: dict[str, Any]
) -> Message:
    """A tool_result block of a user line."""
    return Message(Role.TOOL_RESULT, tt.flatten(content), is_error=is_error is True,
                   tool_use_id=tt.str_or_none(tool_use_id), spawned_agent_id=spawned,
                   **shared)  # fmt: skip


def user_message(
    text: str,
    forced_meta: bool,
    flags: dict[str, Any],
    shared: dict[str, Any],
    image: ImageRef | None = None,
) -> tuple[UserKind, Message]:
    """Any other block of a user line (its text flattened), and what kind it is;
    `flags` holds the line's `promptSource` and `origin` (`classify_user_text`).
    `image`: the block is an image, and `text` its placeholder."""
    kind = UserKind.META if forced_meta else tt.classify_user_text(text, flags)
    if kind is UserKind.NOTICE:
        return kind, Message(Role.SYSTEM, tt.notice_text(text), **shared)
    if kind is UserKind.META:
        return kind, Message(Role.USER, text, is_meta=True, **shared)
    if image is not None:
        return kind, Message(Role.USER, text, image=image, **shared)
    own = split_sent(tt.without_reminders(text))
    if not own.parts:
        return kind, Message(Role.USER, own.text, **shared)
    return kind, Message(Role.USER, own.text, replayed_turns=own.replayed_turns,
                         replayed_bytes=own.replayed_bytes, resumed=own.guarded,
                         sent_with=own.parts, **shared)  # fmt: skip


def overall_kind(kinds: list[UserKind]) -> UserKind:
    """One kind for the whole line: a typed prompt wins, then tool results, then notices."""
    for kind in (UserKind.PROMPT, UserKind.TOOL_RESULT, UserKind.NOTICE):
        if kind in kinds:
            return kind
    return UserKind.META


def _system(obj: dict[str, Any], base: dict[str, Any]) -> Entry:
    subtype = tt.str_or_none(obj.get("subtype")) or ""
    text = tt.str_or_none(obj.get("content")) or subtype
    if subtype == "compact_boundary":
        divider = Message(Role.SYSTEM, text, divider="compact", **shared_fields(base))
        return Entry(
            kind=EntryKind.COMPACT_BOUNDARY,
            logical_parent_uuid=tt.str_or_none(obj.get("logicalParentUuid")),
            messages=(divider,),
            **base,
        )
    # errors and warnings are worth a line in the conversation; the rest is noise
    shown = obj.get("level") in ("error", "warning")
    msg = Message(Role.SYSTEM, text, is_meta=not shown, **shared_fields(base))
    return Entry(kind=EntryKind.SYSTEM, messages=(msg,), **base)


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None
    return usage_of(
        raw.get("input_tokens"),
        raw.get("output_tokens"),
        raw.get("cache_read_input_tokens"),
        raw.get("cache_creation_input_tokens"),
    )


def usage_of(inputs: Any, outputs: Any, cache_read: Any, cache_creation: Any) -> Usage:
    """A call's token counts as the line gives them; a count that is not one is 0."""
    return Usage(
        input_tokens=tt.int_or_zero(inputs),
        output_tokens=tt.int_or_zero(outputs),
        cache_read_input_tokens=tt.int_or_zero(cache_read),
        cache_creation_input_tokens=tt.int_or_zero(cache_creation),
    )


def _spawned_agent(result: Any) -> str | None:
    """An Agent/Task call's result names the subagent it started (`agentId`)."""
    if isinstance(result, dict):
        return tt.str_or_none(result.get("agentId"))
    return None
