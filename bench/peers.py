"""Other tools that read the same transcripts, timed on the same corpus.

* `ccusage` (npm) totals token usage per session: a native binary, no index.
  It is installed into a cache folder on first use; a version is pinned whose
  platform package exists on the registry these machines use.
* `claude-code-log` (PyPI) renders every session to HTML, with a cache of
  its own (a SQLite file it writes into the `projects` folder, removed here).

Neither does what Sessiondesk's index does (full-text search, incremental
reads), so the ratios say how our cold start compares with a tool a person
may already run over the same files, nothing more.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

CCUSAGE_VERSION = "20.0.24"
CACHE = Path(os.path.expanduser("~/.cache/sessiondesk/bench"))


@dataclass(frozen=True)
class Measured:
    seconds: float
    returncode: int | None
    """None when it was stopped at the time limit."""
    rss_mb: float
    output: str
    cpu: float = 0.0
    """User + system seconds, its children's included: unlike wall time, not
    stretched by other work on the machine."""


def run_measured(
    argv: list[str], env: dict[str, str] | None = None, timeout: float = 600
) -> Measured:
    """Wall time and peak RSS of one command (its children's included, as the
    kernel reports them to wait4), stopped with its whole group at `timeout`."""
    with tempfile.TemporaryFile() as out:
        start = time.perf_counter()
        proc = subprocess.Popen(
            argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
        returncode: int | None = None
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                returncode = os.waitstatus_to_exitcode(status)
                break
            if time.perf_counter() - start > timeout:
                os.killpg(proc.pid, signal.SIGKILL)  # claude-code-log has workers
                _, _, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.02)
        seconds = time.perf_counter() - start
        proc.returncode = returncode if returncode is not None else -9  # reaped by us
        out.seek(0)
        text = out.read().decode(errors="replace")
    cpu = usage.ru_utime + usage.ru_stime
    return Measured(seconds, returncode, usage.ru_maxrss / 1024, text, cpu)


def ccusage_binary() -> Path | None:
    """The cached ccusage, installing it if npm can; None (with a note) if not."""
    binary = CACHE / "node_modules" / ".bin" / "ccusage"
    if binary.exists():
        return binary
    if shutil.which("npm") is None:
        print("  ccusage: skipped (no npm)")
        return None
    CACHE.mkdir(parents=True, exist_ok=True)
    try:
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", f"ccusage@{CCUSAGE_VERSION}"],
            cwd=CACHE,
            check=True,
            capture_output=True,
            timeout=180,
        )
    except (subprocess.SubprocessError, OSError) as exc:
        print(f"  ccusage: skipped (npm install failed: {exc})")
        return None
    return binary if binary.exists() else None


def run_ccusage(config_dir: Path, timeout: float) -> Measured | None:
    binary = ccusage_binary()
    if binary is None:
        return None
    env = os.environ | {"CLAUDE_CONFIG_DIR": str(config_dir), "NO_COLOR": "1"}
    return run_measured([str(binary), "claude", "session", "--json", "--offline"], env, timeout)


def claude_code_log_binary(install: bool) -> Path | None:
    binary = Path(sys.executable).parent / "claude-code-log"
    if binary.exists() or not install:
        return binary if binary.exists() else None
    try:
        subprocess.run(
            [sys.executable, "-m", "pip", "install", "-q", "claude-code-log"],
            check=True,
            capture_output=True,
            timeout=300,
        )
    except (subprocess.SubprocessError, OSError) as exc:
        print(f"  claude-code-log: skipped (pip install failed: {exc})")
        return None
    return binary if binary.exists() else None


def run_claude_code_log(config_dir: Path, out: Path, timeout: float) -> Measured | None:
    binary = claude_code_log_binary(install=True)
    if binary is None:
        return None
    projects = config_dir / "projects"
    argv = [str(binary), "--all-projects", "--projects-dir", str(projects)]
    argv += ["-o", str(out), "-j", str(os.cpu_count() or 1)]
    try:
        return run_measured(argv, os.environ | {"NO_COLOR": "1"}, timeout)
    finally:
        shutil.rmtree(out, ignore_errors=True)
        (projects / "claude-code-log-cache.db").unlink(missing_ok=True)
