"""A damaged transcript's problems in the window's words and language, counted as listed.

The reader writes its reasons in English for the command line; the window
names each by its kind (`transcript_problems.problem_kind`) and counts the
lines it lists, so the heading and the list always agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QLocale

from desktop.domain.transcript_problems import LineProblem, problem_kind

CONTEXT = "ProblemText"


def _t(text: str, n: int = -1) -> str:
    return QCoreApplication.translate(CONTEXT, text, None, n)


def reason_text(problem: LineProblem) -> str:
    kind = problem_kind(problem)
    words = {
        "incomplete_line": lambda: _t("the last line is incomplete (still being written?)"),
        "empty_line": lambda: _t("an empty line"),
        "invalid_json": lambda: _t("not valid JSON"),
        "not_text": lambda: _t("not text"),
        "replaced_utf8": lambda: _t("invalid characters, shown as �"),
        "not_object": lambda: _t("JSON, but not an object"),
        "too_long": lambda: _t("a line too long to read"),
        "read_error": lambda: _t("the disk could not read it"),
        "cannot_open": lambda: _t("the file cannot be opened"),
    }.get(kind)
    return words() if words is not None else _t("unreadable")


def problem_line(problem: LineProblem) -> str:
    """ "Line 12: not valid JSON", with the subagent file it is in when it is not the transcript."""
    reason = reason_text(problem)
    locale = QLocale()
    if problem.line > 0:
        text = _t("Line {line}: {reason}").format(line=locale.toString(problem.line), reason=reason)
    else:
        text = _t("At byte {offset}: {reason}").format(
            offset=locale.toString(problem.offset), reason=reason
        )
    if problem.path:
        text = _t("{problem} (in {file})").format(problem=text, file=problem.path)
    return text


def heading(problems: Sequence[LineProblem]) -> str:
    # English has no catalog for plural forms: one and many are two source strings
    skipped = sum(1 for p in problems if p.skipped)
    if skipped == 1:
        return _t("One line of this transcript could not be read. Everything readable is shown.")
    if skipped:
        return _t(
            "%n lines of this transcript could not be read. Everything readable is shown.",
            skipped,
        )
    if len(problems) == 1:
        return _t("One line of this transcript had invalid characters.")
    return _t("%n lines of this transcript had invalid characters.", len(problems))
