"""Which `claude` runs a turn and what it can do: located and probed once per turn."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.domain.ports import ClaudeRuntime
from desktop.domain.runs import Capabilities
from desktop.domain.turn_plan import Runtime
from desktop.services.settings import SettingsService


@dataclass(frozen=True, slots=True)
class Launch:
    binary: str
    caps: Capabilities

    @property
    def runtime(self) -> Runtime:
        return Runtime(
            runtime_id=str(self.caps.fingerprint),
            supports_resume=self.caps.supports("--resume"),
            supports_fork=self.caps.supports("--fork-session"),
        )


class ClaudeLauncher:
    def __init__(
        self, runtime: ClaudeRuntime, settings: SettingsService, override: str | None = None
    ) -> None:
        self.runtime = runtime
        self._settings = settings
        self._override = override

    def binary(self) -> str:
        """`--claude`, the setting, the environment, then PATH; raises when missing."""
        return self.runtime.locate(self._override, self._settings.get("claude.path"))

    async def probe(self) -> Launch:
        binary = self.binary()
        return Launch(binary, await self.runtime.probe(binary))
