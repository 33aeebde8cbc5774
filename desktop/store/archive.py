"""The transcript archive (the TranscriptArchive port): files under `<home>/archive/`
and one row per copy saying how far it has followed its original.

Copies are made and brought up to date by `archive_follow`; this module says
which lag, reads them back, keeps subagent files beside them, and stages a
bundle's copies for import."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import tempfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import BinaryIO

from desktop.domain.archive import ArchivedCopy, ArchiveJob, ArchiveSize
from desktop.store import archive_files as files
from desktop.store.archive_follow import ArchiveFollower
from desktop.store.db import Database
from desktop.store.path_bytes import loaded_path

_SAME = "c.account_id = s.account_id AND c.session_id = s.session_id"
"""An archived copy (c) and an index row (s) of the same session. The reads
that follow every refresh are plain SQL, so a listing needs no SQLAlchemy."""


log = logging.getLogger(__name__)


def _kept(folder: Path) -> dict[str, dict[str, int]]:
    """The subagent files archived in `folder`: name -> source and stored sizes."""
    try:
        data = json.loads((folder / files.INDEX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class SqlTranscriptArchive:
    def __init__(self, db: Database, folder: Path) -> None:
        self._db = db
        self.folder = folder
        self._follower = ArchiveFollower(db, folder)

    def lagging(self) -> list[ArchiveJob]:
        query = (
            "SELECT a.name, s.session_id, s.path, s.size FROM sessions s "
            f"JOIN accounts a ON a.id = s.account_id LEFT JOIN archived_transcripts c ON {_SAME} "
            "WHERE s.missing = 0 AND (c.id IS NULL OR c.source_bytes != s.size) "
            # `+`: the table read in its own order, the few lagging rows sorted after;
            # by the date index it was a rowid look-up per session, after every refresh
            "ORDER BY +s.modified"
        )
        with self._db.read() as conn:
            return [
                ArchiveJob(account, sid, loaded_path(path), size)
                for account, sid, path, size in conn.execute(query)
            ]

    def follow_many(self, jobs: Sequence[ArchiveJob]) -> list[tuple[ArchiveJob, OSError]]:
        """Bring many copies up to date; the jobs that failed, with why."""
        return self._follower.follow_many(jobs)

    def _subagents(self, account: str, session_id: str) -> Path:
        return self.folder / account / f"{session_id}{files.SUBAGENTS}"

    def follow_subagents(self, account: str, session_id: str, paths: Sequence[str]) -> int:
        folder = self._subagents(account, session_id)
        copied = 0
        with files.locked(self.folder):
            kept = _kept(folder)
            for source in paths:
                name = os.path.basename(source)
                if not name or name.startswith(".") or name == files.INDEX:
                    continue
                try:
                    size = os.stat(source).st_size
                    if kept.get(name, {}).get("source") == size:
                        continue
                    stored = files.write_new(
                        folder / f"{name}.gz", files.original_range(source, 0, size)
                    )
                except OSError as exc:  # gone or unreadable: the next follow tries again
                    log.warning("cannot archive subagent file %s: %s", source, exc)
                    continue
                kept[name] = {"source": size, "stored": stored}
                copied += 1
            if copied:
                temporary = folder / f"{files.INDEX}.part"
                temporary.write_text(json.dumps(kept), encoding="utf-8")
                os.replace(temporary, folder / files.INDEX)
        return copied

    def _restore_subagents(self, account: str, session_id: str, target: Path) -> None:
        """Unpack the archived subagent files into `target` (a temporary folder)."""
        folder = self._subagents(account, session_id)
        for name, sizes in _kept(folder).items():
            if "/" in name or name.startswith("."):
                continue
            target.mkdir(parents=True, exist_ok=True)
            try:
                with open(target / name, "wb") as out, open(folder / f"{name}.gz", "rb") as source:
                    for chunk in files.unpack(source, int(sizes["stored"])):
                        out.write(chunk)
            except (OSError, KeyError, TypeError, ValueError, zlib.error) as exc:
                # a damaged subagent copy: the session still opens, without that subagent
                log.warning("cannot restore archived subagent %s: %s", name, exc)
                (target / name).unlink(missing_ok=True)

    def unlisted(self) -> list[ArchivedCopy]:
        query = (
            "SELECT a.name, c.session_id, c.source_path FROM archived_transcripts c "
            f"JOIN accounts a ON a.id = c.account_id LEFT JOIN sessions s ON {_SAME} "
            "WHERE s.id IS NULL"
        )
        with self._db.read() as conn:
            return [
                ArchivedCopy(account, sid, loaded_path(source))
                for account, sid, source in conn.execute(query)
            ]

    def keys(self) -> set[tuple[str, str]]:
        query = (
            "SELECT a.name, c.session_id FROM archived_transcripts c "
            "JOIN accounts a ON a.id = c.account_id"
        )
        with self._db.read() as conn:
            return {(a, s) for a, s in conn.execute(query)}

    def chunks(self, account: str, session_id: str) -> Iterator[bytes] | None:
        found = self._where(account, session_id)
        return None if found is None else self._unpacked(account, session_id, found)

    def _where(self, account: str, session_id: str) -> tuple[str, int, int] | None:
        """A copy's file, where it starts there, and its stored bytes."""
        query = (
            "SELECT c.file, c.start, c.stored_bytes FROM archived_transcripts c "
            "JOIN accounts a ON a.id = c.account_id WHERE a.name = ? AND c.session_id = ?"
        )
        with self._db.read() as conn:
            found = conn.execute(query, (account, session_id)).fetchone()
        return None if found is None else (found[0], found[1], found[2])

    def _unpacked(
        self, account: str, session_id: str, found: tuple[str, int, int]
    ) -> Iterator[bytes]:
        source, start, stored = self._opened(account, session_id, found)
        with source:
            yield from files.unpack(source, stored, start)

    def _opened(
        self, account: str, session_id: str, found: tuple[str, int, int]
    ) -> tuple[BinaryIO, int, int]:
        file, start, stored = found
        try:
            return open(self.folder / file, "rb"), start, stored
        except FileNotFoundError:
            # its pack was removed (`ArchiveFollower._sweep`) after the look-up: the copy moved
            # to a file of its own meanwhile, which the row now names
            again = self._where(account, session_id)
            if again is None or again == found:
                raise
            file, start, stored = again
            return open(self.folder / file, "rb"), start, stored

    @contextlib.contextmanager
    def readable(self, account: str, session_id: str) -> Iterator[str | None]:
        chunks = self.chunks(account, session_id)
        if chunks is None:
            yield None
            return
        with tempfile.TemporaryDirectory(prefix="sessiondesk-archive-") as folder:
            path = Path(folder, f"{session_id}.jsonl")
            with open(path, "wb") as out:
                for chunk in chunks:
                    out.write(chunk)
            self._restore_subagents(account, session_id, Path(folder, session_id, "subagents"))
            yield str(path)

    def size(self) -> ArchiveSize:
        query = "SELECT count(id), sum(stored_bytes), sum(source_bytes) FROM archived_transcripts"
        with self._db.read() as conn:
            count, stored, source = conn.execute(query).fetchone()
        return ArchiveSize(count or 0, stored or 0, source or 0, str(self.folder))

    def stage(self, account: str, session_id: str, chunks: Iterable[bytes]) -> str:
        name = files.relative_file(account, session_id) + f".import-{os.urandom(4).hex()}"
        staged = self.folder / name
        staged.parent.mkdir(parents=True, exist_ok=True)
        with open(staged, "xb") as out:
            files.write_member(chunks, out)
            out.flush()
            os.fsync(out.fileno())
        return name

    def discard(self, staged: list[str]) -> None:
        for name in staged:
            with contextlib.suppress(FileNotFoundError):
                (self.folder / name).unlink()

    def transcript(self, account: str, session_id: str, path: str | None) -> Iterator[bytes] | None:
        """The original's bytes while it exists, else the archived copy's (or None)."""
        if path:
            try:
                size = os.stat(path).st_size
                return files.original_range(path, 0, size)
            except OSError:
                pass
        return self.chunks(account, session_id)
