"""Find the `claude` binary to run.

Order: an explicit path (`--claude`), the setting, `$SESSIONDESK_CLAUDE`,
then `claude` on PATH. The first one given wins even when it is broken: a
person who named a binary wants to hear that it is wrong, not to silently
get another one.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from pathlib import Path

from desktop.domain.errors import ClaudeNotFoundError

ENV_VAR = "SESSIONDESK_CLAUDE"
INSTALL_HINT = (
    "Install Claude Code with `npm install -g @anthropic-ai/claude-code`, "
    "or set the path to `claude` in Settings or with --claude."
)


def locate_claude(
    explicit: str | os.PathLike[str] | None = None,
    setting: str | None = None,
    env: Mapping[str, str] | None = None,
) -> Path:
    """The absolute path of the `claude` to run, or ClaudeNotFoundError.

    `env` supplies `$SESSIONDESK_CLAUDE` and `$PATH` (default: this process's).
    The path is absolute but links are kept: the probe resolves them for the
    fingerprint, and an npm shim must run as a shim.
    """
    env = os.environ if env is None else env
    candidates = (
        ("--claude", explicit),
        ("the claude path setting", setting),
        (f"${ENV_VAR}", env.get(ENV_VAR)),
    )
    for origin, value in candidates:
        if value is not None and str(value).strip():
            return _check(Path(os.path.expanduser(str(value).strip())), origin)
    found = shutil.which("claude", path=env.get("PATH", os.defpath))
    if found is None:
        raise ClaudeNotFoundError(f"`claude` was not found on PATH. {INSTALL_HINT}",
                                  kind="claude_not_on_path")  # fmt: skip
    return _check(Path(found), "PATH")


def _check(path: Path, origin: str) -> Path:
    path = path.absolute()
    if not path.exists():
        raise ClaudeNotFoundError(f"{path} (from {origin}) does not exist. {INSTALL_HINT}",
                                  kind="claude_missing", path=str(path))  # fmt: skip
    if path.is_dir():
        raise ClaudeNotFoundError(
            f"{path} (from {origin}) is a folder, not the claude program. {INSTALL_HINT}",
            kind="claude_is_folder",
            path=str(path),
        )
    if not os.access(path, os.X_OK):
        raise ClaudeNotFoundError(
            f"{path} (from {origin}) is not executable (try `chmod +x {path}`). {INSTALL_HINT}",
            kind="claude_not_executable",
            path=str(path),
        )
    return path
