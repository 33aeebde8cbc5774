"""An `EditDiff` as rich text: one block a line, added lines on green, removed on red.

Used by the transcript's tool cards and by the permission card, so what a
person allows is shown the way it is later read back. Every line is escaped:
the diff's text comes from the model.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QLocale

from desktop.domain.edit_diff import DiffNote, EditDiff, NoteKind
from desktop.ui.transcript.transcript_render import MONO, Theme, box_html, esc

MAX_SHOWN_LINES = 400
"""Lines a card lays out; a longer diff says how many more it has."""


def note_text(note: DiffNote) -> str:
    """A note under a diff, in the window's language."""
    n = note.numbers
    if note.kind is NoteKind.CUT:
        text = QCoreApplication.translate(
            "EditDiff", "cut to its first %Ln lines ({size} characters in all)", None, n[0]
        )
        return text.replace("{size}", QLocale().toString(n[1]))
    if note.kind is NoteKind.UNREADABLE:
        return QCoreApplication.translate("EditDiff", "%Ln edits could not be read", None, n[0])
    if note.kind is NoteKind.REPLACE_ALL:
        return QCoreApplication.translate("EditDiff", "every occurrence in the file is replaced")
    if note.kind is NoteKind.MORE_LINES:
        return QCoreApplication.translate(
            "EditDiff", "%Ln more lines of the diff are not shown", None, n[0]
        )
    if note.kind is NoteKind.MORE_EDITS:
        return QCoreApplication.translate("EditDiff", "%Ln more edits are not shown", None, n[0])
    return QCoreApplication.translate("EditDiff", "no change")


def _line(line: str, theme: Theme) -> str:
    if line.startswith("@@"):
        sign, rest, ground, colour, text = "", line, theme.code_bg, theme.muted, theme.muted
    else:
        sign, rest, text = line[:1] or " ", line[1:].expandtabs(4), theme.text
        ground, colour = {
            "+": (theme.added_bg, theme.added_sign),
            "-": (theme.removed_bg, theme.removed_sign),
        }.get(sign, (theme.code_bg, theme.muted))
    # a block a line, so the colour spans the card's width, not just the text
    return (
        f'<p style="margin:0px; background-color:{ground}; white-space:pre-wrap; '
        f'font-family:{MONO}; color:{text}"><span style="color:{colour}">'
        f"{esc(sign)}</span>{esc(rest)}</p>"
    )


def diff_html(
    diff: EditDiff,
    theme: Theme,
    describe: Callable[[DiffNote], str] = note_text,
    limit: int = MAX_SHOWN_LINES,
) -> str:
    lines = "".join(_line(line, theme) for line in diff.lines[:limit])
    notes = [describe(note) for note in diff.notes]
    if len(diff.lines) > limit:
        notes.append(describe(DiffNote(NoteKind.MORE_LINES, (len(diff.lines) - limit,))))
    box = box_html(lines, theme.code_bg, theme.code_border)
    said = "".join(f'<p style="color:{theme.muted}"><i>{esc(note)}</i></p>' for note in notes)
    return box + said
