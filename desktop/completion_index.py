"""`sessiondesk __complete KIND PREFIX [HOME]`: the ids, handles and names a shell's
tab completion offers, read straight from the index.

Hidden (not in `--help`), and answered before anything else loads: the installed
`sessiondesk` script starts at `desktop.entry`, which sends `__complete` here
without importing `desktop.cli` (its output and argparse alone cost a completion
~40 ms); `desktop.cli.main` does the same for `python -m desktop` and the
one-folder app. No argparse tree, no SQLAlchemy, no services — the standard
library's sqlite3 on the database, read-only, so a tab press costs a Python start
and one query (bench/completion_bench.py measures it). The shell scripts
(`desktop.cli.completion`) complete commands and options themselves and ask here
only for what lives in the index. Any trouble (no index yet, a locked or damaged
file) answers nothing: a shell prints no error in the middle of a command line.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from desktop.store.sqlite_uri import file_uri

LIMIT = 200
"""Candidates per answer: a shell lists them all, so more is noise, not help."""
BUSY_MS = 50
"""How long a write in progress may hold the index before the answer is empty."""
DB_NAME = "sessiondesk.db"  # desktop.compose.DB_NAME, not imported: it loads the services

Query = Callable[[sqlite3.Connection, str, bool], Iterator[str]]


def _rows(db: sqlite3.Connection, sql: str, *params: object) -> Iterator[str]:
    for (value,) in db.execute(sql, (*params, LIMIT)):
        if value:
            yield str(value)


def _like(prefix: str) -> str:
    escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return escaped + "%"


def accounts(db: sqlite3.Connection, prefix: str, _alone: bool) -> Iterator[str]:
    return _rows(
        db, "SELECT name FROM accounts WHERE name LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?",
        _like(prefix),
    )  # fmt: skip


def bundles(db: sqlite3.Connection, prefix: str, _alone: bool) -> Iterator[str]:
    return _rows(
        db, "SELECT name FROM bundles WHERE name LIKE ? ESCAPE '\\' ORDER BY name LIMIT ?",
        _like(prefix),
    )  # fmt: skip


def conversations(db: sqlite3.Connection, prefix: str, alone: bool) -> Iterator[str]:
    """`SESS-042` handles, newest first; full ids once the word looks like one."""
    handle = prefix.upper()
    if handle.startswith("SESS-") or "SESS-".startswith(handle):
        # the handle as the window writes it (SESS-042), matched in SQL so the limit
        # keeps the newest of those that match, not of all
        yield from _rows(
            db, "SELECT printf('SESS-%03d', number) AS handle FROM conversations "
            "WHERE handle LIKE ? ESCAPE '\\' ORDER BY number DESC LIMIT ?", _like(handle),
        )  # fmt: skip
    if prefix and not handle.startswith("S"):
        yield from _rows(
            db, "SELECT id FROM conversations WHERE id LIKE ? ESCAPE '\\' ORDER BY updated DESC "
            "LIMIT ?", _like(prefix),
        )  # fmt: skip


def sessions(db: sqlite3.Connection, prefix: str, alone: bool) -> Iterator[str]:
    """Claude session ids, the most recently changed first (alongside handles: only
    once a word is started, or every id would bury them)."""
    if not alone and not prefix:
        return iter(())
    return _rows(
        db, "SELECT session_id FROM sessions WHERE session_id LIKE ? ESCAPE '\\' "
        "GROUP BY session_id ORDER BY max(modified) DESC LIMIT ?", _like(prefix),
    )  # fmt: skip


def executions(db: sqlite3.Connection, prefix: str, alone: bool) -> Iterator[str]:
    if not alone and not prefix:
        return iter(())
    return _rows(
        db, "SELECT id FROM executions WHERE id LIKE ? ESCAPE '\\' ORDER BY started DESC "
        "LIMIT ?", _like(prefix),
    )  # fmt: skip


KINDS: dict[str, tuple[Query, ...]] = {
    "account": (accounts,),
    "bundle": (bundles,),
    "conversation": (conversations,),
    "session": (sessions,),
    "execution": (executions,),
    # fork's REF: a conversation (its head), an execution, or a session found on disk
    "ref": (conversations, executions, sessions),
    # a bundle's items: conversations or sessions
    "item": (conversations, sessions),
}


def candidates(db_path: Path, kind: str, prefix: str) -> list[str]:
    queries = KINDS.get(kind, ())
    if not queries or not db_path.is_file():
        return []
    uri = f"{file_uri(db_path)}?mode=ro"
    found: list[str] = []
    try:
        db = sqlite3.connect(uri, uri=True, timeout=BUSY_MS / 1000)
        try:
            for query in queries:
                found.extend(query(db, prefix, len(queries) == 1))
        finally:
            db.close()
    except sqlite3.Error:
        return found
    return list(dict.fromkeys(found))[:LIMIT]


def answer(arguments: Sequence[str]) -> int:
    """The hidden command: one candidate a line on stdout, always exit 0 when asked right."""
    if not 1 <= len(arguments) <= 3:
        sys.stderr.write("usage: sessiondesk __complete KIND [PREFIX [HOME]]\n")
        return 2
    kind, prefix, home = (*arguments, "", "")[:3]
    from desktop.home import resolve_home

    try:
        db_path = resolve_home(home or None) / DB_NAME
    except (OSError, RuntimeError):  # no home folder can be named: nothing to offer
        return 0
    for value in candidates(db_path, kind, prefix):
        sys.stdout.write(value + "\n")
    return 0
