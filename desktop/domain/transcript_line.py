"""What the transcript decoder reads of a line: its fields, from bytes or from a dict.

The shape half of the one decoder (`transcript_decode` holds its rules).
`decode_line` has msgspec build only these fields from a line's bytes and
skip the rest unbuilt; a field declared `str | None` (or a Struct) is checked
as it decodes, and a line where it holds something else is refused
(ValueError). `read_line` takes the dict such a line decodes to the standard
way into the same Structs, a field of the wrong type read as missing, so the
rules see one shape either way. A new field goes here, and its rule there.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

import msgspec

from desktop.domain import transcript_text as tt

__all__ = ["RARE_TYPES", "Block", "Line", "LineMessage", "RareLine", "UsageFields", "decode_line",
           "rare_line", "read_line", "spawned_agent"]  # fmt: skip

# Fields typed `Any` take whatever the rules cope with, and cost the rules an
# isinstance; the others cost nothing to check, and refuse the line.


class UsageFields(msgspec.Struct):
    input_tokens: Any = None
    output_tokens: Any = None
    cache_read_input_tokens: Any = None
    cache_creation_input_tokens: Any = None


class Block(msgspec.Struct):
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


class LineMessage(msgspec.Struct):
    content: str | list[Block] | None = None
    model: str | None = None
    id: str | None = None
    usage: UsageFields | None = None
    stop_reason: str | None = None


# msgspec looks a key up among a Struct's fields from where the last one
# matched, and a key it does not know (a conversation line has a dozen)
# against all of them: so the fields follow the CLI's order, and the few only
# rare lines have are kept apart (`RareLine`), which saves 7 % of a decode.
class Line(msgspec.Struct):
    parentUuid: str | None = None
    isSidechain: Any = None
    type: Any = None
    message: LineMessage | None = None
    requestId: str | None = None
    requestRef: str | None = None
    uuid: str | None = None
    timestamp: str | None = None
    promptSource: Any = None
    cwd: str | None = None
    sessionId: str | None = None
    agentId: str | None = None
    isApiErrorMessage: Any = None
    closesQuietTurn: Any = None
    isCompactSummary: Any = None
    isMeta: Any = None
    origin: Any = None
    toolUseResult: msgspec.Raw = msgspec.Raw()
    """Often a tool's whole output: only its `agentId` is wanted, so it stays bytes."""


class RareLine(Line):
    """A system or title line (a handful a file): decoded again with these."""

    logicalParentUuid: str | None = None
    subtype: Any = None
    content: Any = None
    """A system line's text."""
    level: Any = None
    customTitle: Any = None
    aiTitle: Any = None
    summary: Any = None


RARE_TYPES = frozenset({"system", "custom-title", "ai-title", "summary"})


class _Result(msgspec.Struct):
    agentId: Any = None


decode_line: Callable[[bytes | bytearray], Line] = msgspec.json.Decoder(Line).decode
"""A line's bytes as a `Line`. Raises what msgspec raises for a line it
refuses (ValueError and kin)."""
_decode_rare = msgspec.json.Decoder(RareLine).decode
_decode_result = msgspec.json.Decoder(_Result).decode


def rare_line(line: Line, data: bytes | bytearray | None) -> RareLine | None:
    """A line of one of `RARE_TYPES` with its rare fields: as read from its
    dict already, or decoded again from its bytes `data`; None for another type."""
    kind = line.type
    if type(kind) is not str or kind not in RARE_TYPES:
        return None
    if isinstance(line, RareLine) or data is None:
        return line if isinstance(line, RareLine) else None
    return _decode_rare(data)


def spawned_agent(raw: msgspec.Raw) -> str | None:
    """An Agent/Task call's result names the subagent it started (`agentId`)."""
    with memoryview(raw) as view:
        if view[:1] != b"{":
            return None
    return tt.str_or_none(_decode_result(raw).agentId)


# -- a dict read into the same Structs ---------------------------------------------


def read_line(obj: dict[str, Any]) -> Line:
    """A line decoded to a dict, as its bytes would decode, a field of the
    wrong type read as missing."""
    kind = obj.get("type")
    return _view(RareLine if type(kind) is str and kind in RARE_TYPES else Line, obj)


def _raw_result(value: Any) -> msgspec.Raw:
    """`toolUseResult` as `decode_line` keeps it for the one field read of it."""
    if not isinstance(value, dict):
        return msgspec.Raw()
    return msgspec.Raw(msgspec.json.encode({"agentId": tt.str_or_none(value.get("agentId"))}))


def _content(value: Any) -> str | list[Block] | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list):  # a block that is not an object is dropped
        return [_view(Block, block) for block in value if isinstance(block, dict)]
    return None


def _struct_or_none(cls: type[msgspec.Struct]) -> Callable[[Any], Any]:
    return lambda value: _view(cls, value) if isinstance(value, dict) else None


# how a dict's value is read into a field, by the field's declared type
_READ_AS: dict[Any, Callable[[Any], Any]] = {
    Any: lambda value: value,
    str | None: tt.str_or_none,
    str | list[Block] | None: _content,
    UsageFields | None: _struct_or_none(UsageFields),
    LineMessage | None: _struct_or_none(LineMessage),
    msgspec.Raw: _raw_result,
}


@cache
def _fields(cls: type[msgspec.Struct]) -> list[tuple[str, str, Callable[[Any], Any]]]:
    """A Struct's fields: name, the line's key, how a value is read (a new
    type of field needs its row in `_READ_AS`). Made on first use: reading
    the annotations costs a module import a few milliseconds."""
    return [(f.name, f.encode_name, _READ_AS[f.type]) for f in msgspec.structs.fields(cls)]


S = TypeVar("S", bound=msgspec.Struct)


def _view(cls: type[S], obj: dict[str, Any]) -> S:
    return cls(**{name: read(obj[key]) for name, key, read in _fields(cls) if key in obj})
