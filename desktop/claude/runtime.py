"""The ClaudeRuntime port: locate, probe, start and end `claude` processes."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from desktop.claude.argv import build_argv
from desktop.claude.locate import locate_claude
from desktop.claude.models import list_models
from desktop.claude.probe import probe_claude
from desktop.claude.process import ClaudeProcess
from desktop.claude.reap import kill_leftover, process_start_time
from desktop.domain.accounts import AuthKind
from desktop.domain.run_modes import ModelOption
from desktop.domain.runs import Capabilities, RunRequest


class ClaudeCli:
    def __init__(self, cache_dir: Path, base_env: Mapping[str, str] | None = None) -> None:
        self._cache_dir = cache_dir
        self._base_env = base_env
        self.nice = 0

    def locate(self, explicit: str | None, setting: str | None) -> str:
        return str(locate_claude(explicit, setting))

    async def probe(self, binary: str) -> Capabilities:
        return await probe_claude(Path(binary), cache_dir=self._cache_dir)

    def argv(self, binary: str, request: RunRequest, caps: Capabilities) -> list[str]:
        return build_argv(binary, request, caps)

    async def start(
        self, argv: Sequence[str], cwd: str, account_env: Mapping[str, str]
    ) -> ClaudeProcess:
        return await ClaudeProcess.launch(
            argv, cwd, account_env, base_env=self._base_env, nice=self.nice
        )

    async def models(
        self, binary: str, caps: Capabilities, account_env: Mapping[str, str]
    ) -> list[ModelOption]:
        return await list_models(binary, caps, account_env, base_env=self._base_env)

    def start_time(self, pid: int) -> float | None:
        return process_start_time(pid)

    async def end_group(self, pid: int, start_time: float) -> bool:
        return await kill_leftover(pid, start_time)

    def account_env(self, config_dir: str, auth: AuthKind, secret: str | None) -> dict[str, str]:
        env = {"CLAUDE_CONFIG_DIR": os.path.abspath(config_dir)}
        if auth.env_var and secret:
            env[auth.env_var] = secret
        return env
