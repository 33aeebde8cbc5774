"""Printing for people or, with --json, for programs."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from desktop.domain.oddtext import clean


def _write(stream: TextIO, text: str) -> None:
    # text from disk or argv may hold lone surrogates: shown as U+FFFD (`oddtext`)
    stream.write(clean(text))
    stream.flush()


class Output:
    def __init__(self, json_mode: bool) -> None:
        self.json_mode = json_mode

    def emit(self, document: Any, human: Callable[[], str] | str) -> None:
        """One result: the JSON document, or the text a person reads."""
        if self.json_mode:
            _write(sys.stdout, json.dumps(document, ensure_ascii=False, default=str) + "\n")
        else:
            text = human() if callable(human) else human
            if text:
                _write(sys.stdout, text.rstrip("\n") + "\n")

    def line(self, document: Any) -> None:
        """One object of a stream (--json), flushed at once."""
        _write(sys.stdout, json.dumps(document, ensure_ascii=False, default=str) + "\n")

    def progress(self, text: str) -> None:
        _write(sys.stderr, text + "\n")

    def error(self, message: str) -> None:
        _write(sys.stderr, f"sessiondesk: error: {message}\n")


def table(rows: list[list[str]], headers: list[str]) -> str:
    """A plain text table, columns padded to their widest cell."""
    widths = [len(h) for h in headers]
    for row in rows:
        widths = [max(w, len(cell)) for w, cell in zip(widths, row, strict=True)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)).rstrip()]
    for row in rows:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip())
    return "\n".join(lines)
