"""The change an `Edit`, `MultiEdit` or `Write` call asks for, as a unified diff.

What a person reads to decide Allow or Deny, and what the transcript and the
exports show for those calls. The input comes from the model (or a transcript
on disk), so anything may be missing or of the wrong type: what cannot be read
gives `None` (the caller shows the input as it is) or a note, never an error.

An `Edit` carries only the two snippets, not the file, so a hunk's place in the
file is unknown: hunk heads are a bare `@@` rather than line numbers that
would count from the snippet. Each snippet is shown whole (it is what will be
replaced), cut only when it is huge; the cut is said in a note.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

DIFF_TOOLS = ("Edit", "MultiEdit", "Write")
MAX_SIDE_CHARS = 60_000
"""Each side of an edit (and a Write's content) is cut to this before diffing:
difflib's matching grows with the product of the two sides' lengths."""
MAX_SIDE_LINES = 1_500
MAX_LINES = 2_000
"""The diff's lines kept in all."""


class NoteKind(Enum):
    CUT = "cut"
    """(lines shown, characters in all) of one side"""
    UNREADABLE = "unreadable"
    """(edits skipped, edits in all) of a MultiEdit"""
    REPLACE_ALL = "replace_all"
    MORE_LINES = "more_lines"
    """(lines of the diff not shown,)"""
    MORE_EDITS = "more_edits"
    """(edits of a MultiEdit not shown,)"""
    UNCHANGED = "unchanged"


@dataclass(frozen=True, slots=True)
class DiffNote:
    """What the lines do not show. Kept as a kind and numbers so the window
    can say it in the reader's language; `text()` says it in English."""

    kind: NoteKind
    numbers: tuple[int, ...] = ()

    def text(self) -> str:
        n = self.numbers
        if self.kind is NoteKind.CUT:
            return f"cut to its first {n[0]:,} lines ({n[1]:,} characters in all)"
        if self.kind is NoteKind.UNREADABLE:
            return f"{n[0]} of {n[1]} edits could not be read"
        if self.kind is NoteKind.REPLACE_ALL:
            return "every occurrence in the file is replaced"
        if self.kind is NoteKind.MORE_LINES:
            return f"{n[0]:,} more lines of the diff are not shown"
        if self.kind is NoteKind.MORE_EDITS:
            return f"{n[0]:,} more edits are not shown"
        return "no change"


@dataclass(frozen=True, slots=True)
class EditDiff:
    path: str
    lines: tuple[str, ...]
    """Unified-diff lines without line ends: `@@` hunk heads, then ` `, `-`, `+` lines."""
    added: int
    removed: int
    notes: tuple[DiffNote, ...] = ()

    def headers(self) -> tuple[str, str]:
        """A unified diff's two file lines (the file is the same on both sides)."""
        path = " ".join(self.path.split("\n")) or "?"
        return f"--- {path}", f"+++ {path}"

    def text(self) -> str:
        """The whole diff as a unified diff's text, with its file headers."""
        return "\n".join((*self.headers(), *self.lines))


def _lines(text: str) -> list[str]:
    # a snippet's final line end is not a line of its own, as in a file
    return text.removesuffix("\n").split("\n") if text else []


def _cut(text: str, notes: list[DiffNote]) -> list[str]:
    lines = _lines(text[:MAX_SIDE_CHARS])
    if len(text) > MAX_SIDE_CHARS or len(lines) > MAX_SIDE_LINES:
        shown = min(len(lines), MAX_SIDE_LINES)
        notes.append(DiffNote(NoteKind.CUT, (shown, len(text))))
        return lines[:MAX_SIDE_LINES]
    return lines


def _hunk(old: str, new: str, notes: list[DiffNote]) -> list[str]:
    diff = difflib.unified_diff(
        _cut(old, notes),
        _cut(new, notes),
        lineterm="",
        n=MAX_SIDE_LINES * 2,  # every line of both snippets: one hunk, the snippet whole
    )
    body = list(diff)[2:]  # the two file headers name nothing here
    return ["@@" if line.startswith("@@") else line for line in body]


def _edits(data: Mapping[str, Any], notes: list[DiffNote]) -> list[tuple[str, str]]:
    raw = data.get("edits")
    if not isinstance(raw, list):
        return []
    edits = []
    for edit in raw:
        if (
            isinstance(edit, Mapping)
            and isinstance(old := edit.get("old_string"), str)
            and isinstance(new := edit.get("new_string"), str)
        ):
            edits.append((old, new))
    if skipped := len(raw) - len(edits):
        notes.append(DiffNote(NoteKind.UNREADABLE, (skipped, len(raw))))
    return edits


def edit_diff(tool_name: Any, data: Any) -> EditDiff | None:
    """The diff an `Edit`, `MultiEdit` or `Write` call asks for; None for any other
    call, or one whose input holds no change that can be read."""
    if tool_name not in DIFF_TOOLS or not isinstance(data, Mapping):
        return None
    path = data.get("file_path")
    path = path if isinstance(path, str) else ""
    notes: list[DiffNote] = []
    lines: list[str] = []
    if tool_name == "Write":
        content = data.get("content")
        if not isinstance(content, str):
            return None
        lines = ["@@", *("+" + line for line in _cut(content, notes))]
    elif tool_name == "Edit":
        old, new = data.get("old_string"), data.get("new_string")
        if not isinstance(old, str) or not isinstance(new, str):
            return None
        lines = _hunk(old, new, notes)
        if data.get("replace_all") is True:
            notes.append(DiffNote(NoteKind.REPLACE_ALL))
    else:
        edits = _edits(data, notes)
        if not edits:
            return None
        for number, (old, new) in enumerate(edits):
            if len(lines) > MAX_LINES:  # a flood of edits is not diffed past what is shown
                notes.append(DiffNote(NoteKind.MORE_EDITS, (len(edits) - number,)))
                break
            lines += _hunk(old, new, notes)
    if len(lines) > MAX_LINES:
        notes.append(DiffNote(NoteKind.MORE_LINES, (len(lines) - MAX_LINES,)))
        lines = lines[:MAX_LINES]
    added = sum(1 for line in lines if line.startswith("+"))
    removed = sum(1 for line in lines if line.startswith("-"))
    if not added and not removed:
        notes.append(DiffNote(NoteKind.UNCHANGED))
    return EditDiff(path, tuple(lines), added, removed, tuple(notes))
