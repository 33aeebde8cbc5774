"""A big transcript read in parts gives what one read of it gives.

The first index splits a big file into byte ranges at line starts, read by
several worker processes, and puts the parts back together in order
(`ClaudeTranscripts.split` / `read_part` / `joiner`). The session summary
(counts, tokens of replies whose blocks straddle a seam, titles, times, cwd),
the damaged-line report (line numbers and offsets), the stored text and the
state a later read resumes from must all come out as from a single read;
and what one part hands to the writer is bounded by the part, not the file.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import random
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from desktop.claude import session_source
from desktop.claude.session_source import ClaudeTranscripts
from desktop.compose import open_services
from desktop.domain.accounts import AuthKind
from desktop.domain.sessions import FileState, Increment, IndexedText, TranscriptFile
from desktop.services import session_reads
from desktop.services import sessions as sessions_service
from desktop.services.sessions import SessionService
from desktop.store.db import open_database
from desktop.store.session_text import unsegmented
from desktop.store.sessions import SqlSessionIndex
from tests.test_transcript_fixtures import Transcript, text, tool_use

SID = "44444444-4444-4444-8444-444444444444"
_WORDS = ["parser", "tokenizer", "walrus", "解析", "器", "plan", "queue", "ledger", "okapi"]


def _busy_lines(rng: random.Random) -> list[bytes]:
    """Prompts, replies written a block a line (a shared id, usage growing),
    tool calls, titles, a subagent's lines, a move to another folder."""
    t = Transcript(session_id=SID, cwd="/src/one")
    side = Transcript(session_id=SID, cwd="/src/one", agent_id="a1")
    for n in range(160):
        words = " ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 30)))
        t.prompt(f"prompt {n} {words}")
        blocks = [text(f"reply {n} {words}") for _ in range(rng.randint(1, 4))]
        if rng.random() < 0.2:
            blocks.append(tool_use(f"toolu_{n}", "Read", {"file_path": words}))
        t.reply(*blocks, usage=(rng.randint(1, 500), rng.randint(1, 90)))
        if rng.random() < 0.1:
            side.prompt(f"side {n}")
            side.reply(text("side reply"))
            t.lines.extend(side.lines)
            side.lines.clear()
        if rng.random() < 0.05:
            kind = rng.choice(["custom-title", "ai-title"])
            field = "customTitle" if kind == "custom-title" else "aiTitle"
            t.meta(kind, **{field: f"title {n}"})
        if n == 90:
            t.cwd = "/src/two"
    return t.dumps().splitlines(keepends=True)


def _damaged(rng: random.Random, lines: list[bytes]) -> bytes:
    """Broken JSON, empty lines and bad UTF-8 here and there, an unfinished end."""
    out = []
    for line in lines:
        roll = rng.random()
        if roll < 0.02:
            out.append(line[: len(line) // 2] + b"\n")
        elif roll < 0.03:
            out.append(b"\n")
        elif roll < 0.04:
            out.append(line.replace(b"reply", b"repl\xff", 1))
        out.append(line)
    return b"".join(out) + b'{"type":"user","mess'


def _file(path: Path, data: bytes) -> TranscriptFile:
    path.write_bytes(data)
    info = path.stat()
    return TranscriptFile(SID, str(path), info.st_size, info.st_mtime_ns)


def _damaged_file(folder: Path, seed: int) -> TranscriptFile:
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    return _file(folder / f"{SID}.jsonl", _damaged(rng, _busy_lines(rng)))


def _pool_and_parts(monkeypatch: pytest.MonkeyPatch, part: int) -> None:
    """Worker processes and parts for any size, parts of about `part` bytes."""
    monkeypatch.setattr(session_source, "PART_BYTES", part)
    monkeypatch.setattr(session_reads, "POOL_BYTES", 0)
    monkeypatch.setattr(session_reads, "SPLIT_BYTES", 0)


def _in_parts(
    source: ClaudeTranscripts, file: TranscriptFile, known: FileState | None = None
) -> list[Increment]:
    spans = source.split(file, known)
    join = source.joiner("work", file, known)
    return [
        join(source.read_part(file, start, end), n == len(spans) - 1)
        for n, (start, end) in enumerate(spans)
    ]


@pytest.mark.parametrize(("seed", "part"), [(1, 700), (2, 2500), (3, 9000)])
def test_parts_put_together_are_a_single_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int, part: int
) -> None:
    file = _damaged_file(tmp_path, seed)
    monkeypatch.setattr(session_source, "PART_BYTES", part)
    source = ClaudeTranscripts()
    whole = source.read("work", file, None)
    parts = _in_parts(source, file)

    assert len(parts) > 3
    assert whole.record.error and "line" in whole.record.error  # damage was met
    assert parts[-1].record == whole.record  # summary, tokens, title, error sentence
    assert parts[-1].file == whole.file  # offset, and the state a later read resumes from
    assert [t for p in parts for t in p.texts] == whole.texts
    assert [p.replace for p in parts] == [True] + [False] * (len(parts) - 1)
    assert [p.partial for p in parts] == [True] * (len(parts) - 1) + [False]


def test_a_run_stopped_after_a_part_goes_on_from_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = _damaged_file(tmp_path, 4)
    monkeypatch.setattr(session_source, "PART_BYTES", 3000)
    source = ClaudeTranscripts()
    whole = source.read("work", file, None)
    first = _in_parts(source, file)[0]

    # what the index stored after the first part: a file that differs from it
    assert first.file.size < file.size and first.record.size == first.file.size
    rest = source.read("work", file, first.file)
    assert not rest.replace  # appended after the part, not read again
    assert first.texts + rest.texts == whole.texts
    assert rest.record == whole.record and rest.file == whole.file


def test_a_file_grown_since_the_last_read_is_read_on_in_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(11)
    lines = _busy_lines(rng)
    path = tmp_path / f"{SID}.jsonl"
    earlier = _file(path, _damaged(rng, lines[: len(lines) // 3])[:-20] + b"\n")
    source = ClaudeTranscripts()
    known = source.read("work", earlier, None).file
    with path.open("ab") as out:
        out.write(b"".join(lines[len(lines) // 3 :]))
    info = path.stat()
    grown = TranscriptFile(SID, str(path), info.st_size, info.st_mtime_ns)
    monkeypatch.setattr(session_source, "PART_BYTES", 2500)
    once = source.read("work", grown, known)
    parts = _in_parts(source, grown, known)

    assert not once.replace and len(parts) > 3
    assert source.split(grown, known)[0][0] == known.read_offset
    assert not any(p.replace for p in parts)  # all appended after what was stored
    assert (parts[-1].record, parts[-1].file) == (once.record, once.file)
    assert [t for p in parts for t in p.texts] == once.texts


def test_parts_start_at_lines_and_hand_over_one_part_at_a_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Memory is bounded by the part: each is a task alone, and a part's
    result holds only the text of its own lines."""
    rng = random.Random(5)
    data = b"".join(_busy_lines(rng))
    file = _file(tmp_path / f"{SID}.jsonl", data)
    monkeypatch.setattr(session_source, "PART_BYTES", 4000)
    source = ClaudeTranscripts()
    spans = source.split(file, None)
    longest = max(map(len, data.splitlines(keepends=True)))
    assert spans[0][0] == 0 and spans[-1][1] is None
    for (start, end), (after, _) in itertools.pairwise(spans):
        assert end == after and data[end - 1 : end] == b"\n"
        assert end - start <= 4000 + longest
    jobs = [(file, None)]
    monkeypatch.setattr(session_reads, "SPLIT_BYTES", 0)
    items = list(session_reads._items(source, jobs))
    tasks = [task for task, _size in session_reads._tasks(iter(items))]
    assert len(tasks) == len(spans) and all(len(task) == 1 for task in tasks)
    for (start, end), task in zip(spans, tasks, strict=True):
        assert task[0][2] is not None and task[0][2][1:] == (start, end)
        part = source.read_part(file, start, end)
        texts = sum(len(t[2]) for t in part.texts)
        assert texts <= (end or len(data)) - start


def test_a_big_file_indexed_by_workers_in_parts_matches_a_single_read(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "claude"
    folder = config / "projects" / "-src-one"
    file = _damaged_file(folder, 6)
    small = "55555555-5555-4555-8555-555555555555"
    Transcript(session_id=small).write(folder / f"{small}.jsonl")
    hub = open_services(home)
    hub.accounts.add("work", str(config), AuthKind.LOGIN)
    _pool_and_parts(monkeypatch, 2000)
    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    index = SqlSessionIndex(db)
    pooled = SessionService(index, ClaudeTranscripts(), hub.accounts, hub.settings, 2)
    steps = []
    report = pooled.refresh(steps.append, account="work")

    assert (report.read, report.errors) == (2, ())
    assert sorted(s.done for s in steps) == [1, 2]  # a file once, however many parts
    whole = ClaudeTranscripts().read("work", file, None)
    stored = pooled.find(SID, "work")
    for field in ("title", "message_count", "input_tokens", "output_tokens", "error", "cwd"):
        assert getattr(stored, field) == getattr(whole.record, field), field
    assert stored.size == file.size
    assert whole.searchable  # the reader hands texts over as stored: spaced back, as written
    written = [IndexedText(t.uuid, t.role, unsegmented(t.text)) for t in whole.texts]
    assert index.texts("work", SID) == written
    again = pooled.refresh(account="work")
    assert again.unchanged == 2 and again.read == 0
    hub.close()


class _BreaksAfter:
    """A process pool whose workers die after `n` tasks (as when they cannot
    start in a frozen app): the tasks before run, in this process."""

    n = 3

    def __init__(self, *_args: object, **_kwargs: object) -> None:
        self.sent = 0

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        self.sent += 1
        if self.sent > self.n:
            raise BrokenProcessPool("workers died")
        future: Future[Any] = Future()
        future.set_result(fn(*args))
        return future

    def shutdown(self, **_kwargs: object) -> None:
        pass


def test_a_file_begun_in_parts_is_read_again_whole_when_the_workers_die(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = _damaged_file(tmp_path, 7)
    _pool_and_parts(monkeypatch, 2000)
    monkeypatch.setattr(session_reads, "QUEUED", 1)  # parts are joined before the break
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _BreaksAfter)
    source = ClaudeTranscripts()
    results = [r for _job, r in session_reads.read_all(source, "work", [(file, None)], 2)]

    assert [r.partial for r in results] == [True, True, False]  # two parts, then it whole
    last = results[-1]
    assert isinstance(last, Increment) and last.replace and not last.partial
    whole = source.read("work", file, None)
    assert (last.record, last.file, last.texts) == (whole.record, whole.file, whole.texts)


def test_a_big_file_gone_before_it_is_split_is_an_error_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = _damaged_file(tmp_path, 8)
    gone = TranscriptFile(SID.replace("4", "6"), str(tmp_path / "gone.jsonl"), 1 << 30, 1)
    _pool_and_parts(monkeypatch, 2000)
    jobs = [(gone, None), (kept, None)]
    results = dict(
        (job[0].session_id, r)
        for job, r in session_reads.read_all(ClaudeTranscripts(), "work", jobs, 2)
        if not (isinstance(r, Increment) and r.partial)
    )
    assert isinstance(results[gone.session_id], FileNotFoundError)
    assert isinstance(results[SID], Increment) and results[SID].texts


class _DeletedAfterItsLastPart(ClaudeTranscripts):
    def read_part(self, file: TranscriptFile, start: int, end: int | None) -> Any:
        part = super().read_part(file, start, end)
        if end is None:
            Path(file.path).unlink()
        return part


def test_a_file_gone_while_its_parts_are_put_together_is_an_error_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = _damaged_file(tmp_path, 9)
    _pool_and_parts(monkeypatch, 2000)
    monkeypatch.setattr(_BreaksAfter, "n", 10_000)  # a pool that never breaks, in-process
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", _BreaksAfter)
    jobs = [(file, None)]
    results = [r for _job, r in session_reads.read_all(_DeletedAfterItsLastPart(), "w", jobs, 2)]
    assert all(isinstance(r, Increment) and r.partial for r in results[:-1])
    assert isinstance(results[-1], FileNotFoundError)


class _Batches(SqlSessionIndex):
    """The real index, noting how many characters of text each batch held."""

    chars: list[int]

    def save_many(self, increments: Any) -> None:
        self.chars.append(sum(len(t.text) for i in increments for t in i.texts))
        super().save_many(increments)


def test_a_batch_written_at_once_is_bounded_by_characters(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What waits in memory for the writer is bounded by its text, not only by
    its count of messages (20,000 long replies would be hundreds of MB)."""
    config = tmp_path / "claude"
    file = _damaged_file(config / "projects" / "-src-one", 10)
    hub = open_services(home)
    hub.accounts.add("work", str(config), AuthKind.LOGIN)
    _pool_and_parts(monkeypatch, 2000)
    monkeypatch.setattr(sessions_service, "BATCH_CHARS", 3000)
    db = open_database(home / "sessiondesk.db")
    hub.closers.append(db.close)
    index = _Batches(db)
    index.chars = []
    pooled = SessionService(index, ClaudeTranscripts(), hub.accounts, hub.settings, 2)
    pooled.refresh(account="work")
    whole = ClaudeTranscripts().read("work", file, None)
    # a batch is written once it reaches the bound: it holds at most one part more
    longest_line = max(map(len, Path(file.path).read_bytes().splitlines()))
    assert len(index.chars) > 3 and max(index.chars) <= 3000 + 2000 + longest_line
    assert sum(index.chars) == sum(len(t.text) for t in whole.texts)
    hub.close()
