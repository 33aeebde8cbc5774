"""What the session index takes from one transcript entry (`IndexLine`), and
how a search hit in that text is shown.

The index needs far less of a line than the window does: the few fields the
session summary accumulates and the searchable text of its messages. That
much is all a worker hands on; `transcript_decode.INDEX` makes it from a line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from desktop.domain.prompt_wrap import SentKind, SentPart, split_sent
from desktop.domain.sessions import SENT_WITH
from desktop.domain.textsearch import Text, make_snippet, mentions_all

if TYPE_CHECKING:  # a field's type only: `search` loads this module, not the events' model
    from desktop.domain.events import Usage

# What is indexed of each message. Every character costs at insert time (a
# first index stores hundreds of megabytes of text), so: enough of a tool's
# input or output to find the call again, not the whole payload (file
# contents, command output); and the first 16,000 characters of a prompt or
# reply, a few pages, which covers all but pasted logs.
TOOL_TEXT_LIMIT = 1000
TEXT_LIMIT = 16_000
_SEARCHED_PARTS = (SentKind.REFERENCES, SentKind.BUNDLE)
"""A replay or the guard line repeats this conversation's own turns, or boilerplate."""


class IndexLine(NamedTuple):
    """One entry as the index sees it (a tuple: cheap to build and to send)."""

    timestamp: str | None
    is_sidechain: bool
    session_id: str | None
    cwd: str | None
    title: str | None
    """Set on a title line only, with `title_source` (custom-title, ai-title, summary)."""
    title_source: str | None
    is_prompt: bool
    prompt: str | None
    """On a prompt: its typed text, the session's first prompt if none came before."""
    is_reply: bool
    model: str | None
    usage: Usage | None
    reply_key: str | None
    texts: tuple[Text, ...]
    """The searchable messages (none on a sidechain line)."""


def sent_texts(uuid: str | None, parts: tuple[SentPart, ...]) -> list[Text]:
    """What the index keeps of the text sent with a prompt."""
    return [(uuid, SENT_WITH, p.text[:TEXT_LIMIT]) for p in parts if p.kind in _SEARCHED_PARTS]


def shown_hit(text: str, role: str, query: str) -> tuple[str, str]:
    """A hit's role and snippet: a prompt's own words, or, labelled `sent_with`,
    the text sent with it. A prompt indexed before prompts were taken apart
    holds all that was sent: it is taken apart here (for the hits shown only)."""
    if role == "user":
        sent = split_sent(text)
        if sent.parts and not mentions_all(sent.text, query):
            carried = "\n\n".join(p.text for p in sent.parts if p.kind in _SEARCHED_PARTS)
            if mentions_all(carried, query):
                return SENT_WITH, make_snippet(carried, query)
        text = sent.text
    return role, make_snippet(text, query)
