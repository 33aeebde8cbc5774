"""`sessiondesk bundle create|add|remove|note|list|show|load|export|import`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from desktop.cli.output import Output, table
from desktop.cli.parser import add_group
from desktop.cli.runs import permission_args

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.domain.bundles import Bundle
    from desktop.services.hub import ServiceHub
    from desktop.services.run import Run


def register(commands: argparse._SubParsersAction) -> None:
    sub = add_group(commands, "bundle", "named, ordered collections of conversations and notes")
    create = sub.add_parser("create", help="a new, empty bundle")
    create.add_argument("name")
    create.add_argument("--description", default="", metavar="TEXT")
    create.set_defaults(handler=_create)
    add = sub.add_parser("add", help="append conversations (SESS-042 or id) or sessions")
    add.add_argument("name")
    add.add_argument("items", nargs="+", metavar="ITEM")
    add.add_argument("--account", metavar="NAME", help="for a session found in several accounts")
    add.set_defaults(handler=_add)
    remove = sub.add_parser("remove", help="remove an item (its number in `show`, or its id)")
    remove.add_argument("name")
    remove.add_argument("item")
    remove.set_defaults(handler=_remove)
    note = sub.add_parser("note", help="append a note")
    note.add_argument("name")
    note.add_argument("text")
    note.set_defaults(handler=_note)
    sub.add_parser("list", help="every bundle").set_defaults(handler=_list)
    show = sub.add_parser("show", help="a bundle's items in order")
    show.add_argument("name")
    show.set_defaults(handler=_show)
    load = sub.add_parser("load", help="start a turn seeded with the bundle's context")
    load.add_argument("name")
    load.add_argument("prompt")
    load.add_argument("--account", metavar="NAME", required=True)
    load.add_argument("--cwd", metavar="DIR", required=True)
    load.add_argument(
        "--confirm-cross-account",
        action="store_true",
        help="also send the text of items that belong to other accounts",
    )
    permission_args(load)
    load.set_defaults(handler=_load)
    export = sub.add_parser("export", help="write the bundle and its transcripts to one file")
    export.add_argument("name")
    export.add_argument("file")
    export.set_defaults(handler=_export)
    imp = sub.add_parser("import", help="add a bundle file's contents (all or nothing)")
    imp.add_argument("file")
    imp.add_argument("--account", metavar="NAME", required=True)
    imp.set_defaults(handler=_import)


def _summary(bundle: Bundle) -> dict[str, Any]:
    return {
        "name": bundle.name,
        "description": bundle.description,
        "items": len(bundle.items),
        "created": bundle.created.isoformat() if bundle.created else None,
        "updated": bundle.updated.isoformat() if bundle.updated else None,
    }


def _detail(services: ServiceHub, bundle: Bundle) -> dict[str, Any]:
    views = services.bundles.views(bundle)
    return {
        **_summary(bundle),
        "items": [
            {
                "index": v.index,
                "kind": v.kind,
                "ref": v.ref,
                "account": v.account,
                "code": v.code,
                "title": v.title,
                "text": v.text,
            }
            for v in views
        ],
    }


def _emit_detail(services: ServiceHub, out: Output, bundle: Bundle) -> int:
    document = _detail(services, bundle)

    def human() -> str:
        head = bundle.name + (f" — {bundle.description}" if bundle.description else "")
        rows = [
            [str(i["index"]), i["kind"], i["code"] or (i["ref"] or "")[:8], i["account"] or "",
             (i["title"] or i["text"] or "")[:60]]
            for i in document["items"]
        ]  # fmt: skip
        body = table(rows, ["#", "KIND", "REF", "ACCOUNT", "TITLE / TEXT"]) if rows else "(empty)"
        return head + "\n" + body

    out.emit(document, human)
    return 0


def _create(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    return _emit_detail(services, out, services.bundles.create(args.name, args.description))


def _add(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.sessions.refresh()
    return _emit_detail(services, out, services.bundles.add(args.name, args.items, args.account))


def _remove(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    return _emit_detail(services, out, services.bundles.remove(args.name, args.item))


def _note(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    return _emit_detail(services, out, services.bundles.note(args.name, args.text))


def _show(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    return _emit_detail(services, out, services.bundles.get(args.name))


def _list(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    bundles = services.bundles.list()
    rows = [[b.name, str(len(b.items)), b.description[:60]] for b in bundles]
    out.emit(
        [_summary(b) for b in bundles],
        lambda: table(rows, ["NAME", "ITEMS", "DESCRIPTION"]) if rows else "no bundles yet",
    )
    return 0


def _load(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.sessions.refresh()
    choice = services.bundles.seeded(
        args.name, args.account, args.cwd, args.prompt, args.confirm_cross_account
    )
    latest = choice.continues
    if latest is not None:
        out.progress(f"continuing {latest.code}: resuming its session with the prompt")
    else:
        reason = choice.why_new.text if choice.why_new else "the bundle holds no conversation"
        out.progress(f"a new conversation with every item's text: {reason}")
    from desktop.cli.drive import drive

    def told(run: Run) -> dict[str, Any]:
        # what was chosen, and whether claude's session was in fact resumed
        mode = choice.mode if latest is None or run.plan.resumed else "replayed"
        return {
            "load": mode,
            "load_conversation": latest.code if latest else None,
            "load_reason": choice.why_new.text if choice.why_new else None,
        }

    prepared = services.bundles.load(choice, args.name, args.prompt)
    return drive(services, prepared, out, args.permission, told)


def _export(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.sessions.refresh()
    report = services.exchange.export(args.name, args.file)
    document = {
        "path": report.path,
        "conversations": report.conversations,
        "sessions": report.sessions,
        "left_out": report.left_out,
    }
    lost = len(report.left_out)
    note = f" ({lost} sessions without a transcript left out)" if lost else ""
    out.emit(
        document,
        f"{report.path}: {report.conversations} conversations, {report.sessions} transcripts{note}",
    )
    return 0


def _import(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    report = services.exchange.import_file(args.file, args.account)
    out.emit(
        {
            "bundle": report.bundle,
            "conversations": report.conversations,
            "sessions_added": report.sessions_added,
            "sessions_present": report.sessions_present,
        },
        f"bundle {report.bundle!r}: {len(report.conversations)} conversations "
        f"({', '.join(report.conversations) or '-'}), {len(report.sessions_added)} transcripts",
    )
    return 0
