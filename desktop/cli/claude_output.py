"""What a failed `claude` wrote to stderr, kept in the home's `logs/`.

The execution's error is one line (the last line `claude` wrote, and how it
ended); a `claude` that fails before it speaks often writes more (a stack, a
config problem), which goes to `logs/claude-<execution id>.log` instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from desktop.crash import write_log

if TYPE_CHECKING:
    from desktop.services.run import Run


def keep_output(home: Path, run: Run) -> Path | None:
    """The log of a failed turn's stderr when there is more than its one line."""
    execution, outcome = run.execution, run.outcome
    if execution is None or outcome is None or str(execution.status) != "failed":
        return None
    if len(outcome.stderr.splitlines()) < 2:
        return None
    try:
        return write_log(home, f"claude-{execution.id}.log", outcome.stderr + "\n")
    except OSError:
        return None  # the error line itself was shown: nothing is lost that mattered more
