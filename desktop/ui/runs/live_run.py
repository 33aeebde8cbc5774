"""A turn in flight as the transcript shows it: run events folded into messages.

`LiveTranscript` turns the events of one run into the same `Message` values
the transcript reader makes from disk, so the transcript model can show them
with its ordinary rows. It is plain Python (no Qt), which keeps the folding
testable and cheap enough to run for several streaming runs at once.

Every message that reaches the transcript file carries the uuid the CLI
writes there (our prompt's uuid is the one we sent it under, echoed back by
`--replay-user-messages`), so a message already read from disk can be told
apart from one only seen live: that is how the window never shows one twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum

from msgspec.structs import replace

from desktop.domain.events import (
    AssistantMessage,
    Event,
    StreamDelta,
    TextBlock,
    ThinkingBlock,
    ToolUseBlock,
    UserMessage,
)
from desktop.domain.images import ImageAttachment
from desktop.domain.transcript import Message, Role
from desktop.domain.transcript_text import closes_quiet_turn


class Op(StrEnum):
    ADD = "add"
    """A new message to show at the end."""
    UPDATE = "update"
    """The item's message changed in place (more text streamed, its uuid became known)."""
    RESULT = "result"
    """A tool call's result arrived: its card fills in."""


@dataclass(slots=True)
class LiveItem:
    key: str
    """Stable for the life of the run; never shown."""
    message: Message
    result: Message | None = None
    final: bool = False
    """The CLI sent the whole block: no more text will stream into it."""

    @property
    def uuid(self) -> str | None:
        return self.message.uuid


@dataclass(frozen=True, slots=True)
class Change:
    op: Op
    item: LiveItem


def split_paragraphs(text: str) -> list[str]:
    """Cut Markdown at blank lines outside code fences.

    A reply that is still streaming only ever grows at its end, so every part
    but the last is finished: shown as rows of their own, they are rendered
    once instead of on every chunk.
    """
    parts: list[str] = []
    current: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        marker = line.lstrip()[:3]
        if fence is None and marker in ("```", "~~~"):
            fence = marker
        elif fence is not None and marker == fence:
            fence = None
        elif fence is None and not line.strip():
            if current:
                parts.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        parts.append("\n".join(current))
    return parts or [text]


def now_stamp() -> str:
    """The moment as the transcript writes it (ISO 8601, UTC, milliseconds)."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def _closes_quiet_turn(event: AssistantMessage) -> bool:
    """The model's (or claude's) "No response requested." after an interrupt: not shown."""
    block = event.blocks[0] if len(event.blocks) == 1 else None
    if not isinstance(block, TextBlock):
        return False
    message = event.raw.get("message")
    stop = message.get("stop_reason") if isinstance(message, dict) else None
    return closes_quiet_turn(block.text, stop_reason=stop if isinstance(stop, str) else None,
                             model=event.model,
                             flagged=event.raw.get("closesQuietTurn") is True)  # fmt: skip


_STREAMED_ROLES = {"text": Role.ASSISTANT, "thinking": Role.THINKING}


class LiveTranscript:
    """The messages of one run so far, in the order they are shown."""

    def __init__(
        self, prompt: str, timestamp: str | None = None, images: tuple[ImageAttachment, ...] = ()
    ) -> None:
        self.items: list[LiveItem] = []
        self._serial = 0
        """Counts API messages: the fake and some proxies reuse message ids."""
        self._message_id: str | None = None
        self._streaming: dict[tuple[int, int], LiveItem] = {}
        self._tools: dict[str, LiveItem] = {}
        self._notes = 0
        stamp = timestamp or now_stamp()
        self.prompt = self._add("prompt", Message(Role.USER, prompt, timestamp=stamp))
        for number, image in enumerate(images):  # after the words, as they are sent
            ref = image.ref()
            self._add(f"image{number}", Message(Role.USER, ref.text, timestamp=stamp, image=ref))

    def apply(self, event: Event) -> list[Change]:
        """Fold one event in; the changes say what the view has to do."""
        if isinstance(event, StreamDelta):
            return self._delta(event)
        if isinstance(event, AssistantMessage):
            return self._assistant(event) if event.parent_tool_use_id is None else []
        if isinstance(event, UserMessage):
            return self._user(event) if event.parent_tool_use_id is None else []
        return []

    def text(self) -> str:
        """Everything Claude said so far (API errors are not a reply)."""
        return "".join(
            i.message.text
            for i in self.items
            if i.message.role is Role.ASSISTANT and not i.message.is_error
        )

    # -- events ------------------------------------------------------------------------

    def _delta(self, event: StreamDelta) -> list[Change]:
        if event.parent_tool_use_id is not None:
            return []  # a subagent's inner work shows inside its card, once read from disk
        if event.kind == "message_start":
            self._serial += 1
            self._message_id = event.message_id
            return []
        role = _STREAMED_ROLES.get(event.kind)
        if role is None or not event.text or event.index is None:
            return []
        slot = (self._serial, event.index)
        item = self._streaming.get(slot)
        if item is None:
            message = Message(role, event.text, timestamp=now_stamp(),
                              message_id=event.message_id or self._message_id)  # fmt: skip
            self._streaming[slot] = item = self._add(f"s{slot[0]}.{slot[1]}", message)
            return [Change(Op.ADD, item)]
        item.message = replace(item.message, text=item.message.text + event.text)
        return [Change(Op.UPDATE, item)]

    def _assistant(self, event: AssistantMessage) -> list[Change]:
        changes: list[Change] = []
        shared = {"uuid": event.uuid, "message_id": event.message_id, "model": event.model,
                  "is_meta": _closes_quiet_turn(event)}  # fmt: skip
        for block in event.blocks:
            if isinstance(block, ToolUseBlock):
                message = Message(Role.TOOL_USE, tool_name=block.name, input=dict(block.input),
                                  tool_use_id=block.id, timestamp=now_stamp(),
                                  **shared)  # fmt: skip
                item = self._tools.get(block.id)
                if item is None:
                    self._tools[block.id] = item = self._add(f"tool:{block.id}", message)
                    changes.append(Change(Op.ADD, item))
                continue
            if isinstance(block, TextBlock):
                role, text = Role.ASSISTANT, block.text
            elif isinstance(block, ThinkingBlock):
                role, text = Role.THINKING, block.thinking
            else:
                continue
            item = self._open_block(role, event.message_id)
            if item is None:  # nothing streamed (partial messages off): the block comes whole
                message = Message(role, text, timestamp=now_stamp(),
                                  is_error=event.is_api_error, **shared)  # fmt: skip
                item = self._add(f"a{len(self.items)}", message)
                item.final = True
                changes.append(Change(Op.ADD, item))
                continue
            item.message = replace(item.message, text=text or item.message.text,
                                   is_error=event.is_api_error, **shared)  # fmt: skip
            item.final = True
            changes.append(Change(Op.UPDATE, item))
        return changes

    def _user(self, event: UserMessage) -> list[Change]:
        if event.is_replay:
            # our own prompt echoed back under the uuid the transcript file will show
            if event.uuid and self.prompt.uuid is None:
                self.prompt.message = replace(self.prompt.message, uuid=event.uuid)
                return [Change(Op.UPDATE, self.prompt)]
            return []
        changes: list[Change] = []
        for block in event.blocks:
            if isinstance(block, TextBlock) and block.text.strip():
                self._notes += 1
                note = Message(Role.SYSTEM, block.text.strip(), uuid=event.uuid,
                               timestamp=now_stamp())  # fmt: skip
                changes.append(Change(Op.ADD, self._add(f"note{self._notes}", note)))
        for result in event.tool_results:
            message = Message(Role.TOOL_RESULT, result.text, is_error=result.is_error,
                              tool_use_id=result.tool_use_id, uuid=event.uuid,
                              timestamp=now_stamp())  # fmt: skip
            card = self._tools.get(result.tool_use_id)
            if card is not None:
                card.result = message
                changes.append(Change(Op.RESULT, card))
            else:  # a result whose call we never saw: shown on its own
                changes.append(Change(Op.ADD, self._add(f"result:{result.tool_use_id}", message)))
        return changes

    # -- bookkeeping -----------------------------------------------------------------------

    def _add(self, key: str, message: Message) -> LiveItem:
        item = LiveItem(key, message)
        self.items.append(item)
        return item

    def _open_block(self, role: Role, message_id: str) -> LiveItem | None:
        """The oldest streamed block of this API message that has not been sent whole yet."""
        for (serial, _index), item in self._streaming.items():
            if (
                serial == self._serial
                and not item.final
                and item.message.role is role
                and item.message.message_id in (message_id, None)
            ):
                return item
        return None
