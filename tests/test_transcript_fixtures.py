"""A builder for synthetic transcripts in the CLI's own format, and checks against
transcripts the real CLI (2.1.332) wrote (tests/data/transcripts/, trimmed).

The builder writes what the CLI writes: compact JSON, one entry a line, one
line per content block of a reply (blocks share `message.id` and repeat the
usage), attachments linked into the parentUuid chain, bookkeeping lines
without a uuid in between.
"""

from __future__ import annotations

import json
import shutil
import uuid as uuidlib
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from desktop.claude.discovery import discover_sessions
from desktop.claude.transcripts import load_session, summarise_transcript
from desktop.domain.transcript import Role

SID = "5b1f0a52-6a4e-4c52-9d0e-0c8f3f0f2a11"
REAL = Path(__file__).parent / "data" / "transcripts" / "cli-2.1.332"
REAL_COMPACTED = "80ef5cdf-5f4f-46d6-9e98-61f0bcceda2e"
REAL_PARALLEL = "7b72067c-9a3f-4b3c-b860-08940952cd87"
REAL_INTERRUPTED = "431f164d-aee1-4478-a840-b577beb5fde7"
_LAST = object()


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def thinking(value: str) -> dict[str, Any]:
    return {"type": "thinking", "thinking": value, "signature": "sig"}


def tool_use(call_id: str, name: str, args: dict[str, Any]) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": name, "input": args}


class Transcript:
    """Appends entries the way the CLI does; `write` puts them in a file."""

    def __init__(
        self, session_id: str = SID, cwd: str = "/home/ana/src/api", agent_id: str | None = None
    ) -> None:
        self.session_id = session_id
        self.cwd = cwd
        self.agent_id = agent_id
        self.lines: list[dict[str, Any]] = []
        self.last: str | None = None
        self._clock = datetime(2026, 3, 1, 9, 0, 0, tzinfo=UTC)
        self._replies = 0

    def _stamp(self) -> str:
        self._clock += timedelta(seconds=1)
        return self._clock.isoformat(timespec="milliseconds").replace("+00:00", "Z")

    def _linked(self, kind: str, parent: object, **fields: Any) -> str:
        new = str(uuidlib.uuid4())
        entry = {
            "parentUuid": self.last if parent is _LAST else parent,
            "isSidechain": self.agent_id is not None,
            **({"agentId": self.agent_id} if self.agent_id else {}),
            "type": kind,
            **fields,
            "uuid": new,
            "timestamp": self._stamp(),
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": "2.1.332",
        }
        self.lines.append(entry)
        self.last = new
        return new

    def prompt(self, content: Any, parent: object = _LAST, **extra: Any) -> str:
        message = {"role": "user", "content": content}
        return self._linked("user", parent, message=message, **extra)

    def attachment(self, kind: str = "date") -> str:
        return self._linked("attachment", _LAST, attachment={"type": kind})

    def reply(
        self,
        *blocks: dict[str, Any],
        usage: tuple[int, int] = (100, 20),
        message_id: str | None = None,
        parent: object = _LAST,
        model: str = "claude-opus-5-5",
    ) -> list[str]:
        self._replies += 1
        message_id = message_id or f"msg_{self._replies:04d}_{uuidlib.uuid4().hex[:8]}"
        made = []
        for block in blocks:
            message = {
                "id": message_id,
                "type": "message",
                "role": "assistant",
                "model": model,
                "content": [block],
                "usage": {
                    "input_tokens": usage[0],
                    "cache_creation_input_tokens": 0,
                    "cache_read_input_tokens": 7,
                    "output_tokens": usage[1],
                },
            }
            made.append(self._linked("assistant", parent, message=message))
            parent = _LAST
        return made

    def result(self, call_id: str, content: Any, is_error: bool = False, **extra: Any) -> str:
        block = {"tool_use_id": call_id, "type": "tool_result", "content": content}
        if is_error:
            block["is_error"] = True
        return self._linked("user", _LAST, message={"role": "user", "content": [block]}, **extra)

    def compact(self, summary: str) -> str:
        boundary = self._linked(
            "system",
            None,
            subtype="compact_boundary",
            content="Conversation compacted",
            logicalParentUuid=self.last,
            level="info",
        )
        self.prompt(f"Summary:\n{summary}", isCompactSummary=True)
        return boundary

    def meta(self, kind: str, **fields: Any) -> None:
        self.lines.append({"type": kind, **fields, "sessionId": self.session_id})

    def dumps(self) -> bytes:
        rows = (json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in self.lines)
        return "".join(row + "\n" for row in rows).encode()

    def write(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(self.dumps())
        return path


def simple_session() -> Transcript:
    """Two turns with attachments, a multi-block reply, a tool call, bookkeeping."""
    t = Transcript()
    t.meta("queue-operation", operation="enqueue", content="plan the parser")
    t.prompt("plan the parser")
    t.attachment("environment")
    t.meta("api-request", params={"model": "claude-opus-5-5"})
    t.reply(thinking("hm"), text("Reading it."), tool_use("toolu_1", "Read", {"file_path": "a"}))
    t.result("toolu_1", "1\tcontent")
    t.reply(text("Here is the plan."), usage=(120, 30))
    t.meta("last-prompt", lastPrompt="plan the parser")
    t.meta("cost-state", totalCostUSD=0.01)
    t.prompt("now do it")
    t.reply(text("Done."), usage=(150, 10))
    return t


def test_builder_writes_the_cli_format(tmp_path: Path) -> None:
    raw = simple_session().write(tmp_path / "s.jsonl").read_bytes()
    lines = raw.split(b"\n")
    assert lines[-1] == b"" and all(lines[:-1])
    assert b'"type":"assistant"' in raw and b'"type": "assistant"' not in raw


def _real_config(tmp_path: Path) -> Path:
    config = tmp_path / "config"
    shutil.copytree(REAL, config)
    return config


def test_real_cli_files_are_discovered_with_their_subagent(tmp_path: Path) -> None:
    found = discover_sessions(_real_config(tmp_path))
    assert found.problems == []
    by_id = {s.session_id: s for s in found.sessions}
    assert set(by_id) == {REAL_COMPACTED, REAL_PARALLEL, REAL_INTERRUPTED}
    (agent,) = by_id[REAL_COMPACTED].subagents
    assert agent.agent_id == "a7487e35ece7bb423" and agent.meta_path is not None


def test_real_compacted_session_reads_across_the_boundary(tmp_path: Path) -> None:
    config = _real_config(tmp_path)
    (path,) = config.glob(f"projects/*/{REAL_COMPACTED}.jsonl")
    conversation, problems = load_session(path)
    assert problems == []
    rows = [(m.role, m.text, m.divider) for m in conversation.messages if m.role != Role.TOOL_USE]
    texts = [text for _, text, _ in rows]
    assert texts.index("read notes please") < texts.index("done 4")
    divider = [i for i, row in enumerate(rows) if row[2] == "compact"]
    assert len(divider) == 1 and texts.index("done 4") < divider[0] < texts.index("next question")
    assert rows[-1][:2] == (Role.ASSISTANT, "after compact reply")
    assert (Role.SYSTEM, "/compact", None) in rows
    summary_rows = [m for m in conversation.messages if m.is_compact_summary]
    assert len(summary_rows) == 1 and "Summary" in summary_rows[0].text
    (agent,) = conversation.subagents
    assert agent.tool_use_id == "toolu_a1"
    assert [m.text for m in agent.messages] == ["list things", "all done"]


def test_real_compacted_session_summary(tmp_path: Path) -> None:
    (path,) = _real_config(tmp_path).glob(f"projects/*/{REAL_COMPACTED}.jsonl")
    summary = summarise_transcript(path).summary
    assert summary.cwd == "/tmp/td/cwd dir.x_y"
    assert summary.first_prompt == "read notes please"
    # 2 typed prompts (not the task notification, not /compact) + 5 replies
    assert (summary.prompt_count, summary.reply_count) == (2, 5)
    assert summary.input_tokens == 100 + 101 + 102 + 104 + 101
    assert summary.model == "claude-opus-5-5"


def test_real_parallel_tool_calls_keep_both_results(tmp_path: Path) -> None:
    (path,) = _real_config(tmp_path).glob(f"projects/*/{REAL_PARALLEL}.jsonl")
    conversation, _ = load_session(path)
    calls = [m.tool_use_id for m in conversation.messages if m.role is Role.TOOL_USE]
    results = {m.tool_use_id: m for m in conversation.messages if m.role is Role.TOOL_RESULT}
    assert calls == ["toolu_p1", "toolu_p2"]
    assert set(results) == {"toolu_p1", "toolu_p2"}
    assert results["toolu_p2"].is_error and not results["toolu_p1"].is_error
    assert conversation.messages[-1].text == "fin" and conversation.dropped == 0


def test_real_interrupt_marker_is_a_notice(tmp_path: Path) -> None:
    (path,) = _real_config(tmp_path).glob(f"projects/*/{REAL_INTERRUPTED}.jsonl")
    conversation, _ = load_session(path)
    assert [(m.role, m.text) for m in conversation.messages] == [
        (Role.USER, "long task"),
        (Role.ASSISTANT, "partial words"),
        (Role.SYSTEM, "[Request interrupted by user]"),
    ]
    assert summarise_transcript(path).summary.message_count == 2
