"""The streaming line reader under every transcript read: resumable, never fatal.

A transcript can be hundreds of megabytes, still being written, cut short by a
crash, or damaged. So the reader:

* reads binary in fixed chunks from a byte offset and splits on b"\\n" itself,
  holding at most one line in memory (no line-length limit below `MAX_LINE`;
  a longer line is skipped while it streams past, never loaded whole);
* holds back a last line that has no newline yet, and reports `offset` as the
  end of the last complete line, so a growing file is read again from there;
* skips a line it cannot use (not UTF-8 and not JSON, not an object, empty)
  and records a `LineProblem`; a line with invalid UTF-8 that is otherwise
  JSON is kept, with replacement characters, and noted;
* decodes a line with msgspec, about twice as fast as the json module; a
  line msgspec refuses (invalid UTF-8, a lone surrogate, NaN, damage) goes
  through `json` as before, so the same lines are kept, repaired and
  reported (what msgspec accepts is valid UTF-8 without lone surrogates, so
  it needs none of the repairs, and it gives the same values; both stop at
  Python's recursion limit for nesting);
* given a `skip` pattern, steps over lines whose start matches it without
  decoding them (`BOOKKEEPING`: request blobs and the like, most of a
  transcript's bytes and none of its conversation). Such a line is still
  counted, and still checked for the damage files really get (cut short,
  run into the next entry, not UTF-8); one that fails the check goes through
  the full parse, so the same problems are reported at the same offsets;
* given a `typed` view of a line (`domain/transcript_decode`: the window's
  `ENTRY`, the index's `INDEX`), decodes each line that is valid UTF-8
  straight from its bytes into it; a line it refuses is decoded as above, so
  what is kept, repaired and reported does not change, and then read into
  the same view from its dict. Every line then comes out as that view.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import msgspec

from desktop.claude.discovery import open_regular
from desktop.domain.oddtext import clean_json
from desktop.domain.transcript_problems import LineProblem
from desktop.regular_files import HEAD

if TYPE_CHECKING:  # the caller brings its view: a reader of dicts (line_ranges) loads none
    from desktop.domain.transcript_decode import LineDecoder

CHUNK = 1 << 20
MAX_LINE = 64 << 20
_CLOSE = ord("}")
_SESSION_KEY = b'"sessionId":'

# Lines the CLI writes with `type` first that carry no conversation, title or
# cwd: request bodies (api-request, -shape, -blob: most of a file's bytes),
# queue and cost records and the like. Nothing shows or indexes them.
_BOOKKEEPING = (
    rb'\{"type":"(?:api-request|atis-latch"|tools-used"|last-prompt"|cost-state"|mode"'
    rb'|queue-operation")'
)
# Attachments link a prompt to its reply in the parentUuid chain, so the window
# needs them; the session summary does not (they repeat the prompt's cwd and time).
_ATTACHMENT = (
    rb'\{"parentUuid":(?:null|"[^"]{1,80}"),"isSidechain":(?:true|false),'
    rb'(?:"type":"attachment",)?"attachment":'
)

BOOKKEEPING = re.compile(_BOOKKEEPING)
_ENTRY = re.compile(rb'\{"parentUuid":|' + _BOOKKEEPING)
"""The start of an entry the CLI writes, as it would appear inside a run-on line."""
_NOT_A_LINE = re.compile(rb"\x00|\r(?!\n)")
"""What a line being written never holds: a NUL byte, a CR not before LF."""
_SHORT = 4096
"""Lines no reader needs: stepped over undecoded when displaying or indexing."""
NOT_SUMMARISED = re.compile(_BOOKKEEPING + b"|" + _ATTACHMENT)
"""Lines the session summary and search text do not need."""


# a Struct: one is made a line, and a frozen dataclass costs three times as much to make
class RawEntry(msgspec.Struct, frozen=True, gc=False):
    """One decoded line and where it sits, so a caller can come back for it."""

    obj: Any
    """The line's JSON object as a dict, or the reader's `typed` view of it."""
    line: int
    offset: int
    length: int
    """Bytes of the line, newline included."""


class TranscriptReader:
    """Iterate a transcript's JSON objects from `start_offset`.

    After (or during) iteration: `offset` is where the next read should start
    (just past the last complete line), `line` the number that line will have,
    `pending` the size of an unfinished last line held back, `problems` what
    was skipped, `stepped` how many intact `skip` lines went by undecoded.
    With `final=True` an unfinished last line is read anyway (or reported),
    for a file that is known to be complete. With `end` (a line start, or the
    file's size) nothing from there on is read: one part of a file read in
    parts. With `mid_line=True`
    the read starts somewhere inside a line: the bytes up to the first newline
    are skipped and line numbers are unknown (0).
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        start_offset: int = 0,
        *,
        start_line: int = 1,
        end: int | None = None,
        final: bool = False,
        mid_line: bool = False,
        max_line: int = MAX_LINE,
        chunk_size: int = CHUNK,
        skip: re.Pattern[bytes] | None = None,
        typed: LineDecoder[Any] | None = None,
    ) -> None:
        self.path = Path(path)
        self.offset = start_offset
        self.line = 0 if mid_line else start_line
        self.pending = 0
        self.stepped = 0
        self.problems: list[LineProblem] = []
        self.head = b"" if start_offset == 0 else None
        """Read from the file's start: its first `HEAD` bytes as read (else None)."""
        self._final = final
        self._mid_line = mid_line and start_offset > 0
        self._max_line = max_line
        self._chunk = chunk_size
        self._skip = skip
        self._typed = typed
        self._left = None if end is None else end - start_offset

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
            if self.head is not None and len(self.head) < HEAD:
                self.head += chunk[: HEAD - len(self.head)]
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
            # the hot loop: most lines are stepped over, so it keeps its counts in locals
            skip, line, stepped = self._skip, self.line, 0
            # spares each line its UTF-8 check: complete lines that are valid
            # together are each valid, as no character's bytes hold a newline
            whole = buf.rfind(b"\n")
            valid = skip is not None and whole >= 0 and (buf.isascii() or _utf8(buf, 0, whole))
            while (newline := buf.find(b"\n", searched)) >= 0:
                if (
                    skip
                    and skip.match(buf, start, newline)
                    # stepped over only if it has the shape of one whole entry: it ends
                    # with `}`; it is not a line cut short by a crash with the next entry
                    # run on after it (it names the session once, and a short one holds
                    # no second entry start: cheap to look for there, and it catches
                    # a cut before the line's own sessionId); and it is UTF-8. Anything
                    # else is parsed and so reported; damage that keeps that shape goes
                    # unreported, as the line is never used.
                    and buf[newline - 1] == _CLOSE
                    and buf.count(_SESSION_KEY, start, newline) == 1
                    and (newline - start > _SHORT or not _ENTRY.search(buf, start + 1, newline))
                    and (valid or _utf8(buf, start, newline))
                ):
                    stepped += 1
                    line += 1 if line else 0
                else:
                    self.line, self.offset = line, base + start
                    yield from self._parse(buf[start:newline], base + start, valid=valid)
                    line = self.line
                start = searched = newline + 1
            self.line, self.offset = line, base + start
            self.stepped += stepped
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
        if self.pending and not self._final and _NOT_A_LINE.search(buf):
            # held back as if still being written, but no writer puts these in a
            # line: a file of NUL bytes (space reserved, never written) or one
            # whose lines end in CR only
            self._problem(self.offset, "no line end, but NUL bytes or CR-only line ends")
        if self.pending and self._final:
            if too_long:
                self._problem(self.offset, f"line longer than {_size(self._max_line)}")
            elif not skipping:
                yield from self._parse(buf, self.offset, last=True)

    def _read(self, stream: BinaryIO) -> bytes:
        try:
            if self._left is None:
                return stream.read(self._chunk)
            data = stream.read(min(self._chunk, self._left))
            self._left -= len(data)
            return data
        except OSError as exc:  # a disk error mid-file: keep what we have
            self._problem(self.offset, f"read error: {exc.strerror or exc}")
            return b""

    def _parse(
        self, data: bytearray, offset: int, last: bool = False, valid: bool = False
    ) -> Iterator[RawEntry]:
        number = self.line
        self.line += 1 if number else 0
        if not data or data.isspace():  # isspace: no copy of a huge line
            self._problem(offset, "empty line", number)
            return
        # only on UTF-8: a typed decoder skips fields unchecked, and a bad byte
        # in one must still be reported
        typed = self._typed
        if typed is not None and (valid or data.isascii() or _utf8(data, 0, len(data))):
            try:
                view = typed.from_bytes(data)
            except (ValueError, RecursionError):
                pass  # a field of an odd type, or damage: read the dict
            else:
                yield RawEntry(view, number, offset, len(data) + (0 if last else 1))
                return
        try:
            obj = _decode(data)  # the usual line: straight from its bytes
        except (ValueError, RecursionError):
            pass  # anything else is left to the json module: its reasons, its problems
        else:
            if type(obj) is dict:
                view = obj if typed is None else typed.from_dict(obj)
                yield RawEntry(view, number, offset, len(data) + (0 if last else 1))
                return
        replaced = False
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("utf-8", errors="replace")
            replaced = True
        try:
            obj = _loads(text)
        except (ValueError, RecursionError):
            reason = "not text (invalid UTF-8)" if replaced else "invalid JSON"
            self._problem(offset, "incomplete last line" if last else reason, number)
            return
        if not isinstance(obj, dict):
            self._problem(offset, f"not a JSON object ({type(obj).__name__})", number)
            return
        if _SURROGATE_ESCAPE.search(text):  # rare: only then is every string looked at
            obj = clean_json(obj)
        if replaced:
            self._problem(offset, "invalid UTF-8", number, skipped=False)
        view = obj if typed is None else typed.from_dict(obj)
        yield RawEntry(view, number, offset, len(data) + (0 if last else 1))

    def _problem(
        self, offset: int, reason: str, line: int | None = None, skipped: bool = True
    ) -> None:
        self.problems.append(
            LineProblem(self.line if line is None else line, offset, reason, skipped)
        )


_scan_once = json.JSONDecoder().scan_once
_decode = msgspec.json.Decoder().decode


def line_ranges(
    path: str | os.PathLike[str], part_bytes: int, start: int = 0, size: int | None = None
) -> list[tuple[int, int | None]]:
    """The file from `start` (a line start) to `size` cut about every
    `part_bytes`, each cut just after a newline, the last range open-ended
    (None): parts for several readers. A tail under half a part stays with
    the part before it."""
    size = os.stat(path).st_size if size is None else size
    cuts = [start]
    with open_regular(path) as stream:
        while cuts[-1] + part_bytes < size - part_bytes // 2:
            at = cuts[-1] + part_bytes - 1
            stream.seek(at)
            cut = _past_newline(stream, at)
            if cut is None or cut >= size:
                break
            cuts.append(cut)
    return list(zip(cuts, [*cuts[1:], None], strict=True))


def _past_newline(stream: BinaryIO, at: int) -> int | None:
    """Where the line after position `at` starts (None: no newline to the end)."""
    while chunk := stream.read(1 << 16):
        newline = chunk.find(b"\n")
        if newline >= 0:
            return at + newline + 1
        at += len(chunk)
    return None


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
"""A JSON escape of a surrogate: a lone one becomes U+FFFD (`oddtext`)."""


def _loads(text: str) -> Any:
    """`json.loads(text)`, minus its Python-level wrapper for the usual line
    (one value, nothing around it); anything else goes to `json.loads`
    itself, so that errors are exactly its own."""
    try:
        value, end = _scan_once(text, 0)
    except StopIteration:
        return json.loads(text)
    return value if end == len(text) else json.loads(text)


def _utf8(buf: bytearray, start: int, end: int) -> bool:
    with memoryview(buf) as view, view[start:end] as line:
        try:
            str(line, "utf-8")
        except UnicodeDecodeError:
            return False
    return True


def _size(count: int) -> str:
    return f"{count >> 20} MiB" if count >= 1 << 20 else f"{count} bytes"
