"""The window's fast decoder gives the `Entry` that typing the whole line gives.

`decode_entry_line` builds an `Entry` straight from a line's bytes;
`parse_entry` of the decoded dict is the reference, and every line the fast
one refuses or leaves goes that way. Both are held to the same results on
real CLI files, the builders' sessions, odd and generated lines; and a whole
reading (conversation and problems) with the fast decoder and with it
switched off is the same, damaged lines included.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.claude import transcript_split, transcripts
from desktop.claude.entry_decode import decode_entry_line
from desktop.domain.transcript import Entry, parse_entry
from tests.test_index_decode import (
    _flags,
    _lines,
    _lines_of,
    _odd,
    _taken,
    _texts,
    _values,
    damaged_session,
)
from tests.test_property_damage import damage
from tests.test_transcript_bookkeeping import CliOrder, session_with_blobs
from tests.test_transcript_fast_decode import ODD_LINES


def _fast(data: bytes) -> Entry | None:
    return _taken(decode_entry_line, data)


def _same(data: bytes) -> bool:
    """Whether the fast decoder took the line; if it did, it agrees."""
    fast = _fast(data)
    if fast is not None:
        assert fast == parse_entry(json.loads(data)), data[:300]
    return fast is not None


def test_real_and_built_lines_decode_as_the_full_parser_types_them() -> None:
    lines = _lines()
    taken = sum(map(_same, lines))
    # almost every line is the fast decoder's (the rest: system lines, titles, summaries)
    assert taken >= len(lines) * 0.9, (taken, len(lines))


def test_odd_lines_are_left_to_the_full_parser_or_agree() -> None:
    taken = [line for line in ODD_LINES if _same(line)]
    assert b'{"type":"user","n":123456789012345678901234567890}' in taken
    for refused in (b'{"type":"user","x":NaN}', b'{"type":"user","s":"\\ud800 alone"}', b"[1,2,3]"):
        assert refused not in taken


@pytest.mark.parametrize(
    "line",
    [
        # the wrong type where parse_entry reads None: refused, typed the usual way
        {"type": "assistant", "uuid": 5, "message": {"content": "hi"}},
        {"type": "assistant", "message": {"id": 5, "content": "hi"}},
        {"type": "assistant", "message": {"content": ["hi", {"type": "text", "text": "x"}]}},
        {"type": "user", "message": "not a dict"},
    ],
)
def test_fields_of_the_wrong_type_are_left_to_the_full_parser(line: dict[str, Any]) -> None:
    assert _fast(json.dumps(line).encode()) is None


@pytest.mark.parametrize(
    "line",
    [
        {
            "type": "user",
            "uuid": "r",
            "toolUseResult": {"agentId": "agent-1", "content": [{"type": "text", "text": "x"}]},
            "message": {
                "content": [
                    {"type": "tool_result", "tool_use_id": "t1", "is_error": True, "content": "no"}
                ]
            },
        },
        {"type": "user", "toolUseResult": "Error: denied", "message": {"content": "x"}},
        {"type": "user", "toolUseResult": [1, {"agentId": "a"}], "message": {"content": "x"}},
        {"type": "user", "toolUseResult": {"agentId": 7}, "message": {"content": "x"}},
        {"type": "assistant", "isApiErrorMessage": True, "message": {"content": "API Error"}},
        {"type": "assistant", "message": {"content": None}},
        {"type": "assistant", "message": {"content": "hi", "usage": {"input_tokens": 2**70}}},
        {"type": "user", "message": None, "uuid": "m"},
        {"parentUuid": "p", "type": "attachment", "uuid": "a", "agentId": "x", "cwd": "/c"},
        {"type": 3, "uuid": "z"},
        {"type": "user", "isMeta": True, "message": {"content": [{"type": "image"}, {}]}},
    ],
)
def test_the_shapes_it_takes_are_typed_as_the_full_parser_types_them(
    line: dict[str, Any],
) -> None:
    assert _same(json.dumps(line).encode())


def test_a_repeated_key_counts_once_its_last_time_as_for_the_full_parser() -> None:
    assert _same(b'{"type":"user","uuid":"a","uuid":"b","message":{"content":"x"}}')


def test_system_lines_titles_and_summaries_are_left_to_the_full_parser() -> None:
    for line in (
        {"type": "system", "subtype": "compact_boundary", "uuid": "c"},
        {"type": "custom-title", "customTitle": "mine"},
        {"type": "user", "isCompactSummary": True, "message": {"content": "so far"}},
    ):
        assert _fast(json.dumps(line).encode()) is None


_extra = st.fixed_dictionaries(
    {},
    optional={
        "agentId": _texts,
        "isApiErrorMessage": _flags,
        "toolUseResult": _values | st.fixed_dictionaries({"agentId": _texts}),
        "type": st.sampled_from(["user", "assistant", "attachment", "other"]),
    },
)


@given(_lines_of(_texts, _flags), _extra)
def test_generated_lines_decode_as_the_full_parser_types_them(
    line: dict[str, Any], extra: dict[str, Any]
) -> None:
    line |= extra
    data = json.dumps(line, ensure_ascii=False).encode()
    left = line["type"] in ("system", "custom-title", "ai-title", "summary") or (
        line["type"] == "user" and line.get("isCompactSummary") is True
    )
    assert _same(data) or left


@given(_lines_of(_odd, _odd), _extra)
def test_generated_odd_lines_are_left_alone_or_agree(
    line: dict[str, Any], extra: dict[str, Any]
) -> None:
    _same(json.dumps(line | extra, ensure_ascii=False).encode())


# -- whole readings ----------------------------------------------------------------


def _refuse(data: object) -> None:
    raise ValueError("the fast decoder is switched off")


def _load_both_ways(path: Path) -> tuple[Any, Any]:
    fast = transcripts.load_session(path)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(transcript_split, "decode_entry_line", _refuse)
        patch.setattr(transcripts, "decode_entry_line", _refuse)
        return fast, transcripts.load_session(path)


def test_a_reading_with_odd_lines_is_the_same_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = session_with_blobs(turns=6, cls=CliOrder).dumps().split(b"\n")
    raw[3:3] = ODD_LINES
    raw.insert(9, raw[10].replace(b"answer", b"an\xff\xfewer", 1))  # not UTF-8
    raw.insert(12, raw[13][:40])  # cut short
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    fast, full = _load_both_ways(path)
    assert fast == full
    conversation, problems = fast
    assert problems and conversation.messages
    # read in parts by worker processes (which decode fast): the whole reading's entries
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    assert transcript_split.read_split(path, 2, part_bytes=2048) == transcripts.read_entries(path)


@given(st.lists(damage, min_size=1, max_size=4), st.integers(0, 12))
def test_damaged_sessions_read_the_same_both_ways(
    tmp_path_factory: pytest.TempPathFactory, damaged: list[bytes], at: int
) -> None:
    fast, full = _load_both_ways(damaged_session(tmp_path_factory, damaged, at))
    assert fast == full
