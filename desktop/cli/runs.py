"""`sessiondesk run|continue|fork|stop` and `conversations …`: turns, headless."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Awaitable
from typing import Any

from desktop.cli.output import Output, table
from desktop.cli.parser import add_group
from desktop.domain.conversations import Conversation, Execution
from desktop.domain.events import AssistantMessage, PermissionRequest, StreamDelta
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
        ("fork", "a new conversation branching from that execution"),
    ):
        branch = commands.add_parser(name, help=text)
        branch.add_argument("execution_id")
        branch.add_argument("prompt")
        permission_args(branch)
        branch.set_defaults(handler=_run, branch=name)
    stop = commands.add_parser("stop", help="interrupt a running turn")
    stop.add_argument("execution_id")
    stop.set_defaults(handler=_stop)

    sub = add_group(commands, "conversations", "our stable threads and their executions")
    sub.add_parser("list", help="every conversation").set_defaults(handler=_conversations)
    show = sub.add_parser("show", help="a conversation's executions in order")
    show.add_argument("id")
    show.set_defaults(handler=_conversation)
    rename = sub.add_parser("rename", help="give a conversation a title")
    rename.add_argument("id")
    rename.add_argument("title")
    rename.set_defaults(handler=_rename)
    adopt = commands.add_parser("adopt", help="make a conversation of a session found on disk")
    adopt.add_argument("session_id")
    adopt.add_argument("--account", metavar="NAME")
    adopt.set_defaults(handler=_adopt)


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
        "parent_execution_id": execution.parent_execution_id,
        "forked_from_execution_id": execution.forked_from_execution_id,
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
        continue_from=args.execution_id if branch == "continue" else None,
        fork_from=args.execution_id if branch == "fork" else None,
    )

    return drive(services.runs.prepare(request), out, args.permission)


def drive(prepared: Awaitable[Run], out: Output, permission: str) -> int:
    """Drive a prepared turn to its end, streaming it; the last line is its execution."""

    async def main() -> Run:
        run = await prepared
        await _drive(run, out, permission)
        return run

    run = asyncio.run(main())
    execution = run.execution
    assert execution is not None
    document = {"type": "execution", **execution_json(execution), "resumed": run.resumed}
    if out.json_mode:
        out.line(document)
    else:
        sys.stdout.write("\n")
        line = f"[{execution.status} · {execution.kind} · execution {execution.id}]"
        if execution.error:
            line += f"\nerror: {execution.error}"
        out.progress(line)
    return 0 if str(execution.status) == "succeeded" else 1


def _stop(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    execution = asyncio.run(services.runs.stop(args.execution_id))
    out.emit(execution_json(execution), f"execution {execution.id}: {execution.status}")
    return 0


def _conversations(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    found = services.runs.conversations.list()
    rows = [[c.code, c.account or "-", c.session_id or "-", c.title[:50]] for c in found]
    out.emit(
        [conversation_json(c) for c in found],
        lambda: table(rows, ["CODE", "ACCOUNT", "SESSION", "TITLE"]) if rows else "none yet",
    )
    return 0


def _conversation(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    conv = services.runs.conversation(args.id)
    executions = services.runs.executions.for_conversation(conv.id)
    rows = [
        [
            e.id[:8],
            str(e.kind),
            str(e.status),
            e.account or "-",
            e.session_id or "-",
            str(e.context_tokens or "-"),
        ]
        for e in executions
    ]
    out.emit(
        {
            "id": conv.id,
            "code": conv.code,
            "title": conv.title,
            "account": conv.account,
            "session_id": conv.session_id,
            "cwd": conv.cwd,
            "executions": [execution_json(e) for e in executions],
        },
        lambda: (
            f"{conv.code} · {conv.title}\n"
            + table(rows, ["EXECUTION", "KIND", "STATUS", "ACCOUNT", "SESSION", "CONTEXT"])
        ),
    )
    return 0


def conversation_json(conv: Conversation) -> dict[str, Any]:
    return {
        "id": conv.id,
        "code": conv.code,
        "title": conv.title,
        "account": conv.account,
        "session_id": conv.session_id,
        "cwd": conv.cwd,
        "last_input_tokens": conv.last_input_tokens,
    }


def _rename(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    conv = services.runs.rename(args.id, args.title)
    out.emit(conversation_json(conv), f"{conv.code} · {conv.title}")
    return 0


def _adopt(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.sessions.refresh(account=args.account)
    conv = asyncio.run(services.runs.adopt(args.session_id, args.account))
    out.emit(conversation_json(conv), f"{conv.code} · {conv.title} ({conv.session_id})")
    return 0
