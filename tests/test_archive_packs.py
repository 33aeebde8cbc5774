"""Small transcripts new to the archive in one batch share a file (a pack):
each copy still reads back as its original, one whose original grows moves
to a file of its own, a pack whose rows were never recorded is made again,
a pack no row names any more is removed, and a session whose original
Claude Code deleted opens from its packed copy."""

from __future__ import annotations

import contextlib
import gzip
import itertools
import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.compose import open_services
from desktop.domain.sessions import Increment, SessionRecord
from desktop.services.hub import ServiceHub
from desktop.store import archive_files, archive_follow
from desktop.store.db import open_database
from tests import test_archive
from tests.test_transcript_fixtures import Transcript, text

config = test_archive.config
"""The fixture of an account "work" with a config dir of its own."""
SIDS = [f"6666666{n:x}-6666-4666-8666-666666666666" for n in range(12)]
BIG = SIDS[-1]
"""Made larger than the pack limit the tests set: it gets a file of its own."""
PACK_LIMIT = 20_000


def _transcripts(config: Path) -> dict[str, Path]:
    made = {}
    for n, sid in enumerate(SIDS):
        t = Transcript(session_id=sid, cwd="/src/app")
        t.prompt(f"question {n} about HERON")
        t.reply(text(f"answer {n} " + "words " * (5000 if sid == BIG else 20 * n)))
        made[sid] = t.write(config / "projects" / "-src-app" / f"{sid}.jsonl")
    return made


def _rows(home: Path) -> dict[str, tuple[str, int, int]]:
    """session id -> (file, start, stored bytes)."""
    with contextlib.closing(sqlite3.connect(home / "sessiondesk.db")) as db:
        query = "SELECT session_id, file, start, stored_bytes FROM archived_transcripts"
        return {sid: (file, start, stored) for sid, file, start, stored in db.execute(query)}


def _each_reads_back(hub: ServiceHub, originals: dict[str, Path]) -> None:
    for sid, original in originals.items():
        chunks = hub.archive.store.chunks("work", sid)
        assert chunks is not None and b"".join(chunks) == original.read_bytes(), sid


def _packs(home: Path) -> list[Path]:
    return sorted((home / "archive" / "work" / "packs").glob("*.gz"))


@pytest.fixture(autouse=True)
def _pack_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archive_follow, "PACK_BYTES", PACK_LIMIT)


@pytest.fixture
def indexed(home: Path, config: Path) -> Iterator[tuple[ServiceHub, dict[str, Path]]]:
    """The account's transcripts, indexed and archived once: the hub and the originals."""
    originals = _transcripts(config)
    hub = open_services(home)
    try:
        hub.sessions.refresh(account="work")
        yield hub, originals
    finally:
        hub.close()


def test_small_new_copies_share_one_pack_and_each_reads_back_as_its_original(
    home: Path, indexed: tuple[ServiceHub, dict[str, Path]]
) -> None:
    hub, originals = indexed
    assert originals[BIG].stat().st_size > PACK_LIMIT > originals[SIDS[-2]].stat().st_size
    rows = _rows(home)
    (pack,) = _packs(home)
    packed = {sid for sid, row in rows.items() if row[0] != f"work/{sid}.jsonl.gz"}
    assert packed == set(SIDS) - {BIG}
    assert {rows[sid][0] for sid in packed} == {f"work/packs/{pack.name}"}
    spans = sorted((start, stored) for _file, start, stored in (rows[s] for s in packed))
    assert spans[0][0] == 0 and all(a + n == b for (a, n), (b, _) in itertools.pairwise(spans))
    assert spans[-1][0] + spans[-1][1] == pack.stat().st_size  # back to back, nothing else
    assert rows[BIG] == (f"work/{BIG}.jsonl.gz", 0, rows[BIG][2])
    _each_reads_back(hub, originals)
    assert hub.archive.size().files == len(SIDS)
    assert hub.archive.size().stored_bytes == sum(stored for _f, _s, stored in rows.values())


def test_a_deleted_original_opens_and_searches_from_its_packed_copy(
    indexed: tuple[ServiceHub, dict[str, Path]],
) -> None:
    hub, originals = indexed
    record, before = hub.sessions.show(SIDS[3], "work")
    originals[SIDS[3]].unlink()
    hub.sessions.refresh(account="work", rebuild=True)
    record, after = hub.sessions.show(SIDS[3], "work")
    assert isinstance(record, SessionRecord) and record.missing
    assert after == before
    hits = hub.sessions.search("heron", account="work", limit=100)
    assert SIDS[3] in {h.session_id for h in hits}


def test_a_packed_copy_whose_original_grows_moves_to_a_file_of_its_own(
    home: Path, indexed: tuple[ServiceHub, dict[str, Path]]
) -> None:
    hub, originals = indexed
    (pack,) = _packs(home)
    pack_bytes = pack.read_bytes()
    grown = originals[SIDS[4]]
    _file, start, stored = _rows(home)[SIDS[4]]
    with grown.open("ab") as out:
        out.write(b'{"type":"summary","summary":"grown after the pack"}\n')
    hub.sessions.refresh(account="work")
    own = home / "archive" / "work" / f"{SIDS[4]}.jsonl.gz"
    assert _rows(home)[SIDS[4]] == (f"work/{SIDS[4]}.jsonl.gz", 0, own.stat().st_size)
    # the packed member as it was, then a member of the new bytes only
    assert own.read_bytes().startswith(pack_bytes[start : start + stored])
    assert gzip.decompress(own.read_bytes()) == grown.read_bytes()
    assert pack.read_bytes() == pack_bytes  # a pack is never written again
    _each_reads_back(hub, originals)


def test_a_pack_whose_rows_were_not_recorded_is_made_again(
    home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A crash between writing a pack and recording its rows: no row names
    the pack, so its copies still lag and the next follow makes them again."""
    originals = _transcripts(config)
    record = archive_follow.ArchiveFollower._record
    calls: list[int] = []

    def crashing(self: archive_follow.ArchiveFollower, done: list[dict[str, object]]) -> None:
        calls.append(len(done))
        if len(calls) == 1:
            raise RuntimeError("the process died here")
        record(self, done)

    monkeypatch.setattr(archive_follow.ArchiveFollower, "_record", crashing)
    hub = open_services(home)
    try:
        hub.sessions.refresh(account="work")  # the follower's batch fails, the sync redoes it
        assert calls == [len(SIDS), len(SIDS)]
        rows = _rows(home)
        named = {rows[sid][0] for sid in SIDS if sid != BIG}
        assert len(named) == 1
        # the first pack, named by no row, was removed once the second was recorded
        assert [f"work/packs/{pack.name}" for pack in _packs(home)] == sorted(named)
        _each_reads_back(hub, originals)
        assert hub.archive.store.lagging() == []
    finally:
        hub.close()


def test_an_original_gone_before_its_copy_is_left_out_of_the_pack_and_reported(
    home: Path, config: Path, caplog: pytest.LogCaptureFixture
) -> None:
    originals = _transcripts(config)
    gone = originals.pop(SIDS[5])

    def take_away(batch: list[Increment]) -> None:  # after the index read it
        gone.unlink(missing_ok=True)

    hub = open_services(home)
    try:
        hub.sessions.stored.insert(0, take_away)
        with caplog.at_level(logging.WARNING, logger="desktop.services.archive"):
            hub.sessions.refresh(account="work")
        warnings = [r.getMessage() for r in caplog.records if "cannot archive" in r.getMessage()]
        assert len(warnings) == 1 and str(gone) in warnings[0]
        rows = _rows(home)
        assert set(rows) == set(SIDS) - {SIDS[5]}
        (pack,) = _packs(home)
        ends = sorted(start + stored for file, start, stored in rows.values() if "packs" in file)
        assert ends[-1] == pack.stat().st_size
        _each_reads_back(hub, originals)
    finally:
        hub.close()


def test_a_pack_torn_midway_is_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write = archive_files.os.write
    written: list[int] = []

    def half_then_full(fd: int, data: bytes) -> int:
        if written:
            raise OSError(28, "No space left on device")
        written.append(write(fd, bytes(data)[: len(data) // 2]))
        return written[0]

    monkeypatch.setattr(archive_files.os, "write", half_then_full)
    pack = tmp_path / "packs" / "p.gz"
    with pytest.raises(OSError, match="No space"):
        archive_files.write_pack(pack, [gzip.compress(b"one\n"), gzip.compress(b"two\n")])
    assert written and not pack.exists()


def test_copies_whose_pack_failed_are_reported_and_made_at_the_next_sync(
    home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    originals = _transcripts(config)
    write_pack = archive_files.write_pack

    def full(path: Path, members: list[bytes]) -> list[int]:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(archive_files, "write_pack", full)
    hub = open_services(home)
    try:
        hub.sessions.refresh(account="work")
        assert set(_rows(home)) == {BIG}  # the others failed, were reported, not recorded
        monkeypatch.setattr(archive_files, "write_pack", write_pack)
        assert hub.archive.sync() == len(SIDS) - 1
        assert len(_packs(home)) == 1
        _each_reads_back(hub, originals)
    finally:
        hub.close()


def test_a_copy_made_before_packs_reads_back_and_grows(home: Path, tmp_path: Path) -> None:
    """A home of migration 0008, whose copies are each a file of its own: once
    migrated they start at 0, read back, and are appended to as before."""
    folder = tmp_path / "claude"
    t = Transcript(session_id=SIDS[0], cwd="/src/app")
    t.prompt("an old question")
    t.reply(text("an old answer"))
    original = t.write(folder / "projects" / "-src-app" / f"{SIDS[0]}.jsonl")
    copy = home / "archive" / "work" / f"{SIDS[0]}.jsonl.gz"
    stored = archive_files.write_new(copy, [original.read_bytes()])
    old = copy.read_bytes()
    head = archive_files.Head(original.stat().st_size)
    list(head.watch([original.read_bytes()]))
    db = open_database(home / "sessiondesk.db", target="0008")
    with db.engine.begin() as connection:
        connection.exec_driver_sql(
            "INSERT INTO accounts (name, config_dir, auth, created) "
            "VALUES ('work', ?, 'login', '2026-01-01')",
            (str(folder),),
        )
        connection.exec_driver_sql(
            "INSERT INTO archived_transcripts (account_id, session_id, file, source_path, "
            "source_bytes, stored_bytes, head, imported, updated) "
            "VALUES (1, ?, ?, ?, ?, ?, ?, 0, '2026-01-01')",
            (SIDS[0], f"work/{SIDS[0]}.jsonl.gz", str(original),
             original.stat().st_size, stored, head.digest()),
        )  # fmt: skip
    db.close()
    hub = open_services(home)
    try:
        assert _rows(home)[SIDS[0]] == (f"work/{SIDS[0]}.jsonl.gz", 0, stored)
        chunks = hub.archive.store.chunks("work", SIDS[0])
        assert chunks is not None and b"".join(chunks) == original.read_bytes()
        with original.open("ab") as out:
            out.write(b'{"type":"summary","summary":"later"}\n')
        hub.sessions.refresh(account="work")
        assert copy.read_bytes().startswith(old)  # appended to, its first member kept
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes()
        chunks = hub.archive.store.chunks("work", SIDS[0])
        assert chunks is not None and b"".join(chunks) == original.read_bytes()
    finally:
        hub.close()


def test_a_pack_is_removed_once_every_copy_moved_out_and_a_late_reader_still_reads(
    home: Path, indexed: tuple[ServiceHub, dict[str, Path]]
) -> None:
    """Every packed original grows: each copy moves to a file of its own, and
    the pack, named by no row, goes. A reader that looked a copy up before
    (its pack then named) reads the copy where it is now."""
    hub, originals = indexed
    (pack,) = _packs(home)
    packed = [sid for sid in SIDS if sid != BIG]
    early = hub.archive.store.chunks("work", packed[0])  # looked up, not yet read
    assert early is not None
    for sid in packed[:-1]:
        with originals[sid].open("ab") as out:
            out.write(b'{"type":"summary","summary":"grown"}\n')
    hub.sessions.refresh(account="work")
    assert pack.exists()  # one copy is still in it
    with originals[packed[-1]].open("ab") as out:
        out.write(b'{"type":"summary","summary":"grown"}\n')
    hub.sessions.refresh(account="work")
    assert not pack.exists() and _packs(home) == []
    assert all(file == f"work/{sid}.jsonl.gz" for sid, (file, _s, _n) in _rows(home).items())
    assert b"".join(early) == originals[packed[0]].read_bytes()
    _each_reads_back(hub, originals)
