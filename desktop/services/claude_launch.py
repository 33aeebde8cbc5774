"""Which `claude` runs a turn and what it can do: located and probed once per turn."""

from __future__ import annotations

from dataclasses import dataclass

from desktop.domain.ports import ClaudeRuntime
from desktop.domain.runs import Capabilities
from desktop.domain.turn_plan import Runtime
from desktop.services.offload import Offload, inline
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

    async def probe(self, offload: Offload = inline) -> Launch:
        """The binary and what it can do; `offload` runs the look-up (the setting
        in SQLite, a walk of PATH) off the caller's loop (`desktop.services.offload`)."""
        binary = await offload(self.binary)
        return Launch(binary, await self.runtime.probe(binary))
