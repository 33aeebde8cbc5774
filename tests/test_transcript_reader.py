"""The transcript reader against every kind of damage a file on disk can have.

Each test writes a real file, damages it, and checks two things: every intact
message is still read, and the damage is reported (line, offset, reason).
"""

from __future__ import annotations

import json
import os
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from desktop.claude.transcripts import (
    TranscriptReader,
    describe_problems,
    iter_entries,
    load_session,
    read_entries,
    summarise_transcript,
)
from desktop.domain.transcript import Role
from desktop.domain.transcript_problems import LineProblem
from tests.test_transcript_fixtures import Transcript, simple_session, text, tool_use

MESSAGES = [
    (Role.USER, "plan the parser"),
    (Role.ASSISTANT, "Reading it."),
    (Role.TOOL_USE, ""),
    (Role.TOOL_RESULT, "1\tcontent"),
    (Role.ASSISTANT, "Here is the plan."),
    (Role.USER, "now do it"),
    (Role.ASSISTANT, "Done."),
]


def shown(path: Path) -> list[tuple[Role, str]]:
    conversation, _ = load_session(path)
    return [(m.role, m.text) for m in conversation.messages if m.role is not Role.THINKING]


def insert_line(raw: bytes, before: int, junk: bytes) -> bytes:
    lines = raw.split(b"\n")
    return b"\n".join([*lines[:before], junk, *lines[before:]])


def test_empty_file_is_a_session_with_nothing_in_it(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    reader = TranscriptReader(path)
    assert list(reader) == [] and reader.problems == [] and reader.offset == 0
    conversation, problems = load_session(path)
    assert conversation.messages == () and problems == []


def test_unknown_and_bookkeeping_types_are_hidden_never_fatal(tmp_path: Path) -> None:
    t = simple_session()
    for kind in ("mode", "tools-used", "atis-latch", "api-request-blob", "brand-new-type"):
        t.meta(kind, whatever={"nested": [1, 2]})
    t.lines.insert(3, {"type": "future-thing", "uuid": "x", "payload": 1})
    path = t.write(tmp_path / "s.jsonl")
    assert shown(path) == MESSAGES
    assert load_session(path)[1] == []


def test_partial_last_line_is_held_back_then_read_once_complete(tmp_path: Path) -> None:
    raw = simple_session().dumps()
    last_start = raw.rstrip(b"\n").rfind(b"\n") + 1
    cut = last_start + 40
    path = tmp_path / "live.jsonl"
    path.write_bytes(raw[:cut])

    reader = TranscriptReader(path)
    first = list(reader)
    assert reader.offset == last_start
    assert reader.pending == cut - last_start
    assert reader.problems == []  # a line still being written is not damage
    assert first[-1].obj["message"]["content"] == "now do it"

    with path.open("ab") as stream:
        stream.write(raw[cut:])
    again = TranscriptReader(path, reader.offset, start_line=reader.line)
    (completed,) = list(again)
    assert completed.obj["message"]["content"][0]["text"] == "Done."
    assert completed.line == len(first) + 1 and completed.offset == last_start
    assert again.offset == len(raw) and again.pending == 0


def test_garbage_line_is_skipped_and_reported(tmp_path: Path) -> None:
    raw = simple_session().dumps()
    damaged = insert_line(raw, 4, b'{"type":"user","message": oops')
    path = tmp_path / "s.jsonl"
    path.write_bytes(damaged)
    assert shown(path) == MESSAGES
    (problem,) = load_session(path)[1]
    assert (problem.line, problem.reason) == (5, "invalid JSON")
    assert problem.offset == len(b"\n".join(raw.split(b"\n")[:4])) + 1
    assert describe_problems([problem]) == "1 unreadable line (first at line 5: invalid JSON)"


def test_binary_junk_is_skipped_and_reported(tmp_path: Path) -> None:
    junk = bytes(range(256)).replace(b"\n", b"") + b"\x00\x00\xff\xfe"
    path = tmp_path / "s.jsonl"
    path.write_bytes(insert_line(simple_session().dumps(), 2, junk))
    assert shown(path) == MESSAGES
    (problem,) = load_session(path)[1]
    assert problem.line == 3 and problem.reason == "not text (invalid UTF-8)"


def test_invalid_utf8_inside_a_json_line_is_kept_with_replacement(tmp_path: Path) -> None:
    t = Transcript()
    t.prompt("caf\u00e9 ordering")
    t.reply(text("ok"))
    raw = t.dumps().replace("caf\u00e9".encode(), b"caf\xe9")  # a latin-1 byte
    path = tmp_path / "s.jsonl"
    path.write_bytes(raw)
    conversation, problems = load_session(path)
    assert [m.text for m in conversation.messages] == ["caf\ufffd ordering", "ok"]
    (problem,) = problems
    assert problem.reason == "invalid UTF-8" and not problem.skipped
    assert "invalid UTF-8" in (describe_problems(problems) or "")


def test_empty_lines_and_non_objects_are_reported(tmp_path: Path) -> None:
    raw = simple_session().dumps()
    for junk in (b"", b"   \t", b"[1, 2]", b"42", b'"just a string"', b"null"):
        raw = insert_line(raw, 1, junk)
    path = tmp_path / "s.jsonl"
    path.write_bytes(raw.replace(b"\n", b"\r\n"))  # and CRLF endings, as an editor may leave
    assert shown(path) == MESSAGES
    reasons = [p.reason for p in load_session(path)[1]]
    assert reasons == [
        "not a JSON object (NoneType)",
        "not a JSON object (str)",
        "not a JSON object (int)",
        "not a JSON object (list)",
        "empty line",
        "empty line",
    ]
    message = describe_problems([LineProblem(12, 0, "invalid JSON")] * 3)
    assert message == "3 unreadable lines (first at line 12: invalid JSON)"


def test_ten_megabyte_line_is_read_whole(tmp_path: Path) -> None:
    big = "x" * (10 << 20)
    t = Transcript()
    t.prompt("dump it")
    t.reply(tool_use("t1", "Bash", {"command": "cat big"}))
    t.result("t1", big)
    t.reply(text("that was long"))
    path = t.write(tmp_path / "s.jsonl")
    conversation, problems = load_session(path)
    assert problems == []
    results = [m for m in conversation.messages if m.role is Role.TOOL_RESULT]
    assert len(results) == 1 and len(results[0].text) == len(big)
    assert conversation.messages[-1].text == "that was long"


def test_line_over_the_cap_is_skipped_without_being_loaded(tmp_path: Path) -> None:
    t = Transcript()
    t.prompt("before")
    t.result("t1", "y" * (3 << 20))
    t.prompt("after")
    path = t.write(tmp_path / "s.jsonl")
    tracemalloc.start()
    try:
        reader = TranscriptReader(path, max_line=1 << 20, chunk_size=64 << 10)
        rows = list(reader)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [r.obj["message"]["content"] for r in rows] == ["before", "after"]
    assert [r.line for r in rows] == [1, 3]
    (problem,) = reader.problems
    assert problem.line == 2 and problem.reason == "line longer than 1 MiB"
    assert peak < 2_500_000, peak  # the 3 MB line never sat in memory


def test_truncated_file_keeps_what_came_before(tmp_path: Path) -> None:
    raw = simple_session().dumps()
    path = tmp_path / "s.jsonl"
    path.write_bytes(raw[: len(raw) - 25])  # a crash cut the last line
    assert shown(path) == MESSAGES[:-1]
    (problem,) = load_session(path)[1]
    assert problem.reason == "incomplete last line"
    assert problem.line == raw.count(b"\n")


def test_complete_last_line_without_newline_is_read_when_final(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(simple_session().dumps().rstrip(b"\n"))
    assert shown(path) == MESSAGES
    live = TranscriptReader(path)
    assert len(list(live)) == len(simple_session().lines) - 1 and live.pending > 0


def test_missing_link_leaves_a_gap_but_keeps_earlier_messages(tmp_path: Path) -> None:
    t = simple_session()
    lines = t.dumps().split(b"\n")
    # the tool result's line is the link between the two halves of the chain
    index = next(i for i, line in enumerate(lines) if b"tool_result" in line)
    lines[index] = b"\x00garbage"
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(lines))
    conversation, problems = load_session(path)
    rows = [(m.role, m.text) for m in conversation.messages if m.role is not Role.THINKING]
    expected = [row for row in MESSAGES if row[0] is not Role.TOOL_RESULT]
    assert [r for r in rows if r[0] is not Role.SYSTEM] == expected
    assert any(m.divider == "gap" for m in conversation.messages)
    assert len(problems) == 1


def test_iter_entries_streams_and_collects_problems(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(insert_line(simple_session().dumps(), 1, b"garbage"))
    problems: list[LineProblem] = []
    stream = iter_entries(path, 0, problems)
    first = next(stream)
    assert first.line == 1 and problems == []  # nothing read ahead of the consumer
    rest = list(stream)
    assert len(rest) == len(simple_session().lines) - 1
    assert [p.line for p in problems] == [2]


def test_tail_read_starts_at_a_line_boundary(tmp_path: Path) -> None:
    path = simple_session().write(tmp_path / "s.jsonl")
    size = path.stat().st_size
    prompt = next(
        r
        for r in TranscriptReader(path)
        if r.obj.get("message") == {"role": "user", "content": "now do it"}
    )

    def tail_texts(tail: int) -> list[str]:
        entries, problems = read_entries(path, tail_bytes=tail)
        assert problems == []  # the cut line is skipped silently, not reported
        return [m.text for e in entries for m in e.messages]

    assert tail_texts(size - prompt.offset - 10) == ["Done."]
    assert tail_texts(size - prompt.offset + 1) == ["now do it", "Done."]
    conversation, _ = load_session(path, tail_bytes=size - prompt.offset)
    assert [m.text for m in conversation.messages] == ["now do it", "Done."]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_place_of_a_transcript_does_not_hang(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    os.mkfifo(path)
    with pytest.raises(OSError):
        list(TranscriptReader(path))


def test_memory_stays_bounded_on_a_large_file(tmp_path: Path) -> None:
    t = Transcript()
    for turn in range(4):
        t.prompt(f"turn {turn}")
        t.reply(text("r" * 2000))
    block = t.dumps()
    # ~50 MB: many turns of ~48 KB tool output each, written without building it in memory
    out = "o" * 48_000
    result = (
        json.dumps({"type": "user", "message": {"role": "user", "content": out}}) + "\n"
    ).encode()
    path = tmp_path / "big.jsonl"
    with path.open("wb") as stream:
        for _ in range(1000):
            stream.write(block)
            stream.write(result)
    size = path.stat().st_size
    assert size > 50_000_000

    started = time.perf_counter()
    tracemalloc.start()
    try:
        update = summarise_transcript(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    elapsed = time.perf_counter() - started
    assert update.summary.prompt_count == 5000  # 4 typed + the big one, 1000 times
    assert update.offset == size and update.error is None
    assert peak < 8_000_000, peak  # the file is 50 MB; we hold a chunk and a line
    print(f"\n50 MB summarised in {elapsed:.2f}s, peak {peak / 1e6:.1f} MB", file=sys.stderr)


def test_a_missing_transcript_raises_instead_of_reading_something_else(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_session(tmp_path / "gone.jsonl")
    with pytest.raises(FileNotFoundError):
        summarise_transcript(tmp_path / "gone.jsonl")


def test_summary_hands_each_new_entry_to_the_indexer(tmp_path: Path) -> None:
    session = simple_session()
    path = session.write(tmp_path / "s.jsonl")
    seen: list[tuple[bool, int]] = []
    summarise_transcript(path, on_line=lambda line, raw: seen.append((line.is_prompt, raw.line)))
    # bookkeeping and attachments are stepped over, yet every other line keeps its number
    stepped = ("queue-operation", "attachment", "api-request", "last-prompt", "cost-state")
    kept = [
        number
        for number, entry in enumerate(session.lines, start=1)
        if entry["type"] not in stepped
    ]
    assert [number for _prompt, number in seen] == kept
    assert seen[0] == (True, 2)  # the prompt


def test_lines_decode_to_what_the_json_module_gives(tmp_path: Path) -> None:
    """Most lines are decoded by a faster decoder: the values must be json's,
    huge integers exact (a count past 64 bits is clamped later, not lost)."""
    odd = {
        "type": "user",
        "n": [2**80, -(2**70), 0, -0.0, 1.5e300, 12345678901234567890],
        "s": "caf\u00e9 \U0001f600 \u0000 据线",
        "nested": {"a": [{"b": None}, True, False]},
    }
    path = tmp_path / "s.jsonl"
    path.write_text(json.dumps(odd) + "\n" + json.dumps(odd, ensure_ascii=False) + "\n")
    got = [r.obj for r in TranscriptReader(path)]
    assert got == [odd, odd]
    assert type(got[0]["n"][0]) is int and type(got[0]["n"][3]) is float


def test_a_line_nested_past_what_json_reads_is_reported_as_before(tmp_path: Path) -> None:
    deep = '{"type":"user","x":' + "[" * 50_000 + "]" * 50_000 + "}"
    shallow = '{"type":"user","x":' + "[" * 400 + "]" * 400 + "}"
    path = tmp_path / "s.jsonl"
    path.write_text(deep + "\n" + shallow + "\n")
    reader = TranscriptReader(path)
    assert [r.line for r in reader] == [2]
    assert [(p.line, p.reason) for p in reader.problems] == [(1, "invalid JSON")]
