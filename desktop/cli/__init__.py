"""The `sessiondesk` command: the window with no command, the services headless with one."""

from __future__ import annotations

from collections.abc import Sequence

from desktop import __version__
from desktop.cli import accounts, conversations, runs, sessions, settings, switch
from desktop.cli.output import Output
from desktop.cli.parser import build_parser
from desktop.compose import open_services, resolve_home
from desktop.crash import report_crash
from desktop.domain.errors import SessiondeskError

GROUPS = (accounts, sessions, runs, conversations, switch, settings)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(__version__)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for group in GROUPS:
        group.register(commands)
    args = parser.parse_args(argv)
    home = resolve_home(args.home)
    if args.command is None:
        from desktop.app import run_app  # Qt is loaded only for the window

        return run_app(home, args.claude)
    out = Output(json_mode=args.json)
    try:
        services = open_services(home, args.claude)
        try:
            return int(args.handler(args, services, out) or 0)
        finally:
            services.close()
    except SessiondeskError as exc:
        out.error(str(exc))
        return exc.exit_code
    except KeyboardInterrupt:
        out.error("interrupted")
        return 130
    except Exception as exc:  # the last line of defence: a report, never a traceback
        path = report_crash(home, exc)
        out.error(f"internal error ({type(exc).__name__}); details in {path}")
        return 1
