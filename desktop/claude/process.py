"""One running `claude` in stream-json mode: turns in, events out, stopped cleanly.

A pump task reads stdout from the start, whether or not anyone is iterating:
control responses must reach the coroutine awaiting them, and a full pipe
would stall the CLI. Events wait in an unbounded queue for the one consumer.
The pump ends with a `ProcessExited` event, so no consumer ever waits on a
process that is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import uuid
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from desktop.claude.argv import REPLAY_TURNS, build_argv, build_env, check_argv
from desktop.claude.reap import StopGrace, escalate, process_start_time, sweep_group, wait_until
from desktop.claude.spawn import SpawnedProcess, spawn
from desktop.claude.stream import (
    Tail,
    control_error,
    control_request,
    control_success,
    drain_into,
    encode,
    iter_lines,
    permission_answer,
    user_turn,
)
from desktop.domain.errors import ClaudeError
from desktop.domain.events import (
    CommandLifecycle,
    ControlRequest,
    ControlResponse,
    Event,
    ParseError,
    Payload,
    PermissionRequest,
    ProcessExited,
    Result,
    UserMessage,
)
from desktop.domain.redact import SECRET_ENV_VARS
from desktop.domain.runs import Capabilities, RunRequest
from desktop.domain.stream_json import parse_line

# after the process is gone, how long its pipes may take to deliver the rest
DRAIN = 2.0
_TURN_OVER = ("completed", "cancelled")
_EXIT_WAIT = 5.0
"""How long a claude that refused its turn gets to finish exiting and say why."""


class ClaudeProcess:
    """A `claude -p` process speaking stream-json on stdin and stdout."""

    def __init__(self, proc: SpawnedProcess, argv: list[str], grace: StopGrace):
        self._proc = proc
        self.argv = tuple(argv)
        self.pid = proc.pid
        # recorded so crash recovery can tell this process from a later one
        # that happens to get the same pid
        known = proc.start_time
        self.start_time = known if known is not None else process_start_time(proc.pid)
        self.grace = grace
        self.secrets: tuple[str, ...] = ()
        """The secrets this process was given (and ours): masked in what it says
        (`desktop.domain.event_redact`), set by `launch`."""
        self._tracks_turns = REPLAY_TURNS in argv
        self._queue: asyncio.Queue[Event] = asyncio.Queue()
        self._exit_delivered = False
        self._pending: dict[str, asyncio.Future[ControlResponse]] = {}
        self._permission_inputs: dict[str, Payload] = {}
        self._stderr = Tail()
        self._write_lock = asyncio.Lock()
        self._ids = itertools.count(1)
        self._pump = asyncio.create_task(self._run_pump(), name=f"claude-{proc.pid}")

    @classmethod
    async def start(
        cls,
        binary: Path | str,
        request: RunRequest,
        account_env: Mapping[str, str],
        *,
        base_env: Mapping[str, str] | None = None,
        capabilities: Capabilities | None = None,
        grace: StopGrace | None = None,
    ) -> Self:
        """Spawn `claude` for `request` in its own process group.

        `account_env` carries the account's CLAUDE_CONFIG_DIR and secret; it
        goes over `base_env` (default: ours) with every other account's
        credentials removed. Nothing secret ever goes to argv.
        """
        argv = build_argv(binary, request, capabilities)
        return await cls.launch(argv, request.cwd, account_env, base_env=base_env, grace=grace)

    @classmethod
    async def launch(
        cls,
        argv: Sequence[str],
        cwd: str,
        account_env: Mapping[str, str],
        *,
        base_env: Mapping[str, str] | None = None,
        grace: StopGrace | None = None,
        nice: int = 0,
    ) -> Self:
        """Spawn an argv already built (`build_argv`), as `start` does; `nice`
        lowers its scheduling priority (and so its children's) by that much
        (`spawn.IDLE`: to the idle class)."""
        if not Path(cwd).is_dir():
            raise ClaudeError(f"the working folder {cwd} does not exist",
                              kind="folder_missing", folder=str(cwd))  # fmt: skip
        argv = list(argv)
        env = build_env(account_env, base_env)
        check_argv(argv, env)
        try:
            # forked off the loop; a group of its own, to signal as one
            proc = await spawn(argv, cwd=cwd, env=env, nice=nice)
        except OSError as exc:
            raise ClaudeError(f"cannot start {argv[0]}: {exc.strerror or exc}",
                              kind="claude_cannot_start", path=str(argv[0])) from exc  # fmt: skip
        process = cls(proc, argv, grace or StopGrace())
        given = (env.get(name) for name in SECRET_ENV_VARS)
        ours = (os.environ.get(name) for name in SECRET_ENV_VARS)
        process.secrets = tuple(v for v in (*given, *ours) if v)
        return process

    # ---- state ----------------------------------------------------------------

    @property
    def returncode(self) -> int | None:
        """Exit code once the process is gone (negative: killed by that signal)."""
        return self._proc.returncode

    @property
    def stderr(self) -> str:
        """The last 64 KiB the process wrote to stderr."""
        return self._stderr.text()

    # ---- events -----------------------------------------------------------------

    async def next_event(self) -> Event | None:
        """The next event; `ProcessExited` is the last one, None comes after it."""
        if self._exit_delivered:
            return None
        event = await self._queue.get()
        self._exit_delivered = isinstance(event, ProcessExited)
        return event

    async def events(self) -> AsyncIterator[Event]:
        """Every event until (and including) `ProcessExited`."""
        while (event := await self.next_event()) is not None:
            yield event

    async def turn(self, content: str | list[Mapping[str, Any]]) -> AsyncIterator[Event]:
        """Send one turn and yield events until it ends.

        A turn ends with its `Result`, or when the process does. Background
        tasks can emit results of their own; when the CLI reports turn
        lifecycles, a result before our turn has started is passed on but
        does not end it.
        """
        try:
            command: str | None = await self.send_turn(content)
        except ClaudeError:
            # it ended before reading the turn (bad settings, a crash at start): what
            # it said on its way out comes with its last events, ending in ProcessExited
            if not await self._exited_within(_EXIT_WAIT):
                raise
            command = None
        started = not self._tracks_turns
        while (event := await self.next_event()) is not None:
            yield event
            if isinstance(event, CommandLifecycle) and event.command_uuid == command:
                if event.state in _TURN_OVER:
                    return  # cancelled before it ran: no result will come
                started = True
            elif isinstance(event, UserMessage) and event.is_replay and event.uuid == command:
                started = True
            elif isinstance(event, Result) and started:
                return

    # ---- input ------------------------------------------------------------------

    async def send_turn(self, content: str | list[Mapping[str, Any]]) -> str:
        """Queue one turn; returns the uuid the CLI reports it under."""
        command = str(uuid.uuid4())
        await self._write({**user_turn(content), "uuid": command})
        return command

    async def send_control(
        self, subtype: str, *, timeout: float | None = 30.0, **payload: Any
    ) -> Payload:
        """Ask the CLI something (`interrupt`, `get_context_usage`, …) and
        return its answer; ClaudeError when it refuses, ends or times out."""
        request_id = f"sd-{next(self._ids)}"
        future: asyncio.Future[ControlResponse] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        try:
            await self._write(control_request(request_id, subtype, payload))
            response = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise ClaudeError(f"claude did not answer {subtype} within {timeout:g} s") from None
        finally:
            self._pending.pop(request_id, None)
        if not response.ok:
            raise ClaudeError(f"claude refused {subtype}: {response.error}")
        return response.response

    async def respond_permission(
        self,
        request_id: str,
        allow: bool,
        updated_input: Mapping[str, Any] | None = None,
        message: str | None = None,
    ) -> None:
        """Answer a `PermissionRequest`. Allowing without `updated_input`
        runs the tool with the input the model asked for."""
        asked = self._permission_inputs.pop(request_id, None)
        if asked is None:
            raise ClaudeError(f"no open permission request {request_id!r}")
        body = permission_answer(
            allow,
            updated_input=asked if updated_input is None else updated_input,
            message=message,
        )
        await self._write(control_success(request_id, body))

    async def interrupt(self, timeout: float = 10.0) -> None:
        """End the running turn; the process and the partial reply stay."""
        if self.returncode is None:
            await self.send_control("interrupt", timeout=timeout)

    # ---- ending -----------------------------------------------------------------

    async def close(self, grace: StopGrace | None = None) -> int | None:
        """End the process: close stdin (queued turns finish), then SIGINT,
        SIGTERM, SIGKILL to its group, each after a grace period. Returns the
        exit code."""
        grace = grace or self.grace
        if self.returncode is None:
            self._close_stdin()
            if not await self._exited_within(grace.stdin):
                await escalate(self.pid, self._exited_within, grace)
        await self.wait()
        return self.returncode

    async def wait(self) -> int | None:
        """Wait for the process to end on its own and its output to drain."""
        await asyncio.shield(self._pump)
        return self.returncode

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.close()

    # ---- internals ----------------------------------------------------------------

    async def _exited_within(self, timeout: float) -> bool:
        return await wait_until(lambda: self.returncode is not None, timeout)

    def _close_stdin(self) -> None:
        stdin = self._proc.stdin
        if stdin is not None and not stdin.is_closing():
            with contextlib.suppress(OSError):
                stdin.close()

    async def _write(self, obj: Mapping[str, Any]) -> None:
        stdin = self._proc.stdin
        async with self._write_lock:
            if stdin is None or stdin.is_closing() or self.returncode is not None:
                raise ClaudeError("claude is no longer taking input")
            try:
                stdin.write(encode(obj))
                await stdin.drain()
            except (BrokenPipeError, ConnectionResetError) as exc:
                raise ClaudeError("claude is no longer taking input") from exc

    async def _run_pump(self) -> None:
        assert self._proc.stdout is not None and self._proc.stderr is not None
        reader = asyncio.create_task(self._read_stdout())
        errors = asyncio.create_task(drain_into(self._proc.stderr, self._stderr))
        # the exit alone (a pidfd), not the pipes' end, which a grandchild holding one
        # can delay for ever; waited for, not polled: five runs polling 10 times a
        # second were 50 of the window loop's wake-ups a second
        exited = asyncio.ensure_future(self._proc.wait())
        try:
            await asyncio.wait({reader, exited}, return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and not reader.cancelled() and reader.exception() is not None:
                # output we cannot read makes the run unusable: say so, end it
                self._queue.put_nowait(
                    ParseError(f"reading claude's output failed: {reader.exception()!r}", "")
                )
                await escalate(self.pid, self._exited_within, self.grace)
            await exited
            # children that outlived claude would keep its pipes open
            await sweep_group(self.pid, self.grace.sigterm)
            await asyncio.wait({reader, errors}, timeout=DRAIN)
        finally:
            for task in (reader, errors, exited):
                task.cancel()
            await asyncio.gather(reader, errors, exited, return_exceptions=True)
            self._finish()

    async def _read_stdout(self) -> None:
        assert self._proc.stdout is not None
        async for line in iter_lines(self._proc.stdout):
            event = parse_line(line)
            if event is not None:
                await self._route(event)

    async def _route(self, event: Event) -> None:
        if isinstance(event, ControlResponse):
            future = self._pending.get(event.request_id)
            if future is not None:
                if not future.done():
                    future.set_result(event)
                return  # an answer to us, not news for the consumer
        elif isinstance(event, PermissionRequest):
            self._permission_inputs[event.request_id] = event.input
        elif isinstance(event, ControlRequest):
            # nothing here serves hooks or SDK MCP servers; an unanswered
            # request would stall the CLI, a refusal lets it go on
            with contextlib.suppress(ClaudeError):
                await self._write(
                    control_error(event.request_id, f"Sessiondesk does not handle {event.subtype}")
                )
        self._queue.put_nowait(event)

    def _finish(self) -> None:
        stderr = self.stderr
        last_line = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        for future in self._pending.values():
            if not future.done():
                reason = f": {last_line}" if last_line else ""
                future.set_exception(ClaudeError(f"claude ended before answering{reason}"))
        self._permission_inputs.clear()
        self._queue.put_nowait(ProcessExited(self.returncode, stderr))
