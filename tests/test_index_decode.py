"""The index's fast decoder gives what typing the whole entry gives.

`decode_index_line` builds the index's view of a line straight from its bytes;
`index_line(parse_entry(...))` is the reference, and every line the fast one
refuses or leaves goes that way. Both are held to the same results here: on
real CLI files, on the builders' sessions, on odd and damaged lines and on
generated ones; and a whole summary (state, problems, texts) read with the
fast decoder and with it switched off is the same, byte for byte.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.claude import transcripts
from desktop.claude.index_decode import decode_index_line
from desktop.domain.transcript import parse_entry
from desktop.domain.transcript_index import IndexLine, index_line
from tests.test_property_damage import damage
from tests.test_transcript_bookkeeping import BIG, CliOrder, session_with_blobs
from tests.test_transcript_fast_decode import ODD_LINES
from tests.test_transcript_fixtures import simple_session

REAL = Path(__file__).parent / "data" / "transcripts"


T = TypeVar("T")


def _taken(decode: Callable[[bytearray], T | None], data: bytes) -> T | None:
    """What a typed decoder makes of a line, as the reader asks it; None when
    the line goes the usual way (not UTF-8, refused, or left)."""
    try:
        data.decode()  # the reader hands it UTF-8 only
    except UnicodeDecodeError:
        return None
    try:
        return decode(bytearray(data))
    except (ValueError, RecursionError):
        return None


def _fast(data: bytes) -> IndexLine | None:
    return _taken(decode_index_line, data)


def _reference(data: bytes) -> IndexLine | None:
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        return None
    return index_line(parse_entry(obj)) if isinstance(obj, dict) else None


def _same(data: bytes) -> bool:
    """Whether the fast decoder took the line; if it did, it agrees."""
    fast = _fast(data)
    if fast is not None:
        assert fast == _reference(data), data[:300]
    return fast is not None


def _lines() -> list[bytes]:
    found = [line for path in REAL.rglob("*.jsonl") for line in path.read_bytes().splitlines()]
    found += [json.dumps(line).encode() for line in simple_session().lines]
    found += session_with_blobs(turns=4, blob=BIG, cls=CliOrder).dumps().splitlines()
    return found


def test_real_and_built_lines_decode_as_the_full_parser_types_them() -> None:
    lines = _lines()
    taken = sum(map(_same, lines))
    # almost every line is the fast decoder's (the rest: compaction summaries)
    assert taken >= len(lines) - 3, (taken, len(lines))


def test_odd_lines_are_left_to_the_full_parser_or_agree() -> None:
    taken = [line for line in ODD_LINES if _same(line)]
    # huge integers and floats in unused fields are skipped, not refused
    assert b'{"type":"user","n":123456789012345678901234567890}' in taken
    # refused: NaN, a lone surrogate, non-objects
    for refused in (b'{"type":"user","x":NaN}', b'{"type":"user","s":"\\ud800 alone"}', b"[1,2,3]"):
        assert refused not in taken


def test_fields_of_the_wrong_type_are_left_to_the_full_parser() -> None:
    line = {"type": "assistant", "uuid": "u", "message": {"id": 5, "content": "hi"}}
    data = json.dumps(line).encode()
    assert _fast(data) is None
    reference = _reference(data)
    assert reference is not None and reference.reply_key is None and reference.texts


# -- generated lines -----------------------------------------------------------

_words = st.sampled_from(
    [
        "",
        " ",
        "hello",
        "No response requested.",
        "<system-reminder>note</system-reminder>",
        "<system-reminder>note</system-reminder> and a question",
        "<command-name>/compact</command-name>",
        "[Request interrupted by user]",
        "<local-command-stdout>out</local-command-stdout>",
        "<bash-input>ls</bash-input>",
        "<task-notification><summary>done</summary></task-notification>",
        "x" * 17_000,
    ]
) | st.text(max_size=20)
_floats = st.floats(allow_nan=False, allow_infinity=False)
_scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | _floats
_values = st.recursive(
    _scalars | _words,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
_odd = _words | _scalars | st.sampled_from([math.inf, -math.inf])
"""Any value: the wrong type for most fields, or what JSON cannot hold, which the
full parser copes with (msgspec refuses Infinity: those lines go its way)."""
_texts = st.none() | _words | st.sampled_from(["m1", "m2", "r1"])
_flags = st.none() | st.booleans()
_block_types = ["text", "tool_use", "server_tool_use", "tool_result", "thinking", "image"]


def _lines_of(some: st.SearchStrategy[Any], flags: st.SearchStrategy[Any]) -> Any:
    """Lines whose fields are `some` (strings) and `flags` (booleans)."""
    inner_block = st.fixed_dictionaries(
        {"type": st.sampled_from(["text", "image"]), "text": _words}
    )
    block = st.fixed_dictionaries(
        {"type": st.sampled_from([*_block_types, "redacted_thinking", "document"]) | _scalars},
        optional={
            "text": some,
            "name": some,
            "input": _values,
            "content": _words | st.lists(inner_block | _words, max_size=3) | _scalars,
            "thinking": _words,
            "id": _words,
        },
    )
    count = st.integers(0, 2**70) | _scalars
    usage = st.fixed_dictionaries(
        {},
        optional={
            "input_tokens": count,
            "output_tokens": count,
            "cache_read_input_tokens": count,
            "cache_creation_input_tokens": count,
        },
    )
    message = st.fixed_dictionaries(
        {"content": _words | st.lists(block, max_size=4)},
        optional={
            "model": st.sampled_from(["claude-x", "<synthetic>"]) | some,
            "id": st.sampled_from(["m1", "m2"]) | some,
            "usage": usage | st.none(),
            "stop_reason": st.sampled_from(["end_turn", "tool_use"]) | some,
        },
    )
    stamps = st.sampled_from(["2026-01-02T03:04:05.678Z", "2026-01-02T03:04:05", "soon"]) | some
    return st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                ["user", "assistant", "system", "custom-title", "ai-title", "summary", "other"]
            ),
            "message": message,
        },
        optional={
            "uuid": some,
            "parentUuid": some,
            "isSidechain": flags,
            "timestamp": stamps,
            "cwd": some,
            "sessionId": some,
            "requestId": some,
            "requestRef": some,
            "closesQuietTurn": flags,
            "isCompactSummary": flags,
            "isMeta": flags,
            "promptSource": st.just("system") | some,
            "origin": _values,
            "customTitle": some,
            "aiTitle": some,
            "summary": some,
            "toolUseResult": _values,
        },
    )


@given(_lines_of(_texts, _flags))
def test_generated_lines_decode_as_the_full_parser_types_them(line: dict[str, Any]) -> None:
    data = json.dumps(line, ensure_ascii=False).encode()
    # well-typed lines are all the fast decoder's, but for compaction summaries
    compact = line["type"] == "user" and line.get("isCompactSummary") is True
    assert _same(data) or compact


@given(_lines_of(_odd, _odd))
def test_generated_odd_lines_are_left_alone_or_agree(line: dict[str, Any]) -> None:
    _same(json.dumps(line, ensure_ascii=False).encode())


# -- whole reads -----------------------------------------------------------------


def _summarise(path: Path, fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    seen: list[tuple[Any, ...]] = []
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(transcripts, "decode_index_line", _refuse)
        update = transcripts.summarise_transcript(
            path, on_line=lambda line, raw: seen.append((line, raw.line, raw.offset, raw.length))
        )
    return update.state, update.error, update.offset, seen


def _refuse(data: object) -> None:
    raise ValueError("the fast decoder is switched off")


def test_a_summary_with_odd_lines_is_the_same_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw = session_with_blobs(turns=4, blob=BIG, cls=CliOrder).dumps().split(b"\n")
    raw[3:3] = ODD_LINES
    raw.insert(9, raw[10].replace(b"answer", b"an\xff\xfewer", 1))  # not UTF-8
    raw.insert(12, raw[13][:40])  # cut short
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    fast = _summarise(path, True, monkeypatch)
    assert fast == _summarise(path, False, monkeypatch)
    assert fast[1] is not None  # the damage is reported


def damaged_session(factory: pytest.TempPathFactory, damaged: list[bytes], at: int) -> Path:
    """A CLI-ordered session with `damaged` lines put in before its line `at`."""
    raw = session_with_blobs(turns=3, cls=CliOrder).dumps().split(b"\n")
    raw[at:at] = damaged
    path = factory.mktemp("d") / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    return path


@given(st.lists(damage, min_size=1, max_size=4), st.integers(0, 12))
def test_damaged_sessions_summarise_the_same_both_ways(
    tmp_path_factory: pytest.TempPathFactory, damaged: list[bytes], at: int
) -> None:
    path = damaged_session(tmp_path_factory, damaged, at)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _summarise(path, True, monkeypatch) == _summarise(path, False, monkeypatch)
