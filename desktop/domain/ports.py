"""The ports: what the services need from storage, secrets and the Claude CLI.

Adapters in `desktop.store`, `desktop.vault` and `desktop.claude` implement
these; the services only ever see the Protocols.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # annotations only: a port costs its users no imports
    from desktop.domain.accounts import Account, AuthKind
    from desktop.domain.conversations import (
        Conversation,
        ConversationTarget,
        Execution,
        SessionLink,
    )
    from desktop.domain.events import Event
    from desktop.domain.rollover import Rollover
    from desktop.domain.run_modes import ModelOption
    from desktop.domain.run_wall import RunNote
    from desktop.domain.runs import Capabilities, RunRequest
    from desktop.domain.sessions import (
        FileState,
        Increment,
        IndexedText,
        SearchHit,
        SessionFilter,
        SessionRecord,
        TranscriptFile,
    )


class AccountRepository(Protocol):
    def add(self, name: str, config_dir: str, auth: AuthKind) -> Account: ...
    def get(self, name: str) -> Account | None: ...
    def list(self) -> list[Account]: ...
    def update(self, name: str, config_dir: str, auth: AuthKind) -> Account | None: ...
    def remove(self, name: str) -> bool: ...


class SettingsRepository(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def delete(self, key: str) -> None: ...
    def all(self) -> dict[str, str]: ...


class SecretVault(Protocol):
    """Secrets by each account's `secret_ref`. Values never leave through logs or argv."""

    def store(self, account: str, secret: str) -> None: ...
    def load(self, account: str) -> str | None: ...
    def delete(self, account: str) -> None: ...
    def has(self, account: str) -> bool: ...


class SessionIndex(Protocol):
    def file_stamps(self, account: str) -> dict[str, tuple[int, int]]:
        """(size, mtime_ns) of each transcript indexed and not missing: what a
        refresh compares the disk with."""
        ...

    def known_files(self, account: str, session_ids: Iterable[str]) -> dict[str, FileState]:
        """How far each of these sessions was read (those indexed and not missing)."""
        ...

    def save(
        self,
        record: SessionRecord,
        file: FileState,
        texts: Sequence[IndexedText],
        *,
        replace: bool,
    ) -> None: ...
    def save_many(self, increments: Sequence[Increment]) -> None:
        """Several sessions in one transaction (a cold index writes thousands)."""
        ...

    def mark_missing(self, account: str, session_ids: Sequence[str]) -> None: ...
    def forget(self, account: str) -> None: ...
    def list(self, flt: SessionFilter) -> list[SessionRecord]: ...
    def find(self, session_id: str, account: str | None = None) -> list[SessionRecord]: ...
    def search(self, query: str, account: str | None, limit: int) -> list[SearchHit]: ...
    def texts(self, account: str, session_id: str) -> list[IndexedText]: ...


class TranscriptSource(Protocol):
    """Claude Code's transcript files, read-only."""

    def scan(self, config_dir: str) -> Iterable[TranscriptFile]: ...
    def read(self, account: str, file: TranscriptFile, known: FileState | None) -> Increment: ...
    def split(self, file: TranscriptFile, known: FileState | None) -> list[tuple[int, int | None]]:
        """Byte ranges to read a big file in, by several processes; [] to read it whole."""
        ...

    def read_part(self, file: TranscriptFile, start: int, end: int | None) -> object:
        """One range of `split`: plain data for the `joiner`."""
        ...

    def joiner(
        self, account: str, file: TranscriptFile, known: FileState | None
    ) -> Callable[[object, bool], Increment]:
        """Takes the parts in order (and whether it is the last): an increment each."""
        ...

    def load(self, path: str, recent: int | None = None, workers: int = 1) -> Any:
        """The transcript for display; `workers` > 1 lets a big file be read by
        that many processes at once (the same content)."""
        ...

    def stream(self, path: str) -> tuple[Iterable[Any], list[str]]:
        """`load(path)`'s messages, read as they are taken (memory bounded by
        the count of lines, not by their text), and its problems, worded."""
        ...

    def locate(self, config_dir: str, session_id: str) -> str | None: ...
    def subagents(self, path: str) -> list[str]:
        """The files of a transcript's subagents (their transcripts and notes), by name."""
        ...


class ConversationRepository(Protocol):
    def create(self, title: str, account: str | None, cwd: str | None) -> Conversation: ...
    def get(self, conversation_id: str) -> Conversation | None: ...
    def by_number(self, number: int) -> Conversation | None: ...
    def list(self) -> list[Conversation]: ...
    def update(
        self, conversation_id: str, *, account: str | None = None, **fields: Any
    ) -> None: ...
    def bump_epoch(self, conversation_id: str) -> int: ...


class ExecutionRepository(Protocol):
    def create(
        self, execution: Execution, *, running: Callable[[Execution], bool] | None = None
    ) -> Execution: ...
    def update(
        self,
        execution_id: str,
        *,
        usage: dict[str, Any] | None = None,
        finished: bool = False,
        **fields: Any,
    ) -> Execution: ...
    def get(self, execution_id: str) -> Execution | None: ...
    def for_conversation(self, conversation_id: str) -> list[Execution]: ...
    def session_links(self) -> list[SessionLink]:
        """Every execution's conversation, session and fork origin, oldest first."""
        ...

    def forks_of(self, execution_ids: Sequence[str]) -> list[Execution]: ...
    def with_session(self, session_id: str) -> list[Execution]: ...
    def with_prefix(self, prefix: str) -> list[Execution]: ...
    def unfinished(self) -> list[Execution]: ...
    def prompts_containing(self, text: str) -> list[tuple[str, str]]:
        """(conversation id, prompt) of each execution whose prompt holds `text`."""
        ...


class RolloverRepository(Protocol):
    def add(self, rollover: Rollover) -> Rollover: ...
    def for_conversation(self, conversation_id: str) -> list[Rollover]: ...


class RunNotes(Protocol):
    """What a turn's owner knows of it (tokens, a waiting question), kept where
    other processes of the same home can read it."""

    def write(self, execution_id: str, note: RunNote) -> None: ...
    def read(self, execution_id: str) -> RunNote | None: ...
    def remove(self, execution_id: str) -> None: ...


class RunningClaude(Protocol):
    """One `claude` process serving one turn."""

    pid: int
    start_time: float | None
    argv: tuple[str, ...]
    secrets: tuple[str, ...]
    """What must never be shown of what it says: the secrets it was given."""

    @property
    def returncode(self) -> int | None: ...
    def turn(self, content: str) -> AsyncIterator[Event]: ...
    async def respond_permission(
        self,
        request_id: str,
        allow: bool,
        updated_input: Mapping[str, Any] | None = None,
        message: str | None = None,
    ) -> None: ...
    async def interrupt(self, timeout: float = 10.0) -> None: ...
    async def close(self) -> int | None: ...


class ClaudeRuntime(Protocol):
    """Finding, probing, starting and ending `claude` processes."""

    nice: int
    """How far below ours the scheduling priority of the processes started is
    (0: the same); the window lowers it so starting claudes leave it a core."""

    def locate(self, explicit: str | None, setting: str | None) -> str: ...
    async def probe(self, binary: str) -> Capabilities: ...
    def argv(self, binary: str, request: RunRequest, caps: Capabilities) -> list[str]: ...
    async def start(
        self, argv: Sequence[str], cwd: str, account_env: Mapping[str, str]
    ) -> RunningClaude:
        """Run `argv` (from `argv()`, built once per attempt) in `cwd`."""
        ...

    async def models(
        self, binary: str, caps: Capabilities, account_env: Mapping[str, str]
    ) -> list[ModelOption]:
        """The models `claude` offers the account whose variables are `account_env`."""
        ...

    def start_time(self, pid: int) -> float | None: ...
    async def end_group(self, pid: int, start_time: float) -> bool: ...
    def account_env(
        self, config_dir: str, auth: AuthKind, secret: str | None
    ) -> dict[str, str]: ...


class TranscriptCopier(Protocol):
    """Copies one transcript into another account's config dir under a new name."""

    def copy_as(self, path: str, config_dir: str, new_session_id: str) -> str:
        """The new file's path; never overwrites a file (raises OSError instead)."""
        ...


class ConversationDirectory(Protocol):
    """Every conversation's words and current session, read cheaply (a search
    from the command line should not pay for the whole conversation store)."""

    def targets(self) -> list[ConversationTarget]: ...
