"""ClaudeProcess mechanics against a small stand-in program (fast, no CLI).

The stand-in speaks just enough stream-json to exercise what the real CLI
rarely does on demand: a 10 MB line, ignoring signals, children that outlive
it, control requests the app does not handle. Behaviour by $STANDIN_MODE.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import psutil
import pytest

from desktop.claude.process import ClaudeProcess
from desktop.claude.reap import StopGrace, group_members
from desktop.claude.spawn import IDLE, has_terminal
from desktop.domain.errors import ClaudeError
from desktop.domain.events import (
    AssistantMessage,
    ControlRequest,
    ParseError,
    PermissionRequest,
    ProcessExited,
    Result,
)
from desktop.domain.runs import RunRequest

STANDIN = """\
import json, os, signal, subprocess, sys, time
mode = os.environ["STANDIN_MODE"]
log = open(os.environ["STANDIN_LOG"], "a")
def out(obj):
    sys.stdout.write(json.dumps(obj) + "\\n"); sys.stdout.flush()
def turn():
    line = sys.stdin.readline(); log.write(line); log.flush()
    return json.loads(line) if line else None
if mode == "big":
    t = turn()
    out({"type": "command_lifecycle", "command_uuid": t["uuid"], "state": "started"})
    out({"type": "system", "subtype": "init", "session_id": "s1", "tools": []})
    out({"type": "assistant", "message": {"id": "m1", "content": [
        {"type": "text", "text": "z" * 10_000_000}], "usage": {"input_tokens": 7}}})
    out({"type": "result", "subtype": "success", "is_error": False, "result": "ok"})
    sys.stdin.read()
elif mode == "background":
    # a background task's result lands before our turn starts; ours follows
    t = turn()
    out({"type": "result", "subtype": "success", "is_error": False, "result": "bg done"})
    out({"type": "command_lifecycle", "command_uuid": t["uuid"], "state": "started"})
    out({"type": "result", "subtype": "success", "is_error": False, "result": "ours"})
    out({"type": "command_lifecycle", "command_uuid": t["uuid"], "state": "completed"})
    t = turn()  # a turn the CLI cancels before it starts: no result at all
    out({"type": "command_lifecycle", "command_uuid": t["uuid"], "state": "cancelled"})
    sys.stdin.read()
elif mode == "stubborn":
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    subprocess.Popen(["sleep", "60"])
    out({"type": "system", "subtype": "init", "session_id": "s1"})
    while True:
        time.sleep(1)
elif mode == "orphan":
    out({"type": "result", "subtype": "success", "is_error": False, "result": "bye"})
    subprocess.Popen(["sleep", "60"])  # inherits stdout and stderr
    sys.stderr.write("leaving a child behind\\n")
elif mode == "control":
    out({"type": "control_request", "request_id": "p1", "request": {
        "subtype": "can_use_tool", "tool_name": "Bash", "input": {"command": "ls"},
        "tool_use_id": "toolu_1"}})
    out({"type": "control_request", "request_id": "h1", "request": {"subtype": "hook_callback"}})
    for line in sys.stdin:
        log.write(line); log.flush()
        msg = json.loads(line)
        if msg["type"] == "control_request":
            req = msg["request"]
            if req["subtype"] == "echo":
                out({"type": "control_response", "response": {"subtype": "success",
                     "request_id": msg["request_id"], "response": {"echo": req.get("value")}}})
            elif req["subtype"] == "refuse":
                out({"type": "control_response", "response": {"subtype": "error",
                     "request_id": msg["request_id"], "error": "Unsupported"}})
            elif req["subtype"] == "die":
                sys.stderr.write("fatal: gave up\\n"); sys.exit(5)
"""


@pytest.fixture
def standin(tmp_path: Path) -> Path:
    script = tmp_path / "claude"
    script.write_text(f"#!{sys.executable}\n{STANDIN}")
    script.chmod(0o755)
    return script


def env(tmp_path: Path, mode: str) -> dict[str, str]:
    return {"STANDIN_MODE": mode, "STANDIN_LOG": str(tmp_path / "stdin.log")}


def stdin_lines(tmp_path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (tmp_path / "stdin.log").read_text().splitlines()]


async def start(standin: Path, tmp_path: Path, mode: str, **grace: float) -> ClaudeProcess:
    return await ClaudeProcess.start(
        standin, RunRequest(cwd=str(tmp_path)), env(tmp_path, mode), grace=StopGrace(**grace)
    )


def test_a_ten_megabyte_event(standin: Path, tmp_path: Path) -> None:
    async def run() -> tuple[list[object], int | None]:
        proc = await start(standin, tmp_path, "big")
        events = [e async for e in proc.turn("hi")]
        return events, await proc.close()

    events, code = asyncio.run(run())
    replies = [e for e in events if isinstance(e, AssistantMessage)]
    assert len(replies[0].text) == 10_000_000
    assert isinstance(events[-1], Result)
    assert code == 0


def test_a_turn_ends_with_its_own_result(standin: Path, tmp_path: Path) -> None:
    async def run() -> tuple[list[object], list[object]]:
        proc = await start(standin, tmp_path, "background")
        first = [e async for e in proc.turn("hi")]
        second = [e async for e in proc.turn("queued, then cancelled")]
        await proc.close()
        return first, second

    first, second = asyncio.run(run())
    results = [e.text for e in first if isinstance(e, Result)]
    assert results == ["bg done", "ours"]  # the stray one is passed on, not taken as ours
    assert [type(e).__name__ for e in second] == ["CommandLifecycle", "CommandLifecycle"]
    assert second[-1].state == "cancelled"  # type: ignore[attr-defined]


def test_close_escalates_to_sigkill_and_empties_the_group(standin: Path, tmp_path: Path) -> None:
    async def run() -> tuple[int | None, float, int]:
        proc = await start(standin, tmp_path, "stubborn", stdin=0.2, sigint=0.2, sigterm=0.2)
        await proc.next_event()  # the init line: signal handlers are in place
        assert len(group_members(proc.pid)) == 2  # it and its sleep
        began = time.monotonic()
        code = await proc.close()
        return code, time.monotonic() - began, proc.pid

    code, took, pid = asyncio.run(run())
    assert code == -9  # neither stdin, SIGINT nor SIGTERM ended it
    assert 0.6 <= took < 5
    assert group_members(pid) == []


def test_children_that_outlive_claude_do_not_hang_the_stream(
    standin: Path, tmp_path: Path
) -> None:
    async def run() -> tuple[list[object], float, int]:
        proc = await start(standin, tmp_path, "orphan", sigterm=0.5)
        began = time.monotonic()
        events = [e async for e in proc.events()]
        return events, time.monotonic() - began, proc.pid

    events, took, pid = asyncio.run(run())
    assert isinstance(events[0], Result)
    exited = events[-1]
    assert isinstance(exited, ProcessExited) and exited.returncode == 0
    assert "leaving a child behind" in exited.stderr
    assert took < 4  # the sleep held stdout open for 60 s
    assert group_members(pid) == []


def test_control_round_trips(standin: Path, tmp_path: Path) -> None:
    async def run() -> list[object]:
        proc = await start(standin, tmp_path, "control")
        ask = await proc.next_event()
        assert isinstance(ask, PermissionRequest) and ask.tool_name == "Bash"
        hook = await proc.next_event()
        assert type(hook) is ControlRequest and hook.subtype == "hook_callback"
        assert await proc.send_control("echo", value=42) == {"echo": 42}
        with pytest.raises(ClaudeError, match="refused refuse: Unsupported"):
            await proc.send_control("refuse")
        await proc.respond_permission("p1", allow=True)
        with pytest.raises(ClaudeError, match="no open permission request"):
            await proc.respond_permission("p1", allow=False)  # answered already
        with pytest.raises(ClaudeError, match="fatal: gave up"):
            await proc.send_control("die")
        rest = [e async for e in proc.events()]
        assert isinstance(rest[-1], ProcessExited) and rest[-1].returncode == 5
        with pytest.raises(ClaudeError, match="no longer taking input"):
            await proc.send_turn("too late")
        await proc.interrupt()  # a no-op once the process is gone
        return rest

    rest = asyncio.run(run())
    # our own control answers are plumbing, not events
    assert all(not isinstance(e, Result) for e in rest)
    answers = {
        m["response"]["request_id"]: m["response"]
        for m in stdin_lines(tmp_path)
        if m["type"] == "control_response"
    }
    assert answers["h1"]["subtype"] == "error"  # unhandled: refused, never left hanging
    # allowing without changes sends the model's own input back
    assert answers["p1"]["response"] == {"behavior": "allow", "updatedInput": {"command": "ls"}}


def test_pid_and_start_time_identify_the_process(standin: Path, tmp_path: Path) -> None:
    async def run() -> tuple[float | None, list[str], str]:
        proc = await ClaudeProcess.start(
            standin,
            RunRequest(cwd=str(tmp_path), append_system_prompt="carry this"),
            {**env(tmp_path, "big"), "ANTHROPIC_API_KEY": "sk-ant-api03-do-not-show-me"},
        )
        info = psutil.Process(proc.pid)
        # psutil derives a start time from the boot time, which a clock correction moves by
        # whole seconds between two reads: the same tolerance the owner check allows
        assert proc.start_time == pytest.approx(info.create_time(), abs=1.0)
        cmdline, environ = info.cmdline(), info.environ()
        await proc.close(StopGrace(stdin=0.1, sigint=1))
        return proc.start_time, cmdline, environ["ANTHROPIC_API_KEY"]

    start_time, cmdline, key = asyncio.run(run())
    assert start_time is not None and abs(start_time - time.time()) < 60
    # what `ps` shows has no secret; the environment has it
    assert "carry this" in cmdline
    assert not any("do-not-show-me" in part for part in cmdline)
    assert key == "sk-ant-api03-do-not-show-me"


def test_unreadable_output_ends_the_run(
    standin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(line: bytes) -> None:
        raise RuntimeError("decoder bug")

    monkeypatch.setattr("desktop.claude.process.parse_line", broken)

    async def run() -> tuple[list[object], int]:
        proc = await start(standin, tmp_path, "stubborn", sigint=0.2, sigterm=0.2)
        return [e async for e in proc.events()], proc.pid

    events, pid = asyncio.run(asyncio.wait_for(run(), 20))
    assert isinstance(events[0], ParseError) and "decoder bug" in events[0].error
    assert isinstance(events[-1], ProcessExited) and events[-1].returncode == -9
    assert group_members(pid) == []


def test_a_missing_working_folder(standin: Path, tmp_path: Path) -> None:
    with pytest.raises(ClaudeError, match="does not exist"):
        asyncio.run(
            ClaudeProcess.start(standin, RunRequest(cwd=str(tmp_path / "gone")), {})
        )


def test_a_lower_priority_is_the_process_s_own_and_its_exit_is_seen(
    standin: Path, tmp_path: Path
) -> None:
    """Started off the loop with `nice`, the process runs that much lower than us,
    and its pipes and exit code still reach the loop."""

    async def run() -> tuple[int, int | None]:
        argv = [str(standin)]
        proc = await ClaudeProcess.launch(argv, str(tmp_path), env(tmp_path, "big"), nice=3)
        niceness = psutil.Process(proc.pid).nice()
        code = await proc.close(StopGrace(stdin=0.1, sigint=1))
        return niceness, code

    niceness, code = asyncio.run(run())
    assert niceness == psutil.Process().nice() + 3
    assert code is not None


@pytest.mark.skipif(has_terminal(), reason="this run has a controlling terminal")
def test_without_a_terminal_claude_is_a_group_of_its_own_in_our_session(
    standin: Path, tmp_path: Path
) -> None:
    """Signalled as one group, but in our session (and so our scheduling autogroup,
    where its lower priority weighs against the window's thread)."""

    async def run() -> tuple[int, int]:
        proc = await ClaudeProcess.launch([str(standin)], str(tmp_path), env(tmp_path, "big"))
        ids = (os.getpgid(proc.pid), os.getsid(proc.pid))
        assert await proc.close(StopGrace(stdin=0.1, sigint=1)) is not None
        return ids

    group, session = asyncio.run(run())
    assert group not in (os.getpgid(0), 0)
    assert session == os.getsid(0)


TERMINAL_RUN = """
import asyncio, os, sys
sys.path.insert(0, sys.argv[1])
from desktop.claude.spawn import has_terminal, spawn
async def main():
    child = await spawn([sys.executable, "-c", "import time; time.sleep(30)"], cwd=".",
                        env=dict(os.environ))
    print("ids", has_terminal(), os.getsid(child.pid) == child.pid == os.getpgid(child.pid))
    child._popen.kill()
    child._popen.wait()
asyncio.run(main())
"""


def test_with_a_terminal_claude_gets_a_session_of_its_own_so_it_cannot_read_it() -> None:
    """Run under a pseudo-terminal (its controlling terminal), `spawn` starts the child
    in a session of its own, as before: a background group reading it would stop."""
    root = str(Path(__file__).resolve().parents[1])
    inner = [sys.executable, "-c", TERMINAL_RUN, root]
    outer = f"import pty, sys; pty.spawn({inner!r})"
    done = subprocess.run([sys.executable, "-c", outer], capture_output=True, text=True,
                          timeout=60, check=True)  # fmt: skip
    assert "ids True True" in done.stdout, done.stdout + done.stderr


def test_in_the_idle_class_every_thread_of_the_process_is_born_there_and_ours_stay(
    standin: Path, tmp_path: Path
) -> None:
    """`nice=IDLE` starts the process in the idle scheduling class from its first
    instruction (so the threads it starts are there too), and neither the loop's
    thread nor a later start at our own priority is lowered with it."""
    ours = (os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0))

    async def run() -> tuple[set[int], tuple[int, int]]:
        idle = await ClaudeProcess.launch([str(standin)], str(tmp_path), env(tmp_path, "big"),
                                          nice=IDLE)  # fmt: skip
        threads = {os.sched_getscheduler(t.id) for t in psutil.Process(idle.pid).threads()}
        plain = await ClaudeProcess.launch([str(standin)], str(tmp_path), env(tmp_path, "big"))
        theirs = (os.sched_getscheduler(plain.pid), psutil.Process(plain.pid).nice())
        for proc in (idle, plain):
            assert await proc.close(StopGrace(stdin=0.1, sigint=1)) is not None
        return threads, theirs

    threads, plain = asyncio.run(run())
    assert threads == {os.SCHED_IDLE}
    assert plain == ours
    assert (os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0)) == ours
