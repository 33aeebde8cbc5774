"""Run notes as small files, one per running turn, in the home's cache.

The database is written by migrations' schema only, and these facts live no
longer than a turn: a file beside it, replaced whole (written aside, renamed
over) so a reader never sees half of one, and removed when the turn ends. A
note left by a process that died is never read: the wall asks only about
turns whose owner lives.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from desktop.domain.run_wall import RunNote

_ID = re.compile(r"^[0-9A-Za-z-]{1,64}$")


class RunNoteFiles:
    def __init__(self, folder: Path) -> None:
        self._folder = folder

    def _path(self, execution_id: str) -> Path | None:
        return self._folder / f"{execution_id}.json" if _ID.match(execution_id) else None

    def write(self, execution_id: str, note: RunNote) -> None:
        path = self._path(execution_id)
        if path is None:
            return
        self._folder.mkdir(parents=True, exist_ok=True)
        aside = path.with_suffix(f".{os.getpid()}.tmp")
        aside.write_text(note.dumps(), encoding="utf-8")
        os.replace(aside, path)

    def read(self, execution_id: str) -> RunNote | None:
        path = self._path(execution_id)
        if path is None:
            return None
        try:
            return RunNote.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            return None

    def remove(self, execution_id: str) -> None:
        path = self._path(execution_id)
        if path is not None:
            path.unlink(missing_ok=True)
