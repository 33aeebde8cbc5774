"""What deleting a conversation or archived copies removes, said before it is done.

A removal is planned first (what would go: counts and sizes, and what is
kept and how), shown to the person, and only then carried out; the store
re-checks the plan inside the transaction that deletes, so a change made
meanwhile by another process is never half undone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from desktop.domain.conversations import Execution


@dataclass(frozen=True, slots=True)
class TranscriptFile:
    """One of Claude's own transcripts that belongs to one conversation only."""

    account: str
    session_id: str
    path: str
    bytes: int
    """Its size on disk now (0 when it is gone already)."""


@dataclass(frozen=True, slots=True)
class ConversationRemoval:
    """What deleting one conversation does."""

    conversation_id: str
    code: str
    title: str
    executions: int
    """Its turns (and switches) recorded by Sessiondesk."""
    rollovers: int
    bundles: tuple[str, ...]
    """Names of the bundles it is taken out of (the bundles themselves stay)."""
    forks: tuple[str, ...]
    """Codes of the conversations forked from it: they keep their own sessions
    and become conversations of their own."""
    referenced_by: tuple[str, ...]
    """Codes of conversations whose text names it (`[[SESS-042]]`): their text
    stays; the code is never given to another conversation."""
    transcripts: tuple[TranscriptFile, ...]
    """Claude's files only this conversation used: removed with `with_transcripts` only."""
    shared_sessions: int
    """Its Claude sessions another conversation also uses: always kept."""

    @property
    def transcript_bytes(self) -> int:
        return sum(t.bytes for t in self.transcripts)


@dataclass(frozen=True, slots=True)
class ConversationDeleted:
    plan: ConversationRemoval
    transcripts_removed: int
    bytes_freed: int
    failed: tuple[str, ...] = ()
    """Transcripts that could not be removed, each with why."""


@dataclass(frozen=True, slots=True)
class ArchivedEntry:
    """One archived copy, as a removal sees it."""

    account: str
    session_id: str
    stored_bytes: int
    source_bytes: int
    when: datetime | None
    """When its session last changed (the copy's own time when the index has none)."""
    original_on_disk: bool
    """Claude's file is still there: the session stays listed."""


@dataclass(frozen=True, slots=True)
class ArchiveRemoval:
    """Archived copies that would go, or went."""

    entries: tuple[ArchivedEntry, ...]
    bytes_freed: int = 0
    """Bytes of the archive's files removed from disk (after it is done)."""

    @property
    def count(self) -> int:
        return len(self.entries)

    @property
    def stored_bytes(self) -> int:
        return sum(e.stored_bytes for e in self.entries)

    @property
    def unlisted(self) -> int:
        """Sessions that leave the list: their copy was all that was left of them."""
        return sum(not e.original_on_disk for e in self.entries)


class TranscriptRemover(Protocol):
    """Removes Claude's own transcript of a session (and its subagents' folder)."""

    def remove(self, path: str, session_id: str) -> int:
        """The bytes freed; raises OSError (or ValueError for a path that is not
        such a transcript) when it cannot."""
        ...


class ConversationRemovalStore(Protocol):
    def plan(self, conversation_id: str) -> ConversationRemoval: ...
    def delete(
        self,
        conversation_id: str,
        *,
        running: Callable[[Execution], bool],
        with_transcripts: bool,
        archived: set[tuple[str, str]],
    ) -> ConversationRemoval: ...


class ArchiveRemovalStore(Protocol):
    def copies(self, account: str, session_id: str | None = None) -> list[ArchivedEntry]: ...
    def accounts_of(self, session_id: str) -> list[str]: ...
    def remove(self, entries: Iterable[ArchivedEntry]) -> ArchiveRemoval: ...
