"""Removing one of Claude Code's own transcripts, when the person asked for it.

Only a file that is what Claude Code writes is removed: `<session id>.jsonl`
in a project folder under `projects/`, and beside it the session's own
folder (`<session id>/`, its subagents' transcripts), never a link's target.
Anything else named as a transcript is refused.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from pathlib import Path


class ClaudeTranscriptRemover:
    def remove(self, path: str, session_id: str) -> int:
        file = Path(path)
        if file.name.lower() != f"{session_id}.jsonl".lower() or file.parent.parent.name != (
            "projects"
        ):
            raise ValueError(f"{path} is not a Claude Code transcript of session {session_id}")
        freed = 0
        info = file.lstat()
        if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
            raise ValueError(f"{path} is not a file")
        file.unlink()  # a link: the link only
        freed += info.st_size if stat.S_ISREG(info.st_mode) else 0
        own = file.with_name(file.name[: -len(".jsonl")])
        if own.is_dir() and not own.is_symlink():
            freed += _bytes(own)
            shutil.rmtree(own)  # never follows links inside
        return freed


def _bytes(folder: Path) -> int:
    total = 0
    for root, _dirs, names in os.walk(folder):
        for name in names:
            with contextlib.suppress(OSError):  # gone meanwhile: nothing to count
                total += os.lstat(os.path.join(root, name)).st_size
    return total
