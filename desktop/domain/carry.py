"""Switching a conversation to another account: the decision, the policy and
the carried block, as plain values.

A switch stores a decision (mode, old account, old session), never content:
the carried text is built when the first turn under the new account starts
and lives only in that process's argv. What an execution records of it is
its size and hash (`carried_marker`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from desktop.domain.carry_mode import CarryMode
from desktop.domain.conversations import Execution, ExecutionKind, ExecutionStatus
from desktop.domain.errors import UsageError
from desktop.domain.replay import Turn, history_block

CARRY_LABEL = "earlier conversation under another account"

# what the person is told when less was carried than asked (the window says
# each in its own words; the command line prints them as they are)
NOTHING_CARRIED = (
    "nothing could be carried from the earlier account "
    "(its transcript is missing or unreadable): this turn starts a fresh session"
)
DAMAGED_NOT_CARRIED = (
    "nothing was carried from the earlier account: its transcript is damaged "
    "(some of its lines cannot be read), and a part of a conversation could "
    "mislead more than none: this turn starts a fresh session"
)
RECAP_FAILED = "the recap failed: carried the recent turns instead"
NOT_MOVED = "the transcript could not be moved: carried the recent turns instead"
COPY_REFUSED = "claude refused the moved transcript: carried the recent turns instead"
CARRY_FLAG = "--append-system-prompt"
_PREAMBLE = (
    "This conversation was moved here from another account. Its recent turns "
    "follow, for context; continue from them.\n\n"
)


@dataclass(frozen=True, slots=True)
class Framing:
    """How a carried block introduces itself to the model: a switch's, a rollover's."""

    label: str
    preamble: str


SWITCH_FRAMING = Framing(CARRY_LABEL, _PREAMBLE)


@dataclass(frozen=True, slots=True)
class SwitchDecision:
    """What a switch leaves for the next turn: how to carry, and from where."""

    mode: CarryMode
    from_account: str | None
    to_account: str
    from_session: str | None

    def args(self) -> list[str]:
        """How the switch execution records it (its `args`)."""
        return [
            "switch", "--from", self.from_account or "", "--to", self.to_account,
            "--session", self.from_session or "", "--carry-context", self.mode.value,
        ]  # fmt: skip

    @property
    def summary(self) -> str:
        return f"{self.from_account or '-'} → {self.to_account} ({self.mode})"

    @classmethod
    def of(cls, execution: Execution) -> SwitchDecision | None:
        args = execution.args
        if execution.kind is not ExecutionKind.SWITCH or len(args) < 9:
            return None
        values = dict(zip(args[1::2], args[2::2], strict=False))
        try:
            mode = CarryMode(values.get("--carry-context", ""))
        except ValueError:
            return None
        return cls(
            mode,
            values.get("--from") or None,
            values.get("--to", execution.account or ""),
            values.get("--session") or None,
        )


def pending_switch(executions: Sequence[Execution]) -> SwitchDecision | None:
    """The latest switch whose carry-over no turn has used yet: a turn after it
    that got a session under the new account settles it."""
    for execution in reversed(executions):
        if execution.kind is ExecutionKind.SWITCH:
            return SwitchDecision.of(execution)
        if execution.session_id and execution.status is ExecutionStatus.SUCCEEDED:
            return None
    return None


def carry_block(
    turns: Iterable[Turn], budget: int, framing: Framing = SWITCH_FRAMING
) -> str | None:
    """The recent user and assistant text within `budget` bytes, in one labelled block."""
    block = history_block(turns, budget, framing.label)
    return framing.preamble + block if block else None


def summary_block(recap: str, framing: Framing = SWITCH_FRAMING) -> str:
    body = recap.strip()
    tag = f'<conversation-summary label="{framing.label}">'
    return f"{framing.preamble}{tag}\n{body}\n</conversation-summary>"


def carried_marker(text: str) -> str:
    """What an execution's stored argv holds in place of the carried text."""
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    # whether it was a recap is kept too: the tree says "carried a summary"
    summary = "summary, " if "<conversation-summary " in text else ""
    return f"<carried context: {len(text.encode('utf-8'))} bytes, {summary}sha256 {digest}>"


def recorded_args(argv: Sequence[str]) -> list[str]:
    """argv with the carried block replaced by its marker."""
    out = list(argv)
    for i, arg in enumerate(out[:-1]):
        if arg == CARRY_FLAG:
            out[i + 1] = carried_marker(out[i + 1])
    return out


# ---- policy ----------------------------------------------------------------------


def parse_pairs(raw: str) -> list[tuple[str, str]]:
    """`carry_context.never`: a JSON list of two-name lists."""
    value = json.loads(raw or "[]")
    if not isinstance(value, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(isinstance(n, str) and n for n in p)
        for p in value
    ):
        raise ValueError('expected a JSON list of account pairs, e.g. [["work","personal"]]')
    return [(a, b) for a, b in value]


def carry_refusal(pairs: Iterable[tuple[str, str]], old: str | None, new: str) -> str | None:
    """Why nothing may be carried from `old` to `new` (None: it may)."""
    if old is None:
        return None
    for a, b in pairs:
        if {a, b} == {old, new}:
            return f"the policy never carries context between accounts {a} and {b}"
    return None


def check_carry(mode: CarryMode, refusal: str | None) -> None:
    if mode is not CarryMode.NONE and refusal:
        raise UsageError(f"{refusal} (carry_context.never): switch with --carry-context none")
