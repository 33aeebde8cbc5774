"""What Sessiondesk adds to a person's prompt, worded in one place, and how it
comes off again.

A resumed turn carries the anti-echo guard line, so the model answers only the
new message instead of the question or form before it. A replayed turn
carries the conversation so far in a history block that states its own size.
A prompt that names `[[SESS-042]]` carries that conversation's recent text,
and a bundle's first turn carries the bundle's. Claude Code stores what was
sent, so every reader of a transcript (the window, an export, the index, the
next replay) takes it apart with `split_sent`: the person's own words, and
what was sent with them, part by part.
"""

from __future__ import annotations

import re
from enum import StrEnum

import msgspec

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
RECAP_REQUEST = (
    "Write a short recap (at most 300 words) of the conversation below, for a "
    "colleague who will continue it: the goal, what was decided, what is open. "
    "Reply with the recap only.\n\n"
)
"""A switch's or rollover's `summary` carry: a run of its own under the old
account, all of whose prompt is ours (nothing typed)."""
_REFS_START = "The request below refers to other conversations by their handles ("
_REFS_END = "). The most recent text of each follows, labelled; use it for the request."
_BUNDLE_START = 'Context from the bundle "'
_BUNDLE_END = (
    " follows: the most recent text of each of its items, labelled. "
    "Use it for the request after it."
)
_OPEN = re.compile(r'<conversation-history label="[^"]*" turns="(\d+)" bytes="(\d+)">\n')
_CLOSE = "\n</conversation-history>"
_LEGACY_OPEN = re.compile(r'<conversation-history label="[^"]*">\n')
"""Before the block stated its size (and a reference with no text yet): cut at
the first close tag."""
_NOTE_OPEN = re.compile(r'<bundle-note label="[^"]*"(?: bytes="(\d+)")?>\n')
_NOTE_CLOSE = "\n</bundle-note>"
_GAP = "\n\n"


class SentKind(StrEnum):
    """What rode along with the person's words."""

    GUARD = "guard"
    REPLAY = "replay"
    REFERENCES = "references"
    BUNDLE = "bundle"
    RECAP = "recap"
    """A conversation carried to a recap run, to be summed up for another session."""


# a Struct, as the `Message` that holds it is: it crosses processes the same way
class SentPart(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """One part sent with a prompt, as it was sent."""

    kind: SentKind
    text: str
    turns: int = 0
    """Replay: the turns of the history block it carried."""
    names: str = ""
    """References: the handles ("SESS-001, SESS-004"); a bundle: its name."""

    @property
    def size(self) -> int:
        return len(self.text.encode("utf-8"))


class Sent(msgspec.Struct, frozen=True, gc=False):
    """A sent prompt, taken apart: what was typed, and what went with it (in sent order)."""

    text: str
    """The person's own words."""
    parts: tuple[SentPart, ...] = ()

    def part(self, kind: SentKind) -> SentPart | None:
        return next((p for p in self.parts if p.kind is kind), None)

    @property
    def guarded(self) -> bool:
        return self.part(SentKind.GUARD) is not None

    @property
    def replayed_turns(self) -> int:
        replay = self.part(SentKind.REPLAY)
        return replay.turns if replay else 0

    @property
    def replayed_bytes(self) -> int:
        """Size of the replayed history, as sent (0: not a replay)."""
        replay = self.part(SentKind.REPLAY)
        return replay.size if replay else 0


def named(typed: str, parts: tuple[SentPart, ...]) -> str:
    """What names a session after one of its prompts: the typed words; a recap
    run's prompt (nothing typed) by its request, as it was sent."""
    if typed or not parts or parts[0].kind is not SentKind.RECAP:
        return typed
    return parts[0].text


def part_label(part: SentPart) -> str:
    """What a part was, and its size, in English (the window says it in its language)."""
    size = f"{part.size / 1024:.1f} KB"
    if part.kind is SentKind.GUARD:
        return "the guard line"
    if part.kind is SentKind.REPLAY:
        return f"history replayed ({part.turns} turns, {size})"
    if part.kind is SentKind.REFERENCES:
        return f"text of {part.names} ({size})"
    if part.kind is SentKind.RECAP:
        return f"a conversation to recap ({size})"
    return f"context of the bundle “{part.names}” ({size})"


# ---- the wrappers, as they are sent -------------------------------------------------


def guarded(prompt: str) -> str:
    return f"{GUARD}{_GAP}{prompt}"


def block(body: str, turns: int, label: str) -> str:
    """A labelled history block that states how many turns and bytes it holds,
    so it can be taken off exactly, whatever its turns contain."""
    size = len(body.encode("utf-8"))
    return f'<conversation-history label="{label}" turns="{turns}" bytes="{size}">\n{body}{_CLOSE}'


def empty_block(label: str) -> str:
    """A referenced conversation with no text yet."""
    return f'<conversation-history label="{label}">\n(no text yet){_CLOSE}'


def note_block(label: str, text: str) -> str:
    """A bundle's note, sized like a history block so it comes off exactly."""
    size = len(text.encode("utf-8"))
    return f'<bundle-note label="{label}" bytes="{size}">\n{text}{_NOTE_CLOSE}'


def replayed(history: str, prompt: str) -> str:
    return f"{REPLAY_INTRO}{_GAP}{history}{_GAP}{prompt}"


def with_references(handles: list[str], blocks: list[str], prompt: str) -> str:
    """The prompt after the referenced conversations' blocks (`handles`: "SESS-001")."""
    listed = ", ".join(f"[[{h}]]" for h in handles)
    return f"{_REFS_START}{listed}{_REFS_END}{_GAP}{_GAP.join(blocks)}{_GAP}{prompt}"


def bundle_intro(name: str, description: str, blocks: list[str]) -> str:
    """A bundle's context, before the request that follows it."""
    about = f' ("{description}")' if description else ""
    return f'{_BUNDLE_START}{name}"{about}{_BUNDLE_END}{_GAP}{_GAP.join(blocks)}'


# ---- and off again ------------------------------------------------------------------


def split_sent(text: str) -> Sent:
    """The person's words of a sent prompt and the parts sent with them; a text
    that is not (or not wholly) one of ours comes back as is from where it stops
    parsing. Cheap for an ordinary prompt: a few `startswith`."""
    if text.startswith(RECAP_REQUEST):
        return Sent("", (SentPart(SentKind.RECAP, text),))
    parts: list[SentPart] = []
    rest = text
    if rest.startswith(GUARD):
        parts.append(SentPart(SentKind.GUARD, GUARD))
        rest = rest[len(GUARD) :].lstrip("\n")
    elif rest.startswith(REPLAY_INTRO):
        cut = _replay(rest)
        if cut is None:
            return Sent(text)
        parts.append(cut[0])
        rest = cut[1]
    if rest.startswith(_REFS_START):
        cut = _context(rest, SentKind.REFERENCES)
        if cut is not None:
            parts.append(cut[0])
            rest = cut[1]
    if rest.startswith(_BUNDLE_START):
        cut = _context(rest, SentKind.BUNDLE)
        if cut is not None:
            parts.append(cut[0])
            rest = cut[1]
    return Sent(rest, tuple(parts)) if parts else Sent(text)


def _replay(text: str) -> tuple[SentPart, str] | None:
    at = len(REPLAY_INTRO)
    while text.startswith("\n", at):
        at += 1
    found = _block_end(text, at)
    if found is None:
        return None
    end, turns, _sized = found
    if not text.startswith(_GAP, end):
        return None
    return SentPart(SentKind.REPLAY, text[:end], turns), text[end:].lstrip("\n")


def _block_end(text: str, at: int) -> tuple[int, int, bool] | None:
    """Where the block starting at `at` ends, the turns it holds, and whether it
    stated its size (False: a legacy replay block, whose turns are counted)."""
    found = _OPEN.match(text, at)
    if found is not None:
        end = _sized_end(text, found.end(), int(found.group(2)))
        if end is None or not text.startswith(_CLOSE, end):
            return None
        return end + len(_CLOSE), int(found.group(1)), True
    found = _LEGACY_OPEN.match(text, at)
    if found is not None:
        end = text.find(_CLOSE + _GAP, found.end())
        if end < 0:
            return None
        body = text[found.end() : end]
        turns = sum(1 for p in body.split(_GAP) if p.startswith("User: "))  # prompts, not messages
        return end + len(_CLOSE), turns, False
    found = _NOTE_OPEN.match(text, at)
    if found is None:
        return None
    if found.group(1) is None:
        end = text.find(_NOTE_CLOSE, found.end())
    else:
        end = _sized_end(text, found.end(), int(found.group(1))) or -1
    if end < 0 or not text.startswith(_NOTE_CLOSE, end):
        return None
    return end + len(_NOTE_CLOSE), 0, True


def _sized_end(text: str, start: int, size: int) -> int | None:
    """The index `size` UTF-8 bytes after `start` (None: it falls inside a character)."""
    # a character is at least one byte, so `size` characters hold the body
    head = text[start : start + size].encode("utf-8")[:size]
    try:
        return start + len(head.decode("utf-8"))
    except UnicodeDecodeError:
        return None


def _context(text: str, kind: SentKind) -> tuple[SentPart, str] | None:
    """A references or bundle head, its blocks, and the rest after them."""
    if kind is SentKind.REFERENCES:
        close = text.find(_REFS_END + _GAP)
        if close < 0:
            return None
        handles = text[len(_REFS_START) : close]
        names = ", ".join(h.strip().strip("[]") for h in handles.split(","))
        at = close + len(_REFS_END) + len(_GAP)
    else:
        close = text.find(_BUNDLE_END + _GAP)
        if close < 0:
            return None
        names = text[len(_BUNDLE_START) : close].split('" ("', 1)[0].removesuffix('"')
        at = close + len(_BUNDLE_END) + len(_GAP)
    blocks = 0
    while (found := _block_end(text, at)) is not None:
        blocks += 1
        at = found[0]
        if not text.startswith(_GAP, at):
            return None
        at += len(_GAP)
    if blocks == 0 and text.startswith(_GAP, at):  # a bundle with nothing to carry
        at += len(_GAP)
    part = SentPart(kind, text[:at].rstrip("\n"), names=names)
    return part, text[at:]
