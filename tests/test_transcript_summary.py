"""The session summary: counts, tokens, cwd, title, and incremental reading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop.claude.transcripts import summarise_transcript
from desktop.domain.transcript_decode import index_of
from desktop.domain.transcript_summary import SessionSummary
from tests.test_transcript_fixtures import Transcript, simple_session, text, thinking, tool_use


def summarise(t: Transcript) -> SessionSummary:
    summary = SessionSummary()
    for line in t.dumps().splitlines():
        summary.feed_line(index_of(json.loads(line)))
    return summary


def test_message_count_is_prompts_plus_replies_not_blocks() -> None:
    t = Transcript()
    t.prompt("first")
    t.attachment()
    t.reply(thinking("hm"), text("one"), tool_use("t1", "Read", {}), usage=(100, 20))
    t.result("t1", "contents")  # a tool result is not a prompt
    t.reply(text("two"), text("still two"), usage=(130, 25))
    t.prompt("<system-reminder>ignored</system-reminder>")
    t.prompt([{"type": "text", "text": "[Request interrupted by user]"}])
    t.prompt("anything", isMeta=True)
    t.prompt("second")
    t.reply(text("three"), usage=(170, 5))
    summary = summarise(t)
    assert (summary.prompt_count, summary.reply_count, summary.message_count) == (2, 3, 5)
    # usage repeats on every block of a reply: counted once per reply
    assert summary.input_tokens == 100 + 130 + 170
    assert summary.output_tokens == 20 + 25 + 5
    assert summary.cache_read_tokens == 3 * 7
    assert summary.context_tokens == 170 + 7
    assert summary.model == "claude-opus-5-5"


def test_partial_usage_of_an_interrupted_stream_is_replaced_by_the_final_one() -> None:
    t = Transcript()
    t.prompt("go")
    t.reply(text("part"), usage=(100, 1), message_id="msg_same")
    t.reply(tool_use("t1", "Bash", {}), usage=(100, 40), message_id="msg_same")
    summary = summarise(t)
    assert (summary.reply_count, summary.output_tokens) == (1, 40)


def test_sidechain_and_synthetic_lines_do_not_count() -> None:
    t = simple_session()
    side = Transcript(agent_id="ag1")
    side.prompt("sub prompt")
    side.reply(text("sub reply"), usage=(999, 999))
    t.lines.extend(side.lines)
    t.reply(text("API Error"), model="<synthetic>", usage=(0, 0))
    summary = summarise(t)
    assert summary.prompt_count == 2
    assert summary.reply_count == 4  # 3 real + the error reply the person saw
    assert summary.input_tokens == 100 + 120 + 150
    assert summary.model == "claude-opus-5-5"


@pytest.mark.parametrize(
    "cwd", ["/home/ana/my project.v2/src_dir", "/Users/zoë/Документы/项目 x", "C:\\Users\\a b"]
)
def test_cwd_comes_from_the_entries_last_one_wins(cwd: str) -> None:
    t = Transcript(cwd="/first/place")
    t.prompt("start")
    t.reply(text("ok"))
    t.cwd = cwd  # resumed from another folder
    t.prompt("continue")
    t.reply(text("ok"))
    summary = SessionSummary.from_state(json.loads(json.dumps(summarise(t).to_state())))
    assert summary.cwd == cwd
    assert summary.first_cwd == "/first/place"


def test_title_first_prompt_then_cli_title_then_custom_title() -> None:
    t = Transcript()
    t.prompt("<command-name>/clear</command-name>")  # a command is not the first prompt
    t.prompt("Refactor the parser so that\nit streams " + "and is fast " * 20)
    t.reply(text("ok"))
    summary = summarise(t)
    assert summary.first_prompt is not None and summary.first_prompt.startswith("Refactor")
    assert summary.title is not None
    assert len(summary.title) <= 80 and "\n" not in summary.title
    assert summary.title.startswith("Refactor the parser so that it streams")
    t.meta("ai-title", aiTitle="Parser refactor")
    assert summarise(t).title == "Parser refactor"
    t.meta("custom-title", customTitle="My name for it")
    t.meta("ai-title", aiTitle="A later AI title")
    assert summarise(t).title == "My name for it"
    t.meta("custom-title", customTitle="Renamed")
    assert summarise(t).title == "Renamed"


def test_created_and_modified_span_all_timestamps() -> None:
    t = simple_session()
    t.lines[3]["timestamp"] = "2026-02-01T00:00:00.000Z"  # written out of order
    t.lines[4]["timestamp"] = "not a time"
    summary = summarise(t)
    assert summary.created is not None and summary.modified is not None
    assert summary.created.isoformat() == "2026-02-01T00:00:00+00:00"
    assert summary.modified.isoformat().startswith("2026-03-01T09:00")
    assert summary.created < summary.modified


def test_state_survives_json_and_rejects_damage() -> None:
    summary = summarise(simple_session())
    state = json.loads(json.dumps(summary.to_state()))
    again = SessionSummary.from_state(state)
    assert again.to_state() == summary.to_state()
    assert (again.title, again.message_count) == (summary.title, summary.message_count)
    with pytest.raises(ValueError):
        SessionSummary.from_state({**state, "v": 99})
    with pytest.raises(ValueError):
        SessionSummary.from_state({**state, "tokens": "lots"})


def _long_session() -> Transcript:
    t = Transcript(cwd="/srv/app data/ü")
    for turn in range(30):
        t.prompt(f"question {turn}")
        t.attachment()
        t.reply(thinking("t"), text(f"answer {turn}"), usage=(100 + turn, 10))
        t.meta("cost-state", totalCostUSD=turn)
    t.meta("custom-title", customTitle="long one")
    return t


@pytest.mark.parametrize("split", [0.1, 0.5, 0.93])
def test_incremental_reads_equal_a_one_shot_read(tmp_path: Path, split: float) -> None:
    raw = _long_session().dumps()
    (tmp_path / "whole.jsonl").write_bytes(raw)
    whole = summarise_transcript(tmp_path / "whole.jsonl")
    # cut anywhere, even mid-line, as a reader polling a live file would see it
    cut = int(len(raw) * split) + 7
    path = tmp_path / "live.jsonl"
    path.write_bytes(raw[:cut])
    first = summarise_transcript(path)
    assert first.offset <= cut and raw[first.offset - 1 : first.offset] == b"\n"
    with path.open("ab") as stream:
        stream.write(raw[cut:])
    second = summarise_transcript(path, offset=first.offset, state=first.state)
    assert not second.restarted
    assert second.summary.to_state() == whole.summary.to_state()
    assert json.loads(second.state) == json.loads(whole.state)
    assert second.offset == len(raw)
    assert second.summary.message_count == 60 and second.summary.title == "long one"


def test_incremental_read_keeps_line_numbers_and_problems(tmp_path: Path) -> None:
    t = simple_session()
    lines = t.dumps().split(b"\n")
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"\n".join([*lines[:3], b"junk", *lines[3:6]]) + b"\n")
    first = summarise_transcript(path)
    assert first.error == "1 unreadable line (first at line 4: invalid JSON)"
    with path.open("ab") as stream:
        stream.write(b"{broken\n" + b"\n".join(lines[6:]))
    second = summarise_transcript(path, offset=first.offset, state=first.state)
    assert second.error == "2 unreadable lines (first at line 4: invalid JSON)"
    assert second.summary.message_count == summarise(t).message_count


def test_a_rewritten_file_is_read_again_from_the_start(tmp_path: Path) -> None:
    path = simple_session().write(tmp_path / "s.jsonl")
    first = summarise_transcript(path)
    other = Transcript()
    other.prompt("a different session under the same name, and longer " * 40)
    other.reply(text("x"))
    other.write(path)
    second = summarise_transcript(path, offset=first.offset, state=first.state)
    assert second.restarted
    assert second.summary.message_count == 2
    assert summarise_transcript(path, offset=5, state="{not json").restarted
