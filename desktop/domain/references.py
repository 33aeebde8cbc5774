"""`[[SESS-042]]` references to conversations: found in a text, and expanded
into context for a prompt.

A reference names a conversation by its handle inside double brackets. The
text around it is kept as written; a window shows each reference as a link,
and a prompt carries, before the request, the most recent text of each
conversation it references — labelled, within one byte budget shared by them.
Which conversations exist and whose account they are is the caller's to say:
nothing here reads anything.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from desktop.domain.conversations import conversation_code
from desktop.domain.prompt_wrap import empty_block, with_references
from desktop.domain.replay import Turn, history_block

REFERENCE = re.compile(r"\[\[\s*SESS-(\d{1,9})\s*\]\]", re.IGNORECASE)
"""`[[SESS-042]]`; letter case and spaces inside the brackets do not matter."""
LINK_SCHEME = "sessiondesk"
"""Links to a conversation are `sessiondesk:SESS-042`."""


@dataclass(frozen=True, slots=True)
class Reference:
    number: int
    start: int
    end: int
    """Where `[[…]]` sits in the text (end exclusive)."""

    @property
    def code(self) -> str:
        return conversation_code(self.number)


def find_references(text: str) -> list[Reference]:
    """Every reference in the text, in order (repeats included)."""
    return [Reference(int(m.group(1)), m.start(), m.end()) for m in REFERENCE.finditer(text)]


_QUOTED = re.compile(r"<(conversation-history|bundle-note)\b[^>]*>.*?</\1>", re.DOTALL)
"""Context carried along (a bundle's items, a replay): quoted text, whose
references are not the person's request."""


def referenced_numbers(text: str) -> list[int]:
    """The conversation numbers a request references, each once, in order of
    first mention; references inside carried context blocks do not count."""
    request = _QUOTED.sub(" ", text)
    return list(dict.fromkeys(ref.number for ref in find_references(request)))


def segments(text: str) -> list[tuple[str, int | None]]:
    """The text cut into pieces: (plain text, None) and (`[[SESS-042]]`, 42),
    which joined give the text back exactly."""
    out: list[tuple[str, int | None]] = []
    at = 0
    for ref in find_references(text):
        if ref.start > at:
            out.append((text[at : ref.start], None))
        out.append((text[ref.start : ref.end], ref.number))
        at = ref.end
    if at < len(text):
        out.append((text[at:], None))
    return out


def link_target(number: int) -> str:
    return f"{LINK_SCHEME}:{conversation_code(number)}"


def number_of_link(link: str) -> int | None:
    """The conversation number of a `sessiondesk:SESS-042` link (None: another link)."""
    scheme, _, rest = link.partition(":")
    if scheme.lower() != LINK_SCHEME:
        return None
    found = REFERENCE.fullmatch(f"[[{rest}]]")
    return int(found.group(1)) if found else None


@dataclass(frozen=True, slots=True)
class ReferencedConversation:
    """What a prompt's reference brings along: who it is, and its text."""

    number: int
    title: str
    account: str | None
    turns: Sequence[Turn] = ()


def expand_references(prompt: str, found: Sequence[ReferencedConversation], budget: int) -> str:
    """The prompt preceded by each referenced conversation's most recent text,
    labelled, within `budget` bytes shared by them (the prompt itself unchanged)."""
    if not found:
        return prompt
    share = max(1, budget // len(found))
    blocks = []
    for conv in found:
        code = conversation_code(conv.number)
        label = f"{code} {conv.title}".strip().replace('"', "'").replace("\n", " ")
        blocks.append(history_block(conv.turns, share, label) or empty_block(label))
    return with_references([conversation_code(c.number) for c in found], blocks, prompt)
