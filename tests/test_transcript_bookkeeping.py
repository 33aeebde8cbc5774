"""Bookkeeping lines stepped over undecoded: faster, and otherwise invisible.

Request blobs are most of a real transcript's bytes. Readers step over them
(and the summary over attachments) without decoding them, yet must count
their lines, keep every offset, and report damage as if each line had been
parsed. Each test compares a read with stepping against one without.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.claude.transcript_reader import BOOKKEEPING, NOT_SUMMARISED, TranscriptReader
from desktop.claude.transcripts import (
    describe_problems,
    load_recent,
    load_session,
    summarise_transcript,
)
from desktop.domain.transcript_problems import LineProblem
from tests.test_transcript_fixtures import Transcript, simple_session, text

BLOB = {"model": "claude-opus-5-5", "messages": [{"role": "user", "content": "x" * 3000}]}
BIG = {"model": "claude-opus-5-5", "messages": [{"role": "user", "content": "x" * 20_000}]}


class CliOrder(Transcript):
    """Bookkeeping lines with `sessionId` right after `type`, as the real CLI writes them
    (the builder puts it last)."""

    def meta(self, kind: str, **fields: object) -> None:
        self.lines.append({"type": kind, "sessionId": self.session_id, **fields})


def session_with_blobs(turns: int = 3, blob: object = BLOB, cls: type = Transcript) -> Transcript:
    t = cls()
    for turn in range(turns):
        t.meta("queue-operation", operation="enqueue", timestamp="2026-03-01T09:00:00.000Z")
        t.prompt(f"question {turn}")
        t.attachment("date")
        t.meta("api-request-shape")
        t.meta("api-request-blob", blob=blob)
        t.meta("api-request")
        t.reply(text(f"answer {turn}"))
        t.meta("cost-state", totalCostUSD=0.01)
    return t


def problems(path: Path, skip: object) -> list[tuple[int, int, str, bool]]:
    reader = TranscriptReader(path, skip=skip)  # type: ignore[arg-type]
    list(reader)
    return [(p.line, p.offset, p.reason, p.skipped) for p in reader.problems]


def entries(path: Path, skip: object) -> list[tuple[int, int, int, str]]:
    reader = TranscriptReader(path, skip=skip)  # type: ignore[arg-type]
    return [(r.line, r.offset, r.length, r.obj["type"]) for r in reader]


def test_intact_bookkeeping_is_stepped_over_and_counted(tmp_path: Path) -> None:
    path = session_with_blobs().write(tmp_path / "s.jsonl")
    plain = entries(path, None)
    reader = TranscriptReader(path, skip=BOOKKEEPING)
    stepped = [(r.line, r.offset, r.length, r.obj["type"]) for r in reader]
    # the same entries at the same lines and offsets, minus the bookkeeping
    assert stepped == [e for e in plain if e[3] in ("user", "attachment", "assistant")]
    assert reader.stepped == 15 and reader.problems == []
    assert reader.offset == path.stat().st_size and reader.line == len(plain) + 1


def test_summary_also_steps_over_attachments_and_resumes_at_the_same_offset(
    tmp_path: Path,
) -> None:
    t = session_with_blobs(2)
    path = t.write(tmp_path / "s.jsonl")
    full = TranscriptReader(path)
    list(full)
    reader = TranscriptReader(path, skip=NOT_SUMMARISED)
    assert {r.obj["type"] for r in reader} == {"user", "assistant"}
    assert (reader.offset, reader.line) == (full.offset, full.line)
    update = summarise_transcript(path)
    assert update.summary.message_count == 4 and update.error is None
    with path.open("ab") as out:
        out.write(session_with_blobs(1).dumps())
    again = summarise_transcript(path, offset=update.offset, state=update.state)
    assert not again.restarted and again.summary.message_count == 6


@pytest.mark.parametrize("big", [False, True], ids=["short-blob", "long-blob-cli-order"])
@pytest.mark.parametrize(
    "damage",
    [
        # a blob cut short by a crash, the next entry run on after it
        lambda blob, after: blob[: len(blob) // 2] + after,
        # a blob cut short at the very end of the line
        lambda blob, after: blob[:-2],
        # bytes that are not UTF-8 inside an otherwise whole blob
        lambda blob, after: blob.replace(b"xxxx", b"x\xff\xfex", 1),
        # not UTF-8 and cut short
        lambda blob, after: blob.replace(b"xxxx", b"x\xff\xfex", 1)[:-5],
        # two whole blobs on one line
        lambda blob, after: blob + blob,
    ],
)
def test_damaged_bookkeeping_is_reported_as_a_full_parse_reports_it(
    tmp_path: Path, damage: object, big: bool
) -> None:
    made = session_with_blobs(blob=BIG, cls=CliOrder) if big else session_with_blobs()
    raw = made.dumps().split(b"\n")
    index = next(i for i, line in enumerate(raw) if b'"api-request-blob"' in line)
    raw[index] = damage(raw[index], raw[index + 1])  # type: ignore[operator]
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    expected = problems(path, None)
    assert expected, "the damage must be visible to a full parse"
    assert problems(path, BOOKKEEPING) == expected
    assert problems(path, NOT_SUMMARISED) == expected
    conversation, found = load_session(path)
    assert [(p.line, p.offset, p.reason) for p in found] == [e[:3] for e in expected]
    assert len(conversation.messages) == 6


def test_only_whole_lines_at_a_line_start_are_stepped(tmp_path: Path) -> None:
    t = Transcript()
    t.prompt('{"type":"api-request-blob","sessionId":"x"} is what I pasted')
    t.meta("api-request-blobby-future-type", sessionId="x")  # a prefix, still bookkeeping
    t.meta("apirequest", value=1)  # not ours to skip
    path = t.write(tmp_path / "s.jsonl")
    reader = TranscriptReader(path, skip=BOOKKEEPING)
    assert [r.obj["type"] for r in reader] == ["user", "apirequest"]


def test_attachments_stay_in_the_chain_for_display(tmp_path: Path) -> None:
    path = simple_session().write(tmp_path / "s.jsonl")
    conversation, found = load_session(path)
    assert found == [] and conversation.messages[0].text == "plan the parser"
    assert conversation.messages[-1].text == "Done."


def test_recent_messages_come_from_the_end_of_a_long_transcript(tmp_path: Path) -> None:
    t = Transcript()
    for turn in range(400):
        t.prompt(f"question {turn}")
        t.meta("api-request-blob", blob=BLOB)
        t.reply(text(f"answer {turn}"))
    path = t.write(tmp_path / "long.jsonl")
    assert path.stat().st_size > 1_000_000
    conversation, found, whole = load_recent(path, 50, first_tail=64 << 10)
    shown = [m.text for m in conversation.messages]
    assert not whole and found == []
    assert len(shown) >= 50 and shown[-1] == "answer 399"
    small = simple_session().write(tmp_path / "small.jsonl")
    everything, _, whole = load_recent(small, 50)
    assert whole and everything.messages[0].text == "plan the parser"


def test_a_real_cli_line_order_is_recognised() -> None:
    # field order as Claude Code 2.1.332 writes them (see tests/data/transcripts)
    attachment = (
        b'{"parentUuid":"62499b8e-96ed-4117-a48d-f0834636af83","isSidechain":false,'
        b'"attachment":{"type":"model"},"type":"attachment","uuid":"u"}'
    )
    assert NOT_SUMMARISED.match(attachment) and not BOOKKEEPING.match(attachment)
    for kind in ("api-request", "api-request-blob", "queue-operation", "cost-state"):
        line = json.dumps({"type": kind, "sessionId": "s"}, separators=(",", ":")).encode()
        assert BOOKKEEPING.match(line)
    for kind in ("user", "assistant", "system", "summary", "custom-title", "ai-title"):
        line = json.dumps({"type": kind}, separators=(",", ":")).encode()
        assert not NOT_SUMMARISED.match(line)


def test_a_run_on_attachment_is_reported_by_the_summary(tmp_path: Path) -> None:
    raw = session_with_blobs().dumps().split(b"\n")
    index = next(i for i, line in enumerate(raw) if b'"type":"attachment"' in line)
    # cut before its own sessionId, the prompt after it run on: one sessionId in all
    raw[index] = raw[index][:60] + raw[index + 1]
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    expected = problems(path, None)
    assert problems(path, NOT_SUMMARISED) == expected
    assert summarise_transcript(path).error == describe_problems(_as_problems(path))


def _as_problems(path: Path) -> list[LineProblem]:
    reader = TranscriptReader(path)
    list(reader)
    return reader.problems


def cjk_session_with_blobs() -> Transcript:
    """Chinese prompts and replies: no chunk of the file is ASCII."""
    t = Transcript()
    for turn in range(3):
        t.prompt(f"问题 {turn} 据线会移存试")
        t.meta("api-request-blob", blob=BLOB)
        t.meta("cost-state", totalCostUSD=0.01)
        t.reply(text(f"回答 {turn} 迁索口部户型"))
    return t


def test_bookkeeping_beside_cjk_text_is_stepped_over(tmp_path: Path) -> None:
    path = cjk_session_with_blobs().write(tmp_path / "s.jsonl")
    plain = entries(path, None)
    reader = TranscriptReader(path, skip=BOOKKEEPING)
    stepped = [(r.line, r.offset, r.length, r.obj["type"]) for r in reader]
    assert stepped == [e for e in plain if e[3] in ("user", "assistant")]
    assert reader.stepped == 6 and reader.problems == []


@pytest.mark.parametrize("small_chunks", [False, True])
def test_bookkeeping_not_utf8_beside_cjk_text_is_reported(
    tmp_path: Path, small_chunks: bool
) -> None:
    """The lines of a chunk are checked at once when it is valid UTF-8, one by
    one when it is not: a bad blob among Chinese text is still found."""
    raw = cjk_session_with_blobs().dumps().split(b"\n")
    index = next(i for i, line in enumerate(raw) if b'"api-request-blob"' in line)
    raw[index] = raw[index].replace(b"xxxx", b"x\xff\xfex", 1)
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    expected = problems(path, None)
    assert [e[2] for e in expected] == ["invalid UTF-8"]
    chunk = {"chunk_size": 97} if small_chunks else {}
    reader = TranscriptReader(path, skip=BOOKKEEPING, **chunk)  # type: ignore[arg-type]
    list(reader)
    assert [(p.line, p.offset, p.reason, p.skipped) for p in reader.problems] == expected
