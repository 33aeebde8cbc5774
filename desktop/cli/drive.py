"""Drive one turn from the command line to its end: stream it, ask for
permissions on a terminal, stop it on a signal, and print its execution last.

Imported by the commands that run a turn (`run`, `continue`, `fork`, `bundle
load`) when they run, so parsing any command never loads asyncio or the run.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Awaitable, Callable
from typing import Any

from desktop.cli.claude_output import keep_output
from desktop.cli.output import Output
from desktop.cli.runs import execution_json, resume_note
from desktop.cli.signals import stop_on_signals
from desktop.cli.terminal_questions import answer_questions
from desktop.compose import DB_NAME
from desktop.domain.errors import SessiondeskError
from desktop.domain.events import AssistantMessage, PermissionRequest, StreamDelta, SystemInit
from desktop.domain.questions import questions_of
from desktop.services.hub import ServiceHub
from desktop.services.run import PermissionChoice, Run
from desktop.services.turn_lost import TurnTrail, lost_turn
from desktop.store.db_health import diagnose


async def _ask(request: PermissionRequest) -> PermissionChoice:
    shown = json.dumps(request.input, ensure_ascii=False)[:500]
    question = f"\nAllow {request.tool_name} {shown}? [y]es / [n]o / [a]lways this run: "

    def read() -> str:
        sys.stderr.write(question)
        sys.stderr.flush()
        return sys.stdin.readline().strip().lower()

    answer = await asyncio.to_thread(read)
    if answer in ("a", "always"):
        return PermissionChoice.ALLOW_SESSION
    return PermissionChoice.ALLOW if answer in ("y", "yes") else PermissionChoice.DENY


def _is_reply_text(event: object) -> bool:
    return isinstance(event, StreamDelta) and event.kind == "text" and not event.parent_tool_use_id


async def _drive(run: Run, out: Output, policy: str, trail: TurnTrail) -> None:
    interactive = policy == "ask" and sys.stdin is not None and sys.stdin.isatty()
    streamed = False
    async for event in run.events():
        if isinstance(event, SystemInit) and event.session_id:
            trail.session_id = event.session_id
        if out.json_mode:
            out.line(event.raw)
        elif (
            isinstance(event, StreamDelta) and event.kind == "text" and not event.parent_tool_use_id
        ):
            sys.stdout.write(event.text)
            sys.stdout.flush()
            streamed = True
        elif isinstance(event, AssistantMessage) and not streamed and event.text:
            sys.stdout.write(event.text)
        if isinstance(event, PermissionRequest):
            questions = questions_of(event.tool_name, event.input)
            if questions is not None:
                await answer_questions(run, event, questions, interactive)
                continue
            choice = await _ask(event) if interactive else PermissionChoice.DENY
            await run.answer(
                event,
                choice,
                None
                if interactive
                else "Permission denied: no one was asked (--permission deny or no terminal).",
            )


def drive(
    services: ServiceHub,
    prepared: Awaitable[Run],
    out: Output,
    permission: str,
    told: Callable[[Run], dict[str, Any]] | None = None,
) -> int:
    """Drive a prepared turn to its end, streaming it; the last line is its execution
    (with what `told` adds, e.g. how `bundle load` started it)."""

    trail = TurnTrail()
    started: list[Run] = []

    async def main() -> tuple[Run, int | None]:
        async with stop_on_signals(services) as signals:  # SIGINT/TERM/HUP stop the turn
            run = await prepared
            started.append(run)
            trail.conversation_id = run.conversation_id
            trail.config_dir = services.accounts.get(run.plan.account).config_dir
            await signals.drive(run, _drive(run, out, permission, trail))
        return run, signals.exit_code

    try:
        run, signalled = asyncio.run(main())
    except Exception as exc:  # the database vanished or broke under the turn?
        services.close()  # before the file is looked at: see `check_file`'s note
        known = diagnose(services.home / DB_NAME, exc)
        if known is None:
            raise
        if started and started[0].execution is not None:
            trail.execution_id = started[0].execution.id
        raise lost_turn(known, trail) from None
    if run.plan.notice:
        out.progress(f"notice: {run.plan.notice}")
    execution = run.execution
    if execution is None:
        raise SessiondeskError("stopped by a signal before the turn started")
    document = {"type": "execution", **execution_json(execution), **(told(run) if told else {})}
    log = keep_output(services.home, run)  # claude's whole stderr, when more than the error
    if log is not None:
        out.progress(f"claude's output: {log}")
    if out.json_mode:
        out.line(document)
    else:
        sys.stdout.write("\n")
        line = (
            f"[{execution.status} · {execution.kind} · execution {execution.id} · "
            f"{resume_note(execution)} · {execution.sent_bytes or 0:,} bytes sent]"
        )
        if execution.error:
            line += f"\nerror: {execution.error}"
        out.progress(line)
    return signalled or (0 if str(execution.status) == "succeeded" else 1)
