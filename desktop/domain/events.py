"""What `claude -p --output-format stream-json` says, as typed values.

One stdout line is one JSON object and becomes one frozen event
(`desktop.domain.stream_json.parse_event`). Every event keeps its line's
object in `raw`, so whatever a newer CLI adds can still be shown. `Unknown`
and `ParseError` are events too: nothing a CLI prints is fatal to a run.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Payload = Mapping[str, Any]


# ---- content blocks and usage -------------------------------------------------


@dataclass(frozen=True)
class Usage:
    """Token counts of one API call (or, on a `Result`, of a whole turn)."""

    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0

    @property
    def context_tokens(self) -> int:
        """What the model read: fresh input plus both kinds of cached input."""
        return self.input_tokens + self.cache_read_input_tokens + self.cache_creation_input_tokens


@dataclass(frozen=True)
class TextBlock:
    text: str


@dataclass(frozen=True)
class ThinkingBlock:
    thinking: str


@dataclass(frozen=True)
class ToolUseBlock:
    id: str
    name: str
    input: Payload


@dataclass(frozen=True)
class ToolResultBlock:
    tool_use_id: str
    content: Any  # a string, or a list of text/image blocks
    is_error: bool = False

    @property
    def text(self) -> str:
        if isinstance(self.content, str):
            return self.content
        parts = self.content if isinstance(self.content, list) else []
        return "\n".join(
            b["text"] for b in parts if isinstance(b, Mapping) and isinstance(b.get("text"), str)
        )


@dataclass(frozen=True)
class OtherBlock:
    type: str
    raw: Payload = field(repr=False)


Block = TextBlock | ThinkingBlock | ToolUseBlock | ToolResultBlock | OtherBlock


# ---- events -------------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """Base of every event; `raw` is the line's JSON object as it came."""

    raw: Payload = field(default_factory=dict, repr=False, compare=False, kw_only=True)


@dataclass(frozen=True)
class SystemInit(Event):
    session_id: str
    cwd: str | None
    model: str | None
    tools: tuple[str, ...]
    permission_mode: str | None
    api_key_source: str | None
    version: str | None


@dataclass(frozen=True)
class SystemStatus(Event):
    session_id: str | None
    status: str | None  # e.g. "requesting"; null when a status clears


@dataclass(frozen=True)
class CompactBoundary(Event):
    session_id: str | None
    trigger: str | None  # "auto" or "manual"
    pre_tokens: int
    post_tokens: int | None  # the context size right after compaction


@dataclass(frozen=True)
class ApiRetry(Event):
    session_id: str | None
    attempt: int
    max_retries: int
    retry_delay_ms: int
    error_status: int | None
    error: str | None


@dataclass(frozen=True)
class SystemEvent(Event):
    """Any other `system` subtype (`task_started`, `task_notification`, …)."""

    subtype: str
    session_id: str | None


@dataclass(frozen=True)
class AssistantMessage(Event):
    """One content block of a reply; blocks of one reply share `message_id`."""

    message_id: str
    blocks: tuple[Block, ...]
    usage: Usage
    model: str | None
    is_api_error: bool
    session_id: str | None
    parent_tool_use_id: str | None  # set when a subagent speaks
    uuid: str | None = None

    @property
    def text(self) -> str:
        return "".join(b.text for b in self.blocks if isinstance(b, TextBlock))


@dataclass(frozen=True)
class UserMessage(Event):
    """What the CLI fed back to the model: tool results, or markers such as
    `[Request interrupted by user]`."""

    blocks: tuple[Block, ...]
    session_id: str | None
    parent_tool_use_id: str | None
    uuid: str | None = None
    is_replay: bool = False  # our own turn echoed back (--replay-user-messages)

    @property
    def tool_results(self) -> tuple[ToolResultBlock, ...]:
        return tuple(b for b in self.blocks if isinstance(b, ToolResultBlock))


@dataclass(frozen=True)
class ModelUsage:
    context_window: int | None
    cost_usd: float


@dataclass(frozen=True)
class Result(Event):
    """The end of a turn. `usage` sums every API call: it is not the context."""

    subtype: str
    is_error: bool
    text: str | None
    session_id: str | None
    num_turns: int
    total_cost_usd: float
    usage: Usage
    model_usage: Mapping[str, ModelUsage]
    permission_denials: tuple[Payload, ...]
    errors: tuple[str, ...]
    api_error_status: int | None
    terminal_reason: str | None

    @property
    def context_window(self) -> int | None:
        windows = [m.context_window for m in self.model_usage.values() if m.context_window]
        return max(windows) if windows else None


@dataclass(frozen=True)
class StreamDelta(Event):
    """A raw SSE event (`--include-partial-messages`), flattened.

    kind: message_start, block_start, text, thinking, tool_input, block_stop,
    message_delta, message_stop, or other.
    """

    kind: str
    index: int | None = None
    text: str = ""  # the text, thinking or partial tool-input JSON of a delta
    block_type: str | None = None
    message_id: str | None = None
    stop_reason: str | None = None
    session_id: str | None = None
    parent_tool_use_id: str | None = None


@dataclass(frozen=True)
class ControlRequest(Event):
    """CLI → host: a question the host must answer with a control_response."""

    request_id: str
    subtype: str
    request: Payload


@dataclass(frozen=True)
class PermissionRequest(ControlRequest):
    """`can_use_tool`: may the model run this tool with this input?"""

    tool_name: str
    input: Payload
    tool_use_id: str | None
    suggestions: tuple[Payload, ...]
    description: str | None


@dataclass(frozen=True)
class ControlResponse(Event):
    request_id: str
    ok: bool
    response: Payload
    error: str | None


@dataclass(frozen=True)
class CommandLifecycle(Event):
    """Where a turn we sent (by its uuid) stands: queued, started, completed
    or cancelled. Emitted with --replay-user-messages."""

    command_uuid: str
    state: str
    session_id: str | None


@dataclass(frozen=True)
class Unknown(Event):
    type: str


@dataclass(frozen=True)
class ParseError(Event):
    error: str
    line: str  # the start of the offending line, for a log


@dataclass(frozen=True)
class ProcessExited(Event):
    """Not a CLI line: the stream ended because the process did."""

    returncode: int | None  # negative: killed by that signal
    stderr: str


def context_tokens(events: Iterable[Event]) -> int | None:
    """The context size after the last API call of the main conversation.

    Not `Result.usage`, which sums every call of a turn. Subagent replies and
    synthetic API-error messages (all zeros) are skipped: they say nothing
    about the main conversation's window. A compaction shrinks the context
    to what it reports, until the next reply says otherwise.
    """
    last: int | None = None
    for event in events:
        if isinstance(event, CompactBoundary):
            last = event.post_tokens
        elif (
            isinstance(event, AssistantMessage)
            and not event.is_api_error
            and event.parent_tool_use_id is None
            and event.usage.context_tokens > 0
        ):
            last = event.usage.context_tokens
    return last
