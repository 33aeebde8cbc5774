"""`sessiondesk conversations delete` and `archive remove|prune`: removals, asked first.

Without `--yes` each prints what it would remove (counts and sizes) and
exits 2 with nothing changed; with it, it removes and says what went.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from desktop.cli.output import Output
from desktop.cli.parser import add_group, count

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.domain.removal import ArchiveRemoval, ConversationRemoval
    from desktop.services.hub import ServiceHub

NOT_YET = "nothing was removed: add --yes to remove it"


def register_delete(sub: argparse._SubParsersAction) -> None:
    """`conversations delete`, in the `conversations` group."""
    delete = sub.add_parser(
        "delete",
        help="delete a conversation from Sessiondesk (Claude's transcripts stay unless "
        "--with-transcripts)",
    )
    delete.add_argument("id", metavar="ID", help="SESS-042 or a conversation id")
    delete.add_argument(
        "--with-transcripts",
        action="store_true",
        help="also remove Claude's own transcripts that only this conversation used",
    )
    delete.add_argument("--yes", action="store_true", help="remove it (without: say what would go)")
    delete.set_defaults(handler=_delete)


def register(commands: argparse._SubParsersAction) -> None:
    sub = add_group(commands, "archive", "remove archived copies of transcripts")
    remove = sub.add_parser("remove", help="remove a session's archived copy")
    remove.add_argument("session_id", metavar="SESSION_ID")
    remove.add_argument("--yes", action="store_true", help="remove it (without: say what would go)")
    remove.set_defaults(handler=_remove)
    prune = sub.add_parser(
        "prune", help="remove an account's archived copies of sessions older than DAYS days"
    )
    prune.add_argument("--account", metavar="NAME", required=True)
    prune.add_argument("--older-than", metavar="DAYS", type=count(0, 100_000), required=True)
    prune.add_argument(
        "--yes", action="store_true", help="remove them (without: say what would go)"
    )
    prune.set_defaults(handler=_prune)


def _conversation_json(plan: ConversationRemoval) -> dict[str, Any]:
    return {
        "conversation_id": plan.conversation_id,
        "code": plan.code,
        "title": plan.title,
        "executions": plan.executions,
        "rollovers": plan.rollovers,
        "bundles": list(plan.bundles),
        "forks": list(plan.forks),
        "referenced_by": list(plan.referenced_by),
        "transcripts": [
            {"account": t.account, "session_id": t.session_id, "path": t.path, "bytes": t.bytes}
            for t in plan.transcripts
        ],
        "transcript_bytes": plan.transcript_bytes,
        "shared_sessions": plan.shared_sessions,
    }


def _conversation_lines(plan: ConversationRemoval, with_transcripts: bool) -> list[str]:
    lines = [
        f"{plan.code} “{plan.title}”: {plan.executions} executions, {plan.rollovers} rollovers"
    ]
    if plan.bundles:
        lines.append(f"  taken out of bundles: {', '.join(plan.bundles)}")
    if plan.forks:
        lines.append(f"  forks kept, as conversations of their own: {', '.join(plan.forks)}")
    if plan.referenced_by:
        lines.append(
            f"  named in the text of: {', '.join(plan.referenced_by)} "
            f"(kept; {plan.code} is never given to another conversation)"
        )
    files = f"{len(plan.transcripts)} files, {plan.transcript_bytes:,} bytes"
    if with_transcripts:
        lines.append(f"  Claude's transcripts removed: {files}")
    else:
        lines.append(f"  Claude's transcripts kept ({files}; --with-transcripts removes them)")
    if plan.shared_sessions:
        lines.append(f"  sessions another conversation also uses, kept: {plan.shared_sessions}")
    return lines


def _delete(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    removal = services.removal
    if not args.yes:
        plan = removal.conversation_plan(args.id)
        document = _conversation_json(plan) | {
            "with_transcripts": args.with_transcripts,
            "deleted": False,
        }
        lines = _conversation_lines(plan, args.with_transcripts)
        out.emit(document, "would delete " + "\n".join(lines))
        out.error(NOT_YET)
        return 2
    done = removal.delete_conversation(args.id, with_transcripts=args.with_transcripts)
    document = _conversation_json(done.plan) | {
        "with_transcripts": args.with_transcripts,
        "deleted": True,
        "transcripts_removed": done.transcripts_removed,
        "bytes_freed": done.bytes_freed,
        "failed": list(done.failed),
    }
    said = f"deleted {done.plan.code} “{done.plan.title}”: {done.plan.executions} executions"
    if args.with_transcripts:
        said += f"; removed {done.transcripts_removed} transcripts ({done.bytes_freed:,} bytes)"
    out.emit(document, "\n".join([said, *(f"  could not remove {f}" for f in done.failed)]))
    return 1 if done.failed else 0


def _archive_json(plan: ArchiveRemoval, removed: bool) -> dict[str, Any]:
    return {
        "copies": [
            {
                "account": e.account,
                "session_id": e.session_id,
                "stored_bytes": e.stored_bytes,
                "source_bytes": e.source_bytes,
                "modified": e.when.isoformat() if e.when else None,
                "original_on_disk": e.original_on_disk,
            }
            for e in plan.entries
        ],
        "count": plan.count,
        "stored_bytes": plan.stored_bytes,
        "unlisted": plan.unlisted,
        "removed": removed,
        "bytes_freed": plan.bytes_freed,
    }


def _archive_said(plan: ArchiveRemoval, removed: bool) -> str:
    kept = plan.count - plan.unlisted
    head = (
        f"removed {plan.count} archived copies, {plan.bytes_freed:,} bytes freed"
        if removed
        else f"would remove {plan.count} archived copies ({plan.stored_bytes:,} bytes)"
    )
    return (
        f"{head}; {plan.unlisted} sessions whose original is gone leave the list, "
        f"{kept} whose original is on disk stay"
    )


def _finish(
    args: argparse.Namespace, services: ServiceHub, out: Output, plan: ArchiveRemoval
) -> int:
    if not args.yes:
        out.emit(_archive_json(plan, False), _archive_said(plan, False))
        out.error(NOT_YET)
        return 2
    done = services.removal.remove_copies(plan)
    out.emit(_archive_json(done, True), _archive_said(done, True))
    return 0


def _remove(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    return _finish(args, services, out, services.removal.copy_plan(args.session_id))


def _prune(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    plan = services.removal.prune_plan(args.account, args.older_than)
    return _finish(args, services, out, plan)
