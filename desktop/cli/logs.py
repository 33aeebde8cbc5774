"""`sessiondesk logs`: the audit log, one line a decision, never a secret."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desktop.cli.output import Output

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.hub import ServiceHub


def register(commands: argparse._SubParsersAction) -> None:
    logs = commands.add_parser(
        "logs",
        help="the audit log: why each turn resumed or replayed, what was carried, rollovers",
        description="The audit log (logs/audit.log in the data folder), oldest first: one "
        "line per decision — resume or replay and why, carry mode and bytes and the "
        "accounts, switches, rollovers, the context size stored. Never a secret.",
    )
    logs.add_argument("--conversation", metavar="ID", help="only this conversation (or SESS-042)")
    logs.add_argument("--since", metavar="DATE", help="only since then (YYYY-MM-DD or ISO time)")
    logs.set_defaults(handler=_logs)


def _logs(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.audit_file import read
    from desktop.services.stats import parse_since

    since = parse_since(args.since) if args.since else None
    conversation = services.conversations.get(args.conversation).id if args.conversation else None
    entries = read(services.home, conversation, since)
    out.emit(
        [e.to_json() for e in entries],
        lambda: "\n".join(e.human() for e in entries) or "no decisions logged",
    )
    return 0
