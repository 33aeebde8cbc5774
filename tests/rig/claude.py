"""The real `claude` CLI for tests: finding or installing it, and accounts to run it under.

Kept apart from the pytest fixtures so scripts (benchmarks, probes) can use it
too. Every run is hermetic: the child gets the caller's environment minus any
``ANTHROPIC_*``/``CLAUDE_*`` variable, plus the account's own variables, so a
developer's real login or settings can never leak into a test.

Quirks of CLI 2.1.332 this module relies on (found by experiment):

* ``DISABLE_TELEMETRY=1`` and ``CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1`` are
  both needed for the CLI to connect to nothing but ``ANTHROPIC_BASE_URL``
  (checked with strace); without the second it resolves an outside host.
* ``-p`` needs nothing in the config dir. Interactive mode on an empty config
  dir runs an onboarding check against the real API host and gives up offline.
  In ``.claude.json``, ``hasCompletedOnboarding`` skips that,
  ``customApiKeyResponses.approved`` holding the key's last 20 characters skips
  "use this API key?", and ``projects[<cwd>].hasTrustDialogAccepted`` skips the
  folder trust question (see :meth:`ClaudeAccount.mark_onboarded` and
  :meth:`ClaudeAccount.trust`).
* ``CLAUDE_CODE_MAX_RETRIES`` bounds the CLI's own retries of 5xx/429 (the
  default backs off for well over 30 s). Accounts set it to 0 unless asked.
* The transcript folder name replaces every UTF-16 code unit outside
  ``[A-Za-z0-9]`` with ``-``: ``é`` gives one dash, an emoji two.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import secrets
import shutil
import signal
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CLAUDE_CLI_VERSION = "2.1.332"
CLAUDE_NPM_PACKAGE = "@anthropic-ai/claude-code"
ENV_BINARY = "SESSIONDESK_TEST_CLAUDE"
ENV_CACHE = "SESSIONDESK_CLAUDE_CACHE"
INSTALL_TIMEOUT_S = 900

# Variables from the caller's environment that would change which account or
# endpoint the CLI uses, or how it behaves, if they leaked into a test run.
_SCRUBBED_PREFIXES = ("ANTHROPIC_", "CLAUDE_")


class ClaudeUnavailable(Exception):
    """The real CLI cannot be had on this machine; the message says why."""


def default_cache_dir() -> Path:
    configured = os.environ.get(ENV_CACHE)
    if configured:
        return Path(configured).expanduser()
    return Path.home() / ".cache" / "sessiondesk" / "claude-cli"


def cli_version(binary: Path) -> str:
    """The version the binary reports, e.g. "2.1.332"."""
    out = subprocess.run(
        [str(binary), "--version"], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    return out.split()[0] if out.split() else ""


@contextlib.contextmanager
def _install_lock(folder: Path) -> Iterator[None]:
    # Two pytest processes sharing the cache must not run npm in it at once.
    with open(folder / ".install.lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def install_claude(folder: Path, version: str = CLAUDE_CLI_VERSION) -> Path:
    """npm-install the pinned CLI into ``folder`` and return its binary."""
    npm = shutil.which("npm")
    if npm is None:
        raise ClaudeUnavailable("npm is not on PATH, so the claude CLI cannot be installed")
    folder.mkdir(parents=True, exist_ok=True)
    manifest = folder / "package.json"
    if not manifest.exists():
        # Without a manifest npm would walk up and install into a parent project.
        manifest.write_text(json.dumps({"name": "claude-cache", "private": True}) + "\n")
    with _install_lock(folder):
        binary = folder / "node_modules" / ".bin" / "claude"
        if binary.exists() and _version_or_none(binary) == version:
            return binary  # another process finished the install while we waited
        proc = subprocess.run(
            [npm, "install", "--no-audit", "--no-fund", f"{CLAUDE_NPM_PACKAGE}@{version}"],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=INSTALL_TIMEOUT_S,
        )
    if proc.returncode != 0 or not binary.exists():
        tail = (proc.stderr or proc.stdout).strip()[-800:]
        raise ClaudeUnavailable(f"npm install of {CLAUDE_NPM_PACKAGE}@{version} failed: {tail}")
    return binary


def _version_or_none(binary: Path) -> str | None:
    try:
        return cli_version(binary)
    except (OSError, subprocess.SubprocessError):
        return None


def find_claude() -> Path:
    """The real CLI: $SESSIONDESK_TEST_CLAUDE, else the pinned version in the cache.

    An explicit binary is used whatever its version (the person chose it); the
    cache is (re)installed when its binary is missing or not the pinned version.
    """
    explicit = os.environ.get(ENV_BINARY)
    if explicit:
        binary = Path(explicit).expanduser()
        if not (binary.is_file() and os.access(binary, os.X_OK)):
            raise ClaudeUnavailable(f"${ENV_BINARY}={explicit} is not an executable file")
        return binary
    folder = default_cache_dir()
    binary = folder / "node_modules" / ".bin" / "claude"
    if binary.exists() and _version_or_none(binary) == CLAUDE_CLI_VERSION:
        return binary
    return install_claude(folder)


def project_dir_name(cwd: Path | str) -> str:
    """The folder name the CLI gives a cwd under ``projects/`` (short paths only).

    Paths whose name would exceed 200 characters get cut and hashed by the CLI;
    use :meth:`ClaudeAccount.transcript` for those.
    """
    real = os.path.realpath(cwd)
    # JavaScript strings are UTF-16: a character outside the BMP is two units,
    # hence two dashes.
    units = real.encode("utf-16-le")
    chars = [units[i : i + 2].decode("utf-16-le", "surrogatepass") for i in range(0, len(units), 2)]
    return "".join(c if re.fullmatch(r"[A-Za-z0-9]", c) else "-" for c in chars)


def parse_stream_json(stdout: str) -> list[dict[str, Any]]:
    """The objects of ``--output-format stream-json`` output, one per line."""
    return [json.loads(line) for line in stdout.splitlines() if line.strip()]


def hermetic_environ(extra: Mapping[str, str]) -> dict[str, str]:
    """os.environ without inherited ANTHROPIC_*/CLAUDE_* variables, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(_SCRUBBED_PREFIXES)}
    # A proxy setting in the developer's shell must not capture loopback calls.
    for name in ("NO_PROXY", "no_proxy"):
        env[name] = ",".join(p for p in (env.get(name), "127.0.0.1", "localhost") if p)
    env.update(extra)
    return env


def run_claude(
    binary: Path,
    args: Sequence[str],
    *,
    cwd: Path | str,
    env: Mapping[str, str],
    input: str | None = None,
    timeout: float = 60,
) -> subprocess.CompletedProcess[str]:
    """Run the CLI to completion; on timeout kill its whole process group."""
    proc = subprocess.Popen(
        [str(binary), *args],
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.PIPE if input is not None else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        errors="replace",
        # Its own group, so a timeout also ends the tool processes it started.
        start_new_session=True,
    )
    try:
        stdout, stderr = proc.communicate(input, timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        stdout, stderr = proc.communicate()
        raise subprocess.TimeoutExpired(proc.args, timeout, stdout, stderr) from None
    return subprocess.CompletedProcess(proc.args, proc.returncode, stdout, stderr)


@dataclass
class ClaudeAccount:
    """One Claude account for tests: its own config dir, key and environment."""

    name: str
    config_dir: Path
    api_key: str
    binary: Path
    env: dict[str, str] = field(default_factory=dict)

    def run(
        self,
        args: Sequence[str],
        cwd: Path | str,
        input: str | None = None,
        timeout: float = 60,
        extra_env: Mapping[str, str] | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """Run the real CLI as this account (key via the environment, never argv)."""
        env = hermetic_environ({**self.env, **(extra_env or {})})
        return run_claude(self.binary, args, cwd=cwd, env=env, input=input, timeout=timeout)

    def project_dir(self, cwd: Path | str) -> Path:
        return self.config_dir / "projects" / project_dir_name(cwd)

    def transcript(self, session_id: str) -> Path:
        """The transcript file of a session, wherever its project folder is."""
        hits = sorted(self.config_dir.glob(f"projects/*/{session_id}.jsonl"))
        if not hits:
            raise FileNotFoundError(f"no transcript for {session_id} under {self.config_dir}")
        return hits[0]

    def mark_onboarded(self) -> None:
        """Write what interactive mode checks before it would start onboarding."""
        path = self.config_dir / ".claude.json"
        state: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
        state["hasCompletedOnboarding"] = True
        state.setdefault("theme", "dark")
        approved = state.setdefault("customApiKeyResponses", {"approved": [], "rejected": []})
        # The CLI remembers an approved key by its last 20 characters.
        if self.api_key[-20:] not in approved.setdefault("approved", []):
            approved["approved"].append(self.api_key[-20:])
        path.write_text(json.dumps(state, indent=2))

    def trust(self, cwd: Path | str) -> None:
        """Pre-accept the workspace trust dialog for ``cwd`` (interactive mode only)."""
        path = self.config_dir / ".claude.json"
        state: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
        projects = state.setdefault("projects", {})
        projects.setdefault(os.path.realpath(cwd), {})["hasTrustDialogAccepted"] = True
        path.write_text(json.dumps(state, indent=2))


def make_account(
    name: str,
    *,
    root: Path,
    binary: Path,
    base_url: str,
    max_retries: int | None = 0,
    onboarded: bool = True,
) -> ClaudeAccount:
    """A fresh account under ``root/name`` talking to ``base_url``."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", name):
        raise ValueError(f"account names are [A-Za-z0-9_-]+ here, got {name!r}")
    config_dir = root / name
    config_dir.mkdir(parents=True, exist_ok=False)
    api_key = f"sk-ant-api03-test-{name}-{secrets.token_hex(8)}"
    env = {
        "CLAUDE_CONFIG_DIR": str(config_dir),
        "ANTHROPIC_BASE_URL": base_url,
        "ANTHROPIC_API_KEY": api_key,
        "DISABLE_TELEMETRY": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        "DISABLE_ERROR_REPORTING": "1",
    }
    if max_retries is not None:
        env["CLAUDE_CODE_MAX_RETRIES"] = str(max_retries)
    account = ClaudeAccount(name, config_dir, api_key, binary, env)
    if onboarded:
        account.mark_onboarded()
    return account
