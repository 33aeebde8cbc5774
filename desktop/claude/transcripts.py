"""Read Claude Code transcript files for display and for the index.

The line reader itself (streaming, resumable, never fatal) is in
`desktop.claude.transcript_reader`. On top of it:

* `load_session`: the conversation for display, with subagents;
* `stream_session`: its messages read again from the file as they are
  taken, after a first pass that keeps only each line's small facts
  (`sessions show` of a huge file);
* `load_recent`: the end of a long transcript, enough for a first screen;
* `summarise_transcript`: the index's incremental summary.

All three step over `BOOKKEEPING` lines undecoded (the summary attachments
too): in a real transcript the request blobs are most of the bytes, and none
of them is shown or indexed.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from desktop.claude.discovery import list_subagents, open_regular
from desktop.claude.transcript_reader import (
    BOOKKEEPING,
    NOT_SUMMARISED,
    RawEntry,
    TranscriptReader,
)
from desktop.claude.transcript_split import read_split, shown, shown_entries
from desktop.domain.packed_facts import PackedFacts
from desktop.domain.transcript import Entry, EntryKind, Message
from desktop.domain.transcript_chain import (
    Conversation,
    build_conversation,
    plan_thread,
    thread_messages,
)
from desktop.domain.transcript_checkpoint import Checkpoint
from desktop.domain.transcript_decode import ENTRY, INDEX
from desktop.domain.transcript_index import IndexLine
from desktop.domain.transcript_problems import LineProblem, describe_problems
from desktop.domain.transcript_summary import SessionSummary
from desktop.regular_files import HEAD, fingerprint, head_digest

__all__ = [
    "BOOKKEEPING",
    "LineProblem",
    "RawEntry",
    "SummaryUpdate",
    "TranscriptReader",
    "describe_problems",
    "iter_entries",
    "load_recent",
    "load_session",
    "read_entries",
    "resumed",
    "stream_session",
    "summarise_part",
    "summarise_transcript",
]


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
    reader = TranscriptReader(
        path, start, final=final, mid_line=start > 0, skip=BOOKKEEPING, typed=ENTRY
    )
    return shown_entries(reader), reader.problems


def load_session(
    path: str | os.PathLike[str],
    *,
    include_meta: bool = False,
    tail_bytes: int | None = None,
    workers: int = 1,
) -> tuple[Conversation, list[LineProblem]]:
    """The conversation of one transcript for display, its subagents attached.

    `tail_bytes` reads only the end of a large file, for a fast first screen
    (its oldest messages may then lack their parents: the chain simply starts
    there); read again without it for the whole history. Raises OSError when
    the transcript itself cannot be opened; damage inside it, or an unreadable
    subagent file, only adds problems. With `workers` > 1 a big file is read
    whole by that many processes (`transcript_split`), with the same result.
    """
    path = Path(path)
    split = read_split(path, workers) if tail_bytes is None else None
    entries, problems = split or read_entries(path, tail_bytes=tail_bytes)
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


def stream_session(
    path: str | os.PathLike[str],
) -> tuple[Iterator[Message], list[LineProblem]]:
    """`load_session(path)`'s main-thread messages and its problems, in two
    passes over the file: the first keeps of each entry only its packed facts
    and where its line is, some 45 bytes a line, to walk the chain; the
    messages then come from each shown line read again, one line at a time,
    as they are taken. Memory does not grow with what the lines say
    (`sessions show` of a file of hundreds of megabytes). The file is opened again for the messages:
    lines appended meanwhile are not shown, a line changed under it is left out."""
    path = Path(path)
    reader = TranscriptReader(path, final=True, skip=BOOKKEEPING, typed=ENTRY)
    facts = PackedFacts()
    offsets = array("q")
    batch: list[Entry] = []
    for raw in reader:
        entry: Entry = raw.obj
        if shown(entry) and not entry.is_sidechain:
            batch.append(entry)
            offsets.append(raw.offset)
            if len(batch) == _PACKED_AT_ONCE:
                facts.extend(batch)
                batch.clear()
    facts.extend(batch)
    del batch
    problems = reader.problems
    for sub in list_subagents(path):  # their messages are not shown: only what was wrong
        try:
            sub_reader = TranscriptReader(sub.path, final=True, skip=BOOKKEEPING, typed=ENTRY)
            for _ in sub_reader:
                pass
        except OSError as exc:
            problems.append(
                LineProblem(0, 0, f"cannot open: {exc.strerror or exc}", path=str(sub.path))
            )
            continue
        problems.extend(_with_path(p, sub.path) for p in sub_reader.problems)
    plan = plan_thread(facts)

    def entries_at(indices: Sequence[int]) -> Iterator[Entry]:
        return _read_again(path, indices, offsets, facts.uuids)

    return thread_messages(plan, entries_at, include_meta=False), problems


_PACKED_AT_ONCE = 512
"""Entries held whole in pass 1 before their facts are packed."""

_NEAR = 64 << 10
"""Lines closer than this to the last one wanted are read through, not sought."""


def _read_again(
    path: Path, indices: Sequence[int], offsets: Sequence[int], uuids: Sequence[int]
) -> Iterator[Entry]:
    """The entries at `indices` (ascending), whose lines start at those
    `offsets`, read again as the first pass read them; one whose uuid's key
    is no longer that of `uuids` (the file was changed) comes back with no
    messages."""
    at, wanted = 0, len(indices)
    while at < wanted:
        reader = TranscriptReader(
            path, offsets[indices[at]], final=True, skip=BOOKKEEPING, typed=ENTRY
        )
        for raw in reader:
            offset = offsets[indices[at]]
            if raw.offset < offset:
                continue
            while offset < raw.offset:
                yield _LOST  # its line is gone
                at += 1
                if at == wanted:
                    return
                offset = offsets[indices[at]]
            if raw.offset == offset:
                entry: Entry = raw.obj
                yield entry if hash(entry.uuid) == uuids[indices[at]] else _LOST
                at += 1
                if at == wanted:
                    return
            if offsets[indices[at]] - (raw.offset + raw.length) > _NEAR:
                break  # seek there instead of reading through
        else:
            while at < wanted:  # the file ends early
                yield _LOST
                at += 1


_LOST = Entry("lost", EntryKind.META)


FIRST_TAIL = 256 << 10


def load_recent(
    path: str | os.PathLike[str], messages: int = 50, *, first_tail: int = FIRST_TAIL
) -> tuple[Conversation, list[LineProblem], bool]:
    """The last `messages` (or more) messages of a transcript, for the first
    screen of a long one: read from the end, four times further each time it
    is not enough. Also says whether the whole file was read, so a window
    knows whether to load the rest. Raises OSError like `load_session`."""
    tail = first_tail
    while True:
        size = _size_of(path)
        whole = tail >= size
        conversation, problems = load_session(path, tail_bytes=None if whole else tail)
        if whole or len(conversation.messages) >= messages:
            return conversation, problems, whole
        tail *= 4


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
    on_line: Callable[[IndexLine, RawEntry], None] | None = None,
) -> SummaryUpdate:
    """Bring a session's summary up to date, reading only what was appended
    since `offset` when `state` (from the last update) is given. `on_line`
    sees each new entry that can matter to the index, as the index sees it
    (bookkeeping lines are stepped over). Raises OSError when the file cannot be opened."""
    path = Path(path)
    kept = resumed(path, offset, state) if state is not None and offset > 0 else None
    restarted = state is not None and offset > 0 and kept is None
    checkpoint = kept or Checkpoint()
    reader = TranscriptReader(
        path,
        offset if kept else 0,
        start_line=checkpoint.line,
        skip=NOT_SUMMARISED,
        typed=INDEX,
    )
    _feed(reader, checkpoint, on_line)
    head = reader.head
    # a read from the start already has the bytes: no second open of the file
    upto = min(reader.offset, HEAD)
    if head is not None and len(head) >= upto:
        checkpoint.head = fingerprint(head[:upto])
    else:
        checkpoint.head = head_digest(path, reader.offset)
    return SummaryUpdate(
        checkpoint.summary,
        reader.offset,
        checkpoint.dumps(),
        checkpoint.problems.describe(),
        restarted,
    )


def summarise_part(
    path: str | os.PathLike[str],
    start: int,
    end: int | None,
    on_line: Callable[[IndexLine, RawEntry], None] | None = None,
) -> tuple[Checkpoint, int]:
    """`summarise_transcript` of the lines from `start` (a line start) to `end`
    (one too, or None for the file's end), numbered from 1 there: a checkpoint
    to `Checkpoint.merge` onto the one of the lines before, and where the
    next read starts. `head` is left to the caller, who knows the whole file."""
    checkpoint = Checkpoint()
    reader = TranscriptReader(path, start, end=end, skip=NOT_SUMMARISED, typed=INDEX)
    _feed(reader, checkpoint, on_line)
    return checkpoint, reader.offset


def _feed(
    reader: TranscriptReader,
    checkpoint: Checkpoint,
    on_line: Callable[[IndexLine, RawEntry], None] | None,
) -> None:
    feed = checkpoint.summary.feed_line
    for raw in reader:
        line: IndexLine = raw.obj
        feed(line)
        if on_line is not None:
            on_line(line, raw)
    checkpoint.problems.extend(reader.problems)
    checkpoint.line = reader.line


def resumed(path: str | os.PathLike[str], offset: int, state: str) -> Checkpoint | None:
    """The saved checkpoint, if it still describes this file up to `offset`."""
    try:
        checkpoint = Checkpoint.loads(state)
        with open_regular(path) as stream:
            # a line ended just before `offset`, or the file was replaced under us
            stream.seek(offset - 1)
            if stream.read(1) != b"\n":
                return None
        if checkpoint.head != head_digest(path, offset):
            return None
    except (OSError, ValueError):
        return None
    return checkpoint


def _with_path(problem: LineProblem, path: Path) -> LineProblem:
    return LineProblem(problem.line, problem.offset, problem.reason, problem.skipped, str(path))


def _size_of(path: str | os.PathLike[str]) -> int:
    return os.stat(path).st_size
