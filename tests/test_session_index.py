"""The session index end to end: real transcript files in a tmp config dir, a
real SQLite database in a tmp home, the real services.

What a refresh must get right: read only what was appended, never re-read an
unchanged file, start over on a replaced one, keep a vanished session listed
and searchable; and search must rank, cut snippets, find Chinese inside a
sentence, and honour accounts and the `sessions.roots` setting.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from desktop.claude.session_source import ClaudeTranscripts
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.errors import UsageError
from desktop.domain.oddtext import clean
from desktop.domain.sessions import (
    FileState,
    Increment,
    IndexedText,
    IndexProgress,
    SessionRecord,
    TranscriptFile,
)
from desktop.domain.textsearch import cjk_pattern, searchable, segment, segment_all
from desktop.services import session_reads
from desktop.services import sessions as sessions_service
from desktop.services.hub import ServiceHub
from desktop.services.sessions import SessionService
from desktop.store.db import open_database
from desktop.store.session_text import AUTOMERGE, HASHSIZE, unsegmented
from desktop.store.sessions import SqlSessionIndex
from tests.test_transcript_fixtures import Transcript, text

A = "11111111-1111-4111-8111-111111111111"
B = "22222222-2222-4222-8222-222222222222"
C = "33333333-3333-4333-8333-333333333333"


class Recording(ClaudeTranscripts):
    """The real adapter, noting where each read started (None: from scratch)."""

    def __init__(self) -> None:
        self.reads: list[tuple[str, int | None]] = []

    def read(self, account: str, file: TranscriptFile, known: FileState | None) -> Increment:
        self.reads.append((file.session_id, known.read_offset if known else None))
        return super().read(account, file, known)


@pytest.fixture
def config(tmp_path: Path) -> Path:
    return tmp_path / "claude"


@pytest.fixture
def hub(home: Path, config: Path) -> Iterator[ServiceHub]:
    services = open_services(home)
    services.accounts.add("work", str(config), AuthKind.LOGIN)
    yield services
    services.close()


@pytest.fixture
def source() -> Recording:
    return Recording()


@pytest.fixture
def sessions(hub: ServiceHub, home: Path, source: Recording) -> SessionService:
    """The service over the hub's database, with a source that records its reads."""
    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    return SessionService(SqlSessionIndex(db), source, hub.accounts, hub.settings)


def write(config: Path, sid: str, *turns: tuple[str, str], cwd: str = "/src/api") -> Path:
    t = Transcript(session_id=sid, cwd=cwd)
    for prompt, reply in turns:
        t.prompt(prompt)
        t.meta("api-request-blob", blob={"messages": [prompt] * 50})
        t.reply(text(reply))
    folder = config / "projects" / cwd.replace("/", "-")
    return t.write(folder / f"{sid}.jsonl")


def append(path: Path, sid: str, prompt: str, reply: str) -> None:
    t = Transcript(session_id=sid)
    t.prompt(prompt)
    t.reply(text(reply))
    with path.open("ab") as out:
        out.write(t.dumps())


def found(sessions: SessionService, query: str) -> list[str]:
    return [hit.session_id for hit in sessions.search(query)]


def test_growing_file_is_read_from_where_the_last_read_stopped(
    sessions: SessionService, source: Recording, config: Path
) -> None:
    path = write(config, A, ("plan the parser", "Here is a plan."))
    first = sessions.refresh()
    assert (first.read, source.reads) == (1, [(A, None)])
    size = path.stat().st_size

    append(path, A, "now add a tokenizer", "Tokenizer added.")
    second = sessions.refresh()
    assert second.read == 1
    assert source.reads[-1] == (A, size)  # resumed at the old end, not at 0
    record = sessions.find(A)
    assert record.message_count == 4 and record.size == path.stat().st_size
    assert found(sessions, "parser") == [A] and found(sessions, "tokenizer") == [A]
    # the earlier text is kept once, the new text comes after it
    texts = [t.text for t in sessions._index.texts("work", A)]  # type: ignore[attr-defined]
    assert texts == [
        "plan the parser",
        "Here is a plan.",
        "now add a tokenizer",
        "Tokenizer added.",
    ]


def test_unchanged_files_are_not_read_again(
    sessions: SessionService, source: Recording, config: Path
) -> None:
    write(config, A, ("one", "uno"))
    write(config, B, ("two", "dos"))
    sessions.refresh()
    source.reads.clear()
    steps: list[IndexProgress] = []
    report = sessions.refresh(steps.append)
    assert (report.scanned, report.read, report.unchanged) == (2, 0, 2)
    assert source.reads == []
    assert [s.done for s in steps] == [1, 2] and all(s.record is None for s in steps)


def test_a_refresh_finds_each_changed_file_among_unchanged_ones_with_its_own_state(
    sessions: SessionService, source: Recording, config: Path
) -> None:
    # the refresh compares size and mtime of every file, and reads the saved
    # state only of those that differ: each must get its own
    paths = {sid: write(config, sid, (f"first {n}", "ok")) for n, sid in enumerate((A, B, C))}
    sessions.refresh()
    sizes = {sid: path.stat().st_size for sid, path in paths.items()}
    source.reads.clear()
    append(paths[C], C, "grown", "yes")
    info = paths[A].stat()  # same size, a later mtime: changed as far as the index can tell
    os.utime(paths[A], ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))
    report = sessions.refresh()
    assert (report.read, report.unchanged) == (2, 1)
    assert sorted(source.reads) == [(A, sizes[A]), (C, sizes[C])]
    assert found(sessions, "grown") == [C]
    source.reads.clear()
    assert sessions.refresh().read == 0 and source.reads == []


def test_known_files_are_looked_up_in_chunks(
    sessions: SessionService, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for sid in (A, B, C):
        write(config, sid, ("hello", "hi"))
    sessions.refresh()
    index = sessions._index  # type: ignore[attr-defined]
    monkeypatch.setattr("desktop.store.db.IN_AT_ONCE", 2)
    unknown = "44444444-4444-4444-8444-444444444444"
    known = index.known_files("work", [A, B, C, unknown])
    assert sorted(known) == [A, B, C]
    assert all(state.path.endswith(f"{sid}.jsonl") for sid, state in known.items())
    assert index.known_files("work", []) == {}
    assert sorted(index.file_stamps("work")) == [A, B, C]


def test_a_replaced_file_is_read_again_from_the_start(
    sessions: SessionService, source: Recording, config: Path
) -> None:
    path = write(config, A, ("alpha topic", "alpha answer"))
    sessions.refresh()
    # same name, other content, larger: the head no longer matches what was read
    path.unlink()
    write(config, A, ("beta topic", "beta answer"), ("more beta", "still beta"))
    report = sessions.refresh()
    assert report.read == 1
    assert found(sessions, "alpha") == []
    assert found(sessions, "beta") == [A]
    assert sessions.find(A).message_count == 4
    texts = [t.text for t in sessions._index.texts("work", A)]  # type: ignore[attr-defined]
    assert texts[0] == "beta topic" and "alpha topic" not in texts


def test_a_vanished_file_stays_listed_missing_and_searchable(
    sessions: SessionService, config: Path
) -> None:
    path = write(config, A, ("remember the flamingo", "Noted."))
    write(config, B, ("other", "thing"))
    sessions.refresh()
    path.unlink()  # Claude Code's clean-up
    report = sessions.refresh()
    assert report.missing == 1
    listed = {r.session_id: r.missing for r in sessions.list()}
    assert listed == {A: True, B: False}
    assert found(sessions, "flamingo") == [A]
    history = sessions.history("work", A)
    assert [turn.text for turn in history] == ["remember the flamingo", "Noted."]


def test_search_ranks_and_cuts_snippets(sessions: SessionService, config: Path) -> None:
    write(config, A, ("the cache is slow", "We could add a cache."))
    write(config, B, ("cache cache cache invalidation", "cache eviction: cache keys expire"))
    write(config, C, ("unrelated", "nothing here"))
    sessions.refresh()
    hits = sessions.search("cache")
    assert [h.session_id for h in hits] == [B, A]
    assert hits[0].score >= hits[1].score
    assert "[cache]" in hits[0].snippet and hits[0].role in ("user", "assistant")
    assert sessions.search("cache", limit=1)[0].session_id == B
    assert sessions.search('"add a cache"')[0].session_id == A
    assert sessions.search("nosuchword") == [] and sessions.search("  ") == []


def test_chinese_is_found_inside_a_sentence(sessions: SessionService, config: Path) -> None:
    write(config, A, ("我们需要重构解析器", "好的，先看会话索引。"))
    write(config, B, ("plain english only", "yes"))
    sessions.refresh()
    assert found(sessions, "解析") == [A]
    assert found(sessions, "析") == [A]
    assert found(sessions, "会话索引") == [A]
    assert found(sessions, "解器") == []  # not adjacent in the text
    hit = sessions.search("解析")[0]
    assert "[解析]" in hit.snippet and "我们需要重构" in hit.snippet  # the text as written


def test_roots_setting_limits_the_list(
    hub: ServiceHub, sessions: SessionService, config: Path
) -> None:
    write(config, A, ("a", "b"), cwd="/home/ana/work/api")
    write(config, B, ("c", "d"), cwd="/home/ana/work-old/site")
    write(config, C, ("e", "f"), cwd="/srv/other")
    sessions.refresh()
    assert len(sessions.list()) == 3
    hub.settings.set("sessions.roots", json.dumps(["/home/ana/work"]))
    assert [r.session_id for r in sessions.list()] == [A]  # not work-old: a component match


@pytest.mark.parametrize("bad", ["../../etc/passwd", "a/b", "", A + "/..", A.upper() + "\n"])
def test_path_like_ids_are_refused(
    hub: ServiceHub, sessions: SessionService, config: Path, bad: str
) -> None:
    write(config, A, ("x", "y"))
    sessions.refresh()
    with pytest.raises(UsageError):
        sessions.find(bad)
    assert ClaudeTranscripts().locate(str(config), bad) is None


def test_search_by_account(hub: ServiceHub, sessions: SessionService, tmp_path: Path) -> None:
    other = tmp_path / "other-claude"
    hub.accounts.add("home", str(other), AuthKind.LOGIN)
    write(tmp_path / "claude", A, ("shared word zebra", "ok"))
    write(other, B, ("shared word zebra", "ok"))
    sessions.refresh()
    assert sorted(found(sessions, "zebra")) == sorted([A, B])
    assert [h.account for h in sessions.search("zebra", account="home")] == ["home"]


def test_many_sessions_in_worker_processes_match_a_plain_read(
    hub: ServiceHub, home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [f"{n:08x}-0000-4000-8000-000000000000" for n in range(40)]
    for n, sid in enumerate(ids):
        write(config, sid, (f"prompt {n} walrus", f"reply {n}"), cwd=f"/p/{n % 3}")
    monkeypatch.setattr(session_reads, "POOL_BYTES", 0)
    monkeypatch.setattr(session_reads, "TASK_FILES", 3)
    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    pooled = SessionService(SqlSessionIndex(db), ClaudeTranscripts(), hub.accounts, hub.settings, 2)
    steps: list[IndexProgress] = []
    report = pooled.refresh(steps.append)
    assert (report.read, report.errors) == (40, ())
    assert sorted(s.done for s in steps) == list(range(1, 41))
    assert {s.record.session_id for s in steps if s.record} == set(ids)
    assert len(hub.sessions.search("walrus", limit=100)) == 40
    assert {r.session_id: r.message_count for r in hub.sessions.list()} == dict.fromkeys(ids, 2)


def test_an_unreadable_file_is_an_error_not_a_failed_refresh(
    sessions: SessionService, config: Path
) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads anything")
    path = write(config, A, ("x", "y"))
    write(config, B, ("z", "w"))
    path.chmod(0)
    report = sessions.refresh()
    assert report.read == 1 and len(report.errors) == 1 and A in report.errors[0]


def test_text_written_before_the_rowid_scheme_is_replaced_and_kept_in_order(
    sessions: SessionService, home: Path, config: Path
) -> None:
    path = write(config, A, ("new style", "rows"))
    sessions.refresh()
    db = open_database(home / "sessiondesk.db")
    try:
        with db.engine.begin() as conn:
            pk = conn.exec_driver_sql("SELECT id FROM sessions").scalar()
            conn.exec_driver_sql(
                "INSERT INTO session_text (rowid, body, raw, session_pk, uuid, role) "
                "VALUES (7, 'legacy okapi', NULL, ?, 'u0', 'user')",
                (pk,),
            )
        index = SqlSessionIndex(db)
        assert index.texts("work", A)[0].text == "legacy okapi"
        assert found(sessions, "okapi") == [A]
        path.unlink()
        write(config, A, ("rewritten", "from scratch"), ("and", "longer"))
        sessions.refresh()
        assert found(sessions, "okapi") == []
        assert "legacy okapi" not in [t.text for t in index.texts("work", A)]
    finally:
        db.close()


def test_a_refresh_stopped_by_its_progress_callback_keeps_what_it_wrote(
    hub: ServiceHub, home: Path, config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window stops a run by raising from the progress callback (it is closing)."""
    ids = [f"{n:08x}-0000-4000-8000-000000000000" for n in range(30)]
    for sid in ids:
        write(config, sid, ("lemur", "ok"))
    monkeypatch.setattr(session_reads, "POOL_BYTES", 0)
    monkeypatch.setattr(session_reads, "TASK_FILES", 2)
    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    pooled = SessionService(SqlSessionIndex(db), ClaudeTranscripts(), hub.accounts, hub.settings, 2)

    class Stop(Exception):
        pass

    def stop_after_five(step: IndexProgress) -> None:
        if step.record is not None and step.done >= 5:
            raise Stop

    with pytest.raises(Stop):
        pooled.refresh(stop_after_five)
    kept = len(pooled.list())
    assert kept >= 5  # the batch holding them was written before they were reported
    report = pooled.refresh()
    assert report.read == 30 - kept and report.unchanged == kept
    assert len(pooled.search("lemur", limit=50)) == 30


def test_stored_text_is_segmented_as_queries_are_and_comes_back_as_written() -> None:
    rng = random.Random(5)
    alphabet = ["a", "Z", " ", "  ", "\n", "解", "析", "か", "한", "，", "é", "\u3000", "x1", "\0"]
    for _ in range(2000):
        written = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        # the plain definition: one substitution per CJK character
        assert segment(written) == cjk_pattern("({cjk})").sub(r" \1 ", written)
        assert unsegmented(segment(written)) == written


def test_texts_spaced_together_come_out_as_each_spaced_alone() -> None:
    rng = random.Random(7)
    alphabet = ["a", " ", "\n", "解", "析", "か", "한", "，", "\u3000", "\0", "\udcff", "😀", ""]
    plain = cjk_pattern("({cjk})")
    for _ in range(2000):
        texts = [
            "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 8)))
            for _ in range(rng.randint(0, 6))
        ]
        # a NUL in a text (the glue), a lone surrogate, texts without CJK among them
        assert segment_all(texts) == [plain.sub(r" \1 ", text) for text in texts]
    # more than one pass holds: spaced a few hundred at a time, put back in order
    many = ["".join(rng.choice(alphabet[:8]) for _ in range(5)) + str(n) for n in range(700)]
    assert segment_all(many) == [plain.sub(r" \1 ", text) for text in many]


def _increment(sid: str, texts: list[IndexedText], *, ready: bool, first: bool = True) -> Increment:
    record = SessionRecord("work", sid, f"/src/{sid}.jsonl", size=1)
    return Increment(record, FileState(record.path, 1, 1), texts, first, searchable=ready)


WRITTEN = [
    IndexedText("u1", "user", "数据 in 测试，ok"),
    IndexedText("u2\udcff", "assistant", "a lone \udcff surrogate 存"),
    IndexedText("u3", "user", " \n\t "),
    IndexedText(None, "assistant", "plain words"),
]


def test_texts_a_reader_made_searchable_are_stored_as_given_and_read_back_as_written(
    hub: ServiceHub, home: Path
) -> None:
    ready = [IndexedText(*t) for t in searchable((t.uuid, t.role, t.text) for t in WRITTEN)]
    assert [t.text for t in ready] == [segment(clean(t.text)) for t in WRITTEN if t.text.strip()]
    assert ready[1].uuid == "u2\ufffd" and "\udcff" not in ready[1].text
    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    index = SqlSessionIndex(db)
    index.save_many([_increment(A, WRITTEN, ready=False), _increment(B, ready, ready=True)])
    # spaced once either way: a flag lost or ignored would space the ready ones twice
    assert index.texts("work", A) == index.texts("work", B)
    assert index.texts("work", B)[0].text == "数据 in 测试，ok"
    with db.engine.begin() as conn:
        pk = conn.exec_driver_sql("SELECT id FROM sessions WHERE session_id = ?", (B,)).scalar()
        bodies = conn.exec_driver_sql(
            "SELECT body FROM session_text WHERE rowid >> 32 = ? ORDER BY rowid", (pk,)
        ).scalars()
        assert list(bodies) == [t.text for t in ready]
    assert {h.session_id for h in index.search("测试", None, 10)} == {A, B}


def test_a_batch_joins_parts_of_a_file_in_one_form() -> None:
    ready = [IndexedText(*t) for t in searchable((t.uuid, t.role, t.text) for t in WRITTEN)]
    first = _increment(A, ready, ready=True)
    after = _increment(A, WRITTEN, ready=False, first=False)
    joined = sessions_service._joined(first, after)
    assert joined.searchable and joined.replace
    assert joined.texts == ready + ready
    plain = sessions_service._joined(_increment(A, WRITTEN, ready=False), after)
    assert not plain.searchable and plain.texts == WRITTEN + WRITTEN


def test_the_text_table_keeps_its_write_settings(
    sessions: SessionService, home: Path, config: Path
) -> None:
    write(config, A, ("tuned", "table"))
    sessions.refresh()
    db = open_database(home / "sessiondesk.db")
    try:
        with db.engine.begin() as conn:
            stored = dict(conn.exec_driver_sql("SELECT k, v FROM session_text_config").all())
    finally:
        db.close()
    assert stored["automerge"] == AUTOMERGE and stored["hashsize"] == HASHSIZE > 1 << 20
    assert found(sessions, "tuned") == [A]
