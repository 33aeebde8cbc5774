"""The installed `sessiondesk` script's entry point, and `python -m desktop`'s:
`desktop.cli.main`, except that a shell's tab completion (`sessiondesk __complete …`)
is answered first, before the `desktop.cli` package and its imports load — they would
be most of a tab press's cost (`desktop.completion_index`)."""

from __future__ import annotations

import sys

INTERRUPTED = 130
"""A shell's exit status for a command ended by Ctrl+C (128 + SIGINT)."""


def main() -> int:
    try:
        if sys.argv[1:2] == ["__complete"]:
            from desktop.completion_index import answer

            return answer(sys.argv[2:])
        from desktop.cli import main as cli_main

        return cli_main()
    except KeyboardInterrupt:
        # Ctrl+C before a command's own handling starts (while its modules still load)
        # ends it as a shell expects, without a traceback
        return INTERRUPTED
