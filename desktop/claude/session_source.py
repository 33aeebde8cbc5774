"""Claude Code's transcripts as the session index reads them (the TranscriptSource port)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from desktop.claude.discovery import find_session_file, iter_found, list_subagents
from desktop.domain.sessions import (
    FileState,
    Increment,
    IndexedText,
    SessionContent,
    SessionRecord,
    TranscriptFile,
    is_valid_session_id,
)

if TYPE_CHECKING:  # the reading is imported when a file is read: a scan needs none of it
    from desktop.claude.transcripts import RawEntry
    from desktop.domain.transcript import Message
    from desktop.domain.transcript_checkpoint import Checkpoint
    from desktop.domain.transcript_index import IndexLine
    from desktop.domain.transcript_summary import SessionSummary


def _naive_utc(value: datetime | None) -> datetime | None:
    if value is None or value.tzinfo is None:
        return value
    return value.astimezone(UTC).replace(tzinfo=None)


PART_BYTES = 8 << 20
"""A file twice this size or more is read in parts of about this much, by
several processes at once, and its text reaches the index part by part."""


@dataclass(slots=True)
class TranscriptPart:
    """What reading one range of a transcript gave (plain data: it is pickled)."""

    checkpoint: Checkpoint
    """Of these lines alone, numbered from 1."""
    offset: int
    """Just past the last complete line read."""
    texts: list[tuple[str | None, str, str]]


def _resumable(file: TranscriptFile, known: FileState | None) -> bool:
    return known is not None and known.path == file.path and file.size >= known.size


def _base(file: TranscriptFile, known: FileState | None) -> tuple[int, Checkpoint | None] | None:
    """Where a split read starts, and the checkpoint it goes on from: the
    start and none, or where the last read stopped and its checkpoint.
    None when only `read` knows (a state that no longer fits the file)."""
    from desktop.claude.transcripts import resumed

    if not _resumable(file, known):
        return 0, None
    assert known is not None
    if known.state is None or known.read_offset <= 0:
        return None
    checkpoint = resumed(file.path, known.read_offset, known.state)
    return None if checkpoint is None else (known.read_offset, checkpoint)


def _record(
    account: str, file: TranscriptFile, summary: SessionSummary, error: str | None, size: int
) -> SessionRecord:
    return SessionRecord(
        account=account,
        session_id=file.session_id,
        path=file.path,
        cwd=summary.cwd,
        title=summary.title,
        first_prompt=summary.first_prompt,
        message_count=summary.message_count,
        created=_naive_utc(summary.created),
        modified=_naive_utc(summary.modified)
        or datetime.fromtimestamp(file.mtime_ns / 1e9, UTC).replace(tzinfo=None),
        size=size,
        model=summary.model,
        input_tokens=summary.input_tokens,
        output_tokens=summary.output_tokens,
        error=error,
    )


class ClaudeTranscripts:
    """Reads, never writes, the transcripts under an account's config dir."""

    def scan(self, config_dir: str) -> Iterator[TranscriptFile]:
        """Each session once, by its id in lower case. The same id in several
        project folders (a transcript copied to resume it from another folder)
        is one session: the copy written last, as `find_session_file` picks."""
        found: dict[str, TranscriptFile] = {}
        for session_id, path, info, _project, subagents in iter_found(config_dir):
            key = session_id.lower()
            other = found.get(key)
            if other is None or info.st_mtime_ns > other.mtime_ns:
                found[key] = TranscriptFile(
                    session_id=key,
                    path=path,
                    size=info.st_size,
                    mtime_ns=info.st_mtime_ns,
                    subagents=tuple([str(s.path) for s in subagents]) if subagents else (),
                )
        yield from found.values()

    def subagents(self, path: str) -> list[str]:
        found = []
        for sub in list_subagents(path):
            found.append(str(sub.path))
            if sub.meta_path is not None:
                found.append(str(sub.meta_path))
        return found

    def read(self, account: str, file: TranscriptFile, known: FileState | None) -> Increment:
        from desktop.claude.transcripts import summarise_transcript
        from desktop.domain.textsearch import searchable

        texts: list[tuple[str | None, str, str]] = []

        def collect(line: IndexLine, _raw: RawEntry) -> None:
            texts.extend(line.texts)

        resumable = _resumable(file, known)
        update = summarise_transcript(
            file.path,
            offset=known.read_offset if resumable and known else 0,
            state=known.state if resumable and known else None,
            on_line=collect,
        )
        state = FileState(file.path, file.size, file.mtime_ns, update.offset, update.state)
        record = _record(account, file, update.summary, update.error, file.size)
        replace = not resumable or update.restarted
        # as stored: in a first index this is one of the workers, not the writer
        stored = [IndexedText(*t) for t in searchable(texts)]
        return Increment(record, state, stored, replace, searchable=True)

    def split(self, file: TranscriptFile, known: FileState | None) -> list[tuple[int, int | None]]:
        """Byte ranges of a big file still to read (from its start, or from
        where the last read stopped), each beginning at a line start, the last
        one open-ended; [] to read it whole, as `read` does."""
        base = _base(file, known)
        if base is None or file.size - base[0] < 2 * PART_BYTES:
            return []
        from desktop.claude.transcript_reader import line_ranges

        return line_ranges(file.path, PART_BYTES, base[0], file.size)

    def read_part(self, file: TranscriptFile, start: int, end: int | None) -> TranscriptPart:
        """One range of `split` (in a worker process): for `joiner` to put together."""
        from desktop.claude.transcripts import summarise_part
        from desktop.domain.textsearch import searchable

        texts: list[tuple[str | None, str, str]] = []

        def collect(line: IndexLine, _raw: RawEntry) -> None:
            texts.extend(line.texts)

        checkpoint, offset = summarise_part(file.path, start, end, collect)
        return TranscriptPart(checkpoint, offset, searchable(texts))

    def joiner(
        self, account: str, file: TranscriptFile, known: FileState | None
    ) -> Callable[[object, bool], Increment]:
        """Put the parts of a split file together, first to last: each gives an
        increment with its text that the index can store at once (the first
        of a file read from its start replaces what was indexed, the others
        append), and whose state resumes from the end of that part; the last
        (`last`) is the whole file's."""
        from desktop.regular_files import head_digest

        base = _base(file, known)
        joined: list[Checkpoint] = [base[1]] if base and base[1] else []

        def join(part: object, last: bool) -> Increment:
            assert isinstance(part, TranscriptPart)
            first = not joined
            if first:
                joined.append(part.checkpoint)
            else:
                joined[0].merge(part.checkpoint)
            checkpoint = joined[0]
            checkpoint.head = head_digest(file.path, part.offset)
            # short of the end, the size is the part's: a run that stops here
            # leaves a file that differs from its state, so the next one goes on
            size = file.size if last else part.offset
            state = FileState(file.path, size, file.mtime_ns, part.offset, checkpoint.dumps())
            error = checkpoint.problems.describe()
            record = _record(account, file, checkpoint.summary, error, size)
            texts = [IndexedText(*t) for t in part.texts]
            return Increment(record, state, texts, first, not last, searchable=True)

        return join

    def load(self, path: str, recent: int | None = None, workers: int = 1) -> SessionContent:
        """The whole transcript, or with `recent` only enough of its end for that
        many messages (a long file's first screen; `complete` says which). With
        `workers` > 1 a big file is read whole in processes of its own."""
        from desktop.claude.transcript_aside import load_aside
        from desktop.claude.transcripts import load_recent, load_session

        whole = True
        if recent is None:
            thread, problems = load_aside(path, workers) or load_session(path)
        else:
            thread, problems, whole = load_recent(path, recent)
        return SessionContent(thread, [f"{p.where}: {p.reason}" for p in problems], whole,
                              tuple(problems))  # fmt: skip

    def stream(self, path: str) -> tuple[Iterator[Message], list[str]]:
        from desktop.claude.transcripts import stream_session

        messages, problems = stream_session(path)
        return messages, [f"{p.where}: {p.reason}" for p in problems]

    def locate(self, config_dir: str, session_id: str) -> str | None:
        if not is_valid_session_id(session_id):  # strict: no trailing newline either
            return None
        found = find_session_file(config_dir, session_id)
        return str(found.path) if found else None
