"""Every service of one Sessiondesk home, as the window and the CLI get them.

Each service is built on its first use (`hub.sessions`, `hub.runs`, …), with
the adapters it needs, by the wiring the hub was given (`desktop.compose`):
so a command loads and builds only what it touches, and listing sessions
never imports the run machinery or the bundle services.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, overload

from desktop.domain.changes import ChangeFeed
from desktop.services.offload import Offload, in_executor, inline

if TYPE_CHECKING:  # imported by the wiring as each service is built
    from desktop.services.accounts import AccountService
    from desktop.services.archive import ArchiveService
    from desktop.services.bundle_exchange import BundleExchange
    from desktop.services.bundles import BundleService
    from desktop.services.conversations import ConversationService
    from desktop.services.removal import RemovalService
    from desktop.services.run_wall import RunWall
    from desktop.services.runs import RunService
    from desktop.services.search import SearchService
    from desktop.services.sessions import SessionService
    from desktop.services.settings import SettingsService
    from desktop.services.stats import StatsService
    from desktop.services.switch import SwitchService

T = TypeVar("T")


class Wiring(Protocol):
    """Builds one service of a hub by its name; it may ask the hub for others."""

    def build(self, name: str, hub: ServiceHub) -> Any: ...


class _Built(Generic[T]):
    """A service built on first use, once, whichever thread asks first (the
    window refreshes from worker threads); after that a plain attribute."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, hub: None, owner: type) -> _Built[T]: ...
    @overload
    def __get__(self, hub: ServiceHub, owner: type) -> T: ...
    def __get__(self, hub: ServiceHub | None, owner: type) -> T | _Built[T]:
        if hub is None:
            return self
        with hub._building:  # re-entrant: a service's build asks for the ones it uses
            if self.name not in hub.__dict__:
                hub.__dict__[self.name] = hub._wiring.build(self.name, hub)
            built: T = hub.__dict__[self.name]
        return built


class ServiceHub:
    accounts: _Built[AccountService] = _Built()
    settings: _Built[SettingsService] = _Built()
    sessions: _Built[SessionService] = _Built()
    conversations: _Built[ConversationService] = _Built()
    runs: _Built[RunService] = _Built()
    wall: _Built[RunWall] = _Built()
    search: _Built[SearchService] = _Built()
    archive: _Built[ArchiveService] = _Built()
    bundles: _Built[BundleService] = _Built()
    exchange: _Built[BundleExchange] = _Built()
    stats: _Built[StatsService] = _Built()
    switch: _Built[SwitchService] = _Built()
    removal: _Built[RemovalService] = _Built()

    def __init__(
        self,
        home: Path,
        wiring: Wiring,
        executor: Executor,
        claude_override: str | None = None,
        closers: list[Callable[[], None]] | None = None,
    ) -> None:
        self.home = home
        self.executor = executor
        """The process's one executor for blocking work (`desktop.compose`): the
        window hands it what would block its loop."""
        self.claude_override = claude_override
        """`--claude` given on the command line; wins over the setting."""
        self.closers = closers if closers is not None else []
        self._wiring = wiring
        self._building = threading.RLock()
        self.changes = ChangeFeed()
        """What its services' operations changed, as they report it (the window listens)."""
        self.offload: Offload = inline
        """How its async services (runs, conversations) run their blocking steps."""

    def use_executor(self) -> None:
        """From now on the async services await their blocking steps on `executor`,
        so the loop that awaits them keeps turning: the window's composition asks
        (`desktop.app.build_window`); a command keeps them inline. Services not
        built yet get it when they are (`desktop.compose`)."""
        if self.offload is inline:
            self.offload = in_executor(self.executor)
            for name in ("runs", "conversations"):
                service = self.__dict__.get(name)
                if service is not None:
                    service.offload = self.offload

    def close(self) -> None:
        for close in reversed(self.closers):
            close()
        self.closers.clear()
