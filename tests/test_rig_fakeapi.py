"""The fake Messages API answers like the real one, seen from a plain HTTP client."""

from __future__ import annotations

import http.client
import json
import threading
import time
from collections.abc import Mapping
from typing import Any

import pytest

from tests.rig.fakeapi import (
    ApiError,
    FakeAPI,
    RecordedRequest,
    Reply,
    Text,
    Thinking,
    ToolUse,
    is_main_turn,
    last_user_text,
    parse_sse,
    tool_results,
    user_texts,
)

KEY = "sk-ant-api03-test-unit"


def main_body(prompt: str = "hello", **extra: Any) -> dict[str, Any]:
    """A request shaped like the CLI's main turn."""
    return {
        "model": "claude-test-model",
        "max_tokens": 128000,
        "stream": True,
        "tools": [{"name": "Read", "input_schema": {"type": "object"}}],
        "messages": [{"role": "user", "content": [{"type": "text", "text": prompt}]}],
        **extra,
    }


class Answer:
    def __init__(self, status: int, headers: Mapping[str, str], body: bytes) -> None:
        self.status = status
        self.headers = {k.lower(): v for k, v in headers.items()}
        self.body = body

    def json(self) -> Any:
        return json.loads(self.body)

    def events(self) -> list[tuple[str, dict[str, Any]]]:
        return parse_sse(self.body)


def call(
    fake: FakeAPI,
    path: str = "/v1/messages?beta=true",
    body: Any = None,
    *,
    method: str = "POST",
    headers: Mapping[str, str] | None = None,
) -> Answer:
    conn = http.client.HTTPConnection("127.0.0.1", fake.port, timeout=10)
    try:
        data = json.dumps(body).encode() if body is not None else None
        sent = {"x-api-key": KEY, "content-type": "application/json", **(headers or {})}
        conn.request(method, path, body=data, headers=sent)
        resp = conn.getresponse()
        return Answer(resp.status, dict(resp.getheaders()), resp.read())
    finally:
        conn.close()


# ---------------------------------------------------------------- streaming


def test_text_stream_has_the_api_event_order_and_usage(fake_api: FakeAPI) -> None:
    fake_api.enqueue(
        Reply.text(
            "Hello there, friend",
            input_tokens=321,
            output_tokens=9,
            cache_read_input_tokens=40,
            cache_creation_input_tokens=5,
            chunks=3,
        )
    )
    answer = call(fake_api, body=main_body())

    assert answer.status == 200
    assert answer.headers["content-type"].startswith("text/event-stream")
    assert answer.headers["request-id"].startswith("req_")
    events = answer.events()
    names = [name for name, _ in events]
    assert names == [
        "message_start",
        "ping",
        "content_block_start",
        "content_block_delta",
        "content_block_delta",
        "content_block_delta",
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    assert all(data["type"] == name for name, data in events)
    start = events[0][1]["message"]
    assert start["role"] == "assistant" and start["content"] == []
    assert start["model"] == "claude-test-model"
    assert start["usage"]["input_tokens"] == 321
    assert start["usage"]["cache_read_input_tokens"] == 40
    assert start["usage"]["cache_creation_input_tokens"] == 5
    assert events[2][1]["content_block"] == {"type": "text", "text": ""}
    deltas = [d["delta"] for n, d in events if n == "content_block_delta"]
    assert {d["type"] for d in deltas} == {"text_delta"}
    assert "".join(d["text"] for d in deltas) == "Hello there, friend"
    final = events[-2][1]
    assert final["delta"]["stop_reason"] == "end_turn"
    assert final["usage"]["output_tokens"] == 9


def test_tool_use_json_deltas_reassemble_to_the_input(fake_api: FakeAPI) -> None:
    tool_input = {"file_path": "/tmp/ü space/notes.txt", "limit": 20, "nested": {"a": [1, 2]}}
    fake_api.enqueue(
        Reply.tool_use("Read", tool_input, id="toolu_fixed1", text="Let me look.", chunks=4)
    )
    events = call(fake_api, body=main_body()).events()

    starts = {d["index"]: d["content_block"] for n, d in events if n == "content_block_start"}
    assert starts[0]["type"] == "text"
    assert starts[1] == {"type": "tool_use", "id": "toolu_fixed1", "name": "Read", "input": {}}
    pieces = [
        d["delta"]["partial_json"]
        for n, d in events
        if n == "content_block_delta" and d["index"] == 1
    ]
    assert len(pieces) == 4
    assert all(
        d["delta"]["type"] == "input_json_delta"
        for n, d in events
        if d.get("index") == 1 and n == "content_block_delta"
    )
    assert json.loads("".join(pieces)) == tool_input
    assert events[-2][1]["delta"]["stop_reason"] == "tool_use"


def test_thinking_block_streams_thinking_then_signature(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.of(Thinking("step one, step two", "sig-1"), Text("Done."), chunks=2))
    events = call(fake_api, body=main_body()).events()

    block0 = [d["delta"] for n, d in events if n == "content_block_delta" and d["index"] == 0]
    assert [d["type"] for d in block0] == ["thinking_delta", "thinking_delta", "signature_delta"]
    assert "".join(d["thinking"] for d in block0[:2]) == "step one, step two"
    assert block0[2]["signature"] == "sig-1"
    start0 = next(d for n, d in events if n == "content_block_start" and d["index"] == 0)
    assert start0["content_block"]["type"] == "thinking"


def test_non_streaming_request_gets_one_json_message(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.of(Text("a"), ToolUse("Grep", {"pattern": "x"}, "toolu_2")))
    answer = call(fake_api, body=main_body(stream=False))

    assert answer.status == 200
    message = answer.json()
    assert message["type"] == "message"
    assert message["id"].startswith("msg_")
    assert message["content"] == [
        {"type": "text", "text": "a"},
        {"type": "tool_use", "id": "toolu_2", "name": "Grep", "input": {"pattern": "x"}},
    ]
    assert message["stop_reason"] == "tool_use"
    assert set(message["usage"]) >= {"input_tokens", "output_tokens"}


def test_stream_error_event_replaces_the_message_end(fake_api: FakeAPI) -> None:
    fake_api.enqueue(
        Reply.text("partial", stream_error=ApiError(529, "overloaded_error", "busy, try later"))
    )
    events = call(fake_api, body=main_body()).events()

    names = [n for n, _ in events]
    assert names[-1] == "error"
    assert "message_stop" not in names and "message_delta" not in names
    assert events[-1][1] == {
        "type": "error",
        "error": {"type": "overloaded_error", "message": "busy, try later"},
    }


def test_slow_stream_trickles_its_deltas(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.text("abcdefgh", chunks=4, delay=0.1))
    conn = http.client.HTTPConnection("127.0.0.1", fake_api.port, timeout=10)
    conn.request("POST", "/v1/messages", json.dumps(main_body()), {"x-api-key": KEY})
    resp = conn.getresponse()
    began = time.monotonic()
    arrivals = []
    for line in resp:
        if line.startswith(b"event: content_block_delta"):
            arrivals.append(time.monotonic() - began)
    conn.close()

    assert len(arrivals) == 4
    # Deltas arrive spread out, not all at once at the end.
    assert arrivals[-1] - arrivals[0] >= 0.25


def test_hold_keeps_the_turn_in_flight_until_released(fake_api: FakeAPI) -> None:
    gate = threading.Event()
    fake_api.enqueue(Reply.text("released", hold=gate))
    answers: list[Answer] = []
    worker = threading.Thread(target=lambda: answers.append(call(fake_api, body=main_body())))
    worker.start()

    fake_api.wait_for_request(timeout=5)
    worker.join(0.3)
    assert worker.is_alive() and not answers
    gate.set()
    worker.join(5)
    text = "".join(d["delta"]["text"] for n, d in answers[0].events() if n == "content_block_delta")
    assert text == "released"


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("status", "kind"),
    [
        (400, "invalid_request_error"),
        (401, "authentication_error"),
        (403, "permission_error"),
        (429, "rate_limit_error"),
        (500, "api_error"),
        (529, "overloaded_error"),
    ],
)
def test_error_reply_has_status_type_and_request_id(
    fake_api: FakeAPI, status: int, kind: str
) -> None:
    fake_api.enqueue(Reply.error(status, message=f"scripted {status}"))
    answer = call(fake_api, body=main_body())

    assert answer.status == status
    assert answer.headers["content-type"] == "application/json"
    body = answer.json()
    assert body["type"] == "error"
    assert body["error"] == {"type": kind, "message": f"scripted {status}"}
    assert body["request_id"] == answer.headers["request-id"]


def test_error_reply_passes_extra_headers(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.error(429, headers={"retry-after": "7"}))
    answer = call(fake_api, body=main_body())
    assert answer.status == 429
    assert answer.headers["retry-after"] == "7"


def test_missing_or_unaccepted_credentials_get_401(fake_api: FakeAPI) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", fake_api.port, timeout=10)
    conn.request("POST", "/v1/messages", json.dumps(main_body()), {})
    resp = conn.getresponse()
    assert resp.status == 401
    assert json.loads(resp.read())["error"]["type"] == "authentication_error"
    conn.close()

    fake_api.accept_only("sk-good")
    assert call(fake_api, body=main_body()).status == 401
    assert call(fake_api, body=main_body(), headers={"x-api-key": "sk-good"}).status == 200
    bearer = {"x-api-key": "", "authorization": "Bearer sk-good"}
    assert call(fake_api, body=main_body(), headers=bearer).status == 200


def test_unknown_path_is_a_404_api_error(fake_api: FakeAPI) -> None:
    answer = call(fake_api, "/v1/nothing-here", body={})
    assert answer.status == 404
    assert answer.json()["error"]["type"] == "not_found_error"
    assert answer.headers["request-id"]


def test_wrong_method_and_bad_json_are_rejected(fake_api: FakeAPI) -> None:
    assert call(fake_api, method="GET").status == 405
    conn = http.client.HTTPConnection("127.0.0.1", fake_api.port, timeout=10)
    conn.request("POST", "/v1/messages", b"{not json", {"x-api-key": KEY})
    resp = conn.getresponse()
    assert resp.status == 400
    assert json.loads(resp.read())["error"]["type"] == "invalid_request_error"
    conn.close()


def test_connectivity_check_answers(fake_api: FakeAPI) -> None:
    assert call(fake_api, "/api/hello", method="HEAD").status == 200


# ---------------------------------------------------------------- count_tokens


def test_count_tokens_estimates_or_returns_the_fixed_value(fake_api: FakeAPI) -> None:
    small = call(fake_api, "/v1/messages/count_tokens", {"messages": []}).json()
    big = call(fake_api, "/v1/messages/count_tokens", main_body("x" * 4000)).json()
    assert set(small) == {"input_tokens"}
    assert big["input_tokens"] > small["input_tokens"] >= 1

    fake_api.set_count_tokens(777)
    assert call(fake_api, "/v1/messages/count_tokens", main_body()).json() == {"input_tokens": 777}
    # count_tokens never eats a scripted reply.
    fake_api.enqueue(Reply.text("kept"))
    call(fake_api, "/v1/messages/count_tokens", main_body())
    assert fake_api.pending == 1


# ---------------------------------------------------------------- scripting


def test_replies_are_served_fifo_then_the_default(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.text("first"), Reply.text("second"))

    def text_of(answer: Answer) -> str:
        return "".join(d["delta"]["text"] for n, d in answer.events() if n == "content_block_delta")

    assert text_of(call(fake_api, body=main_body())) == "first"
    assert text_of(call(fake_api, body=main_body())) == "second"
    assert "default" in text_of(call(fake_api, body=main_body()))
    fake_api.assert_all_consumed()


def test_helper_calls_do_not_take_scripted_replies(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.text("for the main turn"))
    quota = {"model": "m", "max_tokens": 1, "messages": [{"role": "user", "content": "quota"}]}
    title = {
        "model": "m",
        "max_tokens": 512,
        "messages": [{"role": "user", "content": "name this session"}],
        "output_config": {
            "format": {
                "type": "json_schema",
                "schema": {
                    "type": "object",
                    "properties": {"title": {"type": "string"}},
                    "required": ["title"],
                },
            }
        },
    }

    quota_answer = call(fake_api, body=quota).json()
    title_answer = call(fake_api, body=title).json()
    assert fake_api.pending == 1
    assert json.loads(title_answer["content"][0]["text"]) == {"title": "fake"}
    assert quota_answer["content"][0]["type"] == "text"

    call(fake_api, body=main_body())
    assert fake_api.pending == 0
    kinds = [is_main_turn(r) for r in fake_api.requests]
    assert kinds == [False, False, True]


def test_when_predicate_and_times(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.error(500), when=lambda r: last_user_text(r) == "break me", times=2)
    fake_api.enqueue(Reply.error(503), times=None)

    assert call(fake_api, body=main_body("hello")).status == 503
    assert call(fake_api, body=main_body("break me")).status == 500
    assert call(fake_api, body=main_body("break me")).status == 500
    assert call(fake_api, body=main_body("break me")).status == 503
    assert call(fake_api, body=main_body("hello")).status == 503
    fake_api.assert_all_consumed()
    with pytest.raises(ValueError):
        fake_api.enqueue(Reply.text(), times=0)


def test_assert_all_consumed_reports_leftovers(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.text("never asked for"))
    with pytest.raises(AssertionError, match="1 scripted replies"):
        fake_api.assert_all_consumed()


# ---------------------------------------------------------------- recording


def test_requests_are_recorded_with_lowercased_headers(fake_api: FakeAPI) -> None:
    before = time.time()
    call(
        fake_api,
        "/v1/messages?beta=true",
        main_body("record me"),
        headers={"Anthropic-Version": "2023-06-01", "X-App": "cli"},
    )
    call(fake_api, "/v1/messages/count_tokens?beta=true", {"messages": []})
    call(fake_api, "/nowhere")

    first, second, third = fake_api.requests
    assert (first.method, first.path, dict(first.query)) == (
        "POST",
        "/v1/messages",
        {"beta": ["true"]},
    )
    assert first.headers["x-api-key"] == KEY
    assert first.headers["anthropic-version"] == "2023-06-01"
    assert first.headers["x-app"] == "cli"
    assert all(k == k.lower() for k in first.headers)
    assert first.json["messages"][0]["content"][0]["text"] == "record me"
    assert first.reply is not None
    assert before <= first.time <= second.time <= third.time
    assert second.path == "/v1/messages/count_tokens"
    assert third.path == "/nowhere" and third.body is None


def test_concurrent_requests_are_all_recorded_and_answered(fake_api: FakeAPI) -> None:
    fake_api.enqueue(*[Reply.text(f"r{i}", delay=0.05, chunks=2) for i in range(8)])
    statuses: list[int] = []
    lock = threading.Lock()

    def one(i: int) -> None:
        status = call(fake_api, body=main_body(f"p{i}")).status
        with lock:
            statuses.append(status)

    workers = [threading.Thread(target=one, args=(i,)) for i in range(8)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(10)

    assert statuses == [200] * 8
    assert sorted(last_user_text(r) for r in fake_api.requests) == [f"p{i}" for i in range(8)]
    assert fake_api.pending == 0


def test_reset_forgets_everything(fake_api: FakeAPI) -> None:
    fake_api.enqueue(Reply.text("x"))
    fake_api.accept_only("only-this")
    call(fake_api, body=main_body())
    fake_api.reset()
    assert fake_api.requests == [] and fake_api.pending == 0
    assert call(fake_api, body=main_body()).status == 200


def test_wait_for_request_times_out(fake_api: FakeAPI) -> None:
    with pytest.raises(TimeoutError):
        fake_api.wait_for_request(timeout=0.1)


# ---------------------------------------------------------------- request helpers


def recorded(body: dict[str, Any]) -> RecordedRequest:
    return RecordedRequest("POST", "/v1/messages", {}, {}, body, b"", 0.0)


CLI_LIKE = {
    "tools": [],
    "max_tokens": 1000,
    "messages": [
        {
            "role": "user",
            "content": [
                {"type": "text", "text": "<system-reminder>\nrules\n</system-reminder>\n"},
                {"type": "text", "text": "first question"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_a", "name": "Read", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_a", "content": "file text"},
            ],
        },
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_b", "name": "Read", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_b",
                    "is_error": True,
                    "content": [
                        {"type": "text", "text": "no such"},
                        {"type": "text", "text": "file"},
                    ],
                },
                {"type": "text", "text": "<system-reminder>x</system-reminder>"},
            ],
        },
        {"role": "system", "content": [{"type": "text", "text": "# Environment"}]},
    ],
}


def test_last_user_text_skips_reminders_tool_results_and_system() -> None:
    request = recorded(CLI_LIKE)
    assert last_user_text(request) == "first question"
    assert user_texts(CLI_LIKE) == ["first question"]
    plain = {"messages": [{"role": "user", "content": "just a string"}]}
    assert last_user_text(plain) == "just a string"
    assert last_user_text({"messages": []}) == ""


def test_tool_results_of_the_last_user_message_or_all() -> None:
    latest = tool_results(recorded(CLI_LIKE))
    assert [(t.tool_use_id, t.is_error, t.text) for t in latest] == [
        ("toolu_b", True, "no such\nfile")
    ]
    every = tool_results(CLI_LIKE, all_messages=True)
    assert [(t.tool_use_id, t.text) for t in every] == [
        ("toolu_a", "file text"),
        ("toolu_b", "no such\nfile"),
    ]


def test_reply_constructors_validate() -> None:
    with pytest.raises(ValueError):
        Reply.of()
    with pytest.raises(ValueError):
        Reply.text("x", chunks=0)
    assert Reply.error(529).api_error == ApiError(
        529, "overloaded_error", "Fake overloaded_error (529)"
    )
    assert Reply.error(418).api_error == ApiError(418, "api_error", "Fake api_error (418)")
    assert Reply.tool_use("Read", {}).effective_stop_reason == "tool_use"
    assert Reply.text("x", stop_reason="max_tokens").effective_stop_reason == "max_tokens"
