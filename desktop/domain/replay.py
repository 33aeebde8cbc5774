"""Carry a conversation's history in the prompt when its session cannot be resumed.

Used for a replay (same account, session not resumable) and, later, for
carrying context to another account: the most recent turns that fit a byte
budget, user and assistant text only, cut history marked as such.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from desktop.domain.prompt_wrap import REPLAY_LABEL, block, replayed, split_sent

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
    # what a turn carried (its history block, a reference's text) is never carried
    # again: its words only
    texts = ((t.role, split_sent(t.text.strip()).text.strip()) for t in turns)
    lines = [f"{_LABELS[role]}: {text}" for role, text in texts if role in _LABELS and text]
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
    cut = len(kept) < len(lines)
    # a turn is a prompt and its answer: the block counts prompts, not messages
    count = sum(1 for line in kept if line.startswith("User: "))
    if cut:
        kept.insert(0, OMITTED)
    return block("\n\n".join(kept), count, label)


def replay_prompt(turns: Iterable[Turn], prompt: str, budget: int) -> str:
    """The new prompt preceded by the conversation so far."""
    history = history_block(turns, budget, REPLAY_LABEL)
    return prompt if history is None else replayed(history, prompt)


def join(parts: Iterable[Sequence[Turn]]) -> list[Turn]:
    """One conversation from the turns of the sessions it used, in order.

    A session resumed or forked from the one before starts with that one's
    turns (a fork copies them): the overlap is kept once. A replayed session
    starts with its new prompt and overlaps nothing.
    """
    joined: list[Turn] = []
    for part in parts:
        keys = [(t.role, t.text) for t in part]
        have = [(t.role, t.text) for t in joined]
        overlap = next(
            (n for n in range(min(len(keys), len(have)), 0, -1) if have[-n:] == keys[:n]), 0
        )
        joined += part[overlap:]
    return joined
