"""`sessiondesk sessions export|archive-size` and `stats`: the library's headless face."""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.cli.output import Output, table
from desktop.domain.errors import UsageError
from desktop.domain.export_formats import FORMATS  # not `session_export`: every command parses

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.hub import ServiceHub


def register_sessions(sub: argparse._SubParsersAction) -> None:
    """Subcommands of `sessions` (the group is made in `desktop.cli.sessions`)."""
    export = sub.add_parser("export", help="one session as Markdown or HTML")
    export.add_argument("id")
    export.add_argument("--format", choices=FORMATS, default="md")
    export.add_argument("-o", "--output", metavar="FILE", required=True)
    export.add_argument("--account", metavar="NAME")
    export.set_defaults(handler=_export)
    size = sub.add_parser("archive-size", help="how much the transcript archive holds")
    size.set_defaults(handler=_archive_size)


def register(commands: argparse._SubParsersAction) -> None:
    stats = commands.add_parser("stats", help="turns, tokens, cost and success per account")
    stats.add_argument("--account", metavar="NAME")
    stats.add_argument("--since", metavar="DATE", help="only executions started since (YYYY-MM-DD)")
    stats.set_defaults(handler=_stats)


def write_atomically(target: str, data: bytes) -> Path:
    """Write beside the target and rename over it: a reader never sees half a file."""
    path = Path(os.path.expanduser(target)).absolute()
    if not path.parent.is_dir():
        raise UsageError(f"the folder {path.parent} does not exist")
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


def _export(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.services.export import export_session

    services.sessions.refresh()
    text = export_session(services.sessions, args.id, args.format, args.account)
    path = write_atomically(args.output, text.encode("utf-8"))
    out.emit({"path": str(path), "format": args.format, "bytes": len(text.encode())}, str(path))
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
                f"{t['bytes_saved'] / 1024:.1f}",
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
                "SAVED KB",
                "ROLLOVERS",
            ],
        )

    out.emit(document, human)
    return 0
