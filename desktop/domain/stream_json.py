"""Parse one line of `claude`'s stream-json output into an event.

`parse_event` never raises: a type we do not know becomes `Unknown`, a value
that is not a JSON object or has a shape we did not foresee becomes
`ParseError`, and both keep what they saw. A newer CLI then degrades to
"shown raw", never to "run failed". Field readers tolerate missing and
mistyped values for the same reason.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from desktop.domain.events import (
    ApiRetry,
    AssistantMessage,
    Block,
    CommandLifecycle,
    CompactBoundary,
    ControlRequest,
    ControlResponse,
    Event,
    ModelUsage,
    OtherBlock,
    ParseError,
    Payload,
    PermissionRequest,
    Result,
    StreamDelta,
    SystemEvent,
    SystemInit,
    SystemStatus,
    TextBlock,
    ThinkingBlock,
    ToolResultBlock,
    ToolUseBlock,
    Unknown,
    Usage,
    UserMessage,
)
from desktop.domain.oddtext import clean_json

_EMPTY: Payload = {}
_SNIPPET = 2000  # how much of a bad line a ParseError keeps


def _s(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _i(value: Any) -> int:
    # bool is an int in Python; a count never is one
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _opt_i(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _f(value: Any) -> float:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def _d(value: Any) -> Payload:
    return value if isinstance(value, Mapping) else _EMPTY


def _l(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, list) else ()


def parse_usage(obj: Any) -> Usage:
    d = _d(obj)
    return Usage(
        _i(d.get("input_tokens")),
        _i(d.get("output_tokens")),
        _i(d.get("cache_read_input_tokens")),
        _i(d.get("cache_creation_input_tokens")),
    )


def _block(obj: Any) -> Block:
    d = _d(obj)
    kind = _s(d.get("type")) or ""
    if kind == "text":
        return TextBlock(_s(d.get("text")) or "")
    if kind == "thinking":
        return ThinkingBlock(_s(d.get("thinking")) or "")
    if kind == "tool_use":
        return ToolUseBlock(_s(d.get("id")) or "", _s(d.get("name")) or "", _d(d.get("input")))
    if kind == "tool_result":
        return ToolResultBlock(
            _s(d.get("tool_use_id")) or "", d.get("content"), d.get("is_error") is True
        )
    return OtherBlock(kind, d)


def _blocks(content: Any) -> tuple[Block, ...]:
    if isinstance(content, str):  # a user message may carry a bare string
        return (TextBlock(content),)
    return tuple(_block(b) for b in _l(content))


# delta type → (StreamDelta.kind, the field holding its text)
_DELTAS = {
    "text_delta": ("text", "text"),
    "thinking_delta": ("thinking", "thinking"),
    "input_json_delta": ("tool_input", "partial_json"),
}
_SSE_KINDS = {
    "message_start": "message_start",
    "content_block_start": "block_start",
    "content_block_stop": "block_stop",
    "message_delta": "message_delta",
    "message_stop": "message_stop",
}


def _stream_delta(o: Payload) -> StreamDelta:
    sse = _d(o.get("event"))
    sse_type = _s(sse.get("type")) or ""
    common: dict[str, Any] = {
        "raw": o,
        "index": _opt_i(sse.get("index")),
        "message_id": _s(o.get("api_message_id")) or _s(_d(sse.get("message")).get("id")),
        "session_id": _s(o.get("session_id")),
        "parent_tool_use_id": _s(o.get("parent_tool_use_id")),
    }
    if sse_type == "content_block_delta":
        delta = _d(sse.get("delta"))
        kind, text_field = _DELTAS.get(_s(delta.get("type")) or "", ("other", ""))
        return StreamDelta(kind, text=_s(delta.get(text_field)) or "", **common)
    if sse_type == "content_block_start":
        block_type = _s(_d(sse.get("content_block")).get("type"))
        return StreamDelta("block_start", block_type=block_type, **common)
    if sse_type == "message_delta":
        stop = _s(_d(sse.get("delta")).get("stop_reason"))
        return StreamDelta("message_delta", stop_reason=stop, **common)
    return StreamDelta(_SSE_KINDS.get(sse_type, "other"), **common)


def _system(o: Payload) -> Event:
    subtype = _s(o.get("subtype")) or ""
    sid = _s(o.get("session_id"))
    if subtype == "init":
        return SystemInit(
            sid or "",
            _s(o.get("cwd")),
            _s(o.get("model")),
            tuple(t for t in _l(o.get("tools")) if isinstance(t, str)),
            _s(o.get("permissionMode")),
            _s(o.get("apiKeySource")),
            _s(o.get("claude_code_version")),
            raw=o,
        )
    if subtype == "status":
        return SystemStatus(sid, _s(o.get("status")), raw=o)
    if subtype == "compact_boundary":
        meta = _d(o.get("compact_metadata"))
        return CompactBoundary(
            sid,
            _s(meta.get("trigger")),
            _i(meta.get("pre_tokens")),
            _opt_i(meta.get("post_tokens")),
            raw=o,
        )
    if subtype == "api_retry":
        return ApiRetry(
            sid,
            _i(o.get("attempt")),
            _i(o.get("max_retries")),
            _i(o.get("retry_delay_ms")),
            _opt_i(o.get("error_status")),
            _s(o.get("error")),
            raw=o,
        )
    return SystemEvent(subtype, sid, raw=o)


def _assistant(o: Payload) -> AssistantMessage:
    msg = _d(o.get("message"))
    model = _s(msg.get("model"))
    return AssistantMessage(
        _s(msg.get("id")) or "",
        _blocks(msg.get("content")),
        parse_usage(msg.get("usage")),
        model,
        # API failures come back as a made-up reply from a "<synthetic>" model
        o.get("is_api_error_message") is True or model == "<synthetic>",
        _s(o.get("session_id")),
        _s(o.get("parent_tool_use_id")),
        _s(o.get("uuid")),
        raw=o,
    )


def _user(o: Payload) -> UserMessage:
    msg = _d(o.get("message"))
    return UserMessage(
        _blocks(msg.get("content")),
        _s(o.get("session_id")),
        _s(o.get("parent_tool_use_id")),
        _s(o.get("uuid")),
        o.get("isReplay") is True,
        raw=o,
    )


def _lifecycle(o: Payload) -> CommandLifecycle:
    return CommandLifecycle(
        _s(o.get("command_uuid")) or "", _s(o.get("state")) or "", _s(o.get("session_id")), raw=o
    )


def _result(o: Payload) -> Result:
    model_usage = {
        str(name): ModelUsage(_opt_i(_d(m).get("contextWindow")), _f(_d(m).get("costUSD")))
        for name, m in _d(o.get("modelUsage")).items()
    }
    return Result(
        _s(o.get("subtype")) or "",
        o.get("is_error") is True,
        _s(o.get("result")),
        _s(o.get("session_id")),
        _i(o.get("num_turns")),
        _f(o.get("total_cost_usd")),
        parse_usage(o.get("usage")),
        model_usage,
        tuple(_d(p) for p in _l(o.get("permission_denials"))),
        tuple(str(e) for e in _l(o.get("errors"))),
        _opt_i(o.get("api_error_status")),
        _s(o.get("terminal_reason")),
        raw=o,
    )


def _control_request(o: Payload) -> ControlRequest:
    req = _d(o.get("request"))
    rid = _s(o.get("request_id")) or ""
    subtype = _s(req.get("subtype")) or ""
    if subtype != "can_use_tool":
        return ControlRequest(rid, subtype, req, raw=o)
    return PermissionRequest(
        rid,
        subtype,
        req,
        _s(req.get("tool_name")) or "",
        _d(req.get("input")),
        _s(req.get("tool_use_id")),
        tuple(_d(s) for s in _l(req.get("permission_suggestions"))),
        _s(req.get("description")),
        raw=o,
    )


def _control_response(o: Payload) -> ControlResponse:
    resp = _d(o.get("response"))
    ok = resp.get("subtype") == "success"
    error = None if ok else (_s(resp.get("error")) or "control request failed")
    return ControlResponse(
        _s(resp.get("request_id")) or "", ok, _d(resp.get("response")), error, raw=o
    )


_PARSERS = {
    "system": _system,
    "assistant": _assistant,
    "user": _user,
    "result": _result,
    "stream_event": _stream_delta,
    "control_request": _control_request,
    "control_response": _control_response,
    "command_lifecycle": _lifecycle,
}


def parse_event(obj: Any) -> Event:
    """One decoded stream-json line → one event. Never raises."""
    if not isinstance(obj, Mapping):
        return ParseError(f"expected a JSON object, got {type(obj).__name__}", repr(obj)[:_SNIPPET])
    kind = obj.get("type")
    parser = _PARSERS.get(kind) if isinstance(kind, str) else None
    if parser is None:
        return Unknown(kind if isinstance(kind, str) else "", raw=obj)
    try:
        return parser(obj)
    except (TypeError, ValueError, AttributeError) as exc:  # a shape nobody foresaw
        return ParseError(f"{kind} event: {exc}", repr(obj)[:_SNIPPET], raw=obj)


def parse_line(line: bytes | str) -> Event | None:
    """One raw stdout line → an event; None for a blank line."""
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    if not text.strip():
        return None
    try:
        obj = clean_json(json.loads(text))
    except (ValueError, RecursionError) as exc:
        return ParseError(f"not JSON: {exc}", text[:_SNIPPET])
    return parse_event(obj)
