"""What driving a turn through Sessiondesk costs over running `claude -p` bare.

Prints a table: wall time per turn for bare `claude -p` and for a turn driven
by the RunService in-process (same fake API, same reply), the app's overhead
in percent (target ≤ 5%), the `sessiondesk run` command end to end (it adds
Python's start-up), and how fast stream-json events are parsed.

    .venv/bin/python bench/run_bench.py [--turns 10]

Runs offline: the real claude (the test rig's pinned copy) against the test
rig's fake Messages API on 127.0.0.1. Needs a Secret Service keyring for the
account's key, like the tests (run it under scripts/with-keyring in a D-Bus
session), or uses a `login` account with a credentials file otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from desktop.compose import open_services  # noqa: E402
from desktop.domain.stream_json import parse_line  # noqa: E402
from desktop.services.run import TurnRequest  # noqa: E402
from tests.rig.claude import find_claude, hermetic_environ, make_account  # noqa: E402
from tests.rig.fakeapi import FakeAPI, Reply  # noqa: E402

REPLY = "A reply of moderate length. " * 20


STREAM_IN = ["--input-format", "stream-json", "--include-partial-messages"]
TURN_LINE = json.dumps({"type": "user", "message": {"role": "user", "content": "hello"}}) + "\n"


def bare_turn(
    account_env: dict[str, str], binary: Path, cwd: Path, stream_input: bool = False
) -> float:
    """`claude -p` alone: the prompt as an argument, or (like the app) on stdin."""
    args = [str(binary), "-p", "--output-format", "stream-json", "--verbose"]
    args += STREAM_IN if stream_input else ["hello"]
    start = time.perf_counter()
    proc = subprocess.run(
        args, cwd=cwd, env=hermetic_environ(account_env), capture_output=True, text=True,
        timeout=60, input=TURN_LINE if stream_input else None,
    )  # fmt: skip
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"bare claude failed: {proc.stderr[-500:]}")
    return elapsed


async def app_turn(hub: object, account: str, cwd: Path) -> float:
    start = time.perf_counter()
    run = await hub.runs.prepare(TurnRequest("hello", account=account, cwd=str(cwd)))  # type: ignore[attr-defined]
    async for _event in run.events():
        pass
    elapsed = time.perf_counter() - start
    if str(run.execution.status) != "succeeded":
        raise SystemExit(f"app turn failed: {run.execution.error}")
    return elapsed


def parse_rate(lines: int = 100_000) -> float:
    delta = json.dumps({"type": "stream_event", "session_id": "s", "event": {
        "type": "content_block_delta", "index": 0,
        "delta": {"type": "text_delta", "text": "some streamed words "}}}).encode()  # fmt: skip
    start = time.perf_counter()
    for _ in range(lines):
        parse_line(delta)
    return lines / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10)
    args = parser.parse_args()
    binary = find_claude()
    work = Path(tempfile.mkdtemp(prefix="sd-runbench-"))
    cwd = work / "project"
    cwd.mkdir()
    with FakeAPI() as fake:
        fake.enqueue(Reply.text(REPLY, chunks=20), times=None)
        account = make_account("bench", root=work / "accounts", binary=binary, base_url=fake.url)
        # Sessiondesk supplies the config dir and key itself; the rest is the shell's
        for name, value in account.env.items():
            if name not in ("CLAUDE_CONFIG_DIR", "ANTHROPIC_API_KEY"):
                os.environ[name] = value
        os.environ["SESSIONDESK_CLAUDE"] = str(binary)
        hub = open_services(work / "home")
        hub.accounts.add("bench", str(account.config_dir), _auth("api-key"), account.api_key)

        bare_turn(account.env, binary, cwd)  # warm the binary's page cache
        bare = [bare_turn(account.env, binary, cwd) for _ in range(args.turns)]
        piped = [bare_turn(account.env, binary, cwd, True) for _ in range(args.turns)]
        app = [asyncio.run(app_turn(hub, "bench", cwd)) for _ in range(args.turns)]
        env = {**os.environ, "SESSIONDESK_HOME": str(work / "home")}
        command = []
        for _ in range(min(args.turns, 5)):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "desktop", "run", "--account", "bench",
                            "--cwd", str(cwd), "hello"], env=env, capture_output=True,
                           check=True, timeout=60)  # fmt: skip
            command.append(time.perf_counter() - start)
        hub.close()
    bare_ms, app_ms = statistics.median(bare) * 1000, statistics.median(app) * 1000
    piped_ms = statistics.median(piped) * 1000
    overhead = (app_ms - bare_ms) / bare_ms * 100
    ours = (app_ms - piped_ms) / piped_ms * 100
    rows = [
        ("bare claude -p \"hello\", median per turn", f"{bare_ms:8.0f} ms", ""),
        ("bare claude -p, turn on stdin (stream-json)", f"{piped_ms:8.0f} ms", "the app's mode"),
        ("RunService turn, median", f"{app_ms:8.0f} ms", "incl. DB rows, keyring, indexing"),
        ("overhead vs claude -p \"hello\"", f"{overhead:+7.1f} %", "target ≤ 5 %"
         + (" ✓" if overhead <= 5 else " ✗")),
        ("overhead vs the same stream-json mode", f"{ours:+7.1f} %", "what the app itself adds"),
        ("`sessiondesk run` end to end, median", f"{statistics.median(command) * 1000:8.0f} ms",
         "includes Python start-up"),
        ("stream-json events parsed", f"{parse_rate():8.0f} /s", ""),
    ]  # fmt: skip
    print(f"claude {binary}  ·  {args.turns} turns each  ·  {os.cpu_count()} cores")
    for name, value, note in rows:
        print(f"{name:40} {value:>12}  {note}")


def _auth(kind: str) -> object:
    from desktop.domain.accounts import AuthKind

    return AuthKind(kind)


if __name__ == "__main__":
    main()
