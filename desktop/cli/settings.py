"""`sessiondesk settings get|set|list`"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desktop.cli.output import Output, table
from desktop.cli.parser import add_group

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.hub import ServiceHub


def register(commands: argparse._SubParsersAction) -> None:
    sub = add_group(commands, "settings", "read and change settings")
    get = sub.add_parser("get", help="print one setting")
    get.add_argument("key")
    get.set_defaults(handler=_get)
    put = sub.add_parser("set", help="change one setting")
    put.add_argument("key")
    put.add_argument("value")
    put.set_defaults(handler=_set)
    sub.add_parser("list", help="every setting and its value").set_defaults(handler=_list)


def _get(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    value = services.settings.get(args.key)
    out.emit({"key": args.key, "value": value}, value)
    return 0


def _set(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    value = services.settings.set(args.key, args.value)
    out.emit({"key": args.key, "value": value}, f"{args.key} = {value}")
    return 0


def _list(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    values = services.settings.effective()
    out.emit(values, lambda: table([[k, v] for k, v in values.items()], ["KEY", "VALUE"]))
    return 0
