"""Copy a transcript into another account's config dir, for a `migrate` switch.

The copy gets a new session id as its name, in the same `projects/<folder>/`
as the original (the folder encodes the working directory `--resume` looks
in). Nothing existing is modified: the target is created exclusively, and the
source is only read.
"""

from __future__ import annotations

from pathlib import Path

from desktop.domain.transcript import is_valid_session_id


class TranscriptCopies:
    def copy_as(self, path: str, config_dir: str, new_session_id: str) -> str:
        if not is_valid_session_id(new_session_id):
            raise ValueError(f"{new_session_id!r} is not a session id")
        source = Path(path)
        folder = Path(config_dir, "projects", source.parent.name)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{new_session_id}.jsonl"
        data = source.read_bytes()
        with open(target, "xb") as out:  # "x": never replace an existing file
            out.write(data)
        return str(target)
