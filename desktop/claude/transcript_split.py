"""Read one big transcript for display in several processes, split by byte ranges.

A 200 MB transcript is seconds of JSON decoding and typing, pure CPU. So the
file is cut at line starts into parts of a few megabytes, read by this
process from the file's start and by spawned worker processes from its end
until the two meet (each part as the whole-file read would: the same
skipping of bookkeeping lines, the same damage checks). Workers hand back
typed entries packed (`transcript_wire`), part by part, which become entries
again here; the parts read here need no such round trip. In file order, each
part's line numbers shifted by the lines of the parts before it, the
entries and the problems are exactly those of `read_entries` on the whole
file. The window never runs this itself: its reading process does
(`transcript_aside`).

Workers run without cyclic garbage collection: their objects hold no cycles
and they live for one read. They are forked from the window's reading
process, which has no other thread (`desktop.worker_start`). Below
`SPLIT_BYTES`, or when workers cannot start (a frozen app without
freeze_support), the file is read here, in one piece.
"""

from __future__ import annotations

import gc
import os
from contextlib import suppress
from typing import Any

from desktop.claude.transcript_reader import BOOKKEEPING, TranscriptReader, line_ranges
from desktop.claude.transcript_wire import Packed, pack_entries, unpack_entries
from desktop.domain.transcript import Entry, EntryKind
from desktop.domain.transcript_decode import ENTRY
from desktop.domain.transcript_problems import LineProblem
from desktop.worker_start import start_method

SPLIT_BYTES = 32 << 20
"""Below this, starting worker processes costs more than it saves."""
PART_BYTES = 4 << 20
"""One task: the two readers meet within a part or two of each other."""
NOT_INHERITED: tuple[int, ...] = ()
"""Descriptors of this process that a forked worker closes as it starts: ones
whose other end waits for this process alone (its pipe to the window)."""

Part = tuple[int, int | None]
"""A byte range that starts at a line start; None: to the end of the file."""


def shown(entry: Entry) -> bool:
    """Entries that can matter for display: bookkeeping without a uuid or title cannot."""
    return entry.uuid is not None or entry.kind is not EntryKind.META


def shown_entries(reader: TranscriptReader) -> list[Entry]:
    """The shown entries of a reader made with `typed=ENTRY`."""
    return [raw.obj for raw in reader if shown(raw.obj)]


def read_part(path: str, part: Part) -> tuple[Packed, list[LineProblem], int]:
    """One part's shown entries packed (`transcript_wire`), its problems (line
    numbers counted from the part's start) and how many lines it has. Runs in
    a worker."""
    entries, problems, lines = _read_part(path, part)
    return pack_entries(entries), problems, lines


def _read_part(path: str, part: Part) -> tuple[list[Entry], list[LineProblem], int]:
    start, end = part
    reader = TranscriptReader(
        path, start, final=end is None, end=end, skip=BOOKKEEPING, typed=ENTRY
    )
    return shown_entries(reader), reader.problems, reader.line - 1


def read_split(
    path: str | os.PathLike[str],
    workers: int,
    *,
    part_bytes: int | None = None,
) -> tuple[list[Entry], list[LineProblem]] | None:
    """The shown entries and problems of a whole file, read by this process
    and `workers` - 1 more; None when splitting does not pay or workers cannot
    start. This process reads parts from the file's start while the workers
    take them from its end, a few at a time, until the two meet: whoever is
    faster reads more, and the parts read here are never packed, sent and
    unpacked."""
    if workers < 2 or os.stat(path).st_size < SPLIT_BYTES:
        return None
    cut = line_ranges(path, part_bytes or PART_BYTES)
    if len(cut) < 2:
        return None
    # loaded only for a big file: the window's start and a small read need none of it
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool

    method = start_method()
    helpers = min(workers - 1, len(cut) - 1)
    pool = ProcessPoolExecutor(
        helpers,
        mp_context=multiprocessing.get_context(method),
        initializer=_worker_start,
        initargs=(NOT_INHERITED if method == "fork" else (),),
    )
    read: dict[int, tuple[list[Entry], list[LineProblem], int]] = {}
    sent: dict[Future[Any], int] = {}
    front, back = 0, len(cut)
    try:
        while front < back or sent:
            # finished parts leave the count first, so the worker's next ones are sent
            # before this process unpacks them and reads its own (a worker with nothing
            # queued idles through that)
            finished = [(sent.pop(f), f) for f in [f for f in sent if f.done()]]
            while back - 1 > front and len(sent) < 2 * helpers:  # the front part is ours
                back -= 1
                sent[pool.submit(read_part, str(path), cut[back])] = back
            for index, future in finished:
                packed, found, count = future.result()
                read[index] = (unpack_entries(packed), found, count)
            if front < back:
                read[front] = _read_part(str(path), cut[front])
                front += 1
            elif sent:
                wait(sent, return_when=FIRST_COMPLETED)
        entries: list[Entry] = []
        problems: list[LineProblem] = []
        lines = 0
        for index in range(len(cut)):
            part_entries, found, count = read.pop(index)
            entries.extend(part_entries)
            problems.extend(_shifted(problem, lines) for problem in found)
            lines += count
        return entries, problems
    except BrokenProcessPool:
        return None
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _worker_start(close: tuple[int, ...]) -> None:
    gc.disable()
    for descriptor in close:
        with suppress(OSError):  # not open here
            os.close(descriptor)


def _shifted(problem: LineProblem, lines: int) -> LineProblem:
    if not lines or not problem.line:
        return problem
    return LineProblem(
        problem.line + lines, problem.offset, problem.reason, problem.skipped, problem.path
    )
