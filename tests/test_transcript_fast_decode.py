"""The reader's fast decoder (msgspec) reads exactly what the standard one does.

A line msgspec decodes to an object is taken from it; anything it refuses goes
the standard way, which decides and reports. Each test reads a file both ways:
with the fast decoder and with it switched off.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from desktop.claude import transcript_reader
from desktop.claude.transcript_reader import BOOKKEEPING, TranscriptReader
from desktop.claude.transcripts import load_session
from tests.test_transcript_bookkeeping import BIG, CliOrder, session_with_blobs

ODD_LINES = [
    b'{"type":"user","n":123456789012345678901234567890}',  # past 64 bits
    b'{"type":"user","n":-9223372036854775809}',
    b'{"type":"user","n":18446744073709551615}',  # the largest unsigned 64-bit
    b'{"type":"user","x":1e400,"y":-1e400}',  # inf
    b'{"type":"user","x":NaN}',
    b'{"type":"user","s":"\\ud800 alone"}',  # a lone surrogate: U+FFFD
    b'{"type":"user","s":"\\ud83d\\ude00 pair"}',
    b'{"type":"user","s":"\\u0000\\u001f\\/"}',
    b'{"type":"user","s":"caf\xc3\xa9 \xe4\xb8\xad"}',
    b'{"type":"user","s":"bad \xff\xfe bytes"}',  # not UTF-8: kept, with U+FFFD
    b'{"type":"user","s":"\xed\xa0\x80"}',  # a surrogate encoded as UTF-8
    b'{"type":"user","s":"raw\ttab"}',  # a control character: invalid JSON
    b'\xef\xbb\xbf{"type":"user"}',  # a byte order mark
    b'{"type":"user","a":1,"a":2}',
    b'  {"type":"user"}  ',
    b'{"type":"user"} trailing',
    b'{"type":"user","deep":' + b"[" * 1500 + b"]" * 1500 + b"}",  # deep, yet within json's reach
    b'{"type":"user","deep":' + b"[" * 50_000 + b"]" * 50_000 + b"}",  # for either
    b"[1,2,3]",
    b'"just a string"',
    b"",
    b"   ",
    b'{"type":"user","cut',
    b'{"type":"user","f":0.1000000000000000055511151231257827,"g":1.5E+3,"h":-0.0}',
]


def _noted(obj: object, taken: list[object]) -> object:
    taken.append(obj)
    return obj


def _refuse(data: object) -> object:
    raise ValueError("the fast decoder is switched off")


def _read(path: Path, fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(transcript_reader, "_decode", _refuse)
        reader = TranscriptReader(path, final=True, skip=BOOKKEEPING)
        entries = [(r.line, r.offset, r.length, _comparable(r.obj)) for r in reader]
    return entries, [(p.line, p.offset, p.reason, p.skipped) for p in reader.problems]


def _comparable(value: dict) -> str:
    if "deep" in value:  # too deep to print: its depth stands for it
        value = {**value, "deep": _depth(value["deep"])}
    # NaN is not equal to itself, and int 1 == float 1.0: compare the exact text
    return json.dumps(value, sort_keys=True, default=repr, allow_nan=True) + repr(_types(value))


def _depth(value: object) -> int:
    depth = 0
    while isinstance(value, list):
        depth, value = depth + 1, value[0] if value else None
    return depth


def _types(value: object) -> object:
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_types(v) for v in value[:5]]
    if isinstance(value, float) and math.isnan(value):
        return "nan"
    return type(value).__name__


def test_odd_lines_read_the_same_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_bytes(b"\n".join(ODD_LINES) + b"\n")
    taken = []
    decode = transcript_reader._decode
    monkeypatch.setattr(transcript_reader, "_decode", lambda d: _noted(decode(d), taken))
    fast = _read(path, True, monkeypatch)
    # integers of any size, escapes, UTF-8, a repeated key, spaces around, nesting within
    # json's reach, a long float; the rest (and the non-objects) went the standard way
    assert sum(1 for obj in taken if type(obj) is dict) == 10
    assert fast == _read(path, False, monkeypatch)
    entries, problems = fast
    assert len(entries) == 15 and len(problems) == 11  # what the standard way makes of them
    numbers = [json.loads(e[3].split("{'", 1)[0]) for e in entries[:3]]
    assert numbers[0]["n"] == 123456789012345678901234567890  # an int still, not a float


@pytest.mark.parametrize(
    "damage",
    [
        lambda line, after: line[: len(line) // 2],  # cut short by a crash
        lambda line, after: line[:-40] + after,  # the next entry run on after a cut
        lambda line, after: line.replace(b"answer", b"an\xff\xfewer", 1),  # not UTF-8
        lambda line, after: line.replace(b"answer", b"an\\ud800wer", 1),  # lone surrogate
        lambda line, after: line + line,  # two whole entries on one line
    ],
)
def test_damaged_conversation_lines_read_the_same_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: object
) -> None:
    raw = session_with_blobs(blob=BIG, cls=CliOrder).dumps().split(b"\n")
    index = next(i for i, line in enumerate(raw) if b'"answer 1"' in line)
    raw[index] = damage(raw[index], raw[index + 1])  # type: ignore[operator]
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    fast = _read(path, True, monkeypatch)
    assert fast == _read(path, False, monkeypatch)
    with monkeypatch.context() as patch:
        patch.setattr(transcript_reader, "_decode", _refuse)
        plain = load_session(path)
    assert load_session(path) == plain


def test_a_chunk_with_one_bad_line_checks_each_stepped_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # non-ASCII text throughout, and one stepped line that is not UTF-8: the
    # chunk as a whole fails the check, so each line is checked on its own
    made = session_with_blobs(turns=6, cls=CliOrder)
    raw = made.dumps().replace(b"question", "questión".encode()).split(b"\n")
    blobs = [i for i, line in enumerate(raw) if b'"api-request-blob"' in line]
    raw[blobs[3]] = raw[blobs[3]].replace(b"xxxx", b"x\xffx", 1)
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    entries, problems = _read(path, True, monkeypatch)
    assert (entries, problems) == _read(path, False, monkeypatch)
    assert [p[2] for p in problems] == ["invalid UTF-8"]  # kept, with U+FFFD, and noted
    assert problems[0][0] == blobs[3] + 1
    whole = TranscriptReader(path, final=True)
    list(whole)
    assert [(p.line, p.reason) for p in whole.problems] == [(p[0], p[2]) for p in problems]
