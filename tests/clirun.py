"""Run the `sessiondesk` command as scripts do: in this process by default, or as a
child process where the process itself is under test.

Starting `python -m desktop` costs ~0.4 s of imports a call, and the suite makes
hundreds of calls; in this process a call costs what its command does. The
in-process call runs `desktop.cli.main` with the state a fresh process would
have and gives every global it touches back afterwards (`tests/cli_inprocess.py`),
so a test means the same either way. A call goes to a child process instead:

* for `--self-test` and the window (no command): Qt wants a process of its own;
* with `process=True`: signals, exit codes of a killed process, broken pipes,
  startup imports, real ttys, several processes at once;
* when `env` sets what only a starting interpreter reads (`PYTHON*`, `LANG`,
  `LC_*`) to other values than this interpreter's, or an event loop is running
  in this thread (a window test's qasync), or this process holds a database open
  (a window test's hub: see `cli_inprocess._holds_database_of`);
* for every call when `SESSIONDESK_TEST_CLI=process` is set: the whole suite run
  that way checks that the in-process calls mean what a child's would.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.cli_inprocess import run_in_process, runs_in_process


@dataclass
class CliResult:
    code: int
    stdout: str
    stderr: str

    def json(self) -> Any:
        return json.loads(self.stdout)

    def json_lines(self) -> list[Any]:
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]


def sessiondesk(
    home: Path,
    *args: str,
    stdin: str | None = None,
    env: dict[str, str] | None = None,
    timeout: float = 60,
    cwd: Path | None = None,
    process: bool = False,
) -> CliResult:
    """`sessiondesk ARGS` with `SESSIONDESK_HOME=home` and `env` over this process's
    environment. `timeout` bounds a child process only (pytest-timeout bounds both)."""
    full_env = {**os.environ, "SESSIONDESK_HOME": str(home), **(env or {})}
    if not process and runs_in_process(list(args), env or {}, home):
        code, out, err = run_in_process(list(args), full_env, stdin, cwd)
        return CliResult(code, out, err)
    proc = subprocess.run(
        [sys.executable, "-m", "desktop", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=full_env,
        cwd=cwd,
        timeout=timeout,
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)
