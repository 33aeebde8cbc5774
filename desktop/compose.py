"""Wire the services to their adapters: shared by the window and the CLI."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cached_property
from pathlib import Path
from typing import Any, SupportsIndex

from desktop.domain.errors import StoreError
from desktop.home import resolve_home as resolve_home  # where the CLI and the window ask
from desktop.services.hub import ServiceHub

DB_NAME = "sessiondesk.db"
BLOCKING_THREADS = 32
"""The most blocking calls (SQLite, the keyring, starting a process, reading
transcripts) the process runs at once: a window's views, its index pass and
five streaming runs use a dozen at most; the rest is room for slow disks."""

_blocking: ThreadPoolExecutor | None = None
_blocking_lock = threading.Lock()


def blocking_executor() -> ThreadPoolExecutor:
    """The process's one executor for blocking work, made on first use: the
    window's asyncio loop (qasync) hands it every call that would block it,
    and every hub of the process shares it (a test opens several)."""
    global _blocking
    with _blocking_lock:
        if _blocking is None:
            _blocking = ThreadPoolExecutor(
                BLOCKING_THREADS, thread_name_prefix="sessiondesk-blocking"
            )
        return _blocking


def prepare_home(home: Path) -> None:
    """Create the data folder, or say in one line why it cannot be used."""
    from desktop.home_trouble import check_home

    check_home(home)  # /proc, /sys, a read-only folder: said before SQLite fails on it
    try:
        if home.exists() and not home.is_dir():
            raise NotADirectoryError(20, "it is not a folder")
        home.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"cannot use {home} as Sessiondesk's data folder: {exc.strerror or exc} "
            "(choose another with --home)"
        ) from None


class _OnFirstUse:
    """An adapter imported and built when one of its attributes is first asked
    for, once, whichever thread asks first: the window lists sessions from the
    index before its first paint, and needs the transcript reader and the
    archive only once files are read (~10 ms of imports before that paint)."""

    def __init__(self, build: Callable[[], Any]) -> None:
        self._build: Callable[[], Any] | None = build
        self._built: Any = None
        self._lock = threading.Lock()

    def built(self) -> Any:
        if self._build is not None:
            with self._lock:
                if self._build is not None:
                    self._built, self._build = self._build(), None
        return self._built

    def __getattr__(self, name: str) -> Any:
        return getattr(self.built(), name)

    def __reduce_ex__(self, protocol: SupportsIndex) -> tuple[Any, ...]:
        # the index's worker processes are spawned and get the transcript
        # source pickled: the adapter itself travels, not this stand-in (a
        # builder may be a local lambda, and a lock cannot be pickled)
        return _itself, (self.built(),)


def _itself(adapter: Any) -> Any:
    return adapter


def _claude_transcripts() -> Any:
    from desktop.claude.session_source import ClaudeTranscripts

    return ClaudeTranscripts()


class _Wiring:
    """How each service of a hub is built: its adapters are imported here, on
    the first use of the service, so a command pays only for what it uses."""

    def __init__(self, home: Path, claude: str | None, repair_index: bool = False) -> None:
        from desktop.store.db import open_database

        self.home = home
        self.claude = claude
        self.db = open_database(home / DB_NAME, repair_index=repair_index)
        self._launcher: Any = None
        self._carry: Any = None
        self.source = _OnFirstUse(_claude_transcripts)
        """The transcript reader, shared by the index (whose worker thread may
        ask for it first) and the archive."""

    def build(self, name: str, hub: ServiceHub) -> Any:
        return getattr(self, f"_{name}")(hub)

    @cached_property
    def settings_repo(self) -> Any:
        from desktop.store.settings import SqlSettingsRepository

        return SqlSettingsRepository(self.db)

    @cached_property
    def index(self) -> Any:
        from desktop.store.sessions import SqlSessionIndex

        return SqlSessionIndex(self.db)

    @cached_property
    def conversation_rows(self) -> Any:
        from desktop.store.conversations import SqlConversationRepository

        return SqlConversationRepository(self.db)

    @cached_property
    def executions(self) -> Any:
        from desktop.store.conversations import SqlExecutionRepository

        return SqlExecutionRepository(self.db)

    def launcher(self, hub: ServiceHub) -> Any:
        """One launcher, shared by the conversations, the runs and the carry-over."""
        if self._launcher is None:
            from desktop.claude.runtime import ClaudeCli
            from desktop.services.claude_launch import ClaudeLauncher

            runtime = ClaudeCli(self.home / "cache")
            self._launcher = ClaudeLauncher(runtime, hub.settings, self.claude)
        return self._launcher

    def _accounts(self, hub: ServiceHub) -> Any:
        from desktop.claude.configdir import default_config_dir
        from desktop.services.accounts import AccountService
        from desktop.store.accounts import SqlAccountRepository
        from desktop.vault.keyring_vault import KeyringVault

        accounts = AccountService(
            SqlAccountRepository(self.db),
            KeyringVault(),
            self.settings_repo,
            default_config_dir(),
            feed=hub.changes,
        )
        accounts.ensure_default()
        return accounts

    def _settings(self, hub: ServiceHub) -> Any:
        from desktop.services.settings import SettingsService

        return SettingsService(self.settings_repo, hub.changes)

    def _sessions(self, hub: ServiceHub) -> Any:
        from desktop.services.sessions import SessionService

        sessions = SessionService(self.index, self.source, hub.accounts, hub.settings)
        sessions.archive = _OnFirstUse(lambda: hub.archive.store)
        # each stored batch is archived while the index goes on (built on first use too)
        sessions.stored.append(lambda batch: hub.archive.stored(batch))
        sessions.after_refresh.append(lambda: hub.archive.sync())
        return sessions

    def _archive(self, hub: ServiceHub) -> Any:
        from desktop.services.archive import ArchiveService
        from desktop.store.archive import SqlTranscriptArchive

        store = SqlTranscriptArchive(self.db, self.home / "archive")
        return ArchiveService(store, self.index, self.source, hub.settings)

    def _conversations(self, hub: ServiceHub) -> Any:
        from desktop.services.conversations import ConversationService

        rows, executions = self.conversation_rows, self.executions
        conversations = ConversationService(
            rows, executions, hub.sessions, self.launcher(hub), feed=hub.changes
        )
        conversations.offload = hub.offload
        return conversations

    def _runs(self, hub: ServiceHub) -> Any:
        from desktop.services.references import ReferenceService
        from desktop.services.runs import RunService
        from desktop.services.turn_planning import TurnPlanner
        from desktop.services.turn_recording import TurnRecorder
        from desktop.services.turn_recovery import TurnRecovery
        from desktop.store.rollovers import SqlRolloverRepository

        launcher, rows, executions = self.launcher(hub), self.conversation_rows, self.executions
        references = ReferenceService(hub.conversations, hub.sessions, hub.settings)
        planner = TurnPlanner(launcher, hub.conversations, rows, executions, hub.accounts,
                              hub.settings, self.carry(hub), references)  # fmt: skip
        rollovers = SqlRolloverRepository(self.db)
        recorder = TurnRecorder(launcher.runtime, executions, rows, hub.conversations,
                                hub.sessions, hub.accounts, rollovers, self.run_notes)  # fmt: skip
        recovery = TurnRecovery(recorder, hub.conversations, executions)
        runs = RunService(launcher, planner, recorder, recovery, rollovers)
        runs.offload = hub.offload  # the window's executor, or inline for a command
        return runs

    @cached_property
    def run_notes(self) -> Any:
        from desktop.store.run_notes import RunNoteFiles

        return RunNoteFiles(self.home / "cache" / "runs")

    def _wall(self, hub: ServiceHub) -> Any:
        from desktop.services.run_wall import RunWall

        return RunWall(self.executions, self.conversation_rows, hub.runs, self.run_notes)

    def carry(self, hub: ServiceHub) -> Any:
        """One carry-over builder: the runs build with it, a switch checks with it."""
        if self._carry is None:
            from desktop.claude.transcript_copy import TranscriptCopies
            from desktop.services.carry import CarryOverBuilder

            runtime = self.launcher(hub).runtime
            self._carry = CarryOverBuilder(
                hub.sessions, hub.accounts, hub.settings, runtime, TranscriptCopies()
            )
        return self._carry

    def _switch(self, hub: ServiceHub) -> Any:
        from desktop.services.switch import SwitchService

        rows, executions = self.conversation_rows, self.executions
        return SwitchService(
            hub.conversations, rows, executions, hub.accounts, hub.settings, hub.runs,
            self.carry(hub),
        )  # fmt: skip

    def _bundles(self, hub: ServiceHub) -> Any:
        from desktop.services.bundles import BundleService
        from desktop.store.bundles import SqlBundleRepository

        repo = SqlBundleRepository(self.db)
        return BundleService(repo, hub.runs, hub.conversations, hub.sessions, hub.settings)

    def _exchange(self, hub: ServiceHub) -> Any:
        from desktop.services.bundle_exchange import BundleExchange
        from desktop.store.bundle_zip import ZipBundleFiles
        from desktop.store.bundles import SqlBundleTransfer
        from desktop.store.rollovers import SqlRolloverRepository

        return BundleExchange(
            hub.bundles,
            SqlBundleTransfer(self.db, self.home / "archive"),
            ZipBundleFiles(),
            hub.conversations,
            hub.sessions,
            hub.archive,
            hub.accounts,
            SqlRolloverRepository(self.db),
        )

    def _removal(self, hub: ServiceHub) -> Any:
        from desktop.claude.transcript_removal import ClaudeTranscriptRemover
        from desktop.services.removal import RemovalService
        from desktop.store.archive_removal import SqlArchiveRemoval
        from desktop.store.conversation_removal import SqlConversationRemoval

        return RemovalService(
            hub.conversations, SqlConversationRemoval(self.db),
            SqlArchiveRemoval(self.db, self.home / "archive"), lambda: hub.archive.archived(),
            ClaudeTranscriptRemover(), lambda e: hub.runs.owner_alive(e),
            lambda: [a.name for a in hub.accounts.accounts()], feed=hub.changes,
        )  # fmt: skip

    def _search(self, hub: ServiceHub) -> Any:
        from desktop.services.search import SearchService
        from desktop.store.conversation_directory import SqlConversationDirectory

        return SearchService(hub.sessions, SqlConversationDirectory(self.db))

    def _stats(self, hub: ServiceHub) -> Any:
        from desktop.services.stats import StatsService
        from desktop.store.stats import SqlStatsQueries

        return StatsService(SqlStatsQueries(self.db))


def open_services(
    home: Path, claude: str | None = None, *, repair_index: bool = False
) -> ServiceHub:
    """The services of a home, each built on first use; a turn left running by
    a Sessiondesk that died is recovered first, on every start. `repair_index`:
    damage confined to the session index is repaired (for `index --rebuild`)."""
    from desktop.store.unfinished import any_unfinished

    prepare_home(home)
    wiring = _Wiring(home, claude, repair_index)
    hub = ServiceHub(home, wiring, blocking_executor(), claude, closers=[wiring.db.close])
    if any_unfinished(wiring.db):
        # a Sessiondesk that died mid-turn: end its claude, mark the row interrupted
        import asyncio

        asyncio.run(hub.runs.recover())
    return hub
