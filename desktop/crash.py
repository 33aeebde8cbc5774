"""Crash reports: the traceback goes to a file in the home, secrets masked."""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path

from desktop.domain.redact import SECRET_ENV_VARS, redact


def report_crash(home: Path, exc: BaseException) -> Path:
    folder = home / "logs"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"crash-{datetime.now():%Y%m%d-%H%M%S-%f}.txt"
    text = "".join(traceback.format_exception(exc))
    secrets = [os.environ.get(name, "") for name in SECRET_ENV_VARS]
    path.write_text(redact(text, secrets), encoding="utf-8")
    return path
