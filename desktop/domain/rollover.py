"""Rollover: when a conversation's context is full enough, its next turn starts
a fresh Claude session seeded with a continuation of the old one.

The policy (settings `rollover.*`), the threshold it works out for a model's
context window, and what a rollover records, as plain values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from desktop.domain.carry import CarryMode, Framing

COMPACTION_MARGIN = 33_000
"""How far below its context window Claude Code compacts by itself: it keeps
room for a reply (up to 20,000 tokens) and a buffer (13,000) on top. A
threshold never goes above the window minus this, so a rollover comes first."""

SEED_MODES = (CarryMode.RAW, CarryMode.SUMMARY)

FRAMING = Framing(
    label="earlier part of this conversation",
    preamble=(
        "This conversation continues from an earlier session that grew too long for "
        "the context window. Its recent turns follow; carry on from them.\n\n"
    ),
)


def parse_fraction(raw: str) -> str:
    """`rollover.threshold_fraction`: empty (unused) or a share of the window."""
    text = raw.strip()
    if not text:
        return ""
    try:
        value = float(text)
    except ValueError:
        raise ValueError("expected a number between 0 and 1, e.g. 0.7 (empty: unused)") from None
    if not 0 < value < 1:
        raise ValueError("expected a number between 0 and 1, e.g. 0.7 (empty: unused)")
    return repr(value)


def parse_seed(raw: str) -> str:
    value = raw.strip()
    if value not in SEED_MODES:
        raise ValueError("expected raw or summary")
    return value


@dataclass(frozen=True, slots=True)
class RolloverPolicy:
    enabled: bool = True
    threshold_tokens: int = 150_000
    threshold_fraction: float | None = None
    seed: CarryMode = CarryMode.RAW

    @classmethod
    def of(cls, values: Mapping[str, str]) -> RolloverPolicy:
        """From the stored settings (already checked when they were set)."""
        fraction = values.get("rollover.threshold_fraction", "")
        return cls(
            enabled=values.get("rollover.enabled", "true") == "true",
            threshold_tokens=int(values.get("rollover.threshold_tokens") or 150_000),
            threshold_fraction=float(fraction) if fraction else None,
            seed=CarryMode(values.get("rollover.seed") or CarryMode.RAW),
        )

    def threshold(self, window: int | None) -> int:
        """The context size that triggers a rollover, for a model with this
        window (None: not reported yet, the fixed number alone)."""
        chosen = self.threshold_tokens
        if self.threshold_fraction is not None and window:
            chosen = int(window * self.threshold_fraction)
        if window and window > COMPACTION_MARGIN:
            chosen = min(chosen, window - COMPACTION_MARGIN)
        return max(1, chosen)

    def due(self, context_tokens: int | None, window: int | None) -> int | None:
        """The threshold when the next turn must roll over, else None."""
        if not self.enabled or context_tokens is None:
            return None
        limit = self.threshold(window)
        return limit if context_tokens >= limit else None

    def fill(self, context_tokens: int | None, window: int | None) -> float | None:
        """How full the context is, as a share of the threshold (1.0: due)."""
        if context_tokens is None:
            return None
        return context_tokens / self.threshold(window)


def failed_notice(why: str) -> str:
    """What the person is told when a rollover fails and the turn goes on as before."""
    return f"the rollover failed ({why}): this turn went to the old session"


@dataclass(frozen=True, slots=True)
class RolloverTrigger:
    """Why a turn rolls over: the old session, its context size, the threshold."""

    old_session_id: str
    tokens: int
    threshold: int

    @property
    def reason(self) -> str:
        return (
            f"rolled over: context {self.tokens} tokens reached the threshold "
            f"{self.threshold} (session {self.old_session_id})"
        )


@dataclass(frozen=True, slots=True)
class Rollover:
    """One rollover as recorded: the turn that made the new session."""

    execution_id: str
    conversation_id: str
    old_session_id: str
    new_session_id: str
    tokens: int
    threshold: int
    created: datetime | None = None
