"""The keyring entry an account's secret is under, read from its home's database."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path


def keyring_key(home: Path, account: str) -> str:
    with closing(sqlite3.connect(home / "sessiondesk.db")) as conn:
        row = conn.execute("SELECT secret_ref FROM accounts WHERE name = ?", (account,)).fetchone()
    assert row is not None, f"no account {account!r} in {home}"
    return str(row[0])
