"""A database file as an SQLite URI, for the connections that pass flags in it
(`mode=rw`, `mode=ro`).

The path's bytes are percent-quoted, all but letters, digits, `-._~` and `/`:
a name with `?`, `#` or `%`, or bytes that are not UTF-8, still names that
file. Done here rather than with `urllib.parse.quote`, whose import (with
`ipaddress`) was ~5 ms of every command's start and of a tab press.
"""

from __future__ import annotations

import os
from pathlib import Path

_PLAIN = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")


def file_uri(path: Path | str) -> str:
    quoted = "".join(chr(b) if b in _PLAIN else f"%{b:02X}" for b in os.fsencode(path))
    return f"file:{quoted}"
