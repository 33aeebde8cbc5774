"""`sessiondesk run|continue|fork|stop`: their options, and the execution as JSON.

The turn itself is driven by `desktop.cli.drive`, imported when one runs."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.cli.output import Output
    from desktop.domain.conversations import Execution
    from desktop.services.hub import ServiceHub


def register(commands: argparse._SubParsersAction) -> None:
    run = commands.add_parser("run", help="send one turn (a new conversation unless named)")
    run.add_argument("prompt")
    run.add_argument("--account", metavar="NAME")
    run.add_argument("--cwd", metavar="DIR")
    run.add_argument("--conversation", metavar="ID", help="id or SESS-042 code to continue")
    run.add_argument("--fresh-session", action="store_true", help="do not resume Claude's session")
    permission_args(run)
    mode_args(run)
    reference_args(run)
    image_args(run)
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
        mode_args(branch)
        reference_args(branch)
        image_args(branch)
        branch.set_defaults(handler=_run, branch=name)
    rerun = commands.add_parser(
        "rerun",
        help="a new branch from just before an execution, with its prompt or an edited one "
        "(bumps the history epoch: the turn replays)",
    )
    rerun.add_argument("execution_id")
    rerun.add_argument("prompt", nargs="?", default="", help="default: the execution's own")
    permission_args(rerun)
    mode_args(rerun)
    reference_args(rerun)
    image_args(rerun)
    rerun.set_defaults(handler=_run, branch="rerun")
    stop = commands.add_parser("stop", help="interrupt a running turn")
    stop.add_argument("execution_id")
    stop.set_defaults(handler=_stop)


def image_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--image",
        action="append",
        default=[],
        metavar="FILE",
        help="send this image with the prompt (repeatable): PNG, JPEG, GIF or WebP, at most 5 MB",
    )


def reference_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--confirm-cross-account",
        "--allow-cross-account-refs",
        dest="confirm_cross_account",
        action="store_true",
        help="send the text of [[SESS-…]] references to another account's conversations "
        "under this turn's account",
    )


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


def mode_args(parser: argparse.ArgumentParser) -> None:
    from desktop.domain.run_modes import PERMISSION_MODES

    parser.add_argument(
        "--model",
        type=_model,
        metavar="MODEL",
        help="the model: an alias (sonnet, opus, …) or a full model name (default: claude's)",
    )
    parser.add_argument(
        "--permission-mode",
        choices=PERMISSION_MODES,
        help="plan: read and propose, change nothing; acceptEdits: edits need no answer",
    )


def _model(text: str) -> str:
    from desktop.domain.errors import UsageError
    from desktop.domain.run_modes import check_model

    try:
        return check_model(text)
    except UsageError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def execution_json(execution: Execution) -> dict[str, Any]:
    from desktop.domain.runs import error_kind  # the run's types cost --help time

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
        "model": execution.model,
        "permission_mode": execution.permission_mode,
        "bytes_sent": execution.sent_bytes,
        "bytes_saved": execution.saved_bytes,
        "started": execution.started.isoformat() if execution.started else None,
        "finished": execution.finished.isoformat() if execution.finished else None,
    }


def _run(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.cli.drive import drive
    from desktop.services.attachments import read_images
    from desktop.services.run import TurnRequest

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
        rerun_of=args.execution_id if branch == "rerun" else None,
        confirm_cross_account=args.confirm_cross_account,
        model=args.model,
        permission_mode=args.permission_mode,
        images=read_images(args.image),
    )

    return drive(services, services.runs.prepare(request), out, args.permission)


def resume_note(execution: Execution) -> str:
    """How a turn carried its history, in a few words: for the tables and lines."""
    if execution.resumed:
        saved = f", {execution.saved_bytes:,} bytes saved" if execution.saved_bytes else ""
        return f"resumed{saved}"
    how = "replayed" if str(execution.kind) == "replay" else "not resumed"
    return f"{how}: {execution.resume_reason or '?'}"


def _stop(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    import asyncio

    execution = asyncio.run(services.runs.stop(args.execution_id))
    out.emit(execution_json(execution), f"execution {execution.id}: {execution.status}")
    return 0
