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


def reason_text(problem: LineProblem) -> str:
    kind = problem_kind(problem)
    words = {
        "incomplete_line": lambda: QCoreApplication.translate(
            "ProblemText", "the last line is incomplete (still being written?)"
        ),
        "empty_line": lambda: QCoreApplication.translate("ProblemText", "an empty line"),
        "invalid_json": lambda: QCoreApplication.translate("ProblemText", "not valid JSON"),
        "not_text": lambda: QCoreApplication.translate("ProblemText", "not text"),
        "replaced_utf8": lambda: QCoreApplication.translate(
            "ProblemText", "invalid characters, shown as �"
        ),
        "not_object": lambda: QCoreApplication.translate("ProblemText", "JSON, but not an object"),
        "too_long": lambda: QCoreApplication.translate("ProblemText", "a line too long to read"),
        "read_error": lambda: QCoreApplication.translate(
            "ProblemText", "the disk could not read it"
        ),
        "cannot_open": lambda: QCoreApplication.translate(
            "ProblemText", "the file cannot be opened"
        ),
    }.get(kind)
    return words() if words is not None else QCoreApplication.translate("ProblemText", "unreadable")


def problem_line(problem: LineProblem) -> str:
    """ "Line 12: not valid JSON", with the subagent file it is in when it is not the transcript."""
    reason = reason_text(problem)
    locale = QLocale()
    if problem.line > 0:
        text = QCoreApplication.translate("ProblemText", "Line {line}: {reason}").format(
            line=locale.toString(problem.line), reason=reason
        )
    else:
        text = QCoreApplication.translate("ProblemText", "At byte {offset}: {reason}").format(
            offset=locale.toString(problem.offset), reason=reason
        )
    if problem.path:
        text = QCoreApplication.translate("ProblemText", "{problem} (in {file})").format(
            problem=text, file=problem.path
        )
    return text


def heading(problems: Sequence[LineProblem]) -> str:
    # English has no catalog for plural forms: one and many are two source strings
    skipped = sum(1 for p in problems if p.skipped)
    if skipped == 1:
        return QCoreApplication.translate(
            "ProblemText",
            "One line of this transcript could not be read. Everything readable is shown.",
        )
    if skipped:
        return QCoreApplication.translate(
            "ProblemText",
            "%n lines of this transcript could not be read. Everything readable is shown.",
            None,
            skipped,
        )
    if len(problems) == 1:
        return QCoreApplication.translate(
            "ProblemText", "One line of this transcript had invalid characters."
        )
    return QCoreApplication.translate(
        "ProblemText", "%n lines of this transcript had invalid characters.", None, len(problems)
    )
