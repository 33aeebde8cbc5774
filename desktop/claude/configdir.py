"""Where Claude Code keeps an account's world."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def default_config_dir(env: Mapping[str, str] | None = None) -> Path:
    """`$CLAUDE_CONFIG_DIR`, else `~/.claude`, as the CLI itself decides."""
    env = os.environ if env is None else env
    configured = env.get("CLAUDE_CONFIG_DIR", "").strip()
    if configured:
        return Path(os.path.expanduser(configured)).absolute()
    return Path.home() / ".claude"
