"""The archive follows each batch the index stores, on a thread of its own,
while the index goes on; the sync after the index waits for it and then
follows what still lags, so nothing is copied twice or reported twice."""

from __future__ import annotations

import contextlib
import gzip
import logging
import sqlite3
import zlib
from pathlib import Path

import pytest

from desktop.compose import open_services
from desktop.domain.archive import ArchiveJob
from desktop.domain.sessions import FileState, Increment, SessionRecord
from desktop.services import sessions as session_service
from tests import test_archive
from tests.test_transcript_fixtures import Transcript, text

config = test_archive.config
"""The fixture of an account "work" with a config dir of its own."""
SIDS = [f"5555555{n}-5555-4555-8555-555555555555" for n in range(6)]


def _transcripts(config: Path) -> dict[str, Path]:
    made = {}
    for n, sid in enumerate(SIDS):
        t = Transcript(session_id=sid, cwd="/src/app")
        t.prompt(f"question {n} about OSPREY")
        t.reply(text(f"answer {n} " + "words " * 200 * n))
        made[sid] = t.write(config / "projects" / "-src-app" / f"{sid}.jsonl")
    return made


def test_each_stored_batch_is_copied_and_the_sync_finds_nothing_left(
    home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    originals = _transcripts(config)
    monkeypatch.setattr(session_service, "BATCH_SECONDS", 0.0)  # a batch per session
    hub = open_services(home)
    try:
        batches: list[int] = []
        hub.sessions.stored.insert(0, lambda batch: batches.append(len(batch)))
        report = hub.sessions.refresh(account="work")
        assert report.read == len(SIDS)
        assert len([b for b in batches if b]) == len(SIDS)  # handed over one by one
        assert hub.archive.store.lagging() == []
        for sid, original in originals.items():
            copy = home / "archive" / "work" / f"{sid}.jsonl.gz"
            assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
        assert hub.archive.size().files == len(SIDS)
        assert hub.archive.sync() == 0  # nothing lags: nothing copied again
    finally:
        hub.close()


def test_batches_after_the_first_reach_the_archive_before_their_rows(
    home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """So that the last batch's copies are made while its rows are written,
    not after; the first is handed over once stored (its save loads the
    store's write path, which the archive's thread must not import at once)."""
    _transcripts(config)
    monkeypatch.setattr(session_service, "BATCH_SECONDS", 0.0)  # a batch per session
    hub = open_services(home)
    try:
        listed_when_handed: list[bool] = []

        def listed(batch: list[Increment]) -> None:
            ids = {r.session_id for r in hub.sessions.list()}
            listed_when_handed.append(all(i.record.session_id in ids for i in batch))

        hub.sessions.stored.insert(0, listed)
        hub.sessions.refresh(account="work")
        assert listed_when_handed == [True] + [False] * (len(SIDS) - 1)
        assert hub.archive.store.lagging() == []
        assert hub.archive.size().files == len(SIDS)
    finally:
        hub.close()


def test_copies_shared_among_threads_each_get_their_own_row(home: Path, config: Path) -> None:
    """One batch of copies of different sizes, split among the archive's
    threads: each row names its own copy's size, and each copy is its original."""
    originals = _transcripts(config)
    hub = open_services(home)
    try:
        hub.sessions.refresh(account="work")
        jobs = [ArchiveJob("work", sid, str(path), path.stat().st_size) for sid, path in
                originals.items()]  # fmt: skip
        (home / "archive" / "work").rename(home / "archive" / "before")  # made again, in one go
        with contextlib.closing(sqlite3.connect(home / "sessiondesk.db")) as db, db:
            db.execute("DELETE FROM archived_transcripts")
        assert hub.archive.store.follow_many(jobs) == []
        with contextlib.closing(sqlite3.connect(home / "sessiondesk.db")) as db:
            query = "SELECT session_id, stored_bytes FROM archived_transcripts"
            rows = dict(db.execute(query).fetchall())
        assert len(set(rows.values())) == len(SIDS)  # sizes that tell the copies apart
        for sid, original in originals.items():
            copy = home / "archive" / "work" / f"{sid}.jsonl.gz"
            assert rows[sid] == copy.stat().st_size
            assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
    finally:
        hub.close()


def test_a_file_gone_before_its_copy_is_reported_once_and_tried_again_later(
    home: Path, config: Path, caplog: pytest.LogCaptureFixture
) -> None:
    originals = _transcripts(config)
    gone = originals[SIDS[2]]
    kept = gone.read_bytes()

    def take_away(batch: list[Increment]) -> None:
        # after the index read it, before the archive copies it
        if any(i.record.session_id == SIDS[2] for i in batch):
            gone.unlink()

    hub = open_services(home)
    try:
        hub.sessions.stored.insert(0, take_away)
        with caplog.at_level(logging.WARNING, logger="desktop.services.archive"):
            hub.sessions.refresh(account="work")
        warnings = [r for r in caplog.records if "cannot archive" in r.getMessage()]
        assert len(warnings) == 1 and str(gone) in warnings[0].getMessage()
        assert hub.archive.size().files == len(SIDS) - 1
        hub.sessions.stored.remove(take_away)
        gone.write_bytes(kept)  # back, unchanged: still lagging, so the next sync copies it
        assert hub.archive.sync() == 1
        copy = home / "archive" / "work" / f"{SIDS[2]}.jsonl.gz"
        assert gzip.decompress(copy.read_bytes()) == kept
    finally:
        hub.close()


def _members(data: bytes) -> list[bytes]:
    found = []
    while data:
        unpacker = zlib.decompressobj(31)
        found.append(unpacker.decompress(data))
        data = unpacker.unused_data
    return found


def test_a_file_stored_in_parts_is_copied_part_by_part_and_reads_back_whole(
    home: Path, config: Path
) -> None:
    originals = _transcripts(config)
    sid, original = SIDS[5], originals[SIDS[5]]
    whole = original.read_bytes()
    seam = whole.index(b"\n") + 1  # a part ends at a line's end
    mtime = original.stat().st_mtime_ns

    def part(size: int, last: bool) -> Increment:
        record = SessionRecord("work", sid, str(original), size=size)
        state = FileState(str(original), size, mtime, size)
        return Increment(record, state, [], replace=size == seam, partial=not last)

    hub = open_services(home)
    try:
        hub.archive.stored([part(seam, last=False)])
        hub.archive.sync()  # the first part copied (handed over together, only the later would be)
        hub.archive.stored([part(len(whole), last=True)])
        hub.archive.sync()
        copy = (home / "archive" / "work" / f"{sid}.jsonl.gz").read_bytes()
        assert _members(copy) == [whole[:seam], whole[seam:]]  # the second part appended
    finally:
        hub.close()
