"""Every service of one Sessiondesk home, as the window and the CLI get them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from desktop.services.accounts import AccountService
from desktop.services.archive import ArchiveService
from desktop.services.bundle_exchange import BundleExchange
from desktop.services.bundles import BundleService
from desktop.services.conversations import ConversationService
from desktop.services.runs import RunService
from desktop.services.sessions import SessionService
from desktop.services.settings import SettingsService
from desktop.services.stats import StatsService
from desktop.services.switch import SwitchService


@dataclass
class ServiceHub:
    home: Path
    accounts: AccountService
    settings: SettingsService
    sessions: SessionService
    conversations: ConversationService
    runs: RunService
    archive: ArchiveService
    bundles: BundleService
    exchange: BundleExchange
    stats: StatsService
    switch: SwitchService
    claude_override: str | None = None
    """`--claude` given on the command line; wins over the setting."""
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for close in reversed(self.closers):
            close()
        self.closers.clear()
