"""`sessiondesk run|continue|fork|stop` and `conversations …`: turns, headless."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable
from typing import Any

from desktop.cli.claude_output import keep_output
from desktop.cli.output import Output
from desktop.cli.signals import stop_on_signals
from desktop.domain.conversations import Execution
from desktop.domain.errors import SessiondeskError
from desktop.domain.events import AssistantMessage, PermissionRequest, StreamDelta
from desktop.domain.runs import error_kind
from desktop.services.hub import ServiceHub
from desktop.services.run import PermissionChoice, Run, TurnRequest


def register(commands: argparse._SubParsersAction) -> None:
    run = commands.add_parser("run", help="send one turn (a new conversation unless named)")
    run.add_argument("prompt")
    run.add_argument("--account", metavar="NAME")
    run.add_argument("--cwd", metavar="DIR")
    run.add_argument("--conversation", metavar="ID", help="id or SESS-042 code to continue")
    run.add_argument("--fresh-session", action="store_true", help="do not resume Claude's session")
    permission_args(run)
    run.set_defaults(handler=_run)
    for name, text in (
        ("continue", "--resume that execution's session"),
        ("fork", "a new conversation branching from an execution, a conversation's head "
                 "or a Claude session found on disk"),
    ):  # fmt: skip
        branch = commands.add_parser(name, help=text)
        branch.add_argument("ref", metavar="REF", help="execution id, SESS-042, or session id")
        branch.add_argument("prompt")
        permission_args(branch)
        branch.set_defaults(handler=_run, branch=name)
    stop = commands.add_parser("stop", help="interrupt a running turn")
    stop.add_argument("execution_id")
    stop.set_defaults(handler=_stop)


def permission_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--allow",
        action="append",
        default=[],
        metavar="TOOL",
        help="allow a tool without asking (repeatable), e.g. Bash",
    )
    parser.add_argument(
        "--permission",
        choices=["ask", "deny"],
        default="ask",
        help="when a tool needs permission (ask needs a terminal)",
    )


def execution_json(execution: Execution) -> dict[str, Any]:
    return {
        "execution_id": execution.id,
        "conversation_id": execution.conversation_id,
        "session_id": execution.session_id,
        "account": execution.account,
        "kind": str(execution.kind),
        "status": str(execution.status),
        "exit_code": execution.exit_code,
        "usage": execution.usage,
        "context_tokens": execution.context_tokens,
        "cost_usd": execution.cost_usd,
        "error": execution.error,
        "error_kind": error_kind(execution.error),
        "parent_execution_id": execution.parent_execution_id,
        "forked_from_execution_id": execution.forked_from_execution_id,
        "resumed": execution.resumed,
        "resume_reason": execution.resume_reason,
        "started": execution.started.isoformat() if execution.started else None,
        "finished": execution.finished.isoformat() if execution.finished else None,
    }


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


async def _drive(run: Run, out: Output, policy: str) -> None:
    interactive = policy == "ask" and sys.stdin is not None and sys.stdin.isatty()
    streamed = False
    async for event in run.events():
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
            choice = await _ask(event) if interactive else PermissionChoice.DENY
            await run.answer(
                event,
                choice,
                None
                if interactive
                else "Permission denied: no one was asked (--permission deny or no terminal).",
            )


def _run(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    branch = getattr(args, "branch", None)
    request = TurnRequest(
        prompt=args.prompt,
        account=getattr(args, "account", None),
        cwd=getattr(args, "cwd", None),
        conversation_id=getattr(args, "conversation", None),
        fresh=getattr(args, "fresh_session", False),
        allowed_tools=tuple(args.allow),
        continue_from=args.ref if branch == "continue" else None,
        fork_from=args.ref if branch == "fork" else None,
    )

    return drive(services, services.runs.prepare(request), out, args.permission)


def drive(services: ServiceHub, prepared: Awaitable[Run], out: Output, permission: str) -> int:
    """Drive a prepared turn to its end, streaming it; the last line is its execution."""

    async def main() -> tuple[Run, int | None]:
        async with stop_on_signals(services) as signals:  # SIGINT/TERM/HUP stop the turn
            run = await prepared
            await signals.drive(run, _drive(run, out, permission))
        return run, signals.exit_code

    run, signalled = asyncio.run(main())
    if run.plan.notice:
        out.progress(f"notice: {run.plan.notice}")
    execution = run.execution
    if execution is None:
        raise SessiondeskError("stopped by a signal before the turn started")
    document = {"type": "execution", **execution_json(execution)}
    log = keep_output(services.home, run)  # claude's whole stderr, when more than the error
    if log is not None:
        out.progress(f"claude's output: {log}")
    if out.json_mode:
        out.line(document)
    else:
        sys.stdout.write("\n")
        line = f"[{execution.status} · {execution.kind} · execution {execution.id}]"
        if execution.error:
            line += f"\nerror: {execution.error}"
        out.progress(line)
    return signalled or (0 if str(execution.status) == "succeeded" else 1)


def _stop(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    execution = asyncio.run(services.runs.stop(args.execution_id))
    out.emit(execution_json(execution), f"execution {execution.id}: {execution.status}")
    return 0
