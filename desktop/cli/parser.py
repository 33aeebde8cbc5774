"""The argument parser: one-line errors and exit code 2, never a traceback."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import NoReturn

from desktop.domain.oddtext import clean


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(2)


def count(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` to `high`, else exit 2."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high:,}, not {text}")
        return value

    return parse


PATHS = frozenset({"home", "claude", "cwd", "config_dir"})
"""Options naming files: kept as given (bytes that are not UTF-8 included), so
they still lead to the file; the database stores them exactly (`store.safe_types.SafePath`)
and output shows them with U+FFFD (`oddtext`)."""


def clean_args(args: argparse.Namespace) -> argparse.Namespace:
    """Prompts, titles, queries and names given with bytes that are not UTF-8:
    each such byte becomes U+FFFD, as everywhere else (`desktop.domain.oddtext`)."""
    for name, value in vars(args).items():
        if isinstance(value, str) and name not in PATHS:
            setattr(args, name, clean(value))
    return args


def version_line(version: str) -> str:
    return f"sessiondesk {version}"


def build_parser(version: str) -> Parser:
    parser = Parser(
        prog="sessiondesk",
        description="Every Claude Code session on this machine, for every account. "
        "With no command, opens the window.",
    )
    parser.add_argument("--home", metavar="DIR", help="data folder (env SESSIONDESK_HOME)")
    parser.add_argument("--claude", metavar="PATH", help="the claude binary to run")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="also print the audit log's decisions (resume or replay and why, what was "
        "carried, rollovers) on stderr",
    )
    parser.add_argument("--version", action="version", version=version_line(version))
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check that this installation starts (database, claude, window, translations) "
        "in a temporary home, then exit",
    )
    return parser


def add_group(
    commands: argparse._SubParsersAction, name: str, help_text: str
) -> argparse._SubParsersAction:
    """A command with subcommands of its own (`accounts add`, …)."""
    group = commands.add_parser(name, help=help_text, description=help_text)
    sub = group.add_subparsers(dest=f"{name}_command", metavar="SUBCOMMAND", required=True)
    return sub
