"""The one transcript decoder: a line of Claude Code's JSONL in, what a reader needs out.

Two views of a line, from one set of rules: `ENTRY`, the `Entry` the window
and `sessions show` read, and `INDEX`, the `IndexLine` the index keeps (a
summary's few fields and the searchable texts), made without the entry's
messages, which would cost the cold index about a tenth more.

Each view is read from a line's bytes (`decode_entry`, `decode_index`: only
the fields of `transcript_line.Line` are built, in about half the time of a
whole dict) or, for a line those refuse (a field of an odd type) or that is
not clean UTF-8 JSON, from the dict the reader decodes it to the standard
way, repairing and reporting (`parse_entry`, `index_of`). Both read the line
into the same Structs (`transcript_line`), so one set of rules below sees
one shape. A strange line becomes a harmless entry, never an exception.

A new entry type or field is taught once: its field in `transcript_line`,
the rule that reads it in `_entry` or `_index` here. Attachments, though
hidden, keep their uuid and parent: they are links of the `parentUuid`
chain between a prompt and its reply.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, NamedTuple, TypeVar

from desktop.domain import transcript_text as tt
from desktop.domain.images import ImageRef, stored_image
from desktop.domain.prompt_wrap import named, split_sent
from desktop.domain.textsearch import Text
from desktop.domain.transcript import Entry, EntryKind, Message, Role, Usage
from desktop.domain.transcript_index import TEXT_LIMIT, TOOL_TEXT_LIMIT, IndexLine, sent_texts
from desktop.domain.transcript_line import (
    Block,
    Line,
    LineMessage,
    RareLine,
    UsageFields,
    decode_line,
    rare_line,
    read_line,
    spawned_agent,
)
from desktop.domain.transcript_text import UserKind

__all__ = ["ENTRY", "INDEX", "LineDecoder", "decode_entry", "decode_index", "index_of",
           "parse_entry"]  # fmt: skip

# -- the entry -------------------------------------------------------------------


def decode_entry(data: bytes | bytearray) -> Entry:
    """The `Entry` of one line's bytes. Raises what msgspec raises for a line it
    refuses (ValueError and kin): decode it to a dict and use `parse_entry`."""
    return _entry(decode_line(data), data)


def parse_entry(obj: dict[str, Any]) -> Entry:
    """The `Entry` of one decoded line. Never raises: unknown shapes become META entries."""
    return _entry(read_line(obj), None)


def _entry(line: Line, data: bytes | bytearray | None) -> Entry:
    kind = line.type if isinstance(line.type, str) else ""
    message = line.message
    if message is not None and kind == "assistant":
        return _assistant(line, message)
    if message is not None and kind == "user":
        return _user(line, message)
    rare = rare_line(line, data)
    if rare is not None and kind == "system":
        return _system(rare)
    title = _title(rare, kind) if rare is not None else None
    if title:
        return Entry(kind, EntryKind.TITLE, title=title, title_source=kind, **_base(line))
    return Entry(kind, EntryKind.META, **_base(line))


# two literals rather than one dict merged into the other: made for every line
def _shared(line: Line) -> dict[str, Any]:
    """The per-message fields every block of an entry shares."""
    return {"timestamp": line.timestamp, "uuid": line.uuid, "parent_uuid": line.parentUuid,
            "is_sidechain": line.isSidechain is True, "agent_id": line.agentId}  # fmt: skip


def _base(line: Line) -> dict[str, Any]:
    return {"timestamp": line.timestamp, "uuid": line.uuid, "parent_uuid": line.parentUuid,
            "is_sidechain": line.isSidechain is True, "agent_id": line.agentId,
            "cwd": line.cwd, "session_id": line.sessionId}  # fmt: skip


def _assistant(line: Line, message: LineMessage) -> Entry:
    model = message.model
    usage = _usage(message.usage)
    failed = line.isApiErrorMessage is True  # API failures: a "<synthetic>" model's line
    shared = _shared(line) | {"model": model, "message_id": message.id, "usage": usage}
    said = _blocks(message.content)
    if _quiet_close(line, message, said):
        shared["is_meta"] = True  # kept for the chain, never shown nor replayed
    out: list[Message] = []
    for block in said:
        btype = block.type
        if btype == "text":
            out.append(Message(Role.ASSISTANT, tt.str_or_none(block.text) or "", is_error=failed,
                               **shared))  # fmt: skip
        elif btype == "thinking":
            out.append(Message(Role.THINKING, tt.str_or_none(block.thinking) or "", **shared))
        elif btype == "redacted_thinking":
            out.append(Message(Role.THINKING, "[redacted thinking]", **shared))
        elif btype in ("tool_use", "server_tool_use"):
            out.append(Message(Role.TOOL_USE, tool_name=tt.str_or_none(block.name),
                               input=block.input, tool_use_id=tt.str_or_none(block.id),
                               **shared))  # fmt: skip
    return Entry("assistant", EntryKind.MESSAGE, message_id=message.id,
                 request_id=line.requestId or line.requestRef, model=model, usage=usage,
                 messages=tuple(out), **_base(line))  # fmt: skip


def _user(line: Line, message: LineMessage) -> Entry:
    shared = _shared(line)
    said = _blocks(message.content)
    if line.isCompactSummary is True:
        text = "\n".join(t for t in map(_text, said) if t)
        summary = Message(Role.USER, text, is_compact_summary=True, **shared)
        return Entry("user", EntryKind.MESSAGE, user_kind=UserKind.COMPACT_SUMMARY,
                     messages=(summary,), **_base(line))  # fmt: skip
    spawned = spawned_agent(line.toolUseResult)
    messages: list[Message] = []
    kinds: list[UserKind] = []
    for block in said:
        if block.type == "tool_result":
            kinds.append(UserKind.TOOL_RESULT)
            messages.append(Message(Role.TOOL_RESULT, tt.flatten(block.content),
                                    is_error=block.is_error is True,
                                    tool_use_id=tt.str_or_none(block.tool_use_id),
                                    spawned_agent_id=spawned, **shared))  # fmt: skip
            continue
        text = _text(block)
        kind = _user_kind(line, text)
        kinds.append(kind)
        image = stored_image(block.source) if block.type == "image" else None
        messages.append(_user_message(kind, text, shared, image))
    return Entry("user", EntryKind.MESSAGE, user_kind=_overall_kind(kinds),
                 messages=tuple(messages), **_base(line))  # fmt: skip


def _overall_kind(kinds: list[UserKind]) -> UserKind:
    """One kind for the whole line: a typed prompt wins, then tool results, then notices."""
    for kind in (UserKind.PROMPT, UserKind.TOOL_RESULT, UserKind.NOTICE):
        if kind in kinds:
            return kind
    return UserKind.META


def _user_message(
    kind: UserKind, text: str, shared: dict[str, Any], image: ImageRef | None
) -> Message:
    """A block of a user line other than a tool result; `image`: the block is
    an image, and `text` its placeholder."""
    if kind is UserKind.NOTICE:
        return Message(Role.SYSTEM, tt.notice_text(text), **shared)
    if kind is UserKind.META:
        return Message(Role.USER, text, is_meta=True, **shared)
    if image is not None:
        return Message(Role.USER, text, image=image, **shared)
    own = split_sent(tt.without_reminders(text))
    if not own.parts:
        return Message(Role.USER, own.text, **shared)
    return Message(Role.USER, own.text, replayed_turns=own.replayed_turns,
                   replayed_bytes=own.replayed_bytes, resumed=own.guarded,
                   sent_with=own.parts, **shared)  # fmt: skip


def _system(line: RareLine) -> Entry:
    subtype = tt.str_or_none(line.subtype) or ""
    text = tt.str_or_none(line.content) or subtype
    if subtype == "compact_boundary":
        divider = Message(Role.SYSTEM, text, divider="compact", **_shared(line))
        return Entry("system", EntryKind.COMPACT_BOUNDARY,
                     logical_parent_uuid=line.logicalParentUuid, messages=(divider,),
                     **_base(line))  # fmt: skip
    # errors and warnings are worth a line in the conversation; the rest is noise
    shown = line.level in ("error", "warning")
    said = Message(Role.SYSTEM, text, is_meta=not shown, **_shared(line))
    return Entry("system", EntryKind.SYSTEM, messages=(said,), **_base(line))


# -- the index's view ------------------------------------------------------------


def decode_index(data: bytes | bytearray) -> IndexLine:
    """The index's view of one line's bytes. Raises what msgspec raises for a
    line it refuses (ValueError and kin): decode it to a dict and use `index_of`."""
    return _index(decode_line(data), data)


def index_of(obj: dict[str, Any]) -> IndexLine:
    """The index's view of one decoded line. Never raises."""
    return _index(read_line(obj), None)


def _index(line: Line, data: bytes | bytearray | None) -> IndexLine:
    """What `_entry` gives, as the index keeps it: the texts of the messages
    shown (tool calls' and results' cut short), and a prompt's typed words."""
    kind = line.type if isinstance(line.type, str) else ""
    message = line.message
    if message is not None and kind == "assistant":
        request = line.requestId or line.requestRef
        key = message.id if message.id is None or not request else f"{message.id}|{request}"
        said = _blocks(message.content)
        texts = [] if _quiet_close(line, message, said) else [
            (line.uuid, "assistant" if block.type == "text" else "tool_use", text)
            for block in said
            if (text := _searched(block)).strip()
        ]  # fmt: skip
        return _index_line(line, is_reply=True, model=message.model,
                           usage=_usage(message.usage), reply_key=key, texts=texts)  # fmt: skip
    if message is not None and kind == "user":
        if line.isCompactSummary is True:
            text = "\n".join(t for t in map(_text, _blocks(message.content)) if t)[:TEXT_LIMIT]
            return _index_line(line, texts=[(line.uuid, "user", text)] if text.strip() else [])
        return _index_user(line, message)
    rare = rare_line(line, data)
    title = _title(rare, kind) if rare is not None else None
    return _index_line(line, title=title, title_source=kind if title else None)


def _searched(block: Block) -> str:
    """What is searched of an assistant block ("" for thinking and the like)."""
    if block.type == "text":
        return (tt.str_or_none(block.text) or "")[:TEXT_LIMIT]
    if block.type in ("tool_use", "server_tool_use"):
        return f"{tt.str_or_none(block.name) or ''} {block.input or ''}"[:TOOL_TEXT_LIMIT]
    return ""


def _index_user(line: Line, message: LineMessage) -> IndexLine:
    texts: list[Text] = []
    typed: list[str] = []
    for block in _blocks(message.content):
        if block.type == "tool_result":
            text = tt.flatten(block.content)[:TOOL_TEXT_LIMIT]
            if text.strip():
                texts.append((line.uuid, "tool_result", text))
            continue
        text = _text(block)
        if _user_kind(line, text) is not UserKind.PROMPT:
            continue  # hidden, or a notice: neither is searched
        sent = split_sent(tt.without_reminders(text))
        typed.append(named(sent.text, sent.parts))
        if sent.text[:TEXT_LIMIT].strip():
            texts.append((line.uuid, "user", sent.text[:TEXT_LIMIT]))
        texts += sent_texts(line.uuid, sent.parts)
    prompt = "\n".join(t for t in typed if t) or None
    return _index_line(line, is_prompt=bool(typed), prompt=prompt, texts=texts)


def _index_line(
    line: Line,
    title: str | None = None,
    title_source: str | None = None,
    is_prompt: bool = False,
    prompt: str | None = None,
    is_reply: bool = False,
    model: str | None = None,
    usage: Usage | None = None,
    reply_key: str | None = None,
    texts: list[Text] | None = None,
) -> IndexLine:
    sidechain = line.isSidechain is True
    return IndexLine(line.timestamp, sidechain, line.sessionId, line.cwd, title, title_source,
                     is_prompt, prompt, is_reply, model, usage, reply_key,
                     () if sidechain or not texts else tuple(texts))  # fmt: skip


# -- rules both views read alike --------------------------------------------------


def _blocks(content: str | list[Block] | None) -> list[Block]:
    """A message's blocks; a plain string is one text block."""
    if isinstance(content, str):
        return [Block(type="text", text=content)]
    return content or []


def _text(block: Block) -> str:
    """A user block's text, as `tt.flatten` of the one block has it."""
    if block.type in ("image", "document"):
        return tt.block_placeholder(block.type, block.source)
    if block.type == "tool_result":
        return tt.flatten(block.content)
    return tt.str_or_none(block.text) or ""


def _user_kind(line: Line, text: str) -> UserKind:
    if line.isMeta is True:
        return UserKind.META
    return tt.classify_user_text(text, {"promptSource": line.promptSource, "origin": line.origin})


def _quiet_close(line: Line, message: LineMessage, said: list[Block]) -> bool:
    """Whether an assistant line is a quiet turn's close: kept for the chain,
    never shown, replayed nor searched."""
    return (
        len(said) == 1
        and said[0].type == "text"
        and tt.closes_quiet_turn(
            tt.str_or_none(said[0].text) or "",
            stop_reason=message.stop_reason,
            model=message.model,
            flagged=line.closesQuietTurn is True,
        )
    )


_TITLE_FIELDS = {"custom-title": "customTitle", "ai-title": "aiTitle", "summary": "summary"}


def _title(line: RareLine, kind: str) -> str | None:
    """A title line's title: the person's (`custom-title`), the CLI's (`ai-title`),
    or an older CLI's `summary`."""
    field = _TITLE_FIELDS.get(kind)
    if field is None:
        return None
    return tt.one_line(tt.str_or_none(getattr(line, field)) or "") or None


def _usage(raw: UsageFields | None) -> Usage | None:
    """A call's token counts as the line gives them; a count that is not one is 0."""
    if raw is None:
        return None
    return Usage(
        input_tokens=tt.int_or_zero(raw.input_tokens),
        output_tokens=tt.int_or_zero(raw.output_tokens),
        cache_read_input_tokens=tt.int_or_zero(raw.cache_read_input_tokens),
        cache_creation_input_tokens=tt.int_or_zero(raw.cache_creation_input_tokens),
    )


T = TypeVar("T")


class LineDecoder(NamedTuple, Generic[T]):
    """One view of a line, for `TranscriptReader(typed=…)`: from the line's
    bytes (may refuse: ValueError), or from the dict a refused line decodes to."""

    from_bytes: Callable[[bytearray], T]
    from_dict: Callable[[dict[str, Any]], T]


ENTRY = LineDecoder(decode_entry, parse_entry)
INDEX = LineDecoder(decode_index, index_of)
