"""Which folder is Sessiondesk's home: a module of its own, importing nothing heavy, so
the shells' completion (`desktop.completion_index`) finds the index in milliseconds."""

from __future__ import annotations

import os
from pathlib import Path

from desktop.domain.errors import UsageError


def resolve_home(home: str | None) -> Path:
    """`--home`, else `$SESSIONDESK_HOME`, else the per-user data dir."""
    if home is not None and not home.strip():
        # an empty --home (a script's unset variable) must not quietly mean the default
        raise UsageError("--home is empty: name a folder, or leave --home out for the default")
    chosen = home or os.environ.get("SESSIONDESK_HOME", "").strip()
    if chosen:
        return Path(os.path.expanduser(chosen)).absolute()
    import platformdirs  # ~10 ms to import: not for a home given by name

    return Path(platformdirs.user_data_dir("sessiondesk", appauthor=False))
