"""Sessions found on disk, as the index knows them, and search hits."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from desktop.domain.errors import UsageError

UUID_RE = re.compile(
    r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
)


def is_session_id(value: str) -> bool:
    """Claude Code names transcripts by UUID; nothing else is a session."""
    return bool(UUID_RE.match(value))


_UUID_LENGTH = 36


def is_valid_session_id(value: object) -> bool:
    """A canonical UUID and nothing more (not even a trailing newline, which a
    `$`-anchored pattern lets through)."""
    return isinstance(value, str) and len(value) == _UUID_LENGTH and is_session_id(value)


def validate_session_id(value: str) -> str:
    """A session id becomes a file name: accept a UUID and nothing path-like."""
    if not is_valid_session_id(value):
        raise UsageError(
            f"invalid session id {value!r}: a Claude Code session id is a UUID "
            "such as 01234567-89ab-cdef-0123-456789abcdef"
        )
    return value


@dataclass(frozen=True, slots=True)
class SessionRecord:
    account: str
    session_id: str
    path: str
    cwd: str | None = None
    title: str | None = None
    first_prompt: str | None = None
    message_count: int = 0
    created: datetime | None = None
    modified: datetime | None = None
    size: int = 0
    model: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    error: str | None = None
    missing: bool = False
    """The file is gone from disk (Claude Code cleans up); what we indexed stays."""


@dataclass(frozen=True, slots=True)
class SessionFilter:
    account: str | None = None
    cwd: str | None = None
    """Only sessions whose cwd is this folder or below it."""
    text: str | None = None
    roots: tuple[str, ...] = field(default_factory=tuple)
    """When not empty: only sessions whose cwd is under one of these."""


SENT_WITH = "sent_with"
"""A search hit's role when it is in text sent with a prompt (a reference's, a
bundle's): found by a search, and labelled as such, never as the person's words."""


@dataclass(frozen=True, slots=True)
class SearchHit:
    account: str
    session_id: str
    uuid: str | None
    role: str
    """`user`, `assistant`, `tool_use`, `tool_result`, `conversation`, or `SENT_WITH`."""
    snippet: str
    score: float
    title: str | None = None
    cwd: str | None = None


def is_under(path: str | None, root: str) -> bool:
    """True when `path` is `root` or inside it (by path components, not prefix)."""
    if not path:
        return False
    root = root.rstrip("/") or "/"
    return path == root or path.startswith(root if root == "/" else root + "/")


@dataclass(frozen=True, slots=True)
class FileState:
    """How far the index has read one transcript file."""

    path: str
    size: int
    mtime_ns: int
    read_offset: int = 0
    state: str | None = None
    """The summary accumulator, serialised, to go on from `read_offset`."""


class IndexedText(NamedTuple):
    """One message's searchable text. A tuple: a first index makes one for
    each of 100,000 messages on the writing thread, from the tuples the
    readers send, and stores it as one; a dataclass cost twice as much to make
    and had to be taken apart again for the database."""

    uuid: str | None
    role: str
    text: str


@dataclass(frozen=True, slots=True)
class TranscriptFile:
    """A transcript found on disk (its subagents' files belong to it)."""

    session_id: str
    path: str
    size: int
    mtime_ns: int
    subagents: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Increment:
    """What reading one transcript (from scratch or from an offset) produced."""

    record: SessionRecord
    file: FileState
    texts: list[IndexedText]
    replace: bool
    """True when the file was read from its start: earlier text is dropped."""
    partial: bool = False
    """One part of a file read in parts, not its last: more of it follows."""
    searchable: bool = False
    """The texts are already as the index stores them
    (`desktop.domain.textsearch.searchable`): the reader did it."""


@dataclass(frozen=True, slots=True)
class IndexProgress:
    done: int
    total: int
    account: str
    record: SessionRecord | None = None
    """The session just (re)indexed, so a list can fill in as it goes."""


@dataclass(frozen=True, slots=True)
class IndexReport:
    scanned: int = 0
    read: int = 0
    unchanged: int = 0
    missing: int = 0
    errors: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SessionContent:
    """A transcript as a person reads it, and what could not be read of it."""

    thread: Any
    """A `desktop.domain.transcript_chain.Conversation`."""
    problems: list[str]
    complete: bool = True
    """False when only the end of a long transcript was read, for a first screen."""
    details: tuple[Any, ...] = ()
    """The same problems as `transcript_problems.LineProblem`s, for a window to word itself."""

    @property
    def messages(self) -> tuple[Any, ...]:
        return tuple(self.thread.messages)
