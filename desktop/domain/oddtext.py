"""Text that cannot be written as UTF-8, made safe in one documented way.

Python strings can hold lone surrogates (U+D800–U+DFFF): a JSON escape like
`\\udcff` with no partner in a transcript, or a byte that is not UTF-8 in a
file name or a command-line argument (decoded with `surrogateescape`). They
cannot be stored in SQLite nor printed. Sessiondesk replaces each one with
U+FFFD (�), the replacement character, wherever such text is stored or shown;
the rest of the text is kept as it was.

Numbers get the same treatment where they are stored: a count beyond what
SQLite holds (a usage of 2**80 tokens) is kept as the largest it holds.
"""

from __future__ import annotations

import re
from typing import Any

REPLACEMENT = "\ufffd"
_LONE = re.compile("[\ud800-\udfff]")
INT_MAX = (1 << 63) - 1
INT_MIN = -(1 << 63)


def clean(text: str) -> str:
    """`text` with each lone surrogate replaced by U+FFFD."""
    if text.isascii():
        return text
    try:
        # strict UTF-8 refuses exactly the surrogates, and is several times
        # faster than searching for them (a listing's JSON is megabytes)
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _LONE.sub(REPLACEMENT, text)
    return text


def clean_json(value: Any) -> Any:
    """A decoded JSON value with `clean` applied to every string in it, keys too."""
    if isinstance(value, str):
        return clean(value)
    if isinstance(value, list):
        return [clean_json(v) for v in value]
    if isinstance(value, dict):
        return {clean(k): clean_json(v) for k, v in value.items()}
    return value


def fit_int(value: int) -> int:
    """`value` limited to SQLite's 64-bit integers."""
    return min(max(value, INT_MIN), INT_MAX)
