"""Bytes ↔ lines ↔ JSON for one `claude` process's pipes.

stdout is split into lines here rather than with `StreamReader.readline`,
whose 64 KiB default limit a single tool result easily exceeds (one event is
one line, however large). stderr keeps only its tail: it is read for the one
line that explains a failure, and a chatty CLI must not grow memory.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Mapping
from typing import Any, Protocol

CHUNK = 1 << 16


class ByteSource(Protocol):
    async def read(self, n: int = -1) -> bytes: ...


async def iter_lines(source: ByteSource, chunk: int = CHUNK) -> AsyncIterator[bytes]:
    """Every line of `source` (without its newline), of any length.

    A last line without a newline is still yielded: a process killed mid-line
    leaves one, and a ParseError for it beats losing it silently.
    """
    buffer = bytearray()
    while True:
        data = await source.read(chunk)
        if not data:
            break
        # only the new bytes can hold the next newline: scanning from the
        # start of a 10 MB line on every chunk would be quadratic
        search_from = len(buffer)
        buffer += data
        start = 0
        while (end := buffer.find(b"\n", search_from)) != -1:
            yield bytes(buffer[start:end])
            start = search_from = end + 1
        if start:
            del buffer[:start]
    if buffer:
        yield bytes(buffer)


class Tail:
    """The last `limit` bytes written to it, decoded on demand."""

    def __init__(self, limit: int = 64 * 1024) -> None:
        self.limit = limit
        self._data = bytearray()

    def write(self, data: bytes) -> None:
        self._data += data
        if len(self._data) > self.limit:
            del self._data[: len(self._data) - self.limit]

    def text(self) -> str:
        return self._data.decode("utf-8", "replace")


async def drain_into(source: ByteSource, tail: Tail, chunk: int = CHUNK) -> None:
    """Read `source` to its end, keeping its tail."""
    while data := await source.read(chunk):
        tail.write(data)


def encode(obj: Mapping[str, Any]) -> bytes:
    """One stdin line. ASCII-escaped JSON cannot contain a raw newline, so a
    prompt with line breaks stays one line (a broken line is fatal to the CLI)."""
    return json.dumps(obj, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


def user_turn(content: str | list[Mapping[str, Any]]) -> dict[str, Any]:
    """A person's turn: plain text, or content blocks (text, images)."""
    return {"type": "user", "message": {"role": "user", "content": content}}


def control_request(request_id: str, subtype: str, payload: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": "control_request",
        "request_id": request_id,
        "request": {"subtype": subtype, **payload},
    }


def control_success(request_id: str, response: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "type": "control_response",
        "response": {"subtype": "success", "request_id": request_id, "response": dict(response)},
    }


def control_error(request_id: str, error: str) -> dict[str, Any]:
    return {
        "type": "control_response",
        "response": {"subtype": "error", "request_id": request_id, "error": error},
    }


def permission_answer(
    allow: bool, *, updated_input: Mapping[str, Any] | None, message: str | None
) -> dict[str, Any]:
    """The body of a `can_use_tool` answer."""
    if allow:
        # the CLI wants the input back even when unchanged; the caller passes
        # the request's own input for that
        return {"behavior": "allow", "updatedInput": dict(updated_input or {})}
    return {"behavior": "deny", "message": message or "The person denied this tool call."}
