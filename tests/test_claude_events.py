"""parse_event / parse_line over lines shaped like the real CLI 2.1.332's output
(captured against the fake API, trimmed of fields nothing reads)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from desktop.domain.events import (
    ApiRetry,
    AssistantMessage,
    CommandLifecycle,
    CompactBoundary,
    ControlRequest,
    ControlResponse,
    Event,
    ParseError,
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
    context_tokens,
)
from desktop.domain.stream_json import parse_event, parse_line

SID = "0e75cb40-e959-40b4-832a-720c44cfe609"
USAGE = {
    "input_tokens": 100,
    "cache_read_input_tokens": 20,
    "cache_creation_input_tokens": 5,
    "output_tokens": 1,
}


def line(obj: dict[str, Any]) -> bytes:
    return json.dumps(obj).encode()


def parsed(obj: dict[str, Any]) -> Event:
    event = parse_line(line(obj))
    assert event is not None
    return event


def assistant(content: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "type": "assistant",
        "message": {
            "id": "msg_0001",
            "type": "message",
            "role": "assistant",
            "model": "claude-opus-5-5",
            "content": content,
            "stop_reason": None,
            "usage": USAGE,
        },
        "parent_tool_use_id": None,
        "session_id": SID,
        "uuid": "65d6b42f-0bb9-459a-b999-c1523aac880f",
        **extra,
    }


def stream(event: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "stream_event",
        "event": event,
        "session_id": SID,
        "parent_tool_use_id": None,
        "uuid": "a1e00e90-158e-47f5-b8ca-50d68fe66b59",
        "api_message_id": "msg_0001",
    }


def test_system_init() -> None:
    event = parsed(
        {
            "type": "system",
            "subtype": "init",
            "cwd": "/tmp/explore/cwd",
            "session_id": SID,
            "tools": ["Task", "Bash", "Read"],
            "mcp_servers": [],
            "model": "claude-opus-5-5",
            "permissionMode": "default",
            "apiKeySource": "ANTHROPIC_API_KEY",
            "claude_code_version": "2.1.332",
        }
    )
    assert event == SystemInit(
        SID, "/tmp/explore/cwd", "claude-opus-5-5", ("Task", "Bash", "Read"), "default",
        "ANTHROPIC_API_KEY", "2.1.332",
    )  # fmt: skip
    assert event.raw["mcp_servers"] == []  # the whole line stays available


def test_system_subtypes() -> None:
    status = parsed(
        {"type": "system", "subtype": "status", "status": "requesting", "session_id": SID}
    )
    assert status == SystemStatus(SID, "requesting")
    cleared = parsed(
        {"type": "system", "subtype": "status", "status": None, "compact_result": "success"}
    )
    assert cleared == SystemStatus(None, None)
    compact = parsed(
        {
            "type": "system",
            "subtype": "compact_boundary",
            "session_id": SID,
            "compact_metadata": {"trigger": "manual", "pre_tokens": 14, "post_tokens": 2543},
            "logical_parent_uuid": "91fc3750-406e-48e9-a6f3-85ee4c074e3f",
        }
    )
    assert compact == CompactBoundary(SID, "manual", 14, 2543)
    retry = parsed(
        {
            "type": "system",
            "subtype": "api_retry",
            "attempt": 1,
            "max_retries": 1,
            "retry_delay_ms": 510,
            "error_status": 529,
            "error": "overloaded",
            "session_id": SID,
        }
    )
    assert retry == ApiRetry(SID, 1, 1, 510, 529, "overloaded")
    task = parsed({"type": "system", "subtype": "task_started", "task_id": "t1", "session_id": SID})
    assert task == SystemEvent("task_started", SID)
    assert task.raw["task_id"] == "t1"


def test_assistant_blocks_and_usage() -> None:
    event = parsed(
        assistant(
            [
                {"type": "thinking", "thinking": "let me see", "signature": "x"},
                {"type": "text", "text": "Running it. "},
                {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {"command": "ls"}},
                {"type": "server_tool_use", "id": "srv_1", "name": "web_search", "input": {}},
            ]
        )
    )
    assert isinstance(event, AssistantMessage)
    assert event.message_id == "msg_0001"
    assert event.blocks[:3] == (
        ThinkingBlock("let me see"),
        TextBlock("Running it. "),
        ToolUseBlock("toolu_01", "Bash", {"command": "ls"}),
    )
    assert event.blocks[3].type == "server_tool_use"  # type: ignore[union-attr]
    assert event.text == "Running it. "
    assert event.usage == Usage(100, 1, 20, 5)
    assert event.usage.context_tokens == 125
    assert not event.is_api_error
    assert event.uuid == "65d6b42f-0bb9-459a-b999-c1523aac880f"


def test_api_error_message_is_flagged() -> None:
    event = parsed(
        {
            "type": "assistant",
            "message": {
                "id": "63db47af-0be9-4e7d-9661-555916fc1fa0",
                "model": "<synthetic>",
                "role": "assistant",
                "stop_reason": "stop_sequence",
                "usage": {"input_tokens": 0, "output_tokens": 0, "output_tokens_details": None},
                "content": [{"type": "text", "text": "API Error: 400 bad thing"}],
            },
            "parent_tool_use_id": None,
            "session_id": SID,
            "error": "unknown",
            "is_api_error_message": True,
            "api_error_status": 400,
        }
    )
    assert isinstance(event, AssistantMessage)
    assert event.is_api_error and event.model == "<synthetic>"
    assert event.text == "API Error: 400 bad thing"


def test_user_tool_result_and_replay() -> None:
    result = parsed(
        {
            "type": "user",
            "message": {
                "role": "user",
                "content": [
                    {"tool_use_id": "toolu_01", "type": "tool_result", "content": "made-marker",
                     "is_error": False}
                ],
            },
            "parent_tool_use_id": None,
            "session_id": SID,
            "tool_use_result": {"stdout": "made-marker", "stderr": "", "interrupted": False},
        }
    )  # fmt: skip
    assert isinstance(result, UserMessage)
    assert result.tool_results == (ToolResultBlock("toolu_01", "made-marker", False),)
    denied = parsed(
        {
            "type": "user",
            "message": {"role": "user", "content": [
                {"type": "tool_result", "content": [{"type": "text", "text": "nope"}],
                 "is_error": True, "tool_use_id": "toolu_02"}]},
        }
    )  # fmt: skip
    assert isinstance(denied, UserMessage)
    assert denied.tool_results[0].is_error and denied.tool_results[0].text == "nope"
    replay = parsed(
        {
            "type": "user",
            "message": {"role": "user", "content": "run it"},
            "uuid": "aaaaaaaa-0000-4000-8000-000000000001",
            "isReplay": True,
        }
    )
    assert isinstance(replay, UserMessage)
    assert replay.is_replay and replay.blocks == (TextBlock("run it"),)
    assert replay.uuid == "aaaaaaaa-0000-4000-8000-000000000001"


def test_result() -> None:
    event = parsed(
        {
            "type": "result",
            "subtype": "success",
            "is_error": False,
            "duration_ms": 188,
            "num_turns": 2,
            "result": "done now ",
            "session_id": SID,
            "total_cost_usd": 0.001138,
            "usage": {"input_tokens": 200, "cache_read_input_tokens": 40,
                      "cache_creation_input_tokens": 10, "output_tokens": 14},
            "modelUsage": {"claude-opus-5-5": {"inputTokens": 200, "costUSD": 0.001138,
                                               "contextWindow": 1000000}},
            "permission_denials": [{"tool_name": "Bash", "tool_use_id": "toolu_01",
                                    "tool_input": {"command": "rm -rf x"}}],
            "terminal_reason": "completed",
            "api_error_status": None,
        }
    )  # fmt: skip
    assert isinstance(event, Result)
    assert (event.subtype, event.is_error, event.text, event.num_turns) == (
        "success", False, "done now ", 2,
    )  # fmt: skip
    assert event.total_cost_usd == pytest.approx(0.001138)
    assert event.usage.context_tokens == 250  # a sum over calls, not the context
    assert event.context_window == 1_000_000
    assert event.permission_denials[0]["tool_name"] == "Bash"
    assert event.terminal_reason == "completed" and event.errors == ()


def test_error_results() -> None:
    interrupted = parsed(
        {
            "type": "result",
            "subtype": "error_during_execution",
            "is_error": True,
            "num_turns": 2,
            "errors": ["[ede_diagnostic] result_type=user last_content_type=n/a"],
            "terminal_reason": "aborted_streaming",
        }
    )
    assert isinstance(interrupted, Result)
    assert interrupted.is_error and interrupted.text is None
    assert interrupted.errors == ("[ede_diagnostic] result_type=user last_content_type=n/a",)
    api = parsed(
        {"type": "result", "subtype": "success", "is_error": True,
         "result": "API Error: 400 bad thing", "api_error_status": 400}
    )  # fmt: skip
    assert isinstance(api, Result) and api.api_error_status == 400 and api.context_window is None


@pytest.mark.parametrize(
    ("sse", "expected"),
    [
        (
            {"type": "message_start", "message": {"id": "msg_0001", "usage": USAGE}},
            StreamDelta("message_start", message_id="msg_0001", session_id=SID),
        ),
        (
            {"type": "content_block_start", "index": 1,
             "content_block": {"type": "tool_use", "id": "toolu_01", "name": "Bash", "input": {}}},
            StreamDelta("block_start", 1, block_type="tool_use", message_id="msg_0001",
                        session_id=SID),
        ),
        (
            {"type": "content_block_delta", "index": 0,
             "delta": {"type": "text_delta", "text": "hello "}},
            StreamDelta("text", 0, "hello ", message_id="msg_0001", session_id=SID),
        ),
        (
            {"type": "content_block_delta", "index": 1,
             "delta": {"type": "input_json_delta", "partial_json": "{\"command\": \"ls"}},
            StreamDelta("tool_input", 1, "{\"command\": \"ls", message_id="msg_0001",
                        session_id=SID),
        ),
        (
            {"type": "content_block_delta", "index": 0,
             "delta": {"type": "thinking_delta", "thinking": "hmm"}},
            StreamDelta("thinking", 0, "hmm", message_id="msg_0001", session_id=SID),
        ),
        (
            {"type": "content_block_delta", "index": 0,
             "delta": {"type": "signature_delta", "signature": "sig"}},
            StreamDelta("other", 0, message_id="msg_0001", session_id=SID),
        ),
        (
            {"type": "message_delta", "delta": {"stop_reason": "tool_use"},
             "usage": {"output_tokens": 7}},
            StreamDelta("message_delta", stop_reason="tool_use", message_id="msg_0001",
                        session_id=SID),
        ),
        (
            {"type": "message_stop"},
            StreamDelta("message_stop", message_id="msg_0001", session_id=SID),
        ),
        (
            {"type": "content_block_stop", "index": 0},
            StreamDelta("block_stop", 0, message_id="msg_0001", session_id=SID),
        ),
    ],
)  # fmt: skip
def test_stream_deltas(sse: dict[str, Any], expected: StreamDelta) -> None:
    assert parsed(stream(sse)) == expected


def test_permission_request() -> None:
    event = parsed(
        {
            "type": "control_request",
            "request_id": "afe23ee3-9d2f-46fa-8ece-9b8d0f99ed81",
            "request": {
                "subtype": "can_use_tool",
                "tool_name": "Bash",
                "display_name": "Bash",
                "input": {"command": "touch marker", "description": "make marker"},
                "description": "make marker",
                "permission_suggestions": [
                    {"type": "addRules", "behavior": "allow", "destination": "localSettings",
                     "rules": [{"toolName": "Bash", "ruleContent": "touch marker"}]},
                    {"type": "setMode", "mode": "acceptEdits", "destination": "session"},
                ],
                "blocked_path": "/tmp/explore/cwd/marker",
                "tool_use_id": "toolu_01",
            },
        }
    )  # fmt: skip
    assert isinstance(event, PermissionRequest)
    assert event.request_id == "afe23ee3-9d2f-46fa-8ece-9b8d0f99ed81"
    assert (event.tool_name, event.tool_use_id) == ("Bash", "toolu_01")
    assert event.input == {"command": "touch marker", "description": "make marker"}
    assert [s["type"] for s in event.suggestions] == ["addRules", "setMode"]
    assert event.request["blocked_path"] == "/tmp/explore/cwd/marker"


def test_other_control_request_stays_generic() -> None:
    event = parsed(
        {"type": "control_request", "request_id": "h1",
         "request": {"subtype": "hook_callback", "callback_id": "c1"}}
    )  # fmt: skip
    assert type(event) is ControlRequest
    assert (event.subtype, event.request["callback_id"]) == ("hook_callback", "c1")


def test_control_responses() -> None:
    ok = parsed(
        {"type": "control_response",
         "response": {"subtype": "success", "request_id": "i1", "response": {"still_queued": []}}}
    )  # fmt: skip
    assert ok == ControlResponse("i1", True, {"still_queued": []}, None)
    refused = parsed(
        {"type": "control_response",
         "response": {"subtype": "error", "request_id": "b1",
                      "error": "Unsupported control request subtype: no_such_thing",
                      "error_code": "unsupported_request"}}
    )  # fmt: skip
    assert refused == ControlResponse(
        "b1", False, {}, "Unsupported control request subtype: no_such_thing"
    )


def test_command_lifecycle() -> None:
    event = parsed(
        {"type": "command_lifecycle", "command_uuid": "aaaa", "state": "started",
         "uuid": "9e7b", "session_id": SID}
    )  # fmt: skip
    assert event == CommandLifecycle("aaaa", "started", SID)


def test_unknown_type_is_kept() -> None:
    event = parsed({"type": "prompt_suggestion", "suggestion": "run the tests"})
    assert event == Unknown("prompt_suggestion")
    assert event.raw["suggestion"] == "run the tests"
    assert parse_event({"no": "type"}) == Unknown("")


@pytest.mark.parametrize(
    "raw",
    [b"{not json", b'{"type": "result", "trunc', b"[1, 2]", b'"just a string"', b"\xff\xfe{"],
)
def test_malformed_line_is_a_parse_error(raw: bytes) -> None:
    event = parse_line(raw)
    assert isinstance(event, ParseError)
    assert event.error


def test_mistyped_fields_do_not_raise() -> None:
    weird = parse_event(
        {
            "type": "assistant",
            "message": {"id": 5, "content": "not a list?", "usage": "lots"},
            "session_id": ["x"],
        }
    )
    assert isinstance(weird, AssistantMessage)
    assert weird.message_id == "" and weird.usage == Usage() and weird.session_id is None
    result = parse_event({"type": "result", "num_turns": True, "modelUsage": [], "errors": "x"})
    assert isinstance(result, Result) and result.num_turns == 0 and result.errors == ()


def test_blank_line_is_nothing() -> None:
    assert parse_line(b"  \r") is None


def test_context_tokens_is_last_main_call_not_the_sum() -> None:
    first = parse_event(assistant([{"type": "text", "text": "a"}]))
    second_usage = {**USAGE, "input_tokens": 300, "cache_read_input_tokens": 1000}
    second = parse_event(
        {**assistant([{"type": "text", "text": "b"}]),
         "message": {**assistant([])["message"], "usage": second_usage}}
    )  # fmt: skip
    subagent = parse_event(
        {**assistant([{"type": "text", "text": "sub"}]), "parent_tool_use_id": "toolu_9",
         "message": {**assistant([])["message"], "usage": {"input_tokens": 99999}}}
    )  # fmt: skip
    api_error = parse_event(
        {**assistant([{"type": "text", "text": "API Error"}]), "is_api_error_message": True,
         "message": {**assistant([])["message"], "model": "<synthetic>",
                     "usage": {"input_tokens": 0}}}
    )  # fmt: skip
    result = parse_event({"type": "result", "usage": {"input_tokens": 5000}})
    assert context_tokens([first, second, subagent, api_error, result]) == 1305
    assert context_tokens([result]) is None
    compacted = CompactBoundary(SID, "auto", 160_000, 2543)
    assert context_tokens([first, second, compacted]) == 2543
    assert context_tokens([compacted, first]) == 125
