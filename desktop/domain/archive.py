"""Our compressed copy of every indexed transcript, kept after Claude Code deletes its own.

Claude Code removes transcripts older than `cleanupPeriodDays`. The archive
follows each indexed file as it grows (only the new bytes are compressed and
appended), so a session whose original is gone still opens, searches,
exports and replays. Imported bundles put their transcripts here too: never
into a Claude config dir.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class ArchiveJob:
    """An indexed transcript whose copy lags behind (or does not exist yet)."""

    account: str
    session_id: str
    path: str
    size: int
    """Bytes of the original the index has read: the copy follows up to there."""


@dataclass(frozen=True, slots=True)
class ArchivedCopy:
    """An archived transcript the index does not list (restored or imported)."""

    account: str
    session_id: str
    source_path: str


@dataclass(frozen=True, slots=True)
class ArchiveSize:
    files: int
    """Transcripts kept (copies, not files on disk: a pack holds many)."""
    stored_bytes: int
    """On disk, compressed."""
    source_bytes: int
    """What the copies hold, uncompressed."""
    folder: str


class TranscriptArchive(Protocol):
    """Compressed copies under `<home>/archive/`, one per session (small ones made
    together share a file)."""

    def lagging(self) -> list[ArchiveJob]: ...
    def follow_many(self, jobs: Sequence[ArchiveJob]) -> list[tuple[ArchiveJob, OSError]]:
        """Bring each copy up to `job.size` bytes of its original (append the new
        bytes, or copy it whole again when the original was rewritten); the jobs
        that failed, with why."""
        ...

    def follow_subagents(self, account: str, session_id: str, paths: Sequence[str]) -> int:
        """Copy each subagent file (by its name) that is new or changed since its last
        copy; how many were copied. They are small and written once, so whole."""
        ...

    def unlisted(self) -> list[ArchivedCopy]: ...
    def keys(self) -> set[tuple[str, str]]:
        """(account, session id) of every archived transcript."""
        ...

    def readable(self, account: str, session_id: str) -> AbstractContextManager[str | None]:
        """A temporary uncompressed copy (its path), or None when not archived; its
        archived subagents beside it, where Claude Code keeps them."""
        ...

    def chunks(self, account: str, session_id: str) -> Iterator[bytes] | None: ...
    def transcript(self, account: str, session_id: str, path: str | None) -> Iterator[bytes] | None:
        """The original's bytes while it exists, else the archived copy's (or None)."""
        ...

    def size(self) -> ArchiveSize: ...
    def stage(self, account: str, session_id: str, chunks: Iterable[bytes]) -> str:
        """Compress an imported transcript into a new staged file; its name."""
        ...

    def discard(self, staged: list[str]) -> None: ...
