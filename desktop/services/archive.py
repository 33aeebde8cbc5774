"""Keep the archive following the index, and put archived sessions back in the list.

After each refresh of the index, every transcript whose copy lags is
followed (only its new bytes are compressed). An archived transcript the
index does not list (an imported one, or one whose original Claude Code
deleted before an `index --rebuild`) is read back from the archive into the
index, marked missing from disk, so it lists, searches and opens as before.
"""

from __future__ import annotations

import logging
import os
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import UTC, datetime

from desktop.domain.archive import ArchivedCopy, ArchiveJob, ArchiveSize, TranscriptArchive
from desktop.domain.ports import SessionIndex, TranscriptSource
from desktop.domain.sessions import FileState, Increment, TranscriptFile
from desktop.services.settings import SettingsService

log = logging.getLogger(__name__)


class ArchiveService:
    def __init__(
        self,
        archive: TranscriptArchive,
        index: SessionIndex,
        source: TranscriptSource,
        settings: SettingsService,
    ) -> None:
        self.store = archive
        self._index = index
        self._source = source
        self._settings = settings
        self._follower: _Follower | None = None

    def enabled(self) -> bool:
        return self._settings.get("archive.enabled") == "true"

    def stored(self, increments: Sequence[Increment]) -> None:
        """Sessions the index is storing: their copies are brought up to
        date on a thread of their own while the index goes on reading and
        writing (a first index used to wait for all of them at its end; the
        compression and the file creations mostly run outside the GIL). The
        next `sync` waits for them and then follows whatever still lags.

        A big file read in parts is copied part by part too (each part's bytes
        appended as a gzip member of its own, as a growing transcript's are):
        copying it whole after its last part would leave its compression to
        the very end of the index, on one thread."""
        jobs = [
            ArchiveJob(i.record.account, i.record.session_id, i.file.path, i.record.size)
            for i in increments
            if not i.record.missing
        ]
        if not jobs or not self.enabled():
            return
        if self._follower is None:
            self._follower = _Follower(self._follow)
        self._follower.add(jobs)

    def sync(self) -> int:
        """Follow every lagging transcript, then list what only the archive has.
        Returns how many copies were brought up to date. A file that cannot be
        read now is tried again after the next refresh; it never stops the rest."""
        followed = 0
        failed_meanwhile: set[ArchiveJob] = set()
        if self._follower is not None:
            follower, self._follower = self._follower, None
            followed, failed_meanwhile = follower.finish()
        if self.enabled():
            # what the follower could not copy was reported once: not again now
            jobs = [job for job in self.store.lagging() if job not in failed_meanwhile]
            done, _failed = self._follow(jobs)
            followed += done
        self.relist()
        return followed

    def _follow(self, jobs: Sequence[ArchiveJob]) -> tuple[int, set[ArchiveJob]]:
        """Follow these copies and their subagents; how many, and which failed."""
        followed = 0
        failed = self.store.follow_many(jobs)
        for job, exc in failed:
            log.warning("cannot archive %s: %s", job.path, exc)
        left_out = {job for job, _exc in failed}
        for job in jobs:
            if job in left_out:
                continue
            try:
                # a subagent ends before its result reaches the parent, which then grows
                subagents = self._source.subagents(job.path)
                if subagents:
                    self.store.follow_subagents(job.account, job.session_id, subagents)
                followed += 1
            except OSError as exc:
                log.warning("cannot archive %s: %s", job.path, exc)
                left_out.add(job)
        return followed, left_out

    def relist(self) -> None:
        increments = []
        for copy in self.store.unlisted():
            try:
                increments.append(self.indexed(copy))
            except OSError as exc:
                log.warning("cannot read archived %s: %s", copy.session_id, exc)
        self._index.save_many(increments)

    def indexed(self, copy: ArchivedCopy) -> Increment:
        """What the index keeps of an archived transcript, marked gone from disk."""
        with self.store.readable(copy.account, copy.session_id) as path:
            if path is None:
                raise OSError(f"session {copy.session_id} is not archived")
            size = os.stat(path).st_size
            file = TranscriptFile(copy.session_id, path, size, _now_ns())
            increment = self._source.read(copy.account, file, None)
        kept = replace(increment.record, path=copy.source_path, missing=True)
        state = FileState(copy.source_path, size, 0, size, None)
        return Increment(kept, state, increment.texts, True, searchable=increment.searchable)

    def archived(self) -> set[tuple[str, str]]:
        """(account, session id) of every archived transcript."""
        return self.store.keys()

    def size(self) -> ArchiveSize:
        return self.store.size()


def _now_ns() -> int:
    return int(datetime.now(UTC).timestamp() * 1e9)


class _Follower:
    """One thread that follows the batches of copies handed to it, in order."""

    def __init__(
        self, follow: Callable[[Sequence[ArchiveJob]], tuple[int, set[ArchiveJob]]]
    ) -> None:
        self._follow = follow
        self._jobs: queue.SimpleQueue[list[ArchiveJob] | None] = queue.SimpleQueue()
        self._followed = 0
        self._failed: set[ArchiveJob] = set()
        self._thread = threading.Thread(target=self._run, name="archive-follower", daemon=True)
        self._thread.start()

    def add(self, jobs: list[ArchiveJob]) -> None:
        self._jobs.put(jobs)

    def finish(self) -> tuple[int, set[ArchiveJob]]:
        """Wait for what was handed over: how many were followed, which failed."""
        self._jobs.put(None)
        self._thread.join()
        return self._followed, self._failed

    def _run(self) -> None:
        while True:
            jobs = self._jobs.get()
            ended = jobs is None
            # what piled up while the last batch was copied goes in one batch
            batch = list(jobs or [])
            while not ended:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    ended = True
                else:
                    batch += more
            if batch:
                # a file handed over twice meanwhile (two parts of a big one): its
                # later job covers the earlier, and one file is copied by one thread
                batch = list({(job.account, job.session_id): job for job in batch}.values())
                try:
                    done, failed = self._follow(batch)
                    self._followed += done
                    self._failed |= failed
                except Exception:  # the database, say: the sync after the index retries them
                    log.exception("cannot archive while indexing")
            if ended:
                return
