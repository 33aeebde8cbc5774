"""Typing one transcript line: message blocks, user-line kinds, hostile shapes."""

from __future__ import annotations

import copy
import gc
import itertools
from typing import Any

import pytest

from desktop.domain.errors import UsageError
from desktop.domain.transcript import EntryKind, Role, UserKind, validate_session_id
from desktop.domain.transcript_decode import parse_entry
from desktop.domain.transcript_text import shorten


def user(content: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "user", "uuid": "u1", "message": {"role": "user", "content": content}, **extra}


def test_assistant_blocks_become_messages_with_usage() -> None:
    entry = parse_entry(
        {
            "type": "assistant",
            "uuid": "a1",
            "parentUuid": "u1",
            "timestamp": "2026-03-01T09:00:00.000Z",
            "requestRef": "r1",
            "message": {
                "id": "msg_1",
                "model": "claude-opus-5-5",
                "content": [
                    {"type": "thinking", "thinking": "first, think"},
                    {"type": "text", "text": "Hello"},
                    {"type": "tool_use", "id": "toolu_1", "name": "Read", "input": {"p": 1}},
                    {"type": "mystery_block"},
                ],
                "usage": {"input_tokens": 10, "output_tokens": 4, "cache_read_input_tokens": 5},
            },
        }
    )
    assert entry.kind is EntryKind.MESSAGE and entry.is_reply
    assert entry.reply_key == "msg_1|r1"
    assert [m.role for m in entry.messages] == [Role.THINKING, Role.ASSISTANT, Role.TOOL_USE]
    thought, said, call = entry.messages
    assert thought.text == "first, think" and said.text == "Hello"
    assert (call.tool_name, call.input, call.tool_use_id) == ("Read", {"p": 1}, "toolu_1")
    assert all(m.uuid == "a1" and m.parent_uuid == "u1" for m in entry.messages)
    assert said.usage is not None and said.usage.context_tokens == 15
    row = said.to_dict()
    assert row["role"] == "assistant" and row["input_tokens"] == 10 and row["model"]
    assert "usage" not in row and row["output_tokens"] == 4
    # changed as the live transcript changes a streaming reply: a copy, the rest kept
    longer = copy.replace(said, text="Hello, world")
    assert (longer.text, longer.uuid, longer.usage) == ("Hello, world", "a1", said.usage)
    assert said.text == "Hello" and longer != said
    # 75,000 of them in a window must give its cycle collector nothing to walk
    assert not gc.is_tracked(said) and not gc.is_tracked(entry)


def test_api_error_reply_is_flagged() -> None:
    entry = parse_entry(
        {
            "type": "assistant",
            "isApiErrorMessage": True,
            "message": {"model": "<synthetic>", "content": [{"type": "text", "text": "API 500"}]},
        }
    )
    assert entry.messages[0].is_error


def test_tool_results_with_string_and_list_content() -> None:
    entry = parse_entry(
        user(
            [
                {"type": "tool_result", "tool_use_id": "t1", "content": "plain"},
                {
                    "type": "tool_result",
                    "tool_use_id": "t2",
                    "is_error": True,
                    "content": [{"type": "text", "text": "a"}, {"type": "image"}, {"type": "text"}],
                },
            ],
            toolUseResult={"agentId": "ag1"},
        )
    )
    assert entry.user_kind is UserKind.TOOL_RESULT and not entry.is_prompt
    first, second = entry.messages
    assert (first.role, first.text, first.tool_use_id, first.is_error) == (
        Role.TOOL_RESULT,
        "plain",
        "t1",
        False,
    )
    assert (second.text, second.is_error) == ("a\n[image]", True)
    assert first.spawned_agent_id == "ag1"


@pytest.mark.parametrize(
    ("content", "extra", "kind", "role", "shown"),
    [
        ("fix the bug", {}, UserKind.PROMPT, Role.USER, "fix the bug"),
        ([{"type": "text", "text": "typed"}], {}, UserKind.PROMPT, Role.USER, "typed"),
        ("<system-reminder>x</system-reminder>\nreal", {}, UserKind.PROMPT, Role.USER, "real"),
        ("<system-reminder>only</system-reminder>", {}, UserKind.META, Role.USER, None),
        ("anything", {"isMeta": True}, UserKind.META, Role.USER, None),
        ("<local-command-stdout>ok</local-command-stdout>", {}, UserKind.META, Role.USER, None),
        ("<local-command-caveat>c</local-command-caveat>", {}, UserKind.META, Role.USER, None),
        ("   ", {}, UserKind.META, Role.USER, None),
        (
            [{"type": "text", "text": "[Request interrupted by user]"}],
            {},
            UserKind.NOTICE,
            Role.SYSTEM,
            "[Request interrupted by user]",
        ),
        (
            "<command-name>/model</command-name>\n<command-message>model</command-message>\n"
            "<command-args>opus</command-args>",
            {},
            UserKind.NOTICE,
            Role.SYSTEM,
            "/model opus",
        ),
        (
            "<task-notification>\n<summary>Agent done</summary>\n</task-notification>",
            {"origin": {"kind": "task-notification"}},
            UserKind.NOTICE,
            Role.SYSTEM,
            "Agent done",
        ),
        ("<bash-input>ls</bash-input>", {}, UserKind.NOTICE, Role.SYSTEM, "! ls"),
        ("queued by a hook", {"promptSource": "system"}, UserKind.NOTICE, Role.SYSTEM, None),
    ],
)
def test_user_lines_are_told_apart(
    content: Any, extra: dict[str, Any], kind: UserKind, role: Role, shown: str | None
) -> None:
    entry = parse_entry(user(content, **extra))
    assert entry.user_kind is kind
    (message,) = entry.messages
    assert message.role is role
    assert message.is_meta is (kind is UserKind.META)
    if shown is not None:
        assert message.text == shown


def test_compact_summary_and_boundary() -> None:
    summary = parse_entry(user("Summary: we did things", isCompactSummary=True))
    assert summary.user_kind is UserKind.COMPACT_SUMMARY and not summary.is_prompt
    assert summary.messages[0].is_compact_summary
    boundary = parse_entry(
        {
            "type": "system",
            "subtype": "compact_boundary",
            "parentUuid": None,
            "logicalParentUuid": "old-leaf",
            "uuid": "b1",
            "content": "Conversation compacted",
        }
    )
    assert boundary.kind is EntryKind.COMPACT_BOUNDARY
    assert boundary.logical_parent_uuid == "old-leaf"
    assert boundary.messages[0].divider == "compact"


def test_titles_and_bookkeeping() -> None:
    custom = parse_entry({"type": "custom-title", "customTitle": "  My\nrefactor "})
    assert (custom.kind, custom.title, custom.title_source) == (
        EntryKind.TITLE,
        "My refactor",
        "custom-title",
    )
    assert parse_entry({"type": "summary", "summary": "Old style", "leafUuid": "x"}).title
    attachment = parse_entry(
        {"type": "attachment", "uuid": "at1", "parentUuid": "u1", "attachment": {"type": "date"}}
    )
    assert attachment.kind is EntryKind.META and attachment.messages == ()
    assert (attachment.uuid, attachment.parent_uuid) == ("at1", "u1")  # still a chain link
    for kind in ("queue-operation", "last-prompt", "cost-state", "mode", "tools-used", "x-new"):
        assert parse_entry({"type": kind, "content": "hi"}).kind is EntryKind.META


HOSTILE_VALUES: list[Any] = [None, 5, -1, True, "s", [], {}, [None, 3, "x"], {"type": 9}]


def test_hostile_shapes_never_raise() -> None:
    keys = ["type", "message", "uuid", "parentUuid", "isSidechain", "timestamp", "toolUseResult"]
    kinds = ["user", "assistant", "system", "custom-title", "summary", 7, None]
    count = 0
    for kind, key, value in itertools.product(kinds, keys, HOSTILE_VALUES):
        for message in (
            {"content": value},
            {"content": [{"type": "tool_result", "content": value, "tool_use_id": value}]},
            {"content": [{"type": "text", "text": value}], "usage": {"input_tokens": value}},
            {"content": [{"type": "tool_use", "name": value, "input": value, "id": value}]},
        ):
            entry = parse_entry({"type": kind, "message": message, key: value})
            for m in entry.messages:
                assert isinstance(m.text, str)
                if m.usage is not None:
                    assert m.usage.input_tokens >= 0
            count += 1
    assert count > 1000


def test_shorten_makes_one_line_of_about_80() -> None:
    long = "word " * 40 + "\n\nsecond paragraph"
    short = shorten(long)
    assert "\n" not in short and len(short) <= 80 and short.endswith("…")
    assert shorten("  two\n lines ") == "two lines"
    assert shorten("x" * 200).startswith("x" * 79)


@pytest.mark.parametrize(
    "bad",
    [
        "../x",
        "../../etc/passwd",
        "",
        "a/b",
        "5b1f0a52-6a4e-4c52-9d0e-0c8f3f0f2a11.jsonl",
        "5b1f0a52-6a4e-4c52-9d0e-0c8f3f0f2a11\n",
    ],
)
def test_path_like_session_ids_are_refused(bad: str) -> None:
    with pytest.raises(UsageError, match="invalid session id"):
        validate_session_id(bad)


def test_uuid_session_id_is_accepted() -> None:
    assert validate_session_id("5b1f0a52-6a4e-4c52-9d0e-0c8f3f0f2a11")


@pytest.mark.parametrize(
    ("text", "extra", "meta"),
    [
        ("No response requested.", {"stop_reason": "end_turn"}, True),  # the model's, after a stop
        ("No response requested.", {"model": "<synthetic>"}, True),  # claude's own
        ("No response requested.", {"stop_reason": "tool_use"}, False),
        ("No response requested. But here is more.", {"stop_reason": "end_turn"}, False),
        ("Something else", {"stop_reason": "end_turn"}, False),
    ],
)
def test_a_line_that_only_closes_an_interrupted_turn_is_bookkeeping(
    text: str, extra: dict[str, Any], meta: bool
) -> None:
    message = {"id": "m", "model": "claude-opus-5-5", "content": [{"type": "text", "text": text}]}
    entry = parse_entry({"type": "assistant", "uuid": "a1", "message": message | extra})
    (shown,) = entry.messages
    assert shown.text == text and shown.is_meta is meta
