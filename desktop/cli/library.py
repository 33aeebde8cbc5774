"""`sessiondesk sessions export|archive-size` and `stats`: the library's headless face."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Any

from desktop.cli.output import Output, table
from desktop.domain.export_formats import FORMATS  # not `session_export`: every command parses
from desktop.domain.oddtext import clean

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.hub import ServiceHub


def register_sessions(sub: argparse._SubParsersAction) -> None:
    """Subcommands of `sessions` (the group is made in `desktop.cli.sessions`)."""
    export = sub.add_parser("export", help="one session as Markdown or HTML")
    export.add_argument("id")
    export.add_argument("--format", choices=FORMATS, default="md")
    export.add_argument(
        "-o", "--output", metavar="FILE", required=True, help="a regular file, or - for stdout"
    )
    export.add_argument("--account", metavar="NAME")
    export.set_defaults(handler=_export)
    size = sub.add_parser("archive-size", help="how much the transcript archive holds")
    size.set_defaults(handler=_archive_size)


def register(commands: argparse._SubParsersAction) -> None:
    stats = commands.add_parser("stats", help="turns, tokens, cost and success per account")
    stats.add_argument("--account", metavar="NAME")
    stats.add_argument("--since", metavar="DATE", help="only executions started since (YYYY-MM-DD)")
    stats.set_defaults(handler=_stats)


def _export(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.safe_output import STDOUT, resolve_output, write_output
    from desktop.services.export import export_session

    if args.output != STDOUT:
        resolve_output(args.output)  # a folder or a device is refused before any work
    services.sessions.refresh()
    text = clean(export_session(services.sessions, args.id, args.format, args.account))
    data = text.encode("utf-8")
    if args.output == STDOUT:  # the document is the output: no report beside it
        stream = getattr(sys.stdout, "buffer", None)
        if stream is None:  # a text-only stdout (a test's capture)
            sys.stdout.write(text)
        else:
            sys.stdout.flush()
            stream.write(data)
            stream.flush()
        return 0
    path = write_output(args.output, data)
    shown = clean(os.fsdecode(path))
    out.emit({"path": shown, "format": args.format, "bytes": len(data)}, shown)
    return 0


def _archive_size(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    size = services.archive.size()
    document = {
        "files": size.files,
        "bytes": size.stored_bytes,
        "original_bytes": size.source_bytes,
        "folder": size.folder,
        "enabled": services.archive.enabled(),
    }
    out.emit(
        document,
        f"{size.files} transcripts, {size.stored_bytes:,} bytes "
        f"({size.source_bytes:,} uncompressed) in {size.folder}",
    )
    return 0


def _stats(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.services.stats import parse_since

    if args.account:
        services.accounts.get(args.account)
    since = parse_since(args.since) if args.since else None
    insight = services.stats.insight(args.account, since)
    document: dict[str, Any] = {
        "account": args.account,
        "since": since.isoformat() if since else None,
        **insight.to_dict(),
    }

    def human() -> str:
        rows = [
            [
                name,
                str(t["turns"]),
                str(t["input_tokens"] + t["cache_read_tokens"] + t["cache_creation_tokens"]),
                str(t["output_tokens"]),
                f"{t['cost_usd']:.4f}",
                "-" if t["success_rate"] is None else f"{t['success_rate']:.0%}",
                f"{t['resumes']}/{t['replays']}",
                str(t["tokens_saved"]),
                str(t["rollovers"]),
            ]
            for name, t in [
                *((a["account"], a) for a in document["accounts"]),
                ("TOTAL", document["totals"]),
            ]
        ]
        return table(
            rows,
            [
                "ACCOUNT",
                "TURNS",
                "IN",
                "OUT",
                "COST $",
                "OK",
                "RESUME/REPLAY",
                "TOKENS SAVED",
                "ROLLOVERS",
            ],
        )

    out.emit(document, human)
    return 0
