"""Sessiondesk's own command driving the real claude of a rig account."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.clirun import CliResult, sessiondesk
from tests.rig.claude import ClaudeAccount, hermetic_environ

# what Sessiondesk itself supplies per account: never inherited from the test
_PER_ACCOUNT = ("CLAUDE_CONFIG_DIR", "ANTHROPIC_API_KEY")


def app_env(account: ClaudeAccount, claude_bin: Path) -> dict[str, str]:
    """The environment a person's shell would give Sessiondesk for these tests."""
    env = hermetic_environ({k: v for k, v in account.env.items() if k not in _PER_ACCOUNT})
    env["SESSIONDESK_CLAUDE"] = str(claude_bin)
    return env


def register(home: Path, account: ClaudeAccount, claude_bin: Path) -> dict[str, str]:
    """Add the rig account to Sessiondesk (its key into the real keyring)."""
    env = app_env(account, claude_bin)
    added = sessiondesk(
        home, "accounts", "add", account.name, "--config-dir", str(account.config_dir),
        "--auth", "api-key", "--secret-stdin", stdin=account.api_key + "\n", env=env,
    )  # fmt: skip
    assert added.code == 0, added.stderr
    return env


def run_turn(home: Path, env: dict[str, str], *args: str, timeout: float = 90) -> CliResult:
    return sessiondesk(home, "--json", "run", *args, env=env, timeout=timeout)


def spawn(home: Path, env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    """`sessiondesk` in the background, for tests that stop or kill it mid-turn."""
    return subprocess.Popen(
        [sys.executable, "-m", "desktop", *args],
        env={**os.environ, **env, "SESSIONDESK_HOME": str(home)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
