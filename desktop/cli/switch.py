"""`sessiondesk switch`: move a conversation to another account."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from desktop.cli.output import Output
from desktop.cli.runs import execution_json
from desktop.domain.carry_mode import CarryMode  # not `carry`: parsing would load its conversations

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.hub import ServiceHub


def register(commands: argparse._SubParsersAction) -> None:
    switch = commands.add_parser(
        "switch",
        help="move a conversation to another account",
        description="Move a conversation to another account. Nothing of it is sent under "
        "the new account unless --carry-context says so: raw (its recent turns), summary "
        "(a recap written under the old account) or migrate (its transcript, copied).",
    )
    switch.add_argument("conversation", metavar="CONVERSATION", help="id or SESS-042 code")
    switch.add_argument("--to", required=True, metavar="ACCOUNT")
    switch.add_argument(
        "--carry-context",
        choices=[m.value for m in CarryMode],
        help="what the first turn under the new account carries (default: none, "
        "whatever carry_context.default_mode says: that setting only pre-selects the "
        "window's choice)",
    )
    switch.set_defaults(handler=_switch)


def _switch(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    import asyncio

    mode = CarryMode(args.carry_context) if args.carry_context else None
    conversation, record = asyncio.run(services.switch.switch(args.conversation, args.to, mode))
    notice = services.switch.carry_notice(record)
    if notice:
        out.progress(f"notice: {notice}")
    document = {
        "notice": notice,
        "conversation_id": conversation.id,
        "code": conversation.code,
        "account": conversation.account,
        "execution": execution_json(record),
        "carry_context": record.args[-1] if record.args else None,
    }
    out.emit(document, f"{conversation.code}: {record.prompt}")
    return 0
