"""`sessiondesk sessions list|show`, `search` and `index`."""

from __future__ import annotations

import argparse
import sys
from dataclasses import asdict
from datetime import datetime
from typing import TYPE_CHECKING, Any

from desktop.cli import library
from desktop.cli.output import Output, table
from desktop.cli.parser import add_group, count
from desktop.domain.errors import SessiondeskError

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from collections.abc import Iterator

    from desktop.domain.sessions import IndexProgress, SessionRecord
    from desktop.services.hub import ServiceHub

MAX_HITS = 10_000
"""The most hits a search returns (`--limit`)."""


def register(commands: argparse._SubParsersAction) -> None:
    sub = add_group(commands, "sessions", "Claude Code sessions found on disk (read-only)")
    listing = sub.add_parser("list", help="every indexed session, newest first")
    listing.add_argument("--account", metavar="NAME")
    listing.add_argument("--cwd", metavar="DIR", help="only sessions in this folder or below")
    listing.set_defaults(handler=_list)
    show = sub.add_parser("show", help="one session and its messages in order")
    show.add_argument("id")
    show.add_argument("--account", metavar="NAME")
    show.set_defaults(handler=_show)
    library.register_sessions(sub)

    search = commands.add_parser(
        "search",
        help="full-text search across all sessions (their text, tools and files) and "
        "conversations (handle, title, description)",
    )
    search.add_argument("query")
    search.add_argument("--account", metavar="NAME")
    search.add_argument("--limit", type=count(1, MAX_HITS), default=20, metavar="N")
    search.set_defaults(handler=_search)

    index = commands.add_parser("index", help="bring the session index up to date now")
    index.add_argument("--rebuild", action="store_true", help="forget the index and read all")
    index.set_defaults(handler=_index)


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def record_json(record: SessionRecord) -> dict[str, Any]:
    return {
        "id": record.session_id,
        "account": record.account,
        "cwd": record.cwd,
        "title": record.title,
        "first_prompt": record.first_prompt,
        "message_count": record.message_count,
        "created": _iso(record.created),
        "modified": _iso(record.modified),
        "size": record.size,
        "model": record.model,
        "input_tokens": record.input_tokens,
        "output_tokens": record.output_tokens,
        "error": record.error,
        "missing": record.missing,
        "path": record.path,
    }


def _refresh_quietly(services: ServiceHub) -> None:
    """Listing reads what changed first, so scripts never see a stale index;
    when that cannot be done, what is indexed is still listed (with a warning)."""
    try:
        services.sessions.refresh()
    except SessiondeskError as exc:
        sys.stderr.write(f"sessiondesk: warning: the index was not brought up to date: {exc}\n")


def _list(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.domain.sessions import SessionFilter  # its dataclasses cost --help time

    _refresh_quietly(services)
    records = services.sessions.list(SessionFilter(account=args.account, cwd=args.cwd))

    def human() -> str:
        if not records:
            return "no sessions found"
        rows = [
            [
                r.session_id[:8],
                r.account,
                (r.modified.strftime("%Y-%m-%d %H:%M") if r.modified else "-"),
                str(r.message_count),
                (r.title or "")[:60] + (" [damaged]" if r.error else ""),
            ]
            for r in records
        ]
        return table(rows, ["ID", "ACCOUNT", "MODIFIED", "MSGS", "TITLE"])

    archived = services.archive.archived()
    documents = [record_json(r) for r in records]
    for document, r in zip(documents, records, strict=True):
        document["archived"] = (r.account, r.session_id) in archived
    out.emit(documents, human)
    return 0


def message_json(message: Any) -> dict[str, Any]:
    data = message.to_dict() if hasattr(message, "to_dict") else asdict(message)
    timestamp = data.get("timestamp")
    if isinstance(timestamp, datetime):
        data["timestamp"] = timestamp.isoformat()
    return data


def _show(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.cli.show_stream import write_document, write_lines

    _refresh_quietly(services)
    # the messages are read from the file as they are written, a batch at a time:
    # a huge transcript is neither a huge string nor a huge list
    record, messages, problems = services.sessions.show_streamed(args.id, args.account)
    archived = (record.account, record.session_id) in services.archive.archived()
    if out.json_mode:
        head = {**record_json(record), "archived": archived}
        tail = {"problems": problems}
        write_document(sys.stdout, head, "messages", messages, message_json, tail)
        return 0

    def human() -> Iterator[str]:
        yield f"{record.title or record.session_id}  ({record.account}, {record.cwd})"
        if record.missing:
            yield "(read from the archive: Claude Code has deleted the original)"
        shown = False
        for message in messages:
            if not shown:
                yield ""  # a blank line before the messages or problems
                shown = True
            m = message_json(message)
            label = m["role"] + (f" {m['tool_name']}" if m.get("tool_name") else "")
            yield f"[{label}] {m.get('text') or ''}".rstrip()
        if problems and not shown:
            yield ""
        if problems:
            yield ""
            yield f"problems: {len(problems)} (first: {problems[0]})"

    write_lines(sys.stdout, human())
    return 0


def _where(role: str) -> str:
    """A hit in what was sent with a prompt (a reference's text) says so."""
    from desktop.domain.sessions import SENT_WITH

    return "(in text sent with the turn) " if role == SENT_WITH else ""


def _search(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    _refresh_quietly(services)
    hits = services.search.search(args.query, args.account, args.limit)

    def human() -> str:
        if not hits:
            return "no matches"
        return "\n".join(f"{h.session_id[:8]} {h.account:10} {_where(h.role)}{h.snippet}"
                         for h in hits)  # fmt: skip

    out.emit(
        [
            {
                "session_id": h.session_id,
                "account": h.account,
                "snippet": h.snippet,
                "score": round(h.score, 4),
                "role": h.role,
                "uuid": h.uuid,
                "title": h.title,
            }
            for h in hits
        ],
        human,
    )
    return 0


def _index(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    last = [0.0]

    def progress(p: IndexProgress) -> None:
        now = datetime.now().timestamp()
        if p.done == p.total or now - last[0] > 0.2:
            last[0] = now
            sys.stderr.write(f"\rindexing {p.account}: {p.done}/{p.total}")
            sys.stderr.flush()
            if p.done == p.total:
                sys.stderr.write("\n")

    report = services.sessions.refresh(progress, rebuild=args.rebuild)
    out.emit(
        asdict(report),
        f"{report.scanned} sessions: {report.read} read, {report.unchanged} unchanged, "
        f"{report.missing} gone from disk"
        + (f", {len(report.errors)} errors" if report.errors else ""),
    )
    return 1 if report.errors else 0
