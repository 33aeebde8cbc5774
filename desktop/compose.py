"""Wire the services to their adapters: shared by the window and the CLI."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import platformdirs

from desktop.claude.configdir import default_config_dir
from desktop.claude.runtime import ClaudeCli
from desktop.claude.session_source import ClaudeTranscripts
from desktop.claude.transcript_copy import TranscriptCopies
from desktop.domain.errors import StoreError
from desktop.services.accounts import AccountService
from desktop.services.archive import ArchiveService
from desktop.services.bundle_exchange import BundleExchange
from desktop.services.bundles import BundleService
from desktop.services.carry import CarryOverBuilder
from desktop.services.claude_launch import ClaudeLauncher
from desktop.services.conversations import ConversationService
from desktop.services.hub import ServiceHub
from desktop.services.references import ReferenceService
from desktop.services.runs import RunService
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService
from desktop.services.stats import StatsService
from desktop.services.switch import SwitchService
from desktop.store.accounts import SqlAccountRepository
from desktop.store.archive import SqlTranscriptArchive
from desktop.store.bundle_zip import ZipBundleFiles
from desktop.store.bundles import SqlBundleRepository, SqlBundleTransfer
from desktop.store.conversations import SqlConversationRepository, SqlExecutionRepository
from desktop.store.db import open_database
from desktop.store.rollovers import SqlRolloverRepository
from desktop.store.sessions import SqlSessionIndex
from desktop.store.settings import SqlSettingsRepository
from desktop.store.stats import SqlStatsQueries
from desktop.vault.keyring_vault import KeyringVault

DB_NAME = "sessiondesk.db"


def resolve_home(home: str | None) -> Path:
    """`--home`, else `$SESSIONDESK_HOME`, else the per-user data dir."""
    chosen = home or os.environ.get("SESSIONDESK_HOME", "").strip()
    if chosen:
        return Path(os.path.expanduser(chosen)).absolute()
    return Path(platformdirs.user_data_dir("sessiondesk", appauthor=False))


def prepare_home(home: Path) -> None:
    """Create the data folder, or say in one line why it cannot be used."""
    try:
        if home.exists() and not home.is_dir():
            raise NotADirectoryError(20, "it is not a folder")
        home.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"cannot use {home} as Sessiondesk's data folder: {exc.strerror or exc} "
            "(choose another with --home)"
        ) from None


def open_services(home: Path, claude: str | None = None) -> ServiceHub:
    prepare_home(home)
    db = open_database(home / DB_NAME)
    settings_repo = SqlSettingsRepository(db)
    accounts = AccountService(
        SqlAccountRepository(db), KeyringVault(), settings_repo, default_config_dir()
    )
    accounts.ensure_default()
    settings = SettingsService(settings_repo)
    index, source = SqlSessionIndex(db), ClaudeTranscripts()
    sessions = SessionService(index, source, accounts, settings)
    archive = ArchiveService(SqlTranscriptArchive(db, home / "archive"), index, source, settings)
    sessions.archive = archive.store
    sessions.after_refresh.append(archive.sync)
    launcher = ClaudeLauncher(ClaudeCli(home / "cache"), settings, claude)
    conversation_rows, executions = SqlConversationRepository(db), SqlExecutionRepository(db)
    conversations = ConversationService(conversation_rows, executions, sessions, launcher)
    carry = CarryOverBuilder(sessions, accounts, settings, launcher.runtime, TranscriptCopies())
    runs = RunService(
        launcher, conversations, conversation_rows, executions, accounts, settings, sessions, carry,
        references=ReferenceService(conversations, sessions, settings),
        rollovers=SqlRolloverRepository(db),
    )  # fmt: skip
    switch = SwitchService(conversations, conversation_rows, executions, accounts, settings, runs)
    if runs.needs_recovery():
        # a Sessiondesk that died mid-turn: end its claude, mark the row interrupted
        asyncio.run(runs.recover())
    bundles = BundleService(SqlBundleRepository(db), runs, conversations, sessions, settings)
    return ServiceHub(
        home=home,
        accounts=accounts,
        settings=settings,
        sessions=sessions,
        conversations=conversations,
        runs=runs,
        archive=archive,
        bundles=bundles,
        exchange=BundleExchange(
            bundles,
            SqlBundleTransfer(db, home / "archive"),
            ZipBundleFiles(),
            conversations,
            sessions,
            archive,
            accounts,
        ),
        stats=StatsService(SqlStatsQueries(db)),
        switch=switch,
        claude_override=claude,
        closers=[db.close],
    )
