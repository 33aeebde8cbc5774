"""Run the real `sessiondesk` command as a child process, as scripts do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any


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
) -> CliResult:
    full_env = {**os.environ, "SESSIONDESK_HOME": str(home), **(env or {})}
    proc = subprocess.run(
        [sys.executable, "-m", "desktop", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=full_env,
        timeout=timeout,
    )
    return CliResult(proc.returncode, proc.stdout, proc.stderr)
