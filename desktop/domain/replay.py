"""Carry a conversation's history in the prompt when its session cannot be resumed.

Used for a replay (same account, session not resumable) and, later, for
carrying context to another account: the most recent turns that fit a byte
budget, user and assistant text only, cut history marked as such.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

OMITTED = "…[earlier turns omitted]…"
_LABELS = {"user": "User", "assistant": "Assistant"}


@dataclass(frozen=True, slots=True)
class Turn:
    role: str
    """`user` or `assistant`."""
    text: str
    uuid: str | None = None
    """The transcript message's own id, where known: where a branch ends or diverges."""


def up_to(turns: Sequence[Turn], last_uuid: str | None) -> list[Turn]:
    """The turns up to and including `last_uuid`: one node's history in a
    session that later turns grew. All of them when it is unknown or absent."""
    for index in range(len(turns) - 1, -1, -1):
        if last_uuid is not None and turns[index].uuid == last_uuid:
            return list(turns[: index + 1])
    return list(turns)


def _size(text: str) -> int:
    return len(text.encode("utf-8"))


def history_block(turns: Iterable[Turn], budget: int, label: str) -> str | None:
    """The most recent turns within `budget` bytes, wrapped in a labelled block."""
    lines = [
        f"{_LABELS[t.role]}: {t.text.strip()}"
        for t in turns
        if t.role in _LABELS and t.text.strip()
    ]
    if not lines:
        return None
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        if used + _size(line) > budget:
            if not kept:  # even the last turn is too long: keep its end
                tail = line.encode("utf-8")[-budget:].decode("utf-8", "ignore")
                kept.append(tail)
            break
        kept.append(line)
        used += _size(line) + 2
    kept.reverse()
    if len(kept) < len(lines):
        kept.insert(0, OMITTED)
    body = "\n\n".join(kept)
    return f'<conversation-history label="{label}">\n{body}\n</conversation-history>'


def replay_prompt(turns: Iterable[Turn], prompt: str, budget: int) -> str:
    """The new prompt preceded by the conversation so far."""
    block = history_block(turns, budget, "earlier turns of this conversation")
    if block is None:
        return prompt
    return (
        "The conversation so far is replayed below, because its earlier session "
        "could not be resumed. Continue it.\n\n" + block + "\n\n" + prompt
    )
