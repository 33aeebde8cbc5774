"""Bring archived copies up to date with their originals (`TranscriptArchive.follow_many`).

A batch of copies is compressed outside any transaction, on several threads,
with small new originals packed together (`archive_files`), then recorded in
one short write; packs that no row names any more are removed after.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from desktop.domain.archive import ArchiveJob
from desktop.regular_files import head_digest
from desktop.store import archive_files as files
from desktop.store.db import Database, in_slices
from desktop.store.path_bytes import loaded_path

if TYPE_CHECKING:  # threads are started only when there is something to copy
    from concurrent.futures import Executor

BATCH_BYTES = 64 << 20
BATCH_FILES = 500
"""Copies made and recorded together: what a crash can leave to be made again."""
THREADS = 4
PACK_BYTES = 1 << 20
"""Originals up to this size, new to the archive, go into a pack when their batch has
`PACK_MIN` of them: a file of its own costs more to create than such a copy to make."""
PACK_MIN = 8


class _Kept(NamedTuple):
    """What the archive's row says of a copy made before."""

    file: str
    start: int
    source_path: str
    source_bytes: int
    stored_bytes: int
    head: str


class _Copy(NamedTuple):
    """A copy just brought up to date: where it is, its size, its original's head digest."""

    file: str
    start: int
    stored_bytes: int
    head: str


def _packable(job: ArchiveJob, row: _Kept | None) -> bool:
    """New to the archive and small: a copy that may share a pack."""
    return row is None and job.size <= PACK_BYTES


class ArchiveFollower:
    def __init__(self, db: Database, folder: Path) -> None:
        self._db = db
        self.folder = folder

    def follow_many(self, jobs: Sequence[ArchiveJob]) -> list[tuple[ArchiveJob, OSError]]:
        """Bring many copies up to date; the jobs that failed, with why. The
        copies of a batch are compressed on several threads (the compressor lets go of
        the GIL) and recorded in one transaction: a first index archives
        thousands of files, and a commit each cost more than their compression."""
        if not jobs:  # the usual follow after a refresh that found nothing new
            return []
        from concurrent.futures import ThreadPoolExecutor

        failed: list[tuple[ArchiveJob, OSError]] = []
        batch: list[ArchiveJob] = []
        size = 0
        threads = min(os.cpu_count() or 1, THREADS)
        with ThreadPoolExecutor(threads) as pool:  # one for all the batches
            for job in jobs:
                batch.append(job)
                size += job.size
                if size >= BATCH_BYTES or len(batch) >= BATCH_FILES:
                    failed += self._follow_batch(batch, pool, threads)
                    batch, size = [], 0
            if batch:
                failed += self._follow_batch(batch, pool, threads)
        return failed

    def _follow_batch(
        self, jobs: Sequence[ArchiveJob], pool: Executor, threads: int
    ) -> list[tuple[ArchiveJob, OSError]]:
        """Compress outside any transaction, then record the batch in a short
        one: the archive follows the index while it is still writing, and a
        write lock held through the compression would stall the index's
        batches (the folder's lock keeps other archivers out meanwhile)."""
        with files.locked(self.folder):
            names = sorted({job.account for job in jobs})
            with self._db.read() as conn:
                marks = ", ".join("?" * len(names))
                query = f"SELECT name, id FROM accounts WHERE name IN ({marks})"
                accounts: dict[str, int] = dict(conn.execute(query, names).fetchall())
                rows: dict[tuple[int, str], _Kept] = {}
                for name, account_id in accounts.items():
                    ids = [j.session_id for j in jobs if j.account == name]
                    for marks, chunk in in_slices(ids):
                        found = conn.execute(
                            "SELECT session_id, file, start, source_path, source_bytes, "
                            "stored_bytes, head FROM "
                            f"archived_transcripts WHERE account_id = ? AND session_id IN {marks}",
                            [account_id, *chunk],
                        )
                        rows.update(
                            ((account_id, sid), _Kept(file, start, loaded_path(source), *rest))
                            for sid, file, start, source, *rest in found
                        )
            todo: list[tuple[ArchiveJob, int, _Kept | None]] = []
            for job in jobs:
                account_id = accounts.get(job.account)
                if account_id is None:
                    continue  # removed meanwhile
                row = rows.get((account_id, job.session_id))
                if row is not None and row.source_bytes == job.size and row.source_path == job.path:
                    continue  # another process got here first
                todo.append((job, account_id, row))
            if not todo:
                return []
            copied = self._copied(todo, pool, threads)
            failed: list[tuple[ArchiveJob, OSError]] = []
            done: list[dict[str, object]] = []
            for (job, account_id, _row), result in zip(todo, copied, strict=True):
                if isinstance(result, OSError):
                    failed.append((job, result))
                    continue
                done.append(
                    {
                        "account_id": account_id,
                        "session_id": job.session_id,
                        "source_path": job.path,
                        "source_bytes": job.size,
                        **result._asdict(),
                    }
                )
            if done:
                self._record(done)
            if any(row is not None and files.in_pack(row.file) for _job, _id, row in todo) or any(
                files.in_pack(str(one["file"])) for one in done
            ):
                self._sweep()
        return failed

    def _sweep(self) -> None:
        """Remove the packs no row names: each of their copies has moved to a
        file of its own (its original grew), or their rows were never recorded
        (a crash between the two). Under the archive's lock, no writer is
        between writing a pack and naming it; a reader that looked a packed
        copy up just before looks it up again (`SqlTranscriptArchive._opened`)."""
        with self._db.read() as conn:
            named = {
                file
                for (file,) in conn.execute(
                    "SELECT DISTINCT file FROM archived_transcripts WHERE file LIKE ?",
                    (f"%/{files.PACKS}/%",),
                )
            }
        for pack in self.folder.glob(f"*/{files.PACKS}/*.gz"):
            if pack.relative_to(self.folder).as_posix() not in named:
                with contextlib.suppress(OSError):  # held open where that forbids it: next time
                    pack.unlink()

    def _copied(
        self, todo: Sequence[tuple[ArchiveJob, int, _Kept | None]], pool: Executor, threads: int
    ) -> list[_Copy | OSError]:
        """Each copy made, in order. Small new ones are packed together here
        (`PACK_BYTES`) while the pool makes the others: a share of them per
        thread (every `threads`-th copy, so big and small ones spread evenly),
        not a task per copy, whose hand-offs between threads cost more than a
        small copy's compression."""
        small = [i for i, (job, _id, row) in enumerate(todo) if _packable(job, row)]
        if len(small) < PACK_MIN:
            small = []
        chosen = set(small)
        alone = [i for i in range(len(todo)) if i not in chosen]

        def share(first: int) -> list[_Copy | OSError]:
            return [self._copy(todo[i][0], todo[i][2]) for i in alone[first::threads]]

        # submitted before the packing starts, so that both go on at once
        shares = pool.map(share, range(min(threads, len(alone))))
        copied: dict[int, _Copy | OSError] = {}
        for account in sorted({todo[i][0].account for i in small}):
            ones = [i for i in small if todo[i][0].account == account]
            copied.update(zip(ones, self._packed([todo[i][0] for i in ones]), strict=True))
        for first, made in enumerate(shares):
            copied.update(zip(alone[first::threads], made, strict=True))
        return [copied[i] for i in range(len(todo))]

    def _packed(self, jobs: Sequence[ArchiveJob]) -> list[_Copy | OSError]:
        """Copies of one account's small new originals, in one new pack."""
        made: list[tuple[int, str] | OSError] = []  # each job's stored size and head, or why not

        def members() -> Iterator[bytes]:
            for job in jobs:
                head = files.Head(job.size)
                try:
                    member = files.member(head.watch(files.original_range(job.path, 0, job.size)))
                except OSError as exc:
                    made.append(exc)
                    continue
                made.append((len(member), head.digest()))
                yield member

        name = f"{jobs[0].account}/{files.PACKS}/{os.urandom(8).hex()}.gz"
        try:
            starts = iter(files.write_pack(self.folder / name, members()))
        except OSError as exc:  # none of them kept: each still lags, and is tried again
            return [exc] * len(jobs)
        return [o if isinstance(o, OSError) else _Copy(name, next(starts), *o) for o in made]

    def _record(self, done: list[dict[str, object]]) -> None:
        """Upsert the rows of copies just brought up to date (a new row is not imported)."""
        from sqlalchemy.dialects.sqlite import insert

        from desktop.store.library_models import ArchivedTranscriptRow as Row
        from desktop.store.times import utcnow

        table = Row.__table__
        now = utcnow()
        rows = [row | {"imported": False, "updated": now} for row in done]
        stmt = insert(table)
        kept = ("file", "start", "source_path", "source_bytes", "stored_bytes", "head", "updated")
        stmt = stmt.on_conflict_do_update(
            index_elements=[table.c.account_id, table.c.session_id],
            set_={name: stmt.excluded[name] for name in kept},
        )
        with self._db.write() as conn:
            conn.execute(stmt, rows)

    def _copy(self, job: ArchiveJob, row: _Kept | None) -> _Copy | OSError:
        """Compress the original's new bytes (or all of them) into the copy,
        a file of its own: where it is, its size and head digest, or why it
        could not be done."""
        own = files.relative_file(job.account, job.session_id)
        path = self.folder / own
        try:
            if row is not None and self._appendable(row, job):
                new = files.original_range(job.path, row.source_bytes, job.size)
                if row.file == own:
                    stored = files.append(path, row.stored_bytes, new)
                else:  # packed: out of the pack, its member as it is, the new bytes after
                    kept = files.stored_range(self.folder / row.file, row.start, row.stored_bytes)
                    stored = files.write_new(path, new, kept)
                return _Copy(own, 0, stored, head_digest(job.path, job.size))
            # the head digest from the first bytes copied: no second open of the original
            head = files.Head(job.size)
            stored = files.write_new(path, head.watch(files.original_range(job.path, 0, job.size)))
            return _Copy(own, 0, stored, head.digest())
        except OSError as exc:
            return exc

    def _appendable(self, row: _Kept, job: ArchiveJob) -> bool:
        """Only the same file, grown, whose start is unchanged, is appended to."""
        try:
            return (
                row.source_path == job.path
                and job.size > row.source_bytes
                and (self.folder / row.file).stat().st_size >= row.start + row.stored_bytes
                and head_digest(job.path, row.source_bytes) == row.head
            )
        except OSError:
            return False
