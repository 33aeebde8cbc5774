"""A transcript line straight from its bytes to the `Entry` the window shows.

The full reading of a 200 MB transcript types 75,000 conversation lines, and
decoding each into a whole dict (every field of the line, tool results' bulky
`toolUseResult` included) before `parse_entry` picks a dozen of them costs
as much as reading the file. msgspec decodes the line into a few Structs that
hold only the fields `parse_entry` reads, skipping the rest unbuilt. The
rules are `parse_entry`'s: a field of the wrong type makes msgspec refuse the
line, and the lines this module does not handle (system lines, titles,
compaction summaries: a handful a file) give None; either way the reader then
takes its usual path, dict and `parse_entry`, so odd and damaged lines are
typed and reported exactly as before (the index does the same for its own
view: `index_decode`). `tests/test_entry_decode.py` holds the two to the same
results.
"""

from __future__ import annotations

from typing import Any

import msgspec

from desktop.claude.line_parts import UsageFields, blocks, quiet_close, user_text
from desktop.domain import transcript_text as tt
from desktop.domain.images import stored_image
from desktop.domain.transcript import (
    Entry,
    EntryKind,
    Message,
    overall_kind,
    reply_message,
    result_message,
    shared_fields,
    user_message,
)
from desktop.domain.transcript_text import UserKind


class _Block(msgspec.Struct):
    type: Any = None
    text: Any = None
    thinking: Any = None
    name: Any = None
    input: Any = None
    id: Any = None
    content: Any = None
    is_error: Any = None
    tool_use_id: Any = None
    source: Any = None


class _Message(msgspec.Struct):
    content: str | list[_Block] | None = None
    model: str | None = None
    id: str | None = None
    usage: UsageFields | None = None
    stop_reason: str | None = None


class _Line(msgspec.Struct):
    type: Any = None
    uuid: str | None = None
    parentUuid: str | None = None
    isSidechain: Any = None
    timestamp: str | None = None
    cwd: str | None = None
    sessionId: str | None = None
    agentId: str | None = None
    message: _Message | None = None
    requestId: str | None = None
    requestRef: str | None = None
    isApiErrorMessage: Any = None
    closesQuietTurn: Any = None
    isCompactSummary: Any = None
    isMeta: Any = None
    promptSource: Any = None
    origin: Any = None
    toolUseResult: msgspec.Raw = msgspec.Raw()
    """Often a tool's whole output: only its `agentId` is wanted, so it stays bytes."""


class _Result(msgspec.Struct):
    agentId: Any = None


_decode = msgspec.json.Decoder(_Line).decode
_decode_result = msgspec.json.Decoder(_Result).decode
_LEFT = frozenset({"system", "custom-title", "ai-title", "summary"})
"""Line types left to `parse_entry`: rare, and typed there only."""


def decode_entry_line(data: bytes | bytearray) -> Entry | None:
    """The `Entry` of one line; None for a line left to `parse_entry`.
    Raises what msgspec raises for a line it refuses (ValueError and kin)."""
    line = _decode(data)
    kind = line.type if isinstance(line.type, str) else ""
    if kind in _LEFT:
        return None
    message = line.message
    if message is not None and kind == "assistant":
        return _assistant(line, message)
    if message is not None and kind == "user":
        return None if line.isCompactSummary is True else _user(line, message)
    return Entry(kind, EntryKind.META, **_base(line))


def _base(line: _Line) -> dict[str, Any]:
    return {
        "uuid": line.uuid,
        "parent_uuid": line.parentUuid,
        "is_sidechain": line.isSidechain is True,
        "timestamp": line.timestamp,
        "cwd": line.cwd,
        "session_id": line.sessionId,
        "agent_id": line.agentId,
    }


def _assistant(line: _Line, message: _Message) -> Entry:
    model = message.model
    usage = None if message.usage is None else message.usage.usage()
    failed = line.isApiErrorMessage is True
    base = _base(line)
    shared = shared_fields(base) | {"model": model, "message_id": message.id, "usage": usage}
    said_blocks = blocks(message.content, _Block)
    if quiet_close(said_blocks, message.stop_reason, model, line.closesQuietTurn is True):
        shared["is_meta"] = True  # kept for the chain, never shown nor replayed
    out: list[Message] = []
    for block in said_blocks:
        said = reply_message(
            block.type,
            block.text,
            block.thinking,
            block.name,
            block.input,
            block.id,
            failed,
            shared,
        )
        if said is not None:
            out.append(said)
    return Entry(
        "assistant",
        EntryKind.MESSAGE,
        message_id=message.id,
        request_id=line.requestId or line.requestRef,
        model=model,
        usage=usage,
        messages=tuple(out),
        **base,
    )


def _user(line: _Line, message: _Message) -> Entry:
    base = _base(line)
    shared = shared_fields(base)
    forced_meta = line.isMeta is True
    flags = {"promptSource": line.promptSource, "origin": line.origin}
    spawned = _spawned_agent(line.toolUseResult)
    messages: list[Message] = []
    kinds: list[UserKind] = []
    for block in blocks(message.content, _Block):
        if block.type == "tool_result":
            kinds.append(UserKind.TOOL_RESULT)
            said = result_message(block.content, block.is_error, block.tool_use_id, spawned, shared)
            messages.append(said)
            continue
        image = stored_image(block.source) if block.type == "image" else None
        kind, said = user_message(user_text(block), forced_meta, flags, shared, image)
        kinds.append(kind)
        messages.append(said)
    return Entry(
        "user",
        EntryKind.MESSAGE,
        user_kind=overall_kind(kinds),
        messages=tuple(messages),
        **base,
    )


def _spawned_agent(raw: msgspec.Raw) -> str | None:
    """An Agent/Task call's result names the subagent it started (`agentId`)."""
    with memoryview(raw) as view:
        if view[:1] != b"{":
            return None
    return tt.str_or_none(_decode_result(raw).agentId)
