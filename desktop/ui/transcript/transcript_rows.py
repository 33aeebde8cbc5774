"""What the transcript view shows, row by row, built from a session's messages.

A row is one readable unit: a prompt, a reply, a thinking block, a divider, or a
tool *card* that holds the call, its result (matched by `tool_use_id`) and, for
an Agent/Task call, the subagent's own messages. Building rows is pure Python
with no Qt, so a worker thread can turn a 50,000-message session into rows
while the window keeps painting.

Keys are stable across reloads of a growing file (a uuid, or `tool:<id>` for a
card), which is what lets the model update a row in place instead of resetting.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import count
from typing import Any

from desktop.domain.transcript import Message, Role

AGENT_TOOLS = frozenset({"Agent", "Task"})
_revisions = count(1)
"""One counter for every row of the process: a key can come back with other text (a
streamed paragraph, then the whole reply read from disk), its revision never does."""


def next_revision() -> int:
    return next(_revisions)


class RowKind(StrEnum):
    PROMPT = "prompt"
    IMAGE = "image"
    """An image a prompt sent: a thumbnail under the prompt's words."""
    REPLY = "reply"
    TOOL = "tool"
    THINKING = "thinking"
    SUMMARY = "summary"
    """The compact summary the CLI writes after /compact: long, collapsed."""
    NOTE = "note"
    """A short system line: an interrupt, a slash command, a finished agent."""
    DIVIDER = "divider"
    RESULT = "result"
    """A tool result whose call is not shown (a damaged or cut transcript)."""


COLLAPSIBLE = frozenset({RowKind.TOOL, RowKind.THINKING, RowKind.SUMMARY, RowKind.RESULT})


@dataclass(slots=True)
class Row:
    kind: RowKind
    key: str
    message: Message
    result: Message | None = None
    subagent: tuple[Message, ...] | None = None
    """An Agent/Task card's subagent transcript, when the CLI kept one."""
    expanded: bool = False
    first_of_turn: bool = True
    """A reply row that starts Claude's turn gets the "Claude" label; later ones do not."""
    revision: int = field(default_factory=next_revision)
    """New for every row and every in-place change, so cached renderings are never reused
    for other content under the same key."""
    chars: int = 0
    breaks: int = 0
    uuids: tuple[str, ...] = field(default=())
    """Every message uuid this row shows (a search hit may name any of them)."""

    def same_content(self, other: Row) -> bool:
        return (
            self.key == other.key
            and self.message == other.message
            and self.result == other.result
            and self.subagent == other.subagent
        )

    def measure(self) -> None:
        """Remember the text's size so a height can be guessed without laying it out."""
        text = self.message.text
        self.chars = len(text)
        # a prompt's folded "sent with this turn" line, and the gap above it
        self.breaks = text.count("\n") + (2 if self.message.sent_with else 0)

    @property
    def folds(self) -> bool:
        """Whether a click opens and closes it: a card, or a prompt sent with more."""
        return self.kind in COLLAPSIBLE or (
            self.kind is RowKind.PROMPT and bool(self.message.sent_with)
        )

    def plain_text(self) -> str:
        """The row as plain text, for copying."""
        m = self.message
        if self.kind is RowKind.TOOL:
            parts = [f"{m.tool_name or 'tool'} {format_input(m.input)}"]
            if self.result is not None:
                parts.append(self.result.text)
            return "\n".join(parts)
        return m.text


def format_input(value: Any) -> str:
    if value is None:
        return ""
    try:
        return json.dumps(value, indent=2, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


def _kind_of(message: Message) -> RowKind | None:
    if message.divider:
        return RowKind.DIVIDER
    role = message.role
    if role is Role.USER:
        if message.is_compact_summary:
            return RowKind.SUMMARY
        if message.image is not None:
            return RowKind.IMAGE
        # a recap run's prompt is all ours: nothing typed, shown folded all the same
        return RowKind.PROMPT if message.text.strip() or message.sent_with else None
    if role is Role.ASSISTANT:
        return RowKind.REPLY if message.text.strip() else None
    if role is Role.THINKING:
        return RowKind.THINKING if message.text.strip() else None
    if role is Role.TOOL_USE:
        return RowKind.TOOL
    if role is Role.TOOL_RESULT:
        return RowKind.RESULT
    return RowKind.NOTE if message.text.strip() else None


class RowBuilder:
    """Turns messages into rows; keeps what it needs to go on appending later."""

    def __init__(self, thread: Any = None) -> None:
        self._thread = thread
        self._keys: set[str] = set()
        self._serial = 0
        self.cards: dict[str, Row] = {}
        """Tool cards by tool_use_id, for results that arrive after their call."""
        self._last: Row | None = None

    def build(self, messages: Sequence[Message]) -> list[Row]:
        return list(self.rows(messages))

    def rows(self, messages: Sequence[Message]) -> Iterator[Row]:
        """`build`, a row at a time (a window can take them a slice per event-loop turn)."""
        results = {
            m.tool_use_id: m
            for m in messages
            if m.role is Role.TOOL_RESULT and m.tool_use_id is not None
        }
        calls = {m.tool_use_id for m in messages if m.role is Role.TOOL_USE and m.tool_use_id}
        for message in messages:
            if message.role is Role.TOOL_RESULT and message.tool_use_id in calls:
                continue  # shown inside its card
            row = self.row_for(message, results.get(message.tool_use_id or ""))
            if row is not None:
                yield row
        for sub in getattr(self._thread, "unmatched_subagents", ()):
            if sub.messages:
                first = sub.messages[0]
                card = Message(Role.TOOL_USE, tool_name="Agent", input={"agent": sub.agent_id},
                               timestamp=first.timestamp)  # fmt: skip
                row = self._make(RowKind.TOOL, card, f"agent:{sub.agent_id}")
                row.subagent = tuple(sub.messages)
                yield row

    def row_for(self, message: Message, result: Message | None = None) -> Row | None:
        """The row showing `message`, or None for what is never shown (meta, empty)."""
        if message.is_meta:
            return None
        kind = _kind_of(message)
        if kind is None:
            return None
        if kind is RowKind.TOOL and message.tool_use_id:
            key = f"tool:{message.tool_use_id}"
        else:
            key = message.uuid or f"row:{self._serial}"
        row = self._make(kind, message, key)
        if kind is RowKind.TOOL:
            row.result = result
            if message.tool_use_id:
                self.cards[message.tool_use_id] = row
                if message.tool_name in AGENT_TOOLS and self._thread is not None:
                    sub = self._thread.subagent_for(message.tool_use_id)
                    if sub is not None and sub.messages:
                        row.subagent = tuple(sub.messages)
            if result is not None and result.uuid:
                row.uuids = (*row.uuids, result.uuid)
            if row.subagent:
                row.uuids = (*row.uuids, *(m.uuid for m in row.subagent if m.uuid))
        return row

    def _make(self, kind: RowKind, message: Message, key: str) -> Row:
        self._serial += 1
        if key in self._keys:  # blocks of one line can share a uuid: keep keys unique
            key = f"{key}#{self._serial}"
        self._keys.add(key)
        previous = self._last
        row = Row(kind, key, message, uuids=(message.uuid,) if message.uuid else ())
        row.first_of_turn = not (
            kind is RowKind.REPLY
            and previous is not None
            and previous.kind in (RowKind.REPLY, RowKind.TOOL, RowKind.THINKING)
        )
        row.measure()
        self._last = row
        return row


def build_rows(messages: Iterable[Message], thread: Any = None) -> tuple[list[Row], RowBuilder]:
    builder = RowBuilder(thread)
    return builder.build(list(messages)), builder
