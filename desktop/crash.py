"""Crash reports and logs: text that goes to a file in the home's `logs/`, secrets masked."""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path

from desktop.domain.oddtext import clean
from desktop.domain.redact import SECRET_ENV_VARS, redact


def report_crash(home: Path, exc: BaseException) -> Path:
    text = "".join(traceback.format_exception(exc))
    return write_log(home, f"crash-{datetime.now():%Y%m%d-%H%M%S-%f}.txt", text)


def write_log(home: Path, name: str, text: str) -> Path:
    """`logs/NAME` in the home, secrets masked; raises OSError when it cannot be written."""
    folder = home / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    secrets = [os.environ.get(name, "") for name in SECRET_ENV_VARS]
    try:
        path.write_text(clean(redact(text, secrets)), encoding="utf-8")
    except OSError:
        path.unlink(missing_ok=True)  # a full disk leaves no empty report behind
        raise
    return path
