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
from dataclasses import replace
from datetime import UTC, datetime

from desktop.domain.archive import ArchivedCopy, ArchiveSize, TranscriptArchive
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

    def enabled(self) -> bool:
        return self._settings.get("archive.enabled") == "true"

    def sync(self) -> int:
        """Follow every lagging transcript, then list what only the archive has.
        Returns how many copies were brought up to date. A file that cannot be
        read now is tried again after the next refresh; it never stops the rest."""
        followed = 0
        if self.enabled():
            jobs = self.store.lagging()
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
        self.relist()
        return followed

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
        return Increment(kept, state, increment.texts, True)

    def archived(self) -> set[tuple[str, str]]:
        """(account, session id) of every archived transcript."""
        return self.store.keys()

    def size(self) -> ArchiveSize:
        return self.store.size()


def _now_ns() -> int:
    return int(datetime.now(UTC).timestamp() * 1e9)
