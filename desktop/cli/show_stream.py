"""`sessions show` written a message at a time, never as one document in memory.

A transcript of a million lines made a list of a million dicts and then one
JSON string of the whole (twice the file, and its encoding once more) before
the first byte went out. Here each message becomes JSON and is written (a
batch at a time, to keep the writes few), and the output is byte for byte
what `json.dumps` of the whole document gave (`tests/test_show_stream.py`).
The messages come from `stream_session`, read from the file as they are
taken, so a batch (at most `BATCH` messages or about `BATCH_CHARS` of text)
is all of their text in memory at once.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TextIO

from desktop.domain.oddtext import clean

BATCH = 2_000
"""Messages turned into text before a write."""
BATCH_CHARS = 1 << 20
"""Or fewer, once their text is this long: a batch of long messages stays small."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def write_document(
    stream: TextIO,
    head: Mapping[str, Any],
    items_key: str,
    items: Iterable[Any],
    as_json: Callable[[Any], dict[str, Any]],
    tail: Mapping[str, Any],
) -> None:
    """`{**head, items_key: [as_json(i) for i in items], **tail}` as `json.dumps`
    writes it, with a newline, an item's dict made only as it is written."""
    fields = [f"{_dumps(k)}: {_dumps(v)}" for k, v in head.items()]
    stream.write(clean("{" + ", ".join([*fields, f"{_dumps(items_key)}: ["])))
    batch: list[str] = []
    first = True
    chars = 0
    for item in items:
        batch.append(text := _dumps(as_json(item)))
        chars += len(text)
        if len(batch) >= BATCH or chars >= BATCH_CHARS:
            stream.write(clean(("" if first else ", ") + ", ".join(batch)))
            first, batch, chars = False, [], 0
    if batch:
        stream.write(clean(("" if first else ", ") + ", ".join(batch)))
    rest = "".join(f", {_dumps(k)}: {_dumps(v)}" for k, v in tail.items())
    stream.write(clean("]" + rest + "}\n"))
    stream.flush()


def write_lines(stream: TextIO, lines: Iterable[str]) -> None:
    """Lines for a person, a batch at a time."""
    batch: list[str] = []
    chars = 0
    for line in lines:
        batch.append(line)
        chars += len(line)
        if len(batch) >= BATCH or chars >= BATCH_CHARS:
            stream.write(clean("\n".join(batch) + "\n"))
            batch, chars = [], 0
    stream.write(clean("".join(f"{line}\n" for line in batch)))
    stream.flush()
