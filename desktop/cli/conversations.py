"""`sessiondesk conversations …`, `adopt`, `tree` and `compare`: our threads,
their execution trees and their branches."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from desktop.cli.output import Output, table
from desktop.cli.parser import add_group
from desktop.cli.removal import register_delete
from desktop.cli.runs import execution_json, resume_note

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.domain.conversations import Conversation
    from desktop.domain.execution_tree import HistoryRow, TreeNode
    from desktop.domain.replay import Turn
    from desktop.services.hub import ServiceHub


def register(commands: argparse._SubParsersAction) -> None:
    sub = add_group(commands, "conversations", "our stable threads and their executions")
    listing = sub.add_parser("list", help="every conversation not hidden")
    listing.add_argument("--hidden", action="store_true", help="list the hidden ones too")
    listing.set_defaults(handler=_list)
    show = sub.add_parser("show", help="a conversation's executions in order")
    show.add_argument("id")
    show.set_defaults(handler=_show)
    rename = sub.add_parser("rename", help="give a conversation a title")
    rename.add_argument("id")
    rename.add_argument("title")
    rename.set_defaults(handler=_rename)
    describe = sub.add_parser("describe", help="give a conversation a description")
    describe.add_argument("id")
    describe.add_argument("text")
    describe.set_defaults(handler=_describe)
    for name, hidden, help_text in (
        ("hide", True, "hide a conversation from the main list (nothing is deleted)"),
        ("unhide", False, "show a hidden conversation in the main list again"),
    ):
        visibility = sub.add_parser(name, help=help_text)
        visibility.add_argument("id")
        visibility.set_defaults(handler=_set_hidden, hidden=hidden)
    register_delete(sub)
    adopt = commands.add_parser("adopt", help="make a conversation of a session found on disk")
    adopt.add_argument("session_id")
    adopt.add_argument("--account", metavar="NAME")
    adopt.set_defaults(handler=_adopt)
    tree = commands.add_parser("tree", help="a conversation's executions and forks as a tree")
    tree.add_argument("id", metavar="REF", help="conversation id or SESS-042")
    tree.set_defaults(handler=_tree)
    compare = commands.add_parser("compare", help="two branches from where they diverged")
    compare.add_argument("execution_a")
    compare.add_argument("execution_b")
    compare.set_defaults(handler=_compare)


def conversation_json(conv: Conversation) -> dict[str, Any]:
    return {
        "id": conv.id,
        "code": conv.code,
        "title": conv.title,
        "description": conv.description,
        "account": conv.account,
        "session_id": conv.session_id,
        "cwd": conv.cwd,
        "last_input_tokens": conv.last_input_tokens,
        "hidden": conv.hidden,
        "context_window": conv.context_window,
    }


def _list(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    found = services.conversations.list(hidden=None if args.hidden else False)
    rows = [
        [c.code, c.account or "-", c.session_id or "-", ("(hidden) " if c.hidden else "")
         + c.title[:50]]
        for c in found
    ]  # fmt: skip
    out.emit(
        [conversation_json(c) for c in found],
        lambda: table(rows, ["CODE", "ACCOUNT", "SESSION", "TITLE"]) if rows else "none yet",
    )
    return 0


def _show(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    detail = services.conversations.show(args.id)
    conv = detail.conversation
    rows = [
        [
            e.id[:8],
            str(e.kind),
            str(e.status),
            e.account or "-",
            e.session_id or "-",
            str(e.context_tokens or "-"),
            f"{e.sent_bytes:,}" if e.sent_bytes is not None else "-",
            resume_note(e),
        ]
        for e in detail.executions
    ]
    head = f"{conv.code} · {conv.title}" + (f"\n{conv.description}" if conv.description else "")
    rollovers = [
        {
            "execution_id": r.execution_id,
            "old_session_id": r.old_session_id,
            "new_session_id": r.new_session_id,
            "tokens": r.tokens,
            "threshold": r.threshold,
            "time": r.created.isoformat() if r.created else None,
        }
        for r in services.runs.rollovers(conv.id)
    ]
    citing = services.conversations.referenced_by(conv.id)
    if citing:
        head += "\nReferenced by: " + ", ".join(f"{c.code} · {c.title}" for c in citing)
    out.emit(
        {
            **conversation_json(conv),
            "executions": [execution_json(e) for e in detail.executions],
            "rollovers": rollovers,
            "referenced_by": [{"id": c.id, "code": c.code, "title": c.title} for c in citing],
        },
        lambda: head + "\n" + table(
            rows, ["EXECUTION", "KIND", "STATUS", "ACCOUNT", "SESSION", "CONTEXT", "SENT", "RESUME"]
        ),
    )  # fmt: skip
    return 0


def _rename(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    conv = services.conversations.rename(args.id, args.title)
    out.emit(conversation_json(conv), f"{conv.code} · {conv.title}")
    return 0


def _describe(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    conv = services.conversations.describe(args.id, args.text)
    out.emit(conversation_json(conv), f"{conv.code} · {conv.description}")
    return 0


def _set_hidden(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    conv = services.conversations.set_hidden(args.id, args.hidden)
    said = "hidden from the list" if conv.hidden else "shown in the list"
    out.emit(conversation_json(conv), f"{conv.code} · {said}")
    return 0


def _adopt(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.sessions.refresh(account=args.account)
    import asyncio

    conv = asyncio.run(services.conversations.adopt(args.session_id, args.account))
    out.emit(conversation_json(conv), f"{conv.code} · {conv.title} ({conv.session_id})")
    return 0


def node_json(node: TreeNode, rows: dict[str, HistoryRow]) -> dict[str, Any]:
    """A node of the logical tree (`children`: continues under their parent,
    forks under their origin) with what the window shows of it: `label`,
    `carried` and its counts, and `depth`, its column in the tree as history."""
    e = node.execution
    row = rows[e.id]
    facts = row.facts
    return {
        "execution_id": e.id,
        "parent_execution_id": e.parent_execution_id,
        "forked_from_execution_id": e.forked_from_execution_id,
        "conversation_id": e.conversation_id,
        "conversation": node.conversation_code,
        "kind": str(e.kind),
        "status": str(e.status),
        "account": e.account,
        "session_id": e.session_id,
        "started": e.started.isoformat() if e.started else None,
        "context_tokens": e.context_tokens,
        "resumed": e.resumed,
        "resume_reason": e.resume_reason,
        "bytes_sent": e.sent_bytes,
        "bytes_saved": e.saved_bytes,
        "label": row.label,
        "carried": str(facts.sent),
        "replayed_turns": facts.turns,
        "carried_bytes": facts.carried_bytes,
        "carry_mode": str(facts.switch_mode) if facts.switch_mode else None,
        "is_turn": facts.is_turn,
        "model": facts.model,
        "permission_mode": facts.permission_mode,
        "depth": row.depth,
        "head": row.head,
        "children": [node_json(child, rows) for child in node.children],
    }


def _tree_lines(shown: list[HistoryRow]) -> list[str]:
    """The tree as history, as the window shows it: one line a node, indented
    only where the history branches."""
    lines = []
    for row in shown:
        e = row.node.execution
        lines.append(
            f"{'  ' * row.depth}- {e.id[:8]} {row.label}{' ◀' if row.head else ''}"
            f"{f' [{row.own_code}]' if row.own_code else ''}"
            f" · {e.status} · {e.account or '-'}"
            f" · {e.context_tokens or '-'} tokens · {e.sent_bytes or 0:,} bytes sent"
            f" · {resume_note(e)}"
        )
    return lines


def _tree(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.domain.execution_tree import history_columns, history_rows

    conv = services.conversations.get(args.id)
    nodes = services.conversations.tree(conv.id)
    shown = history_rows(history_columns(nodes))
    rows = {r.node.execution.id: r for r in shown}
    out.emit(
        [node_json(n, rows) for n in nodes],
        lambda: "\n".join([f"{conv.code} · {conv.title}", *_tree_lines(shown)])
        if nodes else f"{conv.code} has no executions yet",
    )  # fmt: skip
    return 0


def _message_json(turn: Turn) -> dict[str, Any]:
    return {"role": turn.role, "text": turn.text, "uuid": turn.uuid}


def _compare(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    conversations = services.conversations
    a, b = conversations.execution(args.execution_a), conversations.execution(args.execution_b)
    found = conversations.turns.compare(a, b)

    def human() -> str:
        parts = [f"{len(found.common)} messages in common"]
        for name, tail in (("A", found.a), ("B", found.b)):
            parts.append(f"--- {name} ({len(tail)} after the divergence)")
            parts += [f"{t.role}: {t.text}" for t in tail]
        return "\n".join(parts)

    out.emit(
        {key: [_message_json(t) for t in getattr(found, key)] for key in ("common", "a", "b")},
        human,
    )
    return 0
