"""Which folder is Sessiondesk's home: a module of its own, importing nothing heavy, so
the shells' completion (`desktop.completion_index`) finds the index in milliseconds."""

from __future__ import annotations

import os
from pathlib import Path


def resolve_home(home: str | None) -> Path:
    """`--home`, else `$SESSIONDESK_HOME`, else the per-user data dir."""
    chosen = home or os.environ.get("SESSIONDESK_HOME", "").strip()
    if chosen:
        return Path(os.path.expanduser(chosen)).absolute()
    import platformdirs  # ~10 ms to import: not for a home given by name

    return Path(platformdirs.user_data_dir("sessiondesk", appauthor=False))
