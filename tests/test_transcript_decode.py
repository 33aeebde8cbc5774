"""The one transcript decoder: the same line read from its bytes or from its dict.

The reader decodes a line straight from its bytes into each view (`ENTRY` for
the window, `INDEX` for the index); a line that way refuses (a field of an
odd type) or that is not clean UTF-8 JSON is decoded to a dict the standard
way and read into the same view from there. Both ways must give the same:
here on real CLI files, the builders' sessions, odd, damaged and generated
lines, and whole readings and summaries with the bytes way switched off.
The index's view is also held to what the entry shows (`_indexed`, the
derivation the index once used): its rules are the one place a rule taught
to the entry can be missed.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from desktop.claude import transcript_split, transcripts
from desktop.domain.prompt_wrap import named
from desktop.domain.textsearch import Text
from desktop.domain.transcript import Entry, EntryKind, Role
from desktop.domain.transcript_decode import ENTRY, INDEX, LineDecoder, parse_entry
from desktop.domain.transcript_index import TEXT_LIMIT, TOOL_TEXT_LIMIT, IndexLine, sent_texts
from tests.test_property_damage import damage
from tests.test_transcript_bookkeeping import BIG, CliOrder, session_with_blobs
from tests.test_transcript_fast_decode import ODD_LINES
from tests.test_transcript_fixtures import simple_session

REAL = Path(__file__).parent / "data" / "transcripts"


def _from_bytes(decoder: LineDecoder[Any], data: bytes) -> Any:
    """What a view makes of a line's bytes, as the reader asks it; None when
    the line goes by its dict (not UTF-8, or refused)."""
    try:
        data.decode()  # the reader hands it UTF-8 only
    except UnicodeDecodeError:
        return None
    try:
        return decoder.from_bytes(bytearray(data))
    except (ValueError, RecursionError):
        return None


def _indexed(entry: Entry) -> IndexLine:
    """The index's view of a typed entry: what it shows, as the index keeps it."""
    title = entry.kind is EntryKind.TITLE
    prompt = None
    if entry.is_prompt:
        typed = [named(m.text, m.sent_with) for m in entry.messages
                 if m.role is Role.USER and not m.is_meta]  # fmt: skip
        prompt = "\n".join(t for t in typed if t) or None
    texts: list[Text] = []
    for m in entry.messages:
        if m.is_meta or m.role in (Role.THINKING, Role.SYSTEM):
            continue
        if m.role is Role.TOOL_USE:
            text = f"{m.tool_name or ''} {m.input or ''}"[:TOOL_TEXT_LIMIT]
        else:
            limit = TOOL_TEXT_LIMIT if m.role is Role.TOOL_RESULT else TEXT_LIMIT
            text = m.text[:limit]
        if text.strip():
            texts.append((m.uuid, str(m.role), text))
        texts += sent_texts(m.uuid, m.sent_with)
    reply = entry.is_reply
    return IndexLine(entry.timestamp, entry.is_sidechain, entry.session_id, entry.cwd,
                     entry.title if title else None, entry.title_source if title else None,
                     entry.is_prompt, prompt, reply, entry.model if reply else None,
                     entry.usage if reply else None, entry.reply_key,
                     () if entry.is_sidechain else tuple(texts))  # fmt: skip


def _same(data: bytes) -> bool:
    """Whether the bytes way took the line; if it did, it agrees with the dict
    way, in both views. And the index's view is what the entry shows."""
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):
        obj = None
    entry = ENTRY.from_dict(obj) if isinstance(obj, dict) else None
    if entry is not None:
        assert INDEX.from_dict(obj) == _indexed(entry), data[:300]
    fast = _from_bytes(ENTRY, data)
    if fast is not None:
        assert fast == entry, data[:300]
        assert _from_bytes(INDEX, data) == _indexed(entry), data[:300]
    return fast is not None


def _lines() -> list[bytes]:
    found = [line for path in REAL.rglob("*.jsonl") for line in path.read_bytes().splitlines()]
    found += [json.dumps(line).encode() for line in simple_session().lines]
    found += session_with_blobs(turns=4, blob=BIG, cls=CliOrder).dumps().splitlines()
    return found


def test_real_and_built_lines_read_the_same_from_bytes_and_dict() -> None:
    lines = _lines()
    assert all(map(_same, lines))  # every line, system lines and titles too, from its bytes


def test_odd_lines_are_refused_by_the_bytes_way_or_agree() -> None:
    taken = [line for line in ODD_LINES if _same(line)]
    # huge integers and floats in unused fields are skipped, not refused
    assert b'{"type":"user","n":123456789012345678901234567890}' in taken
    # refused: NaN, a lone surrogate, non-objects
    for refused in (b'{"type":"user","x":NaN}', b'{"type":"user","s":"\\ud800 alone"}', b"[1,2,3]"):
        assert refused not in taken


@pytest.mark.parametrize(
    "line",
    [
        {"type": "assistant", "uuid": 5, "message": {"content": "hi"}},
        {"type": "assistant", "message": {"id": 5, "content": "hi"}},
        {"type": "assistant", "message": {"content": ["hi", {"type": "text", "text": "x"}]}},
        {"type": "user", "message": "not a dict"},
        {"type": "system", "subtype": "compact_boundary", "logicalParentUuid": 7},
    ],
)
def test_a_field_of_the_wrong_type_is_refused_and_read_as_missing(line: dict[str, Any]) -> None:
    data = json.dumps(line).encode()
    assert _from_bytes(ENTRY, data) is None and _from_bytes(INDEX, data) is None
    _same(data)


def test_a_reply_whose_id_is_not_a_string_has_no_key_but_its_text() -> None:
    line = {"type": "assistant", "uuid": "u", "message": {"id": 5, "content": "hi"}}
    indexed = INDEX.from_dict(line)
    assert indexed.reply_key is None and indexed.texts == (("u", "assistant", "hi"),)
    assert parse_entry(line).messages[0].text == "hi"


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
        {"type": ["system"], "uuid": "z"},  # not a type: no rare fields looked for
        {"type": "user", "isMeta": True, "message": {"content": [{"type": "image"}, {}]}},
        {"type": "system", "subtype": "compact_boundary", "uuid": "c", "logicalParentUuid": "p"},
        {"type": "system", "level": "error", "content": "API retry"},
        {"type": "custom-title", "customTitle": "mine"},
        {"type": "summary", "summary": " old\nstyle ", "leafUuid": "x"},
        {"type": "user", "isCompactSummary": True, "message": {"content": "so far"}},
    ],
)
def test_the_shapes_it_takes_read_the_same_both_ways(line: dict[str, Any]) -> None:
    assert _same(json.dumps(line).encode())


def test_a_repeated_key_counts_once_its_last_time_both_ways() -> None:
    assert _same(b'{"type":"user","uuid":"a","uuid":"b","message":{"content":"x"}}')


def test_a_subagent_started_by_a_tool_result_is_named_both_ways() -> None:
    line = {"type": "user", "toolUseResult": {"agentId": "agent-1", "big": "x" * 1000},
            "message": {"content": [{"type": "tool_result", "tool_use_id": "t1"}]}}  # fmt: skip
    data = json.dumps(line).encode()
    assert _from_bytes(ENTRY, data).messages[0].spawned_agent_id == "agent-1"
    assert parse_entry(line).messages[0].spawned_agent_id == "agent-1"


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
def test_generated_lines_read_the_same_from_bytes_and_dict(
    line: dict[str, Any], extra: dict[str, Any]
) -> None:
    assert _same(json.dumps(line | extra, ensure_ascii=False).encode())  # well typed: all taken


@given(_lines_of(_odd, _odd), _extra)
def test_generated_odd_lines_are_refused_or_agree(
    line: dict[str, Any], extra: dict[str, Any]
) -> None:
    _same(json.dumps(line | extra, ensure_ascii=False).encode())


# -- whole readings ----------------------------------------------------------------


def _refuse(data: object) -> None:
    raise ValueError("the bytes way is switched off")


def _summarise(path: Path, fast: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    seen: list[tuple[Any, ...]] = []
    with monkeypatch.context() as patch:
        if not fast:
            patch.setattr(transcripts, "INDEX", LineDecoder(_refuse, INDEX.from_dict))
        update = transcripts.summarise_transcript(
            path, on_line=lambda line, raw: seen.append((line, raw.line, raw.offset, raw.length))
        )
    return update.state, update.error, update.offset, seen


def _load_both_ways(path: Path) -> tuple[Any, Any]:
    fast = transcripts.load_session(path)
    with pytest.MonkeyPatch.context() as patch:
        by_dict = LineDecoder(_refuse, ENTRY.from_dict)
        patch.setattr(transcript_split, "ENTRY", by_dict)
        patch.setattr(transcripts, "ENTRY", by_dict)
        return fast, transcripts.load_session(path)


def _with_odd_lines(path: Path, turns: int, blob: int | None = None) -> Path:
    made = session_with_blobs(turns=turns, cls=CliOrder, **({"blob": blob} if blob else {}))
    raw = made.dumps().split(b"\n")
    raw[3:3] = ODD_LINES
    raw.insert(9, raw[10].replace(b"answer", b"an\xff\xfewer", 1))  # not UTF-8
    raw.insert(12, raw[13][:40])  # cut short
    path.write_bytes(b"\n".join(raw))
    return path


def test_a_summary_with_odd_lines_is_the_same_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _with_odd_lines(tmp_path / "s.jsonl", 4, BIG)
    fast = _summarise(path, True, monkeypatch)
    assert fast == _summarise(path, False, monkeypatch)
    assert fast[1] is not None  # the damage is reported


def test_a_reading_with_odd_lines_is_the_same_both_ways(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _with_odd_lines(tmp_path / "s.jsonl", 6)
    fast, full = _load_both_ways(path)
    assert fast == full
    conversation, problems = fast
    assert problems and conversation.messages
    # read in parts by worker processes: the whole reading's entries
    monkeypatch.setattr(transcript_split, "SPLIT_BYTES", 0)
    assert transcript_split.read_split(path, 2, part_bytes=2048) == transcripts.read_entries(path)


def damaged_session(factory: pytest.TempPathFactory, damaged: list[bytes], at: int) -> Path:
    """A CLI-ordered session with `damaged` lines put in before its line `at`."""
    raw = session_with_blobs(turns=3, cls=CliOrder).dumps().split(b"\n")
    raw[at:at] = damaged
    path = factory.mktemp("d") / "s.jsonl"
    path.write_bytes(b"\n".join(raw))
    return path


@given(st.lists(damage, min_size=1, max_size=4), st.integers(0, 12))
def test_damaged_sessions_read_and_summarise_the_same_both_ways(
    tmp_path_factory: pytest.TempPathFactory, damaged: list[bytes], at: int
) -> None:
    path = damaged_session(tmp_path_factory, damaged, at)
    fast, full = _load_both_ways(path)
    assert fast == full
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert _summarise(path, True, monkeypatch) == _summarise(path, False, monkeypatch)
