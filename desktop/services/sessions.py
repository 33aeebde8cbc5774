"""Sessions on disk: keep the index up to date, list, show and search them.

A refresh stats every transcript and reads only the new or changed ones. A
first index can mean gigabytes, so the reads are spread over worker
processes when there is enough to read (`session_reads`), and the results
are written in batches: one transaction per many thousand messages, or per
second, so a list watching progress still fills in as it goes.
"""

from __future__ import annotations

import contextlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from desktop.domain.errors import DamagedTranscriptError, NotFoundError, StoreError, UsageError
from desktop.domain.oddtext import REPLACEMENT
from desktop.domain.ports import SessionIndex, TranscriptSource
from desktop.domain.sessions import (
    FileState,
    Increment,
    IndexedText,
    IndexProgress,
    IndexReport,
    SearchHit,
    SessionFilter,
    SessionRecord,
    TranscriptFile,
    is_valid_session_id,
)
from desktop.domain.textsearch import searchable
from desktop.services.accounts import AccountService
from desktop.services.session_reads import Job, read_all
from desktop.services.settings import SettingsService

if TYPE_CHECKING:  # annotations only: the window lists sessions before any archive is read
    from desktop.domain.archive import TranscriptArchive
    from desktop.domain.replay import Turn

Progress = Callable[[IndexProgress], None]

BATCH_TEXTS = 20_000
"""Messages per transaction: large enough that commits cost little."""
BATCH_CHARS = 16_000_000
"""And characters: a batch is held in memory until it is written, and
20,000 long replies would be hundreds of megabytes."""
BATCH_SECONDS = 1.0
"""And a commit at least this often, for a list that shows progress."""


class SessionService:
    def __init__(
        self,
        index: SessionIndex,
        source: TranscriptSource,
        accounts: AccountService,
        settings: SettingsService,
        workers: int | None = None,
    ) -> None:
        self._index = index
        self._source = source
        self._accounts = accounts
        self._settings = settings
        self._workers = workers if workers is not None else min(os.cpu_count() or 1, 4)
        # one refresh at a time: the window's watcher and a manual refresh may overlap
        self._refreshing = threading.Lock()
        self.archive: TranscriptArchive | None = None
        """Copies of transcripts Claude Code may since have deleted (compose sets it)."""
        self.after_refresh: list[Callable[[], object]] = []
        self.stored: list[Callable[[list[Increment]], object]] = []
        """Called with each batch the index is storing, never an empty one (on
        the refreshing thread): after a refresh's first batch is stored, before
        the others are, so that the archive copies their files while their rows
        are written (the last batch's copies were a cold index's serial tail);
        the first batch's save loads the store's write path, which the archive's
        thread must not import at the same time."""

    def refresh(
        self,
        progress: Progress | None = None,
        *,
        rebuild: bool = False,
        account: str | None = None,
    ) -> IndexReport:
        """Bring the index up to date; reads only what changed since last time.

        Blocking: the window runs it in a worker thread, the CLI directly. An
        exception from `progress` ends the run; what was written stays.
        """
        with self._refreshing:
            names = [account] if account else [a.name for a in self._accounts.accounts()]
            report = IndexReport()
            for name in names:
                report = self._refresh_account(name, rebuild, progress, report)
            for hook in self.after_refresh:
                hook()
            return report

    def _refresh_account(
        self, name: str, rebuild: bool, progress: Progress | None, report: IndexReport
    ) -> IndexReport:
        account = self._accounts.get(name)
        if rebuild:
            self._index.forget(name)
        stamps = self._index.file_stamps(name)
        files = list(self._source.scan(account.config_dir))
        errors = list(report.errors)
        done = 0

        def step(record: SessionRecord | None) -> None:
            nonlocal done
            done += 1
            if progress:
                progress(IndexProgress(done, len(files), name, record))

        changed: list[TranscriptFile] = []
        for file in files:
            if stamps.get(file.session_id) == (file.size, file.mtime_ns):
                step(None)
            else:
                changed.append(file)
        # how far the changed ones were read before, to go on from there
        before = [f.session_id for f in changed if f.session_id in stamps]
        known = self._index.known_files(name, before)
        jobs: list[Job] = [(file, known.get(file.session_id)) for file in changed]
        # oldest first, so that newer sessions get the later index rows
        jobs.sort(key=lambda job: job[0].mtime_ns)
        batch: dict[str, Increment] = {}
        texts, chars, flushed, saved = 0, 0, time.monotonic(), 0
        for job, result in read_all(self._source, name, jobs, self._workers):
            if isinstance(result, OSError):
                reason = str(result.strerror or result)
                errors.append(f"{job[0].path}: {reason}")
                result = _unindexed(name, job[0], reason)  # listed with its error, no text
            # a batch stores each session once: a part of a file read in parts
            # joins the one before it when that is still in the batch
            batch[job[0].session_id] = _joined(batch.get(job[0].session_id), result)
            texts += len(result.texts)
            chars += sum(len(t.text) for t in result.texts)
            if (
                texts >= BATCH_TEXTS
                or chars >= BATCH_CHARS
                or time.monotonic() - flushed >= BATCH_SECONDS
            ):
                self._save(list(batch.values()), step, errors, saved == 0)
                batch, texts, chars, flushed = {}, 0, 0, time.monotonic()
                saved += 1
        self._save(list(batch.values()), step, errors, saved == 0)
        gone = sorted(set(stamps) - {f.session_id for f in files})
        self._index.mark_missing(name, gone)
        read = len(jobs) - (len(errors) - len(report.errors))
        return replace(
            report,
            scanned=report.scanned + len(files),
            read=report.read + read,
            unchanged=report.unchanged + len(files) - len(jobs),
            missing=report.missing + len(gone),
            errors=tuple(errors),
        )

    def _save(
        self,
        batch: list[Increment],
        step: Callable[[SessionRecord | None], None],
        errors: list[str],
        first: bool,
    ) -> None:
        """Store a batch; when it cannot be stored, each session on its own, so
        one that cannot be stored is listed with its error and the rest are kept.
        `first`: the refresh's first batch, handed to `stored` after it is saved."""
        for hook in self.stored if batch and not first else ():
            hook(batch)
        try:
            self._index.save_many(batch)
        except StoreError:
            for item in batch:
                try:
                    self._index.save_many([item])
                except StoreError as exc:
                    errors.append(f"{item.record.path}: {exc}")
                    file = TranscriptFile(
                        item.record.session_id, item.file.path, item.file.size, item.file.mtime_ns
                    )
                    # a failure here too is the database's, not the file's: it is raised
                    self._index.save_many([_unindexed(item.record.account, file, str(exc))])
        for hook in self.stored if batch and first else ():
            hook(batch)
        for item in batch:
            if not item.partial:
                step(item.record)

    def roots(self) -> tuple[str, ...]:
        return tuple(json.loads(self._settings.get("sessions.roots") or "[]"))

    def list(self, flt: SessionFilter | None = None) -> list[SessionRecord]:
        flt = flt or SessionFilter()
        if flt.account:
            self._accounts.get(flt.account)  # an unknown name is an error, not an empty list
        return self._index.list(replace(flt, roots=flt.roots or self.roots()))

    def find(self, session_id: str, account: str | None = None) -> SessionRecord:
        if not is_valid_session_id(session_id):  # strict: no trailing newline either
            raise UsageError(
                f"{session_id!r} is not a session id (Claude Code session ids are UUIDs)"
            )
        session_id = session_id.lower()  # ids are stored in lower case, as Claude writes them
        if account:
            self._accounts.get(account)
        found = self._index.find(session_id, account)
        if not found:
            raise NotFoundError(
                f"no session {session_id}"
                + (f" in account {account}" if account else "")
                + " (run `sessiondesk index` if it is new)"
            )
        if len(found) > 1:
            names = ", ".join(r.account for r in found)
            raise UsageError(
                f"session {session_id} exists in several accounts ({names}): "
                "choose one with --account"
            )
        return found[0]

    def show(
        self,
        session_id: str,
        account: str | None = None,
        recent: int | None = None,
        *,
        split: bool = False,
    ) -> tuple[SessionRecord, Any]:
        """The session and its readable content (messages and problems); with
        `recent`, only the end of a long transcript, for a fast first screen;
        with `split`, a big transcript is read whole by the index's worker processes
        (a window's reading: its own process stays free to paint)."""
        record = self.find(session_id, account)
        if not record.missing:
            try:
                workers = self._workers if split else 1
                return record, self._source.load(self._path_of(record), recent, workers)
            except OSError:
                pass  # deleted since the last refresh
        content = self._archived(record.account, record.session_id, recent)
        if content is None:
            raise NotFoundError(
                f"session {session_id} is gone from disk and no archived copy of it is kept"
            )
        return record, content

    def show_streamed(
        self, session_id: str, account: str | None = None
    ) -> tuple[SessionRecord, Iterable[Any], list[str]]:
        """`show`'s record, messages and problems, the messages read from the
        file as they are taken (`sessions show` of a huge transcript); a session
        read from the archive is loaded whole as by `show`."""
        record = self.find(session_id, account)
        if not record.missing:
            try:
                messages, problems = self._source.stream(self._path_of(record))
            except OSError:
                pass  # deleted since the last refresh
            else:
                return record, messages, problems
        record, content = self.show(session_id, account)
        return record, content.messages, content.problems

    def _path_of(self, record: SessionRecord) -> str:
        if REPLACEMENT not in record.path:
            return record.path
        # a folder name that is not UTF-8 is stored with U+FFFD: find the file itself
        config_dir = self._accounts.get(record.account).config_dir
        return self._source.locate(config_dir, record.session_id) or record.path

    def _archived(self, account: str, session_id: str, recent: int | None = None) -> Any:
        if self.archive is None:
            return None
        try:
            with self.archive.readable(account, session_id) as path:
                return None if path is None else self._source.load(path, recent)
        except OSError:
            return None  # a damaged copy: as good as none

    def history(self, account: str, session_id: str) -> list[Turn]:
        """A session's user and assistant turns: from its transcript, or, when
        Claude Code has removed the file, from what the index kept of it."""
        # the transcript's model loads here, not for every `sessions list` and `search`
        from desktop.domain.replay import Turn
        from desktop.domain.transcript_chain import chain_of

        config_dir = self._accounts.get(account).config_dir
        path = self._source.locate(config_dir, session_id)
        content = None
        if path is not None:
            # deleted since it was located: the archive may have it
            with contextlib.suppress(OSError):
                content = self._source.load(path)
        if content is None:
            content = self._archived(account, session_id)
        if content is not None:
            return [
                Turn(str(m.role), m.text, m.uuid)
                for m in chain_of(content.messages)  # never an earlier branch
                if str(m.role) in ("user", "assistant") and not m.is_meta and m.text
            ]
        return [
            Turn(t.role, t.text, t.uuid)
            for t in self._index.texts(account, session_id)
            if t.role in ("user", "assistant")
        ]

    def transcript_file(self, account: str, session_id: str) -> str:
        """The transcript file of exactly this session in this account's config
        dir; NotFoundError when there is none (never another file)."""
        path = self._source.locate(self._accounts.get(account).config_dir, session_id)
        if path is None:
            raise NotFoundError(f"no transcript of session {session_id} in account {account}")
        return path

    def transcript_turns(self, account: str, session_id: str, *, whole: bool = False) -> list[Turn]:
        """The user and assistant turns of that file only (not the index's copy).
        `whole`: refuse (`DamagedTranscriptError`) a file with any unreadable line."""
        # the transcript's model loads here, not for every `sessions list` and `search`
        from desktop.domain.replay import Turn
        from desktop.domain.transcript_chain import chain_of

        content = self._source.load(self.transcript_file(account, session_id))
        if whole and content.problems:
            raise DamagedTranscriptError(
                f"session {session_id} has {len(content.problems)} unreadable part(s)"
            )
        return [
            Turn(str(m.role), m.text, m.uuid)
            for m in chain_of(content.messages)  # never an earlier branch
            if str(m.role) in ("user", "assistant") and not m.is_meta and m.text
        ]

    def search(self, query: str, account: str | None = None, limit: int = 20) -> list[SearchHit]:
        if limit <= 0:
            raise UsageError("--limit must be a positive number")
        if account:
            self._accounts.get(account)
        return self._index.search(query, account, limit)


def _joined(before: Increment | None, after: Increment) -> Increment:
    """`after` stored together with `before`, the increment of the same file before it."""
    if before is None or after.replace:
        return after
    if before.searchable != after.searchable:  # one form of text per increment
        before, after = _searchable(before), _searchable(after)
    texts = before.texts + after.texts
    return Increment(
        after.record, after.file, texts, before.replace, after.partial, after.searchable
    )


def _searchable(item: Increment) -> Increment:
    if item.searchable:
        return item
    texts = [IndexedText(*t) for t in searchable(item.texts)]
    return replace(item, texts=texts, searchable=True)


def _unindexed(account: str, file: TranscriptFile, reason: str) -> Increment:
    """A session whose file could not be indexed: listed with the reason, and
    not read again until the file changes."""
    record = SessionRecord(
        account,
        file.session_id,
        file.path,
        size=file.size,
        modified=datetime.fromtimestamp(file.mtime_ns / 1e9, UTC).replace(tzinfo=None),
        error=f"could not be indexed: {reason}",
    )
    return Increment(record, FileState(file.path, file.size, file.mtime_ns), [], replace=True)
