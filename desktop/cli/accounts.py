"""`sessiondesk accounts …`"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from desktop.cli.output import Output, table
from desktop.cli.parser import add_group
from desktop.domain.accounts import AuthKind
from desktop.domain.errors import UsageError

if TYPE_CHECKING:  # the services are imported when a command runs, not to parse one
    from desktop.services.accounts import AccountView
    from desktop.services.hub import ServiceHub


def register(commands: argparse._SubParsersAction) -> None:
    sub = add_group(commands, "accounts", "Claude accounts: one config dir each")
    add = sub.add_parser("add", help="register an account")
    add.add_argument("name")
    add.add_argument("--config-dir", required=True, metavar="DIR")
    add.add_argument("--auth", choices=[k.value for k in AuthKind], default=AuthKind.LOGIN.value)
    add.add_argument("--secret-stdin", action="store_true", help="read the secret from stdin")
    add.add_argument("--create", action="store_true", help="create the config dir if missing")
    add.set_defaults(handler=_add)
    edit = sub.add_parser("edit", help="change an account's config dir or sign-in kind")
    edit.add_argument("name")
    edit.add_argument("--config-dir", metavar="DIR")
    edit.add_argument("--auth", choices=[k.value for k in AuthKind])
    edit.add_argument("--create", action="store_true", help="create the config dir if missing")
    edit.set_defaults(handler=_edit)
    sub.add_parser("list", help="list accounts (never their secrets)").set_defaults(handler=_list)
    remove = sub.add_parser("remove", help="forget an account and its stored secret")
    remove.add_argument("name")
    remove.set_defaults(handler=_remove)
    secret = sub.add_parser("set-secret", help="store an account's secret from stdin")
    secret.add_argument("name")
    secret.add_argument("--secret-stdin", action="store_true", required=True)
    secret.set_defaults(handler=_set_secret)


def read_secret() -> str:
    if sys.stdin is None or sys.stdin.closed:
        raise UsageError("--secret-stdin: nothing on stdin")
    secret = sys.stdin.readline().strip()
    if not secret:
        raise UsageError("--secret-stdin: stdin was empty")
    return secret


def view_json(view: AccountView) -> dict[str, object]:
    account = view.account
    return {
        "name": account.name,
        "config_dir": account.config_dir,
        "auth": account.auth.value,
        "has_secret": view.has_secret,
        "created": account.created.isoformat() if account.created else None,
    }


def _config_dir(path: str, create: bool) -> None:
    """A config dir that exists (a typo must not register an empty account)."""
    folder = Path(os.path.expanduser(path))
    if folder.is_dir():
        return
    if folder.exists():
        raise UsageError(f"--config-dir {path} is not a folder")
    if not create:
        raise UsageError(f"--config-dir {path} does not exist (add --create to create it)")
    try:
        folder.mkdir(parents=True)
    except OSError as exc:
        raise UsageError(f"cannot create --config-dir {path}: {exc.strerror or exc}") from None


def _add(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    from desktop.services.accounts import AccountView

    _config_dir(args.config_dir, args.create)
    secret = read_secret() if args.secret_stdin else None
    account = services.accounts.add(args.name, args.config_dir, AuthKind(args.auth), secret)
    view = AccountView(account, secret is not None)
    out.emit(view_json(view), f"added account {account.name} ({account.config_dir})")
    return 0


def _edit(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    if args.config_dir is None and args.auth is None:
        raise UsageError("accounts edit: give --config-dir DIR, --auth KIND, or both")
    if args.config_dir is not None:
        _config_dir(args.config_dir, args.create)
    from desktop.services.accounts import AccountView

    auth = AuthKind(args.auth) if args.auth else None
    account = services.accounts.edit(args.name, args.config_dir, auth)
    views = [v for v in services.accounts.list() if v.account.name == account.name]
    view = views[0] if views else AccountView(account, None)
    out.emit(view_json(view), f"account {account.name}: {account.auth.value}, {account.config_dir}")
    return 0


def _list(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    views = services.accounts.list()

    def human() -> str:
        if not views:
            return "no accounts yet: sessiondesk accounts add NAME --config-dir DIR"
        marks = {True: "stored", False: "-", None: "keyring unavailable"}
        rows = [
            [v.account.name, v.account.auth.value, marks[v.has_secret], v.account.config_dir]
            for v in views
        ]
        return table(rows, ["NAME", "AUTH", "SECRET", "CONFIG DIR"])

    out.emit([view_json(v) for v in views], human)
    return 0


def _remove(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.accounts.remove(args.name)
    out.emit({"removed": args.name}, f"removed account {args.name}")
    return 0


def _set_secret(args: argparse.Namespace, services: ServiceHub, out: Output) -> int:
    services.accounts.set_secret(args.name, read_secret())
    out.emit({"name": args.name, "has_secret": True}, f"stored the secret of {args.name}")
    return 0
