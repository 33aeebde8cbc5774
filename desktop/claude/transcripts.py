"""Read Claude Code transcript files: streaming, resumable, and never fatal.

A transcript can be hundreds of megabytes, still being written, cut short by a
crash, or damaged. So the reader:

* reads binary in fixed chunks from a byte offset and splits on b"\\n" itself,
  holding at most one line in memory (no line-length limit below `MAX_LINE`;
  a longer line is skipped while it streams past, never loaded whole);
* holds back a last line that has no newline yet, and reports `offset` as the
  end of the last complete line, so a growing file is read again from there;
* skips a line it cannot use (not UTF-8 and not JSON, not an object, empty)
  and records a `LineProblem`; a line with invalid UTF-8 that is otherwise
  JSON is kept, with replacement characters, and noted.

On top of it: `load_session` (the conversation for display, with subagents)
and `summarise_transcript` (the index's incremental summary).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from desktop.claude.discovery import list_subagents, open_regular
from desktop.domain.transcript import Entry, EntryKind, parse_entry
from desktop.domain.transcript_chain import Conversation, build_conversation
from desktop.domain.transcript_checkpoint import Checkpoint
from desktop.domain.transcript_problems import LineProblem, describe_problems
from desktop.domain.transcript_summary import SessionSummary

__all__ = [
    "LineProblem",
    "RawEntry",
    "SummaryUpdate",
    "TranscriptReader",
    "describe_problems",
    "iter_entries",
    "load_session",
    "read_entries",
    "summarise_transcript",
]

CHUNK = 1 << 20
MAX_LINE = 64 << 20
_HEAD = 4096


@dataclass(frozen=True, slots=True)
class RawEntry:
    """One decoded line and where it sits, so a caller can come back for it."""

    obj: dict[str, Any]
    line: int
    offset: int
    length: int
    """Bytes of the line, newline included."""


class TranscriptReader:
    """Iterate a transcript's JSON objects from `start_offset`.

    After (or during) iteration: `offset` is where the next read should start
    (just past the last complete line), `line` the number that line will have,
    `pending` the size of an unfinished last line held back, `problems` what
    was skipped. With `final=True` an unfinished last line is read anyway (or
    reported), for a file that is known to be complete. With `mid_line=True`
    the read starts somewhere inside a line: the bytes up to the first newline
    are skipped and line numbers are unknown (0).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        start_offset: int = 0,
        *,
        start_line: int = 1,
        final: bool = False,
        mid_line: bool = False,
        max_line: int = MAX_LINE,
        chunk_size: int = CHUNK,
    ) -> None:
        self.path = Path(path)
        self.offset = start_offset
        self.line = 0 if mid_line else start_line
        self.pending = 0
        self.problems: list[LineProblem] = []
        self._final = final
        self._mid_line = mid_line and start_offset > 0
        self._max_line = max_line
        self._chunk = chunk_size

    def __iter__(self) -> Iterator[RawEntry]:
        with open_regular(self.path) as stream:
            if self._mid_line:
                # a start right after a newline is a line start after all
                stream.seek(self.offset - 1)
                self._mid_line = stream.read(1) != b"\n"
            stream.seek(self.offset)
            yield from self._lines(stream)

    def _lines(self, stream: BinaryIO) -> Iterator[RawEntry]:
        buf = bytearray()
        base = self.offset  # file offset of buf[0]
        searched = 0  # buf[:searched] holds no newline: never scan it twice
        skipping = self._mid_line  # inside a line we do not want: drop bytes to its end
        too_long = False
        while chunk := self._read(stream):
            if skipping:
                newline = chunk.find(b"\n")
                if newline < 0:
                    base += len(chunk)
                    continue
                if too_long:
                    self._problem(self.offset, f"line longer than {_size(self._max_line)}")
                    self.line += 1 if self.line else 0
                skipping = too_long = False
                base += newline + 1
                self.offset = base
                chunk = chunk[newline + 1 :]
            buf += chunk
            start = 0
            while (newline := buf.find(b"\n", searched)) >= 0:
                yield from self._parse(buf[start:newline], base + start)
                start = searched = newline + 1
                self.offset = base + start
            del buf[:start]
            base += start
            searched = len(buf)
            if len(buf) > self._max_line:
                # keep memory bounded: forget this line and drop the rest of it as it comes
                skipping = too_long = True
                base += len(buf)
                buf = bytearray()
                searched = 0
        self.pending = base + len(buf) - self.offset
        if self.pending and self._final:
            if too_long:
                self._problem(self.offset, f"line longer than {_size(self._max_line)}")
            elif not skipping:
                yield from self._parse(buf, self.offset, last=True)

    def _read(self, stream: BinaryIO) -> bytes:
        try:
            return stream.read(self._chunk)
        except OSError as exc:  # a disk error mid-file: keep what we have
            self._problem(self.offset, f"read error: {exc.strerror or exc}")
            return b""

    def _parse(self, data: bytearray, offset: int, last: bool = False) -> Iterator[RawEntry]:
        number = self.line
        self.line += 1 if number else 0
        if not data or data.isspace():  # isspace: no copy of a huge line
            self._problem(offset, "empty line", number)
            return
        replaced = False
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("utf-8", errors="replace")
            replaced = True
        try:
            obj = json.loads(text)
        except (ValueError, RecursionError):
            reason = "not text (invalid UTF-8)" if replaced else "invalid JSON"
            self._problem(offset, "incomplete last line" if last else reason, number)
            return
        if not isinstance(obj, dict):
            self._problem(offset, f"not a JSON object ({type(obj).__name__})", number)
            return
        if replaced:
            self._problem(offset, "invalid UTF-8", number, skipped=False)
        yield RawEntry(obj, number, offset, len(data) + (0 if last else 1))

    def _problem(
        self, offset: int, reason: str, line: int | None = None, skipped: bool = True
    ) -> None:
        self.problems.append(
            LineProblem(self.line if line is None else line, offset, reason, skipped)
        )


def iter_entries(
    path: str | os.PathLike[str],
    start_offset: int = 0,
    problems: list[LineProblem] | None = None,
) -> Iterator[RawEntry]:
    """Stream the JSON objects of a transcript from a byte offset (to a line
    start); problems, if a list is given, are appended to it as they are met."""
    reader = TranscriptReader(path, start_offset)
    seen = 0
    for raw in reader:
        if problems is not None:
            problems.extend(reader.problems[seen:])
            seen = len(reader.problems)
        yield raw
    if problems is not None:
        problems.extend(reader.problems[seen:])


def read_entries(
    path: str | os.PathLike[str], *, final: bool = True, tail_bytes: int | None = None
) -> tuple[list[Entry], list[LineProblem]]:
    """Typed entries of a whole file (or its last `tail_bytes`), minus the
    bookkeeping lines that cannot matter for display (no uuid, no title)."""
    start = 0
    if tail_bytes is not None:
        start = max(0, _size_of(path) - tail_bytes)
    reader = TranscriptReader(path, start, final=final, mid_line=start > 0)
    entries = [
        entry
        for entry in (parse_entry(raw.obj) for raw in reader)
        if entry.uuid is not None or entry.kind is not EntryKind.META
    ]
    return entries, reader.problems


def load_session(
    path: str | os.PathLike[str],
    *,
    include_meta: bool = False,
    tail_bytes: int | None = None,
) -> tuple[Conversation, list[LineProblem]]:
    """The conversation of one transcript for display, its subagents attached.

    `tail_bytes` reads only the end of a large file, for a fast first screen
    (its oldest messages may then lack their parents: the chain simply starts
    there); read again without it for the whole history. Raises OSError when
    the transcript itself cannot be opened; damage inside it, or an unreadable
    subagent file, only adds problems.
    """
    path = Path(path)
    entries, problems = read_entries(path, tail_bytes=tail_bytes)
    side: dict[str, list[Entry]] = {}
    hints: dict[str, str] = {}
    for sub in list_subagents(path):
        try:
            sub_entries, sub_problems = read_entries(sub.path)
        except OSError as exc:
            problems.append(
                LineProblem(0, 0, f"cannot open: {exc.strerror or exc}", path=str(sub.path))
            )
            continue
        side[sub.agent_id] = sub_entries
        problems.extend(_with_path(p, sub.path) for p in sub_problems)
        tool_use_id = sub.started_by()
        if tool_use_id:
            hints[sub.agent_id] = tool_use_id
    conversation = build_conversation(
        entries, subagents=side, agent_tool_uses=hints, include_meta=include_meta
    )
    return conversation, problems


@dataclass(frozen=True, slots=True)
class SummaryUpdate:
    summary: SessionSummary
    offset: int
    """Where the next incremental read starts (store as the file's read offset)."""
    state: str
    """JSON to store with the offset; hand it back to resume."""
    error: str | None
    """One sentence about unreadable lines so far, or None."""
    restarted: bool
    """The saved state could not be used (file rewritten or shrunk): read from 0."""


def summarise_transcript(
    path: str | os.PathLike[str],
    *,
    offset: int = 0,
    state: str | None = None,
    on_entry: Callable[[Entry, RawEntry], None] | None = None,
) -> SummaryUpdate:
    """Bring a session's summary up to date, reading only what was appended
    since `offset` when `state` (from the last update) is given. `on_entry`
    sees each new entry (for the search index). Raises OSError when the file
    cannot be opened."""
    path = Path(path)
    resumed = _resume(path, offset, state) if state is not None and offset > 0 else None
    restarted = state is not None and offset > 0 and resumed is None
    checkpoint = resumed or Checkpoint()
    reader = TranscriptReader(path, offset if resumed else 0, start_line=checkpoint.line)
    for raw in reader:
        entry = parse_entry(raw.obj)
        checkpoint.summary.feed(entry)
        if on_entry is not None:
            on_entry(entry, raw)
    checkpoint.problems.extend(reader.problems)
    checkpoint.line = reader.line
    checkpoint.head = _head_digest(path, reader.offset)
    return SummaryUpdate(
        checkpoint.summary,
        reader.offset,
        checkpoint.dumps(),
        checkpoint.problems.describe(),
        restarted,
    )


def _resume(path: Path, offset: int, state: str) -> Checkpoint | None:
    """The saved checkpoint, if it still describes this file up to `offset`."""
    try:
        checkpoint = Checkpoint.loads(state)
        with open_regular(path) as stream:
            # a line ended just before `offset`, or the file was replaced under us
            stream.seek(offset - 1)
            if stream.read(1) != b"\n":
                return None
        if checkpoint.head != _head_digest(path, offset):
            return None
    except (OSError, ValueError):
        return None
    return checkpoint


def _head_digest(path: Path, upto: int) -> str:
    """A fingerprint of the file's start: an append-only file keeps it, a
    replaced one (same name, other content) almost surely does not."""
    with open_regular(path) as stream:
        return hashlib.blake2b(stream.read(min(upto, _HEAD)), digest_size=12).hexdigest()


def _with_path(problem: LineProblem, path: Path) -> LineProblem:
    return LineProblem(problem.line, problem.offset, problem.reason, problem.skipped, str(path))


def _size_of(path: str | os.PathLike[str]) -> int:
    return os.stat(path).st_size


def _size(count: int) -> str:
    return f"{count >> 20} MiB" if count >= 1 << 20 else f"{count} bytes"
