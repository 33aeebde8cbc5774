"""ClaudeProcess with the real claude CLI against the fake Messages API."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Awaitable
from pathlib import Path
from typing import TypeVar

import pytest

from desktop.claude.argv import build_argv, build_env
from desktop.claude.process import ClaudeProcess
from desktop.claude.reap import StopGrace, group_members, kill_leftover, process_start_time
from desktop.domain.events import (
    AssistantMessage,
    Event,
    PermissionRequest,
    ProcessExited,
    Result,
    StreamDelta,
    SystemInit,
    UserMessage,
)
from desktop.domain.runs import RunRequest, summarize_turn
from tests.rig.claude import ClaudeAccount, hermetic_environ
from tests.rig.fakeapi import FakeAPI, Reply, last_user_text, tool_results
from tests.rig.fixtures import AccountFactory

pytestmark = pytest.mark.claude

T = TypeVar("T")
GRACE = StopGrace(stdin=5, sigint=3, sigterm=3, sigkill=3)
LONG = " ".join(f"word{i}" for i in range(60))


def run(coro: Awaitable[T], timeout: float = 60) -> T:
    """Run a test body; a hang fails the test instead of the suite."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


async def start(account: ClaudeAccount, cwd: Path, **request: object) -> ClaudeProcess:
    return await ClaudeProcess.start(
        account.binary,
        RunRequest(cwd=str(cwd), **request),  # type: ignore[arg-type]
        account.env,
        base_env=hermetic_environ({}),  # nothing of the developer's own login
        grace=GRACE,
    )


async def rest(proc: ClaudeProcess) -> list[Event]:
    return [e async for e in proc.events()]


@pytest.fixture
def work(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    return folder


def test_turns_stream_and_end_with_their_result(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    fake_api.enqueue(
        Reply.text("Hello from the fake, in pieces.", chunks=4, input_tokens=900,
                   cache_read_input_tokens=300, cache_creation_input_tokens=50),
        Reply.text("Second answer."),
    )  # fmt: skip

    async def body() -> tuple[list[Event], list[Event], dict[str, object], int | None, float]:
        proc = await start(account, work)
        first = [e async for e in proc.turn("say hello")]
        usage = dict(await proc.send_control("get_context_usage"))
        second = [e async for e in proc.turn("and again")]
        began = time.monotonic()
        code = await proc.close()
        return first, second, usage, code, time.monotonic() - began

    first, second, usage, code, closing = run(body())
    deltas = [e.text for e in first if isinstance(e, StreamDelta) and e.kind == "text"]
    assert len(deltas) >= 2 and "".join(deltas) == "Hello from the fake, in pieces."
    init = next(e for e in first if isinstance(e, SystemInit))
    result = first[-1]
    assert isinstance(result, Result) and not result.is_error
    assert result.session_id == init.session_id
    outcome = summarize_turn(first)
    assert outcome.ok and outcome.text == "Hello from the fake, in pieces."
    assert outcome.context_tokens == 1250
    assert outcome.context_window and outcome.context_window >= 100_000
    assert usage["apiUsage"] == {
        "input_tokens": 900,
        "output_tokens": usage["apiUsage"]["output_tokens"],  # type: ignore[index]
        "cache_read_input_tokens": 300,
        "cache_creation_input_tokens": 50,
    }
    later = summarize_turn(second)
    assert later.ok and later.text == "Second answer." and later.session_id == init.session_id
    assert [last_user_text(r) for r in fake_api.main_turns()] == ["say hello", "and again"]
    assert code == 0 and closing < 3  # closing stdin was enough
    assert account.transcript(init.session_id).exists()


def test_a_reply_longer_than_a_pipe_line_limit(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    fake_api.enqueue(Reply.text("x" * 300_000))

    async def body() -> list[Event]:
        async with await start(account, work) as proc:
            return [e async for e in proc.turn("long please")]

    events = run(body())
    replies = [e for e in events if isinstance(e, AssistantMessage)]
    assert len(replies[0].text) == 300_000


def test_interrupt_ends_the_turn_and_keeps_the_process(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    fake_api.enqueue(Reply.text(LONG, chunks=30, delay=0.1), Reply.text("still here"))

    async def body() -> tuple[list[Event], int | None, float, list[Event]]:
        proc = await start(account, work)
        events: list[Event] = []
        began = 0.0
        async for event in proc.turn("talk slowly"):
            events.append(event)
            if isinstance(event, StreamDelta) and event.kind == "text" and not began:
                began = time.monotonic()
                await proc.interrupt()
        took = time.monotonic() - began
        alive = proc.returncode
        after = [e async for e in proc.turn("are you there?")]
        await proc.close()
        return events, alive, took, after

    events, alive, took, after = run(body())
    result = events[-1]
    assert isinstance(result, Result) and result.subtype == "error_during_execution"
    assert took < 2  # the 3 s stream did not run out
    assert alive is None
    partial = summarize_turn(events).text
    assert partial and LONG.startswith(partial.strip()) and len(partial) < len(LONG)
    assert any(
        isinstance(e, UserMessage) and "interrupted" in str(e.raw["message"]) for e in events
    )
    assert summarize_turn(after).text == "still here"


def test_close_mid_turn_ends_the_whole_group(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    hold = threading.Event()  # the fake stalls after message_start
    fake_api.enqueue(Reply.text("never finished", hold=hold))

    async def body() -> tuple[int | None, int, list[Event]]:
        proc = await start(account, work)
        await proc.send_turn("start something long")
        while not (isinstance(e := await proc.next_event(), StreamDelta)):
            assert not isinstance(e, ProcessExited)
        code = await proc.close(StopGrace(stdin=0.5, sigint=3, sigterm=3, sigkill=3))
        return code, proc.pid, await rest(proc)

    try:
        code, pid, after = run(body())
    finally:
        hold.set()
    assert code == 0  # stdin could not end a stalled turn; SIGINT did, cleanly
    assert group_members(pid) == []
    assert isinstance(after[-1], ProcessExited)


@pytest.mark.parametrize("change_input", [False, True])
def test_allowing_a_tool_runs_it(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path, change_input: bool
) -> None:
    account = claude_account()
    marker = work / "marker"
    asked = {"command": f"touch {marker} && echo made-marker", "description": "make marker"}
    fake_api.enqueue(Reply.tool_use("Bash", asked), Reply.text("done"))
    changed = {**asked, "command": f"touch {marker} && echo changed-by-host"}

    async def body() -> list[Event]:
        async with await start(account, work) as proc:
            events = []
            async for event in proc.turn("make the marker"):
                events.append(event)
                if isinstance(event, PermissionRequest):
                    await proc.respond_permission(
                        event.request_id, True, changed if change_input else None
                    )
            return events

    events = run(body())
    ask = next(e for e in events if isinstance(e, PermissionRequest))
    assert ask.tool_name == "Bash" and ask.input == asked and ask.tool_use_id
    assert marker.exists()
    [sent] = tool_results(fake_api.main_turns()[-1])
    assert not sent.is_error
    assert sent.text == ("changed-by-host" if change_input else "made-marker")
    assert summarize_turn(events).text == "done"


def test_denying_a_tool_tells_the_model(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    marker = work / "marker"
    fake_api.enqueue(
        Reply.tool_use("Bash", {"command": f"touch {marker}", "description": "make marker"}),
        Reply.text("understood"),
    )

    async def body() -> list[Event]:
        async with await start(account, work) as proc:
            events = []
            async for event in proc.turn("make the marker"):
                events.append(event)
                if isinstance(event, PermissionRequest):
                    await proc.respond_permission(event.request_id, False, message="Not here.")
            return events

    events = run(body())
    assert not marker.exists()
    [sent] = tool_results(fake_api.main_turns()[-1])
    assert sent.is_error and "Not here." in sent.text
    assert summarize_turn(events).ok


def test_allowed_tools_need_no_question(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    marker = work / "marker"
    fake_api.enqueue(
        Reply.tool_use("Bash", {"command": f"touch {marker}", "description": "make marker"}),
        Reply.text("done"),
    )

    async def body() -> list[Event]:
        async with await start(account, work, allowed_tools=("Bash(touch *)",)) as proc:
            events = []
            async for event in proc.turn("make the marker"):
                events.append(event)
                if isinstance(event, PermissionRequest):  # fail fast, not by timeout
                    await proc.respond_permission(event.request_id, False)
            return events

    events = run(body())
    assert not any(isinstance(e, PermissionRequest) for e in events)
    assert marker.exists()


def test_sigkill_mid_turn_is_a_failed_run(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    fake_api.enqueue(Reply.text(LONG, chunks=30, delay=0.1))

    async def body() -> list[Event]:
        async with await start(account, work) as proc:
            events = []
            async for event in proc.turn("talk slowly"):
                events.append(event)
                if isinstance(event, StreamDelta) and event.kind == "text":
                    os.kill(proc.pid, signal.SIGKILL)  # as the OOM killer would
            return events

    events = run(body(), timeout=20)
    exited = events[-1]
    assert isinstance(exited, ProcessExited) and exited.returncode == -signal.SIGKILL
    outcome = summarize_turn(events)
    assert not outcome.ok and outcome.error == "claude was killed by signal 9 before the turn ended"


def test_an_api_error_fails_the_turn_with_exit_code_one(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    fake_api.enqueue(Reply.error(400, message="bad request marker-7"), times=None)

    async def body() -> tuple[list[Event], list[Event]]:
        proc = await start(account, work)
        events = [e async for e in proc.turn("hello?")]
        await proc.close()
        return events, await rest(proc)

    events, after = run(body())
    result = events[-1]
    assert isinstance(result, Result) and result.is_error and result.api_error_status == 400
    outcome = summarize_turn(events + after)
    assert outcome.exit_code == 1 and not outcome.ok
    assert outcome.error is not None and "bad request marker-7" in outcome.error
    assert any(isinstance(e, AssistantMessage) and e.is_api_error for e in events)


def test_resuming_an_unknown_session_reports_why(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    missing = str(uuid.uuid4())

    async def body() -> list[Event]:
        proc = await start(account, work, resume=missing)
        return [e async for e in proc.turn("continue")]

    events = run(body())
    exited = events[-1]
    assert isinstance(exited, ProcessExited) and exited.returncode == 1
    outcome = summarize_turn(events)
    assert outcome.result is not None and outcome.result.subtype == "error_during_execution"
    assert f"No conversation found with session ID: {missing}" in (outcome.error or "")
    assert fake_api.main_turns() == []


def test_resume_and_fork(claude_account: AccountFactory, fake_api: FakeAPI, work: Path) -> None:
    account = claude_account()
    fake_api.enqueue(Reply.text("first"), Reply.text("second"), Reply.text("forked"))

    async def one_turn(prompt: str, **request: object) -> str | None:
        async with await start(account, work, **request) as proc:
            return summarize_turn([e async for e in proc.turn(prompt)]).session_id

    async def body() -> tuple[str | None, str | None, str | None]:
        original = await one_turn("remember the word kiwi")
        resumed = await one_turn("what was the word?", resume=original)
        forked = await one_turn("and in a branch?", resume=original, fork_session=True)
        return original, resumed, forked

    original, resumed, forked = run(body())
    assert original and resumed == original
    assert forked and forked != original
    second, third = fake_api.main_turns()[1:]
    # the resumed and the forked runs both carried the earlier history
    assert "remember the word kiwi" in str(second.json["messages"])
    assert "what was the word?" in str(third.json["messages"])


def test_kill_leftover_ends_only_the_same_process(
    claude_account: AccountFactory, fake_api: FakeAPI, work: Path
) -> None:
    account = claude_account()
    # a claude a crashed app left running: its own group, stdin still open
    leftover = subprocess.Popen(
        build_argv(account.binary, RunRequest(cwd=str(work))),
        cwd=work,
        env=build_env(account.env, hermetic_environ({})),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        started = process_start_time(leftover.pid)
        assert started is not None
        refused = run(kill_leftover(leftover.pid, started + 3600))
        assert refused is False
        time.sleep(0.2)
        assert leftover.poll() is None  # a mismatched start time: untouched
        ended = run(kill_leftover(leftover.pid, started, grace=GRACE))
        assert ended is True
        assert leftover.wait(timeout=5) is not None
        assert group_members(leftover.pid) == []
        assert run(kill_leftover(leftover.pid, started)) is False  # nothing left to end
    finally:
        if leftover.poll() is None:
            os.killpg(leftover.pid, signal.SIGKILL)
            leftover.wait()
        if leftover.stdin is not None:
            leftover.stdin.close()
