"""The run wall: every running or waiting turn, whichever process drives it.

A turn's execution row says that it runs, under which account, in which
conversation and since when; what only its owning process sees — the tokens
so far and a permission question waiting for an answer — that process keeps
in a small note beside the database (`RunNote`, written as the turn goes and
removed when it ends), so another process (`sessiondesk runs`, the window)
can show it too. Pure: no I/O here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum

from desktop.domain.events import AssistantMessage, Event, StreamDelta


class WallState(StrEnum):
    RUNNING = "running"
    NEEDS_ANSWER = "needs-answer"


@dataclass(frozen=True, slots=True)
class RunNote:
    """What the owner of a turn knows and others cannot read from its row."""

    tokens: int = 0
    waiting: tuple[str, ...] = ()
    """The tools whose permission questions wait for an answer, oldest first."""

    def dumps(self) -> str:
        return json.dumps({"tokens": self.tokens, "waiting": list(self.waiting)})

    @classmethod
    def loads(cls, text: str) -> RunNote | None:
        """None when the text is not a note (half written by a process that died)."""
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict):
            return None
        tokens, waiting = data.get("tokens"), data.get("waiting")
        if not isinstance(tokens, int) or not isinstance(waiting, list):
            return None
        return cls(max(0, tokens), tuple(str(w) for w in waiting))


@dataclass
class TokenTally:
    """Tokens a turn has used so far: each API call's input (cached too) and output,
    counted once per call however many events repeat its usage. A reply's output
    grows as it streams (`message_delta`); its blocks carry the count at their start."""

    _calls: dict[str, tuple[int, int]] = field(default_factory=dict)
    _current: str | None = None

    def add(self, event: Event) -> bool:
        """Fold one event in; True when the total changed."""
        if isinstance(event, AssistantMessage):
            if event.is_api_error:
                return False
            u = event.usage
            return self._count(event.message_id, u.context_tokens, u.output_tokens)
        if isinstance(event, StreamDelta) and event.kind in ("message_start", "message_delta"):
            if event.kind == "message_start":
                self._current = event.message_id
            inner = event.raw.get("event")
            inner = inner if isinstance(inner, dict) else {}
            message = inner.get("message") if event.kind == "message_start" else inner
            usage = message.get("usage") if isinstance(message, dict) else None
            if not isinstance(usage, dict) or self._current is None:
                return False
            read = sum(
                _count(usage.get(k))
                for k in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
            )
            return self._count(self._current, read, _count(usage.get("output_tokens")))
        return False

    def _count(self, call: str, read: int, written: int) -> bool:
        old = self._calls.get(call, (0, 0))
        new = (max(old[0], read), max(old[1], written))
        if new == old:
            return False
        self._calls[call] = new
        return True

    @property
    def total(self) -> int:
        return sum(read + written for read, written in self._calls.values())


def _count(value: object) -> int:
    return value if isinstance(value, int) and value > 0 else 0


@dataclass(frozen=True, slots=True)
class WallRun:
    """One row of the wall."""

    execution_id: str
    conversation_id: str
    conversation: str
    """Its `SESS-042` handle."""
    title: str
    account: str
    state: WallState
    started: datetime | None
    """Naive UTC, as the database keeps times."""
    tokens: int | None
    """None: not known (its owner wrote no note)."""
    waiting: tuple[str, ...] = ()
    session_id: str | None = None
    owner_pid: int | None = None

    def elapsed(self, now: datetime) -> float:
        if self.started is None:
            return 0.0
        return max(0.0, (now - self.started).total_seconds())


def state_of(note: RunNote | None) -> WallState:
    return WallState.NEEDS_ANSWER if note is not None and note.waiting else WallState.RUNNING


def elapsed_text(seconds: float) -> str:
    """`0:07`, `12:30`, `1:02:03`: a clock, the same in every language."""
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"
