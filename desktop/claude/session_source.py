"""Claude Code's transcripts as the session index reads them (the TranscriptSource port)."""

from __future__ import annotations

from collections.abc import Iterator
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
    from desktop.domain.transcript import Entry

# What is indexed of each message. Every character costs at insert time (a
# first index stores hundreds of megabytes of text), so: enough of a tool's
# input or output to find the call again, not the whole payload (file
# contents, command output); and the first 16,000 characters of a prompt or
# reply, a few pages, which covers all but pasted logs.
_TOOL_TEXT_LIMIT = 1000
_TEXT_LIMIT = 16_000
_SEARCHED = {"user", "assistant", "tool_use", "tool_result"}
"""The roles (`desktop.domain.transcript.Role`, a StrEnum) whose text is indexed."""


def _naive_utc(value: datetime | None) -> datetime | None:
    if value is None or value.tzinfo is None:
        return value
    return value.astimezone(UTC).replace(tzinfo=None)


def _texts(entry: Entry) -> Iterator[IndexedText]:
    for message in entry.messages:
        if message.role not in _SEARCHED or message.is_meta:
            continue
        if message.role == "tool_use":
            text = f"{message.tool_name or ''} {message.input or ''}"[:_TOOL_TEXT_LIMIT]
        elif message.role == "tool_result":
            text = message.text[:_TOOL_TEXT_LIMIT]
        else:
            text = message.text[:_TEXT_LIMIT]
        if text.strip():
            yield IndexedText(message.uuid, str(message.role), text)


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
                    subagents=tuple(str(s.path) for s in subagents),
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

        texts: list[IndexedText] = []

        def collect(entry: Entry, _raw: RawEntry) -> None:
            if not entry.is_sidechain:
                texts.extend(_texts(entry))

        resumable = known is not None and known.path == file.path and file.size >= known.size
        update = summarise_transcript(
            file.path,
            offset=known.read_offset if resumable and known else 0,
            state=known.state if resumable and known else None,
            on_entry=collect,
        )
        summary = update.summary
        record = SessionRecord(
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
            size=file.size,
            model=summary.model,
            input_tokens=summary.input_tokens,
            output_tokens=summary.output_tokens,
            error=update.error,
        )
        state = FileState(file.path, file.size, file.mtime_ns, update.offset, update.state)
        return Increment(record, state, texts, replace=not resumable or update.restarted)

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

    def locate(self, config_dir: str, session_id: str) -> str | None:
        if not is_valid_session_id(session_id):  # strict: no trailing newline either
            return None
        found = find_session_file(config_dir, session_id)
        return str(found.path) if found else None
