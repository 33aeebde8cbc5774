"""The `sessiondesk` command: the window with no command, the services headless with one.

Parsing imports only the command modules, which import the services, the
database and the keyring inside their handlers or under TYPE_CHECKING: so
`--version` and `--help` never load SQLAlchemy, Qt, Alembic or keyring, and a
command loads only what it uses (`tests/test_startup_imports.py` holds this).
`--version` alone is answered before even the command modules load, and no
argument at all (the launcher's `sessiondesk`) opens the window without them.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from pathlib import Path

from desktop import __version__
from desktop.cli.output import Output
from desktop.cli.parser import Parser, build_parser, clean_args, version_line
from desktop.domain.errors import SessiondeskError
from desktop.entry import INTERRUPTED

COMMAND_GC_THRESHOLD = 50_000
"""Allocations between collections of young objects while a command runs
(Python's default is 700). A command makes its modules, classes and rows once
and keeps them to its end, nearly never cyclic garbage: at the default, the
collector ran 15 times in a listing of 2,000 sessions, ~10 ms of its 0.3 s."""


def main(argv: Sequence[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    if given[:1] == ["__complete"]:
        # a shell's tab press: answered from the index before the commands load
        from desktop.completion_index import answer

        return answer(given[1:])
    if given == ["--version"]:
        # the common case answered before the command modules load, as argparse would
        sys.stdout.write(version_line(__version__) + "\n")
        return 0
    default = gc.get_threshold()
    gc.set_threshold(COMMAND_GC_THRESHOLD, *default[1:])
    try:
        if not given:  # what parsing no arguments gives, without building 45 parsers
            return _window(None, None, default)
        return _run(argv, default)
    finally:
        gc.set_threshold(*default)


def _window(home: str | None, claude: str | None, gc_threshold: tuple[int, ...]) -> int:
    from desktop.app import run_app  # Qt is loaded only for the window
    from desktop.compose import resolve_home

    # its modules are loaded under the command's threshold (kept to the end, like a
    # command's); the window itself collects by Python's own thresholds
    gc.set_threshold(*gc_threshold)
    return run_app(resolve_home(home), claude)


def command_parser() -> Parser:
    """Every command's parser: what runs, and what the man page and completions are
    written from (tools/make_manpage.py, `completions`)."""
    from desktop.cli import (
        accounts,
        bundles,
        completion,
        conversations,
        library,
        logs,
        removal,
        runs,
        sessions,
        settings,
        switch,
        wall,
    )

    parser = build_parser(__version__)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    groups = (
        accounts, sessions, runs, wall, conversations, switch, settings, library, bundles, logs,
        removal, completion,
    )  # fmt: skip
    for group in groups:
        group.register(commands)
    return parser


def _run(argv: Sequence[str] | None, gc_threshold: tuple[int, ...]) -> int:
    parser = command_parser()
    args = clean_args(parser.parse_args(argv))
    if args.self_test:
        gc.set_threshold(*gc_threshold)  # the test's window collects by Python's own thresholds
        from desktop.selftest import self_test  # Qt is loaded only for the test

        return self_test(args.claude, args.json)
    if args.command == "completions":  # the parser's own shape: no home, no services
        from desktop.cli.completion import script

        sys.stdout.write(script(args.shell, parser))
        return 0
    from desktop.compose import DB_NAME, open_services, resolve_home

    out = Output(json_mode=args.json)
    try:
        home = resolve_home(args.home)
    except SessiondeskError as exc:  # `--home ''`
        out.error(str(exc))
        return exc.exit_code
    if args.command is None:
        return _window(str(home), args.claude, gc_threshold)
    try:
        rebuild = args.command == "index" and getattr(args, "rebuild", False)
        services = open_services(home, args.claude, repair_index=rebuild)
        from desktop.audit_file import install

        install(home, verbose=args.verbose)
        try:
            return int(args.handler(args, services, out) or 0)
        finally:
            services.close()
    except SessiondeskError as exc:
        said = _explained(exc, home, DB_NAME) or exc  # "disk I/O error" on a full disk: say so
        out.error(str(said))
        return said.exit_code
    except KeyboardInterrupt:
        out.error("interrupted")
        return INTERRUPTED
    except Exception as exc:  # the last line of defence: a report, never a traceback
        from desktop.crash import report_crash
        from desktop.store.db_health import diagnose

        known = diagnose(home / DB_NAME, exc)  # the database's doing (deleted, damaged)?
        if known is not None:
            out.error(str(known))
            return known.exit_code

        known = _explained(exc, home, DB_NAME)
        if known is not None:  # a full disk, a read-only database: no crash to report
            out.error(str(known))
            return known.exit_code

        try:
            where = f"details in {report_crash(home, exc)}"
        except OSError as failed:  # the home itself is the trouble
            where = f"no crash report either: {failed.strerror or failed}"
        out.error(f"internal error ({type(exc).__name__}); {where}")
        return 1


def _explained(exc: BaseException, home: Path, db_name: str) -> SessiondeskError | None:
    """The words for a failure the home's disk caused (full, read-only), or None."""
    from desktop.home_trouble import explain

    try:
        return explain(exc, home, home / db_name)
    except Exception:  # looking must never hide the error being looked at
        return None
