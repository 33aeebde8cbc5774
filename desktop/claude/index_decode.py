"""A transcript line straight from its bytes to the index's view of it (`IndexLine`).

The index reads every conversation line of every transcript, and building a
full dict and then a typed `Entry` for each costs more than reading them.
msgspec decodes the line into a few Structs that hold only the fields the
index uses, skipping all others (tool results' payloads, thinking blocks'
signatures, …) without building them. The rules are those of `parse_entry`
and `index_line`: fields of the wrong type make msgspec refuse the line, and
lines this module does not handle (a compaction summary) give None; either
way the reader then takes its usual path, dict and `parse_entry`, so odd
lines are typed and reported exactly as before.
`tests/test_index_decode.py` holds the two to the same results.
"""

from __future__ import annotations

from typing import Any

import msgspec

from desktop.claude.line_parts import UsageFields, blocks, quiet_close, user_text
from desktop.domain import transcript_text as tt
from desktop.domain.events import Usage
from desktop.domain.prompt_wrap import named, split_sent
from desktop.domain.textsearch import Text
from desktop.domain.transcript_index import (
    TEXT_LIMIT,
    TOOL_TEXT_LIMIT,
    IndexLine,
    sent_texts,
    tool_text,
)
from desktop.domain.transcript_text import UserKind


class _Block(msgspec.Struct):
    type: Any = None
    text: Any = None
    name: Any = None
    input: Any = None
    content: Any = None
    source: Any = None


class _Message(msgspec.Struct):
    content: str | list[_Block] | None = None
    model: str | None = None
    id: str | None = None
    usage: UsageFields | None = None
    stop_reason: str | None = None


# field names are the CLI's own, but for the two renamed
class _Line(msgspec.Struct, rename={"is_sidechain": "isSidechain", "session_id": "sessionId"}):
    type: Any = None
    uuid: str | None = None
    is_sidechain: bool | None = None
    timestamp: str | None = None
    cwd: str | None = None
    session_id: str | None = None
    message: _Message | None = None
    requestId: str | None = None
    requestRef: str | None = None
    closesQuietTurn: bool | None = None
    isCompactSummary: bool | None = None
    isMeta: bool | None = None
    promptSource: Any = None
    origin: Any = None
    customTitle: Any = None
    aiTitle: Any = None
    summary: Any = None


_decode = msgspec.json.Decoder(_Line).decode
_TITLES = ("custom-title", "ai-title", "summary")


def decode_index_line(data: bytes | bytearray) -> IndexLine | None:
    """The index's view of one line; None for a line left to `parse_entry`.
    Raises what msgspec raises for a line it refuses (ValueError and kin)."""
    line = _decode(data)
    kind = line.type if isinstance(line.type, str) else ""
    message = line.message
    if message is not None and kind == "assistant":
        return _assistant(line, message)
    if message is not None and kind == "user":
        return None if line.isCompactSummary is True else _user(line, message)
    title = None
    if kind in _TITLES:
        field = line.customTitle if kind == "custom-title" else line.aiTitle
        field = line.summary if kind == "summary" else field
        title = tt.one_line(tt.str_or_none(field) or "") or None
    return _line(line, title, kind if title else None)


def _line(
    line: _Line,
    title: str | None = None,
    title_source: str | None = None,
    is_prompt: bool = False,
    prompt: str | None = None,
    is_reply: bool = False,
    model: str | None = None,
    usage: Usage | None = None,
    reply_key: str | None = None,
    texts: tuple[Text, ...] = (),
) -> IndexLine:
    sidechain = line.is_sidechain is True
    return IndexLine(
        line.timestamp,
        sidechain,
        line.session_id,
        line.cwd,
        title,
        title_source,
        is_prompt,
        prompt,
        is_reply,
        model,
        usage,
        reply_key,
        () if sidechain else texts,
    )


def _assistant(line: _Line, message: _Message) -> IndexLine:
    model = message.model
    said = blocks(message.content, _Block)
    quiet = quiet_close(said, message.stop_reason, model, line.closesQuietTurn is True)
    texts = []
    if not quiet:  # a quiet turn's close is kept for the chain, never searched
        for block in said:
            if block.type == "text":
                text = (tt.str_or_none(block.text) or "")[:TEXT_LIMIT]
            elif block.type in ("tool_use", "server_tool_use"):
                text = tool_text(tt.str_or_none(block.name), block.input)
            else:
                continue
            if text.strip():
                texts.append((line.uuid, "assistant" if block.type == "text" else "tool_use", text))
    request = line.requestId or line.requestRef
    key = None
    if message.id is not None:
        key = f"{message.id}|{request}" if request else message.id
    return _line(
        line,
        is_reply=True,
        model=model,
        usage=None if message.usage is None else message.usage.usage(),
        reply_key=key,
        texts=tuple(texts),
    )


def _user(line: _Line, message: _Message) -> IndexLine:
    forced_meta = line.isMeta is True
    flags = {"promptSource": line.promptSource, "origin": line.origin}
    texts = []
    typed = []
    prompt = False
    for block in blocks(message.content, _Block):
        if block.type == "tool_result":
            text = tt.flatten(block.content)[:TOOL_TEXT_LIMIT]
            if text.strip():
                texts.append((line.uuid, "tool_result", text))
            continue
        text = user_text(block)
        if forced_meta or tt.classify_user_text(text, flags) is not UserKind.PROMPT:
            continue  # hidden, or a notice: neither is searched
        prompt = True
        sent = split_sent(tt.without_reminders(text))
        own = sent.text
        typed.append(named(own, sent.parts))
        if own[:TEXT_LIMIT].strip():
            texts.append((line.uuid, "user", own[:TEXT_LIMIT]))
        texts += sent_texts(line.uuid, sent.parts)
    return _line(
        line,
        is_prompt=prompt,
        prompt="\n".join(t for t in typed if t) or None if prompt else None,
        texts=tuple(texts),
    )
