"""The command line and environment of one `claude` run.

Secrets travel in the environment only: argv is visible to every user of the
machine (`ps`, /proc/<pid>/cmdline) and lands in crash reports. `build_argv`
has no parameter that could carry one, and `check_argv` refuses to start a
process whose argv contains a secret that sits in its environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from desktop.domain.errors import ClaudeError
from desktop.domain.redact import SECRET_ENV_VARS
from desktop.domain.runs import Capabilities, RunRequest

# the fixed part: print mode, JSON lines both ways, every event, live text
BASE_ARGS = (
    "-p",
    "--output-format",
    "stream-json",
    "--input-format",
    "stream-json",
    "--verbose",
)
PARTIAL_MESSAGES = "--include-partial-messages"
# echoes each turn we send and reports its lifecycle (queued, started,
# completed, cancelled) by the uuid we gave it: how a turn's own `result` is
# told apart from one a background task emits
REPLAY_TURNS = "--replay-user-messages"
# these belong to one account: a value inherited from the app's own
# environment would make `claude` act as the wrong account
ACCOUNT_ENV_VARS = (*SECRET_ENV_VARS, "CLAUDE_CONFIG_DIR")


def build_argv(
    binary: Path | str, request: RunRequest, capabilities: Capabilities | None = None
) -> list[str]:
    """argv for a stream-json `claude` process serving `request`.

    With `capabilities`, a flag the binary lacks is dropped when it only adds
    comfort (live partial text, turn tracking) and refused when the request
    needs it.
    """
    argv = [str(binary), *BASE_ARGS]
    for comfort in (PARTIAL_MESSAGES, REPLAY_TURNS):
        if capabilities is None or capabilities.supports(comfort):
            argv.append(comfort)
    if request.ask_permissions:
        # hidden from --help, so never probed; present since the SDK exists
        argv += ["--permission-prompt-tool", "stdio"]
    needed: list[str] = []
    if request.resume:
        argv += ["--resume", request.resume]
        needed.append("--resume")
    if request.fork_session:
        argv.append("--fork-session")
        needed.append("--fork-session")
    if request.session_id:
        argv += ["--session-id", request.session_id]
        needed.append("--session-id")
    if request.append_system_prompt:
        argv += ["--append-system-prompt", request.append_system_prompt]
        needed.append("--append-system-prompt")
    if request.model:
        argv += ["--model", request.model]
    if request.permission_mode:
        argv += ["--permission-mode", request.permission_mode]
    # one flag per tool: the list form takes every following word, and a
    # rule such as `Bash(git log *)` holds spaces
    for tool in request.allowed_tools:
        argv += ["--allowedTools", tool]
    for tool in request.disallowed_tools:
        argv += ["--disallowedTools", tool]
    if capabilities is not None:
        missing = [flag for flag in needed if not capabilities.supports(flag)]
        if missing:
            raise ClaudeError(
                f"claude {capabilities.version or '(unknown version)'} at {capabilities.path} "
                f"does not support {', '.join(missing)}; update Claude Code"
            )
    return argv


def build_env(
    account_env: Mapping[str, str], base: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The child's environment: `base` (default: ours) without any account's
    credentials or config dir, then the account's own variables on top."""
    base = os.environ if base is None else base
    env = {k: v for k, v in base.items() if k not in ACCOUNT_ENV_VARS}
    env.update(account_env)
    return env


def check_argv(argv: Sequence[str], env: Mapping[str, str]) -> None:
    """Refuse an argv that contains a secret from `env`."""
    secrets = [env[name] for name in SECRET_ENV_VARS if len(env.get(name, "")) >= 8]
    for arg in argv:
        for secret in secrets:
            if secret in arg:
                raise ClaudeError(
                    "refusing to start claude: a credential would appear on its command line"
                )
