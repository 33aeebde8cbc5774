"""A big transcript read in parts by worker processes, or in a process of its
own, gives exactly what one plain read gives: the same entries and messages in
the same order, the same problems at the same line numbers and offsets."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from itertools import pairwise
from pathlib import Path

import pytest

from desktop.claude import transcript_aside, transcript_split
from desktop.claude.session_source import ClaudeTranscripts
from desktop.claude.transcript_aside import load_aside
from desktop.claude.transcript_reader import TranscriptReader, line_ranges
from desktop.claude.transcript_split import read_split
from desktop.claude.transcript_wire import (
    pack_entries,
    pack_messages,
    unpack_entries,
    unpack_messages,
)
from desktop.claude.transcripts import load_session, read_entries
from tests.test_transcript_fixtures import Transcript, text, tool_use

DAMAGE = [b"{not json", b"", b"\xff\xfe binary", b"[1, 2]", b'{"type": "user", "x": "\xff"}']


BIG = {"n": 2**70, "m": -(2**65), "f": 1.5}
"""Integers past 64 bits: the JSON decoder keeps them exact, msgpack cannot hold them."""


def damaged_transcript(tmp_path: Path, turns: int = 40, big_at: int | None = None) -> Path:
    """Turns with a tool call, bookkeeping lines and a damaged line every few lines."""
    t = Transcript()
    for number in range(turns):
        t.prompt(f"question {number} " + "words " * number)
        t.attachment()
        if number == big_at:
            t.reply(tool_use("call_big", "Count", BIG))
            t.result("call_big", "counted")
        if number % 3 == 0:
            t.reply(tool_use(f"call_{number}", "Read", {"path": f"/f{number}"}))
            t.result(f"call_{number}", f"contents {number}")
        t.reply(text(f"answer {number} " + "more " * number))
    lines = [json.dumps(line, separators=(",", ":")).encode() for line in t.lines]
    lines.insert(3, b'{"type":"queue-operation","operation":"enqueue","sessionId":"s"}')
    out: list[bytes] = []
    for number, line in enumerate(lines):
        out.append(line)
        if number % 7 == 2:
            out.append(DAMAGE[number % len(DAMAGE)])
    out.append(b'{"type":"user","message":')  # cut short by a crash: the last line
    tmp_path.mkdir(parents=True, exist_ok=True)
    path = tmp_path / "big.jsonl"
    path.write_bytes(b"\n".join(out))
    return path


def test_parts_start_at_line_starts_and_cover_the_file(tmp_path: Path) -> None:
    path = damaged_transcript(tmp_path)
    raw = path.read_bytes()
    for size in (1, 100, 1000, 4096):
        cut = line_ranges(path, size)
        assert cut[0][0] == 0 and cut[-1][1] is None
        assert all(end == start for (_s, end), (start, _e) in pairwise(cut))
        assert all(raw[start - 1 : start] == b"\n" for start, _end in cut[1:])
    assert len(line_ranges(path, 1)) == raw.count(b"\n") + 1  # every line a part of its own


@pytest.mark.parametrize("part_bytes", [1, 300, 2048])
def test_a_split_reading_equals_the_plain_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, part_bytes: int
) -> None:
    """With 1-byte parts every damaged line sits at a boundary between two parts."""
    path = damaged_transcript(tmp_path)
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    here: list[object] = []
    read_here = transcript_split._read_part
    monkeypatch.setattr(transcript_split, "_read_part", lambda *a: here.append(a) or read_here(*a))
    split = read_split(path, 2, part_bytes=part_bytes)
    assert split is not None, "the file was not split"
    # this process read the first part at least, the worker the last ones
    parts = len(line_ranges(path, part_bytes))
    assert here and here[0][1][0] == 0 and 0 < len(here) <= parts - 2
    entries, problems = read_entries(path)
    assert split == (entries, problems)
    assert len(problems) >= 8 and {p.reason for p in problems} >= {
        "invalid JSON", "empty line", "incomplete last line", "invalid UTF-8",
    }  # fmt: skip
    assert all(p.line > 0 for p in problems)


def test_a_part_stops_at_its_end_offset(tmp_path: Path) -> None:
    path = damaged_transcript(tmp_path)
    (start, end), *_ = line_ranges(path, 2000)
    assert end is not None
    reader = TranscriptReader(path, start, end=end)
    list(reader)
    assert reader.offset == end and reader.pending == 0


@pytest.mark.parametrize("big_at", [None, 20])
def test_a_reading_aside_equals_the_plain_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, big_at: int | None
) -> None:
    """In its own process, which splits the file again across two workers (forked,
    on Linux: it has no other thread); with `BIG` in a tool call, its messages'
    batch crosses as tuples."""
    path = damaged_transcript(tmp_path, big_at=big_at)
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    monkeypatch.setattr(transcript_split, "PART_BYTES", 700)
    aside = load_aside(path, 2)
    assert aside is not None, "the reading process did not answer"
    conversation, problems = load_session(path)
    assert aside == (conversation, problems)
    assert len(conversation.messages) > 80
    content = ClaudeTranscripts().load(str(path), workers=2)
    assert (content.thread, list(content.details)) == (conversation, problems)
    if big_at is not None:
        call = next(m for m in aside[0].messages if m.tool_use_id == "call_big")
        assert call.input == BIG


def test_spawned_workers_read_what_forked_ones_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forked (from a process without other threads, as the reading process is:
    `test_a_reading_aside_equals_the_plain_one`) or spawned, the same reading."""
    path = damaged_transcript(tmp_path)
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    monkeypatch.setattr(transcript_split, "start_method", lambda: "spawn")
    assert read_split(path, 2, part_bytes=300) == read_entries(path)


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small files read aside, in small parts."""
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    monkeypatch.setattr(transcript_split, "PART_BYTES", 700)


@pytest.mark.usefixtures("small_parts")
def test_a_reading_process_that_dies_leaves_the_reading_here(tmp_path: Path) -> None:
    """None, soon (its workers, forked, could hold its pipe open: that is no wait),
    and its workers end with it."""
    path = damaged_transcript(tmp_path)
    reading = transcript_aside._start(str(path), 2)
    assert reading is not None
    os.kill(reading.process.pid, signal.SIGKILL)
    assert transcript_aside._receive(reading) is None
    # another test's reading may still be joining: only this one is asked about
    assert reading.process.exitcode is not None
    assert reading.process not in transcript_aside._running


@pytest.mark.usefixtures("small_parts")
def test_a_reading_process_is_joined_after_its_last_message(tmp_path: Path) -> None:
    path = damaged_transcript(tmp_path)
    earlier = set(transcript_aside._running)  # other tests' readings, maybe still joining
    assert load_aside(path, 2) is not None
    deadline = time.monotonic() + 10
    while transcript_aside._running - earlier and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not transcript_aside._running - earlier


def test_showing_a_transcript_does_not_load_multiprocessing() -> None:
    """Every transcript shown goes through `transcript_aside`; only a big one needs
    multiprocessing (and the reading process lowers its priority before its imports)."""
    code = "import sys, desktop.claude.transcript_aside; print('multiprocessing' in sys.modules)"
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "False"


def test_a_small_file_or_one_worker_is_read_here(tmp_path: Path) -> None:
    path = damaged_transcript(tmp_path)
    assert read_split(path, 2) is None  # under SPLIT_BYTES
    assert load_aside(path, 2) is None
    assert load_aside(path, 1) is None


def test_a_missing_file_fails_like_a_plain_read(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_aside(tmp_path / "gone.jsonl", 2)


def big_number_transcript(tmp_path: Path) -> Path:
    """A damaged transcript with, half way, a tool call whose input holds `BIG`."""
    return damaged_transcript(tmp_path, big_at=20)


def test_entries_and_messages_cross_as_msgpack_or_else_as_tuples(tmp_path: Path) -> None:
    entries, _ = read_entries(damaged_transcript(tmp_path / "plain"))
    packed = pack_entries(entries)
    assert isinstance(packed, bytes)  # the usual way
    assert unpack_entries(packed) == entries
    messages = [m for e in entries for m in e.messages]
    assert any(m.usage for m in messages) and any(m.input for m in messages)
    assert isinstance(pack_messages(messages), bytes)
    assert unpack_messages(pack_messages(messages)) == messages

    entries, _ = read_entries(big_number_transcript(tmp_path))
    messages = [m for e in entries for m in e.messages]
    assert 2**70 in [m.input.get("n") for m in messages if isinstance(m.input, dict)]
    for pack, unpack, values in (
        (pack_entries, unpack_entries, entries),
        (pack_messages, unpack_messages, messages),
    ):
        packed = pack(values)
        assert not isinstance(packed, bytes)  # the rare way: plain tuples
        assert unpack(packed) == values


@pytest.mark.parametrize("part_bytes", [300, 2048])
def test_a_split_reading_keeps_integers_past_64_bits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, part_bytes: int
) -> None:
    """The worker's part that holds the big integer goes as tuples, the others as
    msgpack: together still exactly the plain reading."""
    path = big_number_transcript(tmp_path)
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    split = read_split(path, 2, part_bytes=part_bytes)
    assert split is not None, "the file was not split"
    assert split == read_entries(path)
    raw = path.read_bytes()
    kinds = set()
    for part in line_ranges(path, part_bytes):
        packed, _, _ = transcript_split.read_part(str(path), part)
        kinds.add(type(packed))
        holds = str(2**70).encode() in raw[part[0] : part[1]]
        assert isinstance(packed, bytes) is not holds
        assert unpack_entries(packed) == transcript_split._read_part(str(path), part)[0]
    assert kinds == {bytes, list}
