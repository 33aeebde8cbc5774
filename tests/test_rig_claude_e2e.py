"""The real claude CLI runs against the fake API: the rig works end to end.

These also pin down the CLI facts the rig relies on (one request per model
call, the key travelling by environment, where transcripts land, how API
errors end a turn), so a CLI upgrade that changes them fails here first.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import uuid
from pathlib import Path
from typing import Any

import pytest

from tests.rig.claude import (
    CLAUDE_CLI_VERSION,
    ClaudeAccount,
    hermetic_environ,
    parse_stream_json,
)
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text, tool_results
from tests.rig.fixtures import AccountFactory

pytestmark = pytest.mark.claude

STREAM_ARGS = ["-p", "--output-format", "stream-json", "--verbose"]


def events_of(proc: subprocess.CompletedProcess[str], kind: str) -> list[dict[str, Any]]:
    return [e for e in parse_stream_json(proc.stdout) if e.get("type") == kind]


def only_result(proc: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    results = events_of(proc, "result")
    assert len(results) == 1, proc.stdout[-2000:] + proc.stderr[-2000:]
    return results[0]


def transcript_entries(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def message_texts(entry: dict[str, Any]) -> list[str]:
    content = entry.get("message", {}).get("content")
    if isinstance(content, str):
        return [content]
    return [b.get("text", "") for b in content or [] if b.get("type") == "text"]


def test_one_prompt_lands_in_the_fake_and_the_transcript(
    claude_account: AccountFactory, fake_api: FakeAPI, tmp_path: Path
) -> None:
    # A fresh, empty config dir: -p must need no onboarding state at all.
    account = claude_account("alpha", onboarded=False)
    assert list(account.config_dir.iterdir()) == []
    # Spaces, accents and an emoji: the emoji is the case where the CLI's folder
    # naming (UTF-16 units) differs from a naive per-character rule.
    cwd = tmp_path / "my project é 🎉"
    cwd.mkdir()
    fake_api.enqueue(
        Reply.text(
            "Hi! Scripted reply 4711.",
            input_tokens=321,
            output_tokens=17,
            cache_read_input_tokens=1000,
            chunks=3,
        )
    )
    args = [*STREAM_ARGS, "say hi"]

    proc = account.run(args, cwd=cwd)

    assert proc.returncode == 0, proc.stderr
    (init,) = [e for e in events_of(proc, "system") if e.get("subtype") == "init"]
    session_id = init["session_id"]
    assert uuid.UUID(session_id)
    assert init["cwd"] == str(cwd)
    assert init["apiKeySource"] == "ANTHROPIC_API_KEY"
    result = only_result(proc)
    assert (result["subtype"], result["is_error"]) == ("success", False)
    assert result["result"] == "Hi! Scripted reply 4711."
    assert result["session_id"] == session_id
    assert result["usage"]["input_tokens"] == 321
    assert result["usage"]["output_tokens"] == 17
    assert result["usage"]["cache_read_input_tokens"] == 1000

    # With non-essential traffic off, one model call is the only request.
    (request,) = fake_api.requests
    assert (request.method, request.path, dict(request.query)) == (
        "POST",
        "/v1/messages",
        {"beta": ["true"]},
    )
    assert request.json["stream"] is True
    assert last_user_text(request) == "say hi"
    # The key is not on the command line, so it can only have come from the env.
    assert not any(account.api_key in a for a in args)
    assert request.headers["x-api-key"] == account.api_key
    assert request.headers["user-agent"].startswith(f"claude-cli/{CLAUDE_CLI_VERSION}")
    assert request.headers["x-claude-code-session-id"] == session_id

    # Written out independently of the rig's encoder: every character of the real
    # path outside [A-Za-z0-9] becomes "-", and the emoji (two UTF-16 units) "--".
    base = re.sub(r"[^A-Za-z0-9]", "-", os.path.realpath(tmp_path))
    folder = account.config_dir / "projects" / f"{base}-my-project-----"
    assert folder.is_dir(), sorted(p.name for p in (account.config_dir / "projects").iterdir())
    assert account.project_dir(cwd) == folder
    transcript = folder / f"{session_id}.jsonl"
    assert transcript.is_file(), sorted(p.name for p in folder.parent.iterdir())
    assert account.transcript(session_id) == transcript
    entries = transcript_entries(transcript)
    users = [e for e in entries if e.get("type") == "user"]
    assistants = [e for e in entries if e.get("type") == "assistant"]
    assert any("say hi" in message_texts(e) for e in users)
    assert any("Hi! Scripted reply 4711." in message_texts(e) for e in assistants)
    assert {e["sessionId"] for e in users + assistants} == {session_id}
    assert {e["cwd"] for e in users + assistants} == {str(cwd)}


def test_tool_use_runs_the_real_tool_and_sends_its_result(
    claude_account: AccountFactory, fake_api: FakeAPI, tmp_path: Path
) -> None:
    account = claude_account("toolie")
    cwd = tmp_path / "tool run"
    cwd.mkdir()
    notes = cwd / "notes (draft).txt"
    notes.write_text("the magic word is xylophone-93\n", encoding="utf-8")
    fake_api.enqueue(
        Reply.tool_use("Read", {"file_path": str(notes)}, id="toolu_rig_read", text="Looking."),
        Reply.text("The word is xylophone-93."),
    )

    proc = account.run([*STREAM_ARGS, "what is the magic word?"], cwd=cwd)

    assert proc.returncode == 0, proc.stderr
    first, second = fake_api.main_turns()
    assert tool_results(first) == []
    (result,) = tool_results(second)
    assert result.tool_use_id == "toolu_rig_read"
    assert result.is_error is False
    assert "the magic word is xylophone-93" in result.text
    # The follow-up request still carries the person's prompt.
    assert last_user_text(second) == "what is the magic word?"
    assert second.json["messages"][-1]["role"] != "assistant"

    echoed = [
        block
        for event in events_of(proc, "user")
        for block in event["message"]["content"]
        if isinstance(block, dict) and block.get("type") == "tool_result"
    ]
    assert [b["tool_use_id"] for b in echoed] == ["toolu_rig_read"]
    final = only_result(proc)
    assert final["result"] == "The word is xylophone-93."
    assert final["num_turns"] == 2
    fake_api.assert_all_consumed()


@pytest.mark.parametrize(
    ("status", "times"),
    [
        # A 400 makes the CLI retry a few times with fewer betas: serve it always.
        (400, None),
        # 529 is retried by the CLI itself; the account's max_retries=0 stops that.
        (529, 1),
    ],
)
def test_api_error_ends_the_turn_with_is_error(
    claude_account: AccountFactory,
    fake_api: FakeAPI,
    tmp_path: Path,
    status: int,
    times: int | None,
) -> None:
    account = claude_account(f"err{status}")
    cwd = tmp_path / "ошибка"
    cwd.mkdir()
    fake_api.enqueue(Reply.error(status, message=f"scripted failure {status}"), times=times)

    proc = account.run([*STREAM_ARGS, "this will fail"], cwd=cwd, timeout=30)

    assert proc.returncode == 1
    result = only_result(proc)
    assert result["is_error"] is True
    assert result["api_error_status"] == status
    assert f"scripted failure {status}" in result["result"]
    synthetic = [e for e in events_of(proc, "assistant") if e["message"]["model"] == "<synthetic>"]
    assert synthetic and synthetic[-1]["is_api_error_message"] is True
    # The CLI reports the request-id header the (fake) API sent.
    assert synthetic[-1]["request_id"].startswith("req_fake")
    requests = fake_api.main_turns()
    if status == 529:
        assert len(requests) == 1
    else:
        assert len(requests) > 1
        betas = [r.headers["anthropic-beta"] for r in requests]
        assert len(betas[-1]) < len(betas[0])


def test_partial_messages_stream_each_scripted_chunk(
    claude_account: AccountFactory, fake_api: FakeAPI, tmp_path: Path
) -> None:
    account = claude_account("slow")
    fake_api.enqueue(Reply.text("one two three four five", chunks=5, delay=0.05))

    proc = account.run([*STREAM_ARGS, "--include-partial-messages", "count"], cwd=tmp_path)

    assert proc.returncode == 0, proc.stderr
    deltas = [
        e["event"]["delta"]["text"]
        for e in events_of(proc, "stream_event")
        if e["event"].get("type") == "content_block_delta"
    ]
    assert len(deltas) == 5
    assert "".join(deltas) == "one two three four five"


def test_two_accounts_keep_separate_keys_and_config_dirs(
    claude_account: AccountFactory, fake_api: FakeAPI, tmp_path: Path
) -> None:
    alpha, beta = claude_account("alpha"), claude_account("beta")
    assert alpha.api_key != beta.api_key and alpha.config_dir != beta.config_dir
    fake_api.accept_only(alpha.api_key)

    ok = alpha.run([*STREAM_ARGS, "hello"], cwd=tmp_path)
    refused = beta.run([*STREAM_ARGS, "hello"], cwd=tmp_path)

    assert ok.returncode == 0, ok.stderr
    assert refused.returncode == 1
    assert only_result(refused)["is_error"] is True
    keys = [r.headers["x-api-key"] for r in fake_api.requests]
    assert keys == [alpha.api_key, beta.api_key]
    session_id = only_result(ok)["session_id"]
    assert alpha.transcript(session_id).is_relative_to(alpha.config_dir)
    with pytest.raises(FileNotFoundError):
        beta.transcript(session_id)


def test_the_cli_connects_to_nothing_but_the_fake(
    claude_account: AccountFactory, fake_api: FakeAPI, tmp_path: Path
) -> None:
    strace = shutil.which("strace")
    if strace is None:
        pytest.skip("strace is not installed")
    account: ClaudeAccount = claude_account("hermit")
    log = tmp_path / "strace.log"
    tracer = [strace, "-f", "-qq", "-e", "trace=connect", "-o", str(log)]

    proc = subprocess.run(
        [*tracer, str(account.binary), "-p", "hello"],
        cwd=tmp_path,
        env=hermetic_environ(account.env),
        capture_output=True,
        text=True,
        timeout=60,
    )
    if "Operation not permitted" in proc.stderr and not log.exists():
        pytest.skip("ptrace is not permitted here")

    assert proc.returncode == 0, proc.stderr
    inet = re.findall(r"sa_family=AF_INET6?, .*?\}", log.read_text())
    assert inet, "strace saw no network connect at all"
    foreign = [c for c in inet if f"htons({fake_api.port})" not in c or "127.0.0.1" not in c]
    assert foreign == []
