"""What went wrong reading a transcript, line by line, and one sentence about it.

A damaged line never stops a read: it is skipped and remembered here. The
session list shows a single short `error` string per session, and the index
keeps the tally across incremental reads, so the tally is JSON-serialisable.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class LineProblem:
    line: int
    """1-based line number; 0 when unknown (a read that started mid-file)."""
    offset: int
    """Byte offset of the line's start in its file."""
    reason: str
    skipped: bool = True
    """False when the line was still read (invalid UTF-8 replaced by U+FFFD)."""
    path: str | None = None
    """Set for problems in a file beside the transcript (a subagent's)."""

    @property
    def where(self) -> str:
        return f"line {self.line}" if self.line > 0 else f"byte {self.offset}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "offset": self.offset,
            "reason": self.reason,
            "skipped": self.skipped,
            "path": self.path,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LineProblem:
        return cls(
            int(data["line"]),
            int(data["offset"]),
            str(data["reason"]),
            bool(data.get("skipped", True)),
            data.get("path"),
        )


_KINDS = (
    ("incomplete last line", "incomplete_line"),
    ("empty line", "empty_line"),
    ("invalid JSON", "invalid_json"),
    ("not text (invalid UTF-8)", "not_text"),
    ("invalid UTF-8", "replaced_utf8"),
    ("not a JSON object", "not_object"),
    ("line longer than", "too_long"),
    ("read error", "read_error"),
    ("cannot open", "cannot_open"),
)


def problem_kind(problem: LineProblem) -> str:
    """A stable name for what went wrong (the reasons above are written by the reader)."""
    return next((kind for start, kind in _KINDS if problem.reason.startswith(start)), "other")


class ProblemTally:
    """Counts problems and keeps the first of each sort: enough for one sentence."""

    def __init__(self) -> None:
        self.skipped = 0
        self.replaced = 0
        self.first_skipped: LineProblem | None = None
        self.first_replaced: LineProblem | None = None

    def add(self, problem: LineProblem) -> None:
        if problem.skipped:
            self.skipped += 1
            self.first_skipped = self.first_skipped or problem
        else:
            self.replaced += 1
            self.first_replaced = self.first_replaced or problem

    def extend(self, problems: Iterable[LineProblem]) -> ProblemTally:
        for problem in problems:
            self.add(problem)
        return self

    def merge(self, later: ProblemTally, lines: int) -> None:
        """Add the tally of the lines that follow, counted from line 1 there:
        its line numbers are shifted by `lines`, the lines before it."""
        self.skipped += later.skipped
        self.replaced += later.replaced
        self.first_skipped = self.first_skipped or _shifted(later.first_skipped, lines)
        self.first_replaced = self.first_replaced or _shifted(later.first_replaced, lines)

    def describe(self) -> str | None:
        """`3 unreadable lines (first at line 12: invalid JSON)`, or None when clean."""
        parts: list[str] = []
        if self.first_skipped is not None:
            first = self.first_skipped
            noun = "line" if self.skipped == 1 else "lines"
            where = f" in {first.path}" if first.path else ""
            parts.append(
                f"{self.skipped} unreadable {noun} (first at {first.where}{where}: {first.reason})"
            )
        if self.first_replaced is not None:
            noun = "line" if self.replaced == 1 else "lines"
            parts.append(
                f"{self.replaced} {noun} with invalid UTF-8 read with replacement characters "
                f"(first at {self.first_replaced.where})"
            )
        return "; ".join(parts) or None

    def to_state(self) -> dict[str, Any]:
        return {
            "skipped": self.skipped,
            "replaced": self.replaced,
            "first_skipped": self.first_skipped.to_dict() if self.first_skipped else None,
            "first_replaced": self.first_replaced.to_dict() if self.first_replaced else None,
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> ProblemTally:
        tally = cls()
        tally.skipped = int(state["skipped"])
        tally.replaced = int(state["replaced"])
        if state.get("first_skipped"):
            tally.first_skipped = LineProblem.from_dict(state["first_skipped"])
        if state.get("first_replaced"):
            tally.first_replaced = LineProblem.from_dict(state["first_replaced"])
        return tally


def _shifted(problem: LineProblem | None, lines: int) -> LineProblem | None:
    if problem is None or not problem.line:
        return problem
    return replace(problem, line=problem.line + lines)


def describe_problems(problems: Iterable[LineProblem]) -> str | None:
    """One short sentence for a list of problems (None when there are none)."""
    return ProblemTally().extend(problems).describe()
