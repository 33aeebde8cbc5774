"""What Sessiondesk adds to a person's prompt, worded in one place, and how it
comes off again.

A resumed turn carries the anti-echo guard line, so the model answers only the
new message instead of the question or form before it. A replayed turn
carries the conversation so far in a history block that states its own size.
Claude Code stores what was sent, so every reader of a transcript (a
session's title and first prompt, the window, the next replay) unwraps it and
sees the person's own words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

GUARD = (
    "[Sessiondesk: everything before this message has already been answered. "
    "Do not answer or repeat an earlier question or form again; "
    "reply only to the new message below.]"
)
"""The anti-echo guard line of a resumed turn."""

REPLAY_INTRO = (
    "The conversation so far is replayed below, because its earlier session "
    "could not be resumed. Continue it."
)
REPLAY_LABEL = "earlier turns of this conversation"
_OPEN = re.compile(r'<conversation-history label="[^"]*" turns="(\d+)" bytes="(\d+)">\n')
_CLOSE = "\n</conversation-history>"
_LEGACY_OPEN = re.compile(r'<conversation-history label="[^"]*">\n')
"""Before the block stated its size: cut at the first close tag."""


@dataclass(frozen=True, slots=True)
class Unwrapped:
    """A sent prompt, taken apart."""

    text: str
    """The person's own words."""
    replayed_turns: int = 0
    replayed_bytes: int = 0
    """Size of the replayed history block (0: not a replay)."""
    guarded: bool = False


def guarded(prompt: str) -> str:
    return f"{GUARD}\n\n{prompt}"


def block(body: str, turns: int, label: str) -> str:
    """A labelled history block that states how many turns and bytes it holds,
    so it can be taken off exactly, whatever its turns contain."""
    size = len(body.encode("utf-8"))
    return f'<conversation-history label="{label}" turns="{turns}" bytes="{size}">\n{body}{_CLOSE}'


def replayed(history: str, prompt: str) -> str:
    return f"{REPLAY_INTRO}\n\n{history}\n\n{prompt}"


def unwrap(text: str) -> Unwrapped:
    """The person's words of a sent prompt; anything else comes back as is."""
    if text.startswith(GUARD):
        return Unwrapped(text[len(GUARD) :].lstrip("\n"), guarded=True)
    if not text.startswith(REPLAY_INTRO):
        return Unwrapped(text)
    rest = text[len(REPLAY_INTRO) :].lstrip("\n")
    found = _OPEN.match(rest)
    if found is None:
        return _legacy(text, rest)
    raw = rest[found.end() :].encode("utf-8")
    size = int(found.group(2))
    tail = raw[size:].decode("utf-8", "ignore")
    if not tail.startswith(_CLOSE):
        return Unwrapped(text)
    prompt = tail[len(_CLOSE) :].lstrip("\n")
    total = len((found.group(0) + _CLOSE).encode("utf-8")) + size
    return Unwrapped(prompt, int(found.group(1)), total)


def _legacy(text: str, rest: str) -> Unwrapped:
    found = _LEGACY_OPEN.match(rest)
    end = rest.find(_CLOSE + "\n\n", found.end()) if found else -1
    if found is None or end < 0:
        return Unwrapped(text)
    body = rest[found.end() : end]
    turns = sum(1 for part in body.split("\n\n") if part.startswith("User: "))
    size = len(rest[: end + len(_CLOSE)].encode("utf-8"))
    return Unwrapped(rest[end + len(_CLOSE) :].lstrip("\n"), turns, size)
