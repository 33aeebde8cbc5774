"""How far the index got in one transcript, as one JSON string.

The index stores a file's read offset and this checkpoint beside it; the next
update resumes the summary, the problem tally and the line count from there.
`head` fingerprints the file's first bytes so that a file replaced under the
same name (same size or larger) is noticed and read again from the start.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from desktop.domain.transcript_problems import ProblemTally
from desktop.domain.transcript_summary import SessionSummary

CHECKPOINT_VERSION = 1


@dataclass(slots=True)
class Checkpoint:
    summary: SessionSummary = field(default_factory=SessionSummary)
    problems: ProblemTally = field(default_factory=ProblemTally)
    line: int = 1
    """The number the next line will have."""
    head: str = ""

    def merge(self, later: Checkpoint) -> None:
        """Continue with the checkpoint of the lines that follow, read on their
        own from line 1 (a part of a file another process read): as if those
        lines had been read here."""
        self.summary.merge(later.summary)
        self.problems.merge(later.problems, self.line - 1)
        self.line += later.line - 1

    def dumps(self) -> str:
        return json.dumps(
            {
                "v": CHECKPOINT_VERSION,
                "head": self.head,
                "line": self.line,
                "summary": self.summary.to_state(),
                "problems": self.problems.to_state(),
            }
        )

    @classmethod
    def loads(cls, text: str) -> Checkpoint:
        """Raises ValueError for anything but a checkpoint this version wrote."""
        try:
            data = json.loads(text)
            if data.get("v") != CHECKPOINT_VERSION:
                raise ValueError("checkpoint of an unknown version")
            return cls(
                SessionSummary.from_state(data["summary"]),
                ProblemTally.from_state(data["problems"]),
                int(data["line"]),
                str(data["head"]),
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"damaged checkpoint: {exc}") from exc
