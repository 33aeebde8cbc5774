"""The models a `claude` binary offers an account, from its answer to `initialize`.

That control request needs no API call: `claude` answers it from what it
knows of the account (its login kind, its plan), so the list is the one its
own `/model` picker shows. One short-lived process per (binary, account).
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Mapping

from desktop.claude.argv import build_argv
from desktop.claude.process import ClaudeProcess
from desktop.claude.reap import StopGrace
from desktop.domain.errors import ClaudeError
from desktop.domain.run_modes import ModelOption, model_options
from desktop.domain.runs import Capabilities, RunRequest

ANSWER_TIMEOUT_S = 20.0
_QUICK = StopGrace(stdin=2.0, sigint=1.0, sigterm=1.0, sigkill=1.0)


async def list_models(
    binary: str,
    caps: Capabilities,
    account_env: Mapping[str, str],
    *,
    base_env: Mapping[str, str] | None = None,
) -> list[ModelOption]:
    """The models `claude` lists for this account; ClaudeError when it does not answer."""
    # an empty folder: no project settings or CLAUDE.md of the person's work are read
    with tempfile.TemporaryDirectory(prefix="sessiondesk-models-") as cwd:
        argv = build_argv(binary, RunRequest(cwd=cwd, ask_permissions=False), caps)
        process = await ClaudeProcess.launch(argv, cwd, account_env, base_env=base_env,
                                             grace=_QUICK)  # fmt: skip
        try:
            answer = await process.send_control("initialize", timeout=ANSWER_TIMEOUT_S)
        except ClaudeError as exc:
            said = process.stderr.strip().splitlines()
            raise ClaudeError(f"{exc}{': ' + said[-1] if said else ''}") from None
        finally:
            with contextlib.suppress(ClaudeError):
                await process.close()
    return model_options(answer)
