"""A stand-in for the Anthropic Messages API, good enough for the real `claude` CLI.

Tests point the CLI at it with ``ANTHROPIC_BASE_URL`` and script what "the model"
answers. It runs a stdlib ``ThreadingHTTPServer`` on a free 127.0.0.1 port in a
daemon thread and records every request it gets.

Endpoints
    ``POST /v1/messages`` (the CLI adds ``?beta=true``): with ``"stream": true`` an
    SSE stream (``message_start``, ``ping``, per block ``content_block_start`` /
    ``content_block_delta`` / ``content_block_stop``, ``message_delta``,
    ``message_stop``) sent with chunked transfer encoding so slow streams really
    trickle; otherwise one JSON ``message``.
    ``POST /v1/messages/count_tokens``: ``{"input_tokens": N}``.
    ``HEAD``/``GET /api/hello``: 200, the CLI's connectivity check.
    Anything else: 404 with an API-shaped error body.
    Every error answer has the API's shape, ``{"type": "error", "error": {"type",
    "message"}, "request_id"}``, and a ``request-id`` header. A request without
    ``x-api-key`` or ``authorization`` gets 401, as the real API would.

Scripting
    ``fake.enqueue(Reply.text("hi"))`` queues a reply. Replies are served FIFO to
    the requests their ``when`` predicate accepts, by default :func:`is_main_turn`;
    a request no queued reply accepts gets :meth:`FakeAPI.default_reply`.

What the real CLI 2.1.332 sends (observed with this fake, and with strace)
    * ``-p`` (also ``--input-format stream-json`` and interactive) with
      ``DISABLE_TELEMETRY=1 CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1``: exactly
      one ``POST /v1/messages?beta=true`` per model call and no other connection at
      all. A plain turn is one request; a tool call adds one request per round.
      No title, topic or quota request was seen.
    * Without ``CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC`` it also sends
      ``HEAD /api/hello`` to the base URL and does a DNS lookup for an outside
      host, which is why the rig always sets it.
    * Main-turn requests carry ``model``, ``messages``, ``system`` (3 blocks),
      ``tools`` (a list; ``[]`` under ``--tools ""``), ``metadata``,
      ``max_tokens`` (128000), ``thinking`` (adaptive), ``context_management``,
      ``output_config`` and ``stream: true``.
    * Headers: ``x-api-key`` (or ``authorization: Bearer`` for an OAuth token, plus
      an ``oauth-...`` beta), ``anthropic-version``, ``anthropic-beta``,
      ``x-app: cli``, ``user-agent: claude-cli/<version> (external, sdk-cli)``,
      ``x-claude-code-session-id``, ``x-stainless-retry-count``.
    * ``/compact`` sends ordinary-looking main-turn requests (tools included) whose
      last user text asks for an ``<analysis>``/``<summary>`` reply; a reply
      without ``<summary>`` makes the CLI ask a second time.
    * Errors: a 401 ends the turn at once ("Invalid API key"). A 400 is answered
      by up to five more attempts, each with fewer betas (thinking-token-count,
      thinking display, deferred tools...), so script it with ``times=None``.
      429/5xx are retried by the CLI with long back-off unless
      ``CLAUDE_CODE_MAX_RETRIES`` is set (0: one request; 1: one
      ``system/api_retry`` event and two requests). ``x-stainless-retry-count``
      stays 0 in all of these: the retries are the CLI's, not the SDK's. The
      ``request-id`` header comes back as ``request_id`` in the CLI's output.
    * Usage in stream-json ``assistant`` events is the ``message_start`` snapshot
      (output_tokens 1); only ``result`` has the ``message_delta`` totals.
    * With an OAuth token (``CLAUDE_CODE_OAUTH_TOKEN``) the CLI emits a
      ``rate_limit_event`` line, filled from ``anthropic-ratelimit-unified-*``
      response headers (``Reply(headers=...)``): ``-reset`` gives ``resetsAt``,
      ``-representative-claim: five_hour`` gives ``rateLimitType``.
    * The binary also holds tool-free helper calls (session title with a JSON
      schema output format, tool-use summaries, a quota probe with
      ``max_tokens: 1`` and the prompt ``"quota"``). None fired in the modes
      above, but :func:`is_main_turn` keeps scripted replies away from that shape
      should a later version start sending them.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, TypedDict, Unpack
from urllib.parse import parse_qs, urlsplit

__all__ = [
    "ApiError",
    "Block",
    "FakeAPI",
    "RecordedRequest",
    "Reply",
    "Text",
    "Thinking",
    "ToolResult",
    "ToolUse",
    "is_main_turn",
    "is_messages",
    "last_user_text",
    "parse_sse",
    "tool_results",
    "user_texts",
]

# What the API calls an error of each status when a test gives only the status.
ERROR_TYPES: dict[int, str] = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}

# Status-line reasons; 529 is not a standard code, the API calls it this.
_REASONS: dict[int, str] = {s.value: s.phrase for s in HTTPStatus} | {529: "Overloaded"}

_SYSTEM_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.DOTALL)
# How long a reply waits on its `hold` event before giving up, so a test that
# forgets to release it fails instead of hanging the suite. Longer than a window
# scenario may take (`run_kit.SCENARIO_S`): at 30 s, a loaded machine let the run
# wall's held turns go before the test released them, and they ended early.
HOLD_TIMEOUT_S = 200.0


def _new_id(prefix: str) -> str:
    return f"{prefix}_fake{secrets.token_hex(10)}"


# ---------------------------------------------------------------- content blocks


@dataclass(frozen=True)
class Text:
    """A text block of a reply."""

    text: str


@dataclass(frozen=True)
class ToolUse:
    """A tool call the model makes; the CLI runs the tool and sends a tool_result."""

    name: str
    input: Mapping[str, Any]
    id: str = field(default_factory=lambda: _new_id("toolu"))


@dataclass(frozen=True)
class Thinking:
    """An extended-thinking block (streamed as thinking_delta then signature_delta)."""

    thinking: str
    signature: str = "fake-signature"


Block = Text | ToolUse | Thinking


@dataclass(frozen=True)
class ApiError:
    """An API error: the HTTP status plus the body's error type and message."""

    status: int
    type: str
    message: str

    def body(self, request_id: str) -> dict[str, Any]:
        return {
            "type": "error",
            "error": {"type": self.type, "message": self.message},
            "request_id": request_id,
        }


# ---------------------------------------------------------------- replies


class ReplyOptions(TypedDict, total=False):
    """Keyword options every Reply constructor takes (see :class:`Reply`)."""

    input_tokens: int
    output_tokens: int | None
    cache_read_input_tokens: int
    cache_creation_input_tokens: int
    chunks: int
    delay: float
    stop_reason: str | None
    stream_error: ApiError | None
    headers: Mapping[str, str]
    model: str | None
    hold: threading.Event | None


@dataclass(frozen=True)
class Reply:
    """One scripted answer of "the model".

    ``chunks`` splits every block's text (or tool input JSON) into that many
    deltas and ``delay`` seconds pass before each delta, so a reply with
    ``chunks=10, delay=0.2`` takes about two seconds to stream. ``hold`` makes the
    server stop right after ``message_start`` until the event is set, for tests
    that need a turn in flight. ``stream_error`` sends an SSE ``error`` event after
    the blocks instead of ``message_delta``/``message_stop``, as the API does when
    it fails mid-stream. ``output_tokens`` defaults to a rough count of the text.
    """

    blocks: tuple[Block, ...] = ()
    input_tokens: int = 12
    output_tokens: int | None = None
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    chunks: int = 1
    delay: float = 0.0
    stop_reason: str | None = None
    api_error: ApiError | None = None
    stream_error: ApiError | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    model: str | None = None
    hold: threading.Event | None = None

    @classmethod
    def of(cls, *blocks: Block, **options: Unpack[ReplyOptions]) -> Reply:
        """A reply made of the given blocks, in order."""
        if not blocks:
            raise ValueError("a reply needs at least one block")
        if options.get("chunks", 1) < 1:
            raise ValueError("chunks must be at least 1")
        return cls(blocks=tuple(blocks), **options)

    @classmethod
    def text(cls, text: str = "Hello from the fake API.", **options: Unpack[ReplyOptions]) -> Reply:
        """A plain text answer."""
        return cls.of(Text(text), **options)

    @classmethod
    def tool_use(
        cls,
        name: str,
        input: Mapping[str, Any],
        *,
        id: str | None = None,
        text: str | None = None,
        **options: Unpack[ReplyOptions],
    ) -> Reply:
        """A tool call, optionally preceded by a text block."""
        call = ToolUse(name, dict(input)) if id is None else ToolUse(name, dict(input), id)
        blocks: list[Block] = [Text(text)] if text is not None else []
        blocks.append(call)
        return cls.of(*blocks, **options)

    @classmethod
    def error(
        cls,
        status: int,
        type: str | None = None,
        message: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
    ) -> Reply:
        """An HTTP error answer; type and message default to what the API says."""
        kind = type or ERROR_TYPES.get(status, "api_error")
        text = message or f"Fake {kind} ({status})"
        return cls(api_error=ApiError(status, kind, text), headers=dict(headers or {}))

    @property
    def effective_stop_reason(self) -> str:
        if self.stop_reason is not None:
            return self.stop_reason
        return "tool_use" if any(isinstance(b, ToolUse) for b in self.blocks) else "end_turn"

    @property
    def effective_output_tokens(self) -> int:
        if self.output_tokens is not None:
            return self.output_tokens
        size = 0
        for block in self.blocks:
            if isinstance(block, Text):
                size += len(block.text)
            elif isinstance(block, Thinking):
                size += len(block.thinking)
            else:
                size += len(json.dumps(block.input)) + len(block.name)
        return max(1, size // 4)

    def usage(self, output_tokens: int) -> dict[str, int]:
        return {
            "input_tokens": self.input_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
            "output_tokens": output_tokens,
        }


# ---------------------------------------------------------------- recorded requests


@dataclass(frozen=True)
class RecordedRequest:
    """One request as the fake received it. ``headers`` keys are lower-case."""

    method: str
    path: str
    query: Mapping[str, list[str]]
    headers: Mapping[str, str]
    body: Any
    raw_body: bytes
    time: float
    reply: Reply | None = None

    @property
    def json(self) -> dict[str, Any]:
        """The body as a JSON object; raises if it was not one."""
        if not isinstance(self.body, dict):
            raise TypeError(f"{self.method} {self.path} had no JSON object body")
        return self.body


def _body_of(request: RecordedRequest | Mapping[str, Any]) -> Mapping[str, Any]:
    return request.json if isinstance(request, RecordedRequest) else request


def is_messages(request: RecordedRequest) -> bool:
    """Any POST to /v1/messages (main turn or helper call)."""
    return request.method == "POST" and request.path == "/v1/messages"


def is_main_turn(request: RecordedRequest) -> bool:
    """A model call of the conversation itself, not a tool-free helper call.

    Main turns (compaction included) always send a ``tools`` list, possibly empty.
    Helpers may not, and the known ones also differ by a JSON-schema output
    format or ``max_tokens: 1`` (the quota probe).
    """
    if not is_messages(request) or not isinstance(request.body, dict):
        return False
    body = request.body
    if not isinstance(body.get("tools"), list):
        return False
    if int(body.get("max_tokens") or 0) <= 1:
        return False
    output_config = body.get("output_config")
    has_format = isinstance(output_config, dict) and "format" in output_config
    return not (has_format or "output_format" in body)


def _content_blocks(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)]


def _human_text(block: Mapping[str, Any]) -> str:
    if block.get("type") != "text":
        return ""
    return _SYSTEM_REMINDER.sub("", str(block.get("text", ""))).strip()


def user_texts(request: RecordedRequest | Mapping[str, Any]) -> list[str]:
    """What the person typed, one entry per user message, oldest first.

    The CLI wraps its own context in ``<system-reminder>`` blocks inside user
    messages; those are dropped, and messages with nothing else (tool results
    only) are skipped.
    """
    texts = []
    for message in _body_of(request).get("messages", []):
        if message.get("role") != "user":
            continue
        parts = [t for t in (_human_text(b) for b in _content_blocks(message)) if t]
        if parts:
            texts.append("\n".join(parts))
    return texts


def last_user_text(request: RecordedRequest | Mapping[str, Any]) -> str:
    """The person's latest prompt in a messages request ("" when there is none)."""
    texts = user_texts(request)
    return texts[-1] if texts else ""


@dataclass(frozen=True)
class ToolResult:
    """A tool_result block the CLI sent back."""

    tool_use_id: str
    content: Any
    is_error: bool

    @property
    def text(self) -> str:
        """The result's text, whether the CLI sent a string or text blocks."""
        if isinstance(self.content, str):
            return self.content
        return "\n".join(
            str(b.get("text", ""))
            for b in self.content or []
            if isinstance(b, dict) and b.get("type") == "text"
        )


def tool_results(
    request: RecordedRequest | Mapping[str, Any], *, all_messages: bool = False
) -> list[ToolResult]:
    """The tool results of the last user message (of every message if asked)."""
    messages = [m for m in _body_of(request).get("messages", []) if m.get("role") == "user"]
    if not all_messages:
        messages = messages[-1:]
    return [
        ToolResult(str(b.get("tool_use_id")), b.get("content"), bool(b.get("is_error", False)))
        for m in messages
        for b in _content_blocks(m)
        if b.get("type") == "tool_result"
    ]


# ---------------------------------------------------------------- SSE rendering


def _split(text: str, parts: int) -> list[str]:
    # Even-sized pieces; an empty text still yields one (empty) delta, as the API does.
    if not text:
        return [""]
    size = math.ceil(len(text) / parts)
    return [text[i : i + size] for i in range(0, len(text), size)]


def _block_start(block: Block) -> dict[str, Any]:
    if isinstance(block, Text):
        return {"type": "text", "text": ""}
    if isinstance(block, Thinking):
        return {"type": "thinking", "thinking": "", "signature": ""}
    return {"type": "tool_use", "id": block.id, "name": block.name, "input": {}}


def _block_deltas(block: Block, chunks: int) -> list[dict[str, Any]]:
    if isinstance(block, Text):
        return [{"type": "text_delta", "text": piece} for piece in _split(block.text, chunks)]
    if isinstance(block, Thinking):
        deltas = [
            {"type": "thinking_delta", "thinking": piece}
            for piece in _split(block.thinking, chunks)
        ]
        return [*deltas, {"type": "signature_delta", "signature": block.signature}]
    payload = json.dumps(block.input, ensure_ascii=False)
    return [{"type": "input_json_delta", "partial_json": p} for p in _split(payload, chunks)]


def _block_final(block: Block) -> dict[str, Any]:
    if isinstance(block, Text):
        return {"type": "text", "text": block.text}
    if isinstance(block, Thinking):
        return {"type": "thinking", "thinking": block.thinking, "signature": block.signature}
    return {"type": "tool_use", "id": block.id, "name": block.name, "input": dict(block.input)}


def _sse(event: str, data: Mapping[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def _placeholder_for(schema: Any) -> Any:
    """The smallest value that satisfies a simple JSON schema (for helper calls)."""
    if not isinstance(schema, dict):
        return {}
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties") or {}
        return {k: _placeholder_for(props.get(k)) for k in schema.get("required") or []}
    return {"string": "fake", "integer": 0, "number": 0, "boolean": False, "array": []}.get(
        str(kind)
    )


# ---------------------------------------------------------------- the server


class _Handler(BaseHTTPRequestHandler):
    # HTTP/1.1 so the CLI's keep-alive connections and chunked streams behave as
    # they do against the real API.
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        # The request list is the log; stderr noise would only clutter test output.
        pass

    def do_GET(self) -> None:
        self.server.fake._handle(self)

    def do_HEAD(self) -> None:
        self.server.fake._handle(self)

    def do_POST(self) -> None:
        self.server.fake._handle(self)

    def do_PUT(self) -> None:
        self.server.fake._handle(self)

    def do_DELETE(self) -> None:
        self.server.fake._handle(self)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeAPI

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that hangs up (the CLI exiting, a test killing it) is normal here.
        pass


class _ClientGone(Exception):
    pass


@dataclass
class _Scripted:
    reply: Reply
    when: Callable[[RecordedRequest], bool]
    times: int | None  # None: serve until reset()


class FakeAPI:
    """The fake server. Use as a context manager, or call start()/stop()."""

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self._queue: list[_Scripted] = []
        self._requests: list[RecordedRequest] = []
        self._count_tokens: int | None = None
        self._accepted_keys: frozenset[str] | None = None
        self._message_ids = itertools.count(1)
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle

    def start(self) -> FakeAPI:
        if self._server is not None:
            return self
        server = _Server(("127.0.0.1", 0), _Handler)
        server.fake = self
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": 0.05},
            daemon=True,
            name="fake-anthropic-api",
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is None:
            return
        self._server.shutdown()
        self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._server = None
        self._thread = None

    def __enter__(self) -> FakeAPI:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the fake API is not running")
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        """The base URL for ANTHROPIC_BASE_URL (no trailing slash)."""
        return f"http://127.0.0.1:{self.port}"

    def reset(self) -> None:
        """Forget scripted replies, recorded requests and settings (between tests)."""
        with self._lock:
            self._queue.clear()
            self._requests.clear()
            self._count_tokens = None
            self._accepted_keys = None

    # -- scripting

    def enqueue(
        self,
        *replies: Reply,
        when: Callable[[RecordedRequest], bool] = is_main_turn,
        times: int | None = 1,
    ) -> None:
        """Queue replies (FIFO) for the next requests that ``when`` accepts.

        Each reply is served ``times`` times before the next one; ``None`` keeps
        serving it until :meth:`reset`. The CLI answers a 400 by retrying up to
        five times with fewer betas, so an error meant to end a turn wants
        ``times=None``.
        """
        if times is not None and times < 1:
            raise ValueError("times must be at least 1 (or None)")
        with self._lock:
            self._queue.extend(_Scripted(r, when, times) for r in replies)

    @property
    def pending(self) -> int:
        """How many scripted replies are still queued (a times=None one counts once)."""
        with self._lock:
            return len(self._queue)

    def assert_all_consumed(self) -> None:
        """Fail if a scripted reply was never served (times=None ones are exempt)."""
        with self._lock:
            left = [s.reply for s in self._queue if s.times is not None]
        assert not left, f"{len(left)} scripted replies were never requested: {left!r}"

    def set_count_tokens(self, value: int | None) -> None:
        """Fix the count_tokens answer; None estimates it from the body size."""
        with self._lock:
            self._count_tokens = value

    def accept_only(self, *keys: str) -> None:
        """Answer 401 to any x-api-key or bearer token not listed (no args: accept all)."""
        with self._lock:
            self._accepted_keys = frozenset(keys) if keys else None

    def default_reply(self, request: RecordedRequest) -> Reply:
        """What an unscripted request gets: a short text, JSON for schema'd helpers."""
        body = request.body if isinstance(request.body, dict) else {}
        output_config = body.get("output_config")
        fmt = body.get("output_format") or (
            output_config.get("format") if isinstance(output_config, dict) else None
        )
        if isinstance(fmt, dict) and fmt.get("schema") is not None:
            return Reply.text(json.dumps(_placeholder_for(fmt["schema"])))
        return Reply.text("OK (default reply from the fake API).")

    # -- inspection

    @property
    def requests(self) -> list[RecordedRequest]:
        """A snapshot of every request so far, oldest first."""
        with self._lock:
            return list(self._requests)

    def messages_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if is_messages(r)]

    def main_turns(self) -> list[RecordedRequest]:
        return [r for r in self.requests if is_main_turn(r)]

    def wait_for_request(
        self,
        predicate: Callable[[RecordedRequest], bool] = is_main_turn,
        *,
        count: int = 1,
        timeout: float = 90.0,
    ) -> RecordedRequest:
        """Block until ``count`` matching requests arrived; return the last of them.
        The bound only ends a hang: a loaded 2-core machine can take over 10 s to
        start `claude` and have it ask."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                hits = [r for r in self._requests if predicate(r)]
                if len(hits) >= count:
                    return hits[count - 1]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"only {len(hits)} of {count} requests arrived")
                self._lock.wait(left)

    # -- serving

    def _take_reply(self, request: RecordedRequest) -> Reply:
        with self._lock:
            for i, scripted in enumerate(self._queue):
                if scripted.when(request):
                    if scripted.times is not None:
                        scripted.times -= 1
                        if scripted.times == 0:
                            del self._queue[i]
                    return scripted.reply
        return self.default_reply(request)

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self._requests.append(request)
            self._lock.notify_all()

    def _handle(self, handler: _Handler) -> None:
        split = urlsplit(handler.path)
        length = int(handler.headers.get("content-length") or 0)
        raw = handler.rfile.read(length) if length else b""
        try:
            body: Any = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = RecordedRequest(
            method=handler.command,
            path=split.path,
            query=parse_qs(split.query, keep_blank_values=True),
            headers={k.lower(): v for k, v in handler.headers.items()},
            body=body,
            raw_body=raw,
            time=time.time(),
        )
        request_id = _new_id("req")
        try:
            self._route(handler, request, request_id, bad_json=bool(raw) and body is None)
        except _ClientGone:
            handler.close_connection = True

    def _route(
        self, handler: _Handler, request: RecordedRequest, request_id: str, *, bad_json: bool
    ) -> None:
        path, method = request.path, request.method
        if path == "/api/hello":
            self._record(request)
            self._send_json(handler, 200, {}, request_id)
            return
        if path not in ("/v1/messages", "/v1/messages/count_tokens"):
            self._record(request)
            self._send_error(
                handler, ApiError(404, "not_found_error", f"Not found: {path}"), request_id
            )
            return
        auth_error = self._auth_error(request)
        problem = auth_error
        if problem is None and method != "POST":
            problem = ApiError(405, "invalid_request_error", f"Method {method} not allowed")
        if problem is None and (bad_json or not isinstance(request.body, dict)):
            problem = ApiError(400, "invalid_request_error", "Request body is not valid JSON")
        if problem is not None:
            self._record(request)
            self._send_error(handler, problem, request_id)
            return
        if path == "/v1/messages/count_tokens":
            self._record(request)
            with self._lock:
                fixed = self._count_tokens
            tokens = fixed if fixed is not None else max(1, len(request.raw_body) // 4)
            self._send_json(handler, 200, {"input_tokens": tokens}, request_id)
            return
        # Choose the reply before recording so wait_for_request() callers see the
        # request only once it is being served, never a half-decided one.
        reply = self._take_reply(request)
        served = dataclasses.replace(request, reply=reply)
        self._record(served)
        if reply.api_error is not None:
            self._send_error(handler, reply.api_error, request_id, reply.headers)
        elif request.json.get("stream"):
            self._stream(handler, reply, request, request_id)
        else:
            self._send_json(handler, 200, self._message(reply, request), request_id, reply.headers)

    def _auth_error(self, request: RecordedRequest) -> ApiError | None:
        key = request.headers.get("x-api-key")
        bearer = request.headers.get("authorization", "")
        token = key or (bearer[7:] if bearer.lower().startswith("bearer ") else None)
        if not token:
            return ApiError(401, "authentication_error", "x-api-key header is required")
        with self._lock:
            accepted = self._accepted_keys
        if accepted is not None and token not in accepted:
            return ApiError(401, "authentication_error", "invalid x-api-key")
        return None

    def _message(self, reply: Reply, request: RecordedRequest) -> dict[str, Any]:
        return {
            "id": f"msg_fake{next(self._message_ids):06d}",
            "type": "message",
            "role": "assistant",
            "model": reply.model or request.json.get("model", "claude-fake"),
            "content": [_block_final(b) for b in reply.blocks],
            "stop_reason": reply.effective_stop_reason,
            "stop_sequence": None,
            "usage": reply.usage(reply.effective_output_tokens),
        }

    # -- low-level writing

    @staticmethod
    def _write(handler: _Handler, data: bytes) -> None:
        try:
            handler.wfile.write(data)
            handler.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, OSError) as exc:
            raise _ClientGone from exc

    def _head(
        self, handler: _Handler, status: int, request_id: str, headers: Mapping[str, str]
    ) -> None:
        try:
            handler.send_response(status, _REASONS.get(status))
            handler.send_header("request-id", request_id)
            for name, value in headers.items():
                handler.send_header(name, value)
            handler.end_headers()
        except (BrokenPipeError, ConnectionResetError) as exc:
            raise _ClientGone from exc

    def _send_json(
        self,
        handler: _Handler,
        status: int,
        payload: Mapping[str, Any],
        request_id: str,
        extra: Mapping[str, str] | None = None,
    ) -> None:
        data = json.dumps(payload, ensure_ascii=False).encode()
        headers = {
            "content-type": "application/json",
            "content-length": str(len(data)),
            **(extra or {}),
        }
        self._head(handler, status, request_id, headers)
        if handler.command != "HEAD":
            self._write(handler, data)

    def _send_error(
        self,
        handler: _Handler,
        error: ApiError,
        request_id: str,
        extra: Mapping[str, str] | None = None,
    ) -> None:
        self._send_json(handler, error.status, error.body(request_id), request_id, extra)

    def _stream(
        self, handler: _Handler, reply: Reply, request: RecordedRequest, request_id: str
    ) -> None:
        self._head(
            handler,
            200,
            request_id,
            {
                "content-type": "text/event-stream; charset=utf-8",
                "cache-control": "no-cache",
                "transfer-encoding": "chunked",
                **reply.headers,
            },
        )
        for event in self._events(reply, request):
            if isinstance(event, float):
                time.sleep(event)
                continue
            self._write(handler, b"%x\r\n%s\r\n" % (len(event), event))
        self._write(handler, b"0\r\n\r\n")

    def _events(self, reply: Reply, request: RecordedRequest) -> Iterator[bytes | float]:
        """The SSE byte chunks of a reply, with float items meaning "sleep this long"."""
        message = self._message(reply, request)
        start = {**message, "content": [], "stop_reason": None, "usage": reply.usage(1)}
        yield _sse("message_start", {"type": "message_start", "message": start})
        yield _sse("ping", {"type": "ping"})
        if reply.hold is not None and not reply.hold.wait(HOLD_TIMEOUT_S):
            raise _ClientGone("hold was never released")
        for index, block in enumerate(reply.blocks):
            yield _sse(
                "content_block_start",
                {
                    "type": "content_block_start",
                    "index": index,
                    "content_block": _block_start(block),
                },
            )
            for delta in _block_deltas(block, reply.chunks):
                if reply.delay:
                    yield reply.delay
                yield _sse(
                    "content_block_delta",
                    {"type": "content_block_delta", "index": index, "delta": delta},
                )
            yield _sse("content_block_stop", {"type": "content_block_stop", "index": index})
        if reply.stream_error is not None:
            yield _sse(
                "error",
                {
                    "type": "error",
                    "error": {
                        "type": reply.stream_error.type,
                        "message": reply.stream_error.message,
                    },
                },
            )
            return
        yield _sse(
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": reply.effective_stop_reason, "stop_sequence": None},
                "usage": reply.usage(reply.effective_output_tokens),
            },
        )
        yield _sse("message_stop", {"type": "message_stop"})


def parse_sse(raw: bytes | str) -> list[tuple[str, dict[str, Any]]]:
    """Split an SSE body into (event name, data object) pairs, for tests of the fake."""
    text = raw.decode() if isinstance(raw, bytes) else raw
    events = []
    for frame in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in frame.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events
