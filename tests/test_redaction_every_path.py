"""The account's key, printed by `claude` in each kind of event, never reaches
stdout (`run --json` included), stderr, the database or the run logs.

A stand-in `claude` (a small script: fast, no API) answers `--version` and
`--help`, then prints the key its environment holds in one event kind chosen
by $STANDIN_KIND. The command runs in-process (`desktop.cli.main`), its
streams captured; the key is then looked for, raw and as JSON writes it, in
everything Sessiondesk produced.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from desktop.cli import main

pytestmark = [pytest.mark.keyring]

STANDIN = r"""
import json, os, sys
if sys.argv[1:2] == ["--version"]:
    print("2.1.0 (Claude Code)"); sys.exit(0)
if sys.argv[1:2] == ["--help"]:
    print("Usage: claude [options]\n  --resume [value]\n  --fork-session\n"); sys.exit(0)
key = os.environ.get("ANTHROPIC_API_KEY", "")
kind = os.environ["STANDIN_KIND"]
def out(obj):
    sys.stdout.write(json.dumps(obj) + "\n"); sys.stdout.flush()
sys.stdin.readline()
sid = "5e55e55e-0000-4000-8000-000000000001"
def result(text="done", error=False):
    out({"type": "result", "subtype": "error_during_execution" if error else "success",
         "is_error": error, "result": text, "session_id": sid, "num_turns": 1,
         "total_cost_usd": 0, "usage": {"input_tokens": 1, "output_tokens": 1},
         "errors": [text] if error else []})
init = {"type": "system", "subtype": "init", "session_id": sid, "cwd": "/", "tools": [],
        "model": "m", "permissionMode": "default", "apiKeySource": "ANTHROPIC_API_KEY"}
if kind == "system_init":
    out({**init, "apiKeySource": key, "model": "m " + key})
else:
    out(init)
if kind == "system_other":
    out({"type": "system", "subtype": "task_notification", "session_id": sid, "note": key})
elif kind == "api_retry":
    out({"type": "system", "subtype": "api_retry", "session_id": sid, "attempt": 1,
         "max_retries": 3, "retry_delay_ms": 1, "error_status": 401, "error": "bad key " + key})
elif kind == "stream_event":
    for piece in ("your key is ", key, "."):
        out({"type": "stream_event", "session_id": sid, "event": {"type": "content_block_delta",
             "index": 0, "delta": {"type": "text_delta", "text": piece}}})
elif kind == "stream_split":  # the key cut across deltas, as a model's tokens cut it
    cut = [0, 3, len(key) // 2, len(key) - 2, len(key)]
    pieces = ["key: "] + [key[a:b] for a, b in zip(cut, cut[1:])] + [" ok"]
    for piece in pieces:
        out({"type": "stream_event", "session_id": sid, "event": {"type": "content_block_delta",
             "index": 0, "delta": {"type": "text_delta", "text": piece}}})
    out({"type": "assistant", "session_id": sid, "message": {"id": "m1", "role": "assistant",
         "content": [{"type": "text", "text": "".join(pieces)}], "usage": {"input_tokens": 3}}})
elif kind == "assistant_text":
    out({"type": "assistant", "session_id": sid, "message": {"id": "m1", "role": "assistant",
         "content": [{"type": "text", "text": "ANTHROPIC_API_KEY=" + key}],
         "usage": {"input_tokens": 3}}})
elif kind == "assistant_tool_use":
    out({"type": "assistant", "session_id": sid, "message": {"id": "m1", "role": "assistant",
         "content": [{"type": "tool_use", "id": "toolu_1", "name": "Bash",
                      "input": {"command": "curl -H 'x-api-key: " + key + "'"}},
                     {"type": "thinking", "thinking": "the key " + key}],
         "usage": {"input_tokens": 3}}})
elif kind == "user_tool_result":
    out({"type": "user", "session_id": sid, "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "env: " + key},
        {"type": "tool_result", "tool_use_id": "toolu_2",
         "content": [{"type": "text", "text": key}]}]}})
elif kind == "control_permission":
    out({"type": "control_request", "request_id": "p1", "request": {
        "subtype": "can_use_tool", "tool_name": "Bash", "input": {"command": "echo " + key},
        "tool_use_id": "toolu_1", "description": key}})
elif kind == "control_hook":
    out({"type": "control_request", "request_id": "h1",
         "request": {"subtype": "hook_callback", "input": key}})
elif kind == "unknown":  # a kind no one knows yet, and a line that is not JSON at all
    out({"type": "brand_new_kind", "payload": {"nested": [key]}, key: 1})
    sys.stdout.write("{oops " + key + "\n"); sys.stdout.flush()
if kind == "result":
    result("the key is " + key)
elif kind == "result_error":
    result("401 for key " + key, error=True)
elif kind == "stderr":
    sys.stderr.write("fatal: key " + key + " refused\n  at line one\n  at line two " + key + "\n")
    sys.exit(3)
else:
    result()
sys.stdin.read()
"""

KINDS = (
    "system_init", "system_other", "api_retry", "stream_event", "stream_split", "assistant_text",
    "assistant_tool_use", "user_tool_result", "control_permission", "control_hook",
    "unknown", "result", "result_error", "stderr",
)  # fmt: skip

KEY = 'sk-ant-api03-Zq9"caf\u00e9\\canary-KEY-0123456789'
"""Anthropic-shaped, with a quote, a backslash and a non-ASCII letter (JSON escapes them)."""


def _forms(key: str) -> list[str]:
    """The key raw, and as JSON writes it (escaped, ASCII-escaped)."""
    return sorted({key, json.dumps(key)[1:-1], json.dumps(key, ensure_ascii=False)[1:-1]})


def _call(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(list(argv))
            except SystemExit as exc:
                code = int(exc.code or 0)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _account(tmp_path: Path, key: str) -> Iterator[tuple[Path, Path, str]]:
    """A home with an api-key account holding `key`, the stand-in and a working folder."""
    home, config, work = tmp_path / "home", tmp_path / "config", tmp_path / "work"
    for folder in (config, work):
        folder.mkdir(parents=True, exist_ok=True)
    standin = tmp_path / "claude"
    standin.write_text(f"#!{sys.executable}\n{STANDIN}")
    standin.chmod(0o755)
    name = "a" + uuid.uuid4().hex[:8]
    code, _out, err = _call(
        "--home", str(home), "accounts", "add", name, "--config-dir", str(config),
        "--auth", "api-key", "--secret-stdin", stdin=key + "\n",
    )  # fmt: skip
    assert code == 0, err
    try:
        yield home, standin, name
    finally:
        _call("--home", str(home), "accounts", "remove", name)


def _leaks(key: str, home: Path, *texts: str) -> list[str]:
    """Where any form of `key` shows: the texts given, the database, the logs."""
    found = []
    for form in _forms(key):
        for index, text in enumerate(texts):
            if form in text:
                found.append(f"stream {index}: {form!r}")
        for path in sorted(home.rglob("*")):
            if path.is_file() and form.encode() in path.read_bytes():
                found.append(f"{path.name}: {form!r}")
    return found


def _run_kind(
    home: Path, standin: Path, account: str, work: Path, kind: str, as_json: bool,
    monkeypatch: pytest.MonkeyPatch,
) -> tuple[int, str, str]:  # fmt: skip
    monkeypatch.setenv("STANDIN_KIND", kind)
    argv = ["--home", str(home), "--claude", str(standin), *(["--json"] if as_json else [])]
    return _call(*argv, "run", "--account", account, "--cwd", str(work), "--permission", "deny",
                 "tell me")  # fmt: skip


PLAIN_KEY = 'canary-Zq9"caf\u00e9\\plain-KEY-0123456789'
"""A key of no known shape: only knowing the account's secret masks it."""


@pytest.mark.parametrize("kind", KINDS)
def test_the_key_in_each_event_kind_is_masked_everywhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "no-default"))
    (tmp_path / "work").mkdir()
    for n, key in enumerate((KEY, PLAIN_KEY)):
        with _account(tmp_path / f"key{n}", key) as (home, standin, account):
            for as_json in (True, False):
                code, out, err = _run_kind(
                    home, standin, account, tmp_path / "work", kind, as_json, monkeypatch
                )
                assert code in (0, 1), err
                assert "internal error" not in err and "Traceback" not in err
                assert _leaks(key, home, out, err) == [], ("json" if as_json else "human", key)
                if as_json:  # the stream is still every event, one JSON object a line
                    lines = [json.loads(line) for line in out.splitlines() if line.strip()]
                    assert lines[-1]["type"] == "execution"
                    assert "[redacted]" in out or kind == "stderr"
                elif kind == "stream_split":
                    assert "key: [redacted] ok" in out


# keys of any shape a keyring may hold (not only Anthropic's): quotes, backslashes, letters
# JSON escapes, and none shorter than the 8 characters a secret must have to be masked
keys = st.text(
    st.characters(
        min_codepoint=0x21, max_codepoint=0x2FFF, exclude_categories=("Cs", "Cc", "Zs", "Zl", "Zp")
    ),
    min_size=12,
    max_size=40,
).map(lambda s: "k" + s)


@pytest.mark.parametrize("kind", ["result", "user_tool_result", "stream_event", "stderr"])
def test_keys_of_any_shape_are_masked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "no-default"))
    (tmp_path / "work").mkdir()
    counter = iter(range(10**6))

    @settings(max_examples=8)
    @given(keys, st.booleans())
    def check(key: str, as_json: bool) -> None:
        case = tmp_path / f"case{next(counter)}"
        case.mkdir()
        with _account(case, key) as (home, standin, account):
            code, out, err = _run_kind(home, standin, account, tmp_path / "work", kind, as_json,
                                       monkeypatch)  # fmt: skip
            assert code in (0, 1), err
            assert "internal error" not in err and "Traceback" not in err
            assert _leaks(key, home, out, err) == []

    check()
